"""Deprecated alias of :mod:`hukm.svg.lines` (the module moved there); import from that
module instead."""

from ..svg.lines import *  # noqa: F401,F403
from ..svg.lines import _god_trick as _god_trick
from ..svg.lines import _winner_before as _winner_before

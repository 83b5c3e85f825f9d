"""Deprecated alias of :mod:`hukm.svg.packs` (the module moved there); import from that
module instead."""

from ..svg.packs import *  # noqa: F401,F403

"""Deprecated alias of :mod:`hukm.svg.finished` (the module moved there); import from that
module instead."""

from ..svg.finished import *  # noqa: F401,F403

"""Deprecated alias of :mod:`hukm.svg.geometry` (the module moved there); import from that
module instead."""

from ..svg.geometry import *  # noqa: F401,F403

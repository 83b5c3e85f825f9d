"""Deprecated alias of :mod:`hukm.svg.scene` (the module moved there); import from that
module instead."""

from ..svg.scene import *  # noqa: F401,F403

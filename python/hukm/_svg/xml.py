"""Deprecated alias of :mod:`hukm.svg.xml` (the module moved there); import from that
module instead."""

from ..svg.xml import *  # noqa: F401,F403

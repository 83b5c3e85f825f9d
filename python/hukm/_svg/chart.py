"""Deprecated alias of :mod:`hukm.svg.chart` (the module moved there); import from that
module instead."""

from ..svg.chart import *  # noqa: F401,F403

"""Deprecated alias of :mod:`hukm.svg.raster` (the module moved there); import from that
module instead."""

from ..svg.raster import *  # noqa: F401,F403
from ..svg.raster import FONT_DIRS as FONT_DIRS
from ..svg.raster import needs as needs

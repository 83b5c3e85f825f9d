"""Deprecated alias of :mod:`hukm.svg.faces` (the module moved there); import from that
module instead."""

from ..svg.faces import *  # noqa: F401,F403
from ..svg.faces import ROUND_D as ROUND_D
from ..svg.faces import INDEX_W as INDEX_W
from ..svg.faces import TRUMP_RING as TRUMP_RING
from ..svg.faces import TRUMP_TINT as TRUMP_TINT
from ..svg.faces import shape as shape
from ..svg.faces import Emblem as Emblem
from ..svg.faces import EMBLEMS as EMBLEMS

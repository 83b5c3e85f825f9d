"""Deprecated alias of :mod:`hukm.svg.paint` (the module moved there); import from that
module instead."""

from ..svg.paint import *  # noqa: F401,F403
from ..svg.paint import BG as BG
from ..svg.paint import FELT as FELT
from ..svg.paint import PANEL as PANEL
from ..svg.paint import INK as INK
from ..svg.paint import MUTED as MUTED
from ..svg.paint import ACT as ACT
from ..svg.paint import BEST as BEST
from ..svg.paint import WIN as WIN
from ..svg.paint import SIDES as SIDES
from ..svg.paint import CHIP_COLOURS as CHIP_COLOURS
from ..svg.paint import card_face as card_face
from ..svg.paint import chips_row as chips_row
from ..svg.paint import groups_of as groups_of
from ..svg.paint import HandPlan as HandPlan
from ..svg.paint import BADGE_H as BADGE_H
from ..svg.paint import hand_plan as hand_plan
from ..svg.paint import table_scale as table_scale
from ..svg.paint import seat_panel as seat_panel
from ..svg.paint import trick_area as trick_area
from ..svg.paint import wrap as wrap
from ..svg.paint import info_panel as info_panel
from ..svg.paint import specials_panel as specials_panel
from ..svg.paint import actions_panel as actions_panel
from ..svg.paint import button as button
from ..svg.paint import turned as turned
from ..svg.paint import trump_mark as trump_mark

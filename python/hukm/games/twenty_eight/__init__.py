"""TwentyEight: its class (:mod:`.game`), its bot (:mod:`.bot`), its pictures', captions' and
page's own words (:mod:`.presentation`), its observation type (:mod:`.observation`)
and its option notes (:mod:`.options`), given to the generic modules as one
:class:`hukm._families.Family`."""

from __future__ import annotations

from ..._families import Family
from . import bot, options, presentation
from .game import TwentyEight

FAMILY = Family("twenty_eight", TwentyEight, bot, presentation, options.NOTES)

__all__ = ["TwentyEight", "FAMILY"]

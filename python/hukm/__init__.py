"""hukm: rules, double-dummy analysis and bots for the trick-taking games of
Iran and South Asia.

>>> import hukm
>>> state = hukm.Hokm().new_game(seed=7)
>>> state.phase
'trump'
"""

from __future__ import annotations

from ._core import State, __version__, format_hand, pack_cards, parse_deal, parse_hand
from ._errors import (
    HukmError,
    IllegalActionError,
    NotationError,
    OptionError,
    SolverLimitError,
    StateError,
)
from .games import Dashavatara, Dugi, Ganjifa, Hokm, Naqsh, Thunee, TwentyEight
from .registry import GameInfo, OptionSpec, game, games
from .solve import LineStep, PlayStep, Solution, Solver, analyse_play, best_line, default_threads, solve, solve_many
from . import bots, lin, observations, pbn, svg
from .record import HandRecord, record_of, replay
from .match import HandResult, MatchResult, play_match
from .review import Review, review
from .env import VecEnv

TERMINAL = -1
"""``State.current_player`` of a terminal state."""

__all__ = [
    "Dashavatara",
    "Dugi",
    "Ganjifa",
    "Hokm",
    "Naqsh",
    "Thunee",
    "TwentyEight",
    "GameInfo",
    "HandRecord",
    "lin",
    "pbn",
    "svg",
    "record_of",
    "replay",
    "OptionSpec",
    "game",
    "games",
    "LineStep",
    "PlayStep",
    "best_line",
    "bots",
    "HandResult",
    "MatchResult",
    "play_match",
    "Review",
    "review",
    "Solution",
    "analyse_play",
    "solve",
    "Solver",
    "solve_many",
    "default_threads",
    "State",
    "VecEnv",
    "HukmError",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "SolverLimitError",
    "StateError",
    "TERMINAL",
    "format_hand",
    "pack_cards",
    "parse_deal",
    "parse_hand",
    "__version__",
]

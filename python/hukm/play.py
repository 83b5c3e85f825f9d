"""Deprecated alias: playing against the bots (``hukm play``) moved to :mod:`hukm.cli.play`,
bot matches (``hukm match``) to :mod:`hukm.cli.match`, and the game and bots named on the
command line (:func:`make_game`, :func:`bots_from_spec`) to :mod:`hukm.cli.args`; import
from those modules instead. (No ``DeprecationWarning``: the test suite turns warnings
into errors.)

>>> from hukm.play import make_game
>>> make_game("28").num_players
4
"""

from __future__ import annotations

from .cli.args import bots_from_spec as bots_from_spec
from .cli.args import game_options as game_options
from .cli.args import make_game as make_game
from .cli.match import _Bar as _Bar
from .cli.match import match_text as match_text
from .cli.match import run as cmd_match
from .cli.play import _ask as _ask
from .cli.play import play_terminal as play_terminal
from .cli.play import review as review
from .cli.play import run as cmd_play
from .cli.play import seat_bots as seat_bots

__all__ = [
    "bots_from_spec",
    "cmd_match",
    "cmd_play",
    "game_options",
    "make_game",
    "match_text",
    "play_terminal",
    "review",
    "seat_bots",
]

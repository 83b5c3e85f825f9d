"""The ``hukm`` command, built from the registry: every subcommand takes every game and
preset of :func:`hukm.games` and its options (``--option key=value``).

``hukm deal hokm --seed 7`` prints a seeded deal; ``hukm solve`` analyses a deal or a
position double-dummy; ``hukm play hokm`` plays against the bots; ``hukm match 28 --bots
pimc,heuristic`` compares bots. Bad input prints one line and exits with code 2; Ctrl-C
exits with code 130.

What a person reads as a view speaks the language of ``--lang`` (``$HUKM_LANG``, else
English; :data:`hukm.i18n.LANGUAGES`): the terminal table of ``play``, ``show`` and
``replay``, ``play``'s prompts, menus and review, and the pictures, frames, video and
review that ``show``, ``replay`` and ``review`` write; ``serve --open`` opens the page in
it. The output of ``deal``, ``solve``, ``match`` and ``batch`` is data (deals in notation,
tables of values, statistics) and stays English, as do the messages of bad input.

The package has one module per command (:mod:`.deal`, :mod:`.solve`, :mod:`.show`,
:mod:`.replay`, :mod:`.review`, :mod:`.play`, :mod:`.match`, :mod:`.batch`, :mod:`.serve`),
the parser of them all (:mod:`.parser`), the arguments they share (:mod:`.args`), what
several of them print or read (:mod:`.common`), the terminal table (:mod:`.term`) and the
text diagram of a deal (:mod:`.diagram`). ``python -m hukm`` and ``python -m hukm.cli`` run
:func:`main`, as the ``hukm`` console script does.
"""

from __future__ import annotations

import sys
from typing import Optional, Sequence

from .. import _errors
from .args import ALIASES, POSITION_FLAGS, build_game, game_options, names, one_line
from .common import hands_text
from .parser import build_parser
from .solve import SolveProgress

__all__ = [
    "ALIASES",
    "POSITION_FLAGS",
    "SolveProgress",
    "build_game",
    "build_parser",
    "game_options",
    "hands_text",
    "main",
    "names",
    "one_line",
]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of the ``hukm`` command: 0 on success, 2 for bad input (one line on
    stderr), 130 after Ctrl-C."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    try:
        return int(args.func(args))
    except _errors.HukmError as e:
        print(f"hukm: {one_line(str(e))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hukm: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (e.g. `| head`)
        sys.stderr.close()
        return 0

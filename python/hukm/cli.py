"""The ``hukm`` command.

``hukm deal hokm --seed 7`` prints a seeded deal as a table diagram.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from . import _errors
from .diagram import deal_diagram
from .hokm import Hokm

_GAMES = {"hokm": "hokm4", "hokm4": "hokm4", "hokm3": "hokm3", "hokm2": "hokm2"}


def _cmd_deal(args: argparse.Namespace) -> int:
    preset = args.preset or _GAMES[args.game]
    game = Hokm(preset)
    state = game.new_game(args.seed)
    obs = state.observation(0)
    hands = state.hands()
    print(f"{preset}, seed {args.seed}: dealer seat {obs['dealer']}, Hakem seat {obs['hakem']}")
    print()
    print(deal_diagram(hands))
    print()
    hakem = obs["hakem"]
    first5 = state.observation(hakem)["hand"]
    print(f"The Hakem (seat {hakem}) names trumps from his first five: {first5}")
    print(f"deal: {' '.join(hands)}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    p = argparse.ArgumentParser(prog="hukm", description="Trick-taking games of Iran and South Asia.")
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("deal", help="print a seeded deal")
    d.add_argument("game", choices=sorted(_GAMES), help="the game")
    d.add_argument("--seed", type=int, default=0, help="seed of the deal (default 0)")
    d.add_argument("--preset", default=None, help="preset (default: the game's main one)")
    d.set_defaults(func=_cmd_deal)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of the ``hukm`` command."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except _errors.HukmError as e:
        print(f"hukm: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

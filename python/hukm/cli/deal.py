"""``hukm deal``: a seeded deal, its table and who opens."""

from __future__ import annotations

import argparse

from .args import build_game
from .common import header
from .term import Screen


def run(args: argparse.Namespace) -> int:
    game = build_game(args)
    state = game.new_game(args.seed)
    print(header(game, state, args.seed))
    print()
    Screen().table(state)
    print()
    for note in game.deal_notes(state):
        print(note)
    print(f"deal: {game.deal(args.seed)}")
    return 0

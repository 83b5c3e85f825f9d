"""``hukm deal``: a seeded deal, its table and who opens."""

from __future__ import annotations

import argparse

from .._core import format_hand
from .args import build_game
from .common import header
from .term import Screen


def run(args: argparse.Namespace) -> int:
    game = build_game(args)
    state = game.new_game(args.seed)
    hands = state.hands()
    print(header(game, state, args.seed))
    print()
    Screen().table(state)
    print()
    obs = state.observation(0)
    if state.phase == "trump":
        hakem = obs["hakem"]
        first5 = format_hand(state.observation(hakem)["hand"], game.pack)
        print(f"The Hakem (seat {hakem}) names trumps from his first five: {first5}")
    elif state.phase == "auction":
        print("The auction for sars starts at the dealer's right (the next seat).")
    elif state.phase == "play" and "trump" in obs and obs["trump"] is None:
        print("Nobody calls trumps: the first player out of a suit fixes them.")
    verb = getattr(game, "lead_king_verb", None)
    if verb is not None and obs.get("lead_suit"):
        lead = obs["lead_suit"]
        i = game.suits.index(lead)
        opener = next(s for s, h in enumerate(hands) if h.split(".")[i].startswith("K"))
        print(f"The King of {lead} is with seat {opener}, who {verb}.")
    if "trump" in game.facts:
        print(f"Seat {state.current_player} holds the trump Raja and opens with it.")
    print(f"deal: {game.deal(args.seed)}")
    return 0

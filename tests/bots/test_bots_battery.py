"""Every bot returns only legal actions in every game and preset: a hand of each
with PIMC, Heuristic and Random at the table (the engine refuses any illegal
action, so a bot's mistake fails the hand)."""

from __future__ import annotations

import pytest

import hukm
from hukm.bots import PIMC, Heuristic, Random
from hukm.bots import _module as game_module
from hukm.match import play_hand
from hukm.cli.args import make_game

GAME_NAMES = [g.name for g in hukm.games()]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_bots_play_legal_hands(name: str) -> None:
    game = make_game(name)
    n = game.num_players
    kinds = [PIMC(2, 1, max_cards=6), Heuristic(2), Random(3)]
    for seed in range(2):
        bots = [kinds[(s + seed) % 3] for s in range(n)]
        state = game.new_game(seed=seed)
        key = game_module(state).hand_key(state)
        points, steps = play_hand(game, bots, seed, start=state)
        assert steps > 0
        assert len(points) == n
        # The hand is over: a new hand started, or the match ended.
        assert state.is_terminal() or game_module(state).hand_key(state) != key


@pytest.mark.parametrize("name", ["hokm4", "28", "dashavatara", "ganjifa", "dugi", "naqsh"])
def test_every_bot_acts_legally_at_every_decision(name: str) -> None:
    game = make_game(name)
    state = game.new_game(seed=9)
    bots = [Random(1), Heuristic(2), PIMC(2, 3, max_cards=5)]
    mod = game_module(state)
    key = mod.hand_key(state)
    steps = 0
    while not state.is_terminal() and mod.hand_key(state) == key and steps < 400:
        legal = state.legal_actions()
        for b in bots:
            before = state.history()
            assert b.act(state) in legal
            assert state.history() == before  # acting never changes the state
        state.apply(bots[steps % 3].act(state))
        steps += 1
    assert steps > 0

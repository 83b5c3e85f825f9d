"""Bots for Naqsh: sampling the face-down cards and the stock consistently
with what a player saw, legal play of every bot in every option family,
reproducible matches, and the heuristic's edge over random play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import hukm
from hukm.bots import PIMC, Heuristic, Random
from hukm.games.naqsh import bot as _naqsh

PRESETS: list[dict[str, object]] = [
    {},
    {"players": 2},
    {"players": 8, "pack": "euro48"},
    {"pack": "dashavatara120", "mode": "pool"},
    {"stake_mode": "after_first_card", "combos": True},
    {"special21": True, "special21_mode": "target_21"},
    {"special21": True, "bonus_payouts": True, "max_cards": 3},
    {"banker_rule": "stand_at_n", "ties": "push", "fewer_cards_wins_ties": True},
]

# Presets whose hands are plain totals (a two-card 17 is the only closed
# two-card hand, over 17 is a bust): the turn facts are checked here.
PLAIN = {0, 1, 2, 3, 7}


def _play(preset: dict[str, object], seed: int, steps: int):
    """A random game after ``steps`` actions, with the seats that took a
    decision in the current hand (tracked from the actions)."""
    s = hukm.Naqsh(**preset).new_game(seed=seed)
    rng = random.Random(seed)
    acted: set[int] = set()
    hand = s.observation(0)["hand_number"]
    for _ in range(steps):
        if s.is_terminal():
            break
        if s.phase == "play":
            acted.add(s.current_player)
        s.apply(rng.choice(s.legal_actions()))
        if s.observation(0)["hand_number"] != hand:
            hand = s.observation(0)["hand_number"]
            acted = set()
    return s, acted


def _total(cards: list[str]) -> int:
    return sum(_naqsh.value(c) for c in cards)


@settings(max_examples=80, deadline=None)
@given(
    preset=st.integers(0, len(PRESETS) - 1),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 40),
    player=st.integers(0, 7),
    sample_seed=st.integers(0, 2**63 - 1),
)
def test_samples_never_contradict_what_the_player_saw(
    preset: int, seed: int, steps: int, player: int, sample_seed: int
) -> None:
    s, acted = _play(PRESETS[preset], seed, steps)
    n = s.num_players
    player %= n
    d = s.determinize(player, sample_seed)
    obs = s.observation(player)
    assert d.observation(player) == obs
    real, got = s.hands(), d.hands()
    assert got[player] == real[player]
    assert d.determinize(player, 3).observation(player) == obs
    assert s.determinize(player, sample_seed).hands() == got
    if s.phase == "play" and preset in PLAIN:
        banker = obs["banker"]
        current = obs["current_player"]
        turn = (current - banker - 1) % n
        full = [d.observation(p)["cards"][p] for p in range(n)]
        for p in range(n):
            t = (p - banker - 1) % n
            if p == player or obs["cards"][p][0] is not None or t > turn:
                continue
            cards = full[p]
            assert _total(cards) <= 17  # face down and its turn came: not bust
            if p == current:
                assert _total(cards) < 17
            elif p not in acted and p != banker:
                assert _total(cards) == 17 and len(cards) == 2  # closed at once
    rng = random.Random(sample_seed)
    while not d.is_terminal():
        d.apply(rng.choice(d.legal_actions()))


@pytest.mark.parametrize("preset", range(len(PRESETS)))
def test_every_bot_plays_legal_actions(preset: int) -> None:
    game = hukm.Naqsh(**PRESETS[preset])
    s = game.new_game(seed=preset)
    pool = [Heuristic(seed=1), Random(seed=2), PIMC(samples=2, seed=3)]
    while not s.is_terminal():
        bot = pool[s.current_player % 3]
        a = bot.act(s)
        assert a in s.legal_actions()
        s.apply(a)


def test_pimc_decides_by_sampling() -> None:
    s = hukm.Naqsh().new_game(seed=3)
    bot = PIMC(samples=4, seed=1)
    assert not _naqsh.dd_ready(s, None)
    scores = bot.evaluate(s)
    assert set(scores) == {"draw", "stand"}
    assert _naqsh.pimc_decision(s, bot) in s.legal_actions()


def test_same_seed_same_match() -> None:
    bots = [Heuristic(), Random(), PIMC(samples=2), Random()]
    a = hukm.play_match(hukm.Naqsh(players=4), bots, hands=6, seed=2, threads=1)
    b = hukm.play_match(hukm.Naqsh(players=4), bots, hands=6, seed=2, threads=1)
    assert a.hands == b.hands


def test_heuristic_beats_random() -> None:
    r = hukm.play_match(hukm.Naqsh(), [Heuristic(), Random()] * 3, hands=1200, seed=2, rotate=True)
    heuristic = sum(r.points[i] for i in (0, 2, 4))
    rand = sum(r.points[i] for i in (1, 3, 5))
    assert heuristic > 100 > 0 > rand


def test_heuristic_thresholds() -> None:
    s = hukm.Naqsh(players=2).from_deal("KT....... 5.3......", banker=0, stock="4GH+2GH+9GH")
    assert s.current_player == 1  # the punter: 5 + 3 = 8
    assert _naqsh.heuristic(s, None) == "draw"
    s.apply("draw")  # 12
    assert _naqsh.heuristic(s, None) == "draw"
    s.apply("draw")  # 14
    assert _naqsh.heuristic(s, None) == "stand"

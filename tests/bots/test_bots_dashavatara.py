"""Bots for Dashavatara: sampling consistent with what a player saw, legal
play of every bot over whole games of every option family, reproducible
matches, and the heuristic's edge over random play."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings, strategies as st

import hukm
from hukm.bots import PIMC, Heuristic, Random
from hukm.games.dashavatara import bot as dasha

PRESETS: list[dict[str, object]] = [
    {},
    {"period": "night"},
    {"avatar_list": "balarama_krishna", "period": "night"},
    {"void_scan": "skip_trump"},
    {"ducal": False},
    {"ducal_run": "top_run", "ducal_length": "maximal"},
    {"deals": 2},
]


def _cards(hand: str, suits: list[str]) -> set[str]:
    return {r + s for s, ranks in zip(suits, hand.split(".")) for r in ranks}


def _voids(lead: str, played: str, suits: list[str], trump: str, skip: bool) -> set[str]:
    """Suits a follower showed he lacks (§5.3), worked out here from the rule."""
    led, got = lead[1:], played[1:]
    if got == led:
        return set()
    out = {led}
    if got == trump:
        return out
    i = suits.index(led)
    while True:
        i = (i + 1) % len(suits)
        if suits[i] == got:
            return out
        if not (skip and suits[i] == trump):
            out.add(suits[i])


def _play_to(opts: dict[str, object], seed: int, steps: int, ducal_bias: bool):
    """A random game after ``steps`` actions, with the voids each seat showed
    in the current deal (tracked from the actions, not from the engine)."""
    game = hukm.Dashavatara(**opts)
    suits = game.suits
    skip = opts.get("void_scan") == "skip_trump"
    s = game.new_game(seed=seed)
    rng = random.Random(seed)
    voids: list[set[str]] = [set(), set(), set()]
    deal = s.observation(0)["deal"]
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        ducals = [a for a in legal if "+" in a]
        a = rng.choice(ducals) if ducals and ducal_bias else rng.choice(legal)
        obs = s.observation(0)
        if s.phase == "play" and obs["trick"]:
            voids[s.current_player] |= _voids(obs["trick"][0][1], a, suits, game.trump, skip)
        s.apply(a)
        if s.observation(0)["deal"] != deal:
            deal = s.observation(0)["deal"]
            voids = [set(), set(), set()]
    return game, s, voids


@settings(max_examples=60, deadline=None)
@given(
    preset=st.integers(0, len(PRESETS) - 1),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 240),
    player=st.integers(0, 2),
    ducal_bias=st.booleans(),
    sample_seed=st.integers(0, 2**63 - 1),
)
def test_samples_never_contradict_what_the_player_saw(
    preset: int, seed: int, steps: int, player: int, ducal_bias: bool, sample_seed: int
) -> None:
    game, s, voids = _play_to(PRESETS[preset], seed, steps, ducal_bias)
    suits = game.suits
    d = s.determinize(player, sample_seed)
    assert d.observation(player) == s.observation(player)
    real = [_cards(h, suits) for h in s.hands()]
    got = [_cards(h, suits) for h in d.hands()]
    assert got[player] == real[player]
    assert set().union(*got) == set().union(*real)
    assert [len(h) for h in got] == [len(h) for h in real]
    for seat in range(3):
        assert not {c[1:] for c in got[seat]} & voids[seat], (seat, voids[seat])
    obs = s.observation(player)
    if obs["opening"] and not obs["trick"] and not s.is_terminal():
        assert "K" + game.trump in got[obs["leader"]]
    again = s.determinize(player, sample_seed)
    assert again.hands() == d.hands()
    # The sample is a valid state that plays on to the end.
    rng = random.Random(sample_seed)
    while not d.is_terminal():
        d.apply(rng.choice(d.legal_actions()))


def test_samples_vary_with_the_seed() -> None:
    s = hukm.Dashavatara().new_game(seed=4)
    hands = {tuple(s.determinize(0, k).hands()) for k in range(5)}
    assert len(hands) == 5


@pytest.mark.parametrize("preset", range(len(PRESETS)))
def test_every_bot_plays_legal_actions_over_whole_games(preset: int) -> None:
    game = hukm.Dashavatara(**PRESETS[preset])
    bots = [Random(seed=preset), Heuristic(seed=preset), PIMC(samples=2, seed=preset, max_cards=6)]
    s = game.new_game(seed=100 + preset)
    while not s.is_terminal():
        a = bots[s.current_player].act(s)
        assert a in s.legal_actions()
        s.apply(a)


def test_pimc_solves_small_positions_and_finds_the_winning_card() -> None:
    # §12 example 5: seat 2 takes both tricks whatever happens; from seat 0's
    # lead the value of each card is known exactly.
    s = hukm.Dashavatara().from_deal(".3....T.... .1.......4. ......6...9", leader=0)
    assert dasha.dd_ready(s, None)
    bot = PIMC(samples=3, seed=1)
    scores = bot.evaluate(s)
    assert set(scores) == set(s.legal_actions())
    assert bot.act(s) in s.legal_actions()
    assert not dasha.dd_ready(hukm.Dashavatara().new_game(seed=1), None)


def test_same_seed_same_match() -> None:
    game = hukm.Dashavatara()
    bots = [Heuristic(), Random(), PIMC(samples=2, max_cards=5)]
    a = hukm.play_match(game, bots, hands=3, seed=11, threads=1)
    b = hukm.play_match(game, bots, hands=3, seed=11, threads=1)
    assert a.hands == b.hands


def test_heuristic_beats_random() -> None:
    game = hukm.Dashavatara()
    r = hukm.play_match(game, [Heuristic(), Random(), Random()], hands=30, seed=2, rotate=True)
    # Random play captures 40 cards a deal on average.
    assert r.mean(0) > max(r.mean(1), r.mean(2)) + 5
    assert r.interval(0)[0] > 40


def test_heuristic_wins_cheaply_and_leads_ducals() -> None:
    game = hukm.Dashavatara()
    # Seat 2 plays last to 5KU, 4KU holding 1KU and 3KU (Kurma runs 1 high):
    # both win, the cheaper 3KU is played.
    s = game.from_deal("2.5" + "." * 8 + " 3.4" + "." * 8 + " .13" + "." * 8, leader=0)
    s.apply("5KU")
    s.apply("4KU")
    assert sorted(s.legal_actions()) == ["1KU", "3KU"]
    assert dasha.heuristic(s, random.Random(0)) == "3KU"
    # Last with no winner: the weakest card goes.
    t = game.from_deal("1.5" + "." * 8 + " 3.4" + "." * 8 + " .T9" + "." * 8, leader=0)
    t.apply("1MA")
    t.apply("3MA")
    assert dasha.heuristic(t, random.Random(0)) == "TKU"
    # A hand with a ducal leads it.
    d = game.from_deal("KV123" + "." * 9 + " .12345" + "." * 8 + " ..12345" + "." * 7, leader=0)
    assert "+" in dasha.heuristic(d, random.Random(0))


def test_pimc_decision_time_is_small() -> None:
    s = hukm.Dashavatara().new_game(seed=3)
    rng = random.Random(0)
    while not dasha.dd_ready(s, None):
        s.apply(rng.choice(s.legal_actions()))
    t = time.perf_counter()
    PIMC(samples=20, seed=0).act(s)
    assert time.perf_counter() - t < 5.0

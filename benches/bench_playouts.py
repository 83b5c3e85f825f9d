"""Speed of hukm against OpenSpiel's bridge, side by side in one run.

* Play-outs: whole hands with uniformly random legal cards. hukm: ``Hokm.random_playouts``
  (hokm4 with ``stop_rule=play_all`` so that all 52 cards are played, as in bridge; also the
  default first-to-7 hand). OpenSpiel: ``bridge`` (``use_double_dummy_result=False``) stepped
  from Python: the 52 deal chance outcomes, the fixed auction 1NT-pass-pass-pass, then 52
  random card plays.
* One step from Python: ``legal_actions()`` + ``apply()`` of a random legal card, averaged
  over the 52 plays of a hand (both sides pay the same ``random.choice``).

Run: ``pytest benches --benchmark-only`` (``HUKM_BENCH_SHORT=1`` for small sizes).
A table of medians and ratios is printed at the end (see ``benches/conftest.py``).
"""

from __future__ import annotations

import os
import random
from typing import Any, Callable

import pytest

import hukm

SHORT = os.environ.get("HUKM_BENCH_SHORT", "") not in ("", "0")
pytestmark = pytest.mark.bench

HUKM_HANDS = 5_000 if SHORT else 50_000
OS_HANDS = 40 if SHORT else 300
ROUNDS = 5 if SHORT else 9
STEP_ROUNDS = 20 if SHORT else 200
CARDS = 52

DEAL = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"


def _median(benchmark: Any) -> float:
    return float(benchmark.stats.stats.median)


@pytest.mark.parametrize("threads", [1, None], ids=["1t", "all"])
def test_hukm_playouts(benchmark: Any, record: Callable[[str, float], None], threads: Any) -> None:
    """hukm: hands per second through the batch API (all 52 cards played)."""
    game = hukm.Hokm("hokm4", stop_rule="play_all")
    seeds = iter(range(10_000))
    out = benchmark.pedantic(
        lambda: game.random_playouts(HUKM_HANDS, seed=next(seeds), threads=threads),
        rounds=ROUNDS,
        iterations=1,
        warmup_rounds=1,
    )
    assert out["tricks"].shape == (HUKM_HANDS, 2)
    assert (out["tricks"].sum(axis=1) == 13).all()
    record("hukm_playouts_1t" if threads == 1 else "hukm_playouts_all", HUKM_HANDS / _median(benchmark))


def test_hukm_playouts_default_rules(benchmark: Any, record: Callable[[str, float], None]) -> None:
    """hukm: hands per second with the hokm4 defaults (a hand stops at 7 tricks)."""
    game = hukm.Hokm("hokm4")
    seeds = iter(range(10_000))
    benchmark.pedantic(
        lambda: game.random_playouts(HUKM_HANDS, seed=next(seeds), threads=1),
        rounds=ROUNDS,
        iterations=1,
        warmup_rounds=1,
    )
    record("hukm_playouts_default_1t", HUKM_HANDS / _median(benchmark))


def _openspiel() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    return pyspiel.load_game("bridge", {"use_double_dummy_result": False})


def _auction_ids(game: Any) -> tuple[int, int]:
    """Action ids of '1NT' and 'Pass' in OpenSpiel's bridge."""
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    names = {state.action_to_string(a): a for a in state.legal_actions()}
    return names["1NT"], names["Pass"]


def _openspiel_auctioned(game: Any, rng: random.Random, one_nt: int, pas: int) -> Any:
    """A bridge deal from Python (random chance outcomes from ``rng``) after the
    auction 1NT-pass-pass-pass: the play's first state."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    state.apply_action(one_nt)
    for _ in range(3):
        state.apply_action(pas)
    return state


def _openspiel_hand(game: Any, rng: random.Random, one_nt: int, pas: int) -> int:
    """One bridge hand from Python: deal, 1NT-pass-pass-pass, 52 random cards."""
    state = _openspiel_auctioned(game, rng, one_nt, pas)
    plays = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        plays += 1
    return plays


def test_openspiel_playouts(benchmark: Any, record: Callable[[str, float], None]) -> None:
    """OpenSpiel bridge: hands per second stepped from Python."""
    game = _openspiel()
    one_nt, pas = _auction_ids(game)
    rng = random.Random(1)

    def batch() -> int:
        return sum(_openspiel_hand(game, rng, one_nt, pas) for _ in range(OS_HANDS))

    plays = benchmark.pedantic(batch, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    assert plays == OS_HANDS * CARDS
    record("openspiel_playouts", OS_HANDS / _median(benchmark))


def _seconds_a_step(benchmark: Any, root: Any, apply: str, rng: random.Random) -> float:
    """Median seconds a step of ``CARDS`` random legal steps from a clone of
    ``root``, each a ``legal_actions()`` and the state's method ``apply``."""

    def setup() -> tuple[tuple[Any], dict[str, Any]]:
        return (root.clone(),), {}

    def hand(state: Any) -> None:
        step = getattr(state, apply)
        for _ in range(CARDS):
            step(rng.choice(state.legal_actions()))

    benchmark.pedantic(hand, setup=setup, rounds=STEP_ROUNDS, iterations=1, warmup_rounds=2)
    return _median(benchmark) / CARDS


def test_hukm_step(benchmark: Any, record: Callable[[str, float], None]) -> None:
    """hukm: 52 legal_actions() + apply() steps of a whole hand, per step."""
    game = hukm.Hokm("hokm4", stop_rule="play_all")
    root = game.from_deal(DEAL, trump="S", leader=0)
    rng = random.Random(2)
    record("hukm_step_us", _seconds_a_step(benchmark, root, "apply", rng) * 1e6)


def test_openspiel_step(benchmark: Any, record: Callable[[str, float], None]) -> None:
    """OpenSpiel bridge: 52 legal_actions() + apply_action() steps of the play, per step."""
    game = _openspiel()
    one_nt, pas = _auction_ids(game)
    rng = random.Random(3)
    root = _openspiel_auctioned(game, rng, one_nt, pas)
    record("openspiel_step_us", _seconds_a_step(benchmark, root, "apply_action", rng) * 1e6)

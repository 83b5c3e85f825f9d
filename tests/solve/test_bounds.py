"""Anytime solves (``hukm.solve(..., bounds=True)``: graded, no estimate): when a limit
stops the search, the bounds it returns contain the exact value of the position and of
every action, and the bounds its progress reports narrow monotonically."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hukm


def _endgame(game: Any, seed: int, cards: int, **kw: Any) -> Any:
    """A position of ``game`` with ``cards`` cards in each hand, from a seeded deal."""
    pack = game.pack if isinstance(game.pack, str) else "french52"
    deal = game.deal(seed)
    hands = [h for h in deal.split(" ")]
    suits = [h.split(".") for h in hands]
    rng = random.Random(seed)
    out = []
    for hand in suits:
        cards_in = [(i, c) for i, s in enumerate(hand) for c in s]
        keep = sorted(rng.sample(cards_in, cards))
        out.append(".".join("".join(c for i, c in keep if i == k) for k in range(len(hand))))
    del pack
    return game.from_deal(" ".join(out), **kw)


POSITIONS = [
    ("hokm4", lambda s: _endgame(hukm.Hokm("hokm4"), s, 8, trump="H", leader=s % 4)),
    ("hokm3", lambda s: _endgame(hukm.Hokm("hokm3"), s, 7, trump="S", leader=s % 3)),
    ("double_sar", lambda s: _endgame(hukm.Hokm("double_sar"), s, 8, trump="D", leader=s % 4)),
    ("dehla_pakad", lambda s: _endgame(hukm.Hokm("dehla_pakad"), s, 8, trump="C", leader=s % 4)),
    ("dab_rang", lambda s: _endgame(hukm.Hokm("dab_rang"), s, 8, trump=None, leader=s % 4)),
]


def _dashavatara(seed: int) -> Any:
    """A Dashavatara position of at most 8 cards a hand, from a seeded game played at random."""
    state = hukm.Dashavatara().new_game(seed)
    rng = random.Random(seed)
    while max(sum(c != "." for c in h) for h in state.hands()) > 8:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _twenty_eight(seed: int) -> Any:
    g = hukm.TwentyEight("28")
    return g.from_deal(g.deal(seed), bidder=seed % 4, leader=(seed + 1) % 4, trump="S")


@pytest.mark.parametrize(
    "name,make",
    POSITIONS + [("28", _twenty_eight), ("dashavatara", _dashavatara)],
    ids=lambda x: x if isinstance(x, str) else "",
)
def test_bounds_contain_the_exact_values_and_narrow(name: str, make: Any) -> None:
    stopped = 0
    for seed in range(3):
        state = make(seed)
        exact = hukm.solve(state)
        assert exact.bounds == (exact.value, exact.value) and exact.exact and exact.grade == "exact"
        for limit in (1, 7, 60, 400, 3000, exact.nodes // 2, exact.nodes // 3 * 2):
            if limit < 1:
                continue
            seen: list[tuple[int, int, int]] = []
            r = hukm.solve(state, max_nodes=limit, bounds=True, progress=lambda *a: seen.append(a))
            assert r.bounds is not None
            lo, hi = r.bounds
            assert lo <= exact.value <= hi, (name, seed, limit, r.bounds, exact.value)
            assert r.value == lo
            assert set(r.action_bounds) == set(exact.actions)
            for a, v in exact.actions.items():
                alo, ahi = r.action_bounds[a]
                assert alo <= v <= ahi, (name, seed, limit, a, r.action_bounds[a], v)
                assert r.actions[a] == alo
            if r.exact:
                assert r.bounds == (exact.value, exact.value)
                assert r.actions == exact.actions
            else:
                stopped += 1
                assert r.stopped == f"solver node limit reached (max_nodes={limit})"
            # Each report lies within the one before, and the answer within the last.
            for (a, b, _), (c, d, _) in zip(seen, seen[1:]):
                assert a <= c <= d <= b, seen
            if seen:
                assert seen[-1][0] <= lo and hi <= seen[-1][1], (seen[-1], r.bounds)
                assert seen[-1][0] <= exact.value <= seen[-1][1]
    assert stopped > 0, "no limit stopped a search: the positions are too small to test bounds"


def test_bounds_on_a_hard_position_by_time() -> None:
    g = hukm.Hokm("dehla_pakad")
    state = g.from_deal(g.deal(1), trump="S", leader=0)
    seen: list[tuple[int, int, int]] = []
    r = hukm.solve(state, timeout=0.3, bounds=True, progress=lambda *a: seen.append(a))
    assert not r.exact and r.stopped == "solver time limit reached (timeout=0.3 s)"
    lo, hi = r.bounds or (None, None)
    assert lo is not None and hi is not None and 0 <= lo <= hi <= 4
    assert seen, "the progress callback was never called"
    for a, (alo, ahi) in r.action_bounds.items():
        assert 0 <= alo <= ahi <= 4, a


def test_asked_for_exact_values_a_limit_still_raises() -> None:
    g = hukm.Hokm("dehla_pakad")
    state = g.from_deal(g.deal(1), trump="S", leader=0)
    with pytest.raises(hukm.SolverLimitError, match="max_nodes=50"):
        hukm.solve(state, max_nodes=50, exact=True)
    # Without exact=True the same limit gives the best grade reached.
    assert hukm.solve(state, max_nodes=50, estimate=False).grade == "bounds"


def test_games_without_anytime_bounds_raise_the_limit() -> None:
    g = hukm.Thunee()
    state = g.new_game(seed=1)
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    with pytest.raises(hukm.SolverLimitError, match="max_nodes=20"):
        hukm.solve(state, max_nodes=20)


def test_progress_must_be_callable() -> None:
    state = hukm.Hokm().from_deal("AK... QJ... T9... 87...", trump=None, leader=0)
    with pytest.raises(hukm.StateError, match="progress must be a callable"):
        hukm.solve(state, bounds=True, progress=3)  # type: ignore[arg-type]
    exact = hukm.solve(state, bounds=True)
    assert exact.exact and exact.bounds == (2, 2) and exact.action_bounds == {"AS": (2, 2), "KS": (2, 2)}

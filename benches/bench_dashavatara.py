"""Scaling of exact double-dummy solving in Dashavatara (``docs/rules/dashavatara.md`` §13).

A full deal (40 cards a hand) is far beyond exhaustive search, so this measures how the
exact solve grows with the cards left in each hand. Positions come from real play: a
seeded game is dealt and played with uniformly random legal actions (ducals included)
until the hands hold ``h`` cards at a trick start; the solver then computes V(P) for the
seat on lead (value only, one thread, a fresh 60 MiB table per solve).

The table gives, per hand size, the median and 90th percentile of the solve time and of
the node count (nodes are the stable measure; times depend on the machine and its load).
A solve that passes the time limit is counted at the limit and reported.

Sizes: ``HUKM_BENCH_SHORT=1`` (CI) solves 5 positions of 4 to 12 cards; otherwise
``HUKM_BENCH_DASHA_N`` positions (default 20) of 4 to ``HUKM_BENCH_DASHA_MAX`` cards
(default 18), with ``HUKM_BENCH_DASHA_LIMIT`` seconds per solve (default 60).

Run it alone with ``python benches/bench_dashavatara.py`` to print the table.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any, Callable, Optional, Sequence

import pytest

import hukm

SHORT = os.environ.get("HUKM_BENCH_SHORT") == "1"
N = 5 if SHORT else int(os.environ.get("HUKM_BENCH_DASHA_N", "20"))
MAX = 12 if SHORT else int(os.environ.get("HUKM_BENCH_DASHA_MAX", "18"))
LIMIT = float(os.environ.get("HUKM_BENCH_DASHA_LIMIT", "60"))
SIZES = list(range(4, MAX + 1, 2))


def position(h: int, seed: int) -> Optional[hukm.State]:
    """The state of a randomly played seeded game when the hands first hold ``h`` cards at a
    trick start, or None when a ducal jumps over that size."""
    state = hukm.Dashavatara().new_game(seed=seed)
    rng = random.Random(seed)
    while True:
        obs = state.observation(0)
        size = obs["hand_sizes"][0]
        if state.phase == "play" and not obs["trick"] and not obs["opening"]:
            if size == h:
                return state
            if size < h:
                return None
        state.apply(rng.choice(state.legal_actions()))


def positions(h: int, n: int) -> list[hukm.State]:
    """``n`` positions of ``h`` cards a hand (seeds 0, 1, ... skipping misses)."""
    out: list[hukm.State] = []
    seed = 1000 * h
    while len(out) < n:
        s = position(h, seed)
        if s is not None:
            out.append(s)
        seed += 1
    return out


def pct(xs: Sequence[float], q: float) -> float:
    """The q-quantile (nearest rank)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, int(round(q * len(ys) + 0.5)) - 1))]


def measure(h: int, n: int) -> dict[str, float]:
    """Median / p90 of time and nodes over ``n`` positions of ``h`` cards a hand."""
    times: list[float] = []
    nodes: list[float] = []
    over = 0
    for s in positions(h, n):
        t0 = time.perf_counter()
        try:
            sol = hukm.solve(s, player=s.current_player, actions=False, timeout=LIMIT)
            nodes.append(sol.nodes)
        except hukm.SolverLimitError:
            over += 1
            nodes.append(float("inf"))
        times.append(time.perf_counter() - t0)
    return {
        "h": h,
        "n": n,
        "t50": statistics.median(times),
        "t90": pct(times, 0.9),
        "tmax": max(times),
        "n50": statistics.median(nodes),
        "n90": pct(nodes, 0.9),
        "over": over,
    }


def table(rows: list[dict[str, float]], out: Callable[[str], None] = print) -> None:
    """Prints the scaling table."""
    out(f"Dashavatara exact double-dummy solve, one thread, limit {LIMIT:g} s per solve")
    out(f"{'cards/hand':>10} {'n':>4} {'median s':>10} {'p90 s':>10} {'max s':>10} "
        f"{'median nodes':>14} {'p90 nodes':>14} {'over limit':>10}")
    for r in rows:
        out(
            f"{r['h']:>10} {r['n']:>4} {r['t50']:>10.4f} {r['t90']:>10.4f} {r['tmax']:>10.4f} "
            f"{r['n50']:>14,.0f} {r['n90']:>14,.0f} {r['over']:>10}"
        )


@pytest.mark.bench
def test_dashavatara_scaling(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """The scaling curve (printed); the 12-card median must stay within one second."""
    rows: list[dict[str, float]] = []

    def run() -> None:
        rows.clear()
        for h in SIZES:
            rows.append(measure(h, N))

    benchmark.pedantic(run, rounds=1, iterations=1)
    with capsys.disabled():
        print()
        table(rows)
    twelve = [r for r in rows if r["h"] == 12]
    if twelve:
        assert twelve[0]["over"] == 0


if __name__ == "__main__":
    table([measure(h, N) for h in SIZES])

"""Exact double-dummy solving of individual Moghul Ganjifa (``docs/rules/ganjifa.md`` A.14) against
the number of cards per hand: median and p90 time and nodes on random 3-player endgames.

Positions: ``k`` cards per seat drawn from a shuffled Moghul pack, seat 0 on lead after the
opening, default (McLeod) rules, so that with ``k <= 12`` the end phase applies. The value is
seat 0's tricks against the other two as a coalition (blind surrenders adversarial). One
thread. Sizes: ``HUKM_BENCH_SHORT=1`` (CI) uses 4 and 6 cards and 5 positions each; otherwise
``HUKM_BENCH_GANJIFA_SIZES`` (default ``4,6,8,10,12,14``) and 15 positions each, each search
capped at ``HUKM_BENCH_GANJIFA_NODES`` nodes (default 3 million; a capped search is counted in the last column).

Run: ``pytest benches/bench_ganjifa.py -s`` (or with the other benches, ``pytest benches --benchmark-only``). Timings never fail a test.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

import pytest

import hukm

SHORT = os.environ.get("HUKM_BENCH_SHORT", "") not in ("", "0")
pytestmark = pytest.mark.bench

SIZES = [4, 6] if SHORT else [int(x) for x in os.environ.get("HUKM_BENCH_GANJIFA_SIZES", "4,6,8,10,12,14").split(",")]
POSITIONS = 5 if SHORT else 15
MAX_NODES = int(os.environ.get("HUKM_BENCH_GANJIFA_NODES", "3000000"))


def position(rng: random.Random, k: int) -> str:
    cards = hukm.pack_cards("moghul")
    rng.shuffle(cards)
    return " ".join(hukm.format_hand(cards[i * k : (i + 1) * k], "moghul") for i in range(3))


def p90(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.9 * len(s)))]


def scaling_rows() -> list[tuple[int, float, float, float, float, int]]:
    """(cards per hand, median s, p90 s, median nodes, p90 nodes, capped) per size."""
    rng = random.Random(1)
    game = hukm.Ganjifa()
    rows = []
    for k in SIZES:
        times: list[float] = []
        nodes: list[float] = []
        capped = 0
        for _ in range(POSITIONS):
            state = game.from_deal(position(rng, k), leader=0)
            t0 = time.perf_counter()
            try:
                sol = hukm.solve(state, player=0, max_nodes=MAX_NODES, actions=False)
            except hukm.SolverLimitError:
                capped += 1
                continue
            times.append(time.perf_counter() - t0)
            nodes.append(sol.nodes)
            assert 0 <= sol.value <= k
        if times:
            rows.append((k, statistics.median(times), p90(times), statistics.median(nodes), p90(nodes), capped))
        else:
            rows.append((k, float("nan"), float("nan"), float("nan"), float("nan"), capped))
    return rows


def test_ganjifa_dd_scaling(benchmark: Any) -> None:
    rows = benchmark.pedantic(scaling_rows, rounds=1, iterations=1)
    print()
    print("Moghul Ganjifa, 3 players, exact DD of seat 0 (one thread)")
    print(f"{'cards/hand':>10} {'median s':>10} {'p90 s':>10} {'median nodes':>13} {'p90 nodes':>12} {'capped':>7}")
    for k, tm, tp, nm, np_, c in rows:
        print(f"{k:>10} {tm:>10.4f} {tp:>10.4f} {nm:>13.0f} {np_:>12.0f} {c:>7}")

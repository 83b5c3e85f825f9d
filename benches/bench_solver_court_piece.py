"""Full-deal double-dummy solves of the Court Piece objectives (docs/rules/hokm.md
§16) beside ``hokm4``'s plain tricks: ``double_sar`` (tricks collected with the
heap) and ``dehla_pakad`` (tens, tricks as the tie-break), one thread, the same
random deals for every preset, value only, for the trump-caller's side.

Sizes: ``HUKM_BENCH_SHORT=1`` (CI) uses 5 deals and 15 s a solve; otherwise
``HUKM_BENCH_CP_DEALS`` (default 100). ``HUKM_BENCH_CP_TIMEOUT`` (seconds,
default 300, 15 in short mode) bounds one solve; a solve stopped there counts at the limit and
is reported. Timings never fail a test.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Callable, Optional

import pytest

import hukm

SHORT = os.environ.get("HUKM_BENCH_SHORT") == "1"
N = 5 if SHORT else int(os.environ.get("HUKM_BENCH_CP_DEALS", "100"))
LIMIT = float(os.environ.get("HUKM_BENCH_CP_TIMEOUT", "15" if SHORT else "300"))
PRESETS = ["hokm4", "double_sar", "dehla_pakad"]
TIMES: dict[str, list[float]] = {}
STOPPED: dict[str, int] = {}


def random_deals(n: int, seed: int) -> list[tuple[str, str]]:
    """``n`` random 13-card deals with a random trump suit."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        pack = hukm.pack_cards("french52")
        rng.shuffle(pack)
        deal = " ".join(hukm.format_hand(pack[i * 13 : (i + 1) * 13]) for i in range(4))
        out.append((deal, rng.choice("SHDC")))
    return out


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def solve_time(state: hukm.State) -> Optional[float]:
    """Seconds for one value-only solve for seat 0's side, ``None`` when stopped."""
    t = time.perf_counter()
    try:
        hukm.solve(state, 0, actions=False, timeout=LIMIT)
    except hukm.SolverLimitError:
        return None
    return time.perf_counter() - t


@pytest.mark.parametrize("preset", PRESETS)
def test_full_deal(benchmark: Callable[..., object], capsys: pytest.CaptureFixture[str], preset: str) -> None:
    game = hukm.Hokm(preset)
    states = [game.from_deal(d, trump=t, leader=0) for d, t in random_deals(N, seed=11)]

    def run() -> list[Optional[float]]:
        return [solve_time(s) for s in states]

    raw = benchmark.pedantic(run, rounds=1, iterations=1)  # type: ignore[operator]
    times = [LIMIT if x is None else x for x in raw]
    TIMES[preset] = times
    STOPPED[preset] = sum(1 for x in raw if x is None)
    with capsys.disabled():
        print(f"\n{preset}: {summary(preset)}")
        if all(p in TIMES for p in PRESETS):
            print(table())


def summary(preset: str) -> str:
    times = TIMES[preset]
    stopped = STOPPED[preset]
    tail = f", {stopped} stopped at {LIMIT:.0f} s" if stopped else ""
    return (
        f"{len(times)} deals, median {statistics.median(times) * 1e3:.1f} ms, "
        f"p90 {pct(times, 0.9) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms{tail}"
    )


def table() -> str:
    """The three presets side by side."""
    lines = [
        f"Full-deal double-dummy value, one thread ({N} deals each)",
        f"  {'preset':<14}{'median ms':>12}{'p90 ms':>12}{'max ms':>12}{'stopped':>9}",
    ]
    for p in PRESETS:
        t = TIMES[p]
        lines.append(
            f"  {p:<14}{statistics.median(t) * 1e3:>12.1f}{pct(t, 0.9) * 1e3:>12.1f}"
            f"{max(t) * 1e3:>12.1f}{STOPPED[p]:>9}"
        )
    return "\n".join(lines)

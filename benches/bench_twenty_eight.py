"""Double-dummy analysis of Twenty-eight on full deals (eight cards each), one thread:
open trumps (card points, §16.1), the concealed indicator (made / void / failed for a
target of 16, §16.2) and the table of makeable bids per deal (4 trumps x 2 sides).

Sizes: ``HUKM_BENCH_SHORT=1`` (CI) uses 10 deals; otherwise ``HUKM_BENCH_DEALS``
(default 200). Timings never fail a test.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Callable, Sequence

import pytest

import hukm

SHORT = os.environ.get("HUKM_BENCH_SHORT") == "1"
N = 10 if SHORT else int(os.environ.get("HUKM_BENCH_DEALS", "200"))
GAME = hukm.TwentyEight("28")


def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def timed(f: Callable[[], object]) -> float:
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


def line(title: str, times: list[float]) -> str:
    return (
        f"{title} ({len(times)} deals, one thread): median {statistics.median(times) * 1e3:.1f} ms, "
        f"p90 {pct(times, 0.9) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms"
    )


def emit(capsys: pytest.CaptureFixture[str], text: str) -> None:
    with capsys.disabled():
        print("\n" + text)


def deals() -> list[tuple[str, int, str]]:
    """Seeded full deals with the bidder (seat 0) holding its highest card as indicator."""
    out = []
    for seed in range(N):
        deal = GAME.deal(seed)
        hand = deal.split()[0]
        suits = hand.split(".")
        best = max(range(4), key=lambda i: len(suits[i]))
        out.append((deal, 0, suits[best][0] + "SHDC"[best]))
    return out


def test_open_trump_full_deals(benchmark, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    states = [GAME.from_deal(d, b, 1, trump=i[1]) for d, b, i in deals()]

    def run() -> list[float]:
        return [timed(lambda: hukm.solve(s, 0, actions=False)) for s in states]

    times = benchmark.pedantic(run, rounds=1, iterations=1)
    emit(capsys, line("28 open trump, card points of the bidding side", times))


def test_concealed_full_deals(benchmark, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    states = [GAME.from_deal(d, b, 1, indicator=i) for d, b, i in deals()]

    def run() -> list[float]:
        return [timed(lambda: hukm.solve(s, actions=False, target=16)) for s in states]

    times = benchmark.pedantic(run, rounds=1, iterations=1)
    emit(capsys, line("28 concealed indicator, outcome for target 16", times))


def test_dd_table_per_deal(benchmark, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    ds = [d for d, _, _ in deals()][: max(5, N // 4)]

    cores = os.cpu_count() or 1

    def run() -> tuple[list[float], list[float]]:
        one = [timed(lambda: GAME.dd_table(d, leader=1, threads=1)) for d in ds]
        every = [timed(lambda: GAME.dd_table(d, leader=1, threads=cores)) for d in ds]
        return one, every

    one, every = benchmark.pedantic(run, rounds=1, iterations=1)
    emit(capsys, line("28 dd_table (4 trumps x 2 sides, open trump)", one))
    emit(
        capsys,
        line(f"28 dd_table on {cores} threads", every).replace(", one thread", "")
        + f"; total {sum(one) / sum(every):.2f}x the speed of one thread",
    )

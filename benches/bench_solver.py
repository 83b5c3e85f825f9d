"""The double-dummy solver against DDS (through ``endplay``), side by side on
the same random deals in one run, one thread each.

Sizes: ``HUKM_BENCH_SHORT=1`` (CI) uses 20 deals (60 for batch throughput);
otherwise ``HUKM_BENCH_DEALS`` (default 200; 400 for batch throughput). Every comparison also checks that the two
solvers agree. Each test prints its table; timings never fail a test.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from typing import Callable, Sequence

import pytest

import hukm

endplay_types = pytest.importorskip("endplay.types")
endplay_dds = pytest.importorskip("endplay.dds")
from endplay import _dds  # noqa: E402
from endplay.dds.solve import SolveMode  # noqa: E402

SHORT = os.environ.get("HUKM_BENCH_SHORT") == "1"
N = 20 if SHORT else int(os.environ.get("HUKM_BENCH_DEALS", "200"))
# Batch throughput needs many deals: their costs differ by orders of magnitude,
# and with few of them the last long deal leaves one thread idle.
N_BATCH = 60 if SHORT else 400
GAME = hukm.Hokm("hokm4")
TRUMPS = ["S", "H", "D", "C", None]
STRAINS = [
    endplay_types.Denom.spades,
    endplay_types.Denom.hearts,
    endplay_types.Denom.diamonds,
    endplay_types.Denom.clubs,
    endplay_types.Denom.nt,
]
SEATS = [
    endplay_types.Player.north,
    endplay_types.Player.east,
    endplay_types.Player.south,
    endplay_types.Player.west,
]


def random_deals(n: int, seed: int, players: int = 4) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        pack = hukm.pack_cards("french52")
        if players == 3:
            pack.remove("2C")
        rng.shuffle(pack)
        size = len(pack) // players
        out.append(" ".join(hukm.format_hand(pack[i * size : (i + 1) * size]) for i in range(players)))
    return out


def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def timed(f: Callable[[], object]) -> tuple[float, object]:
    t = time.perf_counter()
    r = f()
    return time.perf_counter() - t, r


def report(title: str, ours: list[float], dds: list[float], extra: list[str]) -> str:
    ratios = [a / b for a, b in zip(ours, dds)]
    lines = [
        f"{title} ({len(ours)} deals, one thread each)",
        f"  {'':<22}{'hukm':>12}{'DDS':>12}{'ratio':>9}",
    ]
    for name, f in [("mean ms", statistics.mean), ("median ms", statistics.median), ("p99 ms", lambda x: pct(x, 0.99))]:
        a, b = f(ours) * 1e3, f(dds) * 1e3
        lines.append(f"  {name:<22}{a:>12.2f}{b:>12.2f}{a / b:>8.2f}x")
    lines.append(f"  per-deal ratio: mean {statistics.mean(ratios):.2f}x, median {statistics.median(ratios):.2f}x, p99 {pct(ratios, 0.99):.2f}x")
    lines += ["  " + e for e in extra]
    return "\n".join(lines)


@pytest.fixture(scope="module", autouse=True)
def one_dds_thread() -> None:
    _dds.SetMaxThreads(1)


def emit(capsys: pytest.CaptureFixture[str], text: str) -> None:
    with capsys.disabled():
        print("\n" + text)


def test_full_table_vs_dds(benchmark, capsys: pytest.CaptureFixture[str]) -> None:
    deals = random_deals(N, seed=1)

    def run() -> tuple[list[float], list[float]]:
        ours, dds = [], []
        for deal in deals:
            ta, table = timed(lambda: GAME.dd_table(deal, threads=1))
            tb, ref = timed(lambda: endplay_dds.calc_dd_table(endplay_types.Deal("N:" + deal)))
            r = ref.to_list()
            expected = [[13 - r[s][(ld - 1) % 4] for ld in range(4)] for s in range(5)]
            assert table.tolist() == expected, deal
            ours.append(ta)
            dds.append(tb)
        return ours, dds

    ours, dds = benchmark.pedantic(run, rounds=1, iterations=1)
    emit(capsys, report("Full table: 5 trumps x 4 leaders", ours, dds, []))


def _positions(seed: int, n: int = N) -> list[tuple[hukm.State, "endplay_types.Deal"]]:
    rng = random.Random(seed)
    out = []
    for deal in random_deals(n, seed):
        t, leader = rng.randrange(5), rng.randrange(4)
        s = GAME.from_deal(deal, trump=TRUMPS[t], leader=leader)
        d = endplay_types.Deal("N:" + deal)
        d.trump = STRAINS[t]
        d.first = SEATS[leader]
        out.append((s, d))
    return out


@pytest.mark.parametrize("every_card", [False, True], ids=["value_only", "every_card"])
def test_solve_vs_dds(benchmark, capsys: pytest.CaptureFixture[str], every_card: bool) -> None:
    positions = _positions(seed=2)
    # endplay's Default mode is DDS's every-card solve (solutions=3).
    mode = SolveMode.Default if every_card else SolveMode.OptimalOne

    def run() -> tuple[list[float], list[float], list[int], list[int]]:
        ours, dds, n_ours, n_dds = [], [], [], []
        for s, d in positions:
            ta, sol = timed(lambda: hukm.solve(s, actions=every_card))
            tb, ref = timed(lambda: endplay_dds.solve_board(d, mode))
            values = {c.rank.abbr + "SHDC"[int(c.suit)]: v for c, v in ref}
            assert sol.value == max(values.values())
            if every_card:
                assert sol.actions == values
            ours.append(ta)
            dds.append(tb)
            n_ours.append(sol.nodes)
            n_dds.append(ref._data.nodes)
        return ours, dds, n_ours, n_dds

    ours, dds, n_ours, n_dds = benchmark.pedantic(run, rounds=1, iterations=1)
    title = "Every card's value (DDS SolveBoard, all cards)" if every_card else "One solve, value only (DDS SolveBoard, one optimal card)"
    # DDS counts trick nodes (one per fourth card played), hukm every card: not one unit.
    nodes = (
        f"nodes: median hukm {statistics.median(n_ours):.0f} (every card), DDS {statistics.median(n_dds):.0f} "
        f"(tricks: one per fourth card); mean hukm {statistics.mean(n_ours):.0f}, DDS {statistics.mean(n_dds):.0f}"
    )
    emit(capsys, report(title, ours, dds, [nodes]))


def test_hokm3_full_deals(benchmark, capsys: pytest.CaptureFixture[str]) -> None:
    game = hukm.Hokm("hokm3")
    rng = random.Random(3)
    states = [game.from_deal(d, trump=rng.choice(TRUMPS), leader=0) for d in random_deals(N, 3, players=3)]

    def run() -> list[float]:
        return [timed(lambda: hukm.solve(s, 0, actions=False))[0] for s in states]

    times = benchmark.pedantic(run, rounds=1, iterations=1)
    emit(
        capsys,
        f"hokm3, 17 cards each, Hakem alone against two ({len(times)} deals, one thread): "
        f"median {statistics.median(times) * 1e3:.1f} ms, p90 {pct(times, 0.9) * 1e3:.1f} ms",
    )


def test_batch_threads(benchmark, capsys: pytest.CaptureFixture[str]) -> None:
    states = [s for s, _ in _positions(seed=4, n=N_BATCH)]

    def run() -> tuple[float, float]:
        # Two alternating rounds, the faster of each (a noisy machine only slows runs down).
        t1 = t2 = float("inf")
        for _ in range(2):
            d1, a = timed(lambda: hukm.solve_many(states, threads=1))
            d2, b = timed(lambda: hukm.solve_many(states, threads=2))
            assert a.tolist() == b.tolist()
            t1, t2 = min(t1, d1), min(t2, d2)
        return t1, t2

    t1, t2 = benchmark.pedantic(run, rounds=1, iterations=1)
    emit(
        capsys,
        f"solve_many over {len(states)} full deals: 1 thread {len(states) / t1:.1f}/s, "
        f"2 threads {len(states) / t2:.1f}/s, speed-up {t1 / t2:.2f}x (cores: {os.cpu_count()})",
    )


_MEMORY_SCRIPT = """
import numpy

def hwm():  # this process's peak resident memory in KiB (ru_maxrss is inherited across exec)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])

base = hwm()
{work}
print(hwm() - base)
"""


def _peak_kib(work: str) -> int:
    """Peak memory a script adds to an interpreter that has numpy loaded."""
    out = subprocess.run(
        [sys.executable, "-c", _MEMORY_SCRIPT.format(work=work)],
        check=True, capture_output=True, text=True,
    )
    return int(out.stdout.strip().splitlines()[-1])


def test_peak_memory(benchmark, capsys: pytest.CaptureFixture[str]) -> None:
    deals = random_deals(5, seed=5)

    def run() -> tuple[int, int]:
        ours = _peak_kib(
            "import hukm\n"
            f"for d in {deals!r}: hukm.Hokm().dd_table(d, threads=1)"
        )
        dds = _peak_kib(
            "from endplay import _dds\n_dds.SetMaxThreads(1)\n"
            "from endplay.types import Deal\nfrom endplay.dds import calc_dd_table\n"
            f"for d in {deals!r}: calc_dd_table(Deal('N:' + d))"
        )
        return ours, dds

    ours, dds = benchmark.pedantic(run, rounds=1, iterations=1)
    emit(
        capsys,
        f"peak memory of one solving thread (library loaded and 5 full tables solved): "
        f"hukm {ours / 1024:.1f} MiB, DDS {dds / 1024:.1f} MiB",
    )

"""Double-dummy analysis of Thunee on full deals (``docs/rules/thunee.md`` §16):
card points of the counting team with trumps known (§16.1), the same with Jodhi
declared automatically (§16.2), the counting team's target (§16.3), the hand's balls
with the Double / Khanuck window (§16.5), and the sweep question of a Thunee
(§16.4); the six- and two-player presets' points too. Medians, p90 and node counts.

Sizes: ``HUKM_BENCH_SHORT=1`` (CI) uses 10 deals; otherwise ``HUKM_BENCH_DEALS``
(default 200). Timings never fail a test.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Sequence

import pytest

import hukm

SHORT = os.environ.get("HUKM_BENCH_SHORT") == "1"
N = 10 if SHORT else int(os.environ.get("HUKM_BENCH_DEALS", "200"))


def pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def states(preset: str, **options: str) -> list[hukm.State]:
    """Seeded full deals; the trumper (seat 1) makes trumps of his longest suit, or
    seat 2 calls Thunee (``dd_mode=sweep``)."""
    g = hukm.Thunee(preset, **options)
    out = []
    for seed in range(N):
        deal = g.deal(seed)
        if options.get("dd_mode") == "sweep":
            out.append(g.from_deal(deal, thunee=2 % g.num_players))
            continue
        hand = deal.split()[1].split(".")
        suit = "SHDC"[max(range(4), key=lambda i: len(hand[i]))]
        stock = None
        if g.num_players == 2:  # the second round: the other twelve cards, seeded
            used = {c for h in deal.split() for c in hukm.parse_hand(h, "thunee24")}
            rest = [c for c in hukm.pack_cards("thunee24") if c not in used]
            random.Random(seed).shuffle(rest)
            stock = " ".join(hukm.format_hand(rest[i:i + 6], "thunee24") for i in (0, 6))
        out.append(g.from_deal(deal, trump=suit, trumper=1, stock=stock))
    return out


CASES = [
    ("thunee4 points (§16.1)", "thunee4", {}),
    ("thunee4 points, Jodhi auto (§16.2)", "thunee4", {"dd_jodhi": "auto"}),
    ("thunee4 target (§16.3)", "thunee4", {"dd_mode": "target"}),
    ("thunee4 balls (§16.5)", "thunee4", {"dd_mode": "balls"}),
    ("thunee4 sweep of a Thunee (§16.4)", "thunee4", {"dd_mode": "sweep"}),
    ("thunee6 points", "thunee6", {}),
    ("thunee2 points (both rounds, 12 tricks)", "thunee2", {}),
]


@pytest.mark.parametrize("title,preset,options", CASES, ids=[c[0].split(" (")[0] for c in CASES])
def test_full_deals(benchmark, capsys: pytest.CaptureFixture[str], title: str, preset: str, options: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    todo = states(preset, **options)

    def run() -> list[tuple[float, int]]:
        out = []
        for s in todo:
            t = time.perf_counter()
            sol = hukm.solve(s, actions=False)
            out.append((time.perf_counter() - t, sol.nodes))
        return out

    rows = benchmark.pedantic(run, rounds=1, iterations=1)
    times = [t for t, _ in rows]
    nodes = [n for _, n in rows]
    with capsys.disabled():
        print(
            f"\n{title} ({len(times)} deals): median {statistics.median(times) * 1e3:.1f} ms, "
            f"p90 {pct(times, 0.9) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms; "
            f"nodes median {statistics.median(nodes):.0f}, p90 {pct(nodes, 0.9):.0f}"
        )

"""Old against new: the point and heap games' double-dummy solves, side by side.

Runs the same deals through two installed builds of hukm (two Python
interpreters, e.g. two virtualenvs), one solve at a time, alternating which
build goes first, and prints per workload the median and p90 time of each, the
ratios new/old, the median node counts, how many values are identical and how
many solves stopped at the time limit. One thread everywhere.

    python benches/compare_points.py --old /path/to/old/venv/bin/python \\
        [--new python] [--workloads t28_open,dehla] [--deals 50] [--timeout 60] [--cards]

Workloads: ``t28_open`` (Twenty-eight, trumps open, points of the bidder's
side), ``t28_concealed`` (concealed indicator, outcome for target 16),
``t28_table`` (``dd_table``, 4 trumps x 2 sides), ``dehla`` (Dehla Pakad),
``double_sar``, ``g40`` and ``g56`` (open trumps, points), ``hokm3``
(three-player Hokm, the value and every card's value, trump and leader drawn
from the seed). Every workload but ``hokm3`` asks the value alone
(``actions=False``); ``--cards`` asks every card's value (``actions=True``) of
every workload in both builds (``t28_table`` is a table either way). The deals
are the same seeded ones for both builds. Timings
are noisy on a shared machine: read the medians and ratios, and the node
counts.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any, Optional

WORKLOADS = ["t28_open", "t28_concealed", "t28_table", "dehla", "double_sar", "g40", "g56", "hokm3"]


def _t28_state(preset: str, seed: int, indicator: bool) -> Any:
    import hukm

    game = hukm.TwentyEight(preset)
    deal = game.deal(seed)
    suits = deal.split()[0].split(".")
    best = max(range(4), key=lambda i: len(suits[i]))
    if indicator:
        return game.from_deal(deal, 0, 1, indicator=suits[best][0] + "SHDC"[best])
    return game.from_deal(deal, 0, 1, trump="SHDC"[best])


def _heap_deal(seed: int) -> tuple[str, str]:
    """The deal and trump of the heap workloads' seed (seat 0 leads)."""
    import hukm

    rng = random.Random(1000 + seed)
    pack = hukm.pack_cards("french52")
    rng.shuffle(pack)
    deal = " ".join(hukm.format_hand(pack[i * 13 : (i + 1) * 13]) for i in range(4))
    return deal, rng.choice("SHDC")


def _heap_state(preset: str, seed: int) -> Any:
    import hukm

    deal, trump = _heap_deal(seed)
    return hukm.Hokm(preset).from_deal(deal, trump=trump, leader=0)


def _hokm3_deal(seed: int) -> tuple[str, str, int]:
    """A seeded three-player Hokm deal, trump and leader drawn from the seed."""
    import hukm

    deal = hukm.Hokm("hokm3").deal(seed)
    rng = random.Random(3000 + seed)
    return deal, rng.choice("SHDC"), rng.randrange(3)


def _hokm3_state(seed: int) -> Any:
    import hukm

    deal, trump, leader = _hokm3_deal(seed)
    return hukm.Hokm("hokm3").from_deal(deal, trump=trump, leader=leader)


def _answer(sol: Any, cards: bool) -> Any:
    """What two builds must agree on: the value, and with ``cards`` every card's."""
    if not cards:
        return sol.value
    tricks = getattr(sol, "action_tricks", None) or {}
    return [sol.value, getattr(sol, "tricks", None), sorted(sol.actions.items()),
            sorted(tricks.items())]


def run_one(workload: str, seed: int, timeout: float, cards: bool = False) -> dict[str, Any]:
    """One solve in this interpreter: value, nodes (0 when not reported), seconds.

    ``cards`` asks every card's value (``actions=True``) where the workload
    would ask the value alone.
    """
    import hukm

    heap = {"dehla": "dehla_pakad", "double_sar": "double_sar"}
    # Builds that grade a stopped solve (bounds and estimates instead of an
    # error) are asked for exact values: a limit then raises as in older builds.
    exact = {"exact": True} if "exact" in inspect.signature(hukm.solve).parameters else {}
    t = time.perf_counter()
    c = time.process_time()
    try:
        if workload == "t28_table":
            game = hukm.TwentyEight("28")
            table = game.dd_table(game.deal(seed), leader=1, threads=1, timeout=timeout)
            value: Any = [[int(x) for x in row] for row in table]
            nodes = 0
        elif workload == "hokm3":
            sol = hukm.solve(_hokm3_state(seed), actions=True, timeout=timeout, **exact)
            value = [sol.value, sorted(sol.actions.items())]
            nodes = sol.nodes
        else:
            if workload in heap:
                state = _heap_state(heap[workload], seed)
                sol = hukm.solve(state, 0, actions=cards, timeout=timeout, **exact)
            elif workload == "t28_concealed":
                state = _t28_state("28", seed, True)
                sol = hukm.solve(state, actions=cards, target=16, timeout=timeout, **exact)
            else:
                preset = {"t28_open": "28", "g40": "40", "g56": "56"}[workload]
                sol = hukm.solve(_t28_state(preset, seed, False), 0, actions=cards, timeout=timeout,
                                 **exact)
            value, nodes = _answer(sol, cards), sol.nodes
    except hukm.SolverLimitError:
        return {"value": None, "nodes": 0, "secs": time.perf_counter() - t,
                "cpu": time.process_time() - c, "stopped": True}
    return {"value": value, "nodes": nodes, "secs": time.perf_counter() - t,
            "cpu": time.process_time() - c, "stopped": False}


def worker() -> None:
    """Answers ``workload seed timeout cards`` lines with one JSON line each."""
    for line in sys.stdin:
        workload, seed, timeout, cards = line.split()
        print(json.dumps(run_one(workload, int(seed), float(timeout), cards == "1")), flush=True)


class Build:
    def __init__(self, python: str) -> None:
        # One thread: builds with threads= solve on every core by default
        # (``HUKM_THREADS``; older builds ignore it).
        self.proc = subprocess.Popen(
            [python, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "HUKM_THREADS": "1"},
        )

    def ask(self, workload: str, seed: int, timeout: float, cards: bool = False) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{workload} {seed} {timeout} {int(cards)}\n")
        self.proc.stdin.flush()
        return dict(json.loads(self.proc.stdout.readline()))

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def compare(old: Build, new: Build, workload: str, deals: int, timeout: float,
            cpu: bool = False, first: int = 0, cards: bool = False) -> str:
    rows: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for seed in range(first, first + deals):
        if seed % 2 == 0:
            o = old.ask(workload, seed, timeout, cards)
            n = new.ask(workload, seed, timeout, cards)
        else:
            n = new.ask(workload, seed, timeout, cards)
            o = old.ask(workload, seed, timeout, cards)
        if cpu:
            o["secs"], n["secs"] = o["cpu"], n["cpu"]
        rows.append((o, n))
        if o["stopped"] or n["stopped"]:
            verdict = "stopped"
        else:
            verdict = "same value" if o["value"] == n["value"] else "DIFFERENT value"
        print(
            f"  {workload} {seed:3}: old {o['secs'] * 1e3:9.1f} ms {o['nodes']:>11} nodes"
            f" | new {n['secs'] * 1e3:9.1f} ms {n['nodes']:>11} nodes"
            f" | {verdict}",
            file=sys.stderr,
            flush=True,
        )
    both = [(o, n) for o, n in rows if not o["stopped"] and not n["stopped"]]
    same = sum(1 for o, n in both if o["value"] == n["value"])
    ot = [o["secs"] for o, _ in rows]
    nt = [n["secs"] for _, n in rows]
    on = [o["nodes"] for o, _ in rows if not o["stopped"]]
    nn = [n["nodes"] for _, n in rows if not n["stopped"]]

    def med(xs: list[int]) -> str:
        return f"{statistics.median(xs):.0f}" if xs and max(xs) > 0 else "-"

    return (
        f"{workload:<14}{deals:>6}"
        f"{statistics.median(ot) * 1e3:>11.1f}{statistics.median(nt) * 1e3:>11.1f}"
        f"{statistics.median(nt) / statistics.median(ot):>8.3f}"
        f"{pct(ot, 0.9) * 1e3:>11.1f}{pct(nt, 0.9) * 1e3:>11.1f}"
        f"{pct(nt, 0.9) / pct(ot, 0.9):>8.3f}"
        f"{max(ot) * 1e3:>11.1f}{max(nt) * 1e3:>11.1f}"
        f"{med(on):>12}{med(nn):>12}"
        f"{same:>6}/{len(both):<4}"
        f"{sum(o['stopped'] for o, _ in rows):>5}{sum(n['stopped'] for _, n in rows):>5}"
    )


def main(argv: Optional[list[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", help="the Python of the build to compare against (required to compare)")
    ap.add_argument("--new", default=sys.executable, help="the Python of the new build")
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds a solve at most")
    ap.add_argument("--first", type=int, default=0, help="the first deal's seed")
    ap.add_argument("--cpu", action="store_true",
                    help="report each solve's processor time instead of its wall time")
    ap.add_argument("--cards", action="store_true",
                    help="every card's value (actions=True) for every workload, not the value only")
    ap.add_argument("--heap-deals", type=int, metavar="N",
                    help="only print the first N deals of the heap workloads as DEAL;TRUMP lines "
                         "(for the Rust example heap_bench --deals)")
    ap.add_argument("--hokm3-deals", type=int, metavar="N",
                    help="only print the first N deals of hokm3 as DEAL;TRUMP;LEADER lines "
                         "(for the Rust example cards_bench, CARDS_DEALS=FILE)")
    args = ap.parse_args(argv)
    if args.heap_deals is not None:
        print("\n".join(";".join(_heap_deal(seed)) for seed in range(args.heap_deals)))
        return
    if args.hokm3_deals is not None:
        print("\n".join(";".join(map(str, _hokm3_deal(seed))) for seed in range(args.hokm3_deals)))
        return
    if args.old is None:
        ap.error("--old is required to compare")
    old, new = Build(args.old), Build(args.new)
    head = (
        f"{'workload':<14}{'deals':>6}{'old med':>11}{'new med':>11}{'ratio':>8}"
        f"{'old p90':>11}{'new p90':>11}{'ratio':>8}{'old max':>11}{'new max':>11}"
        f"{'old nodes':>12}{'new nodes':>12}{'same':>11}{'stop':>5}{'stop':>5}"
    )
    clock = "processor" if args.cpu else "wall"
    asked = "every card's value" if args.cards else "the value alone (hokm3: every card's value)"
    lines = [head, f"(times in ms of {clock} time, nodes the median of the solves that finished;"
                   f" {asked})"]
    try:
        for w in args.workloads.split(","):
            lines.append(compare(old, new, w, args.deals, args.timeout, args.cpu, args.first,
                                 args.cards))
            print(lines[-1], file=sys.stderr, flush=True)
    finally:
        old.close()
        new.close()
    print("\n".join(lines))


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    else:
        main()

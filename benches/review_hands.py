"""A whole hand reviewed while the player watches: for each preset and seed, the first
hand of ``game.new_game(seed)`` played by the heuristic bot, then ``hukm.review`` of its
record, timed (wall clock). Prints per preset the median and largest time of a review,
the positions solved and how many were skipped (not solved within ``--timeout`` seconds
a position); a review counts as complete when none was.

    python benches/review_hands.py [--presets hokm3,double_sar,dehla_pakad,56,thunee]
        [--seeds 5] [--first 0] [--timeout 600] [--threads 1] [--exact]

``--threads 1,2`` reviews each hand on each thread count in turn (the order alternating
from seed to seed, so that a change of the machine's load falls on both), and prints
per preset and thread count the median time, and the ratio of the first count's time
to each other's (the ratio of the medians, and the median of the hands' ratios).
``--exact`` asks for exact values only without a budget (``exact=True, budget=None``:
no time limit changes the work, so the thread counts do the same work); ``--head``
sets how many positions at the start of the hand are solved with every thread on
each (``_core.review_positions``' ``head``).

A thread count may carry a change of the solver's switches (``N:SPEC``, e.g.
``--threads 1,2:-one_queue,2``: the review on 2 threads without and with the one queue of
every action of every position, each a column of its own).

``--each`` prints one line per hand as it is reviewed (with its decisions' grades);
``--lines`` asks for the mistakes' best lines (the review's default; left out here
unless asked); ``--budget`` sets the review's budget; the nodes are the sum of the
review's solves (of the first thread count).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import statistics
import time
from typing import Any, Optional

import hukm
from hukm.bots import Heuristic

review_module = importlib.import_module("hukm.review")  # the module (hukm.review is the function)

PRESETS = ["hokm3", "double_sar", "dehla_pakad", "56", "thunee"]


def played_hand(preset: str, seed: int) -> Any:
    """The record of the first hand of a seeded game played by the heuristic bot."""
    state = hukm.game(preset).new_game(seed)
    bot = Heuristic(seed)
    hand = state.observation(0).get("hand_number")
    while not state.is_terminal() and state.observation(0).get("hand_number") == hand:
        state.apply(bot.act(state))
    return state.record()


class Counting:
    """The review's solves of its positions, counting their nodes."""

    def __init__(self) -> None:
        self.nodes = 0
        self.solve_all = review_module._solve_all
        self.head: Optional[int] = None
        self.switches: Optional[str] = None

    def __call__(self, *args: Any) -> Any:
        real = review_module._core.review_positions
        kw: dict[str, Any] = {} if self.head is None else {"head": self.head}
        if self.switches:
            kw["switches"] = self.switches
        if kw:
            review_module._core.review_positions = functools.partial(real, **kw)
        try:
            answers = self.solve_all(*args)
        finally:
            review_module._core.review_positions = real
        self.nodes += sum(a.nodes for a in answers if not isinstance(a, BaseException))
        return answers


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds a position at most")
    ap.add_argument("--threads", default="1", help="thread counts, comma-separated (e.g. 1,2)")
    ap.add_argument("--exact", action="store_true", help="exact values only, no budget")
    ap.add_argument("--head", type=int, default=None, help="positions at the start on every thread")
    ap.add_argument("--each", action="store_true", help="a line per hand")
    ap.add_argument("--lines", action="store_true", help="the mistakes' best lines too (hukm.review's default)")
    ap.add_argument("--budget", type=float, default=None, help="seconds a review (default: hukm.review's, 50)")
    args = ap.parse_args()
    counts = args.threads.split(",")
    counting = Counting()
    counting.head = args.head
    review_module._solve_all = counting  # type: ignore[attr-defined]
    many = len(counts) > 1
    rows = [f"{'preset':<14}{'threads':>8}{'hands':>6}{'median s':>10}{'max s':>10}{'positions':>11}{'skipped':>9}"
            f"{'complete':>10}{'nodes':>15}" + (f"{'x medians':>11}{'median x':>10}" if many else "")]
    for preset in args.presets.split(","):
        times: dict[str, list[float]] = {t: [] for t in counts}
        positions, skipped, complete = 0, 0, 0
        nodes = 0
        answers: dict[int, list[Any]] = {}
        for seed in range(args.first, args.first + args.seeds):
            record = played_hand(preset, seed)
            order = counts if (seed - args.first) % 2 == 0 else counts[::-1]
            for config in order:
                threads = int(config.split(":")[0])
                counting.switches = config.partition(":")[2] or None
                counting.nodes = 0
                kw: dict[str, Any] = {} if args.budget is None else {"budget": args.budget}
                if args.exact:
                    kw = {"budget": None, "exact": True}
                t = time.perf_counter()
                r = hukm.review(record, timeout=args.timeout, lines=args.lines, threads=threads, **kw)
                secs = time.perf_counter() - t
                times[config].append(secs)
                said = [(d.step, d.best, d.played, d.values, d.grade) for d in r.decisions]
                answers.setdefault(seed, said)
                if args.exact and answers[seed] != said:
                    raise SystemExit(f"{preset} seed {seed}: threads {config} reviewed the hand differently")
                if config == counts[0]:
                    nodes += counting.nodes
                    positions += len(r.decisions)
                    skipped += len(r.skipped)
                    complete += not r.skipped
                if args.each:
                    grades = {g: sum(d.grade == g for d in r.decisions) for g in ("exact", "bounds", "estimate")}
                    ungraded = sum(d.grade not in grades for d in r.decisions)
                    print(f"  {preset} seed {seed} threads {config}: {secs:8.2f} s, {len(r.decisions)} positions,"
                          f" skipped {r.skipped}, graded {grades}, without a grade {ungraded}", flush=True)
        base = times[counts[0]]
        for config in counts:
            ts = times[config]
            row = (f"{preset:<14}{config:>8}{args.seeds:>6}{statistics.median(ts):>10.2f}{max(ts):>10.2f}"
                   f"{positions:>11}{skipped:>9}{complete:>6}/{args.seeds:<3}{nodes:>15,}")
            if many:
                ratio = statistics.median(base) / statistics.median(ts)
                each = statistics.median(b / x for b, x in zip(base, ts))
                row += f"{ratio:>10.2f}x{each:>9.2f}x"
            rows.append(row)
            print(rows[-1], flush=True)
    print("\n".join(rows))


if __name__ == "__main__":
    main()

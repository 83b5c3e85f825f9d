"""A whole hand reviewed while the player watches: for each preset and seed, the first
hand of ``game.new_game(seed)`` played by the heuristic bot, then ``hukm.review`` of its
record on one thread, timed. Prints per preset the median and largest time of a review,
the positions solved and how many were skipped (not solved within ``--timeout`` seconds
a position); a review counts as complete when none was.

    python benches/review_hands.py [--presets hokm3,double_sar,dehla_pakad,56,thunee]
        [--seeds 5] [--first 0] [--timeout 600]

``--each`` prints one line per hand as it is reviewed (with its decisions' grades);
``--lines`` asks for the mistakes' best lines (the review's default; left out here
unless asked); ``--budget`` sets the review's budget; ``--fresh`` reviews each
position on a table of its own instead of one table kept for the hand; the nodes are
the sum of the review's solves.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from typing import Any

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
    """``hukm.solve`` as the review calls it, counting the nodes of its solves."""

    def __init__(self) -> None:
        self.nodes = 0
        self.solve = review_module.solve

    def __call__(self, *args: Any, **kw: Any) -> Any:
        sol = self.solve(*args, **kw)
        self.nodes += sol.nodes
        return sol


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds a position at most")
    ap.add_argument("--each", action="store_true", help="a line per hand")
    ap.add_argument("--fresh", action="store_true", help="a table of its own for every position")
    ap.add_argument("--lines", action="store_true", help="the mistakes' best lines too (hukm.review's default)")
    ap.add_argument("--budget", type=float, default=None, help="seconds a review (default: hukm.review's, 50)")
    args = ap.parse_args()
    counting = Counting()
    review_module.solve = counting  # type: ignore[assignment]
    if args.fresh:
        review_module._solver_of = lambda record: None  # type: ignore[assignment]
    rows = [f"{'preset':<14}{'hands':>6}{'median s':>10}{'max s':>10}{'positions':>11}{'skipped':>9}"
            f"{'complete':>10}{'nodes':>15}"]
    for preset in args.presets.split(","):
        times, positions, skipped, complete = [], 0, 0, 0
        counting.nodes = 0
        for seed in range(args.first, args.first + args.seeds):
            record = played_hand(preset, seed)
            t = time.perf_counter()
            kw = {} if args.budget is None else {"budget": args.budget}
            r = hukm.review(record, timeout=args.timeout, lines=args.lines, threads=1, **kw)
            secs = time.perf_counter() - t
            times.append(secs)
            positions += len(r.decisions)
            skipped += len(r.skipped)
            complete += not r.skipped
            if args.each:
                grades = {g: sum(d.grade == g for d in r.decisions) for g in ("exact", "bounds", "estimate")}
                ungraded = sum(d.grade not in grades for d in r.decisions)
                print(f"  {preset} seed {seed}: {secs:8.2f} s, {len(r.decisions)} positions,"
                      f" skipped {r.skipped}, graded {grades}, without a grade {ungraded}", flush=True)
        rows.append(f"{preset:<14}{args.seeds:>6}{statistics.median(times):>10.2f}{max(times):>10.2f}"
                    f"{positions:>11}{skipped:>9}{complete:>6}/{args.seeds:<3}{counting.nodes:>15,}")
        print(rows[-1], flush=True)
    print("\n".join(rows))


if __name__ == "__main__":
    main()

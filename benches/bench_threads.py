"""One position on several threads: wall time of the same seeded positions solved on 1, 2
(and more) threads, the thread counts interleaved position by position (the order turned
each time), printing per workload the median time of each count, the ratio of the
medians and the median of the positions' own ratios, and what each thread did
(``hukm._core.thread_work``): its share of the nodes, its processor time, its idle time
at the end of a split and how often a table lock found another thread holding it.

    python benches/bench_threads.py [--workloads cards:hokm3,value:double_sar,...]
        [--positions 10] [--threads 1,2] [--skip 0] [--cap 40000000]

Workloads (``--workloads``, a comma list; default: every one below):

* ``cards:<preset>`` every action's exact value (``hukm.solve(exact=True)``) of the
  position reached by seeded random play from ``new_game(seed)``: the first state of
  trick play (a full deal), or ``--skip`` actions later;
* ``value:<preset>`` the value alone (``actions=False``) of the same positions;
* ``cards:ganjifa`` / ``value:ganjifa`` ``--ganjifa-cards`` cards a hand from a shuffled
  Moghul pack, seat 0 on lead (as ``benches/bench_ganjifa.py``);
* ``many:<preset>`` the values of two positions (seeds ``s`` and ``s + 1000``) by
  ``hukm.solve_many``: on 2 threads each on a thread and a table of its own, what the
  machine's cores give two searches that share nothing (the ceiling of the others);
* ``table:<preset>`` a double-dummy table of a seeded deal (``dd_table``);
* ``pimc:<preset>`` a PIMC bot's decision (``bots.PIMC(samples=20)``) at the first
  state of trick play;
* ``review:<preset>`` ``hukm.review`` of the first hand of a seeded game played by the
  heuristic bot (``timeout=None``: every position exact).

A position whose one-thread solve passes ``--cap`` nodes (or a solve on more threads
twice as many) is left out (counted as capped), and one of fewer than ``--min-nodes``
(counted as smaller), except in the workloads of ``--any-size`` (the small solves). Run it alone on the machine: the figures are wall times.

For the scaling study (``docs/measurements.md``), ``--threads 1,2,4`` (or more) prints
per thread count: the nodes of all threads against one thread's (search overhead), the
processor time of all threads and of the busiest one, each thread's idle share and its
lock waits per thousand locks; and the projected speedup (the one-thread processor time
over the busiest thread's plus the process's processor time outside the splits: the wall
time on a machine with a core per thread).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any, Optional

import hukm
from hukm import _core
from hukm.bots import PIMC
from review_hands import played_hand  # the first hand of a seeded game, played by the heuristic bot

DEFAULT = [
    "cards:hokm3", "cards:double_sar", "cards:dehla_pakad", "cards:56", "cards:ganjifa",
    "value:hokm3", "value:double_sar", "value:dehla_pakad", "value:56",
    "table:hokm4", "pimc:hokm4", "review:hokm3", "cards:28", "cards:thunee4",
]


def in_play(state: Any) -> bool:
    """Whether ``state`` is one the solver takes (trick play)."""
    try:
        hukm.solve(state, threads=1, max_nodes=1, bounds=True, estimate=False)
    except hukm.StateError:
        return False
    except hukm.SolverLimitError:
        return True
    return True


def trick_play(preset: str, seed: int, skip: int) -> Optional[Any]:
    """The first state of trick play of ``new_game(seed)`` (random play before it), then
    ``skip`` random actions later; ``None`` when the hand ends first."""
    state = hukm.game(preset).new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and not in_play(state):
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(skip):
        if state.is_terminal():
            return None
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal() else state


def ganjifa(seed: int, cards: int) -> Any:
    """``cards`` cards a hand of a shuffled Moghul pack, seat 0 on lead."""
    pack = hukm.pack_cards("moghul")
    random.Random(seed).shuffle(pack)
    deal = " ".join(hukm.format_hand(pack[i * cards : (i + 1) * cards], "moghul") for i in range(3))
    return hukm.Ganjifa().from_deal(deal, leader=0)


Job = Callable[[int, Optional[int]], int]
"""One timed call: ``job(threads, cap)`` returns its nodes (0 where not known)."""


def jobs(workload: str, seed: int, a: argparse.Namespace) -> Optional[Job]:
    """The timed call of ``workload`` at its ``seed``-th position (``None``: no position)."""
    kind, preset = workload.split(":", 1)
    if kind in ("cards", "value"):
        state = ganjifa(seed, a.ganjifa_cards) if preset == "ganjifa" else trick_play(preset, seed, a.skip)
        if state is None:
            return None
        actions = kind == "cards"

        def solve(threads: int, cap: Optional[int]) -> int:
            s = hukm.solve(state, threads=threads, exact=True, actions=actions, max_nodes=cap)
            return int(s.nodes)

        return solve
    if kind == "many":
        pair = [trick_play(preset, seed, a.skip), trick_play(preset, seed + 1000, a.skip)]
        if None in pair:
            return None

        def many(threads: int, cap: Optional[int]) -> int:
            hukm.solve_many(pair, threads=threads, max_nodes=cap)
            return 0

        return many
    if kind == "table":
        game = hukm.game(preset)
        deal = game.deal(seed)

        def table(threads: int, cap: Optional[int]) -> int:
            game.dd_table(deal, threads=threads, max_nodes=cap)
            return 0

        return table
    if kind == "pimc":
        state = trick_play(preset, seed, a.skip)
        if state is None:
            return None

        def decide(threads: int, cap: Optional[int]) -> int:
            PIMC(samples=20, seed=seed, threads=threads, max_nodes=cap).act(state)
            return 0

        return decide
    if kind == "review":
        record = played_hand(preset, seed)

        def review(threads: int, cap: Optional[int]) -> int:
            hukm.review(record, timeout=None, threads=threads)
            return 0

        return review
    raise SystemExit(f"unknown workload {workload!r}")


def summary(work: list[dict[str, int]]) -> dict[str, Any]:
    """Totals of one thread count's splits: per thread nodes, processor time, idle share
    and lock waits."""
    return {
        "nodes": [w["nodes"] for w in work],
        "cpu": [w["cpu_us"] / 1e6 for w in work],
        "idle": [w["idle_us"] / max(1, w["busy_us"] + w["idle_us"]) for w in work],
        "waits": [1000 * w["waits"] / max(1, w["locks"]) for w in work],
    }


def add(into: list[dict[str, int]], work: list[dict[str, int]]) -> None:
    while len(into) < len(work):
        into.append({k: 0 for k in work[0]})
    for a, b in zip(into, work):
        for k, v in b.items():
            a[k] += v


def run(workload: str, a: argparse.Namespace, counts: list[int]) -> None:
    times: dict[int, list[float]] = {t: [] for t in counts}
    nodes: dict[int, int] = {t: 0 for t in counts}
    cpu: dict[int, float] = {t: 0.0 for t in counts}
    work: dict[int, list[dict[str, int]]] = {t: [] for t in counts}
    capped = small = 0
    seeds = [int(x) for x in a.seeds.split(",")] if a.seeds else range(a.first, a.first + a.tries * a.positions)
    for seed in seeds:
        if len(times[counts[0]]) >= a.positions:
            break
        job = jobs(workload, seed, a)
        if job is None:
            continue
        got: dict[int, tuple[float, int, float, list[dict[str, int]]]] = {}
        order = counts if len(times[counts[0]]) % 2 == 0 else counts[::-1]
        try:
            for t in order:
                _core.thread_work()
                c0 = time.process_time()
                t0 = time.perf_counter()
                n = job(t, a.cap if t == 1 else 2 * a.cap)
                got[t] = (time.perf_counter() - t0, n, time.process_time() - c0, _core.thread_work())
        except hukm.SolverLimitError:
            capped += 1
            continue
        if 1 in got and got[1][1] and got[1][1] < a.min_nodes and workload not in a.any_size.split(","):
            small += 1
            continue
        for t, (dt, n, c, w) in got.items():
            times[t].append(dt)
            nodes[t] += n
            cpu[t] += c
            add(work[t], w)
        if a.each:
            print(f"  {workload} seed {seed}: " + "  ".join(f"{t}: {got[t][0]:.3f}s {got[t][1]:,}" for t in counts), flush=True)
    done = len(times[counts[0]])
    if done == 0:
        print(f"{workload}: no position (capped {capped}, smaller {small})", flush=True)
        return
    base = counts[0]
    med = {t: statistics.median(times[t]) for t in counts}
    line = [f"{workload}: {done} positions (capped {capped}, smaller {small})"]
    for t in counts:
        line.append(f"{t} thr {med[t]:.3f}s")
    for t in counts[1:]:
        own = statistics.median(x / y for x, y in zip(times[base], times[t]))
        line.append(f"x{med[base] / med[t]:.2f} ({t}/{base}; per position x{own:.2f})")
    print("  ".join(line), flush=True)
    if not a.study:
        return
    for t in counts:
        s = summary(work[t])
        if not s["nodes"]:
            print(f"    {t} thr: no split; nodes {nodes[t]:,}, cpu {cpu[t]:.2f}s")
            continue
        total = sum(s["nodes"])
        one = max(1, nodes[base])
        # The work outside the splits (the calling thread alone) adds to the busiest thread's.
        busiest = max(s["cpu"]) + max(0.0, cpu[t] - sum(s["cpu"]))
        print(
            f"    {t} thr: nodes {nodes[t]:,} (x{nodes[t] / one:.2f} of 1 thread's), cpu {sum(s['cpu']):.2f}s "
            f"(process {cpu[t]:.2f}s), busiest thread {busiest:.2f}s (with the work outside the splits) -> projected x{cpu[base] / max(busiest, 1e-9):.2f}; "
            f"per thread: nodes % " + "/".join(f"{100 * x / max(1, total):.0f}" for x in s["nodes"])
            + " idle % " + "/".join(f"{100 * x:.0f}" for x in s["idle"])
            + " waits/1000 locks " + "/".join(f"{x:.1f}" for x in s["waits"])
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workloads", default=",".join(DEFAULT))
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--first", type=int, default=0, help="the first seed")
    ap.add_argument("--threads", default="1,2", help="thread counts, the first the base of the ratios")
    ap.add_argument("--skip", type=int, default=0, help="random actions after the first of trick play")
    ap.add_argument("--ganjifa-cards", type=int, default=12)
    ap.add_argument("--cap", type=int, default=40_000_000, help="most nodes of a one-thread solve")
    ap.add_argument("--min-nodes", type=int, default=0, help="fewest nodes of a one-thread solve")
    ap.add_argument("--any-size", default="cards:28,cards:thunee4,cards:ganjifa,value:ganjifa",
                    help="workloads whose positions are kept whatever their size (the small solves)")
    ap.add_argument("--study", action="store_true", help="print each thread's work (the scaling study)")
    ap.add_argument("--tries", type=int, default=4, help="seeds tried per position wanted")
    ap.add_argument("--each", action="store_true", help="a line per position")
    ap.add_argument("--seeds", help="a comma list of the seeds to try (instead of --first and --tries), "
                    "e.g. the positions an earlier --each run kept")
    a = ap.parse_args()
    counts = [int(x) for x in a.threads.split(",")]
    print(f"hukm {hukm.__version__ if hasattr(hukm, '__version__') else ''} cores {hukm.default_threads()} "
          f"python {sys.version.split()[0]}; threads {counts}, {a.positions} positions, skip {a.skip}", flush=True)
    for w in a.workloads.split(","):
        run(w, a, counts)


if __name__ == "__main__":
    main()

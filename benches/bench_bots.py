"""Evaluation of the reference bots: PIMC against Heuristic and Heuristic against Random
in Hokm (4 players), Twenty-eight and Dashavatara, with 95% intervals; PIMC's time per
decision at 20 and 100 samples.

Each comparison is a :func:`hukm.play_match` with the bots rotated over the seats on every
deal (each deal played under every seating, so the cards' luck cancels): in Hokm and
Twenty-eight one bot holds one partnership and the other the other; in Dashavatara one bot
against two copies of the other. A hand counts as won by bot A when A's seat scores more
than B's in it (a tie counts half); the interval is Wilson's at 95%. The mean point
difference per hand is given with its 95% normal interval.

Sizes: ``HUKM_BENCH_SHORT=1`` (CI): 8 hands per comparison, PIMC with 5 samples, a few
decisions timed; otherwise ``HUKM_BENCH_BOT_HANDS`` hands (default 1000), PIMC with
``HUKM_BENCH_PIMC_SAMPLES`` samples (default 20), on every core, and the table is
written to ``benches/bots_evaluation.md``. ``HUKM_BENCH_BOT_GAMES`` (default
``hokm4,28,dashavatara``) and ``HUKM_BENCH_BOT_PAIRS`` (default ``pimc-heuristic,heuristic-random``)
choose what runs (the Thunee rows: ``HUKM_BENCH_BOT_GAMES=thunee4``); ``HUKM_BENCH_THREADS`` caps the threads of the matches (default: every
core); ``HUKM_BENCH_BOT_TIMES=0`` skips the decision timings. Progress goes to stderr.

Run: ``pytest benches/bench_bots.py -s``. Timings never fail a test.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import hukm
from hukm.bots import PIMC, Heuristic, Random
from hukm.bots import _module as game_module
from hukm.cli.args import make_game

SHORT = os.environ.get("HUKM_BENCH_SHORT", "") not in ("", "0")
pytestmark = pytest.mark.bench

HANDS = 8 if SHORT else int(os.environ.get("HUKM_BENCH_BOT_HANDS", "1000"))
SAMPLES = 5 if SHORT else int(os.environ.get("HUKM_BENCH_PIMC_SAMPLES", "20"))
GAMES = os.environ.get("HUKM_BENCH_BOT_GAMES", "hokm4,28,dashavatara").split(",")
PAIRS = os.environ.get("HUKM_BENCH_BOT_PAIRS", "pimc-heuristic,heuristic-random").split(",")
DECISIONS = 6 if SHORT else 60
THREADS = int(os.environ["HUKM_BENCH_THREADS"]) if os.environ.get("HUKM_BENCH_THREADS") else None
TIMES = os.environ.get("HUKM_BENCH_BOT_TIMES", "1") != "0"


def make_bot(name: str, seed: int) -> Any:
    return {"pimc": lambda: PIMC(SAMPLES, seed), "heuristic": lambda: Heuristic(seed),
            "random": lambda: Random(seed)}[name]()


def compare(game_name: str, a_name: str, b_name: str) -> dict[str, Any]:
    game = make_game(game_name)
    n = game.num_players
    a, b = make_bot(a_name, 1), make_bot(b_name, 2)
    bots = [a, b, a, b] if n == 4 else [a] + [b] * (n - 1)
    t0 = time.perf_counter()
    step = max(1, HANDS // 20)

    def progress(done: int, total: int) -> None:
        if not SHORT and (done % step == 0 or done == total):
            print(f"{game_name} {a_name}-{b_name}: {done}/{total} hands, "
                  f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)

    r = hukm.play_match(game, bots, hands=HANDS, seed=2026, rotate=True, threads=THREADS,
                        progress=progress)
    secs = time.perf_counter() - t0
    diffs = [h.points[0] - h.points[1] for h in r.hands]
    m = statistics.fmean(diffs)
    sd = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
    half = 1.959964 * sd / len(diffs) ** 0.5
    lo, hi = r.win_interval(0, 1)
    return {"game": game_name, "a": a_name, "b": b_name, "hands": len(r.hands),
            "win": r.win_rate(0, 1), "lo": lo, "hi": hi, "diff": m, "dlo": m - half,
            "dhi": m + half, "secs": secs}


def decision_times(game_name: str, samples: int) -> list[float]:
    """Seconds per PIMC decision at decisions it solves (not forced, not heuristic)."""
    game = make_game(game_name)
    out: list[float] = []
    seed = 0
    fill = Heuristic(5)
    while len(out) < DECISIONS and seed < 200:
        state = game.new_game(seed=seed)
        mod = game_module(state)
        key = mod.hand_key(state)
        bot = PIMC(samples, seed)
        while not state.is_terminal() and mod.hand_key(state) == key and len(out) < DECISIONS:
            if len(state.legal_actions()) > 1 and mod.dd_ready(state, None):
                t0 = time.perf_counter()
                action = bot.act(state)
                out.append(time.perf_counter() - t0)
            else:
                action = fill.act(state)
            state.apply(action)
        seed += 1
    return out


RESULTS = Path(__file__).with_name("bots_evaluation.md")


def write_results(lines: list[str]) -> None:
    """Merges this run's rows into ``bots_evaluation.md``: a row of the same game and
    bots (or game and sample count) replaces the old one, the others stay, so the
    comparisons can be run one at a time."""
    old = RESULTS.read_text().splitlines() if RESULTS.exists() else []
    key_of = {
        True: lambda cells: tuple(cells[:3]),  # match rows: game, bot A, bot B
        False: lambda cells: tuple(cells[:2]),  # timing rows: game, samples
    }

    def rows(text: list[str], matches: bool) -> dict[tuple[str, ...], str]:
        out: dict[tuple[str, ...], str] = {}
        for line in text:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not line.startswith("| ") or cells[0] == "game" or set(line) <= set("|-"):
                continue
            if (len(cells) == 9) == matches:
                out[key_of[matches](cells)] = line
        return out

    match_rows = {**rows(old, True), **rows(lines, True)}
    time_rows = {**rows(old, False), **rows(lines, False)}
    text = [
        "# Bot evaluation",
        "",
        "Written by `benches/bench_bots.py` (full mode; each run replaces its own rows). "
        "Every comparison is `hukm.play_match` with seed 2026 and `rotate=True`: each deal is "
        "played under every seating, so the cards' luck cancels. PIMC plays with "
        f"{SAMPLES} samples; the seconds column is the match's wall time (threads and machine load vary between runs, so it compares nothing).",
        "",
        lines[0],
        lines[1],
        *match_rows.values(),
        "",
        "| game | PIMC samples | decisions timed | median ms per decision | p90 ms |",
        "|---|---|---|---|---|",
        *time_rows.values(),
        "",
    ]
    RESULTS.write_text("\n".join(text))


def test_bot_evaluation(benchmark: Any) -> None:
    rows = [compare(g, *p.split("-")) for g in GAMES for p in PAIRS]
    sizes = (5,) if SHORT else (20, 100)
    times = {(g, s): decision_times(g, s) for g in GAMES for s in sizes} if TIMES else {}
    lines = [
        f"| game | bot A | bot B | hands | A wins (ties half) | 95% interval | mean points A-B per hand | 95% interval | seconds |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['a']} | {r['b']} | {r['hands']} | {100 * r['win']:.1f}% | "
            f"[{100 * r['lo']:.1f}%, {100 * r['hi']:.1f}%] | {r['diff']:+.3f} | "
            f"[{r['dlo']:+.3f}, {r['dhi']:+.3f}] | {r['secs']:.0f} |"
        )
    lines += ["", "| game | PIMC samples | decisions timed | median ms per decision | p90 ms |", "|---|---|---|---|---|"]
    for (g, s), ts in times.items():
        if ts:
            p90 = sorted(ts)[min(len(ts) - 1, int(0.9 * len(ts)))]
            lines.append(f"| {g} | {s} | {len(ts)} | {1000 * statistics.median(ts):.1f} | {1000 * p90:.1f} |")
    table = "\n".join(lines)
    print("\n" + table)
    if not SHORT:
        write_results(lines)
    # One PIMC decision of Hokm as the timed benchmark.
    state = hukm.Hokm().new_game(seed=3)
    h = Heuristic(0)
    while state.phase != "play":
        state.apply(h.act(state))
    bot = PIMC(SAMPLES, 0)
    benchmark.pedantic(bot.act, args=(state,), rounds=3, iterations=1)

"""A whole played hand analysed card by card: ``hukm.analyse_play`` (a fresh table for
every card) against ``hukm.Solver(game).analyse_play`` (one table kept from card to
card), on the same seeded hands played by the heuristic bot, alternating which goes
first. Prints per preset the median time per hand of each, the ratio kept/fresh and the
nodes of each; every answer is checked to be the same.

    python benches/solver_handle.py [--presets hokm4,double_sar,hokm3] [--hands 10]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import hukm
from hukm.bots import Heuristic


def played(game: Any, seed: int) -> tuple[Any, list[str]]:
    """The first trick-play position of a seeded hand and the bot's actions from there."""
    state = game.new_game(seed)
    bot = Heuristic()
    while not (state.legal_actions() and all(len(a) == 2 for a in state.legal_actions())):
        state.apply(bot.act(state))
    start, actions = state.clone(), []
    hand = state.observation(0).get("hand_number")
    while not state.is_terminal() and state.observation(0).get("hand_number") == hand:
        actions.append(bot.act(state))
        state.apply(actions[-1])
    return start, actions


def nodes_of(game: Any, start: Any, actions: list[str], solver: Any) -> int:
    s, total = start.clone(), 0
    for a in actions:
        total += (solver.solve(s) if solver else hukm.solve(s)).nodes
        s.apply(a)
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--presets", default="hokm4,double_sar,hokm3")
    ap.add_argument("--hands", type=int, default=10)
    args = ap.parse_args()
    print(f"{'preset':<12}{'hands':>6}{'fresh s':>10}{'kept s':>10}{'ratio':>8}{'fresh nodes':>14}{'kept nodes':>14}")
    for preset in args.presets.split(","):
        game = hukm.Hokm(preset)
        fresh_t, kept_t, ratios, fn, kn = [], [], [], 0, 0
        for seed in range(args.hands):
            start, actions = played(game, seed)
            runs: dict[str, tuple[float, Any]] = {}
            for which in (["fresh", "kept"] if seed % 2 == 0 else ["kept", "fresh"]):
                t = time.perf_counter()
                if which == "fresh":
                    out = hukm.analyse_play(start, actions)
                else:
                    out = hukm.Solver(game).analyse_play(start, actions)
                runs[which] = (time.perf_counter() - t, out)
            assert runs["fresh"][1] == runs["kept"][1], (preset, seed)
            fresh_t.append(runs["fresh"][0])
            kept_t.append(runs["kept"][0])
            ratios.append(runs["kept"][0] / runs["fresh"][0])
            fn += nodes_of(game, start, actions, None)
            kn += nodes_of(game, start, actions, hukm.Solver(game))
        print(f"{preset:<12}{args.hands:>6}{statistics.median(fresh_t):>10.3f}{statistics.median(kept_t):>10.3f}"
              f"{statistics.median(ratios):>8.2f}{fn:>14,}{kn:>14,}")


if __name__ == "__main__":
    main()

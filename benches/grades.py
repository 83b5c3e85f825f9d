"""Graded answers (``hukm.solve`` without ``exact=True``) measured against what issue 50
asks of them.

``first``: the first position of trick play of seeded deals (bids and trump choices by
the heuristic bot) solved with ``timeout`` seconds on one thread: per preset the median
and largest wall time, the grades of the value, and whether every legal action got
bounds and (where not exact) an estimate.

``estimates``: positions of 8 to 12 cards a hand (fewer in a preset whose hands hold
fewer) reached by seeded play, solved exactly within ``--cap`` nodes, then graded with
the node limit ``--nodes`` (the estimates' play-outs are not limited by it): per family
how often the estimated best card (the first of :meth:`hukm.Solution.best_actions`) is
an exact best card by value (beside how often a card drawn at random is one), and the
estimates' mean absolute error against the exact values of the actions.

    python benches/grades.py first [--seeds 20] [--timeout 5] [--only ganjifa,dugi]
    python benches/grades.py estimates [--positions 40] [--cap 3000000] [--nodes 1] [--only hokm,dugi]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import hukm
from hukm.bots import Heuristic

FIRST = ["ganjifa", "dashavatara", "naqsh", "dugi", "56", "dehla_pakad"]
"""The presets whose first positions of play the issue names."""

FAMILIES: dict[str, list[str]] = {}
for _info in hukm.games():
    FAMILIES.setdefault(_info.family, []).append(_info.name)
"""Each family's presets (:func:`hukm.games`), whose positions ``estimates`` draws from."""


def cards_a_hand(state: Any) -> int:
    return max(len(h.replace(".", "").replace("-", "")) for h in state.hands())


def first_position(preset: str, seed: int) -> Any:
    """The first position of trick play of ``preset``'s seeded deal."""
    state = hukm.game(preset).new_game(seed)
    bot = Heuristic(seed=seed)
    while state.phase != "play":
        state.apply(bot.act(state))
    return state


def first(seeds: int, timeout: float, presets: list[str] = FIRST) -> None:
    print(f"first position of play, {seeds} seeded deals, timeout={timeout} s, one thread")
    print(f"{'preset':<12} {'median s':>9} {'max s':>7}  grades (value)                 every card bounded  estimates")
    for preset in presets:
        times, grades, bounded, estimated = [], {"exact": 0, "bounds": 0, "estimate": 0}, 0, 0
        for seed in range(1, seeds + 1):
            state = first_position(preset, seed)
            t = time.monotonic()
            sol = hukm.solve(state, timeout=timeout, threads=1)
            times.append(time.monotonic() - t)
            grades[sol.grade] += 1
            legal = set(state.legal_actions())
            bounded += set(sol.actions) == legal and all(
                sol.bounds_of(a)[0] <= sol.bounds_of(a)[1] for a in legal)
            estimated += sol.exact or (sol.estimate is not None and set(sol.estimate.actions) == legal)
        said = ", ".join(f"{k} {v}" for k, v in grades.items() if v)
        print(f"{preset:<12} {statistics.median(times):>9.2f} {max(times):>7.2f}  {said:<30} "
              f"{bounded:>2}/{seeds}              {estimated:>2}/{seeds}")


def positions(family: str, count: int, cap: int) -> list[tuple[Any, Any]]:
    """``count`` positions of ``family`` of 8 to 12 cards a hand (at most a hand's cards
    where hands are smaller) with two actions or more and their exact answers (within
    ``cap`` nodes; those beyond it are passed over, counted in the report)."""
    out: list[tuple[Any, Any]] = []
    presets = FAMILIES[family]
    seed = 0
    while len(out) < count and seed < 50 * count:
        seed += 1
        preset = presets[seed % len(presets)]
        rng = random.Random(seed)
        state = hukm.game(preset).new_game(seed)
        bot = Heuristic(seed=seed)
        while state.phase != "play" and not state.is_terminal():
            state.apply(bot.act(state))
        full = cards_a_hand(state)
        want = rng.randint(min(8, full), min(12, full))
        while not state.is_terminal() and state.phase == "play" and cards_a_hand(state) > want:
            state.apply(bot.act(state) if rng.random() < 0.5 else rng.choice(state.legal_actions()))
        # From a trick's start to a random point in it.
        for _ in range(rng.randrange(state.num_players)):
            if state.is_terminal() or state.phase != "play":
                break
            state.apply(bot.act(state))
        if state.is_terminal() or state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        try:
            exact = hukm.solve(state, max_nodes=cap, exact=True, threads=1)
        except (hukm.StateError, hukm.SolverLimitError):
            continue
        if exact.actions and exact.target is None:
            out.append((state, exact))
    return out


def estimates(count: int, cap: int, nodes: int, families: list[str] = list(FAMILIES)) -> None:
    print(f"estimates on positions of 8-12 cards a hand (exact within {cap} nodes), graded at max_nodes={nodes}")
    print(f"{'family':<13} {'positions':>9} {'best agrees':>12} {'by chance':>10} {'by estimate':>12} {'MAE':>6} "
          f"{'mean spread':>12} {'s each':>7}")
    for family in families:
        found = positions(family, count, cap)
        if not found:
            print(f"{family:<13} no position within the cap")
            continue
        agree, judged, errors, spreads, spent, chance = 0, 0, [], [], 0.0, 0.0
        for state, exact in found:
            t = time.monotonic()
            try:
                got = hukm.solve(state, max_nodes=nodes, threads=1)
            except hukm.SolverLimitError:
                break  # a game answered exactly only (Thunee: its hands are small)
            spent += time.monotonic() - t
            # The exact best cards by value (Dehla Pakad's tie-break on tricks is not estimated).
            best = {a for a, v in exact.actions.items() if v == exact.value}
            agree += got.best_actions()[0] in best
            chance += len(best) / len(exact.actions)
            judged += any(got.estimate_of(a) is not None for a in got.actions)
            for a, v in exact.actions.items():
                e = got.estimate_of(a)
                if e is not None:
                    errors.append(abs(e.value - v))
                    spreads.append(e.spread)
        if not judged:
            print(f"{family:<13} {len(found):>9}  exact only: no bounds or estimates at a limit")
            continue
        mae = statistics.mean(errors) if errors else 0.0
        spread = statistics.mean(spreads) if spreads else 0.0
        print(f"{family:<13} {len(found):>9} {agree / len(found):>11.0%} {chance / len(found):>10.0%} {judged:>12} "
              f"{mae:>6.2f} {spread:>12.2f} "
              f"{spent / len(found):>7.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["first", "estimates"])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--cap", type=int, default=3_000_000)
    ap.add_argument("--nodes", type=int, default=1)
    ap.add_argument("--only", default=None, help="presets (first) or families (estimates), comma-separated")
    args = ap.parse_args()
    only = None if args.only is None else args.only.split(",")
    if args.what == "first":
        first(args.seeds, args.timeout, only or FIRST)
    else:
        estimates(args.positions, args.cap, args.nodes, only or list(FAMILIES))


if __name__ == "__main__":
    main()

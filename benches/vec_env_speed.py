"""Self-play speed: decision steps per second, each with the acting player's
observation tensor and legal actions, side by side in one run.

* ``hukm.VecEnv("hokm4", 256)``: 256 games per ``step`` call, random legal ids
  from ``VecEnv.random_actions()`` (one thread, and all cores); every call
  returns the 256 observations, masks, rewards and players as new arrays.
* OpenSpiel ``bridge`` (``use_double_dummy_result=False``) stepped from
  Python, one game at a time: the deal (chance), then every decision
  (the auction 1NT-pass-pass-pass and 52 cards) with
  ``observation_tensor(player)`` and ``legal_actions()`` before it.
* ``hukm.env.aec_env("hokm4")`` stepped one game at a time (``last()`` gives
  the observation and mask, ``step(id)``).
* A plain Python loop over one ``hukm`` state: ``observation_tensor``,
  ``legal_action_mask``, ``apply_id``.

The measurements are interleaved round by round; medians of the rounds and
their ratios are printed. Run: ``python benches/vec_env_speed.py``
(``--short`` for a quick look; ``--rounds``, ``--seconds``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any, Callable

import numpy as np

import hukm
import hukm.env

N_GAMES = 256


def steps_per_second(episode: Callable[[], int]) -> Callable[[float], float]:
    """A contender's run: ``episode()`` (which returns the steps it took) again
    and again for ``seconds``, giving the steps per second."""

    def run(seconds: float) -> float:
        steps = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            steps += episode()
        return steps / (time.perf_counter() - t0)

    return run


def vec_env(threads: int) -> Callable[[float], float]:
    env = hukm.VecEnv("hokm4", N_GAMES, seed=1, threads=threads)
    env.reset()

    def step() -> int:
        env.step(env.random_actions())
        return N_GAMES

    return steps_per_second(step)


def openspiel_bridge() -> Callable[[float], float]:
    import pyspiel

    game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})
    rng = random.Random(1)
    probe = game.new_initial_state()
    while probe.is_chance_node():
        probe.apply_action(rng.choice(probe.legal_actions()))
    names = {probe.action_to_string(a): a for a in probe.legal_actions()}
    auction = [names["1NT"]] + [names["Pass"]] * 3

    def hand() -> int:
        s = game.new_initial_state()
        while s.is_chance_node():
            s.apply_action(rng.choice(s.legal_actions()))
        steps = 0
        for a in auction:
            s.observation_tensor(s.current_player())
            s.legal_actions()
            s.apply_action(a)
            steps += 1
        while not s.is_terminal():
            s.observation_tensor(s.current_player())
            s.apply_action(rng.choice(s.legal_actions()))
            steps += 1
        return steps

    return steps_per_second(hand)


def aec() -> Callable[[float], float]:
    env = hukm.env.aec_env("hokm4")
    rng = np.random.default_rng(2)
    seeds = iter(range(10**9))

    def game() -> int:
        steps = 0
        env.reset(seed=next(seeds))
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            m = obs["action_mask"]
            env.step(int(np.argmax(rng.random(m.shape) * m)))
            steps += 1
        return steps

    return steps_per_second(game)


def python_loop() -> Callable[[float], float]:
    game = hukm.Hokm("hokm4")
    rng = np.random.default_rng(3)
    seeds = iter(range(10**9))

    def one_hand() -> int:
        steps = 0
        s = game.new_game(seed=next(seeds))
        hand = s.hand_number
        while not s.is_terminal() and s.hand_number == hand:
            s.observation_tensor(s.current_player)
            m = s.legal_action_mask()
            s.apply_id(int(np.argmax(rng.random(m.shape) * m)))
            steps += 1
        return steps

    return steps_per_second(one_hand)


def measure(rounds: int, seconds: float) -> dict[str, list[float]]:
    """Steps per second of each contender, ``rounds`` interleaved rounds."""
    runs: dict[str, Callable[[float], float]] = {
        "VecEnv hokm4 x256, 1 thread": vec_env(1),
        f"VecEnv hokm4 x256, {os.cpu_count()} threads": vec_env(os.cpu_count() or 1),
        "OpenSpiel bridge from Python (+observation_tensor)": openspiel_bridge(),
        "hukm.env.aec_env hokm4, one game at a time": aec(),
        "hukm State loop (observation_tensor, mask, apply_id)": python_loop(),
    }
    for run in runs.values():
        run(seconds / 5)  # warm up
    out: dict[str, list[float]] = {k: [] for k in runs}
    for _ in range(rounds):
        for k, run in runs.items():
            out[k].append(run(seconds))
    return out


def report(results: dict[str, list[float]]) -> dict[str, float]:
    med = {k: statistics.median(v) for k, v in results.items()}
    keys = list(med)
    vec1, bridge, aec_key, loop = keys[0], keys[2], keys[3], keys[4]
    print(f"decision steps per second, medians of {len(results[vec1])} interleaved rounds")
    for k, v in med.items():
        print(f"  {k:<56} {v:>14,.0f}")
    ratios = {
        "VecEnv (1 thread) / OpenSpiel bridge": med[vec1] / med[bridge],
        "VecEnv (all threads) / OpenSpiel bridge": med[keys[1]] / med[bridge],
        "VecEnv (1 thread) / AEC env": med[vec1] / med[aec_key],
        "VecEnv (1 thread) / hukm State loop": med[vec1] / med[loop],
    }
    for k, r in ratios.items():
        note = "   target >= 50x" if k.endswith("OpenSpiel bridge") else ""
        print(f"  {k:<56} {r:>13.1f}x{note}")
    return ratios


def main(argv: Any = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=2.0, help="per contender and round")
    ap.add_argument("--short", action="store_true", help="3 rounds of 0.5 s")
    a = ap.parse_args(argv)
    rounds, seconds = (3, 0.5) if a.short else (a.rounds, a.seconds)
    report(measure(rounds, seconds))


if __name__ == "__main__":
    main()

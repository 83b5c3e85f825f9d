"""Positions for the solver's tests, found by asking the solver, never by naming a game."""

from __future__ import annotations

import random
from typing import Any, Optional

import hukm


def searched_position(name: str, least: int, most: int, seeds: int = 8, choices: int = 1) -> tuple[Any, Any]:
    """A state of ``name`` reached by seeded random play whose every-action solve on one
    thread takes from ``least`` to ``most`` nodes (with at least ``choices`` actions), and
    that solve: the first found over ``seeds`` seeds, else the one of the most nodes below
    ``most`` (an :class:`AssertionError` when there is none)."""
    best: Optional[tuple[Any, Any]] = None
    for seed in range(seeds):
        state = hukm.game(name).new_game(seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            try:
                full = hukm.solve(state, threads=1, max_nodes=most, exact=True)
            except (hukm.StateError, hukm.SolverLimitError):
                full = None
            if full is not None and len(full.actions) >= choices:
                if full.nodes >= least:
                    return state, full
                if best is None or full.nodes > best[1].nodes:
                    best = (state.clone(), full)
            state.apply(rng.choice(state.legal_actions()))
    assert best is not None, f"{name}: no position solved within {most} nodes"
    return best

"""Every limit holds over a whole call, in every game and preset of the registry: a
request for exact values (``exact=True``) for the value and every action's value stops
with the limit's error once the call (not one of its searches) passes ``max_nodes`` or
``timeout``, and a graded call (``bounds=True``: bounds only) reports at most
``max_nodes`` plus the documented slack (``hukm_core::solve::answer::NODE_SLACK``: the
node that found the limit passed). One thread throughout: the node counts compared here
repeat exactly only there (tests/solve/test_threads.py holds the limits over several threads)."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import hukm

from search_positions import searched_position

NAMES = [i.name for i in hukm.games()]

NODE_SLACK = 1
"""How far past ``max_nodes`` a call stopped by it may have counted."""

BOUNDED = {i.name for i in hukm.games() if i.description is not None and i.description.bounds}
"""The presets whose value objective gives bounds at a limit (their description's
``bounds``); the others raise their limit in a graded call too."""

CAP = 100_000
"""The most nodes a position's unlimited solve may take here (kept small and fast)."""


@functools.lru_cache(maxsize=None)
def position(name: str) -> tuple[Any, Any]:
    """A state of ``name`` reached by seeded random play whose every-action solve takes
    from 8 to ``CAP`` nodes, and that solve."""
    return searched_position(name, 8, CAP)


@pytest.mark.parametrize("name", NAMES)
def test_a_node_budget_below_the_call_stops_it(name: str) -> None:
    """The budget counts the value and every action together: half the call's nodes, or
    all but one, stop it with the error naming ``max_nodes`` (even where the value alone
    fits in it); exactly its nodes give the same answer."""
    state, full = position(name)
    for budget in (1, full.nodes // 2, full.nodes - 1):
        with pytest.raises(hukm.SolverLimitError, match=rf"^solver node limit reached \(max_nodes={budget}\)$"):
            hukm.solve(state, threads=1, max_nodes=budget, exact=True)
    root = hukm.solve(state, threads=1, actions=False)
    if root.nodes < full.nodes:
        assert hukm.solve(state, threads=1, max_nodes=full.nodes - 1, actions=False, exact=True).value == full.value == root.value
    again = hukm.solve(state, threads=1, max_nodes=full.nodes, exact=True)
    assert (again.value, again.actions, again.nodes) == (full.value, full.actions, full.nodes)


@pytest.mark.parametrize("name", NAMES)
def test_an_anytime_call_counts_no_more_than_its_budget(name: str) -> None:
    """A graded call (``bounds=True``: no estimate) returns bounds after at most
    ``max_nodes + NODE_SLACK`` nodes (the value between them) in the games that give
    them; the others raise."""
    state, full = position(name)
    for budget in (1, full.nodes // 2, full.nodes - 1):
        if name not in BOUNDED:
            with pytest.raises(hukm.SolverLimitError, match=rf"\(max_nodes={budget}\)$"):
                hukm.solve(state, threads=1, max_nodes=budget, bounds=True)
            continue
        got = hukm.solve(state, threads=1, max_nodes=budget, bounds=True)
        assert got.nodes <= budget + NODE_SLACK, (got.nodes, budget)
        if got.exact:  # the bounds of one trick's minimax may settle it without the search
            assert (got.value, got.actions) == (full.value, full.actions)
            continue
        assert got.stopped == f"solver node limit reached (max_nodes={budget})"
        lo, hi = got.bounds
        assert lo <= full.value <= hi
        for action, value in full.actions.items():
            a_lo, a_hi = got.action_bounds[action]
            assert a_lo <= value <= a_hi, action


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("timeout", [0.0, 1e-9])
def test_a_tiny_timeout_stops_the_call(name: str, timeout: float) -> None:
    """The time limit is checked at the call's first node (then every 4096 nodes of the
    call), so a deadline already passed stops even a small call; an anytime call then
    stops at that first node."""
    state, _ = position(name)
    shown = "0" if timeout == 0 else "0.000000001"
    with pytest.raises(hukm.SolverLimitError, match=rf"^solver time limit reached \(timeout={shown} s\)$"):
        hukm.solve(state, threads=1, timeout=timeout, exact=True)
    if name in BOUNDED:
        got = hukm.solve(state, threads=1, timeout=timeout, bounds=True)
        assert got.nodes <= NODE_SLACK
        assert got.exact or (got.stopped is not None and got.stopped.startswith("solver time limit reached"))


@pytest.mark.parametrize("name", NAMES)
def test_generous_limits_change_nothing(name: str) -> None:
    state, full = position(name)
    again = hukm.solve(state, threads=1, max_nodes=CAP, timeout=60.0, exact=True)
    assert (again.value, again.actions, again.nodes) == (full.value, full.actions, full.nodes)
    graded = hukm.solve(state, threads=1, max_nodes=CAP, timeout=60.0)
    assert graded.exact and (graded.value, graded.actions) == (full.value, full.actions)

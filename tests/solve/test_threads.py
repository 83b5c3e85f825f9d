"""One position on many threads (``threads=``): the same answers for 1, 2 and 4 threads in
every preset and for every objective the description offers, the limits held over all the
threads of a call, the GIL released while they search, and bad thread counts refused in
words. Node counts may differ from one thread count to another (which thread reaches a
position first decides what the others find in the table); nothing here compares them.
The presets come from :func:`hukm.games`; nothing names one."""

from __future__ import annotations

import functools
import os
import random
import subprocess
import sys
import threading
import time
from typing import Any, Optional

import pytest

import hukm

from search_positions import searched_position

NAMES = [i.name for i in hukm.games()]
BOUNDED = {i.name for i in hukm.games() if i.description is not None and i.description.bounds}


@functools.lru_cache(maxsize=None)
def position(name: str) -> Any:
    """A state of ``name`` reached by seeded random play whose every-action solve on one
    thread takes from 2,000 to 300,000 nodes (a real search, quickly done)."""
    return searched_position(name, 2_000, 300_000, seeds=6, choices=2)[0]


def answer(state: Any, threads: int, **kw: Any) -> Optional[tuple[Any, ...]]:
    """What a solve says (everything but the node count); ``None`` when the objective
    does not apply to the state, or (one thread) takes more than a few million nodes
    (the other side's value can cost far more than the mover's)."""
    try:
        limit = {"max_nodes": 3_000_000} if threads == 1 and "max_nodes" not in kw else {}
        exact = {} if kw.get("bounds") else {"exact": True}
        s = hukm.solve(state, threads=threads, timeout=120, **limit, **exact, **kw)
    except (hukm.OptionError, hukm.StateError, hukm.SolverLimitError):
        if threads > 1:
            raise
        return None
    return (s.value, s.actions, s.secondary, s.target, s.bounds, s.action_bounds, s.exact)


def questions(name: str) -> list[dict[str, Any]]:
    """Every objective of the description, with every action and the value alone, for
    side of the player to move and the next player; a target where the game takes one."""
    state = position(name)
    qs: list[dict[str, Any]] = []
    for objective in hukm.game(name).description.objectives:
        for actions in (True, False):
            for player in sorted({state.current_player, (state.current_player + 1) % state.num_players}):
                qs.append({"objective": objective.name, "actions": actions, "player": player})
    qs.append({"target": 10})
    if name in BOUNDED:
        qs.append({"bounds": True})
    return qs


@pytest.mark.parametrize("name", NAMES)
def test_one_two_and_four_threads_give_the_same_answers(name: str) -> None:
    state = position(name)
    asked = 0
    for q in questions(name):
        one = answer(state, 1, **q)
        if one is None:
            continue
        asked += 1
        for threads in (2, 4):
            assert answer(state, threads, **q) == one, (q, threads)
    assert asked > 0


@pytest.mark.parametrize("name", NAMES)
def test_a_handle_on_threads_gives_the_one_shot_answers(name: str) -> None:
    """A :class:`hukm.Solver` with ``threads=2`` keeps its shared table from call to call
    and answers as ``hukm.solve`` on one thread does."""
    state = position(name)
    solver = hukm.Solver(hukm.game(name), threads=2)
    for _ in range(2):
        assert answer(state, 2, solver=solver) == answer(state, 1)


@pytest.mark.parametrize("name", sorted(BOUNDED))
def test_the_node_limit_holds_over_all_threads(name: str) -> None:
    """An anytime call on 2 threads stopped by ``max_nodes`` counts at most the limit plus
    one node a thread, and its bounds hold the exact values; without ``bounds`` it raises
    the limit's error."""
    state = position(name)
    full = hukm.solve(state, threads=1, exact=True)
    for budget in (1, max(1, full.nodes // 4)):
        with pytest.raises(hukm.SolverLimitError, match=rf"^solver node limit reached \(max_nodes={budget}\)$"):
            hukm.solve(state, max_nodes=budget, threads=2, exact=True)
        got = hukm.solve(state, max_nodes=budget, bounds=True, threads=2)
        assert got.nodes <= budget + 2, (got.nodes, budget)
        if got.exact:
            assert (got.value, got.actions) == (full.value, full.actions)
            continue
        assert got.bounds is not None and got.bounds[0] <= full.value <= got.bounds[1]
        for action, value in full.actions.items():
            lo, hi = got.action_bounds[action]
            assert lo <= value <= hi, action


@pytest.mark.parametrize("name", NAMES)
def test_a_passed_deadline_stops_every_thread(name: str) -> None:
    with pytest.raises(hukm.SolverLimitError, match="^solver time limit reached"):
        hukm.solve(position(name), timeout=0, threads=2, exact=True)


def test_the_gil_is_released_while_the_threads_search() -> None:
    """A Python thread counts on while a solve on two threads runs (a full hand of
    three-hand Hokm, stopped after a second with its bounds)."""
    game = hukm.Hokm("hokm3")
    state = game.from_deal(game.deal(4), trump="S", leader=0)
    count = 0
    done = threading.Event()

    def solve() -> None:
        hukm.solve(state, threads=2, timeout=1)
        done.set()

    t = threading.Thread(target=solve)
    t.start()
    start = time.monotonic()
    while not done.is_set() and time.monotonic() - start < 0.3:
        count += 1
    t.join()
    assert count > 1000


@pytest.mark.parametrize("bad", [0, -1, 1025, 2.0, "2", True])
def test_a_bad_thread_count_is_refused_in_words(bad: Any) -> None:
    state = position("hokm4")
    with pytest.raises(ValueError, match="threads"):
        hukm.solve(state, threads=bad)


def first_hand(name: str, seed: int) -> Any:
    """The record of the first hand of ``new_game(seed)`` of ``name``, played at random."""
    state = hukm.game(name).new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and state.observation(0).get("hand_number") == 1:
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


def test_a_review_on_one_thread_splits_no_position() -> None:
    """``hukm.review(threads=1)`` solves every position, the best lines of its decisions
    included, on one thread; on two it gives the same review."""
    from hukm import _core

    record = first_hand("hokm3", 2)
    _core.thread_work()
    # exact, with no budget: a review graded by bounds where time ran out could differ
    # between runs on a loaded machine, whatever the thread count
    one = hukm.review(record, timeout=None, threads=1, exact=True, budget=None)
    assert _core.thread_work() == []
    two = hukm.review(record, timeout=None, threads=2, exact=True, budget=None)
    assert one.decisions and [vars(d) for d in one.decisions] == [vars(d) for d in two.decisions]


def test_a_review_gives_the_same_answers_with_and_without_the_one_queue(monkeypatch: Any) -> None:
    """The switch ``one_queue`` (every action of every position one queue for the threads)
    changes how a review on two threads shares its work, never what it says; a switch
    spec that names no switch is refused in words."""
    from hukm import _core

    review_module = sys.modules["hukm.review"]
    record = first_hand("hokm3", 2)
    real = _core.review_positions
    said = []
    for spec in ("-one_queue", "+one_queue"):
        monkeypatch.setattr(review_module._core, "review_positions", functools.partial(real, switches=spec))
        r = hukm.review(record, timeout=None, threads=2, exact=True, budget=None)
        said.append([vars(d) for d in r.decisions])
    assert said[0] and said[0] == said[1]
    with pytest.raises(ValueError, match="switches.*nope"):
        real([hukm.game("hokm3").new_game(1)], 0, timeouts=[None], graded=[False], estimate=[False], switches="nope")


def test_samples_over_threads_note_each_threads_work() -> None:
    """A PIMC decision on two threads (its samples handed to the threads) notes what each
    thread did, as a split does (``_core.thread_work``: its samples as jobs and its
    processor time); on one thread nothing is noted."""
    from hukm import _core
    from hukm.bots import PIMC

    state = position("hokm4")
    _core.thread_work()
    PIMC(samples=6, seed=1, threads=1).act(state)
    assert _core.thread_work() == []
    PIMC(samples=6, seed=1, threads=2).act(state)
    work = _core.thread_work()
    assert len(work) == 2 and sum(w["jobs"] for w in work) == 6
    if sys.platform == "linux":
        assert sum(w["cpu_us"] for w in work) > 0


DEFAULT_THREADS_PROBE = """
import os, hukm
every = os.sched_getaffinity(0)
first = hukm.default_threads()
os.sched_setaffinity(0, {min(every)})
one = hukm.default_threads()
os.sched_setaffinity(0, every)
print(first, one, hukm.default_threads(), len(every))
"""


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity on this system")
def test_the_default_threads_follow_the_affinity() -> None:
    """Without ``HUKM_THREADS`` the default is the cores the process may run on, read
    again when its affinity changes (the answer is kept between calls)."""
    env = {k: v for k, v in os.environ.items() if k != "HUKM_THREADS"}
    done = subprocess.run([sys.executable, "-c", DEFAULT_THREADS_PROBE], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    first, one, again, cores = (int(x) for x in done.stdout.split())
    assert 1 <= first <= cores and one == 1 and again == first

"""Every solve goes through one driver: ``timeout=``, Ctrl-C, ``max_nodes`` and ``tt_mib``
act the same way in every game and objective, with the same messages.

The cases come from the catalog (:func:`hukm.games`) and nothing here names a game: each
preset with its default objective, and each family with every other objective its first
preset describes and with a whole-hand target when it takes one (on the family's first
preset that has a large position for it). A case's large position is a seeded deal (or
the seeded game played by the heuristic bot to trick play) whose exact solve takes more
than :data:`LARGE_SECONDS` of one thread's processor time (for the node limit: more
than 100,000 nodes), whatever else the machine runs; a preset whose
hands are too small for one is skipped here, and has its limits checked over whole calls
in tests/solve/test_call_limits.py. Bounds come from the description (``bounds``)."""

from __future__ import annotations

import _thread
import functools
import random
import subprocess
import sys
import threading
import time
from typing import Any, NamedTuple, Optional

import pytest

import hukm
from test_every_preset import endgame, first_solvable

FAMILIES = list(dict.fromkeys(g.family for g in hukm.games()))
"""The engine's families, in the catalog's order."""


class Case(NamedTuple):
    """A preset with its default objective (``family`` false), or family ``name`` with
    the keywords of the solve (none, ``objective=``, or ``target=`` standing for half the
    card points) on its first preset that has a large position with them."""

    name: str
    kw: tuple[tuple[str, Any], ...] = ()
    family: bool = False


def _extra(family: str) -> list[Case]:
    info = next(g for g in hukm.games() if g.family == family)
    d = info.description
    assert d is not None
    out = [Case(family, (("objective", o.name),), True) for o in d.objectives[1:]]
    if d.target:
        out.append(Case(family, (("target", None),), True))
    return out


CASES = [Case(g.name) for g in hukm.games()] + [c for f in FAMILIES for c in _extra(f)]


def case_id(case: Case) -> str:
    return "-".join([f"{case.name} family" if case.family else case.name] + [k for k, _ in case.kw])


SEEDS = 6
"""The seeds tried for a large position."""

LARGE_SECONDS = 0.9
"""A large position's exact solve takes more than this much processor time on one
thread: three times the 0.3 s the limits below are given, so that it runs past them on
two threads too. Chosen by processor time, not the clock: on a machine busy with other
work a position can take twice the clock time it takes alone."""


def _runs_past(state: Any, kw: dict[str, Any]) -> bool:
    """Whether the exact value of ``state`` takes more than :data:`LARGE_SECONDS` of
    processor time on one thread: a solve stopped by a time limit counts only when it
    used that much (else the limit is doubled, up to four times)."""
    limit = LARGE_SECONDS
    for _ in range(4):
        cpu = time.process_time()
        try:
            hukm.solve(state, actions=False, exact=True, threads=1, timeout=limit, **kw)
        except hukm.SolverLimitError:
            if time.process_time() - cpu >= LARGE_SECONDS:
                return True
            limit *= 2
            continue
        return False
    return False


def deal_position(name: str, seed: int) -> Optional[Any]:
    """The seeded deal of ``name`` as a position the solver takes: each required seat
    keyword of ``from_deal`` a seat of its own (0, 1, ...), the trump the first suit where
    ``from_deal`` takes one; ``None`` when the game refuses it so."""
    game = hukm.game(name)
    kw: dict[str, Any] = {}
    seats = iter(range(game.num_players))
    for k in game.description.from_deal:
        if k.kind == "seat" and k.required:
            kw[k.name] = next(seats)
        elif k.kind in ("suit", "strain"):
            kw[k.name] = game.suits[0]
    try:
        state = game.from_deal(game.deal(seed), **kw)
        hukm.solve(state, max_nodes=1, exact=True)
    except hukm.SolverLimitError:
        return state
    except hukm.HukmError:
        return None
    return state


class Large(NamedTuple):
    """A large position and the keywords of its solve; it is ``make(preset, seed)`` with
    ``make`` :func:`deal_position` (``whole_deal``) or :func:`first_solvable`."""

    state: Any
    kw: dict[str, Any]
    preset: str
    seed: int
    whole_deal: bool

    @property
    def deal_seed(self) -> Optional[int]:
        """The seed of the deal when the position is a whole deal."""
        return self.seed if self.whole_deal else None


def _solve_keywords(preset: str, kw: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    out = dict(kw)
    if "target" in out:
        out["target"] = hukm.game(preset).facts["total_points"] // 2
    return out


def large(case: Case, nodes: Optional[int] = None) -> Optional[Large]:
    """A position of ``case`` whose exact solve takes more than :data:`LARGE_SECONDS`
    (or, given ``nodes``, more than that many nodes), tried among the seeded deals, then
    the seeded games at trick play; ``None`` when seeds 1 to :data:`SEEDS` give none."""
    return _large(case, nodes)


@functools.lru_cache(maxsize=None)
def _large(case: Case, nodes: Optional[int]) -> Optional[Large]:
    if case.family:
        presets = (Case(g.name, case.kw) for g in hukm.games() if g.family == case.name)
        return next((x for x in (large(c, nodes) for c in presets) if x is not None), None)
    kw = _solve_keywords(case.name, case.kw)
    for seed in range(1, SEEDS + 1):
        for whole_deal, make in ((True, deal_position), (False, first_solvable)):
            try:
                state = make(case.name, seed)
            except AssertionError:  # no position the solver takes
                continue
            if state is None:
                continue
            try:
                if nodes is None:
                    if _runs_past(state, kw):
                        return Large(state, kw, case.name, seed, whole_deal)
                else:
                    hukm.solve(state, actions=False, exact=True, max_nodes=nodes, **kw)
            except hukm.SolverLimitError:
                return Large(state, kw, case.name, seed, whole_deal)
            except hukm.OptionError:  # the preset does not answer this objective
                return None
            except hukm.StateError:
                pass
    return None


def large_or_skip(case: Case, nodes: Optional[int] = None) -> tuple[Any, dict[str, Any]]:
    found = large(case, nodes)
    if found is None:
        size = f"{LARGE_SECONDS} s" if nodes is None else f"{nodes} nodes"
        pytest.skip(f"{case_id(case)}: no position of seeds 1-{SEEDS} takes over {size} (tests/solve/test_call_limits.py)")
    return found.state, found.kw


def anytime(state: Any, kw: dict[str, Any]) -> bool:
    """Whether the solve of ``kw`` gives bounds when a limit stops it (the game's
    objectives, a whole-hand target included, do when its description says so)."""
    return bool(hukm.game(state.preset, **dict(state.options)).description.bounds)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_timeout_stops_a_large_solve(case: Case) -> None:
    state, kw = large_or_skip(case)
    t0 = time.monotonic()
    with pytest.raises(hukm.SolverLimitError, match=r"^solver time limit reached \(timeout=0\.3 s\)$"):
        hukm.solve(state, timeout=0.3, exact=True, **kw)
    assert time.monotonic() - t0 < 1.3


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_ctrl_c_stops_a_large_solve(case: Case) -> None:
    """Ctrl-C (a SIGINT raised for the main thread from another thread) stops the solve
    with KeyboardInterrupt, well before the position's solve would end (within a second
    on a free machine; two are allowed for one busy with other work)."""
    state, kw = large_or_skip(case)
    sent: list[float] = []
    returned = threading.Event()

    def interrupt() -> None:
        # No signal once the solve has returned: a late one would hit pytest itself.
        if not returned.wait(0.3):
            sent.append(time.monotonic())
            _thread.interrupt_main()

    threading.Thread(target=interrupt, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            hukm.solve(state, **kw)
    finally:
        returned.set()
    assert sent and time.monotonic() - sent[0] < 2.0


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_node_limit_for_the_whole_call(case: Case) -> None:
    """``max_nodes`` stops a large solve of the value and every action with its error;
    asked for bounds, an objective that gives them returns them within the budget (the
    value between them unknown), any other raises all the same: a value cut short is
    never returned as if it were exact. (A position of over 100,000 nodes.)"""
    state, kw = large_or_skip(case, 100_000)
    with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=20000\)$"):
        hukm.solve(state, max_nodes=20_000, exact=True, **kw)
    if not anytime(state, kw):
        with pytest.raises(hukm.SolverLimitError, match=r"\(max_nodes=20000\)$"):
            hukm.solve(state, max_nodes=20_000, bounds=True, exact=True, **kw)
        return
    got = hukm.solve(state, max_nodes=20_000, bounds=True, exact=True, **kw)
    # The node that found the budget spent, one a thread.
    assert not got.exact and got.nodes <= 20_000 + hukm.default_threads()
    assert got.stopped == "solver node limit reached (max_nodes=20000)"


BAD_TT_MIB: list[Any] = [0, -1, 1 << 17, 2.5, "8"]


def single_hand() -> Optional[Any]:
    """A hand in trick play under a single-hand contract (the sweep search), of the
    first preset with the ``single_hand`` option; ``None`` when none has it."""
    preset = next((g.name for g in hukm.games() if "single_hand" in g.options), None)
    if preset is None:
        return None
    s = hukm.game(preset, single_hand=True).new_game(0)
    rng = random.Random(0)
    while s.phase != "play":
        legal = s.legal_actions()
        s.apply("single" if "single" in legal else rng.choice(legal))
    assert s.observation(0)["soloist"] is not None
    return s


def test_the_sweep_search_takes_the_limits() -> None:
    """Single hand's sweep search is small (a hundred nodes) but runs under the same
    driver: a node limit below its size stops it, also asked for bounds (it gives
    none), and a generous time limit changes nothing."""
    state = single_hand()
    if state is None:
        pytest.skip("no preset with a single_hand option")
    full = hukm.solve(state)
    assert full.nodes > 20
    for bounds in (False, True):
        with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=20\)$"):
            hukm.solve(state, max_nodes=20, bounds=bounds, exact=True)
    again = hukm.solve(state, timeout=60.0, tt_mib=1)
    assert (again.value, again.actions) == (full.value, full.actions)
    for bad in BAD_TT_MIB:
        with pytest.raises(hukm.StateError, match="tt_mib"):
            hukm.solve(state, tt_mib=bad)


@pytest.mark.parametrize("name", [g.name for g in hukm.games()])
def test_bad_tt_mib_is_refused_alike(name: str) -> None:
    state = first_solvable(name)
    objectives = hukm.game(name).description.objectives
    calls: list[dict[str, Any]] = [{"objective": o.name} for o in objectives]
    if hukm.game(name).description.target:
        calls.append({"target": 1})
    for kw in calls:
        for bad in BAD_TT_MIB:
            with pytest.raises(hukm.StateError, match="tt_mib"):
                hukm.solve(state, tt_mib=bad, **kw)


def peak_rss_growth(case: Case, tt_mib: int) -> float:
    """MiB that one solve of three million nodes adds to a fresh process's peak memory
    (VmHWM of /proc/self/status: the process's own high-water mark; getrusage's maxrss
    would start from the parent's size at the fork)."""
    found = large(case)
    assert found is not None
    make = "deal_position" if found.whole_deal else "first_solvable"
    code = f"""
import hukm, sys
sys.path.insert(0, {str(__file__.rsplit('/', 1)[0])!r})
from test_limits import deal_position
from test_every_preset import first_solvable
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise SystemExit("no VmHWM")
state, kw = {make}({found.preset!r}, {found.seed}), {found.kw!r}
before = hwm()
try:
    hukm.solve(state, tt_mib={tt_mib}, max_nodes=3_000_000, exact=True, **kw)
except hukm.SolverLimitError:
    pass
print((hwm() - before) / 1024)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return float(out.stdout.strip())


MEMORY_CASES = [Case(f, family=True) for f in FAMILIES] + [c for c in CASES if c.family]
"""The memory check's cases: the first preset of each family with a large position, with
each of the family's objectives and its target."""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
@pytest.mark.parametrize("case", MEMORY_CASES, ids=case_id)
def test_tt_mib_bounds_the_table(case: Case) -> None:
    """The table grows up to ``tt_mib`` and no further: with a 2 MiB table one solve's
    memory stays within 2 + 16 MiB (the documented overhead of the search)."""
    large_or_skip(case)
    small = peak_rss_growth(case, 2)
    assert small < 2 + 16, small


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_a_larger_table_is_used() -> None:
    """A 256 MiB table lets a search grow beyond the 2 MiB bound (the table is used): the
    first family, in the catalog's order, whose large position's search does."""
    grown = []
    for case in (Case(f, family=True) for f in FAMILIES):
        if large(case) is None:
            continue
        small, big = peak_rss_growth(case, 2), peak_rss_growth(case, 256)
        if big > small + 12:
            return
        grown.append((case_id(case), small, big))
    raise AssertionError(f"no search used more than a 2 MiB table: {grown}")


@pytest.mark.parametrize("name", [g.name for g in hukm.games()])
def test_table_size_changes_no_answer(name: str) -> None:
    state = endgame(name, 2)
    a = hukm.solve(state, tt_mib=1)
    b = hukm.solve(state, tt_mib=64)
    c = hukm.solve(state)
    assert (a.value, a.actions) == (b.value, b.actions) == (c.value, c.actions)


@functools.lru_cache(maxsize=None)
def table_deal(family: str) -> Optional[tuple[Any, int, dict[str, Any]]]:
    """The first preset of ``family`` with a double-dummy table and a seeded deal whose
    table takes more than :data:`LARGE_SECONDS`, the deal's seed and the table's keywords
    (a table whose columns are not the leader takes the leader: seat 1); ``None`` when
    seeds 1 to :data:`SEEDS` give none."""
    for g in hukm.games():
        shape = None if g.description is None else g.description.table
        if g.family != family or shape is None:
            continue
        game = hukm.game(g.name)
        kw: dict[str, Any] = {} if shape.columns == "leader" else {"leader": 1}
        for seed in range(1, SEEDS + 1):
            try:
                game.dd_table(game.deal(seed), timeout=LARGE_SECONDS, threads=1, **kw)
            except hukm.SolverLimitError:
                return game, seed, kw
    return None


ALLOC_SCRIPT = """
import resource, sys
sys.path.insert(0, {tests!r})
import hukm
from test_limits import deal_position
from test_every_preset import endgame
game, kw = hukm.game({preset!r}), {kw!r}
deal, state = game.deal({seed}), deal_position({preset!r}, {seed})
assert state is not None
small = endgame({preset!r}, 1)
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))   # a 3 GiB address space
for call in (lambda: hukm.solve(state, tt_mib=8000),
             lambda: game.dd_table(deal, tt_mib=8000, threads=1, **kw),
             lambda: hukm.solve_many([state], tt_mib=8000, threads=1)):
    try:
        call()
        print("solved")
    except hukm.StateError as e:
        print("refused:", e)
print("alive", hukm.solve(small).value == hukm.solve(small, tt_mib=64).value)
"""


def test_a_table_the_machine_cannot_give_is_an_error_not_an_abort() -> None:
    """Under a memory limit, asking for an 8000 MiB table raises StateError (a fallible
    allocation) and the interpreter lives on (the first preset with a table, seed 1)."""
    info = next(g for g in hukm.games() if g.description is not None and g.description.table is not None)
    assert info.description is not None and info.description.table is not None
    kw = {} if info.description.table.columns == "leader" else {"leader": 1}
    code = ALLOC_SCRIPT.format(tests=str(__file__.rsplit("/", 1)[0]), preset=info.name, seed=1, kw=kw)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    assert lines[:3] == ["refused: cannot allocate a transposition table of 8000 MiB: ask for less with tt_mib"] * 3
    assert lines[3] == "alive True"


@pytest.mark.parametrize("family", [f for f in FAMILIES if any(
    g.family == f and g.description is not None and g.description.table is not None for g in hukm.games())])
def test_dd_table_limits(family: str) -> None:
    """The tables take the same limits: a time limit, a node limit, per thread (the
    first preset of each family with a table and a large deal)."""
    found = table_deal(family)
    if found is None:
        pytest.skip(f"no preset of {family} with a table has a large deal")
    game, seed, kw = found
    deal = game.deal(seed)
    t0 = time.monotonic()
    with pytest.raises(hukm.SolverLimitError, match=r"^solver time limit reached \(timeout=0\.3 s\)$"):
        game.dd_table(deal, timeout=0.3, threads=1, **kw)
    assert time.monotonic() - t0 < 2.0
    with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=20000\)$"):
        game.dd_table(deal, max_nodes=20_000, threads=1, **kw)


def first_large() -> tuple[Any, dict[str, Any]]:
    """The large position of the first preset that has one."""
    return next((x.state, x.kw) for x in map(large, (Case(g.name) for g in hukm.games())) if x is not None)


def test_best_line_time_limit_is_for_the_whole_line() -> None:
    state, _ = first_large()
    t0 = time.monotonic()
    with pytest.raises(hukm.SolverLimitError, match=r"^solver time limit reached \(timeout=0\.3 s\)$"):
        hukm.best_line(state, timeout=0.3)
    assert time.monotonic() - t0 < 1.3


def test_solve_many_names_the_limit() -> None:
    """A batch that reaches a limit says which limit and its value, as ``solve`` does."""
    state, _ = first_large()
    with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=50\)$"):
        hukm.solve_many([state, state], max_nodes=50, threads=1)
    with pytest.raises(hukm.SolverLimitError, match=r"^solver time limit reached \(timeout=0\.2 s\)$"):
        hukm.solve_many([state], timeout=0.2, threads=1)

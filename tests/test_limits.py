"""Every solve goes through one driver: ``timeout=``, Ctrl-C, ``max_nodes`` and ``tt_mib``
act the same way in every game and objective (the kot query and Naqsh included), with the
same messages."""

from __future__ import annotations

import _thread
import random
import subprocess
import sys
import threading
import time
from typing import Any, Callable

import pytest

import hukm


def _hands(pack: str, players: int, size: int, seed: int) -> str:
    cards = hukm.pack_cards(pack)
    random.Random(seed).shuffle(cards)
    return " ".join(hukm.format_hand(cards[i * size : (i + 1) * size], pack) for i in range(players))


def large(name: str) -> tuple[Any, dict[str, Any]]:
    """A position of each game and objective whose exact solve takes far more than a second."""
    if name == "hokm":
        g = hukm.Hokm("dehla_pakad")
        return g.from_deal(g.deal(1), trump="S", leader=0), {}
    if name == "kot":
        g = hukm.Hokm("dehla_pakad")
        return g.from_deal(g.deal(1), trump="S", leader=0), {"objective": "kot"}
    if name == "heap":
        g = hukm.Hokm("double_sar")
        return g.from_deal(g.deal(1), trump="S", leader=0), {}
    if name == "target":
        g = hukm.TwentyEight("56")  # deal 3: about 24 million nodes (deal 1 took 0.3 s)
        return g.from_deal(g.deal(3), bidder=0, leader=1, trump="S"), {"target": 20}
    if name == "twenty_eight":
        g = hukm.TwentyEight("56")
        return g.from_deal(g.deal(1), bidder=0, leader=1, trump="S"), {}
    if name == "ganjifa":
        return hukm.Ganjifa().from_deal(_hands("moghul", 3, 18, 1), leader=0), {}
    if name == "dugi":
        g = hukm.Dugi()
        return g.from_deal(g.deal(1), leader=0), {}
    if name == "dashavatara":
        return hukm.Dashavatara().from_deal(_hands("dashavatara", 3, 20, 1), leader=0), {}
    if name == "naqsh":
        return hukm.Naqsh(players=8, stake_mode="after_first_card", stake_max=20).new_game(5), {}
    if name == "trick":
        g = hukm.Hokm("hokm4")
        return g.from_deal(g.deal(23), trump="S", leader=0), {}  # about 1.7 million nodes
    if name == "sweep":
        return single_hand("56"), {}
    raise AssertionError(name)


def single_hand(preset: str) -> Any:
    """A hand of ``preset`` in trick play under a single-hand contract (the sweep search)."""
    s = hukm.TwentyEight(preset, single_hand=True).new_game(0)
    rng = random.Random(0)
    while s.phase != "play":
        legal = s.legal_actions()
        s.apply("single" if "single" in legal else rng.choice(legal))
    assert s.observation(0)["soloist"] is not None
    return s


GAMES = ["hokm", "kot", "heap", "target", "twenty_eight", "ganjifa", "dugi", "dashavatara", "naqsh"]
"""Every game and objective: tens then tricks (Dehla Pakad), the kot query, heaps (Double
Sar), card points with a target and without (56), tricks against a coalition (Ganjifa),
the challengers' sweep (Dugi), captured cards (Dashavatara) and Naqsh's bank."""


@pytest.mark.parametrize("name", GAMES)
def test_timeout_stops_a_large_solve(name: str) -> None:
    state, kw = large(name)
    t0 = time.monotonic()
    with pytest.raises(hukm.SolverLimitError, match=r"^solver time limit reached \(timeout=0\.3 s\)$"):
        hukm.solve(state, timeout=0.3, **kw)
    assert time.monotonic() - t0 < 1.3


@pytest.mark.parametrize("name", GAMES)
def test_ctrl_c_stops_a_large_solve(name: str) -> None:
    """Ctrl-C (a SIGINT raised for the main thread from another thread) stops the solve
    within a second, with KeyboardInterrupt."""
    state, kw = large(name)
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
    assert sent and time.monotonic() - sent[0] < 1.0


@pytest.mark.parametrize("name", GAMES + ["trick"])
def test_node_limit_for_the_whole_call(name: str) -> None:
    state, kw = large(name)
    with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=20000\)$"):
        hukm.solve(state, max_nodes=20_000, **kw)


THUNEE_DEAL = "T.KQ.Q.J9 AQ.AT..KQ 9.J.9AT.A JK.9.JK.T"


@pytest.mark.parametrize("name", ["target", "ganjifa", "dugi", "naqsh", "sweep", "thunee"])
def test_objectives_without_anytime_bounds_raise_even_when_asked(name: str) -> None:
    """An objective that gives no bounds raises its limit with ``bounds=True`` too: a
    value cut short is never returned as if it were exact."""
    if name == "thunee":
        state, kw = hukm.Thunee().from_deal(THUNEE_DEAL, trump="S", trumper=1), {}
        limit = 2_000
    else:
        state, kw = large(name)
        limit = 20 if name == "sweep" else 20_000
    with pytest.raises(hukm.SolverLimitError, match=rf"\(max_nodes={limit}\)$"):
        hukm.solve(state, max_nodes=limit, bounds=True, **kw)


def test_dashavatara_node_limit_holds_over_the_value_and_every_action() -> None:
    """Dashavatara solves the value and then each action: ``max_nodes`` holds for all of
    them together, so a budget the value alone fits but the whole call does not stops it,
    and the error names the ``max_nodes`` given."""
    game = hukm.Dashavatara()
    for seed in range(100):
        state = game.from_deal(_hands("dashavatara", 3, 8, seed), leader=0)
        root = hukm.solve(state, actions=False).nodes
        full = hukm.solve(state)
        if full.nodes - root >= 50:
            break
    else:
        raise AssertionError("no 8-card deal whose actions cost 50 nodes")
    budget = full.nodes - 1
    assert hukm.solve(state, max_nodes=budget, actions=False).value == full.value
    with pytest.raises(hukm.SolverLimitError, match=rf"^solver node limit reached \(max_nodes={budget}\)$"):
        hukm.solve(state, max_nodes=budget)
    again = hukm.solve(state, max_nodes=full.nodes)
    assert (again.value, again.actions, again.nodes) == (full.value, full.actions, full.nodes)


def test_the_sweep_search_takes_the_limits() -> None:
    """Single hand's sweep search is small (a hundred nodes) but runs under the same
    driver: a node limit below its size stops it, a generous time limit changes nothing."""
    state, _ = large("sweep")
    full = hukm.solve(state)
    assert full.nodes > 20
    with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=20\)$"):
        hukm.solve(state, max_nodes=20)
    again = hukm.solve(state, timeout=60.0, tt_mib=1)
    assert (again.value, again.actions) == (full.value, full.actions)


@pytest.mark.parametrize("name", GAMES + ["trick", "sweep"])
@pytest.mark.parametrize("bad", [0, -1, 1 << 17, 2.5, "8"])
def test_bad_tt_mib_is_refused_alike(name: str, bad: Any) -> None:
    state, kw = large(name)
    with pytest.raises(hukm.StateError, match="tt_mib"):
        hukm.solve(state, tt_mib=bad, **kw)


def peak_rss_growth(name: str, tt_mib: int) -> float:
    """MiB that one solve of three million nodes adds to a fresh process's peak memory
    (VmHWM of /proc/self/status: the process's own high-water mark; getrusage's maxrss
    would start from the parent's size at the fork)."""
    code = f"""
import hukm, sys
sys.path.insert(0, {str(__file__.rsplit('/', 1)[0])!r})
from test_limits import large
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise SystemExit("no VmHWM")
state, kw = large({name!r})
before = hwm()
try:
    hukm.solve(state, tt_mib={tt_mib}, max_nodes=3_000_000, **kw)
except hukm.SolverLimitError:
    pass
print((hwm() - before) / 1024)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return float(out.stdout.strip())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
@pytest.mark.parametrize("name", GAMES)
def test_tt_mib_bounds_the_table(name: str) -> None:
    """The table grows up to ``tt_mib`` and no further: with a 2 MiB table one solve's
    memory stays within 2 + 16 MiB (the documented overhead of the search); a 256 MiB
    table lets the whist-type searches grow beyond (the table is used)."""
    small = peak_rss_growth(name, 2)
    assert small < 2 + 16, small
    if name in ("hokm", "kot", "naqsh"):
        big = peak_rss_growth(name, 256)
        assert big > small + 12, (small, big)


SMALL: dict[str, Callable[[], Any]] = {
    "hokm4": lambda: hukm.Hokm().from_deal("AKJ6.J4.QT.A8 .AKT9.AK.T976 QT93.Q8.97.KJ .732.8653.Q54", trump="S", leader=0),
    "dehla_pakad": lambda: hukm.Hokm("dehla_pakad").from_deal("AT.T.2. KQ.9.3. J9.8.4. 8.7.T.T", trump="S", leader=0),
    "28": lambda: hukm.TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", bidder=0, leader=1, trump="H"),
    "ganjifa": lambda: hukm.Ganjifa().from_deal("..74.....8 .3.9.....5 .6.2....1.", leader=1),
    "dugi": lambda: hukm.Dugi().from_deal("KV...3.... 5.T9...... .4..2..1.. 2...1..T..", leader=0),
    "dashavatara": lambda: hukm.Dashavatara().from_deal(".3....T.... .1.......4. ......6...9", leader=0),
    "naqsh": lambda: hukm.Naqsh(players=3).from_deal("9.6...... 8.7...... T.5......", banker=2, stock="2GH+KGH"),
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_table_size_changes_no_answer(name: str) -> None:
    state = SMALL[name]()
    a = hukm.solve(state, tt_mib=1)
    b = hukm.solve(state, tt_mib=64)
    c = hukm.solve(state)
    assert (a.value, a.actions) == (b.value, b.actions) == (c.value, c.actions)


ALLOC_SCRIPT = """
import resource, sys
import hukm
g = hukm.Hokm()
deal = g.deal(3)
state = g.from_deal(deal, trump="S", leader=0)
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))   # a 3 GiB address space
for call in (lambda: hukm.solve(state, tt_mib=8000),
             lambda: g.dd_table(deal, tt_mib=8000, threads=1),
             lambda: hukm.solve_many([state], tt_mib=8000, threads=1)):
    try:
        call()
        print("solved")
    except hukm.StateError as e:
        print("refused:", e)
print("alive", hukm.solve(state).value == hukm.solve(state, tt_mib=64).value)
"""


def test_a_table_the_machine_cannot_give_is_an_error_not_an_abort() -> None:
    """Under a memory limit, asking for an 8000 MiB table raises StateError (a fallible
    allocation) and the interpreter lives on."""
    r = subprocess.run([sys.executable, "-c", ALLOC_SCRIPT], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    assert lines[:3] == ["refused: cannot allocate a transposition table of 8000 MiB: ask for less with tt_mib"] * 3
    assert lines[3] == "alive True"


@pytest.mark.parametrize("preset", ["56", "hokm4"])
def test_dd_table_limits(preset: str) -> None:
    """The tables take the same limits: a time limit, a node limit, per thread (the whist
    table of Hokm: 20 plain-trick solves of a deal of about 1.7 million nodes each)."""
    g: Any = hukm.game(preset)
    deal = g.deal(1 if preset == "56" else 23)
    kw = {"leader": 1} if preset == "56" else {}
    t0 = time.monotonic()
    with pytest.raises(hukm.SolverLimitError, match=r"^solver time limit reached \(timeout=0\.3 s\)$"):
        g.dd_table(deal, timeout=0.3, threads=1, **kw)
    assert time.monotonic() - t0 < 2.0
    with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=20000\)$"):
        g.dd_table(deal, max_nodes=20_000, threads=1, **kw)


def test_best_line_time_limit_is_for_the_whole_line() -> None:
    state, _ = large("hokm")
    t0 = time.monotonic()
    with pytest.raises(hukm.SolverLimitError, match=r"^solver time limit reached \(timeout=0\.3 s\)$"):
        hukm.best_line(state, timeout=0.3)
    assert time.monotonic() - t0 < 1.3


def test_solve_many_names_the_limit() -> None:
    """A batch that reaches a limit says which limit and its value, as ``solve`` does."""
    state, _ = large("hokm")
    with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=50\)$"):
        hukm.solve_many([state, state], max_nodes=50, threads=1)
    with pytest.raises(hukm.SolverLimitError, match=r"^solver time limit reached \(timeout=0\.2 s\)$"):
        hukm.solve_many([state], timeout=0.2, threads=1)

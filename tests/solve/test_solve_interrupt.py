"""A long solve releases the GIL, and Ctrl-C interrupts it promptly."""

from __future__ import annotations

import _thread
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import hukm

# A deal whose full table takes a while: every strain, every leader.
DEAL = "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"

SCRIPT = textwrap.dedent(
    """
    import random, sys, time
    import hukm
    rng = random.Random(1)
    deals = []
    for _ in range(400):
        pack = hukm.pack_cards()
        rng.shuffle(pack)
        deals.append(" ".join(hukm.format_hand(pack[i * 13:(i + 1) * 13]) for i in range(4)))
    game = hukm.Hokm()
    states = [game.from_deal(d, trump="S", leader=0) for d in deals]
    print("ready", flush=True)
    try:
        hukm.solve_many(states, threads=1)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(0)
    print("finished", flush=True)
    """
)


def test_ctrl_c_interrupts_a_long_batch() -> None:
    p = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=60)
    assert out.strip() == "interrupted"
    assert p.returncode == 0


def test_solving_releases_the_gil() -> None:
    """Another Python thread keeps running while a solve is under way."""
    states = [hukm.Hokm().from_deal(DEAL, trump=t, leader=0) for t in ("S", "H", "D", "C", None)]
    ticks = 0
    done = threading.Event()

    def counter() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=counter)
    t.start()
    start = time.perf_counter()
    hukm.solve_many(states * 20, threads=1)
    elapsed = time.perf_counter() - start
    done.set()
    t.join()
    # The counter ran during the solve (it would be starved if the GIL were held).
    assert ticks >= 1 or elapsed < 0.01


# A four-hand whist position of about ten million nodes for its value, twice that for
# every card's (bridge-solver's hard deal 2, spades, the first seat to lead): an exact
# solve of it runs on the calling thread.
HARD = "Q73.2.A762.AJ973 K84.AJT754.8.QT5 AT52.KQ986.KT43. J96.3.QJ95.K8642"


def test_ctrl_c_stops_a_whist_solve_on_the_calling_thread() -> None:
    """An exact four-hand whist solve runs on the thread that calls it (no worker
    thread), yet checks for signals while it searches: Ctrl-C stops it with
    KeyboardInterrupt well before it would end."""
    state = hukm.Hokm("hokm4").from_deal(HARD, trump="S", leader=0)
    sent: list[float] = []
    returned = threading.Event()

    def interrupt() -> None:
        if not returned.wait(0.3):
            sent.append(time.monotonic())
            _thread.interrupt_main()

    threading.Thread(target=interrupt, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            hukm.solve(state, exact=True)
    finally:
        returned.set()
    assert sent and time.monotonic() - sent[0] < 2.0


def test_a_whist_solve_on_the_calling_thread_releases_the_gil() -> None:
    """Another Python thread keeps running while an exact four-hand whist solve
    searches on the calling thread (stopped here by its node limit), and a solve
    made from a thread of its own gives the main thread's answer."""
    state = hukm.Hokm("hokm4").from_deal(HARD, trump="S", leader=0)
    ticks = 0
    done = threading.Event()

    def counter() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=counter)
    t.start()
    with pytest.raises(hukm.SolverLimitError, match=r"max_nodes=1000000"):
        hukm.solve(state, actions=False, exact=True, max_nodes=1_000_000)
    done.set()
    t.join()
    assert ticks >= 1
    small = hukm.Hokm("hokm4").from_deal(
        "QT.KQT8.Q9.QJT62 8.9654.AK7.AK953 AJ9653.3.JT53.74 K742.AJ72.8642.8", trump="H", leader=1
    )
    here = hukm.solve(small, exact=True)
    got: list[hukm.Solution] = []
    worker = threading.Thread(target=lambda: got.append(hukm.solve(small, exact=True)))
    worker.start()
    worker.join()
    assert got and (got[0].value, got[0].actions, got[0].nodes) == (here.value, here.actions, here.nodes)

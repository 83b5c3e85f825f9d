"""A long solve releases the GIL, and Ctrl-C interrupts it promptly."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
import time

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

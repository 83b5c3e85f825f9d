"""The terminal drawn for people: ``hukm play`` driven through a pseudo-terminal shows the
suits labelled (symbols for French packs, names for Ganjifa), the trick and its winner."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest

import hukm
from hukm.term import Screen, table_text, trick_winner_after

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def drive(argv: list[str], answer: str = "1", limit: float = 120.0) -> str:
    """Runs the command on a pseudo-terminal, answering every prompt with ``answer``."""
    main, sub = pty.openpty()
    env = dict(os.environ, COLUMNS="120", TERM="xterm-256color")
    proc = subprocess.Popen(argv, stdin=sub, stdout=sub, stderr=sub, env=env, close_fds=True)
    os.close(sub)
    out = b""
    t0 = time.monotonic()
    try:
        while time.monotonic() - t0 < limit:
            ready, _, _ = select.select([main], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(main, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
                if out.rstrip().endswith(b"to quit):"):
                    os.write(main, (answer + "\n").encode())
            elif proc.poll() is not None:
                break
    finally:
        proc.kill()
        proc.wait()
        os.close(main)
    return ANSI.sub("", out.decode("utf-8", "replace"))


@pytest.mark.parametrize(
    "game,labels",
    [
        ("hokm", ["♠", "♥", "♦", "♣"]),
        ("28", ["♠", "♥"]),
        ("ganjifa", ["Ghulam (GH)", "Qomash (QM)"]),
        ("dashavatara", ["Matsya (MA)", "Kalki (KA)"]),
        ("dugi", ["Ghulam (GH)"]),
    ],
)
def test_play_in_a_terminal_shows_labelled_suits_and_trick_winners(game: str, labels: list[str]) -> None:
    argv = [sys.executable, "-m", "hukm.cli", "play", game, "--seat", "0", "--seed", "3",
            "--bots", "heuristic", "--hands", "1", "--no-review"]
    out = drive(argv)
    for label in labels:
        assert label in out, (label, out[-2000:])
    assert "wins the trick with" in out, out[-2000:]
    assert "(you)" in out and "hand over" in out, out[-2000:]


def test_table_text_shows_the_trick_and_the_score() -> None:
    s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    s.apply("AS")
    s.apply("KS")
    text = table_text(s)
    assert "trick: seat 0 A♠   seat 1 K♠" in text
    assert "scores [0, 0]" in text
    assert trick_winner_after(s, "QS") is None
    s.apply("QS")
    assert trick_winner_after(s, "JS") == (0, "AS")


def test_the_viewer_sees_only_his_hand() -> None:
    s = hukm.TwentyEight().new_game(seed=4)
    text = table_text(s, viewer=1)
    assert "seat 1 (you):" in text and "seat 0: 4 cards" in text


def test_terminal_exports_a_picture() -> None:
    screen = Screen(record=True, width=100)
    screen.table(hukm.Ganjifa().new_game(seed=2), viewer=0)
    svg = screen.export_svg("hukm play ganjifa")
    assert svg.startswith("<svg") and "Ghulam" in svg

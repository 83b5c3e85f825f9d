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
from typing import Any

import pytest

import hukm
from hukm.cli.term import Screen, table_text, trick_winner_after

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
    assert "Tricks: seats 0 & 2: 0 · seats 1 & 3: 0" in text and "Match: seats 0 & 2: 0 · seats 1 & 3: 0" in text
    assert "[" not in text
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


DEAL = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"


def test_the_finished_trick_stays_in_the_terminal_until_the_next_card() -> None:
    s = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    for c in ["2C", "6C", "3C", "QC"]:
        s.apply(c)
    text = table_text(s)
    assert "last trick: seat 0 2♣   seat 1 6♣   seat 2 3♣   seat 3 Q♣   won by seat 3" in text
    s.apply("8S")
    text = table_text(s)
    assert "last trick" not in text and "trick: seat 3 8♠" in text


def test_show_analysis_prints_the_values(capsys: pytest.CaptureFixture[str]) -> None:
    from hukm.cli import main

    assert main(["show", "hokm", DEAL, "--trump", "S", "--leader", "0", "--actions", "2C 6C", "--analysis"]) == 0
    out = capsys.readouterr().out
    state = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    state.apply("2C")
    state.apply("6C")
    sol = hukm.solve(state)
    assert f"double dummy (all hands known) for seat {sol.player}'s side: {sol.value} more tricks" in out
    found = re.findall(r"([2-9TJQKA])([♠♥♦♣]) (\d+)", out.split("values:")[1])
    assert {r + "SHDC"["♠♥♦♣".index(g)]: int(v) for r, g, v in found} == sol.actions
    # A seeded deal is played to its first card (the README's picture command).
    assert main(["show", "hokm", "--seed", "7", "--analysis"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("settled by the heuristic bot: seat 3: trump ♦ diamonds\n"), out
    assert "double dummy (all hands known) for seat 3's side: " in out and "no double-dummy" not in out
    # Where the solver cannot answer, one line says why.
    assert main(["show", "28", "--seed", "1", "--actions", "bid:14", "--analysis"]) == 0
    assert "no double-dummy values here: " in capsys.readouterr().out


@pytest.mark.parametrize("game", ["hokm", "ganjifa", "dashavatara"])
def test_suit_colours_read_on_light_and_dark_terminals(game: str) -> None:
    """Every suit label is drawn on a card-coloured background of its own, in a colour
    dark enough to read on it: the terminal's theme (light or dark) never hides it."""
    import io

    from rich.color import Color
    from rich.style import Style

    from hukm.cli.term import _hand_rows

    state = hukm.game(game).new_game(seed=1)
    rows = _hand_rows(state, [])
    for label, style, _ in rows:
        st = Style.parse(style)
        assert st.color is not None and st.bgcolor is not None, label
        fg = st.color.get_truecolor()
        bg = st.bgcolor.get_truecolor()

        def lum(c: Any) -> float:
            def ch(v: int) -> float:
                x = v / 255
                return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
            return 0.2126 * ch(c.red) + 0.7152 * ch(c.green) + 0.0722 * ch(c.blue)

        ratio = (max(lum(fg), lum(bg)) + 0.05) / (min(lum(fg), lum(bg)) + 0.05)
        assert ratio >= 3.0, (label, style, ratio)
        assert lum(bg) > 0.7, (label, style)  # a light card face, on any theme
        assert Color.parse("white").get_truecolor() != fg
    # The colours reach a colour terminal as foreground and background codes.
    from rich.console import Console

    from hukm.cli.term import table

    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system="truecolor", width=100).print(table(state))
    assert "48;2;" in out.getvalue() and "38;2;" in out.getvalue()

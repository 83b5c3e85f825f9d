"""The ``hukm`` command (``hukm deal``; the README's main command ``hukm solve hokm --seed 7``
is tested in ``test_solve_api.py``)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

import hukm
from hukm.cli import main

from reference.hokm_ref import PACK52, parse_hand


def deal_line(out: str) -> list[list[str]]:
    """The hands of the ``deal:`` line of the command's output."""
    lines = [ln for ln in out.splitlines() if ln.startswith("deal: ")]
    assert len(lines) == 1, out
    return [parse_hand(h) for h in lines[0][len("deal: ") :].split()]


def test_deal_hokm_seed_7(capsys: pytest.CaptureFixture[str]) -> None:
    """A full four-hand deal of 52 distinct cards, the Hakem's first five among his cards,
    and the same deal as ``Hokm().new_game(seed=7)``."""
    assert main(["deal", "hokm", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    hands = deal_line(out)
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert sorted(c for h in hands for c in h) == sorted(PACK52)
    state = hukm.Hokm().new_game(seed=7)
    hakem = state.current_player
    first5 = list(state.observation(hakem)["hand"])
    assert len(first5) == 5 and set(first5) <= set(hands[hakem])
    shown = [ln for ln in out.splitlines() if "first five:" in ln]
    assert len(shown) == 1 and sorted(parse_hand(shown[0].split(": ")[-1])) == sorted(first5), out
    assert f"Hakem seat {hakem}" in out
    for seat in range(4):
        assert f"seat {seat}" in out


def test_deal_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed prints the same deal; another seed another one."""
    main(["deal", "hokm", "--seed", "7"])
    a = capsys.readouterr().out
    main(["deal", "hokm", "--seed", "7"])
    b = capsys.readouterr().out
    main(["deal", "hokm", "--seed", "8"])
    c = capsys.readouterr().out
    assert a == b and deal_line(a) != deal_line(c)


@pytest.mark.parametrize("game,players", [("hokm3", 3), ("hokm2", 2)])
def test_deal_other_presets(capsys: pytest.CaptureFixture[str], game: str, players: int) -> None:
    """hokm3 and hokm2 deals: one hand per seat, no card twice (hokm3 without 2C)."""
    assert main(["deal", game, "--seed", "3"]) == 0
    hands = deal_line(capsys.readouterr().out)
    assert len(hands) == players
    cards = [c for h in hands for c in h]
    assert len(cards) == len(set(cards))
    if players == 3:
        assert len(cards) == 51 and "2C" not in cards


def test_console_script() -> None:
    """The installed ``hukm`` command runs the README's main command."""
    exe = shutil.which("hukm")
    assert exe is not None, "the hukm console script is not on PATH"
    run = subprocess.run([exe, "deal", "hokm", "--seed", "7"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert len(deal_line(run.stdout)) == 4


def test_bad_game_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown game is refused with a usage error (exit code 2, one line), not a traceback."""
    assert main(["deal", "bridge", "--seed", "1"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hukm: ") and "bridge" in lines[0], captured.err
    assert captured.out == ""

"""Every ``hukm`` command of the README runs, and says what the README says it does.

The commands are read from the README itself (a new one fails
:func:`test_every_command_is_checked` until it is checked here). Where a command's size
would take minutes (a thousand hands, a hundred thousand deals) the test runs it smaller,
as :data:`SMALLER` says; ``serve`` and Ray's cluster are only parsed."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

import hukm
from hukm.cli import main
from hukm.cli.parser import build_parser

README = Path(__file__).resolve().parent.parent.parent / "README.md"
DEAL = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"
SMALLER = {"--hands 1000": "--hands 2", "--deals 100000": "--deals 20", "--deals 1000000": "--deals 20",
           "--deals 1000": "--deals 20", '"<deal>"': f'"{DEAL}"', "hokm --record hand.json": "hokm --record "
           "hand.json --bots heuristic", "--seat 0 --seed 7": "--seat 0 --seed 7 --bots heuristic",
           "--video hand.mp4": "--video hand.mp4 --step 6 --size 360p --fps 2"}
"""The README's sizes, made small enough for a test, and its bots the quick ones (the same
commands otherwise): the video of the first six actions, small."""
ONLY_PARSED = ("hukm serve", "--ray auto")
"""Commands that start a server or need a cluster: their arguments are parsed only."""


def commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    found = re.findall(r"`(hukm [^`]+ [^`]+)`", text)
    found += [m.split("#")[0].strip() for m in re.findall(r"^(?:pip install [^&]*&& )?(hukm .+)$", text, re.M)]
    return sorted({c for c in found if len(c.split()) > 2})


CHECKED = {
    "hukm deal hokm --seed 7", "hukm solve hokm --seed 7", 'hukm solve hokm "<deal>" --trump S --leader 0',
    "hukm show hokm --seed 7 --analysis --png deal.png", "hukm play hokm --seat 0 --seed 7",
    "hukm review hand.json --chart chart.png", "hukm serve --open",
    'hukm batch hokm --deals 1000 --out long.parquet --where "spades(hand(0)) >= 5" --where "aces(0) == 0"',
}
"""The README's commands; the tests below run them, and the commands of the guides that
make their input (``hukm play hokm --record hand.json`` records the hand reviewed)."""


def test_every_command_is_checked() -> None:
    assert set(commands()) == CHECKED


def argv(command: str) -> list[str]:
    for big, small in SMALLER.items():
        command = command.replace(big, small)
    import shlex

    return shlex.split(command)[1:]


def run(capsys: pytest.CaptureFixture[str], command: str) -> str:
    code = main(argv(command))
    out = capsys.readouterr()
    assert code == 0, (command, out.err)
    return out.out


def test_the_quick_start(capsys: pytest.CaptureFixture[str]) -> None:
    """'deals a seeded hand, prints it as a table and solves it exactly: for each trump (or
    no trump) and each seat on lead'; a given position's value and every card's; 'only
    deals'."""
    out = run(capsys, "hukm solve hokm --seed 7")
    table = out.split("leader:")[1].splitlines()
    assert table[0].split() == ["seat", "0", "seat", "1", "seat", "2", "seat", "3"], out
    assert [ln.rsplit(None, 4)[0] for ln in table[1:6]] == ["spades", "hearts", "diamonds", "clubs", "no trump"]
    assert "tricks the leader's side takes with best play" in out
    out = run(capsys, 'hukm solve hokm "<deal>" --trump S --leader 0')
    assert "double-dummy value: exact" in out and "card values:" in out
    state = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    assert len([ln for ln in out.splitlines() if re.match(r"  [2-9TJQKA][SHDC] ", ln)]) == len(state.legal_actions())
    out = run(capsys, "hukm deal hokm --seed 7")
    assert "double-dummy" not in out and "leader:" not in out and "deal: " in out


def test_pictures_play_replay_review(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """'draws a deal' with its double-dummy values (the README's picture caption); 'saves
    the hands you play'; 'one picture per action'; the video; the review 'card by card'
    with 'a chart of the value over the hand'."""
    pytest.importorskip("resvg_py")
    monkeypatch.chdir(tmp_path)
    out = run(capsys, "hukm show hokm --seed 7 --analysis --png deal.png")
    assert (tmp_path / "deal.png").stat().st_size > 0 and "values:" in out
    for command in ("hukm play hokm --record hand.json", "hukm play hokm --seat 0 --seed 7"):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
        out = run(capsys, command + " --no-review")
        assert "hand over: " in out
    record = hukm.HandRecord.from_json((tmp_path / "hand.json").read_text())
    out = run(capsys, "hukm replay hand.json --svg-frames frames/")
    assert len(list((tmp_path / "frames").glob("*.svg"))) == len(record.actions) + 1
    if pytest.importorskip("av"):
        run(capsys, "hukm replay hand.json --video hand.mp4")
        assert (tmp_path / "hand.mp4").stat().st_size > 0
    out = run(capsys, "hukm review hand.json --chart chart.png")
    assert (tmp_path / "chart.png").stat().st_size > 0 and "seat 0" in out


def test_match_batch_and_serve(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """'prints win rates with 95% intervals'; batch 'one row per deal', filtered deals;
    ``serve`` and Ray parsed."""
    monkeypatch.chdir(tmp_path)
    out = run(capsys, "hukm match 28 --bots pimc,heuristic --hands 1000")
    assert "95%" in out
    run(capsys, "hukm batch hokm --deals 100000 --seed 1 --out tables.npz --workers 2")
    import numpy as np

    with np.load(tmp_path / "tables.npz") as got:
        assert len(got["deals"]) == 20
    if pytest.importorskip("pyarrow"):
        run(capsys, 'hukm batch hokm --deals 1000 --out long.parquet --where "spades(hand(0)) >= 5" '
                    '--where "aces(0) == 0"')
        assert (tmp_path / "long.parquet").stat().st_size > 0
    parser = build_parser()
    for command in CHECKED:
        if any(x in command for x in ONLY_PARSED):
            assert parser.parse_args(argv(command)).func is not None

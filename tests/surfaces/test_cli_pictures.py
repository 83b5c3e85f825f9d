"""``hukm show``, ``hukm replay`` and ``hukm play --record``: the pictures and records the
command line writes, for every game of the registry."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import hukm
from hukm.cli import main

SVG = "{http://www.w3.org/2000/svg}"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def cards_of(state: hukm.State) -> list[str]:
    """Every card in the hands of ``state``, from its layout (suit groups in layout order)."""
    _, suits, cards = state.layout
    by = {(s, r): c for c, s, r, _ in cards}
    return [by[(s, r)] for h in state.hands() for s, group in enumerate(h.split(".")) if group != "-"
            for r in group]


def cards_drawn(path: Path, held: bool = False) -> list[str]:
    """The cards of a picture: in the hands and the trick in progress (``held``: those of
    the finished trick held on the table instead)."""
    root = ET.parse(path).getroot()
    return [el.attrib["data-card"] for el in root.iter()
            if "data-card" in el.attrib and (el.get("data-finished") == "1") == held]


@pytest.mark.parametrize("name", [g.name for g in hukm.games()])
def test_show_writes_the_seeded_deal(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    out_file = tmp_path / "deal.svg"
    code, out, err = run(capsys, "show", name, "--seed", "3", "--svg", str(out_file))
    assert code == 0, err
    assert f"wrote {out_file}" in out
    state = hukm.game(name).new_game(seed=3)
    want = sorted(cards_of(state))
    assert sorted(cards_drawn(out_file)) == want


def test_show_terminal_table_of_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "hokm", "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
                       "--trump", "S", "--leader", "0")
    assert code == 0
    assert "♠" in out and "A K J 6 4" in out and "trump: ♠ spades" in out


def test_show_analysis_marks_every_legal_card(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deal = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"
    out_file = tmp_path / "a.svg"
    code, _, err = run(capsys, "show", "hokm", deal, "--trump", "S", "--leader", "0", "--analysis",
                       "--svg", str(out_file))
    assert code == 0, err
    state = hukm.Hokm().from_deal(deal, trump="S", leader=0)
    values = hukm.solve(state).actions
    text = out_file.read_text()
    root = ET.fromstring(text)
    marked = {el.attrib["data-card"]: el for el in root.iter() if "data-value" in el.attrib}
    assert marked.keys() == values.keys()
    for card, el in marked.items():
        assert int(el.attrib["data-value"]) == values[card]


def test_show_actions_and_viewer(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "v.svg"
    code, _, err = run(capsys, "show", "hokm", "--seed", "2", "--advance", "9", "--viewer", "1",
                       "--svg", str(out_file))
    assert code == 0, err
    state = hukm.Hokm().new_game(seed=2)
    bot = hukm.bots.Heuristic(seed=2)  # the bot --advance uses
    for _ in range(9):
        state.apply(bot.act(state))
    drawn = set(cards_drawn(out_file))
    hands = [set(state.observation(1)["hand"])]
    # Only seat 1's hand is face up, with the cards on the table.
    assert hands[0] <= drawn
    assert len(drawn - hands[0]) == len(state.observation(1)["trick"])
    # After a trick and before the next card, the trick just won stays on the table.
    if not state.observation(1)["trick"]:
        assert sorted(cards_drawn(out_file, held=True)) == sorted(state.observation(1)["tricks"][-1]["cards"])


@pytest.mark.parametrize(
    "argv,message",
    [
        (["show", "hokm", "--seed", "1", "--actions", "ZZ"], "ZZ"),
        (["show", "hokm", "--seed", "1", "--viewer", "7"], "viewer"),
        (["show", "hokm", "--seed", "1", "--svg", "/nonexistent/dir/x.svg"], "/nonexistent/dir/x.svg"),
        (["replay", "/nonexistent/record.json"], "record.json"),
    ],
)
def test_bad_show_and_replay_input(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err


def test_replay_writes_one_frame_per_action(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = hukm.game("dashavatara").new_game(seed=4)
    bot = hukm.bots.Heuristic(seed=1)
    for _ in range(12):
        state.apply(bot.act(state))
    rec = tmp_path / "hand.json"
    rec.write_text(state.record().to_json())
    frames = tmp_path / "frames"
    code, out, err = run(capsys, "replay", str(rec), "--svg-frames", str(frames))
    assert code == 0, err
    files = sorted(frames.glob("*.svg"))
    assert len(files) == len(state.history()) + 1  # the deal, then one per action
    for f in files:
        ET.parse(f)  # well-formed
    # The last frame draws the position reached.
    after = sorted(cards_drawn(files[-1]))
    on_table = [c for _, c in state.observation(0)["trick"]]
    assert sorted(cards_of(state) + on_table) == after
    code, out, err = run(capsys, "replay", str(rec), "--step", "5")
    assert code == 0, err
    assert "5 of 12 actions" in out


def play_recorded(rec: Path) -> None:
    """``hukm play hokm`` for one hand against random bots, recorded to ``rec``."""
    r = subprocess.run(
        [sys.executable, "-m", "hukm.cli", "play", "hokm", "--bots", "random", "--hands", "1", "--seed", "4",
         "--no-review", "--record", str(rec)],
        input="1\n" * 400, capture_output=True, text=True, timeout=300,
    )
    assert r.returncode == 0, r.stderr


def test_play_record_replays_the_hand(tmp_path: Path) -> None:
    rec = tmp_path / "hand.json"
    play_recorded(rec)
    record = hukm.HandRecord.from_json(rec.read_text())
    state = hukm.replay(record)
    assert state.is_terminal() or state.observation(0)["hand_number"] > 1
    assert record.preset == "hokm4" and len(record.actions) >= 4 * 7


def test_play_record_pbn(tmp_path: Path) -> None:
    """``hukm play --record hand.pbn`` writes the hands played as PBN (one game per
    hand); ``hukm replay hand.pbn --board 1`` replays the first."""
    from hukm import pbn

    out = tmp_path / "hand.pbn"
    play_recorded(out)
    records = pbn.loads(out.read_bytes())
    assert records and all(rec.preset == "hokm4" for rec in records)
    assert len(records[0].actions) >= 4 * 7 and hukm.replay(records[0]).is_terminal()
    r = subprocess.run([sys.executable, "-m", "hukm.cli", "replay", str(out), "--board", "1", "--step", "4"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "4 of" in r.stdout
    board = Path(__file__).parent.parent / "data" / "lin" / "20784120.lin"
    r = subprocess.run([sys.executable, "-m", "hukm.cli", "replay", str(board)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "hokm4: 21 of 21 actions" in r.stdout


def test_show_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import struct

    out_file = tmp_path / "deal.png"
    code, _, err = run(capsys, "show", "ganjifa", "--seed", "7", "--png", str(out_file))
    assert code == 0, err
    data = out_file.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1280, 720)

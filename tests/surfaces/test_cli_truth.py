"""The command line and records tell the truth (issue 52, points 9 to 12): the side
counted is the player to move's unless the user asks about another, named in words;
bridge records show bridge's roles; ``hukm show --analysis`` of a seeded deal shows
values; help texts, ranges and messages agree with the API; units agree in number."""

from __future__ import annotations

from pathlib import Path

import pytest

import hukm
from hukm.cli import main
from hukm.cli.solve import amount

PBN = Path(__file__).resolve().parent.parent / "data" / "pbn" / "bbo_aba_17901.pbn"
DEAL = "N:AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_side_counted_is_the_player_to_move(capsys: pytest.CaptureFixture[str]) -> None:
    """Point 9: Dehla Pakad seed 7 has seat 3 on lead; the value is his side's, as
    ``hukm.solve`` counts it, and the best cards are the highest values."""
    code, out, _ = run(capsys, "solve", "dehla_pakad", "--seed", "7")
    assert code == 0
    state = hukm.game("dehla_pakad").new_game(7)
    bot = hukm.bots.Heuristic(seed=7)
    while state.phase != "play":
        state.apply(bot.act(state))
    assert state.current_player == 3
    sol = hukm.solve(state, exact=True)
    assert sol.player == 3
    assert (f"double-dummy value: exact {amount(sol.value, 'tens')} for the side of seat 3 (seats 1 and 3), "
            "the player to move") in out, out
    best = max(sol.actions.values())
    for action, value in sol.actions.items():
        line = next(x for x in out.splitlines() if x.startswith(f"  {action} "))
        assert line.split()[1] == str(value) and (line.endswith("best") == (value == best)), line
    # Asked about another seat, that seat's side is counted and named.
    code, out, _ = run(capsys, "solve", "dehla_pakad", "--seed", "7", "--player", "0")
    assert "for the side of seat 0 (seats 0 and 2)" in out and "the player to move" not in out


def test_bridge_records_show_bridges_roles(capsys: pytest.CaptureFixture[str]) -> None:
    """Point 10: a board of a real tournament file reads as bridge: its dealer, declarer
    and contract (no trump said as such), no Hakem."""
    code, out, _ = run(capsys, "replay", str(PBN), "--board", "1", "--step", "5")
    head = out.splitlines()[0]
    assert code == 0 and "Hakem" not in out and "not named yet" not in out
    assert "dealer N (seat 0)" in head and "declarer S (seat 2)" in head and "contract 2♥" in head
    assert "opening lead W (seat 3)" in out
    code, out, _ = run(capsys, "replay", str(PBN), "--board", "7")
    assert code == 0 and "contract 2 no trump" in out and "not named yet" not in out and "Hakem" not in out
    with open(PBN, encoding="utf-8") as f:
        board = hukm.pbn.load(f)[0]
    svg = hukm.svg.frames(board, step=1)[-1]
    assert "Hakem" not in svg and "declarer" in svg and "dummy" in svg and "Contract: 2♥" in svg
    # A position with no trump says so once, in words.
    code, out, _ = run(capsys, "solve", "hokm", DEAL, "--trump", "N", "--leader", "3")
    assert code == 0 and "no trump, seat 3 to lead" in out and "not chosen" not in out and "not named" not in out


def test_show_analysis_of_a_seeded_deal_has_values(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Point 11: the README's picture command draws the deal with its double-dummy values
    (played to its first card), and ``--trump`` settles a seeded deal's trump."""
    pytest.importorskip("resvg_py")
    png = tmp_path / "deal.png"
    code, out, err = run(capsys, "show", "hokm", "--seed", "7", "--analysis", "--png", str(png))
    assert code == 0 and png.stat().st_size > 0, err
    assert "no double-dummy values" not in out and "values:" in out
    code, out, err = run(capsys, "show", "hokm", "--seed", "7", "--trump", "S", "--analysis")
    assert code == 0 and "trump ♠ spades" in out and "values:" in out, err


def test_help_ranges_and_messages_agree_with_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    """Point 12: ``replay`` reads PBN and LIN; threads range 1..1024 on the command line
    and in every API; ``--timeout 0`` is taken as the API takes it; the bad trump message
    names the command line's N; one ten is '1 ten'."""
    _, text, _ = run(capsys, "--help")
    assert "replay a hand record (JSON, PBN or LIN)" in text, text
    code, _, err = run(capsys, "solve", "hokm", DEAL, "--trump", "S", "--threads", "2000")
    assert code == 2 and "2000 is above 1024" in err
    game = hukm.game("hokm4")
    for call in (lambda: hukm.Solver(game, threads=2000), lambda: game.dd_table(DEAL, threads=2000)):
        with pytest.raises(hukm.StateError, match="1..1024"):
            call()
    # --timeout 0: the parser takes it; the answer is the API's (a table stops at once).
    code, _, err = run(capsys, "solve", "hokm", "--seed", "7", "--timeout", "0")
    assert "not a number of seconds" not in err
    with pytest.raises(hukm.SolverLimitError):
        game.dd_table(game.deal(7), timeout=0)
    assert code != 0 and "time limit" in err
    code, _, err = run(capsys, "solve", "hokm", DEAL, "--trump", "X")
    assert code == 2 and "(N, NT or none: no trump)" in err and "None for no trump" not in err
    assert (amount(1, "tens"), amount(4, "tens"), amount(1, "tricks collected")) == (
        "1 ten", "4 tens", "1 trick collected")

"""The ``hukm`` command for Twenty-eight: ``hukm solve 28 "<deal>" --trump H --bidder 0
--leader 1`` (card values), ``--indicator 8H --target t`` (outcomes) and
``hukm solve 28 --seed 7`` (the table of makeable bids)."""

from __future__ import annotations

import pytest

from hukm.cli import main

DEAL = "J9..A. 7.KQ.. 8..T9. Q..87."


def test_solve_a_deal_with_open_trumps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "28", DEAL, "--trump", "H", "--bidder", "0", "--leader", "1"]) == 0
    out = capsys.readouterr().out
    assert "double-dummy value: exact 3 card points" in out
    assert "7S    3  best" in out


def test_solve_a_concealed_deal_for_a_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "28", DEAL, "--indicator", "AD", "--bidder", "0", "--target", "5"]) == 0
    assert "outcome for the bidding side, target 5: made" in capsys.readouterr().out


def test_table_of_makeable_bids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "28", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "trump S" in out and "highest makeable bid" in out
    rows = [line.split()[2:] for line in out.splitlines() if line.startswith("trump ")]
    assert len(rows) == 4 and all(len(r) == 4 for r in rows)


def test_bad_input_is_an_error_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "28", DEAL, "--trump", "H", "--indicator", "AD"]) == 2
    assert main(["solve", "28", DEAL, "--indicator", "9H"]) == 2
    assert "not in the hand" in capsys.readouterr().err
    assert main(["deal", "29", "--seed", "1"]) == 0


def test_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    # kq_negative: the two sides share 28 - 8 = 20 points; a bad value is named.
    assert main(["solve", "28", "--seed", "7", "--option", "kq_negative=on"]) == 0
    rows = [line.split()[2:] for line in capsys.readouterr().out.splitlines() if line.startswith("trump ")]
    assert all(int(r[0]) + int(r[1]) == 20 for r in rows)
    args = ["solve", "28", DEAL, "--indicator", "AD", "--option", "unrevealed_trump=forced_last"]
    assert main(args) == 0
    assert "card points" in capsys.readouterr().out
    assert main(["solve", "28", DEAL, "--trump", "H", "--option", "kq_negative=maybe"]) == 2
    assert "kq_negative" in capsys.readouterr().err

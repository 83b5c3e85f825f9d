"""The brute-force reference itself against the rules text (docs/rules/hokm.md §6.1, §7.1, §8.2, §15),
and the perft file against the reference (so a hand-edited count is caught)."""

from __future__ import annotations

import pytest

from reference.hokm_ref import (
    Position,
    format_hand,
    hand_over,
    hokm3_winner,
    legal,
    parse_hand,
    perft,
    trick_winner_offset,
)
from reference.make_perft import DATA as PERFT_FILE, parse_file


def test_example1_legal_sets() -> None:
    """Example 1: a void seat may play anything; a seat with hearts must follow."""
    assert legal(parse_hand("A5..KQ7.9"), ["KH"]) == ["AS", "5S", "KD", "QD", "7D", "9C"]
    assert legal(parse_hand("Q.A32.J.8"), ["KH", "5S"]) == ["AH", "3H", "2H"]
    assert len(legal(parse_hand("KJ..A4.T6"), ["KH", "5S", "AH"])) == 6


def test_example1_trick_winner() -> None:
    """Example 1: KH 5S AH KS with spades trumps -> KS; with AD instead, 5S wins."""
    assert trick_winner_offset(["KH", "5S", "AH", "KS"], "S") == 3
    assert trick_winner_offset(["KH", "5S", "AH", "AD"], "S") == 1
    assert trick_winner_offset(["KH", "5S", "AH", "AD"], None) == 2


@pytest.mark.parametrize(
    "counts,remaining,over",
    [
        ([7, 4, 3], 3, False),  # 4 + 3 = 7: not over
        ([7, 4, 4], 2, True),  # 4 + 2 < 7: clinch
        ([8, 3, 1], 5, False),  # 3 + 5 = 8
        ([8, 2, 2], 5, True),
        ([7, 0, 0], 10, True),  # kot
        ([7, 1, 0], 9, False),  # neither kot nor clinch
        ([7, 5, 3], 2, False),
        ([7, 6, 3], 1, False),
        ([7, 7, 3], 0, True),
        ([7, 5, 5], 0, True),
    ],
)
def test_hokm3_stop_rule(counts: list[int], remaining: int, over: bool) -> None:
    """§8.2 and §14.10/11 examples."""
    assert hand_over(counts, remaining, "hokm3", 3) is over


def test_hokm3_winners() -> None:
    """Example 3: 7-7-3 at the end -> the player with 3 wins; 7-4-4 -> P0 clinches."""
    assert hokm3_winner([7, 7, 3], 0) == 2
    assert hokm3_winner([7, 4, 4], 2) == 0
    assert hokm3_winner([0, 7, 0], 10) == 1
    assert hokm3_winner([7, 4, 3], 3) is None


def test_first_to_7_and_play_all() -> None:
    """§8.1: first_to_7 stops at 7, play_all never before the cards run out."""
    assert hand_over([7, 2], 4, "first_to_7", 4)
    assert not hand_over([6, 2], 5, "first_to_7", 4)
    assert not hand_over([7, 2], 4, "play_all", 4)
    assert hand_over([7, 6], 0, "play_all", 4)


def test_tiny_perft_by_hand() -> None:
    """Two cards each, no trump, 2 players: counted by hand.

    Seat 0 holds AS 2H, seat 1 holds KS 3H, seat 0 leads. Leads AS: seat 1 must play KS, then
    2H/3H is forced: 1 line. Leads 2H: seat 1 must play 3H (wins), leads KS, AS forced: 1 line.
    """
    pos = Position([parse_hand("A.2.."), parse_hand("K.3..")], None, 0, [0, 0], "first_to_7")
    assert perft(pos, None) == 2
    assert perft(pos, 1) == 2
    pos2 = Position([parse_hand("A.2.."), parse_hand("..K.3")], None, 0, [0, 0], "first_to_7")
    assert perft(pos2, None) == 4  # seat 1 is void in both suits: free choice twice


def test_format_round_trip() -> None:
    """The reference's own notation helpers agree with each other."""
    for text in ["AKQ.T9..5432", "...", "AKQJT98765432...", ".QT9873.KQ943.J7"]:
        assert format_hand(parse_hand(text)) == text


def test_perft_file_matches_reference() -> None:
    """Every count in the file is the reference's count (cheap lines only: count < 50,000)."""
    checked = 0
    for line, count in parse_file(PERFT_FILE):
        if count < 50_000:
            assert perft(line.position(), line.depth) == count, line.render(count)
            checked += 1
    assert checked >= 15


def test_kot_choice_by_hand() -> None:
    """kot_choice (§8.1), two players, 6-0 up, two cards each, no trump, seat 0 leads.

    Seat 0 holds AS KS, seat 1 2H 3H: every first trick makes 7-0, then stop (ends) or continue
    (one more trick): 2 leads x 2 replies x 2 decisions = 8 lines (4 under first_to_7)."""
    hands = [parse_hand("AK..."), parse_hand(".32..")]
    pos = Position([list(h) for h in hands], None, 0, [6, 0], "kot_choice")
    assert perft(pos, None) == 8
    assert perft(Position([list(h) for h in hands], None, 0, [6, 0], "first_to_7"), None) == 4
    after = pos.play("AS").play("2H")
    assert after.choice_pending() and after.to_play == 0
    assert sorted(after.legal()) == ["continue", "stop"]
    assert after.play("stop").is_over()
    cont = after.play("continue")
    assert not cont.is_over() and cont.legal() == ["KS"]


def test_kot_choice_continue_and_lose() -> None:
    """After continue, the hand ends when the kot side loses a trick (here the last one).

    Seat 0 AS 2C, seat 1 2S AC: leading AS gives 7-0 (stop / continue: 2 lines); leading 2C
    loses the trick (6-1) and the hand is an ordinary first-to-7 (1 line): 3 in all."""
    pos = Position([parse_hand("A...2"), parse_hand("2...A")], None, 0, [6, 0], "kot_choice")
    assert perft(pos, None) == 3
    lost = pos.play("AS").play("2S").play("continue").play("2C").play("AC")
    assert lost.is_over() and lost.tricks_won == [7, 1]

"""The worked examples of docs/rules/hokm.md §15 that concern hokm4, hokm3 and hokm2, and the
examples of §8.2, set up through ``Hokm.from_deal`` (and ``new_game`` for rotation)."""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

import pytest

import hukm
from reference.hokm_ref import PACK52, format_deal


def deal_with(required: Sequence[Sequence[str]], size: int, avoid: Sequence[str] = ()) -> str:
    """A deal where seat ``i`` holds ``required[i]`` filled up to ``size`` cards with the
    lowest unused cards (clubs first, from the two up), none from ``avoid``."""
    used = {c for hand in required for c in hand} | set(avoid)
    spare = [c for c in reversed(PACK52) if c not in used]
    hands = []
    for req in required:
        hand = list(req)
        while len(hand) < size:
            hand.append(spare.pop(0))
        hands.append(hand)
    return format_deal(hands)


def play(state: Any, cards: Sequence[str]) -> None:
    """Apply ``cards`` in order, checking each is offered first."""
    for c in cards:
        assert c in state.legal_actions(), f"{c} not legal: {state.legal_actions()}"
        state.apply(c)


def tricks(state: Any, seat: int = 0) -> list[int]:
    """The observed trick counts."""
    return [int(x) for x in state.observation(seat)["tricks_won"]]


# ---------------------------------------------------------------- Example 1 (hokm4)

EX1_DEAL = "KJ..A4.T6 9.KQ.8.54 A5..KQ7.9 Q.A32.J.8"
"""Example 1's hands (seat 1's other cards chosen freely), six cards each, seat 1 to lead."""


def ex1_state() -> Any:
    """Example 1: trump S, seat 1 (Hakem) leads, 7 tricks already played (3 to A, 4 to B)."""
    return hukm.Hokm("hokm4").from_deal(EX1_DEAL, trump="S", leader=1, hakem=1, tricks_won=[3, 4])


def test_example1_follow_suit_and_ruff() -> None:
    """Seat 2 (void in hearts) may play anything; seat 3 must follow; KS wins; seat 0 leads."""
    state = ex1_state()
    assert state.current_player == 1
    state.apply("KH")
    assert state.current_player == 2
    assert state.legal_actions() == ["AS", "5S", "KD", "QD", "7D", "9C"]
    state.apply("5S")
    assert state.legal_actions() == ["AH", "3H", "2H"]
    with pytest.raises(hukm.IllegalActionError):
        state.apply("QS")  # seat 3 holds a spade but must follow hearts
    with pytest.raises(hukm.IllegalActionError):
        state.apply("JD")
    state.apply("AH")
    assert state.observation(0)["trick"] == [[1, "KH"], [2, "5S"], [3, "AH"]]
    assert state.legal_actions() == ["KS", "JS", "AD", "4D", "TC", "6C"]
    state.apply("KS")
    assert state.current_player == 0
    assert tricks(state) == [4, 4]
    assert state.observation(0)["trick"] == []
    assert not state.is_terminal()


def test_example1_variation_discard() -> None:
    """Had seat 0 discarded AD, 5S would have won for seat 2."""
    state = ex1_state()
    play(state, ["KH", "5S", "AH", "AD"])
    assert state.current_player == 2
    assert tricks(state) == [4, 4]


def test_example1_without_trumps() -> None:
    """The same trick with no trump: the ace of the suit led wins for seat 3."""
    state = hukm.Hokm("hokm4").from_deal(EX1_DEAL, trump=None, leader=1, tricks_won=[3, 4])
    play(state, ["KH", "5S", "AH", "KS"])
    assert state.current_player == 3
    assert tricks(state) == [3, 5]


# ---------------------------------------------------------------- Example 3 and §8.2 (hokm3)


def hokm3_state(required: Sequence[Sequence[str]], size: int, won: list[int], leader: int, hakem: int = 0) -> Any:
    """A three-player position with trick counts ``won`` and ``size`` cards each, no trump."""
    deal = deal_with(required, size, avoid=["2C"])
    return hukm.Hokm("hokm3").from_deal(deal, trump=None, leader=leader, hakem=hakem, tricks_won=won)


def test_example3_clinch_7_4_4() -> None:
    """7-4-3 after 14 tricks is not over; P2 wins trick 15 -> 7-4-4, R = 2 -> P0 clinches, scores 1."""
    state = hokm3_state([["2S"], ["3S"], ["AS"]], 3, [7, 4, 3], leader=2)
    assert not state.is_terminal()
    play(state, ["AS", "2S", "3S"])
    assert state.is_terminal()
    assert tricks(state) == [7, 4, 4]
    assert state.returns() == [1.0, 0.0, 0.0]


def test_example3_tie_7_7_3() -> None:
    """P1 wins tricks 15, 16, 17: 7-5-3 and 7-6-3 are not clinches; 7-7-3 -> P2 wins, scores 1."""
    state = hokm3_state([["2S", "2H", "2D"], ["AS", "AH", "AD"], ["3S", "3H", "3D"]], 3, [7, 4, 3], leader=1)
    play(state, ["AS", "3S", "2S"])
    assert not state.is_terminal() and tricks(state) == [7, 5, 3]
    play(state, ["AH", "3H", "2H"])
    assert not state.is_terminal() and tricks(state) == [7, 6, 3]
    play(state, ["AD", "3D", "2D"])
    assert state.is_terminal()
    assert state.current_player == -1
    assert state.returns() == [0.0, 0.0, 1.0]


def test_example3_late_clinch_8_5_3() -> None:
    """P1 wins trick 15 (7-5-3, R = 2, goes on); P0 wins trick 16 -> 8-5-3, R = 1 -> P0 clinches."""
    state = hokm3_state([["2S", "AH", "2D"], ["AS", "3H", "AD"], ["3S", "2H", "3D"]], 3, [7, 4, 3], leader=1)
    play(state, ["AS", "3S", "2S"])
    assert not state.is_terminal()
    play(state, ["3H", "2H", "AH"])
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0, 0.0]


@pytest.mark.parametrize(
    "won,size,over,returns",
    [
        ([7, 3, 1], 6, False, None),  # 8-3-1 after 12: not over (3 + 5 = 8)
        ([7, 2, 2], 6, True, [1.0, 0.0, 0.0]),  # 8-2-2 after 12: over
        ([6, 1, 0], 10, False, None),  # 7-1-0 after 8: neither kot nor clinch
        ([6, 0, 0], 11, True, [2.0, 0.0, 0.0]),  # 7-0-0: kot by the Hakem (P0): 2 points
    ],
)
def test_section_8_2_examples(won: list[int], size: int, over: bool, returns: Optional[list[float]]) -> None:
    """P0 wins the next trick (AS led, no trump) from the given counts."""
    state = hokm3_state([["AS"], ["KS"], ["QS"]], size, won, leader=0, hakem=0)
    play(state, ["AS", "KS", "QS"])
    assert state.is_terminal() is over
    if over:
        assert state.returns() == returns
    else:
        assert tricks(state) == [won[0] + 1, won[1], won[2]]
        assert state.current_player == 0


def test_hokm3_kot_against_the_hakem() -> None:
    """7-0-0 by a player who is not the Hakem scores 3 (§9.2)."""
    state = hokm3_state([["AS"], ["KS"], ["QS"]], 11, [6, 0, 0], leader=0, hakem=1)
    play(state, ["AS", "KS", "QS"])
    assert state.is_terminal()
    assert state.returns() == [3.0, 0.0, 0.0]


def test_hokm3_7_4_4_is_a_clinch_not_a_tie() -> None:
    """§14.10: 7-5-5 at the end is a clinch for the leader, not a tie (P0 scores, not P1/P2)."""
    state = hokm3_state([["AS"], ["KS"], ["QS"]], 1, [6, 5, 5], leader=0)
    play(state, ["AS", "KS", "QS"])
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0, 0.0]


# ---------------------------------------------------------------- Example 6 (hokm4 scoring)

KOT_DEAL = format_deal(
    [
        [r + "S" for r in "AKQJT98"] + [r + "C" for r in "AKQJT9"],
        [r + "H" for r in "AKQJT98"] + [r + "D" for r in "AKQJT9"],
        [r + "S" for r in "765432"] + [r + "C" for r in "8765432"],
        [r + "H" for r in "765432"] + [r + "D" for r in "8765432"],
    ]
)
"""Team A (seats 0, 2) holds spades and clubs, team B hearts and diamonds: with spades
trumps and first-legal-card play, team A wins every trick."""


def play_first_legal(state: Any, limit: int = 60) -> list[str]:
    """Play the first legal card until the hand ends; returns the cards played."""
    out: list[str] = []
    while not state.is_terminal() and len(out) < limit:
        card = state.legal_actions()[0]
        state.apply(card)
        out.append(card)
    return out


@pytest.mark.parametrize("hakem,expected", [(1, 3.0), (0, 2.0)])
def test_example6_hakem_koti(hakem: int, expected: float) -> None:
    """Side A wins tricks 1-7: against Hakem seat 1 a Hakem koti (3); as the Hakem's side a kot (2).

    The hand stops after seven tricks (first_to_7): 28 cards played."""
    state = hukm.Hokm("hokm4").from_deal(KOT_DEAL, trump="S", leader=1, hakem=hakem)
    played = play_first_legal(state)
    assert len(played) == 28
    assert state.is_terminal()
    assert state.returns() == [expected, 0.0, expected, 0.0]


def test_example6_kot_under_play_all() -> None:
    """With stop_rule=play_all the same hand goes on to 13 tricks."""
    state = hukm.Hokm("hokm4", stop_rule="play_all").from_deal(KOT_DEAL, trump="S", leader=1, hakem=1)
    played = play_first_legal(state)
    assert len(played) == 52
    assert state.is_terminal()
    assert state.observation(0)["tricks_won"] == [13, 0]


def test_example6_variation_ordinary_win() -> None:
    """Side B (Hakem's side) wins 7-3 in tricks: B scores 1 (not a kot)."""
    state = hukm.Hokm("hokm4").from_deal(
        deal_with([["2S"], ["AS"], ["3S"], ["4S"]], 4), trump=None, leader=1, hakem=1, tricks_won=[3, 6]
    )
    play(state, ["AS", "3S", "4S", "2S"])
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0, 0.0, 1.0]


def test_hokm2_scoring() -> None:
    """§9.3: the non-Hakem taking tricks 1-7 scores 3; an ordinary first-to-7 scores 1."""
    hands = [
        [r + "S" for r in "AKQJT98"] + [r + "H" for r in "AKQJT9"],
        [r + "D" for r in "AKQJT98"] + [r + "C" for r in "AKQJT9"],
    ]
    state = hukm.Hokm("hokm2").from_deal(format_deal(hands), trump="S", leader=0, hakem=1)
    played = play_first_legal(state)
    assert len(played) == 14
    assert state.returns() == [3.0, 0.0]
    state = hukm.Hokm("hokm2").from_deal(deal_with([["AS"], ["KS"]], 2), trump=None, leader=0, tricks_won=[6, 5])
    play(state, ["AS", "KS"])
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]


def first_hand_outcome(seed: int, preset: str = "hokm4") -> tuple[int, int, Any]:
    """Play the first hand of a match with seeded random actions.

    Returns (old Hakem, old dealer, state right after the hand ended)."""
    rng = random.Random(seed)
    state = hukm.Hokm(preset).new_game(seed=seed)
    obs = state.observation(0)
    hakem, dealer = int(obs["hakem"]), int(obs["dealer"])
    start = [int(x) for x in obs["scores"]]
    while [int(x) for x in state.observation(0)["scores"]] == start:
        state.apply(rng.choice(state.legal_actions()))
    return hakem, dealer, state


@pytest.mark.parametrize("preset", ["hokm4", "hokm3", "hokm2"])
def test_example6_rotation(preset: str) -> None:
    """Hakem's side won -> same Hakem and dealer; else dealer := old Hakem, Hakem := next(old Hakem).

    Seeds are searched until both outcomes have been seen (and, for hokm4, the Hakem was seat 1
    at least once, as in the example)."""
    n = {"hokm4": 4, "hokm3": 3, "hokm2": 2}[preset]
    seen = set()
    saw_seat1 = False
    for seed in range(400):
        hakem, dealer, state = first_hand_outcome(seed, preset)
        assert dealer == (hakem - 1) % n
        scores = [int(x) for x in state.observation(0)["scores"]]
        side = hakem % 2 if n == 4 else hakem
        won = scores[side] > 0
        obs = state.observation(0)
        if won:
            assert (int(obs["hakem"]), int(obs["dealer"])) == (hakem, dealer)
        else:
            assert (int(obs["hakem"]), int(obs["dealer"])) == ((hakem + 1) % n, hakem)
        seen.add(won)
        saw_seat1 = saw_seat1 or hakem == 1
        if seen == {True, False} and (saw_seat1 or n != 4):
            break
    assert seen == {True, False}


def test_first_hakem_by_ace_draw_is_some_seat() -> None:
    """Over many seeds every seat is the first Hakem sometimes (ace draw, §2.1)."""
    seats = {int(hukm.Hokm("hokm4").new_game(seed=s).observation(0)["hakem"]) for s in range(60)}
    assert seats == {0, 1, 2, 3}


def test_hand_winner_is_hakem_side_after_kot_choice_stop() -> None:
    """§8.1 kot_choice: after a 7-0 start the winner of the 7th trick chooses stop or continue."""
    state = hukm.Hokm("hokm4", stop_rule="kot_choice").from_deal(KOT_DEAL, trump="S", leader=1, hakem=1)
    for _ in range(28):
        state.apply(state.legal_actions()[0])
    assert not state.is_terminal()
    assert sorted(state.legal_actions()) == ["continue", "stop"]
    assert state.current_player in (0, 2)
    stopped = state.clone()
    stopped.apply("stop")
    assert stopped.is_terminal()
    state.apply("continue")
    assert not state.is_terminal()
    assert list(state.observation(0)["hand"]) != []


# ---------------------------------------------------------------- Example 7 (kot choice scoring)

EX7_FAIL = ".AKQJT98.. ..AKQJT98. ...AKQJT98 AKQ.5432.."
"""Seven cards each, trumps S; side B has won tricks 1-6; seat 3 leads AS and wins trick 7,
KS and QS win tricks 8 and 9, then seat 3 must lead a heart and seat 0 wins trick 10."""
EX7_BAVNEY = ".AKQJT98.. ..AKQJT98. ...AKQJT98 AKQJT98..."
"""As above, but seat 3 holds seven spades and wins every trick."""


def ex7_state(deal: str, **options: Any) -> Any:
    """Example 7's position after trick 7: side B 7-0 up, seat 3 (who won the 7th) to choose."""
    game = hukm.Hokm("hokm4", stop_rule="kot_choice", **options)
    state = game.from_deal(deal, trump="S", leader=3, hakem=1, tricks_won=[0, 6])
    play(state, ["AS", "AH", "AD", "AC"])
    assert state.phase == "kot_choice"
    assert state.current_player == 3  # the winner of the 7th trick, not his partner
    assert sorted(state.legal_actions()) == ["continue", "stop"]
    return state


@pytest.mark.parametrize(
    "scoring,stop,failed",
    [("netherlands", 5.0, 2.0), ("hokm", 2.0, 1.0)],
)
def test_example7_continue_then_lose_a_trick(scoring: str, stop: float, failed: float) -> None:
    """Seat 3 continues; side A wins trick 10: an ordinary win (Netherlands 2, not 5)."""
    state = ex7_state(EX7_FAIL, scoring=scoring)
    stopped = state.clone()
    stopped.apply("stop")
    assert stopped.is_terminal()
    assert stopped.returns() == [0.0, stop, 0.0, stop]
    state.apply("continue")
    play(state, ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"])
    assert not state.is_terminal()
    play(state, ["2H", "JH", "JD", "JC"])  # seat 0's JH beats 2H: side B has lost a trick
    assert state.is_terminal()
    assert state.returns() == [0.0, failed, 0.0, failed]


@pytest.mark.parametrize("scoring,value", [("netherlands", 15.0), ("hokm", 2.0)])
def test_bavney(scoring: str, value: float) -> None:
    """Continuing and winning all 13: Netherlands baunie 15; Hokm points_bavney = the side's
    kot value (2 for the Hakem's side, §9.1, §14.9)."""
    state = ex7_state(EX7_BAVNEY, scoring=scoring)
    state.apply("continue")
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.observation(0)["tricks_won"] == [0, 13]
    assert state.returns() == [0.0, value, 0.0, value]

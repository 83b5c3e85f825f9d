"""Double-dummy analysis of Twenty-eight against the brute-force reference
(``tests/reference/twenty_eight_ref.py``) on small positions: card points for open trumps
and for a concealed indicator with ``unrevealed_trump=forced_last`` (``call`` a move),
the made / void / failed outcome under the default void rule, values after every legal
action; plus the table of makeable bids and the solver's errors."""

from __future__ import annotations

import random

import pytest

import hukm
from reference.make_perft_28 import compact, random_deal
from reference.twenty_eight_ref import dd_outcome, dd_points, position
from reference.twenty_eight_ref import SUITS


def cases(n: int, k: int, seed: int) -> list[tuple[str, int, int, str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        hands = random_deal(rng, k)
        bidder, leader = rng.randrange(4), rng.randrange(4)
        out.append((" ".join(compact(h) for h in hands), bidder, leader, rng.choice(hands[bidder])))
    return out


@pytest.mark.parametrize("kq_negative", [False, True])
@pytest.mark.parametrize("game", ["28", "29"])
@pytest.mark.parametrize("deal,bidder,leader,ind", cases(6, 3, 1) + cases(3, 4, 2))
def test_open_trump_points(game: str, kq_negative: bool, deal: str, bidder: int, leader: int, ind: str) -> None:
    # With kq_negative kings and queens taken count -1: values may be negative.
    trump = ind[1]
    state = hukm.TwentyEight(game, kq_negative=kq_negative).from_deal(deal, bidder, leader, trump=trump)
    ref = position(deal, bidder, leader, trump=trump, game=game, kq_negative=kq_negative)
    for player in (0, 1):
        sol = hukm.solve(state, player)
        assert sol.value == dd_points(ref, player % 2)
        for action, value in sol.actions.items():
            assert value == dd_points(ref.play(action), player % 2), action


@pytest.mark.parametrize("deal,bidder,leader,ind", cases(6, 3, 3) + cases(3, 4, 4))
def test_concealed_forced_last_points(deal: str, bidder: int, leader: int, ind: str) -> None:
    state = hukm.TwentyEight(unrevealed_trump="forced_last").from_deal(deal, bidder, leader, indicator=ind)
    ref = position(deal, bidder, leader, indicator=ind, forced_last=True)
    sol = hukm.solve(state, bidder)
    assert sol.value == dd_points(ref, bidder % 2)
    for action, value in sol.actions.items():
        assert value == dd_points(ref.play(action), bidder % 2), action
    assert "call" in sol.actions or "call" not in state.legal_actions()


@pytest.mark.parametrize("deal,bidder,leader,ind", cases(8, 3, 5) + cases(3, 4, 6))
def test_concealed_void_rule_outcome(deal: str, bidder: int, leader: int, ind: str) -> None:
    state = hukm.TwentyEight().from_deal(deal, bidder, leader, indicator=ind)
    ref = position(deal, bidder, leader, indicator=ind)
    for target in (1, 4, 8, 12):
        sol = hukm.solve(state, target=target)
        assert sol.value == dd_outcome(ref, target), target
        for action, value in sol.actions.items():
            assert value == dd_outcome(ref.play(action), target), (target, action)


@pytest.mark.parametrize("deal,bidder,leader,ind", cases(6, 3, 9) + cases(3, 4, 10))
def test_kq_negative_concealed(deal: str, bidder: int, leader: int, ind: str) -> None:
    forced = hukm.TwentyEight(kq_negative=True, unrevealed_trump="forced_last")
    state = forced.from_deal(deal, bidder, leader, indicator=ind)
    ref = position(deal, bidder, leader, indicator=ind, forced_last=True, kq_negative=True)
    sol = hukm.solve(state, bidder)
    assert sol.value == dd_points(ref, bidder % 2)
    for action, value in sol.actions.items():
        assert value == dd_points(ref.play(action), bidder % 2), action
    state = hukm.TwentyEight(kq_negative=True).from_deal(deal, bidder, leader, indicator=ind)
    ref = position(deal, bidder, leader, indicator=ind, kq_negative=True)
    for target in (-2, 0, 2, 5):
        sol = hukm.solve(state, target=target)
        assert sol.value == dd_outcome(ref, target), target
        for action, value in sol.actions.items():
            assert value == dd_outcome(ref.play(action), target), (target, action)


def test_kq_negative_values_below_zero_and_table() -> None:
    # Taking kings and queens can leave a side below zero; the solver says so.
    g = hukm.TwentyEight(kq_negative=True)
    seen = []
    for deal, bidder, leader, ind in cases(30, 3, 11):
        state = g.from_deal(deal, bidder, leader, trump=ind[1])
        ref = position(deal, bidder, leader, trump=ind[1], kq_negative=True)
        value = hukm.solve(state, 0, actions=False).value
        assert value == dd_points(ref, 0)
        seen.append(value)
    assert min(seen) < 0
    # The two sides share 28 - 8 = 20 points of a full deal.
    deal = g.deal(3)
    table = g.dd_table(deal, leader=1)
    for t, row in enumerate(table):
        assert row[0] + row[1] == 20
        assert hukm.solve(g.from_deal(deal, 1, 1, trump=SUITS[t]), 1, actions=False).value == row[1]


def test_a_concealed_void_rule_position_answers_the_contract_outcome() -> None:
    """With the trump concealed under the default void rule there is no card-points value:
    the value is the bidding side's outcome against the contract (``Solution.target``),
    exact or graded, the same as asked with that target."""
    state = hukm.TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", 0, 1, indicator="AD")
    sol = hukm.solve(state)
    target = state.observation(0)["target"]
    assert sol.target == target and sol.exact
    asked = hukm.solve(state, target=target)
    assert (sol.value, sol.actions) == (asked.value, asked.actions) and asked.target is None
    graded = hukm.solve(state, max_nodes=1, estimate=False)
    assert graded.target == target and graded.bounds is not None
    lo, hi = graded.bounds
    assert lo <= sol.value <= hi and 0 <= lo <= hi <= 2
    assert hukm.solve(state, target=3).value in (0, 1, 2)


def test_dd_table_of_makeable_bids() -> None:
    g = hukm.TwentyEight()
    deal = g.deal(7)
    table = g.dd_table(deal, leader=1)
    assert len(table) == 4 and all(len(r) == 4 for r in table)
    for t, row in enumerate(table):
        assert row[0] == row[2] and row[1] == row[3]
        s = g.from_deal(deal, 0, 1, trump=SUITS[t])
        assert hukm.solve(s, 0, actions=False).value == row[0]
    rows = table.tolist()
    assert g.dd_table(deal, leader=1, threads=1).tolist() == rows == g.dd_table(deal, leader=1, threads=3).tolist()
    with pytest.raises(ValueError):
        g.dd_table(deal, leader=4)
    with pytest.raises(ValueError, match="threads"):
        g.dd_table(deal, leader=1, threads=0)


def test_solver_refuses_other_phases() -> None:
    s = hukm.TwentyEight().new_game(1)
    with pytest.raises(hukm.StateError, match="trick play"):
        hukm.solve(s)


def _declarer_sweeps(s: hukm.State, declarer_side: list[int], hand_no: int) -> bool:
    """Plain AND/OR search over the engine's states: does the declarer's side
    win every remaining trick of the single hand / half court?"""
    o = s.observation(0)
    if o["hand_number"] != hand_no or s.is_terminal():
        return str(o["last_result"]["kind"]).endswith("won")
    mine = s.current_player in declarer_side
    for a in s.legal_actions():
        t = s.clone()
        t.apply(a)
        if _declarer_sweeps(t, declarer_side, hand_no) == mine:
            return mine
    return not mine


def _all_tricks_position(option: str, seed: int, left: int) -> hukm.State | None:
    s = hukm.TwentyEight(**{option: True}).new_game(seed)
    want = "single" if option == "single_hand" else "half_court"
    while s.phase != want:
        s.apply(s.legal_actions()[0])
    s.apply(want)
    if s.phase == "show":
        s.apply("pass")
    rng = random.Random(seed)
    total = 8 if option == "single_hand" else 4
    hand_no = s.observation(0)["hand_number"]
    while s.observation(0)["tricks_played"] < total - left or (seed % 2 and not s.observation(0)["trick"]):
        s.apply(rng.choice(s.legal_actions()))
        if s.observation(0)["hand_number"] != hand_no:
            return None
    return s


@pytest.mark.parametrize("option,left", [("single_hand", 3), ("half_court", 1)])
def test_single_hand_and_half_court_sweeps(option: str, left: int) -> None:
    both = set()
    for seed in range(40):
        s = _all_tricks_position(option, seed, left)
        if s is None:
            continue
        o = s.observation(0)
        declarer = o["soloist"] if option == "single_hand" else o["bidder"]
        side = [p for p in range(4) if p % 2 == declarer % 2]
        want = _declarer_sweeps(s, side, o["hand_number"])
        both.add(want)
        for player in (declarer, (declarer + 1) % 4):
            sol = hukm.solve(s, player)
            assert sol.value == int(want == (player in side))
            for a, v in sol.actions.items():
                t = s.clone()
                t.apply(a)
                assert v == int(_declarer_sweeps(t, side, o["hand_number"]) == (player in side)), a
    assert both == {True, False}


def test_single_hand_from_the_deal() -> None:
    # Example 7's flow: the soloist's best card keeps his value, and the
    # opponents' value is the other side of it.
    s = hukm.TwentyEight(single_hand=True).new_game(3)
    while s.phase != "single":
        s.apply(s.legal_actions()[0])
    s.apply("single")
    solo = s.current_player
    sol = hukm.solve(s, solo)
    assert sol.value in (0, 1) and set(sol.actions) == set(s.legal_actions())
    assert max(sol.actions.values()) == sol.value
    assert hukm.solve(s, (solo + 1) % 4).value == 1 - sol.value
    with pytest.raises(hukm.StateError, match="target"):
        hukm.solve(s, solo, target=20)

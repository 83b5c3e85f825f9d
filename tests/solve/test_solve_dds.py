"""Exactness of the double-dummy solver against DDS (through ``endplay``)
where Hokm for four equals bridge card play: fixed trump, fixed leader, all
13 tricks played."""

from __future__ import annotations

import random

import numpy as np
import pytest

import hukm

endplay_types = pytest.importorskip("endplay.types")
endplay_dds = pytest.importorskip("endplay.dds")
Deal, Denom, Player, Card = (
    endplay_types.Deal,
    endplay_types.Denom,
    endplay_types.Player,
    endplay_types.Card,
)

GAME = hukm.Hokm("hokm4")
SEATS = [Player.north, Player.east, Player.south, Player.west]  # play order N E S W
STRAINS = [Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt]
TRUMPS = ["S", "H", "D", "C", None]


def random_deal(rng: random.Random, cards_each: int = 13) -> str:
    """A random deal (or a random endgame with ``cards_each`` cards each)."""
    pack = hukm.pack_cards("french52")
    rng.shuffle(pack)
    hands = [pack[i * 13 : i * 13 + cards_each] for i in range(4)]
    return " ".join(hukm.format_hand(h) for h in hands)


def to_endplay(state: hukm.State) -> "Deal":
    """The same position as an endplay deal (hands, trump, leader, trick)."""
    obs = state.observation(0)
    d = Deal("N:" + " ".join(state.hands()))
    leader = obs["leader"]
    trick = obs["trick"]  # [seat, card] pairs in play order
    assert [seat for seat, _ in trick] == [(leader + i) % 4 for i in range(len(trick))], trick
    # Cards already in the trick go back to their hands, then are played.
    hands = state.hands()
    if trick:
        full = [list(hukm.parse_hand(h)) for h in hands]
        for seat, c in trick:
            full[seat].append(c)
        d = Deal("N:" + " ".join(hukm.format_hand(h) for h in full))
    d.trump = STRAINS[TRUMPS.index(obs["trump"])]
    d.first = SEATS[leader]
    for _, c in trick:
        d.play(Card(c[1] + c[0]))
    return d


def dds_card_values(state: hukm.State) -> dict[str, int]:
    out = {}
    for card, tricks in endplay_dds.solve_board(to_endplay(state)):
        out[card.rank.abbr + "SHDC"[int(card.suit)]] = tricks
    return out


@pytest.fixture(scope="module")
def deals() -> list[str]:
    rng = random.Random(20261129)
    return [random_deal(rng) for _ in range(200)]


def test_full_tables_agree_with_dds(deals: list[str]) -> None:
    """All 5 x 4 entries of 200 random deals."""
    for deal in deals:
        ours = GAME.dd_table(deal)
        ref = np.array(endplay_dds.calc_dd_table(Deal("N:" + deal)).to_list())
        # DDS gives the declarer's tricks, the opening lead coming from the
        # declarer's left (the next seat in play order): leader L <-> declarer L-1.
        expected = np.array([[13 - ref[s][(l - 1) % 4] for l in range(4)] for s in range(5)])
        assert (ours == expected).all(), f"{deal}\nours\n{ours}\nDDS\n{expected}"


def _positions(n: int, seed: int) -> list[hukm.State]:
    """Random positions: random deals, sometimes endgames, random cards played
    from the start (so many stand in the middle of a trick)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        size = rng.choice([13, 13, 9, 7, 5])
        deal = random_deal(rng, size)
        s = GAME.from_deal(deal, trump=rng.choice(TRUMPS), leader=rng.randrange(4))
        for _ in range(rng.randrange(0, 3 * 4)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        if not s.is_terminal() and s.phase == "play":
            out.append(s)
    return out


def test_every_card_value_agrees_with_dds() -> None:
    """Every legal card's value in 60 positions, many in the middle of a trick."""
    states = _positions(60, seed=7)
    assert sum(1 for s in states if s.observation(0)["trick"]) >= 20
    for s in states:
        sol = hukm.solve(s)
        ref = dds_card_values(s)
        assert sol.actions == ref, f"{s}\nours {sol.actions}\nDDS {ref}"
        assert sol.value == max(ref.values())
        assert set(sol.actions) == set(s.legal_actions())


def test_solve_many_and_threads_agree() -> None:
    states = _positions(24, seed=11)
    one = hukm.solve_many(states, threads=1)
    two = hukm.solve_many(states, threads=2)
    assert one.tolist() == two.tolist()
    assert one.tolist() == [hukm.solve(s).value for s in states]
    deal = random_deal(random.Random(3))
    assert (GAME.dd_table(deal, threads=1) == GAME.dd_table(deal, threads=2)).all()

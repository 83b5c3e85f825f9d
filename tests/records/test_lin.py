"""BBO's LIN format (``hukm.lin``): 44 real boards read losslessly and to the same
records as the PBN of the same tournament; hukm's hands of bridge play written as
LIN and read back, by hukm and by ``endplay``; what LIN cannot hold is refused."""

from __future__ import annotations

import os
import random

import pytest

import hukm
from hukm import lin, pbn
from hukm.record import replay

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data")
LIN_FILES = sorted(f for f in os.listdir(os.path.join(DATA, "lin")) if f.endswith(".lin"))


def read(*path: str) -> bytes:
    with open(os.path.join(DATA, *path), "rb") as f:
        return f.read()


def test_real_boards_agree_with_their_pbn() -> None:
    data = read("pbn", "bbo_sky_club_2196.pbn")
    games = {g.tag_value("DealId"): (g, r) for g, r in zip(pbn.parse(data).games, pbn.loads(data))}
    assert len(LIN_FILES) == 44 and set(LIN_FILES) <= set(games)
    claims = 0
    for name in LIN_FILES:
        text = read("lin", name)
        (board,) = lin.parse(text)
        assert board.dumps().encode() == text  # every pair as read
        (record,) = lin.loads(text)
        game, from_pbn = games[name]
        assert record == from_pbn  # the same deal, trump, leader and cards
        auction = pbn.auction(game)
        assert auction is not None and pbn.Auction(board.dealer, board.calls).bids() == auction.bids()
        assert board.vulnerable == game.tag_value("Vulnerable")
        assert board.dealer == game.tag_value("Dealer")
        names = [game.tag_value(t) for t in ("North", "East", "South", "West")]
        for seat, name in zip("NESW", names):  # the PBN export calls BBO's robots (~~M...) GiB
            assert board.players[seat] == name or board.players[seat].startswith("~~")
        assert board.title == f"Board {game.tag_value('Board')}"
        if board.claim is not None:
            claims += 1
            assert str(board.claim) == game.tag_value("Result")
        assert lin.loads(lin.dumps([record])) == [record]
    assert claims >= 10


def played_bridge(rng: random.Random, moves: int) -> hukm.State:
    pack = hukm.pack_cards("french52")
    rng.shuffle(pack)
    deal = " ".join(hukm.format_hand(pack[i * 13 : i * 13 + 13]) for i in range(4))
    s = hukm.Hokm(stop_rule="play_all").from_deal(deal, trump=rng.choice(["S", "H", "D", "C", None]), leader=rng.randrange(4))
    for _ in range(moves):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_hukm_hands_round_trip_and_endplay_reads_them() -> None:
    endplay_lin = pytest.importorskip("endplay.parsers.lin")
    rng = random.Random(35)
    states = [played_bridge(rng, rng.randrange(53)) for _ in range(20)]
    text = lin.dumps(states)
    records = lin.loads(text)
    assert records == [s.record() for s in states]
    assert lin.dumps(records) == text
    # endplay reads plays of whole tricks (it fails on a trick not finished)
    whole = [played_bridge(rng, 4 * rng.randrange(14)) for _ in range(20)]
    text = lin.dumps(whole)
    assert lin.loads(text) == [s.record() for s in whole]
    for s, line in zip(whole, text.splitlines()):
        (board,) = endplay_lin.loads(line)
        start = replay(s.record(), 0)
        assert board.deal.to_pbn() == "N:" + " ".join(start.hands())
        params = s.record().origin["params"]
        assert "SHDCN"[int(board.contract.denom)] == (params.get("trump") or "N")
        assert "NESW"[int(board.contract.declarer)] == "NESW"[(params["leader"] - 1) % 4]
        assert [str(c.rank.abbr) + "SHDC"[int(c.suit)] for c in board.play] == s.history()


def test_what_lin_cannot_hold() -> None:
    rng = random.Random(1)
    s = played_bridge(rng, 8)
    court = hukm.Hokm("court_piece").from_deal(" ".join(replay(s.record(), 0).hands()), trump="S", leader=0)
    with pytest.raises(hukm.StateError, match=r"^records\[1\]: LIN holds bridge play"):
        lin.dumps([s, court])
    with pytest.raises(hukm.StateError, match="start keywords"):
        lin.dumps([hukm.Hokm(stop_rule="play_all").from_deal(" ".join(replay(s.record(), 0).hands()), trump="S", leader=0, hakem=2)])
    with pytest.raises(hukm.NotationError, match="not a key"):
        lin.parse("md|3S2,H2,D2,C2|junk")
    with pytest.raises(hukm.NotationError, match="give the dealer"):
        lin.loads("md|S2,H2,D2,C2|")
    with pytest.raises(hukm.NotationError, match=r"pc\|SA\| \(card 1\)"):
        lin.loads("md|3SQ,SJ,SA,SK|mb|1S|mb|p|mb|p|mb|p|pc|SA|")


def test_several_boards_in_one_text() -> None:
    text = b"".join(read("lin", name) + b"\n" for name in LIN_FILES[:5])
    boards = lin.parse(text)
    assert [b.title for b in boards] == [lin.parse(read("lin", n))[0].title for n in LIN_FILES[:5]]
    assert lin.loads(text) == [lin.loads(read("lin", n))[0] for n in LIN_FILES[:5]]

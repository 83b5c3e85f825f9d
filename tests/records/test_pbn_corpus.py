"""PBN files from public sources (``tests/data/pbn``, origins in its README): every
board round-trips losslessly, ``endplay``'s reader agrees on the deals, contracts,
declarers, vulnerability, auctions and plays, replaying each Play section gives
the tricks of its Result tag, and hukm's double-dummy numbers go into the standard
tags without disturbing the rest."""

from __future__ import annotations

import os
from typing import Any, Optional

import numpy as np
import pytest

import hukm
from hukm import pbn
from hukm.record import replay

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
endplay_dds = pytest.importorskip("endplay.dds")
endplay_types = pytest.importorskip("endplay.types")

DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "pbn")
FILES = sorted(f for f in os.listdir(DATA) if f.endswith(".pbn"))
PLAYERS = "NESW"
DENOMS = ["S", "H", "D", "C", "NT"]  # endplay's Denom order
PENALTIES = {1: "Pass", 2: "X", 4: "XX"}
VULS = {"NONE": 0, "LOVE": 0, "-": 0, "ALL": 1, "BOTH": 1, "NS": 2, "EW": 3}


def read(name: str) -> bytes:
    with open(os.path.join(DATA, name), "rb") as f:
        return f.read()


def card_of(c: Any) -> str:
    """An endplay card in PBN's form (suit then rank)."""
    return "SHDC"[int(c.suit)] + str(c.rank.abbr)


def contract_of(game: pbn.PbnGame) -> Optional[tuple[str, str]]:
    """The game's contract and declarer: its tags, or the auction's when it has none."""
    value = (game.tag_value("Contract") or "").strip().upper()
    declarer = (game.tag_value("Declarer") or "").strip().lstrip("^").upper()
    if value in ("", "?"):
        a = pbn.auction(game)
        return None if a is None else a.contract()
    return value, declarer


def test_corpus_size() -> None:
    """At least 5 files and 50 boards, with auctions, plays and tables, one file in
    ISO-8859-1 and one in UTF-8 with characters outside ASCII."""
    assert len(FILES) >= 5
    docs = {name: pbn.parse(read(name)) for name in FILES}
    games = [g for f in docs.values() for g in f.games]
    assert len(games) >= 50
    assert sum(g.tag("Auction") is not None for g in games) >= 50
    assert sum(g.tag("Play") is not None for g in games) >= 50
    assert sum(g.tag("OptimumResultTable") is not None for g in games) >= 20
    assert sum(g.tag("DoubleDummyTricks") is not None for g in games) >= 20
    assert sum(g.tag("Note") is not None for g in games) >= 20
    assert {f.encoding for f in docs.values()} >= {"iso-8859-1", "utf-8"}
    assert any(any(ord(c) > 127 for c in f.dumps()) for f in docs.values() if f.encoding == "utf-8")


@pytest.mark.parametrize("name", FILES)
def test_round_trip_is_lossless(name: str) -> None:
    """``loads(dumps(loads(x))) == loads(x)`` on every board (records and every tag,
    section and comment), and the text written is the file, byte for byte."""
    data = read(name)
    doc = pbn.parse(data)
    assert pbn.parse(doc.dumps()) == doc
    assert doc.encode() == data
    records = pbn.loads(data)
    assert len(records) == len(doc.games)
    text = pbn.dumps(records)
    again = pbn.loads(text)
    assert again == records
    for a, b in zip(again, records):
        assert isinstance(a, pbn.PbnRecord) and isinstance(b, pbn.PbnRecord)
        assert a.pbn == b.pbn and a.pbn is not None
        assert a.pbn.tags == b.pbn.tags
    assert text.encode(doc.encoding or "utf-8") == data


@pytest.mark.parametrize("name", FILES)
def test_byte_order_mark_and_latin1(name: str) -> None:
    """The same file with a UTF-8 byte-order mark, in UTF-8 and in ISO-8859-1 (when
    its characters allow) reads to the same games."""
    data = read(name)
    doc = pbn.parse(data)
    text = doc.dumps()
    with_bom = b"\xef\xbb\xbf" + text.encode("utf-8")
    assert pbn.parse(with_bom) == doc and pbn.parse(with_bom).encoding == "utf-8-sig"
    assert pbn.loads(with_bom) == pbn.loads(data)
    assert pbn.parse("\ufeff" + text) == doc
    try:
        latin = text.encode("iso-8859-1")
    except UnicodeEncodeError:
        return  # characters ISO-8859-1 does not have (suit symbols)
    assert pbn.parse(latin) == doc


def endplay_boards(doc: pbn.PbnFile) -> list[Optional[Any]]:
    """endplay's reading of each game: of the whole file, or else game by game
    (values written ``#`` filled in), ``None`` for a game endplay refuses."""
    try:
        boards = endplay_pbn.loads(doc.dumps())
        assert len(boards) == len(doc.games)
        return list(boards)
    except (RuntimeError, AttributeError):
        pass
    out: list[Optional[Any]] = []
    for g in doc.games:
        alone = pbn.PbnGame([pbn.Tag(t.name, g.tag_value(t.name) or "", t.rows) for t in g.tag_pairs])
        try:
            (board,) = endplay_pbn.loads(alone.dumps())
        except (RuntimeError, AttributeError):  # endplay's errors on a play without contract
            board = None
        out.append(board)
    return out


@pytest.mark.parametrize("name", FILES)
def test_endplay_agrees(name: str) -> None:
    """endplay reads the same deal, contract, declarer, vulnerability, auction and
    play as hukm's views and records (endplay refuses a board with a play and no
    contract; hukm reads its contract from the auction)."""
    doc = pbn.parse(read(name))
    records = pbn.loads(read(name))
    refused = 0
    for game, record, board in zip(doc.games, records, endplay_boards(doc)):
        ended = contract_of(game)
        if board is None:
            refused += 1
            assert game.tag("Contract") is None and game.tag("Play") is not None
            continue
        # The deal, hand by hand.
        start = replay(record, 0)
        for seat, hand in enumerate(start.hands()):
            mine = {c[1] + c[0] for c in hukm.parse_hand(hand)}
            assert {card_of(c) for c in board.deal[seat]} == mine, (game.line, seat)
        # Vulnerability.
        vul = (game.tag_value("Vulnerable") or "None").strip().upper()
        assert int(board.vul) == VULS[vul], game.line
        # Contract and declarer (a deal without contract or auction: none to compare).
        if ended is None:
            assert pbn.auction(game) is None and pbn.play(game) is None
            continue
        contract, declarer = ended
        if contract == "PASS":
            assert board.contract.level == 0
        else:
            strain = "NT" if contract[1:].rstrip("X") in ("N", "NT") else contract[1]
            assert board.contract.level == int(contract[0])
            assert DENOMS[int(board.contract.denom)] == strain
            assert PENALTIES[int(board.contract.penalty)] == ("Pass" if "X" not in contract else contract[contract.index("X") :])
            assert PLAYERS[int(board.contract.declarer)] == declarer
        # Auction.
        a = pbn.auction(game)
        if a is not None:
            theirs = []
            for bid in board.auction:
                if hasattr(bid, "level"):
                    theirs.append(f"{bid.level}{DENOMS[int(bid.denom)]}")
                else:
                    theirs.append(PENALTIES[int(bid.penalty)])
            assert a.bids() == theirs, game.line
        # Play, in the order played.
        p = pbn.play(game)
        if p is not None:
            trump = None if contract == "PASS" or contract[1] == "N" else contract[1]
            order = p.cards_played(trump)
            assert [c for _, c in order] == [card_of(c) for c in board.play], game.line
            cards = [a2["action"] for a2 in record.actions]
            assert cards == [c[1] + c[0] for _, c in order]
            assert [PLAYERS[a2["player"]] for a2 in record.actions] == [s for s, _ in order]
    assert refused <= 2


@pytest.mark.parametrize("name", FILES)
def test_play_gives_the_result(name: str) -> None:
    """Replaying each Play section gives the declarer's tricks of its Result tag: all
    of them after 13 tricks, a number between the tricks won and the tricks won plus
    those left after a claim."""
    doc = pbn.parse(read(name))
    records = pbn.loads(read(name))
    checked = 0
    for game, record in zip(doc.games, records):
        result = (game.tag_value("Result") or "").strip()
        ended = contract_of(game)
        if not result.isdigit() or ended is None or ended[0] == "PASS" or pbn.play(game) is None:
            continue
        declarer = PLAYERS.index(ended[1])
        final = replay(record)
        won = final.observation(0)["tricks_won"][declarer % 2]
        left = 13 - sum(final.observation(0)["tricks_won"])
        if final.is_terminal():
            assert won == int(result), game.line
        else:
            assert won <= int(result) <= won + left, game.line
        checked += 1
    assert checked >= len(records) // 2 or name.startswith("bridgecomposer")


def test_double_dummy_tags() -> None:
    """dd=True: a file that already holds DDS's numbers is written unchanged; a file
    without tables gets OptimumResultTable and DoubleDummyTricks (equal to DDS's) and
    every other tag, section and line stays as it was."""
    data = read("realbridge_2021_qual.pbn")
    records = pbn.loads(data)[:4]
    text = pbn.dumps(records, dd=True)
    assert text == pbn.dumps(records)
    records = pbn.loads(read("eyc1998_vienna.pbn"))[:4]
    out = pbn.loads(pbn.dumps(records, dd=True))
    for before, after in zip(records, out):
        assert isinstance(before, pbn.PbnRecord) and isinstance(after, pbn.PbnRecord)
        assert before.pbn is not None and after.pbn is not None
        added = ("DoubleDummyTricks", "OptimumResultTable")
        assert [t for t in after.pbn.tag_pairs if t.name not in added] == before.pbn.tag_pairs
        assert after.pbn.names()[-2:] == list(added)
        deal = endplay_types.Deal(before.pbn.tag_value("Deal"))
        ref = np.array(endplay_dds.calc_dd_table(deal).to_list())
        table = after.pbn.dd_table
        assert table is not None and (table == ref).all()
        assert after.pbn.tag_value("DoubleDummyTricks") == pbn.double_dummy_tricks(ref)

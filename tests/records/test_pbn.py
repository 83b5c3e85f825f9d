"""PBN for the whist presets (``hukm.pbn``): hukm's records round-trip through PBN,
``endplay``'s PBN reader reads what hukm writes (the same hands card by card, the same
play, DDS's double-dummy tables in ``OptimumResultTable``), hukm reads what endplay
writes, and malformed files are refused naming the line and the tag."""

from __future__ import annotations

import random
from typing import Any, Optional

import numpy as np
import pytest

import hukm
from hukm import pbn
from hukm.record import HandRecord, record_of, replay

endplay_types = pytest.importorskip("endplay.types")
endplay_dds = pytest.importorskip("endplay.dds")
endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
Board, Card, Contract, Deal, Denom, Player = (
    endplay_types.Board,
    endplay_types.Card,
    endplay_types.Contract,
    endplay_types.Deal,
    endplay_types.Denom,
    endplay_types.Player,
)

PLAYERS = [Player.north, Player.east, Player.south, Player.west]  # hukm seats 0..3
DENOMS = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, None: Denom.nt}
TRUMPS = ["S", "H", "D", "C", None]
DD_DEALS = 20
"""Deals whose written tables are checked against DDS here (tests/records/test_bridge_io.py checks
100 tables of ``dd_table`` itself)."""


def random_deal(rng: random.Random, cards: int = 13) -> str:
    pack = hukm.pack_cards("french52")
    rng.shuffle(pack)
    return " ".join(hukm.format_hand(pack[i * 13 : i * 13 + cards]) for i in range(4))


def played(
    rng: random.Random,
    preset: str = "hokm4",
    options: Optional[dict[str, Any]] = None,
    cards: int = 13,
    moves: Optional[int] = None,
    **keywords: Any,
) -> hukm.State:
    """A random hand of ``preset`` from a random deal, with ``moves`` random actions (default: random)."""
    g = hukm.Hokm(preset, **(options or {}))
    s = g.from_deal(random_deal(rng, cards), trump=rng.choice(TRUMPS), leader=rng.randrange(4), **keywords)
    n = rng.randrange(0, 60) if moves is None else moves
    for _ in range(n):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def card_of(c: Any) -> str:
    """An endplay card as a hukm card."""
    return str(c.rank.abbr) + "SHDC"[int(c.suit)]


def hand_cards(deal: Any, seat: int) -> set[str]:
    return {card_of(c) for c in deal[PLAYERS[seat]]}


# --- round trips ----------------------------------------------------------------


OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("hokm4", {}),
    ("hokm4", {"stop_rule": "play_all"}),
    ("court_piece", {}),
    ("court_piece", {"stop_rule": "first_to_7"}),
    ("single_sar", {}),
]


def test_records_round_trip() -> None:
    rng = random.Random(11)
    states = []
    for i in range(60):
        preset, options = OPTIONS[i % len(OPTIONS)]
        states.append(played(rng, preset, options, moves=rng.choice([0, 3, 4, 17, 30, 52, 80])))
    records = [s.record() for s in states]
    text = pbn.dumps(records)
    assert text == pbn.dumps(states)  # states are taken as their records
    back = pbn.loads(text)
    assert back == records
    for rec, s in zip(back, states):
        assert replay(rec) == s
    assert pbn.dumps(back) == text  # stable


def test_court_piece_decisions_round_trip() -> None:
    """Court Piece's continue / stop after seven tricks travel in [HukmDecisions]."""
    rng = random.Random(5)
    seen = set()
    for k in range(60):
        s = hukm.Hokm("court_piece").from_deal(random_deal(rng), trump=rng.choice(TRUMPS), leader=rng.randrange(4))
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(("stop" if k % 2 else "continue") if "stop" in legal else rng.choice(legal))
        decisions = [a for a in s.history() if len(a) != 2]
        rec = s.record()
        text = pbn.dumps([rec])
        if decisions:
            seen.update(decisions)
            assert f'[HukmDecisions "{" ".join(decisions)}"]' in text
        assert pbn.loads(text) == [rec]
    assert seen == {"stop", "continue"}


def test_hakem_and_endgames_round_trip() -> None:
    rng = random.Random(8)
    for cards in (2, 5, 13):
        won = None if cards == 13 else [(13 - cards) // 2, 13 - cards - (13 - cards) // 2]
        s = played(rng, cards=cards, moves=3, hakem=rng.randrange(4), tricks_won=won)
        text = pbn.dumps([s])
        assert "[HukmParams" in text
        (rec,) = pbn.loads(text)
        assert rec == s.record() and replay(rec) == s


def test_finished_hand_result_and_dealer() -> None:
    s = hukm.Hokm(stop_rule="play_all").from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump=None, leader=1)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    text = pbn.dumps([s])
    assert '[Declarer "N"]' in text and '[Contract "1NT"]' in text
    tricks = s.observation(0)["tricks_won"][0]
    assert f'[Result "{tricks}"]' in text
    assert '[Dealer "N"]' in text  # the engine's dealer: the seat before the Hakem
    assert '[HukmOptions "stop_rule=play_all"]' in text


# --- endplay reads hukm's PBN ---------------------------------------------------


def test_endplay_reads_hukm_pbn() -> None:
    """100 random deals (with random plays): endplay reads the same hands card by card,
    the same contract strain, declarer and play; the DD tables of the first
    ``DD_DEALS`` equal DDS's."""
    rng = random.Random(20261130)
    states = [played(rng, options={"stop_rule": "play_all"}) for _ in range(100)]
    text = pbn.dumps(states)
    boards = endplay_pbn.loads(text)
    assert len(boards) == 100
    for s, board in zip(states, boards):
        start = replay(s.record(), 0)
        hands = [set(hukm.parse_hand(h)) for h in start.hands()]
        for seat in range(4):
            assert hand_cards(board.deal, seat) == hands[seat], (seat, board.deal)
        params = s.record().origin["params"]
        assert board.contract.denom == DENOMS[params.get("trump")]
        assert board.contract.declarer == PLAYERS[(params["leader"] - 1) % 4]
        assert [card_of(c) for c in board.play] == s.history()
    dd_text = pbn.dumps(states[:DD_DEALS], dd=True, threads=2)
    games = pbn.read_games(dd_text)
    for s, board, g in zip(states, endplay_pbn.loads(dd_text), games):
        deal = " ".join(replay(s.record(), 0).hands())
        ref = np.array(endplay_dds.calc_dd_table(Deal("N:" + deal)).to_list())
        info = board.info["OptimumResultTable"]
        assert [h if isinstance(h, str) else h["name"] for h in info["headers"]] == ["Declarer", "Denomination", "Result"]
        written = np.full((5, 4), -1)
        for decl, strain, result in info["rows"]:
            written[pbn.STRAINS.index(strain), "NESW".index(decl)] = int(result)
        assert (written == ref).all(), f"{deal}\nhukm\n{written}\nDDS\n{ref}"
        assert g.dd_table is not None and (g.dd_table == ref).all()


# --- hukm reads endplay's PBN ---------------------------------------------------


def endplay_board(s: hukm.State, number: int, claimed: bool = False) -> Any:
    """The hand of ``s`` (a hokm4 play_all record) as an endplay board."""
    rec = s.record()
    params = rec.origin["params"]
    start = replay(rec, 0)
    contract = Contract(level=rng_level(number), denom=DENOMS[params.get("trump")], declarer=PLAYERS[(params["leader"] - 1) % 4])
    board = Board(
        Deal("N:" + " ".join(start.hands())),
        play=[Card(a[1] + a[0]) for a in s.history()],
        board_num=number,
        dealer=PLAYERS[number % 4],
        contract=contract,
        claimed=claimed,
    )
    return board


def rng_level(number: int) -> int:
    return 1 + number % 7


def test_hukm_reads_endplay_pbn() -> None:
    rng = random.Random(3)
    states = [played(rng, options={"stop_rule": "play_all"}, moves=rng.choice([0, 4, 13, 30, 52])) for _ in range(40)]
    # A whole hand played out, the bridge way.
    full = played(rng, options={"stop_rule": "play_all"}, moves=52)
    assert full.is_terminal()
    states.append(full)
    text = endplay_pbn.dumps([endplay_board(s, i + 1) for i, s in enumerate(states)])
    records = pbn.loads(text)
    for s, rec in zip(states, records):
        # endplay writes no hukm tags: bridge (hokm4, every trick played).
        assert rec.preset == "hokm4" and rec.options == {"stop_rule": "play_all"}
        assert rec == s.record()
        assert replay(rec) == s
    assert records[-1].result == full.returns()


def test_hukm_reads_endplay_claims_and_bare_deals() -> None:
    rng = random.Random(4)
    s = played(rng, options={"stop_rule": "play_all"}, moves=22)
    text = endplay_pbn.dumps([endplay_board(s, 1, claimed=True)])
    assert "*" in text
    (rec,) = pbn.loads(text)
    assert rec == s.record()
    # A bare deal: endplay writes unknown contract and declarer as "?".
    deal = random_deal(rng)
    text = endplay_pbn.dumps([Board(Deal("N:" + deal), board_num=2, dealer=Player.east)])
    (rec,) = pbn.loads(text)
    assert rec.origin == {"kind": "deal", "deal": deal, "params": {"leader": 0}}
    assert rec.actions == [] and rec.options == {"stop_rule": "play_all"}


# --- PBN details ------------------------------------------------------------------


def test_comments_copies_and_first_seats() -> None:
    text = """% PBN 2.1
% EXPORT
{ a comment
  over lines [Deal "bad"] }
[Event "Club night"] ; a comment after a tag
[Board "1"]
[Deal "E:K... Q... J... A..."]
[Declarer "S"]
[Contract "2SX"]
[Play "W"] { the lead }
SJ SA SK SQ

[Board "2"]
[Deal "#"]
[Contract "3NT"]
[Declarer "^E"]
"""
    games = pbn.read_games(text)
    assert [g.line for g in games] == [5, 13]
    assert games[0].tags["Event"] == "Club night"
    assert games[0].record.origin == {"kind": "deal", "deal": "A... K... Q... J...", "params": {"trump": "S", "leader": 3}}
    assert [(a["player"], a["action"]) for a in games[0].record.actions] == [(3, "JS"), (0, "AS"), (1, "KS"), (2, "QS")]
    assert games[1].tags["Deal"] == "E:K... Q... J... A..."
    assert games[1].record.origin["params"] == {"leader": 2}
    for first, hands in [("N", "A K Q J"), ("E", "K Q J A"), ("S", "Q J A K"), ("W", "J A K Q")]:
        deal = " ".join(h + "..." for h in hands.split())
        (rec,) = pbn.loads(f'[Deal "{first}:{deal}"]\n')
        assert rec.origin["deal"] == "A... K... Q... J..."
        assert rec.origin["params"] == {"leader": "NESW".index(first)}


def test_unknown_tags_sections_and_notes_are_skipped() -> None:
    text = """[Deal "N:A2... K3... Q4... J5..."]
[Declarer "W"]
[Contract "1S"]
[Auction "W"]
1S Pass Pass Pass
[Note "1:a note"]
[Play "N"]
SA =1= S3! S4 S5
S2 SK $2 SQ SJ
[TotalScoreTable "Rank\\1R;Names\\20L"]
1 "A - B"
"""
    (rec,) = pbn.loads(text)
    assert [a["action"] for a in rec.actions] == ["AS", "3S", "4S", "5S", "2S", "KS", "QS", "JS"]


def test_dd_table_tag() -> None:
    t = hukm.Hokm().dd_table("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", layout="declarer")
    tag = pbn.dd_table_tag(t)
    lines = tag.splitlines()
    assert lines[0] == '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]'
    assert len(lines) == 21
    assert [ln.split()[:2] for ln in lines[1:6]] == [["N", "S"], ["N", "H"], ["N", "D"], ["N", "C"], ["N", "NT"]]
    assert [ln.split()[0] for ln in lines[1::5]] == ["N", "E", "S", "W"]
    assert (pbn.read_dd_table(tag) == t).all()
    shuffled = "\n".join([lines[0]] + sorted(lines[1:]))
    assert (pbn.read_dd_table(shuffled) == t).all()
    for bad in (np.zeros((4, 5), dtype=int), np.full((5, 4), 14), np.zeros((5, 4)) + 0.5):
        with pytest.raises(hukm.StateError):
            pbn.dd_table_tag(bad)
    with pytest.raises(hukm.NotationError, match="incomplete"):
        pbn.read_dd_table("\n".join(lines[:-1]))


def test_dumps_refuses_what_pbn_cannot_hold() -> None:
    sampled = played(random.Random(1), moves=5).determinize(0, 1)
    with pytest.raises(hukm.StateError, match=r"^records\[1\]: PBN holds hands from a deal or a match, not a record of kind 'sample'"):
        pbn.dumps([played(random.Random(1)), sampled])
    three = hukm.Hokm("hokm3").from_deal("A.. K.. Q..".replace("..", "..."), trump=None, leader=0)
    with pytest.raises(hukm.StateError, match=r"^records\[0\]: PBN holds the presets hokm4, court_piece, single_sar"):
        pbn.dumps([three])
    heap = hukm.Hokm("double_sar").from_deal("A... K... Q... J...", trump=None, leader=0)
    with pytest.raises(hukm.StateError, match=r"not 'double_sar'"):
        pbn.dumps([heap])
    with pytest.raises(hukm.StateError, match=r"^records\[0\]: give a hukm.HandRecord"):
        pbn.dumps(["AS"])  # type: ignore[list-item]
    with pytest.raises(hukm.StateError, match="dd_tables has 2 tables for 1 records"):
        pbn.dumps([played(random.Random(1))], [None, None])


GOOD_DEAL = "N:A2... K3... Q4... J5..."

MALFORMED = [
    ('[Board "1"]\n', r"line 1: a game without a \[Deal\] tag"),
    ('[Deal "N:A... K... Q..."]\n', r"line 1: \[Deal\] .*deal"),
    ('[Deal "N:A... K... Q... A..."]\n', r"line 1: \[Deal\] "),
    ('[Board "1"]\n[Deal "X:A... K... Q... J..."]\n', r"line 2: \[Deal\] "),
    (f'[Deal "{GOOD_DEAL}"]\n[Contract "8S"]\n', r"line 2: \[Contract\] '8S' is not a contract"),
    (f'[Deal "{GOOD_DEAL}"]\n[Declarer "Q"]\n', r"line 2: \[Declarer\] 'Q' is not a seat"),
    (f'[Deal "{GOOD_DEAL}"]\n[Declarer "N"]\n[Contract "1S"]\n[Play "N"]\nSA S3 S4 S5\n', r"line 4: \[Play\] the opening leader N is not the seat after the declarer N"),
    (f'[Deal "{GOOD_DEAL}"]\n[Contract "1S"]\n[Play "N"]\nSA S3 S4\n', r"line 4: \[Play\] 3 cards: each trick is a row of four"),
    (f'[Deal "{GOOD_DEAL}"]\n[Contract "1S"]\n[Play "N"]\nSA S3 S4 S5\nS2 SK SQ SX\n', r"line 5: \[Play\] 'SX' is not a card"),
    (f'[Deal "{GOOD_DEAL}"]\n[Contract "1S"]\n[Play "N"]\nSA S3 S4 S5\nSK S2 SQ SJ\n', r"line 5: \[Play\] trick 2: N cannot play SK"),
    (f'[Deal "{GOOD_DEAL}"]\n[Contract "1S"]\n[Play "N"]\nSA S4 S3 S5\n', r"line 4: \[Play\] trick 1: E cannot play S4"),
    (f'[Deal "{GOOD_DEAL}"]\n[Contract "1S"]\n[Play "N"]\n-  S3 S4 S5\n', r"line 4: \[Play\] trick 1: E's S3 is never played"),
    (f'[Deal "{GOOD_DEAL}"]\n[Contract "Pass"]\n[Play "N"]\nSA S3 S4 S5\n', r"line 3: \[Play\] a passed-out board has no play"),
    (f'[Deal "{GOOD_DEAL}"]\n[HukmPreset "hokm3"]\n', r"line 2: \[HukmPreset\] 'hokm3': PBN holds the presets"),
    (f'[Deal "{GOOD_DEAL}"]\n[HukmOptions "stop_rule=sometimes"]\n', r"line 2: \[HukmOptions\] .*stop_rule"),
    (f'[Deal "{GOOD_DEAL}"]\n[HukmOptions "stop_rule"]\n', r"line 2: \[HukmOptions\] 'stop_rule' is not key=value"),
    (f'[Deal "{GOOD_DEAL}"]\n[HukmParams "dealer=1"]\n', r"line 2: \[HukmParams\] unknown keyword 'dealer'"),
    (f'[Deal "{GOOD_DEAL}"]\n[HukmParams "hakem=x"]\n', r"line 2: \[HukmParams\] hakem='x': give a whole number"),
    (f'[Deal "{GOOD_DEAL}"]\n[HukmParams "hakem=7"]\n', r"line 2: \[HukmParams\] .*hakem"),
    (f'[Deal "{GOOD_DEAL}"]\n[HukmDecisions "stop"]\n', r"line 2: \[HukmDecisions\] 'stop' is not a decision the play asks for"),
    (f'[Deal "{GOOD_DEAL}"]\n[Deal "{GOOD_DEAL}"]\n', r"line 2: \[Deal\] repeated in one game \(first on line 1\)"),
    (f'[Deal "{GOOD_DEAL}"\n', r"line 1: malformed tag"),
    ("SA S3 S4 S5\n", r"line 1: expected a tag"),
    ('[Deal "#"]\n', r"line 1: \[Deal\] '#' copies the previous game's tag, but there is none"),
    (f'[Deal "{GOOD_DEAL}"]\n[OptimumResultTable "Declarer;Result"]\nN 7\n', r"line 2: \[OptimumResultTable\] columns"),
    (f'[Deal "{GOOD_DEAL}"]\n[OptimumResultTable "Declarer;Denomination;Result"]\nN X 7\n', r"line 3: \[OptimumResultTable\] row 'N X 7'"),
]


@pytest.mark.parametrize("text,message", MALFORMED)
def test_malformed_pbn(text: str, message: str) -> None:
    with pytest.raises(hukm.NotationError, match=r"^PBN " + message):
        pbn.loads(text)


def test_court_piece_needs_its_decisions() -> None:
    """A Court Piece play past seven tricks without [HukmDecisions] names what is missing."""
    rng = random.Random(9)
    for _ in range(100):
        s = hukm.Hokm("court_piece").from_deal(random_deal(rng), trump=rng.choice(TRUMPS), leader=rng.randrange(4))
        while not s.is_terminal() and "continue" not in s.legal_actions():
            s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        s.apply("continue")
        for _ in range(4):
            s.apply(s.legal_actions()[0])
        text = pbn.dumps([s]).replace('[HukmDecisions "continue"]\n', "")
        with pytest.raises(hukm.NotationError, match=r"\[Play\] trick \d+: the play asks for a decision \(.*\) first: give it in \[HukmDecisions\]"):
            pbn.loads(text)
        return
    pytest.fail("no Court Piece hand offered the choice")  # pragma: no cover


def test_load_and_dump_files(tmp_path: Any) -> None:
    s = played(random.Random(2))
    path = tmp_path / "x.pbn"
    with open(path, "w") as f:
        pbn.dump([s], f)
    with open(path) as f:
        assert pbn.load(f) == [s.record()]


def test_loads_needs_text() -> None:
    with pytest.raises(hukm.NotationError):
        pbn.loads(5)  # type: ignore[arg-type]
    with pytest.raises(hukm.NotationError):
        pbn.loads(b"[Deal]")
    assert pbn.loads("") == [] and pbn.loads("% PBN 2.1\n\n\n") == []


def test_records_of_pbn_are_records() -> None:
    (rec,) = pbn.loads('[Deal "N:A... K... Q... J..."]\n[Contract "1H"]\n[Declarer "E"]\n')
    assert isinstance(rec, HandRecord)
    assert HandRecord.from_json(rec.to_json()) == rec
    assert record_of(replay(rec)) == rec

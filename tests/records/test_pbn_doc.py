"""The lossless PBN document (``hukm.pbn.parse``): tags in order, known or not, comments
where they stand, ``%`` directives, ``#`` / ``##`` inheritance, encodings; the
Auction, Play and table views; what a tournament file must keep when read and
written back; hukm's own hands (matches included) written as PBN."""

from __future__ import annotations

import random

import pytest

import hukm
from hukm import pbn
from hukm.record import replay

IMPORT_TEXT = """% PBN 2.1
% EXPORT
%Creator: a club program
{ a comment before the first game }
[Event "##Club night"] ; carried to every game
[Site "Town hall"]
[Board "17"] [Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.76.5432 T987.AKQ.J98.AKQ 65432.J76.AKQ.JT .5432.T5432.9876"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "4S"] { a comment
over two lines }
[Result "10"]
[Auction "N"]
1S =1= Pass 2S! Pass ; a comment after a call
4S $3 AP
[Note "1:five or more"]
[Play "W"]
H2 HT HA H6
{ after the first trick }
C6 C2 CA CT
*
[ScoreTable "PairId_NS\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Names_NS"]
 7 4S   S 10 "Ann - Bob"
 9 3NT  N  9 "Cy \\"Dee\\""
%an escape line inside a game
[MyOwnTag "kept as it is"]

[Event "#"]
[Board "18"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:AKQJ.T98.76.5432 T987.AKQ.J98.AKQ 65432.J76.AKQ.JT .5432.T5432.9876"]
[Contract "Pass"]
[Declarer ""]
[Auction "E"]
AP
"""


def test_document_keeps_everything() -> None:
    doc = pbn.parse(IMPORT_TEXT)
    assert doc.dumps() == IMPORT_TEXT  # every line as read
    assert pbn.parse(doc.dumps()) == doc
    assert [str(x) for x in doc.header] == ["% PBN 2.1", "% EXPORT", "%Creator: a club program", "{ a comment before the first game }"]
    first, second = doc.games
    assert first.names() == [
        "Event", "Site", "Board", "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
        "Auction", "Note", "Play", "ScoreTable", "MyOwnTag",
    ]
    event = first.tag("Event")
    assert event is not None and event.rows[0].tokens == (pbn.Comment(" carried to every game", brace=False),)
    contract = first.tag("Contract")
    assert contract is not None and contract.rows[0].tokens == (pbn.Comment(" a comment\nover two lines "),)
    play = first.tag("Play")
    assert play is not None and [r.tokens for r in play.rows[1:]] == [
        ("H2", "HT", "HA", "H6"), (pbn.Comment(" after the first trick "),), ("C6", "C2", "CA", "CT"), ("*",),
    ]
    table = first.tag("ScoreTable")
    assert table is not None and table.rows[-1].tokens == (pbn.Directive("an escape line inside a game"),)
    assert first.tag_value("MyOwnTag") == "kept as it is"
    # Inheritance: "##" gives its text to this game and the next ones, "#" the previous value.
    assert first.tag_value("Event") == second.tag_value("Event") == "Club night"
    assert second.tags["Event"] == "Club night" and "Site" not in second.tags
    # Changing nothing but one tag changes one line.
    second.set_tag("Board", "19")
    assert doc.dumps() == IMPORT_TEXT.replace('[Board "18"]', '[Board "19"]')
    first.set_tag("Contract", "5SX")
    assert '[Contract "5SX"] { a comment\nover two lines }' in doc.dumps()


def test_inheritance() -> None:
    text = '[Site "##Here"]\n[Date "2020"]\n\n[Date "#"]\n\n[Site "There"]\n[Date "#"]\n\n[Board "4"]\n'
    games = pbn.parse(text).games
    assert [g.tag_value("Site") for g in games] == ["Here", "Here", "There", "There"]
    assert [g.tag_value("Date") for g in games] == ["2020", "2020", "2020", None]
    assert pbn.parse('[Date "#"]\n').games[0].tag_value("Date") == ""  # nothing to inherit


def test_records_of_the_import_text() -> None:
    r17, r18 = pbn.loads(IMPORT_TEXT)
    assert r17.origin["params"] == {"trump": "S", "leader": 3}
    assert [a["action"] for a in r17.actions] == ["2H", "TH", "AH", "6H", "AC", "TC", "6C", "2C"]
    assert r18.origin["params"] == {"leader": 1} and r18.actions == []  # passed out: no trump, nobody plays
    assert pbn.loads(pbn.dumps([r17, r18])) == [r17, r18]
    assert pbn.dumps([r17, r18]) == IMPORT_TEXT


def test_auction_view() -> None:
    a = pbn.auction(pbn.parse(IMPORT_TEXT).games[0])
    assert a is not None
    assert a.calls == ["1S", "Pass", "2S", "Pass", "4S", "AP"]
    assert a.notes == {0: "five or more"} and a.annotations == {2: ["!"], 4: ["$3"]}
    assert a.bids() == ["1S", "Pass", "2S", "Pass", "4S", "Pass", "Pass", "Pass"]
    assert a.contract() == ("4S", "N")
    cases = [
        ("N", ["Pass"] * 4, ("Pass", "")),
        ("N", ["AP"], None),  # three passes: one seat has not called
        ("E", ["1H", "X", "XX", "AP"], ("1HXX", "E")),
        ("W", ["-", "1NT", "Pass", "3N", "AP"], ("3NT", "N")),
        ("S", ["1D", "Pass", "1H", "Pass", "1NT", "Pass", "3H", "AP"], ("3H", "N")),
        ("S", ["1D", "1H", "Pass", "2H", "X", "AP"], ("2HX", "W")),
        ("N", ["1S", "Pass"], None),
    ]
    for first, calls, ended in cases:
        assert pbn.Auction(first, calls).contract() == ended, calls
    g = pbn.parse('[Auction "N"]\n1S Pass +\n').games[0]
    a = pbn.auction(g)
    assert a is not None and a.end == "+" and a.contract() is None
    with pytest.raises(hukm.NotationError, match=r"^PBN line 2: \[Auction\] '8S' is not a call"):
        pbn.auction(pbn.parse('[Auction "N"]\n1S 8S\n').games[0])


def test_play_view_columns() -> None:
    """Each line is one trick in seat order from the opening leader, not in the order
    played: West leads, North wins the first trick and leads the second (its card
    stands in the second column of the line)."""
    deal = "N:AK.A.. Q2.K.. 43.Q.. 5.J.2."
    text = f'[Deal "{deal}"]\n[Contract "1NT"]\n[Declarer "S"]\n[Play "W"]\nS5 SA S2 S3\nH2 HA HK HQ\n'
    with pytest.raises(hukm.NotationError):
        pbn.loads(text)  # W holds no H2: the line is in the columns' order
    text = f'[Deal "{deal}"]\n[Contract "1NT"]\n[Declarer "S"]\n[Play "W"]\nS5 SA S2 S3\nHJ SK SQ S4 =1=\n*\n[Note "1:count"]\n'
    g = pbn.parse(text).games[0]
    p = pbn.play(g)
    assert p is not None and p.leader == "W" and p.end == "*" and p.claimed
    assert p.tricks == [["S5", "SA", "S2", "S3"], ["HJ", "SK", "SQ", "S4"]]
    assert p.notes == {(1, 3): "count"}
    order = p.cards_played(None)
    assert order[4:] == [("N", "SK"), ("E", "SQ"), ("S", "S4"), ("W", "HJ")]
    (rec,) = pbn.loads(text)
    assert [(a["player"], a["action"]) for a in rec.actions][4:] == [(0, "KS"), (1, "QS"), (2, "4S"), (3, "JH")]
    unfinished = pbn.play(pbn.parse('[Play "N"]\nSA -  -  -\n+ - - -\n').games[0])
    assert unfinished is not None and unfinished.end == "+" and unfinished.tricks[1][0] == "+"
    with pytest.raises(hukm.NotationError, match=r"^PBN line 2: \[Play\] 5 cards on one line"):
        pbn.play(pbn.parse('[Play "N"]\nSA S2 S3 S4 S5\n').games[0])
    with pytest.raises(hukm.NotationError, match=r"^PBN line 2: \[Play\] 'SX' is not a card"):
        pbn.play(pbn.parse('[Play "N"]\nSX\n').games[0])


def test_tables() -> None:
    g = pbn.parse(IMPORT_TEXT).games[0]
    t = pbn.table(g, "ScoreTable")
    assert t is not None
    assert [(c.name, c.width, c.align) for c in t.columns] == [
        ("PairId_NS", 2, "R"), ("Contract", 4, "L"), ("Declarer", 1, "R"), ("Result", 2, "R"), ("Names_NS", None, None),
    ]
    assert t.rows == [["7", "4S", "S", "10", "Ann - Bob"], ["9", "3NT", "N", "9", 'Cy \\"Dee\\"']]
    assert t.column("contract") == ["4S", "3NT"]
    with pytest.raises(hukm.NotationError, match="no column 'Lead'"):
        t.column("Lead")
    assert pbn.table(g, "TotalScoreTable") is None


def test_encodings() -> None:
    text = '[Event "Bäckerei"]\n[Deal "N:A... K... Q... J..."]\n'
    for data, encoding in [
        (text.encode("utf-8"), "utf-8"),
        (b"\xef\xbb\xbf" + text.encode("utf-8"), "utf-8-sig"),
        (text.encode("iso-8859-1"), "iso-8859-1"),
        (b"%Content-type: text/x-pbn; charset=ISO-8859-1\n" + text.encode("iso-8859-1"), "iso-8859-1"),
    ]:
        doc = pbn.parse(data)
        assert doc.encoding == encoding and doc.games[0].tag_value("Event") == "Bäckerei"
        assert doc.encode() == data
        assert pbn.loads(data)[0].origin["deal"] == "A... K... Q... J..."
    assert pbn.parse("\ufeff" + text) == pbn.parse(text)


MALFORMED = [
    ('[Event "x"]\n{ never closed\n', r"line 2: a '\{' comment that is never closed"),
    ('[Event "x"]\nSA ]\n', r"line 2: a stray '\]'"),
    ('[Event "x"]\nSA }\n', r"line 2: a stray '\}'"),
    ('[Event "x"]\n"open\n', r"line 2: a string without its closing quote"),
    ("SA SK\n", r"line 1: expected a tag, got 'SA'"),
    ('[Event "x"\n', r"line 1: malformed tag"),
]


@pytest.mark.parametrize("text,message", MALFORMED)
def test_malformed_documents(text: str, message: str) -> None:
    with pytest.raises(hukm.NotationError, match=r"^PBN " + message):
        pbn.parse(text)


TOURNAMENT = """% PBN 2.1
% EXPORT
[Event "Spring Teams"]
[Site "Leeds"]
[Date "2024.04.06"]
[Board "17"]
[West "Ann"]
[North "Bob"]
[East "Cy"]
[South "Di"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.76.5432 T987.AKQ.J98.AKQ 65432.J76.AKQ.JT .5432.T5432.9876"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "4S"]
[Result "11"]
[Auction "N"]
1S Pass 4S AP
[Play "W"]
D2 D6 D8 DA
*
{ a claim after one trick }
[ScoreTable "PairId_NS\\2R;Contract\\4L;Result\\2R"]
 1 4S   11
[DoubleDummyTricks "a3a3a3a3a3a3a3a3a3a3"]

[Event "Spring Teams"]
[Site "Leeds"]
[Date "2024.04.06"]
[Board "18"]
[West "Ann"]
[North "Bob"]
[East "Cy"]
[South "Di"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:AKQJ.T98.76.5432 T987.AKQ.J98.AKQ 65432.J76.AKQ.JT .5432.T5432.9876"]
[Scoring "IMP"]
[Declarer "W"]
[Contract "5CX"]
[Result "9"]

[Event "Spring Teams"]
[Board "19"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "S:AKQJ.T98.76.5432 T987.AKQ.J98.AKQ 65432.J76.AKQ.JT .5432.T5432.9876"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]

[Event "Spring Teams"]
[Board "20"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "W:AKQJ.T98.76.5432 T987.AKQ.J98.AKQ 65432.J76.AKQ.JT .5432.T5432.9876"]
[Declarer ""]
[Contract "Pass"]
[Result ""]
[Auction "W"]
AP Pass
"""


def test_tournament_file_written_back() -> None:
    """What reading a tournament file and writing it back used to lose: names,
    event, boards 17-20, contracts 4S / 5CX / 3NT, dealers, vulnerability, a claimed
    board's Result, the auction, comments, ScoreTable, DoubleDummyTricks; a
    passed-out board stays passed out; a byte-order mark is accepted."""
    records = pbn.loads(TOURNAMENT)
    text = pbn.dumps(records)
    assert text == TOURNAMENT
    assert '"?"' not in text and "1NT" not in text
    assert pbn.loads(("\ufeff" + TOURNAMENT).encode("utf-8")) == records
    # Changing the records' games changes only what is asked.
    with_dd = pbn.dumps(records[2:3], dd=True)
    assert with_dd.startswith(TOURNAMENT[: TOURNAMENT.index("[Event")]) and '[Contract "3NT"]' in with_dd
    assert '[Board "19"]' in with_dd and "[OptimumResultTable" in with_dd


def random_match(preset: str, seed: int) -> hukm.State:
    rng = random.Random(seed)
    s = hukm.Hokm(preset).new_game(seed)
    for _ in range(150):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("preset", ["hokm4", "court_piece"])
def test_match_written_hand_by_hand(preset: str) -> None:
    """A match of new_game is one PBN game per hand that reached its trick play: the
    deal, the trump (Contract), the Hakem (HukmParams), the play; each replays to the
    cards and decisions of that hand."""
    s = random_match(preset, 11)
    record = s.record()
    hands = pbn.match_hands(record)
    assert len(hands) >= 2
    text = pbn.dumps([s])
    games = pbn.parse(text).games
    back = pbn.loads(text)
    assert len(games) == len(back) == len(hands)
    done = 0
    for (number, hand), game, rec in zip(hands, games, back):
        assert rec == hand
        assert game.tag_value("HukmMatch") == f"seed=11;hand={number}" and game.tag_value("Board") == str(number)
        params = hand.origin["params"]
        assert game.tag_value("Contract") == "1" + params["trump"]
        assert f"hakem={params['hakem']}" in (game.tag_value("HukmParams") or "")
        done += len(hand.actions)
    assert done <= len(record.actions)


def test_other_games_keep_json() -> None:
    s = hukm.game("twenty_eight").new_game(1)
    with pytest.raises(hukm.StateError, match=r"^records\[0\]: PBN holds the presets hokm4, court_piece, single_sar"):
        pbn.dumps([s])


def test_mangled_input_raises_only_notation_errors() -> None:
    """Real files with a few bytes changed: reading (PBN and LIN), the views and the
    round trip either work or raise hukm's NotationError, nothing else."""
    from pathlib import Path

    from hukm import lin

    data = Path(__file__).parent.parent / "data"
    texts = [p.read_bytes()[:3000] for p in sorted((data / "pbn").glob("*.pbn"))]
    texts += [p.read_bytes() for p in sorted((data / "lin").glob("*.lin"))[:8]]
    alphabet = b'[]{};"%#\\ \n\r-*+=$!?SHDCNPXAKQJT98765432|\x85\x0b'
    rng = random.Random(35)

    def views(x: bytes) -> None:
        for g in pbn.parse(x).games:
            a, p = pbn.auction(g), pbn.play(g)
            if a is not None:
                a.contract()
            if p is not None:
                p.cards_played("S")
            pbn.table(g, "OptimumResultTable")
            assert g.dd_table is None or g.dd_table.shape == (5, 4)

    for _ in range(1500):
        t = bytearray(rng.choice(texts))
        for _ in range(rng.randrange(1, 6)):
            i = rng.randrange(len(t))
            t[i : i + rng.randrange(2)] = bytes([rng.choice(alphabet)])
        m = bytes(t)
        for call in (pbn.loads, views, lin.loads):
            try:
                call(m)
            except hukm.NotationError:
                pass
        try:
            doc = pbn.parse(m)
        except hukm.NotationError:
            continue
        assert pbn.parse(doc.dumps()) == doc

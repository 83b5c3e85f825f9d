"""BBO's LIN format for whist deals: reading boards (deal, auction, play, claim) as
:class:`hukm.HandRecord` values of bridge play, and writing hands of hukm as LIN.

A LIN text is a run of ``key|value|`` pairs: ``pn`` the players (S, W, N, E),
``md`` the dealer (1 S, 2 W, 3 N, 4 E) and the hands in the order S, W, N, E (the
last may be left out), ``sv`` the vulnerability (``o``, ``n``, ``e``, ``b``), ``ah``
the board's title, ``mb`` a call (``p``, ``d``, ``r``, ``1S`` ... ``7N``; ``!`` an
alert) with ``an`` its explanation, ``pc`` a card in the order played, ``pg`` a
page break, ``mc`` the tricks claimed by the declarer's side. :func:`parse` keeps
every pair in order (a board written back is the text read); :func:`loads` gives
each board's record, read like a PBN file from bridge software: ``hokm4`` with
every trick played, the contract's strain as trump and the declarer's left-hand
opponent on lead (seats N 0, E 1, S 2, W 3).

>>> text = "md|3SQH4D4C4,SJH5D5C5,SAH2D2C2,SKH3D3C3|sv|o|mb|1S|mb|p|mb|p|mb|p|pc|H3|pc|H4|pc|H5|pc|H2|pg||"
>>> (board,) = parse(text)
>>> board.dealer, board.hands[0], board.contract(), board.cards
('N', 'A.2.2.2', ('1S', 'N'), ['H3', 'H4', 'H5', 'H2'])
>>> (rec,) = loads(text)
>>> rec.origin["params"], [a["action"] for a in rec.actions]
({'trump': 'S', 'leader': 1}, ['3H', '4H', '5H', '2H'])
>>> board.dumps() == text
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import IO, Any, Iterable, Optional, Union

from . import _core
from ._errors import HukmError, NotationError, StateError
from ._sourced import BridgeRoles, SourcedRecord
from .pbn import Auction
from .pbn._records import BRIDGE_OPTIONS, whist_presets
from .record import HandRecord, record_of, replay

SEATS = "NESW"
"""Compass points in hukm's seat order (N is seat 0)."""

LIN_ORDER = "SWNE"
"""LIN's seat order in ``md``, ``pn`` and the dealer digit (1 is S)."""

_VUL = {"o": "None", "0": "None", "n": "NS", "e": "EW", "b": "All"}
_CALLS = {"p": "Pass", "d": "X", "r": "XX"}
_PAIR = re.compile(r"([A-Za-z]{2})\|([^|]*)\|")


@dataclass
class LinBoard:
    """One board of a LIN text, lossless: ``pairs`` every ``key|value|`` in order.

    The properties read the pairs: ``dealer`` and ``hands`` (hukm's plain hands in
    seat order N, E, S, W), ``players`` (by compass point), ``vulnerable`` (PBN's
    words), ``title``, ``calls`` (PBN's words, ``!`` dropped) with ``alerts`` (the
    ``an`` text by call index), ``cards`` in the order played (PBN's ``SA`` form),
    ``claim`` (the ``mc`` tricks, or ``None``).
    """

    pairs: list[tuple[str, str]] = field(default_factory=list)

    def values(self, key: str) -> list[str]:
        """The values of every pair ``key``, in order."""
        return [v for k, v in self.pairs if k.lower() == key]

    def value(self, key: str) -> Optional[str]:
        """The value of the first pair ``key``, or ``None``."""
        v = self.values(key)
        return v[0] if v else None

    @property
    def dealer(self) -> str:
        md = self.value("md") or ""
        if not md[:1].isdigit() or not 1 <= int(md[0]) <= 4:
            raise NotationError(f"LIN md|{md}|: give the dealer (1 S, 2 W, 3 N, 4 E) then the hands")
        return LIN_ORDER[int(md[0]) - 1]

    @property
    def hands(self) -> list[str]:
        md = self.value("md") or ""
        given = (md[1:].split(",") + ["", "", "", ""])[:4]
        by_seat: dict[str, list[str]] = {}
        for seat, text in zip(LIN_ORDER, given):
            by_seat[seat] = _hand_cards(text, md)
        held = {c for cards in by_seat.values() for c in cards}
        empty = [s for s in LIN_ORDER if not by_seat[s]]
        if len(empty) == 1 and len(held) == 39:  # the last hand left out: the cards nobody holds
            by_seat[empty[0]] = [c for c in _core.pack_cards("french52") if c not in held]
        return [_core.format_hand(by_seat[s], "french52") for s in SEATS]

    @property
    def players(self) -> dict[str, str]:
        names = (self.value("pn") or "").split(",")
        return {seat: (names[k] if k < len(names) else "") for k, seat in enumerate(LIN_ORDER)}

    @property
    def vulnerable(self) -> str:
        sv = (self.value("sv") or "o").strip().lower()
        return _VUL.get(sv, sv)

    @property
    def title(self) -> str:
        return self.value("ah") or ""

    @property
    def calls(self) -> list[str]:
        out = []
        for v in self.values("mb"):
            c = v.strip().rstrip("!").lower()
            if c in _CALLS:
                out.append(_CALLS[c])
            elif c[:1].isdigit():
                out.append(c[0] + ("NT" if c[1:] in ("n", "nt") else c[1:].upper()))
            else:
                raise NotationError(f"LIN mb|{v}|: not a call (p, d, r, 1C ... 7N)")
        return out

    @property
    def alerts(self) -> dict[int, str]:
        out: dict[int, str] = {}
        calls = -1
        for k, v in self.pairs:
            if k.lower() == "mb":
                calls += 1
            elif k.lower() == "an" and calls >= 0:
                out[calls] = v
        return out

    @property
    def cards(self) -> list[str]:
        return [v.strip().upper() for v in self.values("pc")]

    @property
    def claim(self) -> Optional[int]:
        mc = self.value("mc")
        return int(mc) if mc is not None and mc.strip().isdigit() else None

    def contract(self) -> Optional[tuple[str, str]]:
        """The contract the auction ends in and its declarer, e.g. ``("3NTX", "E")``,
        ``("Pass", "")``, or ``None`` while the auction is not over."""
        return Auction(self.dealer, self.calls).contract()

    def dumps(self) -> str:
        """The board as LIN text, every pair as read."""
        return "".join(f"{k}|{v}|" for k, v in self.pairs)


def _hand_cards(text: str, md: str) -> list[str]:
    """The cards of one hand of ``md`` (``S25H79TD35AC357JA``) as hukm cards (``5S``)."""
    cards = []
    suit = None
    for ch in text.strip().upper():
        if ch in "SHDC":
            suit = ch
        elif suit is not None and ch in "23456789TJQKA":
            cards.append(ch + suit)
        elif ch == "1":  # "10" for ten
            cards.append("T" + str(suit))
        elif ch != "0":
            raise NotationError(f"LIN md|{md}|: {ch!r} is not a suit or a rank")
    return cards


def parse(text: Union[str, bytes]) -> list[LinBoard]:
    """The boards of a LIN text, each with every pair in order. A new board starts
    at ``qx`` or at an ``md`` after the board's cards were dealt; line breaks
    between pairs are ignored.

    >>> [b.title for b in parse("ah|Board 1|md|1S2,H2,D2,C2|ah|Board 2|md|2S3,H3,D3,C3|")]
    ['Board 1', 'Board 2']
    """
    if isinstance(text, (bytes, bytearray)):
        raw = bytes(text)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("iso-8859-1")
    if not isinstance(text, str):
        raise NotationError(f"LIN: give text, got {type(text).__name__}")
    flat = text.replace("\r", "").replace("\n", "")
    boards: list[LinBoard] = []
    current = LinBoard()
    pos = 0
    for m in _PAIR.finditer(flat):
        if m.start() != pos and flat[pos : m.start()].strip():
            raise NotationError(f"LIN: {flat[pos:m.start()][:40]!r} is not a key|value| pair")
        pos = m.end()
        key, value = m.group(1), m.group(2)
        starts = key.lower() == "qx" or (key.lower() == "md" and current.value("md") is not None)
        if starts and current.value("md") is not None:
            # the pairs since the last card or call (a title, the players) open the next board
            cut = max((k for k, (x, _) in enumerate(current.pairs) if x.lower() in ("md", "mb", "pc", "mc", "pg", "sv")), default=-1)
            boards.append(LinBoard(current.pairs[: cut + 1]))
            current = LinBoard(current.pairs[cut + 1 :])
        current.pairs.append((key, value))
    if flat[pos:].strip():
        raise NotationError(f"LIN: {flat[pos:][:40]!r} is not a key|value| pair")
    if current.pairs:
        boards.append(current)
    return boards


@dataclass(frozen=True, eq=False)
class LinRecord(SourcedRecord):
    """A :class:`hukm.HandRecord` read from LIN, with the board it was read from
    (written back as read by :func:`dumps`). It equals a plain record with the same
    fields; two ``LinRecord`` values are equal when their boards are too."""

    lin: Optional[LinBoard] = field(default=None, repr=False)

    def source(self) -> Optional[LinBoard]:
        """The LIN board the record was read from."""
        return self.lin

    def bridge(self) -> Optional[BridgeRoles]:
        """The board's bridge roles: its dealer, the contract and declarer its auction
        ends in, the opening leader."""
        b = self.lin
        if b is None:
            return None
        try:
            ended = b.contract()
            dealer: Optional[int] = SEATS.index(b.dealer)
        except NotationError:
            ended, dealer = None, None
        declarer = SEATS.index(ended[1]) if ended is not None and ended[1] else None
        leader = int(self.origin.get("params", {}).get("leader", 0))
        board = (b.title or "").strip() or None
        return BridgeRoles(board, dealer, declarer, None if ended is None else ended[0], leader)


def record_of_board(board: LinBoard) -> HandRecord:
    """The record of one LIN board: ``hokm4`` with every trick played, the trump and
    the leader from the auction, the cards in the order played (see the module).
    A card that cannot be played raises :class:`hukm.NotationError` naming it."""
    from .registry import game as make_game

    ended = board.contract()
    trump = None
    leader = SEATS.index(board.dealer)
    if ended is not None and ended[0] != "Pass":
        strain = ended[0][1:].rstrip("X")
        trump = None if strain == "NT" else strain
        leader = (SEATS.index(ended[1]) + 1) % 4
    bridge = make_game(whist_presets()[0], **BRIDGE_OPTIONS)
    state = bridge.from_deal(" ".join(board.hands), trump=trump, leader=leader)
    for k, card in enumerate(board.cards):
        if state.is_terminal():
            raise NotationError(f"LIN pc|{card}| (card {k + 1}): the hand is over")
        try:
            state.apply(card[1:] + card[0])
        except HukmError as e:
            raise NotationError(f"LIN pc|{card}| (card {k + 1}): {SEATS[state.current_player]} cannot play it: {e}") from None
    return record_of(state)


def loads(text: Union[str, bytes]) -> list[HandRecord]:
    """The records of the boards of a LIN text (each a :class:`LinRecord`)."""
    out: list[HandRecord] = []
    for board in parse(text):
        out.append(LinRecord.of(record_of_board(board), lin=board))
    return out


def load(fp: IO[Any]) -> list[HandRecord]:
    """The records of a LIN file object, text or binary (see :func:`loads`)."""
    return loads(fp.read())


def _md_hand(hand: str) -> str:
    cards = _core.parse_hand(hand, "french52")
    return "".join(s + "".join(c[0] for c in cards if c[1] == s) for s in "SHDC")


def board_of_record(record: HandRecord, title: str = "") -> LinBoard:
    """The LIN board of a record of bridge play (``hokm4`` with ``stop_rule=play_all``,
    from ``from_deal`` with a trump and a leader only): the deal, an auction that
    says the contract (passes to the declarer, the seat before the leader, who bids
    the trump's strain at level one, then three passes; PBN has no auction of
    hukm's to give), and the cards. Anything else raises :class:`hukm.StateError`:
    other presets, options and start keywords keep the JSON record or PBN."""
    preset = whist_presets()[0]
    if record.preset != preset or record.options != BRIDGE_OPTIONS or record.origin.get("kind") != "deal":
        raise StateError(
            f"LIN holds bridge play: records of {preset} with stop_rule=play_all from a deal "
            f"(got {record.preset} {record.options}, {record.origin.get('kind')}); write PBN for the others"
        )
    params = dict(record.origin["params"])
    trump, leader = params.pop("trump", None), int(params.pop("leader"))
    if params:
        raise StateError(f"LIN has no word for the start keywords {sorted(params)}; write PBN")
    start = replay(record, 0)
    dealer_obs = start.observation(0).get("dealer")
    declarer = (leader - 1) % 4
    dealer = dealer_obs if isinstance(dealer_obs, int) and 0 <= dealer_obs < 4 else declarer
    hands = start.hands()
    pairs: list[tuple[str, str]] = [("pn", ",".join("" for _ in LIN_ORDER)), ("st", "")]
    md = str(LIN_ORDER.index(SEATS[dealer]) + 1) + ",".join(_md_hand(hands[SEATS.index(s)]) for s in LIN_ORDER)
    pairs += [("md", md), ("rh", ""), ("ah", title), ("sv", "o")]
    calls = ["p"] * ((declarer - dealer) % 4) + ["1" + ("N" if trump is None else str(trump))] + ["p"] * 3
    pairs += [("mb", c) for c in calls]
    cards = [a["action"] for a in record.actions]
    for k, card in enumerate(cards):
        if k % 4 == 0:
            pairs.append(("pg", ""))
        pairs.append(("pc", card[1] + card[0]))
    pairs.append(("pg", ""))
    return LinBoard(pairs)


def dumps(records: Iterable[Union[HandRecord, _core.State]]) -> str:
    """LIN text of records: boards read from LIN as they were read, and records (or
    states) of bridge play as :func:`board_of_record` writes them, one board a line.

    >>> import hukm
    >>> s = hukm.Hokm(stop_rule="play_all").from_deal("A... K... Q... J...", trump="S", leader=1)
    >>> s.apply("KS")
    >>> dumps([s])
    'pn|,,,|st||md|3SQHDC,SJHDC,SAHDC,SKHDC|rh||ah|Board 1|sv|o|mb|1S|mb|p|mb|p|mb|p|pg||pc|SK|pg||\\n'
    >>> loads(dumps([s])) == [s.record()]
    True
    """
    lines = []
    for i, item in enumerate(records):
        board = getattr(item, "lin", None)
        if isinstance(board, LinBoard):
            lines.append(board.dumps())
            continue
        if isinstance(item, _core.State):
            item = record_of(item)
        if not isinstance(item, HandRecord):
            raise StateError(f"records[{i}]: give a hukm.HandRecord or a hukm.State, got {type(item).__name__}")
        try:
            lines.append(board_of_record(item, f"Board {i + 1}").dumps())
        except StateError as e:
            raise StateError(f"records[{i}]: {e}") from None
    return "".join(line + "\n" for line in lines)


__all__ = ["LIN_ORDER", "LinBoard", "LinRecord", "SEATS", "board_of_record", "dumps", "load", "loads", "parse", "record_of_board"]

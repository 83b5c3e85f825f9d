"""Parsed views of a PBN game's sections: the Auction, the Play and the tables
(``OptimumResultTable``, ``ScoreTable``, ...), read from the lossless document
without changing it.

>>> from hukm.pbn import parse
>>> g = parse('[Auction "N"]\\n1C =1= Pass 1NT AP\\n[Note "1:2+ clubs"]\\n[Play "E"]\\nSA S2 S3 S4\\n*\\n').games[0]
>>> a = auction(g)
>>> a.calls, a.notes, a.bids()
(['1C', 'Pass', '1NT', 'AP'], {0: '2+ clubs'}, ['1C', 'Pass', '1NT', 'Pass', 'Pass', 'Pass'])
>>> p = play(g)
>>> p.leader, p.tricks, p.end
('E', [['SA', 'S2', 'S3', 'S4']], '*')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from .._errors import NotationError
from ._doc import PbnGame, Tag
from ._optimum import SEATS

_NOTE_REF = re.compile(r"^=(\d+)=$")
_NAG = re.compile(r"^\$\d+$")
_SUFFIX = re.compile(r"^(.*?)(!!|\?\?|!\?|\?!|!|\?)$")
_CALL = re.compile(r"^(PASS|P|X|XX|AP|[1-7](?:C|D|H|S|N|NT))$", re.IGNORECASE)
_CARD = re.compile(r"^([SHDC])(10|[2-9TJQKA])$", re.IGNORECASE)


def _fail(tag: Tag, line: int, message: str) -> NotationError:
    return NotationError(f"PBN line {line or tag.line}: [{tag.name}] {message}")


def _notes(game: PbnGame, after: str, before: Optional[str]) -> dict[int, str]:
    """The ``Note`` tags of a section: those between tag ``after`` and tag ``before``,
    then (for files that put every note at the end) any other note of the game
    with an index not seen yet."""
    inside: dict[int, str] = {}
    others: dict[int, str] = {}
    where = 0  # 0 before the section, 1 inside, 2 after
    for t in game.tag_pairs:
        if t.name == after:
            where = 1
            continue
        if before is not None and t.name == before and where == 1:
            where = 2
        if t.name != "Note":
            continue
        index, colon, text = t.value.partition(":")
        if not colon or not index.strip().isdigit():
            continue
        (inside if where == 1 else others).setdefault(int(index), text.strip())
    for k, v in others.items():
        inside.setdefault(k, v)
    return inside


@dataclass
class Auction:
    """The Auction section: ``first`` the seat of the first call (the tag's value),
    ``calls`` as written (``Pass``, ``X``, ``XX``, ``1NT``, ``AP``, ``-``), ``notes``
    each call's note text by the call's index (``=k=`` and its ``[Note "k:..."]``),
    ``annotations`` each call's suffixes and NAGs by index, and ``end`` ``"*"``
    (no more calls), ``"+"`` (to be continued) or ``None``."""

    first: str
    calls: list[str] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)
    annotations: dict[int, list[str]] = field(default_factory=dict)
    end: Optional[str] = None

    def bids(self) -> list[str]:
        """The calls made, in order from the dealer: ``AP`` as the passes that end
        the auction, ``-`` (no call yet) left out, ``P`` as ``Pass``, ``N`` as ``NT``."""
        out: list[str] = []
        for c in self.calls:
            u = c.upper()
            if u == "-":
                continue
            if u == "AP":
                out.extend(["Pass"] * 3)
                continue
            if u in ("PASS", "P"):
                out.append("Pass")
            elif u in ("X", "XX"):
                out.append(u)
            else:
                out.append(u[0] + ("NT" if u[1:] in ("N", "NT") else u[1:]))
        return out


    def contract(self) -> Optional[tuple[str, str]]:
        """The contract the auction ends in and its declarer, e.g. ``("4HX", "S")``,
        ``("Pass", "")`` for four passes, or ``None`` while the auction is not over.
        A ``-`` takes its seat's turn (a call not made yet).

        >>> Auction("E", ["1S", "Pass", "2S", "X", "AP"]).contract()
        ('2SX', 'E')
        """
        seat = SEATS.index(self.first) if self.first in SEATS else 0
        calls: list[tuple[int, str]] = []
        for c in self.calls:
            u = c.upper()
            if u != "-" and not _CALL.match(u):
                raise NotationError(f"{c!r} is not a call (Pass, X, XX, AP, 1C ... 7NT, -)")
            for x in (["PASS"] * 3 if u == "AP" else [u]):
                calls.append((seat, x))
                seat = (seat + 1) % 4
        bid: Optional[tuple[int, str, int]] = None  # level, strain, seat
        double = ""
        first: dict[tuple[int, str], int] = {}  # (side, strain) -> the seat that named it first
        passes = 0
        for s, c in calls:
            if c in ("PASS", "P"):
                passes += 1
                if (bid is None and passes == 4) or (bid is not None and passes == 3):
                    if bid is None:
                        return ("Pass", "")
                    level, strain, by = bid
                    return (f"{level}{strain}{double}", SEATS[first[(by % 2, strain)]])
                continue
            passes = 0
            if c in ("X", "XX"):
                double = c
            elif c != "-":
                strain = "NT" if c[1:] in ("N", "NT") else c[1:]
                bid = (int(c[0]), strain, s)
                double = ""
                first.setdefault((s % 2, strain), s)
        return None


def auction(game: PbnGame) -> Optional[Auction]:
    """The game's Auction section, or ``None`` when it has none.

    A token that is not a call, a note reference, a NAG or a suffix raises
    :class:`hukm.NotationError` naming the line.
    """
    tag = game.tag("Auction")
    if tag is None:
        return None
    a = Auction(tag.value.strip().upper())
    refs: dict[int, int] = {}
    for row in tag.rows:
        for tok in row.data():
            if tok in ("*", "+"):
                a.end = tok
                continue
            m = _NOTE_REF.match(tok)
            if m is not None and a.calls:
                refs[len(a.calls) - 1] = int(m.group(1))
                continue
            if (_NAG.match(tok) or tok in ("!", "?", "!!", "??", "!?", "?!")) and a.calls:
                a.annotations.setdefault(len(a.calls) - 1, []).append(tok)
                continue
            s = _SUFFIX.match(tok)
            call, suffix = (s.group(1), s.group(2)) if s and s.group(1) else (tok, None)
            if call != "-" and not _CALL.match(call):
                raise _fail(tag, row.line, f"{tok!r} is not a call (Pass, X, XX, AP, 1C ... 7NT, -)")
            a.calls.append(call)
            if suffix:
                a.annotations.setdefault(len(a.calls) - 1, []).append(suffix)
    notes = _notes(game, "Auction", "Play")
    a.notes = {i: notes.get(k, "") for i, k in refs.items()}
    return a


@dataclass
class Play:
    """The Play section, in PBN's columns: ``leader`` the seat of the first card,
    ``tricks`` one list per line of four cells in seat order from ``leader`` (not in
    the order played), each a card such as ``"SA"``, or ``None`` for ``-`` (unknown or
    not played) and ``"+"`` (the next card to play); ``end`` is ``"*"`` (no more
    cards: a claim, or the play stopped), ``"+"`` or ``None``; ``notes`` and
    ``annotations`` by (trick, column)."""

    leader: str
    tricks: list[list[Optional[str]]] = field(default_factory=list)
    notes: dict[tuple[int, int], str] = field(default_factory=dict)
    annotations: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    end: Optional[str] = None

    @property
    def claimed(self) -> bool:
        """Whether the play stops with ``*`` before 13 complete tricks."""
        full = len(self.tricks) == 13 and all(c is not None for c in self.tricks[-1])
        return self.end == "*" and not full

    def cards_played(self, trump: Optional[str]) -> list[tuple[str, str]]:
        """The cards in the order played, as ``(seat, card)``: each trick's leader is
        the previous trick's winner (``trump`` a suit letter, or ``None`` for no
        trump). Stops at the first trick with a missing card.

        >>> Play("N", [["SA", "S2", "S3", "H4"], ["D2", "DA", "D3", "D4"]]).cards_played("H")
        [('N', 'SA'), ('E', 'S2'), ('S', 'S3'), ('W', 'H4'), ('W', 'D4'), ('N', 'D2'), ('E', 'DA'), ('S', 'D3')]
        """
        out: list[tuple[str, str]] = []
        first = SEATS.index(self.leader)
        lead = first
        for row in self.tricks:
            order = [(lead + k) % 4 for k in range(4)]
            cells = [row[(seat - first) % 4] for seat in order]
            if any(c is None or c == "+" for c in cells):
                for seat, c in zip(order, cells):
                    if c is None or c == "+":
                        break
                    out.append((SEATS[seat], c))
                break
            out.extend((SEATS[seat], str(c)) for seat, c in zip(order, cells))
            suit = str(cells[0])[0]
            best = 0
            for k in range(1, 4):
                if _beats(str(cells[k]), str(cells[best]), suit, trump):
                    best = k
            lead = order[best]
        return out


_RANKS = "23456789TJQKA"


def _beats(a: str, b: str, led: str, trump: Optional[str]) -> bool:
    """Whether card ``a`` beats card ``b`` in a trick led in ``led``."""
    if a[0] == b[0]:
        return _RANKS.index(a[1]) > _RANKS.index(b[1])
    return a[0] == trump or (a[0] == led and b[0] != trump)


def _is_cell(tok: str) -> bool:
    """Whether a Play token takes a column (a card, ``-`` or ``+``)."""
    return tok in ("-", "--", "+") or _CARD.match(tok.rstrip("!?")) is not None


def play(game: PbnGame) -> Optional[Play]:
    """The game's Play section, or ``None`` when it has none.

    Each line holds one trick in seat order from the opening leader (a line with
    fewer cards, as annotations allow, continues on the next); a token that
    is not a card, ``-``, ``+``, ``*``, a note reference, a NAG or a suffix raises
    :class:`hukm.NotationError` naming the line.
    """
    tag = game.tag("Play")
    if tag is None:
        return None
    p = Play(tag.value.strip().upper())
    refs: dict[tuple[int, int], int] = {}
    cells: list[Optional[str]] = []  # every cell in order: four make a trick, a line may hold fewer
    marks: dict[int, list[str]] = {}
    for row in tag.rows:
        n = sum(_is_cell(t) for t in row.data())
        if n > 4:
            raise _fail(tag, row.line, f"{n} cards on one line: a line is one trick of four")
        for tok in row.data():
            if tok == "*":
                p.end = "*"
                continue
            m = _NOTE_REF.match(tok)
            if m is not None and cells:
                refs[divmod(len(cells) - 1, 4)] = int(m.group(1))
                continue
            if (_NAG.match(tok) or tok in ("!", "?", "!!", "??", "!?", "?!")) and cells:
                marks.setdefault(len(cells) - 1, []).append(tok)
                continue
            if tok in ("-", "--"):
                cells.append(None)
                continue
            if tok == "+":
                cells.append("+")
                p.end = "+"
                continue
            s = _SUFFIX.match(tok)
            card, suffix = (s.group(1), s.group(2)) if s and s.group(1) else (tok, None)
            c = _CARD.match(card)
            if c is None:
                raise _fail(tag, row.line, f"{tok!r} is not a card (suit then rank, e.g. SA, HT, C2)")
            rank = c.group(2).upper()
            cells.append(c.group(1).upper() + ("T" if rank == "10" else rank))
            if suffix:
                marks.setdefault(len(cells) - 1, []).append(suffix)
    cells += [None] * (-len(cells) % 4)
    p.tricks = [cells[k : k + 4] for k in range(0, len(cells), 4)]
    p.annotations = {divmod(k, 4): v for k, v in marks.items()}
    notes = _notes(game, "Play", None)
    p.notes = {i: notes.get(k, "") for i, k in refs.items()}
    return p


@dataclass
class Column:
    """A table's column: ``name``, ``width`` (``None`` when not given) and
    ``align`` (``"L"``, ``"R"`` or ``None``), from a header such as ``Result\\2R``;
    ``descending`` for a ``+``-ordered column name."""

    name: str
    width: Optional[int] = None
    align: Optional[str] = None
    order: Optional[str] = None


@dataclass
class PbnTable:
    """A table section (PBN 2.1 chapter 5): its columns and rows of cells (quoted
    strings without their quotes).

    >>> from hukm.pbn import parse
    >>> t = table(parse('[ScoreTable "Rank\\\\2R;Contract\\\\4L;Names"]\\n 1 4S "A - B"\\n').games[0], "ScoreTable")
    >>> [c.name for c in t.columns], t.columns[0].width, t.rows, t.column("Names")
    (['Rank', 'Contract', 'Names'], 2, [['1', '4S', 'A - B']], ['A - B'])
    """

    name: str
    columns: list[Column]
    rows: list[list[str]]

    def column(self, name: str) -> list[str]:
        """The cells of column ``name`` (case-insensitive), one per row."""
        names = [c.name.lower() for c in self.columns]
        try:
            k = names.index(name.lower())
        except ValueError:
            raise NotationError(f"PBN [{self.name}]: no column {name!r} (columns: {', '.join(c.name for c in self.columns)})") from None
        return [r[k] if k < len(r) else "" for r in self.rows]


_COLUMN = re.compile(r"^([+-]?)([^\\]*)(?:\\(\d+)([LR]?))?$")


def table(game: PbnGame, name: str) -> Optional[PbnTable]:
    """Table ``name`` of the game (``OptimumResultTable``, ``ScoreTable``,
    ``TotalScoreTable``, ...), or ``None`` when the game has no such tag. Each
    section line is one row."""
    tag = game.tag(name)
    if tag is None:
        return None
    value = game.tag_value(name) or ""
    columns = []
    for part in value.split(";"):
        m = _COLUMN.match(part.strip())
        if m is None:  # pragma: no cover - the pattern matches every text
            continue
        columns.append(Column(m.group(2), int(m.group(3)) if m.group(3) else None, m.group(4) or None, m.group(1) or None))
    rows = [[t[1:-1] if len(t) > 1 and t.startswith('"') and t.endswith('"') else t for t in r] for r in tag.data_rows()]
    return PbnTable(name, columns, rows)


__all__ = ["Auction", "Column", "Play", "PbnTable", "SEATS", "auction", "play", "table"]

"""The lossless PBN document: a file's directives, games, tag pairs, section data
and comments, in the order and at the place they stand, read from text and
written back.

Nothing here knows bridge: a tag is a name, a value and the lines of data after
it; a comment is kept in the line where it stands. :func:`parse` reads any PBN
text (import or export format); :meth:`PbnFile.dumps` writes it back so that
``parse(f.dumps()) == f``, and a line nobody changed is written exactly as read.

>>> f = parse('% PBN 2.1\\n[Event "Club"] ; night\\n[Board "1"]\\n\\n[Event "#"]\\n[Board "2"]\\n')
>>> [g.tag_value("Event") for g in f.games], f.games[0].tag("Event").rows[0].tokens
(['Club', 'Club'], (Comment(text=' night', brace=False),))
>>> parse(f.dumps()) == f
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterator, Optional, Sequence, Union

from .._errors import NotationError
from ._optimum import read_table

if TYPE_CHECKING:
    from ..record import HandRecord

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(r'[^\s\[\]{};"]+')
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
_CHARSET = re.compile(rb"^%\s*Content-type:.*charset\s*=\s*([A-Za-z0-9_.:-]+)", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class Comment:
    """A comment: ``{text}`` (``brace=True``, may span lines) or ``;text`` to the end
    of its line (``brace=False``); ``text`` is what stands between the marks."""

    text: str
    brace: bool = True

    def __str__(self) -> str:
        return "{" + self.text + "}" if self.brace else ";" + self.text


@dataclass(frozen=True)
class Directive:
    """An escape line, ``%`` in the first column (``% PBN 2.1``, ``% EXPORT``,
    ``%Creator: ...``); ``text`` is the line after the ``%``."""

    text: str

    def __str__(self) -> str:
        return "%" + self.text


Token = Union[str, Comment, Directive]
"""A row's element: a data token as written (a quoted string keeps its quotes), a
comment, or a directive line."""


@dataclass(frozen=True)
class Row:
    """One line of a tag's data (or of its own line after the tag).

    ``tokens`` are what the line holds, in order; ``raw`` is the line as read
    (``None`` for a row made in code), written back as is so that column
    alignment survives; ``line`` is where it was read.
    """

    tokens: tuple[Token, ...]
    raw: Optional[str] = field(default=None, compare=False, repr=False)
    line: int = field(default=0, compare=False, repr=False)

    def data(self) -> list[str]:
        """The row's data tokens, comments and directives left out."""
        return [t for t in self.tokens if isinstance(t, str)]

    def text(self) -> str:
        """The row as PBN text (``raw`` when it was read)."""
        if self.raw is not None:
            return self.raw
        return " ".join(str(t) for t in self.tokens)


@dataclass(frozen=True)
class Tag:
    """A tag pair ``[Name "value"]`` and the rows after it: ``rows[0]`` is what
    follows the tag on its own line (often nothing, or a comment), the next rows
    are the section's lines (an Auction's calls, a Play's tricks, a table's rows,
    comments on lines of their own). ``value`` is unescaped (``\\"`` and ``\\\\``);
    ``raw`` is the value as written in the file and ``inline`` whether the tag
    stood on the line of the tag before it, both kept for writing it back."""

    name: str
    value: str
    rows: tuple[Row, ...] = (Row(()),)
    line: int = field(default=0, compare=False)
    raw: Optional[str] = field(default=None, compare=False, repr=False)
    inline: bool = field(default=False, compare=False, repr=False)

    def data_rows(self) -> list[list[str]]:
        """The data tokens of each section line that has some (``rows[1:]``, and
        ``rows[0]`` when data follows the tag on its line)."""
        out = [r.data() for r in self.rows]
        return [d for d in out if d]

    def data(self) -> list[str]:
        """Every data token of the section, in order."""
        return [t for r in self.rows for t in r.data()]


@dataclass
class PbnGame:
    """One game of a PBN file, lossless: ``lead`` (comments and directives before
    its first tag) and its tag pairs in order, each with its rows.

    ``record`` is the game's :class:`hukm.HandRecord` when it was read by
    :func:`hukm.pbn.read_games`. ``inherited`` holds the values of tags written ``#`` or ``##...`` and of tags
    carried by an earlier ``##`` (PBN 2.1 section 4.8), filled when the game is
    read from a file; it is not part of the game's equality, nor is ``gap`` (the
    empty lines before the game in its file).

    >>> g = parse('[Board "3"]\\n[Deal "N:A... K... Q... J..."]\\n').games[0]
    >>> g.names(), g.tag_value("Deal"), g.tag_value("Site", "?")
    (['Board', 'Deal'], 'N:A... K... Q... J...', '?')
    """

    tag_pairs: list[Tag] = field(default_factory=list)
    lead: list[Union[Comment, Directive]] = field(default_factory=list)
    line: int = field(default=0, compare=False)
    inherited: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    record: Optional["HandRecord"] = field(default=None, compare=False, repr=False)
    gap: int = field(default=1, compare=False, repr=False)

    @property
    def dd_table(self) -> Optional[Any]:
        """The ``OptimumResultTable`` in DDS's declarer layout (a (5, 4) array: rows S,
        H, D, C, NT; columns declarer N, E, S, W), or ``None`` when the game has no
        complete one."""
        name = "OptimumResultTable"
        t = self.tag(name)
        if t is None:
            value = self.inherited.get(name)
            return None if value is None else read_table(name, value, self.line, [])
        rows = [(r.line, r.data()) for r in t.rows if r.data()]
        return read_table(name, self.tag_value(name, "") or "", t.line, rows)

    def names(self) -> list[str]:
        """The tag names in order (a repeated tag, such as ``Note``, each time)."""
        return [t.name for t in self.tag_pairs]

    def tag(self, name: str) -> Optional[Tag]:
        """The first tag pair called ``name``, or ``None``."""
        for t in self.tag_pairs:
            if t.name == name:
                return t
        return None

    def tags_named(self, name: str) -> list[Tag]:
        """Every tag pair called ``name`` (``Note`` tags), in order."""
        return [t for t in self.tag_pairs if t.name == name]

    def tag_value(self, name: str, default: Optional[str] = None) -> Optional[str]:
        """The value of tag ``name`` with inheritance applied (``#``, ``##``), or
        ``default`` when the game has no such tag."""
        t = self.tag(name)
        if t is None or t.value == "#" or t.value.startswith("##"):
            return self.inherited.get(name, default)
        return t.value

    @property
    def tags(self) -> dict[str, str]:
        """Each tag's value (inheritance applied; the first of repeated tags), in order,
        then the tags an earlier ``##`` carries into this game."""
        out: dict[str, str] = {}
        for t in self.tag_pairs:
            if t.name not in out:
                value = self.tag_value(t.name)
                out[t.name] = "" if value is None else value
        for name, value in self.inherited.items():
            out.setdefault(name, value)
        return out

    def set_tag(self, name: str, value: str, rows: Sequence[Sequence[str]] = ()) -> None:
        """Gives tag ``name`` the value ``value`` and the section lines ``rows``,
        in place when the game has the tag (its comment on the tag's own line is
        kept), else at the end. Each row is a list of cells, written joined by a
        space (pad a cell with spaces to align columns)."""
        new_rows = [Row(tuple(x.strip() for x in r if x.strip()), " ".join(r)) for r in rows]
        for i, t in enumerate(self.tag_pairs):
            if t.name == name:
                first = Row(tuple(x for x in t.rows[0].tokens if not isinstance(x, str)))
                self.tag_pairs[i] = Tag(name, value, (first, *new_rows), t.line)  # no raw: the value is new
                self.inherited.pop(name, None)
                return
        self.tag_pairs.append(Tag(name, value, (Row(()), *new_rows)))

    def copy(self) -> "PbnGame":
        """A copy that can be changed without changing this game."""
        return replace(self, tag_pairs=list(self.tag_pairs), lead=list(self.lead), inherited=dict(self.inherited))

    def dumps(self, newline: str = "\n") -> str:
        """The game as PBN text, one line per row, ending with a newline."""
        lines = [str(x) for x in self.lead]
        for t in self.tag_pairs:
            value = t.raw if t.raw is not None and unescape(t.raw) == t.value else _escape(t.value)
            head = "[{} \"{}\"]".format(t.name, value)
            first = t.rows[0] if t.rows else Row(())
            line = head + (first.raw if first.raw is not None else (" " + first.text() if first.tokens else ""))
            if t.inline and lines:
                lines[-1] += " " + line
            else:
                lines.append(line)
            lines.extend(r.text() for r in t.rows[1:])
        return "".join(line + newline for line in lines)


@dataclass
class PbnFile:
    """A PBN file, lossless: ``header`` (directives and comments before the first
    game), its games and ``trailer`` (comments after the last game).

    ``encoding`` is how the text was decoded (``"utf-8"``, ``"utf-8-sig"`` for a
    byte-order mark, ``"iso-8859-1"``, or ``None`` for text given as ``str``) and
    ``newline`` the line ending read (``"\\r\\n"`` or ``"\\n"``), ``gap`` whether an
    empty line parts the header from the first game and ``blank_end`` the empty
    lines at the end; none is part of the equality.

    >>> f = parse(b'\\xef\\xbb\\xbf[Event "Caf\\xc3\\xa9"]\\r\\n')
    >>> f.encoding, f.newline, f.games[0].tag_value("Event")
    ('utf-8-sig', '\\r\\n', 'Café')
    """

    games: list[PbnGame] = field(default_factory=list)
    header: list[Union[Comment, Directive]] = field(default_factory=list)
    trailer: list[Union[Comment, Directive]] = field(default_factory=list)
    encoding: Optional[str] = field(default=None, compare=False)
    newline: str = field(default="\n", compare=False)
    gap: bool = field(default=True, compare=False)
    blank_end: int = field(default=0, compare=False)

    def __iter__(self) -> Iterator[PbnGame]:
        return iter(self.games)

    def __len__(self) -> int:
        return len(self.games)

    def __getitem__(self, i: int) -> PbnGame:
        return self.games[i]

    def dumps(self) -> str:
        """The file as PBN text: ``parse(f.dumps()) == f``."""
        nl = self.newline
        parts = [self.header_text()]
        parts.extend((nl * g.gap if k else "") + g.dumps(nl) for k, g in enumerate(self.games))
        if self.trailer:
            parts.append(nl + "".join(str(x) + nl for x in self.trailer))
        return "".join(parts) + nl * self.blank_end

    def header_text(self) -> str:
        """The header's lines, and the empty line after them when the file had one."""
        nl = self.newline
        text = "".join(str(x) + nl for x in self.header)
        return text + nl if text and self.gap and self.games else text

    def encode(self) -> bytes:
        """:meth:`dumps` in the encoding read (UTF-8 for text given as ``str``)."""
        return self.dumps().encode(self.encoding or "utf-8")


def decode(data: bytes) -> tuple[str, str]:
    """The text of PBN bytes and the encoding used: UTF-8 after a byte-order mark
    (``"utf-8-sig"``), the charset a ``%Content-type`` line names, else UTF-8
    when the bytes are valid UTF-8, else ISO-8859-1 (PBN's own character set).

    >>> decode("Bäcker".encode("iso-8859-1")), decode("Bäcker".encode())
    (('Bäcker', 'iso-8859-1'), ('Bäcker', 'utf-8'))
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), "utf-8-sig"
    m = _CHARSET.search(data[:4096])
    if m is not None:
        name = m.group(1).decode("ascii").lower()
        try:
            return data.decode(name), name
        except (LookupError, UnicodeDecodeError):
            pass
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("iso-8859-1"), "iso-8859-1"


def _escape(value: str) -> str:
    """A tag value with PBN's escapes: ``"`` as ``\\"``, and a backslash doubled
    only where reading would take it for an escape (``\\2R`` stays)."""
    out = []
    for i, c in enumerate(value):
        if c == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        elif c == '"':
            out.append('\\"')
        else:
            out.append(c)
    return "".join(out)


def unescape(value: str) -> str:
    """PBN's escapes in a tag's value: ``\\"`` and ``\\\\`` (other backslashes stay, as in ``\\2R``)."""
    return re.sub(r'\\(["\\])', r"\1", value)


def _fail(line: int, message: str) -> NotationError:
    return NotationError(f"PBN line {line}: {message}")


class _Reader:
    """The state of :func:`parse` while it walks the lines."""

    def __init__(self) -> None:
        self.file = PbnFile()
        self.game: Optional[PbnGame] = None
        self.pending: list[Union[Comment, Directive]] = []
        self.started = False  # a tag has been seen
        self.row: Optional[list[Token]] = None  # the tokens of the current line's row
        self.row_start = 0
        self.row_line = 0
        self.blank = False  # an empty line since the last header item
        self.blanks = 0  # empty lines since the last game

    def add(self, item: Token, number: int) -> None:
        if self.game is None or not self.game.tag_pairs:
            if isinstance(item, str):
                raise _fail(number, f"expected a tag, got {item!r}")
            (self.game.lead if self.game is not None else self.pending).append(item)
            self.blank = False
            return
        if self.row is None:
            self.row, self.row_line = [], number
        self.row.append(item)

    def close_row(self, raw: str) -> None:
        """Ends the current line's row: it joins the current tag's rows."""
        if self.row is None or self.game is None or not self.game.tag_pairs:
            self.row = None
            return
        last = self.game.tag_pairs[-1]
        spans = any(isinstance(t, Comment) and "\n" in t.text for t in self.row)
        row = Row(tuple(self.row), None if spans else raw, self.row_line)
        if self.row_start:  # data after the tag on its own line
            last = replace(last, rows=(row, *last.rows[1:]))
        else:
            last = replace(last, rows=(*last.rows, row))
        self.game.tag_pairs[-1] = last
        self.row = None

    def tag(self, name: str, value: str, number: int, inline: bool = False) -> None:
        if self.game is None:
            self.game = PbnGame(lead=[] if not self.started else self.pending, line=number, gap=max(1, self.blanks))
            if not self.started:
                self.file.header = self.pending
                self.file.gap = self.blank
            self.pending = []
            self.started = True
            self.blanks = 0
            self.file.games.append(self.game)
        self.game.tag_pairs.append(Tag(name, unescape(value), (Row(()),), number, value, inline and bool(self.game.tag_pairs)))

    def end_game(self) -> None:
        self.game = None


def parse(text: Union[str, bytes]) -> PbnFile:
    """The lossless document of a PBN text (``str``, or ``bytes`` decoded by :func:`decode`).

    A byte-order mark is dropped; a malformed tag, or data before a game's first
    tag, raises :class:`hukm.NotationError` naming the line.

    >>> f = parse('[Deal "N:A... K... Q... J..."]\\n[Auction "N"]\\n1S =1= Pass ; the note\\nAP\\n[Note "1:strong"]\\n')
    >>> [r.data() for r in f.games[0].tag("Auction").rows]
    [[], ['1S', '=1=', 'Pass'], ['AP']]
    """
    encoding: Optional[str] = None
    if isinstance(text, (bytes, bytearray)):
        text, encoding = decode(bytes(text))
    if not isinstance(text, str):
        raise NotationError(f"PBN: give text, got {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    r = _Reader()
    r.file.encoding = encoding
    r.file.newline = "\r\n" if "\r\n" in text[:4096] else "\n"
    brace: Optional[tuple[int, list[str]]] = None  # an open { comment: its line and text so far
    for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        i = 0
        continuing = brace is not None
        if not continuing:
            r.row_start = 0
        if brace is None:
            if raw.startswith("%"):
                r.add(Directive(raw[1:]), number)
                r.close_row(raw)
                continue
            if not raw.strip():
                r.close_row("")
                r.end_game()
                r.blank = True
                r.blanks += 1
                continue
        else:
            end = raw.find("}")
            if end < 0:
                brace[1].append(raw)
                continue
            brace[1].append(raw[:end])
            r.add(Comment("\n".join(brace[1])), brace[0])
            brace, i = None, end + 1
        while i < len(raw):
            c = raw[i]
            if c.isspace():
                i += 1
            elif c == "[":
                m = _TAG.match(raw, i)
                if m is None:
                    raise _fail(number, f"malformed tag {raw[i:].strip()!r} (a tag is [Name \"value\"])")
                r.close_row(raw[r.row_start : i])
                r.tag(m.group(1), m.group(2), number, inline=bool(raw[:i].strip()))
                i = m.end()
                r.row_start = i
            elif c == "{":
                end = raw.find("}", i + 1)
                if end < 0:
                    brace = (number, [raw[i + 1 :]])
                    break
                r.add(Comment(raw[i + 1 : end]), number)
                i = end + 1
            elif c == ";":
                r.add(Comment(raw[i + 1 :], brace=False), number)
                break
            elif c == '"':
                m = _QUOTED.match(raw, i)
                if m is None:
                    raise _fail(number, f"a string without its closing quote: {raw[i:].strip()!r}")
                r.add(m.group(0), number)
                i = m.end()
            elif c in "]}":
                raise _fail(number, f"a stray '{c}' in {raw.strip()!r}")
            else:
                m = _TOKEN.match(raw, i)
                assert m is not None
                r.add(m.group(0), number)
                i = m.end()
        if brace is None:
            r.close_row(raw[r.row_start :] if r.row_start else raw)
    if brace is not None:
        raise _fail(brace[0], "a '{' comment that is never closed")
    r.close_row("")
    if r.pending:
        if r.started:
            r.file.trailer = r.pending
        else:
            r.file.header = r.pending
    _inherit(r.file.games)
    lines = re.split(r"\r\n|\r|\n", text)
    last = max((k for k, x in enumerate(lines) if x.strip()), default=0)
    r.file.blank_end = max(0, len(lines) - 2 - last)
    return r.file


def _inherit(games: list[PbnGame]) -> None:
    """Fills each game's ``inherited`` values: ``#`` takes the nearest previous
    game's value of the tag (``""`` when there is none); ``##text`` gives
    ``text`` to this game and to every later game that omits the tag, and a later
    value of that tag is carried on in its place."""
    last: dict[str, str] = {}
    carried: dict[str, str] = {}
    for g in games:
        own = set()
        for t in g.tag_pairs:
            if t.name in own:
                continue
            own.add(t.name)
            if t.value.startswith("##"):
                carried[t.name] = t.value[2:]
                g.inherited[t.name] = t.value[2:]
            elif t.value == "#":
                g.inherited[t.name] = last.get(t.name, "")
            elif t.name in carried:
                carried[t.name] = t.value  # a carried tag redefined: the new value is carried on
            last[t.name] = g.inherited.get(t.name, t.value)
        for name, value in carried.items():
            if name not in own:
                g.inherited[name] = value
                last[name] = value


__all__ = ["Comment", "Directive", "PbnFile", "PbnGame", "Row", "Tag", "Token", "decode", "parse", "unescape"]

"""PBN (Portable Bridge Notation) for the whist presets of Hokm: reading and writing
hands as :class:`hukm.HandRecord` values, and double-dummy tables in PBN's
``OptimumResultTable``.

The presets whose trick play is bridge card play are ``hokm4``, ``court_piece``
and ``single_sar`` (four players, partners opposite, follow suit, fixed trump or no
trump). PBN names seats by compass point; hukm numbers seats in play order, and
bridge play goes N, E, S, W, so::

    N = seat 0    E = seat 1    S = seat 2    W = seat 3

A PBN game maps to a record of ``from_deal`` (origin kind ``"deal"``):

* ``[Deal "N:..."]`` (any first seat) gives the hands; the record keeps them in
  hukm's plain form, seat 0 (N) first, without the prefix;
* ``[Contract]``'s strain gives the trump (``NT``: no trump; level, doubling and a
  passed-out or unknown contract are ignored: without a strain the hand is played
  at no trump);
* the leader is the seat after ``[Declarer]`` (bridge's opening leader, the
  declarer's left-hand opponent), or ``[Play]``'s seat when there is no declarer,
  or else the deal's first seat; the Hakem is the leader (``from_deal``'s default);
* the ``[Play]`` section's cards are the record's actions, in the order the
  engine asks for them (each trick is a row of cards in seat order from the
  opening leader; ``-`` ends the play, ``*`` marks a claim);
* custom tags carry what PBN has no word for: ``[HukmPreset "court_piece"]``
  (default ``hokm4``), ``[HukmOptions "stop_rule=play_all;deal_batches=5-3-3-2"]``
  (the game's options), ``[HukmParams "hakem=1;tricks_won=3,2"]`` (more
  ``from_deal`` keywords: numbers, comma-separated numbers, ``true``/``false``)
  and ``[HukmDecisions "stop"]`` (the decisions other than cards taken during
  the play, such as Court Piece's ``continue`` / ``stop`` after seven tricks).

A file without ``[HukmPreset]`` and ``[HukmOptions]`` is bridge: it is read as
``hokm4`` with ``stop_rule="play_all"`` (all 13 tricks are played).

Writing (:func:`dumps`) puts the same tags back, with PBN's mandatory tags
(``Dealer`` is the dealer the engine reports, ``Declarer`` the seat before the
leader, ``Contract`` level 1 — seven tricks — in the trump's strain, ``Result``
the declarer's side's tricks when the hand is over), so that
``loads(dumps(records)) == records`` for records of ``from_deal`` with a plain deal.

>>> import hukm
>>> s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=1)
>>> s.apply("QS")
>>> text = dumps([s.record()])
>>> [line for line in text.splitlines() if line.startswith(("[Deal ", "[Declarer", "[Contract", "[Play"))]
['[Deal "N:AK.2.. QJ.3.. T9.4.. 87.5.."]', '[Declarer "N"]', '[Contract "1H"]', '[Play "E"]']
>>> loads(text) == [s.record()]
True
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from typing import IO, Any, Iterable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from . import _core
from ._errors import HukmError, NotationError, StateError
from .record import HandRecord, record_of, replay

WHIST_PRESETS = ("hokm4", "court_piece", "single_sar")
"""The presets PBN reads and writes: four-player Hokm whose trick play is bridge's."""

SEATS = "NESW"
"""PBN's seats in hukm's seat order: ``SEATS[seat]`` is the compass point of ``seat``."""

STRAINS = ("S", "H", "D", "C", "NT")
"""The strains in DDS's order: the rows of a declarer-layout table."""

BRIDGE_OPTIONS = {"stop_rule": "play_all"}
"""The options of a PBN game without ``[HukmPreset]`` / ``[HukmOptions]``: bridge plays every trick."""

_TABLE_HEADER = "Declarer;Denomination\\2R;Result\\2R"
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\](.*)$')
_CONTRACT = re.compile(r"^([1-7])(S|H|D|C|NT|N)(X{0,2})$", re.IGNORECASE)
_CARD = re.compile(r"^([SHDC])(10|[2-9TJQKA])$", re.IGNORECASE)
Table = npt.NDArray[np.int32]


@dataclass(frozen=True)
class PbnGame:
    """One game of a PBN file: its record, every tag as written and its double-dummy table.

    ``tags`` maps each tag's name to its value (sections' rows are not included);
    ``dd_table`` is the ``OptimumResultTable`` in DDS's declarer layout (rows S, H,
    D, C, NT; columns declarer N, E, S, W) when the game has a complete one;
    ``line`` is the line where the game starts.
    """

    record: HandRecord
    tags: dict[str, str] = field(default_factory=dict)
    dd_table: Optional[Table] = field(default=None, compare=False)
    line: int = 0


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)


@dataclass
class _Game:
    line: int
    tags: dict[str, _Tag] = field(default_factory=dict)


# --- reading --------------------------------------------------------------------


def loads(text: str) -> list[HandRecord]:
    """The records of the games of a PBN text, in order.

    A malformed file raises :class:`hukm.NotationError` naming the line and the tag,
    e.g. ``PBN line 12: [Play] trick 3: W cannot play SA: ...``.

    >>> recs = loads('[Deal "N:A... K... Q... J..."]\\n[Declarer "W"]\\n[Contract "1NT"]\\n[Play "N"]\\nSA SK SQ SJ\\n')
    >>> recs[0].origin, recs[0].actions[0], recs[0].result
    ({'kind': 'deal', 'deal': 'A... K... Q... J...', 'params': {'leader': 0}}, {'player': 0, 'action': 'AS'}, [1.0, 0.0, 1.0, 0.0])
    """
    return [g.record for g in read_games(text)]


def load(fp: IO[str]) -> list[HandRecord]:
    """The records of the games of a PBN file object (see :func:`loads`)."""
    return loads(fp.read())


def read_games(text: str) -> list[PbnGame]:
    """The games of a PBN text with their tags and double-dummy tables (see :func:`loads`).

    >>> g = read_games('[Board "3"]\\n[Deal "E:A... K... Q... J..."]\\n')[0]
    >>> g.tags["Board"], g.record.origin["deal"], g.record.origin["params"]
    ('3', 'J... A... K... Q...', {'leader': 1})
    """
    if not isinstance(text, str):
        raise NotationError(f"PBN: give text, got {type(text).__name__}")
    out: list[PbnGame] = []
    previous: Optional[_Game] = None
    for game in _split(text):
        _copy_marks(game, previous)
        previous = game
        record = _record(game)
        tags = {name: t.value for name, t in game.tags.items()}
        table = None
        t = game.tags.get("OptimumResultTable")
        if t is not None:
            table = _read_table(t)
        out.append(PbnGame(record, tags, table, game.line))
    return out


def _fail(line: int, tag: Optional[str], message: str) -> NotationError:
    where = f"line {line}: [{tag}] " if tag else f"line {line}: "
    return NotationError(f"PBN {where}{message}")


def _strip(line: str, in_brace: bool) -> tuple[str, bool]:
    """A line without its comments (``; ...`` and ``{ ... }``, which may span lines)."""
    out = []
    quoted = False
    i = 0
    while i < len(line):
        c = line[i]
        if in_brace:
            if c == "}":
                in_brace = False
        elif quoted:
            out.append(c)
            if c == "\\" and i + 1 < len(line):
                out.append(line[i + 1])
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
            out.append(c)
        elif c == ";":
            break
        elif c == "{":
            in_brace = True
        else:
            out.append(c)
        i += 1
    return "".join(out), in_brace


def _split(text: str) -> list[_Game]:
    """The games of a PBN text: tags with their section rows, with line numbers."""
    games: list[_Game] = []
    game: Optional[_Game] = None
    current: Optional[_Tag] = None
    in_brace = False
    for number, raw in enumerate(text.splitlines(), start=1):
        if not in_brace and raw.startswith("%"):
            continue  # escape line (metadata)
        if not in_brace and not raw.strip():
            game, current = None, None  # an empty line ends a game
            continue
        line, in_brace = _strip(raw, in_brace)
        line = line.strip()
        if not line:
            continue
        if line.startswith("["):
            m = _TAG.match(line)
            if m is None:
                raise _fail(number, None, f"malformed tag {line!r} (a tag is [Name \"value\"])")
            name, value, rest = m.group(1), _unescape(m.group(2)), m.group(3).strip()
            if game is None:
                game = _Game(number)
                games.append(game)
            if name in game.tags:
                raise _fail(number, name, f"repeated in one game (first on line {game.tags[name].line})")
            current = _Tag(name, value, number)
            game.tags[name] = current
            if rest:
                current.rows.append((number, rest.split()))
            continue
        if current is None or game is None:
            raise _fail(number, None, f"expected a tag, got {line!r}")
        current.rows.append((number, line.split()))
    return games


def _unescape(value: str) -> str:
    """PBN's escapes in a tag's value: ``\\"`` and ``\\\\`` (other backslashes stay, as in ``\\2R``)."""
    return re.sub(r'\\(["\\])', r"\1", value)


def _copy_marks(game: _Game, previous: Optional[_Game]) -> None:
    """PBN's ``#`` value: the tag (and its section) of the previous game."""
    for name, tag in game.tags.items():
        if tag.value == "#":
            old = None if previous is None else previous.tags.get(name)
            if old is None:
                raise _fail(tag.line, name, "'#' copies the previous game's tag, but there is none")
            tag.value = old.value
            if not tag.rows:
                tag.rows = list(old.rows)


def _seat(tag: _Tag) -> Optional[int]:
    v = tag.value.strip().lstrip("^").upper()
    if v in ("", "?"):
        return None
    if len(v) != 1 or v not in SEATS:
        raise _fail(tag.line, tag.name, f"{tag.value!r} is not a seat (N, E, S or W)")
    return SEATS.index(v)


def _key_values(tag: _Tag) -> list[tuple[str, str]]:
    out = []
    for part in tag.value.split(";"):
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise _fail(tag.line, tag.name, f"{part!r} is not key=value")
        out.append((key.strip(), value.strip()))
    return out


def _param(tag: _Tag, key: str, value: str) -> Any:
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    if value == "" or re.fullmatch(r"-?\d+(,-?\d+)*", value):
        return [int(x) for x in value.split(",")] if value else []
    raise _fail(tag.line, tag.name, f"{key}={value!r}: give a whole number, numbers joined by commas, true or false")


def _hokm_keywords() -> tuple[str, ...]:
    from .hokm import Hokm

    names = inspect.signature(Hokm.from_deal).parameters
    return tuple(n for n in names if n not in ("self", "deal", "trump", "leader"))


def _record(game: _Game) -> HandRecord:
    from .registry import game as make_game

    tags = game.tags
    deal_tag = tags.get("Deal")
    if deal_tag is None:
        raise _fail(game.line, None, "a game without a [Deal] tag")
    # The game: preset and options.
    preset_tag, options_tag = tags.get("HukmPreset"), tags.get("HukmOptions")
    preset = "hokm4" if preset_tag is None else preset_tag.value.strip()
    if preset not in WHIST_PRESETS:
        assert preset_tag is not None
        raise _fail(preset_tag.line, "HukmPreset", f"{preset!r}: PBN holds the presets {', '.join(WHIST_PRESETS)}")
    if options_tag is not None:
        options = dict(_key_values(options_tag))
    elif preset_tag is None:
        options = dict(BRIDGE_OPTIONS)
    else:
        options = {}
    try:
        hokm = make_game(preset, **options)
    except HukmError as e:
        where = options_tag or preset_tag
        assert where is not None
        raise _fail(where.line, where.name, str(e)) from None
    # The deal, in hukm's plain form.
    value = deal_tag.value.strip()
    try:
        hands = _core.parse_deal(value, 4, "french52")
    except ValueError as e:
        raise _fail(deal_tag.line, "Deal", str(e)) from None
    deal = " ".join(_core.format_hand(h, "french52") for h in hands)
    first = SEATS.index(value[0].upper()) if re.match(r"^[NESWnesw]:", value) else 0
    # Trump, leader and more keywords.
    trump = None
    contract = tags.get("Contract")
    if contract is not None:
        c = contract.value.strip().upper()
        m = _CONTRACT.match(c)
        if m:
            strain = m.group(2)
            trump = None if strain in ("N", "NT") else strain
        elif c not in ("", "?", "PASS"):
            raise _fail(contract.line, "Contract", f"{contract.value!r} is not a contract (e.g. 1S, 3NT, 4HX, Pass)")
    declarer = None if "Declarer" not in tags else _seat(tags["Declarer"])
    play = tags.get("Play")
    opening = None if play is None else _seat(play)
    if declarer is not None:
        leader = (declarer + 1) % 4
        if opening is not None and opening != leader:
            assert play is not None
            raise _fail(
                play.line, "Play", f"the opening leader {SEATS[opening]} is not the seat after the declarer {SEATS[declarer]}"
            )
    else:
        leader = opening if opening is not None else first
    extra: dict[str, Any] = {}
    params_tag = tags.get("HukmParams")
    if params_tag is not None:
        allowed = _hokm_keywords()
        for key, v in _key_values(params_tag):
            if key not in allowed:
                raise _fail(params_tag.line, "HukmParams", f"unknown keyword {key!r} (keywords: {', '.join(allowed)})")
            extra[key] = _param(params_tag, key, v)
    try:
        state = hokm.from_deal(deal, trump=trump, leader=leader, **extra)
    except HukmError as e:
        about_params = params_tag is not None and any(k in str(e) for k in extra)
        where = params_tag if about_params and params_tag is not None else deal_tag
        raise _fail(where.line, where.name, str(e)) from None
    decisions_tag = tags.get("HukmDecisions")
    decisions = [] if decisions_tag is None else decisions_tag.value.split()
    if play is not None:
        if contract is not None and contract.value.strip().upper() == "PASS" and _cards(play):
            raise _fail(play.line, "Play", "a passed-out board has no play")
        _play(state, play, leader, decisions)
    if decisions:
        while decisions and not state.is_terminal() and decisions[0] in state.legal_actions():
            state.apply(decisions.pop(0))
        if decisions:
            assert decisions_tag is not None
            raise _fail(decisions_tag.line, "HukmDecisions", f"{decisions[0]!r} is not a decision the play asks for")
    return record_of(state)


def _cards(tag: _Tag) -> list[tuple[int, Optional[str]]]:
    """The card cells of a Play section in order, as hukm cards (``None``: ``-``), to the first ``*``."""
    cells: list[tuple[int, Optional[str]]] = []
    for number, tokens in tag.rows:
        for tok in tokens:
            if tok.startswith("=") or tok.startswith("$"):
                continue  # a note or an annotation
            if tok == "*":
                return cells  # a claim: the play ends here
            if tok in ("-", "--"):
                cells.append((number, None))
                continue
            m = _CARD.match(tok.rstrip("!?"))
            if m is None:
                raise _fail(number, tag.name, f"{tok!r} is not a card (suit then rank, e.g. SA, HT, C2)")
            rank = m.group(2).upper()
            cells.append((number, ("T" if rank == "10" else rank) + m.group(1).upper()))
    return cells


def _play(state: _core.State, tag: _Tag, leader: int, decisions: list[str]) -> None:
    """Plays a Play section's cards in the order the engine asks for them: each
    turn, the card in the column of the seat to play, in the current trick's row."""
    cells = _cards(tag)
    if len(cells) % 4:
        raise _fail(cells[-1][0], "Play", f"{len(cells)} cards: each trick is a row of four (- for a card not played)")
    tricks = [cells[i : i + 4] for i in range(0, len(cells), 4)]
    used = [[False] * 4 for _ in tricks]
    pack = set(_core.pack_cards("french52"))
    played = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if decisions and decisions[0] in legal:
            state.apply(decisions.pop(0))
            continue
        k = played // 4
        if k >= len(tricks):
            break
        seat = state.current_player
        col = (seat - leader) % 4
        number, card = tricks[k][col]
        if card is None:
            break
        if not any(a in pack for a in legal):
            raise _fail(
                number,
                "Play",
                f"trick {k + 1}: the play asks for a decision ({' / '.join(legal)}) first: give it in [HukmDecisions]",
            )
        try:
            state.apply(card)
        except HukmError as e:
            raise _fail(number, "Play", f"trick {k + 1}: {SEATS[seat]} cannot play {card[1] + card[0]}: {e}") from None
        used[k][col] = True
        played += 1
    for k, trick in enumerate(tricks):
        for col, (number, card) in enumerate(trick):
            if card is not None and not used[k][col]:
                why = "the hand is over before it" if state.is_terminal() else "the play ends before it (a - comes first)"
                who = SEATS[(leader + col) % 4]
                raise _fail(number, "Play", f"trick {k + 1}: {who}'s {card[1] + card[0]} is never played: {why}")


def _read_table(tag: _Tag) -> Optional[Table]:
    """A declarer-layout table from an OptimumResultTable section (any row order), or
    ``None`` when some cell is missing."""
    cols = [c.split("\\")[0].strip().lower() for c in tag.value.split(";")]
    try:
        di, si, ri = cols.index("declarer"), cols.index("denomination"), cols.index("result")
    except ValueError:
        raise _fail(tag.line, tag.name, f"columns {tag.value!r}: need Declarer, Denomination and Result") from None
    table = np.full((5, 4), -1, dtype=np.int32)
    for number, tokens in tag.rows:
        if len(tokens) != len(cols):
            raise _fail(number, tag.name, f"row {' '.join(tokens)!r} has {len(tokens)} cells, the columns are {len(cols)}")
        d, s, r = tokens[di].upper(), tokens[si].upper(), tokens[ri]
        s = "NT" if s == "N" else s
        if d not in SEATS or s not in STRAINS or not r.isdigit():
            raise _fail(number, tag.name, f"row {' '.join(tokens)!r}: give a declarer (N E S W), a strain and tricks")
        table[STRAINS.index(s), SEATS.index(d)] = int(r)
    return None if (table < 0).any() else table


def read_dd_table(text: str) -> Table:
    """The declarer-layout table of an ``OptimumResultTable`` tag and its rows (any row order).

    >>> t = read_dd_table(dd_table_tag(np.arange(20).reshape(5, 4) % 14))
    >>> t[4].tolist()
    [2, 3, 4, 5]
    """
    games = _split(text)
    tag = None if not games else games[0].tags.get("OptimumResultTable")
    if tag is None:
        raise NotationError("PBN: no [OptimumResultTable] tag")
    table = _read_table(tag)
    if table is None:
        raise _fail(tag.line, tag.name, "incomplete: every declarer and strain needs a row")
    return table


# --- writing --------------------------------------------------------------------


def dd_table_tag(table: Any) -> str:
    """PBN's ``OptimumResultTable`` tag of a double-dummy table in DDS's declarer layout.

    ``table`` is what ``Hokm().dd_table(deal, layout="declarer")`` gives (rows S, H, D,
    C, NT; columns declarer N, E, S, W; each cell the declarer's side's tricks). The
    rows go declarer by declarer (N, E, S, W), strain by strain (S, H, D, C, NT).

    >>> print(dd_table_tag(np.full((5, 4), 7)).splitlines()[:3])
    ['[OptimumResultTable "Declarer;Denomination\\\\2R;Result\\\\2R"]', 'N  S  7', 'N  H  7']
    """
    t = np.asarray(table)
    if t.shape != (5, 4) or not np.issubdtype(t.dtype, np.integer):
        raise StateError(f"a double-dummy table is a (5, 4) array of whole numbers, got shape {t.shape} of {t.dtype}")
    if (t < 0).any() or (t > 13).any():
        raise StateError("a double-dummy table's cells are tricks, 0 to 13")
    lines = [f'[OptimumResultTable "{_TABLE_HEADER}"]']
    for d, seat in enumerate(SEATS):
        for s, strain in enumerate(STRAINS):
            lines.append(f"{seat} {strain:>2} {int(t[s, d]):>2}")
    return "\n".join(lines)


def _tag(name: str, value: str) -> str:
    return '[{} "{}"]'.format(name, value.replace('"', '\\"'))


def _param_text(where: str, key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)) and all(isinstance(x, int) and not isinstance(x, bool) for x in value) and value:
        return ",".join(str(x) for x in value)
    raise StateError(f"{where}: from_deal keyword {key}={value!r} has no PBN form")


def _as_record(item: Union[HandRecord, _core.State], where: str) -> HandRecord:
    if isinstance(item, HandRecord):
        return item
    if isinstance(item, _core.State):
        return record_of(item)
    raise StateError(f"{where}: give a hukm.HandRecord or a hukm.State, got {type(item).__name__}")


def _game_text(record: HandRecord, board: int, table: Optional[Any], where: str) -> str:
    if record.preset not in WHIST_PRESETS:
        raise StateError(f"{where}: PBN holds the presets {', '.join(WHIST_PRESETS)}, not {record.preset!r}")
    if record.origin.get("kind") != "deal":
        raise StateError(
            f"{where}: PBN holds one hand from a deal (a record of from_deal), not a record of kind {record.origin.get('kind')!r}"
        )
    start = replay(record, 0)
    final = replay(record)
    if start.num_players != 4 or len(start.observation(0).get("trick") or []):
        raise StateError(f"{where}: the position must be four hands at a trick's start")
    params = dict(record.origin["params"])
    trump = params.pop("trump", None)
    leader = int(params.pop("leader"))
    declarer = (leader - 1) % 4
    dealer = start.observation(0).get("dealer")
    dealer = dealer if isinstance(dealer, int) and 0 <= dealer < 4 else declarer
    result = "?"
    won = final.observation(0).get("tricks_won")
    if final.is_terminal() and isinstance(won, list) and len(won) == 2:
        result = str(int(won[declarer % 2]))
    lines = [
        _tag("Event", "?"),
        _tag("Site", "?"),
        _tag("Date", "????.??.??"),
        _tag("Board", str(board)),
        _tag("West", "?"),
        _tag("North", "?"),
        _tag("East", "?"),
        _tag("South", "?"),
        _tag("Dealer", SEATS[dealer]),
        _tag("Vulnerable", "None"),
        _tag("Deal", "N:" + " ".join(start.hands())),
        _tag("Scoring", "?"),
        _tag("Declarer", SEATS[declarer]),
        _tag("Contract", "1" + ("NT" if trump is None else str(trump))),
        _tag("Result", result),
        _tag("HukmPreset", record.preset),
    ]
    if record.options:
        for k, v in record.options.items():
            if ";" in v or "=" in v:
                raise StateError(f"{where}: option {k}={v!r} has no PBN form")
        lines.append(_tag("HukmOptions", ";".join(f"{k}={v}" for k, v in record.options.items())))
    if params:
        lines.append(_tag("HukmParams", ";".join(f"{k}={_param_text(where, k, v)}" for k, v in params.items())))
    cards = set(_core.pack_cards("french52"))
    played = [a for a in record.actions if a["action"] in cards]
    decisions = [a["action"] for a in record.actions if a["action"] not in cards]
    if decisions:
        lines.append(_tag("HukmDecisions", " ".join(decisions)))
    if played:
        lines.append(_tag("Play", SEATS[leader]))
        for i in range(0, len(played), 4):
            row = ["-"] * 4
            for a in played[i : i + 4]:
                row[(a["player"] - leader) % 4] = a["action"][1] + a["action"][0]
            lines.append(" ".join(f"{c:<2}" for c in row).rstrip())
    if table is not None:
        lines.append(dd_table_tag(table))
    return "\n".join(lines) + "\n"


def dumps(
    records: Iterable[Union[HandRecord, _core.State]],
    dd_tables: Optional[Sequence[Optional[Any]]] = None,
    *,
    dd: bool = False,
    threads: Optional[int] = None,
) -> str:
    """PBN text of hands of the whist presets (records of ``from_deal``, or states).

    Each game gets the mandatory tags, hukm's custom tags where needed and the
    ``[Play]`` section of the cards played (see the module's documentation).
    ``dd_tables`` gives a table in DDS's declarer layout per record (or ``None``)
    for the ``OptimumResultTable`` tag; with ``dd=True`` hukm computes the missing
    ones (``Hokm.dd_table(deal, layout="declarer")`` on ``threads`` threads). A
    record PBN cannot hold (another preset, a whole match) raises
    :class:`hukm.StateError` naming it, e.g. ``records[2]: ...``.

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    >>> print(dumps([s], dd=True).splitlines()[-1])
    W NT  0
    """
    items = list(records)
    if dd_tables is not None and len(dd_tables) != len(items):
        raise StateError(f"dd_tables has {len(dd_tables)} tables for {len(items)} records")
    out = ["% PBN 2.1", "% EXPORT", "% Creator: hukm", ""]
    for i, item in enumerate(items):
        where = f"records[{i}]"
        record = _as_record(item, where)
        table = None if dd_tables is None else dd_tables[i]
        if table is None and dd:
            from .hokm import Hokm

            start = replay(record, 0)
            table = Hokm(record.preset, **record.options).dd_table(
                "N:" + " ".join(start.hands()), threads=threads, layout="declarer"
            )
        out.append(_game_text(record, i + 1, table, where))
    return "\n".join(out)


def dump(
    records: Iterable[Union[HandRecord, _core.State]],
    fp: IO[str],
    dd_tables: Optional[Sequence[Optional[Any]]] = None,
    *,
    dd: bool = False,
    threads: Optional[int] = None,
) -> None:
    """Writes :func:`dumps` of ``records`` to a file object."""
    fp.write(dumps(records, dd_tables, dd=dd, threads=threads))


__all__ = [
    "BRIDGE_OPTIONS",
    "PbnGame",
    "SEATS",
    "STRAINS",
    "WHIST_PRESETS",
    "dd_table_tag",
    "dump",
    "dumps",
    "load",
    "loads",
    "read_dd_table",
    "read_games",
]

"""Reading a PBN game as a :class:`hukm.HandRecord` of the whist presets (see
:mod:`hukm.pbn` for the mapping), and double-dummy tables in ``OptimumResultTable``.

>>> from hukm.pbn import parse
>>> g = parse('[Deal "E:A... K... Q... J..."]\\n[Contract "2H"]\\n[Declarer "W"]\\n').games[0]
>>> record_of_game(g).origin
{'kind': 'deal', 'deal': 'J... A... K... Q...', 'params': {'trump': 'H', 'leader': 0}}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Optional

import numpy as np

from .. import _core
from .._errors import HukmError, NotationError
from ..record import HandRecord, record_of
from ._doc import PbnGame, parse
from ._optimum import SEATS, STRAINS, Table, fail, read_table
from ._sections import auction


@lru_cache(maxsize=None)
def whist_presets() -> tuple[str, ...]:
    """The presets PBN reads and writes, the first for a game that names none: those of
    four players whose play is whist's (``description.whist``), in the registry's order.

    >>> whist_presets()[0]
    'hokm4'
    """
    from ..registry import games

    return tuple(g.name for g in games() if g.players == 4 and g.description is not None and g.description.whist)


BRIDGE_OPTIONS = {"stop_rule": "play_all"}
"""The options of a PBN game without ``[HukmPreset]`` / ``[HukmOptions]``: bridge plays every trick."""

_CONTRACT = re.compile(r"^([1-7])(S|H|D|C|NT|N)(X{0,2})$", re.IGNORECASE)
_CARD = re.compile(r"^([SHDC])(10|[2-9TJQKA])$", re.IGNORECASE)
_SUFFIX = re.compile(r"(!!|\?\?|!\?|\?!|!|\?)$")
_READ = ("Deal", "Contract", "Declarer", "Play", "HukmPreset", "HukmOptions", "HukmParams", "HukmDecisions")
"""The tags a record is made from: each may stand once in a game."""


@dataclass
class _Tag:
    """A tag as the record reader sees it: its value after inheritance and the
    data tokens of its section lines, with their line numbers."""

    name: str
    value: str
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)


def _view(game: PbnGame, previous: Optional[dict[str, _Tag]]) -> dict[str, _Tag]:
    """The tags of ``game`` by name (the first of each), values inherited; a ``#``
    tag without data of its own takes the previous game's section lines."""
    out: dict[str, _Tag] = {}
    for t in game.tag_pairs:
        if t.name in out:
            if t.name in _READ:
                raise fail(t.line, t.name, f"repeated in one game (first on line {out[t.name].line})")
            continue
        rows = [(r.line, r.data()) for r in t.rows if r.data()]
        value = t.value
        if value == "#" or value.startswith("##"):
            old = None if previous is None else previous.get(t.name)
            if value == "#" and old is None and t.name in _READ:
                raise fail(t.line, t.name, "'#' copies the previous game's tag, but there is none")
            if value == "#" and not rows and old is not None:
                rows = list(old.rows)
            value = game.inherited.get(t.name, "")
        out[t.name] = _Tag(t.name, value, t.line, rows)
    for name, value in game.inherited.items():
        out.setdefault(name, _Tag(name, value, game.line))
    return out


def record_of_game(game: PbnGame, previous: Optional[dict[str, _Tag]] = None) -> HandRecord:
    """The record of one PBN game (see :mod:`hukm.pbn`); ``previous`` is the view of
    the game before it, for ``#`` sections. A game that does not replay raises
    :class:`hukm.NotationError` naming the line and the tag."""
    return _record(game, _view(game, previous))


def records_of_games(games: list[PbnGame]) -> list[HandRecord]:
    """The records of a file's games, in order (see :func:`record_of_game`)."""
    out = []
    previous: Optional[dict[str, _Tag]] = None
    for g in games:
        view = _view(g, previous)
        out.append(_record(g, view))
        if "OptimumResultTable" in view:
            _read_table(view["OptimumResultTable"])  # a malformed table is an error here, not later
        previous = view
    return out


def _seat(tag: _Tag) -> Optional[int]:
    v = tag.value.strip().lstrip("^").upper()
    if v in ("", "?"):
        return None
    if len(v) != 1 or v not in SEATS:
        raise fail(tag.line, tag.name, f"{tag.value!r} is not a seat (N, E, S or W)")
    return SEATS.index(v)


def _key_values(tag: _Tag) -> list[tuple[str, str]]:
    out = []
    for part in tag.value.split(";"):
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise fail(tag.line, tag.name, f"{part!r} is not key=value")
        out.append((key.strip(), value.strip()))
    return out


def _param(tag: _Tag, key: str, value: str) -> Any:
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    if value == "" or re.fullmatch(r"-?\d+(,-?\d+)*", value):
        return [int(x) for x in value.split(",")] if value else []
    raise fail(tag.line, tag.name, f"{key}={value!r}: give a whole number, numbers joined by commas, true or false")


def _more_keywords(game: Any) -> tuple[str, ...]:
    """The ``from_deal`` keywords of ``game`` a ``HukmParams`` tag may give."""
    return tuple(k.name for k in game.description.from_deal if k.name not in ("trump", "leader"))


def _record(game: PbnGame, tags: dict[str, _Tag]) -> HandRecord:
    from ..registry import game as make_game

    deal_tag = tags.get("Deal")
    if deal_tag is None:
        raise fail(game.line, None, "a game without a [Deal] tag")
    # The game: preset and options.
    preset_tag, options_tag = tags.get("HukmPreset"), tags.get("HukmOptions")
    whist = whist_presets()
    preset = whist[0] if preset_tag is None else preset_tag.value.strip()
    if preset not in whist:
        assert preset_tag is not None
        raise fail(preset_tag.line, "HukmPreset", f"{preset!r}: PBN holds the presets {', '.join(whist)}")
    if options_tag is not None:
        options = dict(_key_values(options_tag))
    elif preset_tag is None:
        options = dict(BRIDGE_OPTIONS)
    else:
        options = {}
    try:
        played = make_game(preset, **options)
    except HukmError as e:
        where = options_tag or preset_tag
        assert where is not None
        raise fail(where.line, where.name, str(e)) from None
    # The deal, in hukm's plain form.
    value = deal_tag.value.strip()
    try:
        hands = _core.parse_deal(value, 4, "french52")
    except ValueError as e:
        raise fail(deal_tag.line, "Deal", str(e)) from None
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
            raise fail(contract.line, "Contract", f"{contract.value!r} is not a contract (e.g. 1S, 3NT, 4HX, Pass)")
    declarer = None if "Declarer" not in tags else _seat(tags["Declarer"])
    if contract is None or contract.value.strip() in ("", "?"):
        ended = _auction_contract(game)  # no contract written: the auction's
        if ended is not None:
            m = _CONTRACT.match(ended[0])
            trump = None if m is None or m.group(2) in ("N", "NT") else m.group(2)
            if declarer is None and ended[1]:
                declarer = SEATS.index(ended[1])
    play = tags.get("Play")
    opening = None if play is None else _seat(play)
    if declarer is not None:
        leader = (declarer + 1) % 4
        if opening is not None and opening != leader:
            assert play is not None
            raise fail(
                play.line, "Play", f"the opening leader {SEATS[opening]} is not the seat after the declarer {SEATS[declarer]}"
            )
    else:
        leader = opening if opening is not None else first
    extra: dict[str, Any] = {}
    params_tag = tags.get("HukmParams")
    if params_tag is not None:
        allowed = _more_keywords(played)
        for key, v in _key_values(params_tag):
            if key not in allowed:
                raise fail(params_tag.line, "HukmParams", f"unknown keyword {key!r} (keywords: {', '.join(allowed)})")
            extra[key] = _param(params_tag, key, v)
    try:
        state = played.from_deal(deal, trump=trump, leader=leader, **extra)
    except HukmError as e:
        about_params = params_tag is not None and any(k in str(e) for k in extra)
        where = params_tag if about_params and params_tag is not None else deal_tag
        raise fail(where.line, where.name, str(e)) from None
    decisions_tag = tags.get("HukmDecisions")
    decisions = [] if decisions_tag is None else decisions_tag.value.split()
    if play is not None:
        if contract is not None and contract.value.strip().upper() == "PASS" and _cards(play):
            raise fail(play.line, "Play", "a passed-out board has no play")
        _play(state, play, leader, decisions)
    if decisions:
        while decisions and not state.is_terminal() and decisions[0] in state.legal_actions():
            state.apply(decisions.pop(0))
        if decisions:
            assert decisions_tag is not None
            raise fail(decisions_tag.line, "HukmDecisions", f"{decisions[0]!r} is not a decision the play asks for")
    return record_of(state)


def _auction_contract(game: PbnGame) -> Optional[tuple[str, str]]:
    """The contract and declarer the game's Auction ends in, or ``None``."""
    try:
        a = auction(game)
    except NotationError:
        return None
    return None if a is None else a.contract()


def _cards(tag: _Tag) -> list[tuple[int, Optional[str]]]:
    """The card cells of a Play section in order, as hukm cards (``None``: ``-``), to the first ``*``."""
    cells: list[tuple[int, Optional[str]]] = []
    for number, tokens in tag.rows:
        for tok in tokens:
            if tok.startswith("=") or tok.startswith("$"):
                continue  # a note or an annotation
            if tok == "*":
                return cells  # a claim: the play ends here
            if tok in ("-", "--", "+"):
                cells.append((number, None))
                continue
            m = _CARD.match(tok.rstrip("!?"))
            if m is None:
                raise fail(number, tag.name, f"{tok!r} is not a card (suit then rank, e.g. SA, HT, C2)")
            rank = m.group(2).upper()
            cells.append((number, ("T" if rank == "10" else rank) + m.group(1).upper()))
    return cells


def _play(state: _core.State, tag: _Tag, leader: int, decisions: list[str]) -> None:
    """Plays a Play section's cards in the order the engine asks for them: each
    turn, the card in the column of the seat to play, in the current trick's row."""
    cells = _cards(tag)
    if len(cells) % 4:
        raise fail(cells[-1][0], "Play", f"{len(cells)} cards: each trick is a row of four (- for a card not played)")
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
            raise fail(
                number,
                "Play",
                f"trick {k + 1}: the play asks for a decision ({' / '.join(legal)}) first: give it in [HukmDecisions]",
            )
        try:
            state.apply(card)
        except HukmError as e:
            raise fail(number, "Play", f"trick {k + 1}: {SEATS[seat]} cannot play {card[1] + card[0]}: {e}") from None
        used[k][col] = True
        played += 1
    for k, trick in enumerate(tricks):
        for col, (number, card) in enumerate(trick):
            if card is not None and not used[k][col]:
                why = "the hand is over before it" if state.is_terminal() else "the play ends before it (a - comes first)"
                who = SEATS[(leader + col) % 4]
                raise fail(number, "Play", f"trick {k + 1}: {who}'s {card[1] + card[0]} is never played: {why}")


def _read_table(tag: _Tag) -> Optional[Table]:
    return read_table(tag.name, tag.value, tag.line, tag.rows)


def read_dd_table(text: str) -> Table:
    """The declarer-layout table of an ``OptimumResultTable`` tag and its rows (any row order).

    >>> from hukm.pbn import dd_table_tag
    >>> t = read_dd_table(dd_table_tag(np.arange(20).reshape(5, 4) % 14))
    >>> t[4].tolist()
    [2, 3, 4, 5]
    """
    games = parse(text).games
    tag = None if not games else _view(games[0], None).get("OptimumResultTable")
    if tag is None:
        raise NotationError("PBN: no [OptimumResultTable] tag")
    table = _read_table(tag)
    if table is None:
        raise fail(tag.line, tag.name, "incomplete: every declarer and strain needs a row")
    return table



__all__ = ["BRIDGE_OPTIONS", "STRAINS", "Table", "whist_presets", "read_dd_table", "record_of_game", "records_of_games"]

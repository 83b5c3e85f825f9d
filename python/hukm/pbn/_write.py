"""Writing hukm's hands as PBN: records of ``from_deal``, whole matches hand by
hand, games read from a PBN file (written back as read), and the double-dummy
numbers in ``OptimumResultTable`` and ``DoubleDummyTricks``.

>>> import hukm
>>> s = hukm.Hokm().new_game(seed=7)
>>> for _ in range(10):
...     s.apply(s.legal_actions()[0])
>>> text = dumps([s])
>>> [ln for ln in text.splitlines() if ln.startswith(("[Board", "[Contract", "[HukmParams", "[HukmMatch"))]
['[Board "1"]', '[Contract "1S"]', '[HukmParams "hakem=3"]', '[HukmMatch "seed=7;hand=1"]']
"""

from __future__ import annotations

from typing import IO, Any, Iterable, Optional, Sequence, Union

import numpy as np

from .. import _core
from .._errors import StateError
from .._position import kept_keywords
from ..record import HandRecord, record_of, replay
from ._doc import PbnFile, PbnGame
from ._records import STRAINS, whist_presets
from ._sections import SEATS

_TABLE_HEADER = "Declarer;Denomination\\2R;Result\\2R"
_HEADER = "% PBN 2.1\n% EXPORT\n% Creator: hukm\n"
_DDT_SEATS = "NSEW"
"""The declarers of ``DoubleDummyTricks`` in its order (then NT, S, H, D, C each)."""


def _check_table(table: Any) -> np.ndarray[Any, Any]:
    t = np.asarray(table)
    if t.shape != (5, 4) or not np.issubdtype(t.dtype, np.integer):
        raise StateError(f"a double-dummy table is a (5, 4) array of whole numbers, got shape {t.shape} of {t.dtype}")
    if (t < 0).any() or (t > 13).any():
        raise StateError("a double-dummy table's cells are tricks, 0 to 13")
    return t


def dd_table_rows(table: Any) -> list[list[str]]:
    """The rows of an ``OptimumResultTable`` for a declarer-layout table: declarer
    by declarer (N, E, S, W), strain by strain (S, H, D, C, NT)."""
    t = _check_table(table)
    return [[seat, f"{strain:>2}", f"{int(t[s, d]):>2}"] for d, seat in enumerate(SEATS) for s, strain in enumerate(STRAINS)]


def double_dummy_tricks(table: Any) -> str:
    """The ``DoubleDummyTricks`` value of a declarer-layout table: 20 hexadecimal
    digits, declarers N, S, E, W, each with NT, S, H, D, C.

    >>> t = np.full((5, 4), 7)
    >>> t[:, 0] = [13, 12, 11, 10, 9]  # declarer N: S H D C NT
    >>> double_dummy_tricks(t)
    '9dcba777777777777777'
    """
    t = _check_table(table)
    order = [4, 0, 1, 2, 3]
    return "".join(f"{int(t[s, SEATS.index(d)]):x}" for d in _DDT_SEATS for s in order)


def dd_table_tag(table: Any) -> str:
    """PBN's ``OptimumResultTable`` tag of a double-dummy table in DDS's declarer layout.

    ``table`` is what ``Hokm().dd_table(deal, layout="declarer")`` gives (rows S, H, D,
    C, NT; columns declarer N, E, S, W; each cell the declarer's side's tricks). The
    rows go declarer by declarer (N, E, S, W), strain by strain (S, H, D, C, NT).

    >>> print(dd_table_tag(np.full((5, 4), 7)).splitlines()[:3])
    ['[OptimumResultTable "Declarer;Denomination\\\\2R;Result\\\\2R"]', 'N  S  7', 'N  H  7']
    """
    lines = [f'[OptimumResultTable "{_TABLE_HEADER}"]']
    lines.extend(" ".join(r) for r in dd_table_rows(table))
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


def _game_text(record: HandRecord, board: int, table: Optional[Any], where: str, extra: Sequence[str] = ()) -> str:
    if record.preset not in whist_presets():
        raise StateError(f"{where}: PBN holds the presets {', '.join(whist_presets())}, not {record.preset!r}")
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
    lines.extend(extra)
    if table is not None:
        lines.append(_tag("DoubleDummyTricks", double_dummy_tricks(table)))
        lines.append(dd_table_tag(table))
    return "\n".join(lines) + "\n"


def match_hands(record: HandRecord) -> list[tuple[int, HandRecord]]:
    """The hands of a match record (``new_game``) that reached their trick play,
    each as ``(hand number, record of from_deal)``: the hands as dealt, the trump,
    the leader and the Hakem, then the hand's cards and decisions.

    >>> import hukm
    >>> s = hukm.Hokm().new_game(seed=7)
    >>> for _ in range(50):
    ...     s.apply(s.legal_actions()[0])
    >>> [(n, len(r.actions), r.origin["params"]) for n, r in match_hands(s.record())]
    [(1, 44, {'trump': 'S', 'leader': 3, 'hakem': 3}), (2, 4, {'trump': 'S', 'leader': 3, 'hakem': 3})]
    """
    from ..registry import game as make_game

    s = replay(record, 0)
    game = make_game(record.preset, **record.options)
    out: list[tuple[int, HandRecord]] = []
    hand: Optional[_core.State] = None
    number = -1
    for entry in record.actions:
        obs = s.observation(0)
        if s.phase == "play" and obs.get("hand_number") != number and not obs.get("trick") and obs.get("tricks_won") in ([0, 0], None):
            if hand is not None:
                out.append((number, record_of(hand)))
            number = int(obs.get("hand_number") or 0)
            hand = game.from_deal(" ".join(s.hands()), trump=obs.get("trump"), leader=s.current_player,
                                  **kept_keywords(game, obs))
        if hand is not None and obs.get("hand_number") == number and not hand.is_terminal():
            hand.apply(entry["action"])
        s.apply(entry["action"])
    if hand is not None:
        out.append((number, record_of(hand)))
    return out


def _pbn_game(item: Any) -> Optional[PbnGame]:
    """The PBN game a record was read from (a :class:`hukm.pbn.PbnRecord`), if any."""
    game = getattr(item, "pbn", None)
    return game if isinstance(game, PbnGame) else None


def _as_record(item: Union[HandRecord, _core.State], where: str) -> HandRecord:
    if isinstance(item, HandRecord):
        return item
    if isinstance(item, _core.State):
        return record_of(item)
    raise StateError(f"{where}: give a hukm.HandRecord or a hukm.State, got {type(item).__name__}")


def _compute_table(record: HandRecord, threads: Optional[int]) -> Any:
    from ..registry import game

    start = replay(record, 0)
    return game(record.preset, **record.options).dd_table("N:" + " ".join(start.hands()), threads=threads, layout="declarer")


def _with_tables(game: PbnGame, table: Any) -> PbnGame:
    """A copy of ``game`` with ``table`` in its ``OptimumResultTable`` and
    ``DoubleDummyTricks`` tags, each in place when the game has it (else at the
    end); every other tag, comment and line is left as it was. A game whose
    tags already hold these numbers is returned unchanged."""
    t = _check_table(table)
    old, ddt = game.dd_table, game.tag_value("DoubleDummyTricks")
    if old is not None and (old == t).all() and (ddt is None or ddt.strip().lower() == double_dummy_tricks(t)):
        return game
    out = game.copy()
    if out.tag("DoubleDummyTricks") is not None or out.tag("OptimumResultTable") is None:
        out.set_tag("DoubleDummyTricks", double_dummy_tricks(table))
    out.set_tag("OptimumResultTable", _TABLE_HEADER, dd_table_rows(table))
    return out


def dumps(
    records: Iterable[Union[HandRecord, _core.State]],
    dd_tables: Optional[Sequence[Optional[Any]]] = None,
    *,
    dd: bool = False,
    threads: Optional[int] = None,
) -> str:
    """PBN text of hands of the whist presets: records (or states) of ``from_deal``,
    whole matches of ``new_game`` (one PBN game per hand that reached its trick
    play, see :func:`match_hands`), and records read from PBN (written back as read).

    Each hand of hukm gets PBN's mandatory tags, hukm's custom tags where needed and
    the ``[Play]`` section of the cards played (see :mod:`hukm.pbn`); a game read
    from a file keeps every tag, section, comment and line. ``dd_tables`` gives a
    table in DDS's declarer layout per record (or ``None``); with ``dd=True`` hukm
    computes the missing ones (``Hokm.dd_table(deal, layout="declarer")`` on
    ``threads`` threads). The tables go into ``OptimumResultTable`` and
    ``DoubleDummyTricks``. Games read from a file are written as they were read: a
    value written ``#`` takes the value of the game written before it, so keep such
    games in their file's order. A record PBN cannot hold (another game or preset)
    raises :class:`hukm.StateError` naming it, e.g. ``records[2]: ...``.

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    >>> print(dumps([s], dd=True).splitlines()[-1])
    W NT  0
    """
    items = list(records)
    if dd_tables is not None and len(dd_tables) != len(items):
        raise StateError(f"dd_tables has {len(dd_tables)} tables for {len(items)} records")
    source_file: Optional[PbnFile] = None
    newline = "\n"
    games: list[str] = []
    board = 0
    for i, item in enumerate(items):
        where = f"records[{i}]"
        record = _as_record(item, where)
        table = None if dd_tables is None else dd_tables[i]
        source = _pbn_game(item)
        if source is not None:
            f = getattr(item, "pbn_file", None)
            if i == 0 and isinstance(f, PbnFile):
                source_file, newline = f, f.newline
            if table is None and dd:
                table = _compute_table(record, threads)
            game = source if table is None else _with_tables(source, table)
            games.append((newline * (game.gap - 1) if games else "") + game.dumps(newline))
            board += 1
            continue
        if record.preset not in whist_presets():
            raise StateError(f"{where}: PBN holds the presets {', '.join(whist_presets())}, not {record.preset!r}")
        if record.origin.get("kind") == "match":
            if table is not None:
                raise StateError(f"{where}: a match is written hand by hand; give dd=True for the hands' tables")
            for number, hand in match_hands(record):
                board += 1
                t = _compute_table(hand, threads) if dd else None
                extra = [_tag("HukmMatch", f"seed={record.origin['seed']};hand={number}")]
                games.append(_game_text(hand, number, t, where, extra).replace("\n", newline))
            continue
        if record.origin.get("kind") != "deal":
            raise StateError(
                f"{where}: PBN holds hands from a deal or a match, not a record of kind {record.origin.get('kind')!r}"
            )
        board += 1
        if table is None and dd:
            table = _compute_table(record, threads)
        games.append(_game_text(record, board, table, where).replace("\n", newline))
    if source_file is None:
        return _HEADER.replace("\n", newline) + newline + newline.join(games)
    tail = newline + "".join(str(x) + newline for x in source_file.trailer) if source_file.trailer else ""
    return source_file.header_text() + newline.join(games) + tail + newline * source_file.blank_end


def dump(
    records: Iterable[Union[HandRecord, _core.State]],
    fp: IO[str],
    dd_tables: Optional[Sequence[Optional[Any]]] = None,
    *,
    dd: bool = False,
    threads: Optional[int] = None,
) -> None:
    """Writes :func:`dumps` of ``records`` to a text file object."""
    fp.write(dumps(records, dd_tables, dd=dd, threads=threads))


__all__ = ["dd_table_rows", "dd_table_tag", "double_dummy_tricks", "dump", "dumps", "match_hands"]

"""PBN (Portable Bridge Notation) 2.1: lossless reading and writing of PBN files,
and hands of the whist presets of Hokm as :class:`hukm.HandRecord` values.

**The document.** :func:`parse` reads a PBN text (``str``, or ``bytes`` in UTF-8
with or without a byte-order mark, or ISO-8859-1) into a :class:`PbnFile`: the
``%`` directives, then each game's tag pairs in their order with their values,
known or not, the lines of data after each tag (Auction calls, Play tricks,
tables) and every comment (``{...}`` and ``; ...``) in the row where it stands.
``PbnFile.dumps()`` writes it back; a line nobody changed is written exactly as
read, and ``parse(f.dumps()) == f``. :func:`auction`, :func:`play` and
:func:`table` read the sections without changing them.

**Records.** The presets whose trick play is bridge card play are ``hokm4``,
``court_piece`` and ``single_sar`` (four players, partners opposite, follow
suit, fixed trump or no trump). PBN names seats by compass point; hukm numbers
seats in play order, and bridge play goes N, E, S, W, so::

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
  engine asks for them (each line is one trick in seat order from the opening
  leader, not in the order played; ``-`` ends the play, ``*`` marks a claim);
* custom tags carry what PBN has no word for: ``[HukmPreset "court_piece"]``
  (default ``hokm4``), ``[HukmOptions "stop_rule=play_all;deal_batches=5-3-3-2"]``
  (the game's options), ``[HukmParams "hakem=1;tricks_won=3,2"]`` (more
  ``from_deal`` keywords: numbers, comma-separated numbers, ``true``/``false``)
  and ``[HukmDecisions "stop"]`` (the decisions other than cards taken during
  the play, such as Court Piece's ``continue`` / ``stop`` after seven tricks).

A file without ``[HukmPreset]`` and ``[HukmOptions]`` is bridge: it is read as
``hokm4`` with ``stop_rule="play_all"`` (all 13 tricks are played).

:func:`loads` gives each game's record as a :class:`PbnRecord`: a
:class:`hukm.HandRecord` that also holds the game it was read from, so
:func:`dumps` writes a read file back with every tag, section and comment as it
was (``loads(dumps(loads(text))) == loads(text)``), and ``dd=True`` puts the
double-dummy tables into ``OptimumResultTable`` and ``DoubleDummyTricks`` without
touching the rest.

Writing a hand of hukm (:func:`dumps`) puts PBN's mandatory tags (``Dealer`` is
the dealer the engine reports, ``Declarer`` the seat before the leader,
``Contract`` level 1 — seven tricks — in the trump's strain, ``Result`` the
declarer's side's tricks when the hand is over) and hukm's tags, so that
``loads(dumps(records)) == records`` for records of ``from_deal`` with a plain
deal. A match of ``new_game`` is written hand by hand (:func:`match_hands`):
each hand that reached its trick play is one game with its deal, trump
(``Contract``), Hakem (``HukmParams``) and play, and ``[HukmMatch "seed=7;hand=2"]``.

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

from dataclasses import dataclass, field
from typing import IO, Any, Optional, Union

from .._errors import NotationError
from .._sourced import BridgeRoles, SourcedRecord
from ..record import HandRecord
from ._doc import Comment, Directive, PbnFile, PbnGame, Row, Tag, decode, parse
from ._records import BRIDGE_OPTIONS, STRAINS, read_dd_table, records_of_games, whist_presets
from ._sections import SEATS, Auction, Column, Play, PbnTable, auction, play, table
from ._write import dd_table_rows, dd_table_tag, double_dummy_tricks, dump, dumps, match_hands


@dataclass(frozen=True, eq=False)
class PbnRecord(SourcedRecord):
    """A :class:`hukm.HandRecord` read from PBN, with the game it was read from.

    It equals a plain record with the same fields; two ``PbnRecord`` values are
    equal when their records and their PBN games (every tag, section and comment)
    are. ``pbn_file`` is the file read (its header, line ending), used when
    :func:`dumps` writes the games back.

    >>> (r,) = loads('[Event "Club"]\\n[Deal "N:A... K... Q... J..."]\\n')
    >>> r.pbn.tag_value("Event"), r.origin["kind"]
    ('Club', 'deal')
    """

    pbn: Optional[PbnGame] = field(default=None, repr=False)
    pbn_file: Optional[PbnFile] = field(default=None, repr=False)

    def source(self) -> Optional[PbnGame]:
        """The PBN game the record was read from."""
        return self.pbn

    def bridge(self) -> Optional[BridgeRoles]:
        """The board's bridge roles (a game without ``[HukmPreset]`` and ``[HukmOptions]``
        is bridge): the file's ``[Board]``, ``[Dealer]``, ``[Declarer]`` and ``[Contract]``
        (or the auction's), the opening leader.

        >>> (r,) = loads('[Board "3"]\\n[Dealer "N"]\\n[Declarer "S"]\\n[Contract "4HX"]\\n[Deal "N:A... K... Q... J..."]\\n')
        >>> r.bridge()
        BridgeRoles(board='3', dealer=0, declarer=2, contract='4HX', leader=3)
        """
        g = self.pbn
        if g is None or g.tag_value("HukmPreset") is not None or g.tag_value("HukmOptions") is not None:
            return None

        def seat(name: str) -> Optional[int]:
            v = (g.tag_value(name) or "").strip().lstrip("^").upper() if g is not None else ""
            return SEATS.index(v) if len(v) == 1 and v in SEATS else None

        contract = (g.tag_value("Contract") or "").strip()
        declarer = seat("Declarer")
        if contract in ("", "?"):
            try:
                ended = None if auction(g) is None else auction(g).contract()  # type: ignore[union-attr]
            except NotationError:
                ended = None
            if ended is not None:
                contract = ended[0]
                declarer = declarer if declarer is not None or not ended[1] else SEATS.index(ended[1])
        board = (g.tag_value("Board") or "").strip() or None
        leader = int(self.origin.get("params", {}).get("leader", 0))
        return BridgeRoles(board if board != "?" else None, seat("Dealer"), declarer,
                           contract if contract not in ("", "?") else None, leader)


def read_games(text: Union[str, bytes]) -> list[PbnGame]:
    """The games of a PBN text, each with its ``record`` (see :func:`loads`),
    ``tags`` (values by name, inheritance applied) and ``dd_table``.

    >>> g = read_games('[Board "3"]\\n[Deal "E:A... K... Q... J..."]\\n')[0]
    >>> g.tags["Board"], g.record.origin["deal"], g.record.origin["params"]
    ('3', 'J... A... K... Q...', {'leader': 1})
    """
    f = parse(text)
    for g, r in zip(f.games, records_of_games(f.games)):
        g.record = r
    return f.games


def loads(text: Union[str, bytes]) -> list[HandRecord]:
    """The records of the games of a PBN text, in order (each a :class:`PbnRecord`).

    ``text`` is a ``str`` or ``bytes`` (UTF-8 with or without a byte-order mark,
    or ISO-8859-1). A malformed file raises :class:`hukm.NotationError` naming the
    line and the tag, e.g. ``PBN line 12: [Play] trick 3: W cannot play SA: ...``.

    >>> recs = loads('[Deal "N:A... K... Q... J..."]\\n[Declarer "W"]\\n[Contract "1NT"]\\n[Play "N"]\\nSA SK SQ SJ\\n')
    >>> recs[0].origin, recs[0].actions[0], recs[0].result
    ({'kind': 'deal', 'deal': 'A... K... Q... J...', 'params': {'leader': 0}}, {'player': 0, 'action': 'AS'}, [1.0, 0.0, 1.0, 0.0])
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise NotationError(f"PBN: give text, got {type(text).__name__}")
    f = parse(text)
    out: list[HandRecord] = []
    for g, r in zip(f.games, records_of_games(f.games)):
        g.record = r
        out.append(PbnRecord.of(r, pbn=g, pbn_file=f))
    return out


def load(fp: IO[Any]) -> list[HandRecord]:
    """The records of the games of a PBN file object, text or binary (see :func:`loads`)."""
    return loads(fp.read())


__all__ = [
    "Auction",
    "BRIDGE_OPTIONS",
    "Column",
    "Comment",
    "Directive",
    "PbnFile",
    "PbnGame",
    "PbnRecord",
    "PbnTable",
    "Play",
    "Row",
    "SEATS",
    "STRAINS",
    "Tag",
    "whist_presets",
    "auction",
    "dd_table_rows",
    "dd_table_tag",
    "decode",
    "double_dummy_tricks",
    "dump",
    "dumps",
    "load",
    "loads",
    "match_hands",
    "parse",
    "play",
    "read_dd_table",
    "read_games",
    "table",
]

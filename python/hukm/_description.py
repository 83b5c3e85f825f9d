"""What a configured game is for the surfaces that show or drive it, as the engine's
registry states it (``_core.Game.description``): :class:`Description` with its
:class:`Keyword`, :class:`Objective` and :class:`TableShape`. Read through
``game.description`` and :attr:`hukm.GameInfo.description`.

>>> import hukm
>>> hukm.game("naqsh").description.role
'banker'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional

from . import _core

__all__ = ["Description", "Keyword", "Objective", "TableShape"]


@dataclass(frozen=True)
class Keyword:
    """One keyword of ``new_game`` or ``from_deal``: its name, what it takes (``seat``,
    ``suit``, ``strain`` (a suit, or ``N`` for no trump), ``card``, ``cards``, ``int``,
    ``ints``, ``bool``, ``seed``), whether a call must give it, one line about it,
    whether a person states it for a position (``position``: a flag of the command
    line, a field of the web page) and what a surface passes when it is left out
    (``absent``, as typed; ``None``: nothing)."""

    name: str
    kind: str
    required: bool
    about: str
    position: bool = True
    absent: Optional[str] = None


@dataclass(frozen=True)
class Objective:
    """One objective of :func:`hukm.solve` (``objective=``) and what its value counts:
    ``tricks``, ``tens``, ``card points``, ``cards``, ``win`` (1 or 0), ``kot`` (1 or 0),
    ``net result`` or ``balls``; ``label`` is how the command line writes it after a
    value (``tricks``, ``(1: wins the hand)``)."""

    name: str
    unit: str
    about: str
    label: str = ""


@dataclass(frozen=True)
class TableShape:
    """A game's double-dummy table (``dd_table``): its rows (the trump; ``N`` none), what
    a column is (``leader`` or ``bidder``), the layouts it takes and what a cell counts."""

    rows: tuple[str, ...]
    columns: str
    layouts: tuple[str, ...]
    unit: str


@dataclass(frozen=True)
class Description:
    """What a configured game is for the surfaces that show or drive it, as the engine
    states it: who plays with whom (``sides``: ``partners`` with ``side_of`` each seat's
    side, ``one_against_each`` with the ``role`` of the one, or ``each``), the
    objectives a solve takes (the first is the default), whether a solve takes a
    whole-hand ``target`` and can stop with ``bounds``, the ``from_deal`` keyword whose
    seat a surface counts when none is chosen (``counted``), the double-dummy ``table``,
    the keywords of ``new_game`` and ``from_deal``, the groups of ``from_deal`` keywords
    a position gives exactly one of (``exactly_one``), whether play is whist's
    (``whist``: three or four players, no heap, anticlockwise; a seeded deal's table of
    every trump and leader), what a move is called (``moves``: ``card`` or ``action``),
    the largest hand an exact solve finishes quickly where hands can be larger
    (``quick_hand``), whether a solve counts every trick of the deal (``plays_out``:
    :func:`hukm.best_line` ``to="all_tricks"`` plays the rest out) and the words of a
    target solve's values (``outcomes``).

    >>> import hukm
    >>> d = hukm.game("hokm4").description
    >>> d.sides, d.side_of, d.objectives[0].unit, d.table.columns
    ('partners', (0, 1, 0, 1), 'tricks', 'leader')
    >>> [k.name for k in d.from_deal if k.required]
    ['leader']
    >>> hukm.game("dehla_pakad").description.objectives[0].unit
    'tens'
    >>> [g.name for g in hukm.games() if g.description.whist]
    ['hokm4', 'hokm3', 'court_piece', 'single_sar']
    """

    sides: str
    side_of: tuple[int, ...]
    role: Optional[str]
    objectives: tuple[Objective, ...]
    target: bool
    bounds: bool
    counted: Optional[str]
    table: Optional[TableShape]
    new_game: tuple[Keyword, ...]
    from_deal: tuple[Keyword, ...]
    exactly_one: tuple[tuple[str, ...], ...] = ()
    whist: bool = False
    moves: str = "action"
    quick_hand: Optional[int] = None
    plays_out: bool = False
    outcomes: tuple[str, ...] = ()

    @property
    def unit(self) -> str:
        """What the default objective's value counts."""
        return self.objectives[0].unit

    @property
    def partners(self) -> bool:
        """Whether seats play in fixed partnerships."""
        return self.sides == "partners"

    @property
    def label(self) -> str:
        """How the command line writes the default objective's unit after a value."""
        return self.objectives[0].label

    def objective(self, name: str) -> Optional[Objective]:
        """The objective ``name``, or ``None``.

        >>> import hukm
        >>> hukm.game("hokm4").description.objective("kot").label
        '(1: kot)'
        """
        return next((o for o in self.objectives if o.name == name), None)

    def keyword(self, name: str) -> Optional[Keyword]:
        """The ``from_deal`` keyword ``name``, or ``None``."""
        return next((k for k in self.from_deal if k.name == name), None)

    @staticmethod
    def of(raw: dict[str, Any], players: int) -> "Description":
        """A description from the engine's dict (``_core.Game.description``)."""
        sides = raw["sides"]
        seats = tuple(int(x) for x in sides["seats"]) if sides["seats"] is not None else tuple(range(players))
        t = raw["table"]
        return Description(
            sides=str(sides["kind"]),
            side_of=seats,
            role=sides["role"],
            objectives=tuple(Objective(**o) for o in raw["objectives"]),
            target=bool(raw["target"]),
            bounds=bool(raw["bounds"]),
            counted=raw["counted"],
            table=None if t is None else TableShape(
                tuple(t["rows"]), str(t["columns"]), tuple(t["layouts"]), str(t["unit"])),
            new_game=tuple(Keyword(**k) for k in raw["new_game"]),
            from_deal=tuple(Keyword(**k) for k in raw["from_deal"]),
            exactly_one=tuple(tuple(g) for g in raw["exactly_one"]),
            whist=bool(raw["whist"]),
            moves=str(raw["moves"]),
            quick_hand=raw["quick_hand"],
            plays_out=bool(raw["plays_out"]),
            outcomes=tuple(raw["outcomes"]),
        )


@lru_cache(maxsize=256)
def _description(preset: str, options: tuple[tuple[str, str], ...], players: int) -> Description:
    return Description.of(_core.Game(preset, list(options)).description, players)


def description_of(state: _core.State) -> Description:
    """The description of ``state``'s game with its options (:class:`hukm.GameInfo`'s
    for the preset's defaults).

    >>> import hukm
    >>> description_of(hukm.game("thunee2").new_game(1)).side_of
    (0, 1)
    """
    return _description(state.preset, tuple(state.options), state.num_players)


def unit_of(state: _core.State) -> str:
    """What a double-dummy value of ``state`` counts: the default objective's unit of the
    game's description (with the state's options), as the game's class may change it for
    the state (``state_unit``: Thunee's balls once a call is made, tricks collected from
    a heap).

    >>> import hukm
    >>> unit_of(hukm.game("dehla_pakad").new_game(1)), unit_of(hukm.game("naqsh").new_game(1))
    ('tens', 'net result')
    """
    from ._families import family

    unit = description_of(state).unit
    f = family(state.game)
    return unit if f is None else f.game.state_unit(state, unit)

"""What the readers of a table share: the parts of a scene (:class:`Scene`, its seats,
chips, specials and buttons) and :class:`Ctx`, the state being read with its pack,
observations and the scene being filled, with the helpers every game's reader uses.

:mod:`hukm.svg.scene` builds a scene; each game's own reader (its presentation, ``hukm/games/<family>/presentation.py``)
adds what only that game shows.

>>> import hukm
>>> from hukm.svg.scene import build
>>> sc = build(hukm.game("hokm4").new_game(1))
>>> [s.side for s in sc.seats]
[0, 1, 0, 1]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from .. import _core
from .._core import Description
from .._families import description_of
from ..i18n import Translator
from ..packs import Pack
from .wording import EN, number, seats, signed, suit_text, value_num

__all__ = ["Chip", "SeatScene", "Special", "Button", "Count", "Scene", "Ctx", "members_of", "scores"]


@dataclass
class Chip:
    """A label next to a seat's name (``dealer``, ``Hakem`` ...); ``kind`` picks its colour:
    ``role``, ``act`` (to act), ``lead``, ``bad`` (bust), ``side``, ``you`` (the viewer)."""

    text: str
    kind: str = "role"


@dataclass
class SeatScene:
    """One seat: name, chips, cards (``None`` for a face-down card) and notes."""

    seat: int
    name: str
    cards: list[Optional[str]]
    chips: list[Chip] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    to_act: bool = False
    side: Optional[int] = None
    grouped: bool = True
    """Cards grouped by suit (``False``: in the order given, as Naqsh shows them)."""


@dataclass
class Special:
    """A card or a pile off the hands: a trump indicator, a trump card, a drawn card,
    the stock. ``card`` is ``None`` for a face-down card; ``count`` makes it a pile."""

    caption: str
    card: Optional[str]
    seat: Optional[int]
    role: str
    count: Optional[int] = None


@dataclass
class Button:
    """A legal action that is not a card, with its double-dummy value."""

    action: str
    label: str
    value: int
    best: bool


@dataclass
class Count:
    """A count the table shows, as the observation gives it: the hand's (tricks, card
    points, cards captured ...) or the match's (``match``), one value per side or per
    seat. ``key`` is the observation's key it was read from, ``label`` its name in the
    picture's language, ``members[i]`` the seats of ``values[i]``.

    >>> Count("tricks_won", "Tricks", [6, 5], [[0, 2], [1, 3]]).line()
    'Tricks: seats 0 & 2: 6 · seats 1 & 3: 5'
    """

    key: str
    label: str
    values: list[Any]
    members: list[list[int]]
    match: bool = False

    def line(self, tr: Translator = EN) -> str:
        """The count as one line in ``tr``'s language: ``Tricks: seats 0 & 2: 6 · seats
        1 & 3: 5`` (``seat 1: 4`` for one seat)."""
        parts = []
        for who, v in zip(self.members, self.values):
            value = value_num(tr, _plain_number(v))
            parts.append(tr.t("seat {seats}: {value}", seats=seats(tr, who), value=value) if len(who) == 1
                         else tr.t("seats {seats}: {value}", seats=seats(tr, who), value=value))
        return tr.t("{label}: {values}", label=self.label, values=tr.t(" · ").join(parts))

    def score(self, tr: Translator = EN) -> str:
        """The values alone, side by side in the engine's order (``6–5``; `` / `` between
        them when one is below zero: ``4 / -2 / -2``), in the language's digits, held
        left to right in a right-to-left line (U+2066 ... U+2069).

        >>> Count("points", "Points", [13, 15], [[0, 2], [1, 3]]).score()
        '13–15'
        >>> Count("points", "Points", [4, -2, -2], [[0], [1], [2]]).score()
        '4 / -2 / -2'
        """
        between = " / " if any(isinstance(v, (int, float)) and v < 0 for v in self.values) else "–"
        text = between.join(value_num(tr, _plain_number(v)) for v in self.values)
        return f"\u2066{text}\u2069" if tr.rtl else text


def _plain_number(v: Any) -> Any:
    """A count as text shows it: a whole float without its ``.0``."""
    return int(v) if isinstance(v, float) and v.is_integer() else v


def members_of(state: _core.State, k: int) -> list[list[int]]:
    """The seats of each of ``k`` values of a count: one per seat when ``k`` is the
    number of seats at the table (hands dealt), else by side as the engine's description gives them (alternating
    seats when the values are not one per side of it).

    >>> import hukm
    >>> members_of(hukm.Hokm().new_game(1), 2)
    [[0, 2], [1, 3]]
    """
    n = len(state.hands())  # the seats at the table (a dummy's hand included)
    if k == n:
        return [[s] for s in range(n)]
    side_of = description_of(state).side_of
    members = [[s for s in range(n) if len(side_of) == n and side_of[s] == side] for side in range(k)]
    if not all(members) or sum(map(len, members)) != n:
        members = [list(range(side, n, k)) for side in range(k)]
    return members


@dataclass
class Scene:
    """Everything one picture of a table shows."""

    title: str
    pack: Pack
    seats: list[SeatScene]
    trick: list[tuple[int, Optional[str]]] = field(default_factory=list)
    lead_seat: Optional[int] = None
    info: list[str] = field(default_factory=list)
    specials: list[Special] = field(default_factory=list)
    trump: Optional[int] = None
    values: dict[str, int] = field(default_factory=dict)
    best: set[str] = field(default_factory=set)
    buttons: list[Button] = field(default_factory=list)
    analysis_note: str = ""
    mover: Optional[int] = None
    four_colour: bool = False
    felt_specials: bool = False
    """Draw the specials on the felt (a game without tricks: Naqsh's stock)."""
    trick_ordered: bool = True
    """The trick's cards are in play order (captions number them); false for a last
    trick given seat by seat without its leader (Dugi)."""
    finished: bool = False
    """The trick on the felt is complete: it stays until the next card is played."""
    winner: Optional[int] = None
    """The seat that won the finished trick (``None`` while a trick is in progress)."""
    bottom: int = 0
    """The seat drawn at the bottom of the table (the others follow anticlockwise)."""
    tr: Translator = EN
    """The language of the words drawn (its direction mirrors the table)."""
    counts: list[Count] = field(default_factory=list)
    """The counts shown (:meth:`Ctx.count`): the hand's, then the match's."""
    result: str = ""
    """The result of the hand just ended, in words, while its last trick is held (and on
    a finished game's table)."""


@dataclass
class Ctx:
    """What the readers share: the state, its pack, the observations, the god's-view
    hands and the scene being filled."""

    state: _core.State
    pack: Pack
    viewer: Optional[int]
    obs: list[dict[str, Any]]
    hands: list[list[str]]
    scene: Scene
    tr: Translator = EN

    @property
    def o(self) -> dict[str, Any]:
        """The observation the picture is drawn from (the viewer's; seat 0's for a
        god's-eye picture)."""
        return self.obs[0 if self.viewer is None else self.viewer]

    def seat_of(self, player: int) -> int:
        """The table seat of ``player`` (they differ only in Dummy Rang)."""
        table = self.o.get("table")
        if isinstance(table, list) and player in table:
            return int(table.index(player))
        return player

    def chip(self, seat: Optional[int], text: str, kind: str = "role") -> None:
        """Adds a chip to ``seat`` (ignored when ``seat`` is ``None`` or out of range)."""
        if seat is not None and 0 <= seat < len(self.scene.seats):
            self.scene.seats[seat].chips.append(Chip(text, kind))

    def members(self, k: int) -> list[list[int]]:
        """The seats of each of ``k`` values (:func:`members_of`)."""
        return members_of(self.state, k)

    def count(self, key: str, label: str, values: list[Any], note: Optional[str] = None,
              match: bool = False) -> None:
        """Records a count of the observation's ``key`` (:class:`Count`) and shows it:
        one value per seat with ``note`` (a message with ``{n}``) as a note on each seat,
        else a line of the info panel by side. ``label`` is in the language already."""
        values = list(values)
        if not values:
            return
        per_seat = note is not None and len(values) == len(self.scene.seats)
        members = [[self.seat_of(p)] for p in range(len(values))] if per_seat else self.members(len(values))
        self.scene.counts.append(Count(key, label, values, members, match))
        if per_seat:
            assert note is not None
            for who, v in zip(members, values):
                shown = signed(self.tr, v) if match else self.n(_plain_number(v))
                self.scene.seats[who[0]].notes.append(self.tr.t(note, n=shown))
        else:
            self.scene.info.append(self.scene.counts[-1].line(self.tr))

    def sides_line(self, label: str, values: list[Any]) -> str:
        """``label: seats 0 & 2: 3 · seats 1 & 3: 1`` for per-side values, each side's
        seats as :meth:`members` gives them; ``label`` is already in the language."""
        return Count("", label, list(values), self.members(len(values))).line(self.tr)

    def suit(self, code: Optional[str]) -> str:
        """A suit for text in the language (``none`` when ``None``)."""
        return suit_text(self.pack, code, self.tr)

    def n(self, value: object) -> str:
        """A number (or seat) in the language's digits."""
        return number(self.tr, value)

    @property
    def description(self) -> Description:
        """The game as the engine describes it, with the state's options (its sides,
        its objectives)."""
        return description_of(self.state)

    def sides(self) -> None:
        """Marks every seat with its side, as the engine's description gives it (a seat
        the description does not cover, none)."""
        side_of = self.description.side_of
        for s, seat in enumerate(self.scene.seats):
            seat.side = side_of[s] if s < len(side_of) else None


def scores(c: Ctx, label: Optional[str] = None) -> None:
    """Match scores: per player as notes on his seat in individual games, per side as a
    line in partnership games (``label``: the line's name in the language, default
    ``Scores``); a :class:`Count` of the match either way."""
    sc = c.o.get("scores") or []
    name = c.tr.t("Scores") if label is None else label
    if len(sc) == c.state.num_players:
        members = [[c.seat_of(p)] for p in range(len(sc))]
        c.scene.counts.append(Count("scores", name, list(sc), members, True))
        for p, v in enumerate(sc):
            c.scene.seats[c.seat_of(p)].notes.append(c.tr.t("score {score}", score=signed(c.tr, v)))
    elif sc:
        c.count("scores", name, sc, match=True)


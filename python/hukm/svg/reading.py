"""What the readers of a table share: the parts of a scene (:class:`Scene`, its seats,
chips, specials and buttons) and :class:`Ctx`, the state being read with its pack,
observations and the scene being filled, with the helpers every game's reader uses.

:mod:`hukm.svg.scene` builds a scene; each game's own reader (:mod:`hukm.svg.games`)
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
from .._description import Description
from ..i18n import Translator
from .games import description_of
from .packs import Pack
from .wording import EN, number, seats, signed, suit_text, value_num

__all__ = ["Chip", "SeatScene", "Special", "Button", "Scene", "Ctx", "scores"]


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

    def sides_line(self, label: str, values: list[Any]) -> str:
        """``label: seats 0 & 2: 3 · seats 1 & 3: 1`` for per-side values, each side's
        seats as the engine's description gives them (alternating seats when the values
        are not one per side of it); ``label`` is already in the language."""
        tr = self.tr
        n = len(self.scene.seats)
        k = len(values)
        side_of = self.description.side_of
        members = [[s for s in range(n) if len(side_of) == n and side_of[s] == side] for side in range(k)]
        if not all(members) or sum(map(len, members)) != n:
            members = [list(range(side, n, k)) for side in range(k)]
        parts = []
        for side, v in enumerate(values):
            parts.append(tr.t("seats {seats}: {value}", seats=seats(tr, members[side]),
                              value=value_num(tr, v)))
        return tr.t("{label}: {values}", label=label, values=tr.t(" · ").join(parts))

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
    ``Scores``)."""
    sc = c.o.get("scores") or []
    if len(sc) == c.state.num_players:
        for p, v in enumerate(sc):
            c.scene.seats[c.seat_of(p)].notes.append(c.tr.t("score {score}", score=signed(c.tr, v)))
    elif sc:
        c.scene.info.append(c.sides_line(c.tr.t("Scores") if label is None else label, sc))


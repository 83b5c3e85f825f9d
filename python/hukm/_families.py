"""The games' families as the generic modules see them: each family is one folder,
``hukm/games/<family>/``, whose ``__init__`` gives one :class:`Family` (its class, its
bot's rules, its presentation and its option notes), and the catalog
(:mod:`hukm.games`) installs them all here. The registry, the bots, the pictures,
captions, page labels, word catalogs and docs read a game only through :func:`family`
and :func:`families`; none imports a game's folder, so no game's module is imported by
name and no import circle runs through the games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Protocol

from . import _core

if TYPE_CHECKING:
    from ._game import GameBase


class BotRules(Protocol):
    """What a family's bot module gives the generic bots (:mod:`hukm.bots`), the match
    runner and the terminal game."""

    def heuristic(self, state: _core.State, rng: random.Random) -> str:
        """The heuristic bot's action for the player to move."""

    def dd_ready(self, state: _core.State, max_cards: Optional[int]) -> bool:
        """Whether PIMC solves this decision (the mover's hand is small enough)."""

    def pimc_decision(self, state: _core.State, bot: Any) -> Optional[str]:
        """PIMC's action where it does not solve (``None``: the heuristic's)."""

    def hand_key(self, state: _core.State) -> object:
        """What stays the same while one hand is played (a match's hand ends when it changes)."""


@dataclass(frozen=True)
class Family:
    """One game family: its engine name, its class, its bot's rules, its presentation
    (the module of its pictures', captions' and page's own words; see
    :func:`hukm.svg.reading.part`) and one line per option of the registry for the docs."""

    name: str
    game: type["GameBase"]
    bot: BotRules
    presentation: ModuleType
    option_notes: Mapping[str, str] = field(default_factory=dict)


FAMILIES: dict[str, Family] = {}
"""Every family by its engine name, as the catalog installed them."""

CLASSES: dict[str, Any] = {}
"""Every game class by the engine family it plays."""


def install(found: Iterable[Family]) -> None:
    """Makes the catalog's families known (:mod:`hukm.games` calls it once)."""
    for f in found:
        FAMILIES[f.name] = f
        CLASSES[f.name] = f.game


def family(name: str) -> Optional[Family]:
    """The family ``name`` (``State.game``), or ``None`` for one the catalog lacks.

    >>> family("hokm").game.__name__, family("no_such_game")
    ('Hokm', None)
    """
    return FAMILIES.get(name)


def families() -> tuple[Family, ...]:
    """Every family, in the catalog's order."""
    return tuple(FAMILIES.values())


def part(name: str, what: str, default: Any = None) -> Any:
    """``what`` of the presentation of the family ``name`` (``default`` when the family
    is unknown or its presentation has no such part).

    >>> part("ganjifa", "FROM_HERE", True), part("hokm", "FROM_HERE", True)
    (False, True)
    """
    f = FAMILIES.get(name)
    return default if f is None else getattr(f.presentation, what, default)

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
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, Protocol

from . import _core

if TYPE_CHECKING:
    from ._game import GameBase
    from ._sourced import BridgeRoles
    from .i18n import Translator
    from .packs import Pack
    from .svg.reading import Ctx, Scene


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


class Presentation(Protocol):
    """A family's own part of the pictures, captions, page labels and word catalogs: its
    ``presentation.py``, which names every member below (``None``, ``True`` or empty where
    the game keeps the generic rule). The generic modules (:mod:`hukm.svg.scene`,
    :mod:`hukm.svg.wording`, :mod:`hukm.svg.status`, :mod:`hukm.svg.finished`,
    :mod:`hukm.video.captions`, :mod:`hukm.web.labels`) call these and name no game."""

    @property
    def FAMILY(self) -> str:
        """The family's name on the page (marked with :func:`hukm.i18n.WN_`)."""

    @property
    def TITLES(self) -> tuple[str, ...]:
        """Its presets' titles, marked for the catalogs."""

    @property
    def MARKS(self) -> tuple[str, ...]:
        """Its own engine values and actions, marked for the catalogs."""

    @property
    def POSITION(self) -> Mapping[str, tuple[str, str]]:
        """The page's names of its position keywords: ``(context, message)``."""

    @property
    def ROLES(self) -> Mapping[str, str]:
        """The roles a table's status line names, by observation key."""

    @property
    def SENTENCES(self) -> Mapping[str, str]:
        """The captions of its own decisions, by the action's first word."""

    @property
    def TABLE_COUNTS(self) -> Mapping[str, str]:
        """The observation keys the terminal writes under a table's counts, with their
        labels (context ``score``): a heap's tricks, the stakes."""

    @property
    def FROM_HERE(self) -> bool:
        """``False`` when a double-dummy value counts what was won before the position too."""

    def read(self, c: "Ctx") -> None:
        """What the table shows of this game beyond the generic parts: roles, trumps,
        bids, counts."""

    @property
    def visible(self) -> Optional[Callable[["Ctx"], dict[int, list[str]]]]:
        """The cards the viewer sees face up, by seat (``None``: his own hand)."""

    @property
    def seat_cards(self) -> Optional[Callable[["Ctx"], None]]:
        """Fills every seat's cards, when the game lays them out its own way."""

    @property
    def who(self) -> Optional[Callable[[_core.State, str, int, "Translator"], Optional[str]]]:
        """How a caption names the seat deciding a verb (``None`` from it: ``seat 2``)."""

    @property
    def hidden_label(self) -> Optional[Callable[["Pack", str, "Translator"], Optional[str]]]:
        """Its own actions that hide cards, as a seat saw them, in words."""

    @property
    def trump_shown(self) -> Optional[Callable[[_core.State, Mapping[str, Any]], Optional[str]]]:
        """What the status line says of a trump the game keeps out of sight, from an
        observation: ``"concealed"`` (an indicator face down), ``"hidden"``, ``"unfixed"``
        (no trump yet, one may be fixed in play) or ``None``."""

    @property
    def board_scene(self) -> Optional[Callable[["Scene", "BridgeRoles"], "Scene"]]:
        """A board of bridge read from a file and played as this game, drawn with bridge's
        roles (:mod:`hukm.svg.bridge`): the scene with its dealer, declarer and dummy
        in place of the game's roles."""

    @property
    def board_header(self) -> Optional[Callable[["BridgeRoles", "Translator"], str]]:
        """That board's status line (the file's board, dealer, declarer, contract and
        opening lead) in place of the game's."""

    @property
    def result_words(self) -> Optional[Callable[[_core.State, dict[str, Any], "Translator"], Optional[str]]]:
        """A hand's result in its own sentence (``None``: its facts one by one)."""


@dataclass(frozen=True)
class Family:
    """One game family: its engine name, its class, its bot's rules, its presentation
    (:class:`Presentation`) and one line per option of the registry for the docs."""

    name: str
    game: type["GameBase"]
    bot: BotRules
    presentation: Presentation
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



def presentation(name: str) -> Optional[Presentation]:
    """The presentation of the family ``name`` (``None`` for one the catalog lacks: the
    generic rules draw, caption and label it).

    >>> presentation("ganjifa").FROM_HERE, presentation("hokm").FROM_HERE
    (False, True)
    """
    f = FAMILIES.get(name)
    return None if f is None else f.presentation


@lru_cache(maxsize=256)
def _description(preset: str, options: tuple[tuple[str, str], ...]) -> _core.Description:
    return _core.Game(preset, list(options)).description


def description_of(state: _core.State) -> _core.Description:
    """The engine's description of ``state``'s game with its options
    (:attr:`hukm.GameInfo.description` for the preset's defaults).

    >>> import hukm
    >>> description_of(hukm.game("thunee2").new_game(1)).side_of
    (0, 1)
    """
    return _description(state.preset, tuple(state.options))


def unit_of(state: _core.State) -> str:
    """What a double-dummy value of ``state`` counts: the default objective's unit of the
    game's description (with the state's options), as the game's class may change it for
    the state (``state_unit``: Thunee's balls once a call is made, tricks collected from
    a heap).

    >>> import hukm
    >>> unit_of(hukm.game("dehla_pakad").new_game(1)), unit_of(hukm.game("naqsh").new_game(1))
    ('tens', 'net result')
    """
    unit = description_of(state).unit
    f = family(state.game)
    return unit if f is None else f.game.state_unit(state, unit)

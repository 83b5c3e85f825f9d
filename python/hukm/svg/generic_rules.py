"""The generic rules a game's presentation keeps (:class:`hukm._families.Presentation`):
a presentation names every member, and takes from here each one where the game has
nothing of its own (``from ...svg.generic_rules import who as who``)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

from .. import _core
from .._sourced import BridgeRoles
from ..i18n import Translator
from ..packs import Pack
from .reading import Ctx, Scene

POSITION: dict[str, tuple[str, str]] = {}
"""No position keyword of its own to name."""

ROLES: dict[str, str] = {}
"""No role of its own on the status line."""

MARKS: tuple[str, ...] = ()
"""No engine value or action of its own to mark for the catalogs."""

SENTENCES: dict[str, str] = {}
"""No caption of its own."""

TABLE_COUNTS: dict[str, str] = {}
"""No count of its own under the terminal's table."""

FROM_HERE = True
"""A double-dummy value counts from the position on."""

visible: Optional[Callable[[Ctx], dict[int, list[str]]]] = None
"""The viewer sees his own hand face up."""

seat_cards: Optional[Callable[[Ctx], None]] = None
"""The cards are laid out by the generic rules."""

who: Optional[Callable[[_core.State, str, int, Translator], Optional[str]]] = None
"""Captions name seats by number."""

hidden_label: Optional[Callable[[Pack, str, Translator], Optional[str]]] = None
"""No action of its own hides cards."""

trump_shown: Optional[Callable[[_core.State, Mapping[str, Any]], Optional[str]]] = None
"""The trump is never kept out of sight."""

result_words: Optional[Callable[[_core.State, dict[str, Any], Translator], Optional[str]]] = None
"""A hand's result is told fact by fact."""

board_scene: Optional[Callable[[Scene, BridgeRoles], Scene]] = None
"""A board of bridge played as this game is drawn as its own hand."""

board_header: Optional[Callable[[BridgeRoles, Translator], str]] = None
"""A board of bridge played as this game has the game's status line."""

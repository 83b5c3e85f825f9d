"""A board of bridge read from a file, drawn with bridge's roles by the game that plays it.

A board read from a PBN or LIN file of bridge (:meth:`hukm.pbn.PbnRecord.bridge`,
:class:`hukm._sourced.BridgeRoles`) is played as one of hukm's games; that game's
presentation names bridge's roles in its pictures and status line
(:class:`hukm._families.Presentation`'s ``board_scene`` and ``board_header``). A game
without them draws the board as its own hand.

>>> import hukm
>>> from hukm.pbn import loads
>>> (r,) = loads('[Board "3"]\\n[Dealer "N"]\\n[Declarer "S"]\\n[Contract "4HX"]\\n[Deal "N:A... K... Q... J..."]\\n')
>>> header(roles_of(r))
'bridge | board 3 | dealer N (seat 0) | declarer S (seat 2) | contract 4♥ doubled | opening lead W (seat 3)'
>>> roles_of(hukm.HandRecord.from_json(r.to_json())) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .._families import presentation
from .._sourced import BridgeRoles
from ..i18n import Translator
from .reading import Scene
from .wording import EN

__all__ = ["Board", "header", "relabel", "roles_of"]


@dataclass(frozen=True)
class Board:
    """A board of bridge read from a file: its roles and the game (``State.game``) that
    plays it."""

    roles: BridgeRoles
    game: str


def roles_of(record: Any) -> Optional[Board]:
    """The board of bridge a record read from a file of bridge holds
    (:meth:`hukm.pbn.PbnRecord.bridge`), else ``None``."""
    get = getattr(record, "bridge", None)
    roles = get() if callable(get) else None
    return None if roles is None else Board(roles, record.game)


def relabel(scene: Scene, board: Optional[Board]) -> Scene:
    """``scene`` with bridge's roles in place of the game's, as the game's presentation
    draws them (``board`` ``None``, or a game without ``board_scene``: as it is)."""
    pres = None if board is None else presentation(board.game)
    own = None if pres is None else pres.board_scene
    return scene if board is None or own is None else own(scene, board.roles)


def header(board: Optional[Board], tr: Translator = EN) -> Optional[str]:
    """The status line of ``board`` in ``tr``'s language, as the game's presentation words
    it (``board_header``), in place of :func:`hukm.svg.status.status_line`; ``None``
    where the game's own status line stands."""
    pres = None if board is None else presentation(board.game)
    own = None if pres is None else pres.board_header
    return None if board is None or own is None else own(board.roles, tr)

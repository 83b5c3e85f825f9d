"""Each game's own part of the pictures, captions and page labels: one module per engine
family (``State.game``), named after it and found by name, so the generic modules
(:mod:`hukm.svg.scene`, :mod:`hukm.svg.wording`, :mod:`hukm.video.captions`,
:mod:`hukm.web.labels`) name no game. A family without a module here is still drawn
(seats, hands, trick, sides and scores), captioned and labelled by the generic rules.

A game's module may hold (every name is optional):

* ``read(c)`` — what the table shows of this game beyond the generic parts: roles,
  trumps, bids, counts (``c`` is a :class:`hukm.svg.reading.Ctx`).
* ``visible(c)`` — the cards the viewer sees face up, by seat (default: his own hand);
  ``seat_cards(c)`` — every seat's cards, when the game lays them out its own way.
* ``unit(state, unit)`` — the unit of a double-dummy value when the state changes it
  (``unit`` is the description's).
* ``FROM_HERE`` — ``False`` when a value counts what was won before the position too.
* ``who(state, verb, seat, tr)`` — how a caption names the seat deciding ``verb``
  (``None``: ``seat 2``); ``SENTENCES`` — captions of this game's own decisions, by the
  action's first word; ``hidden_label(pack, action, tr)`` — this game's own actions as
  a seat saw them when they hide cards (``facedown:?:QM``), in words (``None``: the
  generic words of :func:`hukm.svg.wording.seen_label`).
* ``FAMILY`` — the family's name on the page (marked with :func:`hukm.i18n.WN_`);
  ``POSITION`` — the page's names of its position keywords: ``(context, message)``;
  ``ROLES`` — the roles a table's status line names, by observation key.
* ``TITLES`` — its presets' titles, ``MARKS`` — its own engine values and actions,
  marked for the catalogs.

>>> module("hokm").FAMILY, module("no_such_game")
('Hokm', None)
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from types import ModuleType
from typing import Any, Optional

from ... import _core
from ..._description import Description

__all__ = ["module", "part", "every", "description_of"]


@lru_cache(maxsize=None)
def module(family: str) -> Optional[ModuleType]:
    """The module of the game family ``family``, or ``None`` when it has none."""
    if not family.isidentifier() or family.startswith("_"):
        return None
    name = f"{__name__}.{family}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise


def part(family: str, name: str, default: Any = None) -> Any:
    """``name`` of the family's module (``default`` when it has no module or no such name).

    >>> part("ganjifa", "FROM_HERE", True), part("hokm", "FROM_HERE", True)
    (False, True)
    """
    return getattr(module(family), name, default)


@lru_cache(maxsize=1)
def every() -> tuple[ModuleType, ...]:
    """Every game's module, by name."""
    found = (module(m.name) for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
    return tuple(m for m in found if m is not None)


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

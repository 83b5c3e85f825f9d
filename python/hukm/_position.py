"""A position from a deal and the keywords people give for it, shared by the command
line (``hukm solve`` / ``hukm show``) and the web page: the trump, the seat on lead,
the Hakem, the bidder, the indicator, the contract, the banker, the stock, and
Thunee's trumper, bid and caller (``thunee`` / ``royals``).

>>> import hukm
>>> from hukm._position import keywords_of, position
>>> keywords_of(hukm.Hokm())
['trump', 'leader', 'hakem']
>>> s = position(hukm.Hokm(), "AK.. QJ.. T9.. 87..".replace("..", "..."), {"trump": "N"})
>>> s.current_player, s.observation(0)["trump"] is None
(0, True)
"""

from __future__ import annotations

import inspect
from typing import Any, Mapping

from . import _core
from ._errors import StateError
from ._game import GameBase

KEYWORDS = (
    "trump",
    "leader",
    "hakem",
    "bidder",
    "indicator",
    "contract",
    "banker",
    "stock",
    "trumper",
    "bid",
    "thunee",
    "royals",
)
"""The position keywords: each is a ``from_deal`` keyword of some game."""

WHOLE = frozenset({"leader", "hakem", "bidder", "contract", "banker", "trumper", "bid", "thunee", "royals"})
"""The keywords whose values are whole numbers (seats, a contract)."""


def keywords_of(game: GameBase) -> list[str]:
    """The position keywords ``game.from_deal`` takes, in :data:`KEYWORDS` order."""
    accepted = inspect.signature(type(game).from_deal).parameters
    return [k for k in KEYWORDS if k in accepted]


def position(game: GameBase, deal: str, given: Mapping[str, Any], prefix: str = "") -> _core.State:
    """``game.from_deal(deal, ...)`` with the keywords ``given`` (``None`` values are
    left out) and the usual defaults: Hokm's trump ``N`` means none and seat 0 leads;
    Twenty-eight takes exactly one of ``trump`` and ``indicator``, bidder 0 and seat 1
    on lead; Naqsh needs the banker. A keyword the game does not take raises
    :class:`hukm.StateError` naming it as ``prefix + keyword`` (``--trump`` on the
    command line)."""
    accepted = keywords_of(game)
    kw: dict[str, Any] = {}
    for key, value in given.items():
        if value is None:
            continue
        if key not in accepted:
            raise StateError(f"{prefix}{key} does not apply to {game.preset}")
        kw[key] = value
    if game.family == "hokm":
        trump = kw.get("trump")
        kw["trump"] = None if trump in (None, "N", "NT", "none") else trump
        kw.setdefault("leader", 0)
    elif game.family == "twenty_eight":
        if ("trump" in kw) == ("indicator" in kw):
            raise StateError(f"give exactly one of {prefix}trump and {prefix}indicator")
        kw.setdefault("bidder", 0)
        kw.setdefault("leader", 1)
    elif game.family == "naqsh" and "banker" not in kw:
        raise StateError(f"give {prefix}banker for a Naqsh position")
    return game.from_deal(deal, **kw)

"""A position from a deal and the keywords people give for it, shared by the command
line (``hukm solve`` / ``hukm show``) and the web page. The keywords, their kinds,
what is passed when one is left out, which ones a position needs and which ones go
together all come from each game's description (:attr:`hukm.GameInfo.description`,
its ``from_deal`` keywords with ``position`` set).

>>> import hukm
>>> from hukm._position import keywords_of, position
>>> keywords_of(hukm.Hokm())
['trump', 'leader', 'hakem']
>>> s = position(hukm.Hokm(), "AK.. QJ.. T9.. 87..".replace("..", "..."), {"trump": "N"})
>>> s.current_player, s.observation(0)["trump"] is None
(0, True)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from . import _core
from ._core import Keyword
from ._errors import StateError
from ._game import GameBase

NO_TRUMP = ("N", "NT", "none")
"""How a ``strain`` keyword is given no trump (passed on as ``None``)."""

WHOLE_KINDS = frozenset({"seat", "int"})
"""The keyword kinds whose values are whole numbers (seats, a contract)."""


@lru_cache(maxsize=None)
def keyword_union() -> dict[str, tuple[tuple[str, Keyword], ...]]:
    """Every position keyword of some game, in the registry's order of first use, with
    the ``(family, keyword)`` pairs that describe it (one for each different ``about``
    and ``absent``).

    >>> from hukm._position import keyword_union
    >>> list(keyword_union())[:3]
    ['trump', 'leader', 'hakem']
    """
    from .registry import games

    out: dict[str, list[tuple[str, Keyword]]] = {}
    for g in games():
        for k in () if g.description is None else g.description.from_deal:
            if not k.position:
                continue
            seen = out.setdefault(k.name, [])
            if all((k.about, k.absent) != (other.about, other.absent) for _, other in seen):
                seen.append((g.family, k))
    return {name: tuple(v) for name, v in out.items()}


def whole(name: str) -> bool:
    """Whether the position keyword ``name`` takes a whole number in every game."""
    return all(k.kind in WHOLE_KINDS for _, k in keyword_union().get(name, ()))


def keywords_of(game: GameBase) -> list[str]:
    """The position keywords ``game.from_deal`` takes, in :func:`keyword_union` order."""
    own = {k.name for k in game.description.from_deal if k.position}
    return [k for k in keyword_union() if k in own]


def kept_keywords(game: GameBase, obs: Mapping[str, Any]) -> dict[str, Any]:
    """The position keywords of ``game`` besides the trump and the leader whose values an
    observation holds under the same name (a role such as Hokm's Hakem): what a position
    rebuilt from a state keeps of it.

    >>> import hukm
    >>> s = hukm.game("hokm4").new_game(3)
    >>> kept_keywords(hukm.game("hokm4"), s.observation(0)), kept_keywords(hukm.game("ganjifa"), {})
    ({'hakem': 2}, {})
    """
    return {k.name: obs[k.name] for k in game.description.from_deal
            if k.position and k.name not in ("trump", "leader") and k.name in obs}


def _typed(k: Keyword, text: str) -> Any:
    return int(text) if k.kind in WHOLE_KINDS else text


def position(game: GameBase, deal: str, given: Mapping[str, Any], prefix: str = "") -> _core.State:
    """``game.from_deal(deal, ...)`` with the keywords ``given`` (``None`` values are
    left out) and what the game's description says: a keyword left out takes its
    ``absent`` value, a ``strain`` of ``N`` (``NT``, ``none``) is no trump, a group of
    ``exactly_one`` needs one of its keywords and a required keyword with no
    ``absent`` value must be given. A keyword the game does not take raises
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
    described = game.description
    for group in described.exactly_one:
        if sum(k in kw for k in group) != 1:
            raise StateError("give exactly one of " + " and ".join(prefix + k for k in group))
    for k in described.from_deal:
        if not k.position:
            continue
        if k.name not in kw and k.absent is not None:
            kw[k.name] = _typed(k, k.absent)
        if k.kind == "strain" and kw.get(k.name) in NO_TRUMP:
            kw[k.name] = None
        if k.required and k.name not in kw:
            raise StateError(f"give {prefix}{k.name} for a {game.preset} position")
    return game.from_deal(deal, **kw)

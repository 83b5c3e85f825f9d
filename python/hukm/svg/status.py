"""A table's status line, the same on the web page and in the terminal: the game, the
hand, the roles and the trump, as one seat sees them, in the reader's language.

The roles are those every game has (the dealer) and the game's own (its presentation's
``ROLES``); the trump is named by its sign and name (``♠
spades``), or said to be concealed, hidden, not named yet, not fixed yet or none (a hand
played at no trump). In English the game is its preset's name (``hokm4``, as the
command line and the URL write it); in another language its title.

>>> import hukm
>>> status_line(hukm.game("hokm4").new_game(3))
'hokm4 | hand 1 | dealer seat 1 | Hakem seat 2 | trump: not named yet'
>>> status_line(hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=3))
'hokm4 | hand 1 | dealer seat 2 | Hakem seat 3 | trump: none (no trump)'
"""

from __future__ import annotations

from typing import Any, Optional

from .. import _core
from ..i18n import Translator
from .._families import presentation
from ..packs import pack_of_game
from .wording import EN, NP_, game_title, suit_name

__all__ = ["STATUS_ROLES", "status_line", "trump_words"]

STATUS_ROLES: dict[str, str] = {"dealer": "dealer"}
"""The roles the status line names in every game, by observation key: each a message of
the ``role`` context (``docs/glossary.md``). A game's own follow, from its module of
its presentation (``ROLES``)."""

UNCHOSEN = ("trump", "auction", "deal", "bid", "pass", "double", "give", "discard", "draw", "kot_choice")
"""The phases before the trump is fixed (or before a hand's play begins)."""


def trump_words(state: _core.State, obs: dict[str, Any], tr: Translator = EN) -> str:
    """The trump as the status line says it, from an observation.

    >>> import hukm
    >>> s = hukm.game("28").new_game(0)
    >>> trump_words(s, s.observation(0))
    'not named yet'
    """
    t = obs.get("trump")
    pres = presentation(state.game)
    shown = None if pres is None or pres.trump_shown is None else pres.trump_shown(state, obs)
    if shown == "concealed":
        return tr.pt("status", "concealed (indicator face down)")
    if shown == "hidden":
        return tr.pt("status", "hidden")
    if t is not None:
        return suit_name(pack_of_game(state), str(t), tr)
    if state.phase in UNCHOSEN:
        return tr.pt("status", "not named yet")
    if shown == "unfixed":
        return tr.pt("status", "not fixed yet")
    return tr.pt("status", "none (no trump)")


def status_line(state: _core.State, tr: Translator = EN, viewer: Optional[int] = None,
                roles: Optional[dict[str, str]] = None) -> str:
    """The status line of ``state`` as ``viewer`` sees it (``None``: as seat 0 does):
    ``hokm4 | hand 1 | dealer seat 2 | Hakem seat 3 | trump: ♠ spades``. ``roles`` (a
    role's words by observation key) replaces the game's own roles."""
    obs: dict[str, Any] = state.observation(0 if viewer is None else viewer)
    if tr.lang == "en":
        game = state.preset
    else:
        from ..registry import info

        game = game_title(tr, info(state.preset).title)
    parts = [game, tr.pt("status", "hand {n}", n=tr.num(obs.get("hand_number") or 1))]
    pres = presentation(state.game)
    own = ({} if pres is None else pres.ROLES) if roles is None else roles
    named: dict[str, str] = {**STATUS_ROLES, **own}
    for key, role in named.items():
        if obs.get(key) is not None:
            parts.append(tr.pt("status", "{role} seat {seat}", role=tr.pt("role", role), seat=tr.num(obs[key])))
    if "trump" in obs:
        parts.append(tr.pt("status", "trump: {suit}", suit=trump_words(state, obs, tr)))
    return " | ".join(parts)


ROLE_WORDS = (NP_("role", "dealer"),)
"""The role every game names (marked for the catalogs)."""

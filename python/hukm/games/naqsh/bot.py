"""Naqsh for the bots (see :mod:`hukm.bots._base`): draw or stand, and the
stake under ``stake_mode=after_first_card``.

Heuristic (the hand's total and class as the player sees them):

* **Stand** on a hand above 17 that did not bust (a pair or special 21 the
  options made valid) and on any total from :data:`STAND_AT` (punters) or
  :data:`BANKER_STAND_AT` (the banker) up; draw below.
* **The banker** also draws while every punter still standing shows more
  than his total in face-up cards alone (he would lose to them anyway), and
  stands when every punter has busted.
* **Stakes**: the highest stake on a first card from 6 to 11 (one card away
  from a natural 17 more often than not), the lowest otherwise.

PIMC (``pimc_decision``): every decision (draw/stand, the stake) is made by
sampling the hidden cards (the other seats' face-down cards and the stock's
order, :meth:`State.determinize`), solving each sample exactly
(``hukm.solve``: the best net result the player can guarantee with the pack
known, the others playing against him) and taking the best average.
``dd_ready`` is always ``False`` (there is no trick play).

>>> import hukm
>>> s = hukm.Naqsh().new_game(seed=3)
>>> heuristic(s, None)
'draw'
"""

from __future__ import annotations

import random
from typing import Any, Optional

from ... import _core

STAND_AT = 14
"""Punters stand on a total of at least this."""
BANKER_STAND_AT = 15
"""The banker stands on a total of at least this (when no punter forces more)."""

_VALUES = {"K": 12, "V": 11, "Q": 11, "T": 10, "A": 1}


def value(card: str) -> int:
    """A card's value (§3.2): K 12, V (or Q) 11, T 10, numbers at face, ace 1.

    >>> value("KGH"), value("QS"), value("7TJ"), value("AH"), value("1SR")
    (12, 11, 7, 1, 1)
    """
    r = card[0]
    return _VALUES[r] if r in _VALUES else int(r)


def heuristic(state: _core.State, rng: Optional[random.Random]) -> str:
    """The heuristic's action for the player to move (see the module comment).

    >>> import hukm
    >>> s = hukm.Naqsh(stake_mode="after_first_card").new_game(seed=3)
    >>> heuristic(s, None) in s.legal_actions()
    True
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.current_player
    obs: dict[str, Any] = state.observation(me)
    mine = [c for c in obs["cards"][me] if c is not None]
    total = sum(value(c) for c in mine)
    if obs["phase"] == "stake":
        stakes = sorted(legal, key=lambda a: int(a.split(":")[1]))
        return stakes[-1] if 6 <= total <= 11 else stakes[0]
    if total > 17:
        return "stand"  # a valid combination (it would have busted otherwise)
    if me == obs["banker"]:
        alive = [
            p for p in range(len(obs["cards"]))
            if p != me and not obs["busted"][p]
        ]
        if not alive:
            return "stand"
        shown = [sum(value(c) for c in obs["cards"][p] if c is not None) for p in alive]
        if min(shown) > total:
            return "draw"
        return "stand" if total >= BANKER_STAND_AT else "draw"
    return "stand" if total >= STAND_AT else "draw"


def pimc_decision(state: _core.State, bot: Any) -> Optional[str]:
    """The action with the best average exact value over ``bot.samples``
    samples of the hidden cards, or ``None`` when no sample could be solved.

    >>> import hukm
    >>> s = hukm.Naqsh().new_game(seed=3)
    >>> pimc_decision(s, hukm.bots.PIMC(samples=3, seed=1)) in s.legal_actions()
    True
    """
    scores = bot.evaluate(state)
    legal = state.legal_actions()
    if not scores:
        return None
    top = max(scores.get(a, float("-inf")) for a in legal)
    tied = [a for a in legal if scores.get(a) == top]
    h = heuristic(state, None)
    return h if h in tied else tied[0]


def dd_ready(state: _core.State, max_cards: Optional[int]) -> bool:
    """Naqsh has no trick play: always ``False`` (see :func:`pimc_decision`)."""
    return False


def hand_key(state: _core.State) -> object:
    """The number of hands finished (it changes when the next hand is dealt)."""
    return state.observation(0)["hand_number"]

"""Dashavatara Ganjifa for the bots (see :mod:`hukm.bots._base`).

Heuristic:

* **Leads**: the longest ducal when one is legal (its 3k cards are won for
  sure); else the *hukm*, the highest outstanding card of a side suit with
  the most cards still out (the others must follow it), then the highest
  outstanding trump while trumps are still out; else the weakest card of the
  longest side suit.
* **Follows**: when the player can win the trick, the cheapest card that is
  sure to win (nobody left to play can beat it: last to play, or the highest
  outstanding trump / card of the led suit when no trump can come); else a
  cheap attempt with a side-suit card; otherwise the least useful legal card.
* **Discards to a ducal** (the cards are lost to the leader): the weakest
  cards, side suits before trumps, short suits first (voids let one trump
  later).

PIMC: card play (leads, follows, discards) is solved by sampling once the
mover holds at most ``max_cards`` cards (default :data:`DEFAULT_MAX_CARDS`;
with 40 cards a hand, earlier positions are beyond an exact solve and the
heuristic plays). There are no other decisions (``pimc_decision`` is always
``None``).

>>> import hukm
>>> from hukm.games.dashavatara import bot as d
>>> s = hukm.Dashavatara().from_deal(".3....T.... .1.......4. ......6...9", leader=0)
>>> d.dd_ready(s, None), d.heuristic(s, None) in s.legal_actions()
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Optional

from ... import _core
from ...bots._base import SeatFacts

DEFAULT_MAX_CARDS = 12
"""Cards in the mover's hand up to which PIMC solves its samples. Measured on
random deals (one solve, this machine): median 0.4 ms at 8 cards, 2 ms at 12,
5 ms at 14, 33 ms at 16 with tails of several hundred ms from 14 cards on; at
12 a 20-sample decision stays well under half a second."""


class _View(SeatFacts):
    """What the player to move knows, from the engine's facts of the trick
    (``State.trick_facts``): each card's suit and strength (the avatar suits' own
    orders), the trumps, the highest cards still out, what would win now, and how many
    cards of each suit are out."""

    def __init__(self, state: _core.State) -> None:
        super().__init__(state, state.current_player)
        self.trump_suit: str = self.obs["trump"]
        self.trick: list[tuple[int, str]] = [(int(p), c) for p, c in self.obs["trick"]]

    def out_in(self, s: str) -> int:
        return self.unseen[s]

    def cost(self, c: str) -> float:
        """How much keeping ``c`` is worth: strength, trumps above side suits,
        long suits above short ones."""
        return self.strength(c) + (20 if self.suit(c) == self.trump_suit else 0) + 0.05 * self.length(
            self.suit(c)
        )


def heuristic(state: _core.State, rng: Optional[random.Random]) -> str:
    """The heuristic's action for the player to move (see the module comment).

    >>> import hukm
    >>> s = hukm.Dashavatara().new_game(seed=1)
    >>> heuristic(s, None)
    'KRA'
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    v = _View(state)
    if state.phase == "discard":
        return min(legal, key=v.cost)
    if not v.trick:
        ducals = [a for a in legal if "+" in a]
        if ducals:
            return max(ducals, key=lambda a: a.count("+"))
        side = [c for c in legal if v.suit(c) != v.trump_suit and v.top(c) and v.out_in(v.suit(c)) >= 2]
        if side:
            return max(side, key=lambda c: (v.out_in(v.suit(c)), -v.strength(c)))
        trumps = [c for c in legal if v.suit(c) == v.trump_suit and v.top(c)]
        if trumps and v.out_in(v.trump_suit) > 0:
            return min(trumps, key=v.cost)
        longest = max((v.suit(c) for c in legal if v.suit(c) != v.trump_suit), key=v.length, default=None)
        pool = [c for c in legal if v.suit(c) == longest] or legal
        return min(pool, key=v.cost)
    winners = [c for c in legal if v.wins(c)]
    last = len(v.trick) == 2
    trump_out = v.out_in(v.trump_suit) > 0

    def sure(c: str) -> bool:
        if last:
            return True
        if v.suit(c) == v.trump_suit:
            return v.top(c)
        # A led-suit card is safe from the last player only if it is the top
        # card and no trump can come (a rough guess: none out at all).
        return v.top(c) and not trump_out

    sure_w = [c for c in winners if sure(c)]
    if sure_w:
        return min(sure_w, key=v.cost)
    cheap = [c for c in winners if v.suit(c) != v.trump_suit]
    if cheap:
        return min(cheap, key=v.cost)
    losers = [c for c in legal if c not in winners] or legal
    return min(losers, key=v.cost)


def pimc_decision(state: _core.State, bot: Any) -> Optional[str]:
    """Dashavatara has no decision but card play: always ``None``."""
    return None


def dd_ready(state: _core.State, max_cards: Optional[int]) -> bool:
    """True in card play (leads, follows, discards to a ducal) once the mover
    holds at most ``max_cards`` cards (default :data:`DEFAULT_MAX_CARDS`).

    >>> import hukm
    >>> dd_ready(hukm.Dashavatara().new_game(seed=1), None)
    False
    """
    if state.is_terminal() or state.phase not in ("play", "discard"):
        return False
    limit = DEFAULT_MAX_CARDS if max_cards is None else max_cards
    return len(state.observation(state.current_player)["hand"]) <= limit


def hand_key(state: _core.State) -> object:
    """The deal number (it changes when the next deal is dealt)."""
    return state.observation(0)["deal"]

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
>>> from hukm.bots import _dashavatara as d
>>> s = hukm.Dashavatara().from_deal(".3....T.... .1.......4. ......6...9", leader=0)
>>> d.dd_ready(s, None), d.heuristic(s, None) in s.legal_actions()
(True, True)
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Optional

from .. import _core

DEFAULT_MAX_CARDS = 12
"""Cards in the mover's hand up to which PIMC solves its samples. Measured on
random deals (one solve, this machine): median 0.4 ms at 8 cards, 2 ms at 12,
5 ms at 14, 33 ms at 16 with tails of several hundred ms from 14 cards on; at
12 a 20-sample decision stays well under half a second."""


@lru_cache(maxsize=None)
def _pack(list_bk: bool) -> tuple[tuple[str, ...], dict[str, int]]:
    """Suit codes in avatar order and each card's strength in its suit (0 weakest)."""
    cards = _core.pack_cards("dashavatara_bk" if list_bk else "dashavatara")
    suits: list[str] = []
    for c in cards:
        if c[1:] not in suits:
            suits.append(c[1:])
    strength: dict[str, int] = {}
    for s in suits:
        of_suit = [c for c in cards if c[1:] == s]  # strongest first
        for i, c in enumerate(of_suit):
            strength[c] = len(of_suit) - 1 - i
    return tuple(suits), strength


class _View:
    """What the player to move knows: his hand, the trick, the cards still out."""

    def __init__(self, state: _core.State) -> None:
        me = state.current_player
        obs: dict[str, Any] = state.observation(me)
        self.obs = obs
        self.suits, self.strength = _pack("Balarama" in obs["suit_names"])
        self.trump: str = obs["trump"]
        self.hand = _cards(obs["hand"], self.suits)
        seen = set(self.hand)
        for pile in obs["captured_cards"]:
            seen.update(pile)
        self.trick: list[tuple[int, str]] = [(int(p), c) for p, c in obs["trick"]]
        seen.update(c for _, c in self.trick)
        if obs["ducal"] is not None:
            seen.update(obs["ducal"]["cards"].split("+"))
            for g in obs["ducal"]["given"]:
                seen.update(g)
        self.out = [c for c in self.strength if c not in seen]

    def suit(self, c: str) -> str:
        return c[1:]

    def top(self, c: str) -> bool:
        """No card still out of ``c``'s suit is stronger."""
        s, k = self.suit(c), self.strength[c]
        return not any(self.suit(o) == s and self.strength[o] > k for o in self.out)

    def out_in(self, s: str) -> int:
        return sum(1 for o in self.out if self.suit(o) == s)

    def length(self, s: str) -> int:
        return sum(1 for c in self.hand if self.suit(c) == s)

    def cost(self, c: str) -> float:
        """How much keeping ``c`` is worth: strength, trumps above side suits,
        long suits above short ones."""
        return self.strength[c] + (20 if self.suit(c) == self.trump else 0) + 0.05 * self.length(
            self.suit(c)
        )

    def beats(self, c: str, best: str, led: str) -> bool:
        """True when ``c`` would take the trick from ``best``."""
        sc, sb = self.suit(c), self.suit(best)
        if sc == sb:
            return self.strength[c] > self.strength[best]
        return sc == self.trump


def _cards(hand: str, suits: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for s, ranks in zip(suits, hand.split(".")):
        out.extend(r + s for r in ranks)
    return out


def _winning(view: _View) -> str:
    led = view.suit(view.trick[0][1])
    best = view.trick[0][1]
    for _, c in view.trick[1:]:
        if view.beats(c, best, led):
            best = c
    return best


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
        side = [c for c in legal if v.suit(c) != v.trump and v.top(c) and v.out_in(v.suit(c)) >= 2]
        if side:
            return max(side, key=lambda c: (v.out_in(v.suit(c)), -v.strength[c]))
        trumps = [c for c in legal if v.suit(c) == v.trump and v.top(c)]
        if trumps and v.out_in(v.trump) > 0:
            return min(trumps, key=v.cost)
        longest = max((v.suit(c) for c in legal if v.suit(c) != v.trump), key=v.length, default=None)
        pool = [c for c in legal if v.suit(c) == longest] or legal
        return min(pool, key=v.cost)
    led = v.suit(v.trick[0][1])
    best = _winning(v)
    winners = [c for c in legal if v.beats(c, best, led)]
    last = len(v.trick) == 2
    trump_out = v.out_in(v.trump) > 0

    def sure(c: str) -> bool:
        if last:
            return True
        if v.suit(c) == v.trump:
            return v.top(c)
        # A led-suit card is safe from the last player only if it is the top
        # card and no trump can come (a rough guess: none out at all).
        return v.top(c) and not trump_out

    sure_w = [c for c in winners if sure(c)]
    if sure_w:
        return min(sure_w, key=v.cost)
    cheap = [c for c in winners if v.suit(c) != v.trump]
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
    hand = state.observation(state.current_player)["hand"]
    return len(hand.replace(".", "")) <= limit


def hand_key(state: _core.State) -> object:
    """The deal number (it changes when the next deal is dealt)."""
    return state.observation(0)["deal"]

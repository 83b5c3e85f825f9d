"""Individual Ganjifa for the bots (see :mod:`hukm.bots._base`), and the card
reading shared with Dugi.

Most leads of Ganjifa are compulsory (step 1, deni, utari, E1, the blind
surrender); the heuristic decides what is left:

* **Leads with a choice**: a compound lead (step 1, utari) when offered, with
  the most cards; else a deni, leading the cheapest card of the suit; else a
  hukm (the highest outstanding card of its suit) led alone; else the
  cheapest card (Wilkins' free low lead, or a face-down lead naming its own
  suit when it can); the blind surrender last.
* **The opening**: the lead King with the least useful other card.
* **Contributions** (follows, compound and deni contributions, exchanges):
  to a single or face-down lead, the cheapest card that wins the trick when
  it is sure to (last to play, or a hukm); otherwise the least useful card:
  low cards of short suits, never a hukm while another card will do.
* **Naming a suit** (E2): a suit in which the namer holds the highest
  outstanding card, else the suit with the fewest cards outstanding.
* **A called holder doubles** (it takes two tricks instead of one).

Card strengths, hukms and what wins the lead in progress come from the
engine (``State.trick_facts``): the suit orders of every pack and option
(reversed suits, the French pack's ace and red-suit rules) are the engine's.

PIMC: trick play (every step of the hand: leads, contributions, naming,
doubling, the neighbour's blind pick) is solved by sampling once the mover
holds at most ``max_cards`` cards (default :data:`DEFAULT_MAX_CARDS`); there
are no other decisions it samples (``pimc_decision`` is ``None``: exchanges
and Ser-k'hel challenges go to the heuristic).

>>> import hukm
>>> s = hukm.Ganjifa().new_game(seed=1)
>>> heuristic(s, None) in s.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any, Optional

from ... import _core
from ...bots._base import SeatFacts

DEFAULT_MAX_CARDS = 5
"""Cards in the mover's hand up to which PIMC solves its samples. Measured
(20 samples a decision, random play elsewhere): 3 players, median 8 ms at 5
and 6 cards but up to 0.7 s at 6 and 10 s at 8; 4 players, median 7 ms and
at most 0.3 s at 5 cards, one decision of 46 s at 6. Compound leads and the
free contributions make the tree much wider than a hand of that size
suggests."""

class Table(SeatFacts):
    """The player's reading of the table from the engine's facts of the lead in progress
    (``State.trick_facts``): his hand, each card's suit and strength (the suit's own
    order, reversed suits included), which cards are the highest of their suit still out
    (hukms), what would win the lead now, and how many cards of each suit are out.

    >>> import hukm
    >>> t = Table(hukm.Ganjifa().new_game(seed=1))
    >>> len(t.suits), len(t.hand)
    (8, 32)
    """

    def __init__(self, state: _core.State, player: Optional[int] = None) -> None:
        me = state.current_player if player is None else player
        super().__init__(state, me)
        self.me = me
        self.out_by_suit: dict[str, int] = self.unseen
        self.suits = list(self.out_by_suit)
        self.trick: Optional[dict[str, Any]] = self.obs.get("trick_detail")

    def cost(self, c: str) -> float:
        """How much keeping ``c`` is worth (low: give it first)."""
        return self.strength(c) + (50 if self.top(c) else 0) + 0.1 * self.length(self.suit(c))


def _lead(t: Table, legal: list[str]) -> str:
    compound = [a for a in legal if "+" in a]
    if compound:
        return max(compound, key=lambda a: a.count("+"))
    denis = [a for a in legal if a.startswith("deni:")]
    if denis:
        return min(denis, key=lambda a: t.cost(a[5:]))
    singles = [a for a in legal if ":" not in a and a != "blind"]
    hukms = [a for a in singles if t.top(a)]
    if hukms:
        return max(hukms, key=t.strength)
    facedown = [a for a in legal if a.startswith("facedown:")]
    if singles or facedown:
        pool = singles + [a.split(":")[1] for a in facedown]
        c = min(pool, key=t.cost)
        if c in singles:
            return c
        own = f"facedown:{c}:{t.suit(c)}"
        return own if own in legal else next(a for a in facedown if a.split(":")[1] == c)
    return legal[0]


def _give(t: Table, legal: list[str]) -> str:
    cards = [a[5:] if a.startswith("give:") else a for a in legal]
    pick = dict(zip(cards, legal))
    trick = t.trick
    if trick is not None and trick["kind"] in ("single", "facedown"):
        winners = [c for c in cards if t.wins(c)]
        owed = [k for k, p in enumerate(trick["played"]) if not p]
        last = len(owed) <= 1
        sure = [c for c in winners if last or t.top(c)]
        if sure:
            return pick[min(sure, key=t.strength)]
    return pick[min(cards, key=t.cost)]


def heuristic(state: _core.State, rng: Optional[random.Random]) -> str:
    """The heuristic's action for the player to move (see the module comment).

    >>> import hukm
    >>> s = hukm.Ganjifa().from_deal("KV9....... 876....... 543.......", leader=0)
    >>> s.legal_actions()  # E1: every hukm at once
    ['KGH+VGH+9GH']
    >>> s.apply("KGH+VGH+9GH")
    >>> heuristic(s, None)  # seat 1 gives its weakest card first
    '6GH'
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    rng = rng or random.Random(0)
    obs = state.observation(state.current_player)
    step = obs["step"]
    if step == "serkhel" or step == "blind":
        return rng.choice(legal)
    t = Table(state)
    if step == "opening":
        common = set.intersection(*(set(a.split("+")) for a in legal))
        return min(legal, key=lambda a: min((t.cost(c) for c in a.split("+") if c not in common), default=0))
    if step == "double":
        return "double" if "double" in legal else legal[0]
    if step == "name":
        codes = [a[5:] for a in legal]
        mine = [s for s in codes if any(t.suit(c) == s and t.top(c) for c in t.hand)]
        if mine:
            return "name:" + mine[0]
        return "name:" + min(codes, key=lambda s: t.out_by_suit[s])
    if step in ("lead", "named_lead"):
        return _lead(t, legal)
    return _give(t, legal)


def pimc_decision(state: _core.State, bot: Any) -> Optional[str]:
    """Ganjifa leaves exchanges and Ser-k'hel to the heuristic: ``None``."""
    return None


def dd_ready(state: _core.State, max_cards: Optional[int]) -> bool:
    """True in trick play once the mover holds at most ``max_cards`` cards
    (default :data:`DEFAULT_MAX_CARDS`).

    >>> import hukm
    >>> dd_ready(hukm.Ganjifa().new_game(seed=1), None)
    False
    """
    return in_reach(state, DEFAULT_MAX_CARDS if max_cards is None else max_cards)


def in_reach(state: _core.State, limit: int) -> bool:
    """Whether the mover plays a card of a trick holding at most ``limit`` cards (the
    hands a double-dummy sample solves quickly; Dugi's too)."""
    if state.is_terminal() or state.phase != "play":
        return False
    me = state.current_player
    return bool(state.observation(me)["hand_sizes"][me] <= limit)


def hand_key(state: _core.State) -> object:
    """The number of hands finished (it changes when the next hand starts)."""
    return state.observation(0)["hand_number"]

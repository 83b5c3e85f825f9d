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

Card strengths are read from the rule the observation shows: the pack by its
number of suits, and which suits run reversed (Moghul India/Iran, the
French pack's ace and red-suit options) from the order of ranks in the
compact hands and won piles the player sees (default order until a suit
shows otherwise).

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

from .. import _core

DEFAULT_MAX_CARDS = 5
"""Cards in the mover's hand up to which PIMC solves its samples. Measured
(20 samples a decision, random play elsewhere): 3 players, median 8 ms at 5
and 6 cards but up to 0.7 s at 6 and 10 s at 8; 4 players, median 7 ms and
at most 0.3 s at 5 cards, one decision of 46 s at 6. Compound leads and the
free contributions make the tree much wider than a hand of that size
suggests."""

_SUITS = {
    8: ["GH", "TJ", "SM", "SF", "SR", "CH", "BA", "QM"],
    10: ["MA", "KU", "VA", "NA", "VM", "PA", "RA", "KR", "BU", "KA"],
    4: ["S", "H", "D", "C"],
}
_NORMAL = "KVT987654321"
_REVERSED = "KV123456789T"
_FR_LOW = "KQJT98765432A"
_FR_HIGH = "AKQJT98765432"
_FR_RED = "KQJA23456789T"


def _candidates(n_suits: int, i: int) -> list[str]:
    """Possible rank orders of suit ``i`` (strongest first), the default first."""
    if n_suits == 8:
        if i in (5, 6, 7):
            return [_REVERSED]
        if i == 4:
            return [_REVERSED, _NORMAL]  # SR: India (default) or Iran
        if i == 3:
            return [_NORMAL, _REVERSED]  # SF
        return [_NORMAL]
    if n_suits == 10:
        return [_REVERSED] if i < 5 else [_NORMAL]
    if i in (1, 2):
        return [_FR_LOW, _FR_HIGH, _FR_RED]
    return [_FR_LOW, _FR_HIGH]


def _fits(order: str, ranks: str) -> bool:
    pos = [order.index(r) for r in ranks if r in order]
    return len(pos) == len(ranks) and pos == sorted(pos)


class Table:
    """The player's reading of the table: suits, strengths, his hand, the cards
    still out (in other hands), the lead in progress.

    >>> import hukm
    >>> t = Table(hukm.Ganjifa().new_game(seed=1))
    >>> len(t.suits), len(t.hand)
    (8, 32)
    """

    def __init__(self, state: _core.State, player: Optional[int] = None) -> None:
        me = state.current_player if player is None else player
        obs: dict[str, Any] = state.observation(me)
        self.obs = obs
        self.me = me
        hand_text: str = obs["cards"][me]
        parts = hand_text.split(".")
        self.suits = _SUITS[len(parts)]
        texts = [hand_text] + list(obs.get("won") or [])
        self.orders: dict[str, str] = {}
        for i, code in enumerate(self.suits):
            chunks = [t.split(".")[i] for t in texts if t and len(t.split(".")) == len(parts)]
            cands = _candidates(len(parts), i)
            self.orders[code] = next(
                (o for o in cands if all(_fits(o, c) for c in chunks)), cands[0]
            )
        self.hand = self.cards_of(hand_text)
        gone = set(self.hand)
        for w in obs.get("won") or []:
            gone.update(self.cards_of(w))
        trick = obs.get("trick")
        self.trick = trick if isinstance(trick, dict) else None
        self.played: list[list[str]] = []
        if self.trick is not None:
            for p in self.trick["played"]:
                cards = [c for c in p.split("+") if c and c != "?"]
                self.played.append(cards)
                gone.update(cards)
        self.out = [
            r + s for s in self.suits for r in self.orders[s] if r + s not in gone
        ]

    def cards_of(self, text: str) -> list[str]:
        """The cards of a compact hand."""
        parts = text.split(".")
        if len(parts) != len(self.suits):
            return [c for c in text.split("+") if c]
        return [r + s for s, ranks in zip(self.suits, parts) for r in ranks if r != "-"]

    @staticmethod
    def suit(c: str) -> str:
        return c[1:]

    def strength(self, c: str) -> int:
        """0 for the weakest card of the suit, higher for stronger ones."""
        order = self.orders[self.suit(c)]
        return len(order) - 1 - order.index(c[0])

    def top(self, c: str) -> bool:
        """True when no card still out in another hand beats ``c``."""
        s, k = self.suit(c), self.strength(c)
        return not any(self.suit(o) == s and self.strength(o) > k for o in self.out if o not in self.hand)

    def length(self, s: str) -> int:
        return sum(1 for c in self.hand if self.suit(c) == s)

    def cost(self, c: str) -> float:
        """How much keeping ``c`` is worth (low: give it first)."""
        return self.strength(c) + (50 if self.top(c) else 0) + 0.1 * self.length(self.suit(c))

    def best(self) -> Optional[str]:
        """The strongest card of the deciding suit in the lead in progress."""
        if self.trick is None or self.trick["suit"] is None:
            return None
        s = self.trick["suit"]
        cards = [c for p in self.played for c in p if self.suit(c) == s]
        return max(cards, key=self.strength, default=None)


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
        best = t.best()
        s = trick["suit"]
        winners = [
            c for c in cards
            if t.suit(c) == s and (best is None or t.strength(c) > t.strength(best))
        ]
        owed = [k for k, p in enumerate(t.played) if not p]
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
        return "name:" + min(codes, key=lambda s: sum(1 for o in t.out if t.suit(o) == s and o not in t.hand))
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
    if state.is_terminal() or state.phase != "play":
        return False
    limit = DEFAULT_MAX_CARDS if max_cards is None else max_cards
    me = state.current_player
    size = state.observation(me)["hand_sizes"][me]
    return bool(size <= limit)


def hand_key(state: _core.State) -> object:
    """The number of hands finished (it changes when the next hand starts)."""
    return state.observation(0)["hand"]

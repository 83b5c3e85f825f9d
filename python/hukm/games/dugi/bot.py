"""Dugi (partnership Ganjifa) for the bots (see :mod:`hukm.bots._base`).

Heuristic:

* **King pass**: C1 does not offer and C2 does not accept (the King's holder
  keeps the lead he was dealt).
* **Leads**: the hukms are compulsory (one is led: the strongest of the suit
  with the most cards still out, so the others must follow); without a hukm,
  ask the partner; after his answer, the lowest card of the named suit (his
  high card should take it); a free lead is the lowest card of the longest
  suit.
* **The partner's answer**: a suit in which he holds the highest card still
  out, else the suit of his strongest card.
* **Naming for a void follower** (the follower must give his highest card of
  it): for a defender, the suit with the most cards out whose top card the
  leader does not hold (it takes that defender's best card of it away); for
  the partner, a suit the leader controls (his card there is not needed).
* **Follows** (the led suit is compulsory): never overtake a partner who is
  winning; otherwise win with the cheapest card that is sure to win (last to
  play, or the highest card still out), else give the lowest card.

PIMC: trick play (leads, asks, answers, naming, follows) is solved by
sampling once the mover holds at most ``max_cards`` cards (default
:data:`DEFAULT_MAX_CARDS`); the solver's value is the side's result (the
challengers' clean sweep). The King pass, at the start of a 24- or 30-card
hand, is too large to solve and goes to the heuristic (``pimc_decision`` is
``None``).

>>> import hukm
>>> s = hukm.Dugi().new_game(seed=2)
>>> heuristic(s, None)
'pass'
"""

from __future__ import annotations

import random
from typing import Any, Optional

from ... import _core
from ...solve import solve
from ..ganjifa.bot import Table, in_reach

DEFAULT_MAX_CARDS = 6
"""Cards in the mover's hand up to which PIMC solves its samples. Measured on
random Moghul positions (one solve): median 3.5 ms at 6 cards, 19 ms at 8
(up to 0.2 s), 141 ms at 10; a whole hand does not finish in minutes."""

class _DugiTable(Table):
    """:class:`Table` for Dugi, with the trick by seat (``None``: not played yet)."""

    def __init__(self, state: _core.State) -> None:
        super().__init__(state)
        self.trick_cards: list[Optional[str]] = list(self.obs.get("trick_by_seat") or [None] * 4)


def heuristic(state: _core.State, rng: Optional[random.Random]) -> str:
    """The heuristic's action for the player to move (see the module comment).

    >>> import hukm
    >>> s = hukm.Dugi(king_pass=False).new_game(seed=2)
    >>> heuristic(s, None) in s.legal_actions()
    True
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if "pass" in legal:
        return "pass"
    t = _DugiTable(state)
    me = t.me
    leader = t.obs["leader"]
    names = [a for a in legal if a.startswith("name:")]
    if names:
        codes = [a[5:] for a in names]
        if me != leader:  # the partner answers an ask
            mine = [s for s in codes if any(t.suit(c) == s and t.top(c) for c in t.hand)]
            if mine:
                return "name:" + mine[0]
            strongest = max(t.hand, key=t.strength, default=None)
            return "name:" + (t.suit(strongest) if strongest and t.suit(strongest) in codes else codes[0])
        follower = next(
            (i for i in range(1, 4) if t.trick_cards[(leader + i) % 4] is None), 1
        )
        f = (leader + follower) % 4
        if f == (me + 2) % 4:
            control = [s for s in codes if any(t.suit(c) == s and t.top(c) for c in t.hand)]
            return "name:" + (control[0] if control else min(codes, key=lambda s: t.out_by_suit[s]))
        return "name:" + max(codes, key=lambda s: t.out_by_suit[s])
    cards = [a for a in legal if a != "ask"]
    if all(c is None for c in t.trick_cards):  # leading
        if "ask" not in legal and all(t.top(c) for c in cards):
            return max(cards, key=lambda c: (t.out_by_suit[t.suit(c)], t.strength(c)))
        if "ask" in legal:
            return "ask"
        asked = t.obs.get("asked")
        named = [c for c in cards if t.suit(c) == asked]
        if named:
            return min(named, key=t.strength)
        longest = max(dict.fromkeys(t.suit(c) for c in cards), key=t.length)  # ties in hand order
        return min((c for c in cards if t.suit(c) == longest), key=t.strength)
    if t.winner is not None and t.winner[0] % 2 == me % 2:
        return min(cards, key=t.cost)
    last = sum(1 for c in t.trick_cards if c is None) <= 1
    winners = [c for c in cards if t.wins(c)]
    sure = [c for c in winners if last or t.top(c)]
    if sure:
        return min(sure, key=t.strength)
    return min(cards, key=t.cost)


def pimc_decision(state: _core.State, bot: Any) -> Optional[str]:
    """The King pass is left to the heuristic: ``None``."""
    return None


def dd_ready(state: _core.State, max_cards: Optional[int]) -> bool:
    """True in trick play once the mover holds at most ``max_cards`` cards
    (default :data:`DEFAULT_MAX_CARDS`).

    >>> import hukm
    >>> dd_ready(hukm.Dugi().new_game(seed=2), None)
    False
    """
    return in_reach(state, DEFAULT_MAX_CARDS if max_cards is None else max_cards)


def sample_values(det: _core.State, player: int, bot: Any) -> dict[str, float]:
    """The value (1 won, 0 lost for ``player``'s side) of each legal action in
    one sampled deal: :func:`hukm.solve`'s answer without its secondary output
    (the first trick the defenders can force costs extra searches PIMC does not
    use).

    >>> import hukm
    >>> s = hukm.Dugi().from_deal(".4.....T. .8.....9. 3.K...... 5.2......", leader=0)
    >>> class B: max_nodes = None
    >>> sample_values(s, 0, B())
    {'4TJ': 0.0, 'TBA': 0.0, 'ask': 0.0}
    """
    sol = solve(det, player, max_nodes=bot.max_nodes, details=False, exact=True, threads=1)
    return {a: float(v) for a, v in sol.actions.items()}


def hand_key(state: _core.State) -> object:
    """The number of hands finished (it changes when the next hand is dealt)."""
    return state.observation(0)["hand_number"]

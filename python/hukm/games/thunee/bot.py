"""Thunee (``docs/rules/thunee.md``) for the bots (see :mod:`hukm.bots._base`).

Heuristic, from the player's observation only:

* **Bidding**: a player bids the lowest amount when his first batch holds
  at least ``BID_POINTS`` card points and a jack, never over his partner;
  otherwise he passes.
* **Trumps**: the lowest card of the suit with the most card points (its
  length breaking ties) is laid as indicator; no ``trump:last``, no
  ``redeal``.
* **Thunee and Royals**: passed (a sweep needs a hand the heuristic cannot
  judge safely).
* **Jodhi**: always declared (it only helps the declaring side, §16.2);
  **Double / Khanuck**: passed.
* **Play**: lead a master of a plain suit (the most points first), else the
  lowest card of the longest plain suit; when following, never overtake a
  partner who is winning (give him points when his card is sure), win with
  the cheapest winning card when the trick holds points worth it, else give
  the lowest card. In a Thunee or Royals hand the caller plays his
  strongest card, his partner his weakest (he must not win a trick) and the
  opponents try to win any trick.

PIMC: trick play is solved by sampling (``State.determinize``) once the
mover holds at most ``max_cards`` cards (default :data:`DEFAULT_MAX_CARDS`); the value
of a sample is the solver's (card points of the player's side from here in a
normal hand, balls in a Thunee or Royals). Bidding, trumps, calls and the
last-trick window go to the heuristic; Jodhi is always declared.

>>> import hukm
>>> s = hukm.Thunee().new_game(seed=2)
>>> heuristic(s, None) in s.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any, Optional

from ... import _core
from ...bots._base import Cards as _Cards

BID_POINTS = 60
"""First-batch card points (with a jack) from which the heuristic bids."""
DEFAULT_MAX_CARDS = {4: 4, 6: 3, 2: 4}
"""Cards in the mover's hand up to which PIMC solves its samples, by number of
players (with two, only once the second round is dealt). A whole four-player
hand takes the solver about a second per sample (median, every action's value),
four cards a hand a few milliseconds."""


def _team(seat: int) -> int:
    return seat % 2


def _bid(obs: dict[str, Any], legal: list[str], me: int) -> str:
    bids = [a for a in legal if a.startswith("bid:")]
    if not bids:
        return "pass"
    high = [s for s, a in obs["auction"] if a.startswith("bid:")]
    if high and _team(high[-1]) == _team(me):
        return "pass"
    hand = obs["hand"]
    pts = {"J": 30, "9": 20, "A": 11, "T": 10, "K": 3, "Q": 2}
    total = sum(pts[c[0]] for c in hand)
    if total >= BID_POINTS and any(c[0] == "J" for c in hand):
        return min(bids, key=lambda a: int(a[4:]))
    return "pass"


def _indicator(k: _Cards, legal: list[str]) -> str:
    cards = [a[10:] for a in legal if a.startswith("indicator:")]
    if not cards:
        return legal[0]

    def value(s: str) -> tuple[int, int]:
        mine = [c for c in cards if k.suit(c) == s]
        return sum(k.pts(c) for c in mine), len(mine)

    best = max({k.suit(c) for c in cards}, key=lambda s: (value(s), s))
    return "indicator:" + min((c for c in cards if k.suit(c) == best), key=lambda c: (k.pts(c), c))


def _lowest(k: _Cards, cards: list[str]) -> str:
    return min(cards, key=lambda c: (k.trump(c), k.pts(c), k.rank(c), c))


def _sweep_play(k: _Cards, obs: dict[str, Any], cards: list[str], me: int) -> str:
    caller = obs["caller"]
    if me == caller:
        return max(cards, key=lambda c: (k.rank(c), c))
    if _team(me) == _team(caller):
        losers = [c for c in cards if not k.wins(c)] if k.winner is not None else cards
        return min(losers or cards, key=lambda c: (k.rank(c), c))
    winners = [c for c in cards if k.wins(c)]
    if winners:
        return min(winners, key=lambda c: (k.rank(c), c))
    return min(cards, key=lambda c: (k.rank(c), c))


def _play(k: _Cards, obs: dict[str, Any], cards: list[str], me: int) -> str:
    if obs["special"] is not None:
        return _sweep_play(k, obs, cards, me)
    if k.winner is None:  # leading
        masters = [c for c in cards if k.master(c) and not k.trump(c)]
        if masters:
            return max(masters, key=lambda c: (k.pts(c), c))
        counts: dict[str, int] = {}
        for c in obs["hand"]:
            counts[k.suit(c)] = counts.get(k.suit(c), 0) + 1
        plain = [c for c in cards if not k.trump(c)] or cards
        return min(plain, key=lambda c: (k.pts(c), -counts.get(k.suit(c), 0), k.rank(c), c))
    n = len(obs["hand_sizes"])
    last = len(obs["trick"]) == n - 1
    winners = [c for c in cards if k.wins(c)]
    losers = [c for c in cards if c not in winners]
    if _team(k.winner[0]) == _team(me):
        pool = losers or cards
        if last or k.winner_sure:
            return max(pool, key=lambda c: (not k.trump(c), k.pts(c), c))
        return _lowest(k, pool)
    if winners:
        cheap = min(winners, key=lambda c: (k.trump(c), k.pts(c) if last else k.rank(c), c))
        if last or k.trick_points >= 10 or k.master(cheap):
            return cheap
    return _lowest(k, losers or cards)


def heuristic(state: _core.State, rng: Optional[random.Random]) -> str:
    """The heuristic's action for the player to move (see the module comment).

    >>> import hukm
    >>> s = hukm.Thunee().from_deal("T.KQ.Q.J9 AQ.AT..KQ 9.J.9AT.A JK.9.JK.T", trump="S")
    >>> heuristic(s, None)
    'JH'
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.current_player
    obs = state.observation(me)
    phase = obs["phase"]
    if phase == "bid":
        choice = _bid(obs, legal, me)
    elif phase == "trump":
        choice = _indicator(_Cards(state, me), legal)
    elif phase == "jodhi":
        choice = next((a for a in legal if a.startswith("jodhi:")), "pass")
    elif phase == "play":
        choice = _play(_Cards(state, me), obs, [a for a in legal if a not in ("pass",)], me)
    else:
        choice = "pass"
    if choice in legal:
        return choice
    return (rng or random.Random(0)).choice(legal)


def pimc_decision(state: _core.State, bot: Any) -> Optional[str]:
    """Jodhi is declared when possible; every other decision outside trick play
    goes to the heuristic (``None``).

    >>> import hukm
    >>> pimc_decision(hukm.Thunee().new_game(seed=2), None) is None
    True
    """
    if state.phase == "jodhi":
        return next((a for a in state.legal_actions() if a.startswith("jodhi:")), None)
    return None


def dd_ready(state: _core.State, max_cards: Optional[int]) -> bool:
    """True for a card of trick play once the mover holds at most ``max_cards``
    cards (default :data:`DEFAULT_MAX_CARDS`; with two players, in the second
    round only).

    >>> import hukm
    >>> s = hukm.Thunee().from_deal("T.KQ.Q.J9 AQ.AT..KQ 9.J.9AT.A JK.9.JK.T", trump="S")
    >>> dd_ready(s, None), dd_ready(s, 6)
    (False, True)
    """
    if state.is_terminal() or state.phase != "play":
        return False
    n = state.num_players
    limit = DEFAULT_MAX_CARDS.get(n, 4) if max_cards is None else max_cards
    me = state.current_player
    obs = state.observation(me)
    if n == 2 and obs["special"] is None and obs["tricks_played"] < 6:
        return False
    return len(obs["hand"]) <= limit


def hand_key(state: _core.State) -> object:
    """The number of the hand being played (it changes exactly when a new deal starts).

    >>> import hukm
    >>> hand_key(hukm.Thunee().new_game(seed=1))
    1
    """
    return state.observation(0)["hand_number"]

"""What every game contributes to the bots, and the helpers they share.

Each game has a module ``hukm.bots._<game>`` (the game's name as
``State.game`` gives it) with these functions:

``heuristic(state, rng) -> str``
    A sensible legal action for the player to move, fast (no search).
``pimc_decision(state, bot) -> Optional[str]``
    For a decision that is not a card of trick play (trump choice, bids,
    calls), the action chosen by sampling hidden cards
    (``state.determinize``) and solving each sample with the double-dummy
    solver; ``None`` when the game leaves that decision to the heuristic.
``dd_ready(state, max_cards) -> bool``
    True when the decision is a card of trick play that ``hukm.solve``
    values for every legal action, and the position is small enough for the
    PIMC bot to solve its samples exactly (``max_cards``: the bot's limit on
    cards in the mover's hand, ``None`` for the game's default).
``sample_values(det, player, bot) -> dict[str, float]`` (optional)
    The value of each legal action in one sampled deal ``det`` for
    ``player``'s side, when the game's objective is better served by
    something other than ``hukm.solve(det, player).actions`` (e.g. the
    chance of making a contract); may raise ``hukm.SolverLimitError``. The bot
    runs its samples on its threads at once, so each solves on one
    (``threads=1``).
``hand_key(state) -> object``
    A value that changes exactly when a new hand (deal) starts; it tells
    :func:`hukm.play_match` and ``hukm play`` where a hand ends.
"""

from __future__ import annotations

import random
from typing import Any, Optional, Protocol, runtime_checkable

from .. import _core


@runtime_checkable
class Bot(Protocol):
    """Anything with ``act(state) -> action``: a bot of this library or a user's own.

    >>> import hukm
    >>> class First:
    ...     def act(self, state):
    ...         return state.legal_actions()[0]
    >>> isinstance(First(), hukm.bots.Bot)
    True
    """

    def act(self, state: _core.State) -> str:
        """The action to play in ``state`` (for the player to move)."""
        ...


def fork(bot: Bot, seed: int) -> Bot:
    """An independent copy of ``bot`` seeded with ``seed`` when the bot can make
    one (``bot.fork(seed)``), else ``bot`` itself."""
    f = getattr(bot, "fork", None)
    return f(seed) if callable(f) else bot


def new_rng(seed: Optional[int]) -> random.Random:
    """A generator seeded from ``seed`` (fresh entropy when ``None``)."""
    return random.Random(seed)


class Cards:
    """The engine's facts of a seat's cards and of the trick in progress
    (``State.trick_facts``), for the bots' heuristics (the jack-nine games; the Ganjifa games through
    :class:`SeatFacts`).

    >>> import hukm
    >>> s = hukm.TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", bidder=0, leader=0, trump="H")
    >>> k = Cards(s, 0)
    >>> k.suit("JS"), k.pts("JS"), k.winner
    ('S', 3, None)
    """

    def __init__(self, state: _core.State, seat: int) -> None:
        f = state.trick_facts(seat)
        self.facts: dict[str, dict[str, Any]] = f["cards"]
        self.winner: Optional[tuple[int, str]] = f["winner"]
        self.winner_sure: bool = f["winner_sure"]
        self.trick_points: int = f["points"]
        self.led: Optional[str] = f["led"]
        self.unseen: dict[str, int] = dict(f["unseen"])

    def suit(self, c: str) -> str:
        """The card's suit."""
        return str(self.facts[c]["suit"])

    def rank(self, c: str) -> int:
        """The card's strength in its suit (higher wins)."""
        return int(self.facts[c]["strength"])

    def pts(self, c: str) -> int:
        """The card's points."""
        return int(self.facts[c]["points"])

    def master(self, c: str) -> bool:
        """The card is the highest of its suit still out."""
        return bool(self.facts[c]["master"])

    def wins(self, c: str) -> bool:
        """The card would win the trick now."""
        return bool(self.facts[c]["wins"])

    def trump(self, c: str) -> bool:
        """The card is a trump as the seat knows it."""
        return bool(self.facts[c]["trump"])



class SeatFacts(Cards):
    """:class:`Cards` with the seat's observation and hand, in the terms of the
    Ganjifa games' heuristics: each card's strength in its suit's own order,
    whether it is the highest of its suit still out (a hukm), and how many
    cards of each suit the player has not seen (``unseen``).

    >>> import hukm
    >>> k = SeatFacts(hukm.Ganjifa().new_game(seed=1), 0)
    >>> len(k.hand), len(k.unseen), k.length(k.suit(k.hand[0])) > 0
    (32, 8, True)
    """

    def __init__(self, state: _core.State, me: int) -> None:
        self.obs: dict[str, Any] = state.observation(me)
        super().__init__(state, me)
        self.hand: list[str] = list(self.obs["hand"])

    def strength(self, c: str) -> int:
        """0 for the weakest card of the suit, higher for stronger ones."""
        return self.rank(c)

    def top(self, c: str) -> bool:
        """True when no card still out in another hand beats ``c`` (a hukm)."""
        return self.master(c)

    def length(self, s: str) -> int:
        """How many cards of suit ``s`` the hand holds."""
        return sum(1 for c in self.hand if self.suit(c) == s)

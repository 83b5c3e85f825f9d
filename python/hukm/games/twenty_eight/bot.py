"""Bots for Twenty-eight and its relatives (28, 29, 28_wb, 40, 56).

The heuristic sees only the player's observation. The PIMC parts:

* **Card play** (``dd_ready``): every sample (``State.determinize``: hands,
  the concealed indicator for those who do not know it) is solved exactly.
  While the trump is concealed the solver only knows outcomes against the
  target (void hand rule): a sample's value is then 2 made / 1 void / 0
  failed for the player's side (mirrored for the opponents); once the trump
  is open it is the card points the player's side takes from here.
  Single hand and half court are left to the heuristic (the solver does not
  analyse them).
* **Auction** (``pimc_decision`` on a bid): sample deals consistent with
  what the bidder has seen (his first batch; the rest of the pack is
  unseen), and for each suit he could lay down as the indicator (a suit of
  his hand; every suit with a spare indicator) solve the open-trump position
  with him as bidder (``docs/rules/twenty_eight.md`` §16 item 1: the points his side
  guarantees). The suit with the best average is his trump. **Bid rule**:
  bid the lowest legal amount ``v`` when the share of samples in which that
  trump yields at least ``v`` reaches the break-even rate of the game's
  scoring (``lose / (win + lose)``: 1/2 in 28 and 29; in 40, 2/3 for 20-29,
  3/5 for 30-33, 4/7 from 34); otherwise pass. The first speaker who must
  bid bids the minimum. A player whose partner holds the highest bid passes
  (overbidding a partner only raises his own side's target). The values are
  cached per player and hand, so later turns of the auction and the trump
  choice reuse them (the auction does not change what he has seen).
* **Trump choice**: the suit with the best average over the same samples;
  the card laid down is the lowest of that suit. Seventh card, doubling,
  single hand and half court are left to the heuristic (which declines them).

Costs are capped: each auction solve is value-only and limited to
``bot.max_nodes`` nodes (default ``AUCTION_NODES``); samples reaching the cap
are left out, and when all do (usual in 40 and 56, whose whole six-hand deals
are too big to solve quickly) the heuristic bids and chooses trumps. Card
play is solved from ``DEFAULT_MAX_CARDS`` cards in hand down.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Optional

from ... import _core
from ...bots._base import Cards as _Cards
from ..._errors import SolverLimitError, StateError
from ...solve import solve

SUITS = "SHDC"
AUCTION_NODES = 200_000
"""Node cap of one auction solve when the bot sets no ``max_nodes``."""
PLAY_NODES = 1_000_000
"""Node cap of one card-play solve when the bot sets no ``max_nodes``."""
DEFAULT_MAX_CARDS = {4: 8, 6: 5}
"""Cards in hand up to which PIMC solves card play, by number of players."""


@lru_cache(maxsize=None)
def _pack(preset: str, options: tuple[tuple[str, str], ...]) -> tuple[int, int, float]:
    """Cards in the pack, their card points, and the bidding weight of an average card
    (jacks and threes 1.5, nines 1: what :func:`_strength` counts), from the engine's
    points of every card."""
    from ...registry import game

    points = [int(x) for x in game(preset, **dict(options))._game.facts["card_points"]]
    weight = sum(1.5 if x == 3 else 1.0 if x == 2 else 0.0 for x in points)
    return len(points), sum(points), weight / len(points)


def hand_key(state: _core.State) -> object:
    """The number of the hand being played (it changes exactly when a new deal starts).

    >>> import hukm
    >>> s = hukm.TwentyEight().new_game(seed=1)
    >>> hand_key(s)
    1
    """
    return state.observation(0)["hand_number"]


def _sides(obs: dict[str, Any]) -> int:
    return len(obs["points"])


def _trick_size(obs: dict[str, Any], n: int) -> int:
    if obs["soloist"] is None:
        return n
    return n - (n // _sides(obs) - 1)


def _strength(k: _Cards, cards: list[str]) -> tuple[float, str]:
    """A bidding strength of a first batch and its best suit."""
    by: dict[str, list[str]] = {}
    for c in cards:
        by.setdefault(k.suit(c), []).append(c)
    best = max(by, key=lambda s: (len(by[s]), sum(k.pts(c) for c in by[s]), s))
    s: float = sum(k.pts(c) for c in cards)
    # The jacks (and the threes of 40) and the nines: the top trumps if they are trumps.
    s += 1.5 * sum(k.pts(c) == 3 for c in cards) + sum(k.pts(c) == 2 for c in cards)
    s += 2.0 * (len(by[best]) - 1)
    if {k.pts(c) for c in by[best]} >= {3, 2}:
        s += 2.0
    return s, best


def _bid_heuristic(state: _core.State, k: _Cards, obs: dict[str, Any], legal: list[str], player: int) -> str:
    bids = [a for a in legal if a.startswith("bid:")]
    if not bids:
        return "pass"
    lo = min(int(a[4:]) for a in bids)
    if "pass" not in legal:
        return f"bid:{lo}"
    sides = _sides(obs)
    high = [s for s, a in obs["auction"] if a.startswith("bid:")]
    if high and high[-1] % sides == player % sides:
        return "pass"
    cards = list(obs["hand"])
    total_cards, card_pts, weight = _pack(state.preset, tuple(sorted(state.options)))
    half = len(cards)
    # The strength of an average batch: its points, jacks and nines, and a
    # longest suit of about half the batch.
    avg = half * card_pts / total_cards + half * weight
    avg += 2.0 * (max(1.0, half / 2) - 1.0)
    strength, _ = _strength(k, cards)
    scale = card_pts / 28.0
    estimate = card_pts / 2 + 1.2 * scale * (strength - avg)
    return f"bid:{lo}" if lo <= estimate - 1 else "pass"


def _lowest(k: _Cards, cards: list[str]) -> str:
    return min(cards, key=lambda c: (k.pts(c), k.rank(c), c))


def _trump_heuristic(k: _Cards, obs: dict[str, Any], legal: list[str]) -> str:
    cards = list(obs["hand"])
    _, best = _strength(k, cards)
    ind = [a[10:] for a in legal if a.startswith("indicator:") and a[10:] in k.facts and k.suit(a[10:]) == best]
    if ind:
        return "indicator:" + _lowest(k, ind)
    spare = f"trump:{best}"
    if spare in legal:
        return spare
    choices = [a for a in legal if a.startswith(("indicator:", "trump:")) and a != "trump:none"]
    return choices[0] if choices else legal[0]


def _play(k: _Cards, obs: dict[str, Any], legal: list[str], player: int, n: int) -> str:
    cards = [a for a in legal if a != "call"]
    sides = _sides(obs)
    known = obs["trump"] if obs["trump"] not in (None, "none") else None
    open_trump = known if obs["revealed"] and obs["soloist"] is None else None
    trick = obs["trick"]
    if not cards:
        return "call"

    def keep(c: str) -> bool:  # the jack and nine of trumps are kept when possible
        return bool(k.facts[c]["trump"]) and k.pts(c) >= 2

    if not trick:
        masters = [c for c in cards if k.master(c) and k.suit(c) != known]
        if open_trump and obs["bidder"] is not None and obs["bidder"] % sides == player % sides:
            masters += [c for c in cards if k.suit(c) == open_trump and k.master(c)]
        if masters:
            return max(masters, key=lambda c: (k.pts(c), k.rank(c), c))
        plain = [c for c in cards if k.suit(c) != known] or cards
        counts = {s: sum(k.suit(c) == s for c in obs["hand"]) for s in SUITS}
        return min(plain, key=lambda c: (k.pts(c), -counts[k.suit(c)], k.rank(c), c))
    assert k.winner is not None
    wseat = k.winner[0]
    last = len(trick) == _trick_size(obs, n) - 1
    pts = k.trick_points
    partner = wseat % sides == player % sides
    winners = [c for c in cards if k.facts[c]["wins"]]
    losers = [c for c in cards if c not in winners]
    if partner:
        safe = last or k.winner_sure
        pool = [c for c in (losers or cards) if not keep(c)] or losers or cards
        if safe:
            return max(pool, key=lambda c: (k.pts(c), -k.rank(c), c))
        return _lowest(k, pool)
    if winners:
        cheap = min(winners, key=lambda c: (k.suit(c) == open_trump, keep(c), k.rank(c), c))
        if last or (pts >= 1 and k.master(cheap)) or pts >= 3:
            return cheap
        sure = [c for c in winners if k.master(c) and k.suit(c) != open_trump]
        if sure:
            return min(sure, key=lambda c: (k.rank(c), c))
    if "call" in legal and pts >= 2:
        return "call"
    pool = [c for c in (losers or cards) if not keep(c)] or losers or cards
    return _lowest(k, pool)


def heuristic(state: _core.State, rng: random.Random) -> str:
    """The heuristic's action for the player to move, from his observation only.

    Bids from the strength of the first batch (points, jacks and nines,
    length in the best suit; only a real hand raises, never over a partner),
    lays the lowest card of the longest and strongest suit as indicator, and
    in play wins cheaply, never overtakes a partner who is winning, gives
    points to a partner who holds the trick, calls for the trump when void
    and the trick holds two points or more, and keeps the jack and nine of
    trumps. Doubling, seventh card, single hand and half court are declined;
    the pair is always shown.

    >>> import hukm, random
    >>> s = hukm.TwentyEight().new_game(seed=2)
    >>> heuristic(s, random.Random(0)) in s.legal_actions()
    True
    """
    p = state.current_player
    obs = state.observation(p)
    legal = state.legal_actions()
    n = state.num_players
    phase = obs["phase"]
    k = _Cards(state, p)
    if phase == "bid":
        choice = _bid_heuristic(state, k, obs, legal, p)
    elif phase == "trump":
        choice = _trump_heuristic(k, obs, legal)
    elif phase == "pair":
        choice = "pair"
    elif phase == "show":
        choice = "show"
    elif phase == "play":
        choice = _play(k, obs, legal, p, n)
    else:
        choice = "pass"
    return choice if choice in legal else rng.choice(legal)


def dd_ready(state: _core.State, max_cards: Optional[int]) -> bool:
    """True for a card (or ``call``) decision of ordinary trick play with at
    most ``max_cards`` cards in hand (default ``DEFAULT_MAX_CARDS``: a whole
    hand with four players, five cards with six, where a whole hand takes
    the solver about a second or more per sample).

    >>> import hukm
    >>> s = hukm.TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", bidder=0, leader=0, trump="H")
    >>> dd_ready(s, None), dd_ready(s, 2)
    (True, False)
    """
    if state.phase != "play" or state.is_terminal():
        return False
    obs = state.observation(state.current_player)
    if obs["soloist"] is not None or obs["half_court"]:
        return False
    limit = max_cards if max_cards is not None else DEFAULT_MAX_CARDS.get(state.num_players, 5)
    return len(obs["hand"]) <= limit


def sample_values(det: _core.State, player: int, bot: Any) -> dict[str, float]:
    """The value of each legal action in one sampled deal for ``player``'s side:
    card points from here once the trump is open, else the outcome against
    the target (2 made, 1 void, 0 failed for the bidding side; 2 minus that
    for the opponents).

    >>> import hukm
    >>> s = hukm.TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", bidder=0, leader=0, trump="H")
    >>> class B: max_nodes = None
    >>> sample_values(s, 0, B())
    {'JS': 3, '9S': 2, 'AD': 3}
    """
    obs = det.observation(player)
    nodes = bot.max_nodes or PLAY_NODES
    try:
        if obs["indicator_down"]:
            sol = solve(det, player, max_nodes=nodes, target=obs["target"], exact=True, threads=1)
            sides = _sides(obs)
            ours = obs["bidder"] % sides == player % sides
            return {a: (v if ours else 2 - v) for a, v in sol.actions.items()}
        sol = solve(det, player, max_nodes=nodes, exact=True, threads=1)
        return dict(sol.actions)
    except StateError:
        return {}


def _bid_samples(state: _core.State, bot: Any, suits: list[str]) -> dict[str, list[int]]:
    """Open-trump double-dummy points of the player's side with him as bidder,
    per candidate trump suit, over ``bot.samples`` sampled deals (cached per
    player and hand)."""
    p = state.current_player
    obs = state.observation(p)
    cache: dict[tuple[Any, ...], dict[str, list[int]]] = bot.__dict__.setdefault("_t28_cache", {})
    key = (hand_key(state), p, tuple(obs["hand"]), obs["dealer"], tuple(obs["scores"]))
    got = cache.get(key)
    if got is not None and all(s in got for s in suits):
        return got
    if len(cache) > 16:
        cache.clear()
    values: dict[str, list[int]] = {s: [] for s in suits}
    nodes = bot.max_nodes or AUCTION_NODES
    for _ in range(bot.samples):
        det = state.determinize(p, bot.rng.getrandbits(63))
        for s in suits:
            pos = det.open_position(p, s)
            try:
                values[s].append(solve(pos, p, max_nodes=nodes, actions=False, exact=True).value)
            except SolverLimitError:
                continue
    cache[key] = values
    return values


def _candidate_suits(k: _Cards, obs: dict[str, Any], legal: list[str]) -> list[str]:
    """The suits the player may make trumps: every suit with a spare
    indicator, else the suits of his hand (during the auction the indicator
    is assumed to be his own card, the default rules)."""
    if any(a.startswith("trump:") and a != "trump:none" for a in legal):
        return list(SUITS)
    return sorted({k.suit(c) for c in obs["hand"]}, key=SUITS.index)


def _break_even(bid: int, preset: str) -> float:
    if preset == "40":  # made 1/2/3, failed 2/3/4 to the opponents (§13.2)
        win, lose = (1, 2) if bid <= 29 else (2, 3) if bid <= 33 else (3, 4)
        return lose / (win + lose)
    return 0.5


def _mean(v: list[int]) -> float:
    return sum(v) / len(v) if v else -1.0


def pimc_decision(state: _core.State, bot: Any) -> Optional[str]:
    """The auction and trump choice by sampling (see the module documentation);
    ``None`` for every other decision.

    >>> import hukm
    >>> s = hukm.TwentyEight().new_game(seed=4)
    >>> pimc_decision(s, hukm.bots.PIMC(samples=2, seed=1)) in s.legal_actions()
    True
    """
    phase = state.phase
    if phase not in ("bid", "trump"):
        return None
    p = state.current_player
    obs = state.observation(p)
    legal = state.legal_actions()
    k = _Cards(state, p)
    suits = _candidate_suits(k, obs, legal)
    if phase == "bid":
        bids = [int(a[4:]) for a in legal if a.startswith("bid:")]
        if not bids:
            return "pass" if "pass" in legal else None
        lo = min(bids)
        if "pass" in legal:
            sides = _sides(obs)
            high = [s for s, a in obs["auction"] if a.startswith("bid:")]
            if high and high[-1] % sides == p % sides:
                return "pass"
        else:
            return f"bid:{lo}"
        values = _bid_samples(state, bot, suits)
        if not any(values.values()):
            return None  # every solve reached the node cap: the heuristic decides
        best = max(suits, key=lambda s: _mean(values[s]))
        v = values[best]
        made = sum(x >= lo for x in v) / len(v) if v else 0.0
        return f"bid:{lo}" if v and made >= _break_even(lo, state.preset) else "pass"
    values = _bid_samples(state, bot, suits)
    if not any(values.values()):
        return None
    best = max(suits, key=lambda s: _mean(values[s]))
    if f"trump:{best}" in legal:
        return f"trump:{best}"
    ind = [a[10:] for a in legal if a.startswith("indicator:") and k.suit(a[10:]) == best]
    return "indicator:" + _lowest(k, ind) if ind else None


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
  with him as bidder (``rules/twenty_eight.md`` §16.1: the points his side
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
from typing import Any, Optional

from .. import _core
from .._errors import SolverLimitError, StateError
from ..solve import solve

RANK = {"J": 7, "3": 7, "9": 6, "A": 5, "T": 4, "K": 3, "Q": 2, "8": 1, "7": 0}
"""Trick strength of each face (the three equals the jack in 40)."""
POINTS = {"J": 3, "3": 3, "9": 2, "A": 1, "T": 1}
"""Card points of each face (others 0)."""
SUITS = "SHDC"
AUCTION_NODES = 200_000
"""Node cap of one auction solve when the bot sets no ``max_nodes``."""
PLAY_NODES = 1_000_000
"""Node cap of one card-play solve when the bot sets no ``max_nodes``."""
DEFAULT_MAX_CARDS = {4: 8, 6: 5}
"""Cards in hand up to which PIMC solves card play, by number of players."""

def _rank(card: str) -> int:
    return RANK[card[0]]


def _pts(card: str) -> int:
    return POINTS.get(card[0], 0)


def _suit(card: str) -> str:
    return card[-1]


def hand_key(state: _core.State) -> object:
    """The number of the hand being played (it changes exactly when a new deal starts).

    >>> import hukm
    >>> s = hukm.TwentyEight().new_game(seed=1)
    >>> hand_key(s)
    1
    """
    return state.observation(0)["hand_no"]


def _sides(obs: dict[str, Any]) -> int:
    return len(obs["points"])


def _trick_size(obs: dict[str, Any], n: int) -> int:
    if obs["soloist"] is None:
        return n
    return n - (n // _sides(obs) - 1)


def _faces(obs: dict[str, Any], n: int) -> tuple[str, int]:
    """The faces of a suit and the copies of each (28/29: 8 faces, 40: 9, 56: 6 twice)."""
    if n == 4:
        return "J9ATKQ87", 1
    pre = obs["phase"] in ("bid", "trump", "double", "redouble")
    size = max(obs["hand_sizes"]) + (0 if pre else obs["tricks_played"])
    big = size >= 4 if pre else size >= 7
    return ("J9ATKQ", 2) if big else ("J39ATKQ87", 1)


def _unseen_higher(card: str, obs: dict[str, Any], n: int) -> bool:
    """True when a card stronger than ``card`` in its suit is still unseen by the player."""
    faces, copies = _faces(obs, n)
    seen = list(obs["hand"]) + list(obs["played"]) + [c for _, c in obs["trick"]]
    if obs.get("indicator"):
        seen.append(obs["indicator"])
    s = _suit(card)
    for f in faces:
        if RANK[f] > _rank(card) and seen.count(f + s) < copies:
            return True
    return False


def _winner(trick: list[list[Any]], trump: Optional[str]) -> tuple[int, str]:
    """The (seat, card) winning a trick so far; ``trump`` counts when it is open."""
    led = _suit(trick[0][1])
    best = trick[0]
    for seat, card in trick[1:]:
        bs = _suit(best[1])
        if trump is not None and _suit(card) == trump:
            if bs != trump or _rank(card) > _rank(best[1]):
                best = [seat, card]
        elif _suit(card) == led and bs == led and _rank(card) > _rank(best[1]):
            best = [seat, card]
    return best[0], best[1]


def _beats(card: str, best: str, led: str, trump: Optional[str]) -> bool:
    if trump is not None and _suit(card) == trump:
        return _suit(best) != trump or _rank(card) > _rank(best)
    if trump is not None and _suit(best) == trump:
        return False
    return _suit(card) == led and _rank(card) > _rank(best)


def _strength(cards: list[str]) -> tuple[float, str]:
    """A bidding strength of a first batch and its best suit."""
    by: dict[str, list[str]] = {}
    for c in cards:
        by.setdefault(_suit(c), []).append(c)
    best = max(by, key=lambda s: (len(by[s]), sum(_pts(c) for c in by[s]), s))
    faces = {c[0] for c in by[best]}
    s: float = sum(_pts(c) for c in cards)
    s += 1.5 * sum(c[0] in "J3" for c in cards) + sum(c[0] == "9" for c in cards)
    s += 2.0 * (len(by[best]) - 1)
    if "J" in faces and "9" in faces:
        s += 2.0
    return s, best


def _bid_heuristic(obs: dict[str, Any], legal: list[str], n: int, player: int) -> str:
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
    faces, copies = _faces(obs, n)
    total_cards = len(faces) * 4 * copies
    card_pts = sum(POINTS.get(f, 0) for f in faces) * 4 * copies
    half = len(cards)
    # The strength of an average batch: its points, jacks and nines, and a
    # longest suit of about half the batch.
    avg = half * card_pts / total_cards + half * (1.5 + 1.0) * copies / len(faces)
    avg += 2.0 * (max(1.0, half / 2) - 1.0)
    strength, _ = _strength(cards)
    scale = card_pts / 28.0
    estimate = card_pts / 2 + 1.2 * scale * (strength - avg)
    return f"bid:{lo}" if lo <= estimate - 1 else "pass"


def _lowest(cards: list[str]) -> str:
    return min(cards, key=lambda c: (_pts(c), _rank(c), c))


def _trump_heuristic(obs: dict[str, Any], legal: list[str]) -> str:
    cards = list(obs["hand"])
    _, best = _strength(cards)
    ind = [a for a in legal if a.startswith("indicator:") and _suit(a) == best]
    if ind:
        return "indicator:" + _lowest([a[10:] for a in ind])
    spare = f"trump:{best}"
    if spare in legal:
        return spare
    choices = [a for a in legal if a.startswith(("indicator:", "trump:")) and a != "trump:none"]
    return choices[0] if choices else legal[0]


def _play(obs: dict[str, Any], legal: list[str], player: int, n: int) -> str:
    cards = [a for a in legal if a != "call"]
    sides = _sides(obs)
    known = obs["trump"] if obs["trump"] not in (None, "none") else None
    open_trump = known if obs["revealed"] and obs["soloist"] is None else None
    trick = obs["trick"]
    if not cards:
        return "call"

    def keep(c: str) -> bool:  # the jack and nine of trumps are kept when possible
        return known is not None and _suit(c) == known and c[0] in "J39"

    if not trick:
        masters = [c for c in cards if not _unseen_higher(c, obs, n) and _suit(c) != known]
        if open_trump and obs["bidder"] is not None and obs["bidder"] % sides == player % sides:
            masters += [c for c in cards if _suit(c) == open_trump and not _unseen_higher(c, obs, n)]
        if masters:
            return max(masters, key=lambda c: (_pts(c), _rank(c), c))
        plain = [c for c in cards if _suit(c) != known] or cards
        counts = {s: sum(_suit(c) == s for c in obs["hand"]) for s in SUITS}
        return min(plain, key=lambda c: (_pts(c), -counts[_suit(c)], _rank(c), c))
    led = _suit(trick[0][1])
    wseat, wcard = _winner(trick, open_trump)
    last = len(trick) == _trick_size(obs, n) - 1
    pts = sum(_pts(c) for _, c in trick)
    partner = wseat % sides == player % sides
    winners = [c for c in cards if _beats(c, wcard, led, open_trump)]
    losers = [c for c in cards if c not in winners]
    if partner:
        safe = last or (not _unseen_higher(wcard, obs, n) and (open_trump is None or _suit(wcard) == open_trump))
        pool = [c for c in (losers or cards) if not keep(c)] or losers or cards
        if safe:
            return max(pool, key=lambda c: (_pts(c), -_rank(c), c))
        return _lowest(pool)
    if winners:
        cheap = min(winners, key=lambda c: (_suit(c) == open_trump, keep(c), _rank(c), c))
        if last or (pts >= 1 and not _unseen_higher(cheap, obs, n)) or pts >= 3:
            return cheap
        sure = [c for c in winners if not _unseen_higher(c, obs, n) and _suit(c) != open_trump]
        if sure:
            return min(sure, key=lambda c: (_rank(c), c))
    if "call" in legal and pts >= 2:
        return "call"
    pool = [c for c in (losers or cards) if not keep(c)] or losers or cards
    return _lowest(pool)


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
    if phase == "bid":
        choice = _bid_heuristic(obs, legal, n, p)
    elif phase == "trump":
        choice = _trump_heuristic(obs, legal)
    elif phase == "pair":
        choice = "pair"
    elif phase == "show":
        choice = "show"
    elif phase == "play":
        choice = _play(obs, legal, p, n)
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
            sol = solve(det, player, max_nodes=nodes, target=obs["target"])
            sides = _sides(obs)
            ours = obs["bidder"] % sides == player % sides
            return {a: (v if ours else 2 - v) for a, v in sol.actions.items()}
        sol = solve(det, player, max_nodes=nodes)
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
            pos = _core.twenty_eight_open_position(det, p, s)
            try:
                values[s].append(solve(pos, p, max_nodes=nodes, actions=False).value)
            except SolverLimitError:
                continue
    cache[key] = values
    return values


def _candidate_suits(obs: dict[str, Any], legal: list[str]) -> list[str]:
    """The suits the player may make trumps: every suit with a spare
    indicator, else the suits of his hand (during the auction the indicator
    is assumed to be his own card, the default rules)."""
    if any(a.startswith("trump:") and a != "trump:none" for a in legal):
        return list(SUITS)
    return sorted({_suit(c) for c in obs["hand"]}, key=SUITS.index)


def _break_even(bid: int, obs: dict[str, Any], n: int) -> float:
    faces, _ = _faces(obs, n)
    if "3" in faces:  # 40: made 1/2/3, failed 2/3/4 to the opponents
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
    n = state.num_players
    suits = _candidate_suits(obs, legal)
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
        return f"bid:{lo}" if v and made >= _break_even(lo, obs, n) else "pass"
    values = _bid_samples(state, bot, suits)
    if not any(values.values()):
        return None
    best = max(suits, key=lambda s: _mean(values[s]))
    if f"trump:{best}" in legal:
        return f"trump:{best}"
    ind = [a[10:] for a in legal if a.startswith("indicator:") and _suit(a) == best]
    return "indicator:" + _lowest(ind) if ind else None


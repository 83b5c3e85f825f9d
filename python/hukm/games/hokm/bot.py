"""Bots' knowledge of Hokm and the Court Piece / Rang family (every preset).

The heuristic reads only the mover's observation:

* trump call: the suit with the most length and high cards among the five
  cards seen (never blind; a ``first5`` redeal whenever offered); a hidden
  indicator is the lowest card of that suit;
* card play: second hand low, third hand high, win as cheaply as possible,
  never overtake a partner who is winning, trump in when void and the trick
  is the opponents', otherwise discard the lowest card of the weakest suit;
  lead a top card (a master) of a side suit, trumps when long in them, else
  the lowest of the longest side suit. Unknown or powerless trumps (a hidden
  indicator, Dab Rang before the cut) count as no trump; Satat's 2H is the
  top trump. Dehla Pakad feeds tens to a partner's trick and keeps them off
  the opponents'. With trumps still to fix by the first void card, the void
  player fixes them with the lowest card of his longest suit;
* other decisions: Dab Rang bids the minimum on a strong first five and
  calls the cut when void and the boss's side is winning the trick; the
  two-player draw keeps a trump or a card of jack or above; discards and
  Satat gives put away the least valuable cards the rules allow; a kot is
  stopped (no bavney attempt), the redeal offers are taken by a weak hand,
  the table tap is passed; Satat signals are not used (the plain card).

PIMC decides by sampling the close trump calls of the presets whose full
deals solve fast (four-player Hokm, Court Piece, Single Sar and two-player
Hokm): the two strongest suits by count, when close, are compared by the
average over determinized deals of the Hakem's side's double-dummy tricks
once the deal is finished (the rest of a two-player draw played by the
heuristic); see :func:`pimc_decision`. In ``hokm4`` and ``hokm2`` the card
play scores each sample by the hand's points rather than by tricks
(:func:`sample_score`). Every other non-card decision is the heuristic's. Card play is solved when the mover holds at
most ``max_cards`` cards (default per preset: 13 in four-player Hokm, Court
Piece, Single Sar and two-player Hokm; 11 in Hokm for three, 10 in Satat, 9
in Trup kasiet, 8 in Dab Rang and the other heap presets, where a solve of a
full hand is slower); Satat signals are then played as plain cards.

>>> import hukm
>>> from hukm.games.hokm import bot as _hokm
>>> s = hukm.Hokm().new_game(seed=1)
>>> _hokm.heuristic(s, __import__("random").Random(0)) in s.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any, Callable, Optional

from ... import _core
from ..._errors import SolverLimitError, StateError
from ...solve import solve

SUITS = "SHDC"
# High-card points of the four top cards of a suit (by the engine's strength order).
_HCP = {12: 4, 11: 3, 10: 2, 9: 1}
_PLAIN_FAST = {"hokm4", "court_piece", "single_sar", "hokm2"}
# Largest hands solved per sample by default: a solve with every card's
# value then takes a few tens of milliseconds (median, one core).
_MAX_CARDS = {
    "hokm4": 13,
    "court_piece": 13,
    "single_sar": 13,
    "hokm2": 13,
    "hokm3": 11,
    "satat": 10,
    "trup_kasiet": 9,
    "dab_rang": 8,
}
_HEAP_MAX_CARDS = 8
# Suit strengths (3 per card plus high-card points) this close are compared by
# sampling in PIMC's trump call.
_CLOSE = 4


def _pack_order() -> dict[str, tuple[str, int]]:
    """Each card's suit and strength (0 the weakest) in the engine's pack order."""
    out: dict[str, tuple[str, int]] = {}
    for suit, cards in zip(SUITS, _core.format_hand(_core.pack_cards("french52")).split(".")):
        for i, r in enumerate(cards):
            out[r + suit] = (suit, len(cards) - 1 - i)
    return out


_ORDER = _pack_order()
"""Suit and strength of every card (the engine's order, for cards outside a hand)."""


def _cards(value: Any) -> list[str]:
    """The cards of an observation field: a list of cards or a compact hand."""
    if not value:
        return []
    if isinstance(value, list):
        return [str(c) for c in value]
    return list(_core.parse_hand(value))


def preset(state: _core.State) -> str:
    """The preset's name.

    >>> import hukm
    >>> preset(hukm.Hokm("satat").new_game(seed=0))
    'satat'
    """
    return state.preset


class _View:
    """What the mover sees, in the terms the heuristic uses: his observation, and the
    engine's facts of the trick in progress (``State.trick_facts``): who is winning, each
    card's suit as it plays, strength, points, whether it is a trump he knows of, whether it
    would win now and whether it is the master of its suit."""

    def __init__(self, state: _core.State) -> None:
        self.state = state
        self.preset = state.preset
        self.player = state.current_player
        obs: dict[str, Any] = state.observation(self.player)
        self.obs = obs
        self.legal: list[str] = state.legal_actions()
        self.n = len(obs["hand_sizes"])
        self.trick: list[str] = [c for _, c in obs["trick"]]
        self.leader: int = obs["leader"]
        self.seat = (self.leader + len(self.trick)) % self.n
        if obs.get("phase") != "play":
            self.seat = obs.get("seat", self.player)
        hand = obs["hand"]
        if obs.get("dummy_hand") and self.seat == 2:
            hand = obs["dummy_hand"]
        self.hand = _cards(hand)
        self.satat = self.preset in ("satat", "trup_kasiet")
        facts = state.trick_facts(self.seat)
        self.facts: dict[str, dict[str, Any]] = facts["cards"]
        self.winner: Optional[tuple[int, str]] = facts["winner"]
        self.winner_sure: bool = facts["winner_sure"]
        self.led: Optional[str] = facts["led"]
        self.trump: Optional[str] = obs.get("trump")
        self.partner = (self.seat + 2) % 4 if self.n == 4 else None
        self.hakem: int = obs.get("hakem", 0)

    def fact(self, c: str) -> dict[str, Any]:
        """The engine's facts of a card of the hand (a card elsewhere: its pack order)."""
        f = self.facts.get(c)
        if f is not None:
            return f
        suit, strength = _ORDER[c]
        return {"suit": suit, "strength": strength, "points": 0, "trump": suit == self.trump,
                "wins": False, "master": False}

    def is_trump(self, c: str) -> bool:
        return bool(self.fact(c)["trump"])

    def eff_suit(self, c: str) -> str:
        return str(self.fact(c)["suit"])

    def strength(self, c: str) -> int:
        return int(self.fact(c)["strength"])

    def power(self, c: str) -> tuple[bool, int]:
        """How strong ``c`` is when it wins: trumps above the rest, then its strength."""
        return self.is_trump(c), self.strength(c)

    def value(self, c: str) -> int:
        """How much a card is worth keeping (discards give the lowest)."""
        f = self.fact(c)
        return int(f["strength"]) + 20 * bool(f["trump"]) + 10 * int(f["points"])

    def suit_cards(self, suit: str, cards: list[str]) -> list[str]:
        return [c for c in cards if self.eff_suit(c) == suit]

    def is_master(self, c: str) -> bool:
        """True when no unseen card of its suit beats it."""
        return bool(self.fact(c)["master"])


def _suit_strength(v: _View, cards: list[str]) -> dict[str, int]:
    score = {s: 0 for s in SUITS}
    for c in cards:
        suit, strength = _ORDER[c]
        score[suit] += 3 + _HCP.get(strength, 0)
    return score


def _best_suit(v: _View, cards: list[str]) -> str:
    score = _suit_strength(v, cards)
    return max(SUITS, key=lambda s: (score[s], -SUITS.index(s)))


def heuristic(state: _core.State, rng: random.Random) -> str:
    """A sensible legal action for the player to move (see the module notes).

    >>> import hukm, random
    >>> s = hukm.Hokm("dab_rang").new_game(seed=4)
    >>> heuristic(s, random.Random(0)) in s.legal_actions()
    True
    """
    v = _View(state)
    legal = v.legal
    phase = state.phase
    if len(legal) == 1:
        return legal[0]
    if phase == "trump":
        return _trump_call(v)
    if phase == "auction":
        strength = sum(_suit_strength(v, v.hand).values()) + 2 * max(
            len(v.suit_cards(s, v.hand)) for s in SUITS
        )
        bids = [a for a in legal if a.startswith("bid:")]
        if "pass" in legal and (strength < 30 or int(bids[0][4:]) > 8):
            return "pass"
        return bids[0]
    if phase == "redeal":
        if "accept" in legal:
            trumps = [c for c in v.hand if v.is_trump(c)]
            return "accept" if len(trumps) < 4 else "pass"
        return "redeal" if "redeal" in legal else legal[-1]
    if phase == "kot_choice":
        return "stop"
    if phase == "thaap":
        return "pass"
    if phase == "draw":
        drawn = v.obs.get("drawn")
        keep = drawn is not None and (v.is_trump(drawn) or v.strength(drawn) >= _ORDER["JS"][1])
        return "keep" if keep else "reject"
    if phase in ("discard", "give"):
        return min(
            legal,
            key=lambda a: (sum(v.value(c) for c in a.split(":", 1)[1].split("+")), a),
        )
    if phase == "play":
        return _play(v, rng)
    return legal[0]


def _trump_call(v: _View) -> str:
    legal = v.legal
    if "redeal" in legal:
        return "redeal"
    best = _best_suit(v, v.hand)
    if f"trump:{best}" in legal:
        return f"trump:{best}"
    inds = [a for a in legal if a.startswith("indicator:")]
    if inds:
        cards = [a.split(":", 1)[1] for a in inds]
        # Satat's 2H, the highest trump whatever the suit, is never laid aside.
        mine = [c for c in cards if v.eff_suit(c) == best and not (v.satat and c == "2H")] or cards
        return "indicator:" + min(mine, key=v.strength)
    return next(a for a in legal if a != "trump:blind")


def _play(v: _View, rng: random.Random) -> str:
    legal = v.legal
    cards = [a for a in legal if "/" not in a and a != "call"]
    if "call" in legal and v.winner is not None:
        boss_side = v.hakem % 2
        if v.winner[0] % 2 == boss_side:
            return "call"
    if not cards:
        return legal[0]
    if not v.trick:
        return _lead(v, cards)
    return _follow(v, cards)


def _lowest(v: _View, cards: list[str]) -> str:
    return min(cards, key=lambda c: (v.value(c), c))


def _discard(v: _View, cards: list[str]) -> str:
    """The lowest card of the weakest side suit (keeping trumps)."""
    side = [c for c in cards if not v.is_trump(c)] or cards
    by_suit: dict[str, list[str]] = {}
    for c in side:
        by_suit.setdefault(v.eff_suit(c), []).append(c)

    def weakness(s: str) -> tuple[int, int]:
        held = v.suit_cards(s, v.hand)
        return (sum(v.value(c) for c in held), len(held))

    suit = min(by_suit, key=weakness)
    return _lowest(v, by_suit[suit])


def _lead(v: _View, cards: list[str]) -> str:
    masters = [c for c in cards if v.is_master(c) and not v.is_trump(c)]
    if masters:
        return max(masters, key=lambda c: (len(v.suit_cards(v.eff_suit(c), v.hand)), v.strength(c)))
    trumps = [c for c in cards if v.is_trump(c)]
    if v.trump and len(trumps) >= max(4, len(v.hand) // 2):
        return max(trumps, key=v.power)
    side = [c for c in cards if not v.is_trump(c)] or cards
    suits = list(dict.fromkeys(v.eff_suit(c) for c in side))  # in hand order: ties never depend on hashing
    longest = max(suits, key=lambda s: len(v.suit_cards(s, side)))
    return _lowest(v, v.suit_cards(longest, side))


def _follow(v: _View, cards: list[str]) -> str:
    assert v.winner is not None
    winner = v.winner[0]
    last = len(v.trick) == v.n - 1
    partner_wins = v.partner is not None and winner == v.partner
    following = [c for c in cards if v.eff_suit(c) == v.led]
    if partner_wins and (last or v.winner_sure):
        # Feed the cards that score (Dehla Pakad's tens) to the partner's trick.
        tens = [c for c in cards if v.fact(c)["points"]]
        if tens:
            return tens[0]
        return _lowest(v, following) if following else _discard(v, cards)
    beaters = [c for c in cards if v.fact(c)["wins"]]
    if not following and v.obs.get("trump") is None and not v.obs.get("trump_hidden"):
        # No trump yet: the first void card fixes it (§5.6); the longest
        # suit's lowest card.
        suit = _best_suit(v, v.hand)
        mine = [c for c in cards if v.eff_suit(c) == suit] or cards
        return min(mine, key=v.strength)
    if beaters:
        cheapest = min(beaters, key=lambda c: (v.power(c), v.value(c)))
        second = len(v.trick) == 1 and v.n == 4
        if second and not v.is_master(cheapest) and following:
            return _safe_low(v, following)
        if not last and following and len(v.trick) == v.n - 2:
            # Third hand high: the highest card, unless a cheaper master wins.
            masters = [c for c in beaters if v.is_master(c)]
            if masters:
                return min(masters, key=v.power)
            return max(beaters, key=v.power)
        return cheapest
    if following:
        return _safe_low(v, following)
    return _discard(v, cards)


def _safe_low(v: _View, cards: list[str]) -> str:
    """The lowest card, keeping the cards that score (Dehla Pakad's tens) off others' tricks."""
    plain = [c for c in cards if not v.fact(c)["points"]]
    if plain:
        return _lowest(v, plain)
    return _lowest(v, cards)


def max_cards_for(state: _core.State) -> int:
    """The default largest hand (cards of the mover) PIMC solves exactly.

    >>> import hukm
    >>> max_cards_for(hukm.Hokm().new_game(seed=0))
    13
    """
    name = preset(state)
    if name in _MAX_CARDS:
        return _MAX_CARDS[name]
    return _HEAP_MAX_CARDS


def dd_ready(state: _core.State, max_cards: Optional[int]) -> bool:
    """True in trick play once every card is dealt and the mover holds at
    most ``max_cards`` cards (default :func:`max_cards_for`).

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    >>> dd_ready(s, None)
    True
    """
    if state.phase != "play" or state.is_terminal():
        return False
    player = state.current_player
    obs = state.observation(player)
    sizes = obs["hand_sizes"]
    n = len(sizes)
    limit = max_cards if max_cards is not None else max_cards_for(state)
    seat = (obs["leader"] + len(obs["trick"])) % n
    if sizes[seat] > limit:
        return False
    if n == 4 and obs.get("trump") is None and not obs.get("trump_hidden"):
        # first_void_5 before the rest of the deal has no double-dummy value:
        # the solver says so before it searches.
        try:
            solve(state, actions=False, max_nodes=1, exact=True)
        except StateError:
            return False
        except SolverLimitError:
            pass
    return True


def pimc_decision(state: _core.State, bot: Any) -> Optional[str]:
    """The trump call by sampling (presets whose full deals solve fast), else
    ``None`` (the heuristic decides).

    From five cards most of the deal is unknown, and averaging double-dummy
    tricks over a few completions is noisier than the hand-strength count
    (measured on 40 deals: the count's suit is worth 7.5 tricks to the
    Hakem's side, a five-sample average's 6.9, a twenty-sample average's 7.6).
    So sampling settles the close calls: the two suits the count rates
    highest, when they are within ``_CLOSE`` of each other, are compared over
    half the bot's samples (at least two, at most ten; the same deals for
    both suits) by the Hakem side's average double-dummy tricks once the deal
    is finished; a clear count is called at once.

    >>> import hukm
    >>> s = hukm.Hokm().new_game(seed=1)
    >>> pimc_decision(s, hukm.bots.PIMC(samples=2, seed=0)) in s.legal_actions()
    True
    """
    if state.phase != "trump" or preset(state) not in _PLAIN_FAST:
        return None
    legal = state.legal_actions()
    choices = [a for a in legal if a.startswith("trump:") and a != "trump:blind"]
    if len(choices) < 2 or "redeal" in legal:
        return None
    player = state.current_player
    strength = _suit_strength(_View(state), _cards(state.observation(player)["hand"]))
    ranked = sorted(choices, key=lambda a: (-strength[a[-1]], SUITS.index(a[-1])))
    first, second = ranked[0], ranked[1]
    if strength[first[-1]] - strength[second[-1]] > _CLOSE:
        return first
    totals = {first: 0.0, second: 0.0}
    solved = 0
    for _ in range(max(2, min(10, bot.samples // 2))):
        det = state.determinize(player, bot.rng.getrandbits(63))
        values = {}
        try:
            for a in totals:
                c = det.clone()
                c.apply(a)
                _finish_deal(c, bot.rng)
                values[a] = solve(c, player, actions=False, max_nodes=bot.max_nodes, exact=True).value
        except (SolverLimitError, StateError):
            continue
        solved += 1
        for a, x in values.items():
            totals[a] += x
    if not solved:
        return None
    return second if totals[second] > totals[first] else first


def _finish_deal(state: _core.State, rng: random.Random) -> None:
    """Plays the heuristic until trick play starts (redeal offers declined)."""
    while state.phase not in ("play", "over") and not state.is_terminal():
        legal = state.legal_actions()
        state.apply("pass" if "pass" in legal else heuristic(state, rng))


# Hand points of the first side to seven tricks (``docs/rules/hokm.md`` §9.1, §9.3, the
# preset defaults): an ordinary win, a kot by the Hakem's side, a kot against it.
_HAND_POINTS = {"hokm4": (1, 2, 3), "hokm2": (1, 2, 3)}
# What one more trick is worth beside the hand's points: it only breaks ties
# (a trick in every sample weighs less than turning one sample in twenty from
# a lost hand into a won one).
_TRICK_WEIGHT = 0.03


def sample_score(state: _core.State, player: int) -> Optional[Callable[[float], float]]:
    """How PIMC scores one sample's double-dummy tricks in a preset played to
    seven tricks (``hokm4``, ``hokm2``), else ``None`` (tricks as they are).

    A sample's value ``t`` (the tricks ``player``'s side takes from here on)
    becomes the hand's points for that side: ``+win`` when its total reaches
    seven, ``-win`` when it does not, the kot values when one side takes every
    trick of the hand (a kot is counted only when the side loses no trick at
    all: double-dummy play does not say in which order the tricks fall), plus
    a small weight per trick to break ties. The average over the samples then
    plays for the hand rather than for tricks the hand does not need.

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0, tricks_won=[5, 5])
    >>> f = sample_score(s, 0)
    >>> round(f(2), 2), round(f(1), 2)
    (1.06, -0.97)
    """
    points = _HAND_POINTS.get(preset(state))
    if points is None:
        return None
    obs = state.observation(player)
    a, b = obs["tricks_won"]
    n = len(obs["hand_sizes"])
    mine, hakem_side = (player % 2, obs["hakem"] % 2) if n == 4 else (player, obs["hakem"])
    if mine == 1:
        a, b = b, a
    win, kot_by_hakem, kot_against = points
    my_kot = kot_by_hakem if mine == hakem_side else kot_against
    their_kot = kot_against if mine == hakem_side else kot_by_hakem
    rest = max(obs["hand_sizes"])  # tricks still to play, this one included

    def score(t: float) -> float:
        if a + t >= 7:
            pts = my_kot if b == 0 and t == rest else win
        else:
            pts = -(their_kot if a == 0 and t == 0 else win)
        return pts + _TRICK_WEIGHT * t

    return score


def hand_key(state: _core.State) -> object:
    """The hand's number: it changes when a scored hand is over (a redeal
    keeps it).

    >>> import hukm
    >>> hand_key(hukm.Hokm().new_game(seed=0))
    1
    """
    number: int = state.observation(0)["hand_number"]
    return number

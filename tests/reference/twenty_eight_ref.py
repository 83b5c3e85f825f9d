"""An independent, deliberately simple reference of Twenty-eight trick play (28 and 29,
four players), written from docs/rules/twenty_eight.md §6-§8 and §6.6 alone: phase 1 with
the concealed indicator, ``call`` as an action, the bidder's lead restriction, the
caller's must-trump, no undertrumping, the reveal-trick rule, the void hand (or
``unrevealed_trump=forced_last``), the pair offered between tricks, card points and
the last-trick point of 29.

Positions are immutable; ``legal()`` lists actions in the engine's documented order
(cards suit by suit S H D C, strongest first, then ``call``; ``pair`` before ``pass``).
It is slow on purpose: it serves perft counts and brute-force double-dummy values.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Optional

SUITS = "SHDC"
RANKS = "J9ATKQ87"
POINTS = {"J": 3, "9": 2, "A": 1, "T": 1}
PACK32 = [r + s for s in SUITS for r in RANKS]


def suit(card: str) -> str:
    """The suit letter of a card."""
    return card[1]


def strength(card: str) -> int:
    """Higher is stronger: J=7 ... 7=0."""
    return 7 - RANKS.index(card[0])


def points(card: str, kq_negative: bool = False) -> int:
    """Card points of one card (kings and queens -1 with ``kq_negative``)."""
    if kq_negative and card[0] in "KQ":
        return -1
    return POINTS.get(card[0], 0)


def parse_hand(text: str) -> frozenset[str]:
    """A compact hand ``J9..A.K`` as a set of cards."""
    groups = text.split(".")
    assert len(groups) == 4, text
    return frozenset(r + s for s, g in zip(SUITS, groups) for r in g if r != "-")


def ordered(cards: frozenset[str]) -> list[str]:
    """Cards in display order."""
    return sorted(cards, key=lambda c: (SUITS.index(suit(c)), -strength(c)))


@dataclass(frozen=True)
class Position:
    """A position of trick play (4 players, teams {0,2} and {1,3})."""

    hands: tuple[frozenset[str], ...]
    bidder: int
    trump: str
    indicator: Optional[str]  # the face-down card while concealed
    revealed: bool
    to_move: int
    tricks_left: int
    full_hand: int = 8
    led_trump_by_other: bool = False
    caller: Optional[int] = None
    reveal_in_trick: bool = False
    trick: tuple[tuple[int, str], ...] = ()
    pts: tuple[int, int] = (0, 0)
    won_since_reveal: tuple[bool, bool] = (False, False)
    pair_by: Optional[int] = None
    pair_queue: tuple[int, ...] = ()
    over: bool = False
    void: bool = False
    forced_last: bool = False
    bidder_plays_revealed: bool = False
    bonus: bool = False
    kq_negative: bool = False

    # ---- what may be done ----
    def legal(self) -> list[str]:
        """The legal actions of the player to move (empty when over)."""
        if self.over:
            return []
        if self.pair_queue:
            return ["pair", "pass"]
        p = self.to_move
        hand = self.hands[p]
        if not self.revealed and not hand:
            return ["call"]  # forced_last: only the indicator is left
        if not self.trick:
            if (
                not self.revealed
                and p == self.bidder
                and not self.led_trump_by_other
                and any(suit(c) != self.trump for c in hand)
            ):
                return ordered(frozenset(c for c in hand if suit(c) != self.trump))
            return ordered(hand)
        led = suit(self.trick[0][1])
        same = frozenset(c for c in hand if suit(c) == led)
        if same:
            return ordered(same)
        if not self.revealed:
            return ordered(hand) + ["call"]
        if self.caller == p:
            if p == self.bidder and self.bidder_plays_revealed and self.just_revealed_card in hand:
                return [self.just_revealed_card]
            mine = frozenset(c for c in hand if suit(c) == self.trump)
            return ordered(mine or hand)
        trumps_in = [c for _, c in self.trick if suit(c) == self.trump]
        if not trumps_in:
            return ordered(hand)
        top = max(strength(c) for c in trumps_in)
        ok = frozenset(c for c in hand if suit(c) != self.trump or strength(c) > top)
        return ordered(ok or hand)

    @property
    def just_revealed_card(self) -> str:
        """The revealed indicator (kept in ``indicator`` after the reveal)."""
        assert self.indicator is not None
        return self.indicator

    # ---- doing it ----
    def play(self, action: str) -> "Position":
        """The position after a legal action."""
        assert action in self.legal(), (action, self.legal())
        if self.pair_queue:
            if action == "pair":
                return replace(self, pair_by=self.pair_queue[0], pair_queue=())
            return replace(self, pair_queue=self.pair_queue[1:])
        p = self.to_move
        if action == "call":
            hands = list(self.hands)
            assert self.indicator is not None
            hands[self.bidder] = hands[self.bidder] | {self.indicator}
            return replace(self, hands=tuple(hands), revealed=True, caller=p, reveal_in_trick=True)
        hands = list(self.hands)
        hands[p] = hands[p] - {action}
        led_other = self.led_trump_by_other
        if not self.trick and not self.revealed and p != self.bidder and suit(action) == self.trump:
            led_other = True
        trick = self.trick + ((p, action),)
        if len(trick) < 4:
            return replace(self, hands=tuple(hands), trick=trick, to_move=(p + 1) % 4, led_trump_by_other=led_other)
        # the trick is complete
        cards = [c for _, c in trick]
        if self.revealed and any(suit(c) == self.trump for c in cards):
            wanted = self.trump
        else:
            wanted = suit(cards[0])
        win_seat, best = trick[0][0], -1
        for seat, c in trick:
            if suit(c) == wanted and strength(c) > best:
                win_seat, best = seat, strength(c)
        side = win_seat % 2
        gain = sum(points(c, self.kq_negative) for c in cards)
        left = self.tricks_left - 1
        if self.bonus and left == 0:
            gain += 1
        pts = list(self.pts)
        pts[side] += gain
        won = list(self.won_since_reveal)
        if self.revealed:
            won[side] = True
        nxt = replace(
            self,
            hands=tuple(hands),
            trick=(),
            to_move=win_seat,
            tricks_left=left,
            pts=(pts[0], pts[1]),
            won_since_reveal=(won[0], won[1]),
            caller=None,
            reveal_in_trick=False,
            led_trump_by_other=led_other,
        )
        if left == 0:
            return replace(nxt, over=True)
        if not self.revealed and left == 1 and not self.forced_last:
            return replace(nxt, over=True, void=True)
        queue = tuple(s for s in ((win_seat + k) % 4 for k in range(4)) if nxt.may_show_pair(s))
        return replace(nxt, pair_queue=queue)

    def may_show_pair(self, seat: int) -> bool:
        """Strict pair timing (§6.6): revealed, both K and Q of trumps, a trick won since."""
        return (
            self.revealed
            and self.pair_by is None
            and {"K" + self.trump, "Q" + self.trump} <= self.hands[seat]
            and self.won_since_reveal[seat % 2]
        )

    def is_over(self) -> bool:
        """True when the hand has ended."""
        return self.over


def position(
    deal: str,
    bidder: int,
    leader: int,
    trump: Optional[str] = None,
    indicator: Optional[str] = None,
    game: str = "28",
    forced_last: bool = False,
    bidder_plays_revealed: bool = False,
    kq_negative: bool = False,
) -> Position:
    """A position like ``TwentyEight(game).from_deal``: trumps open, or concealed under ``indicator``."""
    hands = [parse_hand(h) for h in deal.split()]
    k = len(hands[0])
    if indicator is not None:
        assert indicator in hands[bidder]
        hands[bidder] = hands[bidder] - {indicator}
        t = suit(indicator)
    else:
        assert trump is not None
        t = trump
    return Position(
        hands=tuple(hands),
        bidder=bidder,
        trump=t,
        indicator=indicator,
        revealed=indicator is None,
        to_move=leader,
        tricks_left=k,
        forced_last=forced_last,
        bidder_plays_revealed=bidder_plays_revealed,
        bonus=game == "29",
        kq_negative=kq_negative,
    )


def perft(pos: Position, depth: Optional[int]) -> int:
    """Number of action sequences of ``depth`` plies (to the end with None); an ended hand counts once."""
    if depth == 0 or pos.is_over():
        return 1
    return sum(perft(pos.play(a), None if depth is None else depth - 1) for a in pos.legal())


@lru_cache(maxsize=1 << 20)
def dd_points(pos: Position, side: int) -> int:
    """Brute-force double-dummy value: the most card points ``side`` takes from here
    (pair decisions do not change points and are skipped as ``pass``; a void hand is
    scored as the points taken so far)."""
    if pos.is_over():
        return pos.pts[side]
    if pos.pair_queue:
        return dd_points(pos.play("pass"), side)
    values = [dd_points(pos.play(a), side) for a in pos.legal()]
    return max(values) if pos.to_move % 2 == side else min(values)


@lru_cache(maxsize=1 << 20)
def dd_outcome(pos: Position, target: int) -> int:
    """Brute-force outcome for the bidding side with the default void rule: 2 made,
    1 void, 0 failed (the bidding side maximises, the opponents minimise; the pair is
    not shown)."""
    if pos.is_over():
        if pos.void:
            return 1
        return 2 if pos.pts[pos.bidder % 2] >= target else 0
    if pos.pair_queue:
        return dd_outcome(pos.play("pass"), target)
    values = [dd_outcome(pos.play(a), target) for a in pos.legal()]
    mine = pos.to_move % 2 == pos.bidder % 2
    return max(values) if mine else min(values)

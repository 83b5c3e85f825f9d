"""An independent, deliberately simple reference of Dugi's trick play (docs/rules/ganjifa.md B.5 to
B.7 and B.13), written from the rules file alone, for the Moghul pack with India reversals: the
compulsory hukm leads, asking the partner, following suit, the leader naming the suit of each
void follower (who must then give his highest card of it), the hand ending at the defenders'
first trick; the double-dummy value and its secondary output (the first trick by which the
defenders can force a win) by plain minimax (no pruning, no table).

A position is the four hands (lists of card strings such as ``9CH``) and the leader, whose
side are the challengers (the hand so far had no defender trick). Actions are the strings of
A.3.5: a card, ``ask``, ``name:X``.
"""

from __future__ import annotations

import copy
from typing import Iterator, Optional

from .ganjifa_ref import SUITS, strength, suit

NEVER = 99
"""The secondary output when the defenders never win a trick."""


class Pos:
    """One Dugi hand from a lead by a challenger."""

    def __init__(self, hands: list[list[str]], leader: int) -> None:
        self.hands = [set(h) for h in hands]
        self.challengers = leader % 2
        self.leader = leader
        self.tricks = 0  # tricks the challengers have won
        self.defenders_won = False
        self.asked: Optional[str] = None  # the partner's answer for this lead
        self.trick: list[tuple[int, str]] = []  # (seat, card) in play order
        # "lead", "answer" (the partner names), "name" (the leader names for a void
        # follower) or "follow" (with ``named``: the suit the leader named, if any)
        self.step = "lead"
        self.named: Optional[str] = None

    def copy(self) -> "Pos":
        return copy.deepcopy(self)

    # --- facts -----------------------------------------------------------------------------

    def done(self) -> bool:
        return self.defenders_won or (not self.trick and not self.hands[self.leader])

    def hukms(self, p: int) -> list[str]:
        """B.5: cards higher than every card of their suit in the other three hands."""
        return [
            c
            for c in self.hands[p]
            if all(strength(d) < strength(c) for q in range(4) if q != p for d in self.hands[q] if suit(d) == suit(c))
        ]

    def follower(self) -> int:
        return (self.trick[-1][0] + 1) % 4

    def to_move(self) -> int:
        if self.step == "answer":
            return (self.leader + 2) % 4
        if self.step in ("lead", "name"):
            return self.leader
        return self.follower()

    # --- moves -----------------------------------------------------------------------------

    def legal(self) -> list[str]:
        if self.done():
            return []
        p = self.leader
        if self.step == "answer":
            return ["name:" + x for x in SUITS]
        if self.step == "lead":
            h = self.hukms(p)
            if h:
                return sorted(h)
            if self.asked is not None:
                held = [c for c in self.hands[p] if suit(c) == self.asked]
                return sorted(held or self.hands[p])
            return sorted(self.hands[p]) + ["ask"]
        led = suit(self.trick[0][1])
        if self.step == "name":
            return ["name:" + x for x in SUITS if x != led]
        hand = self.hands[self.follower()]
        follow = [c for c in hand if suit(c) == led]
        if follow:
            return sorted(follow)
        named = [c for c in hand if suit(c) == self.named]
        if named:
            return [max(named, key=strength)]  # his highest card of the named suit
        return sorted(hand)  # the named suit is lacking too: any card

    def apply(self, a: str) -> None:
        assert a in self.legal(), (a, self.legal())
        if a == "ask":
            self.step = "answer"
        elif a.startswith("name:") and self.step == "answer":
            self.asked = a[5:]
            self.step = "lead"
        elif a.startswith("name:"):
            self.named = a[5:]
            self.step = "follow"
        else:
            self._play(self.to_move(), a)

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].discard(card)
        self.trick.append((seat, card))
        self.named = None
        led = suit(self.trick[0][1])
        if len(self.trick) == 4:
            winner = max((x for x in self.trick if suit(x[1]) == led), key=lambda x: strength(x[1]))[0]
            self.trick = []
            self.asked = None
            self.step = "lead"
            if winner % 2 != self.challengers:
                self.defenders_won = True
            else:
                self.tricks += 1
                self.leader = winner
            return
        void = not any(suit(c) == led for c in self.hands[self.follower()])
        self.step = "name" if void else "follow"


def _children(pos: Pos) -> Iterator[Pos]:
    for a in pos.legal():
        q = pos.copy()
        q.apply(a)
        yield q


def perft(pos: Pos, depth: int) -> int:
    """Action sequences of length ``depth`` (shorter ones that end the hand count once)."""
    if depth == 0 or pos.done():
        return 1
    return sum(perft(q, depth - 1) for q in _children(pos))


def sweep(pos: Pos) -> bool:
    """B.13: can the challengers take every remaining trick against best defence? (Minimax;
    a side stops looking once it has found a winning move.)"""
    if pos.done():
        return not pos.defenders_won
    if pos.to_move() % 2 == pos.challengers:
        return any(sweep(q) for q in _children(pos))
    return all(sweep(q) for q in _children(pos))


def first_defender_trick(pos: Pos) -> int:
    """B.13's secondary output: the trick of the hand (from 1, counting the tricks already
    won by the challengers) by which the defenders can force a win; ``NEVER`` when they
    cannot. (Minimax; a side stops looking once no move can do better.)"""
    if pos.done():
        return pos.tricks + 1 if pos.defenders_won else NEVER
    challengers = pos.to_move() % 2 == pos.challengers
    best = -1 if challengers else NEVER + 1
    for q in _children(pos):
        v = first_defender_trick(q)
        best = max(best, v) if challengers else min(best, v)
        if best == (NEVER if challengers else pos.tricks + 1):
            break
    return best

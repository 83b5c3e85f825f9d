"""Independent reference for the Court Piece family's card play, written from
``docs/rules/hokm.md`` alone: Satat's two of hearts (§3, §6.2, §7.2), trumps fixed by
the first void play (§5.6, §7.5) and heap collection (§7.6, with the Dehla
Pakad tens of §9.7). Slow and plain on purpose; the tests replay the engine's
play sequences here and compare every legal set and every count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

RANKS = "AKQJT98765432"
TWO_HEARTS = "2H"


def rank(card: str) -> int:
    """Strength inside a suit: 12 for the ace, 0 for the two."""
    return 12 - RANKS.index(card[0])


@dataclass
class Rules:
    """The options that change card play in this reference."""

    satat: bool = False
    first_void: Optional[int] = None  # None, 5 or 13 (the gate rule differs)
    heap: bool = False
    first_collect_min: int = 3
    chain_continue: bool = False
    ace_rule: bool = False
    no_collect_11_12: bool = False


@dataclass
class Play:
    """A four-player hand in trick play (the hands hold every card still to play)."""

    rules: Rules
    hands: list[list[str]]
    trump: Optional[str]
    leader: int
    trick_number: int = 0  # tricks completed
    trick: list[str] = field(default_factory=list)
    fixed_at: Optional[int] = 0  # trick number when trumps were fixed (0: before play)
    heap: int = 0
    heap_tens: int = 0
    prev: Optional[int] = None
    last_ace: bool = False
    collected: list[int] = field(default_factory=lambda: [0, 0])
    tens: list[int] = field(default_factory=lambda: [0, 0])
    won: list[int] = field(default_factory=lambda: [0, 0])

    # ----- Satat's effective suits (§6.2) --------------------------------
    def eff(self, card: str) -> str:
        """'T' for a trump (the 2H always is one in Satat), else the suit."""
        if self.rules.satat and card == TWO_HEARTS:
            return "T"
        return "T" if card[1] == self.trump else card[1]

    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def legal(self) -> list[str]:
        hand = self.hands[self.to_play()]
        if not self.trick:
            return sorted(hand)
        if not self.rules.satat:
            follow = [c for c in hand if c[1] == self.trick[0][1]]
            return sorted(follow or hand)
        led = self.eff(self.trick[0])
        follow = [c for c in hand if self.eff(c) == led]
        if led != "T":
            if not follow:
                return sorted(hand)
            extra = [TWO_HEARTS] if TWO_HEARTS in hand and TWO_HEARTS not in follow else []
            return sorted(follow + extra)
        if not [c for c in follow if c != TWO_HEARTS]:
            return sorted(hand)
        return sorted(follow)

    def winner_offset(self) -> int:
        t = self.trick
        if self.rules.satat and TWO_HEARTS in t:
            return t.index(TWO_HEARTS)
        if self.trump is not None:
            trumps = [i for i, c in enumerate(t) if c[1] == self.trump]
            if trumps:
                return max(trumps, key=lambda i: rank(t[i]))
        same = [i for i, c in enumerate(t) if c[1] == t[0][1]]
        return max(same, key=lambda i: rank(t[i]))

    def play(self, card: str) -> None:
        assert card in self.legal(), (card, self.legal())
        seat = self.to_play()
        hand = self.hands[seat]
        if self.fixed_at is None and self.trick and not [c for c in hand if c[1] == self.trick[0][1]]:
            # §5.6: the first player out of the suit led fixes trumps.
            self.trump = card[1]
            self.fixed_at = self.trick_number + 1
        hand.remove(card)
        self.trick.append(card)
        if len(self.trick) < 4:
            return
        off = self.winner_offset()
        w = (self.leader + off) % 4
        win_card = self.trick[off]
        tens = sum(1 for c in self.trick if c[0] == "T")
        self.trick_number += 1
        self.won[w % 2] += 1
        self.trick = []
        self.leader = w
        if self.rules.heap:
            self.collect(w, win_card[0] == "A", tens)

    def gate(self) -> bool:
        t, k = self.trick_number, self.fixed_at
        if self.rules.first_void is None:
            return True
        if k is None:
            return False
        return t >= k if self.rules.first_void == 5 else t >= k + 1

    def collect(self, p: int, ace: bool, tens: int) -> None:
        """The §7.6 pseudo-code, line by line."""
        r = self.rules
        t = self.trick_number
        self.heap += 1
        self.heap_tens += tens
        if not any(self.hands):
            self.credit(p % 2)
            return
        pair = self.prev == p
        aces_pair = r.ace_rule and pair and ace and self.last_ace
        allowed = t >= r.first_collect_min and self.gate() and not (r.no_collect_11_12 and t == 12)
        self.last_ace = ace
        if pair and allowed and not aces_pair:
            self.credit(p % 2)
            self.prev = p if r.chain_continue else None
        elif aces_pair:
            self.prev = None
        else:
            self.prev = p

    def credit(self, side: int) -> None:
        self.collected[side] += self.heap
        self.tens[side] += self.heap_tens
        self.heap = 0
        self.heap_tens = 0

    def over(self) -> bool:
        return not self.trick and not any(self.hands)

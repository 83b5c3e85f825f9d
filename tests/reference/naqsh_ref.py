"""An independent, deliberately simple reference of Naqsh (docs/rules/naqsh.md), written from the
rules file alone: hand classes (§5.1), the turn loop (§5.2), comparison (§6), settlement (§8)
and the double-dummy value of §13 by plain minimax over every decision.

A position is one hand: each seat's first two cards (as value lists), the banker, the stock
(values from the top) and the stakes. Options are a plain dict with the keys of §10."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

FACE_VALUE = {"K": 12, "V": 11, "Q": 11, "T": 10, "A": 1}


def value_of(card: str) -> int:
    """Card value of §3.2 from a card string (its first character is the rank)."""
    face = card[0].upper()
    if face in FACE_VALUE:
        return FACE_VALUE[face]
    return int(face)


DEFAULTS = {
    "mode": "bank",
    "stake": 1,
    "special21": False,
    "special21_mode": "bonus_hand",
    "combos": False,
    "bonus_payouts": False,
    "ties": "banker",
    "fewer_cards_wins_ties": False,
    "max_cards": 0,
    "banker_rule": "free",
    "banker_n": 14,
}


def opt(o: dict, k: str):
    return o.get(k, DEFAULTS[k])


def limit(o: dict) -> int:
    return 20 if opt(o, "special21") and opt(o, "special21_mode") == "target_21" else 17


def classify(hand: list[int], o: dict) -> tuple[str, int]:
    n, t = len(hand), sum(hand)
    if opt(o, "combos") and n == 3 and hand[0] == hand[1] == hand[2]:
        return ("TRIPLE", hand[0])
    if opt(o, "special21") and n == 2 and sorted(hand) in ([9, 12], [10, 11]):
        return ("SPECIAL21", 0)
    if n == 2 and t == 17 and limit(o) == 17:
        return ("NATURAL", 0)
    if opt(o, "combos") and n == 2 and hand[0] == hand[1]:
        return ("PAIR", hand[0])
    if t <= limit(o):
        return ("TOTAL", t)
    return ("BUST", 0)


ORDER = ["BUST", "TOTAL", "PAIR", "NATURAL", "SPECIAL21", "TRIPLE"]
MULT = {"NATURAL": 2, "SPECIAL21": 3, "PAIR": 2, "TRIPLE": 3, "TOTAL": 1, "BUST": 1}


def closed(c: tuple[str, int], o: dict) -> bool:
    if c[0] in ("TRIPLE", "SPECIAL21", "NATURAL", "BUST"):
        return True
    return c == ("TOTAL", limit(o))


def compare(a: list[int], b: list[int], o: dict) -> int:
    ca, cb = classify(a, o), classify(b, o)
    ka, kb = (ORDER.index(ca[0]), ca[1]), (ORDER.index(cb[0]), cb[1])
    if ka != kb:
        return 1 if ka > kb else -1
    if opt(o, "fewer_cards_wins_ties") and len(a) != len(b):
        return 1 if len(a) < len(b) else -1
    return 0


def mult(c: tuple[str, int], o: dict) -> int:
    return MULT[c[0]] if opt(o, "bonus_payouts") else 1


@dataclass
class Hand:
    """One hand in progress."""

    hands: list[list[int]]
    banker: int
    stock: list[int]
    stakes: list[int]
    opts: dict
    net: list[int] = field(default_factory=list)
    turn: int = 0  # index in the order of play; n = settled
    pos: int = 0  # next stock card
    pool: int = 0

    def __post_init__(self) -> None:
        n = len(self.hands)
        self.net = [0] * n
        if opt(self.opts, "mode") == "pool":
            for s in range(n):
                self.net[s] -= opt(self.opts, "stake")
            self.pool = n * opt(self.opts, "stake")

    def seat(self) -> int:
        return (self.banker + 1 + self.turn) % len(self.hands)

    def copy(self) -> "Hand":
        h = Hand.__new__(Hand)
        h.hands = [list(x) for x in self.hands]
        h.banker, h.stock, h.stakes, h.opts = self.banker, self.stock, self.stakes, self.opts
        h.net, h.turn, h.pos, h.pool = list(self.net), self.turn, self.pos, self.pool
        return h

    def needs_decision(self) -> bool:
        """Runs the automatic steps of §5.2; True when the seat to act must choose."""
        o, n = self.opts, len(self.hands)
        while self.turn < n:
            s = self.seat()
            c = classify(self.hands[s], o)
            if c[0] == "BUST":
                if opt(o, "mode") == "bank" and s != self.banker:
                    self.net[s] -= self.stakes[s]
                    self.net[self.banker] += self.stakes[s]
                self.turn += 1
                continue
            mc = opt(o, "max_cards")
            if closed(c, o) or (mc > 0 and len(self.hands[s]) == mc) or self.pos >= len(self.stock):
                self.turn += 1
                continue
            if s == self.banker and opt(o, "banker_rule") == "stand_at_n":
                if c[0] == "TOTAL" and c[1] < opt(o, "banker_n"):
                    self.draw()
                else:
                    self.turn += 1
                continue
            return True
        return False

    def draw(self) -> None:
        self.hands[self.seat()].append(self.stock[self.pos])
        self.pos += 1

    def decide(self, draw: bool) -> None:
        if draw:
            self.draw()
        else:
            self.turn += 1

    def settle(self) -> list[int]:
        o, n, b = self.opts, len(self.hands), self.banker
        net = list(self.net)
        if opt(o, "mode") == "bank":
            bc = classify(self.hands[b], o)
            for p in range(n):
                if p == b or classify(self.hands[p], o)[0] == "BUST":
                    continue
                pc, s = classify(self.hands[p], o), self.stakes[p]
                if bc[0] == "BUST":
                    pay = s * mult(pc, o)
                else:
                    r = compare(self.hands[p], self.hands[b], o)
                    if r > 0:
                        pay = s * mult(pc, o)
                    elif r < 0 or opt(o, "ties") == "banker":
                        pay = -s * mult(bc, o)
                    else:
                        pay = 0
                net[p] += pay
                net[b] -= pay
        else:
            alive = [p for p in range(n) if classify(self.hands[p], o)[0] != "BUST"]
            if alive:
                best = [p for p in alive if all(compare(self.hands[p], self.hands[q], o) >= 0 for q in alive)]
                share = self.pool // len(best)
                for p in best:
                    net[p] += share
        return net


def play(h: Hand, choose: Callable[[Hand], bool]) -> list[int]:
    """Plays the hand to its end with ``choose`` deciding draw (True) or stand."""
    while h.needs_decision():
        h.decide(choose(h))
    return h.settle()


def dd_value(h: Hand, player: int) -> int:
    """§13: max over ``player``'s decisions, min over everyone else's."""
    h = h.copy()
    if not h.needs_decision():
        return h.settle()[player]
    values = []
    for draw in (True, False):
        c = h.copy()
        c.decide(draw)
        values.append(dd_value(c, player))
    return max(values) if h.seat() == player else min(values)


def dd_actions(h: Hand, player: int) -> Optional[dict[str, int]]:
    """The value after ``draw`` and ``stand`` of the seat to act (None if no decision)."""
    h = h.copy()
    if not h.needs_decision():
        return None
    out = {}
    for name, draw in (("draw", True), ("stand", False)):
        c = h.copy()
        c.decide(draw)
        out[name] = dd_value(c, player)
    return out

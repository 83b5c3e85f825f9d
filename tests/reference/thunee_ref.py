"""Independent reference for Thunee's trick play, written from ``docs/rules/thunee.md``
alone: legal cards (§7.2, undercut option), trick winners in the normal and the
Royals order (§3, §8), the end of a Thunee or Royals at the first trick the caller
does not win and the no-trump redeal at his first lead (§5.7, §6.2-§6.3), the
Jodhi windows (§9.1) and the last-trick window (§9.2-§9.4), the two-player
second round (§13.1) and the six-player hand (§13.2). A position starts at a lead
with the tricks before it counted as played (its hands are the cards still to
play). Slow and plain on purpose: the tests compare its perft counts with the
engine's.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Optional

ORDER = "J9ATKQ"
"""Ranks, highest first (§3); Royals reverses it."""
SUITS = "SHDC"


@dataclass
class Rules:
    """The options that change the actions of trick play."""

    players: int = 4
    undercut_forbidden: bool = False
    jodhi: bool = True
    jodhi_any_won: bool = False
    double: bool = True
    khanuck: bool = True
    double_rule: str = "points_and_last"
    no_trump_redeal: bool = True

    @property
    def hand_size(self) -> int:
        return 4 if self.players == 6 else 6

    @property
    def tricks(self) -> int:
        return 12 if self.players == 2 else self.hand_size


def parse(deal: str) -> list[list[str]]:
    """Compact hands (suits ``S.H.D.C``) as card lists."""
    out = []
    for hand in deal.split():
        cards = []
        for suit, ranks in zip(SUITS, hand.split(".")):
            cards += [r + suit for r in ranks if r != "-"]
        out.append(cards)
    return out


def strength(card: str, royals: bool) -> int:
    i = ORDER.index(card[0])
    return i if royals else 5 - i


def winner(cards: list[str], trump: Optional[str], royals: bool) -> int:
    """Index of the winning card of a complete trick (§8)."""
    led = cards[0][1]
    best = 0
    for i, c in enumerate(cards[1:], 1):
        b = cards[best]
        if c[1] == b[1]:
            if strength(c, royals) > strength(b, royals):
                best = i
        elif c[1] == trump and b[1] != trump:
            best = i
        elif c[1] == led and b[1] not in (led, trump):
            best = i  # (cannot happen: the best is always led or trump)
    return best


@dataclass
class Hand:
    """A Thunee hand in trick play, from a position."""

    rules: Rules
    hands: list[list[str]]
    trump: Optional[str]
    leader: int
    trumper: int
    caller: Optional[int] = None
    royals: bool = False
    round2: list[list[str]] = field(default_factory=list)
    played: int = 0  # tricks complete
    trick: list[tuple[int, str]] = field(default_factory=list)
    to_act: int = 0
    phase: str = "play"  # play, jodhi, last, over
    queue: list[int] = field(default_factory=list)
    declared: set[str] = field(default_factory=set)
    jodhi_teams: set[int] = field(default_factory=set)
    winners: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.to_act = self.leader

    def clone(self) -> "Hand":
        """An independent copy (the rules are shared)."""
        g = copy.copy(self)
        g.hands = [list(h) for h in self.hands]
        g.round2 = [list(h) for h in self.round2]
        g.trick = list(self.trick)
        g.queue = list(self.queue)
        g.declared = set(self.declared)
        g.jodhi_teams = set(self.jodhi_teams)
        g.winners = list(self.winners)
        return g

    def n(self) -> int:
        return self.rules.players

    @staticmethod
    def team(seat: int) -> int:
        return seat % 2

    # ----- legal actions -------------------------------------------------
    def legal_cards(self) -> list[str]:
        hand = self.hands[self.to_act]
        if not self.trick:
            return list(hand)
        led = self.trick[0][1][1]
        follow = [c for c in hand if c[1] == led]
        if follow:
            return follow
        trumps = [c for _, c in self.trick if c[1] == self.trump]
        if self.rules.undercut_forbidden and led != self.trump and trumps:
            best = max(trumps, key=lambda c: strength(c, self.royals))
            ok = [c for c in hand if c[1] != self.trump or strength(c, self.royals) > strength(best, self.royals)]
            return ok or list(hand)
        return list(hand)

    def jodhi_suits(self, seat: int) -> list[str]:
        if not self.rules.jodhi:
            return []
        hand = self.hands[seat]
        return [s for s in SUITS if s not in self.declared and "K" + s in hand and "Q" + s in hand]

    def may_double(self, seat: int) -> bool:
        if not self.rules.double:
            return False
        if self.rules.double_rule == "all_tricks":
            return all(self.team(w) == self.team(seat) for w in self.winners)
        return True

    def may_khanuck(self, seat: int) -> bool:
        return self.rules.khanuck and self.team(seat) in self.jodhi_teams

    def legal(self) -> list[str]:
        if self.phase == "play":
            return self.legal_cards()
        if self.phase == "jodhi":
            return ["jodhi:" + s for s in self.jodhi_suits(self.to_act)] + ["pass"]
        if self.phase == "last":
            out = []
            if self.may_double(self.to_act):
                out.append("double")
            if self.may_khanuck(self.to_act):
                out.append("khanuck")
            return out + ["pass"]
        return []

    def over(self) -> bool:
        return self.phase == "over"

    # ----- applying ------------------------------------------------------
    def apply(self, a: str) -> None:
        if self.phase == "play":
            self._card(a)
        elif self.phase == "jodhi":
            if a == "pass":
                self._next_jodhi()
            else:
                self.declared.add(a[6:])
                self.jodhi_teams.add(self.team(self.to_act))
                if not self.jodhi_suits(self.to_act):
                    self._next_jodhi()
        elif self.phase == "last":
            if a == "pass" and self.queue:
                self.to_act = self.queue.pop(0)
            else:
                self.queue = []
                self.phase = "play"
                self.to_act = self.leader

    def _card(self, c: str) -> None:
        p = self.to_act
        self.hands[p].remove(c)
        self.trick.append((p, c))
        if self.caller is not None and self.played == 0 and len(self.trick) == 1:
            self.trump = c[1]
            opponents = [s for s in range(self.n()) if self.team(s) != self.team(self.caller)]
            if self.rules.no_trump_redeal and not any(x[1] == c[1] for s in opponents for x in self.hands[s]):
                self.phase = "over"  # annulled (§5.7)
                return
        if len(self.trick) < self.n():
            self.to_act = (p + 1) % self.n()
            return
        cards = [x for _, x in self.trick]
        w = self.trick[winner(cards, self.trump, self.royals)][0]
        self.trick = []
        self.played += 1
        self.winners.append(w)
        self.leader = self.to_act = w
        if self.caller is not None:
            if w != self.caller or self.played == self.rules.hand_size:
                self.phase = "over"
            return
        if self.played == self.rules.tricks:
            self.phase = "over"
            return
        if self.round2 and self.played == self.rules.hand_size:
            for s in range(self.n()):
                self.hands[s] += self.round2[s]
            self.round2 = []
        self._open_jodhi(w)

    def _jodhi_due(self) -> bool:
        t = self.played
        if not self.rules.jodhi or t == 0 or t >= self.rules.tricks:
            return False
        if self.rules.jodhi_any_won:
            return True
        return (t - 1) % self.rules.hand_size + 1 in (1, 3)

    def _open_jodhi(self, w: int) -> None:
        if self._jodhi_due():
            seats = [(w + k) % self.n() for k in range(self.n())]
            q = [s for s in seats if self.team(s) == self.team(w) and self.jodhi_suits(s)]
            if q:
                self.phase = "jodhi"
                self.to_act = q.pop(0)
                self.queue = q
                return
        self._open_last()

    def _next_jodhi(self) -> None:
        if self.queue:
            self.to_act = self.queue.pop(0)
        else:
            self._open_last()

    def _open_last(self) -> None:
        self.phase = "play"
        self.to_act = self.leader
        if self.played + 1 == self.rules.tricks:
            seats = [(self.leader + k) % self.n() for k in range(self.n())]
            q = [s for s in seats if self.may_double(s) or self.may_khanuck(s)]
            if q:
                self.phase = "last"
                self.to_act = q.pop(0)
                self.queue = q


def position(
    rules: Rules,
    deal: str,
    *,
    trump: Optional[str] = None,
    trumper: int = 1,
    leader: Optional[int] = None,
    caller: Optional[int] = None,
    royals: bool = False,
    stock: Optional[str] = None,
) -> Hand:
    """A hand from a position, as ``Thunee.from_deal`` takes it."""
    hands = parse(deal)
    k = len(hands[0])
    two_rounds = rules.players == 2 and stock is None and caller is None
    played = (rules.tricks if two_rounds else rules.hand_size) - k
    if caller is not None:
        h = Hand(rules, hands, trump, caller, caller, caller=caller, royals=royals)
    else:
        first = (trumper + 1) % rules.players
        h = Hand(rules, hands, trump, first if leader is None else leader, trumper)
    h.played = played
    if stock is not None:
        h.round2 = parse(stock)
    return h


def perft(h: Hand, depth: Optional[int]) -> int:
    """Leaves of the action tree from ``h`` (``depth`` actions, or to the end)."""
    if depth == 0 or h.over():
        return 1
    total = 0
    for a in h.legal():
        g = h.clone()
        g.apply(a)
        total += perft(g, None if depth is None else depth - 1)
    return total


# The configurations of tests/data/perft_thunee.txt: (engine preset, engine options,
# the same rules for this reference).
GAMES: dict[str, tuple[str, dict[str, str], Rules]] = {
    "default": ("thunee4", {}, Rules()),
    "app": ("thunee4_app", {}, Rules(jodhi_any_won=True)),
    "plain": ("thunee4_plain", {}, Rules(double=False, khanuck=False)),
    "undercut": ("thunee4", {"undercut": "forbidden"}, Rules(undercut_forbidden=True)),
    "all_tricks": ("thunee4", {"double_rule": "all_tricks", "jodhi_window": "any_won"},
                   Rules(double_rule="all_tricks", jodhi_any_won=True)),
    "no_redeal": ("thunee4", {"no_trump_redeal": "off"}, Rules(no_trump_redeal=False)),
    "six": ("thunee6", {}, Rules(players=6)),
    "six_app": ("thunee6", {"jodhi_window": "any_won"}, Rules(players=6, jodhi_any_won=True)),
    "two": ("thunee2", {}, Rules(players=2)),
}

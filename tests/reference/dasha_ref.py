"""An independent, deliberately simple reference of Dashavatara Ganjifa trick play,
written from ``docs/rules/dashavatara.md`` alone (cards are strings, hands are sets).

It knows the opening (§5.1), single-card leads and ducals (§5.2), the void-follow scan
exactly as §5.3's algorithm, discards one card per action (§5.4), the trick winner (§6)
and capture counting (§8). It is used to produce perft counts
(``tests/data/perft_dashavatara.txt``) and brute-force double-dummy values (§13).

>>> r = Rules.make({})
>>> pos = Position.from_deal(r, ".3....T.... .1.......4. ......6...9", 0)
>>> legal(pos)
['3KU', 'TPA']
>>> dd_value(pos, 2)
6
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Optional

SAWANTWADI = ("MA", "KU", "VA", "NA", "VM", "PA", "RA", "KR", "BU", "KA")
BALARAMA_KRISHNA = ("MA", "KU", "VA", "NA", "VM", "PA", "RA", "BL", "KR", "KA")
FIRST_FIVE = "KV123456789T"
"""Faces of suits 1 to 5, strongest first."""
LAST_FIVE = "KVT987654321"
"""Faces of suits 6 to 10, strongest first."""
VALUE = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}


@dataclass(frozen=True)
class Rules:
    """The options of §10 that matter for play."""

    suits: tuple[str, ...]
    trump: str
    skip_trump: bool
    ducal: bool
    top_run: bool
    maximal: bool

    @staticmethod
    def make(options: dict[str, str]) -> "Rules":
        """Rules from ``key=value`` options (the names of §10)."""
        suits = BALARAMA_KRISHNA if options.get("avatar_list") == "balarama_krishna" else SAWANTWADI
        return Rules(
            suits=suits,
            trump="KR" if options.get("period") == "night" else "RA",
            skip_trump=options.get("void_scan") == "skip_trump",
            ducal=options.get("ducal", "true") not in ("false", "off"),
            top_run=options.get("ducal_run") == "top_run",
            maximal=options.get("ducal_length") == "maximal",
        )

    def faces(self, suit: str) -> str:
        """The faces of ``suit`` strongest first."""
        return FIRST_FIVE if self.suits.index(suit) < 5 else LAST_FIVE

    def strength(self, card: str) -> int:
        """12 for the Raja down to 1 (§3.2)."""
        return 12 - self.faces(card[1:]).index(card[0])

    def hand_order(self, cards: list[str]) -> list[str]:
        """Cards in the hand's order: suits in avatar order, strongest first."""
        return sorted(cards, key=lambda c: (self.suits.index(c[1:]), -self.strength(c)))


def parse_hand(rules: Rules, text: str) -> frozenset[str]:
    """A compact hand: ten groups separated by '.', faces strongest first."""
    groups = text.split(".")
    assert len(groups) == 10, text
    return frozenset(f + s for s, g in zip(rules.suits, groups) for f in g.replace("-", ""))


def format_hand(rules: Rules, hand: frozenset[str]) -> str:
    """The compact form of a hand."""
    out = []
    for s in rules.suits:
        cards = [c for c in hand if c[1:] == s]
        out.append("".join(c[0] for c in sorted(cards, key=lambda c: -rules.strength(c))))
    return ".".join(out)


@dataclass(frozen=True)
class Position:
    """A state of one deal: hands, whose turn, the trick on the table."""

    rules: Rules
    hands: tuple[frozenset[str], frozenset[str], frozenset[str]]
    leader: int
    turn: int
    opening: bool
    trick: tuple[str, ...] = ()
    ducal: tuple[str, ...] = ()
    given: tuple[tuple[str, ...], ...] = ((), (), ())
    captured: tuple[int, int, int] = (0, 0, 0)
    history: tuple[str, ...] = field(default=(), compare=False)

    @staticmethod
    def from_deal(rules: Rules, deal: str, leader: Optional[int]) -> "Position":
        """A position at a trick start; ``leader=None`` starts with the opening."""
        h = tuple(parse_hand(rules, x) for x in deal.split())
        assert len(h) == 3
        opening = leader is None
        if opening:
            leader = next(i for i in range(3) if "K" + rules.trump in h[i])
        assert leader is not None
        return Position(rules, (h[0], h[1], h[2]), leader, leader, opening)

    def over(self) -> bool:
        """True when every hand is empty."""
        return all(not h for h in self.hands)


def suit(card: str) -> str:
    """The suit code of a card."""
    return card[1:]


def ducal_leads(rules: Rules, hand: frozenset[str]) -> list[str]:
    """Every legal ducal of a hand (§5.2), as '+' strings in the hand's order."""
    out = []
    for s in rules.suits:
        if "K" + s not in hand or "V" + s not in hand:
            continue
        held = {VALUE[c[0]] for c in hand if suit(c) == s and c[0] in VALUE}
        for a in range(1, 11):
            for b in range(a + 2, 11):
                if not all(n in held for n in range(a, b + 1)):
                    continue
                if rules.top_run:
                    first_five = rules.suits.index(s) < 5
                    if (first_five and a != 1) or (not first_five and b != 10):
                        continue
                if rules.maximal and (a - 1 in held or b + 1 in held):
                    continue
                faces = "T987654321"
                nums = [f + s for f in faces if f in VALUE and a <= VALUE[f] <= b]
                out.append("+".join(rules.hand_order(["K" + s, "V" + s] + nums)))
    return out


def follow_options(rules: Rules, hand: frozenset[str], led: str) -> set[str]:
    """§5.3 word for word: follow suit; void, any trump or a card of the first held suit."""
    a = {c for c in hand if suit(c) == led}
    if a:
        return a
    trumps = {c for c in hand if suit(c) == rules.trump}
    i = rules.suits.index(led)
    s = rules.suits[(i + 1) % 10]
    for _ in range(9):
        if rules.skip_trump and s == rules.trump:
            s = rules.suits[(rules.suits.index(s) + 1) % 10]
            continue
        b = {c for c in hand if suit(c) == s}
        if b:
            return trumps | b
        s = rules.suits[(rules.suits.index(s) + 1) % 10]
    return trumps


def legal(pos: Position) -> list[str]:
    """The legal actions, single cards in the hand's order, then ducals."""
    if pos.over():
        return []
    r = pos.rules
    hand = pos.hands[pos.turn]
    if pos.ducal:
        return r.hand_order(list(hand))
    if not pos.trick:
        if pos.opening:
            return ["K" + r.trump]
        singles = r.hand_order(list(hand))
        return singles + (ducal_leads(r, hand) if r.ducal else [])
    return r.hand_order(list(follow_options(r, hand, suit(pos.trick[0]))))


def trick_winner(rules: Rules, cards: tuple[str, ...]) -> int:
    """Index in play order of the winning card of a single-card trick (§6)."""
    trumps = [i for i, c in enumerate(cards) if suit(c) == rules.trump]
    pool = trumps or [i for i, c in enumerate(cards) if suit(c) == suit(cards[0])]
    return max(pool, key=lambda i: rules.strength(cards[i]))


def play(pos: Position, action: str) -> Position:
    """The position after a legal action."""
    assert action in legal(pos), (action, legal(pos))
    seat = pos.turn
    hands = list(pos.hands)
    hist = pos.history + (action,)
    if pos.ducal:
        hands[seat] = hands[seat] - {action}
        given = list(pos.given)
        given[seat] = given[seat] + (action,)
        k = len(pos.ducal)
        if len(given[seat]) < k:
            return replace(pos, hands=tuple(hands), given=tuple(given), history=hist)
        if seat == (pos.leader + 1) % 3:
            return replace(pos, hands=tuple(hands), given=tuple(given), turn=(pos.leader + 2) % 3, history=hist)
        cap = list(pos.captured)
        cap[pos.leader] += 3 * k
        return replace(
            pos, hands=tuple(hands), turn=pos.leader, ducal=(), given=((), (), ()), captured=tuple(cap), history=hist
        )
    if "+" in action:
        cards = tuple(action.split("+"))
        hands[seat] = hands[seat] - set(cards)
        return replace(pos, hands=tuple(hands), ducal=cards, turn=(seat + 1) % 3, history=hist)
    hands[seat] = hands[seat] - {action}
    trick = pos.trick + (action,)
    if len(trick) < 3:
        return replace(pos, hands=tuple(hands), trick=trick, turn=(seat + 1) % 3, history=hist)
    w = (pos.leader + trick_winner(pos.rules, trick)) % 3
    cap = list(pos.captured)
    cap[w] += 3
    return replace(
        pos, hands=tuple(hands), trick=(), leader=w, turn=w, opening=False, captured=tuple(cap), history=hist
    )


def perft(pos: Position, depth: Optional[int]) -> int:
    """Number of action sequences of ``depth`` actions (to the end with None); a sequence
    that ends the deal sooner counts once."""
    if depth == 0 or pos.over():
        return 1
    nxt = None if depth is None else depth - 1
    return sum(perft(play(pos, a), nxt) for a in legal(pos))


def dd_value(pos: Position, player: int, memo: Optional[dict[Position, int]] = None) -> int:
    """§13 by plain minimax: cards ``player`` captures (counting ``pos.captured``) with
    ``player`` maximising and the other two minimising, every discard order searched."""
    if memo is None:
        memo = {}
    if pos.over():
        return pos.captured[player]
    key = replace(pos, captured=(0, 0, 0))
    if key in memo:
        return pos.captured[player] + memo[key]
    vals = [dd_value(play(pos, a), player, memo) for a in legal(pos)]
    v = max(vals) if pos.turn == player else min(vals)
    memo[key] = v - pos.captured[player]
    return v

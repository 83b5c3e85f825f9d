"""Independent brute-force reference for Hokm trick play (2, 3 and 4 players).

Written from ``docs/rules/hokm.md`` alone (§6.1 legal moves, §7.1 trick winner,
§8.1 / §8.2 end of hand, §9.1-§9.3 scoring), never from the engine's code, so that
the two can be compared.  It is deliberately simple and slow: positions are plain
Python values, every move copies the position.

A position is a trick start: each seat's hand, the trump suit (or ``None``), the
leader, and the tricks already won per *side* (4 players: ``[team {0,2}, team {1,3}]``;
3 and 2 players: one count per seat).  ``R`` (tricks still to play) is the number of
cards each seat holds at a trick start.

Perft convention (used by ``tests/data/perft_hokm.txt``)::

    perft(s, d) = 1                                   if d == 0 or s ends the hand
                = sum(perft(s.play(c), d - 1) for c in legal(s))   otherwise

so ``perft(s, "end")`` is the number of complete play sequences from ``s`` to the end
of the hand, and ``perft(s, d)`` counts sequences of ``d`` plies, a sequence that ends
the hand sooner being counted once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

RANKS = "AKQJT98765432"
"""French ranks, strongest first (docs/rules/hokm.md §3)."""
SUITS = "SHDC"
"""Suit order of hands and deals (docs/rules/hokm.md §0)."""
PACK52: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""The 52 cards in display order (suit S, H, D, C; strongest first)."""

STOP_RULES = ("first_to_7", "play_all", "hokm3", "kot_choice")
"""``hokm3`` is the three-player rule of §8.2; the others are ``stop_rule`` values of §8.1.
With ``kot_choice`` a side that has just taken the first seven tricks makes a decision,
``stop`` or ``continue`` (an action, so a ply for perft); after ``continue`` the hand ends
when that side loses a trick or when the cards run out (bavney)."""

KOT_CHOICES = ("continue", "stop")

PRESETS: dict[str, tuple[int, str]] = {
    "hokm4": (4, "first_to_7"),
    "hokm3": (3, "hokm3"),
    "hokm2": (2, "first_to_7"),
}
"""Preset name -> (players, default stop rule)."""

TRICKS_PER_HAND: dict[int, int] = {4: 13, 3: 17, 2: 13}


def rank_index(card: str) -> int:
    """Strength index of a card inside its suit: 0 for the ace, 12 for the two."""
    return RANKS.index(card[0])


def suit_of(card: str) -> str:
    """The suit letter of a card."""
    return card[1]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in display order: suits S, H, D, C, strongest first within a suit."""
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))


def parse_hand(text: str) -> list[str]:
    """Parse a compact French hand (``AKQ.T9..5432``, ``-`` for a void) into cards.

    Raises ``ValueError`` on anything else (only well-formed input is expected here;
    the engine's own parser is what the notation tests exercise).
    """
    parts = text.split(".")
    if len(parts) != 4:
        raise ValueError(f"hand {text!r}: expected 4 suits, got {len(parts)}")
    cards: list[str] = []
    for suit, ranks in zip(SUITS, parts):
        if ranks == "-":
            continue
        for r in ranks:
            if r not in RANKS:
                raise ValueError(f"hand {text!r}: unknown rank {r!r}")
            cards.append(r + suit)
    if len(set(cards)) != len(cards):
        raise ValueError(f"hand {text!r}: duplicated card")
    return cards


def format_hand(cards: Iterable[str]) -> str:
    """Compact form of a hand (empty suits written as nothing)."""
    cs = set(cards)
    return ".".join(
        "".join(r for r in RANKS if r + s in cs) for s in SUITS
    )


def parse_deal(text: str) -> list[list[str]]:
    """Parse a whitespace-separated deal of compact hands."""
    return [parse_hand(h) for h in text.split()]


def format_deal(hands: Sequence[Iterable[str]]) -> str:
    """Compact deal string, hands in seat order."""
    return " ".join(format_hand(h) for h in hands)


def side_of(seat: int, players: int) -> int:
    """Side index of a seat: 4 players -> seat % 2 (teams {0,2}, {1,3}); else the seat."""
    return seat % 2 if players == 4 else seat


def num_sides(players: int) -> int:
    """Number of sides: 2 for four players (two teams), else one per seat."""
    return 2 if players == 4 else players


def legal(hand: Sequence[str], trick: Sequence[str]) -> list[str]:
    """Legal cards (§6.1): anything when leading; else follow suit if able; else anything."""
    if not trick:
        return sort_cards(hand)
    led = suit_of(trick[0])
    follow = [c for c in hand if suit_of(c) == led]
    return sort_cards(follow if follow else hand)


def trick_winner_offset(trick: Sequence[str], trump: Optional[str]) -> int:
    """Index in ``trick`` of the winning card (§7.1): highest trump, else highest of the suit led."""
    if trump is not None:
        trumps = [i for i, c in enumerate(trick) if suit_of(c) == trump]
        if trumps:
            return min(trumps, key=lambda i: rank_index(trick[i]))
    led = suit_of(trick[0])
    same = [i for i, c in enumerate(trick) if suit_of(c) == led]
    return min(same, key=lambda i: rank_index(trick[i]))


@dataclass
class Position:
    """A trick-play position (possibly in the middle of a trick)."""

    hands: list[list[str]]
    trump: Optional[str]
    leader: int
    tricks_won: list[int]
    stop_rule: str = "first_to_7"
    trick: list[str] = field(default_factory=list)
    continuing: Optional[int] = None
    """``kot_choice``: the side that took the first seven tricks and chose to continue."""
    stopped: bool = False
    """``kot_choice``: the kot side chose to stop."""

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    @property
    def to_play(self) -> int:
        """Seat whose turn it is (meaningless when the hand is over)."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def remaining(self) -> int:
        """R: tricks still to play, counting a trick in progress."""
        return max(len(h) for h in self.hands)

    def copy(self) -> "Position":
        """Deep copy."""
        return Position(
            [list(h) for h in self.hands],
            self.trump,
            self.leader,
            list(self.tricks_won),
            self.stop_rule,
            list(self.trick),
            self.continuing,
            self.stopped,
        )

    def choice_pending(self) -> bool:
        """``kot_choice``: a side has just taken the first seven tricks and has not decided."""
        if self.stop_rule != "kot_choice" or self.trick or self.stopped or self.continuing is not None:
            return False
        return is_kot(self.tricks_won) and self.remaining > 0

    def is_over(self) -> bool:
        """Whether the hand has ended (checked at trick starts only; mid-trick never)."""
        if self.trick:
            return False
        if self.stop_rule == "kot_choice":
            if self.remaining == 0 or self.stopped:
                return True
            if self.continuing is not None:  # over once another side has taken a trick
                return any(n for i, n in enumerate(self.tricks_won) if i != self.continuing)
            if self.choice_pending():
                return False
            return max(self.tricks_won) >= 7
        return hand_over(self.tricks_won, self.remaining, self.stop_rule, self.players)

    def legal(self) -> list[str]:
        """Legal actions of the player to move: cards, or ``continue``/``stop`` after a kot
        under ``kot_choice`` (empty when the hand is over)."""
        if self.is_over():
            return []
        if self.choice_pending():
            return list(KOT_CHOICES)
        return legal(self.hands[self.to_play], self.trick)

    def play(self, card: str) -> "Position":
        """The position after ``card`` (or a kot decision) is played (a new object)."""
        if card not in self.legal():
            raise ValueError(f"illegal card {card} for seat {self.to_play}")
        nxt = self.copy()
        if card in KOT_CHOICES:  # the winner of the 7th trick (the leader now) decides
            if card == "stop":
                nxt.stopped = True
            else:
                nxt.continuing = side_of(nxt.leader, nxt.players)
            return nxt
        seat = nxt.to_play
        nxt.hands[seat].remove(card)
        nxt.trick.append(card)
        if len(nxt.trick) == nxt.players:
            off = trick_winner_offset(nxt.trick, nxt.trump)
            winner = (nxt.leader + off) % nxt.players
            side = side_of(winner, nxt.players)
            nxt.tricks_won[side] += 1
            nxt.leader = winner
            nxt.trick = []
        return nxt


def hand_over(tricks_won: Sequence[int], remaining: int, stop_rule: str, players: int) -> bool:
    """Whether a hand stops at a trick start with these counts and R = ``remaining``.

    * no cards left: always over;
    * ``first_to_7``: a side has 7 tricks (§8.1) (``kot_choice`` is decided by
      ``Position.is_over``, which knows about the decision);
    * ``play_all``: only when the cards run out;
    * ``hokm3`` (§8.2): kot (7 tricks, the others none) or clinch
      (``n_i > n_j + R`` for both other players).
    """
    if remaining == 0:
        return True
    if stop_rule == "first_to_7":
        return max(tricks_won) >= 7
    if stop_rule == "kot_choice":
        raise ValueError("kot_choice needs the position (see Position.is_over)")
    if stop_rule == "play_all":
        return False
    if stop_rule == "hokm3":
        if players != 3:
            raise ValueError("the hokm3 stop rule needs three players")
        return hokm3_kot(tricks_won) is not None or hokm3_clinch(tricks_won, remaining) is not None
    raise ValueError(f"unknown stop rule {stop_rule!r}")


def is_kot(n: Sequence[int]) -> bool:
    """A side has exactly seven tricks and every other side none (the first seven tricks)."""
    return max(n) == 7 and sum(n) == 7


def hokm3_kot(n: Sequence[int]) -> Optional[int]:
    """§8.2 rule 1: the player with 7 tricks while the others have none, else None."""
    for i in range(3):
        if n[i] == 7 and all(n[j] == 0 for j in range(3) if j != i):
            return i
    return None


def hokm3_clinch(n: Sequence[int], remaining: int) -> Optional[int]:
    """§8.2 rule 2: the player ``i`` with ``n_i > n_j + R`` for both others, else None."""
    for i in range(3):
        if all(n[i] > n[j] + remaining for j in range(3) if j != i):
            return i
    return None


def hokm3_winner(n: Sequence[int], remaining: int) -> Optional[int]:
    """Winner of a three-player hand at a trick start, or None if it goes on (§8.2).

    Kot, then clinch, then exhaustion (R = 0: the player with the fewest tricks wins when
    the other two are tied for the most).
    """
    k = hokm3_kot(n)
    if k is not None:
        return k
    c = hokm3_clinch(n, remaining)
    if c is not None:
        return c
    if remaining == 0:
        top = max(n)
        if sorted(n)[1] == top:  # two tied for the most
            return min(range(3), key=lambda i: n[i])
        return max(range(3), key=lambda i: n[i])
    return None


def hand_points(
    tricks_won: Sequence[int],
    remaining: int,
    players: int,
    hakem: int,
    kot: bool,
) -> list[int]:
    """Points per *side* of a finished hand under the default scoring of the presets.

    ``kot`` says whether the winner took the first seven tricks of the hand (the caller
    knows the history; for a full hand stopped by ``first_to_7`` it is "the loser has 0").
    hokm4 (§9.1): 1 for a win, 2 for a kot by the Hakem's side, 3 for a Hakem koti.
    hokm3 (§9.2): kot 2 (Hakem) or 3 (other), else 1 to the hand winner.
    hokm2 (§9.3): as hokm4 with one seat per side.
    """
    sides = num_sides(players)
    pts = [0] * sides
    if players == 3:
        w = hokm3_winner(tricks_won, remaining)
        if w is None:
            raise ValueError("hand not over")
    else:
        w = max(range(sides), key=lambda i: tricks_won[i])
    hakem_side = side_of(hakem, players)
    if kot:
        pts[w] = 2 if w == hakem_side else 3
    else:
        pts[w] = 1
    return pts


def perft(pos: Position, depth: Optional[int]) -> int:
    """Number of legal play sequences from ``pos``: ``depth`` plies (None = to the end)."""
    if depth == 0 or pos.is_over():
        return 1
    total = 0
    nd = None if depth is None else depth - 1
    for c in pos.legal():
        total += perft(pos.play(c), nd)
    return total


def position_from_line(
    preset: str,
    deal: str,
    trump: str,
    leader: str,
    tricks_won: str,
    stop_rule: Optional[str] = None,
) -> Position:
    """Build a position from the text fields of a perft line."""
    players, default_stop = PRESETS[preset]
    hands = parse_deal(deal)
    if len(hands) != players:
        raise ValueError(f"{preset} needs {players} hands, got {len(hands)}")
    tw = [0] * num_sides(players) if tricks_won == "-" else [int(x) for x in tricks_won.split(",")]
    return Position(
        hands=hands,
        trump=None if trump in ("-", "none", "None") else trump,
        leader=int(leader),
        tricks_won=tw,
        stop_rule=stop_rule or default_stop,
    )

"""The documented shape of ``State.observation(player)``: what a player may see, as plain
data, one :class:`typing.TypedDict` per game.

Every game's observation starts with the keys of :class:`Observation`, in that order and
with those types; each game adds its own keys after them (the classes below). A key that
exists only in some presets or phases is marked as not required. Each game's class names
its type (``observation_type``: the class of a game defines or imports its own, the
generic :class:`Observation` by default); :func:`observation_types` reads them all.

>>> import hukm
>>> hukm.Naqsh.observation_type is NaqshObservation
True

>>> import hukm
>>> obs = hukm.game("28").new_game(seed=1).observation(0)
>>> list(obs)[:7]
['player', 'phase', 'current_player', 'hand_number', 'hand', 'trick', 'scores']
"""

from __future__ import annotations

from typing import Any, Optional, TypedDict

Card = str
"""A card in the notation of its pack (``AS``, ``9GH``, ``KRA``)."""


class Observation(TypedDict):
    """The keys every game's observation begins with."""

    player: int
    """The observing player."""
    phase: str
    """The phase's name (``play``, ``bid``, ``trump``, ``over`` ...)."""
    current_player: int
    """The player to act; -1 when the state is terminal."""
    hand_number: int
    """The hand (deal) being played, counted from 1."""
    hand: list[Card]
    """The observer's own cards, suits in the pack's order, strongest first (Naqsh: in the
    order received)."""
    trick: list[list[Any]]
    """The trick in progress as ``[seat, card]`` pairs in play order (a lead of several
    cards gives one pair per card; Naqsh has no tricks: always empty)."""
    scores: list[int]
    """The match scores, per side or per seat as the game keeps them."""


class _HokmRequired(Observation):
    """The keys of every Hokm observation."""


    dealer: int
    hakem: int
    """The Hakem (trump-caller; Dab Rang: the boss)."""
    seating: list[int]
    trump: Optional[str]
    """The trump suit when this player knows it (``None`` before the call and while hidden)."""
    trump_card: Optional[Card]
    """The card that fixed a blind or drawn trump."""
    hand_sizes: list[int]
    leader: int
    tricks_won: list[int]
    played: str
    """Cards of completed tricks, ``+``-joined."""
    tricks: list[dict[str, Any]]
    """Completed tricks: ``leader``, ``cards``, ``winner``."""
    legal_actions: list[str]


class HokmObservation(_HokmRequired, total=False):
    """Hokm and the Court Piece family (``docs/rules/hokm.md``); the keys below only in some
    presets or phases."""

    last_result: dict[str, Any]
    heap: int
    heap_prev: Optional[int]
    collected: list[int]
    tens: list[int]
    trick_number: int
    auction: list[dict[str, Any]]
    bid: Optional[int]
    boss: Optional[int]
    trump_hidden: bool
    indicator: Optional[Card]
    discarded: str
    stock: int
    drawn: Optional[Card]
    seat: int
    table: list[int]
    dummy_hand: Optional[str]
    partner_hand: str
    pass_cards: int
    gave: bool
    signals: list[dict[str, Any]]
    taps: list[int]


class TwentyEightObservation(Observation):
    """Twenty-eight and relatives (``docs/rules/twenty_eight.md``)."""

    dealer: int
    hand_sizes: list[int]
    auction: list[list[Any]]
    high_bid: Optional[int]
    bidder: Optional[int]
    contract: Optional[int]
    trump: Optional[str]
    indicator: Optional[Card]
    indicator_down: bool
    seventh_card: bool
    revealed: bool
    doubled: int
    c: bool
    soloist: Optional[int]
    half_court: bool
    leader: int
    caller: Optional[int]
    led_trump_by_other: Optional[bool]
    last_trick: list[list[Any]]
    tricks_played: int
    played: list[Card]
    points: list[int]
    pair_by: Optional[int]
    target: Optional[int]
    last_result: Optional[dict[str, Any]]
    winner: Optional[int]


class GanjifaObservation(Observation):
    """Individual Ganjifa (``docs/rules/ganjifa.md`` Part A)."""

    step: str
    dealer: int
    leader: int
    lead_suit: str
    end_phase: bool
    phase2: bool
    cards: list[str]
    """Each seat's cards this player may see, compact."""
    hand_sizes: list[int]
    tricks: list[int]
    won: list[str]
    trick_detail: Optional[dict[str, Any]]
    """The lead in progress: kind, leader, width, opening, suit, called, doubled, played."""
    named_suit: Optional[str]
    last_trick: Optional[dict[str, Any]]
    last_hand: Optional[dict[str, Any]]


class DugiObservation(Observation):
    """Dugi (``docs/rules/ganjifa.md`` Part B)."""

    dealer: int
    lead_suit: str
    challengers: list[int]
    king_pass: Optional[str]
    leader: int
    cards: list[str]
    hand_sizes: list[int]
    challenger_tricks: int
    asked: Optional[str]
    named: Optional[str]
    trick_by_seat: Optional[list[Optional[Card]]]
    last_trick: Optional[dict[str, Any]]


class DashavataraObservation(Observation):
    """Dashavatara Ganjifa (``docs/rules/dashavatara.md``)."""

    period: str
    trump: str
    suit_names: list[str]
    dealer: int
    deal: int
    trick_no: int
    opening: bool
    leader: int
    hand_sizes: list[int]
    ducal: Optional[dict[str, Any]]
    owed: int
    last_trick: Optional[dict[str, Any]]
    captured_cards: list[list[Card]]
    captured: list[int]
    results: list[dict[str, Any]]
    legal_actions: list[str]


class NaqshObservation(Observation):
    """Naqsh (``docs/rules/naqsh.md``)."""

    banker: int
    hands_per_match: int
    cards: list[list[Optional[Card]]]
    """Each seat's cards this player may see (``None`` for a hidden one)."""
    busted: list[bool]
    stakes: list[Optional[int]]
    stock: int
    pool: int
    last_hand: Optional[dict[str, Any]]


class ThuneeObservation(Observation):
    """Thunee (``docs/rules/thunee.md``)."""

    dealer: int
    hand_sizes: list[int]
    auction: list[tuple[int, str]]
    high_bid: Optional[int]
    trumper: Optional[int]
    bid: Optional[int]
    counting_team: Optional[int]
    trump: Optional[str]
    """The trump suit when this player knows it."""
    indicator: Optional[Card]
    """The face-down trump card, shown to the trumper only."""
    indicator_down: bool
    last_card: bool
    revealed: bool
    special: Optional[str]
    caller: Optional[int]
    blind_down: int
    leader: int
    last_trick: Optional[dict[str, Any]]
    tricks_played: int
    trick_winners: list[int]
    played: list[Card]
    points: list[int]
    jodhi: list[dict[str, Any]]
    target: Optional[int]
    claim: Optional[str]
    claimer: Optional[int]
    balls: list[int]
    match_target: int
    last_result: Optional[dict[str, Any]]
    winner: Optional[int]


def observation_types() -> dict[str, type]:
    """The observation type of each game module, as each game class names it
    (``observation_type``).

    >>> import hukm
    >>> observation_types()["thunee"] is ThuneeObservation
    True
    """
    from ._families import CLASSES

    return {family: cls.observation_type for family, cls in CLASSES.items()}

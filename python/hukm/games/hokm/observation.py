"""The shape of ``State.observation(player)`` in Hokm's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


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

"""The shape of ``State.observation(player)`` in Thunee's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


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

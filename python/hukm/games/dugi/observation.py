"""The shape of ``State.observation(player)`` in Dugi's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


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

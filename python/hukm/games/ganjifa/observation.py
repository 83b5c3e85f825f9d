"""The shape of ``State.observation(player)`` in Ganjifa's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


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

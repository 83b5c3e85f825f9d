"""The shape of ``State.observation(player)`` in Dashavatara's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


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

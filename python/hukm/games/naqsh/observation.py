"""The shape of ``State.observation(player)`` in Naqsh's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


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

# Generated from the engine's observation schema by `python -m hukm._observation_types`;
# do not edit (tests/package/test_observation_schema.py fails when they differ).
"""The shape of ``State.observation(player)`` in Dashavatara's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


class DashavataraObservation(Observation):
    """The keys of Dashavatara's observations after :class:`~hukm.observations.Observation`'s."""

    period: str
    """``day`` or ``night`` (which ranks run high)."""
    trump: str
    """The trump suit."""
    suit_names: list[str]
    """The suits' names in pack order."""
    dealer: int
    """The dealer of this deal."""
    deal: int
    """The deal being played, counted from 1."""
    trick_no: int
    """The trick being played in this deal."""
    opening: bool
    """Whether the opening trick (the trump Raja alone) is on."""
    leader: int
    """The seat that led the trick in progress."""
    hand_sizes: list[int]
    """How many cards each seat holds."""
    ducal: Optional[dict[str, Any]]
    """A ducal lead in progress: ``cards`` and ``width``."""
    owed: int
    """Cards still owed to the ducal lead in progress."""
    last_trick: Optional[dict[str, Any]]
    """The last finished trick: ``leader``, ``cards`` (by seat), ``winner``."""
    captured_cards: list[list[Card]]
    """The cards each seat has captured in this deal, where this player may see them."""
    captured: list[int]
    """How many cards each seat has captured in this deal."""
    results: list[dict[str, Any]]
    """The finished deals: ``captured`` and ``winners``."""
    legal_actions: list[str]
    """The legal actions when this player is to act, else empty."""

# Generated from the engine's observation schema by `python -m hukm._observation_types`;
# do not edit (tests/package/test_observation_schema.py fails when they differ).
"""The shape of ``State.observation(player)`` in Dugi's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


class DugiObservation(Observation):
    """The keys of Dugi's observations after :class:`~hukm.observations.Observation`'s."""

    dealer: int
    """The dealer of this hand."""
    lead_suit: str
    """The suit whose King leads."""
    challengers: list[int]
    """The challenging side's two seats."""
    king_pass: Optional[str]
    """The King pass: ``made`` or ``declined`` (null before it)."""
    leader: int
    """The seat that led the trick in progress."""
    cards: list[str]
    """Each seat's cards this player may see, compact."""
    hand_sizes: list[int]
    """How many cards each seat holds."""
    challenger_tricks: int
    """Tricks the challengers have won."""
    asked: Optional[str]
    """The suit asked for in the King pass."""
    named: Optional[str]
    """The suit named."""
    trick_by_seat: Optional[list[Optional[Card]]]
    """The trick in progress by seat (null: no card yet); null between tricks."""
    last_trick: Optional[dict[str, Any]]
    """The last finished trick: ``cards`` (by seat) and ``winner``."""

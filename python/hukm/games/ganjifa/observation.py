# Generated from the engine's observation schema by `python -m hukm._observation_types`;
# do not edit (tests/package/test_observation_schema.py fails when they differ).
"""The shape of ``State.observation(player)`` in Ganjifa's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


class GanjifaObservation(Observation):
    """The keys of Ganjifa's observations after :class:`~hukm.observations.Observation`'s."""

    step: str
    """The step of the phase (an exchange, a surrender, the play ...)."""
    dealer: int
    """The dealer of this hand."""
    leader: int
    """The seat that led the trick in progress."""
    lead_suit: str
    """The suit that leads the hand."""
    end_phase: bool
    """Whether the play is in its end phase."""
    phase2: bool
    """Whether the play is in its second phase."""
    cards: list[str]
    """Each seat's cards this player may see, compact."""
    hand_sizes: list[int]
    """How many cards each seat holds."""
    tricks: list[int]
    """Tricks each seat has won."""
    won: list[str]
    """The cards each seat has won, compact."""
    trick_detail: Optional[dict[str, Any]]
    """The lead in progress: ``kind``, ``leader``, ``width``, ``opening``, ``suit``,
    ``called``, ``doubled``, ``played``."""
    named_suit: Optional[str]
    """The suit named for the lead in progress."""
    last_trick: Optional[dict[str, Any]]
    """The last finished trick: ``kind``, ``leader``, ``winner``, ``tricks``, ``played``."""
    last_hand: Optional[dict[str, Any]]
    """The last hand's result: ``dealer``, ``tricks``, ``net``, ``akheri``,
    ``akheri_beaten_by``."""

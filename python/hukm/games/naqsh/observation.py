# Generated from the engine's observation schema by `python -m hukm._observation_types`;
# do not edit (tests/package/test_observation_schema.py fails when they differ).
"""The shape of ``State.observation(player)`` in Naqsh's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


class NaqshObservation(Observation):
    """The keys of Naqsh's observations after :class:`~hukm.observations.Observation`'s."""

    banker: int
    """The banker (dealer) of this hand."""
    hands_per_match: int
    """How many hands the match has."""
    cards: list[list[Optional[Card]]]
    """Each seat's cards this player may see (null for a hidden one), in the order
    received."""
    busted: list[bool]
    """Whether each seat has gone over."""
    stakes: list[Optional[int]]
    """Each seat's stake (null: not staked yet)."""
    stock: int
    """Cards left in the stock."""
    pool: int
    """What lies in the pool."""
    last_hand: Optional[dict[str, Any]]
    """The last hand's result: ``banker``, ``cards``, ``classes``, ``net``, ``pool``."""

# Generated from the engine's observation schema by `python -m hukm._observation_types`;
# do not edit (tests/package/test_observation_schema.py fails when they differ).
"""The shape of ``State.observation(player)`` in Thunee's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


class ThuneeObservation(Observation):
    """The keys of Thunee's observations after :class:`~hukm.observations.Observation`'s."""

    dealer: int
    """The dealer of this hand."""
    hand_sizes: list[int]
    """How many cards each seat holds."""
    auction: list[list[Any]]
    """The bidding so far as ``[seat, call]`` pairs."""
    high_bid: Optional[int]
    """The highest bid so far."""
    trumper: Optional[int]
    """The seat that chooses the trump."""
    bid: Optional[int]
    """The winning bid."""
    counting_team: Optional[int]
    """The team that counts card points towards the target (a normal hand)."""
    trump: Optional[str]
    """The trump suit when this player knows it."""
    indicator: Optional[Card]
    """The face-down trump card, shown to the trumper only."""
    indicator_down: bool
    """Whether a trump card lies face down."""
    last_card: bool
    """Whether the trump is the trumper's last card."""
    revealed: bool
    """Whether the trump has been revealed."""
    special: Optional[str]
    """The Thunee or Royals contract called, if any."""
    caller: Optional[int]
    """The seat that called the Thunee or Royals."""
    blind_down: int
    """A blind caller's cards still face down."""
    leader: int
    """The seat that led the trick in progress."""
    last_trick: list[list[Any]]
    """The last finished trick as ``[seat, card]`` pairs."""
    tricks_played: int
    """Tricks finished in this hand."""
    trick_winners: list[int]
    """The winner of each finished trick."""
    played: list[Card]
    """Cards played in this hand."""
    points: list[int]
    """Card points each team has taken in this hand."""
    jodhi: list[dict[str, Any]]
    """Jodhi declared: ``seat``, ``suit``, ``jack``, ``value``."""
    target: Optional[int]
    """The counting team's target."""
    claim: Optional[str]
    """The Double or Khanuck called, if any."""
    claimer: Optional[int]
    """The seat that called it."""
    balls: list[int]
    """Each team's balls in the match."""
    match_target: int
    """The balls that win the match."""
    last_result: Optional[dict[str, Any]]
    """The last hand's result: ``kind``, ``trumper``, ``bid``, ``special``, ``caller``,
    ``claim``, ``target``, ``points``, ``totals``, ``jodhi``, ``balls``."""
    winner: Optional[int]
    """The team that won the match."""

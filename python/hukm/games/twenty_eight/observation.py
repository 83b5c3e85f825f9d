# Generated from the engine's observation schema by `python -m hukm._observation_types`;
# do not edit (tests/package/test_observation_schema.py fails when they differ).
"""The shape of ``State.observation(player)`` in TwentyEight's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


class TwentyEightObservation(Observation):
    """The keys of TwentyEight's observations after :class:`~hukm.observations.Observation`'s."""

    dealer: int
    """The dealer of this hand."""
    hand_sizes: list[int]
    """How many cards each seat holds."""
    auction: list[list[Any]]
    """The auction so far as ``[seat, call]`` pairs."""
    high_bid: Optional[int]
    """The highest bid so far."""
    bidder: Optional[int]
    """The bidder, once the contract is made."""
    contract: Optional[int]
    """The contract, once made."""
    trump: Optional[str]
    """The trump suit when this player knows it."""
    indicator: Optional[Card]
    """The face-down trump card, when this player may see it."""
    indicator_down: bool
    """Whether a trump card lies face down (not yet revealed)."""
    seventh_card: bool
    """Whether the trump is the bidder's seventh card."""
    revealed: bool
    """Whether the trump has been revealed."""
    doubled: int
    """How many times the contract is doubled."""
    c: bool
    """Whether the bidding side answered a double with C (``c_bid``: the hand worth 6 game
    points)."""
    soloist: Optional[int]
    """The seat playing alone, if any."""
    half_court: bool
    """Whether the bidder plays half court."""
    leader: int
    """The seat that led the trick in progress."""
    caller: Optional[int]
    """The seat that called for the trump in the trick in progress."""
    led_trump_by_other: Optional[bool]
    """Whether a player other than the bidder has led a trump (null when this player does
    not know the trump)."""
    last_trick: list[list[Any]]
    """The last finished trick as ``[seat, card]`` pairs."""
    tricks_played: int
    """Tricks finished in this hand."""
    played: list[Card]
    """Cards played in this hand."""
    points: list[int]
    """Card points each side has taken in this hand."""
    pair_by: Optional[int]
    """The seat that showed a pair (the trump King and Queen)."""
    target: Optional[int]
    """The bidder's side's target after a pair, once the contract is made."""
    last_result: Optional[dict[str, Any]]
    """The last hand's result: ``kind``, ``declarer``, ``contract``, ``target``, ``points``,
    ``gains``."""
    winner: Optional[int]
    """The side that won the match."""

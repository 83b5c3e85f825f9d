"""The shape of ``State.observation(player)`` in TwentyEight's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


class TwentyEightObservation(Observation):
    """Twenty-eight and relatives (``docs/rules/twenty_eight.md``)."""

    dealer: int
    hand_sizes: list[int]
    auction: list[list[Any]]
    high_bid: Optional[int]
    bidder: Optional[int]
    contract: Optional[int]
    trump: Optional[str]
    indicator: Optional[Card]
    indicator_down: bool
    seventh_card: bool
    revealed: bool
    doubled: int
    c: bool
    soloist: Optional[int]
    half_court: bool
    leader: int
    caller: Optional[int]
    led_trump_by_other: Optional[bool]
    last_trick: list[list[Any]]
    tricks_played: int
    played: list[Card]
    points: list[int]
    pair_by: Optional[int]
    target: Optional[int]
    last_result: Optional[dict[str, Any]]
    winner: Optional[int]

# Generated from the engine's observation schema by `python -m hukm._observation_types`;
# do not edit (tests/package/test_observation_schema.py fails when they differ).
"""The shape of ``State.observation(player)`` in Hokm's presets (see :mod:`hukm.observations`)."""

from __future__ import annotations

from typing import Any, Optional

from ...observations import Card, Observation


class _HokmAlways(Observation):
    """The keys of every Hokm observation after :class:`~hukm.observations.Observation`'s."""

    dealer: int
    """The dealer of this hand."""
    hakem: int
    """The Hakem (trump-caller; Dab Rang: the boss)."""
    seating: list[int]
    """The player at each seat after the ace draw (``partnership_by_draw``; else in seat
    order)."""
    trump: Optional[str]
    """The trump suit when this player knows it (null before the call and while hidden)."""
    trump_card: Optional[Card]
    """The card that fixed a blind or drawn trump."""
    hand_sizes: list[int]
    """How many cards each seat holds."""
    leader: int
    """The seat that led the trick in progress."""
    tricks_won: list[int]
    """Tricks won in this hand, per side or seat."""
    played: str
    """Cards of completed tricks, ``+``-joined."""
    tricks: list[dict[str, Any]]
    """Completed tricks: ``leader``, ``cards`` (in seat order), ``winner``."""
    legal_actions: list[str]
    """The legal actions when this player is to act, else empty."""


class HokmObservation(_HokmAlways, total=False):
    """Hokm's observations: the keys below only in some presets or phases."""

    taps: list[int]
    """``thaap``: the tricks played at each table tap."""
    auction: list[dict[str, Any]]
    """Dab Rang's auction: ``seat`` and ``bid`` (null: a pass) in order."""
    bid: Optional[int]
    """Dab Rang's winning bid (null before it is made)."""
    boss: Optional[int]
    """Dab Rang's boss, the winning bidder."""
    trump_hidden: bool
    """Whether the trump is still face down."""
    indicator: Optional[Card]
    """The face-down trump card: the Hakem sees it, others once it is shown."""
    signals: list[dict[str, Any]]
    """Satat's signals: ``seat``, ``card`` and ``signal``."""
    pass_cards: int
    """Satat's passing after a kot: how many cards each player gives (1 after a kot, 2 after
    a bavney)."""
    gave: bool
    """Satat's passing after a kot: whether this player has made his ``give:``."""
    heap: int
    """Tricks lying in the heap."""
    heap_prev: Optional[int]
    """The player whose win of the previous trick still counts towards a pair."""
    collected: list[int]
    """Tricks collected by each side."""
    tens: list[int]
    """Tens collected by each side."""
    trick_number: int
    """The trick being played, counted from 1."""
    discarded: str
    """Two players: the cards this player put away."""
    stock: int
    """Two players: the cards left in the stock."""
    drawn: Optional[Card]
    """Two players: the card this player draws, while he decides on it."""
    partner_hand: str
    """``kot_choice_partners_view``: the partner's hand, shown to both players of the side
    that won the first seven tricks while the 7th trick's winner chooses to stop or
    continue."""
    last_result: dict[str, Any]
    """The last hand's result: ``winner``, ``kind``, ``tricks``, ``points``, ``tens``."""
    seat: int
    """With a dummy: the seat this player sits at."""
    table: list[int]
    """With a dummy: the player at each seat."""
    dummy_hand: Optional[str]
    """With a dummy: the dummy's cards, once dealt."""

# Generated from the engine's observation schema by `python -m hukm._observation_types`;
# do not edit (tests/package/test_observation_schema.py fails when they differ).
"""The documented shape of ``State.observation(player)``: what a player may see, as plain
data, one :class:`typing.TypedDict` per game, generated from the engine's schema
(:func:`hukm._core.core_observation` and each game's ``Description.observation``).

Every game's observation starts with the keys of :class:`Observation`, in that order and
with those types; each game adds its own keys after them (its ``observation.py``,
``hukm/games/<family>/observation.py``). A key that exists only in some presets or
phases is marked as not required. Each game's class names its type
(``observation_type``: the class of a game imports its own, the generic
:class:`Observation` by default); :func:`observation_types` reads them all.

>>> import hukm
>>> game = hukm.game(hukm.games()[0].name)
>>> game.observation_type.__name__ == type(game).__name__ + "Observation"
True
>>> list(game.new_game(seed=1).observation(0))[:7]
['player', 'phase', 'current_player', 'hand_number', 'hand', 'trick', 'scores']
"""

from __future__ import annotations

from typing import Any, TypedDict

Card = str
"""A card in the notation of its pack (``AS``, ``9GH``, ``KRA``)."""


class Observation(TypedDict):
    """The keys every game's observation begins with."""

    player: int
    """The observing player."""
    phase: str
    """The phase's name (``play``, ``bid``, ``trump``, ``over`` ...)."""
    current_player: int
    """The player to act; -1 when the state is terminal."""
    hand_number: int
    """The hand (deal) being played, counted from 1."""
    hand: list[Card]
    """The observer's own cards: suits in the pack's order, strongest first, or in the order
    received in a game where that order counts."""
    trick: list[list[Any]]
    """The trick in progress as ``[seat, card]`` pairs in play order (a lead of several
    cards gives one pair per card; always empty in a game without tricks)."""
    scores: list[int]
    """The match scores, per side or per seat as the game keeps them."""


def observation_types() -> dict[str, type]:
    """The observation type of each game module, as each game class names it
    (``observation_type``).

    >>> import hukm
    >>> sorted(observation_types()) == sorted({info.family for info in hukm.games()})
    True
    """
    from ._families import CLASSES

    return {family: cls.observation_type for family, cls in CLASSES.items()}

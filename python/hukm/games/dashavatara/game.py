"""Dashavatara Ganjifa, CARDAVIA rules (``docs/rules/dashavatara.md``)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ... import _core
from ..._check import ints
from ..._game import GameBase
from .observation import DashavataraObservation


class Dashavatara(GameBase):
    """Dashavatara Ganjifa for three players: 120 cards, a trump fixed by day
    (Rama) or night (Krishna), the opening with the trump Raja alone, ducal
    sequences, one point per captured card.

    Options are the names of ``docs/rules/dashavatara.md`` §10 (``period="night"``,
    ``void_scan="skip_trump"``, ``ducal=False``, ``ducal_run="top_run"``,
    ``ducal_length="maximal"``, ``avatar_list="balarama_krishna"``,
    ``ninth_name="jagannath"``, ``deals=3``); an unknown option or a bad value
    raises :class:`hukm.OptionError` listing the valid ones.

    Actions are cards (``5NA``), ducals (``KPA+VPA+6PA+5PA+4PA``) and, when
    answering a ducal, one card per action (a ``+`` group is accepted as
    shorthand). ``R`` and ``M`` are read as ``K`` and ``V``.

    >>> import hukm
    >>> game = hukm.Dashavatara()
    >>> state = game.from_deal(".3....T.... .1.......4. ......6...9", leader=0)
    >>> state.legal_actions()
    ['3KU', 'TPA']
    >>> hukm.solve(state, player=2).value
    6
    """

    FAMILY = "dashavatara"
    observation_type = DashavataraObservation
    DEFAULT = "dashavatara"
    PRESETS = ("dashavatara",)

    @property
    def trump(self) -> str:
        """The trump suit's code (``RA`` by day, ``KR`` by night)."""
        return str(self._game.facts["trump"])

    def new_game(self, seed: int = 0) -> _core.State:
        """A whole game of ``deals`` deals (terminal at the end of the last).

        The first dealer and every shuffle draw from a generator seeded by
        ``seed``; the holder of the trump Raja opens with it alone.

        >>> s = Dashavatara(period="night").new_game(seed=7)
        >>> s.legal_actions()
        ['KKR']
        """
        return super().new_game(seed)

    def deal(self, seed: int = 0) -> str:
        """The full deal of the first deal of ``new_game(seed)``, seat 0 first.

        >>> len(Dashavatara().deal(7).split())
        3
        """
        return super().deal(seed)

    def from_deal(
        self,
        deal: str,
        leader: Optional[int] = None,
        captured: Optional[Sequence[int]] = None,
    ) -> _core.State:
        """One deal from a position (terminal when the hands are empty).

        ``deal`` lists three compact hands of equal size in seat order. With
        ``leader=None`` a hand must hold the trump Raja and the deal starts with
        the opening (§5.1); with a leader the position is at a trick boundary
        after the opening. ``captured`` gives the cards each seat captured
        before the position (they count in ``returns()`` and in the solver's
        value, §13).
        """
        return self._from_deal(deal, leader=leader, captured=ints(captured, "captured"))

    def seeded_roles(self, observation: dict[str, Any]) -> list[str]:
        """The trump, which the period fixes (see :meth:`GameBase.seeded_roles`)."""
        return [f"trump {observation['trump']} ({observation['period']})"]

    def deal_notes(self, state: _core.State) -> list[str]:
        """Who opens: the holder of the trump Raja (see :meth:`GameBase.deal_notes`)."""
        return [f"Seat {state.current_player} holds the trump Raja and opens with it."]

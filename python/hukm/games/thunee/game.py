"""Thunee, the South African jack-nine game (``docs/rules/thunee.md``)."""

from __future__ import annotations

from typing import Optional

from ... import _core
from ..._game import GameBase
from ..._options import OptionValue
from .observation import ThuneeObservation


class Thunee(GameBase):
    """A game of Thunee: a preset plus named options.

    Presets: ``thunee4`` (default; ``thunee`` is an alias), ``thunee4_plain``,
    ``thunee4_app``, ``thunee2`` and ``thunee6``. Options are the names of
    ``docs/rules/thunee.md`` §12 (``royals=False``, ``last_trick="bonus"``,
    ``undercut="forbidden"``, ``dd_mode="sweep"`` ...); an unknown option or a
    bad value raises :class:`hukm.OptionError` listing the valid ones.
    Actions are ``bid:10`` … ``bid:104``, ``pass``, ``indicator:QS``,
    ``trump:last``, ``redeal``, ``thunee``, ``royals``, ``blind_thunee``,
    ``blind_royals``, ``jodhi:H``, ``double``, ``khanuck`` and cards.

    >>> import hukm
    >>> game = hukm.Thunee()
    >>> state = game.from_deal("T.KQ.Q.J9 AQ.AT..KQ 9.J.9AT.A JK.9.JK.T", trump="S")
    >>> state.current_player, state.legal_actions()
    (2, ['9S', 'JH', '9D', 'AD', 'TD', 'AC'])
    """

    FAMILY = "thunee"
    observation_type = ThuneeObservation
    DEFAULT = "thunee4"
    PRESETS = ("thunee4", "thunee4_plain", "thunee4_app", "thunee2", "thunee6")

    def __init__(self, preset: str = "thunee4", **options: OptionValue) -> None:
        preset = "thunee4" if preset == "thunee" else preset
        super().__init__(preset, **options)

    @property
    def total_points(self) -> int:
        """Card points in the pack (304).

        >>> Thunee().total_points
        304
        """
        return int(self._game.facts["total_points"])

    def from_deal(
        self,
        deal: str,
        trump: Optional[str] = None,
        trumper: Optional[int] = None,
        bid: Optional[int] = None,
        *,
        leader: Optional[int] = None,
        thunee: Optional[int] = None,
        royals: Optional[int] = None,
        stock: Optional[str] = None,
    ) -> _core.State:
        """One hand of trick play from a position (terminal when the hand ends).

        ``deal`` lists compact hands in seat order (shorter hands describe an
        endgame). A normal hand takes ``trump`` (a suit), ``trumper`` (default
        seat 1) and ``bid`` (default 0); the leader defaults to the trumper's
        right-hand neighbour. A Thunee or Royals takes ``thunee=`` or
        ``royals=`` the caller's seat instead (he leads, and his first card
        fixes trumps). ``stock`` (``thunee2``) gives the second round's two
        hands. Card points, tricks and Jodhi count from the position on.

        >>> s = Thunee().from_deal(".9AT.9AT. K.KQ.KQ.J J9AT.J.J. Q...9ATKQ", thunee=2)
        >>> s.current_player, s.phase
        (2, 'play')
        """
        return self._from_deal(
            deal,
            trump=trump,
            trumper=trumper,
            bid=bid,
            leader=leader,
            thunee=thunee,
            royals=royals,
            stock=stock,
        )

    @staticmethod
    def state_unit(state: _core.State, unit: str) -> str:
        """Once Thunee or Royals is called, a hand's value is in balls.

        >>> import hukm
        >>> Thunee.state_unit(hukm.game("thunee4").new_game(1), "card points")
        'card points'
        """
        return "balls" if state.observation(0).get("special") is not None else unit

"""Twenty-eight and its relatives: 28, 29, West Bengal 28, 40 and 56 (``docs/rules/twenty_eight.md``)."""

from __future__ import annotations

from typing import Any, Optional

from ... import _core
from ..._check import whole
from ..._game import GameBase
from ..._options import OptionValue
from .observation import TwentyEightObservation

OUTCOMES = ("failed", "void", "made")
"""Names of the values of ``hukm.solve(state, target=t)`` for Twenty-eight states."""


class TwentyEight(GameBase):
    """A game of the Twenty-eight family: a preset plus named options.

    Presets: ``28`` (default), ``29``, ``28_wb`` (West Bengal), ``40`` (six
    players, threes added) and ``56`` (double pack, six players). Options are
    the names of ``docs/rules/twenty_eight.md`` §12 (``doubling=True``,
    ``seventh_card=True``, ``unrevealed_trump="forced_last"`` ...); an unknown
    option or a bad value raises :class:`hukm.OptionError` listing the valid ones.

    >>> import hukm
    >>> game = hukm.TwentyEight("28")
    >>> state = game.from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", bidder=0, leader=0, trump="H")
    >>> state.legal_actions()
    ['JS', '9S', 'AD']
    """

    FAMILY = "twenty_eight"
    observation_type = TwentyEightObservation
    DEFAULT = "28"
    PRESETS = ("28", "29", "28_wb", "40", "56")
    TABLE_NEEDS_LEADER = True
    HAS_TABLE = True

    def __init__(self, preset: str = "28", **options: OptionValue) -> None:
        super().__init__(str(preset), **options)

    @property
    def total_points(self) -> int:
        """Card points in a hand (28, 29, 40 or 56; less with ``kq_negative``)."""
        return int(self._game.facts["total_points"])

    @property
    def bid_range(self) -> tuple[int, int]:
        """The lowest and the highest bid."""
        f = self._game.facts
        return int(f["min_bid"]), int(f["max_bid"])

    def new_game(self, seed: int = 0) -> _core.State:
        """A whole match from its first deal (terminal when the match ends).

        >>> s = TwentyEight().new_game(seed=7)
        >>> s.phase, s.legal_actions()[0]
        ('bid', 'bid:14')
        """
        return super().new_game(seed)

    def deal(self, seed: int = 0) -> str:
        """The full deal (both halves) of the first hand of ``new_game(seed)``, seat 0 first.

        >>> len(TwentyEight().deal(3).split())
        4
        """
        return super().deal(seed)

    def from_deal(
        self,
        deal: str,
        bidder: int,
        leader: int,
        trump: Optional[str] = None,
        indicator: Optional[str] = None,
        contract: Optional[int] = None,
    ) -> _core.State:
        """One hand of trick play from a position (terminal when the hand ends).

        ``deal`` lists compact hands in seat order, all of the same size (a
        full hand or an endgame). Give exactly one of ``trump`` (a suit: trumps
        are open from trick 1, the standard analysis) and ``indicator`` (a card
        of the bidder's hand, laid aside face down: phase 1 of §6).
        ``contract`` defaults to the lowest bid. ``returns()`` of a position
        are the card points of each seat's side.

        >>> s = TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", 0, 1, indicator="AD")
        >>> s.legal_actions()
        ['7S', 'KH', 'QH']
        """
        return self._from_deal(
            deal, bidder=bidder, leader=leader, trump=trump, indicator=indicator, contract=contract
        )

    def _table_request(self, leader: Optional[int], layout: Optional[str]) -> tuple[dict[str, Any], Optional[int]]:
        from ..._errors import OptionError, StateError

        if layout not in (None, "bidder"):
            raise OptionError(f"bad layout {layout!r} for the table of {self.preset}; layouts: bidder")
        if leader is None:
            raise StateError(f"the table of {self.preset} needs leader= (the seat that leads the first trick)")
        return {"leader": whole(leader, "leader", 0, self.num_players - 1)}, None

    def seeded_roles(self, observation: dict[str, Any]) -> list[str]:
        """Who does what in a seeded deal besides the dealer, for the command line's
        heading: the seat after the dealer bids first.

        >>> TwentyEight().seeded_roles({"dealer": 3})
        ['seat 0 bids first']
        """
        return [f"seat {(observation['dealer'] + 1) % self.num_players} bids first"]

"""Naqsh, the Ganjifa banking game of 17 (``docs/rules/naqsh.md``)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ... import _core
from ..._check import ints, whole
from ..._game import GameBase
from .observation import NaqshObservation


class Naqsh(GameBase):
    """A Naqsh game: its named options, from which states are made.

    Options are the names of ``docs/rules/naqsh.md`` §10 (``pack="euro48"``,
    ``players=4``, ``mode="pool"``, ``special21=True``, ``combos=True`` ...); an
    unknown option or a bad value raises :class:`hukm.OptionError` listing the
    valid ones. Actions are ``draw``, ``stand`` and, with
    ``stake_mode="after_first_card"``, ``stake:n``.

    >>> import hukm
    >>> game = hukm.Naqsh(players=3)
    >>> state = game.from_deal("9.6...... 8.7...... T.5......", banker=2, stock="2GH+KGH")
    >>> state.current_player, state.legal_actions()
    (0, ['draw', 'stand'])
    """

    FAMILY = "naqsh"
    observation_type = NaqshObservation
    DEFAULT = "naqsh"
    PRESETS = ("naqsh",)
    REVIEW_UNITS = {"net result": "net stakes"}

    def new_game(self, seed: int = 0, *, banker: Optional[int] = None) -> _core.State:
        """A whole match (``hands`` hands, default one per player), seeded by ``seed``.

        The first banker is drawn at random unless ``banker`` is given; the bank
        passes to the right (the next seat) after each hand.
        """
        return self._new_game(seed, banker=banker)

    def from_deal(
        self,
        deal: str,
        banker: int,
        stock: Optional[str] = None,
        *,
        stakes: Optional[Sequence[int]] = None,
        seed: int = 0,
    ) -> _core.State:
        """One hand from a position, starting with the first punter's turn.

        ``deal`` gives each seat's first two cards in compact form, seat 0
        first; ``stock`` the stock from the top, cards joined by ``+`` (when
        omitted, the rest of the pack shuffled by ``seed``); ``stakes`` one
        stake per seat (the banker's entry is ignored; default the ``stake``
        unit). The state is terminal when the hand is settled.
        """
        return self._from_deal(
            deal,
            banker=banker,
            stock=stock,
            stakes=ints(stakes, "stakes"),
            seed=seed or None,
        )

    def deal(self, seed: int = 0, banker: int = 0) -> str:
        """Each seat's first two cards of the first hand of ``new_game(seed, banker=banker)``.

        >>> deal = Naqsh(players=2).deal(seed=3)
        >>> len(deal.split()), len(Naqsh(players=2).stock(seed=3).split("+"))
        (2, 92)
        """
        return self._deal(seed, banker=banker)

    def stock(self, seed: int = 0, banker: int = 0) -> str:
        """The stock, top first, cards joined by ``+``, of the hand :meth:`deal` deals."""
        whole(seed, "seed")
        whole(banker, "banker", 0, self.num_players - 1)
        stock: str = self._game.extra("stock", {"seed": seed, "banker": banker})
        return stock

    def seeded_roles(self, observation: dict[str, Any]) -> list[str]:
        """The banker (see :meth:`GameBase.seeded_roles`)."""
        banker = observation.get("banker")
        return [] if banker is None else [f"banker seat {banker}"]

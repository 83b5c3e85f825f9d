"""Naqsh, the Ganjifa banking game of 17 (``rules/naqsh.md``)."""

from __future__ import annotations

from typing import Optional, Sequence

from . import _core
from ._check import optional_whole, whole, wholes
from ._options import OptionValue, option_pairs


class Naqsh:
    """A Naqsh game: its named options, from which states are made.

    Options are the names of ``rules/naqsh.md`` §10 (``pack="euro48"``,
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

    def __init__(self, **options: OptionValue) -> None:
        self._game = _core.Naqsh(option_pairs(options))

    @property
    def num_players(self) -> int:
        """Number of players, banker included."""
        return self._game.num_players

    @property
    def options(self) -> dict[str, str]:
        """The options given, normalised (switches as ``on``/``off``)."""
        return self._game.options

    def new_game(self, seed: int = 0, *, banker: Optional[int] = None) -> _core.State:
        """A whole match (``hands`` hands, default one per player), seeded by ``seed``.

        The first banker is drawn at random unless ``banker`` is given; the bank
        passes to the right (the next seat) after each hand.
        """
        return self._game.new_game(
            whole(seed, "seed"), optional_whole(banker, "banker", 0, self.num_players - 1)
        )

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
        n = self.num_players
        return self._game.from_deal(
            deal,
            whole(banker, "banker", 0, n - 1),
            stock,
            wholes(stakes, "stakes", 0, 1 << 40),
            whole(seed, "seed"),
        )

    def deal(self, seed: int = 0, banker: int = 0) -> tuple[str, str]:
        """The first hand of ``new_game(seed, banker=banker)``: (first two cards per seat, stock).

        >>> deal, stock = Naqsh(players=2).deal(seed=3)
        >>> len(deal.split()), len(stock.split("+"))
        (2, 92)
        """
        return self._game.deal(whole(seed, "seed"), whole(banker, "banker", 0, self.num_players - 1))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in sorted(self.options.items()))
        return f"hukm.Naqsh({opts})"

"""Dugi, partnership Ganjifa (``rules/ganjifa.md`` Part B)."""

from __future__ import annotations

from typing import Optional

from . import _core
from ._check import optional_whole, whole
from ._options import OptionValue, option_pairs


class Dugi:
    """A Dugi game: four players, seats 0 and 2 against 1 and 3.

    The side dealt the lead King (the challengers) must take every trick;
    the defenders win the hand with one trick. Options are the names of
    ``rules/ganjifa.md`` B.10 (``pack``, ``period``, ``reversed_set``,
    ``lead_suit_by``, ``king_pass``, ``hand_stake``, ``hands``). Actions are
    cards, ``offer``, ``pass``, ``accept:5SR``, ``ask`` and ``name:TJ``.

    >>> import hukm
    >>> state = hukm.Dugi().from_deal("KV...3.... 5.T9...... .4..2..1.. 2...1..T..", leader=0)
    >>> state.legal_actions()
    ['KGH', 'VGH', '3SF']
    """

    def __init__(self, **options: OptionValue) -> None:
        self._game = _core.Dugi(option_pairs(options))

    @property
    def num_players(self) -> int:
        """Number of players (always 4)."""
        return self._game.num_players

    @property
    def suits(self) -> list[tuple[str, str]]:
        """The pack's suits as (code, name) pairs, in notation order."""
        return self._game.suits

    @property
    def options(self) -> dict[str, str]:
        """The options given, normalised (switches as ``on``/``off``)."""
        return self._game.options

    def new_game(self, seed: int = 0, *, dealer: Optional[int] = None) -> _core.State:
        """A whole match (``hands`` hands) seeded by ``seed``.

        >>> hukm_state = Dugi().new_game(seed=1)
        >>> hukm_state.phase
        'king_pass'
        """
        return self._game.new_game(whole(seed, "seed"), optional_whole(dealer, "dealer", 0, 3))

    def from_deal(self, deal: str, leader: Optional[int] = None, *, seed: int = 0) -> _core.State:
        """One hand from a position: compact hands, seat 0 first.

        With ``leader=None`` the holder of the lead King and his partner
        challenge (after the King pass when ``king_pass`` is on); with a
        leader, his side challenges and he leads.
        """
        return self._game.from_deal(deal, optional_whole(leader, "leader", 0, 3), whole(seed, "seed"))

    def deal(self, seed: int = 0, *, dealer: Optional[int] = None) -> str:
        """The hands of ``new_game(seed, dealer=dealer)``'s first deal, compact, seat 0 first."""
        return self._game.deal(whole(seed, "seed"), optional_whole(dealer, "dealer", 0, 3))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in sorted(self.options.items()))
        return f"hukm.Dugi({opts})"

"""Dashavatara Ganjifa, CARDAVIA rules (``rules/dashavatara.md``)."""

from __future__ import annotations

from typing import Optional, Sequence

from . import _core
from ._check import optional_whole, whole, wholes
from ._options import OptionValue, option_pairs


class Dashavatara:
    """Dashavatara Ganjifa for three players: 120 cards, a trump fixed by day
    (Rama) or night (Krishna), the opening with the trump Raja alone, ducal
    sequences, one point per captured card.

    Options are the names of ``rules/dashavatara.md`` §10 (``period="night"``,
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

    def __init__(self, **options: OptionValue) -> None:
        self._game = _core.Dashavatara(option_pairs(options))

    @property
    def num_players(self) -> int:
        """Number of seats (3)."""
        return self._game.num_players

    @property
    def options(self) -> dict[str, str]:
        """The options given, normalised (switches as ``on``/``off``)."""
        return self._game.options

    @property
    def suits(self) -> list[str]:
        """The suit codes in avatar order (the order of compact hands)."""
        return self._game.suits

    @property
    def trump(self) -> str:
        """The trump suit's code (``RA`` by day, ``KR`` by night)."""
        return self._game.trump

    def new_game(self, seed: int = 0) -> _core.State:
        """A whole game of ``deals`` deals (terminal at the end of the last).

        The first dealer and every shuffle draw from a generator seeded by
        ``seed``; the holder of the trump Raja opens with it alone.

        >>> s = Dashavatara(period="night").new_game(seed=7)
        >>> s.legal_actions()
        ['KKR']
        """
        return self._game.new_game(whole(seed, "seed"))

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
        cap = wholes(captured, "captured", 0, 120)
        if cap is not None and len(cap) != 3:
            from ._errors import StateError

            raise StateError(f"captured needs three counts (one per seat), got {len(cap)}")
        return self._game.from_deal(deal, optional_whole(leader, "leader", 0, 2), cap)

    def deal(self, seed: int = 0) -> str:
        """The full deal of the first deal of ``new_game(seed)``, seat 0 first.

        >>> len(Dashavatara().deal(7).split())
        3
        """
        return " ".join(self._game.new_game(whole(seed, "seed")).hands())

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in sorted(self.options.items()))
        return f"hukm.Dashavatara({opts})"

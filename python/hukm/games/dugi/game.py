"""Dugi, partnership Ganjifa (``docs/rules/ganjifa.md`` Part B)."""

from __future__ import annotations

from typing import Optional

from ... import _core
from ..._game import GameBase, lead_king_note
from .observation import DugiObservation


class Dugi(GameBase):
    """A Dugi game: four players, seats 0 and 2 against 1 and 3.

    The side dealt the lead King (the challengers) must take every trick;
    the defenders win the hand with one trick. Options are the names of
    ``docs/rules/ganjifa.md`` B.10 (``pack``, ``period``, ``reversed_set``,
    ``lead_suit_by``, ``king_pass``, ``hand_stake``, ``hands``). Actions are
    cards, ``offer``, ``pass``, ``accept:5SR``, ``ask`` and ``name:TJ``.

    >>> import hukm
    >>> state = hukm.Dugi().from_deal("KV...3.... 5.T9...... .4..2..1.. 2...1..T..", leader=0)
    >>> state.legal_actions()
    ['KGH', 'VGH', '3SF']
    """

    FAMILY = "dugi"
    observation_type = DugiObservation
    DEFAULT = "dugi"
    PRESETS = ("dugi",)

    def new_game(self, seed: int = 0, *, dealer: Optional[int] = None) -> _core.State:
        """A whole match (``hands`` hands) seeded by ``seed``.

        >>> hukm_state = Dugi().new_game(seed=1)
        >>> hukm_state.phase
        'king_pass'
        """
        return self._new_game(seed, dealer=dealer)

    def deal(self, seed: int = 0, *, dealer: Optional[int] = None) -> str:
        """The hands of ``new_game(seed, dealer=dealer)``'s first deal, compact, seat 0 first."""
        return self._deal(seed, dealer=dealer)

    def from_deal(self, deal: str, leader: Optional[int] = None, *, seed: int = 0) -> _core.State:
        """One hand from a position: compact hands, seat 0 first.

        With ``leader=None`` the holder of the lead King and his partner
        challenge (after the King pass when ``king_pass`` is on); with a
        leader, his side challenges and he leads.
        """
        return self._from_deal(deal, leader=leader, seed=seed or None)

    lead_king_verb = "challenges"
    """What the holder of the lead suit's King does in a seeded deal (the command line)."""

    def deal_notes(self, state: _core.State) -> list[str]:
        """Who holds the lead suit's King and what he does with it (see
        :meth:`GameBase.deal_notes`)."""
        return lead_king_note(self, state, self.lead_king_verb)

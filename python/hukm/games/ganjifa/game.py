"""Individual Ganjifa (``docs/rules/ganjifa.md`` Part A): 3 or 4 players, each for himself."""

from __future__ import annotations

from typing import Optional

from ... import _core
from ..._game import GameBase, lead_king_note
from .observation import GanjifaObservation


class Ganjifa(GameBase):
    """An individual Ganjifa game: its named options, from which states are made.

    Options are the names of ``docs/rules/ganjifa.md`` A.11 (``players=4``,
    ``pack="dashavatara"``, ``lead_rules="wilkins"``, ``period="night"``,
    ``settlement="pairwise"`` ...); an unknown option or a bad value raises
    :class:`hukm.OptionError` listing the valid ones. Actions are the strings
    of A.3.5: cards (``9CH``), leads joined by ``+`` (``KGH+VGH``),
    ``deni:9CH``, ``double``, ``pass``, ``name:SR``, ``pick:3``,
    ``facedown:5TJ:QM``, ``give:1GH``, ``challenge:2`` and ``blind``.

    >>> import hukm
    >>> game = hukm.Ganjifa()
    >>> state = game.from_deal("..74.....8 .3.9.....5 .6.2....1.", leader=1)
    >>> state.legal_actions()
    ['9SM+5QM']
    >>> game.suits[0], game.suit_names[0]
    ('GH', 'Ghulam')
    """

    FAMILY = "ganjifa"
    observation_type = GanjifaObservation
    DEFAULT = "ganjifa"
    PRESETS = ("ganjifa",)

    def new_game(self, seed: int = 0, *, dealer: Optional[int] = None) -> _core.State:
        """A whole match seeded by ``seed``; the first dealer at random unless given.

        >>> state = Ganjifa().new_game(seed=7)
        >>> state.phase, len(state.legal_actions())
        ('play', 31)
        """
        return self._new_game(seed, dealer=dealer)

    def deal(self, seed: int = 0, *, dealer: Optional[int] = None) -> str:
        """The hands ``new_game(seed, dealer=dealer)`` deals, in compact form, seat 0 first.

        >>> len(Ganjifa().deal(seed=7).split())
        3
        """
        return self._deal(seed, dealer=dealer)

    def from_deal(
        self,
        deal: str,
        leader: Optional[int] = None,
        *,
        phase2: bool = False,
        seed: int = 0,
    ) -> _core.State:
        """One hand from a position, at a lead boundary.

        ``deal`` gives the hands in the pack's compact notation, seat 0 first.
        With ``leader=None`` the opening is due (the holder of the lead King
        leads it with one other card); with a leader the opening counts as
        made and ``leader`` leads under the lead priority. ``phase2=True``
        (``lead_rules="wilkins"`` only) starts in Wilkins' second phase.
        ``seed`` drives the blind surrenders. The state is terminal when the
        hands are empty; ``returns()`` is then the hand's settlement.
        """
        return self._from_deal(deal, leader=leader, phase2=phase2 or None, seed=seed or None)

    lead_king_verb = "opens"
    """What the holder of the lead suit's King does in a seeded deal (the command line)."""

    def deal_notes(self, state: _core.State) -> list[str]:
        """Who holds the lead suit's King and what he does with it (see
        :meth:`GameBase.deal_notes`)."""
        return lead_king_note(self, state, self.lead_king_verb)

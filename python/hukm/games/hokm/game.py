"""Hokm and the Court Piece / Rang family (``docs/rules/hokm.md``)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np
import numpy.typing as npt

from ... import _core
from ..._check import MAX_THREADS, ints, optional_whole, whole
from ..._game import GameBase
from ..._options import OptionValue
from .observation import HokmObservation


class Hokm(GameBase):
    """A Hokm game: a preset plus named options, from which states are made.

    Presets: ``hokm4`` (default), ``hokm3``, ``hokm2``, ``court_piece``,
    ``single_sar``, ``double_sar``, ``dehla_pakad``, ``be_ranga``,
    ``dab_rang``, ``dummy_rang``, ``satat`` and ``trup_kasiet``. Options are the names of
    ``docs/rules/hokm.md`` §12 (``stop_rule="play_all"``, ``deal_batches="5-3-3-2"``,
    ``random_trump=True`` ...); an unknown option or a bad value raises
    :class:`hukm.OptionError` listing the valid ones.

    >>> import hukm
    >>> game = hukm.Hokm()
    >>> state = game.from_deal(
    ...     "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
    ...     trump="S", leader=0)
    >>> state.legal_actions()[:3]
    ['AS', 'KS', 'JS']
    """

    FAMILY = "hokm"
    observation_type = HokmObservation
    DEFAULT = "hokm4"
    PRESETS = (
        "hokm4", "hokm3", "hokm2", "court_piece", "single_sar", "double_sar", "dummy_rang",
        "dab_rang", "satat", "trup_kasiet", "dehla_pakad", "be_ranga",
    )
    HAS_TABLE = True
    TRUMP_CALLER = "hakem"

    def __init__(self, preset: str = "hokm4", **options: OptionValue) -> None:
        super().__init__(preset, **options)

    @property
    def num_seats(self) -> int:
        """Number of seats at the table (four in Dummy Rang, for three players)."""
        return 4 if self.preset == "dummy_rang" else self.num_players

    def new_game(
        self,
        seed: int = 0,
        *,
        scores: Optional[Sequence[int]] = None,
        dealer: Optional[int] = None,
    ) -> _core.State:
        """A whole match from its first deal (terminal when the match ends).

        Every chance event draws from a generator seeded by ``seed``; the same
        seed and actions give the same match on every platform. ``scores`` (one
        per side) and ``dealer`` start the match from a given situation, e.g.
        ``new_game(7, scores=[4, 5], dealer=0)``: the Hakem is then the next
        seat after the dealer.
        """
        sc = ints(scores, "scores")
        return self._new_game(seed, scores=sc, dealer=dealer)

    def from_deal(
        self,
        deal: str,
        trump: Optional[str],
        leader: int,
        hakem: Optional[int] = None,
        tricks_won: Optional[Sequence[int]] = None,
        *,
        heap: Optional[int] = None,
        prev: Optional[int] = None,
        prev_ace: bool = False,
        tens: Optional[Sequence[int]] = None,
        heap_tens: Optional[int] = None,
    ) -> _core.State:
        """One hand of trick play from a position (terminal when the hand ends).

        ``deal`` lists compact hands in seat order (equal sizes, possibly fewer
        than a full hand); ``trump`` is ``"S"``, ``"H"``, ``"D"``, ``"C"`` or
        ``None`` for no trump; ``hakem`` defaults to the leader; ``tricks_won``
        gives the tricks already won per side (four players: ``[team 0-2,
        team 1-3]``; otherwise per seat); in the heap presets (``double_sar``,
        ``dehla_pakad``) these are the tricks already *collected*.

        Heap presets also take the heap: ``heap`` tricks lie uncollected
        (default: every trick played and not collected), ``prev`` is the player
        whose win of the previous trick still counts towards a pair (and
        ``prev_ace`` whether an ace won it), ``tens`` the tens each side has
        collected and ``heap_tens`` those lying in the heap.
        """
        return self._from_deal(
            deal,
            trump=trump,
            leader=leader,
            hakem=hakem,
            tricks_won=ints(tricks_won, "tricks_won"),
            heap=heap,
            prev=prev,
            prev_ace=prev_ace or None,
            tens=ints(tens, "tens"),
            heap_tens=heap_tens,
        )

    def _table_rows(self) -> list[str]:
        return self.suits + ["N"]

    def _table_request(self, leader: Optional[int], layout: Optional[str]) -> tuple[dict[str, Any], Optional[int]]:
        seat = optional_whole(leader, "leader", 0, self.num_players - 1)
        if seat is not None and layout == "declarer":
            seat = (seat + self.num_players - 1) % self.num_players
        return {"layout": layout}, seat

    def random_playouts(
        self, n: int, seed: int = 0, threads: Optional[int] = None
    ) -> dict[str, npt.NDArray[np.int64]]:
        """Plays ``n`` whole hands with uniformly random legal actions in Rust.

        Returns numpy arrays: ``tricks`` and ``points`` of shape ``(n, sides)``
        and ``winner`` of shape ``(n,)`` (the winning side, -1 for none). Hand
        ``i`` depends only on ``seed`` and ``i``, never on ``threads`` (default:
        every core).

        >>> r = Hokm().random_playouts(100, seed=1)
        >>> r["tricks"].shape
        (100, 2)
        """
        return self._game.random_playouts(
            whole(n, "n", 0, 1 << 40), whole(seed, "seed"), optional_whole(threads, "threads", 1, MAX_THREADS)
        )

    @staticmethod
    def state_unit(state: _core.State, unit: str) -> str:
        """Tricks **collected** where the tricks won go to a heap that the next winner
        collects (the solver counts the heap for whoever will collect it).

        >>> import hukm
        >>> Hokm.state_unit(hukm.game("double_sar").new_game(1), "tricks")
        'tricks collected'
        """
        return "tricks collected" if unit == "tricks" and "heap" in state.observation(0) else unit

    def seeded_roles(self, observation: dict[str, Any]) -> list[str]:
        """The Hakem, where the deal has one (see :meth:`GameBase.seeded_roles`)."""
        hakem = observation.get("hakem")
        return [] if hakem is None else [f"Hakem seat {hakem}"]

    def deal_notes(self, state: _core.State) -> list[str]:
        """Who names trumps and from what, or how trumps are found (see
        :meth:`GameBase.deal_notes`)."""
        obs = state.observation(0)
        if state.phase == "trump":
            hakem = obs["hakem"]
            first5 = _core.format_hand(state.observation(hakem)["hand"], self.pack)
            return [f"The Hakem (seat {hakem}) names trumps from his first five: {first5}"]
        if state.phase == "auction":
            return ["The auction for sars starts at the dealer's right (the next seat)."]
        if state.phase == "play" and "trump" in obs and obs["trump"] is None:
            return ["Nobody calls trumps: the first player out of a suit fixes them."]
        return []

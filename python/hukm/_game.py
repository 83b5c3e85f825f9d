"""What every game class shares: one base class over the native registry
game (``hukm._core.Game``), so that each game's class only adds its own
``from_deal`` keywords and documentation.

>>> import hukm
>>> g = hukm.game("dehla_pakad")
>>> g.preset, g.num_players, g.suits
('dehla_pakad', 4, ['S', 'H', 'D', 'C'])
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Mapping, Optional

import numpy as np
import numpy.typing as npt

from . import _core
from ._check import MAX_THREADS, optional_whole, seconds, whole
from ._errors import OptionError
from ._families import CLASSES
from ._options import OptionValue, option_pairs
from .observations import Observation


def foreign_preset(name: str, owner: str, presets: tuple[str, ...]) -> str:
    """Why ``name`` is not one of ``owner``'s ``presets``: another family's preset
    (named with its family) or no preset at all.

    >>> foreign_preset("28", "Hokm", ("hokm4", "hokm3"))
    "preset '28' belongs to twenty_eight, not to Hokm; valid presets: hokm4, hokm3"
    >>> foreign_preset("hokm9", "Hokm", ("hokm4",))
    "unknown preset 'hokm9' for Hokm; valid presets: hokm4"
    """
    family = next((row[1] for row in _core.games() if row[0] == name), None)
    if family is None:
        return f"unknown preset {name!r} for {owner}; valid presets: {', '.join(presets)}"
    return f"preset {name!r} belongs to {family}, not to {owner}; valid presets: {', '.join(presets)}"


class GameBase(ABC):
    """A game of the registry: a preset plus named options, from which states are made.

    Subclasses (:class:`hukm.Hokm`, :class:`hukm.TwentyEight`, ...) set
    ``DEFAULT`` (their default preset) and ``PRESETS``; they add their own
    ``from_deal`` keywords.
    """

    FAMILY: ClassVar[str] = ""
    """The engine's game module this class plays (``hokm``, ``twenty_eight`` ...)."""
    DEFAULT: ClassVar[str] = ""
    """The preset used when none is given."""
    PRESETS: ClassVar[tuple[str, ...]] = ()
    """The presets this class plays (a subset of :func:`hukm.games`)."""
    observation_type: ClassVar[type] = Observation
    """The :class:`typing.TypedDict` documenting what ``State.observation(player)`` holds in
    this game: the keys of :class:`hukm.observations.Observation` first, then the game's
    own (each game class names its own type; the generic one by default).

    >>> import hukm
    >>> hukm.game("thunee").observation_type.__name__
    'ThuneeObservation'
    """
    CLASSES: ClassVar[dict[str, type["GameBase"]]] = CLASSES
    """Every game class by its ``FAMILY`` (the catalog, :mod:`hukm.games`, installs them)."""

    def __init__(self, preset: Optional[str] = None, **options: OptionValue) -> None:
        name = self.DEFAULT if preset is None else str(preset)
        if self.PRESETS and name not in self.PRESETS:
            raise OptionError(foreign_preset(name, type(self).__name__, self.PRESETS))
        self._game = _core.Game(name, option_pairs(options))

    @classmethod
    def _wrap(cls, native: _core.Game) -> "GameBase":
        g = cls.__new__(cls)
        g._game = native
        return g

    @property
    def preset(self) -> str:
        """The preset's name (its name in :func:`hukm.games`)."""
        return self._game.preset

    @property
    def family(self) -> str:
        """The game module (``hokm``, ``twenty_eight``, ``ganjifa``, ``dugi``, ``dashavatara``, ``naqsh``, ``thunee``)."""
        return self._game.family

    @property
    def num_players(self) -> int:
        """Number of players."""
        return self._game.num_players

    @property
    def facts(self) -> dict[str, Any]:
        """What the engine says of the preset with its options beyond the registry's row:
        the card points, the total and the bids of the point-counting games, a trump suit
        the rules fix; empty when there is nothing more.

        >>> import hukm
        >>> hukm.game("dashavatara").facts["trump"], hukm.game("hokm4").facts
        ('RA', {})
        """
        return dict(self._game.facts)

    @property
    def options(self) -> dict[str, str]:
        """Every option of the preset with the value in effect, by name: the options
        given (normalised, switches as ``on``/``off``) and the values they imply, then
        the values that depend on other options as the game resolved them, then the
        preset's defaults. Hokm's ``points_bavney`` appears only when given (unset, a
        Bavney scores as a kot). :attr:`given_options` holds only what was given.

        >>> import hukm
        >>> o = hukm.Hokm().options
        >>> o["stop_rule"], o["players"], o["target_kots"], o["random_trump"]
        ('first_to_7', '4', '5', 'off')
        >>> hukm.Hokm("court_piece", stop_rule="play_all").options["stop_rule"]
        'play_all'
        >>> hukm.TwentyEight("29").options["last_trick_bonus"]
        'on'
        """
        return dict(self._game.effective_options)

    @property
    def given_options(self) -> dict[str, str]:
        """The options given, normalised (switches as ``on``/``off``), with the values
        they imply: what makes this game again with ``hukm.game(preset, **given_options)``.

        >>> import hukm
        >>> hukm.Hokm().given_options, hukm.Hokm(random_trump=True).given_options
        ({}, {'random_trump': 'on'})
        """
        return dict(self._game.options)

    @property
    def description(self) -> _core.Description:
        """What this game is for the surfaces that show or drive it, with its options:
        sides, objectives and units, its double-dummy table, the keywords of
        :meth:`new_game` and :meth:`from_deal` (:class:`hukm.registry.Description`).

        >>> import hukm
        >>> hukm.Thunee(dd_mode="balls").description.unit
        'balls'
        """
        return self._game.description

    @property
    def pack(self) -> str:
        """The pack's name (``french52``, ``french32``, ``moghul``, ``dashavatara`` ...)."""
        return self._game.pack

    @property
    def suits(self) -> list[str]:
        """The suit codes in notation order (the order of compact hands)."""
        return list(self._game.suits)

    @property
    def suit_names(self) -> list[str]:
        """The suits' names in notation order."""
        return list(self._game.suit_names)

    def _start(self, seed: int, **start: Any) -> dict[str, Any]:
        whole(seed, "seed")
        return {k: v for k, v in start.items() if v is not None}

    def new_game(self, seed: int = 0) -> _core.State:
        """A whole match from its first deal (terminal when the match ends).

        Every chance event draws from a generator seeded by ``seed``; the same
        seed and actions give the same match on every platform. Some games add
        start keywords (Hokm: ``scores``, ``dealer``; Ganjifa and Dugi:
        ``dealer``; Naqsh: ``banker``).
        """
        return self._new_game(seed)

    def _new_game(self, seed: int, **start: Any) -> _core.State:
        return self._game.new_game(seed, self._start(seed, **start))

    def deal(self, seed: int = 0) -> str:
        """The cards of the first deal of ``new_game(seed)``, seat 0 first, compact.

        >>> import hukm
        >>> len(hukm.game("hokm4").deal(7).split())
        4
        """
        return self._deal(seed)

    def _deal(self, seed: int, **start: Any) -> str:
        return self._game.deal(seed, self._start(seed, **start))

    @abstractmethod
    def from_deal(self, deal: str, *args: Any, **kwargs: Any) -> _core.State:
        """One hand from a position; each game documents its own keywords."""

    TABLE_NEEDS_LEADER: ClassVar[bool] = False
    """Whether ``dd_table`` needs ``leader`` (Twenty-eight: the seat on lead is part
    of the question; Hokm: it only selects a column)."""
    HAS_TABLE: ClassVar[bool] = False
    """Whether the game's class makes a double-dummy table (:meth:`dd_table`)."""
    REVIEW_UNITS: ClassVar[Mapping[str, str]] = {}
    """A review's word for a unit of the game's description that reads badly summed up
    (Naqsh: ``net stakes`` for ``net result``; :func:`hukm.review`)."""
    TRUMP_CALLER: ClassVar[Optional[str]] = None
    """The observation key of the seat that names the trump from the first cards he sees
    (Hokm: ``hakem``), or ``None``. A batch's deals record that seat in a column of this
    name, and its constraints may name it, and ``trump``: the suit he names by the
    batch's rule of thumb (:func:`hukm.batch.where.named_trump`)."""

    @property
    def has_table(self) -> bool:
        """Whether the game's class has a double-dummy table (:meth:`dd_table`); Hokm's
        presets of other than four plain-trick players still refuse it.

        >>> import hukm
        >>> hukm.Hokm().has_table, hukm.Ganjifa().has_table
        (True, False)
        """
        return self.HAS_TABLE

    def dd_table(
        self,
        deal: str,
        *,
        leader: Optional[int] = None,
        trump: Optional[str] = None,
        layout: Optional[str] = None,
        threads: Optional[int] = None,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        tt_mib: Optional[int] = None,
    ) -> npt.NDArray[np.int32]:
        """The double-dummy table of a full deal, for the games that have one; the
        others raise :class:`hukm.StateError`. Every game takes the same keyword-only
        arguments after the deal.

        **Hokm** (four-player presets that count plain tricks; PBN's ``N:`` / ``E:`` /
        ``S:`` / ``W:`` first-seat prefix accepted, N, E, S, W being seats 0 to 3 in play
        order): a ``(5, 4)`` array, rows trump S, H, D, C and no trump (``N``), every
        trick of the deal counted (as :func:`hukm.solve` counts them, whatever the
        ``stop_rule``). Two layouts:

        * ``layout="leader"`` (default): columns the seat **on lead**, each cell the tricks
          the leader's side takes with best play when all tricks are played;
        * ``layout="declarer"``: DDS's ``CalcDDtable`` layout, columns the **declarer**
          (N, E, S, W), each cell the tricks the declarer's side takes when the next seat
          (the declarer's left-hand opponent) leads. Cell ``[s][d]`` of this layout is
          ``13 - leader[s][(d + 1) % 4]``.

        ``leader`` (a seat, optional) keeps the column where that seat is on lead (in the
        declarer layout, the column of the seat before it).

        **Twenty-eight** (open trumps, §16.1): rows the trump suits S, H, D, C; columns
        the bidder's seat (``layout="bidder"``, the only layout and the default); each
        cell the card points the bidder's side can guarantee with ``leader`` on lead,
        i.e. the highest makeable contract. ``leader`` is required: the seat that leads
        the first trick (the seat after the dealer in a dealt hand).

        In both, ``trump`` keeps one row: the result is the full table indexed so,
        ``table[row]``, ``table[:, column]`` or, with both, a 0-d array. The table is
        spread over ``threads`` threads (default: every core; the answer does not depend
        on it); ``max_nodes`` and ``timeout`` apply to each thread's solver, ``tt_mib``
        to each thread's table.

        >>> import hukm
        >>> deal = "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
        >>> t = hukm.Hokm().dd_table(deal)
        >>> int(t[0, 0]), int(t[4, 1])
        (13, 13)
        >>> hukm.Hokm().dd_table(deal, trump="N").tolist()
        [13, 13, 13, 13]
        >>> int(hukm.Hokm().dd_table(deal, trump="H", leader=0))
        0
        >>> int(hukm.Hokm().dd_table("N:" + deal, layout="declarer")[0, 0])
        13

        Below, each seat holds the four counting cards of one suit; whoever's suit is
        trumps takes every trick he leads and ruffs every other, so that suit's side
        takes all 28 points, whoever bids:

        >>> t = hukm.TwentyEight().dd_table("J9AT... .J9AT.. ..J9AT. ...J9AT", leader=0)
        >>> int(t[0][0]), int(t[1][1])
        (28, 28)
        >>> hukm.TwentyEight().dd_table("J9AT... .J9AT.. ..J9AT. ...J9AT", leader=0, trump="H").tolist()
        [0, 28, 0, 28]
        >>> hukm.Ganjifa().dd_table("x")
        Traceback (most recent call last):
        ...
        hukm._errors.StateError: ganjifa has no double-dummy table (hukm.solve answers its positions)
        """
        from ._errors import NotationError, StateError

        if not self.has_table:
            self._table_request(leader, layout)
        if not isinstance(deal, str):
            raise NotationError(f"deal must be a string, got {type(deal).__name__}")
        rows = self._table_rows()
        if trump is not None and trump not in rows:
            raise StateError(f"bad trump {trump!r} for the table of {self.preset}; rows: {', '.join(rows)}")
        params, column = self._table_request(leader, layout)
        values, _, _ = self._game.dd_table(
            deal,
            params,
            optional_whole(threads, "threads", 1, MAX_THREADS),
            optional_whole(max_nodes, "max_nodes", 1),
            seconds(timeout),
            optional_whole(tt_mib, "tt_mib", 1, 1 << 16),
        )
        if trump is not None:
            values = values[rows.index(trump)]
        if column is not None:
            values = np.asarray(values[..., column])
        return values

    def _table_request(self, leader: Optional[int], layout: Optional[str]) -> tuple[dict[str, Any], Optional[int]]:
        """The engine's keywords for a table with ``leader`` and ``layout``, and the
        column ``leader`` selects from it (``None``: every column). The games with a
        table give theirs; a game without one has none to give."""
        from ._errors import StateError

        raise StateError(f"{self.preset} has no double-dummy table (hukm.solve answers its positions)")

    def _table_rows(self) -> list[str]:
        """The row labels of the table: the trump suits (and ``N`` where the table has
        a no-trump row)."""
        return self.suits

    def _from_deal(self, deal: str, **params: Any) -> _core.State:
        if not isinstance(deal, str):
            from ._errors import NotationError

            raise NotationError(f"deal must be a string, got {deal!r}")
        return self._game.from_deal(deal, {k: v for k, v in params.items() if v is not None})

    @property
    def num_distinct_actions(self) -> int:
        """Number of action ids: every decision of the game is an id in
        ``range(num_distinct_actions)`` (see :meth:`action_layout`).

        >>> import hukm
        >>> hukm.game("hokm4").num_distinct_actions
        66
        """
        return self._game.num_distinct_actions

    def action_to_id(self, action: str) -> int:
        """The id of ``action``. Ids numbered by the acting player's hand
        (Hokm's ``discard:`` and ``give:``) need ``State.action_to_id``.

        >>> import hukm
        >>> g = hukm.game("hokm4")
        >>> g.action_to_id("AS"), g.action_to_id("trump:H")
        (0, 53)
        """
        return self._game.action_to_id(action)

    def id_to_action(self, id: int) -> str:
        """The action of an id (those numbered by the hand need ``State.id_to_action``).

        >>> import hukm
        >>> hukm.game("hokm4").id_to_action(53)
        'trump:H'
        """
        return self._game.id_to_action(id)

    def action_layout(self) -> list[tuple[str, int, int, str, bool]]:
        """The segments of the action ids: ``(name, first id, size, meaning,
        needs a state)``.

        >>> import hukm
        >>> [row[:3] for row in hukm.game("hokm4").action_layout()]
        [('card', 0, 52), ('trump', 52, 4), ('word', 56, 10)]
        """
        return list(self._game.action_layout())

    def tensor_layout(self, kind: str = "observation") -> list[tuple[str, int, list[int], str]]:
        """The sections of ``State.observation_tensor`` (``kind="observation"``)
        or ``State.information_state_tensor`` (``"information_state"``):
        ``(name, offset, shape, meaning)``, in order.

        >>> import hukm
        >>> [row[:3] for row in hukm.game("hokm4").tensor_layout()][:2]
        [('hand', 0, [52]), ('played', 52, [4, 52])]
        """
        return list(self._game.tensor_layout(kind))

    def tensor_size(self, kind: str = "observation") -> int:
        """Number of values of the tensor of ``kind``."""
        return self._game.tensor_size(kind)

    @property
    def card_slots(self) -> list[str]:
        """The card at each card slot of the tensors and of the ``card`` ids.

        >>> import hukm
        >>> hukm.game("28").card_slots[:4]
        ['JS', '9S', 'AS', 'TS']
        """
        return list(self._game.card_slots)

    @property
    def info(self) -> "Any":
        """This preset's entry of the registry (:class:`hukm.GameInfo`)."""
        from .registry import info

        return info(self.preset)

    @staticmethod
    def state_unit(state: _core.State, unit: str) -> str:
        """What a double-dummy value of ``state`` counts, given its description's ``unit``
        (:func:`hukm._families.unit_of`): ``unit`` itself, unless the game changes it
        for the state.

        >>> import hukm
        >>> hukm.game("naqsh").state_unit(hukm.game("naqsh").new_game(1), "net result")
        'net result'
        """
        return unit

    def seeded_roles(self, observation: dict[str, Any]) -> list[str]:
        """Who does what in a seeded deal besides its dealer, as the command line's
        heading says it (``hukm deal``, ``hukm solve``); a game that has such roles
        says them. ``observation`` is seat 0's at the start.

        >>> import hukm
        >>> hukm.game("hokm4").seeded_roles({"hakem": 2})
        ['Hakem seat 2']
        """
        return []

    def deal_notes(self, state: _core.State) -> list[str]:
        """What the command line says of a seeded deal's opening (``hukm deal``): who
        names trumps, who opens; a game that has something to say says it.

        >>> import hukm
        >>> hukm.game("dashavatara").deal_notes(hukm.game("dashavatara").new_game(1))
        ['Seat 0 holds the trump Raja and opens with it.']
        """
        return []

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameBase)
            and other.preset == self.preset
            and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((self.preset, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in sorted(self.given_options.items()))
        return f"hukm.{type(self).__name__}({self.preset!r}{opts})"


def lead_king_note(game: GameBase, state: _core.State, verb: str) -> list[str]:
    """Ganjifa's and Dugi's deal note: the seat holding the King of the lead suit, who
    ``verb`` (opens, challenges); none before a lead suit is known."""
    lead = state.observation(0).get("lead_suit")
    if not lead:
        return []
    i = game.suits.index(lead)
    opener = next(s for s, h in enumerate(state.hands()) if h.split(".")[i].startswith("K"))
    return [f"The King of {lead} is with seat {opener}, who {verb}."]

"""Reference bots for every game: :class:`Random`, :class:`Heuristic` and
:class:`PIMC` (sampling plus exact double-dummy analysis).

Every bot has ``act(state) -> action`` for the player to move; a user's own
bot needs nothing more (see :class:`Bot`). Bots are seeded, so a match
between seeded bots is reproducible.

>>> import hukm
>>> from hukm.bots import Heuristic, Random
>>> state = hukm.Hokm().new_game(seed=1)
>>> bots = [Heuristic(seed=0), Random(seed=1), Heuristic(seed=2), Random(seed=3)]
>>> while state.phase == "trump":
...     state.apply(bots[state.current_player].act(state))
>>> state.phase
'play'
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Optional

from .. import _core
from .._check import optional_whole
from .._families import BotRules, family
from .._errors import OptionError, SolverLimitError, StateError
from ..solve import default_threads
from ._base import Bot, fork, new_rng

__all__ = ["Bot", "Heuristic", "PIMC", "Random", "by_name", "fork"]


def _module(state: _core.State) -> BotRules:
    """The bot's rules of ``state``'s game (its folder's ``bot`` module)."""
    f = family(state.game)
    if f is None:
        raise StateError(f"no bot plays the game {state.game!r}")
    return f.bot


def _legal(state: _core.State) -> list[str]:
    if state.is_terminal():
        raise StateError("the state is terminal: no one is to act")
    return state.legal_actions()


class Random:
    """Plays a legal action chosen uniformly at random.

    >>> import hukm
    >>> state = hukm.TwentyEight().new_game(seed=3)
    >>> hukm.bots.Random(seed=5).act(state) in state.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: Optional[int] = None) -> None:
        self.seed = seed
        self._rng = new_rng(seed)

    def act(self, state: _core.State) -> str:
        """A uniformly random legal action."""
        return self._rng.choice(_legal(state))

    def fork(self, seed: int) -> "Random":
        """A copy with its own generator."""
        return Random(seed)

    def __repr__(self) -> str:
        return f"Random(seed={self.seed!r})"


class Heuristic:
    """Sensible, fast play for every game, without search.

    Per game (its folder's ``bot.py``): win a trick as cheaply as possible, do
    not overtake a partner who is winning, discard the least useful card,
    choose trumps and bids from the strength of the hand, follow Ganjifa's
    compulsory leads.

    >>> import hukm
    >>> state = hukm.Dashavatara().new_game(seed=2)
    >>> hukm.bots.Heuristic().act(state) in state.legal_actions()
    True
    """

    name = "heuristic"

    def __init__(self, seed: Optional[int] = None) -> None:
        self.seed = seed
        self._rng = new_rng(seed)

    def act(self, state: _core.State) -> str:
        """The heuristic's action for the player to move."""
        legal = _legal(state)
        if len(legal) == 1:
            return legal[0]
        action: str = _module(state).heuristic(state, self._rng)
        if action not in legal:  # a defect of the heuristic, never hidden
            raise AssertionError(f"heuristic chose {action!r}, not among {legal}")
        return action

    def fork(self, seed: int) -> "Heuristic":
        """A copy with its own generator."""
        return Heuristic(seed)

    def __repr__(self) -> str:
        return f"Heuristic(seed={self.seed!r})"


MAX_SAMPLES = 100_000
"""The most deals :class:`PIMC` may sample per decision (each is one exact solve)."""


class PIMC:
    """Perfect-information Monte Carlo: sample, solve exactly, average.

    For the player to move, deal the cards he cannot see at random,
    consistently with everything he has seen (``State.determinize``: cards
    played, shown voids, the concealed trump when it is not his), solve every
    sample exactly with the double-dummy solver and play the action with the
    best average value. Auction and trump decisions are made by sampling too
    (per game: the value of each choice over the samples). Decisions the game
    leaves to judgement without cards to solve (e.g. passing cards) and
    positions too large to solve exactly (Dashavatara and Ganjifa early in a
    deal, more than ``max_cards`` cards in the mover's hand) are played by
    :class:`Heuristic`.

    ``samples``: deals per decision; ``seed``: reproducibility;
    ``max_nodes``: a node limit per solve (a sample that reaches it is left
    out of the average; when every sample does, the heuristic decides);
    ``threads``: the samples are solved on this many threads at once (default:
    :func:`hukm.default_threads`), each sample on one, so the decision does not
    depend on the count.

    >>> import hukm
    >>> state = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    >>> hukm.bots.PIMC(samples=4, seed=1).act(state) in state.legal_actions()
    True
    """

    name = "pimc"

    def __init__(
        self,
        samples: int = 20,
        seed: Optional[int] = None,
        *,
        max_nodes: Optional[int] = None,
        max_cards: Optional[int] = None,
        threads: Optional[int] = None,
    ) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
            raise OptionError(f"samples must be a whole number from 1 to {MAX_SAMPLES}, got {samples!r}")
        if max_nodes is not None and (not isinstance(max_nodes, int) or max_nodes < 1):
            raise OptionError(f"max_nodes must be a whole number >= 1, got {max_nodes!r}")
        if max_cards is not None and (not isinstance(max_cards, int) or max_cards < 1):
            raise OptionError(f"max_cards must be a whole number >= 1, got {max_cards!r}")
        self.threads = optional_whole(threads, "threads", 1, 1024)
        self.samples = samples
        self.seed = seed
        self.max_nodes = max_nodes
        self.max_cards = max_cards
        self.rng: random.Random = new_rng(seed)
        self._heuristic = Heuristic(self.rng.getrandbits(63))

    def act(self, state: _core.State) -> str:
        """The action with the best average double-dummy value over the samples."""
        legal = _legal(state)
        if len(legal) == 1:
            return legal[0]
        mod = _module(state)
        if mod.dd_ready(state, self.max_cards):
            scores = self.evaluate(state)
            if scores:
                return self._best(state, scores)
        else:
            action: Optional[str] = mod.pimc_decision(state, self)
            if action is not None:
                return action
        return self._heuristic.act(state)

    def evaluate(self, state: _core.State) -> dict[str, float]:
        """The average double-dummy value of each legal card over ``samples``
        deals of the hidden cards, for the player to move's side (empty when
        no sample could be solved within ``max_nodes``).

        >>> import hukm
        >>> s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
        >>> sorted(hukm.bots.PIMC(samples=2, seed=0).evaluate(s))
        ['2H', 'AS', 'KS']
        """
        player = state.current_player
        seeds = [self.rng.getrandbits(63) for _ in range(self.samples)]
        totals: dict[str, float] = {}
        solved = 0
        mod = _module(state)
        values = getattr(mod, "sample_values", None)
        threads = self.threads or default_threads()
        if values is None:
            # Every sample in one native call, spread over the threads (in
            # whist-type Hokm each thread reuses one solver and its table
            # across its samples).
            rows = _core.sample_values(state, player, seeds, self.max_nodes, threads=threads)
            sample_score = getattr(mod, "sample_score", None)
            score = sample_score(state, player) if sample_score is not None else None
            for row in rows:
                if row is None:
                    continue
                solved += 1
                for a, v in row:
                    x = score(float(v)) if score is not None else float(v)
                    totals[a] = totals.get(a, 0.0) + x
            return {a: t / solved for a, t in totals.items()} if solved else {}
        def one(seed: int) -> Optional[dict[str, float]]:
            try:
                got: dict[str, float] = values(state.determinize(player, seed), player, self)
            except SolverLimitError:
                return None
            return got

        if threads > 1 and len(seeds) > 1:
            # The solves release the interpreter: the samples run at once.
            with ThreadPoolExecutor(max_workers=min(threads, len(seeds))) as ex:
                results = list(ex.map(one, seeds))
        else:
            results = [one(seed) for seed in seeds]
        for got in results:
            if got is None:
                continue
            solved += 1
            for a, value in got.items():
                totals[a] = totals.get(a, 0.0) + value
        return {a: t / solved for a, t in totals.items()} if solved else {}

    def _best(self, state: _core.State, scores: dict[str, float]) -> str:
        top = max(scores.values())
        tied = [a for a in state.legal_actions() if scores.get(a) == top]
        if len(tied) == 1:
            return tied[0]
        # Among equals, the heuristic's choice when it is one of them, else the
        # weakest (legal actions list each suit strongest first).
        h = self._heuristic.act(state)
        return h if h in tied else tied[-1]

    def fork(self, seed: int) -> "PIMC":
        """A copy with the same settings and its own generator."""
        return PIMC(self.samples, seed, max_nodes=self.max_nodes, max_cards=self.max_cards,
                    threads=self.threads)

    def __repr__(self) -> str:
        return f"PIMC(samples={self.samples}, seed={self.seed!r})"


def by_name(spec: str, seed: Optional[int] = None) -> Bot:
    """A bot from a short name: ``random``, ``heuristic``, ``pimc`` or
    ``pimc:<samples>``.

    >>> by_name("pimc:50").samples
    50
    """
    name, _, arg = spec.strip().lower().partition(":")
    if name == "random" and not arg:
        return Random(seed)
    if name == "heuristic" and not arg:
        return Heuristic(seed)
    if name == "pimc":
        if not arg:
            return PIMC(seed=seed)
        if arg.isdigit() and int(arg) >= 1:
            return PIMC(int(arg), seed)
        raise OptionError(f"bot {spec!r}: the number of samples must be a whole number >= 1")
    raise OptionError(f"unknown bot {spec!r}; bots: random, heuristic, pimc, pimc:<samples>")

"""Matches between bots: :func:`play_match` and its result.

>>> import hukm
>>> from hukm.bots import Heuristic, Random
>>> r = hukm.play_match(hukm.Hokm(), [Heuristic(), Random(), Heuristic(), Random()], hands=4, seed=1)
>>> len(r.hands), len(r.points)
(4, 4)
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from . import _core
from ._errors import OptionError
from .bots import Bot, fork
from .solve import default_threads
from .bots import _module as _game_module

_MASK = (1 << 64) - 1


def derive_seed(seed: int, *stream: int) -> int:
    """An independent 63-bit seed for ``stream`` under ``seed`` (SplitMix64 mixing)."""
    x = seed & _MASK
    for s in stream:
        x = (x ^ ((s + 1) * 0xD1B54A32D192ED03)) & _MASK
        x = (x + 0x9E3779B97F4A7C15) & _MASK
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        x = z ^ (z >> 31)
    return x >> 1


@dataclass(frozen=True)
class HandResult:
    """One hand of a match.

    ``deal``: the deal's index (with ``rotate`` every deal is played once per
    seating); ``seed``: the seed of ``game.new_game`` for it; ``seats``: the
    bot (index into the match's ``bots``) at each seat; ``points``: what each
    bot's seat scored in this hand, by bot index.
    """

    index: int
    deal: int
    seed: int
    seats: tuple[int, ...]
    points: tuple[float, ...]
    actions: int


def _wilson(wins: float, n: int, z: float) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


_Z = {0.9: 1.6448536269514722, 0.95: 1.959963984540054, 0.99: 2.5758293035489004}


def _z(confidence: float) -> float:
    if confidence not in _Z:
        raise OptionError(f"confidence must be one of {sorted(_Z)}, got {confidence!r}")
    return _Z[confidence]


@dataclass(frozen=True)
class MatchResult:
    """The result of :func:`play_match`: per-bot totals, every hand, intervals.

    >>> import hukm
    >>> from hukm.bots import Heuristic, Random
    >>> r = hukm.play_match(hukm.TwentyEight(), [Heuristic(), Random()] * 2, hands=6, seed=3)
    >>> lo, hi = r.win_interval(0, 1)
    >>> 0.0 <= lo <= r.win_rate(0, 1) <= hi <= 1.0
    True
    """

    game: str
    bots: tuple[str, ...]
    hands: tuple[HandResult, ...]

    @property
    def points(self) -> list[float]:
        """Total points of each bot (by index in ``bots``)."""
        return [sum(h.points[i] for h in self.hands) for i in range(len(self.bots))]

    def mean(self, bot: int) -> float:
        """Mean points per hand of ``bot``."""
        n = len(self.hands)
        return self.points[bot] / n if n else 0.0

    def interval(self, bot: int, confidence: float = 0.95) -> tuple[float, float]:
        """Confidence interval of ``bot``'s mean points per hand (normal approximation)."""
        n = len(self.hands)
        m = self.mean(bot)
        if n < 2:
            return (-math.inf, math.inf)
        var = sum((h.points[bot] - m) ** 2 for h in self.hands) / (n - 1)
        h = _z(confidence) * math.sqrt(var / n)
        return (m - h, m + h)

    def win_rate(self, bot: int, other: int) -> float:
        """Share of hands in which ``bot`` scored more than ``other`` (a tie counts half)."""
        n = len(self.hands)
        return self._wins(bot, other) / n if n else 0.0

    def win_interval(
        self, bot: int, other: int, confidence: float = 0.95
    ) -> tuple[float, float]:
        """Wilson confidence interval of :meth:`win_rate`."""
        return _wilson(self._wins(bot, other), len(self.hands), _z(confidence))

    def _wins(self, bot: int, other: int) -> float:
        k = len(self.bots)
        for b in (bot, other):
            if not 0 <= b < k:
                raise OptionError(f"bot index {b} out of range 0..{k - 1}")
        return sum(
            1.0 if h.points[bot] > h.points[other] else 0.5 if h.points[bot] == h.points[other] else 0.0
            for h in self.hands
        )

    def summary(self) -> str:
        """A readable table: mean points per hand with 95% intervals."""
        lines = [f"{self.game}: {len(self.hands)} hands"]
        for i, name in enumerate(self.bots):
            lo, hi = self.interval(i)
            lines.append(f"  seat {i} {name:<14} total {self.points[i]:9.1f}  "
                         f"mean {self.mean(i):7.3f}  95% [{lo:7.3f}, {hi:7.3f}]")
        return "\n".join(lines)


def play_hand(
    game: Any, bots: Sequence[Bot], seed: int, *, start: Optional[_core.State] = None
) -> tuple[list[float], int]:
    """Plays one hand of ``game`` (dealt from ``seed``) with one bot per seat;
    returns each seat's points in it and the number of actions."""
    state = start if start is not None else game.new_game(seed=seed)
    mod = _game_module(state)
    key = mod.hand_key(state)
    before = state.returns()
    n = 0
    while not state.is_terminal() and mod.hand_key(state) == key:
        state.apply(bots[state.current_player].act(state))
        n += 1
    after = state.returns()
    return [a - b for a, b in zip(after, before)], n


def play_match(
    game: Any,
    bots: Sequence[Bot],
    hands: int = 100,
    seed: int = 0,
    threads: Optional[int] = None,
    *,
    rotate: bool = False,
    progress: Optional[Callable[[int, int], None]] = None,
) -> MatchResult:
    """Plays ``hands`` hands of ``game`` between ``bots`` (one per seat).

    Every hand starts from ``game.new_game(seed=…)`` with a seed derived from
    ``seed`` and the deal's index, and ends when its deal is scored. With
    ``rotate``, every deal is played once per seating (bot ``k`` at seat
    ``k + r``; seatings that repeat one already played, as when the same bot
    object sits at partner seats, are skipped), which takes the luck of the
    cards out of comparisons; ``hands`` then counts every seating. A bot
    without ``fork`` is shared by every hand: give ``threads=1`` when it is
    not thread-safe. Bots that can (``fork``) get their
    own copy per hand, seeded from ``seed``, so the match is reproducible
    and hands run in parallel on ``threads`` (default: :func:`hukm.default_threads`;
    the solver releases the interpreter while it searches; a forked bot with no
    ``threads`` of its own then solves on one thread). ``progress(done, total)`` is
    called as hands finish.
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise OptionError(f"hands must be a whole number >= 1, got {hands!r}")
    if threads is not None and (not isinstance(threads, int) or threads < 1):
        raise OptionError(f"threads must be a whole number >= 1, got {threads!r}")
    probe = game.new_game(seed=0)
    n = probe.num_players
    if len(bots) != n:
        raise OptionError(f"{len(bots)} bots for a game of {n} seats")
    for b in bots:
        if not callable(getattr(b, "act", None)):
            raise OptionError(f"{b!r} is not a bot: it has no act(state) method")

    # Seatings: every rotation that puts a different bot somewhere (with the
    # same bot object twice, e.g. partners, some rotations repeat others).
    rotations: list[int] = []
    seen: set[tuple[int, ...]] = set()
    for r in range(n if rotate else 1):
        key = tuple(id(bots[(s - r) % n]) for s in range(n))
        if key not in seen:
            seen.add(key)
            rotations.append(r)
    per_deal = len(rotations)

    def one(i: int) -> HandResult:
        deal, rot = i // per_deal, rotations[i % per_deal]
        dseed = derive_seed(seed, deal)
        seats = tuple((s - rot) % n for s in range(n))
        seated = [fork(bots[seats[s]], derive_seed(seed, deal, rot, s)) for s in range(n)]
        if workers > 1:
            # The hands already fill the threads: a forked bot's solves take one
            # each (unless it was given its own count).
            for b in seated:
                if all(b is not x for x in bots) and hasattr(b, "threads") and b.threads is None:
                    b.threads = 1
        pts, steps = play_hand(game, seated, dseed)
        by_bot = [0.0] * n
        for s in range(n):
            by_bot[seats[s]] = pts[s]
        return HandResult(i, deal, dseed, seats, tuple(by_bot), steps)

    workers = threads or default_threads()
    out: list[HandResult] = []
    if workers == 1 or hands <= 1:
        for i in range(hands):
            out.append(one(i))
            if progress:
                progress(i + 1, hands)
    else:
        with ThreadPoolExecutor(max_workers=workers) as ex:
            for done, hr in enumerate(ex.map(one, range(hands)), 1):
                out.append(hr)
                if progress:
                    progress(done, hands)
    names = tuple(getattr(b, "name", type(b).__name__) for b in bots)
    return MatchResult(probe.game, names, tuple(out))

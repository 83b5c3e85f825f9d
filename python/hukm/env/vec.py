"""Many games of one preset stepped together in the engine (:class:`VecEnv`);
the other environments of :mod:`hukm.env` follow in the conventions of RL libraries.

>>> import hukm
>>> hukm.VecEnv("hokm4", 2, seed=0).observation_size
775
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from .. import _core
from .._check import whole
from .._errors import OptionError
from .._game import GameBase

__all__ = ["VecEnv"]

GameLike = Union[str, GameBase]

EPISODES = ("hand", "match")
KINDS = ("observation", "information_state")


def _game(game: GameLike, options: dict[str, Any]) -> GameBase:
    from ..registry import game as make

    if isinstance(game, GameBase):
        if options:
            raise OptionError("options go with a game's name, not with a game object")
        return game
    if not isinstance(game, str):
        raise OptionError(f"game must be a preset name or a game object, got {game!r}")
    return make(game, **options)


def _choice(what: str, value: str, valid: Sequence[str]) -> str:
    if value not in valid:
        raise OptionError(f"bad {what} {value!r}; valid: {', '.join(valid)}")
    return value


class VecEnv:
    """``n`` games of one preset stepped together in the engine.

    ``step(actions)`` takes one action id per game (legal for the player to
    act there) and returns ``(obs, masks, rewards, terminated, players)``:
    the next observation of each game from its player to act (float32,
    ``n × observation_size``), the legal-action masks (int8, ``n ×
    num_actions``), each seat's reward (float32, ``n × num_players``: the
    episode's points where an episode ended, 0 elsewhere), where an episode
    ended (bool; that game has already started its next episode, whose
    first observation is the row returned), and the player to act in each
    game. Episode ``k`` of game ``i`` is seeded from ``seed``, ``i`` and
    ``k``: the same seed and actions give the same run. ``threads`` threads
    share one call (1 by default; the same arrays for any number): the
    calling thread and ``threads - 1`` workers, started once and kept for
    the next call, each taking small groups of games in turn. An idle worker
    watches for the next call for 0.2 ms before it sleeps, so back-to-back
    calls do not pay for waking it. Give it no more threads than there are
    free cores: a thread the system pauses in the middle of its games holds
    the whole call up.

    >>> import hukm
    >>> env = hukm.VecEnv("28", 4, seed=0)
    >>> env.num_envs, env.num_players, env.num_actions
    (4, 4, 94)
    """

    def __init__(
        self,
        game: GameLike,
        n: int,
        seed: int = 0,
        *,
        episode: str = "hand",
        kind: str = "observation",
        threads: int = 1,
        **options: Any,
    ) -> None:
        self.game = _game(game, options)
        n = whole(n, "n", 1)
        threads = whole(threads, "threads", 1)
        seed = whole(seed, "seed", 0, 2**64 - 1)
        self._env = _core.VecEnv(
            self.game._game,
            n,
            seed,
            _choice("episode", episode, EPISODES),
            _choice("kind", kind, KINDS),
            threads,
        )

    @property
    def num_envs(self) -> int:
        """Number of games."""
        return self._env.num_envs

    @property
    def observation_size(self) -> int:
        """Values in one observation."""
        return self._env.observation_size

    @property
    def num_actions(self) -> int:
        """Number of action ids."""
        return self._env.num_actions

    @property
    def num_players(self) -> int:
        """Seats of the game."""
        return self._env.num_players

    def reset(
        self, seed: Optional[int] = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Starts every game from its first episode again (seeded by ``seed``
        when given): ``(obs, masks, players)``."""
        return self._env.reset(None if seed is None else whole(seed, "seed", 0, 2**64 - 1))

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int64],
    ]:
        """One action id per game: ``(obs, masks, rewards, terminated, players)``.
        An illegal id anywhere raises :class:`hukm.IllegalActionError` naming
        the game and changes nothing."""
        a = np.ascontiguousarray(np.asarray(actions), dtype=np.int64)
        if a.shape != (self.num_envs,):
            raise OptionError(f"step needs {self.num_envs} action ids, got shape {a.shape}")
        return self._env.step(a)

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal id for every game, from the environment's
        own generator (seeded by its seed): random opponents and play-outs
        without a Python loop.

        >>> import hukm
        >>> env = hukm.VecEnv("hokm4", 3, seed=0)
        >>> obs, masks, players = env.reset()
        >>> acts = env.random_actions()
        >>> bool(all(masks[i, a] for i, a in enumerate(acts)))
        True
        """
        return self._env.random_actions()

    def state(self, i: int) -> _core.State:
        """A copy of the state of game ``i``."""
        if isinstance(i, np.integer):
            i = int(i)
        return self._env.state(whole(i, "i", 0))

    def __repr__(self) -> str:
        return f"<hukm.VecEnv {self.game.preset!r} n={self.num_envs}>"

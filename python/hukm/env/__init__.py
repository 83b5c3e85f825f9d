"""Environments for learning programs, in the conventions RL libraries read.

* :class:`VecEnv`: many games of one preset stepped together in the engine
  (numpy in and out, the interpreter released while the games step), for
  self-play at speed. Needs only numpy.
* :func:`aec_env`: a PettingZoo AEC environment (every seat an agent);
  needs the ``rl`` extra (``pip install hukm[rl]``).
* :func:`gym_env`: a Gymnasium environment for one learning seat against
  fixed bots; registered as ``hukm/<preset>-v0`` when Gymnasium is
  installed (``gymnasium.make("hukm/28-v0", seat=0)`` after
  ``import hukm.env``; the registration waits until Gymnasium is imported, so that
  :class:`VecEnv` never imports it).

Observations are ``State.observation_tensor`` (``kind="observation"``) or
``State.information_state_tensor`` (``kind="information_state"``), laid out
as ``Game.tensor_layout(kind)`` says; actions are the game's fixed ids
(``Game.num_distinct_actions``, ``Game.id_to_action``). An episode is one
hand (``new_game(seed)`` until the hand is scored; the reward is each
seat's points for the hand), or the whole match with ``episode="match"``.

>>> import numpy as np
>>> import hukm
>>> env = hukm.VecEnv("hokm4", 8, seed=1)
>>> obs, masks, players = env.reset()
>>> obs.shape, masks.shape
((8, 775), (8, 66))
>>> rng = np.random.default_rng(0)
>>> acts = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
>>> obs, masks, rewards, terminated, players = env.step(acts)
>>> rewards.shape, terminated.any()
((8, 4), np.False_)
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from typing import TYPE_CHECKING, Any, Optional, Sequence, Union

from .vec import EPISODES, KINDS, GameLike, VecEnv, _choice, _game

if TYPE_CHECKING:
    from ..bots import Bot

__all__ = ["VecEnv", "aec_env", "gym_env", "register_gym_envs"]


def aec_env(
    name: GameLike,
    *,
    episode: str = "hand",
    kind: str = "observation",
    render_mode: Optional[str] = None,
    **options: Any,
) -> Any:
    """A PettingZoo AEC environment of a preset: agents ``player_0`` ...,
    observations ``{"observation": float32 tensor, "action_mask": int8}``,
    actions the game's ids. ``reset(seed=...)`` deals ``new_game(seed)``;
    ``render()`` returns SVG (``render_mode="svg"``, through
    :mod:`hukm.svg`) or text (``"ansi"``). When the episode (one hand, or
    the match with ``episode="match"``) ends, every agent is terminated
    with its points for it as reward; in a match the engine has then dealt
    the next hand, which is what the last observations show (no mask).

    >>> import hukm.env
    >>> env = hukm.env.aec_env("hokm4")
    >>> env.reset(seed=3)
    >>> env.agent_selection, int(env.action_space("player_0").n)
    ('player_3', 66)
    """
    from .aec import HukmAEC

    g = _game(name, options)
    return HukmAEC(
        g,
        episode=_choice("episode", episode, EPISODES),
        kind=_choice("kind", kind, KINDS),
        render_mode=render_mode,
    )


def gym_env(
    name: GameLike,
    seat: int = 0,
    opponents: Optional[Sequence[Union[str, "Bot"]]] = None,
    *,
    episode: str = "hand",
    kind: str = "observation",
    illegal: str = "end",
    illegal_reward: float = -1.0,
    render_mode: Optional[str] = None,
    **options: Any,
) -> Any:
    """A Gymnasium environment: the learner plays ``seat``, the other seats
    are played by ``opponents`` (one per other seat, in seat order: bot
    names such as ``"random"``, ``"heuristic"``, ``"pimc:20"``, or bot
    objects; all ``"random"`` by default). The reward is the learner's
    points for the hand (``episode="hand"``) or the match. An illegal id
    ends the episode with ``illegal_reward`` (``illegal="end"``, so that a
    learner sampling without the mask is told) or raises
    (``illegal="raise"``); the mask is in the observation, in
    ``info["action_mask"]`` and from ``action_masks()``.

    >>> import hukm.env
    >>> env = hukm.env.gym_env("28", seat=0, opponents=["heuristic"] * 3)
    >>> obs, info = env.reset(seed=1)
    >>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
    ((400,), True)
    """
    from .gym import HukmGym

    g = _game(name, options)
    return HukmGym(
        g,
        seat=seat,
        opponents=opponents,
        episode=_choice("episode", episode, EPISODES),
        kind=_choice("kind", kind, KINDS),
        illegal=_choice("illegal", illegal, ("end", "raise")),
        illegal_reward=float(illegal_reward),
        render_mode=render_mode,
    )


def register_gym_envs() -> list[str]:
    """Registers ``hukm/<preset>-v0`` for every preset with Gymnasium (done by ``import
    hukm.env`` when Gymnasium is installed: at once if Gymnasium is imported already,
    otherwise as soon as it is); returns the ids."""
    import gymnasium

    from ..registry import games

    ids = []
    for info in games():
        env_id = f"hukm/{info.name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="hukm.env:gym_env", kwargs={"name": info.name})
        ids.append(env_id)
    return ids


class _ThenRegister(importlib.abc.Loader):
    """Gymnasium's own loader, then :func:`register_gym_envs` once Gymnasium is imported."""

    def __init__(self, loader: importlib.abc.Loader) -> None:
        self._loader = loader

    def __getattr__(self, name: str) -> Any:  # resource readers and the like: Gymnasium's loader
        return getattr(self._loader, name)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> Optional[types.ModuleType]:
        return self._loader.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        self._loader.exec_module(module)
        if _ON_IMPORT in sys.meta_path:
            sys.meta_path.remove(_ON_IMPORT)
        register_gym_envs()


class _RegisterOnImport(importlib.abc.MetaPathFinder):
    """Finds Gymnasium as the other finders do, with a loader that registers the
    environments after importing it (:class:`_ThenRegister`)."""

    def find_spec(
        self, fullname: str, path: Optional[Sequence[str]], target: Optional[types.ModuleType] = None
    ) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname != "gymnasium":
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                if spec.loader is not None:
                    spec.loader = _ThenRegister(spec.loader)
                return spec
        return None


_ON_IMPORT = _RegisterOnImport()

# Gymnasium is optional (the ``rl`` extra), and ``hukm.VecEnv`` (which lives here) needs
# only numpy: Gymnasium is not imported for the registration, which waits for it.
if "gymnasium" in sys.modules:
    register_gym_envs()
elif importlib.util.find_spec("gymnasium") is not None:
    sys.meta_path.insert(0, _ON_IMPORT)

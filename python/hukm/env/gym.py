"""The Gymnasium environment of :mod:`hukm.env` (:func:`hukm.env.gym_env`; imported only
when one is asked for: Gymnasium is optional)."""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .._check import whole
from .._errors import IllegalActionError, OptionError
from .._game import GameBase
from ..bots import Bot, by_name
from ._episode import SEED_SPAN, _Episode, _spaces


class HukmGym(gymnasium.Env[dict[str, Any], np.int64]):
    """One learning seat against fixed bots (see :func:`hukm.env.gym_env`)."""

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 1}

    def __init__(
        self,
        game: GameBase,
        *,
        seat: int,
        opponents: Optional[Sequence[Union[str, Bot]]],
        episode: str,
        kind: str,
        illegal: str,
        illegal_reward: float,
        render_mode: Optional[str],
    ) -> None:
        n = game.num_players
        self.seat = whole(seat, "seat", 0, n - 1)
        specs: list[Union[str, Bot]] = ["random"] * (n - 1) if opponents is None else list(opponents)
        if len(specs) != n - 1:
            raise OptionError(f"{len(specs)} opponents for the {n - 1} other seats of {game.preset}")
        self._specs = specs
        if render_mode not in (None, "ansi", "svg"):
            raise OptionError(f"bad render_mode {render_mode!r}; valid: ansi, svg")
        self.render_mode = render_mode
        self._ep = _Episode(game, episode, kind)
        self._illegal = illegal
        self._illegal_reward = illegal_reward
        self.observation_space = _spaces(game, kind)
        self.action_space = spaces.Discrete(game.num_distinct_actions)
        self._bots: dict[int, Bot] = {}
        self._seeds = random.Random()
        self._done = True

    def _opponents(self) -> None:
        others = [p for p in range(self._ep.game.num_players) if p != self.seat]
        self._bots = {}
        for p, spec in zip(others, self._specs):
            seed = self._seeds.randrange(SEED_SPAN)
            if isinstance(spec, str):
                self._bots[p] = by_name(spec, seed)
            else:
                fork = getattr(spec, "fork", None)
                self._bots[p] = fork(seed) if callable(fork) else spec

    def _advance(self) -> bool:
        """Opponents play until the learner is to act; True when the episode ends."""
        s = self._ep.now()
        while not self._ep.over():
            p = s.current_player
            if p == self.seat:
                return False
            s.apply(self._bots[p].act(s))
        return True

    def _obs(self) -> dict[str, npt.NDArray[Any]]:
        return self._ep.observe(self.seat)

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal-action mask of the learner (all 0 once the episode ended)."""
        return self._obs()["action_mask"]

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(whole(seed, "seed", 0))
        while True:
            self._ep.begin(self._seeds.randrange(SEED_SPAN))
            self._opponents()
            if not self._advance():
                break
        self._done = False
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"]}

    def step(
        self, action: np.int64
    ) -> tuple[dict[str, npt.NDArray[Any]], float, bool, bool, dict[str, Any]]:
        s = self._ep.now()
        if self._done:
            raise OptionError("the episode is over: call reset()")
        try:
            s.apply_id(int(action))
        except IllegalActionError:
            if self._illegal == "raise":
                raise
            self._done = True
            obs = self._obs()
            obs["action_mask"] = np.zeros_like(obs["action_mask"])
            info = {"action_mask": obs["action_mask"], "illegal_action": True}
            return obs, self._illegal_reward, True, False, info
        done = self._done = self._advance()
        reward = self._ep.rewards()[self.seat] if done else 0.0
        obs = self._obs()
        if done:
            obs["action_mask"] = np.zeros_like(obs["action_mask"])
        return obs, float(reward), done, False, {"action_mask": obs["action_mask"]}

    def render(self) -> Optional[str]:
        return self._ep.render(self.render_mode)

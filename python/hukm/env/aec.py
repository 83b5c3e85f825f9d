"""The PettingZoo AEC environment of :mod:`hukm.env` (:func:`hukm.env.aec_env`; imported
only when one is asked for: PettingZoo is optional)."""

from __future__ import annotations

import random
from typing import Any, Optional

import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from .._check import whole
from .._errors import IllegalActionError, OptionError
from .._game import GameBase
from ._episode import SEED_SPAN, _Episode, _spaces


class HukmAEC(AECEnv):  # type: ignore[misc]
    """Every seat of a preset as a PettingZoo agent (see :func:`hukm.env.aec_env`)."""

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 1, "name": "hukm", "is_parallelizable": False}

    def __init__(
        self, game: GameBase, *, episode: str, kind: str, render_mode: Optional[str]
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "svg"):
            raise OptionError(f"bad render_mode {render_mode!r}; valid: ansi, svg")
        self.metadata = dict(self.metadata, name=f"hukm_{game.preset}")
        self.render_mode = render_mode
        self._ep = _Episode(game, episode, kind)
        n = game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = list(self.possible_agents)
        space = _spaces(game, kind)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(game.num_distinct_actions) for a in self.possible_agents
        }
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _index(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        if seed is not None:
            self._rng.seed(whole(seed, "seed", 0))
        s = self._ep.begin(self._rng.randrange(SEED_SPAN))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[s.current_player]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return self._ep.observe(self._index(agent))

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: give an action id")
        s = self._ep.now()
        s.apply_id(int(action))
        self._cumulative_rewards[agent] = 0.0
        if self._ep.over():
            r = self._ep.rewards()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = r[i]
                self.terminations[a] = True
            # The state moves on to the next hand; the agents are done.
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[s.current_player]
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        return self._ep.render(self.render_mode)

    def close(self) -> None:
        pass

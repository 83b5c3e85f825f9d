"""The PettingZoo and Gymnasium environments of :mod:`hukm.env` (imported
only when one is asked for: both libraries are optional)."""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from . import _core
from ._check import whole
from ._errors import IllegalActionError, OptionError
from ._game import GameBase
from .bots import Bot, by_name

# Observation values are small (flags, one-hot groups, counts and points
# divided by a scale); the box only has to hold them.
BOUND = 1.0e4
SEED_SPAN = 2**63


def _spaces(game: GameBase, kind: str) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(-BOUND, BOUND, (game.tensor_size(kind),), np.float32),
            "action_mask": spaces.Box(0, 1, (game.num_distinct_actions,), np.int8),
        }
    )


class _Episode:
    """One episode (a hand, or the match) of a game and its bookkeeping."""

    def __init__(self, game: GameBase, episode: str, kind: str) -> None:
        self.game = game
        self.episode = episode
        self.kind = kind
        self.state: Optional[_core.State] = None
        self.hand = 0
        self.start: list[float] = []
        self.final: list[float] = []

    def begin(self, seed: int) -> _core.State:
        s = self.game.new_game(seed=seed)
        self.state = s
        self.hand = s.hand_number
        self.start = s.returns()
        return s

    def over(self) -> bool:
        s = self.now()
        return s.is_terminal() or (self.episode == "hand" and s.hand_number != self.hand)

    def rewards(self) -> list[float]:
        r = self.now().returns()
        return [a - b for a, b in zip(r, self.start)]

    def now(self) -> _core.State:
        if self.state is None:
            raise OptionError("call reset() first")
        return self.state

    def observe(self, player: int) -> dict[str, npt.NDArray[Any]]:
        s = self.now()
        obs = s.tensor(player, self.kind)
        if s.is_terminal() or s.current_player != player:
            mask = np.zeros(self.game.num_distinct_actions, np.int8)
        else:
            mask = s.legal_action_mask()
        return {"observation": obs, "action_mask": mask}

    def render(self, mode: Optional[str]) -> Optional[str]:
        s = self.now()
        if mode == "svg":
            from . import svg

            return svg.render(s)
        if mode == "ansi":
            return str(s)
        return None


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

"""What the PettingZoo and Gymnasium environments of :mod:`hukm.env` share: the
observation spaces and one episode's bookkeeping (imported only when an environment
is asked for: Gymnasium is optional)."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .. import _core
from .._errors import OptionError
from .._game import GameBase

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
            from .. import svg

            return svg.render(s)
        if mode == "ansi":
            return str(s)
        return None

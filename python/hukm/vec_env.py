"""Deprecated alias of :mod:`hukm.env.vec`: :class:`VecEnv` moved into the :mod:`hukm.env`
package (``hukm.VecEnv`` and ``hukm.env.VecEnv`` are the same class); import it from
there. (No ``DeprecationWarning``: the test suite turns warnings into errors.)
"""

from __future__ import annotations

from .env.vec import EPISODES as EPISODES
from .env.vec import KINDS as KINDS
from .env.vec import GameLike as GameLike
from .env.vec import VecEnv as VecEnv
from .env.vec import _choice as _choice
from .env.vec import _game as _game

__all__ = ["VecEnv"]

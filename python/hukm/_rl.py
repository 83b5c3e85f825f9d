"""Deprecated alias: the PettingZoo and Gymnasium environments moved to
:mod:`hukm.env.aec` and :mod:`hukm.env.gym` (their shared pieces to
:mod:`hukm.env._episode`); use :func:`hukm.env.aec_env` and :func:`hukm.env.gym_env`.
"""

from __future__ import annotations

from .env._episode import BOUND as BOUND
from .env._episode import SEED_SPAN as SEED_SPAN
from .env._episode import _Episode as _Episode
from .env._episode import _spaces as _spaces
from .env.aec import HukmAEC as HukmAEC
from .env.gym import HukmGym as HukmGym

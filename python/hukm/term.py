"""Deprecated alias of :mod:`hukm.cli.term` (the terminal table moved into the command
line's package); import from that module instead. (No ``DeprecationWarning``: the test
suite turns warnings into errors.)"""

from __future__ import annotations

from .cli.term import *  # noqa: F401,F403
from .cli.term import _card_text as _card_text
from .cli.term import _hand_rows as _hand_rows
from .cli.term import _suits as _suits

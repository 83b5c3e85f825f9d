"""The exceptions of hukm. Every error about bad input is a ``ValueError``.

Example::

    >>> import hukm
    >>> try:
    ...     hukm.Hokm("hokm9")
    ... except ValueError as e:
    ...     print(type(e).__name__)
    OptionError
"""

from __future__ import annotations


class HukmError(Exception):
    """Base class of every hukm error."""


class NotationError(HukmError, ValueError):
    """A card, hand or deal string that does not parse, or an inconsistent deal."""


class OptionError(HukmError, ValueError):
    """An unknown option, a bad option value or an unknown preset."""


class IllegalActionError(HukmError, ValueError):
    """An action that is not legal now; the state is left unchanged."""


class StateError(HukmError, ValueError):
    """A request that does not fit the state (bad seat, wrong phase, ...)."""


class SolverLimitError(HukmError, RuntimeError):
    """The solver reached its node or time limit."""


__all__ = [
    "HukmError",
    "NotationError",
    "OptionError",
    "IllegalActionError",
    "StateError",
    "SolverLimitError",
]

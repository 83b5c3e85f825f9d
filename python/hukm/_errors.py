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

    @classmethod
    def time_limit(cls, seconds: float) -> "SolverLimitError":
        """The error of a call that ran out of the time the user gave, worded as
        the engine words it.

        >>> str(SolverLimitError.time_limit(0.5))
        'solver time limit reached (timeout=0.5 s)'
        """
        return cls(f"solver time limit reached (timeout={seconds:g} s)")


__all__ = [
    "HukmError",
    "NotationError",
    "OptionError",
    "IllegalActionError",
    "StateError",
    "SolverLimitError",
]

"""Checks of plain arguments before they reach the engine, so that a bad
number is a ``ValueError`` naming the argument (never an overflow)."""

from __future__ import annotations

from typing import Optional, Sequence

from ._errors import StateError

_U64 = (1 << 64) - 1

MAX_THREADS = 1024
"""The most threads any call that solves takes (``threads=``; the command line's
``--threads``)."""


def whole(value: object, name: str, lo: int = 0, hi: Optional[int] = None) -> int:
    """``value`` as an int in ``lo..hi`` (inclusive), else :class:`StateError`.

    >>> whole(3, "leader", 0, 3)
    3
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError(f"{name} must be a whole number, got {value!r}")
    top = _U64 if hi is None else hi
    if not lo <= value <= top:
        raise StateError(f"{name} {value} out of range {lo}..{top}")
    return value


def optional_whole(value: object, name: str, lo: int = 0, hi: Optional[int] = None) -> Optional[int]:
    """Like :func:`whole`, with ``None`` passed through."""
    return None if value is None else whole(value, name, lo, hi)


def wholes(values: Optional[Sequence[object]], name: str, lo: int = 0, hi: Optional[int] = None) -> Optional[list[int]]:
    """A list of whole numbers, each checked like :func:`whole`."""
    if values is None:
        return None
    return [whole(v, f"{name}[{i}]", lo, hi) for i, v in enumerate(sequence(values, name))]


def sequence(values: object, name: str) -> list[object]:
    """``values`` as a list when it is a list, a tuple or another sequence of
    items (never a string), else :class:`StateError`.

    >>> sequence((4, 5), "scores")
    [4, 5]
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise StateError(f"{name} must be a list of whole numbers, got {values!r}")
    return list(values)


def ints(values: Optional[Sequence[object]], name: str) -> Optional[list[int]]:
    """A list of whole numbers of any sign (the engine checks their range),
    or ``None``.

    >>> ints([4, -1], "scores")
    [4, -1]
    """
    if values is None:
        return None
    return [whole(v, f"{name}[{i}]", -(1 << 63), (1 << 63) - 1) for i, v in enumerate(sequence(values, name))]


def seconds(timeout: object) -> Optional[float]:
    """A timeout in seconds, checked: a number >= 0 (``inf``: none), else
    :class:`StateError`.

    >>> seconds(2), seconds(None)
    (2.0, None)
    """
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout >= 0:
        raise StateError(f"timeout must be a number of seconds >= 0, got {timeout!r}")
    return float(timeout)

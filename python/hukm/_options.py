"""Conversion of keyword options into the engine's ``key=value`` strings."""

from __future__ import annotations

from typing import Mapping, Union

from ._errors import OptionError

OptionValue = Union[str, int, bool]


def option_pairs(options: Mapping[str, OptionValue]) -> list[tuple[str, str]]:
    """Turns ``{"random_trump": True, "target_points": 5}`` into string pairs.

    Booleans become ``on``/``off``; numbers their decimal form.

    >>> option_pairs({"random_trump": True, "target_points": 5})
    [('random_trump', 'on'), ('target_points', '5')]
    """
    out: list[tuple[str, str]] = []
    for key, value in options.items():
        if isinstance(value, bool):
            text = "on" if value else "off"
        elif isinstance(value, (int, str)):
            text = str(value)
        else:
            raise OptionError(
                f"bad value {value!r} for option {key}: give a string, a number or a boolean"
            )
        out.append((key, text))
    return out

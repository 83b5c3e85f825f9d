"""The examples in the docstrings of every module of the package run and print what they
show (``python -m doctest`` over ``hukm``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import hukm

OPTIONAL = {"hukm.web": "starlette"}
"""Modules that need an optional extra, and the package they need."""


def modules() -> list[str]:
    names = ["hukm"]
    for info in pkgutil.walk_packages(hukm.__path__, "hukm."):
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", modules())
def test_docstring_examples(name: str) -> None:
    for prefix, needs in OPTIONAL.items():
        if name.startswith(prefix):
            pytest.importorskip(needs)
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"

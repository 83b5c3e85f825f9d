"""Writes the observation types from the engine's schema, and checks the written ones.

The engine states the keys of every game's observations (``_core.core_observation()``,
the keys every game's begins with, and each game's ``Description.observation``: name,
shape, whether every observation holds it, meaning). The typed dictionaries that
document them (:mod:`hukm.observations` and each family's ``observation.py``) are
generated from that schema, never written by hand::

    python -m hukm._observation_types           # rewrites the files
    python -m hukm._observation_types --check   # exit 1 naming the files that differ

``tests/package/test_observation_schema.py`` fails when a written file and the engine's
schema differ, and when an observation holds a key or a value its schema does not allow.

>>> python_type("[card?]"), python_type("map?")
('list[Optional[Card]]', 'Optional[dict[str, Any]]')
>>> matches("[int?]", [1, None]), matches("int", True), matches("str?", None)
(True, False, True)
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import Any, Optional, Sequence

from . import _core
from ._families import Family, families

PACKAGE = Path(__file__).resolve().parent
"""The package's folder, where the files are written."""

_ATOMS = {"int": "int", "str": "str", "bool": "bool", "card": "Card", "map": "dict[str, Any]", "any": "Any"}


def python_type(kind: str) -> str:
    """The annotation of a value of shape ``kind`` (see :class:`hukm._core.ObservationField`)."""
    if kind.endswith("?"):
        return f"Optional[{python_type(kind[:-1])}]"
    if kind.startswith("[") and kind.endswith("]"):
        return f"list[{python_type(kind[1:-1])}]"
    if kind not in _ATOMS:
        raise ValueError(f"observation schema: unknown shape {kind!r}")
    return _ATOMS[kind]


def matches(kind: str, value: Any) -> bool:
    """Whether ``value`` (a key's value in an observation) has the shape ``kind``."""
    if kind.endswith("?"):
        return value is None or matches(kind[:-1], value)
    if kind.startswith("[") and kind.endswith("]"):
        return isinstance(value, list) and all(matches(kind[1:-1], v) for v in value)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind in ("str", "card"):
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "map":
        return isinstance(value, dict)
    return kind == "any"


def schema(f: Family) -> tuple[_core.ObservationField, ...]:
    """The keys of family ``f``'s observations after the core's, as the engine states them
    (the same for every preset of the family)."""
    found: set[tuple[_core.ObservationField, ...]] = {info.description.observation for info in _presets(f)}
    if len(found) != 1:
        raise ValueError(f"observation schema: the presets of {f.name} state {len(found)} different schemas")
    return found.pop()


def _presets(f: Family) -> list[Any]:
    from .registry import games

    return [info for info in games() if info.family == f.name]


def _docstring(about: str, indent: str) -> list[str]:
    """``about`` as a docstring (the schema's `code` in reST's ``code``), wrapped."""
    lines = textwrap.wrap(f'"""{about.replace("`", "``")}"""', width=92 - len(indent), break_on_hyphens=False)
    return [indent + line for line in lines]


def _fields(fields: Sequence[_core.ObservationField]) -> list[str]:
    lines: list[str] = []
    for fld in fields:
        lines.append(f"    {fld.name}: {python_type(fld.kind)}")
        lines += _docstring(fld.about, "    ")
    return lines


def _typing_import(fields: Sequence[_core.ObservationField], *more: str) -> list[str]:
    """The ``from typing import`` line the fields' annotations need (none: no line)."""
    words = {word for fld in fields
             for word in python_type(fld.kind).replace("[", " ").replace("]", " ").replace(",", " ").split()}
    used = sorted(({"Any", "Optional"} & words) | set(more))
    return [f"from typing import {', '.join(used)}", ""] if used else []


HEADER = """# Generated from the engine's observation schema by `python -m hukm._observation_types`;
# do not edit (tests/package/test_observation_schema.py fails when they differ).
"""


def core_text() -> str:
    """The text of :mod:`hukm.observations`."""
    core = _core.core_observation()
    lines = [
        HEADER.rstrip("\n"),
        '"""The documented shape of ``State.observation(player)``: what a player may see, as plain',
        "data, one :class:`typing.TypedDict` per game, generated from the engine's schema",
        "(:func:`hukm._core.core_observation` and each game's ``Description.observation``).",
        "",
        "Every game's observation starts with the keys of :class:`Observation`, in that order and",
        "with those types; each game adds its own keys after them (its ``observation.py``,",
        "``hukm/games/<family>/observation.py``). A key that exists only in some presets or",
        "phases is marked as not required. Each game's class names its type",
        "(``observation_type``: the class of a game imports its own, the generic",
        ":class:`Observation` by default); :func:`observation_types` reads them all.",
        "",
        ">>> import hukm",
        ">>> game = hukm.game(hukm.games()[0].name)",
        '>>> game.observation_type.__name__ == type(game).__name__ + "Observation"',
        "True",
        ">>> list(game.new_game(seed=1).observation(0))[:7]",
        "['player', 'phase', 'current_player', 'hand_number', 'hand', 'trick', 'scores']",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        *_typing_import(core, "TypedDict"),
        "Card = str",
        '"""A card in the notation of its pack (``AS``, ``9GH``, ``KRA``)."""',
        "",
        "",
        "class Observation(TypedDict):",
        '    """The keys every game\'s observation begins with."""',
        "",
        *_fields(core),
        "",
        "",
        "def observation_types() -> dict[str, type]:",
        '    """The observation type of each game module, as each game class names it',
        "    (``observation_type``).",
        "",
        "    >>> import hukm",
        "    >>> sorted(observation_types()) == sorted({info.family for info in hukm.games()})",
        "    True",
        '    """',
        "    from ._families import CLASSES",
        "",
        "    return {family: cls.observation_type for family, cls in CLASSES.items()}",
    ]
    return "\n".join(lines) + "\n"


def family_text(f: Family) -> str:
    """The text of family ``f``'s ``observation.py``."""
    name = f.game.__name__
    fields = schema(f)
    always = [fld for fld in fields if fld.always]
    sometimes = [fld for fld in fields if not fld.always]
    lines = [
        HEADER.rstrip("\n"),
        f'"""The shape of ``State.observation(player)`` in {name}\'s presets (see :mod:`hukm.observations`)."""',
        "",
        "from __future__ import annotations",
        "",
        *_typing_import(fields),
        "from ...observations import Card, Observation",
        "",
        "",
    ]
    if not sometimes:
        lines += [
            f"class {name}Observation(Observation):",
            f'    """The keys of {name}\'s observations after :class:`~hukm.observations.Observation`\'s."""',
            "",
            *_fields(always),
        ]
    else:
        lines += [
            f"class _{name}Always(Observation):",
            f'    """The keys of every {name} observation after :class:`~hukm.observations.Observation`\'s."""',
            "",
            *_fields(always),
            "",
            "",
            f"class {name}Observation(_{name}Always, total=False):",
            f'    """{name}\'s observations: the keys below only in some presets or phases."""',
            "",
            *_fields(sometimes),
        ]
    return "\n".join(lines) + "\n"


def expected() -> dict[Path, str]:
    """Every generated file and the text the engine's schema gives it."""
    out = {PACKAGE / "observations.py": core_text()}
    for f in families():
        out[Path(sys.modules[f.game.__module__].__file__ or "").parent / "observation.py"] = family_text(f)
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Writes the files (``--check``: only says which differ, exit 1 if any)."""
    args = list(sys.argv[1:] if argv is None else argv)
    check = args == ["--check"]
    if args and not check:
        print("usage: python -m hukm._observation_types [--check]", file=sys.stderr)
        return 2
    texts = expected()
    stale = [path for path, text in texts.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    for path in stale:
        if check:
            print(f"differs from the engine's schema: {path}")
        else:
            path.write_text(texts[path], encoding="utf-8")
            print(f"wrote {path}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

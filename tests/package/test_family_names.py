"""No module outside a game's own code names a game: the command line, positions, pictures,
records, batch runs, the learning environments and the web page read every game from the
registry and its description (``hukm.games()``, ``GameBase.description``), so a game added
to the engine reaches all of them without an edit there: a new game costs its own modules,
its tests, its bot, and three lines elsewhere (the catalog, the class export, the docs
nav).

The check reads the sources (nothing is imported from them): every string constant of
the code that equals a family, preset or alias name of the catalog is a finding, except
in docstrings (examples name games on purpose) and in the modules that belong to one
game, its folder ``hukm/games/<family>/`` (its class, bot, presentation, observation type
and option notes), and the catalog ``hukm/games/__init__.py`` and the package's
``__init__`` (the class export). The
Rust side is checked the same way: no string literal naming a game outside
``rust/core/src/games/`` (a pack's name may be a family's: the Dashavatara pack).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import hukm
from source_scan import docstrings

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGE = ROOT / "python" / "hukm"

FAMILIES = sorted({g.family for g in hukm.games()})
NAMES = set(FAMILIES) | {g.name for g in hukm.games()} | set(hukm.registry.aliases())


def _owned_by_one_game(path: Path) -> bool:
    """A module that belongs to one game (in its family's folder), or the catalog."""
    rel = path.relative_to(PACKAGE)
    if len(rel.parts) == 1:
        return rel.name == "__init__.py"
    if rel.parts[0] != "games":
        return False
    return rel.parts[1] == "__init__.py" or (len(rel.parts) > 2 and rel.parts[1] in FAMILIES)


def names_in_code(source: str) -> list[tuple[int, str]]:
    """The string constants of ``source``'s code (docstrings and bare strings left out)
    that name a game, with their lines."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
        and node.value in NAMES
    ]


def python_findings() -> list[str]:
    found: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if _owned_by_one_game(path):
            continue
        for line, name in names_in_code(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT)}:{line}: {name!r}")
    return found


PACKS = {g.pack for g in hukm.games()}
"""Pack names: a pack several games share may bear a family's name (``dashavatara``)."""

RUST_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def rust_findings() -> list[str]:
    found: list[str] = []
    for top in ("rust/core/src", "rust/py/src", "rust/fuzz/src"):
        for path in sorted((ROOT / top).rglob("*.rs")):
            rel = path.relative_to(ROOT)
            parts = rel.parts
            if "games" in parts or path.name.endswith("tests.rs") or path.name == "tests.rs":
                continue
            text = path.read_text(encoding="utf-8").split("#[cfg(test)]")[0]
            for no, line in enumerate(text.splitlines(), 1):
                code = line.split("//")[0]
                for m in RUST_STRING.finditer(code):
                    if m.group(1) in NAMES - PACKS:
                        found.append(f"{rel}:{no}: {m.group(1)!r}")
    return found


@pytest.mark.parametrize("side", ["python", "rust"])
def test_no_generic_module_names_a_game(side: str) -> None:
    found = python_findings() if side == "python" else rust_findings()
    assert not found, "names a game outside its own modules:\n" + "\n".join(found)


def test_the_check_sees_a_name_in_code_only() -> None:
    family = FAMILIES[-1]
    source = f'"""About {family}."""\nREADERS = {{"{family}": 1}}\n"{family} in a note"\nx = "{family}s"\n'
    assert names_in_code(source) == [(2, family)]
    assert _owned_by_one_game(PACKAGE / "games" / family / "game.py")
    assert _owned_by_one_game(PACKAGE / "games" / family / "bot.py")
    assert not _owned_by_one_game(PACKAGE / f"{family}.py") and not _owned_by_one_game(PACKAGE / "bots" / f"_{family}.py")
    assert not _owned_by_one_game(PACKAGE / "cli" / f"{family}.py")

"""The command line, positions, the solve helpers and PBN read the games'
descriptions and name no game: no family, preset or alias appears in their code (their
docstrings may show examples), and every preset's position keywords are flags of
``hukm solve`` that reach its ``from_deal``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import hukm
from hukm._position import keywords_of, whole
from hukm.cli.args import position_flags
from hukm.cli.parser import build_parser
from source_scan import docstrings

PACKAGE = Path(hukm.__file__).parent
GENERIC = sorted(PACKAGE.glob("cli/*.py")) + sorted(PACKAGE.glob("pbn/*.py")) + [
    PACKAGE / "_position.py",
    PACKAGE / "solve.py",
    PACKAGE / "_families.py",
]
NAMES = (
    {g.name for g in hukm.games()} | {g.family for g in hukm.games()} | set(hukm.registry.aliases())
)


def _games_named(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            hit = set(re.findall(r"[a-z0-9_]+", node.value.lower())) & NAMES
            if hit:
                found.append(f"{path.name}:{node.lineno} {sorted(hit)}")
        elif isinstance(node, ast.Name) and node.id.lower() in NAMES:
            found.append(f"{path.name}:{node.lineno} {node.id}")
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[-1] in NAMES:
            found.append(f"{path.name}:{node.lineno} import {node.module}")
    return found


@pytest.mark.parametrize("path", GENERIC, ids=[p.relative_to(PACKAGE).as_posix() for p in GENERIC])
def test_names_no_game(path: Path) -> None:
    assert _games_named(path) == []


def test_the_check_sees_a_name() -> None:
    assert _games_named(PACKAGE / "games" / "twenty_eight" / "game.py") or _games_named(PACKAGE / "games" / "hokm" / "game.py")


@pytest.mark.parametrize("gi", hukm.games(), ids=[g.name for g in hukm.games()])
def test_every_position_keyword_is_a_flag(gi: hukm.GameInfo) -> None:
    game = hukm.game(gi.name)
    for k in keywords_of(game):
        value = "1" if whole(k) else "S"
        args = build_parser().parse_args(["solve", gi.name, "x", f"--{k}", value])
        assert position_flags(game, args) == {k: int(value) if whole(k) else value}

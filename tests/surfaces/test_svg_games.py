"""Each game's part of the pictures lives in its presentation
(``hukm/games/<family>/presentation.py``): the generic picture, caption, page-label and
wording modules name no game, and a game the catalog lacks is still drawn, captioned and
labelled."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator, Optional

import pytest

import hukm
import hukm.svg
import hukm._families as families
from hukm.svg.scene import build
from hukm.svg.wording import value_note, value_text
from hukm.video.captions import caption
from hukm.web import labels
from source_scan import docstrings

PACKAGE = Path(hukm.__file__).resolve().parent
GENERIC = sorted(
    p for p in PACKAGE.rglob("*.py")
    if p.relative_to(PACKAGE).parts[0] != "games"
    # the packs' display tables are named after the packs whose suits they draw
    and p.name != "packs.py"
)
"""The modules that serve every game: the whole package but the games' folders."""

EXPORTS = PACKAGE / "__init__.py"
"""The package's export line names each game's class (``hukm.Hokm``): the one generic
place a game's name stands."""

INFOS = hukm.registry.games()
FAMILIES = sorted({g.family for g in INFOS})
PRESETS = {g.name for g in INFOS} | {a for g in INFOS for a in g.aliases}


def _code_words(path: Path) -> Iterator[tuple[int, str]]:
    """The names and string literals of a module's code (docstrings and comments left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value
        elif isinstance(node, ast.Name):
            yield node.lineno, node.id
        elif isinstance(node, ast.Attribute):
            yield node.lineno, node.attr
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            yield node.lineno, node.name


def _names_a_game(text: str) -> Optional[str]:
    low = text.lower()
    for f in FAMILIES:
        if re.search(rf"(?<![a-z]){f}(?![a-z])", low) or f.replace("_", "-") in low:
            return f
    return text if text in PRESETS else None


@pytest.mark.parametrize("path", [p for p in GENERIC if p != EXPORTS],
                         ids=[p.relative_to(PACKAGE).as_posix() for p in GENERIC if p != EXPORTS])
def test_a_generic_module_names_no_game(path: Path) -> None:
    found = [(n, w) for n, w in _code_words(path) if _names_a_game(w)]
    assert not found, found


GAME_WORDS = frozenset({
    "hakem", "boss", "heap", "banker", "stakes", "dummy", "trumper", "jodhi", "indicator_down", "trump_hidden",
    "trump_mode", "first_void", "seventh_card",
})
"""Roles, score keys and facts of single games (from their descriptions and observations):
words only a game's folder may hold in code."""


def _game_words(path: Path) -> set[str]:
    """The game words (:data:`GAME_WORDS`) of a module's code (``double dummy`` is the
    analysis, not the bridge role)."""
    out: set[str] = set()
    for _, text in _code_words(path):
        out.update(_words_of(text))
    return out


def _words_of(text: str) -> set[str]:
    low = re.sub(r"double[- ]dummy", "", text.lower())
    return (set(re.findall(r"[a-z_]+", low)) & GAME_WORDS) | {w for w in GAME_WORDS if w in low.split()}


def test_generic_modules_hold_no_game_words() -> None:
    """Not even the shared glossary (``i18n/words.py``: the Hakem and the dummy are Hokm's
    roles) or a board of bridge (``svg/bridge.py``, ``_sourced.py``: drawn with bridge's
    dummy by the game that plays it, ``games/hokm/bridge.py``)."""
    found = {(p.relative_to(PACKAGE).as_posix(), w) for p in GENERIC for w in _game_words(p)}
    assert found == set(), "game words outside the games' folders"


def test_the_shared_catalogs_hold_no_game_words() -> None:
    """The shared domains' templates (``words``, ``pictures``, ``terminal``, ``web``) are
    extracted from the generic modules only: a game's role, unit or score key is in its
    own domain (``game_<family>``), whose folder marks it."""
    from hukm import i18n
    from hukm.i18n import _tools

    found = set()
    for domain in i18n.DOMAINS:
        for m in _tools.read_po(_tools.pot_path(domain)):
            for text in ([m.id] if isinstance(m.id, str) else list(m.id or ())) + [m.context or ""]:
                found.update((domain, m.context, w) for w in _words_of(text))
    assert found == set(), found
    hokm = {(m.context, m.id) for m in _tools.read_po(_tools.pot_path(i18n.GAME_PREFIX + "hokm"))}
    assert {("role", "Hakem"), ("role", "dummy"), ("bridge", "dummy")} <= hokm


def test_the_page_scripts_name_no_game() -> None:
    for path in sorted((PACKAGE / "web" / "static").glob("*.js")):
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        words = {w.lower() for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", code)}
        assert not words & set(FAMILIES), (path.name, words & set(FAMILIES))


def test_every_family_of_the_registry_is_in_the_catalog() -> None:
    """Each family of the registry is one folder of ``hukm.games``, its presentation the
    folder's ``presentation`` module."""
    assert [f.name for f in families.families()] == FAMILIES
    for f in families.families():
        assert f.presentation.__name__ == f"hukm.games.{f.name}.presentation"
        assert families.family(f.name) is f and f.game.FAMILY == f.name


@pytest.mark.parametrize("name", ["hokm4", "28", "dugi", "naqsh"])
def test_a_game_the_catalog_lacks_is_still_drawn(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    s = hukm.game(name).new_game(3)
    for _ in range(12):
        if s.is_terminal():
            break
        s.apply(s.legal_actions()[0])
    monkeypatch.setattr(families, "FAMILIES", {})
    sc = build(s)
    assert len(sc.seats) == s.num_players and all(seat.cards for seat in sc.seats)
    partners = hukm.game(name).description.partners
    assert all((seat.side is not None) == partners for seat in sc.seats)
    picture = hukm.svg.render(s, viewer=0, lang="fa")
    assert picture.count('class="seat"') == s.num_players
    if not s.is_terminal():
        assert all(caption(s, a) for a in s.legal_actions())
    assert value_text(s, 1) and value_note(s, 2)
    assert labels.family(hukm.registry.info(name).family, "fa") == hukm.registry.info(name).family
    assert labels.status_line(s, "en").startswith(s.preset)

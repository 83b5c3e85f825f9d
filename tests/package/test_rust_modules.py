"""No circle between the engine's modules: the Rust sources of ``rust/core/src`` are read
as text (nothing is compiled), each module's paths to other modules make a graph, and the
graph must have no cycle: at the crate's top level (``card``, ``pack``, ``games``,
``registry``, ``solve`` ...) and under every module that has modules of its own
(``games``, each game, ``registry``, ``solve`` ...). Inside ``games`` no game's module
refers to another game's either: what two games share is a module of its own that
refers to no game. A circle or such a reference fails with its modules and files
named.

What counts as a reference of module ``a`` to module ``b``: a path written in ``a``'s
files that starts at the crate (``crate::b::...``, ``$crate::b::...`` in a macro) or climbs
to it (``super::b``, ``super::super::b``), the paths inside a ``use`` group
(``crate::{b, c::D}``) each alone. A path to an item that a ``mod.rs`` re-exports
(``pub use b::Item``) counts as a path to the module it comes from.

Left out: comments and string literals, and what is compiled for the tests only (items
and modules under ``#[cfg(test)]``, whole files among them): a test may use any module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import pytest

import hukm
from test_import_graph import cycles

SRC = Path(__file__).resolve().parent.parent.parent / "rust" / "core" / "src"

_LEXEMES = re.compile(
    r"""(?P<comment>//[^\n]*|/\*[\s\S]*?\*/)"""
    r"""|(?P<string>r(?P<hashes>\#*)"[\s\S]*?"(?P=hashes)|b?"(?:\\[\s\S]|[^"\\])*"|b?'(?:\\.|[^'\\\n])')"""
)


def strip(source: str, strings: bool = True) -> str:
    """``source`` without its comments (and its string and character literals, unless
    ``strings`` is false): each becomes a space."""

    def one(m: re.Match[str]) -> str:
        if m.group("comment") is not None or strings:
            return " "
        return m.group(0)

    return _LEXEMES.sub(one, source)


def _skip_attributes(text: str, i: int) -> int:
    """The index after the attributes (``#[...]``) and spaces from ``i``."""
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if not text.startswith("#[", i):
            return i
        depth = 0
        while i < len(text):
            depth += {"[": 1, "]": -1}.get(text[i], 0)
            i += 1
            if depth == 0:
                break


def _item_end(text: str, i: int) -> int:
    """The index after the item starting at ``i``: at its first ``;`` outside brackets,
    or after the braces of its body."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == ";" and depth == 0:
            return i + 1
        elif c == "{":
            braces = 0
            while i < len(text):
                braces += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
                if braces == 0:
                    return i
        i += 1
    return i


_CFG_TEST = re.compile(r"#\[cfg\(test\)\]")


def without_tests(code: str) -> str:
    """``code`` (comments and literals stripped) without its ``#[cfg(test)]`` items."""
    out = []
    i = 0
    while (m := _CFG_TEST.search(code, i)) is not None:
        out.append(code[i : m.start()])
        i = _item_end(code, _skip_attributes(code, m.start()))
    out.append(code[i:])
    return "".join(out)


_MOD = re.compile(r"((?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;")
_PATH_ATTR = re.compile(r'#\[path\s*=\s*"([^"]+)"\]')
_CATALOG = re.compile(r"\bcatalog!\s*\{([^}]*)\}")
"""The list of games in ``games/mod.rs`` (``catalog! { hokm::Hokm, ... }``), which declares
each game's module."""


@dataclass
class Module:
    """One file of the crate: its module path (``["games", "hokm", "dd"]``), its code
    without comments, literals and test items, and the modules it declares."""

    path: list[str]
    file: Path
    code: str
    children: list[str] = field(default_factory=list)
    reexports: dict[str, str] = field(default_factory=dict)
    """Names a ``mod.rs`` re-exports (``pub use child::Name``), each with its child."""
    where: str = ""
    """The file from the crate's ``src``."""


def _child_file(parent: Path, name: str, attrs: str) -> Path:
    folder = parent.parent if parent.name in ("lib.rs", "mod.rs") else parent.with_suffix("")
    given = _PATH_ATTR.search(attrs)
    if given:
        return parent.parent / given.group(1)
    plain = folder / f"{name}.rs"
    return plain if plain.exists() else folder / name / "mod.rs"


_REEXPORT = re.compile(r"pub(?:\([^)]*\))?\s+use\s+(?:self::)?(\w+)::([^;]+);")


def modules(src: Path = SRC) -> dict[tuple[str, ...], Module]:
    """Every module of the crate compiled outside the tests, from ``lib.rs`` down."""
    out: dict[tuple[str, ...], Module] = {}

    def visit(file: Path, path: list[str]) -> None:
        source = file.read_text(encoding="utf-8")
        code = without_tests(strip(source))
        module = Module(path, file, code, where=str(file.relative_to(src)))
        out[tuple(path)] = module
        declared = without_tests(strip(source, strings=False))
        for m in _MOD.finditer(declared):
            module.children.append(m.group(2))
            visit(_child_file(file, m.group(2), m.group(1)), path + [m.group(2)])
        for m in _CATALOG.finditer(declared):
            for name in re.findall(r"(\w+)\s*::\s*\w+", m.group(1)):
                module.children.append(name)
                visit(_child_file(file, name, ""), path + [name])
        for m in _REEXPORT.finditer(code):
            if m.group(1) in module.children:
                for name in re.findall(r"\w+", m.group(2)):
                    if name not in ("self", "as"):
                        module.reexports[name] = m.group(1)

    visit(src / "lib.rs", [])
    return out


_START = re.compile(r"(?<![\w])\$?(crate|super|self)\s*::")


def _group(code: str, i: int) -> tuple[list[list[str]], int]:
    """The paths of a ``use`` group whose ``{`` is at ``i``, each relative to the
    group's prefix, and the index after its ``}``."""
    out: list[list[str]] = []
    i += 1
    while i < len(code):
        while i < len(code) and (code[i].isspace() or code[i] == ","):
            i += 1
        if i < len(code) and code[i] == "}":
            return out, i + 1
        paths, i = _path(code, i)
        out.extend(paths)
        m = re.compile(r"\s*as\s+\w+").match(code, i)
        if m:
            i = m.end()
    return out, i


def _path(code: str, i: int) -> tuple[list[list[str]], int]:
    """The paths written from ``i`` (one, or several through ``{...}`` groups) and the
    index after them."""
    segments: list[str] = []
    while True:
        while i < len(code) and code[i].isspace():
            i += 1
        if i < len(code) and code[i] == "{":
            inner, i = _group(code, i)
            return [segments + p for p in inner] or [segments], i
        m = re.compile(r"\$?(\w+)").match(code, i)
        if not m:
            return [segments], i
        segments.append(m.group(1))
        i = m.end()
        sep = re.compile(r"\s*::\s*").match(code, i)
        if not sep:
            return [segments], i
        i = sep.end()


def _absolute(here: list[str], path: list[str]) -> Optional[list[str]]:
    """``path`` (starting with ``crate``, ``super`` or ``self``) from module ``here``, as a
    path from the crate's root; ``None`` when it climbs above it."""
    out = list(here)
    for k, seg in enumerate(path):
        if seg == "crate" and k == 0:
            out = []
        elif seg == "super":
            if not out:
                return None
            out.pop()
        elif seg == "self":
            continue
        else:
            return out + [s for s in path[k:] if s != "self"]
    return out


def references(module: Module) -> list[list[str]]:
    """Every path of ``module``'s code to an item of the crate, from the crate's root."""
    out = []
    i = 0
    code = module.code
    while (m := _START.search(code, i)) is not None:
        paths, i = _path(code, m.start(1))
        for p in paths:
            a = _absolute(module.path, p)
            if a:
                out.append(a)
    return out


def graph_under(mods: dict[tuple[str, ...], Module], parent: tuple[str, ...]) -> dict[str, dict[str, set[str]]]:
    """The references between the child modules of ``parent``: for each child, the
    siblings it refers to and, for each, the files that do. A path to an item of the
    parent's own file counts for the child it re-exports it from (else for no child)."""
    owner = mods[parent]
    out: dict[str, dict[str, set[str]]] = {c: {} for c in owner.children}
    depth = len(parent)
    for key, module in mods.items():
        if len(key) <= depth or key[:depth] != parent:
            continue
        source = key[depth]
        for ref in references(module):
            if len(ref) <= depth or tuple(ref[:depth]) != parent:
                continue
            target = ref[depth]
            if target not in owner.children:
                target = owner.reexports.get(target, "")
            if target and target != source:
                out[source].setdefault(target, set()).add(module.where)
    return out


def _circles(graph: dict[str, dict[str, set[str]]]) -> list[str]:
    """Each circle of ``graph`` with the files that make its first step."""
    plain = {a: set(b) for a, b in graph.items()}
    out = []
    for circle in cycles(plain):
        steps = [f"{a} -> {b} ({', '.join(sorted(graph[a][b]))})" for a, b in zip(circle, circle[1:])]
        out.append(" -> ".join(circle) + "\n      " + "\n      ".join(steps))
    return out


needs_sources = pytest.mark.skipif(not (SRC / "lib.rs").exists(), reason="the engine's sources are not here")


def _parents() -> list[tuple[str, ...]]:
    if not (SRC / "lib.rs").exists():
        return [()]
    return [key for key, m in modules().items() if m.children]


@pytest.fixture(scope="module")
def crate() -> dict[tuple[str, ...], Module]:
    return modules()


@needs_sources
@pytest.mark.parametrize("parent", _parents(), ids=lambda p: "::".join(("crate",) + p))
def test_no_module_circle(crate: dict[tuple[str, ...], Module], parent: tuple[str, ...]) -> None:
    """The modules under each module of the crate (its top level, ``games``, each game,
    ``registry``, ``solve`` ...) refer to one another without a circle."""
    graph = graph_under(crate, parent)
    found = _circles(graph)
    assert not found, f"module circles under {'::'.join(('crate',) + parent)}:\n" + "\n".join("  " + c for c in found)


@needs_sources
def test_no_game_refers_to_another_game(crate: dict[tuple[str, ...], Module]) -> None:
    """The game modules are the catalog's families; any other module under ``games``
    is a piece they share, and it refers to no game."""
    graph = graph_under(crate, ("games",))
    families = {g.family for g in hukm.games()}
    assert families <= set(graph), sorted(families - set(graph))
    wrong = [
        f"{a} -> {b} ({', '.join(sorted(files))})"
        for a, targets in sorted(graph.items())
        for b, files in sorted(targets.items())
        if b in families
    ]
    assert not wrong, "a game's module referred to from another module of games:\n" + "\n".join("  " + w for w in wrong)


@needs_sources
def test_the_graph_sees_the_crate(crate: dict[tuple[str, ...], Module]) -> None:
    top = graph_under(crate, ())
    assert {"card", "pack", "games", "registry", "solve"} <= set(top)
    assert "card" in top["pack"]
    assert "jack_nine" in graph_under(crate, ("games",))["thunee"]
    sweep = crate[("games", "twenty_eight", "dd", "sweep")]  # declared with #[path = "dd_sweep.rs"]
    assert sweep.file.name == "dd_sweep.rs"
    assert not any(m.file.name.endswith("_tests.rs") or m.file.name == "tests.rs" for m in crate.values())


def test_paths_are_read_whole() -> None:
    code = strip(
        'use crate::{card::Card, games::{hokm, jack_nine::{self, ints}}};\n'
        "// crate::comment::X\n"
        'let s = "crate::string::X"; let c = \'{\';\n'
        "super::super::deal::f(); self::x::y(); $crate::pack::P;\n"
        "#[cfg(test)]\nmod tests { use crate::test_only::X; }\n"
        "#[cfg(test)]\n#[path = \"t.rs\"]\nmod more;\n"
    )
    module = Module(["games", "thunee", "view"], Path("view.rs"), without_tests(code))
    assert references(module) == [
        ["card", "Card"],
        ["games", "hokm"],
        ["games", "jack_nine"],
        ["games", "jack_nine", "ints"],
        ["games", "deal", "f"],
        ["games", "thunee", "view", "x", "y"],
        ["pack", "P"],
    ]


def test_a_circle_of_a_small_crate(tmp_path: Path) -> None:
    """A crate whose ``a`` refers to ``b`` and whose ``b`` (in its child's file) climbs
    back to ``a``: one circle, named with its files; a test module's reference does not
    count."""
    (tmp_path / "b").mkdir()
    (tmp_path / "lib.rs").write_text("mod a;\npub mod b;\n#[cfg(test)]\nmod tests;\n")
    (tmp_path / "a.rs").write_text("use crate::b::Thing;\n#[cfg(test)]\nmod tests { use crate::b::Other; }\n")
    (tmp_path / "b" / "mod.rs").write_text("mod inner;\npub use inner::Thing;\n")
    (tmp_path / "b" / "inner.rs").write_text("pub struct Thing;\nfn f() { super::super::a::g(); }\n")
    (tmp_path / "tests.rs").write_text("use crate::a::Anything;\n")
    crate = modules(tmp_path)
    assert set(crate) == {(), ("a",), ("b",), ("b", "inner")}
    graph = graph_under(crate, ())
    assert graph == {"a": {"b": {"a.rs"}}, "b": {"a": {"b/inner.rs"}}}
    assert _circles(graph) == ["a -> b -> a\n      a -> b (a.rs)\n      b -> a (b/inner.rs)"]
    assert graph_under(crate, ("b",)) == {"inner": {}}


@pytest.mark.parametrize(
    "graph, found",
    [
        ({"a": {"b": {"a.rs"}}, "b": {"a": {"b.rs"}}}, ["a -> b -> a\n      a -> b (a.rs)\n      b -> a (b.rs)"]),
        ({"a": {"b": {"a.rs"}}, "b": {}}, []),
    ],
)
def test_a_circle_is_named_with_its_files(graph: dict[str, dict[str, set[str]]], found: list[str]) -> None:
    assert _circles(graph) == found

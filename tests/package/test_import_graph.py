"""No import circles inside the package: every module of ``python/hukm`` is parsed with
``ast`` (nothing is imported), the imports between its modules make a graph, and the
graph must have no cycle. Two graphs are checked: the imports that run when a module is
imported, and every import between the package's modules wherever it stands.

What counts as an edge ``a -> b``:

* an import that runs when ``a`` is imported: the module's own statements, including
  those inside ``if``, ``try``, ``with`` and class bodies;
* to the module named (``import hukm.x.y``, ``from .x import name``), to each submodule
  a ``from`` import names (``from . import svg``), and to the packages on the way whose
  ``__init__`` runs first (``from ..packs import ...`` runs ``hukm.svg`` too) unless
  they enclose ``a`` (those are already being imported);
* a ``from`` import of a name that is not a submodule reads the named module's namespace,
  so it is an edge even to an enclosing package (``from .. import __version__``).

Left out of the first graph: imports inside functions and methods. They run when the
function is called, after every module involved has finished its own import, so they
cannot meet a module half initialised (the failure an import circle causes). The package
uses them for the optional extras (rich, Gymnasium and PettingZoo, starlette, resvg, av,
pyarrow, Ray), which must not be needed to import it, and to load costly pieces on first
use.

The second graph has those imports too: a module that needs another only inside a
function still depends on it, and two modules that need each other (wherever the
imports stand) are one concern split in two, or share a piece that belongs below both.
Imports of other packages (the optional extras among them) are no edges in either graph.

Left out of both: imports under ``if TYPE_CHECKING:``, which never run (only the type
checker reads them).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Callable, Iterator, Optional

import pytest

PACKAGE = Path(__file__).resolve().parent.parent.parent / "python" / "hukm"
ROOT = "hukm"


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__.py``)."""
    out: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_time_statements(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements that run when a module is imported (see the module's doc)."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from import_time_statements(node.body)
            yield from import_time_statements(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                yield from import_time_statements(block)
            for handler in node.handlers:
                yield from import_time_statements(handler.body)
        elif isinstance(node, (ast.With, ast.AsyncWith, ast.For, ast.While, ast.ClassDef)):
            yield from import_time_statements(node.body)
            yield from import_time_statements(getattr(node, "orelse", []))


def every_statement(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of ``body``, at any depth (in functions, methods, classes
    and blocks), except those under ``if TYPE_CHECKING:``."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
            continue
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from every_statement(node.orelse)
            continue
        for _, value in ast.iter_fields(node):
            for child in value if isinstance(value, list) else ():
                if isinstance(child, ast.stmt):
                    yield from every_statement([child])
                elif isinstance(child, (ast.ExceptHandler, ast.match_case)):
                    yield from every_statement(child.body)


Statements = Callable[[list[ast.stmt]], Iterator["ast.Import | ast.ImportFrom"]]


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def edges_of(name: str, path: Path, modules: set[str], statements: Statements = import_time_statements) -> set[str]:
    """The package modules that importing ``name`` imports at once (with
    ``statements=every_statement``: that ``name`` imports anywhere)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    enclosing = set(_ancestors(name))
    out: set[str] = set()

    def reach(target: str, reads_namespace: bool) -> None:
        for a in _ancestors(target) + [target]:
            if a not in modules or a == name:
                continue
            if a in enclosing and not (a == target and reads_namespace):
                continue
            out.add(a)

    for node in statements(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == ROOT or alias.name.startswith(ROOT + "."):
                    reach(alias.name, reads_namespace=False)
            continue
        base: Optional[str]
        if node.level:
            parts = package.split(".")
            if node.level > 1:
                parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join(parts + ([node.module] if node.module else []))
        else:
            base = node.module
        if base is None or not (base == ROOT or base.startswith(ROOT + ".")):
            continue
        plain_names = False
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            if alias.name != "*" and sub in modules:
                reach(sub, reads_namespace=False)
            else:
                plain_names = True
        reach(base, reads_namespace=plain_names)
    return out


def import_graph(statements: Statements = import_time_statements) -> dict[str, set[str]]:
    files = module_files()
    modules = set(files) | {f"{ROOT}._core"}  # the compiled module (its stub is _core.pyi)
    return {name: edges_of(name, path, modules, statements) for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each as one
    circle through its modules, plus any module importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(_circle(sorted(component), graph))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _circle(component: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One circle through a component, from its first module back to it."""
    members = set(component)
    start = component[0]
    path = [start]
    seen = {start}
    while True:
        nxt = sorted(w for w in graph[path[-1]] if w in members)
        back = [w for w in nxt if w == start]
        if back and len(path) > 1 or (back and len(members) == 1):
            return path + [start]
        fresh = [w for w in nxt if w not in seen]
        if not fresh:
            return component + [start]  # a component with no simple walk found: list it
        path.append(fresh[0])
        seen.add(fresh[0])


def test_the_package_has_no_import_circle() -> None:
    found = cycles(import_graph())
    assert not found, "import circles:\n" + "\n".join("  " + " -> ".join(c) for c in found)


def test_no_import_circle_even_through_functions() -> None:
    """The imports inside functions and methods make no circle either."""
    found = cycles(import_graph(every_statement))
    assert not found, "import circles (imports in functions included):\n" + "\n".join(
        "  " + " -> ".join(c) for c in found
    )


def test_the_graph_sees_the_package() -> None:
    graph = import_graph()
    assert {"hukm", "hukm.cli", "hukm.env", "hukm.svg", "hukm.cli.term", "hukm.svg.scene"} <= set(graph)
    assert "hukm.svg" in graph["hukm"] and "hukm.solve" in graph["hukm.svg.scene"]
    assert "hukm.svg" in graph["hukm.cli.term"]  # the package of hukm.svg.wording runs first
    assert "hukm.web" not in graph["hukm.cli.serve"]  # imported inside the command only
    assert "hukm" in graph["hukm.batch.run"]  # from .. import __version__


def test_the_full_graph_sees_the_imports_in_functions() -> None:
    graph = import_graph(every_statement)
    assert "hukm.web" in graph["hukm.cli.serve"]  # imported inside the command
    assert import_graph()["hukm"] <= graph["hukm"]


def test_type_checking_imports_are_no_edges() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from . import a\nelse:\n    from . import b\n"
        "def f():\n    try:\n        from . import c\n    except ImportError:\n        from . import d\n"
        "class K:\n    def m(self):\n        with x:\n            import hukm.e\n"
    )
    found = [n for n in every_statement(ast.parse(source).body) if isinstance(n, ast.ImportFrom)]
    assert [a.name for n in found for a in n.names] == ["TYPE_CHECKING", "b", "c", "d"]
    assert [a.name for n in every_statement(ast.parse(source).body) if isinstance(n, ast.Import) for a in n.names] == ["hukm.e"]


@pytest.mark.parametrize(
    "graph, circle",
    [
        ({"a": {"b"}, "b": {"a"}}, ["a", "b", "a"]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, ["a", "b", "c", "a"]),
        ({"a": {"a"}}, ["a", "a"]),
    ],
)
def test_a_circle_is_found(graph: dict[str, set[str]], circle: list[str]) -> None:
    assert cycles(graph) == [circle]


def test_no_circle_in_a_tree() -> None:
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


PRESENTATION = ("hukm.svg", "hukm.video", "hukm.web", "hukm.cli")
"""The packages that show things: pictures, videos, the web page, the terminal."""

ANALYSIS = ("hukm.review", "hukm.tricks", "hukm.packs", "hukm.solve", "hukm.seen", "hukm.record")
"""Modules that answer with data, below the presentation: they import none of it, even
inside a function (a review is drawn by :mod:`hukm.svg.chart` and put in words by
:mod:`hukm.svg.review_text`, never the other way round)."""


@pytest.mark.parametrize("name", ANALYSIS)
def test_analysis_imports_no_presentation(name: str) -> None:
    graph = import_graph(every_statement)
    shown = sorted(m for m in graph[name] if m.startswith(PRESENTATION))
    assert not shown, f"{name} imports {shown}"

"""The code examples of the documentation's pages: finding them and running them as the
site build does (``markdown-exec``), outside the build.

Used by ``tests/package/test_docs_snippets.py`` (every example runs, so the pages cannot drift
from the code) and by ``docs/pictures.py`` (the pictures the pages draw, written to
files).

* Python blocks (```` ```python ````) run in order; blocks of one ``session`` share
  their names, any other block starts afresh (as markdown-exec runs them).
* Shell blocks run at build time (```` ```console exec="1" ````) run each ``$`` line and
  expect its exit status (``returncode``, default 0).
* Other shell blocks are commands to type: each ``hukm`` command must be one the
  command line accepts, each ``pip install ".[extra]"`` must name extras of
  ``pyproject.toml``.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

DOCS = Path(__file__).resolve().parent.parent
ROOT = DOCS.parent
TOOLS = Path(__file__).resolve().parent

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")
_ATTR = re.compile(r'(\w[\w-]*)=(?:"([^"]*)"|(\S+))')
PYTHON = {"python", "py"}
SHELL = {"bash", "sh", "console", "shell"}


@dataclass
class Block:
    """One fenced code block of a page."""

    page: str
    line: int
    lang: str
    attrs: dict[str, str]
    code: str
    section: str = ""
    """The title of the ``##`` section the block is in."""

    @property
    def executed(self) -> bool:
        """Whether the site build runs it (markdown-exec's ``exec``)."""
        return self.attrs.get("exec", "").lower() in {"1", "on", "true", "yes"}

    @property
    def picture(self) -> bool:
        """A Python block whose output is a picture of :mod:`hukm.svg` put in the page."""
        return self.lang in PYTHON and self.executed and self.attrs.get("html") in {"1", "on", "true"} \
            and "hukm.svg." in self.code

    def where(self) -> str:
        return f"{self.page}:{self.line}"


def pages() -> list[Path]:
    """Every Markdown page of the site."""
    return sorted(p for p in DOCS.rglob("*.md") if "_tools" not in p.parts)


def blocks(path: Path) -> list[Block]:
    """The fenced code blocks of a page, in order."""
    out: list[Block] = []
    path = path.resolve()
    lines = path.read_text(encoding="utf-8").split("\n")
    name = path.relative_to(DOCS).as_posix() if DOCS in path.parents else path.name
    section = ""
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if lines[i].startswith("## "):
            section = lines[i][3:].strip()
        if not m:
            i += 1
            continue
        indent, fence, info = m.group("indent"), m.group("fence"), m.group("info").strip()
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and not (lines[i].strip().startswith(fence) and lines[i].strip().strip(fence[0]) == ""):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        i += 1
        lang = info.split()[0].lstrip(".").lower() if info else ""
        attrs = {k: (a if a else b) for k, a, b in _ATTR.findall(info)}
        out.append(Block(name, start + 1, lang, attrs, "\n".join(body), section))
    return out


@dataclass
class Run:
    """What running a page's examples gave: each block's output, in order."""

    outputs: list[tuple[Block, str]] = field(default_factory=list)


class SnippetError(AssertionError):
    """An example of the documentation does not run as the page says."""


def _python(block: Block, sessions: dict[str, dict[str, Any]]) -> str:
    session = block.attrs.get("session")
    scope = sessions.setdefault(session, {}) if session else {}
    scope.setdefault("__name__", f"docs_{Path(block.page).stem.replace('-', '_')}")
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(block.code, block.where(), "exec"), scope)
    except Exception as error:
        raise SnippetError(f"{block.where()}: the example raised {type(error).__name__}: {error}") from error
    return out.getvalue()


def environment() -> dict[str, str]:
    """The environment shell examples run in: this Python's ``hukm`` command first."""
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    return env


def _console(block: Block) -> str:
    expected = int(block.attrs.get("returncode", "0"))
    out = []
    for line in block.code.split("\n"):
        if not line.startswith(("$ ", "% ")):
            continue
        proc = subprocess.run(["sh", "-c", line[2:]], capture_output=True, text=True, env=environment(),
                              cwd=block.attrs.get("workdir") or None, timeout=600)
        if proc.returncode != expected:
            raise SnippetError(f"{block.where()}: `{line[2:]}` exited {proc.returncode}, not {expected}:\n"
                               f"{proc.stdout}{proc.stderr}")
        out.append(proc.stdout)
    return "".join(out)


def _extras() -> set[str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    part = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    return set(re.findall(r"^(\w+)\s*=", part, re.M))


def check_command(block: Block, line: str) -> None:
    """A command to type: ``hukm`` commands must parse, pip extras must exist."""
    words = shlex.split(line, comments=True)
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):   # VAR=value before a command
        words = words[1:]
    if not words:
        return
    if words[0] == "hukm":
        from hukm.cli import build_parser

        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                build_parser().parse_args(words[1:])
        except SystemExit as stop:
            if stop.code:
                raise SnippetError(f"{block.where()}: `{line}` is not a valid hukm command: {err.getvalue()}")
    elif words[0] in ("python", "pytest") and len(words) > 1 and words[1].endswith(".py"):
        if not (ROOT / words[1]).exists():
            raise SnippetError(f"{block.where()}: `{line}` runs {words[1]}, which does not exist")
    elif words[:2] == ["pip", "install"]:
        known = _extras()
        for w in words[2:]:
            m = re.fullmatch(r"\S*\[([\w,]+)\]", w)
            if m:
                missing = set(m.group(1).split(",")) - known
                if missing:
                    raise SnippetError(f"{block.where()}: pyproject.toml has no extra {', '.join(sorted(missing))}")


def _commands(block: Block) -> None:
    for raw in block.code.split("\n"):
        line = raw[2:] if raw.startswith(("$ ", "% ")) else raw
        for part in re.split(r"\s*&&\s*", line.strip()):
            check_command(block, part)


def run_page(path: Path, only: Optional[str] = None) -> Run:
    """Runs every example of a page (``only="python"``: its Python blocks alone)."""
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    run = Run()
    sessions: dict[str, dict[str, Any]] = {}
    for block in blocks(path):
        if block.lang in PYTHON:
            run.outputs.append((block, _python(block, sessions)))
        elif only == "python":
            continue
        elif block.lang in SHELL and block.executed:
            run.outputs.append((block, _console(block)))
        elif block.lang in SHELL:
            _commands(block)
    return run

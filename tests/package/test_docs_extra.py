"""The ``docs`` extra builds the site alone: every block the site build executes
(markdown-exec's ``exec``) runs with only the core dependencies and the ``docs`` extra
importable, in this process and in the commands it starts. Packages of the other
extras are hidden by an import hook, so a page that comes to need one fails here
until the ``docs`` extra lists it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - older interpreters read pyproject.toml with tomli
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent.parent


def _names(requirements: list[str]) -> set[str]:
    """Import names of requirement strings (``"mkdocstrings[python]>=0.26"`` ->
    ``mkdocstrings``; dashes as underscores)."""
    return {re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0].strip().lower().replace("-", "_") for r in requirements}


def hidden() -> set[str]:
    """The packages of every other extra that neither the core nor ``docs`` brings."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project["optional-dependencies"]
    allowed = _names(project["dependencies"]) | _names(extras["docs"])
    others = set().union(*(_names(reqs) for name, reqs in extras.items() if name != "docs"))
    return others - allowed


HOOK = '''
import importlib.abc, sys
HIDDEN = set({hidden!r})
class _Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {{name!r}} (not in the docs extra)", name=name)
        return None
sys.meta_path.insert(0, _Hide())
'''

RUN = '''
import sys
from pathlib import Path
import snippets
sessions_run = 0
for page in snippets.pages():
    sessions = {}
    for block in snippets.blocks(page):
        if not block.executed:
            continue
        if block.lang in snippets.PYTHON:
            snippets._python(block, sessions)
        elif block.lang in snippets.SHELL:
            snippets._console(block)
        sessions_run += 1
print(sessions_run)
'''


def test_the_hidden_packages_are_the_other_extras() -> None:
    names = hidden()
    assert {"rich", "starlette", "pyarrow", "ray"} <= names
    assert not names & {"numpy", "gymnasium", "pettingzoo", "matplotlib", "jsonschema"}


def test_every_executed_block_runs_with_the_docs_extra_alone(tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text(HOOK.format(hidden=sorted(hidden())), encoding="utf-8")
    env = dict(os.environ)
    path = [str(tmp_path), str(ROOT / "docs" / "_tools")]
    env["PYTHONPATH"] = os.pathsep.join(path + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    # The hook is active: a hidden package cannot be imported.
    probe = subprocess.run([sys.executable, "-c", "import rich"], env=env, capture_output=True, text=True)
    assert probe.returncode != 0 and "not in the docs extra" in probe.stderr
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(RUN)], env=env, capture_output=True, text=True, cwd=ROOT, timeout=900
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert int(done.stdout.split()[-1]) > 50

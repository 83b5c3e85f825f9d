"""The package's entry points: the public names of ``hukm.cli``, ``hukm.env`` and
``hukm.svg``, ``python -m hukm``, and the Gymnasium ids whichever module is imported
first; no module of the package is an alias of another or answers names through a
module-level ``__getattr__``."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import hukm

PACKAGE = Path(hukm.__file__).parent


def test_no_alias_module_and_no_getattr_shim() -> None:
    """No module-level ``__getattr__``; no module whose docstring calls it an alias of
    another."""
    shims, aliases = [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(PACKAGE).as_posix()
        if any(isinstance(n, ast.FunctionDef) and n.name == "__getattr__" for n in tree.body):
            shims.append(rel)
        doc = ast.get_docstring(tree) or ""
        if "alias of" in doc.lower() or doc.lower().startswith("deprecated"):
            aliases.append(rel)
    assert (shims, aliases) == ([], [])


def test_the_public_names_of_the_packages() -> None:
    import hukm
    import hukm.cli
    import hukm.env
    import hukm.svg

    assert callable(hukm.cli.main) and callable(hukm.cli.build_parser) and callable(hukm.cli.game_options)
    assert hukm.VecEnv is hukm.env.VecEnv
    for name in ("aec_env", "gym_env", "register_gym_envs"):
        assert callable(getattr(hukm.env, name))
    for name in ("render", "after", "frames", "deal", "line"):
        assert callable(getattr(hukm.svg, name))


@pytest.mark.parametrize("module", ["hukm", "hukm.cli"])
def test_python_dash_m_runs_the_command(module: str) -> None:
    done = subprocess.run([sys.executable, "-m", module, "deal", "hokm", "--seed", "7"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("hokm4, seed 7")


def test_gymnasium_ids_registered_whichever_is_imported_first() -> None:
    pytest.importorskip("gymnasium")
    code = ("import sys, hukm; hukm.VecEnv('28', 1); assert 'gymnasium' not in sys.modules; "
            "import hukm.env, gymnasium; print('hukm/28-v0' in gymnasium.registry)")
    for text in (code, "import gymnasium, hukm.env; print('hukm/28-v0' in gymnasium.registry)"):
        done = subprocess.run([sys.executable, "-c", text], capture_output=True, text=True, timeout=120)
        assert (done.returncode, done.stdout.strip()) == (0, "True"), done.stderr

"""Adding a game touches its own folder, the catalog line, the package's export line and
the docs' navigation, nothing else (``docs/adding-a-game.md``).

The test makes a game the package has never seen: a copy of the installed package in
which one family's folder is given a new name and its class a new one (``made_up``,
``MadeUp``: the made-up game plays on that family's engine), its catalogs copied under
the new name, and only the two lines changed: the catalog's (``hukm/games/__init__.py``)
and the package's export (``hukm/__init__.py``). The old folder is gone, so a module
outside it that imports it, or names its class, fails. A script then plays a seeded
hand of each preset of the family with both packages and compares what every surface
shows: the game's description, its captions and status line in two languages, the
terminal's table, the pictures (hashed), the record, the command line's ``deal`` and
the bot's choices. They must be the same, with the class found under its new name.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import hukm

FAMILY, CLASS = "naqsh", "Naqsh"
"""The family whose folder is renamed (a small game: no tricks, one engine family)."""
NEW_FAMILY, NEW_CLASS = "made_up", "MadeUp"

PROBE = r"""
import contextlib, hashlib, io, json, random, sys
import hukm
from hukm.bots import Heuristic
from hukm.cli import main, term
from hukm.i18n import translator
from hukm.video.captions import caption
from hukm.web.labels import status_line
from hukm import svg

family, cls = sys.argv[1], sys.argv[2]
out = {"class": type(hukm.game(family)).__name__, "exported": hasattr(hukm, cls)}
for info in hukm.games():
    if info.family != family:
        continue
    game = hukm.game(info.name)
    rows = [repr(game.description), game.deal(3)]
    state, bot = game.new_game(3), Heuristic(seed=3)
    for step in range(12):
        if state.is_terminal():
            break
        action = bot.act(state)
        rows.append([action, state.legal_actions(), state.observation(state.current_player),
                     [caption(state, action, translator(lang)) for lang in ("en", "fa")],
                     [status_line(state, lang) for lang in ("en", "fa")], term.table_text(state),
                     hashlib.sha256(svg.render(state).encode()).hexdigest()])
        state.apply(action)
    rows.append(state.record().to_json())
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        main(["deal", info.name, "--seed", "5"])
    rows.append(text.getvalue())
    out[info.name] = rows
print(json.dumps(out, sort_keys=True, default=repr))
"""


def _made_up(root: Path) -> Path:
    """A copy of the installed package with the family's folder renamed, its class
    renamed in its own files, its catalogs copied under the new name, and the two lines
    changed. Returns the directory to put on ``sys.path``."""
    installed = Path(hukm.__file__).resolve().parent
    package = root / "hukm"
    shutil.copytree(installed, package, ignore=shutil.ignore_patterns("__pycache__"))
    old, new = package / "games" / FAMILY, package / "games" / NEW_FAMILY
    old.rename(new)
    for path in new.rglob("*.py"):
        path.write_text(re.sub(rf"\b{CLASS}\b", NEW_CLASS, path.read_text(encoding="utf-8")), encoding="utf-8")
    for path in list((package / "i18n" / "locale").rglob(f"game_{FAMILY}.*")):
        shutil.copy(path, path.with_name(path.name.replace(FAMILY, NEW_FAMILY)))
    catalog = package / "games" / "__init__.py"
    text = catalog.read_text(encoding="utf-8")
    changed = re.sub(rf"\b{FAMILY}\b", NEW_FAMILY, re.sub(rf"\b{CLASS}\b", NEW_CLASS, text))
    assert changed != text
    catalog.write_text(changed, encoding="utf-8")
    exports = package / "__init__.py"
    text = exports.read_text(encoding="utf-8")
    changed = re.sub(rf"\b{CLASS}\b", NEW_CLASS, text)
    assert changed != text
    exports.write_text(changed, encoding="utf-8")
    return root


def _probe(path: Path, family_class: str) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(path), HUKM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", PROBE, FAMILY, family_class], cwd=path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, object] = json.loads(done.stdout)
    return out


def test_a_made_up_game_needs_its_folder_and_two_lines(tmp_path: Path) -> None:
    original = tmp_path / "original"
    shutil.copytree(Path(hukm.__file__).resolve().parent, original / "hukm",
                    ignore=shutil.ignore_patterns("__pycache__"))
    made_up = _made_up(tmp_path / "made_up")
    assert not (made_up / "hukm" / "games" / FAMILY).exists()
    before = _probe(original, CLASS)
    after = _probe(made_up, NEW_CLASS)
    assert before.pop("class") == CLASS and after.pop("class") == NEW_CLASS
    assert before.pop("exported") and after.pop("exported")
    assert len(before) >= 1 and before == after


def test_the_docs_say_the_same_lines() -> None:
    """``docs/adding-a-game.md`` lists the lines this test changes, and the navigation."""
    page = (Path(__file__).resolve().parent.parent.parent / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    for where in ("python/hukm/games/__init__.py", "python/hukm/__init__.py", "mkdocs.yml",
                  "tests/package/test_made_up_game.py"):
        assert where in page, where

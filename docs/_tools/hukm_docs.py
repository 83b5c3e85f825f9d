"""Tables of the documentation drawn from hukm's registry while the site builds, so that
no preset or option can be missing or stale (used by the pages' hidden examples).

Every option of the registry needs a line in :mod:`option_notes`; a missing or a stale
line stops the build, so a new option is documented when it lands.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Optional

import hukm
from hukm.registry import GameInfo, OptionSpec

from option_notes import NOTES

DOCS = Path(__file__).resolve().parent.parent
ROOT = DOCS.parent

PAGES = {"hokm": "hokm", "twenty_eight": "twenty-eight", "ganjifa": "ganjifa", "dugi": "ganjifa",
         "dashavatara": "dashavatara", "naqsh": "naqsh"}
"""The guide of each engine family (``games/<page>.md``); another family's guide is
``games/<family>.md``."""

BASE = {"hokm": "hokm4", "twenty_eight": "28"}
"""The preset other presets of a family are compared with."""


def page_of(family: str) -> Optional[str]:
    """The guide of ``family`` relative to ``docs/games``, when it exists."""
    name = PAGES.get(family, family.replace("_", "-"))
    return f"{name}.md" if (DOCS / "games" / f"{name}.md").exists() else None


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def values_text(spec: OptionSpec) -> str:
    """What an option accepts, in the words the keyword arguments take."""
    if spec.kind == "switch":
        return "`on`, `off`"
    if spec.kind == "number":
        return f"{spec.values[0]} to {spec.values[1]}"
    if spec.kind == "text":
        return str(spec.values[0])
    return ", ".join(f"`{v}`" for v in spec.values)


def default_text(spec: OptionSpec) -> str:
    if spec.default is None:
        return "depends (see effect)"
    if spec.kind == "switch":
        return "`on`" if spec.default else "`off`"
    return f"`{spec.default}`"


def _family_specs(family: str) -> tuple[list[GameInfo], list[OptionSpec]]:
    infos = [g for g in hukm.games() if g.family == family]
    if not infos:
        raise ValueError(f"no game of family {family!r} in the registry")
    seen: dict[str, OptionSpec] = {}
    for g in infos:
        for s in g.specs:
            seen.setdefault(s.name, s)
    return infos, list(seen.values())


def note(family: str, option: str) -> str:
    notes = NOTES.get(family, {})
    if option not in notes:
        raise KeyError(f"docs/_tools/option_notes.py: no note for option {option!r} of {family!r}")
    return notes[option]


def check_notes(family: str) -> None:
    """Fails when a note names an option the registry does not have."""
    _, specs = _family_specs(family)
    names = {s.name for s in specs}
    stale = sorted(set(NOTES.get(family, {})) - names)
    if stale:
        raise KeyError(f"docs/_tools/option_notes.py: {family!r} has no option(s) {', '.join(stale)}")


def options_table(family: str) -> str:
    """Every option of ``family`` with its values, the default of the family's first
    preset and what it does."""
    check_notes(family)
    infos, specs = _family_specs(family)
    first = {s.name: s for s in infos[0].specs}
    rows = ["| option | values | default | effect |", "|---|---|---|---|"]
    for s in specs:
        d = default_text(first.get(s.name, s))
        rows.append(f"| `{s.name}` | {_cell(values_text(s))} | {d} | {_cell(note(family, s.name))} |")
    return "\n".join(rows)


def _differences(base: GameInfo, g: GameInfo) -> list[str]:
    b = {s.name: s.default for s in base.specs}
    out = []
    for s in g.specs:
        if s.name in b and b[s.name] != s.default and s.default is not None:
            v = ("on" if s.default else "off") if s.kind == "switch" else s.default
            out.append(f"`{s.name}={v}`")
    return out


def presets_table(family: str) -> str:
    """The presets of ``family``: players, pack, and the options each sets differently
    from the family's base preset."""
    infos, _ = _family_specs(family)
    base = next((g for g in infos if g.name == BASE.get(family)), infos[0])
    rows = ["| preset | players | pack | what it is | options it sets |", "|---|---|---|---|---|"]
    for g in infos:
        diff = "(the base preset)" if g is base else (", ".join(_differences(base, g)) or "as the base")
        rows.append(f"| `{g.name}` | {g.players} | {g.pack} | {_cell(g.title)} | {diff} |")
    return "\n".join(rows)


def games_table() -> str:
    """Every game and preset of :func:`hukm.games` with its guide (from ``docs/games``)."""
    rows = ["| preset | game | players | pack | class | guide |", "|---|---|---|---|---|---|"]
    for g in hukm.games():
        page = page_of(g.family)
        guide = f"[{g.family.replace('_', ' ')}]({page})" if page else "–"
        rows.append(
            f"| `{g.name}` | {_cell(g.title)} | {g.players} | {g.pack} | `hukm.{g.cls.__name__}` | {guide} |"
        )
    return "\n".join(rows)


def readme_row(label: str) -> str:
    """The README's games table row starting with ``label``, as it stands (the figures it
    quotes are measured by the benchmarks, never at build time)."""
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == label:
            return cells[-1]
    raise ValueError(f"README.md has no games-table row {label!r}")


def pre(text: Any) -> str:
    """Text shown as a code block in a Markdown result."""
    return "```text\n" + str(text).rstrip("\n") + "\n```"


def table(header: list[str], rows: list[list[Any]]) -> str:
    """A Markdown table."""
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(_cell(str(c)) for c in r) + " |" for r in rows]
    return "\n".join(out)


def words(text: str) -> list[str]:
    return re.findall(r"\S+", text)

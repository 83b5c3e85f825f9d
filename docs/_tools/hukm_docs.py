"""Tables of the documentation drawn from hukm's registry while the site builds, so that
no preset or option can be missing or stale (used by the pages' hidden examples).

Every option of the registry needs a line in its family's option notes
(``hukm/games/<family>/options.py``); a missing or a stale line stops the build, so a new option is documented when it lands.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Optional

import yaml

import hukm
from hukm._families import family as family_of
from hukm.registry import GameInfo, OptionSpec

DOCS = Path(__file__).resolve().parent.parent
ROOT = DOCS.parent

def front_matter(page: Path) -> dict[str, Any]:
    """The YAML front matter of a page (``---`` lines at its top), empty when it has none."""
    text = page.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    end = text.index("\n---\n", 4)
    meta = yaml.safe_load(text[4:end]) or {}
    if not isinstance(meta, dict):
        raise ValueError(f"{page}: front matter is not a mapping")
    return meta


def guides() -> list[tuple[str, dict[str, Any]]]:
    """The game guides of ``docs/games``: each page with its front matter (``guide``,
    ``families``, ``games``, ``players``, ``pack``), in the order of the registry's
    families. A page names the engine families it covers, so a new game's guide is
    found by adding the page (and its nav line)."""
    order = list(dict.fromkeys(g.family for g in hukm.games()))
    found = []
    for page in sorted((DOCS / "games").glob("*.md")):
        meta = front_matter(page)
        if meta.get("families"):
            found.append((page.name, meta))
    return sorted(found, key=lambda pm: min(order.index(f) for f in pm[1]["families"]))


def page_of(family: str) -> Optional[str]:
    """The guide of ``family`` relative to ``docs/games``, when one names it."""
    return next((page for page, meta in guides() if family in meta["families"]), None)


def guides_table() -> str:
    """The game guides with the games, players and pack each covers (their front matter)."""
    rows = ["| guide | games | players | pack |", "|---|---|---|---|"]
    for page, m in guides():
        rows.append(f"| [{m['guide']}]({page}) | {_cell(m['games'])} | {_cell(m['players'])} | {_cell(m['pack'])} |")
    return "\n".join(rows)


def _rules_pages() -> list[tuple[Path, dict[str, Any]]]:
    """The rules pages with front matter, in the order of the game guides."""
    order = [page.replace("-", "_") for page, _ in guides()]
    pages = [(p, front_matter(p)) for p in (DOCS / "rules").glob("*.md")]
    pages = [(p, m) for p, m in pages if m.get("games")]
    return sorted(pages, key=lambda pm: (order.index(pm[0].name) if pm[0].name in order else len(order), pm[0].name))


def rules_table() -> str:
    """The rules pages of ``docs/rules`` with the games each specifies and their API
    classes (their front matter), in the order of the game guides."""
    rows = ["| file | games | API class |", "|---|---|---|"]
    for p, m in _rules_pages():
        rows.append(f"| [`{p.name}`]({p.name}) | {_cell(m['games'])} | {_cell(m['classes'])} |")
    return "\n".join(rows)


def presets_rules_table() -> str:
    """Every game and preset of the rules pages (their front matter ``presets``): the
    sections that define it, players, cards and a summary of the page's double-dummy
    objective, after a line naming each page's objective section."""
    pages = _rules_pages()
    cited = ", ".join(f"[`{p.name}`]({p.name}) {m['objective_sections']}" for p, m in pages if m.get("presets"))
    rows = [f"Double-dummy objectives: {cited}.", "",
            "| game / preset | file, sections | players | cards (dealt) | double-dummy objective |",
            "|---|---|---|---|---|"]
    for p, m in pages:
        for r in m.get("presets", []):
            rows.append(f"| {_cell(r['preset'])} | [`{p.name}`]({p.name}) {_cell(r['sections'])} | "
                        f"{_cell(str(r['players']))} | {_cell(r['cards'])} | {_cell(r['objective'])} |")
    return "\n".join(rows)


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


def _notes(family: str) -> Any:
    """The option notes of ``family`` (empty for a family the catalog lacks)."""
    f = family_of(family)
    return {} if f is None else f.option_notes


def note(family: str, option: str) -> str:
    notes = _notes(family)
    if option not in notes:
        raise KeyError(f"hukm/games/{family}/options.py: no note for option {option!r}")
    return notes[option]


def check_notes(family: str) -> None:
    """Fails when a note names an option the registry does not have."""
    _, specs = _family_specs(family)
    names = {s.name for s in specs}
    stale = sorted(set(_notes(family)) - names)
    if stale:
        raise KeyError(f"hukm/games/{family}/options.py: {family!r} has no option(s) {', '.join(stale)}")


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
    from the family's base preset (its first in the registry)."""
    infos, _ = _family_specs(family)
    base = infos[0]  # the family's first preset, its base
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


def measured_row(label: str) -> str:
    """The row of ``docs/measurements.md``'s tables starting with ``label`` (its last
    cell), as it stands (the figures it quotes are measured by the benchmarks, never at
    build time)."""
    for line in (ROOT / "docs" / "measurements.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == label:
            return cells[-1]
    raise ValueError(f"docs/measurements.md has no table row {label!r}")


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

"""Every citation of the rules pages points at a page the repository holds.

Docstrings, comments, tests, benches, the README and the documentation cite the rules of
a game as ``docs/rules/<game>.md`` followed by the sections that state the rule
(``docs/rules/hokm.md §7.6``, ``docs/rules/ganjifa.md A.14``, ``Part B``, ``Appendix A``).
Each cited page must be in ``docs/rules/`` and each cited section must be one of its
headings (a Markdown heading whose text begins with the number: ``## 7.``, ``### 7.6``,
``## A.14``). Outside ``docs/`` a citation names the page from the repository's root
(``docs/rules/...``); inside ``docs/`` a page links to it relative to itself
(``../rules/hokm.md``), as the site resolves it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
RULES = ROOT / "docs" / "rules"
SCANNED = ("python", "rust", "tests", "benches", "docs", "examples", "fuzz", "README.md")
SKIPPED_DIRS = {"target", "__pycache__", ".pytest_cache", ".hypothesis", "site", "node_modules"}
BINARY = {".so", ".pyd", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".ico", ".pdf", ".whl", ".arrow", ".parquet", ".npz", ".npy", ".gz", ".zip"}

# A path ending in rules/<name>.md: what comes before ``rules/`` is kept to check it.
CITATION = re.compile(r"(?<![\w./-])(?P<path>(?:[\w.-]+/)*)rules/(?P<name>[\w-]+)\.md")
# One cited section: §7.6, § 12, §A.14, A.14, B.10, Part A, Appendix B.
SECTION = r"§\s?(?:[A-Z]\.)?\d+(?:\.\d+)*|[A-Z]\.\d+(?:\.\d+)*|Part [A-Z]\b|Appendix [A-Z]\b"
# What may join two sections of one citation, across a line break of a docstring or a
# Rust / Python comment: "§5.4–§5.6, §7.6 and §9", "A.5 to A.7", "§3, §6.2,\n//! §7.2".
JOIN = r"[ \t]*(?:\n[ \t]*(?://[/!]?|#)?[ \t]*)?(?:(?:[,;/–-]|and|or|to|through)[ \t]*(?:\n[ \t]*(?://[/!]?|#)?[ \t]*)?)?"
SECTIONS = re.compile(rf"[`'\"]*(?:{JOIN}(?:{SECTION}))+")
ONE_SECTION = re.compile(SECTION)


@dataclass(frozen=True)
class Citation:
    file: Path
    line: int
    text: str
    path: str
    name: str
    sections: tuple[str, ...]

    def where(self) -> str:
        return f"{self.file.relative_to(ROOT)}:{self.line}: {self.text!r}"


def text_files() -> list[Path]:
    """The repository's text files that may cite the rules (not build output, not binaries)."""
    out: list[Path] = []
    for top in SCANNED:
        base = ROOT / top
        candidates = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
        for path in candidates:
            rel = path.relative_to(ROOT)
            if SKIPPED_DIRS & set(rel.parts) or path.suffix.lower() in BINARY:
                continue
            if path == Path(__file__).resolve():  # its own examples of wrong citations
                continue
            out.append(path)
    return out


def read_text(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def citations(path: Path, text: str) -> list[Citation]:
    """The citations of the rules pages in ``text`` (the contents of ``path``)."""
    out = []
    for match in CITATION.finditer(text):
        tail = SECTIONS.match(text, match.end())
        sections = tuple(ONE_SECTION.findall(tail.group(0))) if tail else ()
        end = tail.end() if tail else match.end()
        out.append(Citation(
            file=path,
            line=text.count("\n", 0, match.start()) + 1,
            text=text[match.start():end],
            path=match.group("path"),
            name=match.group("name"),
            sections=sections,
        ))
    return out


def headings(page: Path) -> list[str]:
    """The text of every Markdown heading of ``page`` (code blocks left out)."""
    out, fenced = [], False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"#{1,6}\s+(.*)", line)):
            out.append(m.group(1).strip())
    return out


def has_section(titles: list[str], section: str) -> bool:
    """Whether ``section`` (``§7.6``, ``A.14``, ``Part A``, ``Appendix B``) is a heading."""
    section = section.lstrip("§").strip()
    if section.startswith(("Part ", "Appendix ")):
        return any(re.match(rf"{re.escape(section)}\b", t, re.I) for t in titles)
    return any(re.match(rf"{re.escape(section)}\.?(?:\s|$)", t) for t in titles)


def problems(path: Path, text: str) -> list[str]:
    """What is wrong with the rules citations of one file (empty: nothing)."""
    out = []
    in_docs = path.is_relative_to(ROOT / "docs")
    for c in citations(path, text):
        if in_docs and path.suffix == ".md":
            target = (path.parent / c.path / "rules" / f"{c.name}.md").resolve()
        else:
            target = (ROOT / c.path / "rules" / f"{c.name}.md").resolve()
            if c.path != "docs/":
                out.append(f"{c.where()}: cite docs/rules/{c.name}.md (from the repository's root)")
                continue
        if target.parent != RULES:
            out.append(f"{c.where()}: {target} is not in docs/rules/")
            continue
        if not target.is_file():
            out.append(f"{c.where()}: docs/rules/{c.name}.md does not exist")
            continue
        titles = headings(target)
        for section in c.sections:
            if not has_section(titles, section):
                out.append(f"{c.where()}: docs/rules/{c.name}.md has no heading {section!r}")
    if not in_docs:
        # A rules page named without its folder ("hokm.md §3") is a file of no folder.
        names = "|".join(sorted(re.escape(p.stem) for p in RULES.glob("*.md") if p.stem != "index"))
        for m in re.finditer(rf"(?<![\w./-])(?:{names})\.md", text):
            line = text.count("\n", 0, m.start()) + 1
            out.append(f"{path.relative_to(ROOT)}:{line}: {m.group(0)!r} without docs/rules/")
    return out


def test_every_rules_page_is_in_docs() -> None:
    names = {p.name for p in RULES.glob("*.md")}
    assert {"index.md", "hokm.md", "twenty_eight.md", "ganjifa.md", "dashavatara.md", "naqsh.md", "thunee.md"} <= names


def test_every_citation_of_the_rules_resolves() -> None:
    found, wrong = 0, []
    for path in text_files():
        text = read_text(path)
        if text is None:
            continue
        found += len(citations(path, text))
        wrong += problems(path, text)
    assert not wrong, "\n".join(wrong)
    assert found > 100  # the scan does see the citations


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("(`docs/rules/hokm.md` §7.6)", True),
        ("(docs/rules/hokm.md §5.4–§5.6, §7.6, §9, §13)", True),
        ("(``docs/rules/ganjifa.md`` A.5 to A.7 and A.14)", True),
        ("(docs/rules/ganjifa.md Part B)", True),
        ("(docs/rules/thunee.md Appendix B)", True),
        ("(`docs/rules/twenty_eight.md`\n//! §16): the play state", True),
        ("(docs/rules/hokm.md §7.7)", False),
        ("(docs/rules/hokm.md §5.4, §99)", False),
        ("(`docs/rules/twenty_eight.md`\n//! §16.1)", False),
        ("(docs/rules/ganjifa.md A.15)", False),
        ("(docs/rules/ganjifa.md Part C)", False),
        ("(docs/rules/whist.md)", False),
        ("(" + "rules/hokm.md §7.6)", False),
        ("(docs/docs/" + "rules/hokm.md)", False),
        ("(" + "hokm.md §3)", False),
    ],
)
def test_a_wrong_citation_is_found(text: str, ok: bool) -> None:
    assert (problems(ROOT / "python" / "hukm" / "example.py", text) == []) is ok


def test_a_docs_page_links_relative_to_itself() -> None:
    page = ROOT / "docs" / "games" / "hokm.md"
    assert problems(page, "[the rules](../rules/hokm.md), §7.6") == []
    assert problems(page, "[the rules](../rules/hokm.md) §7.6") == []
    assert problems(page, "[the rules](rules/hokm.md)") != []

"""Keeping the catalogs: extract the English messages, update each language, compile.

Needs Babel (``pip install "hukm[i18n]"``); reading the catalogs does not. Run as
``python -m hukm.i18n extract|update|compile|check|all`` (see :mod:`hukm.i18n.__main__`).
Catalogs are written sorted and without line numbers, so a change in the code moves no
line of a catalog that it does not change.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any, Iterable, Iterator

from . import DOMAINS, GAME_PREFIX, LANGUAGES, LOCALE_DIR

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``hukm`` package directory; the sources are found from here."""

SOURCES: dict[str, tuple[str, ...]] = {
    "words": ("i18n/words.py",),
    "pictures": ("svg/**/*.py", "video/**/*.py", "review.py"),
    "terminal": ("cli/**/*.py",),
    "web": ("web/**/*.py", "web/static/*.js", "web/static/*.html"),
}
"""Each domain's source files (globs relative to the package)."""

GAMES = "games/*/presentation.py"
"""The games' presentations: the messages of each one's folder (``games/<family>/*.py``:
its presentation and the modules it draws with), with every marker (:data:`KEYWORDS`
and :data:`GAME_KEYWORDS`), make a domain of its own, ``game_<family>``, and no shared
domain's."""

GAME_KEYWORDS: dict[str, Any] = {"WN_": None, "WNP_": ((1, "c"), 2)}
"""The markers of a game's module for its words on the web page (its family's name and
position fields); they go to the game's own domain like the rest of its messages."""

KEYWORDS: dict[str, Any] = {
    "t": None,
    "N_": None,
    "nt": (1, 2),
    "pt": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
}
"""The marker functions: ``t``/``N_`` (a message), ``nt`` (singular, plural, n),
``pt``/``NP_`` (context, message); the same names in Python and JavaScript."""

HEADER = """\
# hukm: the {domain} messages.
# Keep with `python -m hukm.i18n` (docs/languages.md); the English text is the msgid.
#"""

_HTML_MARK = re.compile(r'data-t="([^"]+)"')
"""An HTML element whose text is a message: ``<b data-t="Trump">Trump</b>``."""


def _need_babel() -> Any:
    try:
        import babel.messages  # noqa: F401
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise SystemExit(f'keeping the catalogs needs Babel: pip install "hukm[i18n]" ({e})')
    return babel.messages


def game_files() -> dict[str, list[Path]]:
    """The modules of each game's folder with a presentation (:data:`GAMES`), sorted, by
    the game's domain, ``game_<family>``."""
    found = (p for p in PACKAGE.glob(GAMES) if p.is_file())
    return {GAME_PREFIX + p.parent.name: sorted(p.parent.glob("*.py")) for p in sorted(found)}


def domains() -> tuple[str, ...]:
    """Every domain to keep: the shared ones (:data:`DOMAINS`), then every game's, found
    from the modules present and from the templates on disk (a template whose module is
    gone is reported by :func:`problems`)."""
    games = set(game_files()) | {p.stem for p in LOCALE_DIR.glob(f"{GAME_PREFIX}*.pot")}
    return DOMAINS + tuple(sorted(games))


def source_files(domain: str) -> list[Path]:
    """The files of ``domain``, sorted: a game's own module, or the shared domain's
    :data:`SOURCES` without the games' modules."""
    if domain.startswith(GAME_PREFIX):
        return game_files().get(domain, [])
    out: set[Path] = set()
    for pattern in SOURCES[domain]:
        out.update(p for p in PACKAGE.glob(pattern) if p.is_file())
    return sorted(out - {p for own in game_files().values() for p in own})


def _extract_html(path: Path) -> Iterator[tuple[int, str, str | None]]:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for m in _HTML_MARK.finditer(line):
            yield n, m.group(1).replace("&amp;", "&").replace("&quot;", '"'), None


def _extract_python(path: Path, keywords: dict[str, Any] = KEYWORDS) -> Iterator[tuple[int, Any, str | None]]:
    """Marked messages of a Python file, read from its syntax tree: calls of a marker of
    ``keywords`` (a name or an attribute: ``t(...)``, ``tr.t(...)``) whose message
    arguments are string literals."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
        if name not in keywords:
            continue
        args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                for a in node.args]
        spec = keywords[name]
        if spec is None:
            if args and args[0]:
                yield node.lineno, args[0], None
        elif name == "nt":
            if len(args) >= 2 and args[0] and args[1]:
                yield node.lineno, (args[0], args[1]), None
        elif len(args) >= 2 and args[0] and args[1]:
            yield node.lineno, args[1], args[0]


def extract(domain: str) -> Any:
    """The English template of ``domain``: a Babel ``Catalog`` of every marked message."""
    _need_babel()
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    cat = Catalog(project="hukm", domain=domain, charset="utf-8", fuzzy=False,
                  header_comment=HEADER.format(domain=domain), copyright_holder="hukm", version="")
    for path in source_files(domain):
        rel = path.relative_to(PACKAGE).as_posix()
        found: Iterable[tuple[int, Any, Any]]
        if domain.startswith(GAME_PREFIX):
            found = _extract_python(path, {**KEYWORDS, **GAME_KEYWORDS})
        elif path.suffix == ".html":
            found = _extract_html(path)
        elif path.suffix == ".py":
            found = _extract_python(path)
        else:
            found = ((ln, msg, ctx) for ln, msg, _c, ctx in
                     extract_from_file("javascript", str(path), keywords=KEYWORDS,
                                       comment_tags=("i18n:",)))
        for lineno, message, context in found:
            if isinstance(message, tuple):
                if any(m is None or m == "" for m in message):
                    continue
                message = message if len(message) > 1 else message[0]
            if not message:
                continue
            existing = cat.get(message if isinstance(message, str) else message[0], context)
            if existing is not None:
                if (rel, 0) not in existing.locations:
                    existing.locations.append((rel, 0))
                continue
            cat.add(message, locations=[(rel, 0)], context=context)
    return cat


def _write_po(path: Path, catalog: Any) -> None:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=0, sort_output=True, include_lineno=False, omit_header=False)
    data = buf.getvalue()
    # The header's dates change on every run; keep the file's own when nothing else did.
    data = re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", data)
    data = re.sub(rb'"Generated-By: [^"]*\\n"\n', b"", data)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_bytes() != data:
        path.write_bytes(data)


def read_po(path: Path, lang: str | None = None) -> Any:
    """A ``.po``/``.pot`` file as a Babel ``Catalog``."""
    _need_babel()
    from babel.messages.pofile import read_po as _read

    with open(path, "rb") as f:
        return _read(f, locale=lang, domain=path.stem)


def pot_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def write_templates() -> None:
    """``extract`` for every domain, written to ``locale/<domain>.pot``."""
    for d in domains():
        _write_po(pot_path(d), extract(d))


def new_catalog(lang: str, domain: str) -> Any:
    """An empty catalog of ``domain`` in ``lang``, with hukm's header."""
    _need_babel()
    from babel.messages.catalog import Catalog

    return Catalog(locale=lang, domain=domain, project="hukm", header_comment=HEADER.format(domain=domain),
                   copyright_holder="hukm", version="", fuzzy=False)


def update_catalogs() -> None:
    """Every language's catalog brought to its template: new messages added empty,
    messages no longer in the sources dropped, translations kept; a domain new to a
    language (a new game's) gets a new catalog."""
    for d in domains():
        template = read_po(pot_path(d))
        for lang in LANGUAGES:
            if lang == "en":
                continue
            p = po_path(lang, d)
            cat = read_po(p, lang) if p.is_file() else new_catalog(lang, d)
            cat.update(template, no_fuzzy_matching=True)
            cat.obsolete.clear()
            _write_po(p, cat)


_DATED = re.compile(r"^(POT-Creation-Date|PO-Revision-Date):.*$\n?", re.M)
"""The header lines of a compiled catalog that say when it was made."""


def _mo_content(data: bytes) -> dict[object, str]:
    """A compiled catalog's messages, its header without its dates."""
    import gettext

    cat: dict[object, str] = dict(getattr(gettext.GNUTranslations(io.BytesIO(data)), "_catalog", {}))
    cat[""] = _DATED.sub("", cat.get("", ""))
    return cat


def compile_catalogs() -> None:
    """Every ``.po`` compiled to its ``.mo`` beside it; a ``.mo`` whose messages are the
    same (whatever its header's dates) is left as it is."""
    from babel.messages.mofile import write_mo

    for lang in LANGUAGES:
        for d in domains():
            p = po_path(lang, d)
            if not p.is_file():
                continue
            buf = io.BytesIO()
            write_mo(buf, read_po(p, lang), use_fuzzy=False)
            mo = p.with_suffix(".mo")
            if not mo.is_file() or _mo_content(mo.read_bytes()) != _mo_content(buf.getvalue()):
                mo.write_bytes(buf.getvalue())


PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    """The ``{names}`` of a message."""
    return set(PLACEHOLDER.findall(text))


def problems() -> list[str]:
    """Everything wrong with the catalogs, one line each (empty when they are complete):
    a template older than the sources, a language missing a message or a translation,
    a translation with other placeholders, a ``.mo`` older than its ``.po``."""
    import gettext

    out: list[str] = []
    for d in domains():
        fresh = extract(d)
        have = read_po(pot_path(d)) if pot_path(d).is_file() else None
        want = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in fresh if m.id}
        got = set() if have is None else {
            (m.id if isinstance(m.id, str) else m.id[0], m.context) for m in have if m.id}
        for k in sorted(want - got, key=str):
            out.append(f"{pot_path(d).name}: not extracted: {k[1] + ' | ' if k[1] else ''}{k[0]!r}")
        for k in sorted(got - want, key=str):
            out.append(f"{pot_path(d).name}: no longer in the sources: {k[0]!r}")
        for lang in LANGUAGES:
            if lang == "en":
                continue
            p = po_path(lang, d)
            if not p.is_file():
                out.append(f"{lang}/{d}.po: missing")
                continue
            cat = read_po(p, lang)
            for m in fresh:
                if not m.id:
                    continue
                key = m.id
                tm = cat.get(key, m.context)
                name = key if isinstance(key, str) else key[0]
                where = f"{lang}/{d}.po: {m.context + ' | ' if m.context else ''}{name!r}"
                if tm is None:
                    out.append(f"{where}: missing")
                    continue
                strs = list(tm.string) if isinstance(tm.string, (tuple, list)) else [tm.string]
                if tm.fuzzy or not all(strs):
                    out.append(f"{where}: not translated")
                    continue
                want_ph = placeholders(name if isinstance(key, str) else key[1])
                for s in strs:
                    if placeholders(s) != want_ph and not (
                        not isinstance(key, str) and placeholders(s) <= want_ph
                    ):
                        out.append(f"{where}: placeholders {sorted(placeholders(s))} != {sorted(want_ph)}")
            mo = p.with_suffix(".mo")
            if not mo.is_file():
                out.append(f"{lang}/{d}.mo: missing (python -m hukm.i18n compile)")
                continue
            with open(mo, "rb") as f:
                compiled = gettext.GNUTranslations(f)
            for m in cat:
                if not m.id or not m.string or m.fuzzy:
                    continue
                if isinstance(m.id, str):
                    got_s = (compiled.pgettext(m.context, m.id) if m.context else compiled.gettext(m.id))
                    if got_s != m.string:
                        out.append(f"{lang}/{d}.mo: older than its .po ({m.id!r})")
                        break
    return out


def ui_vocabulary() -> set[str]:
    """The English words of the user interface: every word of three or more letters in
    the templates' messages (placeholders removed), lower case."""
    words: set[str] = set()
    for d in domains():
        if not pot_path(d).is_file():
            continue
        for m in read_po(pot_path(d)):
            if not m.id:
                continue
            for s in ([m.id] if isinstance(m.id, str) else list(m.id)):
                words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", PLACEHOLDER.sub(" ", s)))
    return words


def _translated_words(lang: str) -> set[str]:
    words: set[str] = set()
    for d in domains():
        p = po_path(lang, d)
        if not p.is_file():
            continue
        for m in read_po(p, lang):
            if not m.id:
                continue
            for s in ([m.string] if isinstance(m.string, str) else list(m.string)):
                words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", s or ""))
    return words


def english_leaks(text: str, lang: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English UI words left in ``text`` shown in ``lang``: words of three or more
    Latin letters that are in :func:`ui_vocabulary`, minus those the language's own
    translations use (a Czech ``Buddha``, a borrowed ``kot``) and ``allowed`` (player
    names, say). Empty for English."""
    if lang == "en":
        return []
    vocab = ui_vocabulary() - _translated_words(lang) - {w.lower() for w in allowed}
    return sorted({w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in vocab})

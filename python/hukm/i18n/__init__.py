"""The players' languages: catalogs, digits and scripts for everything a person reads.

hukm speaks English (``en``), Persian (``fa``), Urdu (``ur``), Hindi (``hi``), Bengali
(``bn``), Czech (``cs``) and Arabic (``ar``). The words live in standard gettext
catalogs, one ``.po`` file per language and *domain* under ``hukm/i18n/locale/``
(``words``: the game's own words — suits, ranks, roles and calls, as
``docs/glossary.md`` lists them; ``pictures``: pictures, replays, video and review;
``terminal``: the terminal views; ``web``: the web page; and one ``game_<family>`` per
game, the words of its presentation (``hukm/games/<family>/presentation.py``)), compiled to ``.mo`` files that
the standard library's :mod:`gettext` reads, so reading a language needs nothing beyond
Python. ``python -m hukm.i18n`` (with Babel, ``pip install "hukm[i18n]"``) extracts the
English messages from the sources, updates every language's catalog and compiles it;
``docs/languages.md`` says how to add or correct a language.

A :class:`Translator` turns an English message into the language, formats its
``{placeholders}`` and writes numbers in the digits the language's players read (Persian
digits in Persian and Urdu, Arabic-Indic digits in Arabic, Bengali digits in Bengali,
Western digits in Hindi, Czech and English). Messages are English text marked where
they are written: ``tr.t("Trump: {suit}", suit=...)``, ``tr.nt("{n} trick", "{n}
tricks", n)`` for counts, ``tr.pt("suit", "spades")`` where a word needs its context, and
:func:`N_` for a message stored in a table and translated later. Error messages of the
Python API stay English: they are written for programmers.

>>> tr = translator("fa")
>>> tr.suit("spades"), tr.rtl, tr.num(28)
('پیک', True, '۲۸')
>>> translator("en").t("Bid: {bid} by seat {seat}", bid=16, seat=2)
'Bid: 16 by seat 2'
>>> translator("bn").num(29)
'২৯'
"""

from __future__ import annotations

import gettext
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional, Union

from .._errors import OptionError

__all__ = [
    "Language", "LANGUAGES", "DOMAINS", "LANG_ENV", "Translator", "translator", "language",
    "resolve", "N_", "WN_", "WNP_", "LOCALE_DIR", "GAME_PREFIX", "game_domains", "messages",
]

LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the catalogs are: ``locale/<domain>.pot`` (the English template) and
``locale/<lang>/LC_MESSAGES/<domain>.po`` / ``.mo``."""

DOMAINS = ("words", "pictures", "terminal", "web")
"""The shared catalogs' domains, looked up in this order, before the games' own
(:func:`game_domains`)."""

GAME_PREFIX = "game_"
"""The start of a game's own domain: ``game_<family>`` holds the words of
``hukm/games/<family>/presentation.py``."""

LANG_ENV = "HUKM_LANG"
"""The environment variable the command line reads for its default language."""


@dataclass(frozen=True)
class Language:
    """A language hukm speaks: its code, its own name, its direction, its digits and the
    fonts that cover its script (a CSS ``font-family`` list, also used in SVG)."""

    code: str
    name: str
    """The language's name in itself (``فارسی``), as a language menu shows it."""
    english: str
    rtl: bool
    digits: str
    """The ten digits 0-9 in the language's customary forms."""
    fonts: str

    @property
    def dir(self) -> str:
        """``"rtl"`` or ``"ltr"``: the HTML/SVG ``dir`` value."""
        return "rtl" if self.rtl else "ltr"


_LATIN_FONTS = "'Noto Sans', 'DejaVu Sans', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
_ARABIC_FONTS = ("'Noto Sans Arabic', 'Noto Naskh Arabic', Vazirmatn, Tahoma, 'Segoe UI', "
                 + _LATIN_FONTS)

LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", "English", False, "0123456789", _LATIN_FONTS),
    "fa": Language("fa", "فارسی", "Persian", True, "۰۱۲۳۴۵۶۷۸۹", _ARABIC_FONTS),
    "ur": Language("ur", "اردو", "Urdu", True, "۰۱۲۳۴۵۶۷۸۹", _ARABIC_FONTS),
    "hi": Language("hi", "हिन्दी", "Hindi", False, "0123456789",
                   "'Noto Sans Devanagari', 'Nirmala UI', Mangal, " + _LATIN_FONTS),
    "bn": Language("bn", "বাংলা", "Bengali", False, "০১২৩৪৫৬৭৮৯",
                   "'Noto Sans Bengali', 'Nirmala UI', Vrinda, " + _LATIN_FONTS),
    "cs": Language("cs", "Čeština", "Czech", False, "0123456789", _LATIN_FONTS),
    "ar": Language("ar", "العربية", "Arabic", True, "٠١٢٣٤٥٦٧٨٩", _ARABIC_FONTS),
}
"""Every language, by code. Digits: Persian forms in Persian and Urdu (Urdu print uses
the same Eastern Arabic-Indic forms), Arabic-Indic in Arabic (as the Arabic source
writes them), Bengali in Bengali; Hindi keeps Western digits, as everyday Hindi print
does (``docs/glossary.md``, "Digits")."""


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (for tables of labels
    translated later with :meth:`Translator.t`).

    >>> N_("Trump")
    'Trump'
    """
    return message


def WN_(message: str) -> str:
    """Marks ``message`` in a game's presentation (``hukm/games/<family>/presentation.py``) as a word the web
    page shows (its family's name, its position fields). Like the module's other messages
    it goes to the game's own catalog (``game_<family>``), which the page's messages
    (:func:`messages`) take as a fallback.

    >>> WN_("Hokm")
    'Hokm'
    """
    return message


def WNP_(context: str, message: str) -> str:
    """:func:`WN_` with a context: marks ``message`` in ``context`` for the web page.

    >>> WNP_("position", "stock")
    'stock'
    """
    return message


def resolve(lang: Optional[str] = None) -> str:
    """The language code to use: ``lang`` if given, else :data:`LANG_ENV` from the
    environment, else ``"en"``. A region suffix is dropped (``fa_IR``, ``fa-IR`` ->
    ``fa``). An unknown language raises :class:`hukm.OptionError` naming it.

    >>> resolve("fa-IR"), resolve("en")
    ('fa', 'en')
    """
    if lang is None:
        lang = os.environ.get(LANG_ENV) or "en"
    if not isinstance(lang, str):
        raise OptionError(f"lang must be a language code, got {lang!r}")
    code = re.split(r"[-_.@]", lang.strip(), maxsplit=1)[0].lower()
    if code not in LANGUAGES:
        raise OptionError(
            f"unknown language {lang!r}; languages: {', '.join(LANGUAGES)}"
        )
    return code


def language(lang: Optional[str] = None) -> Language:
    """The :class:`Language` of ``lang`` (see :func:`resolve`).

    >>> language("ar").rtl, language("hi").name
    (True, 'हिन्दी')
    """
    return LANGUAGES[resolve(lang)]


def game_domains(code: str) -> tuple[str, ...]:
    """The games' own domains that ``code`` has a compiled catalog of, found on disk
    (``locale/<code>/LC_MESSAGES/game_*.mo``), sorted.

    >>> "game_thunee" in game_domains("fa"), game_domains("en")
    (True, ())
    """
    if code == "en":
        return ()
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    return tuple(sorted(p.stem for p in folder.glob(f"{GAME_PREFIX}*.mo") if p.is_file()))


def _catalog(code: str, domain: str) -> Optional[gettext.GNUTranslations]:
    """The compiled catalog of ``domain`` in ``code``, or ``None`` if there is none."""
    mo = LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.mo"
    if code == "en" or not mo.is_file():
        return None
    with open(mo, "rb") as f:
        return gettext.GNUTranslations(f)


def _load(code: str) -> gettext.NullTranslations:
    """Every domain's compiled catalog of ``code``, chained: the shared ones in
    :data:`DOMAINS` order, then each game's (:func:`game_domains`) as their fallbacks."""
    first: Optional[gettext.NullTranslations] = None
    for domain in DOMAINS + game_domains(code):
        t = _catalog(code, domain)
        if t is None:
            continue
        if first is None:
            first = t
        else:
            first.add_fallback(t)
    return first if first is not None else gettext.NullTranslations()


class Translator:
    """Messages, numbers and direction for one language (:func:`translator`)."""

    def __init__(self, code: str) -> None:
        self.language = LANGUAGES[code]
        self.lang = code
        self._t = _load(code)
        self._digits = str.maketrans("0123456789", self.language.digits)

    @property
    def rtl(self) -> bool:
        """Whether the language reads right to left."""
        return self.language.rtl

    @property
    def dir(self) -> str:
        """``"rtl"`` or ``"ltr"``."""
        return self.language.dir

    def digits(self, text: str) -> str:
        """``text`` with its Western digits in the language's digits.

        >>> translator("ar").digits("28 / 56")
        '٢٨ / ٥٦'
        """
        return text.translate(self._digits)

    def num(self, value: Union[int, float, str]) -> str:
        """A number written in the language's digits (a minus sign stays ``-``).

        >>> translator("fa").num(-3)
        '-۳'
        """
        return self.digits(str(value))

    def _format(self, text: str, kw: dict[str, object]) -> str:
        if not kw:
            return text
        args = {k: (self.num(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v)
                for k, v in kw.items()}
        return text.format(**args)

    def t(self, message: str, /, **kw: object) -> str:
        """``message`` in the language, its ``{placeholders}`` filled from ``kw``
        (numbers in the language's digits, strings as given).

        >>> translator("en").t("Trump: {suit}", suit="♥")
        'Trump: ♥'
        """
        return self._format(self._t.gettext(message), kw)

    def nt(self, singular: str, plural: str, n: int, /, **kw: object) -> str:
        """A message that counts ``n`` (``{n}`` is filled too), in the language's plural
        form for ``n`` (Czech has three, Arabic six).

        >>> translator("en").nt("{n} trick", "{n} tricks", 2)
        '2 tricks'
        """
        return self._format(self._t.ngettext(singular, plural, n), {"n": n, **kw})

    def pt(self, context: str, message: str, /, **kw: object) -> str:
        """``message`` translated in ``context`` (``pt("suit", "spades")``).

        >>> translator("hi").pt("suit", "hearts")
        'पान'
        """
        return self._format(self._t.pgettext(context, message), kw)

    def suit(self, name: str) -> str:
        """A suit's name as the engine's layout gives it (``spades``, ``Taj``,
        ``Matsya``), in the language.

        >>> translator("ur").suit("clubs"), translator("cs").suit("Krishna")
        ('چڑی', 'Krišna')
        """
        return self.pt("suit", name)

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"


@lru_cache(maxsize=None)
def _translator(code: str) -> Translator:
    return Translator(code)


def translator(lang: Optional[str] = None) -> Translator:
    """The :class:`Translator` of ``lang`` (``None``: :data:`LANG_ENV`, else English).
    An unknown language raises :class:`hukm.OptionError`.

    >>> translator("cs").suit("hearts")
    'srdce'
    """
    return _translator(resolve(lang))


def messages(lang: Optional[str], domains: tuple[str, ...] = ("words", "web")) -> dict[str, object]:
    """A language's catalogs as plain data, for a page's script: ``{"lang", "dir",
    "digits", "plural", "messages"}`` where ``messages`` maps an English message (with
    its context as ``"context\\u0004message"``, as gettext keys it) to its translation, or a
    plural message's singular to the list of its forms; ``plural`` is the catalog's
    ``Plural-Forms`` expression in ``n`` (C syntax, which JavaScript reads too). The games'
    own catalogs (:func:`game_domains`) come after ``domains``, as their fallbacks: a
    message already given by ``domains`` keeps that translation.

    >>> m = messages("fa", ("words",))
    >>> m["dir"], m["messages"]["suit\x04hearts"]
    ('rtl', 'دل')
    """
    code = resolve(lang)
    lg = LANGUAGES[code]
    games = game_domains(code)
    known = DOMAINS + tuple(sorted({p.stem for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{GAME_PREFIX}*.mo")}))
    out: dict[str, object] = {}
    plural = "n != 1"
    for domain in domains:
        if domain not in known:
            raise OptionError(f"unknown catalog domain {domain!r}; domains: {', '.join(known)}")
    given: set[str] = set()
    for domain in tuple(domains) + tuple(g for g in games if g not in domains):
        t = _catalog(code, domain)
        if t is None:
            continue
        header = t.info().get("plural-forms", "")
        m = re.search(r"plural=(.*?);?\s*$", header)
        if m and domain in domains:
            plural = m.group(1)
        fallback = domain not in domains
        found: dict[str, object] = {}
        cat: dict[object, str] = getattr(t, "_catalog", {})
        for key, value in cat.items():
            if key == "":
                continue
            if isinstance(key, tuple):
                forms = found.setdefault(str(key[0]), [])
                if isinstance(forms, list):
                    while len(forms) <= int(key[1]):
                        forms.append("")
                    forms[int(key[1])] = value
            else:
                found[str(key)] = value
        for text, translated in found.items():
            if not (fallback and text in given):
                out[text] = translated
        given.update(found)
    return {"lang": code, "dir": lg.dir, "digits": lg.digits, "plural": plural, "messages": out}

"""The catalogs and the translator (hukm.i18n): complete in every language, digits and
direction per language, the game's words from docs/glossary.md."""

from __future__ import annotations

import gettext

import pytest

import hukm
from hukm import i18n

pytest.importorskip("babel")
from hukm.i18n import _tools  # noqa: E402

OTHERS = [c for c in i18n.LANGUAGES if c != "en"]


def test_catalogs_complete_and_compiled() -> None:
    """Every language has every message English has, translated, with the same
    placeholders; the templates match the sources; every .mo matches its .po."""
    assert _tools.problems() == []


def test_a_missing_translation_is_reported(tmp_path, monkeypatch) -> None:
    """The completeness check fails when a language lacks a message."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(_tools, "LOCALE_DIR", tmp_path)
    src = _tools.PACKAGE / "i18n" / "locale"
    import shutil

    shutil.copytree(src, tmp_path, dirs_exist_ok=True)
    po = tmp_path / "cs" / "LC_MESSAGES" / "words.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "srdce"' in text
    po.write_text(text.replace('msgstr "srdce"', 'msgstr ""'), encoding="utf-8")
    bad = _tools.problems()
    assert any("cs/words.po" in b and "'hearts'" in b and "not translated" in b for b in bad), bad


def test_every_game_has_a_catalog_of_its_own() -> None:
    """Each game's presentation (hukm/games/<family>/presentation.py) has its own domain, found on disk in every
    language; its words are in no shared template, and the translator and the page's
    messages find them through the fallbacks."""
    from hukm._families import families as all_families

    families = {f.name for f in all_families()}
    want = {i18n.GAME_PREFIX + f for f in families}
    assert want <= set(_tools.domains()) and set(_tools.domains()) - want == set(i18n.DOMAINS)
    for lang in OTHERS:
        assert set(i18n.game_domains(lang)) == want, lang
    for d in i18n.DOMAINS:
        locations = {loc for m in _tools.read_po(_tools.pot_path(d)) for loc, _n in m.locations}
        assert not any(loc.startswith("games/") for loc in locations), d
    tr = i18n.translator("fa")
    assert tr.pt("position", "trumper") != "trumper"
    assert i18n.messages("fa", ("web",))["messages"]["position\x04trumper"] == tr.pt("position", "trumper")


def test_compiling_leaves_an_unchanged_catalog_alone(tmp_path, monkeypatch) -> None:
    """A .mo whose messages are those of its .po is not written again (only its header's
    dates would change), so a new game's catalogs touch no other file."""
    import shutil

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(_tools, "LOCALE_DIR", tmp_path)
    shutil.copytree(_tools.PACKAGE / "i18n" / "locale", tmp_path, dirs_exist_ok=True)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*.mo")}
    _tools.compile_catalogs()
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.mo")} == before


@pytest.mark.parametrize("lang", OTHERS)
def test_every_suit_of_every_pack_is_translated(lang: str) -> None:
    tr = i18n.translator(lang)
    names = set()
    for gi in hukm.registry.games():
        names.update(n for _c, n in hukm.game(gi.name)._game.layout[1])
    same = {n for n in names if tr.suit(n) == n}
    # Czech keeps two avatars' names as they are spelled in English too.
    assert same <= ({"Buddha", "Kalki"} if lang == "cs" else set()), same


def test_glossary_words() -> None:
    """A few words exactly as docs/glossary.md gives them."""
    assert i18n.translator("fa").suit("clubs") == "گشنیز"
    assert i18n.translator("fa").pt("role", "Hakem") == "حاکم"
    assert i18n.translator("fa").pt("term", "kot") == "کت"
    assert i18n.translator("ur").pt("term", "trump") == "رنگ"
    assert i18n.translator("hi").pt("term", "sar") == "सर"
    assert i18n.translator("hi").suit("Krishna") == "कृष्ण"
    assert i18n.translator("bn").suit("Matsya") == "মৎস্য"
    assert i18n.translator("fa").suit("Taj") == "تاج"
    assert i18n.translator("cs").pt("term", "trump") == "trumf"
    assert i18n.translator("ar").suit("spades") == "البستوني"
    assert i18n.translator("en").suit("Taj") == "Taj"


@pytest.mark.parametrize(
    "lang,digits,rtl",
    [("en", "0123456789", False), ("fa", "۰۱۲۳۴۵۶۷۸۹", True), ("ur", "۰۱۲۳۴۵۶۷۸۹", True),
     ("hi", "0123456789", False), ("bn", "০১২৩৪৫৬৭৮৯", False), ("cs", "0123456789", False),
     ("ar", "٠١٢٣٤٥٦٧٨٩", True)],
)
def test_digits_and_direction(lang: str, digits: str, rtl: bool) -> None:
    tr = i18n.translator(lang)
    assert tr.num(1234567890) == digits[1:] + digits[0]
    assert tr.rtl is rtl and tr.dir == ("rtl" if rtl else "ltr")
    assert tr.t("{bid}", bid=16) == digits[1] + digits[6]


def test_placeholders_take_the_languages_digits() -> None:
    tr = i18n.translator("ar")
    assert tr._format("{a} / {b} / {c}", {"a": 28, "b": "AS", "c": True}) == "٢٨ / AS / True"


def test_resolve_and_environment(monkeypatch) -> None:
    monkeypatch.delenv(i18n.LANG_ENV, raising=False)
    assert i18n.resolve(None) == "en"
    monkeypatch.setenv(i18n.LANG_ENV, "bn_IN.UTF-8")
    assert i18n.resolve(None) == "bn" and i18n.translator().lang == "bn"
    assert i18n.resolve("FA-ir") == "fa"
    for bad in ("xx", "", 3):
        with pytest.raises(hukm.OptionError, match="language"):
            i18n.resolve(bad)  # type: ignore[arg-type]
    assert issubclass(hukm.OptionError, ValueError)


def test_plural_forms_per_language() -> None:
    """Each catalog declares its language's plural rule (Czech three forms, Arabic six)."""
    want = {"fa": 2, "ur": 2, "hi": 2, "bn": 2, "cs": 3, "ar": 6}
    for lang, n in want.items():
        mo = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "words.mo"
        with open(mo, "rb") as f:
            t = gettext.GNUTranslations(f)
        assert t.plural is not None and len({t.plural(k) for k in range(200)}) == n, lang


def test_english_leaks_finds_ui_words() -> None:
    assert _tools.english_leaks("Trump: spades", "en") == []
    assert "spades" in _tools.english_leaks("پیک spades", "fa")
    # a language's own borrowed word is not a leak
    assert _tools.english_leaks("Buddha", "cs") == []
    assert _tools.english_leaks("Alice", "fa", allowed=["Alice"]) == []

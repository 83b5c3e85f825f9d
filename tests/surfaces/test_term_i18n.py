"""The terminal in every language: ``hukm show`` and a scripted ``hukm play`` session of
every game of the registry speak the language of ``--lang`` (no English word of the user
interface, numbers in the language's digits), ``$HUKM_LANG`` sets the default and
``--lang`` wins over it, an unknown language is refused in one line with exit code 2, and
the pictures the commands write follow the language."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

import hukm
from hukm.bots import Random
from hukm.cli import main
from hukm.cli.play import play_terminal
from hukm.i18n import LANGUAGES, translator
from hukm.i18n._tools import english_leaks
from hukm.registry import games

OTHERS = [c for c in LANGUAGES if c != "en"]
"""Every language but English."""
PRESETS = [g.name for g in games()]
"""Every preset of the registry."""
FAMILIES = list({g.family: g.name for g in reversed(games())}.values())
"""One preset of each family of the registry (its first)."""
WESTERN = re.compile(r"[0-9]")
NOTATION = re.compile(r"\b[\w+:-]*[A-Za-z][\w+:-]*\b", re.ASCII)
"""A word with a Latin letter: notation (a card code, an action) where the view writes it."""


def advanced(preset: str, moves: int, seed: int = 1) -> hukm.State:
    """A seeded deal of ``preset`` after ``moves`` actions of the heuristic bot (fewer if
    the hand ends)."""
    state = hukm.game(preset).new_game(seed)
    bot = hukm.bots.Heuristic(seed=seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(bot.act(state))
    return state


def show(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Runs ``hukm`` in this process: its exit code, its output and its errors."""
    code = main(list(argv))
    got = capsys.readouterr()
    return code, got.out, got.err


def codes(preset: str) -> list[str]:
    """The notation a view of ``preset`` may write: its suit and card codes."""
    _, suits, cards = hukm.game(preset).new_game(0).layout
    return [c for c, _ in suits] + [c for c, *_ in cards]


def digits_ok(text: str, lang: str) -> bool:
    """Whether ``text`` writes its numbers in the language's digits: no Western digit
    outside notation (card ranks and codes stay as the cards print them)."""
    if LANGUAGES[lang].digits == "0123456789":
        return True
    return not WESTERN.search(NOTATION.sub("", text))


def view_lines(text: str) -> Iterator[str]:
    """The lines of a table that are not hands' cards or tricks (where ranks print)."""
    for line in text.splitlines():
        if line.startswith("      ") or re.search(r"[♠♥♦♣]", line):
            continue
        yield line


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("preset", PRESETS)
def test_show_speaks_the_language(capsys: pytest.CaptureFixture[str], preset: str, lang: str) -> None:
    tr = translator(lang)
    for advance in (0, 6):
        code, out, err = show(capsys, "show", preset, "--seed", "2", "--advance", str(advance), "--lang", lang)
        assert code == 0, err
        assert english_leaks(out, lang, allowed=codes(preset)) == [], (preset, lang, out)
        head = out.splitlines()[0]
        hand = advanced(preset, advance, 2).observation(0)["hand_number"]
        assert tr.pt("status", "hand {n}", n=tr.num(hand)) in head and preset not in head, head
        for line in view_lines(out):
            assert digits_ok(line, lang), (preset, lang, line)
        assert tr.t("seat {seat}", seat=0) in out


@pytest.mark.parametrize("lang", OTHERS)
def test_show_analysis_speaks_the_language(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    tr = translator(lang)
    deal = "AK... QJ... T9... 87..."
    code, out, err = show(capsys, "show", "hokm", deal, "--trump", "S", "--leader", "0", "--analysis", "--lang", lang)
    assert code == 0, err
    assert english_leaks(out, lang, allowed=codes("hokm4")) == [], out
    assert tr.t("values:") in out and tr.num(2) in out
    # A seeded deal, played to its first card: the bot's trump and the values, in the language.
    code, out, err = show(capsys, "show", "hokm", "--seed", "1", "--analysis", "--lang", lang)
    assert code == 0, err
    assert english_leaks(out, lang, allowed=codes("hokm4")) == [], out
    assert tr.pt("bot", "heuristic") in out.splitlines()[0] and tr.t("values:") in out
    # Before the play, where the solver cannot answer (an auction): the phase, in the language.
    code, out, err = show(capsys, "show", "28", "--seed", "1", "--actions", "bid:14", "--analysis", "--lang", lang)
    assert code == 0, err
    assert tr.pt("phase", "bid") in out.splitlines()[-1], out


@pytest.mark.parametrize("lang", OTHERS)
def test_solve_says_the_grade_in_the_language(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """``hukm solve --lang``: the value and each action's with its grade ("exact 9",
    "between 7 and 10", "about 8.4 (estimate)") in the language, marks and counts too."""
    tr = translator(lang)
    from hukm.svg.wording import grade_text

    about = tr.t("about {value} (estimate)", value="\x00").split("\x00")[0].strip()
    between = grade_text(tr, "bounds", 7, 10).replace(tr.num(7), "").replace(tr.num(10), "").split()
    for preset in ("ganjifa", "dashavatara", "dugi"):  # a whole hand: bounds and estimates in 0.3 s
        code, out, err = show(capsys, "solve", preset, "--seed", "2", "--timeout", "0.3", "--lang", lang)
        assert code == 0, err
        assert english_leaks(out, lang, allowed=codes(preset)) == [], (preset, lang, out)
        assert "estimate" not in out and "between" not in out and "nodes" not in out, out
        head = tr.t("values (exact, between proven bounds, or about an estimate):")
        assert head in out and tr.t("best") in out, out
        graded = out.split(head)[1].splitlines()[1:]
        assert graded and all(about in line for line in graded), graded
        assert all(w in out for w in between), (between, out)
        assert all(digits_ok(line, lang) for line in out.split(head)[1].splitlines()), out
    # An exact answer: "exact" and the value with its unit, in the language.
    code, out, err = show(capsys, "solve", "naqsh", "--seed", "2", "--lang", lang)
    assert code == 0, err
    assert english_leaks(out, lang, allowed=codes("naqsh")) == [], out
    assert tr.t("exact {value}", value="\x00").split("\x00")[0].strip() in out and tr.t("values:") in out


def test_show_analysis_grades_a_whole_hand(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``hukm show --analysis`` of a whole Ganjifa hand: the best grade reached in its
    time (estimates, labelled), not a refusal, in every language."""
    monkeypatch.setattr(hukm.svg, "ANALYSIS_TIMEOUT", 0.3)
    for lang in LANGUAGES:
        tr = translator(lang)
        code, out, err = show(capsys, "show", "ganjifa", "--seed", "1", "--analysis", "--threads", "1", "--lang", lang)
        assert code == 0, err
        label = tr.t("about {value} (estimate)", value="\x00").split("\x00")[1].strip()
        assert out.count(label) > 10 and tr.t("values:") in out, out
        assert english_leaks(out, lang, allowed=codes("ganjifa")) == [], (lang, out)


def test_solve_progress_speaks_the_language() -> None:
    from hukm.cli.solve import SolveProgress

    for lang in OTHERS:
        out = io.StringIO()
        p = SolveProgress("tricks", stream=out, after=0.0, redraw=False, tr=translator(lang))
        p.tick()
        p.progress(4, 9, 100)
        p.last = -float("inf")
        p.tick()
        p.close()
        text = out.getvalue()
        assert english_leaks(text, lang) == [] and "still" not in text and "between" not in text, text
        assert translator(lang).num(9) in text.splitlines()[1] and digits_ok(text, lang), text


def scripted(preset: str, lang: str, answers: list[str], seed: int = 2, review: bool = False) -> str:
    """A ``hukm play`` session of two hands against random bots, the player's answers
    taken from ``answers`` and then ``1`` (the first legal action) to the end."""
    game = hukm.game(preset)
    fed = iter(answers)
    bots = {p: Random(seed=p) for p in range(game.num_players) if p != 0}
    out = io.StringIO()
    play_terminal(game, 0, seed, bots, hands=2, do_review=review, read=lambda: next(fed, "1") + "\n",
                  out=out, lang=lang)
    return out.getvalue()


def typed(text: str) -> list[str]:
    """The actions a session's menus offer to type (``۱:trump:S`` -> ``trump:S``)."""
    return [w for a in re.findall(r"(?:^|\s)\u200e?\d+:(\S+)", text) for w in re.findall(r"[A-Za-z]+", a)]


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("preset", FAMILIES)
def test_play_speaks_the_language(preset: str, lang: str) -> None:
    tr = translator(lang)
    text = scripted(preset, lang, ["?", "zz"])
    allowed = codes(preset) + typed(text) + ["random", "zz"]
    assert english_leaks(text, lang, allowed=allowed) == [], (preset, lang, text[-3000:])
    assert tr.t("your move (action, number, '?' for the list, 'q' to quit):") in text
    assert tr.t("hand over: {result}", result="").split(" ")[0] in text and not re.search(r"\[[\d۰-۹٠-٩০-৯., -]*\]", text)
    assert "'zz'" in text and tr.t("{text} is not legal here; {legal}", text="'zz'", legal="")[:12] in text
    menu = next(line for line in text.splitlines() if line.startswith(tr.t("legal: {actions}", actions="")))
    assert menu.split(":", 1)[1].lstrip().lstrip("\u200e").startswith(tr.num(1) + ":"), menu
    assert ("\u200e" + tr.num(1) + ":" in menu) == tr.rtl  # held left to right in a right-to-left line
    for line in text.splitlines():
        if line.startswith(tr.t("legal: {actions}", actions="")) or line.startswith("      "):
            continue
        if re.search(r"[♠♥♦♣]", line) or "'zz'" in line:
            continue
        assert digits_ok(line, lang), (preset, lang, line)


def test_play_reads_the_languages_digits() -> None:
    """A menu number typed in the language's digits is read as the number; the notation
    is read as typed."""
    from hukm.cli.play import _ask

    state = hukm.Hokm().from_deal("AKQ... JT9... 876... 543...", trump="S", leader=0)
    legal = state.legal_actions()
    for lang, answer, want in (("fa", "۲", legal[1]), ("bn", "৩", legal[2]), ("ar", "١", legal[0]),
                               ("fa", "3", legal[2]), ("ur", "ks", "KS")):
        out = io.StringIO()
        assert _ask(state, legal, lambda: answer + "\n", out, translator(lang)) == want, (lang, answer)
    out = io.StringIO()
    answers = iter(["۹", "q"])
    assert _ask(state, legal, lambda: next(answers) + "\n", out, translator("fa")) is None
    assert translator("fa").t("{text} is not legal here; {legal}", text="'۹'", legal="")[:10] in out.getvalue()


def test_play_review_speaks_the_language() -> None:
    text = scripted("hokm4", "fa", [], review=True)
    tr = translator("fa")
    assert tr.t("review of your cards (double-dummy tricks/points for your side):") in text
    assert english_leaks(text, "fa", allowed=codes("hokm4") + typed(text) + ["random"]) == []


def test_english_stays_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = show(capsys, "show", "hokm", "--seed", "7")
    assert code == 0 and out.splitlines()[0] == "hokm4 | hand 1 | dealer seat 2 | Hakem seat 3 | trump: not named yet"
    text = scripted("hokm4", "en", ["?"])
    assert "legal: 1:" in text and "your move (action, number, '?' for the list, 'q' to quit): " in text
    assert "wins the trick with" in text and "hand over: Seats 0 & 2 take 7 tricks to 5 and win the hand: +1" in text
    # English reads cards and trumps by their signs too (the menu keeps the codes one types).
    assert "(random): trump ♥ hearts" in text and "(random): A♣" in text and "legal: 1:" in text


def test_an_unknown_language_is_refused(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for argv in (["show", "hokm", "--lang", "xx"], ["play", "hokm", "--lang", "xx"], ["solve", "hokm", "--lang", "xx"],
                 ["replay", "r.json", "--lang", "xx"], ["review", "r.json", "--lang", "xx"],
                 ["serve", "--lang", "xx"]):
        code, out, err = show(capsys, *argv)
        assert code == 2 and out == "", argv
        assert len(err.strip().splitlines()) == 1 and err.startswith("hukm: ") and "'xx'" in err, err
        assert "fa" in err and "ar" in err
    monkeypatch.setenv("HUKM_LANG", "xx")
    code, out, err = show(capsys, "show", "hokm")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "HUKM_LANG" in err and "'xx'" in err


def test_help_lists_the_languages(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("show", "play", "replay", "review", "serve", "solve"):
        code, out, _ = show(capsys, command, "--help")
        assert code == 0 and "--lang" in out
        flat = " ".join(out.split())
        for c, lg in LANGUAGES.items():
            assert f"{c} ({lg.english})" in flat, (command, c)
        assert "$HUKM_LANG" in flat


def test_the_environment_sets_the_default(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HUKM_LANG", "fa")
    _, out, _ = show(capsys, "show", "hokm", "--seed", "7")
    assert translator("fa").pt("status", "hand {n}", n="۱") in out.splitlines()[0] and "hand 1" not in out
    _, out, _ = show(capsys, "show", "hokm", "--seed", "7", "--lang", "en")
    assert out.splitlines()[0].startswith("hokm4 | hand 1 |")
    monkeypatch.setenv("HUKM_LANG", "bn_IN.UTF-8")
    _, out, _ = show(capsys, "show", "hokm", "--seed", "7")
    assert translator("bn").pt("status", "hand {n}", n="১") in out
    # A session of its own reads the variable too.
    env = dict(os.environ, HUKM_LANG="ar")  # the same hukm as this run: installed, or on its PYTHONPATH
    r = subprocess.run([sys.executable, "-m", "hukm.cli", "play", "hokm", "--bots", "random", "--hands", "1",
                        "--no-review"], input="q\n", capture_output=True, text=True, env=env, timeout=120)
    ar = translator("ar")
    assert r.returncode == 0, r.stderr
    assert ar.t("your move (action, number, '?' for the list, 'q' to quit):") in r.stdout
    assert ar.t("bye") in r.stdout and "bye" not in r.stdout


def test_pictures_follow_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    svg = tmp_path / "fa.svg"
    code, out, err = show(capsys, "show", "hokm", "--seed", "3", "--svg", str(svg), "--lang", "fa")
    assert code == 0, err
    assert 'direction="rtl"' in svg.read_text(encoding="utf-8")
    assert translator("fa").t("wrote {path}", path=str(svg)) in out
    en = tmp_path / "en.svg"
    show(capsys, "show", "hokm", "--seed", "3", "--svg", str(en))
    assert 'direction="rtl"' not in en.read_text(encoding="utf-8")
    monkeypatch.setenv("HUKM_LANG", "ur")
    ur = tmp_path / "ur.svg"
    show(capsys, "show", "hokm", "--seed", "3", "--svg", str(ur))
    assert 'direction="rtl"' in ur.read_text(encoding="utf-8")
    # Replay frames, and the replay's own lines.
    monkeypatch.delenv("HUKM_LANG")
    state = advanced("hokm4", 8)
    rec = tmp_path / "hand.json"
    rec.write_text(state.record().to_json(), encoding="utf-8")
    frames = tmp_path / "frames"
    code, out, err = show(capsys, "replay", str(rec), "--svg-frames", str(frames), "--lang", "ar")
    assert code == 0, err
    shots = sorted(frames.glob("*.svg"))
    assert shots and all('direction="rtl"' in p.read_text(encoding="utf-8") for p in shots)
    assert english_leaks(out, "ar", allowed=codes("hokm4") + re.findall(r"[A-Za-z]+", str(tmp_path))) == []
    assert translator("ar").num(8) in out.splitlines()[-1]


def test_serve_opens_the_page_in_the_language() -> None:
    from hukm.cli.serve import page_url

    assert page_url("127.0.0.1", 8765, "en") == "http://127.0.0.1:8765/"
    assert page_url("::", 9000, "ar") == "http://127.0.0.1:9000/?lang=ar"


def test_columns_are_aligned_by_display_width() -> None:
    """Suit labels of a Ganjifa hand in Hindi and Bengali (combining marks) are padded to
    the same display width, so the cards start in one column."""
    from rich.cells import cell_len

    from hukm.cli.term import table_text

    for lang in ("hi", "bn", "fa"):
        text = table_text(hukm.game("ganjifa").new_game(1), viewer=None, lang=lang)
        rows = [line for line in text.splitlines() if line.startswith("      ")]
        ends = set()
        for line in rows:
            label_end = line.index(")") + 1
            pad = len(line[label_end:]) - len(line[label_end:].lstrip(" "))
            ends.add(cell_len(line[:label_end]) + pad)
        assert len(rows) == 3 * 8 and len(ends) == 1, (lang, rows)


@pytest.mark.parametrize("lang", ["fa", "hi", "bn", "en"])
def test_the_terminal_exports_a_picture_in_the_language(lang: str) -> None:
    """The recorded terminal as a picture names the fonts of the language's script (resvg
    falls back only to named families), Latin runs among Devanagari or Bengali in DejaVu
    Sans Mono, and rasterises to PNG; English as rich draws it."""
    from hukm.cli.term import Screen

    screen = Screen(io.StringIO(), record=True, width=78, lang=lang)
    screen.table(advanced("ganjifa", 2), viewer=0)
    svg = screen.export_svg("hukm play")
    if lang == "en":
        assert "font-family: Fira Code, monospace;" in svg
        return
    assert LANGUAGES[lang].fonts in svg and "Fira Code, monospace;" not in svg
    if lang in ("hi", "bn"):
        assert '<tspan font-family="DejaVu Sans Mono">GH</tspan>' in svg and "textLength" not in svg
        assert not re.search(r"&[a-z]+;|&#x", svg)
    pytest.importorskip("resvg_py")
    from hukm.svg.raster import to_png

    assert to_png(svg, 640)[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("lang", ["fa", "cs"])
def test_review_speaks_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """``hukm review --lang``: the review's text and chart in the language."""
    state = hukm.Hokm().from_deal("AK... QJ... T9... 87...", trump="S", leader=0)
    bot = hukm.bots.Heuristic(seed=1)
    while not state.is_terminal():
        state.apply(bot.act(state))
    rec = tmp_path / "end.json"
    rec.write_text(state.record().to_json(), encoding="utf-8")
    chart = tmp_path / "chart.svg"
    code, out, err = show(capsys, "review", str(rec), "--chart", str(chart), "--lang", lang)
    assert code == 0, err
    paths = re.findall(r"[A-Za-z]+", str(tmp_path))
    assert english_leaks(out, lang, allowed=codes("hokm4") + paths) == [], out
    drawn = re.sub(r"<[^>]+>", " ", chart.read_text(encoding="utf-8"))  # the words drawn, not the markup
    assert english_leaks(drawn, lang, allowed=codes("hokm4")) == [], drawn
    code, out, _ = show(capsys, "review", str(rec))
    assert code == 0 and "review" in out.lower()

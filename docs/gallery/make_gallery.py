"""Renders the gallery's pictures with the ``hukm`` command (``hukm show ... --png``), a
GIF of a hand (``hukm.video``), a terminal screenshot of ``hukm play`` (rich's SVG export, turned into PNG)
and one in Persian (``terminal_fa.png``),
one table picture in each language other than English (``hukm.svg.render(..., lang=)``,
``table_<lang>.png``) and screenshots of the web page (``hukm serve``) taken by its
browser tests in headless Chromium.

Run from the repository root: ``python docs/gallery/make_gallery.py`` (needs
``pip install ".[test]"`` and Chromium); ``python docs/gallery/make_gallery.py
web_phone.png web_dark.png`` makes only the pictures named.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
import sys
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent

SHOWS = {
    "hokm_analysis.png": [
        "show", "hokm", "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
        "--trump", "S", "--leader", "0", "--analysis",
    ],
    "hokm_finished_trick.png": [
        "show", "hokm", "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
        "--trump", "S", "--leader", "0", "--actions", "2C 6C 3C QC",
    ],
    "court_piece_heap.png": ["show", "double_sar", "--seed", "5", "--advance", "23"],
    "twenty_eight_indicator.png": [
        "show", "28", "J9..A.K Q7.KQ.. 8..T9.7 A..87.J", "--bidder", "0", "--leader", "1",
        "--indicator", "KC", "--viewer", "1", "--actions", "7S",
    ],
    "ganjifa_moghul_3p.png": ["show", "ganjifa", "--seed", "7"],
    "dashavatara_deal.png": ["show", "dashavatara", "--seed", "7"],
    "dugi_position.png": [
        "show", "dugi", "KV...3.... 5.T9...... .4..2..1.. 2...1..T..", "--leader", "0", "--analysis",
    ],
}


def _played(state: "Any", cards: int, seed: int = 1) -> "Any":
    """``state`` after ``cards`` cards of trick play by the heuristic bots."""
    from hukm.bots import Heuristic

    bots = [Heuristic(seed=seed + i) for i in range(state.num_players)]
    done = 0
    while not state.is_terminal() and done < cards:
        done += state.phase == "play"
        state.apply(bots[state.current_player].act(state))
    return state


def _hokm() -> "Any":
    import hukm as lib

    s = lib.Hokm().from_deal(SHOWS["hokm_analysis.png"][2], trump="S", leader=0)
    for card in ["2C", "6C"]:
        s.apply(card)
    return s


def _twenty_nine() -> "Any":
    import hukm as lib

    s = lib.game("29").from_deal("T.9AQ.9A.T7 A7.K7.JQ.9Q J9.T8.T7.A8 KQ8.J.K8.JK", bidder=3, leader=3,
                                 trump="H", contract=18)
    for card in ["JH", "9H"]:
        s.apply(card)
    return s


def _twenty_eight() -> "Any":
    import hukm as lib

    s = lib.game("28").from_deal("J9..A.K Q7.KQ.. 8..T9.7 A..87.J", bidder=0, leader=1, trump="S")
    s.apply("7S")
    return s


def _dealt(preset: str, seed: int, cards: int) -> "Callable[[], Any]":
    import hukm as lib

    return lambda: _played(lib.game(preset).new_game(seed=seed), cards)


LANG_TABLES: dict[str, tuple[str, "Callable[[], Any]"]] = {
    "table_fa.png": ("fa", _hokm),
    "table_ur.png": ("ur", _dealt("court_piece", 5, 22)),
    "table_hi.png": ("hi", _dealt("dehla_pakad", 4, 20)),
    "table_bn.png": ("bn", _twenty_nine),
    "table_cs.png": ("cs", _dealt("dashavatara", 7, 84)),
    "table_ar.png": ("ar", _twenty_eight),
}
"""One table per language, with its trump, its lines and the double-dummy values: Hokm in
Persian, Court Piece in Urdu, Dehla Pakad in Hindi, Twenty-nine in Bengali, Dashavatara
in Czech, Twenty-eight in Arabic."""


def lang_table(name: str) -> None:
    """A table picture in a language, rasterised with resvg (text shaped in its script)."""
    import hukm.svg
    from hukm.svg.raster import write_png

    lang, make = LANG_TABLES[name]
    write_png(hukm.svg.render(make(), analysis=True, lang=lang), str(HERE / name), 1280)


def hukm(args: list[str]) -> None:
    subprocess.run([sys.executable, "-m", "hukm.cli", *args], check=True, stdout=subprocess.DEVNULL)


def terminal_screenshot(path: Path) -> None:
    """A few moves of ``hukm play hokm`` drawn by rich, exported as a picture."""
    import hukm as lib
    from hukm.svg.raster import write_png
    from hukm.bots import Heuristic
    from hukm.cli.term import Screen

    screen = Screen(io.StringIO(), record=True, width=78)
    state = lib.Hokm().new_game(seed=3)
    bots = [Heuristic(seed=i) for i in range(4)]
    while state.phase != "play":
        state.apply(bots[state.current_player].act(state))
    for _ in range(6):
        state.apply(bots[state.current_player].act(state))
    screen.say("$ hukm play hokm --seat 0 --seed 3", "bold")
    screen.table(state, viewer=0)
    screen.say("legal: " + "  ".join(f"{i + 1}:{a}" for i, a in enumerate(state.legal_actions())))
    write_png(screen.export_svg("hukm play"), str(path), 1280)


TERMINAL_LANGS = {"terminal_fa.png": "fa"}
"""The terminal in a language other than English (``hukm play --lang``)."""


def terminal_language_screenshot(path: Path, lang: str) -> None:
    """A few moves of ``hukm play hokm --lang LANG``: the table, the menu of legal actions
    (the notation to type next to its label) and the prompt, in the language."""
    import hukm as lib
    from hukm.bots import Heuristic
    from hukm.cli.play import menu
    from hukm.cli.term import Screen
    from hukm.i18n import translator
    from hukm.svg.raster import write_png

    tr = translator(lang)
    screen = Screen(io.StringIO(), record=True, width=78, lang=lang)
    state = lib.Hokm().new_game(seed=3)
    bot = Heuristic(seed=1)
    while state.phase != "play":
        state.apply(bot.act(state))
    for _ in range(6):
        state.apply(bot.act(state))
    screen.say(f"$ hukm play hokm --lang {lang}", "bold")
    screen.table(state, viewer=state.current_player)
    screen.say(menu(state, state.legal_actions(), tr))
    screen.say(tr.t("your move (action, number, '?' for the list, 'q' to quit):"))
    write_png(screen.export_svg("hukm play"), str(path), 1280)


WEB = {
    "web_analysis.png": "test_analysis_values_equal_solve",
    "web_twenty_eight.png": "test_a_twenty_eight_auction",
    "web_presentation.png": "test_presentation_mode",
    "web_finished_trick.png": "test_a_finished_trick_stays_on_the_table",
    "web_review.png": "test_the_review_panel_marks_a_mistake_and_jumps_to_it",
    "web_phone.png": "test_a_phone_plays_without_sideways_scroll",
    "web_dark.png": "test_dark_theme_large_cards_and_the_suit_legend",
    "web_face_down.png": "test_a_card_laid_face_down_is_not_shown_to_the_others and 28",
    "web_ganjifa_grades.png": "test_a_ganjifa_hand_is_graded_at_the_first_trick",
    "web_ganjifa_grades_fa.png": "test_a_ganjifa_hand_is_graded_at_the_first_trick",
    "web_hand_over.png": "test_the_last_trick_of_a_hand_is_held_before_the_next_deal",
    "web_review_hand.png": "test_the_review_of_one_hand_of_a_match",
}
"""Screenshots of the page kept in the gallery (of those the browser tests save), with the
test that saves each."""


def web_screenshots(names: list[str]) -> None:
    """Runs the page's browser tests that save the screenshots ``names``."""
    if not names:
        return
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HUKM_SCREENSHOTS=tmp, HUKM_REQUIRE_BROWSER="1")
        tests = " or ".join(WEB[n] for n in names)
        subprocess.run([sys.executable, "-m", "pytest", "-q", "tests/surfaces/test_web_browser.py", "-k", tests],
                       check=True, env=env)
        for name in names:
            shutil.copy(os.path.join(tmp, SAVED_AS.get(name, name)), HERE / name)
            print("wrote", name)


SAVED_AS = {"web_face_down.png": "web_face_down_28.png"}
"""The gallery's pictures that a test saves under another name."""


WEB_LANGUAGES = {f"web_{lang}.png": f"test_no_english_word_is_left and {lang}"
                 for lang in ("fa", "ur", "hi", "bn", "cs", "ar")}
WEB_LANGUAGES["web_fa_phone.png"] = "test_the_page_on_a_phone_in_persian"
WEB_LANGUAGES["web_review_marks_fa.png"] = "test_review_marks_read_in_order_right_to_left"
"""Screenshots of the page in each language (saved by tests/surfaces/test_web_browser_i18n.py),
with the tests that save them."""


def web_language_screenshots(names: list[str]) -> None:
    """Runs the browser tests of the page's languages that save the screenshots ``names``."""
    if not names:
        return
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HUKM_SCREENSHOTS=tmp, HUKM_REQUIRE_BROWSER="1")
        tests = " or ".join(f"({WEB_LANGUAGES[n]})" for n in names)
        subprocess.run([sys.executable, "-m", "pytest", "-q", "tests/surfaces/test_web_browser_i18n.py", "-k", tests],
                       check=True, env=env)
        for name in names:
            shutil.copy(os.path.join(tmp, name), HERE / name)
            print("wrote", name)


def hand_gif(path: Path) -> None:
    """A Hokm hand played by the heuristic bots, as a GIF with captions and values."""
    import hukm as lib
    import hukm.video
    from hukm.bots import Heuristic

    state = lib.Hokm().from_deal(SHOWS["hokm_analysis.png"][2], trump="S", leader=0)
    bot = Heuristic(seed=3)
    while not state.is_terminal():
        state.apply(bot.act(state))
    hukm.video.write(state.record(), path, size="360p", analysis=True)


def video_hand_over(path: Path, size: tuple[int, int] = (1080, 1080), preset: str = "hokm4", seed: int = 7,
                    lang: "str | None" = None) -> None:
    """The video's frame at the end of a hand of a match (square, or a phone's 1080 x
    1920): the result over the finished table laid out for the frame, the counts in
    large type."""
    import hukm as lib
    from hukm.bots import Heuristic
    from hukm.svg.raster import write_png as png
    from hukm.video import segments
    from hukm.video.encode import compose, picture_area

    from hukm.svg.wording import tr_of

    state = lib.game(preset).new_game(seed=seed)
    bot = Heuristic(seed=seed)
    while state.observation(0)["hand_number"] == 1:
        state.apply(bot.act(state))
    w, h = size
    seg = next(s for s in segments(state.record(), fill=picture_area(w, h), lang=lang) if s.kind == "result")
    png(compose(seg.svg, seg.caption, seg.note, seg.kind, w, h, tr_of(lang), seg.score), str(path), w)


def phone_table(path: Path) -> None:
    """The table drawn for a phone (``render(layout="phone")``): Hokm seen by seat 0 in
    the second trick, at twice the phone's pixels."""
    import hukm as lib
    import hukm.svg
    from hukm.svg.raster import write_png as png

    state = _played(lib.game("hokm4").new_game(seed=7), 6, seed=7)
    png(hukm.svg.render(state, viewer=0, layout="phone"), str(path), 800)


def graded_review_chart(path: Path) -> None:
    """The review chart of a whole Ganjifa hand played by the heuristic bot, graded (the
    default budget on one thread): estimated decisions hollow."""
    import hukm as lib
    from hukm.bots import Heuristic

    state = lib.game("ganjifa").new_game(seed=1)
    bot = Heuristic(seed=1)
    while state.observation(0)["hand_number"] == 1 and not state.is_terminal():
        state.apply(bot.act(state))
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "hand.json"
        record.write_text(state.record().to_json())
        hukm(["review", str(record), "--threads", "1", "--chart", str(path)])


def main(names: list[str]) -> None:
    every = ["hokm_hand.gif", "review_chart_ganjifa.png", "video_hand_over.png", "video_hand_over_phone.png",
             "video_hand_over_28_hi.png", "video_hand_over_thunee.png",
             "phone_table.png", *SHOWS, "terminal_play.png", *TERMINAL_LANGS, *LANG_TABLES, *WEB, *WEB_LANGUAGES]
    unknown = [n for n in names if n not in every]
    if unknown:
        sys.exit(f"make_gallery: no picture {unknown[0]!r} (pictures: {', '.join(every)})")
    wanted = names or every
    if "hokm_hand.gif" in wanted:
        hand_gif(HERE / "hokm_hand.gif")
        print("wrote hokm_hand.gif")
    if "video_hand_over.png" in wanted:
        video_hand_over(HERE / "video_hand_over.png")
        print("wrote video_hand_over.png")
    if "video_hand_over_phone.png" in wanted:
        video_hand_over(HERE / "video_hand_over_phone.png", (1080, 1920))
        print("wrote video_hand_over_phone.png")
    if "video_hand_over_28_hi.png" in wanted:
        video_hand_over(HERE / "video_hand_over_28_hi.png", preset="28", seed=4, lang="hi")
        print("wrote video_hand_over_28_hi.png")
    if "video_hand_over_thunee.png" in wanted:
        video_hand_over(HERE / "video_hand_over_thunee.png", (1080, 1920), preset="thunee4", seed=3)
        print("wrote video_hand_over_thunee.png")
    if "phone_table.png" in wanted:
        phone_table(HERE / "phone_table.png")
        print("wrote phone_table.png")
    if "review_chart_ganjifa.png" in wanted:
        graded_review_chart(HERE / "review_chart_ganjifa.png")
        print("wrote review_chart_ganjifa.png")
    for name, args in SHOWS.items():
        if name in wanted:
            hukm([*args, "--png", str(HERE / name)])
            print("wrote", name)
    if "terminal_play.png" in wanted:
        terminal_screenshot(HERE / "terminal_play.png")
        print("wrote terminal_play.png")
    for name, lang in TERMINAL_LANGS.items():
        if name in wanted:
            terminal_language_screenshot(HERE / name, lang)
            print("wrote", name)
    for name in LANG_TABLES:
        if name in wanted:
            lang_table(name)
            print("wrote", name)
    web_screenshots([n for n in WEB if n in wanted])
    web_language_screenshots([n for n in WEB_LANGUAGES if n in wanted])


if __name__ == "__main__":
    main(sys.argv[1:])

"""No view drawn for a seat holds a card that seat has not seen.

For every preset of the registry (and the option sets that bring other hidden actions:
Twenty-eight's spare indicator, Ganjifa's Wilkins face-down lead and exchange), every
seat and 50 hands each (the first hands of seeded matches played by the bots), the page's
view of the table for that seat (``Table.view``: its JSON, its pictures) is built at the
steps just after each action that hides a card from some seat, at the end of the hand
and at a few other steps; at one position of each hand the analysis, and for a few hands
the review. The cards the seat may know are those its observations have shown up to that
step (its own, the cards played or shown face up) and the cards played to a trick (an
action of cards alone: the last of a hand is no longer in the next deal's
observation); a card of the pack found anywhere else
in what is served fails the test: a card's notation (``JS``, ``5TJ``) in any string, a
card as the pictures write it (``J♠``) in any text an SVG draws or names. A card face
down is drawn as a back, with no text.

The video and the terminal play, drawn for a seat, are checked the same way, and the two
cases of the issue that found the leak (Twenty-eight, Thunee) are regression tests.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from typing import Any, Optional

import pytest

import hukm
from hukm import _core
from hukm._errors import HukmError
from hukm.bots import Heuristic, Random
from hukm.i18n import LANGUAGES, translator
from hukm.seen import cards_in
from hukm.packs import pack_of_game
from hukm.svg.wording import card_text

pytest.importorskip("starlette")
from hukm.web import tables  # noqa: E402
from hukm.web.tables import Table  # noqa: E402

HANDS = 50
"""Hands per preset and seat."""

HANDS_PER_MATCH = 3
"""Hands played of each seeded match (later hands bring Satat's passing, the exchange)."""

EXTRA = {"28/spare": ("28", {"indicator": "spare"}),
         "ganjifa/wilkins": ("ganjifa", {"lead_rules": "wilkins", "handicap": "exchange"})}
"""Option sets whose hidden actions no preset has."""

CASES = [(i.name, i.name, {}) for i in hukm.games()] + [(k, g, o) for k, (g, o) in EXTRA.items()]

LANGS = list(LANGUAGES)

# -- what a seat knows ------------------------------------------------------------------

_TOKEN = re.compile(r"[0-9A-Za-z]+")


def played(action: str, cards: frozenset[str]) -> set[str]:
    """The cards of an action of cards alone (a card played: face up, also when it ends
    a hand and the next observation is already the next deal's)."""
    got = set(action.split("+"))
    return got if got <= cards else set()


def step(s: _core.State, action: str, states: list[_core.State], seen: list[list[set[str]]]) -> None:
    """Plays ``action``, keeping the state and what each seat has seen by then."""
    pack = s.layout[0]
    cards = frozenset(_core.pack_cards(pack))
    s.apply(action)
    states.append(s.clone())
    for v, known in enumerate(seen):
        known.append(known[-1] | played(action, cards) | cards_in(s.observation(v), pack))


def start(s: _core.State) -> tuple[list[_core.State], list[list[set[str]]]]:
    """The states and seen cards of :func:`step` at ``s``."""
    return [s.clone()], [[cards_in(s.observation(v), s.layout[0])] for v in range(s.num_players)]


class Finder:
    """Finds the cards of a pack in served text: their notation as a word, and the way
    the pictures write them (``10♠``)."""

    def __init__(self, state: _core.State) -> None:
        self.pack = state.layout[0]
        self.cards = frozenset(_core.pack_cards(self.pack))
        p = pack_of_game(state)
        shown = {card_text(p, c): c for c in self.cards if card_text(p, c) != c}
        self.shown = shown
        self.shown_re = (re.compile("|".join(re.escape(x) for x in sorted(shown, key=len, reverse=True)))
                         if shown else None)

    def found(self, text: str) -> set[str]:
        out = {t for t in _TOKEN.findall(text) if t in self.cards}
        if self.shown_re is not None:
            out |= {self.shown[m] for m in self.shown_re.findall(text)}
        return out


_SVG_TEXT = re.compile(r">([^<>]+)<")
_SVG_ATTR = re.compile(r'\s(data-[\w-]+|title|aria-label)="([^"]*)"')


def texts(value: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every string a payload serves, by where it is: an SVG picture as the texts it
    draws and the attributes that name things (``data-card``, titles)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "table":  # the table's random id
                yield from texts(v, f"{where}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from texts(v, f"{where}[{i}]")
    elif isinstance(value, str):
        if value.lstrip().startswith("<svg") or value.lstrip().startswith("<?xml"):
            for m in _SVG_TEXT.finditer(value):
                yield f"{where} text", m.group(1)
            for m in _SVG_ATTR.finditer(value):
                yield f"{where} @{m.group(1)}", m.group(2)
        else:
            yield where, value


def leaks(payload: Any, known: set[str], finder: Finder) -> list[str]:
    """What ``payload`` serves of the cards not in ``known``."""
    out = []
    for where, text in texts(payload):
        for c in sorted(finder.found(text) - known):
            out.append(f"{where}: {c} in {text[:100]!r}")
    return out


# -- the hands --------------------------------------------------------------------------


def _hand(state: _core.State) -> Any:
    return state.observation(0).get("hand_number")


def hands(game: Any, count: int, seed: int) -> Iterator[tuple[list[_core.State], int, list[list[set[str]]]]]:
    """``count`` hands of seeded matches, each as the states of its match from the deal
    to the hand's end, the index of the hand's first state, and for each seat the cards
    it has seen by each state (its observations so far)."""
    done, m = 0, 0
    while done < count:
        s = game.new_game(seed=seed + m)
        bot = Random(seed + m) if m % 3 == 0 else Heuristic(seed + m)
        states, seen = start(s)
        for _ in range(HANDS_PER_MATCH):
            first, number = len(states) - 1, _hand(s)
            while not s.is_terminal() and _hand(s) == number:
                step(s, bot.act(s), states, seen)
            yield list(states), first, seen
            done += 1
            if s.is_terminal() or done >= count:
                break
        m += 1


def steps_to_view(states: list[_core.State], first: int, viewer: int, rng: random.Random) -> list[int]:
    """The steps of the hand to view for ``viewer``: just after each action hiding a card
    from him, the hand's end, and two more at random."""
    last = len(states) - 1
    if last <= first:
        return [last]
    real, told = states[-1].history(), states[-1].seen_history(viewer)
    base = len(states[0].history())
    hidden = [i - base + 1 for i, (a, b) in enumerate(zip(real, told)) if a != b and i - base + 1 > first]
    out = {last, *hidden[:3], *rng.sample(range(first + 1, last + 1), min(2, last - first))}
    return sorted(out)


def analysis_step(states: list[_core.State], first: int) -> Optional[int]:
    """A position of trick play near the hand's end (small enough to solve at once)."""
    for k in range(len(states) - 2, first, -1):
        s = states[k]
        if not s.is_terminal() and s.phase == "play" and len(s.observation(s.current_player)["hand"]) <= 3:
            return k
    return None


# -- the tests --------------------------------------------------------------------------


@pytest.mark.parametrize("name, preset, options", CASES, ids=[c[0] for c in CASES])
def test_no_view_holds_a_card_its_seat_has_not_seen(name: str, preset: str, options: dict[str, str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "REVIEW_BUDGET", 0.4)
    game = hukm.game(preset, **options)
    rng = random.Random(name)
    finder: Optional[Finder] = None
    found: list[str] = []
    hidden = 0
    seed = 7000 + 97 * [c[0] for c in CASES].index(name)
    for h, (states, first, seen) in enumerate(hands(game, HANDS, seed)):
        finder = finder or Finder(states[0])
        n = states[0].num_players
        lang = LANGS[h % len(LANGS)]
        layout = ("wide", "phone")[h % 2]  # the phone's picture of the table (hukm.svg.compact) every other hand
        for v in range(n):
            for k in steps_to_view(states, first, v, rng):
                table = Table(game, states[: k + 1], frozenset())
                view = table.view(None, v, False, lang, layout)
                hidden += sum(m["hidden"] for m in view["played"])
                found += [f"hand {h} seat {v} step {k} view{x}" for x in leaks(view, seen[v][k], finder)]
        v = h % n
        k = analysis_step(states, first)
        if k is not None:
            table = Table(game, states[: k + 1], frozenset())
            try:
                answer = table.analysis(k, 2.0, v, False, lang)
            except HukmError:
                answer = None
            found += [f"hand {h} seat {v} step {k} analysis{x}" for x in leaks(answer, seen[v][k], finder)]
        if h < 2:
            k = len(states) - 1 if h == 0 else (first + len(states) - 1) // 2
            table = Table(game, states[: k + 1], frozenset())
            r = table.review(v, 0.3, lang, viewer=v)
            found += [f"hand {h} seat {v} step {k} review{x}" for x in leaks(r, seen[v][k], finder)]
        assert not found, f"{name}: cards served to a seat that has not seen them:\n" + "\n".join(found[:12])
    if name in ("28", "thunee4", "trup_kasiet", "dab_rang", "hokm2", "28/spare", "ganjifa/wilkins"):
        assert hidden, f"{name}: no action hid a card in {HANDS} hands"


def test_satat_passing_is_seen_by_its_players_alone() -> None:
    """The cards passed after a kot (the next hand's ``give:``), at every step of the
    passing and the first trick after it, for every seat."""
    game = hukm.game("satat")
    for seed in range(400):
        s = game.new_game(seed=seed)
        bot = Random(seed)
        states, seen = start(s)
        while not s.is_terminal() and s.phase != "give" and len(states) < 400:
            step(s, bot.act(s), states, seen)
        if s.phase == "give":
            break
    else:
        pytest.fail("no Satat passing in 400 matches")
    first = len(states) - 1
    for _ in range(8):
        step(s, bot.act(s), states, seen)
    finder = Finder(s)
    gives = [a for a in s.history()[first:] if a.startswith("give:")]
    assert len(gives) == 4
    for v in range(4):
        told = s.seen_history(v)[first:]
        assert sum(a.startswith("give:?") for a in told) == 3
        for k in range(first, len(states)):
            view = Table(game, states[: k + 1], frozenset()).view(None, v)
            assert not leaks(view, seen[v][k], finder), (v, k, leaks(view, seen[v][k], finder)[:3])


def test_the_partners_hand_and_the_passing_are_shown_as_the_rules_say() -> None:
    """Satat with ``kot_choice_partners_view`` (rules §8.1, §9.10), in seeded random
    matches: while the winner of the 7th trick chooses to stop or continue, he and his
    partner each see the other's hand (``partner_hand``, the cards that hand holds) and
    the opponents see neither; no other step shows ``partner_hand``, nor does any step
    without the option. In the next hand's passing every seat reads how many cards are
    passed (1 after a kot, 2 after a bavney) and only whether it has given its own. A
    sample for a seat keeps what it sees."""
    for options, shows in (({"kot_choice_partners_view": True}, True), ({}, False)):
        game = hukm.game("satat", **options)
        choices = gives = 0
        for seed in range(20):
            s, rng = game.new_game(seed=seed), random.Random(seed)
            given: set[int] = set()
            while not s.is_terminal() and choices < 3:
                pack = s.layout[0]
                chooser = s.current_player if s.phase == "kot_choice" else None
                choices += chooser is not None
                for v in range(4):
                    o = s.observation(v)
                    if shows and chooser is not None and v % 2 == chooser % 2:
                        partner = s.observation((v + 2) % 4)["hand"]
                        assert sorted(_core.parse_hand(o["partner_hand"], pack)) == sorted(partner), (seed, v)
                        assert s.determinize(v, seed).observation(v) == o
                    else:
                        assert "partner_hand" not in o, (seed, v, s.phase, chooser)
                    if s.phase == "give":
                        assert o["pass_cards"] in (1, 2) and o["gave"] == (v in given), (seed, v, o, given)
                        gives += 1
                    else:
                        assert "pass_cards" not in o and "gave" not in o
                given = given | {s.current_player} if s.phase == "give" else set()
                s.apply(rng.choice(s.legal_actions()))
            if choices >= 3:
                break
        assert choices >= 3 and gives, (options, choices, gives)


def test_the_leak_test_finds_a_leak() -> None:
    """The check itself: the full history served to a seat is found out."""
    s = hukm.game("28").new_game(seed=0)
    bot = Heuristic(0)
    states = [s.clone()]
    while "indicator" not in " ".join(s.history()):
        s.apply(bot.act(s))
        states.append(s.clone())
    bidder = int(s.observation(0)["bidder"])
    other = (bidder + 1) % 4
    known = set().union(*(cards_in(x.observation(other), s.layout[0]) for x in states))
    view = Table(hukm.game("28"), states, frozenset()).view(None, other)
    finder = Finder(s)
    assert not leaks(view, known, finder)
    card = s.history()[-1].split(":")[1]
    assert card not in known
    bad = dict(view, actions=s.history())
    assert leaks(bad, known, finder) == [f".actions[4]: {card} in 'indicator:{card}'"]
    drawn = dict(view, svg=view["svg"].replace("</svg>", f"<text>{card_text(pack_of_game(s), card)}</text></svg>"))
    assert leaks(drawn, known, finder)


# -- the two cases --------------------------------------------------------------


def _until_the_indicator(game: str, seed: int) -> Table:
    """The page's table of ``game`` dealt by ``seed``, seat 0 a person who passes, the
    bots playing the others, until the trump indicator is laid face down."""
    t = Table.create({"game": game, "seed": seed})
    while not any(a.startswith("indicator:") for a in t.actions()):
        if t.bot_to_move():
            t.bot_move()
        else:
            t.act("pass" if "pass" in t.state().legal_actions() else t.state().legal_actions()[0])
    return t


@pytest.mark.parametrize("game, seed, seat", [("28", 0, 3), ("thunee4", 5, 1)])
def test_a_face_down_indicator_is_not_in_the_moves_list(game: str, seed: int, seat: int) -> None:
    t = _until_the_indicator(game, seed)
    real = next(a for a in t.actions() if a.startswith("indicator:"))
    card = real.split(":")[1]
    step = t.actions().index(real) + 1
    for lang in ("en", "fa"):
        v = t.view(None, 0, lang=lang)
        move = v["played"][step - 1]
        assert move["player"] == seat and move["hidden"] and move["action"] == "indicator:?"
        assert move["label"] == translator(lang).t("puts a card face down")
        assert v["actions"][step - 1] == "indicator:?"
        # The table's id is 12 random URL-safe characters: a card's two letters turn up in
        # it about once in 200 tables, so it is left out of the search for the card.
        content = {k: x for k, x in v.items() if k != "table"}
        assert card not in json.dumps(content) and card_text(pack_of_game(t.state()), card) not in json.dumps(
            content, ensure_ascii=False)
    # The bidder sees his own card; every hand face up shows it too.
    assert t.view(None, seat)["actions"][step - 1] == real
    assert t.view(None, 0, show_all=True)["actions"][step - 1] == real


def test_a_link_with_a_hidden_action_restores_the_table() -> None:
    """The page's link holds the actions as the viewer saw them: a bot's hidden action
    is its bot's again."""
    t = _until_the_indicator("28", 0)
    v = t.view(None, 0)
    again = Table.create({"game": "28", "seed": 0, "actions": v["actions"]})
    assert again.actions() == t.actions()
    with pytest.raises(tables.RequestError, match="person"):
        Table.create({"game": "28", "seed": 0, "actions": v["actions"], "human": [3]})


# -- the video and the terminal ---------------------------------------------------------


@pytest.mark.parametrize("preset", ["28", "thunee4", "trup_kasiet", "hokm2"])
def test_a_video_for_a_seat_shows_only_its_cards(preset: str) -> None:
    from hukm.video.story import segments

    game = hukm.game(preset)
    states, first, seen = next(hands(game, 1, seed=11))
    rec = states[-1].record()
    finder = Finder(states[0])
    for v in range(states[0].num_players):
        for seg in segments(rec, viewer=v):
            found = leaks({"svg": seg.svg, "caption": seg.caption, "note": seg.note}, seen[v][seg.step], finder)
            assert not found, f"{preset} seat {v} step {seg.step}: {found[:3]}"


@pytest.mark.parametrize("preset", ["28", "thunee4", "trup_kasiet", "dab_rang"])
def test_terminal_play_shows_only_the_players_cards(preset: str) -> None:
    from hukm.cli.play import play_terminal, seat_bots

    game = hukm.game(preset)
    for seat in range(game.num_players):
        out = io.StringIO()
        states: list[Any] = []
        answers = iter(["1"] * 400)
        play_terminal(game, seat, 3, seat_bots("heuristic", game.num_players, seat, 3), read=lambda: next(answers),
                      out=out, record=states, do_review=False)
        final = states[-1]
        s = game.new_game(seed=3)
        _, seen = start(s)
        for a in final.history():
            step(s, a, [], seen)
        found = sorted(Finder(final).found(out.getvalue()) - seen[seat][-1])
        assert not found, f"{preset} seat {seat}: {found}"


def test_hukm_show_with_a_viewer_values_only_his_own_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """``hukm show --viewer --analysis``: the values of the cards of the seat to act are
    shown to that seat alone; the others read the value of the position."""
    from hukm.cli import main

    s = hukm.game("hokm4").new_game(seed=7)
    bot = Heuristic(7)
    for _ in range(6):
        s.apply(bot.act(s))
    mover = s.current_player
    for v in range(4):
        assert main(["show", "hokm", "--seed", "7", "--advance", "6", "--viewer", str(v), "--analysis"]) == 0
        out = capsys.readouterr().out
        states, seen = start(hukm.game("hokm4").new_game(seed=7))
        for a in s.history():
            step(states[-1].clone(), a, states, seen)
        assert ("values:" in out) == (v == mover)
        assert not Finder(s).found(out) - seen[v][-1], (v, out)


def test_a_graded_answer_shown_to_another_seat_names_no_card() -> None:
    """seen_solution of a graded answer for a seat not to act: the value, its bounds and
    its estimate, no action's value, bounds or estimate."""
    from hukm.seen import seen_solution

    s = hukm.game("ganjifa").new_game(seed=1)
    sol = hukm.solve(s, timeout=0.2)
    assert sol.estimate is not None and sol.estimate.actions and sol.action_bounds
    other = (s.current_player + 1) % s.num_players
    seen = seen_solution(sol, s, other)
    assert not seen.actions and not seen.action_bounds
    assert seen.estimate is not None and not seen.estimate.actions
    assert (seen.bounds_of(), seen.estimate.value) == (sol.bounds_of(), sol.estimate.value)
    assert seen_solution(sol, s, s.current_player) is sol

"""The pictures' words in the reader's language: suits, cards, actions, values, game
titles and the engine's own values (phases, kinds of result ...).

Every word a picture draws comes through a :class:`hukm.i18n.Translator` (the
``pictures`` catalog, with the game's words of the ``words`` catalog); numbers are
written in the language's digits, card codes stay as the notation writes them and
French cards as their printed rank and suit sign (``K♣``). The engine's values that
reach a picture (a phase ``kot_choice``, a result ``sweep_won``, a Ganjifa lead
``deni`` ...) are marked in the tables below and translated with their context.

>>> import hukm
>>> from hukm.i18n import translator
>>> pack = pack_of_game(hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0))
>>> action_label(pack, "trump:S"), action_label(pack, "trump:S", translator("fa"))
('trump ♠ spades', 'حکم ♠ پیک')
>>> seats(translator("ar"), [0, 2])
'٠ و٢'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from .. import _core
from ..i18n import Translator, translator
from .._families import description_of, presentation, unit_of
from ..packs import FRENCH, Pack, card_text, pack_of_game

if TYPE_CHECKING:
    from ..solve import Solution

__all__ = ["EN", "tr_of", "NP_", "suit_text", "card_text", "action_label", "value_text", "value_note",
           "seats", "word", "game_title", "pack_of_game", "value_num", "signed", "seen_label",
           "grade_text", "solution_text", "decimal", "percent", "estimated_cost"]

EN = translator("en")
"""English: the words as the code writes them."""


def tr_of(lang: Optional[str]) -> Translator:
    """The translator of ``lang`` for the library's pictures: ``None`` is English (the
    ``HUKM_LANG`` variable is the command line's, not the library's). An unknown
    language raises :class:`hukm.OptionError`.

    >>> tr_of(None).lang, tr_of("fa-IR").lang
    ('en', 'fa')
    """
    return EN if lang is None else translator(lang)


def NP_(context: str, message: str) -> str:
    """Marks ``message`` in ``context`` for the catalogs; returns it unchanged."""
    return message


VALUES: tuple[str, ...] = (
    # phases (State.phase)
    NP_("phase", "play"), NP_("phase", "over"), NP_("phase", "auction"), NP_("phase", "bid"),
    NP_("phase", "call"), NP_("phase", "discard"), NP_("phase", "double"), NP_("phase", "draw"),
    NP_("phase", "give"), NP_("phase", "trump"), NP_("phase", "deal"),
    # a hand's result (last_result.kind)
    NP_("result", "made"), NP_("result", "void"), NP_("result", "win"),
)
"""The engine's values a picture shows, with their context (a game's own values are in
its presentation (``hukm/games/<family>/presentation.py``))."""

ACTIONS: tuple[str, ...] = (
    NP_("action", "bid"), NP_("action", "pass"), NP_("action", "call"), NP_("action", "trump"),
    NP_("action", "indicator"), NP_("action", "discard"), NP_("action", "give"),
    NP_("action", "redeal"), NP_("action", "name"), NP_("action", "double"),
    NP_("action", "accept"), NP_("action", "draw"), NP_("action", "last"),
    NP_("action", "half"),
)
"""The first words of actions that are not cards (``bid:16``, ``trump:S``, ``call`` ...);
a game's own are in its presentation (``hukm/games/<family>/presentation.py``)."""


def word(tr: Translator, context: str, value: object) -> str:
    """An engine value in the language (``word(tr, "phase", "play")``), its digits in the
    language's; a value none of the tables knows as it is.

    >>> from hukm.i18n import translator
    >>> word(translator("cs"), "phase", "play"), word(EN, "result", "sweep_won")
    ('hra', 'sweep_won')
    """
    return tr.digits(tr.pt(context, str(value)))


def game_title(tr: Translator, title: str) -> str:
    """A game's title (the registry's) in the language (its presentation
    marks it for the catalogs)."""
    return tr.digits(tr.pt("game", title))


def seats(tr: Translator, members: Sequence[Any]) -> str:
    """Seats joined as the language joins them: ``0 & 2`` (``۰ و ۲``)."""
    out = tr.num(members[0]) if members else ""
    for m in members[1:]:
        out = tr.t("{first} & {second}", first=out, second=tr.num(m))
    return out


def number(tr: Translator, value: object) -> str:
    """A value in the language's digits (an integer, a float, or text as it is)."""
    return tr.digits(str(value))


def signed(tr: Translator, value: float) -> str:
    """``+3`` / ``-1`` / ``+0.5`` in the language's digits (:func:`value_num`)."""
    return value_num(tr, f"{value:+g}")


def value_num(tr: Translator, value: object) -> str:
    """A number that may carry a sign, in the language's digits; in a right-to-left
    language a left-to-right mark (U+200E) before it keeps the sign on the left (``-۱``,
    not ``۱-``).

    >>> from hukm.i18n import translator
    >>> value_num(translator("fa"), -1) == "\u200e-۱", value_num(translator("fa"), 2)
    (True, '۲')
    """
    text = tr.digits(str(value))
    return "\u200e" + text if tr.rtl and text[:1] in "+-" else text


def suit_name(pack: Pack, code: str, tr: Translator = EN) -> str:
    """A suit for text: ``♥ hearts`` (French) or ``Taj (TJ)``, the name in the language."""
    i = pack.suit_index(code)
    if i is None:
        return code
    name = tr.suit(pack.suits[i][1])
    if pack.kind == "french":
        return f"{FRENCH[code][0]} {name}"
    return f"{name} ({code})"


def suit_text(pack: Pack, code: Optional[str], tr: Translator = EN) -> str:
    """A suit for text, or ``none``."""
    return tr.t("none") if code is None else suit_name(pack, code, tr)


def action_label(pack: Pack, action: str, tr: Translator = EN) -> str:
    """An action for a button: ``trump:S`` -> ``trump ♠ spades``, ``bid:16`` -> ``bid 16``,
    ``name:GH`` -> ``name Ghulam (GH)``; cards as :func:`card_text`; words and numbers in
    the language."""
    parts = []
    for i, p in enumerate(action.split(":")):
        if pack.suit_index(p) is not None and not pack.is_card(p):
            parts.append(suit_name(pack, p, tr))
        elif all(pack.is_card(c) for c in p.split("+")):
            parts.append("+".join(card_text(pack, c) for c in p.split("+")))
        elif i == 0:
            parts.append(word(tr, "action", p))
        else:
            parts.append(tr.digits(p))
    return " ".join(parts)


def seen_label(state: _core.State, action: str, tr: Translator = EN) -> str:
    """An action as a seat saw it (``State.seen_history``), in words: its label
    (:func:`action_label`), or for one that hides cards what was seen of it
    (``indicator:?`` -> ``puts a card face down``); a game's own such actions are worded
    by its presentation (``hukm/games/<family>/presentation.py``) (``hidden_label``).

    >>> import hukm
    >>> s = hukm.game("hokm2").new_game(1)
    >>> seen_label(s, "discard:?+?+?"), seen_label(s, "discard:9D+4C+2C")
    ('discards 3 cards face down', 'discard 9♦+4♣+2♣')
    """
    from ..seen import hides, unseen_count

    pack = pack_of_game(state)
    if not hides(action):
        return action_label(pack, action, tr)
    pres = presentation(state.game)
    own = None if pres is None else pres.hidden_label
    said = own(pack, action, tr) if own is not None else None
    if said:
        return said
    verb, n = action.partition(":")[0], unseen_count(action)
    if verb == "indicator":
        return tr.t("puts a card face down")
    if verb == "trump":
        return tr.t("chooses trumps in secret")
    if verb == "discard":
        return tr.nt("discards {n} card face down", "discards {n} cards face down", n)
    if verb == "give":
        return tr.nt("passes {n} card face down", "passes {n} cards face down", n)
    return action_label(pack, action, tr)


def value_text(state: _core.State, value: int, tr: Translator = EN) -> str:
    """A solver value in words, in the unit of the game's objective (:func:`hukm._families.unit_of`), as
    :func:`hukm.solve` documents it for each game."""
    unit = unit_of(state)
    n = abs(value)
    if unit == "card points":
        return tr.nt("{n} points", "{n} points", n, n=value)
    if unit == "balls":
        return tr.nt("{n} balls", "{n} balls", n, n=signed(tr, value))
    if unit == "win":
        return tr.t("wins the hand") if value else tr.t("loses the hand")
    if unit == "tricks collected":
        return tr.nt("{n} tricks collected", "{n} tricks collected", n, n=value)
    if unit == "net result":
        return tr.t("net {n}", n=signed(tr, value))
    if unit == "cards":
        return tr.nt("{n} cards captured", "{n} cards captured", n, n=value)
    if unit == "tens":
        return tr.nt("{n} tens", "{n} tens", n, n=value)
    return tr.nt("{n} tricks", "{n} tricks", n, n=value)


DECIMAL = {"fa": "\u066b", "ar": "\u066b", "cs": ","}
"""The decimal separator of each language that does not write ``.`` (the Arabic decimal
separator in Persian and Arabic, the comma in Czech)."""


def decimal(tr: Translator, value: float) -> str:
    """``value`` with one decimal, in the language's digits and decimal separator.

    >>> from hukm.i18n import translator
    >>> decimal(translator("cs"), 8.43), decimal(EN, -0.25)
    ('8,4', '-0.2')
    """
    text = f"{value:.1f}".replace(".", DECIMAL.get(tr.lang, "."))
    return value_num(tr, text)


def grade_text(tr: Translator, grade: str, lo: int, hi: int, estimate: Optional[float] = None,
               chance: bool = False) -> str:
    """A graded value in words (:attr:`hukm.Solution.grade`): ``exact 9``, ``between 7 and
    10`` (proven bounds) or ``about 8.4 (estimate)``, in the language's digits; with
    ``chance`` (a yes/no value: :attr:`hukm.solve.Estimates.chance`) the estimate as the
    share of play-outs won.

    >>> from hukm.i18n import translator
    >>> grade_text(EN, "bounds", 7, 10), grade_text(translator("cs"), "estimate", 7, 10, 8.43)
    ('between 7 and 10', 'asi 8,4 (odhad)')
    >>> grade_text(translator("fa"), "estimate", 0, 1, 0.374, chance=True)
    'برد در حدود ۳۷٪ بازی‌ها تا پایان (تخمین)'
    """
    if grade == "exact" or lo == hi:
        return tr.t("exact {value}", value=value_num(tr, lo))
    if grade == "estimate" and estimate is not None and chance:
        return tr.t("wins about {share} of play-outs (estimate)", share=percent(tr, estimate))
    if grade == "estimate" and estimate is not None:
        return tr.t("about {value} (estimate)", value=decimal(tr, estimate))
    return tr.t("between {lo} and {hi}", lo=value_num(tr, lo), hi=value_num(tr, hi))


def percent(tr: Translator, share: float) -> str:
    """A share as a whole percentage in the language's digits and sign (the Arabic percent
    sign U+066A in Persian, Urdu and Arabic).

    >>> from hukm.i18n import translator
    >>> percent(EN, 0.374), percent(translator("ar"), 0.5)
    ('37%', '٥٠٪')
    """
    sign = "\u066a" if tr.lang in ("fa", "ur", "ar") else "%"
    return tr.digits(str(round(100 * share))) + sign


def estimated_cost(tr: Translator, cost: float, chance: bool = False) -> str:
    """An estimated loss in words: ``about 1.3 (estimate)``; with ``chance`` (a yes/no
    value, Dugi's) the share of play-outs won that it loses.

    >>> estimated_cost(EN, 1.26), estimated_cost(EN, 0.3, chance=True)
    ('about 1.3 (estimate)', 'about 30% fewer play-outs won (estimate)')
    """
    if chance:
        return tr.t("about {share} fewer play-outs won (estimate)", share=percent(tr, cost))
    return grade_text(tr, "estimate", 0, 1, cost)


def solution_text(tr: Translator, sol: Solution, action: Optional[str] = None) -> str:
    """:meth:`hukm.Solution.text` in ``tr``'s language: the value (or ``action``'s) with
    its grade.

    >>> import hukm
    >>> from hukm.i18n import translator
    >>> s = hukm.Hokm().from_deal("AK... QJ... T9... 87...", trump=None, leader=0)
    >>> solution_text(translator("fa"), hukm.solve(s))
    'دقیقاً ۲'
    """
    lo, hi = sol.bounds_of(action)
    e = sol.estimate_of(action)
    return grade_text(tr, sol.grade_of(action), lo, hi, None if e is None else e.value,
                      sol.estimate is not None and sol.estimate.chance)


FROM_HERE = ("tricks", "tricks collected", "tens", "points")
"""Units of values counted from the current position to the end of the hand (not those
won before, unlike Dashavatara's cards, or a game whose module says ``FROM_HERE =
False``)."""


def value_note(state: _core.State, value: int, tr: Translator = EN) -> str:
    """:func:`value_text`, saying ``more`` once the hand's play has begun: the solver
    counts what is taken from here, not the tricks already won.

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0)
    >>> value_note(s, 2)
    '2 tricks'
    >>> s.apply("AS"); value_note(s, 2)
    '2 more tricks'
    """
    text = value_text(state, value)
    _, _, unit = text.partition(" ")
    pres = presentation(state.game)
    if (pres is not None and not pres.FROM_HERE) or unit not in FROM_HERE:
        return value_text(state, value, tr)
    obs = state.observation(state.current_player if not state.is_terminal() else 0)
    begun = bool(obs.get("trick")) or bool(obs.get("tricks"))
    if not begun:
        return value_text(state, value, tr)
    n = abs(value)
    if unit == "tricks":
        return tr.nt("{n} more tricks", "{n} more tricks", n, n=value)
    if unit == "tricks collected":
        return tr.nt("{n} more tricks collected", "{n} more tricks collected", n, n=value)
    if unit == "tens":
        return tr.nt("{n} more tens", "{n} more tens", n, n=value)
    return tr.nt("{n} more points", "{n} more points", n, n=value)

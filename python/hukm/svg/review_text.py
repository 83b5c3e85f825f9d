"""A review (:func:`hukm.review`) in words: the decisions with a cost and their two
lines, then each player's summary, in the reader's language. The review holds the data
(values, marks, lines, units); this module and :mod:`hukm.svg.chart` show it.

>>> import hukm
>>> s = hukm.Hokm().from_deal("A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0)
>>> for card in ["2S", "JS", "TS", "7S"]:
...     s.apply(card)
>>> print(review_text(hukm.review(s.record())).splitlines()[1])
  step   0  seat 0  2S         3 -> 2   costs 1 (mistake); best: AS KH
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .._errors import StateError
from ..i18n import N_, Translator, translator
from ..registry import info
from .wording import NP_, decimal, estimated_cost, game_title, value_num

if TYPE_CHECKING:
    from ..review import Decision, Review

__all__ = ["review_text", "chance_of", "MARK_WORDS", "UNITS"]

MARK_WORDS = (NP_("mark", "inaccuracy"), NP_("mark", "mistake"), NP_("mark", "blunder"), NP_("mark", "small"))
"""The marks' words, translated in the context ``mark``."""

UNITS = (N_("tricks"), N_("points"), N_("tens"), N_("balls"), N_("cards captured"), N_("tricks collected"),
         N_("hand won (1) or lost (0)"))
"""The values' units (:attr:`hukm.Review.unit`), translated when the review is shown (a
game marks its own in its presentation: Naqsh's net stakes)."""


def _tr(lang: Optional[str]) -> Translator:
    return translator("en" if lang is None else lang)


def review_text(review: Review, lang: Optional[str] = None) -> str:
    """The review as lines of text: the decisions with a cost, then each player, in
    ``lang`` (default: the review's :attr:`hukm.Review.lang`).

    Bad input: an unknown language raises :class:`hukm.OptionError`."""
    tr = _tr(review.lang if lang is None else lang)
    if tr.lang == "en":
        return _english(review)
    unit = tr.t(review.unit)
    out = [tr.t("Double-dummy review (every hand known) of {game}, values in {unit} for seat {seat}'s side "
                "with best play from each card on:", game=_game(tr, review.preset), unit=unit, seat=review.player)]
    for d in review.decisions:
        if d.cost:
            out.append("  " + tr.t("step {step}  seat {seat}  {action}  {best} -> {played}  costs {cost} ({mark});"
                                   " best: {actions}", step=d.step, seat=d.seat, action=d.action,
                                   best=_num(tr, d.best), played=_num(tr, d.played),
                                   cost=_cost(tr, d, chance_of(review)),
                                   mark=tr.pt("mark", d.mark or "small"), actions=" ".join(d.best_actions)))
            for name, line in (("played", d.line_played), ("best", d.line_best)):
                if line:
                    out.append("      " + tr.t("after {action}: {line}", action=d.action if name == "played"
                                               else d.best_actions[0], line=" | ".join(line)))
    if not any(d.cost for d in review.decisions):
        out.append("  " + tr.t("every card was a best card"))
    for s in review.summary.values():
        out.append("  " + tr.t("seat {seat}: {choices} choices, {best} best ({accuracy}%); inaccuracies "
                               "{inaccuracies}, mistakes {mistakes}, blunders {blunders}; cost {cost} {unit}",
                               seat=s.seat, choices=s.decisions, best=s.best, accuracy=round(s.accuracy * 100),
                               inaccuracies=s.inaccuracies, mistakes=s.mistakes, blunders=s.blunders,
                               cost=_num(tr, s.cost), unit=unit))
    if review.skipped:
        out.append("  " + tr.t("not solved in time: steps {steps}", steps=tr.digits(_ranges(review.skipped))))
    if review.unvalued:
        out.append("  " + tr.t("not valued, steps {steps}: the solver does not take these positions",
                               steps=tr.digits(_ranges(review.unvalued))))
    return "\n".join(out)


def _english(review: Review) -> str:
    out = [f"Double-dummy review (every hand known) of {review.preset}, values in {review.unit} "
           f"for seat {review.player}'s side with best play from each card on:"]
    en = _tr(None)
    for d in review.decisions:
        if d.cost:
            out.append(f"  step {d.step:>3}  seat {d.seat}  {d.action:<8} {_num(en, d.best):>3} -> "
                       f"{_num(en, d.played):<3} costs {_cost(en, d, chance_of(review))} ({d.mark or 'small'}); "
                       f"best: {' '.join(d.best_actions)}")
            for name, line in (("played", d.line_played), ("best", d.line_best)):
                if line:
                    out.append(f"      after {d.action if name == 'played' else d.best_actions[0]}: "
                               + " | ".join(line))
    if not any(d.cost for d in review.decisions):
        out.append("  every card was a best card")
    for s in review.summary.values():
        out.append(f"  seat {s.seat}: {s.decisions} choices, {s.best} best ({s.accuracy:.0%}); "
                   f"inaccuracies {s.inaccuracies}, mistakes {s.mistakes}, blunders {s.blunders}; "
                   f"cost {_amount(s.cost, review.unit)}")
    graded = [d for d in review.decisions if d.grade != "exact"]
    if graded:
        n_est = sum(d.grade == "estimate" for d in graded)
        out.append(f"  graded: {len(graded) - n_est} card(s) by proven bounds, {n_est} by estimate "
                   f"(steps {_ranges([d.step for d in graded])}); the others exact")
    if review.skipped:
        out.append(f"  not solved in time: steps {_ranges(review.skipped)}")
    if review.unvalued:
        out.append(f"  not valued, steps {_ranges(review.unvalued)}: {review.reason}")
    return "\n".join(out)


def _ranges(steps: list[int]) -> str:
    """Steps as ranges: ``3, 5-9``."""
    out: list[str] = []
    for k in steps:
        if out and out[-1].split("-")[-1] == str(k - 1):
            out[-1] = out[-1].split("-")[0] + f"-{k}"
        else:
            out.append(str(k))
    return ", ".join(out)


def _amount(n: float, unit: str) -> str:
    """``n`` with its unit, singular for one: ``1 trick``, ``2 tricks``."""
    first, _, rest = unit.partition(" ")
    if n == 1 and first.endswith("s"):
        first = first[:-1]
    return f"{_num(_tr(None), n)} {first}" + (f" {rest}" if rest else "")


def _num(tr: Translator, x: float) -> str:
    """A value: whole when it is, else with one decimal (an estimate), in the language's
    digits and decimal separator."""
    return value_num(tr, int(x)) if float(x).is_integer() else decimal(tr, x)


def chance_of(review: "Review") -> bool:
    """Whether the review's values are yes or no (a hand won or lost: Dugi): its estimates
    are then shares of play-outs won (:attr:`hukm.solve.Estimates.chance`)."""
    from ..review import REVIEW_UNITS

    return review.unit == REVIEW_UNITS["win"]


def _cost(tr: Translator, d: Decision, chance: bool = False) -> str:
    """A decision's cost with its grade: ``2``, ``at least 2 (proven)`` or ``about 1.3
    (estimate)`` (with ``chance``, a yes/no value's: the share of play-outs won it loses)."""
    if d.grade == "bounds":
        return tr.t("at least {value} (proven)", value=_num(tr, d.cost))
    if d.grade == "estimate":
        return estimated_cost(tr, d.cost, chance)
    return _num(tr, d.cost)


def _game(tr: Translator, preset: str) -> str:
    """A preset's game title in the language."""
    try:
        return game_title(tr, info(preset).title)
    except StateError:
        return preset

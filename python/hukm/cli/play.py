"""``hukm play``: playing against the bots in a terminal, with the double-dummy review of
your cards after each hand.

Everything the player reads is in the language of ``--lang`` (``$HUKM_LANG``, else
English): the table, the prompt, the menu of legal actions, what the bots play, the
results and the review. What the player types stays notation: an action as the menu
writes it (``AS``, ``trump:S``, next to its translated label), or its number in the menu
(written in the language's digits; Western digits are read too).

>>> from hukm.cli.args import make_game
>>> make_game("28").num_players
4"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Optional, TextIO

from .. import _core
from .._errors import HukmError, OptionError, SolverLimitError
from ..bots import Bot
from ..bots import _module as game_module
from ..i18n import Translator
from ..solve import solve
from ..packs import pack_of_game
from ..seen import hides
from ..svg.wording import EN, action_label, seen_label, signed, tr_of
from .args import bots_from_spec, game_options, lang_of, make_game
from .term import Screen, card_text, pad, trick_winner_after, width


def seat_bots(spec: str, n: int, seat: int, seed: int) -> dict[int, Bot]:
    """The bots of the seats other than ``seat``: the comma list fills them in seat order
    after ``seat`` (``--seat 0 --bots random,heuristic,pimc``: seat 1 random, seat 2
    heuristic, seat 3 pimc).

    >>> sorted((s, b.name) for s, b in seat_bots("random,heuristic", 4, 2, 0).items())
    [(0, 'heuristic'), (1, 'random'), (3, 'random')]
    """
    others = [(seat + k) % n for k in range(1, n)]
    return dict(zip(others, bots_from_spec(spec, len(others), seed)))


def shown(state: _core.State, action: str, tr: Translator) -> str:
    """An action as a player reads it: its label in the language, English included
    (``trump:S`` -> ``trump ♠ spades``, ``حکم ♠ پیک``; ``AS`` -> ``A♠``); one that hides
    cards from him (``indicator:?``, ``State.seen_history``) in words."""
    if hides(action):
        return seen_label(state, action, tr)
    pack = pack_of_game(state)
    if pack.is_card(action):
        return card_text(state, action, tr)
    return action_label(pack, action, tr)


def seen_by(state: _core.State, action: str, seat: int) -> str:
    """``action``, about to be played in ``state``, as ``seat`` sees it (a card laid face
    down by another: ``indicator:?``)."""
    after = state.clone()
    after.apply(action)
    return after.seen_history(seat)[-1]


def menu(state: _core.State, legal: list[str], tr: Translator = EN) -> str:
    """The legal actions as the player types them, numbered (in the language's digits),
    each with its label.

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("AK... QJ... T9... 87...", trump="S", leader=0)
    >>> menu(s, s.legal_actions())
    'legal: 1:AS (A♠)  2:KS (K♠)'
    >>> from hukm.i18n import translator
    >>> menu(s, s.legal_actions(), translator("cs"))
    'povolené: 1:AS (A♠)  2:KS (K♠)'
    >>> menu(s, s.legal_actions(), translator("fa"))  # a left-to-right mark before each item
    'مجاز: \u200e۱:AS (A♠)  \u200e۲:KS (K♠)'
    """
    items = []
    for i, a in enumerate(legal):
        label = shown(state, a, tr)
        # a left-to-right mark keeps an item's number with its notation in a right-to-left line
        items.append(("\u200e" if tr.rtl else "") + f"{tr.num(i + 1)}:{a}" + ("" if label == a else f" ({label})"))
    return tr.t("legal: {actions}", actions="  ".join(items))


def _ask(state: _core.State, legal: list[str], read: Callable[[], str], out: TextIO,
         tr: Translator = EN) -> Optional[str]:
    while True:
        out.write(tr.t("your move (action, number, '?' for the list, 'q' to quit):") + " ")
        out.flush()
        text = read()
        if text == "":
            return None  # end of input
        text = text.strip()
        if text in ("q", "quit"):
            return None
        if text in ("?", "", "help"):
            out.write(menu(state, legal, tr) + "\n")
            continue
        if text.isdigit() and 1 <= int(text) <= len(legal):  # any script's digits
            return legal[int(text) - 1]
        match = [a for a in legal if a.lower() == text.lower()]
        if match:
            return match[0]
        out.write(tr.t("{text} is not legal here; {legal}", text=repr(text), legal=menu(state, legal, tr)) + "\n")


def review(start: _core.State, actions: list[str], seat: int, out: TextIO,
           timeout: float = 3.0, lang: Optional[str] = None) -> None:
    """For each of ``seat``'s cards played from ``start``: its double-dummy
    value against the best (the cost of the card), as ``hukm.analyse_play``
    reports it, in ``lang`` (``None``: English)."""
    tr = tr_of(lang)
    s = start.clone()
    out.write(tr.t("review of your cards (double-dummy tricks/points for your side):") + "\n")
    for a in actions:
        if s.current_player == seat:
            name = pad(shown(s, a, tr), max(14, width(shown(s, a, tr))))
            try:
                sol = solve(s, seat, timeout=timeout, exact=True)
            except SolverLimitError:
                out.write(f"  {name} " + tr.t("(position too large to analyse exactly in {seconds} s)",
                                              seconds=tr.digits(f"{timeout:g}")) + "\n")
                s.apply(a)
                continue
            except HukmError:
                s.apply(a)
                continue
            if a in sol.actions:
                cost = sol.value - sol.actions[a]
                best = " ".join(shown(s, b, tr) for b in sol.best_actions())
                verdict = tr.t("best") if cost == 0 else tr.t("cost {cost}; best was {best}", cost=cost, best=best)
                out.write(f"  {name} " + tr.t("value {value} of {most}: {verdict}", value=sol.actions[a],
                                              most=sol.value, verdict=verdict) + "\n")
        s.apply(a)


def hand_over(state: _core.State, seat: int, before: Any, tr: Translator = EN) -> str:
    """What ``hukm play`` says when a hand is over, as ``seat`` sees it: the result in
    words (:func:`hukm.svg.finished.result_words`; else what each seat or side gained,
    ``before`` being the returns at the hand's start) and the match's score.

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    >>> for c in ["AS", "KS", "QS", "JS"]:
    ...     s.apply(c)
    >>> print(hand_over(s, 0, [0.0, 0.0]))
    hand over: Seats 0 & 2 take 1 trick to 0 and win the hand: +1
    Match: seats 0 & 2: 1 · seats 1 & 3: 0
    """
    from ..svg.finished import result_words
    from ..svg.reading import Count, members_of
    from ..svg.scene import build

    gained = [a - b for a, b in zip(state.returns(), before)]
    words = result_words(state, state.observation(seat), tr) or Count(
        "", tr.t("points this hand"), [signed(tr, g) for g in gained], members_of(state, len(gained))).line(tr)
    lines = [tr.t("hand over: {result}", result=words)]
    lines += [c.line(tr) for c in build(state, seat, tr=tr).counts if c.match]
    return "\n".join(lines)


def play_terminal(game: Any, seat: int, seed: int, bots: Any, *, hands: int = 1,
                  do_review: bool = True, read: Optional[Callable[[], str]] = None,
                  out: Optional[TextIO] = None, record: Optional[list[Any]] = None,
                  lang: Optional[str] = None) -> int:
    """The ``hukm play`` loop: the human at ``seat``, bots at the others (``bots[p]`` plays
    seat ``p``: a list by seat or a dict of the other seats). The table is drawn for the
    human (:mod:`hukm.cli.term`: suits labelled and coloured, the trick as it builds, who won
    each trick, the score line). ``record``, when given, receives the state of each hand
    played (for ``--record``). Every word is in ``lang`` (``None``: English). The answers
    are read with ``read`` (default: the standard input's lines, the one of the moment)
    and the table written to ``out`` (default: the standard output)."""
    read = read or sys.stdin.readline
    out = out or sys.stdout
    tr = tr_of(lang)
    screen = Screen(out, lang=tr.lang)
    n = game.num_players
    if not 0 <= seat < n:
        raise OptionError(f"seat {seat} out of range 0..{n - 1}")
    state = game.new_game(seed=seed)
    mod = game_module(state)
    for hand in range(hands):
        key = mod.hand_key(state)
        before = state.returns()
        screen.say("\n" + tr.t("=== hand {n} (seed {seed}) ===", n=hand + 1, seed=seed), "bold")
        start: Optional[_core.State] = None
        played: list[str] = []
        while not state.is_terminal() and mod.hand_key(state) == key:
            p = state.current_player
            if start is None and state.phase == "play":
                start = state.clone()
            if p == seat:
                screen.say("")
                screen.table(state, viewer=seat)
                legal = state.legal_actions()
                out.write(menu(state, legal, tr) + "\n")
                action = _ask(state, legal, read, out, tr)
                if action is None:
                    out.write(tr.t("bye") + "\n")
                    if record is not None:
                        record.append(state)
                    return 0
            else:
                action = bots[p].act(state)
                out.write(tr.t("seat {seat} ({bot}): {action}", seat=p, bot=getattr(bots[p], "name", "bot"),
                               action=shown(state, seen_by(state, action, seat), tr)) + "\n")
            won = trick_winner_after(state, action) if state.phase == "play" else None
            state.apply(action)
            if won is not None:
                screen.trick_won(state, won[0], won[1])
            if start is not None:
                played.append(action)
        out.write("\n" + hand_over(state, seat, before, tr) + "\n")
        if do_review and start is not None:
            review(start, played, seat, out, lang=tr.lang)
        if state.is_terminal():
            out.write(tr.t("the match is over") + "\n")
            break
    if record is not None:
        record.append(state)
    return 0


def run(args: argparse.Namespace) -> int:
    """``hukm play``."""
    game = make_game(args.game, game_options(args))
    if not 0 <= args.seat < game.num_players:
        raise OptionError(f"seat {args.seat} out of range 0..{game.num_players - 1}")
    bots = seat_bots(args.bots, game.num_players, args.seat, args.seed)
    for b in bots.values():
        if hasattr(b, "threads"):
            b.threads = args.threads
    states: list[Any] = []
    code = play_terminal(game, args.seat, args.seed, bots, hands=args.hands,
                         do_review=not args.no_review, record=states, lang=lang_of(args))
    if args.record and states:
        if args.record.lower().endswith(".pbn"):
            from .. import pbn

            text = pbn.dumps([states[-1]])  # the whist presets, hand by hand; others refused
        else:
            text = states[-1].record().to_json(indent=2)
        with open(args.record, "w", encoding="utf-8") as f:
            f.write(text)
        print(tr_of(lang_of(args)).t("wrote {path}", path=args.record))
    return code

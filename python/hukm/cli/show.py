"""``hukm show``: a deal or position drawn in the terminal, and as SVG or PNG, in the
language of ``--lang`` (``$HUKM_LANG``, else English). A seeded deal with ``--trump`` or
``--analysis`` is played to its first card (its auction and trump choice settled by
``--trump`` and the heuristic bot, as ``hukm solve`` does), where it has double-dummy
values."""

from __future__ import annotations

import argparse

from .. import _errors
from ..svg.wording import tr_of
from .args import build_game, lang_of, position, position_flags
from .common import seeded_play, write_picture
from .term import Screen, show_analysis


def run(args: argparse.Namespace) -> int:
    """``hukm show``: a deal or position drawn in the terminal, and as SVG or PNG."""
    lang = lang_of(args)
    game = build_game(args)
    kw = position_flags(game, args)
    if args.deal is not None:
        state = position(game, args)
    elif args.trump is not None or (args.analysis and not args.actions and not args.advance):
        # a seeded deal to analyse: its auction and trump settled, up to the first card
        state, said = seeded_play(game, args, tr_of(lang))
        for line in said[1:-1]:
            print(line)
    else:
        if kw:
            raise _errors.StateError(f"--{next(iter(kw))} needs a deal (a seeded deal takes --trump alone)")
        state = game.new_game(args.seed)
    for i, action in enumerate((args.actions or "").split()):
        try:
            state.apply(action)
        except _errors.IllegalActionError as e:
            raise _errors.IllegalActionError(f"--actions, action {i} ({action}): {e}") from None
    if args.advance:
        from ..bots import Heuristic

        bot = Heuristic(seed=args.seed)
        for _ in range(args.advance):
            if state.is_terminal():
                break
            state.apply(bot.act(state))
    n = len(state.hands())
    if args.viewer is not None and not 0 <= args.viewer < n:
        raise _errors.StateError(f"--viewer {args.viewer} out of range 0..{n - 1}")
    screen = Screen(lang=lang)
    screen.table(state, viewer=args.viewer)
    sol = show_analysis(state, screen, args.viewer, args.threads) if args.analysis else None
    if args.svg or args.png:
        from .. import svg as pictures

        picture = pictures.render(state, viewer=args.viewer, analysis=sol or False, lang=lang)
        for path in (args.svg, args.png):
            if path:
                write_picture(picture, path)
                print(tr_of(lang).t("wrote {path}", path=path))
    return 0

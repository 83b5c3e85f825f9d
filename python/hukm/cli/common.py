"""What several commands print or read: the line naming a seeded deal's roles, a seeded
deal played to its first card, the hands as text, a picture written as SVG or PNG, a
hand record read from a file."""

from __future__ import annotations

import argparse
from typing import Any, Sequence

from .. import _errors
from .._game import GameBase
from ..i18n import Translator
from ..packs import pack_of_game
from ..svg.wording import EN, NP_, action_label
from .args import position_flags
from .diagram import deal_diagram, suit_lines


BOTS = {"heuristic": NP_("bot", "heuristic"), "random": NP_("bot", "random"), "pimc": NP_("bot", "pimc")}
"""The bots' names as the terminal says them (their ``--bot`` names, translated)."""


def header(game: GameBase, state: Any, seed: int) -> str:
    obs = state.observation(0)
    parts = [f"{game.preset}, seed {seed}"]
    who = [f"dealer seat {obs['dealer']}"] if obs.get("dealer") is not None else []
    who += game.seeded_roles(obs)
    return parts[0] + (": " + ", ".join(who) if who else "")


def seeded_play(game: GameBase, args: argparse.Namespace, tr: Translator = EN) -> tuple[Any, list[str]]:
    """``hukm solve GAME --seed N`` for a game without a table (and ``hukm show`` of a
    seeded deal with ``--trump`` or ``--analysis``): the seeded deal of ``new_game``, its
    auction and trump choice settled by ``--trump`` (where that choice is legal) and the
    bot ``--bot`` (default heuristic) for the rest, up to the first card; with the lines
    that say so (printed once the position is accepted), the actions in ``tr``'s
    language."""
    from ..bots import by_name

    flags = [f"--{k}" for k in position_flags(game, args) if k != "trump"]
    if flags:
        raise _errors.StateError(
            f"{flags[0]} needs a deal; a seeded deal is played from its start (--trump and --bot settle it)"
        )
    state = game.new_game(args.seed)
    name = getattr(args, "bot", None) or "heuristic"
    bot = by_name(name, seed=args.seed)
    hand = state.observation(0).get("hand_number")
    taken: list[str] = []
    said: list[str] = []
    trump = None if args.trump is None else f"trump:{args.trump}"
    while state.phase not in ("play", "over") and state.observation(0).get("hand_number") == hand:
        legal = state.legal_actions()
        if trump is not None and state.phase == "trump" and state.current_player >= 0:
            if trump not in legal:
                raise _errors.StateError(f"--trump {args.trump} is not a choice here; choices: {', '.join(legal)}")
            action = trump
        else:
            action = bot.act(state)
        taken.append(action)
        said.append(tr.t("seat {seat}: {action}", seat=tr.num(state.current_player),
                         action=action_label(pack_of_game(state), action, tr)))
        state.apply(action)
    if trump is not None and trump not in taken:
        raise _errors.StateError(f"--trump does not apply to a seeded deal of {game.preset} (no trump choice)")
    lines = [header(game, state, args.seed)]
    if said:
        bot_name = tr.pt("bot", name) if name in BOTS else name
        actions = tr.t(", ").join(said)
        lines.append(tr.t("settled by {flag} and the {bot} bot: {actions}", flag="--trump", bot=bot_name, actions=actions)
                     if trump else tr.t("settled by the {bot} bot: {actions}", bot=bot_name, actions=actions))
    return state, lines + [""]


def hands_text(game: GameBase, hands: Sequence[str]) -> str:
    """The hands as a picture: a table for four French hands, suits by name otherwise."""
    if game.pack == "french52" and len(hands) == 4:
        return deal_diagram(hands)
    lines = []
    for seat, hand in enumerate(hands):
        lines.append(f"seat {seat}:")
        lines += ["  " + x for x in suit_lines(hand, game.suits, game.suit_names)]
    return "\n".join(lines)


def write_picture(svg: str, path: str) -> None:
    """Writes an SVG picture, or a PNG one when ``path`` ends in ``.png`` (``hukm[png]``)."""
    try:
        if path.lower().endswith(".png"):
            from ..svg.raster import write_png

            write_png(svg, path, 1280)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg)
    except OSError as e:
        raise _errors.StateError(f"cannot write {path}: {e.strerror}") from None


def read_record(args: argparse.Namespace) -> Any:
    """The hand record of ``args.record``: JSON, or game ``--board`` of a PBN file."""
    from ..record import HandRecord

    try:
        with open(args.record, "rb") as f:
            data = f.read()
    except OSError as e:
        raise _errors.StateError(f"cannot read {args.record}: {e.strerror}") from None
    if args.record.lower().endswith((".pbn", ".lin")):
        from .. import lin, pbn

        games = (pbn if args.record.lower().endswith(".pbn") else lin).loads(data)
        if not 1 <= args.board <= len(games):
            raise _errors.StateError(f"--board {args.board}: {args.record} has {len(games)} games")
        return games[args.board - 1]
    return HandRecord.from_json(data.decode("utf-8", errors="replace"))

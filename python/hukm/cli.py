"""The ``hukm`` command.

``hukm deal hokm --seed 7`` prints a seeded deal as a table diagram.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from . import _errors
from .diagram import deal_diagram
from .dugi import Dugi
from .ganjifa import Ganjifa
from .hokm import Hokm
from .solve import solve

_GAMES = {
    "hokm": "hokm4",
    "hokm4": "hokm4",
    "hokm3": "hokm3",
    "hokm2": "hokm2",
    "court_piece": "court_piece",
    "single_sar": "single_sar",
    "double_sar": "double_sar",
    "dehla_pakad": "dehla_pakad",
    "be_ranga": "be_ranga",
    "dab_rang": "dab_rang",
    "dummy_rang": "dummy_rang",
    "satat": "satat",
    "trup_kasiet": "trup_kasiet",
}


_GANJIFA = ("ganjifa", "dugi")


def _cmd_deal_ganjifa(args: argparse.Namespace) -> int:
    """``hukm deal ganjifa|dugi``: the hands in the pack's suit names."""
    pack = args.pack or "moghul"
    game: "Ganjifa | Dugi"
    if args.game == "dugi":
        game = Dugi(pack=pack)
    else:
        game = Ganjifa(pack=pack, players=args.players or 3)
    state = game.new_game(args.seed)
    obs = state.observation(0)
    hands = state.hands()
    suits = game.suits
    print(f"{args.game} ({pack}, {game.num_players} players), seed {args.seed}: dealer seat {obs['dealer']}")
    print()
    for seat, hand in enumerate(hands):
        print(f"seat {seat}:")
        for (code, name), faces in zip(suits, hand.split(".")):
            print(f"  {name + ' (' + code + ')':<20} {' '.join(faces) if faces else '-'}")
    print()
    lead = obs["lead_suit"]
    opener = next(i for i, h in enumerate(hands) if h.split(".")[[c for c, _ in suits].index(lead)].startswith("K"))
    print(f"The King of {lead} is with seat {opener}, who {'opens' if args.game == 'ganjifa' else 'challenges'}.")
    print(f"deal: {' '.join(hands)}")
    return 0


def _cmd_deal(args: argparse.Namespace) -> int:
    if args.game in _GANJIFA:
        return _cmd_deal_ganjifa(args)
    preset = args.preset or _GAMES[args.game]
    game = Hokm(preset)
    state = game.new_game(args.seed)
    obs = state.observation(0)
    hands = state.hands()
    print(f"{preset}, seed {args.seed}: dealer seat {obs['dealer']}, Hakem seat {obs['hakem']}")
    print()
    print(deal_diagram(hands))
    print()
    if state.phase == "trump":
        hakem = obs["hakem"]
        first5 = state.observation(hakem)["hand"]
        print(f"The Hakem (seat {hakem}) names trumps from his first five: {first5}")
    elif state.phase == "auction":
        print("The auction for sars starts at the dealer's right (the next seat).")
    else:
        print("Nobody calls trumps: the first player out of a suit fixes them.")
    print(f"deal: {' '.join(hands)}")
    return 0


_STRAINS = ["spades", "hearts", "diamonds", "clubs", "no trump"]
_TRUMPS: list[Optional[str]] = ["S", "H", "D", "C", None]


def _table_text(rows: list[list[int]], players: int, what: str) -> str:
    head = f"{'leader:':<12}" + "".join(f"{'seat ' + str(i):>8}" for i in range(players))
    lines = [head]
    for name, row in zip(_STRAINS, rows):
        lines.append(f"{name:<12}" + "".join(f"{v:>8}" for v in row))
    lines.append(f"(each cell: {what})")
    return "\n".join(lines)


def _cmd_solve(args: argparse.Namespace) -> int:
    preset = args.preset or _GAMES[args.game]
    game = Hokm(preset)
    n = game.num_players
    if args.deal is None:
        hands = game.new_game(args.seed).hands() if preset != "hokm2" else None
        if hands is None:
            print("hukm: give a deal for hokm2 (the seeded deal has only the first five cards)", file=sys.stderr)
            return 2
        deal = " ".join(hands)
        print(f"{preset}, seed {args.seed}")
        print()
        print(deal_diagram(hands))
        print()
        print(f"deal: {deal}")
        print()
        if n == 4:
            table = game.dd_table(deal, threads=args.threads)
            rows = [[int(x) for x in r] for r in table]
            print(_table_text(rows, n, "tricks the leader's side takes with best play"))
        else:
            rows = []
            for trump in _TRUMPS:
                row = []
                for leader in range(n):
                    st = game.from_deal(deal, trump=trump, leader=leader)
                    row.append(solve(st, leader).value)
                rows.append(row)
            print(_table_text(rows, n, "tricks the leader takes alone against the others"))
        return 0
    trump = None if args.trump in (None, "N", "NT", "none") else args.trump
    state = game.from_deal(args.deal, trump=trump, leader=args.leader)
    player = args.leader if args.player is None else args.player
    sol = solve(state, player)
    side = f"side of seat {player}" if n == 4 else f"seat {player}"
    print(deal_diagram(state.hands()))
    print()
    print(f"trump {trump or 'none'}, seat {args.leader} to lead")
    print(f"double-dummy value: {sol.value} tricks for the {side} ({sol.nodes} nodes)")
    print("card values:")
    for action, value in sol.actions.items():
        mark = "  best" if action in sol.best_actions() else ""
        print(f"  {action:<4} {value}{mark}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    p = argparse.ArgumentParser(prog="hukm", description="Trick-taking games of Iran and South Asia.")
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("deal", help="print a seeded deal")
    d.add_argument("game", choices=sorted([*_GAMES, *_GANJIFA]), help="the game")
    d.add_argument("--seed", type=int, default=0, help="seed of the deal (default 0)")
    d.add_argument("--pack", default=None, help="ganjifa/dugi: moghul (default), dashavatara, french52")
    d.add_argument("--players", type=int, default=None, help="ganjifa: 3 (default) or 4")
    d.add_argument("--preset", default=None, help="preset (default: the game's main one)")
    d.set_defaults(func=_cmd_deal)
    s = sub.add_parser("solve", help="exact double-dummy analysis of a deal")
    s.add_argument("game", choices=sorted(_GAMES), help="the game")
    s.add_argument("deal", nargs="?", default=None, help="compact hands in seat order; omit to deal one with --seed")
    s.add_argument("--trump", default=None, help="S, H, D, C or N (no trump)")
    s.add_argument("--leader", type=int, default=0, help="seat on lead (default 0)")
    s.add_argument("--player", type=int, default=None, help="whose side to count (default: the leader)")
    s.add_argument("--seed", type=int, default=0, help="seed of the deal when none is given")
    s.add_argument("--preset", default=None, help="preset (default: the game's main one)")
    s.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    s.set_defaults(func=_cmd_solve)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of the ``hukm`` command."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except _errors.HukmError as e:
        print(f"hukm: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

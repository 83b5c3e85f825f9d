"""The ``hukm`` command.

``hukm deal hokm --seed 7`` prints a seeded deal as a table diagram;
``hukm solve`` analyses a deal double-dummy; ``hukm play hokm`` plays against
the bots; ``hukm match 28 --bots pimc,heuristic`` compares bots.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from . import _errors, play
from .dashavatara import Dashavatara
from .diagram import deal_diagram
from .dugi import Dugi
from .ganjifa import Ganjifa
from .hokm import Hokm
from .solve import solve
from .twenty_eight import OUTCOMES, TwentyEight

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
    "dashavatara": "dashavatara",
}
_TWENTY_EIGHT = ("28", "29", "28_wb", "40", "56")
_CHOICES = sorted(_GAMES) + list(_TWENTY_EIGHT)


def _game_28(args: argparse.Namespace) -> TwentyEight:
    """The Twenty-eight preset of the command, with its ``--option key=value`` options."""
    return TwentyEight(args.preset or args.game, **dict(_option(o) for o in (args.option or [])))


def _cmd_deal_28(args: argparse.Namespace) -> int:
    game = _game_28(args)
    state = game.new_game(args.seed)
    dealer = state.observation(0)["dealer"]
    deal = game.deal(args.seed)
    print(f"{game.preset}, seed {args.seed}: dealer seat {dealer}, seat {(dealer + 1) % game.num_players} bids first")
    print(f"deal: {deal}")
    return 0


def _cmd_solve_28(args: argparse.Namespace) -> int:
    game = _game_28(args)
    n = game.num_players
    if args.deal is None:
        dealer = game.new_game(args.seed).observation(0)["dealer"]
        leader = (dealer + 1) % n if args.leader is None else args.leader
        deal = game.deal(args.seed)
        print(f"{game.preset}, seed {args.seed}: dealer seat {dealer}, seat {leader} leads")
        print(f"deal: {deal}")
        print()
        table = game.dd_table(deal, leader=leader, threads=args.threads)
        lo, _ = game.bid_range
        head = f"{'bidder:':<10}" + "".join(f"{'seat ' + str(i):>8}" for i in range(n))
        print(head)
        for suit, row in zip("SHDC", table):
            print(f"{'trump ' + suit:<10}" + "".join(f"{v:>8}" for v in row))
        print(
            f"(each cell: card points the bidder's side takes with best play, trumps open from "
            f"trick 1 - the highest makeable bid; bids start at {lo})"
        )
        return 0
    leader = 1 if args.leader is None else args.leader
    bidder = 0 if args.bidder is None else args.bidder
    if (args.trump is None) == (args.indicator is None):
        print("hukm: give exactly one of --trump and --indicator", file=sys.stderr)
        return 2
    state = game.from_deal(args.deal, bidder=bidder, leader=leader, trump=args.trump, indicator=args.indicator)
    print(str(state))
    print()
    if args.target is not None:
        sol = solve(state, target=args.target)
        print(f"outcome for the bidding side, target {args.target}: {OUTCOMES[sol.value]} ({sol.nodes} nodes)")
        print("action outcomes:")
        for action, value in sol.actions.items():
            print(f"  {action:<5} {OUTCOMES[value]}")
        return 0
    player = bidder if args.player is None else args.player
    sol = solve(state, player)
    print(f"double-dummy value: {sol.value} card points for the side of seat {player} ({sol.nodes} nodes)")
    print("action values:")
    for action, value in sol.actions.items():
        mark = "  best" if action in sol.best_actions() else ""
        print(f"  {action:<5} {value}{mark}")
    return 0

_DASHA_CAP = 16
"""Largest hand the command solves without being asked (exact search grows fast)."""


def _dasha_game(args: argparse.Namespace) -> Dashavatara:
    return Dashavatara(**dict(_option(o) for o in (args.option or [])))


def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep:
        raise _errors.OptionError(f"bad option {text!r}: write key=value, e.g. period=night")
    return key.strip(), value.strip()


def _cmd_deal_dasha(args: argparse.Namespace) -> int:
    game = _dasha_game(args)
    state = game.new_game(args.seed)
    obs = state.observation(0)
    hands = state.hands()
    print(f"dashavatara, seed {args.seed}: dealer seat {obs['dealer']}, trump {obs['trump']} ({obs['period']})")
    print()
    for seat, line in enumerate(str(state).splitlines()[1:4]):
        print(line.replace(">", " ", 1) if seat != state.current_player else line)
    print()
    print(f"Seat {state.current_player} holds the trump Raja and opens with it.")
    print(f"deal: {' '.join(hands)}")
    return 0


def _cmd_solve_dasha(args: argparse.Namespace) -> int:
    game = _dasha_game(args)
    if args.deal is None:
        print(
            "hukm: give a deal for dashavatara (a full deal of 40 cards a hand is far beyond exact search)",
            file=sys.stderr,
        )
        return 2
    state = game.from_deal(args.deal, leader=args.leader)
    size = len(state.observation(0)["hand"].replace(".", "").replace("-", ""))
    if size > _DASHA_CAP and not args.force:
        print(f"hukm: {size} cards a hand is beyond what exact search finishes quickly; add --force to try", file=sys.stderr)
        return 2
    player = state.current_player if args.player is None else args.player
    sol = solve(state, player)
    print(str(state).rstrip())
    print()
    print(f"double-dummy value: seat {player} captures {sol.value} cards against the other two ({sol.nodes} nodes)")
    print("action values:")
    best = sol.best_actions() if state.current_player == player else [
        a for a, v in sol.actions.items() if v == sol.value
    ]
    for action, value in sol.actions.items():
        mark = "  best" if action in best else ""
        print(f"  {action:<20} {value}{mark}")
    return 0


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
    if args.game == "dashavatara":
        return _cmd_deal_dasha(args)
    if args.game in _TWENTY_EIGHT:
        return _cmd_deal_28(args)
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
    if args.game == "dashavatara":
        return _cmd_solve_dasha(args)
    if args.game in _TWENTY_EIGHT:
        return _cmd_solve_28(args)
    if args.leader is None:
        args.leader = 0
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
    d.add_argument("game", choices=_CHOICES + list(_GANJIFA), help="the game")
    d.add_argument("--seed", type=int, default=0, help="seed of the deal (default 0)")
    d.add_argument("--pack", default=None, help="ganjifa/dugi: moghul (default), dashavatara, french52")
    d.add_argument("--players", type=int, default=None, help="ganjifa: 3 (default) or 4")
    d.add_argument("--preset", default=None, help="preset (default: the game's main one)")
    d.add_argument(
        "--option", action="append", help="dashavatara, Twenty-eight: an option key=value (repeatable)"
    )
    d.set_defaults(func=_cmd_deal)
    s = sub.add_parser("solve", help="exact double-dummy analysis of a deal")
    s.add_argument("game", choices=_CHOICES, help="the game")
    s.add_argument("deal", nargs="?", default=None, help="compact hands in seat order; omit to deal one with --seed")
    s.add_argument("--trump", default=None, help="S, H, D, C or N (no trump)")
    s.add_argument(
        "--leader",
        type=int,
        default=None,
        help="seat on lead (default 0; Twenty-eight: 1, or after the dealer; dashavatara: omit to start with the opening)",
    )
    s.add_argument("--bidder", type=int, default=None, help="Twenty-eight: the bidder's seat (default 0)")
    s.add_argument("--indicator", default=None, help="Twenty-eight: the bidder's concealed indicator, e.g. 8H")
    s.add_argument("--target", type=int, default=None, help="Twenty-eight: outcome against this target")
    s.add_argument("--player", type=int, default=None, help="whose side to count (default: the leader)")
    s.add_argument("--seed", type=int, default=0, help="seed of the deal when none is given")
    s.add_argument("--preset", default=None, help="preset (default: the game's main one)")
    s.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
    s.add_argument(
        "--option",
        action="append",
        help="dashavatara, Twenty-eight: an option key=value (repeatable), e.g. kq_negative=on",
    )
    s.add_argument("--force", action="store_true", help="dashavatara: solve hands of any size")
    s.set_defaults(func=_cmd_solve)
    for name, helptext, func in (
        ("play", "play against the bots in the terminal", play.cmd_play),
        ("match", "a match between bots, with statistics", play.cmd_match),
    ):
        m = sub.add_parser(name, help=helptext)
        m.add_argument("game", choices=play.GAMES, help="the game (a Hokm or Twenty-eight preset, or a game)")
        m.add_argument("--seed", type=int, default=0, help="seed of the deals and bots (default 0)")
        m.add_argument("--option", type=_option, action="append", help="a game option key=value (repeatable)")
        m.add_argument("--pack", default=None, help="ganjifa/dugi: moghul (default), dashavatara, french52")
        m.add_argument("--players", type=int, default=None, help="ganjifa: 3 (default) or 4")
        m.add_argument("--threads", type=int, default=None, help="threads (default: every core)")
        if name == "play":
            m.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
            m.add_argument("--bots", default="pimc", help="the other seats' bots, comma list (default pimc)")
            m.add_argument("--hands", type=int, default=1000, help="at most this many hands (default: the match)")
            m.add_argument("--no-review", action="store_true", help="no double-dummy review after each hand")
        else:
            m.add_argument("--bots", default="pimc,heuristic", help="bots by seat, comma list repeated to fill the seats (random, heuristic, pimc, pimc:<samples>)")
            m.add_argument("--hands", type=int, default=100, help="hands to play (default 100)")
            m.add_argument("--fixed-seats", action="store_true", help="do not rotate the bots over the seats on each deal")
            m.add_argument("--quiet", action="store_true", help="no progress bar")
        m.set_defaults(func=func)
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

"""The arguments of the ``hukm`` command that several commands share: argument types,
the game a command names (a preset of the registry, or a family name standing for its
main preset) with its options, the bots of ``--bots``, and a ``from_deal`` position from
the flags given."""

from __future__ import annotations

import argparse
import os
from typing import Any, NoReturn, Optional

from .. import _errors
from .. import _position as _pos
from .._game import GameBase, foreign_preset
from ..bots import Bot, by_name
from ..i18n import LANG_ENV, LANGUAGES, resolve
from ..match import derive_seed
from ..registry import game as make_registry_game
from ..registry import family_presets, games, info

ALIASES = family_presets()
"""Short names of the command line: a family name stands for its main preset
(:func:`hukm.registry.family_presets`)."""


def names() -> list[str]:
    """Every game name the command takes: the registry's presets and the aliases."""
    return [g.name for g in games()] + sorted(ALIASES)


def one_line(message: str) -> str:
    """``message`` as one printable line: control characters (a newline or a carriage
    return inside an argument) are written as escapes.

    >>> print(one_line("unrecognized arguments: a" + chr(13) + "b"))
    unrecognized arguments: a\\rb
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"hukm: {one_line(message)}\n")


def whole(lo: int, hi: Optional[int] = None) -> Any:
    """An argument type: a whole number from ``lo`` (to ``hi``), as the API checks it.

    >>> whole(1, 1024)("8"), whole(1, 1024).__name__
    (8, 'whole number 1..1024')
    """
    def check(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if v < lo:
            raise argparse.ArgumentTypeError(f"{v} is below {lo}")
        if hi is not None and v > hi:
            raise argparse.ArgumentTypeError(f"{v} is above {hi}")
        return v

    check.__name__ = f"whole number >= {lo}" if hi is None else f"whole number {lo}..{hi}"
    return check


def seconds(text: str) -> float:
    """An argument type: seconds, 0 or more, as the API takes a ``timeout`` (0: stop at
    once with what is known).

    >>> seconds("0"), seconds("2.5")
    (0.0, 2.5)
    """
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not v >= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a number of seconds (0 or more)")
    return v


def language(text: str) -> str:
    """``--lang``: a language code of :data:`hukm.i18n.LANGUAGES` (a region suffix is
    dropped: ``fa-IR`` is ``fa``)."""
    try:
        return resolve(text)
    except _errors.OptionError:
        raise argparse.ArgumentTypeError(
            f"unknown language {text!r}; languages: {', '.join(LANGUAGES)}") from None


language.__name__ = "language"


def add_lang(p: argparse.ArgumentParser, what: str = "the terminal view") -> None:
    """``--lang CODE``: the language of ``what`` (default ``$HUKM_LANG``, else English)."""
    langs = ", ".join(f"{c} ({lg.english})" for c, lg in LANGUAGES.items())
    p.add_argument("--lang", type=language, default=None, metavar="CODE",
                   help=f"the language of {what}: {langs} (default: ${LANG_ENV}, else en)")


def lang_of(args: argparse.Namespace) -> str:
    """The language of a command: ``--lang``, else ``$HUKM_LANG``, else English (an
    unknown ``$HUKM_LANG`` is refused as a bad argument)."""
    given = getattr(args, "lang", None)
    if given is None and os.environ.get(LANG_ENV):
        try:
            return resolve(None)
        except _errors.OptionError:
            raise _errors.OptionError(
                f"${LANG_ENV}: unknown language {os.environ[LANG_ENV]!r}; languages: {', '.join(LANGUAGES)}"
            ) from None
    return resolve(given or "en")


def option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"bad option {text!r}: write key=value, e.g. period=night")
    return key.strip(), value.strip()


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """The game options of a command: ``--option`` pairs plus the ``--pack`` and ``--players``
    shorthands; the same option given twice with different values is refused."""
    out: dict[str, str] = {}
    given = list(args.option or [])
    for key in ("pack", "players"):
        if getattr(args, key, None) is not None:
            given.append((key, str(getattr(args, key))))
    for key, value in given:
        if key in out and out[key] != value:
            raise _errors.OptionError(f"conflicting values for option {key}: {out[key]} and {value}")
        out[key] = value
    return out


def _same_family(alias: str, preset: str) -> None:
    """Refuses ``--preset`` of another family than the one the family name ``alias``
    stands for (``hukm solve hokm --preset 28``)."""
    family = info(ALIASES[alias]).family
    presets = tuple(g.name for g in games() if g.family == family)
    if preset not in presets:
        raise _errors.OptionError(f"--preset: {foreign_preset(preset, alias, presets)}")


def build_game(args: argparse.Namespace) -> GameBase:
    """The game a command names, with its options (``--preset`` may refine a family name)."""
    name = args.game
    preset = getattr(args, "preset", None)
    if preset is not None:
        if name in ALIASES:
            _same_family(name, preset)
            name = preset
        elif preset != name:
            raise _errors.OptionError(f"conflicting games: {args.game} and --preset {preset}")
    return make_registry_game(ALIASES.get(name, name), **game_options(args))


def add_game(p: argparse.ArgumentParser, *, preset: bool = True) -> None:
    first = min(ALIASES)
    p.add_argument("game", choices=names(), metavar="GAME",
                   help=f"a game or preset of `hukm.games()` ({first} is {ALIASES[first]})")
    p.add_argument("--option", type=option, action="append", help="a game option key=value (repeatable)")
    p.add_argument("--pack", default=None, help="shorthand for --option pack=NAME (games with several packs)")
    p.add_argument("--players", type=whole(2), default=None, help="shorthand for --option players=N")
    if preset:
        p.add_argument("--preset", default=None, help=f"a preset of the family (with {' or '.join(sorted(ALIASES))})")


def make_game(name: str, options: Optional[dict[str, str]] = None, *, pack: Optional[str] = None,
              players: Optional[int] = None) -> Any:
    """The game object for a command-line game name (a preset of :func:`hukm.games`, or
    ``hokm`` for ``hokm4``), with its options; ``pack`` and ``players`` are shorthands for
    those options."""
    opts: dict[str, Any] = dict(options or {})
    if pack is not None:
        opts["pack"] = pack
    if players is not None:
        opts["players"] = players
    return make_registry_game(name, **opts)


def bots_from_spec(spec: str, n: int, seed: int) -> list[Bot]:
    """``n`` bots from a comma list, repeated cyclically to fill the ``n`` places in order."""
    names = [s for s in spec.split(",") if s.strip()]
    if not names:
        raise _errors.OptionError("give at least one bot, e.g. --bots pimc,heuristic")
    if len(names) > n:
        raise _errors.OptionError(f"{len(names)} bots for {n} places")
    return [by_name(names[i % len(names)], derive_seed(seed, 99, i)) for i in range(n)]


POSITION_FLAGS = tuple(_pos.keyword_union())
"""Command-line flags that are ``from_deal`` keywords of some game."""


def position_flags(game: GameBase, args: argparse.Namespace) -> dict[str, Any]:
    """The flags given that are ``from_deal`` keywords of the game (a flag the game does
    not take is refused)."""
    accepted = _pos.keywords_of(game)
    kw: dict[str, Any] = {}
    for flag in POSITION_FLAGS:
        value = getattr(args, flag, None)
        if value is None:
            continue
        if flag not in accepted:
            raise _errors.StateError(f"--{flag} does not apply to {game.preset}")
        kw[flag] = value
    return kw


def position(game: GameBase, args: argparse.Namespace) -> Any:
    """The state of ``hukm solve``: ``from_deal`` of the given deal with the flags that are
    that game's keywords."""
    return _pos.position(game, args.deal, position_flags(game, args), "--")

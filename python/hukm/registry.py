"""Every game and preset by name: :func:`games` lists them, :func:`game` builds one.

The list comes from the engine's registry; the command line, the bots and
the tests read it from here.

>>> import hukm
>>> [g.name for g in hukm.games()][:3]
['hokm4', 'hokm3', 'hokm2']
>>> hukm.game("28").num_players
4
>>> hukm.game("dehla_pakad", trump_mode="first_void_5").options["first_collect_min"]
'2'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Optional, Union

from . import _core
from ._core import Description as Description
from ._core import Keyword as Keyword
from ._core import Objective as Objective
from ._core import TableShape as TableShape
from ._errors import OptionError
from ._families import CLASSES
from ._options import OptionValue

if TYPE_CHECKING:
    from ._game import GameBase

OptionDefault = Union[str, int, bool, None]


@dataclass(frozen=True)
class OptionSpec:
    """What one option accepts and its default in a preset."""

    name: str
    kind: str
    """``words`` (one of ``values``), ``switch`` (on/off), ``number`` (whole numbers from
    ``values[0]`` to ``values[1]``) or ``text`` (``values[0]`` describes it)."""
    values: tuple[Any, ...]
    default: OptionDefault
    """The default in this preset (``None`` when it depends on other options)."""


@dataclass(frozen=True)
class GameInfo:
    """One game or preset of the registry, described by the engine.

    ``options`` maps each option's name to ``(allowed values, default)``: the
    allowed values are a tuple of words, ``(True, False)`` for a switch, a
    ``range`` for numbers, or a one-string tuple describing free text.
    ``aliases`` are the short names that stand for it (``hokm`` for ``hokm4``);
    ``description`` is what the preset is with its default options
    (:class:`Description`; a configured game's own is ``game.description``).

    >>> import hukm
    >>> g = hukm.registry.info("28")
    >>> g.aliases, g.description.counted, g.description.table.columns
    (('twenty_eight',), 'bidder', 'bidder')
    """

    name: str
    cls: type
    players: int
    family: str
    pack: str
    title: str
    options: dict[str, tuple[Any, OptionDefault]] = field(repr=False)
    specs: tuple[OptionSpec, ...] = field(repr=False)
    aliases: tuple[str, ...] = field(default=(), repr=False)
    description: Optional[Description] = field(default=None, repr=False)

    def make(self, **options: OptionValue) -> GameBase:
        """The game with ``options``.

        >>> import hukm
        >>> hukm.games()[0].make().preset
        'hokm4'
        """
        return game(self.name, **options)


def _classes() -> dict[str, type]:
    """The game class of each engine family: every class registers itself when
    ``hukm`` imports it (``GameBase.__init_subclass__``)."""
    return dict(CLASSES)


def _spec(row: tuple[str, str, list[str], Optional[str]]) -> OptionSpec:
    name, kind, values, default = row
    d: OptionDefault = default
    vals: tuple[Any, ...]
    if kind == "switch":
        vals = (True, False)
        d = None if default is None else default == "on"
    elif kind == "number":
        vals = (int(values[0]), int(values[1]))
        d = None if default is None else int(default)
    else:
        vals = tuple(values)
    return OptionSpec(name, kind, vals, d)


@lru_cache(maxsize=None)
def _all() -> tuple[GameInfo, ...]:
    classes = _classes()
    out = []
    for name, family, players, pack, title in _core.games():
        specs = tuple(_spec(r) for r in _core.option_info(name))
        opts: dict[str, tuple[Any, OptionDefault]] = {}
        for s in specs:
            allowed: Any = range(s.values[0], s.values[1] + 1) if s.kind == "number" else s.values
            opts[s.name] = (allowed, s.default)
        aliases = tuple(a for a, p in _core.aliases() if p == name)
        desc = _core.Game(name).description
        out.append(GameInfo(name, classes[family], players, family, pack, title, opts, specs, aliases, desc))
    return tuple(out)


def family_presets() -> dict[str, str]:
    """Each family name that is not itself a preset, and the preset it stands for: the
    engine's aliases (:func:`aliases`) that name a family.

    >>> family_presets()
    {'hokm': 'hokm4', 'twenty_eight': '28', 'thunee': 'thunee4'}
    """
    families = {row[1] for row in _core.games()}
    return {a: p for a, p in _core.aliases() if a in families}


def aliases() -> dict[str, str]:
    """The short names that stand for a preset (``{"hokm": "hokm4", ...}``).

    >>> aliases()["twenty_eight"]
    '28'
    """
    return dict(_core.aliases())


def games() -> list[GameInfo]:
    """Every game and preset of the rules files, in their order."""
    return list(_all())


def info(name: str) -> GameInfo:
    """The registry entry of a preset; an alias of the engine's stands for its preset
    (:func:`aliases`: ``hokm`` is ``hokm4``, ``twenty_nine`` is ``29``).

    >>> info("hokm").name
    'hokm4'
    """
    name = aliases().get(name, name)
    for g in _all():
        if g.name == name:
            return g
    raise OptionError(f"unknown game {name!r}; games: {', '.join(g.name for g in _all())}")


def game(name: str, **options: OptionValue) -> GameBase:
    """The game of preset ``name`` with ``options``, as its own class.

    >>> type(game("dashavatara")).__name__
    'Dashavatara'
    """
    from ._options import option_pairs

    entry = info(str(name))
    native = _core.Game(entry.name, option_pairs(options))
    return entry.cls._wrap(native)  # type: ignore[attr-defined, no-any-return]

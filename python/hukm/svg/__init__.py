"""Pictures of tables, deals and lines of play as SVG text (standard library only).

Like python-chess's ``chess.svg``, each function returns a string of SVG built from
small documented pieces (the modules of this package, listed below); a notebook shows a state through
``State._repr_svg_``, which calls :func:`render`.

* :func:`render` — a table as the players see it: every hand (or one viewer's hand and
  the others face down), who deals, leads and acts, the trick, trumps, scores, and on
  request the double-dummy value of each legal action.
* :func:`deal` — a bare deal string around the table.
* :func:`line` — a double-dummy best line (:func:`hukm.best_line`) as trick pictures.
* :func:`after` and :func:`frames` — the table after an action, and one picture per
  action of a hand record (the frames of a video), each finished trick held on the
  table with its winner marked, the last trick of a hand of a match too.

Every function takes ``lang`` (``"fa"``, ``"ur"``, ``"hi"``, ``"bn"``, ``"cs"``, ``"ar"``;
default ``None``: English): every word drawn is in that language (:mod:`hukm.i18n`), every
number in its digits (card faces keep their printed ranks) and the text in fonts that
cover its script; a right-to-left language (Persian, Urdu, Arabic) gets
``direction="rtl"`` and the mirror image of the table, seat 1 on the left
(:mod:`hukm.svg.paint` says why). An unknown language raises :class:`hukm.OptionError`.
PNG files: :func:`hukm.svg.raster.to_png` (resvg, text shaped in every script).

A finished trick stays on the table until the next card is played: its cards carry
``data-finished="1"``, the winner's ``data-winner="1"`` too, framed in white, inside a
``<g class="trick-area" data-finished="1" data-winner="seat">``.

Every card is a ``<g class="card">`` with ``data-card`` (the card as the notation writes
it; face-down cards have none), ``data-seat`` (its holder, or the seat that played it)
and ``data-role`` (``hand``, ``trick``, ``indicator``, ``trump_card``, ``drawn``,
``stock``, ``line``); analysed cards add ``data-value`` and, for the best ones,
``data-best="1"``. Actions that are not cards are ``<g class="action">`` with
``data-action`` and ``data-value``.

The picture is 16:9 (a 1280 x 720 ``viewBox``; ``size`` is the width in pixels). Seat 0
sits at the bottom and play goes anticlockwise, so seat 1 is on the right. Suit colours
and emblems are display conventions, in the tables of :mod:`hukm.packs`; every fact
about the cards comes from the engine (``State.layout``).

The pieces, one module each:

* :mod:`hukm.svg.xml` — SVG text: escaping, numbers, elements, the document.
* :mod:`hukm.packs` (below the pictures: the text surfaces and the analyses read it too) —
  a pack as the engine lays it out (``State.layout``) plus the display table of each
  suit's colour and emblem; compact hands to card strings.
* :mod:`hukm.svg.faces` — card faces (French rectangles, round Ganjifa cards), backs, emblems.
* :mod:`hukm.svg.scene` — what a table shows, read from a state and its observations.
* :mod:`hukm.svg.reading` — the parts of a scene and what the readers of a table share.
* each game's own part is its presentation, ``hukm/games/<family>/presentation.py``
  (:mod:`hukm.games`): its reader, words, captions and page labels.
* :mod:`hukm.svg.finished` — a finished trick held on the table with its winner.
* :mod:`hukm.svg.geometry` — where seats, hands, the trick and the panels go.
* :mod:`hukm.svg.paint` — a scene drawn as SVG text.
* :mod:`hukm.svg.compact` — a scene drawn for a phone (``render(layout="phone")``): the
  other seats as badges, the own hand large along the bottom, every word 13 units and more.
* :mod:`hukm.svg.lines` — a best line as trick pictures (its tricks read by :mod:`hukm.tricks`).
* :mod:`hukm.svg.chart` — the chart of a review (:func:`hukm.review` holds the data).
* :mod:`hukm.svg.review_text` — a review in words.
* :mod:`hukm.svg.wording` — the words drawn, in the reader's language and digits.
* :mod:`hukm.svg.raster` — PNG pictures through resvg (the ``png`` extra).

>>> import hukm, hukm.svg
>>> s = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0)
>>> picture = hukm.svg.render(s)
>>> picture.startswith("<svg") and 'data-card="AS"' in picture
True
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

from .. import _core
from .._check import optional_whole
from .._errors import NotationError, StateError
from .._game import GameBase
from ..i18n import Translator
from ..record import HandRecord, replay
from ..registry import game as _registry_game
from ..registry import games as _registry_games
from ..registry import info as _registry_info
from ..solve import LineStep, Solution
from . import lines as _lines
from .bridge import relabel, roles_of
from .compact import paint_compact
from .finished import finished_scene
from ..packs import pack_of_game
from .chart import review_chart
from .paint import paint as _paint
from .review_text import review_text
from .scene import Scene, SeatScene, build
from .wording import game_title, tr_of

__all__ = ["render", "after", "frames", "deal", "line", "review_text", "review_chart", "DEFAULT_SIZE",
           "ANALYSIS_TIMEOUT"]

DEFAULT_SIZE = 1280
"""The default width of a picture in pixels (its height is 9/16 of it for a table)."""

LAYOUTS = ("wide", "phone")
"""The layouts :func:`render` draws: the 16:9 table, the table for a phone."""

ANALYSIS_TIMEOUT = 10.0
"""Seconds :func:`render` gives the solver for ``analysis=True`` (a notebook never hangs
on a position too big to solve)."""


def _size(size: object) -> float:
    """A picture width, checked: a number of pixels > 0."""
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not 0 < size < 1e6:
        raise StateError(f"size must be a width in pixels (a number > 0), got {size!r}")
    return float(size)


def _state(state: object, what: str) -> _core.State:
    if not isinstance(state, _core.State):
        raise StateError(f"{what} needs a hukm.State, got {type(state).__name__}")
    return state


def render(
    state: _core.State,
    *,
    viewer: Optional[int] = None,
    analysis: Union[bool, Solution] = False,
    size: float = DEFAULT_SIZE,
    four_colour: bool = False,
    timeout: Optional[float] = ANALYSIS_TIMEOUT,
    bottom: Optional[int] = None,
    lang: Optional[str] = None,
    layout: str = "wide",
) -> str:
    """The table of ``state`` as SVG text.

    ``viewer=None`` draws every hand face up (a god's-eye picture); ``viewer=k`` draws
    what player ``k``'s observation shows: his own hand, exposed hands (the Dummy Rang
    dummy, cards known in Ganjifa, Naqsh's public cards) and the rest face down.
    ``analysis=True`` solves the state (:func:`hukm.solve`, for the player to move) and
    writes each legal card's value on it (``data-value``), the best ones in green;
    other actions (bids, ``call``, ``trump:S``, compound leads ...) are listed as
    buttons with their values. A :class:`hukm.Solution` of this state may be passed
    instead. A state that cannot be solved now (bidding, too many cards) gets a note
    saying why, as does one the solver cannot finish within ``timeout`` seconds (``None``:
    no limit). ``four_colour=True`` draws French diamonds
    blue and clubs green. ``bottom`` is the seat drawn at the bottom (default: the
    viewer's, seat 0 for a god's-eye picture); the others follow anticlockwise. ``lang``
    is the language of the words (default English; see the module's notes).
    ``layout="phone"`` lays the table out for a narrow screen (:mod:`hukm.svg.compact`:
    400 units wide, as tall as it needs, ``size`` its width in pixels); the default,
    ``"wide"``, is the 16:9 table.

    Bad input raises :class:`hukm.StateError` naming it (an unknown ``lang``:
    :class:`hukm.OptionError`).

    >>> import hukm, hukm.svg
    >>> s = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0)
    >>> svg = hukm.svg.render(s, viewer=0, analysis=True)
    >>> 'data-card="AS" data-seat="0" data-role="hand" data-value="2"' in svg
    True
    >>> svg.count('class="card back"')
    6
    >>> 'direction="rtl"' in hukm.svg.render(s, lang="fa")
    True
    """
    st = _state(state, "render")
    tr = tr_of(lang)
    v = optional_whole(viewer, "viewer", 0, st.num_players - 1)
    if not isinstance(analysis, (bool, Solution)):
        raise StateError(f"analysis must be True, False or a hukm.Solution, got {analysis!r}")
    width = _size(size)
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or not timeout > 0):
        raise StateError(f"timeout must be a number of seconds > 0 or None, got {timeout!r}")
    b = optional_whole(bottom, "bottom", 0, st.num_players - 1)
    if layout not in LAYOUTS:
        raise StateError(f"layout must be one of {', '.join(map(repr, LAYOUTS))}, got {layout!r}")
    scene = build(st, v, analysis, bool(four_colour), timeout, tr)
    if b is not None:
        scene.bottom = b
    if layout == "phone":
        return paint_compact(scene, size=width if size != DEFAULT_SIZE else None)
    return _paint(scene, width)


def after(
    state: _core.State,
    action: str,
    *,
    viewer: Optional[int] = None,
    size: float = DEFAULT_SIZE,
    four_colour: bool = False,
    lang: Optional[str] = None,
) -> str:
    """The table just after ``action`` is played in ``state`` (``state`` is unchanged):
    :func:`render` of the next state, except when the action finishes a trick that the
    next state no longer shows — the last trick of a hand of a match, whose next state is
    the next deal: the picture then holds that trick, its winner marked, with the hand's
    result, in ``lang``. An illegal action raises :class:`hukm.IllegalActionError`.

    >>> import hukm, hukm.svg
    >>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    >>> for c in ["AS", "KS", "QS"]:
    ...     s.apply(c)
    >>> svg = hukm.svg.after(s, "JS")
    >>> svg.count('data-finished="1"'), svg.count('data-winner="1"')
    (5, 1)
    """
    st = _state(state, "after")
    tr = tr_of(lang)
    v = optional_whole(viewer, "viewer", 0, st.num_players - 1)
    if not isinstance(action, str):
        raise StateError(f"action must be a string, got {action!r}")
    nxt = st.clone()
    nxt.apply(action)
    return _after(st, action, nxt, v, _size(size), bool(four_colour), tr)


def _after(before: _core.State, action: str, nxt: _core.State, viewer: Optional[int], width: float,
           four_colour: bool, tr: Translator, roles: Any = None) -> str:
    scene = build(nxt, viewer, False, four_colour, tr=tr)
    if not scene.finished:
        held = finished_scene(before, action, viewer, four_colour, nxt, tr)
        if held is not None:
            scene = held
    return _paint(relabel(scene, roles), width)


def frames(
    record: HandRecord,
    *,
    viewer: Optional[int] = None,
    size: float = DEFAULT_SIZE,
    four_colour: bool = False,
    step: Optional[int] = None,
    lang: Optional[str] = None,
) -> list[str]:
    """One picture per action of ``record`` and one of the start: picture ``k`` is the
    table after ``k`` actions (:func:`after`), so the picture of the action that finishes
    a trick shows all its cards and its winner, the last trick of each hand of a match
    included. ``step`` stops after that many actions (default: all); ``lang`` is the
    language of the words. A board of bridge read from a file names bridge's roles
    (:mod:`hukm.svg.bridge`).

    >>> import hukm, hukm.svg
    >>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    >>> for c in ["AS", "KS", "QS", "JS"]:
    ...     s.apply(c)
    >>> pics = hukm.svg.frames(s.record())
    >>> len(pics), pics[4].count('data-role="trick"'), pics[4].count('data-winner="1"')
    (5, 4, 1)
    """
    if not isinstance(record, HandRecord):
        raise StateError(f"frames needs a hukm.HandRecord, got {type(record).__name__}")
    tr = tr_of(lang)
    total = len(record.actions)
    stop = total if step is None else optional_whole(step, "step", 0, total)
    assert stop is not None
    state = replay(record, 0)
    v = optional_whole(viewer, "viewer", 0, state.num_players - 1)
    width = _size(size)
    roles = roles_of(record)
    out = [_paint(relabel(build(state, v, False, bool(four_colour), tr=tr), roles), width)]
    for k in range(stop):
        action = record.actions[k]["action"]
        nxt = state.clone()
        nxt.apply(action)
        out.append(_after(state, action, nxt, v, width, bool(four_colour), tr, roles))
        state = nxt
    return out


def _game_of(game: Union[str, GameBase, None]) -> GameBase:
    if game is None:
        return _registry_game(_registry_games()[0].name)
    if isinstance(game, GameBase):
        return game
    if isinstance(game, str):
        return _registry_game(game)
    raise StateError(f"game must be a game (hukm.game(name) ...) or a registry name, got {game!r}")


def deal(deal: str, *, game: Union[str, GameBase, None] = None, size: float = DEFAULT_SIZE,
         four_colour: bool = False, lang: Optional[str] = None) -> str:
    """A deal around the table: ``deal`` lists compact hands in seat order (whitespace
    between hands); ``game`` is a game object or a registry name (``"hokm4"``,
    ``"ganjifa"`` ...) whose pack the hands are written in (default: the registry's
    first game, ``hokm4``). Hands may be shorter than a
    full deal. ``lang`` is the language of the words. A bad deal raises
    :class:`hukm.NotationError` naming the hand and the problem.

    >>> import hukm.svg
    >>> svg = hukm.svg.deal("KV9....... .8T...... ..1.....", game="ganjifa")
    >>> svg.count("data-card=")
    6
    """
    g = _game_of(game)
    tr = tr_of(lang)
    if not isinstance(deal, str):
        raise NotationError(f"deal must be a string of compact hands, got {deal!r}")
    pack = pack_of_game(g._game)
    hands = deal.split()
    seats = int(getattr(g, "num_seats", g.num_players))  # Dummy Rang: 4 seats, 3 players
    if len(hands) not in (g.num_players, seats):
        raise NotationError(f"deal has {len(hands)} hand(s); {g.preset} deals {seats}")
    cards = [pack.cards_of_hand(h, f"hand {i} (seat {i})") for i, h in enumerate(hands)]
    seen: dict[str, int] = {}
    for i, hand in enumerate(cards):
        for c in hand:
            seen[c] = seen.get(c, 0) + 1
            if seen[c] > pack.copies[c]:
                raise NotationError(f"hand {i} (seat {i}): {c} is dealt more often than the pack holds it")
    title = tr.t("{game} — deal", game=game_title(tr, _registry_info(g.preset).title))
    places = [SeatScene(s, tr.t("Seat {seat}", seat=s), list(h), notes=[tr.nt("{n} cards", "{n} cards", len(h))])
             for s, h in enumerate(cards)]
    scene = Scene(title, pack, places, four_colour=bool(four_colour), tr=tr)
    total = sum(map(len, cards))
    scene.info.append(tr.nt("{n} cards in {hands} hands", "{n} cards in {hands} hands", total, hands=len(cards)))
    return _paint(scene, _size(size))


def line(state: _core.State, *, player: Optional[int] = None, size: float = DEFAULT_SIZE,
         four_colour: bool = False, timeout: Optional[float] = None,
         steps: Optional[Sequence[LineStep]] = None, lang: Optional[str] = None,
         viewer: Optional[int] = None) -> str:
    """The double-dummy best line from ``state`` (:func:`hukm.best_line` for ``player``'s
    side, default the player to move) as a sequence of trick pictures: each trick's
    cards in play order with who played them, the winner marked, and the value the
    line keeps at its start. Actions that are not cards (``call``, ``name:GH`` ...)
    appear as labels in their trick. The picture is ``size`` wide and as tall as the
    tricks need. ``timeout`` limits the whole line (seconds; see
    :func:`hukm.best_line`); reaching it raises :class:`hukm.SolverLimitError`.
    ``steps`` draws a line already computed by :func:`hukm.best_line` for this state
    and ``player`` instead of solving again. ``lang`` is the language of the words.
    ``viewer`` draws the cards already on the table as that seat sees them (a card laid
    face down stays face down); give it ``steps`` cut to what the seat may see
    (:func:`hukm.seen.seen_line`).

    >>> import hukm, hukm.svg
    >>> s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    >>> svg = hukm.svg.line(s)
    >>> svg.count('data-role="line"'), svg.count('data-winner="1"')
    (12, 3)
    """
    st = _state(state, "line")
    tr = tr_of(lang)
    p = optional_whole(player, "player", 0, st.num_players - 1)
    if steps is not None:
        steps = list(steps)
        if not all(isinstance(x, LineStep) for x in steps):
            raise StateError("steps must be the hukm.LineStep list of hukm.best_line")
    v = optional_whole(viewer, "viewer", 0, st.num_players - 1)
    return _lines.draw(st, p, _size(size), bool(four_colour), timeout, steps, tr, v)

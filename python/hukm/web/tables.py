"""The games of the web page, without the web: a :class:`Table` is one game being dealt,
played, stepped through and analysed; :class:`Sessions` keeps each browser session's
tables apart.

A table keeps every state of its hand (``states[k]`` after ``k`` actions), so stepping
back and forward is a lookup, and playing from an earlier step drops the steps after
it. Every change is made on a copy and stored only when it succeeded, so a bad action
leaves the table as it was. The page asks for a view of any step with the viewer it
chooses; the view is plain JSON with the picture as SVG text (:mod:`hukm.svg`).

>>> from hukm.web.tables import Table
>>> t = Table.create({"game": "hokm4", "seed": 7, "bots": "heuristic"})
>>> v = t.view(0, viewer=3)
>>> v["current_player"], v["legal"][0]["action"], v["human"]
(3, 'trump:S', [0])
>>> t.view(0, viewer=0)["legal"]  # the Hakem's choice is his alone
[]
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional

from .. import _core, pbn, svg
from .._errors import HukmError, SolverLimitError, StateError
from .._game import GameBase
from .._position import keywords_of, position, whole as whole_keyword
from ..bots import PIMC, Heuristic, Random
from ..pbn._records import whist_presets
from ..record import HandRecord, record_of, replay
from ..registry import game as make_game
from ..registry import games
from ..i18n import translator
from ..solve import best_line, solve
from ..seen import cards_in, hides, seen_line, seen_solution
from ..svg.bridge import header as bridge_header
from ..svg.bridge import relabel, roles_of
from ..svg.wording import solution_text
from .labels import family, position_label, status_line, title

BOTS = ("heuristic", "random", "pimc")
"""The bots the page seats, by name."""

MAX_ACTIONS = 5000
"""The most actions a table (a record, a URL) may hold."""

MAX_PIMC_SAMPLES = 200
"""The most samples a PIMC bot of the page may draw per decision."""

WHIST = frozenset(whist_presets())
"""The presets whose hands PBN can hold."""

PBN_SEATS = ("North", "East", "South", "West")
"""PBN's player tags by seat (hukm's seat 0 is North)."""

MAX_NAME = 24
"""The longest player name a table takes."""


class RequestError(HukmError, ValueError):
    """A request the page cannot serve, naming the field that is wrong (HTTP 400)."""


class NotFound(HukmError, LookupError):
    """An unknown table, or one of another session (HTTP 404)."""


class Conflict(HukmError, RuntimeError):
    """The table changed while a bot was thinking (HTTP 409); ask again."""


def _field(data: Mapping[str, Any], key: str, kind: Any, default: Any = None) -> Any:
    """``data[key]`` checked to be of ``kind`` (absent or ``None``: ``default``)."""
    value = data.get(key)
    if value is None:
        return default
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise RequestError(f"{key}: expected {name}, got {value!r}")
    return value


def _whole(data: Mapping[str, Any], key: str, lo: int, hi: int, default: Optional[int] = None) -> Optional[int]:
    value = _field(data, key, int, default)
    if value is not None and not lo <= value <= hi:
        raise RequestError(f"{key}: {value} out of range {lo}..{hi}")
    return value  # type: ignore[no-any-return]


def _text(value: Any) -> str:
    """An option value as the page shows it (switches as ``on``/``off``)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def game_list(lang: str = "en") -> list[dict[str, Any]]:
    """Every game and preset of the registry with its options and position keywords, for
    the page's choosers; ``title``, ``family_title`` and the suits' names in ``lang``."""
    out = []
    for info in games():
        g = make_game(info.name)
        out.append({
            "name": info.name,
            "family": info.family,
            "family_title": family(info.family, lang),
            "title": title(info.name, lang),
            "players": info.players,
            "options": [{"key": o.name, "kind": o.kind, "values": [_text(v) for v in o.values],
                         "default": None if o.default is None else _text(o.default)} for o in info.specs],
            "position": [{"key": k, "whole": whole_keyword(k), "label": position_label(k, lang)} for k in keywords_of(g)],
            "pbn": info.name in WHIST,
            "legend": legend(g.new_game(0), lang),
        })
    return out


def legend(state: _core.State, lang: str = "en") -> list[dict[str, str]]:
    """The suits of a pack drawn with emblems (Ganjifa's, Dashavatara's): each suit's code,
    name (in ``lang``), colour and emblem as a small SVG, for the page's legend; empty for
    French suits, whose glyphs say their names."""
    from ..svg.faces import emblem
    from ..packs import pack_of_game

    pack = pack_of_game(state)
    if pack.kind == "french":
        return []
    out = []
    for i, (code, name) in enumerate(pack.suits):
        st = pack.style(i)
        pic = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">'
               f'<circle cx="16" cy="16" r="15" fill="{st.tint}" stroke="{st.colour}"/>'
               f'{emblem(st.emblem, 16, 16, 11, st.colour, st.tint)}</svg>')
        out.append({"code": code, "name": translator(lang).suit(name), "colour": st.colour, "svg": pic})
    return out


def names_of(value: Any, n: int) -> list[str]:
    """Player names of a request: up to ``n`` strings of at most :data:`MAX_NAME`
    characters (an empty one keeps the seat's number)."""
    if value is None:
        return []
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list) or len(value) > n or not all(isinstance(x, str) for x in value):
        raise RequestError(f"names: expected at most {n} names, got {value!r}")
    names = [x.strip() for x in value]
    long = [x for x in names if len(x) > MAX_NAME]
    if long:
        raise RequestError(f"names: {long[0]!r} is longer than {MAX_NAME} characters")
    return names


def _entry(state: _core.State, cards: frozenset[str], action: str, label: Callable[[str], str]) -> dict[str, Any]:
    """A legal action for the page: its text, its label and the cards it plays."""
    used = [t for part in action.split(":") for t in part.split("+") if t in cards]
    return {"action": action, "label": label(action), "cards": used, "card": action in cards}


REVIEW_BUDGET = 60.0
"""Seconds a review of the page may spend in all (the smallest positions, the last ones,
are solved first; the others are listed as not solved in time)."""


@dataclass
class Table:
    """One game on the page: the states of its hand, the seats people play and the bots
    of the others.

    ``human`` is the set of seats clicked by people (empty: the bots play every seat).
    ``version`` grows with every change, so a bot's move computed on an old state is
    refused (:class:`Conflict`)."""

    game: GameBase
    states: list[_core.State]
    human: frozenset[int]
    bot: str = "heuristic"
    samples: int = 20
    seed: int = 0
    names: list[str] = field(default_factory=list)
    """Player names by seat (the page's labels; empty: seat numbers)."""
    roles: Any = None
    """A board of bridge read from a file (:class:`hukm.svg.bridge.Board`): the page names
    its roles instead of the game's."""
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    version: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _cache: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict, repr=False)
    _partial: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict, repr=False)
    """Solutions and best lines by (step, version at the last step)."""

    # -- making ----------------------------------------------------------------

    @classmethod
    def create(cls, data: Mapping[str, Any]) -> "Table":
        """A table from the page's request: ``game``, ``options`` (key: value), either
        ``seed`` (a whole match) or ``deal`` with ``position`` keywords (one hand),
        ``actions`` to play first, ``step`` (when beyond the actions, the bots play every
        seat up to it), ``human`` (the seats people play; default ``[0]``), ``bots``
        (``heuristic``, ``random`` or ``pimc``), ``samples`` (PIMC) and ``names`` (player
        names by seat, on the pictures)."""
        name = _field(data, "game", str)
        if name is None:
            raise RequestError("game: missing")
        options = _field(data, "options", dict, {})
        for k, v in options.items():
            if not isinstance(v, (str, int, bool)):
                raise RequestError(f"options.{k}: expected a string, got {v!r}")
        game = make_game(name, **{k: _text(v) for k, v in options.items() if v != ""})
        seed = _whole(data, "seed", 0, 2**63 - 1, 0)
        deal = _field(data, "deal", str)
        if deal is not None and deal.strip():
            given = _field(data, "position", dict, {})
            kw: dict[str, Any] = {}
            for k, v in given.items():
                if v is None or v == "":
                    continue
                if whole_keyword(k):
                    if isinstance(v, str) and v.strip().isdigit():
                        v = int(v)
                    if not isinstance(v, int) or isinstance(v, bool):
                        raise RequestError(f"position.{k}: expected a whole number, got {v!r}")
                elif not isinstance(v, str):
                    raise RequestError(f"position.{k}: expected a string, got {v!r}")
                kw[k] = v
            first = position(game, deal.strip(), kw, "position.")
        else:
            first = game.new_game(seed or 0)
        n = first.num_players
        human = _field(data, "human", list, [0])
        if not all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h < n for h in human):
            raise RequestError(f"human: expected seats in 0..{n - 1}, got {human!r}")
        bot = _field(data, "bots", str, "heuristic")
        if bot not in BOTS:
            raise RequestError(f"bots: expected one of {', '.join(BOTS)}, got {bot!r}")
        samples = _whole(data, "samples", 1, MAX_PIMC_SAMPLES, 20)
        names = names_of(data.get("names"), n)
        table = cls(game, [first], frozenset(human), bot, samples or 20, seed or 0, names)
        actions = _field(data, "actions", list, [])
        table._extend(actions, "actions")
        step = _whole(data, "step", 0, MAX_ACTIONS)
        while step is not None and table.steps < step and not table.states[-1].is_terminal():
            s = table.states[-1]
            t = s.clone()
            t.apply(table.make_bot(s.current_player).act(s))
            table.states.append(t)
        return table

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> "Table":
        """A table from a saved hand: ``record`` (hand record JSON text) or ``pbn`` (PBN
        text, with ``board``: which game of the file, from 0), then ``human``, ``bots``
        as for :meth:`create`."""
        record_text = _field(data, "record", str)
        pbn_text = _field(data, "pbn", str)
        if (record_text is None) == (pbn_text is None):
            raise RequestError("give exactly one of record and pbn")
        if record_text is not None:
            rec = HandRecord.from_json(record_text)
        else:
            recs = pbn.loads(pbn_text or "")
            if not recs:
                raise RequestError("pbn: no game in the file")
            board = _whole(data, "board", 0, len(recs) - 1, 0) or 0
            rec = recs[board]
        if len(rec.actions) > MAX_ACTIONS:
            raise RequestError(f"record: more than {MAX_ACTIONS} actions")
        first = replay(rec, 0)
        spec = {k: data[k] for k in ("human", "bots", "samples", "names") if k in data}
        table = cls.create({"game": rec.preset, **spec})
        table.game = make_game(rec.preset, **rec.options)
        table.roles = roles_of(rec)
        table.states = [first]
        table._extend([a["action"] for a in rec.actions], "record.actions")
        return table

    def _extend(self, actions: list[Any], where: str) -> None:
        """Plays ``actions`` from the last state; all or nothing."""
        if len(actions) + len(self.states) - 1 > MAX_ACTIONS:
            raise RequestError(f"{where}: more than {MAX_ACTIONS} actions")
        states = list(self.states)
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RequestError(f"{where}[{i}]: expected an action string, got {a!r}")
            s = states[-1].clone()
            try:
                s.apply(self._unhidden(states, a) if hides(a) else a)
            except HukmError as e:
                raise type(e)(f"{where}[{i}] ({a}): {e}") from None
            states.append(s)
        self.states = states

    def _unhidden(self, states: list[_core.State], seen: str) -> str:
        """The action a bot made where a view showed ``seen`` (an action hiding cards, as
        a seat saw it: a view's ``actions``, which a link to the table holds): the bot of
        the seat to move after the ``states``, seeded as at that step, plays again; it
        must give an action seen that way. An action of a person's seat cannot be told."""
        s = states[-1]
        seat = s.current_player
        if s.is_terminal() or seat in self.human:
            raise RequestError(f"{seen} hides the cards of a person's action, which cannot be told from it")
        action = str(self.make_bot(seat, len(states) - 1).act(s))
        after = s.clone()
        after.apply(action)
        if not any(after.seen_history(v)[-1] == seen for v in range(s.num_players)):
            raise RequestError(f"{seen} is not what seat {seat}'s bot plays here ({action} hides no card that way)")
        return action

    # -- changing --------------------------------------------------------------

    @property
    def steps(self) -> int:
        """Actions played so far."""
        return len(self.states) - 1

    def _step(self, step: Optional[int]) -> int:
        if step is None:
            return self.steps
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.steps:
            raise RequestError(f"step: expected 0..{self.steps}, got {step!r}")
        return step

    def act(self, action: Any, step: Optional[int] = None) -> int:
        """Plays ``action`` after ``step`` actions (default: the last), dropping the steps
        after it; the table is unchanged when the action is refused. Returns the new step."""
        if not isinstance(action, str):
            raise RequestError(f"action: expected a string, got {action!r}")
        with self.lock:
            k = self._step(step)
            s = self.states[k].clone()
            s.apply(action)
            self.states = self.states[: k + 1] + [s]
            self.version += 1
            return k + 1

    def bot_to_move(self, step: Optional[int] = None) -> bool:
        """Whether a bot plays next at ``step`` (default: the last step)."""
        s = self.states[self._step(step)]
        return not s.is_terminal() and s.current_player not in self.human

    def make_bot(self, seat: int, step: Optional[int] = None) -> Any:
        """The bot of ``seat`` playing after ``step`` actions (default: the last step),
        seeded by the table's seed, its seat and the step."""
        seed = (self.seed * 1_000_003 + seat * 7919 + (self.steps if step is None else step)) % (2**63)
        if self.bot == "random":
            return Random(seed)
        if self.bot == "pimc":
            return PIMC(samples=self.samples, seed=seed)
        return Heuristic(seed)

    def bot_move(self) -> int:
        """A bot plays the next action at the last step (thinking without the lock);
        returns the new step. :class:`Conflict` when the table changed meanwhile,
        :class:`RequestError` when no bot is to move."""
        with self.lock:
            version = self.version
            s = self.states[-1]
            if not self.bot_to_move():
                raise RequestError("no bot is to move at the last step")
            seat = s.current_player
            bot = self.make_bot(seat)
            snapshot = s.clone()
        action = bot.act(snapshot)
        with self.lock:
            if self.version != version:
                raise Conflict("the table changed while the bot was thinking")
            t = self.states[-1].clone()
            t.apply(action)
            self.states.append(t)
            self.version += 1
            return self.steps

    # -- reading ---------------------------------------------------------------

    def state(self, step: Optional[int] = None) -> _core.State:
        """A copy of the state after ``step`` actions (default: all)."""
        with self.lock:
            return self.states[self._step(step)].clone()

    def actions(self) -> list[str]:
        """The actions played, in order."""
        with self.lock:
            return list(self.states[-1].history()[len(self.states[0].history()):])

    def record(self) -> HandRecord:
        """The hand record of every action played."""
        return record_of(self.state())

    def pbn(self) -> str:
        """The hands played as PBN (whist presets only): a match hand by hand, from the
        hand whose trumps are named, the player names in the North ... West tags;
        :class:`RequestError` before that."""
        text = pbn.dumps([self.record()])
        if "[Board " not in text:
            raise RequestError("no hand to save as PBN yet: a hand is written once its trumps are named")
        for seat, name in enumerate(self.names[:4]):
            if name:  # PBN's N, E, S, W are seats 0 to 3; its strings escape \ and "
                quoted = name.replace("\\", "\\\\").replace('"', '\\"')
                tag = PBN_SEATS[seat]
                text = text.replace(f'[{tag} "?"]', f'[{tag} "{quoted}"]')
        return text

    def view(self, step: Optional[int] = None, viewer: Optional[int] = 0, show_all: bool = False,
             lang: str = "en", layout: str = "wide") -> dict[str, Any]:
        """What the page draws at ``step`` for ``viewer`` (every hand with ``show_all`` or
        no viewer): the picture, the status line, the scores, whose turn, the words in
        ``lang``. Everything comes from what the viewer has seen: the actions played
        (``actions``, and ``played`` with each one's ``label``) as he saw them, an action
        whose cards he was not shown written with ``?`` (``indicator:?``; ``hidden`` and
        labelled in words, "puts a card face down"); the legal actions only when he is
        the one to act. ``finished`` says that the step finished a trick and ``winner``
        who won it; when the step also ended a hand of a match, ``held_svg`` is the
        picture of that last trick (``svg`` is already the next deal), for the page to
        hold before the deal, with ``held_header`` (the finished hand's status line),
        ``result`` (the hand's result in words) and ``held_counts`` (its counts, the last
        trick counted); ``counts`` are the counts of ``svg``'s table (each with its
        ``key``, ``label``, ``values``, ``line`` and ``score`` in words, and ``match``).
        ``layout="phone"`` draws the pictures for a narrow screen
        (:mod:`hukm.svg.compact`)."""
        with self.lock:
            k = self._step(step)
            s = self.states[k]
            before = self.states[k - 1] if k else None
            total = self.steps
            base = len(self.states[0].history())
            last_state = self.states[-1]
            movers = [t.current_player for t in self.states[:-1]]
        n = s.num_players
        if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < n):
            raise RequestError(f"viewer: expected 0..{n - 1}, got {viewer!r}")
        from ..svg.finished import finished_scene
        from ..packs import pack_of_game
        from ..svg.scene import action_label, build
        from ..svg.wording import seen_label

        seen = None if show_all else viewer
        every = last_state.history()[base:]
        told = every if seen is None else last_state.seen_history(seen)[base:]
        tr = translator(lang)
        scene = build(s, seen, tr=tr)
        last = None
        if before is not None and not scene.finished:
            # The last trick of a hand of a match: the next deal no longer shows it.
            last = finished_scene(before, every[k - 1], seen, False, s, tr=tr)
        held = None if last is None else self._paint(last, viewer, lang, layout)
        held_header = None
        if last is not None and before is not None:  # the finished hand's status line, not the next deal's
            held_header = bridge_header(self.roles, tr) or status_line(before, lang, seen)

        def counts_of(sc: Any) -> list[dict[str, Any]]:
            return [{"key": c.key, "label": c.label, "values": c.values, "line": c.line(tr), "score": c.score(tr),
                     "match": c.match} for c in sc.counts]

        pack = pack_of_game(s)
        cards = frozenset(c for c, _, _, _ in s.layout[2])
        terminal = s.is_terminal()

        def label(x: str) -> str:
            return action_label(pack, x, tr)

        acts = not terminal and (seen is None or s.current_player == seen)
        legal = [_entry(s, cards, a, label) for a in s.legal_actions()] if acts else []
        obs = s.observation(0 if seen is None else seen)
        played = [{"step": i + 1, "player": p, "action": a, "label": seen_label(s, a, tr), "card": a in cards,
                   "hidden": hides(a)} for i, (p, a) in enumerate(zip(movers, told))]
        return {
            "table": self.id,
            "game": s.preset,
            "family": self.game.family,
            "players": n,
            "step": k,
            "steps": total,
            "phase": s.phase,
            "terminal": terminal,
            "current_player": None if terminal else s.current_player,
            "human": sorted(self.human),
            "bot_to_move": k == total and not terminal and s.current_player not in self.human,
            "header": bridge_header(self.roles, tr) or status_line(s, lang, seen),
            "hand_number": obs.get("hand_number"),
            "scores": list(obs.get("scores", [])),
            "returns": list(s.returns()) if terminal else None,
            "legal": legal,
            "played": played,
            "actions": told,
            "svg": self._paint(scene, viewer, lang, layout),
            "finished": scene.finished or held is not None,
            "winner": scene.winner if scene.finished else None if last is None else last.winner,
            "held_svg": held,
            "held_header": held_header,
            "result": None if last is None else last.result,
            "counts": counts_of(scene),
            "held_counts": None if last is None else counts_of(last),
            "pbn": s.preset in WHIST,
            "names": self.names,
        }

    def _paint(self, scene: Any, viewer: Optional[int], lang: str = "en", layout: str = "wide") -> str:
        """``scene`` drawn in ``lang`` with the player names on its seats, ``viewer``'s
        seat at the bottom (also when every hand is shown); ``layout="phone"`` for a
        narrow screen."""
        from ..svg.compact import paint_compact
        from ..svg.paint import paint

        for seat, name in zip(scene.seats, self.names):
            if name:
                seat.name = f"{name} ({translator(lang).num(seat.seat)})"
        if viewer is not None:
            scene.bottom = viewer
        return (paint_compact if layout == "phone" else paint)(relabel(scene, self.roles))

    def _picture(self, state: _core.State, viewer: Optional[int], show_all: bool, analysis: Any = False,
                 lang: str = "en", layout: str = "wide") -> str:
        """The table of ``state`` as the page draws it (see :meth:`_paint`)."""
        from ..svg.scene import build

        scene = build(state, None if show_all else viewer, analysis, tr=translator(lang))
        return self._paint(scene, viewer, lang, layout)

    def analysis(self, step: Optional[int] = None, timeout: float = 10.0, viewer: Optional[int] = 0,
                 show_all: bool = False, lang: str = "en", threads: Optional[int] = None,
                 layout: str = "wide") -> dict[str, Any]:
        """The double-dummy answer at ``step``: the value for the side to move, each legal
        action's value, the best line (and its picture) and the table drawn for
        ``viewer`` (every hand with ``show_all``) with the values on the cards; within
        ``timeout`` seconds in all. When the time runs out first, the answer is graded
        (``status="bounds"``): the bounds proven on the value (``bounds``) and on each
        action's (``action_bounds``), narrowed by every earlier try at the same step, the
        estimates where they are wide, the grade of each (``grade``, ``grades``) and each
        in words (``value_text``, ``texts``: "between 7 and 10", "about 8.4 (estimate)"),
        the best actions by the estimates among those not proven worse (``best``) and
        those proven worse (``worse``), for the page to show and to ask again with a longer
        ``timeout``; the games that answer exactly only (Thunee) raise
        :class:`hukm.SolverLimitError` instead. Positions the solver does not take (an
        auction) raise :class:`hukm.StateError`. Answers are kept per table and step; their
        words are in ``lang``.

        For a viewer (not ``show_all``) the answer names no card he has not seen
        (:mod:`hukm.seen`): each action's value (and bounds, and the best actions) only
        when he is the one to act, the value alone otherwise; the best line only as far
        as its cards are ones his observation shows (his own, those face up)."""
        with self.lock:
            k = self._step(step)
            s = self.states[k].clone()
            key = (k, self.version if k == self.steps else -1)
        n = s.num_players
        if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < n):
            raise RequestError(f"viewer: expected 0..{n - 1}, got {viewer!r}")
        if s.is_terminal():
            raise StateError("the hand is over: nothing to analyse")
        hit = self._cache.get(key)
        if hit is None:
            end = time.monotonic() + timeout
            sol = solve(s, timeout=timeout, threads=threads)
            if not sol.exact:
                return self._bounds(k, key, s, sol, timeout, viewer, show_all, lang, layout)
            line = best_line(s, timeout=max(end - time.monotonic(), 0.001), threads=threads)
            hit = {"solution": sol, "line": line}
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = hit
        sol, line = hit["solution"], hit["line"]
        from ..svg.scene import value_note

        seen = None if show_all else viewer
        if seen is not None:
            sol = seen_solution(sol, s, seen)
            line = seen_line(line, cards_in(s.observation(seen), s.layout[0]), s.layout[0])
        tr = translator(lang)
        return {
            "step": k,
            "player": sol.player,
            "value": sol.value,
            "grade": "exact",
            "value_text": tr.t("exact {value}", value=value_note(s, sol.value, tr)),
            "values": dict(sol.actions),
            "best": sol.best_actions(),
            "line": [{"player": x.player, "action": x.action, "value": x.value} for x in line],
            "svg": self._picture(s, viewer, show_all, sol, lang, layout),
            "line_svg": svg.line(s, steps=line, lang=lang, viewer=seen) if line else None,
            "nodes": sol.nodes,
        }


    def review(self, player: int = 0, timeout: float = 10.0, lang: str = "en", viewer: Optional[int] = None,
               show_all: bool = False, threads: Optional[int] = None, hand: Optional[int] = None) -> dict[str, Any]:
        """The double-dummy review of the hand played so far (:func:`hukm.review`) for
        ``player``'s side: each decision's values, cost and mark (its ``step`` is the
        step the page shows before that action), each player's summary, the chart (its
        words in ``lang``). Shown to ``viewer`` (not ``show_all``), it names only the
        cards he has seen so far (:func:`hukm.review`'s ``viewer``): the actions as he
        saw them, the best cards and the lines as far as he has seen their cards.

        One hand of a match at a time: ``hand`` (default the last with trick play);
        ``hands`` lists those with trick play, ``result`` says how the hand ended (in
        words) and the chart ends there, marking where play stopped before the cards
        ran out (Hokm's seven tricks)."""
        from ..review import review
        from ..svg.chart import review_chart
        from ..svg.review_text import review_text
        from ..svg.finished import result_line
        from ..packs import pack_of_game

        rec = self.record()
        n = self.game.num_players
        with self.lock:
            states = list(self.states)
        number = [int(st.observation(0).get("hand_number") or 1) for st in states]
        hands = sorted({h for h, st in zip(number, states) if st.phase == "play"})
        if hand is None:
            hand = hands[-1] if hands else 1
        elif hand not in hands:
            raise RequestError(f"hand: expected one of {', '.join(map(str, hands)) or 'none yet'}, got {hand!r}")
        for name, seat in (("player", player), ("viewer", viewer)):
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
                raise RequestError(f"{name}: expected 0..{n - 1}, got {seat!r}")
        r = review(rec, player=player, timeout=min(timeout, 5.0), budget=REVIEW_BUDGET, lang=lang,
                   viewer=None if show_all else viewer, threads=threads, hand=hand)
        from ..svg.wording import seen_label

        first, tr = self.states[0], translator(lang)  # the cards and words of the marks
        # How the hand ended: the result of the first state past it, and whether play
        # stopped before the cards ran out.
        ended = next((st for h, st in zip(number, states) if h > hand or st.is_terminal()), None)
        end = "" if ended is None else result_line(ended.observation(0), tr, ended) or ""
        stopped = None
        start = next((st for h, st in zip(number, states) if h == hand and st.phase == "play"), None)
        if ended is not None and start is not None and r.decisions:
            size = len(pack_of_game(start).cards_of_hand(start.hands()[start.current_player], "hand"))
            played = max(d.trick for d in r.decisions)
            stopped = played if played < size else None
        return {
            "player": r.player,
            "unit": r.unit,
            "steps": len(rec.actions),
            "text": review_text(r, lang),
            "chart": review_chart(r, 900, lang, end, stopped),
            "hand": hand,
            "hands": hands,
            "result": end,
            "decisions": [{"step": d.step, "seat": d.seat, "action": d.action, "best": d.best, "played": d.played,
                           "cost": d.cost, "mark": d.mark, "best_actions": d.best_actions,
                           "action_label": seen_label(first, d.action, tr),
                           "best_labels": [seen_label(first, a, tr) for a in d.best_actions],
                           "line_played": d.line_played, "line_best": d.line_best} for d in r.decisions],
            "summary": [{"seat": x.seat, "decisions": x.decisions, "best": x.best, "inaccuracies": x.inaccuracies,
                         "mistakes": x.mistakes, "blunders": x.blunders, "cost": x.cost}
                        for x in r.summary.values()],
            "skipped": r.skipped,
            "unvalued": r.unvalued,
            "reason": r.reason,
        }

    def _bounds(self, k: int, key: tuple[int, int], s: Any, sol: Any, timeout: float,
                viewer: Optional[int], show_all: bool, lang: str = "en", layout: str = "wide") -> dict[str, Any]:
        """The answer of an analysis stopped by its time limit: the bounds it proved,
        intersected with those of earlier tries at the same step (so that they only
        narrow from one try to the next)."""
        lo, hi = sol.bounds
        acts = dict(sol.action_bounds)
        with self.lock:
            before = self._partial.get(key)
            if before is not None:
                lo, hi = max(lo, before["bounds"][0]), min(hi, before["bounds"][1])
                for a, (x, y) in before["action_bounds"].items():
                    if a in acts:
                        acts[a] = (max(acts[a][0], x), min(acts[a][1], y))
            if len(self._partial) > 64:
                self._partial.clear()
            self._partial[key] = {"bounds": (lo, hi), "action_bounds": acts}
        # The earlier tries' bounds kept: the grades and words of the narrowed answer.
        sol = sol.narrowed((lo, hi), acts)
        # each action's bounds name the cards of the seat to act: for it alone (seen_solution)
        shown = show_all or viewer is None or s.current_player == viewer
        tr = translator(lang)
        est = sol.estimate_of()
        return {
            "status": "bounds",
            "step": k,
            "player": sol.player,
            "bounds": [lo, hi],
            "action_bounds": {a: [x, y] for a, (x, y) in acts.items() if shown},
            "grade": sol.grade,
            "value_text": solution_text(tr, sol),
            "texts": {a: solution_text(tr, sol, a) for a in acts if shown},
            "grades": {a: sol.grade_of(a) for a in acts if shown},
            "estimate": None if est is None else {"value": est.value, "spread": est.spread, "samples": est.samples},
            "best": sol.best_actions() if shown else [],
            "worse": sol.proven_worse() if shown else [],
            "message": tr.t("between {lo} and {hi}, still searching", lo=lo, hi=hi),
            "stopped": sol.stopped,
            "timeout": timeout,
            "svg": self._picture(s, viewer, show_all, False, lang, layout),
            "nodes": sol.nodes,
        }


class Sessions:
    """The tables of each browser session (a random id kept in a cookie), the oldest
    forgotten first: at most ``max_sessions`` sessions of ``max_tables`` tables each."""

    def __init__(self, max_sessions: int = 256, max_tables: int = 32) -> None:
        self.max_sessions = max_sessions
        self.max_tables = max_tables
        self._lock = threading.Lock()
        self._sessions: OrderedDict[str, OrderedDict[str, Table]] = OrderedDict()

    @staticmethod
    def new_id() -> str:
        """A fresh session id."""
        return secrets.token_urlsafe(18)

    def add(self, session: str, table: Table) -> None:
        """Keeps ``table`` for ``session``."""
        with self._lock:
            tables = self._sessions.setdefault(session, OrderedDict())
            self._sessions.move_to_end(session)
            tables[table.id] = table
            while len(tables) > self.max_tables:
                tables.popitem(last=False)
            while len(self._sessions) > self.max_sessions:
                self._sessions.popitem(last=False)

    def get(self, session: Optional[str], table: str) -> Table:
        """The table ``table`` of ``session``; :class:`NotFound` otherwise."""
        with self._lock:
            tables = self._sessions.get(session or "")
            if tables is None or table not in tables:
                raise NotFound(f"no table {table!r} in this session")
            self._sessions.move_to_end(session or "")
            tables.move_to_end(table)
            return tables[table]

    def __len__(self) -> int:
        with self._lock:
            return len(self._sessions)


__all__ = ["Table", "Sessions", "RequestError", "NotFound", "Conflict", "SolverLimitError", "game_list"]

"""What a table shows, read from a state: the seats with their cards (face up or down),
labels and notes, the trick, the trump, the scores, the specials (an indicator, a stock)
and, on request, the double-dummy values. Painting is :mod:`hukm.svg.paint`'s job.

Everything comes from the engine: ``State.hands()`` (every hand, compact), the
observations (``hukm.observations`` documents their keys; a viewer sees what his
observation shows), the game's description (its sides) and the pack's layout. What
only one game shows is read by that game's presentation (``hukm/games/<family>/presentation.py``), found by
``State.game``; a game without one still shows its seats, hands, trick, sides and scores.

>>> import hukm
>>> s = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0)
>>> sc = build(s, viewer=1)
>>> [len(x.cards) for x in sc.seats], sc.seats[1].cards, sc.seats[0].cards
([2, 2, 2, 2], ['QS', 'JS'], [None, None])
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from .. import _core
from .._errors import SolverLimitError, StateError
from ..i18n import Translator
from ..registry import info as registry_info
from ..seen import seen_solution
from ..solve import Solution, solve
from .._families import presentation
from ..packs import pack_of_game
from .reading import Button, Chip, Ctx, Scene, SeatScene, Special, scores
from .wording import (EN, FROM_HERE, action_label, card_text, game_title, number, signed, solution_text,
                      suit_text, value_note, value_text, word)

__all__ = ["Scene", "SeatScene", "Chip", "Special", "Button", "build", "action_label", "card_text",
           "suit_text", "value_note", "value_text", "FROM_HERE"]


def _visible_own(c: Ctx) -> dict[int, list[str]]:
    """The viewer's own hand."""
    return {c.viewer or 0: list(c.o["hand"])}


def _seat_cards(c: Ctx) -> None:
    """Fills every seat's cards: all face up for a god's-eye picture, else what the
    viewer's observation shows (the game's ``visible``), the rest face down; a game that
    lays its cards out its own way fills them itself (``seat_cards``)."""
    pres = presentation(c.state.game)
    own = None if pres is None else pres.seat_cards
    if own is not None:
        own(c)
        return
    if c.viewer is None:
        for s, sc in enumerate(c.scene.seats):
            sc.cards = list(c.hands[s])
        return
    reader = (None if pres is None else pres.visible) or _visible_own
    vis = reader(c)
    for s, sc in enumerate(c.scene.seats):
        up = sorted(vis.get(s, []), key=c.pack.order)
        sc.cards = [*up, *([None] * max(0, len(c.hands[s]) - len(up)))]


def _trick(c: Ctx) -> None:
    """The trick in progress. The god's-eye trick is the longest any player sees (a
    card laid face down is seen by its player only); a viewer sees his own
    observation's cards and the others face down."""
    full = max((o["trick"] for o in c.obs), key=len)
    if c.viewer is None:
        c.scene.trick = [(int(s), str(x)) for s, x in full]
    else:
        seen = [(int(s), str(x)) for s, x in c.o["trick"]]
        out: list[tuple[int, Optional[str]]] = []
        for s, x in full:
            pair = (int(s), str(x))
            if pair in seen:
                seen.remove(pair)
                out.append(pair)
            else:
                out.append((int(s), None))
        c.scene.trick = out
    if c.scene.trick:
        c.scene.lead_seat = c.scene.trick[0][0]
    else:
        _last_trick(c)


def _last_trick(c: Ctx) -> None:
    """Between two tricks the table still shows the trick just finished, until the next
    card is played (and a finished game its last trick), as the picture's observation
    gives it (every family words it its own way), its winner marked and named."""
    n = len(c.scene.seats)
    plays: list[tuple[int, str]] = []
    leader: Optional[int] = None
    winner: Optional[int] = None
    tricks = c.o.get("tricks")
    last = c.o.get("last_trick")
    if isinstance(tricks, list) and tricks and isinstance(tricks[-1], dict):
        # a list of tricks: the last one's cards in play order from its leader's seat.
        t = tricks[-1]
        leader, winner = int(t["leader"]), t.get("winner")
        plays = [((leader + i) % n, str(x)) for i, x in enumerate(t["cards"])]
    elif isinstance(last, list):
        # (seat, card) pairs in play order; the winner leads next.
        plays = [(int(q), str(x)) for q, x in last]
        won = c.o.get("trick_winners")
        winner = won[-1] if isinstance(won, list) and won else c.o.get("leader")
    elif isinstance(last, dict):
        by_seat = last.get("cards", last.get("played"))
        leader = last.get("leader")
        winner = last.get("winner")
        if isinstance(by_seat, list) and len(by_seat) == n:
            c.scene.trick_ordered = isinstance(leader, int)
            start = int(leader) if isinstance(leader, int) else 0
            for k in range(n):
                q = (start + k) % n
                held = by_seat[q]
                cards = held.split("+") if isinstance(held, str) else list(held or [])
                plays.extend((q, str(x)) for x in cards if x)
    if not plays:
        return
    c.scene.trick = [(q, x) for q, x in plays]
    c.scene.finished = True
    c.scene.winner = int(winner) if isinstance(winner, int) else None
    if c.scene.trick_ordered:
        c.scene.lead_seat = plays[0][0] if leader is None else int(leader)
    c.scene.info.append(c.tr.t("Last trick, won by seat {seat}", seat=c.n(winner)) if isinstance(winner, int)
                        else c.tr.t("Last trick"))


def _mover(c: Ctx, legal: list[str]) -> Optional[int]:
    """The seat to act: the holder of the legal cards, else the current player's seat."""
    if c.state.is_terminal():
        return None
    for a in legal:
        for s, h in enumerate(c.hands):
            if a in h:
                return s
    return c.seat_of(c.state.current_player)


def _generic(c: Ctx) -> None:
    """A game without a module of its own: the dealer, the sides of a partnership game,
    the scores."""
    c.chip(c.o.get("dealer"), c.tr.pt("role", "dealer"))
    if c.description.partners:
        c.sides()
    scores(c)


def _analysis(c: Ctx, analysis: object, legal: list[str], timeout: Optional[float]) -> None:
    """Double-dummy values: on the legal cards, and as buttons for other actions (for a
    viewer, only when he is the one to act: :func:`hukm.seen.seen_solution`). A state
    that cannot be solved now gets a note saying why; one the solver cannot finish within ``timeout``
    seconds gets a note saying so. A graded ``analysis`` (a :class:`hukm.Solution` not
    exact) gets its value in words with its grade, and only its exact values on the cards."""
    if analysis is False or analysis is None or c.state.is_terminal():
        return
    sol: Optional[Solution]
    if isinstance(analysis, Solution):
        sol = analysis
        stray = [a for a in sol.actions if a not in legal]
        if stray:
            raise StateError(f"analysis does not fit this state: {', '.join(stray[:4])} not legal here")
    else:
        try:
            sol = solve(c.state, timeout=timeout, exact=True)
        except StateError as e:
            c.scene.analysis_note = (c.tr.t("Double dummy: no value here ({reason})", reason=str(e)) if c.tr is EN
                                     else c.tr.t("Double dummy: no value here (cannot be solved now)"))
            return
        except SolverLimitError:
            c.scene.analysis_note = c.tr.t("Double dummy: not solved within {seconds} s",
                                           seconds=number(c.tr, f"{timeout:g}"))
            return
    if sol.target is not None:  # an outcome against the contract, not a value in the game's unit
        reason = "the trump is concealed: no card-points value, only the outcome against the contract"
        c.scene.analysis_note = (c.tr.t("Double dummy: no value here ({reason})", reason=reason) if c.tr is EN
                                 else c.tr.t("Double dummy: no value here (cannot be solved now)"))
        return
    sol = seen_solution(sol, c.state, c.viewer)  # each action's value: for the seat to act
    sc = c.scene
    if not sol.exact:
        # A graded answer: its value in words with its grade ("about 8.4 (estimate)",
        # "between 7 and 10"); each action's value drawn only where it is exact.
        sc.analysis_note = c.tr.t("Double dummy for seat {seat}'s side: {value}", seat=c.n(c.seat_of(sol.player)),
                                  value=solution_text(c.tr, sol))
        for a, v in sol.actions.items():
            if sol.grade_of(a) == "exact" and c.pack.is_card(a):
                sc.values[a] = v
        return
    best = set(sol.best_actions())
    sc.best = best
    for a, v in sol.actions.items():
        if c.pack.is_card(a):
            sc.values[a] = v
        else:
            sc.buttons.append(Button(a, action_label(c.pack, a, c.tr), v, a in best))
    sc.buttons.sort(key=lambda b: (not b.best, -b.value if sol.player == c.state.current_player else b.value))
    sc.analysis_note = c.tr.t("Double dummy for seat {seat}'s side: {value}", seat=c.n(c.seat_of(sol.player)),
                              value=value_note(c.state, sol.value, c.tr))


def build(state: _core.State, viewer: Optional[int] = None, analysis: object = False,
          four_colour: bool = False, timeout: Optional[float] = None, tr: Translator = EN,
          counts: Optional[dict[str, Any]] = None) -> Scene:
    """The scene of ``state`` as ``viewer`` sees it (``None``: every hand face up), its
    words in ``tr``'s language. ``counts`` replaces the observations' counts by key
    (public ones, the same for every seat: a hand's last trick counted,
    :func:`hukm.svg.finished.counted`)."""
    pack = pack_of_game(state)
    obs = [{**state.observation(p), **(counts or {})} for p in range(state.num_players)]
    hands = [pack.cards_of_hand(h, f"seat {s}") for s, h in enumerate(state.hands())]
    info = registry_info(state.preset)
    o0 = obs[0 if viewer is None else viewer]
    title = tr.t("{game} — hand {n}", game=game_title(tr, info.title), n=number(tr, o0.get("hand_number", 1)))
    seats = [SeatScene(s, tr.t("Seat {seat}", seat=number(tr, s)), []) for s in range(len(hands))]
    scene = Scene(title, pack, seats, four_colour=four_colour, tr=tr)
    c = Ctx(state, pack, viewer, obs, hands, scene, tr)
    _seat_cards(c)
    _trick(c)
    legal = [] if state.is_terminal() else state.legal_actions()
    scene.mover = _mover(c, legal)
    pres = presentation(state.game)
    reader: Callable[[Ctx], None] = _generic if pres is None else pres.read
    reader(c)
    if scene.lead_seat is not None and not scene.finished:
        c.chip(scene.lead_seat, tr.t("leads"), "lead")
    if scene.mover is not None:
        seats[scene.mover].to_act = True
        c.chip(scene.mover, tr.t("to act"), "act")
    if viewer is not None:
        c.chip(c.seat_of(viewer), tr.t("viewer"), "you")
        scene.bottom = c.seat_of(viewer)
    phase = word(tr, "phase", "over" if state.is_terminal() else state.phase)
    scene.info.insert(0, tr.t("Phase: {phase}", phase=phase) if viewer is None else
                      tr.t("Phase: {phase} · seen by seat {seat}", phase=phase, seat=c.n(c.seat_of(viewer))))
    if state.is_terminal():
        scene.info.append(tr.t("Returns: {returns}", returns=" ".join(signed(tr, r) for r in state.returns())))
    _analysis(c, analysis, legal, timeout)
    return scene

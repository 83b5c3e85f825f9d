"""The trick an action finishes, held on the table with its winner marked.

Between two tricks a state's own picture shows the trick just finished, read from its
observation (:func:`hukm.svg.scene.build`). When the action that finishes a trick also
ends a hand of a match, the next state is already the next deal and its observation
no longer holds that trick: :func:`finished_scene` draws it from the state before the
action instead, with the hand's result.

>>> import hukm
>>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
>>> for c in ["AS", "KS", "QS"]:
...     s.apply(c)
>>> sc = finished_scene(s, "JS")
>>> [c for _, c in sc.trick], sc.winner, sc.finished
(['AS', 'KS', 'QS', 'JS'], 0, True)
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from .. import _core
from ..i18n import Translator
from .._families import description_of, presentation
from ..packs import pack_of_game
from ..tricks import god_trick, split_action, winner_before
from .reading import members_of
from .scene import Scene, build
from .wording import EN, NP_, number, word

RESULT_KEYS: tuple[str, ...] = (
    NP_("result key", "points"), NP_("result key", "tricks"), NP_("result key", "winner"),
    NP_("result key", "contract"), NP_("result key", "declarer"), NP_("result key", "gains"),
    NP_("result key", "target"), NP_("result key", "akheri"), NP_("result key", "akheri beaten by"),
    NP_("result key", "dealer"), NP_("result key", "net"),
    NP_("result key", "pool"), NP_("result key", "balls"), NP_("result key", "bid"),
    NP_("result key", "caller"), NP_("result key", "special"), NP_("result key", "totals"),
)
"""The names of the facts of a hand's result (``last_result``, ``last_hand``) that
every game may give (a game marks its own in its presentation's ``MARKS``)."""

SEAT_KEYS = ("winner", "declarer", "dealer", "caller")
"""Facts of a result that name a seat in every game; a game's own are its seat
keywords (its description's: Naqsh's ``banker``)."""


def completed(before: _core.State, action: str, after: _core.State) -> bool:
    """Whether ``action``, played in ``before`` to give ``after``, finished a trick: the
    trick had begun and the next state's trick does not continue it."""
    prior = god_trick(before)
    if not prior:
        return False
    return god_trick(after)[: len(prior)] != prior


def result_words(state: Optional[_core.State], obs: dict[str, Any], tr: Translator = EN) -> Optional[str]:
    """The result of the hand just ended, from an observation's ``last_result`` or
    ``last_hand``, in words: the game's own sentence (its presentation's
    ``result_words``: ``Seats 0 and 2 take 7 tricks to 5 and win
    the hand: +1``), else its facts one by one (``contract 28 · points 8/17``);
    ``None`` when the observation holds no result.

    >>> import hukm
    >>> s = hukm.game("hokm4").new_game(0)
    >>> result_words(s, {"last_result": {"winner": 0, "kind": "win", "tricks": [7, 5], "points": [1, 0]}})
    'Seats 0 & 2 take 7 tricks to 5 and win the hand: +1'
    """
    r = obs.get("last_result") or obs.get("last_hand")
    if not isinstance(r, dict):
        return None
    pres = None if state is None else presentation(state.game)
    own = None if pres is None else pres.result_words
    said = own(state, r, tr) if own is not None and state is not None else None
    if said:
        return said
    seat_keys = set(SEAT_KEYS)
    if state is not None:
        d = description_of(state)
        seat_keys.update(k.name for k in (*d.new_game, *d.from_deal) if k.kind == "seat")
    parts = []
    for k, v in r.items():
        if v is None or isinstance(v, dict) or v is False:
            continue
        if isinstance(v, list):
            if not v or not all(isinstance(x, (int, float)) for x in v):
                continue
            v = "/".join(number(tr, f"{x:g}") for x in v)
        if k == "kind":
            parts.append(word(tr, "result", v).replace("_", " "))  # an engine word no catalog names
        elif k == "special":
            parts.append(f"{word(tr, 'result key', 'special')} {word(tr, 'call', v).replace('_', ' ')}")
        elif k in seat_keys and isinstance(v, int):
            parts.append(f"{word(tr, 'result key', k)} {tr.t('seat {seat}', seat=number(tr, v))}")
        else:
            parts.append(f"{word(tr, 'result key', k.replace('_', ' '))} {number(tr, v)}")
    return tr.t(" · ").join(parts) if parts else None


def result_line(obs: dict[str, Any], tr: Translator = EN, state: Optional[_core.State] = None) -> Optional[str]:
    """``Hand 1 over: <the result in words>`` (:func:`result_words`; without ``state``
    the facts one by one)."""
    words = result_words(state, obs, tr)
    if not words:
        return None
    return tr.t("Hand {n} over: {result}", n=number(tr, int(obs.get("hand_number", 2)) - 1), result=words)


TRICK_COUNTS = ("tricks_won", "tricks")
"""The counts of tricks taken (one more for the winner of each trick)."""
OTHER_COUNTS = ("points", "tens", "captured", "collected")
"""The other counts of a hand, read from its result when it ends."""


def counted(before: _core.State, after: _core.State, winner: Optional[int]) -> dict[str, Any]:
    """The counts of the hand of ``before`` once the trick that ended it is counted, by
    observation key, for :func:`hukm.svg.scene.build`'s ``counts``: at the end of the
    game the final observation's; else the hand's result (``last_result``: its tricks,
    points, tens; a Dehla Pakad heap's tricks collected) and for a count the result
    does not give, the trick added to its winner; the match's scores after the hand.

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    >>> for c in ["AS", "KS", "QS"]:
    ...     s.apply(c)
    >>> t = s.clone(); t.apply("JS")
    >>> counted(s, t, 0)["tricks_won"]
    [1, 0]
    """
    o0, o1 = before.observation(0), after.observation(0)
    r = o1.get("last_result") or o1.get("last_hand")
    r = r if isinstance(r, dict) and not after.is_terminal() else {}
    out: dict[str, Any] = {}
    for key in (*TRICK_COUNTS, *OTHER_COUNTS, "challenger_tricks"):
        v = o0.get(key)
        if not isinstance(v, list) or not all(isinstance(x, (int, float)) for x in v):
            continue
        if after.is_terminal() and isinstance(o1.get(key), list) and len(o1[key]) == len(v):
            out[key] = list(o1[key])
            continue
        # where tricks are collected, the result's tricks are those collected, not those won
        source = "tricks" if key == "tricks_won" and "collected" not in o0 else "tricks" if key == "collected" else key
        got = r.get(source)
        if isinstance(got, list) and len(got) == len(v) and all(isinstance(x, (int, float)) for x in got):
            out[key] = list(got)
        elif key in TRICK_COUNTS and winner is not None:
            out[key] = list(v)
            for i, who in enumerate(members_of(before, len(v))):
                out[key][i] += winner in who
        elif key == "challenger_tricks" and winner is not None and winner in (o0.get("challengers") or []):
            out[key] = [v[0] + 1]
    if isinstance(o1.get("scores"), list):
        out["scores"] = list(o1["scores"])
    return out


def finished_scene(before: _core.State, action: str, viewer: Optional[int] = None,
                   four_colour: bool = False, after: Optional[_core.State] = None,
                   tr: Translator = EN) -> Optional[Scene]:
    """The table the moment ``action`` finishes a trick in ``before``: ``before``'s table
    with the action's cards added to the trick, the winner marked and nobody to act;
    ``None`` when the action finishes no trick. ``after`` is the state after the action
    (made when not given); its hand result is added to the lines when the hand ended.
    The words are in ``tr``'s language."""
    if after is None:
        after = before.clone()
        after.apply(action)
    if not completed(before, action, after):
        return None
    pack = pack_of_game(before)
    cards, _ = split_action(pack, action)
    if before.current_player < 0 or not cards:
        return None
    winner = winner_before(before, before.current_player, cards)
    looker = 0 if viewer is None else viewer
    o = after.observation(looker)
    was = before.observation(looker)
    ended = (after.is_terminal() or o.get("hand_number") != was.get("hand_number")
             or (o.get("last_result") or o.get("last_hand")) not in (None, was.get("last_result") or was.get("last_hand")))
    scene = build(before, viewer, False, four_colour, tr=tr, counts=counted(before, after, winner) if ended else None)
    seat = scene.mover
    if seat is None:
        return None
    hand = scene.seats[seat].cards
    for c in cards:
        if c in hand or None in hand:
            hand.remove(c if c in hand else None)
    scene.trick = [*scene.trick, *((seat, c) for c in cards)]
    scene.finished = True
    scene.winner = winner
    scene.mover = None
    for s in scene.seats:
        s.to_act = False
        s.chips = [c for c in s.chips if c.kind not in ("act", "lead")]
    scene.info.append(tr.t("Trick") if scene.winner is None
                      else tr.t("Trick won by seat {seat}", seat=number(tr, scene.winner)))
    if ended:
        scene.result = result_words(after, o, tr) or ""
        line = result_line(o, tr, after)
        if line:
            scene.info.append(line)
    return scene

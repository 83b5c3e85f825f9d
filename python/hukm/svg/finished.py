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

from typing import Any, Optional

from .. import _core
from ..i18n import Translator
from .lines import _god_trick, _winner_before, split_action
from .packs import pack_of_game
from .scene import Scene, build
from .wording import EN, NP_, number, word

RESULT_KEYS: tuple[str, ...] = (
    NP_("result key", "points"), NP_("result key", "tricks"), NP_("result key", "winner"),
    NP_("result key", "contract"), NP_("result key", "declarer"), NP_("result key", "gains"),
    NP_("result key", "target"), NP_("result key", "akheri"), NP_("result key", "akheri beaten by"),
    NP_("result key", "dealer"), NP_("result key", "net"), NP_("result key", "banker"),
    NP_("result key", "pool"), NP_("result key", "balls"), NP_("result key", "bid"),
    NP_("result key", "caller"), NP_("result key", "special"), NP_("result key", "totals"),
    NP_("result key", "trumper"),
)
"""The names of the facts of a hand's result (``last_result``, ``last_hand``)."""


def completed(before: _core.State, action: str, after: _core.State) -> bool:
    """Whether ``action``, played in ``before`` to give ``after``, finished a trick: the
    trick had begun and the next state's trick does not continue it."""
    prior = _god_trick(before)
    if not prior:
        return False
    return _god_trick(after)[: len(prior)] != prior


def result_line(obs: dict[str, Any], tr: Translator = EN) -> Optional[str]:
    """The result of the hand just ended, from an observation's ``last_result`` or
    ``last_hand`` (each family words it its own way), as one line in ``tr``'s language."""
    r = obs.get("last_result") or obs.get("last_hand")
    if not isinstance(r, dict):
        return None
    parts = []
    for k, v in r.items():
        if v is None or isinstance(v, dict) or v is False:
            continue
        if isinstance(v, list):
            if not v or not all(isinstance(x, (int, float)) for x in v):
                continue
            v = "/".join(f"{x:g}" for x in v)
        if k == "kind":
            parts.append(word(tr, "result", v))
        elif k == "special":
            parts.append(f"{word(tr, 'result key', 'special')} {word(tr, 'call', v)}")
        else:
            parts.append(f"{word(tr, 'result key', k.replace('_', ' '))} {number(tr, v)}")
    return tr.t("Hand {n} over: {result}", n=int(obs.get("hand_number", 2)) - 1, result=tr.t(" · ").join(parts))


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
    scene = build(before, viewer, False, four_colour, tr=tr)
    cards, _ = split_action(pack, action)
    seat = scene.mover
    if seat is None or not cards:
        return None
    hand = scene.seats[seat].cards
    for c in cards:
        if c in hand or None in hand:
            hand.remove(c if c in hand else None)
    scene.trick = [*scene.trick, *((seat, c) for c in cards)]
    scene.finished = True
    scene.winner = _winner_before(before, seat, cards)
    scene.mover = None
    for s in scene.seats:
        s.to_act = False
        s.chips = [c for c in s.chips if c.kind not in ("act", "lead")]
    scene.info.append(tr.t("Trick") if scene.winner is None
                      else tr.t("Trick won by seat {seat}", seat=number(tr, scene.winner)))
    looker = 0 if viewer is None else viewer
    o = after.observation(looker)
    if o.get("hand_number") != before.observation(looker).get("hand_number") or after.is_terminal():
        line = result_line(o, tr)
        if line:
            scene.info.append(line)
    return scene

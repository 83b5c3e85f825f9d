"""Thunee: the trumper and his bid, the trump card face down, the calls (Thunee,
Royals) and claims, the Jodhi, the points and balls; values in balls once a call is
made; the page's words.

>>> import hukm
>>> from hukm.svg.scene import build
>>> [s.side for s in build(hukm.game("thunee2").new_game(1)).seats]
[0, 1]
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ... import _core
from ...i18n import N_, WN_, WNP_, Translator
from ...svg.reading import Ctx, Special, members_of, scores
from ...svg.wording import EN, NP_, action_label, card_text, number, seats, word

FAMILY = WN_("Thunee")
"""The family's name on the page."""

POSITION: dict[str, tuple[str, str]] = {
    "bid": ("term", "bid"),
    "trumper": ("position", WNP_("position", "trumper")),
    "thunee": ("position", WNP_("position", "thunee")),
    "royals": ("position", WNP_("position", "royals")),
    "stock": ("position", WNP_("position", "stock")),
}
"""The page's names of the position keywords: the game's words and the page's own."""

TITLES: tuple[str, ...] = (
    NP_("game", "Thunee"), NP_("game", "Thunee: bids, trumps, Jodhi and Thunee only"),
    NP_("game", "Thunee as played online: 13 balls, last-trick bonus"),
    NP_("game", "Thunee for two: two rounds of six cards"),
    NP_("game", "Thunee for six: three against three"),
)
"""The presets' titles (``hukm.registry.info(name).title``)."""

MARKS: tuple[str, ...] = (
    NP_("call", "thunee"), NP_("call", "royals"), NP_("call", "double"), NP_("action", "thunee"),
    NP_("action", "royals"), NP_("action", "jodhi"), NP_("action", "khanuck"), NP_("phase", "jodhi"),
    NP_("result", "counted"), NP_("result", "no_trump"), NP_("result", "partner_catch"),
    NP_("result", "sweep_lost"), NP_("result", "sweep_won"), NP_("result key", "trumper"),
    NP_("result key", "jodhi"),
)
"""The game's own engine values and actions, marked for the catalogs."""

SENTENCES = {
    "thunee": N_("{who} calls Thunee"),
    "royals": N_("{who} calls Royals"),
    "jodhi": N_("{who} shows a jodhi in {arg}"),
}
"""The captions of the game's own decisions."""


def read(c: Ctx) -> None:
    """The sides, the trumper and his bid or the call, the calling, the trump, the Jodhi, the points."""
    o, sc, pack, tr = c.o, c.scene, c.pack, c.tr
    c.sides()
    c.chip(o.get("dealer"), tr.pt("role", "dealer"))
    trumper = o.get("trumper")
    if o.get("special") is not None:
        special = str(o["special"])
        c.chip(o.get("caller"), word(tr, "call", special))
        name = special.replace("_", " ").capitalize() if tr is EN else word(tr, "call", special)
        sc.info.append(tr.t("{call} by seat {seat}", call=name, seat=c.n(o.get("caller"))))
    elif trumper is not None:
        c.chip(trumper, tr.t("trumper · {bid}", bid=c.n(o.get("bid") or 0)))
        line = tr.t("Bid: {bid} by seat {seat}", bid=c.n(o.get("bid") or 0), seat=c.n(trumper))
        if o.get("target") is not None:
            line = tr.t("{line} · counting target {n}", line=line, n=c.n(o["target"]))
        sc.info.append(line)
    if o.get("phase") == "bid" and o.get("auction"):
        sc.info.append(tr.t("Calling: {calls}", calls=tr.t(" · ").join(
            f"{c.n(s)}: {a if tr is EN else action_label(pack, str(a), tr)}" for s, a in o["auction"][-6:])))
    trump = o.get("trump")
    informed = c.obs[trumper] if isinstance(trumper, int) else o
    ind = informed.get("indicator")
    if o.get("indicator_down") and not o.get("revealed"):
        knows = (c.viewer is None or c.viewer == trumper) and ind is not None
        real = informed.get("trump") if knows else None
        sc.info.append(tr.t("Trump: face down ({suit})", suit=c.suit(real)) if real else tr.t("Trump: face down"))
        if real:
            sc.trump = pack.suit_index(real)
        cap = (tr.t("trump card {card} (face down)", card=card_text(pack, ind)) if knows and ind is not None
               else tr.t("trump card (face down)"))
        sc.specials.append(Special(cap, None, trumper, "indicator"))
    elif trump is not None:
        sc.trump = pack.suit_index(trump)
        sc.info.append(tr.t("Trump: {suit}", suit=c.suit(trump)))
    for j in o.get("jodhi") or []:
        sc.info.append(tr.t("Jodhi: seat {seat} {suit} {value}", seat=c.n(j["seat"]), suit=c.suit(j["suit"]),
                            value=c.n(j["value"])))
    if o.get("claim"):
        c.chip(o.get("claimer"), word(tr, "call", o["claim"]))
    pts = o.get("points")
    if pts:
        c.count("points", tr.t("Points"), pts)
    scores(c, tr.t("Balls"))


def result_words(state: _core.State, r: dict[str, Any], tr: Translator = EN) -> Optional[str]:
    """A hand's result (``last_result``) in words: the side that scores its balls (only
    one does) and, in a hand counted against its target, what the counting side (the
    trumper's opponents) made: ``Seats 1 & 3 score 1 ball: the counting side made 90,
    needing 85``; a call's result names the call; an annulled deal scores nothing.

    >>> import hukm
    >>> s = hukm.game("thunee4").new_game(0)
    >>> result_words(s, {"kind": "counted", "trumper": 3, "special": None, "target": 85, "totals": [90, 214],
    ...                  "balls": [1, 0]})
    'Seats 0 & 2 score 1 ball: the counting side made 90, needing 85'
    """
    balls = r.get("balls")
    if not isinstance(balls, list) or not balls:
        return None
    if not any(balls):
        return tr.t("No ball this hand")
    side = max(range(len(balls)), key=lambda i: balls[i])
    who = members_of(state, len(balls))[side]
    won = tr.nt("{n} ball", "{n} balls", int(balls[side]))
    text = (tr.t("Seats {seats} score {balls}", seats=seats(tr, who), balls=won) if len(who) > 1 else
            tr.t("Seat {seats} scores {balls}", seats=seats(tr, who), balls=won))
    special, trumper, totals, target = r.get("special"), r.get("trumper"), r.get("totals"), r.get("target")
    if special:
        return f"{text} ({word(tr, 'call', special).replace('_', ' ')})"
    sides = members_of(state, len(balls))
    counting = next((i for i, m in enumerate(sides) if trumper not in m), None)
    if isinstance(totals, list) and len(totals) == len(balls) and counting is not None and target is not None:
        text = tr.t("{result}: the counting side made {count}, needing {target}", result=text,
                    count=number(tr, totals[counting]), target=number(tr, target))
    return text


def trump_shown(state: _core.State, obs: Mapping[str, Any]) -> Optional[str]:
    """A trump concealed under the indicator card laid face down, until it is revealed."""
    return "concealed" if obs.get("indicator_down") and not obs.get("revealed") else None


# The generic rules this game keeps (every member of hukm._families.Presentation is named).
from ...svg.generic_rules import (  # noqa: E402
    FROM_HERE as FROM_HERE, ROLES as ROLES, hidden_label as hidden_label, seat_cards as seat_cards,
    visible as visible, who as who,
    TABLE_COUNTS as TABLE_COUNTS,
    board_header as board_header, board_scene as board_scene,
)

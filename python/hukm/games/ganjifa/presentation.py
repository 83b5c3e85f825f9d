"""Ganjifa, each player for himself: the cards known of every hand, the lead and its
kind, the named suit; values that count the tricks won before; the page's words.

>>> import hukm
>>> from hukm.svg.scene import build
>>> build(hukm.game("ganjifa").new_game(1)).info[2]
'Step: opening'
"""

from __future__ import annotations

from typing import Any, Optional

from ... import _core

from ...i18n import N_, WN_, Translator
from ...packs import Pack
from ...svg.reading import Ctx, scores
from ...svg.wording import NP_, signed, word
from ..hokm.presentation import takes_words

FAMILY = WN_("Ganjifa")
"""The family's name on the page."""

FROM_HERE = False
"""A value counts the tricks the player took before the position too."""

TITLES: tuple[str, ...] = (NP_("game", "Ganjifa, each player for himself"),)
"""The presets' titles (``hukm.registry.info(name).title``)."""

MARKS: tuple[str, ...] = (
    NP_("step", "double"), NP_("step", "give"), NP_("step", "lead"), NP_("step", "name"),
    NP_("step", "named_lead"), NP_("step", "opening"), NP_("lead", "compound"), NP_("lead", "deni"),
    NP_("lead", "single"), NP_("action", "deni"), NP_("action", "facedown"),
)
"""The game's own engine values and actions, marked for the catalogs."""

SENTENCES = {"deni": N_("{who} plays deni with {arg}")}
"""The captions of the game's own decisions."""


def hidden_label(pack: Pack, action: str, tr: Translator) -> Optional[str]:
    """A face-down lead as the others see it (``facedown:?:QM``): the suit it names."""
    verb, _, rest = action.partition(":")
    if verb != "facedown":
        return None
    i = pack.suit_index(rest.rpartition(":")[2])
    suit = tr.suit(pack.suits[i][1]) if i is not None else rest
    return tr.t("leads a card face down, naming {suit}", suit=suit)


def visible(c: Ctx) -> dict[int, list[str]]:
    """The observation's ``cards`` list what the viewer knows of each seat, compact."""
    return {s: c.pack.cards_of_hand(h, f"seat {s}") for s, h in enumerate(c.o["cards"])}



def read(c: Ctx) -> None:
    """The dealer, the tricks, the lead suit and the lead's kind, the named suit, the step."""
    o, sc, tr = c.o, c.scene, c.tr
    c.chip(o.get("dealer"), tr.pt("role", "dealer"))
    c.count("tricks", tr.t("Tricks"), o.get("tricks", []), note=N_("tricks {n}"))
    sc.info.append(tr.t("Lead suit: {suit}", suit=c.suit(o.get("lead_suit"))))
    d = o.get("trick_detail")
    if d:
        line = tr.t("Lead: {kind} by seat {seat}", kind=word(tr, "lead", d.get("kind")), seat=c.n(d.get("leader")))
        if d.get("width"):
            w = int(d["width"])
            line = tr.nt("{line}, {n} card(s)", "{line}, {n} card(s)", w, line=line)
        parts = [line]
        if d.get("opening"):
            parts.append(tr.t("opening"))
        if d.get("suit"):
            parts.append(tr.t("suit {suit}", suit=c.suit(d["suit"])))
        if d.get("doubled"):
            parts.append(tr.t("doubled"))
        sc.info.append(tr.t(" · ").join(parts))
    if o.get("named_suit"):
        sc.info.append(tr.t("Named suit: {suit}", suit=c.suit(o["named_suit"])))
    if o.get("phase2"):
        sc.info.append(tr.t("Wilkins phase 2"))
    if o.get("step"):
        sc.info.append(tr.t("Step: {step}", step=word(tr, "step", o["step"])))
    scores(c)


def result_words(state: _core.State, r: dict[str, Any], tr: Translator) -> Optional[str]:
    """A hand's result (``last_hand``) in words: the player who gains most, his tricks
    against the others', and his net gain: ``Seat 0 takes 14 tricks to 12–6 and wins the
    hand: +8``.

    >>> import hukm
    >>> from hukm.i18n import translator
    >>> result_words(hukm.game("ganjifa").new_game(0), {"dealer": 2, "tricks": [14, 12, 6], "net": [8, 0, -8]},
    ...              translator("en"))
    'Seat 0 takes 14 tricks to 12–6 and wins the hand: +8'
    """
    tricks, net = r.get("tricks"), r.get("net")
    if not isinstance(tricks, list) or not isinstance(net, list) or len(net) != len(tricks) or not net:
        return None
    winner = max(range(len(net)), key=lambda i: (net[i], tricks[i]))
    return tr.t("{result}: {gain}", result=takes_words(state, tricks, winner, tr), gain=signed(tr, net[winner]))


# The generic rules this game keeps (every member of hukm._families.Presentation is named).
from ...svg.generic_rules import (  # noqa: E402
    POSITION as POSITION, ROLES as ROLES, seat_cards as seat_cards, trump_shown as trump_shown,
    who as who,
    TABLE_COUNTS as TABLE_COUNTS,
    board_header as board_header, board_scene as board_scene,
)

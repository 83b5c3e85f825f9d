"""Dugi, partnership Ganjifa: the challengers and their tricks, the king pass, the
asked and named suits; the page's words.

>>> import hukm
>>> from hukm.svg.scene import build
>>> build(hukm.game("dugi").new_game(1)).info[2]
'Challengers: seats 0 & 2 · 0 trick(s) taken'
"""

from __future__ import annotations

from typing import Optional

from ...i18n import N_, WN_, Translator
from ...packs import Pack
from ...svg.reading import Chip, Count, Ctx, scores
from ...svg.wording import EN, NP_, seats, word
from ..ganjifa.presentation import visible as visible

FAMILY = WN_("Dugi")
"""The family's name on the page."""

TITLES: tuple[str, ...] = (NP_("game", "Dugi: partnership Ganjifa"),)
"""The presets' titles (``hukm.registry.info(name).title``)."""

MARKS: tuple[str, ...] = (
    NP_("king pass", "declined"), NP_("king pass", "made"), NP_("action", "offer"), NP_("action", "ask"),
    NP_("phase", "king_pass"),
)
"""The game's own engine values and actions, marked for the catalogs."""

SENTENCES = {"offer": N_("{who} offers"), "ask": N_("{who} asks")}
"""The captions of the game's own decisions."""


def hidden_label(pack: Pack, action: str, tr: Translator) -> Optional[str]:
    """The King pass as the defenders see it (``accept:?``)."""
    if action.partition(":")[0] != "accept":
        return None
    return tr.t("takes the King, giving a card face down")


def read(c: Ctx) -> None:
    """The dealer, the challengers' side, the lead suit, the king pass, the asked and named suits."""
    o, sc, tr = c.o, c.scene, c.tr
    c.chip(o.get("dealer"), tr.pt("role", "dealer"))
    ch = o.get("challengers") or []
    for s in range(len(sc.seats)):
        sc.seats[s].side = 0 if s in ch else 1
        if s in ch:
            sc.seats[s].chips.append(Chip(tr.t("challenger"), "side"))
    sc.info.append(tr.t("Lead suit: {suit}", suit=c.suit(o.get("lead_suit"))))
    if ch:
        taken = int(o.get("challenger_tricks", 0))
        sc.counts.append(Count("challenger_tricks", tr.t("Tricks"), [taken], [sorted(ch)]))
        sc.info.append(tr.nt("Challengers: seats {seats} · {n} trick(s) taken",
                             "Challengers: seats {seats} · {n} trick(s) taken", taken, seats=seats(tr, ch)))
    if o.get("king_pass"):
        sc.info.append(tr.t("King pass: {result}", result=word(tr, "king pass", o["king_pass"])))
    if o.get("asked"):
        sc.info.append(tr.t("Asked: {suit}", suit=o["asked"] if tr is EN else c.suit(o["asked"])))
    if o.get("named"):
        sc.info.append(tr.t("Named: {suit}", suit=c.suit(o["named"])))
    scores(c)


# The generic rules this game keeps (every member of hukm._families.Presentation is named).
from ...svg.generic_rules import (  # noqa: E402
    FROM_HERE as FROM_HERE, POSITION as POSITION, ROLES as ROLES, result_words as result_words,
    seat_cards as seat_cards, trump_shown as trump_shown, who as who,
    TABLE_COUNTS as TABLE_COUNTS,
    board_header as board_header, board_scene as board_scene,
)

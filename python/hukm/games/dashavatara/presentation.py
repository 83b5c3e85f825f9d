"""Dashavatara Ganjifa: the trump of the period, the deal and trick, the cards
captured, the ducal; the page's words."""

from __future__ import annotations

from ...i18n import N_, WN_
from ...svg.reading import Ctx, scores
from ...svg.wording import NP_, word

FAMILY = WN_("Dashavatara")
"""The family's name on the page."""

TITLES: tuple[str, ...] = (NP_("game", "Dashavatara Ganjifa"),)
"""The presets' titles (``hukm.registry.info(name).title``)."""


def read(c: Ctx) -> None:
    """The dealer, the trump and period, the deal and trick, the cards captured, the ducal.

    >>> import hukm
    >>> from hukm.svg.scene import build
    >>> build(hukm.game("dashavatara").new_game(1)).info[2]
    'Deal 1 · trick 1'
    """
    o, sc, pack, tr = c.o, c.scene, c.pack, c.tr
    c.chip(o.get("dealer"), tr.pt("role", "dealer"))
    sc.trump = pack.suit_index(o.get("trump") or "")
    sc.info.append(tr.t("Trump: {suit} · {period}", suit=c.suit(o.get("trump")),
                        period=tr.pt("term", str(o.get("period")))))
    sc.info.append(tr.t("Deal {deal} · trick {trick}", deal=c.n(o.get("deal")), trick=c.n(o.get("trick_no"))))
    c.count("captured", tr.t("Captured"), o.get("captured", []), note=N_("captured {n}"))
    if o.get("ducal"):
        d = o["ducal"]
        sc.info.append(tr.t("Ducal: {items}", items=", ".join(
            f"{word(tr, 'ducal', k)} {word(tr, 'ducal', v) if isinstance(v, str) else c.n(v)}"
            for k, v in d.items() if not isinstance(v, (list, dict)))))
    if o.get("owed"):
        sc.info.append(tr.t("Cards owed to the ducal: {n}", n=c.n(o["owed"])))
    scores(c)


# The generic rules this game keeps (every member of hukm._families.Presentation is named).
from ...svg.generic_rules import (  # noqa: E402
    FROM_HERE as FROM_HERE, MARKS as MARKS, POSITION as POSITION, ROLES as ROLES,
    SENTENCES as SENTENCES, hidden_label as hidden_label, result_words as result_words,
    seat_cards as seat_cards, trump_shown as trump_shown, visible as visible,
    who as who,
    TABLE_COUNTS as TABLE_COUNTS,
    board_header as board_header, board_scene as board_scene,
)

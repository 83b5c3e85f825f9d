"""Naqsh, the banking game of 17: every hand in the order received, the banker, the
stakes, the busts, the stock on the felt; the page's words.

>>> import hukm
>>> from hukm.svg.scene import build
>>> build(hukm.game("naqsh").new_game(1)).felt_specials
True
"""

from __future__ import annotations

from typing import Any, Optional

from ... import _core
from ...i18n import N_, WN_, WNP_, Translator
from ...svg.reading import Chip, Count, Ctx, Special, scores
from ...svg.wording import EN, NP_, number, signed, word

FAMILY = WN_("Naqsh")
"""The family's name on the page."""

POSITION: dict[str, tuple[str, str]] = {
    "banker": ("role", "banker"), "stock": ("position", WNP_("position", "stock")),
}
"""The page's names of the position keywords: the game's words and the page's own."""

ROLES = {"banker": WNP_("role", "banker")}
"""The roles a table's status line names, by observation key (``role`` messages)."""

TITLES: tuple[str, ...] = (NP_("game", "Naqsh: the banking game of 17"),)
"""The presets' titles (``hukm.registry.info(name).title``)."""

MARKS: tuple[str, ...] = (
    NP_("action", "stand"), NP_("result", "natural"), NP_("result", "bust"), NP_("result key", "banker"),
    N_("net stakes"),
)
"""The game's own engine values and actions, marked for the catalogs."""

SENTENCES = {"stand": N_("{who} stands")}
"""The captions of the game's own decisions."""


def seat_cards(c: Ctx) -> None:
    """Every seat's cards in the order received, hidden cards where they lie."""
    for s, sc in enumerate(c.scene.seats):
        sc.grouped = False
        sc.cards = list(c.obs[s]["cards"][s] if c.viewer is None else c.o["cards"][s])


def read(c: Ctx) -> None:
    """The banker, the stakes, the busts, the hand, the pool, the stock."""
    o, sc, tr = c.o, c.scene, c.tr
    c.chip(o.get("banker"), tr.t("banker"))
    for s, st in enumerate(o.get("stakes", [])):
        if st is not None:
            sc.seats[s].notes.append(tr.t("stake {n}", n=c.n(st)))
    for s, b in enumerate(o.get("busted", [])):
        if b:
            sc.seats[s].chips.append(Chip(tr.t("bust"), "bad"))
    # A position (``from_deal``) is one hand, not a hand of a match.
    if c.state.origin()[0][0] == "deal":
        sc.info.append(tr.t("One hand · banker seat {seat}", seat=c.n(o.get("banker"))))
    else:
        sc.info.append(tr.t("Hand {hand} of {hands} · banker seat {seat}", hand=c.n(o.get("hand_number")),
                            hands=c.n(o.get("hands_per_match")), seat=c.n(o.get("banker"))))
    if o.get("pool"):
        sc.info.append(tr.t("Pool: {n}", n=c.n(o["pool"])))
    sc.specials.append(Special(tr.t("stock {n}", n=int(o.get("stock", 0))), None, None, "stock",
                               int(o.get("stock", 0))))
    sc.felt_specials = True
    scores(c)


def result_words(state: _core.State, r: dict[str, Any], tr: Translator = EN) -> Optional[str]:
    """A hand's result (``last_result``) in words: the banker's net and every player's:
    ``Banker seat 4: -3 · net: seat 0: -1 · seat 1: +1 · …``.

    >>> import hukm
    >>> s = hukm.game("naqsh").new_game(0)
    >>> result_words(s, {"banker": 1, "net": [-1, 2, -1]})
    'Banker seat 1: +2 · net: seat 0: -1 · seat 1: +2 · seat 2: -1'
    """
    banker, net = r.get("banker"), r.get("net")
    if not isinstance(banker, int) or not isinstance(net, list) or not 0 <= banker < len(net):
        return None
    signs = [signed(tr, x) for x in net]
    players = Count("net", word(tr, "result key", "net"), signs, [[s] for s in range(len(net))]).line(tr)
    return tr.t("Banker seat {seat}: {gain} · {players}", seat=number(tr, banker), gain=signs[banker],
                players=players)


# The generic rules this game keeps (every member of hukm._families.Presentation is named).
TABLE_COUNTS = {"stakes": NP_("score", "stakes")}
"""Each seat's stakes, under the terminal's table."""

from ...svg.generic_rules import (  # noqa: E402
    FROM_HERE as FROM_HERE, hidden_label as hidden_label, trump_shown as trump_shown,
    visible as visible, who as who,
    board_header as board_header, board_scene as board_scene,
)

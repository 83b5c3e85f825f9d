"""Twenty-eight and its relatives (Twenty-nine, Forty, Fifty-six): the bidder and his
contract, the trump indicator laid face down, the pair, the card points; the page's words.

>>> import hukm
>>> from hukm.svg.scene import build
>>> [s.side for s in build(hukm.game("40").new_game(1)).seats]
[0, 1, 0, 1, 0, 1]
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ... import _core
from ...i18n import N_, WN_, WNP_, Translator
from ...svg.reading import Ctx, Special, members_of, scores
from ...svg.wording import EN, NP_, action_label, card_text, number, seats, signed

FAMILY = WN_("Twenty-eight")
"""The family's name on the page."""

POSITION: dict[str, tuple[str, str]] = {
    "bidder": ("role", "bidder"),
    "indicator": ("position", WNP_("position", "indicator")),
    "contract": ("position", WNP_("position", "contract")),
}
"""The page's names of the position keywords: the game's words and the page's own."""

ROLES = {"bidder": "bidder"}
"""The roles a table's status line names, by observation key (``role`` messages)."""

TITLES: tuple[str, ...] = (
    NP_("game", "Twenty-eight"), NP_("game", "Twenty-nine: the pair and the last-trick point"),
    NP_("game", "Twenty-eight as played in West Bengal"), NP_("game", "Forty: six players, threes added"),
    NP_("game", "Fifty-six: six players, double pack"),
)
"""The presets' titles (``hukm.registry.info(name).title``)."""

MARKS: tuple[str, ...] = (
    NP_("action", "pair"), NP_("action", "seventh"), NP_("action", "redouble"), NP_("phase", "pair"),
    NP_("result", "failed"),
)
"""The game's own engine values and actions, marked for the catalogs."""

SENTENCES = {"pair": N_("{who} shows the pair")}
"""The captions of the game's own decisions."""


def read(c: Ctx) -> None:
    """The sides, the bidder and his contract, the auction, the trump, the pair, the points."""
    o, sc, pack, tr = c.o, c.scene, c.pack, c.tr
    c.sides()
    c.chip(o.get("dealer"), tr.pt("role", "dealer"))
    bidder = o.get("bidder")
    bid = o.get("contract") or o.get("high_bid")
    if bidder is not None:
        c.chip(bidder, tr.t("bidder · {bid}", bid=c.n(bid)))
        parts = [tr.t("Bid: {bid} by seat {seat}", bid=c.n(bid), seat=c.n(bidder))]
        if o.get("target") is not None:
            parts.append(tr.t("target {n}", n=c.n(o["target"])))
        if o.get("doubled"):
            parts.append(tr.t("doubled") if o["doubled"] == 1 else tr.t("redoubled"))
        sc.info.append(tr.t(" · ").join(parts))
    if o.get("soloist") is not None:
        c.chip(o["soloist"], tr.t("solo"))
    if o.get("half_court"):
        sc.info.append(tr.t("Half court"))
    if o.get("phase") == "bid" and o.get("auction"):
        sc.info.append(tr.t("Auction: {bids}", bids=tr.t(" · ").join(
            f"{c.n(s)}: {a if tr is EN else action_label(pack, str(a), tr)}" for s, a in o["auction"][-6:])))
    informed = c.obs[bidder] if isinstance(bidder, int) else o
    trump = o.get("trump")
    ind = informed.get("indicator")
    if trump is not None and (o.get("revealed") or not o.get("indicator_down", True)):
        sc.trump = pack.suit_index(trump)
        sc.info.append(tr.t("Trump: {suit} (revealed by seat {seat})", suit=c.suit(trump), seat=c.n(o["caller"]))
                       if o.get("caller") is not None else tr.t("Trump: {suit} (revealed)", suit=c.suit(trump)))
    elif ind is not None:
        real = informed.get("trump")
        knows = c.viewer is None or c.viewer == bidder
        sc.info.append(tr.t("Trump: concealed ({suit})", suit=c.suit(real)) if knows and real
                       else tr.t("Trump: concealed"))
        if knows and real:
            sc.trump = pack.suit_index(real)
        cap = (tr.t("indicator {card} (face down)", card=card_text(pack, ind)) if knows
               else tr.t("indicator (face down)"))
        sc.specials.append(Special(cap, None, bidder, "indicator"))
    elif trump is not None:
        sc.trump = pack.suit_index(trump)
        sc.info.append(tr.t("Trump: {suit}", suit=c.suit(trump)))
    elif o.get("phase") not in ("bid",):
        sc.info.append(tr.t("Trump: not chosen yet"))
    if o.get("pair_by") is not None:
        sc.info.append(tr.t("Pair shown by seat {seat}", seat=c.n(o["pair_by"])))
    pts = o.get("points")
    if pts:
        c.count("points", tr.t("Points"), pts)
    scores(c, tr.t("Game points"))


def result_words(state: _core.State, r: dict[str, Any], tr: Translator = EN) -> Optional[str]:
    """A hand's result (``last_result``) in words: the bidder's side, its contract, made or
    failed with its card points against the others', and the game points it gained or
    lost: ``Seats 0 & 2 bid 16 and make it, 18 points to 10: +1``; a void hand (the
    trump never shown) counts nothing.

    >>> import hukm
    >>> s = hukm.game("28").new_game(0)
    >>> result_words(s, {"kind": "failed", "declarer": 2, "contract": 16, "points": [15, 14], "gains": [-1, 0]})
    'Seats 0 & 2 bid 16 and fail, 15 points to 14: -1'
    """
    points, gains, declarer = r.get("points"), r.get("gains") or [], r.get("declarer")
    if not isinstance(points, list) or not isinstance(declarer, int) or not points:
        return None
    sides = members_of(state, len(points))
    side = next((i for i, m in enumerate(sides) if declarer in m), None)
    if side is None:
        return None
    who, contract = seats(tr, sides[side]), number(tr, r.get("contract"))
    if r.get("kind") == "void":
        return tr.t("No game points: the trump was never shown (seats {seats} bid {contract})", seats=who,
                    contract=contract)
    n = int(points[side])
    count = tr.nt("{n} point", "{n} points", n)
    other = "–".join(number(tr, x) for i, x in enumerate(points) if i != side)
    if tr.rtl:
        other = f"\u2068{other}\u2069"
    gain = signed(tr, gains[side]) if len(gains) == len(points) else signed(tr, 0)
    if r.get("kind") == "made":
        return tr.t("Seats {seats} bid {contract} and make it, {count} to {other}: {gain}", seats=who,
                    contract=contract, count=count, other=other, gain=gain)
    return tr.t("Seats {seats} bid {contract} and fail, {count} to {other}: {gain}", seats=who, contract=contract,
                count=count, other=other, gain=gain)


def trump_shown(state: _core.State, obs: Mapping[str, Any]) -> Optional[str]:
    """A trump concealed under the indicator card laid face down, until it is revealed."""
    return "concealed" if obs.get("indicator_down") and not obs.get("revealed") else None


# The generic rules this game keeps (every member of hukm._families.Presentation is named).
from ...svg.generic_rules import (  # noqa: E402
    FROM_HERE as FROM_HERE, hidden_label as hidden_label, seat_cards as seat_cards,
    visible as visible, who as who,
    TABLE_COUNTS as TABLE_COUNTS,
    board_header as board_header, board_scene as board_scene,
)

"""Hokm and its relatives (Court Piece, Sar, Rang, Satat, Dehla Pakad, Be Ranga): the
Hakem and his trump, the heap, the stock, the signals, the match; the exposed dummy and
partner's hand; the Hakem named in captions; the page's words.

>>> import hukm
>>> from hukm.svg.scene import build
>>> s = hukm.game("hokm4").from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0, hakem=0)
>>> [c.text for c in build(s).seats[0].chips]
['Hakem', 'to act']
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ... import _core
from ...i18n import N_, WN_, WNP_, Translator
from ..._families import description_of
from ...svg.reading import Chip, Ctx, Special, members_of, scores
from ...svg.wording import EN, NP_, card_text, number, seats, signed, word

FAMILY = WN_("Hokm")
"""The family's name on the page."""

POSITION: dict[str, tuple[str, str]] = {"hakem": ("role", "Hakem")}
"""The position keywords named by the game's words (``words`` catalog)."""

ROLES = {"hakem": "Hakem", "boss": WNP_("role", "boss")}
"""The roles a table's status line names, by observation key (``role`` messages)."""

TITLES: tuple[str, ...] = (
    NP_("game", "Hokm for four, Iran"), NP_("game", "Hokm for three, 17 cards each"),
    NP_("game", "Hokm for two, keep-or-reject drawing"),
    NP_("game", "Court Piece (Rang): kot choice and kot counting"),
    NP_("game", "Single Sar: every trick to its winner, all 13 played"),
    NP_("game", "Double Sar: tricks collected from a heap"),
    NP_("game", "Dummy Rang: three players and an exposed dummy"),
    NP_("game", "Dab Rang: auction for sars, hidden trump and the cut call"),
    NP_("game", "Satat: the two of hearts is the highest trump"),
    NP_("game", "Trup kasiet: Satat with a secret trump"),
    NP_("game", "Dehla Pakad (Mindi): the tens collected decide"),
    NP_("game", "Be Ranga: the first void play fixes trumps"),
)
"""The presets' titles (``hukm.registry.info(name).title``)."""

MARKS: tuple[str, ...] = (
    NP_("action", "stop"), NP_("action", "continue"), NP_("action", "keep"), NP_("action", "reject"),
    NP_("phase", "kot_choice"),
    NP_("result", "failed_bavney"), NP_("result", "four_tens"), NP_("result", "kot"),
    NP_("role", "Hakem"), NP_("role", "dummy"),
)
"""The game's own engine values, actions and roles (the Hakem, Dummy Rang's dummy), marked
for the catalogs."""

SENTENCES = {
    "stop": N_("{who} stops and takes the kot"),
    "continue": N_("{who} plays on"),
    "keep": N_("{who} keeps the card drawn"),
    "reject": N_("{who} rejects the card drawn"),
}
"""The captions of the game's own decisions."""

def visible(c: Ctx) -> dict[int, list[str]]:
    """The viewer's hand, and an exposed hand (Dummy Rang's dummy, a partner's hand)."""
    o = c.o
    seat = int(o.get("seat", c.viewer or 0))
    vis: dict[int, list[str]] = {seat: list(o["hand"])}
    for key in ("dummy_hand", "partner_hand"):
        exposed = o.get(key)
        if exposed:
            for s, h in enumerate(c.state.hands()):
                if h == exposed and s != seat:
                    vis[s] = c.pack.cards_of_hand(h, f"seat {s}")
    return vis



def read(c: Ctx) -> None:
    """The roles, seat names, sides, trump, tricks, heap, auction, stock, signals and match."""
    o, sc, pack, tr = c.o, c.scene, c.pack, c.tr
    n = len(sc.seats)
    c.chip(o.get("dealer"), tr.pt("role", "dealer"))
    boss = o.get("boss")
    if boss is not None:
        c.chip(boss, tr.t("boss · bid {bid}", bid=c.n(o.get("bid"))))
    elif o.get("phase") != "auction":
        c.chip(o.get("hakem"), tr.pt("role", "Hakem"))
    table = o.get("table")
    if isinstance(table, list):
        exposed = o.get("dummy_hand")
        for s, p in enumerate(table):
            dummy = table.count(p) > 1 and table.index(p) != s
            sc.seats[s].name = (tr.t("Seat {seat} · dummy of player {player}", seat=c.n(s), player=c.n(p)) if dummy
                                else tr.t("Seat {seat} · player {player}", seat=c.n(s), player=c.n(p)))
            if dummy and exposed is not None:
                sc.seats[s].chips.append(Chip(tr.t("exposed"), "side"))
    tw = o.get("tricks_won") or []
    if n == 4 and len(tw) == 2 and len(c.description.side_of) == n:
        c.sides()
    elif n == 4 and len(tw) == 2:  # Dummy Rang: the table's seats, its dummy's included, alternate
        for s in range(n):
            sc.seats[s].side = s % len(tw)
    _trump(c)
    c.count("tricks_won", tr.t("Tricks"), tw, note=N_("tricks {n}"))
    if "heap" in o:
        heap = int(o["heap"])
        sc.info.append(tr.nt("Heap: {n} trick(s) · trick {k}", "Heap: {n} trick(s) · trick {k}", heap,
                             k=c.n(o.get("trick_number"))))
        c.count("collected", tr.t("Collected"), o.get("collected", []))
        if c.description.unit == "tens" or any(o.get("tens", [])):
            c.count("tens", tr.t("Tens"), o.get("tens", []))
    if o.get("auction"):
        bids = tr.t(" · ").join(f"{c.n(a['seat'])}: {c.n(a['bid']) if a['bid'] is not None else tr.pt('term', 'pass')}"
                          for a in o["auction"][-6:])
        sc.info.append(tr.t("Auction: {bids}", bids=bids))
    if "stock" in o:
        left = int(o["stock"])
        sc.specials.append(Special(tr.t("stock {n}", n=left) if left else tr.t("stock empty"), None, None,
                                   "stock", left))
        drawn = next((x.get("drawn") for x in c.obs if x.get("drawn")), None)
        mine = o.get("drawn")
        if drawn is not None:
            shown = drawn if c.viewer is None or mine else None
            sc.specials.append(Special(tr.t("drawn"), shown, c.seat_of(c.state.current_player), "drawn"))
        for s in range(n) if c.viewer is None else [c.viewer]:
            gone = c.obs[s].get("discarded")
            if gone:
                shown = " ".join(card_text(pack, x) for x in str(gone).split("+"))
                sc.info.append(tr.t("Discarded by seat {seat}: {cards}", seat=c.n(s), cards=shown))
    if "pass_cards" in o:
        k = int(o["pass_cards"])
        sc.info.append(tr.nt("Exchanging {n} card with an opponent", "Exchanging {n} cards with an opponent", k))
    if o.get("signals"):
        x = o["signals"][-1]
        sc.info.append(tr.t("Signal: seat {seat} {card} {signal}", seat=c.n(x["seat"]),
                            card=card_text(pack, str(x["card"])), signal=word(tr, "signal", x["signal"])))
    if o.get("taps"):
        sc.info.append(tr.t("Taps after trick(s): {tricks}", tricks=", ".join(c.n(t) for t in o["taps"])))
    if o.get("last_result"):
        said = result_words(c.state, o["last_result"], tr)
        if said:
            sc.info.append(tr.t("Last hand: {result}", result=said))
    scores(c, tr.t("Match"))


def result_words(state: _core.State, r: dict[str, Any], tr: Translator = EN) -> Optional[str]:
    """A hand's result (``last_result``) in words: who took how many tricks (tens in a
    game of tens) against the others, won the hand, by a kot, and the match points it
    gained: ``Seats 0 & 2 take 7 tricks to 5 and win the hand: +1``.

    >>> import hukm
    >>> s = hukm.game("hokm3").new_game(0)
    >>> result_words(s, {"winner": 2, "kind": "kot", "tricks": [0, 0, 7], "points": [0, 0, 2]})
    'Seat 2 takes 7 tricks to 0–0 and wins the hand, a kot: +2'
    """
    winner = r.get("winner")
    tens = description_of(state).unit == "tens" and bool(r.get("tens"))
    counts = list((r.get("tens") if tens else r.get("tricks")) or [])
    if not isinstance(winner, int) or not 0 <= winner < len(counts):
        return None
    text = takes_words(state, counts, winner, tr, tens)
    if r.get("kind") == "kot":
        text = tr.t("{result}, a kot", result=text)
    gained = r.get("points") or []
    if len(gained) == len(counts) and gained[winner]:
        text = tr.t("{result}: {gain}", result=text, gain=signed(tr, gained[winner]))
    return text


def takes_words(state: _core.State, counts: list[Any], winner: int, tr: Translator = EN, tens: bool = False) -> str:
    """``Seats 0 & 2 take 7 tricks to 5 and win the hand``: the hand's winner (one of
    ``counts``, by side or by seat), his count and the others' (tens with ``tens``).

    >>> import hukm
    >>> takes_words(hukm.game("ganjifa").new_game(0), [14, 12, 6], 0)
    'Seat 0 takes 14 tricks to 12–6 and wins the hand'
    """
    who = members_of(state, len(counts))[winner]
    n = int(counts[winner])
    amount = tr.nt("{n} ten", "{n} tens", n) if tens else tr.nt("{n} trick", "{n} tricks", n)
    other = "–".join(number(tr, x) for i, x in enumerate(counts) if i != winner)
    if tr.rtl:
        other = f"\u2068{other}\u2069"
    return (tr.t("Seats {seats} take {count} to {other} and win the hand", seats=seats(tr, who), count=amount,
                 other=other) if len(who) > 1 else
            tr.t("Seat {seats} takes {count} to {other} and wins the hand", seats=seats(tr, who), count=amount,
                 other=other))


def _trump(c: Ctx) -> None:
    """The trump: named, concealed (its indicator face down) or not chosen yet."""
    o, sc, pack, tr = c.o, c.scene, c.pack, c.tr
    hakem = o.get("hakem")
    trump = o.get("trump")
    hidden = bool(o.get("trump_hidden"))
    informed = c.obs[hakem] if isinstance(hakem, int) and hakem < len(c.obs) else o
    if trump is not None:
        sc.trump = pack.suit_index(trump)
        line = tr.t("Trump: {suit}", suit=c.suit(trump))
        if o.get("indicator") and not hidden:
            line = tr.t("Trump: {suit} (indicator {card} turned up)", suit=c.suit(trump),
                        card=card_text(pack, o["indicator"]))
        sc.info.append(tr.t("{line} · concealed", line=line) if hidden else line)
    elif hidden:
        real = informed.get("trump") if c.viewer is None else None
        sc.info.append(tr.t("Trump: concealed ({suit})", suit=c.suit(real)) if real else tr.t("Trump: concealed"))
        if c.viewer is None and real:
            sc.trump = pack.suit_index(real)
    elif o.get("phase") in ("trump", "auction", "deal"):
        sc.info.append(tr.t("Trump: not chosen yet"))
    elif str(dict(c.state.options).get("trump_mode", "")).startswith("first_void"):
        sc.info.append(tr.t("Trump: not fixed yet (the first void play fixes it)"))
    else:
        sc.info.append(tr.t("Trump: none"))
    if o.get("trump_card"):
        sc.specials.append(Special(tr.t("trump card"), str(o["trump_card"]), None, "trump_card"))
    if hidden:
        ind = informed.get("indicator")
        cap = (tr.t("indicator {card} (face down)", card=card_text(pack, ind))
               if ind and (c.viewer is None or c.viewer == hakem) else tr.t("indicator (face down)"))
        sc.specials.append(Special(cap, None, hakem, "indicator"))



def who(state: _core.State, verb: str, seat: int, tr: Translator = EN) -> Optional[str]:
    """The Hakem choosing trumps is named as such in a caption."""
    if verb == "trump" and state.observation(state.current_player).get("hakem") == state.current_player:
        return tr.t("the Hakem (seat {seat})", seat=seat)
    return None


def trump_shown(state: _core.State, obs: Mapping[str, Any]) -> Optional[str]:
    """A trump the Hakem keeps hidden; none fixed yet where the first void play fixes it."""
    if obs.get("trump_hidden"):
        return "hidden"
    return "unfixed" if str(dict(state.options).get("trump_mode", "")).startswith("first_void") else None


# The generic rules this game keeps (every member of hukm._families.Presentation is named).
TABLE_COUNTS = {"heap": NP_("score", "heap")}
"""The tricks waiting in the heap (Dehla Pakad, Double Sar), under the terminal's table."""

from ...svg.generic_rules import (  # noqa: E402
    FROM_HERE as FROM_HERE, hidden_label as hidden_label, seat_cards as seat_cards,
)
# A board of bridge read from a file is played as Hokm for four: drawn with bridge's roles.
from . import bridge as _bridge  # noqa: E402

board_scene = _bridge.relabel
board_header = _bridge.header

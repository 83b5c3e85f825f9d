"""What a table shows, read from a state: the seats with their cards (face up or down),
labels and notes, the trick, the trump, the scores, the specials (an indicator, a stock)
and, on request, the double-dummy values. Painting is :mod:`hukm.svg.paint`'s job.

Everything comes from the engine: ``State.hands()`` (every hand, compact), the
observations (``hukm.observations`` documents their keys; a viewer sees what his
observation shows) and the pack's layout. Each game module has one small reader below
(``_hokm``, ``_twenty_eight`` ...), picked by ``State.game``.

>>> import hukm
>>> s = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0)
>>> sc = build(s, viewer=1)
>>> [len(x.cards) for x in sc.seats], sc.seats[1].cards, sc.seats[0].cards
([2, 2, 2, 2], ['QS', 'JS'], [None, None])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .. import _core
from .._errors import SolverLimitError, StateError
from ..i18n import Translator
from ..registry import info as registry_info
from ..solve import Solution, solve
from .packs import Pack, pack_of_game
from .wording import (EN, FROM_HERE, action_label, card_text, game_title, number, seats, signed,
                      suit_text, value_note, value_num, value_text, word)

__all__ = ["Scene", "SeatScene", "Chip", "Special", "Button", "build", "action_label", "card_text",
           "suit_text", "value_note", "value_text", "FROM_HERE"]


@dataclass
class Chip:
    """A label next to a seat's name (``dealer``, ``Hakem`` ...); ``kind`` picks its colour:
    ``role``, ``act`` (to act), ``lead``, ``bad`` (bust), ``side``, ``you`` (the viewer)."""

    text: str
    kind: str = "role"


@dataclass
class SeatScene:
    """One seat: name, chips, cards (``None`` for a face-down card) and notes."""

    seat: int
    name: str
    cards: list[Optional[str]]
    chips: list[Chip] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    to_act: bool = False
    side: Optional[int] = None
    grouped: bool = True
    """Cards grouped by suit (``False``: in the order given, as Naqsh shows them)."""


@dataclass
class Special:
    """A card or a pile off the hands: a trump indicator, a trump card, a drawn card,
    the stock. ``card`` is ``None`` for a face-down card; ``count`` makes it a pile."""

    caption: str
    card: Optional[str]
    seat: Optional[int]
    role: str
    count: Optional[int] = None


@dataclass
class Button:
    """A legal action that is not a card, with its double-dummy value."""

    action: str
    label: str
    value: int
    best: bool


@dataclass
class Scene:
    """Everything one picture of a table shows."""

    title: str
    pack: Pack
    seats: list[SeatScene]
    trick: list[tuple[int, Optional[str]]] = field(default_factory=list)
    lead_seat: Optional[int] = None
    info: list[str] = field(default_factory=list)
    specials: list[Special] = field(default_factory=list)
    trump: Optional[int] = None
    values: dict[str, int] = field(default_factory=dict)
    best: set[str] = field(default_factory=set)
    buttons: list[Button] = field(default_factory=list)
    analysis_note: str = ""
    mover: Optional[int] = None
    four_colour: bool = False
    felt_specials: bool = False
    """Draw the specials on the felt (a game without tricks: Naqsh's stock)."""
    trick_ordered: bool = True
    """The trick's cards are in play order (captions number them); false for a last
    trick given seat by seat without its leader (Dugi)."""
    finished: bool = False
    """The trick on the felt is complete: it stays until the next card is played."""
    winner: Optional[int] = None
    """The seat that won the finished trick (``None`` while a trick is in progress)."""
    bottom: int = 0
    """The seat drawn at the bottom of the table (the others follow anticlockwise)."""
    tr: Translator = EN
    """The language of the words drawn (its direction mirrors the table)."""


@dataclass
class Ctx:
    """What the readers share: the state, its pack, the observations, the god's-view
    hands and the scene being filled."""

    state: _core.State
    pack: Pack
    viewer: Optional[int]
    obs: list[dict[str, Any]]
    hands: list[list[str]]
    scene: Scene
    tr: Translator = EN

    @property
    def o(self) -> dict[str, Any]:
        """The observation the picture is drawn from (the viewer's; seat 0's for a
        god's-eye picture)."""
        return self.obs[0 if self.viewer is None else self.viewer]

    def seat_of(self, player: int) -> int:
        """The table seat of ``player`` (they differ only in Dummy Rang)."""
        table = self.o.get("table")
        if isinstance(table, list) and player in table:
            return int(table.index(player))
        return player

    def chip(self, seat: Optional[int], text: str, kind: str = "role") -> None:
        """Adds a chip to ``seat`` (ignored when ``seat`` is ``None`` or out of range)."""
        if seat is not None and 0 <= seat < len(self.scene.seats):
            self.scene.seats[seat].chips.append(Chip(text, kind))

    def sides_line(self, label: str, values: list[Any]) -> str:
        """``label: seats 0 & 2: 3 · seats 1 & 3: 1`` for per-side values (seats
        alternate sides); ``label`` is already in the language."""
        tr = self.tr
        n = len(self.scene.seats)
        k = len(values)
        parts = []
        for side, v in enumerate(values):
            parts.append(tr.t("seats {seats}: {value}", seats=seats(tr, list(range(side, n, k))),
                              value=value_num(tr, v)))
        return tr.t("{label}: {values}", label=label, values=tr.t(" · ").join(parts))

    def suit(self, code: Optional[str]) -> str:
        """A suit for text in the language (``none`` when ``None``)."""
        return suit_text(self.pack, code, self.tr)

    def n(self, value: object) -> str:
        """A number (or seat) in the language's digits."""
        return number(self.tr, value)


def _visible_hokm(c: Ctx) -> dict[int, list[str]]:
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


def _visible_cards(c: Ctx) -> dict[int, list[str]]:
    """Ganjifa, Dugi: ``cards`` lists what the viewer knows of each seat, compact."""
    return {s: c.pack.cards_of_hand(h, f"seat {s}") for s, h in enumerate(c.o["cards"])}


def _visible_own(c: Ctx) -> dict[int, list[str]]:
    return {c.viewer or 0: list(c.o["hand"])}


def _seat_cards(c: Ctx) -> None:
    """Fills every seat's cards: all face up for a god's-eye picture, else what the
    viewer's observation shows, the rest face down."""
    fam = c.state.game
    if fam == "naqsh":  # in the order received, hidden cards where they lie
        for s, sc in enumerate(c.scene.seats):
            sc.grouped = False
            sc.cards = list(c.obs[s]["cards"][s] if c.viewer is None else c.o["cards"][s])
        return
    if c.viewer is None:
        for s, sc in enumerate(c.scene.seats):
            sc.cards = list(c.hands[s])
        return
    reader = {"hokm": _visible_hokm, "ganjifa": _visible_cards, "dugi": _visible_cards}.get(
        fam, _visible_own)
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
        # Hokm and Court Piece: the cards in play order from the leader's seat.
        t = tricks[-1]
        leader, winner = int(t["leader"]), t.get("winner")
        plays = [((leader + i) % n, str(x)) for i, x in enumerate(t["cards"])]
    elif isinstance(last, list):
        # Twenty-eight and Thunee: (seat, card) in play order; the winner leads next.
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


def _scores(c: Ctx, label: Optional[str] = None) -> None:
    """Match scores: per player as notes on his seat in individual games, per side as a
    line in partnership games (``label``: the line's name in the language, default
    ``Scores``)."""
    sc = c.o.get("scores") or []
    if len(sc) == c.state.num_players:
        for p, v in enumerate(sc):
            c.scene.seats[c.seat_of(p)].notes.append(c.tr.t("score {score}", score=signed(c.tr, v)))
    elif sc:
        c.scene.info.append(c.sides_line(c.tr.t("Scores") if label is None else label, sc))


def _hokm(c: Ctx) -> None:
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
    if n == 4 and len(tw) == 2:
        for s in range(n):
            sc.seats[s].side = s % 2
    _trump_hokm(c)
    if len(tw) == n:
        for s, v in enumerate(tw):
            sc.seats[s].notes.append(tr.t("tricks {n}", n=c.n(v)))
    elif tw:
        sc.info.append(c.sides_line(tr.t("Tricks"), tw))
    if "heap" in o:
        heap = int(o["heap"])
        sc.info.append(tr.nt("Heap: {n} trick(s) · trick {k}", "Heap: {n} trick(s) · trick {k}", heap,
                             k=c.n(o.get("trick_number"))))
        sc.info.append(c.sides_line(tr.t("Collected"), o.get("collected", [])))
        if c.state.preset == "dehla_pakad" or any(o.get("tens", [])):
            sc.info.append(c.sides_line(tr.t("Tens"), o.get("tens", [])))
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
        sc.info.append(tr.nt("Passing {n} card(s) to the partner", "Passing {n} card(s) to the partner", k))
    if o.get("signals"):
        x = o["signals"][-1]
        sc.info.append(tr.t("Signal: seat {seat} {card} {signal}", seat=c.n(x["seat"]),
                            card=card_text(pack, str(x["card"])), signal=word(tr, "signal", x["signal"])))
    if o.get("taps"):
        sc.info.append(tr.t("Taps after trick(s): {tricks}", tricks=", ".join(c.n(t) for t in o["taps"])))
    if o.get("last_result"):
        r = o["last_result"]
        sc.info.append(tr.t("Last hand: side {side} · {kind} · tricks {tricks}", side=c.n(r.get("winner")),
                            kind=word(tr, "result", r.get("kind")), tricks=c.n(r.get("tricks"))))
    _scores(c, tr.t("Match"))


def _trump_hokm(c: Ctx) -> None:
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


def _twenty_eight(c: Ctx) -> None:
    o, sc, pack, tr = c.o, c.scene, c.pack, c.tr
    for s in range(len(sc.seats)):
        sc.seats[s].side = s % 2
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
        sc.info.append(c.sides_line(tr.t("Points"), pts))
    _scores(c, tr.t("Game points"))


def _ganjifa(c: Ctx) -> None:
    o, sc, tr = c.o, c.scene, c.tr
    c.chip(o.get("dealer"), tr.pt("role", "dealer"))
    for s, t in enumerate(o.get("tricks", [])):
        sc.seats[s].notes.append(tr.t("tricks {n}", n=c.n(t)))
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
    _scores(c)


def _dugi(c: Ctx) -> None:
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
        sc.info.append(tr.nt("Challengers: seats {seats} · {n} trick(s) taken",
                             "Challengers: seats {seats} · {n} trick(s) taken", taken, seats=seats(tr, ch)))
    if o.get("king_pass"):
        sc.info.append(tr.t("King pass: {result}", result=word(tr, "king pass", o["king_pass"])))
    if o.get("asked"):
        sc.info.append(tr.t("Asked: {suit}", suit=o["asked"] if tr is EN else c.suit(o["asked"])))
    if o.get("named"):
        sc.info.append(tr.t("Named: {suit}", suit=c.suit(o["named"])))
    _scores(c)


def _dashavatara(c: Ctx) -> None:
    o, sc, pack, tr = c.o, c.scene, c.pack, c.tr
    c.chip(o.get("dealer"), tr.pt("role", "dealer"))
    sc.trump = pack.suit_index(o.get("trump") or "")
    sc.info.append(tr.t("Trump: {suit} · {period}", suit=c.suit(o.get("trump")),
                        period=tr.pt("term", str(o.get("period")))))
    sc.info.append(tr.t("Deal {deal} · trick {trick}", deal=c.n(o.get("deal")), trick=c.n(o.get("trick_no"))))
    for s, v in enumerate(o.get("captured", [])):
        sc.seats[s].notes.append(tr.t("captured {n}", n=c.n(v)))
    if o.get("ducal"):
        d = o["ducal"]
        sc.info.append(tr.t("Ducal: {items}", items=", ".join(
            f"{word(tr, 'ducal', k)} {word(tr, 'ducal', v) if isinstance(v, str) else c.n(v)}"
            for k, v in d.items() if not isinstance(v, (list, dict)))))
    if o.get("owed"):
        sc.info.append(tr.t("Cards owed to the ducal: {n}", n=c.n(o["owed"])))
    _scores(c)


def _naqsh(c: Ctx) -> None:
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
    _scores(c)


def _thunee(c: Ctx) -> None:
    o, sc, pack, tr = c.o, c.scene, c.pack, c.tr
    for s in range(len(sc.seats)):
        sc.seats[s].side = s % 2
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
        sc.info.append(c.sides_line(tr.t("Points"), pts))
    _scores(c, tr.t("Balls"))


READERS: dict[str, Callable[[Ctx], None]] = {
    "hokm": _hokm, "twenty_eight": _twenty_eight, "ganjifa": _ganjifa, "dugi": _dugi,
    "dashavatara": _dashavatara, "naqsh": _naqsh, "thunee": _thunee,
}
"""The reader of each game module (``State.game``)."""


def _analysis(c: Ctx, analysis: object, legal: list[str], timeout: Optional[float]) -> None:
    """Double-dummy values: on the legal cards, and as buttons for other actions. A state
    that cannot be solved now gets a note saying why; one the solver cannot finish within ``timeout``
    seconds gets a note saying so."""
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
            sol = solve(c.state, timeout=timeout)
        except StateError as e:
            c.scene.analysis_note = (c.tr.t("Double dummy: no value here ({reason})", reason=str(e)) if c.tr is EN
                                     else c.tr.t("Double dummy: no value here (cannot be solved now)"))
            return
        except SolverLimitError:
            c.scene.analysis_note = c.tr.t("Double dummy: not solved within {seconds} s",
                                           seconds=number(c.tr, f"{timeout:g}"))
            return
    sc = c.scene
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
          four_colour: bool = False, timeout: Optional[float] = None, tr: Translator = EN) -> Scene:
    """The scene of ``state`` as ``viewer`` sees it (``None``: every hand face up), its
    words in ``tr``'s language."""
    pack = pack_of_game(state)
    obs = [state.observation(p) for p in range(state.num_players)]
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
    reader = READERS.get(state.game)
    if reader is not None:
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

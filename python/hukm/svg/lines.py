"""A double-dummy best line (:func:`hukm.best_line`) as a sequence of trick pictures.

The line is replayed on a copy of the state. A trick's cards are read from the trick
the players see after each action (so a card turned up by chance, such as Ganjifa's
blind surrender, is drawn too); when the trick is gathered its last contribution is the
action's own cards. The winner comes from the observation (the completed trick's
``winner``, or the next ``leader``), or, when the hand is over and the observation has
moved on, from ``State.trick_facts`` just before the last card.

>>> import hukm
>>> s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
>>> [(len(t.plays), t.winner, t.value) for t in tricks_of(s, None)[1]]
[(4, 0, 2), (4, 0, 1), (4, 3, 0)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from .. import _core
from ..solve import LineStep, best_line
from .faces import size_of
from .geometry import WIDTH
from .packs import Pack, pack_of_game
from ..i18n import Translator
from .paint import BEST, BG, INK, MUTED, PANEL, card_el, fx
from .scene import Scene, action_label
from .wording import EN, value_num
from .xml import document, el, text, text_width


@dataclass
class Play:
    """One seat's contribution to a trick: its cards (none for an action such as
    ``call``), a label (``deni``, ``name Taj (TJ)``), whether it was on the table
    before the line began."""

    seat: int
    cards: list[str]
    label: str = ""
    before: bool = False


@dataclass
class TrickPicture:
    """A trick of the line: its plays, winner and the line's value at its start."""

    plays: list[Play] = field(default_factory=list)
    winner: Optional[int] = None
    value: Optional[int] = None


def _god_trick(state: _core.State) -> list[tuple[int, str]]:
    """The trick as the best-informed player sees it (the longest)."""
    best: list[Any] = []
    for p in range(state.num_players):
        t = state.observation(p)["trick"]
        if len(t) > len(best):
            best = t
    return [(int(s), str(c)) for s, c in best]


def _trick_seen(state: _core.State, viewer: Optional[int]) -> list[tuple[int, str]]:
    """The trick as ``viewer`` sees it (``None``: :func:`_god_trick`)."""
    if viewer is None:
        return _god_trick(state)
    return [(int(s), str(c)) for s, c in state.observation(viewer)["trick"]]


def split_action(pack: Pack, action: str, tr: Translator = EN) -> tuple[list[str], str]:
    """An action's cards and the rest as a label: ``deni:1GH`` -> ``(['1GH'], 'deni')``,
    ``facedown:5TJ:QM`` -> ``(['5TJ'], 'facedown Qomash (QM)')``, ``call`` -> ``([], 'call')``."""
    cards: list[str] = []
    words: list[str] = []
    for part in action.split(":"):
        pieces = part.split("+")
        if all(pack.is_card(x) for x in pieces):
            cards.extend(pieces)
        else:
            words.append(action_label(pack, part, tr))
    return cards, " ".join(words)


def _seat_of(state: _core.State, player: int) -> int:
    table = state.observation(player).get("table")
    if isinstance(table, list) and player in table:
        return int(table.index(player))
    return player


def _winner_after(state: _core.State, hand: Any) -> Optional[int]:
    """The winner of the trick just gathered, read from the observation (``None`` when
    the observation has moved to another hand)."""
    o = state.observation(0)
    if o.get("hand_number") != hand:
        return None
    tricks = o.get("tricks")
    if isinstance(tricks, list) and tricks and isinstance(tricks[-1], dict):
        return int(tricks[-1]["winner"])
    last = o.get("last_trick")
    if isinstance(last, dict) and last.get("winner") is not None:
        return int(last["winner"])
    lead = o.get("leader")
    return int(lead) if isinstance(lead, int) else None


def _winner_before(state: _core.State, seat: int, cards: list[str]) -> Optional[int]:
    """Who wins the trick if ``seat`` plays ``cards`` last (``State.trick_facts``)."""
    try:
        f = state.trick_facts(seat)
    except (ValueError, RuntimeError):
        return None
    if cards and f["cards"].get(cards[0], {}).get("wins"):
        return seat
    w = f.get("winner")
    return int(w[0]) if w else None


def tricks_of(state: _core.State, player: Optional[int], timeout: Optional[float] = None,
              steps: Optional[Sequence[LineStep]] = None,
              tr: Translator = EN, viewer: Optional[int] = None) -> tuple[int, list[TrickPicture], int]:
    """The line from ``state`` as trick pictures: ``(side's seat, tricks, value)``;
    ``steps``, when given, is that line already computed (:func:`hukm.best_line`). The
    cards already on the table are those ``viewer`` sees (``None``: every one)."""
    pack = pack_of_game(state)
    if steps is None:
        steps = best_line(state, player, timeout=timeout)
    s = state.clone()
    side = s.current_player if player is None else player
    hand = None if s.is_terminal() else s.observation(0).get("hand_number")
    cur = TrickPicture()
    prior = _trick_seen(s, viewer)
    for seat, c in prior:
        cur.plays.append(Play(seat, [c], before=True))
    out: list[TrickPicture] = []
    for st in steps:
        cards, label = split_action(pack, st.action, tr)
        holders = {c: i for i, h in enumerate(s.hands()) for c in pack.cards_of_hand(h, "hand")}
        seat = holders.get(cards[0], _seat_of(s, st.player)) if cards else _seat_of(s, st.player)
        if cur.value is None:
            cur.value = st.value
        fallback = _winner_before(s, seat, cards) if cards else None
        s.apply(st.action)
        after = _trick_seen(s, viewer)
        if after[: len(prior)] == prior and (len(after) > len(prior) or not cards):
            new = after[len(prior):]
            if not cards:  # an action without cards (any new card came by chance)
                cur.plays.append(Play(seat, [], label))
                label = ""
            for ts, tc in new:
                cur.plays.append(Play(ts, [tc], label if ts == seat else ""))
                label = "" if ts == seat else label
        else:
            cur.plays.append(Play(seat, cards, label))
            w = _winner_after(s, hand)
            cur.winner = fallback if w is None else w
            out.append(cur)
            cur = TrickPicture()
            for ts, tc in after:
                cur.plays.append(Play(ts, [tc]))
        prior = after
    if cur.plays and any(p.cards or p.label for p in cur.plays if not p.before):
        out.append(cur)
    value = steps[0].value if steps else 0
    return _seat_of(state, side) if not state.is_terminal() else side, out, value


def _merge(plays: list[Play]) -> list[Play]:
    """Consecutive single cards of one seat (a multi-card lead) as one play."""
    out: list[Play] = []
    for p in plays:
        if out and out[-1].seat == p.seat and p.cards and out[-1].cards and not p.label \
                and out[-1].before == p.before:
            out[-1].cards.extend(p.cards)
        else:
            out.append(Play(p.seat, list(p.cards), p.label, p.before))
    return out


def draw(state: _core.State, player: Optional[int], size: float, four_colour: bool,
         timeout: Optional[float] = None, steps: Optional[Sequence[LineStep]] = None,
         tr: Translator = EN, viewer: Optional[int] = None) -> str:
    """The line as SVG text: a header, then the tricks left to right, wrapping (right to
    left, each trick mirrored, in a right-to-left language); the cards already on the
    table as ``viewer`` sees them."""
    pack = pack_of_game(state)
    side, tricks, value = tricks_of(state, player, timeout, steps, tr, viewer)
    scene = Scene("", pack, [], four_colour=four_colour, tr=tr)
    cw, ch = size_of(pack.kind)
    step = cw * 0.6
    pics: list[tuple[float, str]] = []
    for k, t in enumerate(tricks):
        plays = _merge(t.plays)
        placed: list[tuple[Play, float, float, str, str, bool]] = []
        x = 10.0
        for p in plays:
            won = t.winner == p.seat and bool(p.cards)
            cap = tr.t("seat {seat}", seat=tr.num(p.seat))
            if won:
                cap = tr.t("{caption} · wins", caption=cap)
            label = p.label
            note = tr.t(" · ").join(x for x in (label if p.cards else "", tr.t("played before") if p.before else "") if x)
            w = cw + step * (len(p.cards) - 1) if p.cards else text_width(label, 11) + 12
            pw = max(w, text_width(cap, 11, won) + 6, text_width(note, 10.5) + 6)
            placed.append((p, x + pw / 2, w, cap, note, won))
            x += pw + 10
        head = tr.t("Trick {n}", n=k + 1)
        if t.value is not None:
            head = tr.t("{head} · value {value}", head=head, value=value_num(tr, t.value))
        if t.winner is not None:
            head = tr.t("{head} · won by seat {seat}", head=head, seat=tr.num(t.winner))
        width = max(x, text_width(head, 12, True) + 20)

        def m(x: float, w: float = 0.0) -> float:
            return fx(tr, x, w, width)

        body: list[str] = []
        for p, mid, w, cap, note, won in placed:
            g = [f'<g class="play" data-seat="{p.seat}"' + (' data-winner="1"' if won else "") + ">"]
            if won:
                g.append(el("rect", x=m(mid - w / 2 - 4, w + 8), y=24, width=w + 8, height=ch + 8, rx=8,
                            fill="#fde68a", stroke="#d4a017", stroke_width=2))
            if not p.cards:
                g.append(el("rect", x=m(mid - w / 2, w), y=28 + ch / 2 - 12, width=w, height=24, rx=6,
                            fill="#e5e7eb", stroke="#9ca3af")
                         + text(m(mid), 28 + ch / 2 + 4, p.label, 11, INK, "middle"))
            cards = [card_el(scene, c, p.seat, "line", m(mid - w / 2 + i * step, cw), 28,
                             covered=i > 0 if tr.rtl else i < len(p.cards) - 1)
                     for i, c in enumerate(p.cards)]
            g.extend(reversed(cards) if tr.rtl else cards)
            g.append(text(m(mid), 28 + ch + 18, cap, 11, BEST if won else MUTED, "middle",
                          "bold" if won else None))
            if note:
                g.append(text(m(mid), 28 + ch + 32, note, 10.5, INK, "middle"))
            g.append("</g>")
            body.append("".join(g))
        frame = el("rect", x=0, y=0, width=width, height=ch + 86, rx=10, fill=PANEL, stroke="#cdbf9f")
        pics.append((width, frame + text(m(10), 16, head, 12, INK, weight="bold") + "".join(body)))
    rows: list[str] = []
    x, y, h = 10.0, 54.0, ch + 86
    for w, pic in pics:
        if x + w > WIDTH - 10 and x > 10:
            x, y = 10.0, y + h + 12
        rows.append(f'<g class="trick" transform="translate({fx(tr, x, w):.1f} {y:.1f})">{pic}</g>')
        x += w + 12
    total_h = y + h + 12 if pics else 90
    title = tr.t("Best line for seat {seat}'s side · value {value}", seat=tr.num(side), value=value_num(tr, value))
    page = (el("rect", x=0, y=0, width=WIDTH, height=total_h, fill=BG)
            + text(fx(tr, 12), 32, title, 18, INK, weight="bold") + "".join(rows))
    if not pics:
        page += text(fx(tr, 12), 70, tr.t("no trick play from this position"), 13, MUTED)
    return document(page, WIDTH, total_h, size, title, tr)

"""The tricks of a line of play, read from the states: who played which cards, who won
each trick. Analysis reads them (:func:`hukm.review`'s lines); the pictures, the terminal
and the captions draw them (:mod:`hukm.svg.lines`). Nothing here is worded or drawn.

The line is replayed on a copy of the state. A trick's cards are read from the trick
the players see after each action (so a card turned up by chance, such as Ganjifa's
blind surrender, is there too); when the trick is gathered its last contribution is the
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

from . import _core
from .packs import Pack, pack_of_game
from .solve import LineStep, best_line


@dataclass
class Play:
    """One seat's contribution to a trick: its cards (none for an action such as
    ``call``), the action's other parts as the notation writes them (``["deni"]``,
    ``["name", "TJ"]``: a presentation puts them in words), whether it was on the table
    before the line began."""

    seat: int
    cards: list[str]
    words: list[str] = field(default_factory=list)
    before: bool = False


@dataclass
class LineTrick:
    """A trick of a line: its plays, winner and the line's value at its start."""

    plays: list[Play] = field(default_factory=list)
    winner: Optional[int] = None
    value: Optional[int] = None


def god_trick(state: _core.State) -> list[tuple[int, str]]:
    """The trick as the best-informed player sees it (the longest)."""
    best: list[Any] = []
    for p in range(state.num_players):
        t = state.observation(p)["trick"]
        if len(t) > len(best):
            best = t
    return [(int(s), str(c)) for s, c in best]


def trick_seen(state: _core.State, viewer: Optional[int]) -> list[tuple[int, str]]:
    """The trick as ``viewer`` sees it (``None``: :func:`god_trick`)."""
    if viewer is None:
        return god_trick(state)
    return [(int(s), str(c)) for s, c in state.observation(viewer)["trick"]]


def split_action(pack: Pack, action: str) -> tuple[list[str], list[str]]:
    """An action's cards and its other parts (as the notation writes them): ``deni:1GH``
    -> ``(['1GH'], ['deni'])``, ``facedown:5TJ:QM`` -> ``(['5TJ'], ['facedown', 'QM'])``,
    ``call`` -> ``([], ['call'])``."""
    cards: list[str] = []
    words: list[str] = []
    for part in action.split(":"):
        pieces = part.split("+")
        if all(pack.is_card(x) for x in pieces):
            cards.extend(pieces)
        else:
            words.append(part)
    return cards, words


def is_card_play(pack: Pack, action: str) -> bool:
    """Whether ``action`` is cards alone (a card played, a lead of several)."""
    cards, words = split_action(pack, action)
    return bool(cards) and not words


def seat_of_play(state: _core.State, pack: Pack, cards: list[str]) -> int:
    """The seat that holds ``cards`` (Dummy Rang: a player plays his dummy's cards too)."""
    for s, h in enumerate(state.hands()):
        if cards and cards[0] in pack.cards_of_hand(h, f"seat {s}"):
            return s
    return state.current_player


def seat_of(state: _core.State, player: int) -> int:
    table = state.observation(player).get("table")
    if isinstance(table, list) and player in table:
        return int(table.index(player))
    return player


def winner_after(state: _core.State, hand: Any) -> Optional[int]:
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


def winner_before(state: _core.State, seat: int, cards: list[str]) -> Optional[int]:
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
              viewer: Optional[int] = None) -> tuple[int, list[LineTrick], int]:
    """The line from ``state`` trick by trick: ``(side's seat, tricks, value)``;
    ``steps``, when given, is that line already computed (:func:`hukm.best_line`). The
    cards already on the table are those ``viewer`` sees (``None``: every one)."""
    pack = pack_of_game(state)
    if steps is None:
        steps = best_line(state, player, timeout=timeout)
    s = state.clone()
    side = s.current_player if player is None else player
    hand = None if s.is_terminal() else s.observation(0).get("hand_number")
    cur = LineTrick()
    prior = trick_seen(s, viewer)
    for seat, c in prior:
        cur.plays.append(Play(seat, [c], before=True))
    out: list[LineTrick] = []
    for st in steps:
        cards, words = split_action(pack, st.action)
        holders = {c: i for i, h in enumerate(s.hands()) for c in pack.cards_of_hand(h, "hand")}
        seat = holders.get(cards[0], seat_of(s, st.player)) if cards else seat_of(s, st.player)
        if cur.value is None:
            cur.value = st.value
        fallback = winner_before(s, seat, cards) if cards else None
        s.apply(st.action)
        after = trick_seen(s, viewer)
        if after[: len(prior)] == prior and (len(after) > len(prior) or not cards):
            new = after[len(prior):]
            if not cards:  # an action without cards (any new card came by chance)
                cur.plays.append(Play(seat, [], words))
                words = []
            for ts, tc in new:
                cur.plays.append(Play(ts, [tc], words if ts == seat else []))
                words = [] if ts == seat else words
        else:
            cur.plays.append(Play(seat, cards, words))
            w = winner_after(s, hand)
            cur.winner = fallback if w is None else w
            out.append(cur)
            cur = LineTrick()
            for ts, tc in after:
                cur.plays.append(Play(ts, [tc]))
        prior = after
    if cur.plays and any(p.cards or p.words for p in cur.plays if not p.before):
        out.append(cur)
    value = steps[0].value if steps else 0
    return seat_of(state, side) if not state.is_terminal() else side, out, value

"""Each action of a hand in words, for the captions of a video: "seat 2 ruffs with the
2♦", "the Hakem (seat 3) names hearts", "seat 1 bids 16".

A card is led, followed, ruffed (a trump on another suit) or discarded, read from the
trick before it and the trump the player knows (the observation); the other decisions
have a sentence each, by their first word (``bid``, ``trump``, ``indicator`` ...); an
action none of them knows is its label. Every fact comes from the state.

>>> import hukm
>>> s = hukm.Hokm().from_deal("A..2. .K.3. .2.4. .3.5.", trump="S", leader=1)
>>> caption(s, "KH")
'seat 1 leads the K♥'
>>> s.apply("KH"); s.apply("2H"); s.apply("3H")
>>> caption(s, "AS")
'seat 0 ruffs with the A♠'
"""

from __future__ import annotations

from typing import Optional

from .. import _core
from ..svg.lines import _god_trick, split_action
from ..svg.packs import Pack, pack_of_game
from ..svg.scene import action_label, card_text

RANKS = {"K": "King", "V": "Vizier", "Q": "Queen", "J": "Jack", "A": "Ace", "T": "10"}
"""Rank words of the round packs (Ganjifa, Dashavatara), whose cards have no glyph."""

SENTENCES = {
    "bid": "{who} bids {arg}",
    "pass": "{who} passes",
    "call": "{who} calls for the trump to be shown",
    "indicator": "{who} lays {arg} face down for trumps",
    "stop": "{who} stops and takes the kot",
    "continue": "{who} plays on",
    "discard": "{who} discards {arg}",
    "keep": "{who} keeps the card drawn",
    "reject": "{who} rejects the card drawn",
    "give": "{who} gives {arg} to the partner",
    "redeal": "{who} asks for a new deal",
    "pair": "{who} shows the pair",
    "name": "{who} names {arg}",
    "double": "{who} doubles",
    "deni": "{who} plays deni with {arg}",
    "accept": "{who} accepts {arg}",
    "offer": "{who} offers",
    "ask": "{who} asks",
    "draw": "{who} draws a card",
    "stand": "{who} stands",
    "thunee": "{who} calls Thunee",
    "royals": "{who} calls Royals",
    "jodhi": "{who} shows a jodhi in {arg}",
}
"""A sentence for each kind of decision, by the action's first word."""


def card_words(pack: Pack, card: str) -> str:
    """A card in a sentence: ``the 2♦``; round packs: ``the King of Ghulam``."""
    if pack.kind == "french":
        return "the " + card_text(pack, card)
    ci = pack.by_card[card]
    return f"the {RANKS.get(ci.rank, ci.rank)} of {pack.suits[ci.suit][1]}"


def cards_words(pack: Pack, cards: list[str]) -> str:
    """Cards in a sentence, joined by ``and``."""
    words = [card_words(pack, c) for c in cards]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _arg(pack: Pack, text: str) -> str:
    """An action's argument in words: cards, a suit's name, or the text itself."""
    pieces = text.split("+")
    if all(pack.is_card(x) for x in pieces):
        return cards_words(pack, pieces)
    i = pack.suit_index(text)
    return pack.suits[i][1] if i is not None else text


def seat_of_play(state: _core.State, pack: Pack, cards: list[str]) -> int:
    """The seat that holds ``cards`` (Dummy Rang: a player plays his dummy's cards too)."""
    for s, h in enumerate(state.hands()):
        if cards and cards[0] in pack.cards_of_hand(h, f"seat {s}"):
            return s
    return state.current_player


def caption(state: _core.State, action: str) -> str:
    """``action``, about to be played in ``state``, in words."""
    pack = pack_of_game(state)
    cards, words = split_action(pack, action)
    o = state.observation(state.current_player)
    if cards and not words:
        # the trump as the best-informed player knows it (a concealed trump, Satat's blind one)
        known = [x.get("trump") for x in (state.observation(p) for p in range(state.num_players))]
        return _card_play(state, pack, cards, o.get("trump") or next((t for t in known if t), None))
    seat = seat_of_play(state, pack, cards) if cards else state.current_player
    who = f"seat {seat}"
    verb, _, arg = action.partition(":")
    if verb == "trump":
        if o.get("hakem") == state.current_player:
            who = f"the Hakem (seat {seat})"
        if pack.suit_index(arg) is not None:
            return f"{who} names {_arg(pack, arg)}"
        return f"{who} chooses trumps: {arg}"
    sentence = SENTENCES.get(verb)
    if sentence is None:
        return f"{who}: {action_label(pack, action)}"
    return sentence.format(who=who, arg=_arg(pack, arg) if arg else "")


def _card_play(state: _core.State, pack: Pack, cards: list[str], trump: Optional[str]) -> str:
    """A card (or a lead of several) put on the trick: led, followed, ruffed, discarded."""
    seat = seat_of_play(state, pack, cards)
    shown = cards_words(pack, cards)
    trick = _god_trick(state)
    if not trick:
        return f"seat {seat} leads {shown}"
    try:  # the engine's facts: the suit a card counts as (Satat's 2♥ is a spade), trumps
        facts = state.trick_facts(seat)
        info = facts["cards"].get(cards[0])
    except (ValueError, RuntimeError, KeyError):
        info = None
    if info is not None and facts.get("led") is not None:
        if info["suit"] == facts["led"]:
            return f"seat {seat} follows with {shown}"
        return f"seat {seat} {'ruffs with' if info.get('trump') else 'discards'} {shown}"
    led = pack.by_card[trick[0][1]].suit if pack.is_card(trick[0][1]) else None
    suit = pack.by_card[cards[0]].suit
    if suit == led:
        return f"seat {seat} follows with {shown}"
    if trump is not None and pack.suit_index(str(trump)) == suit:
        return f"seat {seat} ruffs with {shown}"
    return f"seat {seat} discards {shown}"


def amount(state: _core.State, n: int) -> str:
    """``n`` in the unit of the game's double-dummy values: ``1 trick``, ``3 points``.

    >>> import hukm
    >>> amount(hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0), 1)
    '1 trick'
    """
    from ..svg.scene import value_text

    text = value_text(state, n)
    if not text[:1].isdigit() and not text[:1] in "+-":
        return f"{n} ({text})" if n else text
    number, _, unit = text.lstrip("+").partition(" ")
    if abs(n) == 1 and unit.split(" ")[0].endswith("s"):
        first, _, rest = unit.partition(" ")
        unit = first[:-1] + (" " + rest if rest else "")
    return f"{n} {unit}"

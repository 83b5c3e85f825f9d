"""Each action of a hand in words, for the captions of a video: "seat 2 ruffs with the
2♦", "the Hakem (seat 3) names hearts", "seat 1 bids 16".

A card is led, followed, ruffed (a trump on another suit) or discarded, read from the
trick before it and the trump the player knows (the observation); the other decisions
have a sentence each, by their first word (``bid``, ``trump``, ``indicator`` ...); an
action none of them knows is its label. Every fact comes from the state. ``tr`` (a
:class:`hukm.i18n.Translator`) gives the sentences in another language.

>>> import hukm
>>> s = hukm.Hokm().from_deal("A..2. .K.3. .2.4. .3.5.", trump="S", leader=1)
>>> caption(s, "KH")
'seat 1 leads the K♥'
>>> s.apply("KH"); s.apply("2H"); s.apply("3H")
>>> caption(s, "AS")
'seat 0 ruffs with the A♠'
>>> from hukm.i18n import translator
>>> caption(s, "AS", translator("fa"))
'جایگاه ۰ با A♠ بُرید'
"""

from __future__ import annotations

from typing import Callable, Optional

from .. import _core
from ..i18n import N_, Translator
from .._families import presentation
from ..packs import Pack, card_text, pack_of_game
from ..seen import hides
from ..tricks import god_trick, seat_of_play, split_action
from ..svg.wording import EN, NP_, action_label, seen_label, value_text

RANKS = {"K": NP_("rank", "King"), "V": NP_("rank", "Vizier"), "Q": NP_("rank", "Queen"),
         "J": NP_("rank", "Jack"), "A": NP_("rank", "Ace"), "T": "10"}
"""Rank words of the round packs (Ganjifa, Dashavatara), whose cards have no glyph."""

SENTENCES = {
    "bid": N_("{who} bids {arg}"),
    "pass": N_("{who} passes"),
    "call": N_("{who} calls for the trump to be shown"),
    "indicator": N_("{who} lays {arg} face down for trumps"),
    "discard": N_("{who} discards {arg}"),
    "give": N_("{who} gives {arg} to an opponent"),
    "redeal": N_("{who} asks for a new deal"),
    "name": N_("{who} names {arg}"),
    "double": N_("{who} doubles"),
    "accept": N_("{who} accepts {arg}"),
    "draw": N_("{who} draws a card"),
}
"""A sentence for each kind of decision, by the action's first word (English; the
catalogs hold each language's); a game's own decisions are in its module of
its presentation (``SENTENCES``)."""


def card_words(pack: Pack, card: str, tr: Translator = EN) -> str:
    """A card in a sentence: ``the 2♦``; round packs: ``the King of Ghulam``."""
    if pack.kind == "french":
        return tr.t("the {card}", card=card_text(pack, card))
    ci = pack.by_card[card]
    rank = tr.pt("rank", RANKS[ci.rank]) if ci.rank in RANKS and ci.rank != "T" else tr.digits(RANKS.get(ci.rank, ci.rank))
    return tr.t("the {rank} of {suit}", rank=rank, suit=tr.suit(pack.suits[ci.suit][1]))


def cards_words(pack: Pack, cards: list[str], tr: Translator = EN) -> str:
    """Cards in a sentence, joined by ``and``."""
    words = [card_words(pack, c, tr) for c in cards]
    if len(words) == 1:
        return words[0]
    return tr.t("{cards} and {card}", cards=tr.t(", ").join(words[:-1]), card=words[-1])


def _arg(pack: Pack, text: str, tr: Translator = EN) -> str:
    """An action's argument in words: cards, a suit's name, or the text itself."""
    pieces = text.split("+")
    if all(pack.is_card(x) for x in pieces):
        return cards_words(pack, pieces, tr)
    i = pack.suit_index(text)
    return tr.suit(pack.suits[i][1]) if i is not None else tr.digits(text)


def caption(state: _core.State, action: str, tr: Translator = EN, viewer: Optional[int] = None) -> str:
    """``action``, about to be played in ``state``, in words (in ``tr``'s language). For a
    ``viewer``, ``action`` is as he saw it (``State.seen_history``: ``indicator:?`` is
    told as a card put face down) and a card is read with what he knows (a ruff only
    with a trump he knows)."""
    pack = pack_of_game(state)
    cards, words = split_action(pack, action)
    o = state.observation(state.current_player if viewer is None else viewer)
    if cards and not words:
        # the trump as the best-informed player knows it (a concealed trump, Satat's blind one)
        players = range(state.num_players) if viewer is None else [viewer]
        known = [x.get("trump") for x in (state.observation(p) for p in players)]
        return _card_play(state, pack, cards, o.get("trump") or next((t for t in known if t), None), tr,
                          viewer)
    seat = seat_of_play(state, pack, cards) if cards else state.current_player
    verb, _, arg = action.partition(":")
    pres = presentation(state.game)
    named = None if pres is None else pres.who
    who = (named(state, verb, seat, tr) if named is not None else None) or tr.t("seat {seat}", seat=seat)
    if hides(action):
        return tr.t("{who}: {action}", who=who, action=seen_label(state, action, tr))
    if verb == "trump":
        if pack.suit_index(arg) is not None:
            return tr.t("{who} names {arg}", who=who, arg=_arg(pack, arg, tr))
        return tr.t("{who} chooses trumps: {arg}", who=who, arg=action_label(pack, arg, tr))
    sentence = (None if pres is None else pres.SENTENCES.get(verb)) or SENTENCES.get(verb)
    if sentence is None:
        return tr.t("{who}: {action}", who=who, action=action_label(pack, action, tr))
    return tr.t(sentence, who=who, arg=_arg(pack, arg, tr) if arg else "")


def _card_play(state: _core.State, pack: Pack, cards: list[str], trump: Optional[str],
               tr: Translator = EN, viewer: Optional[int] = None) -> str:
    """A card (or a lead of several) put on the trick: led, followed, ruffed, discarded
    (from the player's facts of the trick when he is the viewer or there is none)."""
    seat = seat_of_play(state, pack, cards)
    shown = cards_words(pack, cards, tr)
    trick = god_trick(state)
    if not trick:
        return tr.t("seat {seat} leads {cards}", seat=seat, cards=shown)
    try:  # the engine's facts: the suit a card counts as (Satat's 2♥ is a spade), trumps
        if viewer is not None and viewer != seat:
            raise KeyError("the player's facts are his own")
        facts = state.trick_facts(seat)
        info = facts["cards"].get(cards[0])
    except (ValueError, RuntimeError, KeyError):
        info = None
    follows = tr.t("seat {seat} follows with {cards}", seat=seat, cards=shown)
    ruffs = tr.t("seat {seat} ruffs with {cards}", seat=seat, cards=shown)
    discards = tr.t("seat {seat} discards {cards}", seat=seat, cards=shown)
    if info is not None and facts.get("led") is not None:
        if info["suit"] == facts["led"]:
            return follows
        return ruffs if info.get("trump") else discards
    led = pack.by_card[trick[0][1]].suit if pack.is_card(trick[0][1]) else None
    suit = pack.by_card[cards[0]].suit
    if suit == led:
        return follows
    if trump is not None and pack.suit_index(str(trump)) == suit:
        return ruffs
    return discards


def amount(state: _core.State, n: int, tr: Translator = EN) -> str:
    """``n`` in the unit of the game's double-dummy values: ``1 trick``, ``3 points``.

    >>> import hukm
    >>> amount(hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0), 1)
    '1 trick'
    """
    if tr is not EN:
        text = value_text(state, n, tr)
        return tr.t("{n} ({value})", n=n, value=text) if n and not any(ch.isdigit() for ch in text) else text
    text = value_text(state, n)
    if not text[:1].isdigit() and not text[:1] in "+-":
        return f"{n} ({text})" if n else text
    number, _, unit = text.lstrip("+").partition(" ")
    if abs(n) == 1 and unit.split(" ")[0].endswith("s"):
        first, _, rest = unit.partition(" ")
        unit = first[:-1] + (" " + rest if rest else "")
    return f"{n} {unit}"

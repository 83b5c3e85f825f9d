//! Shared pieces of the trick facts ([`crate::game::GameState::trick_facts`]):
//! a card's strength is its order among the bits of its suit (the engine's
//! design: bit order is strength order, reversed suits included), and a card
//! is the master of its suit when every stronger card is seen.

use crate::card::{Card, CardSet, Suit};
use crate::game::{CardFacts, TrickFacts};
use crate::pack::Pack;

/// A card's order among the cards of its suit, 0 the weakest.
pub fn strength(pack: &Pack, c: Card) -> u32 {
    (pack.suit_mask(pack.suit_of(c)) & CardSet((1u128 << c.0) - 1)).len()
}

/// The cards of `c`'s suit stronger than it.
pub fn stronger(pack: &Pack, c: Card) -> CardSet {
    pack.suit_mask(pack.suit_of(c)) - CardSet((2u128 << c.0) - 1)
}

/// For each suit of `pack`, the cards of it not in `seen`.
pub fn unseen(pack: &Pack, seen: CardSet) -> Vec<(String, u32)> {
    (0..pack.num_suits() as Suit)
        .map(|s| {
            (
                pack.suits[s as usize].code.clone(),
                (pack.suit_mask(s) - seen).len(),
            )
        })
        .collect()
}

/// The trick facts of a game whose trick is won by the highest card of the
/// suit led, or of `trump` when one is played: `hand` the player's cards,
/// `seen` every card he has seen (his hand and the cards played), `trick`
/// the cards played to the trick by seat in order, `wins` whether a card of
/// the hand would be winning if played now.
pub fn plain(
    pack: &Pack,
    hand: CardSet,
    seen: CardSet,
    trick: &[(usize, Card)],
    trump: Option<Suit>,
    wins: impl Fn(Card) -> bool,
) -> TrickFacts {
    let best = |cards: &[(usize, Card)]| -> Option<(usize, Card)> {
        let (_, first) = *cards.first()?;
        let led = pack.suit_of(first);
        let beats = |a: Card, b: Card| {
            let (sa, sb) = (pack.suit_of(a), pack.suit_of(b));
            if sa == sb {
                a.0 > b.0
            } else {
                Some(sa) == trump || (sb != led && Some(sb) != trump && sa == led)
            }
        };
        cards
            .iter()
            .copied()
            .reduce(|w, x| if beats(x.1, w.1) { x } else { w })
    };
    let winner = best(trick);
    let winner_sure = winner.is_some_and(|(_, c)| {
        Some(pack.suit_of(c)) == trump || (stronger(pack, c) - seen).is_empty()
    });
    let cards = pack
        .in_hand_order(hand)
        .into_iter()
        .map(|c| {
            let s = pack.suit_of(c);
            CardFacts {
                card: pack.format_card(c),
                suit: pack.suits[s as usize].code.clone(),
                strength: strength(pack, c),
                points: 0,
                trump: Some(s) == trump,
                wins: wins(c),
                master: (stronger(pack, c) - seen).is_empty(),
            }
        })
        .collect();
    TrickFacts {
        winner: winner.map(|(s, c)| (s, pack.format_card(c))),
        winner_sure,
        led: trick
            .first()
            .map(|&(_, c)| pack.suits[pack.suit_of(c) as usize].code.clone()),
        points: 0,
        unseen: unseen(pack, seen),
        cards,
    }
}

/// How a game with card points ranks the cards of a trick, for [`ranked`].
pub trait TrickRules {
    /// The place in `cards` (a trick in play order) of the card winning it.
    fn winner(&self, cards: &[Card]) -> usize;
    /// The cards of `c`'s suit stronger than it.
    fn stronger(&self, c: Card) -> CardSet;
    /// `c`'s order among the cards of its suit, 0 the weakest.
    fn strength(&self, c: Card) -> u32;
    /// `c`'s card points.
    fn points(&self, c: Card) -> i32;
    /// No card the player has not `seen` can take the trick from `w`, the
    /// card winning it.
    fn sure(&self, w: Card, seen: CardSet) -> bool;
}

/// The trick facts of a game whose trick winner, strengths and points
/// `rules` give: `hand` the player's cards, `seen` every card he has seen
/// outside the trick (his hand and the cards played, face-down cards he
/// knows), `trick` the cards played to the trick by seat in order, `known`
/// the trump suit as far as he knows it.
pub fn ranked(
    pack: &Pack,
    hand: CardSet,
    seen: CardSet,
    trick: &[(usize, Card)],
    known: Option<Suit>,
    rules: &impl TrickRules,
) -> TrickFacts {
    let cards: Vec<Card> = trick.iter().map(|&(_, c)| c).collect();
    let seen = seen | cards.iter().copied().collect();
    let winner = (!cards.is_empty()).then(|| {
        let i = rules.winner(&cards);
        (trick[i].0, pack.format_card(cards[i]))
    });
    let winner_sure = !cards.is_empty() && rules.sure(cards[rules.winner(&cards)], seen);
    let mut out = Vec::new();
    for c in pack.in_hand_order(hand) {
        let s = pack.suit_of(c);
        let mut t = cards.clone();
        t.push(c);
        out.push(CardFacts {
            card: pack.format_card(c),
            suit: pack.suits[s as usize].code.clone(),
            strength: rules.strength(c),
            points: rules.points(c),
            trump: known == Some(s),
            wins: rules.winner(&t) == t.len() - 1,
            master: (rules.stronger(c) - seen).is_empty(),
        });
    }
    TrickFacts {
        winner,
        winner_sure,
        led: cards
            .first()
            .map(|&c| pack.suits[pack.suit_of(c) as usize].code.clone()),
        points: cards.iter().map(|&c| rules.points(c)).sum(),
        unseen: unseen(pack, seen),
        cards: out,
    }
}

/// The winner of `trick` under [`plain`]'s rule with `card` added, is it
/// `card`?
pub fn would_win(pack: &Pack, trick: &[(usize, Card)], trump: Option<Suit>, card: Card) -> bool {
    let Some(&(_, first)) = trick.first() else {
        return true;
    };
    let led = pack.suit_of(first);
    let s = pack.suit_of(card);
    trick.iter().all(|&(_, x)| {
        let sx = pack.suit_of(x);
        if sx == s {
            card.0 > x.0
        } else {
            Some(s) == trump || (sx != led && Some(sx) != trump && s == led)
        }
    })
}

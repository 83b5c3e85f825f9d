//! Legal plays, the trick's winner and Jodhi values of Thunee
//! (`docs/rules/thunee.md` §7, §8, §9.1).
//!
//! Cards use [`Pack::thunee`], whose bit order is `J 9 A T K Q` in every
//! suit; in a Royals hand the order is reversed, which the functions here
//! take as a flag.

use crate::card::{Card, CardSet, Suit};
use crate::pack::Pack;

/// Does `a` rank above `b` in their suit (`royals`: the reversed order)?
#[inline]
pub fn higher(a: Card, b: Card, royals: bool) -> bool {
    if royals {
        a.0 < b.0
    } else {
        a.0 > b.0
    }
}

/// Does `a` beat `best`, the card winning a trick led in suit `led`, with
/// trumps `trump`?
#[inline]
pub fn beats(
    pack: &Pack,
    a: Card,
    best: Card,
    led: Suit,
    trump: Option<Suit>,
    royals: bool,
) -> bool {
    let (sa, sb) = (pack.suit_of(a), pack.suit_of(best));
    if sa == sb {
        return higher(a, best, royals);
    }
    match trump {
        Some(t) if sa == t => true,
        Some(t) if sb == t => false,
        _ => sa == led && sb != led,
    }
}

/// Index of the card that wins a trick (§8): the highest trump, else the
/// highest card of the suit led.
pub fn trick_winner(pack: &Pack, cards: &[Card], trump: Option<Suit>, royals: bool) -> usize {
    let led = pack.suit_of(cards[0]);
    let mut best = 0;
    for (i, &c) in cards.iter().enumerate().skip(1) {
        if beats(pack, c, cards[best], led, trump, royals) {
            best = i;
        }
    }
    best
}

/// The legal cards of a player holding `hand` (his playable cards: a blind
/// caller's face-down cards left out) when `trick` has been played so far
/// (§7.2).
pub fn legal(
    pack: &Pack,
    hand: CardSet,
    trick: &[Card],
    trump: Option<Suit>,
    royals: bool,
    undercut_forbidden: bool,
) -> CardSet {
    let Some(&first) = trick.first() else {
        return hand;
    };
    let led = pack.suit_of(first);
    let follow = hand & pack.suit_mask(led);
    if !follow.is_empty() {
        return follow;
    }
    let Some(t) = trump.filter(|&t| undercut_forbidden && t != led) else {
        return hand;
    };
    let tm = pack.suit_mask(t);
    let Some(best) = trick
        .iter()
        .copied()
        .filter(|&c| tm.contains(c))
        .reduce(|a, b| if higher(b, a, royals) { b } else { a })
    else {
        return hand;
    };
    let above: CardSet = (hand & tm)
        .iter()
        .filter(|&c| higher(c, best, royals))
        .collect();
    let allowed = (hand - tm) | above;
    if allowed.is_empty() {
        hand
    } else {
        allowed
    }
}

/// The Jodhi a hand holds in `suit` (§9.1): K+Q 20 (40 in trumps), J+K+Q
/// 30 (50 in trumps); 0 without both the king and the queen. Also says
/// whether the jack counts.
pub fn jodhi(pack: &Pack, hand: CardSet, suit: Suit, trump: Option<Suit>) -> (i32, bool) {
    let k = pack.cards_with_face(suit, b'K');
    let q = pack.cards_with_face(suit, b'Q');
    if !hand.contains_all(k | q) {
        return (0, false);
    }
    let jack = hand.contains_all(pack.cards_with_face(suit, b'J'));
    let trumps = trump == Some(suit);
    let v = match (jack, trumps) {
        (false, false) => 20,
        (true, false) => 30,
        (false, true) => 40,
        (true, true) => 50,
    };
    (v, jack)
}

/// True when `hand` holds every card of one suit (§6.1: such a player may
/// not call Thunee or Royals).
pub fn whole_suit(pack: &Pack, hand: CardSet) -> bool {
    (0..pack.num_suits() as Suit).any(|s| hand.contains_all(pack.suit_mask(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(p: &Pack, s: &str) -> Card {
        p.parse_card(s).unwrap()
    }

    /// Example 2: legal moves, and undercutting.
    #[test]
    fn example_2_legal_moves() {
        let p = Pack::thunee();
        let s = p.parse_suit("S").unwrap();
        let h = p.parse_suit("H").unwrap();
        let trick = [c(&p, "9D")];
        let seat3 = p.parse_hand("JK..JK.").unwrap();
        assert_eq!(
            legal(&p, seat3, &trick, Some(s), false, false),
            p.parse_cards("JD+KD").unwrap()
        );
        let seat1 = p.parse_hand("AQ.A..K").unwrap();
        assert_eq!(legal(&p, seat1, &trick, Some(s), false, false), seat1);
        let trick = [c(&p, "AC"), c(&p, "9H")];
        let seat3 = p.parse_hand("S:- H:JK D:Q C:-").unwrap();
        assert_eq!(legal(&p, seat3, &trick, Some(h), false, false), seat3);
        assert_eq!(
            legal(&p, seat3, &trick, Some(h), false, true),
            p.parse_cards("JH+QD").unwrap()
        );
        let low = p.parse_hand("S:- H:KQ D:- C:-").unwrap();
        assert_eq!(legal(&p, low, &trick, Some(h), false, true), low);
    }

    /// Example 3: trick winners, normal and Royals.
    #[test]
    fn example_3_trick_winners() {
        let p = Pack::thunee();
        let h = p.parse_suit("H").unwrap();
        let s = p.parse_suit("S").unwrap();
        let d = p.parse_suit("D").unwrap();
        let t = [c(&p, "TD"), c(&p, "JD"), c(&p, "QD"), c(&p, "9S")];
        assert_eq!(trick_winner(&p, &t, Some(h), false), 1);
        assert_eq!(trick_winner(&p, &t, Some(h), true), 2);
        assert_eq!(trick_winner(&p, &t, Some(s), false), 3);
        assert_eq!(trick_winner(&p, &t, Some(s), true), 3);
        let r = [c(&p, "KD"), c(&p, "QD"), c(&p, "TD"), c(&p, "AD")];
        assert_eq!(trick_winner(&p, &r, Some(d), true), 1);
        assert_eq!(trick_winner(&p, &r, Some(d), false), 3);
    }

    #[test]
    fn jodhi_values() {
        let p = Pack::thunee();
        let hand = p.parse_hand("JKQ.KQ.K.").unwrap();
        assert_eq!(jodhi(&p, hand, 0, None), (30, true));
        assert_eq!(jodhi(&p, hand, 0, Some(0)), (50, true));
        assert_eq!(jodhi(&p, hand, 1, Some(0)), (20, false));
        assert_eq!(jodhi(&p, hand, 1, Some(1)), (40, false));
        assert_eq!(jodhi(&p, hand, 2, None).0, 0);
        assert!(whole_suit(&p, p.parse_hand("J9ATKQ...").unwrap()));
        assert!(!whole_suit(&p, hand));
    }
}

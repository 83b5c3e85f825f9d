//! The card facts Ganjifa's lead rules are built on (`docs/rules/ganjifa.md` A.5),
//! shared by Ganjifa and Dugi, the two games played with its pack and rules:
//! hukms, top/second/third of a suit, deni eligibility. Pure functions of the
//! hands; a pack's bit order is its strength order, so "stronger" is "higher bit".

use crate::card::{Card, CardSet, Suit};
use crate::pack::Pack;

/// The cards strictly above `c` (every suit).
#[inline]
pub fn above(c: Card) -> CardSet {
    if c.0 >= 127 {
        CardSet::EMPTY
    } else {
        CardSet(u128::MAX << (c.0 + 1))
    }
}

/// Every card in the hands.
#[inline]
pub fn unplayed(hands: &[CardSet]) -> CardSet {
    hands.iter().fold(CardSet::EMPTY, |a, &h| a | h)
}

/// The cards held by every seat but `p`.
#[inline]
pub fn others(hands: &[CardSet], p: usize) -> CardSet {
    unplayed(hands) - hands[p]
}

/// `p`'s hukms in `suit`: his cards above every card of the suit the others hold.
#[inline]
pub fn hukms_in(pack: &Pack, hands: &[CardSet], p: usize, suit: Suit) -> CardSet {
    let m = pack.suit_mask(suit);
    let mine = hands[p] & m;
    match (others(hands, p) & m).highest() {
        None => mine,
        Some(top) => mine & above(top),
    }
}

/// All of `p`'s hukms (A.5).
pub fn hukms(pack: &Pack, hands: &[CardSet], p: usize) -> CardSet {
    let mut out = CardSet::EMPTY;
    for s in 0..pack.num_suits() as Suit {
        out |= hukms_in(pack, hands, p, s);
    }
    out
}

/// The `k`-th highest unplayed card of `suit` (`k = 0` is top(s)).
pub fn nth_top(pack: &Pack, hands: &[CardSet], suit: Suit, k: usize) -> Option<Card> {
    (unplayed(hands) & pack.suit_mask(suit)).iter().rev().nth(k)
}

/// The seat holding `c`, if any.
pub fn holder(hands: &[CardSet], c: Card) -> Option<usize> {
    hands.iter().position(|h| h.contains(c))
}

/// The suits where a deni is open to `p` (A.6.3 step 2) with, for each, the
/// called holder H and the cards `p` may lead (his cards of the suit but second(s)).
pub fn deni_suits(pack: &Pack, hands: &[CardSet], p: usize) -> Vec<(Suit, usize, CardSet)> {
    let mut out = Vec::new();
    for s in 0..pack.num_suits() as Suit {
        let (Some(top), Some(second)) = (nth_top(pack, hands, s, 0), nth_top(pack, hands, s, 1))
        else {
            continue;
        };
        let Some(h) = holder(hands, top) else {
            continue;
        };
        if h == p || !hands[p].contains(second) {
            continue;
        }
        let rest = (hands[p] & pack.suit_mask(s)) - second.set();
        if !rest.is_empty() {
            out.push((s, h, rest));
        }
    }
    out
}

/// Step 1's qualifying groups: for each suit with at least two of `p`'s
/// hukms, those hukms but the lowest.
pub fn step1_groups(pack: &Pack, hands: &[CardSet], p: usize) -> Vec<CardSet> {
    let mut out = Vec::new();
    for s in 0..pack.num_suits() as Suit {
        let h = hukms_in(pack, hands, p, s);
        if h.len() >= 2 {
            out.push(h - h.lowest().expect("non-empty").set());
        }
    }
    out
}

/// The hands with each suit's unplayed cards moved to the lowest positions
/// of the suit, in order. Positions with the same result are the same game
/// up to renaming cards, wherever only suits and the order of the unplayed
/// cards matter (after the opening, whose lead King is one particular card).
pub fn relative_ranks(pack: &Pack, hands: &[CardSet; 4]) -> [CardSet; 4] {
    let all = unplayed(hands);
    let mut out = [CardSet::EMPTY; 4];
    for s in 0..pack.num_suits() as Suit {
        let m = pack.suit_mask(s);
        let mut slots = m.iter();
        for c in (all & m).iter() {
            let slot = slots.next().expect("a slot per card");
            if let Some(o) = holder(hands, c) {
                out[o].insert(slot);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::ReversedSet;

    #[test]
    fn hukms_respect_reversed_suits() {
        let p = Pack::moghul(ReversedSet::India);
        // Example 3: seat 1's 9SM and 5QM are hukms (QM reversed: 5 > 8).
        let hands = p.parse_deal("..74.....8 .3.9.....5 .6.2....1.", 3).unwrap();
        let h = hukms(&p, &hands, 1);
        assert_eq!(p.format_cards(h), "9SM+5QM");
        // Seat 2's 6TJ is above seat 1's 3TJ.
        assert_eq!(p.format_cards(hukms(&p, &hands, 2)), "6TJ+1BA");
    }

    #[test]
    fn relative_ranks_keep_the_order_in_each_suit() {
        let p = Pack::moghul(ReversedSet::India);
        let hands = p.parse_deal("..74.....8 .3.9.....5 .6.2....1.", 3).unwrap();
        let h: [CardSet; 4] = [hands[0], hands[1], hands[2], CardSet::EMPTY];
        let r = relative_ranks(&p, &h);
        for (a, b) in h.iter().zip(&r) {
            assert_eq!(a.len(), b.len());
        }
        // Each suit's cards now sit at its lowest positions, owners in order.
        for s in 0..p.num_suits() as Suit {
            let m = p.suit_mask(s);
            let all = (r[0] | r[1] | r[2] | r[3]) & m;
            assert_eq!(all.len(), ((h[0] | h[1] | h[2]) & m).len());
            assert_eq!(
                all,
                CardSet(m.0 & (m.0.wrapping_shl(0)) & low_bits(m, all.len()))
            );
        }
        assert_eq!(relative_ranks(&p, &r), r);
    }

    /// The lowest `k` cards of `m`.
    fn low_bits(m: CardSet, k: u32) -> u128 {
        m.iter().take(k as usize).fold(0, |a, c| a | 1u128 << c.0)
    }
}

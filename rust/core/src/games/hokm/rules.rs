//! Trick rules of Hokm: legal plays (§6.1) and the trick winner (§7.1).

use crate::card::{Card, CardSet, Suit};
use crate::pack::Pack;

/// Cards of `hand` that may be played to a trick whose first card is `led`
/// (`None` when leading): follow suit if possible, else anything.
#[inline]
pub fn legal_plays(pack: &Pack, hand: CardSet, led: Option<Card>) -> CardSet {
    match led {
        None => hand,
        Some(l) => {
            let follow = hand & pack.suit_mask(pack.suit_of(l));
            if follow.is_empty() {
                hand
            } else {
                follow
            }
        }
    }
}

/// Index (in play order) of the card that wins a trick: the highest trump if
/// any was played, else the highest card of the suit led.
#[inline]
pub fn trick_winner(pack: &Pack, cards: &[Card], trump: Option<Suit>) -> usize {
    let led = pack.suit_of(cards[0]);
    let mut best = 0;
    for (i, &c) in cards.iter().enumerate().skip(1) {
        let b = cards[best];
        let (cs, bs) = (pack.suit_of(c), pack.suit_of(b));
        let beats = if cs == bs {
            c.0 > b.0
        } else {
            Some(cs) == trump || (cs == led && Some(bs) != trump && bs != led)
        };
        if beats {
            best = i;
        }
    }
    best
}

/// All `k`-card subsets of `cards`, in the hand's order (first cards first).
pub(crate) fn subsets(cards: CardSet, k: u32, pack: &Pack) -> Vec<CardSet> {
    let mut order: Vec<Card> = Vec::new();
    for s in 0..pack.num_suits() as Suit {
        order.extend((cards & pack.suit_mask(s)).iter().rev());
    }
    let mut out = Vec::new();
    let n = order.len();
    let mut idx: Vec<usize> = (0..k as usize).collect();
    if k as usize > n {
        return out;
    }
    loop {
        out.push(idx.iter().map(|&i| order[i]).collect());
        let mut i = k as usize;
        while i > 0 && idx[i - 1] == n - k as usize + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return out;
        }
        idx[i - 1] += 1;
        for j in i..k as usize {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_1_follow_suit_and_ruffing() {
        // docs/rules/hokm.md §15 Example 1, trump S.
        let p = Pack::french52();
        let c = |s: &str| p.parse_card(s).unwrap();
        let kh = Some(c("KH"));
        let seat2 = p.parse_hand("S:A5 H:- D:KQ7 C:9").unwrap();
        assert_eq!(legal_plays(&p, seat2, kh), seat2);
        let seat3 = p.parse_hand("S:Q H:A32 D:J C:8").unwrap();
        assert_eq!(
            legal_plays(&p, seat3, kh),
            p.parse_cards("AH+3H+2H").unwrap()
        );
        let trick = [c("KH"), c("5S"), c("AH"), c("KS")];
        assert_eq!(trick_winner(&p, &trick, Some(0)), 3);
        let trick = [c("KH"), c("5S"), c("AH"), c("AD")];
        assert_eq!(trick_winner(&p, &trick, Some(0)), 1);
        // Without trumps the ace of the suit led wins.
        assert_eq!(trick_winner(&p, &trick, None), 2);
    }
}

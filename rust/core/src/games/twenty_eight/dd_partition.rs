//! Partition search for open-trump Twenty-eight: which cards' ranks a
//! search answer relied on, and the part of the table key they cover.
//!
//! In each suit the point cards (J 9 A T) rank above every card without
//! points, so the key keeps every point card exact (owner and points) and,
//! below them, the owners of the cards at or above the lowest rank that
//! decided something; lower cards without points are interchangeable (only
//! their count per hand, fixed by the shape, is kept). A rank decides
//! something when it won a trick over a card of its own suit, or when it was
//! the highest trump a later player, void in the suit led, had to overtrump
//! (the ban on undertrumping makes legality depend on it).

use super::{masks, PointsGame};
use crate::card::{Card, CardSet};

impl PointsGame {
    /// True when table entries may abstract low cards away (open trumps,
    /// four hands, the rank order not reversed, no negative kings and
    /// queens).
    pub(super) fn partition_on(&self) -> bool {
        self.exact_key && self.core.revealed && !self.no_trump && !self.cfg.kq_negative
    }

    /// The cards of a finished trick whose ranks decided its winner or the
    /// legality of a card played to it (`w` the winner's index).
    pub(super) fn decided(&self, cards: &[Card], w: usize) -> CardSet {
        let rank = &self.cfg.rank;
        let wc = cards[w];
        let ws = Self::suit_of(wc);
        let led = Self::suit_of(cards[0]);
        // The trump, when trumps are open (no suit otherwise).
        let t = match (self.core.revealed, self.trump) {
            (true, Some(t)) => t,
            _ => u8::MAX,
        };
        let mut d = CardSet::EMPTY;
        let mut same = 0;
        let mut best: Option<Card> = None;
        for (i, &c) in cards.iter().enumerate() {
            let s = Self::suit_of(c);
            same += u32::from(s == ws);
            // A card off the suit led: the highest trump before it decided
            // what it could be (no undertrumping).
            if i > 0 && s != led {
                if let Some(b) = best {
                    d.insert(b);
                }
            }
            if s == t && best.map_or(true, |b| rank[c.0 as usize] > rank[b.0 as usize]) {
                best = Some(c);
            }
        }
        if same >= 2 {
            d.insert(wc);
        }
        d
    }

    /// The remaining cards of the four hands.
    fn all_cards(&self) -> u128 {
        let h = &self.core.hands;
        (h[0] | h[1] | h[2] | h[3]).0
    }

    /// The table-key nibble mask for `winners` (see the module comment):
    /// `0xF` keeps a card's owner and points, `0xC` only its points.
    pub(super) fn partition_mask(&self, winners: CardSet) -> u128 {
        if !self.partition_on() {
            return u128::MAX;
        }
        let all = self.all_cards();
        let mut mask = 0u128;
        let mut pos = 0;
        for suit in 0..4u32 {
            let bits = ((all >> (16 * suit)) & 0xff) as u32;
            let w = ((winners.0 >> (16 * suit)) as u32) & bits;
            // At or above the lowest winner, and every point card.
            let above = if w == 0 { 0 } else { !((w & w.wrapping_neg()) - 1) };
            let kept = above | self.masks.point_cards[suit as usize];
            let word = (masks::nibbles(bits & kept) * 0xF) | (masks::nibbles(bits & !kept) * 0xC);
            mask |= (masks::pack_nibbles(word, bits) as u128) << pos;
            pos += 4 * bits.count_ones();
        }
        mask
    }

    /// The cards whose owners a stored mask keeps.
    pub(super) fn partition_winners(&self, mask: u128) -> CardSet {
        if !self.partition_on() {
            return CardSet::EMPTY;
        }
        let all = self.all_cards();
        let mut out = 0u128;
        let mut pos = 0;
        for suit in 0..4u32 {
            let bits = ((all >> (16 * suit)) & 0xff) as u32;
            let n = bits.count_ones();
            let packed = (mask >> pos) as u32 & (((1u64 << (4 * n)) - 1) as u32);
            let word = masks::unpack_nibbles(packed, bits);
            out |= (masks::cards_of_nibbles(word, 3) as u128) << (16 * suit);
            pos += 4 * n;
        }
        CardSet(out)
    }

    /// The lowest card of `winners` in `card`'s suit, as a bit index within
    /// the suit (32 when there is none).
    fn lowest_in_suit(&self, card: Card, winners: CardSet) -> u32 {
        let s = card.0 as u32 / 16;
        let w = ((winners.0 >> (16 * s)) & 0xffff) as u32;
        if w == 0 {
            32
        } else {
            w.trailing_zeros()
        }
    }

    /// Do `tried` and `other` (cards of one suit and equal points, both below
    /// every rank of that suit the answer relied on) give the same answer?
    pub(super) fn same_answer_cards(&self, tried: u8, winners: CardSet, other: u8) -> bool {
        if !self.partition_on() || tried >= 128 || other >= 128 || tried / 16 != other / 16 {
            return false;
        }
        let (t, o) = (Card(tried), Card(other));
        if self.cfg.points[tried as usize] != self.cfg.points[other as usize] {
            return false;
        }
        let low = self.lowest_in_suit(t, winners);
        (tried as u32 % 16) < low && (other as u32 % 16) < low && t != o
    }

    /// The extra rank a collapsed class relied on: the lowest card of the run
    /// `m` stands for when the run reaches across the lowest relevant rank.
    pub(super) fn collapse_rank(&self, m: u8, winners: CardSet) -> CardSet {
        if !self.partition_on() || m >= 128 {
            return CardSet::EMPTY;
        }
        let card = Card(m);
        let low = self.lowest_in_suit(card, winners);
        let top = m as u32 % 16;
        if low == 32 || low > top {
            return CardSet::EMPTY;
        }
        let hand = self.core.hands[self.core.to_move as usize];
        let live = self.live();
        let suit = self.cfg.pack.suit_mask(self.cfg.pack.suit_of(card));
        let pts = self.cfg.points[m as usize];
        let mut cur = card;
        loop {
            let below = CardSet((live & suit).0 & ((1u128 << cur.0) - 1));
            let Some(next) = below.highest() else {
                break;
            };
            if !hand.contains(next) || self.cfg.points[next.0 as usize] != pts {
                break;
            }
            cur = next;
        }
        if (cur.0 as u32 % 16) < low {
            cur.set()
        } else {
            CardSet::EMPTY
        }
    }
}

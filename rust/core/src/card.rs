//! Cards and card sets.
//!
//! A [`Card`] is a bit position inside a [`CardSet`], a set of cards stored as
//! one `u128`. A [`crate::pack::Pack`] decides which bit is which card: every
//! suit owns a contiguous block of `stride` bits, and inside a suit the bit
//! position follows the card's trick-taking strength in the game (bit 0 of the
//! block is the weakest card). "The highest card of a suit" is therefore the
//! highest set bit of the suit's block, in every game and every pack.

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// Index of a suit inside its pack (`0..pack.num_suits()`).
pub type Suit = u8;

/// One card: its bit position in a [`CardSet`] (0..128).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

impl Card {
    /// The card's bit index.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The one-card set holding this card.
    #[inline]
    pub const fn set(self) -> CardSet {
        CardSet(1u128 << self.0)
    }
}

/// A set of cards as a 128-bit mask (see the module documentation for the layout).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(pub u128);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// Builds a set from a raw mask.
    #[inline]
    pub const fn from_bits(bits: u128) -> CardSet {
        CardSet(bits)
    }

    /// The raw mask.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Number of cards in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set holds no card.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        (self.0 >> card.0) & 1 == 1
    }

    /// True when every card of `other` is in `self`.
    #[inline]
    pub const fn contains_all(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1u128 << card.0;
    }

    /// Removes a card.
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1u128 << card.0);
    }

    /// The card with the lowest bit, if any.
    #[inline]
    pub fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The card with the highest bit, if any.
    #[inline]
    pub fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(127 - self.0.leading_zeros() as u8))
        }
    }

    /// The `k`-th card counting from the lowest bit (`k < len`).
    #[inline]
    pub fn nth_lowest(self, k: u32) -> Option<Card> {
        let lo = self.0 as u64;
        let n_lo = lo.count_ones();
        let (mut x, mut k, base) = if k < n_lo {
            (lo, k, 0)
        } else {
            ((self.0 >> 64) as u64, k - n_lo, 64)
        };
        while k > 0 {
            x &= x.wrapping_sub(1);
            k -= 1;
        }
        (x != 0).then(|| Card(base + x.trailing_zeros() as u8))
    }

    /// Iterates over the cards from the lowest bit to the highest.
    #[inline]
    pub fn iter(self) -> CardIter {
        CardIter {
            lo: self.0 as u64,
            hi: (self.0 >> 64) as u64,
        }
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({:#x})", self.0)
    }
}

/// Iterator over the cards of a [`CardSet`], lowest bit first. The set is
/// held as two 64-bit words: most packs fit the lower one, and a word is
/// cheaper to step through than a 128-bit value.
#[derive(Clone)]
pub struct CardIter {
    lo: u64,
    hi: u64,
}

impl Iterator for CardIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.lo != 0 {
            let i = self.lo.trailing_zeros();
            self.lo &= self.lo - 1;
            Some(Card(i as u8))
        } else if self.hi != 0 {
            let i = self.hi.trailing_zeros();
            self.hi &= self.hi - 1;
            Some(Card(64 + i as u8))
        } else {
            None
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.lo.count_ones() + self.hi.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardIter {}

impl DoubleEndedIterator for CardIter {
    #[inline]
    fn next_back(&mut self) -> Option<Card> {
        if self.hi != 0 {
            let i = 63 - self.hi.leading_zeros();
            self.hi &= !(1u64 << i);
            Some(Card(64 + i as u8))
        } else if self.lo != 0 {
            let i = 63 - self.lo.leading_zeros();
            self.lo &= !(1u64 << i);
            Some(Card(i as u8))
        } else {
            None
        }
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;
    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<T: IntoIterator<Item = Card>>(iter: T) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl From<Card> for CardSet {
    fn from(c: Card) -> CardSet {
        c.set()
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for CardSet {
            type Output = CardSet;
            #[inline]
            fn $f(self, rhs: CardSet) -> CardSet {
                CardSet(self.0 $op rhs.0)
            }
        }
        impl $tra for CardSet {
            #[inline]
            fn $fa(&mut self, rhs: CardSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CardSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: CardSet = [Card(0), Card(5), Card(100)].into_iter().collect();
        let b: CardSet = [Card(5), Card(127)].into_iter().collect();
        assert_eq!((a & b).len(), 1);
        assert_eq!((a | b).len(), 4);
        assert_eq!((a - b), [Card(0), Card(100)].into_iter().collect());
        assert!(a.contains(Card(100)));
        assert!(!a.contains(Card(127)));
        assert_eq!(a.highest(), Some(Card(100)));
        assert_eq!(a.lowest(), Some(Card(0)));
        assert_eq!(b.highest(), Some(Card(127)));
        assert_eq!(CardSet::EMPTY.highest(), None);
        let all: Vec<Card> = (a | b).iter().collect();
        for (k, &c) in all.iter().enumerate() {
            assert_eq!((a | b).nth_lowest(k as u32), Some(c));
        }
        assert_eq!((a | b).nth_lowest(4), None);
    }

    #[test]
    fn iteration_both_ways() {
        let a: CardSet = [Card(3), Card(64), Card(127)].into_iter().collect();
        let up: Vec<u8> = a.iter().map(|c| c.0).collect();
        let down: Vec<u8> = a.iter().rev().map(|c| c.0).collect();
        assert_eq!(up, vec![3, 64, 127]);
        assert_eq!(down, vec![127, 64, 3]);
        assert_eq!(a.iter().len(), 3);
    }
}

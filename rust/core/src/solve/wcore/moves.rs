//! The cards of a node, in the order the search tries them, and the bit
//! helpers that pick a card out of a set.

use crate::solve::whist::suit_bits;

/// The highest card of a nonempty set.
#[inline(always)]
pub(crate) fn top(x: u64) -> u32 {
    63 - x.leading_zeros()
}

/// The lowest card of a nonempty set.
#[inline(always)]
pub(crate) fn bottom(x: u64) -> u32 {
    x.trailing_zeros()
}

/// The cards of a node in the order they are tried (filled in two steps:
/// the cached cut-off card first, the rest once it failed).
pub(crate) struct Ordered {
    cards: [u8; 16],
    n: u8,
}

impl Ordered {
    #[inline(always)]
    pub fn new() -> Ordered {
        Ordered {
            cards: [0; 16],
            n: 0,
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.n as usize
    }

    #[inline(always)]
    pub fn get(&self, i: usize) -> u8 {
        self.cards[i]
    }

    #[inline(always)]
    pub fn push(&mut self, c: u8) {
        self.cards[self.n as usize & 15] = c;
        self.n += 1;
    }

    /// Each suit in turn, its cards high to low.
    #[inline(always)]
    pub fn push_high_first(&mut self, set: u64) {
        for s in 0..4u8 {
            let mut x = set & suit_bits(s);
            while x != 0 {
                let c = top(x);
                x ^= 1u64 << c;
                self.push(c as u8);
            }
        }
    }

    /// The cards low to high.
    #[inline(always)]
    pub fn push_low_first(&mut self, mut set: u64) {
        while set != 0 {
            let c = bottom(set);
            set &= set - 1;
            self.push(c as u8);
        }
    }
}

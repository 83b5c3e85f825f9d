//! The rank order of the pack as card masks, for the hot paths of the
//! Twenty-eight search: which cards beat a card, who can still beat it,
//! the legal cards with trumps open, the runs of the mover's cards. Every
//! card of the family's packs (28, 29, 40, 56) is a bit below 64, so a mask
//! is a `u64`; equal cards of the double packs share a rank class.

use super::PointsGame;
use crate::card::{Card, CardSet, Suit};
use crate::pack::Pack;
use crate::solve::bits::{pdep, pext};

/// For every card: the cards of its suit of a strictly higher or lower rank
/// class, and those of a rank class at least or at most its own.
#[derive(Clone, Debug)]
pub(super) struct RankMasks {
    /// Each suit's cards.
    pub suit: [u64; 4],
    /// Four hands of eight cards a suit: each card's points shifted to the
    /// top two bits of its nibble ([`nibbles`]), suit by suit (the table
    /// key's points with trumps open).
    pub points_nibbles: [u32; 4],
    /// Four hands of eight cards a suit: the cards with points, suit by suit
    /// (bits `0..8`).
    pub point_cards: [u32; 4],
    /// Per card: the cards of its suit of a strictly higher rank class.
    pub stronger: [u64; 64],
    /// Per card: those of a strictly lower rank class.
    pub weaker: [u64; 64],
    /// Per card: those of a rank class at least its own.
    pub at_least: [u64; 64],
    /// Per card: those of a rank class at most its own.
    pub at_most: [u64; 64],
    /// Per card: the cards of its suit with its points (itself included).
    pub same_points: [u64; 64],
}

impl RankMasks {
    /// The masks of `pack` with the rank classes `rank`.
    pub fn new(pack: &Pack, rank: &[u8; 128], points: &[i8; 128]) -> RankMasks {
        let mut m = RankMasks {
            suit: [0; 4],
            points_nibbles: [0; 4],
            point_cards: [0; 4],
            stronger: [0; 64],
            weaker: [0; 64],
            at_least: [0; 64],
            at_most: [0; 64],
            same_points: [0; 64],
        };
        for s in 0..pack.num_suits().min(4) {
            m.suit[s] = pack.suit_mask(s as u8).0 as u64;
        }
        for (s, word) in m.points_nibbles.iter_mut().enumerate() {
            for i in 0..8u32 {
                let p = (points[16 * s + i as usize] as u32) & 3;
                *word |= nibbles(1 << i) * (p << 2);
                if points[16 * s + i as usize] != 0 {
                    m.point_cards[s] |= 1 << i;
                }
            }
        }
        for c in pack.deck.iter().filter(|c| c.0 < 64) {
            let suit = pack.suit_mask(pack.suit_of(c));
            let r = rank[c.0 as usize];
            for x in suit.iter().filter(|x| x.0 < 64) {
                let (bit, rx) = (1u64 << x.0, rank[x.0 as usize]);
                let i = c.0 as usize;
                if rx > r {
                    m.stronger[i] |= bit;
                }
                if rx < r {
                    m.weaker[i] |= bit;
                }
                if rx >= r {
                    m.at_least[i] |= bit;
                }
                if rx <= r {
                    m.at_most[i] |= bit;
                }
                if points[x.0 as usize] == points[i] {
                    m.same_points[i] |= bit;
                }
            }
        }
        m
    }
}

/// The eight cards of a suit of a four-hand pack (bits `0..8`) as the
/// nibbles of a word, one a card, the highest card in the lowest nibble:
/// bit `i` of `x` goes to the low bit of nibble `7 - i`.
#[inline]
pub(super) fn nibbles(x: u32) -> u32 {
    SPREAD[(x & 0xFF) as usize]
}

/// [`nibbles`] of every eight-card set.
static SPREAD: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut x = 0;
    while x < 256 {
        let mut i = 0;
        while i < 8 {
            if x >> i & 1 != 0 {
                t[x] |= 1 << (4 * (7 - i));
            }
            i += 1;
        }
        x += 1;
    }
    t
};

/// The nibbles of `word` at the places of the cards of `present` (a suit's
/// eight cards, as [`nibbles`] places them), packed from the highest card
/// down: one nibble a card present.
#[inline]
pub(super) fn pack_nibbles(word: u32, present: u32) -> u32 {
    pext(u64::from(word), u64::from(nibbles(present) * 0xF)) as u32
}

/// The inverse of [`pack_nibbles`]: the nibbles of `packed` back at the
/// places of the cards of `present`.
#[inline]
pub(super) fn unpack_nibbles(packed: u32, present: u32) -> u32 {
    pdep(u64::from(packed), u64::from(nibbles(present) * 0xF)) as u32
}

/// The cards (bits `0..8` of a suit) whose nibble in `word` (placed as
/// [`nibbles`] places them) has a bit of `bits` set.
#[inline]
pub(super) fn cards_of_nibbles(word: u32, bits: u32) -> u32 {
    let w = word & (bits * 0x1111_1111);
    let any = (w | w >> 1 | w >> 2 | w >> 3) & 0x1111_1111;
    ((pext(u64::from(any), 0x1111_1111) as u32).reverse_bits() >> 24) & 0xFF
}

/// The number of cards of each suit of a four-hand hand (eight cards a
/// suit, bits `0..8` of each 16), a nibble a suit from the first suit up.
#[inline]
pub(super) fn suit_lengths(x: u64) -> u64 {
    // Bits counted by pairs, fours and bytes; the upper byte of each suit's
    // 16 bits is empty, so its lower byte's count is the suit's.
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    (x & 0xf) | (x >> 12 & 0xf0) | (x >> 24 & 0xf00) | (x >> 36 & 0xf000)
}

/// The cards of `m` above the highest card of `x` (card order is rank order
/// within a suit); all of `m` when `x` is empty.
#[inline]
pub(super) fn above_highest(m: u64, x: u64) -> u64 {
    // The cards at or below `x`'s highest: as many low bits set as its
    // highest bit's place plus one (a shift by 64 when `x` is empty).
    m & !u64::MAX.checked_shr(x.leading_zeros()).unwrap_or(0)
}

/// A card set of bits below 64 as a mask.
#[inline]
pub(super) fn low(s: CardSet) -> u64 {
    s.0 as u64
}

impl PointsGame {
    /// The suit of a card (the pack's stride is 16).
    #[inline]
    pub(super) fn suit_of(c: Card) -> Suit {
        c.0 >> 4
    }

    /// The cards that beat `b` (already in the trick) when `led` was led,
    /// under the current phase: as [`PointsGame::beats`], for every card at
    /// once.
    #[inline]
    pub(super) fn beaters(&self, b: Card, led: Suit) -> u64 {
        let m = &self.masks;
        let sb = Self::suit_of(b);
        let i = b.0 as usize & 63;
        let same = if self.no_trump && self.core.revealed {
            m.weaker[i]
        } else {
            m.stronger[i]
        };
        let mut x = same;
        if let (true, Some(t)) = (self.core.revealed, self.trump) {
            if sb == t {
                return same;
            }
            x |= m.suit[t as usize];
        }
        if sb != led {
            x |= m.suit[led as usize & 3];
        }
        x
    }

    /// Can a seat not of side `me` among the `count` seats from `first` on
    /// (in playing order) beat `c`, following suit when able?
    pub(super) fn can_beat(&self, c: Card, led: Suit, me: u8, first: usize, count: usize) -> bool {
        let beat = self.beaters(c, led);
        let led_mask = self.masks.suit[led as usize & 3];
        (0..count).any(|k| {
            let seat = (first + k) % self.n;
            if self.side[seat] == me {
                return false;
            }
            let h = low(self.core.hands[seat]);
            let follow = h & led_mask;
            let cand = if follow == 0 { h } else { follow };
            cand & beat != 0
        })
    }

    /// The legal cards of the mover with trumps open and no call pending,
    /// following a card already led (as `rules::legal`: follow suit; void,
    /// a higher trump or a plain card, else anything; the caller must trump).
    #[inline]
    pub(super) fn legal_open(&self, p: usize, hand: CardSet, trick: &[Card]) -> CardSet {
        let m = &self.masks;
        let h = low(hand);
        let follow = h & m.suit[Self::suit_of(trick[0]) as usize & 3];
        if follow != 0 {
            return CardSet(follow as u128);
        }
        let Some(t) = self.trump else {
            return hand;
        };
        let trumps = m.suit[t as usize];
        if self.core.caller == Some(p as u8) {
            let mine = h & trumps;
            return CardSet(if mine == 0 { h } else { mine } as u128);
        }
        // No undertrumping: a plain card or a trump above the trick's best.
        let mut higher = trumps;
        for &c in trick {
            if Self::suit_of(c) == t {
                higher &= m.stronger[c.0 as usize & 63];
            }
        }
        let allowed = (h & !trumps) | (h & higher);
        CardSet(if allowed == 0 { h } else { allowed } as u128)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nibbles of a suit's cards, from the highest card down, packed
    /// and unpacked again, and the cards read back from them.
    #[test]
    fn nibbles_pack_from_the_highest_card_down() {
        assert_eq!(nibbles(0b1000_0001), 0x1000_0001);
        assert_eq!(nibbles(0b0100_0000), 0x0000_0010);
        // Cards 7, 5 and 0 with nibbles 0xA, 0x3, 0xF: packed 0xF3A.
        let word = 0xA | 0x3 << 8 | 0xF << 28;
        let present = 0b1010_0001;
        assert_eq!(pack_nibbles(word, present), 0xF3A);
        assert_eq!(unpack_nibbles(0xF3A, present), word);
        assert_eq!(cards_of_nibbles(word, 3), present);
        assert_eq!(cards_of_nibbles(word, 0xC), 0b1000_0001);
        for x in 0..256u32 {
            assert_eq!(cards_of_nibbles(nibbles(x) * 0xF, 1), x);
        }
    }

    /// The cards above another mask's highest, against a card-by-card
    /// count; an empty mask keeps every card, the top bit none above it.
    #[test]
    fn above_highest_keeps_the_cards_above_the_top_card() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..1000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let m = state;
            let x = state.rotate_left(23) >> (state % 64);
            let want = (0..64)
                .filter(|&b| m >> b & 1 != 0 && (0..64).all(|y| x >> y & 1 == 0 || y < b))
                .fold(0u64, |a, b| a | 1 << b);
            assert_eq!(above_highest(m, x), want, "m {m:#x} x {x:#x}");
        }
        assert_eq!(above_highest(0b1011_0110, 0), 0b1011_0110);
        assert_eq!(above_highest(0b1011_0110, 0b10_0000), 0b1000_0000);
        assert_eq!(above_highest(u64::MAX, 1 << 63), 0);
        assert_eq!(above_highest(u64::MAX, 1), u64::MAX - 1);
    }

    /// A hand's suit lengths, a nibble a suit, as counted card by card.
    #[test]
    fn suit_lengths_count_each_suit() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..1000 {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let x = state & 0x00ff_00ff_00ff_00ff;
            let want = (0..4).fold(0u64, |a, s| {
                a | u64::from((x >> (16 * s) & 0xff).count_ones()) << (4 * s)
            });
            assert_eq!(suit_lengths(x), want);
        }
        assert_eq!(suit_lengths(0x00ff_00ff_00ff_00ff), 0x8888);
    }
}

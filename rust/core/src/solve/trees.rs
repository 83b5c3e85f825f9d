//! The whist core's pattern trees ([`super::wcore::tt`]) as the table of
//! the generic search, for the games whose keys they can hold
//! ([`super::game::TrickGame::PATTERN_TREES`]: whist with three hands) under
//! `Switches::pattern_trees`.
//!
//! A key of such a game is its shape (the suit lengths of every hand), a
//! context whose two low bits are the seat on lead (the rest: trump in
//! play, the seats' sides, the number of hands) and two planes of the
//! owners' seat numbers over the cards in play; a stored mask fixes the
//! same cards in both planes. The trees keep, per shape, context and seat
//! on lead, one pattern per distinct pattern with an interval on what the
//! side on lead takes from here (where the chains of [`super::table`] keep
//! every entry newest first): the interval is the one the generic search
//! stores, for the side on lead, so the answers are read as the chains'.
//!
//! Three hands hold many more patterns a shape than four (hundreds a
//! list on full deals), so each shape's patterns are split further by the
//! owners of the top cards of one suit (the trump while trumps are out,
//! else the first suit in play): a pattern that fixes the top `j` cards of
//! that suit (`j` at most [`PICK`]) goes to the list of `j` and their
//! owners, and a probe looks in the `PICK + 1` lists its own owners give,
//! the most general first. A pattern can only cover patterns of its own
//! list or of a list of larger `j`; those of different lists are kept side
//! by side (each interval true, so any that decides answers).

use super::game::{Pattern, TtKey};
use super::table::Hit;
use super::wcore::tt::{Bounds, Pat, Tt};
use crate::error::Result;

/// Pattern trees within a budget of bytes (allocated on first store).
pub(crate) struct Trees {
    tt: Tt,
    /// Probes made (each looks in up to `PICK + 1` lists).
    probes: u64,
}

/// The most top cards of the picking suit whose owners choose a list.
pub(crate) const PICK: u32 = 2;

/// The seat on lead and the rest of a key's context.
#[inline(always)]
fn seat_ctx(ctx: u32) -> (usize, u32) {
    ((ctx & 3) as usize, ctx >> 2)
}

/// The picking suit of a key (its trump while trumps are out, else the
/// first suit in play): the index of its top card among the cards in play
/// (suit by suit, low to high) and how many of its top cards choose a list.
#[inline(always)]
fn picker(shape: u64, ctx: u32) -> (u32, u32) {
    let trump = (ctx >> 2) & 7;
    let len = |s: u32| -> u32 {
        (0..4)
            .map(|h| ((shape >> (4 * (4 * h + s))) & 15) as u32)
            .sum()
    };
    let lens = [len(0), len(1), len(2), len(3)];
    let suit = if trump < 4 && lens[trump as usize] > 0 {
        trump as usize
    } else {
        (0..4).find(|&s| lens[s] > 0).unwrap_or(0)
    };
    let end: u32 = lens[..=suit].iter().sum();
    (end.wrapping_sub(1), lens[suit].min(PICK))
}

/// The list of the `j` top cards from `top` down and their owners in the
/// planes `p0`, `p1`.
#[inline(always)]
fn list_code(p0: u64, p1: u64, top: u32, j: u32) -> u32 {
    let mut code = j;
    for i in 0..j {
        let b = top - i;
        let owner = ((p0 >> b) & 1) | ((p1 >> b) & 1) << 1;
        code |= (owner as u32) << (2 + 2 * i);
    }
    code
}

/// A context with its list code.
#[inline(always)]
fn with_list(ctx: u32, code: u32) -> u32 {
    ctx | code << 16
}

impl Trees {
    /// Trees within about `bytes` bytes.
    pub fn with_bytes(bytes: usize) -> Trees {
        Trees {
            tt: Tt::with_bytes(bytes),
            probes: 0,
        }
    }

    /// Allocates the trees' memory now (an error naming the size when the
    /// machine cannot give it).
    pub fn reserve(&mut self) -> Result<()> {
        self.tt.reserve()
    }

    /// Forgets every pattern (keeps the memory).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Statistics as [`super::tt::Tt::stats`] gives them: stores, probes
    /// answered, resets and evictions when full, probes, patterns compared.
    pub fn stats(&self) -> [u64; 5] {
        let s = self.tt.stats;
        [
            s.stores,
            s.mru + s.tree,
            s.resets + s.evictions,
            self.probes,
            s.compared,
        ]
    }

    /// A bound deciding whether the side on lead takes at least `target`
    /// from the trick start of `key`, if one is stored.
    #[inline]
    pub fn probe<P: Pattern>(&mut self, key: &TtKey<P>, target: u32) -> Option<Hit<P>> {
        let [p0, p1] = key.owners.planes();
        let (seat, ctx) = seat_ctx(key.ctx);
        let pos = Pat {
            p0,
            p1,
            mask: u64::MAX,
        };
        self.probes += 1;
        let (top, n) = picker(key.shape, key.ctx);
        let h = (0..=n).find_map(|j| {
            let ctx = with_list(ctx, list_code(p0, p1, top, j));
            self.tt.probe(key.shape, ctx, seat, &pos, target as i32)
        })?;
        let at_least = h.b.lo as u32 >= target;
        Some(Hit {
            at_least,
            bound: if at_least { h.b.lo } else { h.b.hi } as u32,
            mask: P::from_planes([h.mask, h.mask]),
        })
    }

    /// Stores `lower..=upper` for the side on lead at every trick start of
    /// `key`'s shape, context and seat on lead whose owners agree with
    /// `key`'s on the cards of `mask`.
    pub fn store<P: Pattern>(&mut self, key: &TtKey<P>, mask: P, lower: u32, upper: u32) {
        let [p0, p1] = key.owners.planes();
        let [m, _] = mask.planes();
        let (seat, ctx) = seat_ctx(key.ctx);
        let (top, n) = picker(key.shape, key.ctx);
        let mut j = 0;
        while j < n && (m >> (top - j)) & 1 != 0 {
            j += 1;
        }
        let ctx = with_list(ctx, list_code(p0, p1, top, j));
        let pat = Pat {
            p0: p0 & m,
            p1: p1 & m,
            mask: m,
        };
        let b = Bounds {
            lo: lower.min(u8::MAX as u32) as u8,
            hi: upper.min(u8::MAX as u32) as u8,
        };
        self.tt.store(key.shape, ctx, seat, pat, b);
    }
}

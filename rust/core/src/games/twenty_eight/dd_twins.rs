//! Table keys of the presets with cards of equal rank (40's jacks and
//! threes, 56's twin cards) by relative ranks (`Switches::twin_keys`).
//!
//! At a trick start only the order of the cards still in play, which of
//! them rank equal, their points and their owners decide the rest of the
//! play: two cards of equal rank and points are interchangeable (of equal
//! cards the first played wins, whichever it is), and so are two adjacent
//! ranks of equal points once no card of the higher is left (56's tens take
//! the place of the aces gone, its queens that of the kings). So the key
//! holds, per suit and per rank from the highest down, how many cards of
//! that rank are still in play, with the ranks of a run of equal points
//! moved up over the ranks of that run no longer in play, and the owners of
//! those cards in that order (the owners of equal cards sorted).

use super::super::config::TwentyEightConfig;
use super::PointsGame;
use crate::solve::TtKey;

/// Ranks a suit may have for these keys (two bits of count each: 4 suits
/// of 8 ranks fill the 64 bits of the shape).
const MAX_RANKS: usize = 8;

/// Each suit's ranks from the highest down: the cards of each rank, and
/// whether a rank has the points of the one above it (continues its run).
#[derive(Clone, Debug)]
pub(super) struct RankSlots {
    cards: [[u64; MAX_RANKS]; 4],
    joins: [[bool; MAX_RANKS]; 4],
    len: [u8; 4],
}

impl RankSlots {
    /// The ranks of `cfg`'s pack, when the keys can hold them: every card
    /// id below 64, at most 4 suits of 8 ranks, at most 3 cards of a rank
    /// and all of them of the same points.
    pub(super) fn new(cfg: &TwentyEightConfig) -> Option<RankSlots> {
        let pack = &cfg.pack;
        if pack.num_suits() > 4 || pack.deck.0 >> 64 != 0 {
            return None;
        }
        let mut slots = RankSlots {
            cards: [[0; MAX_RANKS]; 4],
            joins: [[false; MAX_RANKS]; 4],
            len: [0; 4],
        };
        for s in 0..pack.num_suits() {
            let mut ranks: Vec<u8> = pack
                .suit_mask(s as u8)
                .iter()
                .map(|c| cfg.rank[c.0 as usize])
                .collect();
            ranks.sort_unstable_by(|a, b| b.cmp(a));
            ranks.dedup();
            if ranks.len() > MAX_RANKS {
                return None;
            }
            let mut last_points = None;
            for (j, &r) in ranks.iter().enumerate() {
                let cards: Vec<_> = pack
                    .suit_mask(s as u8)
                    .iter()
                    .filter(|c| cfg.rank[c.0 as usize] == r)
                    .collect();
                let points = cfg.points[cards[0].0 as usize];
                if cards.len() > 3 || cards.iter().any(|c| cfg.points[c.0 as usize] != points) {
                    return None;
                }
                slots.cards[s][j] = cards.iter().fold(0u64, |m, c| m | 1u64 << c.0);
                slots.joins[s][j] = last_points == Some(points);
                last_points = Some(points);
            }
            slots.len[s] = ranks.len() as u8;
        }
        Some(slots)
    }
}

/// The context bit of keys by relative ranks (the exact keys never set it).
const RELATIVE: u32 = 1 << 31;

impl PointsGame {
    /// The table key by relative ranks (see the module comment), for the
    /// context `ctx` of the exact key; `None` when the position is not one
    /// these keys describe (the trump concealed or a call in the air, or
    /// ranks the key cannot hold).
    pub(super) fn relative_key(&self, ctx: u32) -> Option<TtKey<u128>> {
        let c = &self.core;
        let slots = self.slots.as_ref()?;
        if c.indicator.is_some() || c.reveal_now || c.caller.is_some() || c.tlen != 0 {
            return None;
        }
        // The owners as three bit planes: bit `b` of a card's owner is its
        // bit in `planes[b]`.
        let mut planes = [0u64; 3];
        let mut all = 0u64;
        for (seat, h) in c.hands[..self.n].iter().enumerate() {
            let bits = h.0 as u64;
            all |= bits;
            for (b, plane) in planes.iter_mut().enumerate() {
                if seat >> b & 1 != 0 {
                    *plane |= bits;
                }
            }
        }
        let owner = |x: u32| {
            (planes[0] >> x & 1 | (planes[1] >> x & 1) << 1 | (planes[2] >> x & 1) << 2) as u128
        };
        // Three bits an owner while they fit (after the first trick of
        // 56), else a number in base `n`; the shape, which fixes how many
        // cards are in play, tells the two apart.
        let narrow = all.count_ones() <= 42;
        let n = self.n as u128;
        let (mut shape, mut code) = (0u64, 0u128);
        let mut push = |o: u128| {
            code = if narrow { code << 3 | o } else { code * n + o };
        };
        for s in 0..4 {
            // The place in the key of the next rank in play: the top of the
            // current run of equal points not yet taken.
            let mut next = 0;
            for j in 0..slots.len[s] as usize {
                if !slots.joins[s][j] {
                    next = j;
                }
                let live = all & slots.cards[s][j];
                if live == 0 {
                    continue;
                }
                shape |= u64::from(live.count_ones()) << (2 * (MAX_RANKS * s + next));
                // The owners of the rank's cards, sorted.
                let a = owner(live.trailing_zeros());
                let rest = live & (live - 1);
                if rest == 0 {
                    push(a);
                } else {
                    let b = owner(rest.trailing_zeros());
                    let last = rest & (rest - 1);
                    if last == 0 {
                        push(a.min(b));
                        push(a.max(b));
                    } else {
                        let mut o = [a, b, owner(last.trailing_zeros())];
                        o.sort_unstable();
                        o.iter().for_each(|&x| push(x));
                    }
                }
                next += 1;
            }
        }
        Some(TtKey {
            shape,
            ctx: ctx | RELATIVE,
            owners: code,
        })
    }
}

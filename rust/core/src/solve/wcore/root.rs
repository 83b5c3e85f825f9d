//! The root of a valuation ([`Switches::root_memo`]): what each of the
//! root's cards proved in the probes so far, kept between the probes of
//! one MTD(f) valuation. A probe tries the cards known to reach furthest
//! first, and skips a card whose bound already decides it: a card proven
//! below the target cannot reach it (nor its equivalents), a card proven at
//! or above it answers at once.
//!
//! [`Switches::root_memo`]: crate::solve::game::Switches::root_memo

use super::isa::Isa;
use super::moves::Ordered;
use super::search::{lower_ranks, ns, Answer, Descend, Search};
use crate::solve::whist::suit_bits;

/// The bounds proven on each root card's value (the maximising side's
/// tricks from the root trick's start) in one valuation's probes.
pub(crate) struct RootMemo {
    lo: [u8; 64],
    hi: [u8; 64],
    /// The cards searched at least once.
    seen: u64,
}

impl RootMemo {
    pub fn new() -> RootMemo {
        RootMemo {
            lo: [0; 64],
            hi: [u8::MAX; 64],
            seen: 0,
        }
    }

    /// Records what a probe of `c` at `beta` answered (`v`, fail-soft).
    fn note(&mut self, c: u8, beta: i32, v: i32) {
        let c = c as usize;
        let v = v.clamp(0, u8::MAX as i32) as u8;
        if v as i32 >= beta {
            self.lo[c] = self.lo[c].max(v);
        } else {
            self.hi[c] = self.hi[c].min(v);
        }
        self.seen |= 1u64 << c;
    }
}

impl<I: Isa> Search<'_, I>
where
    Self: Descend,
{
    /// The root's node at ply `d` for target `beta`, its cards tried and
    /// skipped by what `memo` knows (the answer's rank winners are not
    /// kept: the root is not stored).
    pub(super) fn root(&mut self, d: usize, beta: i32, memo: &mut RootMemo) -> Answer {
        let t = d >> 2;
        let seat = self.seat[d] as usize;
        let won = self.won[t] as i32;
        let hand = self.hands[seat];
        let rem = hand.count_ones() as i32;
        let pos = d & 3;
        if pos == 0 {
            if won >= beta || won + rem < beta || rem <= 1 {
                return self.descend(d, beta);
            }
            if self.enter() {
                return (beta - 1, 0);
            }
            self.all[t] = self.all_cards();
            if self.switches.quick_tricks || self.switches.sure_tricks {
                if let Some(a) = self.quick_bounds(seat, won, rem, beta) {
                    return a;
                }
            }
        } else {
            if self.enter() {
                return (beta - 1, 0);
            }
            if self.switches.trick_bounds {
                if let Some(a) = self.trick_bound(d, won, rem, beta) {
                    return a;
                }
            }
        }
        let playable = self.playable(d, hand);
        let maxing = ns(seat);
        let mut order = Ordered::new();
        self.order(d, playable, &mut order);
        // The cards searched before first, the most promising first; the
        // others after, in the search's order.
        let n = order.len();
        let mut cards: Vec<u8> = (0..n).map(|i| order.get(i)).collect();
        cards.sort_by_key(|&c| {
            let i = c as usize;
            let known = memo.seen >> i & 1 == 1;
            let key = if maxing {
                (u8::MAX - memo.hi[i], u8::MAX - memo.lo[i])
            } else {
                (memo.lo[i], memo.hi[i])
            };
            (!known, if known { key } else { (0, 0) })
        });
        let mut best = if maxing { 0 } else { i32::MAX };
        let mut min_rel = [0u8; 4];
        let mut tried = 0u64;
        let all = self.all[t];
        for &c in &cards {
            let i = c as usize;
            let s = (c >> 4) as usize;
            let (lo, hi) = (memo.lo[i] as i32, memo.hi[i] as i32);
            if maxing && lo >= beta {
                return (lo, 0);
            }
            if !maxing && hi < beta {
                return (hi, 0);
            }
            if (maxing && hi < beta) || (!maxing && lo >= beta) {
                best = if maxing { best.max(hi) } else { best.min(lo) };
                tried |= 1u64 << c;
                continue;
            }
            if c & 15 >= min_rel[s] && !self.equivalent(c, tried & suit_bits(c >> 4), hand, all) {
                let (v, w) = self.try_card(d, c, beta);
                if self.abort.is_some() {
                    return (v, 0);
                }
                memo.note(c, beta, v);
                best = if maxing { best.max(v) } else { best.min(v) };
                if (maxing && best >= beta) || (!maxing && best < beta) {
                    return (best, 0);
                }
                lower_ranks(&mut min_rel, c, w);
            }
            tried |= 1u64 << c;
        }
        (best, 0)
    }
}

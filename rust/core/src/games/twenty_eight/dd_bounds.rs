//! Quick bounds at trick starts for open-trump Twenty-eight.
//!
//! Once trumps are open, a trump wins whatever trick it is played to unless
//! a higher trump of the other side is played there too. So every trump of
//! the top run of the trump suit (the trumps above the highest one of the
//! other side) takes its own points for its side: a lower bound for that
//! side and an upper bound for the other.

use super::PointsGame;
use crate::card::CardSet;
use crate::solve::{LeadBounds, Switches, TrickGame};

impl PointsGame {
    /// Bounds for the side on lead from the top run of trumps.
    pub(super) fn trump_run_bounds(&self, sw: &Switches) -> LeadBounds<CardSet> {
        let rem = self.remaining();
        let mut b = LeadBounds {
            lower: 0,
            lower_by: CardSet::EMPTY,
            upper: rem,
            upper_by: CardSet::EMPTY,
        };
        let c = &self.core;
        let Some(t) = self.trump else {
            return b;
        };
        if !self.partition_on() || c.tlen != 0 || c.void_pending || c.over {
            return b;
        }
        let mask = self.cfg.pack.suit_mask(t);
        let mut owner_side = [u8::MAX; 128];
        let mut trumps = CardSet::EMPTY;
        for seat in 0..4 {
            let h = c.hands[seat] & mask;
            trumps |= h;
            for card in h.iter() {
                owner_side[card.0 as usize] = self.side[seat];
            }
        }
        let Some(top) = trumps.highest() else {
            return b;
        };
        let run_side = owner_side[top.0 as usize];
        let (mut pts, mut by) = (0u32, CardSet::EMPTY);
        for card in trumps.iter().rev() {
            if owner_side[card.0 as usize] != run_side {
                break;
            }
            let p = self.cfg.points[card.0 as usize];
            if p == 0 {
                break;
            }
            pts += p as u32;
            by.insert(card);
        }
        let lead_side = self.side[c.to_move as usize];
        if run_side == lead_side {
            if sw.quick_tricks {
                b.lower = pts;
                b.lower_by = by;
            }
        } else if sw.sure_tricks {
            b.upper = rem - pts.min(rem);
            b.upper_by = by;
        }
        b
    }
}

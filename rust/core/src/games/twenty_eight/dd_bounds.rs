//! Quick bounds at trick starts for open-trump Twenty-eight.
//!
//! Once trumps are open, a trump wins whatever trick it is played to unless
//! a higher trump of the other side is played there too. So every trump of
//! the top run of the trump suit (the trumps above the highest one of the
//! other side) takes its own points for its side: a lower bound for that
//! side and an upper bound for the other. The last trick, one card in each
//! hand, is valued exactly.

use super::super::rules;
use super::PointsGame;
use crate::card::{Card, CardSet};
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
        if sw.quick_tricks && c.tricks_left == 1 && c.revealed && c.bonus_paid {
            if let Some(exact) = self.last_trick(rem) {
                return exact;
            }
        }
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
            let p = super::gain_of(&self.cfg, card);
            if p == 0 {
                break;
            }
            pts += p;
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

    /// The last trick, every hand holding one card: its exact value for the
    /// side on lead (both bounds), relying on the ranks that decided it.
    fn last_trick(&self, rem: u32) -> Option<LeadBounds<CardSet>> {
        let c = &self.core;
        if c.tlen != 0 || c.void_pending || c.over {
            return None;
        }
        let mut cards = [Card(0); 6];
        for (i, slot) in cards[..self.n].iter_mut().enumerate() {
            let seat = (c.leader as usize + i) % self.n;
            let h = c.hands[seat];
            if h.len() != 1 {
                return None;
            }
            *slot = h.lowest()?;
        }
        let cards = &cards[..self.n];
        let cfg = &self.cfg;
        let w = rules::trick_winner(&cfg.pack, &cfg.rank, cards, self.trump, true, self.no_trump);
        let seat = (c.leader as usize + w) % self.n;
        let lead_side = self.side[c.leader as usize];
        // The loser's credit (kings and queens with kq_negative).
        let rest: u32 = cards.iter().map(|&x| super::loss_of(cfg, x)).sum();
        let v = if self.side[seat] == lead_side {
            rem - rest
        } else {
            rest
        };
        let by = if self.exact_key {
            self.decided(cards, w)
        } else {
            CardSet::EMPTY
        };
        Some(LeadBounds {
            lower: v,
            lower_by: by,
            upper: v,
            upper_by: by,
        })
    }
}

//! Sure tricks at a trick start, for the cut-offs of the whist core: the
//! bounds the generic whist search uses ([`crate::solve::bounds`]): the
//! tricks the side on lead cashes (played out with entries between its
//! hands), its top and long trumps and the trump patterns that make a trick
//! in time; against it, the defence's tricks whatever is led, and in no
//! trump the suits it can run. Each bound comes with the cards whose ranks
//! it relies on.

use super::search::{ns, Answer, Search};
use crate::solve::bounds::{LeadView, Sides};

impl Search<'_> {
    /// The answer for target `beta` when the trick-start bounds shared with
    /// the generic whist search decide it (cashing played out, the
    /// defence's tricks, trump lengths and patterns, no trump's run).
    pub(super) fn quick_bounds(
        &self,
        seat: usize,
        won: i32,
        rem: i32,
        beta: i32,
    ) -> Option<Answer> {
        let me = self.hands[seat];
        let us = Sides {
            me,
            pd: self.hands[(seat + 2) & 3],
            opp: [self.hands[(seat + 1) & 3], self.hands[(seat + 3) & 3]],
        };
        let view = LeadView {
            trump: self.trump,
            remaining: me | us.pd | us.opp[0] | us.opp[1],
            tricks: rem as u32,
        };
        let lead_max = ns(seat);
        let target = if lead_max {
            beta - won
        } else {
            rem - (beta - won) + 1
        };
        let b = view.lead_bounds(&us, true, &self.switches, target.max(0) as u32);
        let (lo, hi) = (b.lower as i32, b.upper as i32);
        if lead_max {
            if won + lo >= beta {
                return Some((won + lo, b.lower_by));
            }
            if won + hi < beta {
                return Some((won + hi, b.upper_by));
            }
        } else {
            if won + rem - lo < beta {
                return Some((won + rem - lo, b.lower_by));
            }
            if won + rem - hi >= beta {
                return Some((won + rem - hi, b.upper_by));
            }
        }
        None
    }
}

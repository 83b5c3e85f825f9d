//! Sure tricks at a trick start, for the cut-offs of the whist core: the
//! bounds the generic whist search uses ([`crate::solve::bounds`]): the
//! tricks the side on lead cashes (played out with entries between its
//! hands), its top and long trumps and the trump patterns that make a trick
//! in time; against it, the defence's tricks whatever is led, and in no
//! trump the suits it can run. Each bound comes with the cards whose ranks
//! it relies on.

use super::isa::Isa;
use super::moves::top;
use super::search::{ns, Answer, Search};
use crate::solve::bounds::{LeadView, Sides};
use crate::solve::whist::{suit_bits, NO_TRUMP};

impl<I: Isa> Search<'_, I> {
    /// The answer for target `beta` when the trick-start bounds shared with
    /// the generic whist search decide it (cashing played out, the
    /// defence's tricks, trump lengths and patterns, no trump's run).
    #[inline(always)]
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

    /// In the middle of a trick (ply `d`, its tricks before it `won` and
    /// `rem` to play counting this one): the answer for `beta` when it only
    /// needs the current trick and one side surely takes it, whatever
    /// anyone plays (the maximising side needing one more trick, or the
    /// other side needing to stop it taking every trick left).
    #[inline(always)]
    pub(super) fn trick_bound(&self, d: usize, won: i32, rem: i32, beta: i32) -> Option<Answer> {
        let need = beta - won;
        if need == 1 {
            if let Some(w) = self.sure_winner(d, true) {
                return Some((won + 1, w));
            }
        }
        if need == rem {
            if let Some(w) = self.sure_winner(d, false) {
                return Some((won + rem - 1, w));
            }
        }
        None
    }

    /// Does the side of seats 0 and 2 (`ns`) or the other surely win the
    /// trick in progress at ply `d`? If so, the cards whose ranks that
    /// relies on: the side's card that wins (when another card of its suit
    /// is in the trick or with an opponent still to play). Either the card
    /// winning so far is the side's and no opponent still to play can beat
    /// it, or the side's hands still to play hold a card of the suit led
    /// (or a trump, void in it) above everything the opponents still to
    /// play could beat it with.
    #[inline(always)]
    fn sure_winner(&self, d: usize, side_ns: bool) -> Option<u64> {
        let t = d >> 2;
        let first = 4 * t;
        let led = self.lead[t];
        let lm = suit_bits(led);
        let tm = if self.trump != NO_TRUMP && self.trump != led {
            suit_bits(self.trump)
        } else {
            0
        };
        let mut trick = 0u64;
        for p in first..d {
            trick |= 1u64 << self.card[p];
        }
        // The cards still to play, by side: of the suit led, or trumps.
        let (mut my_led, mut my_ruff, mut opp_led, mut opp_ruff) = (0u64, 0u64, 0u64, 0u64);
        let seat = self.seat[d] as usize;
        for k in 0..4 - (d - first) {
            let s = (seat + k) & 3;
            let h = self.hands[s];
            let mine = ns(s) == side_ns;
            let (l, r) = if h & lm != 0 {
                (h & lm, 0)
            } else {
                (0, h & tm)
            };
            if mine {
                my_led |= l;
                my_ruff |= r;
            } else {
                opp_led |= l;
                opp_ruff |= r;
            }
        }
        let wp = self.win_ply(d - 1);
        let best = 1u64 << self.card[wp];
        let best_trump = best & tm != 0;
        let above = |x: u64, b: u64| x & !(b | (b - 1));
        let rank_used = |c: u64, rivals: u64| {
            let sm = suit_bits((c.trailing_zeros() >> 4) as u8);
            if (trick | rivals) & sm & !c != 0 {
                c
            } else {
                0
            }
        };
        if ns(self.seat[wp] as usize) == side_ns {
            let safe = if best_trump {
                above(opp_ruff, best) == 0
            } else {
                opp_ruff == 0 && above(opp_led, best) == 0
            };
            if safe {
                return Some(rank_used(best, if best_trump { opp_ruff } else { opp_led }));
            }
        }
        if opp_ruff == 0 && !best_trump && my_led != 0 {
            let c = 1u64 << top(my_led);
            if c > best && above(opp_led, c) == 0 {
                return Some(rank_used(c, opp_led));
            }
        }
        if my_ruff != 0 {
            let c = 1u64 << top(my_ruff);
            if (!best_trump || c > best) && above(opp_ruff, c) == 0 {
                return Some(rank_used(c, opp_ruff));
            }
        }
        None
    }
}

//! Tricks the side on lead can cash from the top, by playing the hand out:
//! a lower bound for the trick-start bounds of [`super::bounds`].
//!
//! The leader leads his suits one after the other, each as long as he keeps
//! winning it; his partner follows low (or throws a card he will not need);
//! the opponents follow low and keep their best cards, and in a trump
//! contract any round one of them could ruff ends the suit. When the leader
//! runs out of tricks he crosses to his partner with a small card of a suit
//! the partner then wins (or that the partner, void there, ruffs while no
//! opponent can), and the partner cashes the same way, and so
//! on. Trumps are led only while the opponents hold some; the rest are kept
//! as entries and cashed last.
//! Every round counted is won whatever the opponents play, so the count is
//! a lower bound on the side's tricks; the cards whose ranks the count
//! relies on are returned with it for partition search.

use super::bits::{bottom_bit, len, top_bit, trump_tricks};
use super::bounds::{LeadView, Sides};
use super::whist::{suit_bits, NO_TRUMP};

/// Most changes of the hand on lead in one cashing run.
const RUNS: usize = 6;

/// The hands while the cashing is played out.
struct Play {
    /// The side's two hands (the partner's may be empty).
    side: [u64; 2],
    /// The opponents' hands (one may be empty).
    opp: [u64; 2],
    /// The trump suit's cards (0 in no trump).
    tm: u64,
    tricks: u32,
    by: u64,
    /// [`Switches::lean_cashing`]: a round won with the opponents out of
    /// the suit fixes its cards only where the count goes on after it and
    /// which of the side's hands won is not already fixed.
    ///
    /// [`Switches::lean_cashing`]: crate::solve::game::Switches::lean_cashing
    lean: bool,
}

impl Play {
    /// Does an opponent void in the suit of `sm` hold a trump?
    #[inline]
    fn ruffable(&self, sm: u64) -> bool {
        self.tm != 0
            && sm & self.tm == 0
            && self.opp.iter().any(|&o| o & sm == 0 && o & self.tm != 0)
    }

    /// Hand `h`, void in the suit led (`sm`), throws a card: the lowest of
    /// its longest other suit, trumps last. Returns false when it holds
    /// only trumps and must ruff (then it wins the round).
    #[inline]
    fn throw(&mut self, h: usize, sm: u64) -> bool {
        let hand = self.side[h];
        if hand == 0 {
            return true;
        }
        let mut best = 0u64;
        let mut best_len = 0;
        for s in 0..4u8 {
            let x = hand & suit_bits(s) & !self.tm;
            let l = len(x);
            if l > best_len && suit_bits(s) != sm {
                best_len = l;
                best = x;
            }
        }
        if best == 0 {
            if self.tm != 0 && hand & self.tm != 0 && sm & self.tm == 0 {
                return false;
            }
            // Only cards of the suit led left cannot be: follow is handled
            // by the caller. Throw the lowest card.
            self.side[h] &= !bottom_bit(hand);
            return true;
        }
        self.side[h] &= !bottom_bit(best);
        true
    }

    /// With the opponents out of the suit of `sm`, a round of the side's
    /// `xc` and `yc` is won whoever of the two wins it; which one does
    /// (who leads next) needs no card of its own fixed when nothing is
    /// counted after this round (it reaches `need`), or when either card
    /// is already fixed (at or above the lowest card of the suit the count
    /// relies on: the pattern fixes every card from the top down to it,
    /// and the hands' lengths place the rest): the higher one fixed keeps
    /// the other below it, the lower one fixed keeps the other above it
    /// (its hand then holds no card below it).
    #[inline]
    fn winner_moot(&self, sm: u64, xc: u64, yc: u64, need: u32) -> bool {
        if self.tricks + 1 >= need {
            return true;
        }
        let f = self.by & sm;
        f != 0 && (xc >= bottom_bit(f) || yc >= bottom_bit(f))
    }

    /// Hand `x` leads suit `sm` while it keeps winning it; its partner
    /// follows low. Returns whether the lead passed to the partner (who won
    /// the last round counted).
    fn cash_suit(&mut self, x: usize, sm: u64, need: u32, draw: bool) -> bool {
        let y = 1 - x;
        let mut xs = self.side[x] & sm;
        let mut ys = self.side[y] & sm;
        let [mut o0, mut o1] = [self.opp[0] & sm, self.opp[1] & sm];
        // Opponents who could ruff once void in the suit.
        let side_suit = self.tm != 0 && sm & self.tm == 0;
        let r0 = side_suit && self.opp[0] & self.tm != 0;
        let r1 = side_suit && self.opp[1] & self.tm != 0;
        let mut passed = false;
        while xs != 0 && self.tricks < need && !(r0 && o0 == 0) && !(r1 && o1 == 0) {
            let os = o0 | o1;
            if draw && os == 0 {
                break;
            }
            let xc = top_bit(xs);
            let yc = bottom_bit(ys);
            let high = xc.max(yc);
            if high < top_bit(os) {
                break;
            }
            // The round is won (and by the partner when his card is the
            // higher: both relations count).
            if os != 0 || (ys != 0 && !(self.lean && self.winner_moot(sm, xc, yc, need))) {
                self.by |= high;
            }
            xs &= !xc;
            o0 &= o0.wrapping_sub(1);
            o1 &= o1.wrapping_sub(1);
            self.tricks += 1;
            if ys != 0 {
                ys &= !yc;
                if yc > xc {
                    passed = true;
                    break;
                }
            } else {
                // The partner does not follow: he throws a card of another
                // suit, or ruffs (and wins) when he holds only trumps.
                self.side[y] = (self.side[y] & !sm) | ys;
                if !self.throw(y, sm) {
                    self.side[y] &= !bottom_bit(self.side[y] & self.tm);
                    ys = self.side[y] & sm;
                    passed = true;
                    break;
                }
                ys = self.side[y] & sm;
            }
        }
        self.side[x] = (self.side[x] & !sm) | xs;
        self.side[y] = (self.side[y] & !sm) | ys;
        self.opp[0] = (self.opp[0] & !sm) | o0;
        self.opp[1] = (self.opp[1] & !sm) | o1;
        passed
    }

    /// Hand `x` cashes every suit it can: trumps first while the opponents
    /// still hold some (drawing them), then the side suits, then the
    /// trumps left (kept until then: they are entries for ruffs). Returns
    /// whether the lead passed to the partner.
    fn cash_all(&mut self, x: usize, trump: u8, need: u32) -> bool {
        // Only suits whose top card the side holds can give a round.
        let ours = self.side[0] | self.side[1];
        let all = ours | self.opp[0] | self.opp[1];
        let mut order = [0u8, 1, 2, 3];
        if trump != NO_TRUMP {
            order.swap(0, trump as usize);
        }
        for (k, s) in order.into_iter().enumerate() {
            let sm = suit_bits(s);
            if self.side[x] & sm == 0 || top_bit(all & sm) & ours == 0 {
                continue;
            }
            if self.cash_suit(x, sm, need, k == 0 && trump != NO_TRUMP) {
                return true;
            }
            if self.tricks >= need {
                return false;
            }
        }
        if trump != NO_TRUMP && self.side[x] & self.tm != 0 {
            // The trumps kept back: winners once the opponents have none.
            let sm = suit_bits(trump);
            let all = self.side[0] | self.side[1] | self.opp[0] | self.opp[1];
            if top_bit(all & sm) & (self.side[0] | self.side[1]) != 0 {
                return self.cash_suit(x, sm, need, false);
            }
        }
        false
    }

    /// Hand `x` of the side on lead cashes, crosses to its partner, and so
    /// on (at most [`RUNS`] changes of hand), until the side has `need` tricks. Returns the tricks counted.
    fn run(&mut self, mut x: usize, need: u32) -> u32 {
        let trump = if self.tm != 0 {
            (self.tm.trailing_zeros() / 16) as u8
        } else {
            NO_TRUMP
        };
        for _ in 0..RUNS {
            let passed = self.cash_all(x, trump, need);
            if self.tricks >= need {
                break;
            }
            if passed {
                x = 1 - x;
                continue;
            }
            if self.side[1 - x] == 0 || !(self.cross(x) || self.ruff_cross(x)) {
                break;
            }
            x = 1 - x;
        }
        if self.tm != 0
            && self.tricks < need
            && self.tricks + len(self.side[0] & self.tm).max(len(self.side[1] & self.tm)) >= need
        {
            // Whatever is played afterwards, each trump of a hand of the side
            // falls in a trick of its own, lost only to a higher trump of the
            // opponents.
            let theirs = (self.opp[0] | self.opp[1]) & self.tm;
            let (a, ra) = trump_tricks(self.side[0] & self.tm, theirs);
            let (b, rb) = trump_tricks(self.side[1] & self.tm, theirs);
            let (t, h, r) = if a >= b { (a, 0, ra) } else { (b, 1, rb) };
            if r {
                self.by |= bottom_bit(self.side[h] & self.tm);
            }
            self.tricks += t;
        }
        self.tricks
    }

    /// Hand `x` crosses to its partner by a ruff: it leads its lowest card
    /// of a side suit the partner is void in and no opponent can ruff (an
    /// opponent void there holds no trump), and the partner ruffs with his
    /// lowest trump. (An opponent void with a trump could keep it and throw
    /// a card instead, making a void the cashing does not see.) Returns
    /// whether it could.
    fn ruff_cross(&mut self, x: usize) -> bool {
        let y = 1 - x;
        let tm = self.tm;
        let yt = self.side[y] & tm;
        if yt == 0 {
            return false;
        }
        for s in 0..4u8 {
            let sm = suit_bits(s);
            let xs = self.side[x] & sm;
            if sm & tm != 0 || xs == 0 || self.side[y] & sm != 0 || self.ruffable(sm) {
                continue;
            }
            self.cross_with(x, bottom_bit(xs), bottom_bit(yt), sm);
            return true;
        }
        false
    }

    /// The crossing trick: hand `x` leads `xc` of suit `sm`, its partner wins
    /// with `yc`, the opponents follow low.
    #[inline]
    fn cross_with(&mut self, x: usize, xc: u64, yc: u64, sm: u64) {
        self.side[x] &= !xc;
        self.side[1 - x] &= !yc;
        for o in self.opp.iter_mut() {
            let f = *o & sm;
            if f != 0 {
                *o &= !bottom_bit(f);
            }
        }
        self.tricks += 1;
    }

    /// Hand `x` crosses to its partner: it leads its lowest card of a suit
    /// in which the partner's top card beats every other card still out.
    /// Returns whether it could.
    fn cross(&mut self, x: usize) -> bool {
        let y = 1 - x;
        for s in 0..4u8 {
            let sm = suit_bits(s);
            let (xs, ys) = (self.side[x] & sm, self.side[y] & sm);
            if xs == 0 || ys == 0 {
                continue;
            }
            let os = (self.opp[0] | self.opp[1]) & sm;
            let yc = top_bit(ys);
            let xc = bottom_bit(xs);
            if yc < xc || (os != 0 && yc < top_bit(os)) || self.ruffable(sm) {
                continue;
            }
            self.by |= yc;
            self.cross_with(x, xc, yc, sm);
            return true;
        }
        false
    }
}

impl LeadView {
    /// Tricks the side not on lead surely takes from a trick start: whatever
    /// suit the leader leads, an opponent holds its top card (and, in a
    /// trump contract, the leader's partner cannot ruff), wins the trick and
    /// then cashes as in [`Whist::cashing_tricks`]; the least over the
    /// leader's suits. The hands left for the cashing keep the leader's side
    /// its best cards of the suit led (its lowest ones played) and do not
    /// shorten a void partner. Only counts of at least `need` are worked
    /// out (0 otherwise); with the cards whose ranks they rely on.
    pub(crate) fn defence_tricks(&self, us: &Sides, need: u32, lean: bool) -> (u32, u64) {
        let Sides { me, pd, opp } = *us;
        let tm = if self.trump != NO_TRUMP {
            suit_bits(self.trump) & self.remaining
        } else {
            0
        };
        let mut least = u32::MAX;
        let mut by = 0u64;
        // Cheap test first: every suit the leader can lead is won.
        for s in 0..4u8 {
            let sm = suit_bits(s);
            if me & sm == 0 {
                continue;
            }
            let top = top_bit(self.remaining & sm);
            if (opp[0] | opp[1]) & top == 0 {
                return (0, 0);
            }
            if tm != 0 && sm & tm == 0 && pd & sm == 0 && pd & tm != 0 {
                return (0, 0);
            }
        }
        for s in 0..4u8 {
            let sm = suit_bits(s);
            if me & sm == 0 {
                continue;
            }
            let top = top_bit(self.remaining & sm);
            let w = usize::from(opp[0] & top == 0);
            if (me | pd | opp[1 - w]) & sm != 0 {
                by |= top;
            }
            // The trick: the leader plays his lowest card of the suit, the
            // partner his lowest if he follows, the winner his top card,
            // the winner's partner his lowest or a throw.
            let me2 = me & !bottom_bit(me & sm);
            let pd2 = if pd & sm != 0 {
                pd & !bottom_bit(pd & sm)
            } else {
                pd
            };
            let mut p = Play {
                side: [opp[w] & !top, opp[1 - w]],
                opp: [me2, pd2],
                tm,
                tricks: 1,
                by: 0,
                lean,
            };
            let mate = p.side[1] & sm;
            let count = if mate != 0 {
                p.side[1] &= !bottom_bit(mate);
                p.run(0, need)
            } else if p.throw(1, sm) {
                p.run(0, need)
            } else {
                // The winner's partner holds only trumps and must ruff.
                1
            };
            if count < need {
                // This lead escapes: the bound cannot reach `need`.
                return (0, 0);
            }
            by |= p.by;
            least = least.min(count);
        }
        if least == u32::MAX {
            return (0, 0);
        }
        (least, by)
    }

    /// Tricks the side on lead surely cashes from the top (see the module
    /// notes), stopping once it reaches `need`; with the cards whose ranks
    /// the count relies on. `us` holds the leader's and his partner's
    /// hands and the opponents'; the cards still out are the union of the
    /// four (hands as they will be after a trick in progress
    /// work too).
    pub(crate) fn cashing_tricks(&self, us: &Sides, need: u32, lean: bool) -> (u32, u64) {
        let Sides { me, pd, opp } = *us;
        let all = me | pd | opp[0] | opp[1];
        // Rounds are won only in suits whose top card the side holds, at
        // most as many as its longer holding there: give up at once when
        // that cannot reach `need`.
        let ours = me | pd;
        let mut most = 0;
        for s in 0..4u8 {
            let sm = suit_bits(s);
            if top_bit(all & sm) & ours != 0 {
                most += len(me & sm).max(len(pd & sm));
            }
        }
        let tm = if self.trump != NO_TRUMP {
            suit_bits(self.trump) & all
        } else {
            0
        };
        // (The trump length counted after the cashing.)
        most += len(me & tm).max(len(pd & tm));
        if most < need {
            return (0, 0);
        }
        let mut p = Play {
            side: [me, pd],
            opp,
            tm,
            tricks: 0,
            by: 0,
            lean,
        };
        let t = p.run(0, need);
        (t, p.by)
    }
}

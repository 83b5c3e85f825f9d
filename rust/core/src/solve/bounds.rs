//! Cheap bounds at a trick start for whist, for the side on lead: the
//! tricks it cashes from the top (played out in [`super::cashing`]), top and
//! long trumps and the trump patterns that make a trick in time (Kx behind
//! the ace...); and against it, the defence's sure tricks (top and long
//! trumps, tops of every suit the leader can lead, cashing after winning
//! whatever is led) and, in no trump, the suits it can run when it needs
//! every trick. In the middle of a trick: the tricks a side surely wins
//! from here.
//!
//! Every bound comes with the cards whose ranks it relies on, so the
//! transposition table stays exact under partition search; lengths are part of
//! the table key and need no ranks. Written for 2, 3 and 4 players.

use super::bits::{bottom_bit, len, top_bit, trump_tricks};
use super::game::{LeadBounds, Side, Switches, TrickGame};
use super::whist::{suit_bits, Whist, NO_TRUMP};

/// The cards still to be played to the current trick: by side, of the suit
/// led (`led`) and, for the hands void in it, trumps (`ruff`); the trumps
/// that could ruff the suit led (`tm`).
struct Rest {
    led: [u64; 2],
    ruff: [u64; 2],
    tm: u64,
}

/// The hands of one side seen from the leader.
#[derive(Copy, Clone)]
pub(crate) struct Sides {
    /// The leader's hand.
    pub me: u64,
    /// The partner's hand (0 without one).
    pub pd: u64,
    /// The opponents' hands (up to two; 0 for a missing one).
    pub opp: [u64; 2],
}

/// What the trick-start bounds read of a position besides the hands: the
/// trump suit, the cards still in play and the tricks left. Shared by the
/// generic whist game and the whist core.
#[derive(Copy, Clone, Debug)]
pub(crate) struct LeadView {
    /// The trump suit ([`NO_TRUMP`] for none).
    pub trump: u8,
    /// The cards in the hands.
    pub remaining: u64,
    /// Tricks left to play.
    pub tricks: u32,
}

impl<const N: usize> Whist<N> {
    /// The facts [`LeadView`] reads of this position.
    #[inline]
    pub(crate) fn lead_view(&self) -> LeadView {
        LeadView {
            trump: self.trump,
            remaining: self.remaining,
            tricks: self.tricks_left as u32,
        }
    }

    /// Bounds for the side on lead (see [`LeadBounds`]), stopping early once
    /// one of them decides whether the side on lead wins `target`.
    pub(crate) fn bounds(&self, sw: &Switches, target: u32) -> LeadBounds<u64> {
        let rem = self.tricks_left as u32;
        let lead = self.leader as usize;
        let b = LeadBounds {
            lower: 0,
            lower_by: 0,
            upper: rem,
            upper_by: 0,
        };
        if rem == 1 {
            // The last trick plays itself.
            let mut best = self.hands[lead].trailing_zeros() as u8;
            let mut win = lead;
            let mut cards = 1u64 << best;
            for k in 1..N {
                let seat = (lead + k) % N;
                let c = self.hands[seat].trailing_zeros() as u8;
                cards |= 1u64 << c;
                if self.beats(c, best) {
                    best = c;
                    win = seat;
                }
            }
            let by = if len(cards & suit_bits(best >> 4)) >= 2 {
                1u64 << best
            } else {
                0
            };
            let v = u32::from(self.side[win] == self.side[lead]);
            return LeadBounds {
                lower: v,
                lower_by: by,
                upper: v,
                upper_by: by,
            };
        }
        // Up to one partner and two opponents for the leader.
        let mut pd = 0u64;
        let mut opp = [0u64; 2];
        let mut n_opp = 0;
        let mut n_pd = 0;
        for k in 1..N {
            let seat = (lead + k) % N;
            if self.side[seat] == self.side[lead] {
                pd = self.hands[seat];
                n_pd += 1;
            } else if n_opp < 2 {
                opp[n_opp] = self.hands[seat];
                n_opp += 1;
            }
        }
        if n_pd > 1 || N - 1 - n_pd > 2 {
            return b;
        }
        let us = Sides {
            me: self.hands[lead],
            pd,
            opp,
        };
        self.lead_view().lead_bounds(&us, N == 4, sw, target)
    }
}

impl LeadView {
    /// Bounds for the side on lead whose hands and opponents' are `us`
    /// (`four`: four players, for the trump patterns that need a partner
    /// and two opponents), stopping early once one of them decides whether
    /// the side on lead wins `target`.
    pub(crate) fn lead_bounds(
        &self,
        us: &Sides,
        four: bool,
        sw: &Switches,
        target: u32,
    ) -> LeadBounds<u64> {
        let rem = self.tricks;
        let mut b = LeadBounds {
            lower: 0,
            lower_by: 0,
            upper: rem,
            upper_by: 0,
        };
        let with_trumps = self.trump != NO_TRUMP && self.remaining & suit_bits(self.trump) != 0;
        if sw.quick_tricks && with_trumps {
            let (t, tby) = self.top_trumps(us.me, us.pd);
            let l = self.trump_length_tricks(us.me, us.pd, us.opp);
            let (t, tby) = if l > t { (l, 0) } else { (t, tby) };
            let (t, tby) = if sw.rank_trumps && !four {
                self.ranked_trumps([us.me, us.pd], us.opp, (t, tby))
            } else {
                (t, tby)
            };
            if t > b.lower {
                b.lower = t.min(rem);
                b.lower_by = tby;
            }
            if b.lower == 0 && four {
                let (t, tby) = self.slow_trumps(us.me, us.pd, us.opp[0], us.opp[1], true);
                b.lower = t.min(rem);
                b.lower_by = tby;
            }
        }
        if sw.quick_tricks && b.lower < target {
            let (q, by) = self.cashing_tricks(us, target, sw.lean_cashing);
            if q > b.lower {
                b.lower = q.min(rem);
                b.lower_by = by;
            }
        }
        if b.lower >= target {
            return b;
        }
        if sw.sure_tricks {
            // The other side: its "me" is the opponent holding more trumps.
            let (o, oby) = if with_trumps {
                let (t, tby) = self.top_trumps(us.opp[0], us.opp[1]);
                let l = self.trump_length_tricks(us.opp[0], us.opp[1], [us.me, us.pd]);
                let (t, tby) = if l > t { (l, 0) } else { (t, tby) };
                if sw.rank_trumps && !four {
                    self.ranked_trumps(us.opp, [us.me, us.pd], (t, tby))
                } else {
                    (t, tby)
                }
            } else {
                self.other_nt_tricks(us)
            };
            let (o, oby) = if o == 0 && with_trumps && four {
                self.slow_trumps(us.opp[0], us.opp[1], us.pd, us.me, false)
            } else {
                (o, oby)
            };
            if o > 0 {
                b.upper = rem - o.min(rem);
                b.upper_by = oby;
                if b.upper < target {
                    return b;
                }
            }
            let need = (rem + 1).saturating_sub(target);
            if rem - b.upper < need && need > 0 {
                let (d, dby) = self.defence_tricks(us, need, sw.lean_cashing);
                if d > rem - b.upper {
                    b.upper = rem - d.min(rem);
                    b.upper_by = dby;
                    if b.upper < target {
                        return b;
                    }
                }
            }
        }
        if !with_trumps && sw.sure_tricks && target >= rem && b.upper >= rem {
            // Without trumps a side takes every trick only by leading every
            // one of them, and a suit whose top card an opponent holds can
            // only be led once he has let that card go, which he never has to
            // do: the tricks are at most the side's longest holdings in the
            // suits where it holds the top card. (Fewer such suits only lower
            // the count, so only the opponents' top cards matter.)
            let ours = us.me | us.pd;
            let mut sum = 0;
            let mut by = 0u64;
            for s in 0..4u8 {
                let sm = suit_bits(s);
                let rest = self.remaining & sm;
                if rest == 0 {
                    continue;
                }
                let top = top_bit(rest);
                if top & ours != 0 {
                    sum += len(us.me & sm).max(len(us.pd & sm));
                } else {
                    let holder = if us.opp[0] & top != 0 {
                        us.opp[0]
                    } else {
                        us.opp[1]
                    };
                    if rest & !holder != 0 {
                        by |= top;
                    }
                }
            }
            if sum < rem {
                b.upper = rem - 1;
                b.upper_by = by;
                return b;
            }
        }
        if b.lower > b.upper {
            // Cannot happen for consistent bounds; stay safe.
            b.lower = 0;
            b.upper = rem;
        }
        b
    }
}

impl<const N: usize> Whist<N> {
    /// The cards of the hands still to play to the current trick, by side:
    /// of the suit led for those who follow, trumps for those who are void.
    fn still_to_play(&self) -> Rest {
        let played = self.played as usize;
        let seat = self.to_move();
        let led = self.trick()[0] >> 4;
        let lm = suit_bits(led);
        let tm = if self.trump != NO_TRUMP && self.trump != led {
            suit_bits(self.trump)
        } else {
            0
        };
        let mut r = Rest {
            led: [0; 2],
            ruff: [0; 2],
            tm,
        };
        for k in 0..N - played {
            let s = (seat + k) % N;
            let h = self.hands[s];
            let side = self.side[s] as usize;
            if h & lm != 0 {
                r.led[side] |= h & lm;
            } else {
                r.ruff[side] |= h & tm;
            }
        }
        r
    }

    /// In the middle of a trick: does the side to move surely win `need` of
    /// the tricks from here, or else the other side `other_need`? Only the
    /// current trick is looked at (the bounds at the next trick start do
    /// the rest), so only a need of one trick can be met. One pass over the
    /// hands still to play answers for both sides.
    pub(crate) fn sure_either(
        &self,
        side: Side,
        need: u32,
        other_need: u32,
    ) -> Option<(bool, u64)> {
        if self.played == 0 {
            return None;
        }
        if need == 0 {
            return Some((true, 0));
        }
        if other_need == 0 {
            return Some((false, 0));
        }
        if need > 1 && other_need > 1 {
            return None;
        }
        let rest = self.still_to_play();
        if need == 1 {
            if let Some(w) = self.sure_winner(&rest, side) {
                return Some((true, w));
            }
        }
        if other_need == 1 {
            return self.sure_winner(&rest, 1 - side).map(|w| (false, w));
        }
        None
    }

    /// In the middle of a trick: does `side` surely win it, whatever anyone
    /// plays? Returns the cards whose ranks that relies on. Either the card
    /// winning so far is the side's and nobody still to play can beat it,
    /// or a hand of the side still to play holds a card (of the suit led,
    /// or a trump when void) that beats the trick so far and every card the
    /// opponents still to play could beat it with.
    fn sure_winner(&self, rest: &Rest, side: Side) -> Option<u64> {
        let tm = rest.tm;
        let (my_led, my_ruff) = (rest.led[side as usize], rest.ruff[side as usize]);
        let (opp_led, opp_ruff) = (rest.led[1 - side as usize], rest.ruff[1 - side as usize]);
        let (bi, best) = self.winner_so_far();
        let best_bit = 1u64 << best;
        let best_seat = (self.leader as usize + bi) % N;
        let above = |x: u64, b: u64| x & !(b | (b - 1));
        let best_trump = tm != 0 && best_bit & tm != 0;
        let rank_used = |c: u64, rivals: u64| {
            let sm = suit_bits((c.trailing_zeros() >> 4) as u8);
            if (self.trick_bits | rivals) & sm & !c != 0 {
                c
            } else {
                0
            }
        };
        if self.side[best_seat] == side {
            let safe = if best_trump {
                above(opp_ruff, best_bit) == 0
            } else {
                opp_ruff == 0 && above(opp_led, best_bit) == 0
            };
            if safe {
                return Some(rank_used(
                    best_bit,
                    if best_trump { opp_ruff } else { opp_led },
                ));
            }
        }
        if opp_ruff == 0 && !best_trump && my_led != 0 {
            let top = top_bit(my_led);
            if top > best_bit && above(opp_led, top) == 0 {
                return Some(rank_used(top, opp_led));
            }
        }
        if my_ruff != 0 {
            let top = top_bit(my_ruff);
            if (!best_trump || top > best_bit) && above(opp_ruff, top) == 0 {
                return Some(rank_used(top, opp_ruff));
            }
        }
        None
    }
}

impl LeadView {
    /// Top trumps of a pair of hands (held in sequence from the top, no
    /// more than the longer hand's trumps, so two of them never crash).
    fn top_trumps(&self, a: u64, b: u64) -> (u32, u64) {
        let t = suit_bits(self.trump);
        let all = self.remaining & t;
        let (a, b) = (a & t, b & t);
        if a == all {
            return (len(a), 0);
        }
        if b == all {
            return (len(b), 0);
        }
        let cap = len(a).max(len(b));
        let both = a | b;
        let mut rest = all;
        let mut n = 0;
        let mut by = 0;
        while n < cap {
            let top = top_bit(rest);
            if top & both == 0 {
                break;
            }
            by |= top;
            rest ^= top;
            n += 1;
        }
        (n, by)
    }

    /// Four players: a trump trick the pair `my`/`pd` will make in time
    /// against the top trumps (Kx behind the ace, KQ against the ace...),
    /// after bridge-solver's patterns. `lho` plays after `my`, `rho` before.
    fn slow_trumps(&self, my: u64, pd: u64, lho: u64, rho: u64, leading: bool) -> (u32, u64) {
        let t = suit_bits(self.trump);
        let all = self.remaining & t;
        let (my, pd, lho, rho) = (my & t, pd & t, lho & t, rho & t);
        if len(all) < 3 {
            return (0, 0);
        }
        let tricks = self.tricks;
        let a = top_bit(all);
        let k = top_bit(all ^ a);
        let q = top_bit(all ^ a ^ k);
        let strictly = |x: u64, c: u64| x & c != 0 && len(x) >= 2;
        let late = |n: u32| !leading || tricks >= n;
        let ours = my | pd;
        let theirs = lho | rho;
        // Kx behind the ace, or Kx against a singleton ace.
        if (strictly(pd, k) && lho & a != 0) || (strictly(my, k) && rho & a != 0 && late(3)) {
            return (1, a | k);
        }
        if (strictly(pd, k) || strictly(my, k)) && (rho == a || lho == a) && late(3) {
            return (1, a | k);
        }
        // KQJ against the ace.
        if len(all) >= 4 {
            let j = top_bit(all ^ a ^ k ^ q);
            let kqj = k | q | j;
            if theirs & a != 0 && ours & kqj == kqj && (len(my) >= 3 || len(pd) >= 3) {
                return (2, a | kqj);
            }
        }
        // KQ against the ace.
        if theirs & a != 0 && ours & (k | q) == k | q && (len(my) >= 2 || len(pd) >= 2) {
            return (1, a | k | q);
        }
        // Qxx behind AK, or against AK doubleton.
        let ak = a | k;
        if len(all) >= 5
            && ((pd & q != 0 && len(pd) >= 3 && lho & ak == ak)
                || (my & q != 0 && len(my) >= 3 && rho & ak == ak && late(4)))
        {
            return (1, ak | q);
        }
        if ((pd & q != 0 && len(pd) >= 3) || (my & q != 0 && len(my) >= 3))
            && (lho == ak || rho == ak || (len(lho) == 1 && len(rho) == 1))
            && late(4)
        {
            return (1, ak | q);
        }
        (0, 0)
    }

    /// `Switches::rank_trumps`: the trump tricks of the side holding `side`
    /// by ranks, if more than `best` (a count and the cards it relies on).
    /// Every card of a hand is played by the end, one a trick, and each of
    /// its trumps takes its trick for the side (alone or overtaken by the
    /// partner) unless a higher trump of the other side falls on it, which
    /// beats at most one of them ([`trump_tricks`]). Kept to two and three
    /// hands.
    fn ranked_trumps(&self, side: [u64; 2], other: [u64; 2], best: (u32, u64)) -> (u32, u64) {
        let t = suit_bits(self.trump) & self.remaining;
        let theirs = (other[0] | other[1]) & t;
        let mut out = best;
        for h in side {
            let mine = h & t;
            let (n, ranked) = trump_tricks(mine, theirs);
            if n > out.0 {
                out = (n, if ranked { bottom_bit(mine) } else { 0 });
            }
        }
        out
    }

    /// Each trump of the longer hand wins a trick unless an opponent's trump
    /// falls in it (lengths only).
    fn trump_length_tricks(&self, a: u64, b: u64, against: [u64; 2]) -> u32 {
        let t = suit_bits(self.trump);
        let mine = len(a & t).max(len(b & t));
        let theirs = len(against[0] & t) + len(against[1] & t);
        mine.saturating_sub(theirs)
    }

    /// No trump, the other side: if the opponents hold the top card of every
    /// suit the leader can lead, they win a trick; if one opponent holds them
    /// all, one trick for each.
    fn other_nt_tricks(&self, us: &Sides) -> (u32, u64) {
        let ours = us.me | us.pd;
        let mut tops = 0u64;
        for s in 0..4u8 {
            let sm = suit_bits(s);
            if us.me & sm == 0 {
                continue;
            }
            let top = top_bit(self.remaining & sm);
            if top & ours != 0 {
                return (0, 0);
            }
            tops |= top;
        }
        if tops == 0 {
            return (0, 0);
        }
        if us.opp[0] & tops == tops || us.opp[1] & tops == tops {
            (len(tops), tops)
        } else {
            (1, tops)
        }
    }
}

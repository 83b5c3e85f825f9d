//! Move ordering of the whist core.
//!
//! Leads by suit category, best first: a suit for partner to ruff, a
//! finesse through the left-hand opponent, a strong suit (two of the top
//! three cards), a plain suit, a suit giving the right-hand opponent a free
//! finesse, trumps; suits an opponent ruffs last. Only each suit's top and
//! bottom card take the category's place; the middle cards come last.
//! Followers: low when they cannot win or partner's card stands, the
//! cheapest sure winner, the lowest sufficient trump, discards from length.

use super::isa::Isa;
use super::moves::{bottom, top, Ordered};
use super::search::Search;
use crate::solve::whist::{suit_bits, NO_TRUMP};

/// The top and the bottom card of a holding.
#[inline(always)]
fn ends(x: u64) -> u64 {
    (1u64 << top(x)) | (1u64 << bottom(x))
}

impl<I: Isa> Search<'_, I> {
    /// Appends the cards of `set` (legal cards of the seat to move at ply
    /// `d`) to `out`, best first.
    #[inline(always)]
    pub(super) fn order(&self, d: usize, set: u64, out: &mut Ordered) {
        if set.count_ones() == 1 {
            out.push(bottom(set) as u8);
            return;
        }
        if d & 3 == 0 {
            self.order_leads(d, set, out);
        } else {
            self.order_follow(d, set, out);
        }
    }

    #[inline(always)]
    fn order_leads(&self, d: usize, mut set: u64, out: &mut Ordered) {
        let seat = self.seat[d] as usize;
        let me = self.hands[seat];
        let lho = self.hands[(seat + 1) & 3];
        let pd = self.hands[(seat + 2) & 3];
        let rho = self.hands[(seat + 3) & 3];
        let all = me | lho | pd | rho;
        let trumps = self.trump != NO_TRUMP;
        let tm = if trumps { suit_bits(self.trump) } else { 0 };
        let (mut good, mut high, mut plain, mut bad, mut trump_leads, mut ruff) =
            (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        let n = |x: u64| x.count_ones();
        for s in 0..4u8 {
            let sm = suit_bits(s);
            let my = set & sm;
            if my == 0 {
                continue;
            }
            if trumps {
                if s == self.trump {
                    trump_leads |= ends(my);
                    continue;
                }
                if (lho & tm != 0 && lho & sm == 0) || (rho & tm != 0 && rho & sm == 0) {
                    continue;
                }
            }
            let (ps, ls, rs) = (pd & sm, lho & sm, rho & sm);
            let ours = my | ps;
            let mut rest = all & sm;
            let mut tops = [0u64; 5];
            for t in tops.iter_mut() {
                if rest != 0 {
                    *t = 1u64 << top(rest);
                    rest ^= *t;
                }
            }
            let [a, k, q, j, t] = tops;
            let has = |x: u64, b: u64| b != 0 && x & b == b;
            if n(ps) >= 2
                && n(ls) >= 2
                && ((has(ps, k) && has(ls, a))
                    || (has(ps, a) && has(ls, k) && (has(ps, q) || has(ours, q | j)))
                    || (has(ps, k) && has(ls, q) && (has(ps, j) || has(ours, j | t))))
            {
                good |= ends(my);
                continue;
            }
            if trumps
                && n(my) >= 2
                && n(rs) >= 2
                && ((has(my, a) && has(rs, k)) || (has(my, k) && has(rs, a) && !has(ours, q)))
            {
                bad |= 1u64 << top(my);
                continue;
            }
            if ls != 0 && rs != 0 && n(ours & (a | k | q)) >= 2 {
                high |= ends(my);
                continue;
            }
            if trumps
                && ps == 0
                && ls != 0
                && rs != 0
                && pd & tm != 0
                && n(pd & tm) <= n(set & tm)
                && 1u64 << bottom(my) != a
            {
                ruff |= 1u64 << bottom(my);
                continue;
            }
            plain |= ends(my);
        }
        for group in [ruff, good, high, plain, bad, trump_leads] {
            let g = group & set;
            out.push_high_first(g);
            set &= !g;
        }
        out.push_high_first(set);
    }

    #[inline(always)]
    fn order_follow(&self, d: usize, mut set: u64, out: &mut Ordered) {
        let seat = self.seat[d] as usize;
        let pos = d & 3;
        let last = pos == 3;
        let t = d >> 2;
        let wp = self.win_ply(d - 1);
        let win_seat = self.seat[wp] as usize;
        let win_card = self.card[wp];
        let partner = (seat + 2) & 3;
        let led = suit_bits(self.lead[t]);
        let lho_hand = self.hands[(seat + 1) & 3];
        let lho = lho_hand & led;
        let pd = self.hands[partner] & led;
        if set & led != 0 {
            // Following suit.
            let my_top = top(set);
            if !self.beats(my_top as u8, win_card) {
                return out.push_low_first(set);
            }
            let above = |c: u32| !((2u64 << c) - 1);
            let wc = win_card as u32;
            if win_seat == partner
                && (last || lho == 0 || wc > top(lho) || lho & above(wc) == lho & above(my_top))
            {
                return out.push_low_first(set);
            }
            if pos == 1 && pd != 0 && top(pd) > wc {
                let pt = top(pd);
                if lho != 0 && top(lho) > top(pd | set) && lho & above(pt) == lho & above(my_top) {
                    return out.push_low_first(set);
                }
                if lho == 0 || pt > top(lho) {
                    return out.push_low_first(set);
                }
            }
            let higher = set & above(wc);
            if last || lho == 0 || bottom(higher) > top(lho) {
                out.push_low_first(higher);
            } else {
                out.push_high_first(higher);
            }
            return out.push_low_first(set & !higher);
        }
        let tm = if self.trump != NO_TRUMP {
            suit_bits(self.trump)
        } else {
            0
        };
        let my_trumps = set & tm;
        if my_trumps != 0 {
            let partner_wins =
                win_seat == partner && (last || (lho != 0 && self.beats(win_card, top(lho) as u8)));
            if !partner_wins {
                if (1u64 << win_card) & tm != 0 {
                    if win_seat != partner && top(my_trumps) > win_card as u32 {
                        let higher = my_trumps & !((2u64 << win_card) - 1);
                        out.push_low_first(higher);
                        set &= !higher;
                    }
                } else if last || lho != 0 || lho_hand & tm == 0 {
                    let low = 1u64 << bottom(my_trumps);
                    out.push(bottom(my_trumps) as u8);
                    set &= !low;
                } else {
                    out.push_low_first(my_trumps);
                    set &= !my_trumps;
                }
            }
        }
        // Discards: the lowest card of each side suit, from the longest
        // suit left; then the rest.
        let mut lows = [(0u32, 0u8); 4];
        let mut nl = 0;
        for s in 0..4u8 {
            if tm != 0 && s == self.trump {
                continue;
            }
            let x = set & suit_bits(s);
            if x != 0 {
                let c = bottom(x);
                set &= !(1u64 << c);
                lows[nl] = (0, c as u8);
                nl += 1;
            }
        }
        for e in lows[..nl].iter_mut() {
            e.0 = (set & suit_bits(e.1 >> 4)).count_ones();
        }
        // Longest first (a stable insertion sort of at most four).
        for i in 1..nl {
            let mut j = i;
            while j > 0 && lows[j - 1].0 < lows[j].0 {
                lows.swap(j - 1, j);
                j -= 1;
            }
        }
        for &(_, c) in &lows[..nl] {
            out.push(c);
        }
        out.push_high_first(set);
    }
}

//! [`RangGame`] as a [`TrickGame`]: moves, play and undo, table keys
//! (relative ranks with the cards whose identity counts kept exactly, or the
//! exact cards while an indicator lies aside) and partition search.

use super::{suit_bits, Objective, RangGame, CALL, DEHLA_TEN, NEVER, NONE};
use crate::solve::bits::{pdep, pext};
use crate::solve::game::{
    HeapUnits, LeadBounds, MoveList, Side, Switches, TrickGame, TrickWon, TtKey,
};
use crate::solve::ordering::{self, Ctx, OrderView};
use crate::solve::whist::NO_TRUMP;

/// The whist move ordering's view of the position (`Switches::rang_order`).
impl OrderView for RangGame {
    #[inline]
    fn seats(&self) -> usize {
        4
    }
    #[inline]
    fn hand(&self, seat: usize) -> u64 {
        // The indicator, when it is the boss's last card, is in its hand.
        self.playable_hand(seat)
    }
    #[inline]
    fn side(&self, seat: usize) -> Side {
        self.side[seat]
    }
    #[inline]
    fn trump_suit(&self) -> u8 {
        match self.trump_now() {
            NONE => NO_TRUMP,
            t => t,
        }
    }
    #[inline]
    fn remaining(&self) -> u64 {
        self.rem_cards()
    }
    #[inline]
    fn trick_bits(&self) -> u64 {
        RangGame::trick_bits(self)
    }
    #[inline]
    fn played(&self) -> usize {
        self.d.played as usize
    }
    #[inline]
    fn mover(&self) -> usize {
        RangGame::mover(self)
    }
    #[inline]
    fn winning(&self) -> (usize, u8) {
        self.winning_so_far()
            .unwrap_or((self.d.leader as usize, self.d.trick[0]))
    }
    #[inline]
    fn led_suit(&self) -> u8 {
        self.d.trick[0] >> 4
    }
    #[inline]
    fn beats(&self, c: u8, best: u8) -> bool {
        RangGame::beats(self, c, best)
    }
}

impl RangGame {
    /// [`TrickGame::lead_bounds_for`] without `Switches::heap_last`.
    fn lead_bounds_plain(&self, sw: &Switches, target: u32) -> LeadBounds<u64> {
        if sw.heap_bounds {
            if let Some((lower, lower_by, upper, upper_by)) = self.heap_bounds(target, sw.heap_cash) {
                let quick = sw.quick_tricks || lower == upper;
                return LeadBounds {
                    lower: if quick { lower } else { 0 },
                    lower_by: if quick { lower_by } else { 0 },
                    upper,
                    upper_by,
                };
            }
        }
        let (lower, lower_by) = if sw.quick_tricks {
            self.run_lower().unwrap_or((0, 0))
        } else {
            (0, 0)
        };
        LeadBounds {
            lower,
            lower_by,
            upper: self.total_left(),
            upper_by: 0,
        }
    }

    /// Whist's weight of card `c`, with Dehla's tens: a ten goes to a
    /// partner's trick first and to an opponent's last.
    fn whist_weight(&self, ctx: &mut Ctx, c: u8) -> i16 {
        if self.r.dehla && (1u64 << c) & self.r.tens != 0 {
            if let Some((partner_winning, best)) = ctx.following() {
                if partner_winning {
                    return 100;
                }
                if !RangGame::beats(self, c, best) {
                    return -100;
                }
            }
        }
        ordering::weight(self, ctx, c)
    }
}

impl TrickGame for RangGame {
    type Move = u8;
    type Winners = u64;
    type Pattern = u128;

    /// The heap presets' value: the cheap bounds (the leader's run, the
    /// last trick's heap) before the table at every trick start, where a
    /// probe walks a long chain (the heaps of a position share one).
    #[inline]
    fn bounds_first(&self) -> bool {
        self.r.heap && self.r.objective == Objective::Value
    }

    /// Dehla Pakad's value: its bisection's probes near a high value are
    /// dear, and the root's moves in rounds value several of them exactly.
    fn abdada_value(&self) -> bool {
        self.r.dehla && self.r.objective == Objective::Value
    }

    #[inline]
    fn to_move(&self) -> usize {
        self.mover()
    }

    #[inline]
    fn side_of(&self, seat: usize) -> Side {
        self.side[seat]
    }

    #[inline]
    fn at_trick_start(&self) -> bool {
        self.d.played == 0
    }

    #[inline]
    fn ply(&self) -> usize {
        self.stack.len()
    }

    #[inline]
    fn remaining(&self) -> u32 {
        self.total_left()
    }

    fn moves(&self, out: &mut MoveList<u8>, sw: &Switches) {
        out.clear();
        let legal = self.legal();
        let seat = self.mover();
        let hand = self.playable_hand(seat);
        let others = self.in_play() & !hand;
        let mut rest = legal;
        let mut prev: u8 = 255;
        let mut ctx = if sw.ordering && sw.rang_order {
            Some(ordering::order_ctx(self, sw))
        } else {
            None
        };
        while rest != 0 {
            let c = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let bit = 1u64 << c;
            if sw.collapse
                && prev != 255
                && prev >> 4 == c >> 4
                && (bit | 1u64 << prev) & self.r.special == 0
            {
                let between = bit - (1u64 << (prev + 1));
                if others & between == 0 {
                    prev = c;
                    continue;
                }
            }
            prev = c;
            let w = match &mut ctx {
                Some(ctx) => self.whist_weight(ctx, c),
                None if sw.ordering => self.weight(c),
                None => 0,
            };
            out.push(c, w);
        }
        if self.may_call() {
            out.push(CALL, if sw.ordering { 50 } else { 0 });
        }
        if sw.ordering {
            out.sort();
        }
    }

    fn play(&mut self, m: u8) -> Option<TrickWon<u64>> {
        self.stack.push(self.d);
        if m == CALL {
            self.do_call();
            return None;
        }
        let seat = self.mover();
        let bit = 1u64 << m;
        let hidden = self.d.hidden;
        if self.d.hidden && m == self.indicator && self.d.hands[seat] & bit == 0 {
            // The indicator played as the boss's last card: revealed (§6.4, §6.5).
            self.d.hidden = false;
            if self.d.gate_from == NEVER && self.r.hidden_call {
                self.d.gate_from = self.d.trick_no;
            }
        } else if self.d.hidden && self.r.hidden_card && self.d.played > 0 && bit != self.r.two {
            // Trup kasiet reveal trigger: a void player plays a trump-suit card.
            let led = self.d.trick[0];
            let led_cards = self.eff_bits(self.eff(led));
            if self.d.hands[seat] & led_cards == 0 && m >> 4 == self.d.trump {
                self.d.reveal_pending = true;
            }
        }
        if self.r.first_void != 0 && self.d.trump == NONE && self.d.played > 0 {
            let led = self.d.trick[0] >> 4;
            if self.d.hands[seat] & suit_bits(led) == 0 {
                self.d.trump = m >> 4;
                self.d.gate_from = if self.r.first_void == 5 {
                    self.d.trick_no
                } else {
                    self.d.trick_no + 1
                };
            }
        }
        self.d.hands[seat] &= !bit;
        self.d.rem &= !bit;
        self.d.tbits |= bit;
        self.d.must_trump = false;
        self.d.trick[self.d.played as usize] = m;
        self.d.played += 1;
        self.update_win(hidden != self.d.hidden);
        if self.d.played < 4 {
            return None;
        }
        Some(self.end_trick())
    }

    fn has_move(&self, m: u8, sw: &Switches) -> bool {
        // As `moves` lists them: the legal cards, each run of equivalent
        // cards (no other hand's card between, none special) by its lowest.
        if m == CALL {
            return self.may_call();
        }
        if m >= 64 {
            return false;
        }
        let legal = self.legal();
        let bit = 1u64 << m;
        if legal & bit == 0 {
            return false;
        }
        if !sw.collapse {
            return true;
        }
        let below = legal & suit_bits(m >> 4) & (bit - 1);
        if below == 0 {
            return true;
        }
        let prev = 63 - below.leading_zeros();
        if (bit | 1u64 << prev) & self.r.special != 0 {
            return true;
        }
        let others = self.in_play() & !self.playable_hand(self.mover());
        others & (bit - (2u64 << prev)) != 0
    }

    fn undo(&mut self, _m: u8) {
        if let Some(d) = self.stack.pop() {
            self.d = d;
        }
    }

    fn tt_key(&self) -> TtKey<u128> {
        let rem = self.rem_cards();
        let (mut p0, mut p1) = (0u64, 0u64);
        for (h, &hand) in self.d.hands.iter().enumerate() {
            if h & 1 != 0 {
                p0 |= hand;
            }
            if h & 2 != 0 {
                p1 |= hand;
            }
        }
        let d = &self.d;
        let exact = !self.relative();
        let (shape, owners) = if exact {
            // The shape is the exact set of cards out, so the owners stay in
            // place (two bit planes of the seat number).
            (rem, p0 as u128 | (p1 as u128) << 64)
        } else {
            let mut shape = 0u64;
            for (h, &hand) in d.hands.iter().enumerate() {
                for s in 0..4u8 {
                    let len = (hand & suit_bits(s)).count_ones() as u64;
                    shape |= len << (4 * (h * 4 + s as usize));
                }
            }
            let (c0, c1) = self.special_code();
            let o0 = pext(p0, rem) | c0 << 52;
            let o1 = pext(p1, rem) | c1 << 52;
            (shape, o0 as u128 | (o1 as u128) << 64)
        };
        // The indicator's bits hold, in relative keys with loose tens,
        // which tens are out.
        let ind = if exact {
            self.indicator as u32 & 63
        } else if self.loose_tens() {
            self.tens_out()
        } else {
            0
        };
        let gate = if d.gate_from == NEVER {
            15
        } else if d.gate_from <= d.trick_no {
            0
        } else {
            (d.gate_from - d.trick_no).min(14) as u32
        };
        // `WinNext` has no heap: its count of tricks still needed goes there.
        let heap = match self.r.objective {
            Objective::WinNext(_) => d.need as u32,
            _ => d.heap_tricks as u32,
        };
        let ctx = d.leader as u32
            | (d.trump as u32) << 2
            | u32::from(exact) << 5
            | ind << 6
            | (heap & 15) << 12
            | (d.heap_tens as u32 & 7) << 16
            | (d.prev as u32 & 7) << 19
            | u32::from(d.last_ace) << 22
            | gate << 23
            | (self.side[0] as u32) << 27
            | self.r.kind << 28;
        TtKey { shape, ctx, owners }
    }

    fn tt_key_heap(&self, sw: &Switches) -> (TtKey<u128>, Option<HeapUnits>) {
        self.tens_owners.set(sw.tens_owners);
        let mut key = self.tt_key();
        if sw.ace_keys && !self.r.ace_rule {
            // Whether the last trick was won by an ace (bit 22) counts only
            // under `ace_rule`.
            key.ctx &= !(1 << 22);
        }
        if !(sw.heap_keys && self.r.heap && self.r.objective == Objective::Value) {
            return (key, None);
        }
        // The heap's size and tens (bits 12..19 of the context) leave the
        // key; Double Sar's values do not count tens at all.
        key.ctx &= !(0x7F << 12);
        let d = &self.d;
        let heap = if self.r.dehla {
            HeapUnits {
                units: [d.heap_tricks, d.heap_tens],
                weights: [1, DEHLA_TEN as u8],
            }
        } else {
            HeapUnits {
                units: [d.heap_tricks, 0],
                weights: [1, 0],
            }
        };
        (key, Some(heap))
    }

    fn pattern_mask(&self, winners: u64) -> u128 {
        if !self.relative() {
            return u128::MAX;
        }
        // Every remaining card at or above the lowest winner of its suit,
        // every card whose identity counts, and the codes of those cards.
        // With `Switches::tens_owners`, a Dehla ten below its suit's lowest
        // winner keeps its owner (and, in the context, its presence) but
        // not its rank: among the cards below every rank that decided
        // something, which one is the ten changes no trick, and the ten
        // goes wherever its owner plays it. Such a pattern asks only that
        // the ten be below as many cards as decided (one bit of its
        // thermometer code; see `special_code`).
        let rem = self.rem_cards();
        let loose = self.loose_tens();
        let mut covered = rem & self.r.special;
        let mut counts = 0xFFFu128;
        let mut code1 = 0xFFFu128;
        for s in 0..4u8 {
            let r = rem & suit_bits(s);
            let w = winners & r;
            let low = w & w.wrapping_neg();
            if w != 0 {
                covered |= r & !(low - 1);
            }
            let ten = r & self.r.tens;
            if loose && ten != 0 && (w == 0 || ten < low) {
                covered &= !ten;
                counts &= !(7 << (3 * s));
                code1 &= !(1 << s);
                // The cards that decided, all above the ten: 0 to 4.
                let k = if w == 0 {
                    0
                } else {
                    (r & !(low - 1)).count_ones()
                };
                match k {
                    0 => {}
                    1..=3 => counts |= 1 << (3 * s as u32 + k - 1),
                    _ => code1 |= 1 << s,
                }
            }
        }
        let m = pext(covered, rem) as u128;
        m | m << 64 | (counts << 52) | (code1 << 116)
    }

    fn mask_winners(&self, mask: u128) -> u64 {
        let rem = self.rem_cards();
        if !self.relative() {
            return rem;
        }
        pdep(mask as u64, rem)
    }

    fn lead_bounds(&self, sw: &Switches) -> LeadBounds<u64> {
        self.lead_bounds_for(sw, u32::MAX)
    }

    fn lead_bounds_for(&self, sw: &Switches, target: u32) -> LeadBounds<u64> {
        let mut b = self.lead_bounds_plain(sw, target);
        if sw.heap_last && b.lower < b.upper {
            if let Some((sure, by)) = self.last_trick_sure(false, sw.last_max) {
                let total = self.total_left();
                if total.saturating_sub(sure) < b.upper {
                    b.upper = total.saturating_sub(sure);
                    b.upper_by = by;
                }
            } else if sw.quick_tricks {
                // The side on lead's own last trick.
                if let Some((sure, by)) = self.last_trick_sure(true, sw.last_max) {
                    if sure > b.lower {
                        b.lower = sure;
                        b.lower_by = by;
                    }
                }
            }
        }
        if sw.heap_pairs && b.lower < b.upper {
            if let Some((ours, sure, by)) = self.top_trump_pairs() {
                if ours {
                    if sure > b.lower {
                        b.lower = sure;
                        b.lower_by = by;
                    }
                } else {
                    let cap = self.total_left().saturating_sub(sure);
                    if cap < b.upper {
                        b.upper = cap;
                        b.upper_by = by;
                    }
                }
            }
        }
        b
    }

    #[inline]
    fn same_answer(&self, tried: u8, winners: u64, other: u8) -> bool {
        // Two plain cards of one suit, both below every rank of that suit the
        // answer relied on, are interchangeable for this answer.
        if tried == CALL || other == CALL || tried >> 4 != other >> 4 {
            return false;
        }
        if ((1u64 << tried) | (1u64 << other)) & self.r.special != 0 {
            return false;
        }
        let w = winners & suit_bits(tried >> 4);
        let low = if w == 0 {
            u64::MAX
        } else {
            w & w.wrapping_neg()
        };
        (1u64 << tried) < low && (1u64 << other) < low
    }

    fn collapse_winners(&self, m: u8, winners: u64) -> u64 {
        // As in whist: only a run of equivalent cards reaching across the
        // lowest relevant rank needs its lower end kept.
        if m == CALL {
            return 0;
        }
        let sm = suit_bits(m >> 4);
        let w = winners & sm;
        if w == 0 {
            return 0;
        }
        let low = w & w.wrapping_neg();
        if low < 1u64 << m {
            return 0;
        }
        let hand = self.playable_hand(self.mover());
        let others = self.in_play() & !hand;
        let mut top = m as u32;
        loop {
            let above = hand & sm & !((2u64 << top) - 1);
            if above == 0 || (above & above.wrapping_neg()) & self.r.special != 0 {
                break;
            }
            let next = above.trailing_zeros();
            if others & ((1u64 << next) - (2u64 << top)) != 0 {
                break;
            }
            top = next;
        }
        if low <= 1u64 << top {
            1u64 << m
        } else {
            0
        }
    }

    fn cutoff_key(&self) -> u64 {
        let seat = self.mover() as u64;
        let hand = self.d.hands[seat as usize];
        let best = self.winning_so_far().map_or(0u64, |(_, c)| c as u64 + 1);
        hand ^ (seat << 60 | (self.d.played as u64) << 58 | best << 50)
            ^ (self.d.trump as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (self.r.kind as u64) << 48
    }

    fn move_hint(&self, m: u8) -> u8 {
        if m == CALL {
            return u8::MAX;
        }
        (self.rem_cards() & ((1u64 << m) - 1)).count_ones() as u8
    }

    fn hint_move(&self, hint: u8) -> Option<u8> {
        let rem = self.rem_cards();
        if hint as u32 >= rem.count_ones() {
            return None;
        }
        let bit = pdep(1u64 << hint, rem);
        (bit & self.legal() != 0).then(|| bit.trailing_zeros() as u8)
    }
}

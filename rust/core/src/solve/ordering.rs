//! Move ordering for whist: heuristic weights after the ideas of DDS and of
//! Chen's bridge-solver (lead categories: partner ruffs, finesses, strong
//! suits...; followers: win cheaply, duck when partner wins, ruff low,
//! discard from length).
//!
//! Higher weights are tried first. The facts every card's weight needs are
//! computed once per node in [`Ctx`].

use super::bits::{bottom_bit, top_bit};
use super::game::{Side, Switches, TrickGame};
use super::whist::{suit_bits, Whist, NO_TRUMP};

/// What the weights read of a trick-play state with whist's card layout
/// (16 bits a suit, strength the bit order): whist itself, and the Court
/// Piece family's search, which orders its moves with the same weights.
pub(crate) trait OrderView {
    /// Number of seats.
    fn seats(&self) -> usize;
    /// The cards of a seat.
    fn hand(&self, seat: usize) -> u64;
    /// The side of a seat.
    fn side(&self, seat: usize) -> Side;
    /// The trump suit, [`NO_TRUMP`] when none (or none known).
    fn trump_suit(&self) -> u8;
    /// The cards in the hands.
    fn remaining(&self) -> u64;
    /// The cards of the current trick.
    fn trick_bits(&self) -> u64;
    /// Cards played to the current trick.
    fn played(&self) -> usize;
    /// The seat to move.
    fn mover(&self) -> usize;
    /// The seat and card winning the current trick so far (trick not empty).
    fn winning(&self) -> (usize, u8);
    /// The suit led to the current trick (trick not empty).
    fn led_suit(&self) -> u8;
    /// Does `c` beat `best` (the winner so far)?
    fn beats(&self, c: u8, best: u8) -> bool;
}

impl Ctx {
    /// Following a trick: whether the mover's side is winning it so far,
    /// and the winning card (`None` when leading).
    #[inline]
    pub(crate) fn following(&self) -> Option<(bool, u8)> {
        (!self.leading).then_some((self.partner_winning, self.best))
    }
}

impl<const N: usize> OrderView for Whist<N> {
    #[inline]
    fn seats(&self) -> usize {
        N
    }
    #[inline]
    fn hand(&self, seat: usize) -> u64 {
        self.hands[seat]
    }
    #[inline]
    fn side(&self, seat: usize) -> Side {
        self.side[seat]
    }
    #[inline]
    fn trump_suit(&self) -> u8 {
        self.trump
    }
    #[inline]
    fn remaining(&self) -> u64 {
        self.remaining
    }
    #[inline]
    fn trick_bits(&self) -> u64 {
        self.trick_bits
    }
    #[inline]
    fn played(&self) -> usize {
        self.played as usize
    }
    #[inline]
    fn mover(&self) -> usize {
        self.to_move()
    }
    #[inline]
    fn winning(&self) -> (usize, u8) {
        let (bi, best) = self.winner_so_far();
        ((self.leader as usize + bi) % N, best)
    }
    #[inline]
    fn led_suit(&self) -> u8 {
        self.trick()[0] >> 4
    }
    #[inline]
    fn beats(&self, c: u8, best: u8) -> bool {
        Whist::beats(self, c, best)
    }
}

impl<const N: usize> Whist<N> {
    /// The facts the weights need, computed once per node.
    #[inline]
    pub(crate) fn order_ctx(&self, sw: &Switches) -> Ctx {
        order_ctx(self, sw)
    }

    /// The ordering weight of card `c` for the seat to move.
    #[inline]
    pub(crate) fn weight(&self, ctx: &mut Ctx, c: u8) -> i16 {
        weight(self, ctx, c)
    }
}

/// Per-node facts shared by the weights of all the mover's cards.
pub(crate) struct Ctx {
    seat: usize,
    /// The partner's hand (0 when none), the next and the previous seat's
    /// hands when they are opponents (0 otherwise).
    pd: u64,
    lho: u64,
    rho: u64,
    /// Following: the winning card so far and whether partner holds it.
    best: u8,
    partner_winning: bool,
    second: bool,
    last: bool,
    led: u8,
    /// The next hand to play to this trick, if an opponent (0 otherwise).
    next_opp: u64,
    /// Leading: each suit's lead category once computed (-1 before).
    cats: [i16; 4],
    /// `Switches::run_tops`.
    run_tops: bool,
    /// `Switches::void_leads_plain`.
    void_leads_plain: bool,
    /// `Switches::follow_rules`.
    follow_rules: bool,
    /// Nobody has played to the trick yet.
    leading: bool,
}

/// The facts the weights need, computed once per node.
#[inline]
pub(crate) fn order_ctx<V: OrderView>(v: &V, sw: &Switches) -> Ctx {
    let n = v.seats();
    let seat = v.mover();
    let next = (seat + 1) % n;
    let prev = (seat + n - 1) % n;
    let mut pd = 0;
    for s in 0..n {
        if s != seat && v.side(s) == v.side(seat) {
            pd |= v.hand(s);
        }
    }
    let opp_hand = |s: usize| {
        if v.side(s) != v.side(seat) {
            v.hand(s)
        } else {
            0
        }
    };
    let mut ctx = Ctx {
        seat,
        pd,
        lho: opp_hand(next),
        rho: opp_hand(prev),
        best: 0,
        partner_winning: false,
        second: v.played() == 1,
        last: v.played() == n - 1,
        led: 0,
        next_opp: 0,
        cats: [-1; 4],
        run_tops: sw.run_tops,
        void_leads_plain: sw.void_leads_plain,
        follow_rules: sw.follow_rules,
        leading: v.played() == 0,
    };
    if v.played() == 0 {
        return ctx;
    }
    let (win_seat, best) = v.winning();
    ctx.best = best;
    ctx.partner_winning = v.side(win_seat) == v.side(seat);
    ctx.led = v.led_suit();
    if !ctx.last {
        ctx.next_opp = opp_hand(next);
    }
    ctx
}

/// The ordering weight of card `c` for the seat to move.
#[inline]
pub(crate) fn weight<V: OrderView>(v: &V, ctx: &mut Ctx, c: u8) -> i16 {
    if v.played() == 0 {
        lead_weight(v, ctx, c)
    } else {
        follow_weight(v, ctx, c)
    }
}

fn lead_weight<V: OrderView>(v: &V, ctx: &mut Ctx, c: u8) -> i16 {
    let s = c >> 4;
    let sm = suit_bits(s);
    let me = v.hand(ctx.seat);
    let my = me & sm;
    // `c` stands for its run of equivalent cards (it is the run's
    // lowest), so it is the top when no other hand's card lies between
    // it and the top of the holding.
    let top = top_bit(my);
    let others = (v.remaining() | v.trick_bits()) & !me & sm;
    let bit = 1u64 << c;
    let is_top = top == bit || (ctx.run_tops && top > bit && others & (top - bit) == 0);
    let is_bottom = bottom_bit(my) == 1u64 << c;
    // Within a category: the top card, then the bottom, then the rest
    // (which get no category).
    if !is_top && !is_bottom {
        return 0;
    }
    let tie = if is_top { 2 } else { 1 };
    let mut cat = ctx.cats[s as usize];
    if cat < 0 {
        cat = lead_category(v, ctx, s, my);
        ctx.cats[s as usize] = cat;
    }
    cat * 4 + tie
}

/// Lead categories (higher first): 9 partner ruff, 8 finesse through the
/// left-hand opponent, 7 strong suit, 6 plain, 5 voids around (6 with
/// `Switches::void_leads_plain`), 4 free finesse for the right-hand
/// opponent, 3 trumps, 1 opponents ruff.
fn lead_category<V: OrderView>(v: &V, ctx: &Ctx, s: u8, my: u64) -> i16 {
    let sm = suit_bits(s);
    let trumps = v.trump_suit() != NO_TRUMP;
    let tm = if trumps { suit_bits(v.trump_suit()) } else { 0 };
    let (pd, lho, rho) = (ctx.pd & sm, ctx.lho & sm, ctx.rho & sm);
    if trumps {
        if s == v.trump_suit() {
            return 3;
        }
        if (ctx.lho & tm != 0 && lho == 0) || (ctx.rho & tm != 0 && rho == 0) {
            return 1;
        }
    }
    let mut all = v.remaining() & sm;
    let mut tops = [0u64; 5];
    for t in tops.iter_mut() {
        *t = top_bit(all);
        all ^= *t;
    }
    let [a, k, q, j, t] = tops;
    let ours = my | pd;
    let n = |x: u64| x.count_ones();
    if n(pd) >= 2 && n(lho) >= 2 {
        let has = |x: u64, b: u64| b != 0 && x & b == b;
        if (has(pd, k) && has(lho, a))
            || (has(pd, a) && has(lho, k) && (has(pd, q) || has(ours, q | j)))
            || (has(pd, k) && has(lho, q) && (has(pd, j) || has(ours, j | t)))
        {
            return 8;
        }
    }
    if n(my) >= 2 && n(rho) >= 2 && trumps {
        let has = |x: u64, b: u64| b != 0 && x & b == b;
        if (has(my, a) && has(rho, k)) || (has(my, k) && has(rho, a) && !has(ours, q)) {
            return 4;
        }
    }
    if lho != 0 && rho != 0 && n(ours & (a | k | q)) >= 2 {
        return 7;
    }
    if trumps
        && pd == 0
        && ctx.pd != 0
        && lho != 0
        && rho != 0
        && ctx.pd & tm != 0
        && n(ctx.pd & tm) <= n(v.hand(ctx.seat) & tm)
        && bottom_bit(my) != a
    {
        return 9;
    }
    if (ctx.pd != 0 && pd == 0) || lho == 0 || rho == 0 {
        return if ctx.void_leads_plain { 6 } else { 5 };
    }
    6
}

fn follow_weight<V: OrderView>(v: &V, ctx: &Ctx, c: u8) -> i16 {
    let rank = (c & 15) as i16;
    let cs = c >> 4;
    let lm = suit_bits(ctx.led);
    let me = v.hand(ctx.seat);
    let low_first = 20 - rank;
    if me & lm != 0 {
        // Following suit.
        let my = me & lm;
        if !v.beats(top_bit(my).trailing_zeros() as u8, ctx.best) {
            return low_first;
        }
        let next = ctx.next_opp & lm;
        let best_bit = 1u64 << ctx.best;
        let best_in_suit = ctx.best >> 4 == ctx.led;
        if ctx.partner_winning
            && (ctx.last
                || ctx.next_opp == 0
                || next == 0
                    && (v.trump_suit() == NO_TRUMP
                        || ctx.next_opp & suit_bits(v.trump_suit()) == 0)
                || (best_in_suit && best_bit > top_bit(next))
                || !best_in_suit)
        {
            return low_first;
        }
        // The cards above a card (of a one-card set).
        let above = |b: u64| !((b << 1).wrapping_sub(1));
        let my_top = top_bit(my);
        // Partner wins, and the next hand beats my top card exactly when
        // it beats partner's: nothing to gain by playing high.
        if ctx.follow_rules
            && ctx.partner_winning
            && best_in_suit
            && next & above(best_bit) == next & above(my_top)
        {
            return low_first;
        }
        if ctx.second {
            let pd = ctx.pd & lm;
            if pd != 0 && top_bit(pd) > best_bit {
                let lho = ctx.lho & lm;
                // The next hand tops both of us and beats partner's top
                // exactly when it beats mine: it would take my high
                // card as it would partner's, so play low.
                if ctx.follow_rules
                    && lho != 0
                    && top_bit(lho) > top_bit(pd | my)
                    && lho & above(top_bit(pd)) == lho & above(my_top)
                {
                    return low_first;
                }
                if lho == 0 || top_bit(pd) > top_bit(lho) {
                    return low_first;
                }
            }
        }
        let higher = my & !((2u64 << ctx.best) - 1);
        let bit = 1u64 << c;
        if higher & bit != 0 {
            if ctx.last || next == 0 || bottom_bit(higher) > top_bit(next) {
                return 60 - rank;
            }
            return 40 + rank;
        }
        return low_first;
    }
    if v.trump_suit() != NO_TRUMP && cs == v.trump_suit() {
        // Ruffing.
        let next_led = ctx.next_opp & lm;
        let partner_safe = ctx.partner_winning
            && (ctx.last
                || (next_led != 0 && v.beats(ctx.best, top_bit(next_led).trailing_zeros() as u8)));
        if partner_safe {
            return -40 - rank;
        }
        if ctx.best >> 4 == v.trump_suit() {
            if !ctx.partner_winning && v.beats(c, ctx.best) {
                return 60 - rank;
            }
            return -40 - rank;
        }
        return 50 - rank;
    }
    // Discard: the lowest card of a long suit first.
    let my = me & suit_bits(cs);
    if bottom_bit(my) == 1u64 << c {
        return my.count_ones() as i16;
    }
    -20 - rank
}

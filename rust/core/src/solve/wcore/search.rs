//! The whist core's search: fail-soft alpha-beta over four-hand trick play
//! with a zero window, maximising the tricks of seats 0 and 2.
//!
//! Every node returns the tricks the maximising side takes (counted from the
//! start of the root's trick; a bound when the node fails) and the cards
//! whose ranks that answer relied on (its *rank winners*). A trick start
//! stores the answer as an interval on the tricks still to come under the
//! pattern those cards give ([`super::tt`]), and cuts early on the tricks
//! the side on lead surely cashes or surely loses ([`super::tricks`]).
//! Inside a trick, cards equivalent to one tried (nothing of another hand
//! between them) and cards below every rank the tried ones relied on are
//! skipped, and the card that cut off in a similar state is tried first.
//!
//! Cards use the stride-16 layout of [`crate::solve::whist`]: suit `s` in
//! bits `16s .. 16s+12`, bit `16s` its two.

use super::isa::Isa;
use super::moves::Ordered;
use super::moves::{bottom, top};
use super::shared::Table;
use super::tt::{Bounds, Pat};
use crate::solve::game::Switches;
use crate::solve::limits::Limits;
use crate::solve::whist::{suit_bits, NO_TRUMP};

/// Most plies of a hand (13 tricks of 4 cards).
pub(crate) const PLIES: usize = 52;

/// Does seat `s` belong to the maximising side (seats 0 and 2)?
#[inline(always)]
pub(crate) fn ns(s: usize) -> bool {
    s & 1 == 0
}

/// Offset of the 4-bit length of suit `s` of seat `h` in a shape.
#[inline(always)]
pub(crate) fn shape_shift(h: usize, s: u32) -> u32 {
    4 * (h as u32 * 4 + s)
}

/// The suit lengths of four hands, 4 bits each.
pub(crate) fn shape_of(hands: &[u64; 4]) -> u64 {
    let mut shape = 0;
    for (h, &hand) in hands.iter().enumerate() {
        for s in 0..4 {
            shape |= ((hand & suit_bits(s as u8)).count_ones() as u64) << shape_shift(h, s);
        }
    }
    shape
}

/// The cut-off cache: per state (a hash of what decides the best card
/// here), the card that last cut off for each seat. Open addressing by the
/// hash's top 32 bits (kept as the entry's tag, so the table can double
/// without the states), linear probing, doubling at three quarters full up
/// to [`CUT_MAX_BITS`] (then it starts anew).
pub(crate) struct Cutoffs {
    slots: Vec<(u32, [u8; 4])>,
    bits: u32,
    used: usize,
    /// The longest probe sequence of any entry.
    reach: usize,
}

/// The cut-off cache's first size (2^16 entries of 8 bytes: 512 KiB).
const CUT_BITS: u32 = 16;
/// Its largest size (8 MiB).
const CUT_MAX_BITS: u32 = 19;
/// No card.
const NO_CARD: u8 = u8::MAX;

impl Cutoffs {
    pub fn new() -> Cutoffs {
        Cutoffs {
            slots: Vec::new(),
            bits: CUT_BITS,
            used: 0,
            reach: 0,
        }
    }

    /// Forgets every card.
    pub fn clear(&mut self) {
        self.slots = Vec::new();
        self.bits = CUT_BITS;
        self.forget();
    }

    /// Forgets every card, keeping the first size's memory (filled anew)
    /// when the cache did not grow.
    pub fn retire(&mut self) {
        if self.bits == CUT_BITS && !self.slots.is_empty() {
            self.slots.fill((0, [NO_CARD; 4]));
            self.forget();
        } else {
            self.clear();
        }
    }

    /// Resets the counts of an emptied cache.
    fn forget(&mut self) {
        self.used = 0;
        self.reach = 0;
    }

    /// The tag of a state's key (never 0, which marks an empty slot).
    #[inline(always)]
    fn tag(key: u64) -> u32 {
        (key.wrapping_mul(0x9B8B_4567_327B_23C7) >> 32) as u32 | 1
    }

    /// The card kept for `seat` in the state of `tag`.
    #[inline(always)]
    fn get(&self, tag: u32, seat: usize) -> u8 {
        if self.slots.is_empty() {
            return NO_CARD;
        }
        let m = (1usize << self.bits) - 1;
        let home = (tag >> (32 - self.bits)) as usize;
        for i in home..home + self.reach {
            let (t, cards) = self.slots[i & m];
            if t == tag {
                return cards[seat];
            }
            if t == 0 {
                break;
            }
        }
        NO_CARD
    }

    /// Keeps `card` for `seat` in the state of `tag`.
    fn put(&mut self, tag: u32, seat: usize, card: u8) {
        if self.slots.is_empty() {
            self.slots = vec![(0, [NO_CARD; 4]); 1 << self.bits];
        } else if 4 * (self.used + 1) > 3 << self.bits {
            if self.bits < CUT_MAX_BITS {
                self.grow();
            } else {
                self.clear();
                self.slots = vec![(0, [NO_CARD; 4]); 1 << self.bits];
            }
        }
        let m = (1usize << self.bits) - 1;
        let mut i = (tag >> (32 - self.bits)) as usize;
        let mut d = 0;
        loop {
            let e = &mut self.slots[i & m];
            if e.0 == tag {
                e.1[seat] = card;
                return;
            }
            if e.0 == 0 {
                *e = (tag, [NO_CARD; 4]);
                e.1[seat] = card;
                self.used += 1;
                self.reach = self.reach.max(d + 1);
                return;
            }
            i += 1;
            d += 1;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.bits += 1;
        self.slots = vec![(0, [NO_CARD; 4]); 1 << self.bits];
        self.reach = 0;
        let m = (1usize << self.bits) - 1;
        for e in old.into_iter().filter(|e| e.0 != 0) {
            let mut i = (e.0 >> (32 - self.bits)) as usize;
            let mut d = 0;
            while self.slots[i & m].0 != 0 {
                i += 1;
                d += 1;
            }
            self.slots[i & m] = e;
            self.reach = self.reach.max(d + 1);
        }
    }
}

/// One search of a position (the state of the hand being searched, the
/// table and the limits).
pub(crate) struct Search<'a, I: Isa> {
    /// The instruction set the search runs on.
    #[allow(dead_code)]
    isa: I,
    pub hands: [u64; 4],
    pub trump: u8,
    /// The optimisations in use.
    pub switches: Switches,
    /// Per ply: the card played, the seat that played it, and the ply of
    /// the card winning its trick so far.
    pub card: [u8; PLIES + 1],
    pub seat: [u8; PLIES + 1],
    win: [u8; PLIES + 1],
    /// Per trick (from the root's): the maximising side's tricks before it,
    /// the cards in the hands at its start, its shape, the owners of those
    /// cards, the suit led.
    pub won: [u8; 15],
    pub(super) all: [u64; 15],
    pub shape: [u64; 15],
    rel: [Pat; 15],
    pub(super) lead: [u8; 15],
    tt: Table<'a>,
    cut: &'a mut Cutoffs,
    /// Nodes visited.
    pub nodes: u64,
    next_check: u64,
    limits: &'a Limits,
    /// Set when a limit stopped the search (its answers are then void).
    pub abort: Option<crate::error::Error>,
}

/// A node's answer: the maximising side's tricks (from the root's trick)
/// and the cards whose ranks it relied on.
pub(crate) type Answer = (i32, u64);

impl<'a, I: Isa> Search<'a, I> {
    /// A search of `pos` (the cards still held, the trump, the root trick's
    /// leader and its cards so far).
    pub fn new(
        isa: I,
        pos: &super::Position,
        switches: Switches,
        tt: Table<'a>,
        cut: &'a mut Cutoffs,
        limits: &'a Limits,
    ) -> Search<'a, I> {
        let (hands, trump, leader, trick) = (pos.hands, pos.trump, pos.leader, &pos.trick[..]);
        let mut s = Search {
            isa,
            hands,
            trump,
            switches,
            card: [0; PLIES + 1],
            seat: [0; PLIES + 1],
            win: [0; PLIES + 1],
            won: [0; 15],
            all: [0; 15],
            shape: [0; 15],
            rel: [Pat::default(); 15],
            lead: [0; 15],
            tt,
            cut,
            nodes: 0,
            next_check: limits.first_check(),
            limits,
            abort: None,
        };
        // The root trick as it was at its start.
        let mut start = hands;
        for (k, &c) in trick.iter().enumerate() {
            start[(leader + k) & 3] |= 1u64 << c;
        }
        s.shape[0] = shape_of(&start);
        s.all[0] = start.iter().fold(0, |a, b| a | b);
        s.seat[0] = leader as u8;
        for (k, &c) in trick.iter().enumerate() {
            s.card[k] = c;
            s.seat[k] = ((leader + k) & 3) as u8;
            s.seat[k + 1] = ((leader + k + 1) & 3) as u8;
            s.win[k] = if k == 0 || s.beats(c, s.card[s.win[k - 1] as usize]) {
                k as u8
            } else {
                s.win[k - 1]
            };
            if k == 0 {
                s.lead[0] = c >> 4;
            }
        }
        s
    }

    /// The ply of the card winning the trick so far after ply `d`.
    #[inline(always)]
    pub(super) fn win_ply(&self, d: usize) -> usize {
        self.win[d] as usize
    }

    /// Does `c` beat `best`, the card winning the trick so far?
    #[inline(always)]
    pub fn beats(&self, c: u8, best: u8) -> bool {
        if c >> 4 == best >> 4 {
            c > best
        } else {
            c >> 4 == self.trump
        }
    }

    /// The value of the node at ply `d` for the target `beta` (the body
    /// of each instruction set's recursive entry, [`Descend::descend`]).
    #[inline(always)]
    pub(super) fn node(&mut self, d: usize, beta: i32) -> Answer
    where
        Self: Descend,
    {
        if self.enter() {
            return (beta - 1, 0);
        }
        if d & 3 == 0 {
            self.trick_start(d, beta)
        } else {
            self.play_cards(d, beta)
        }
    }

    /// Counts a node and checks the limits when due: whether the search
    /// is to stop (a limit reached, now or before).
    #[inline(always)]
    pub(super) fn enter(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_limits();
        }
        self.abort.is_some()
    }

    #[cold]
    fn check_limits(&mut self) {
        self.next_check = self.limits.next_check(self.nodes);
        if let Err(e) = self.limits.check(self.nodes) {
            self.abort = Some(e);
        }
    }

    /// Plays `c` at ply `d` (by `self.seat[d]`): the next ply's seat, and
    /// at the end of a trick its winner, the tricks won and the next shape.
    #[inline(always)]
    fn play(&mut self, d: usize, c: u8) {
        let seat = self.seat[d] as usize;
        self.hands[seat] &= !(1u64 << c);
        self.card[d] = c;
        let pos = d & 3;
        let t = d >> 2;
        if pos == 0 {
            self.win[d] = d as u8;
            self.lead[t] = c >> 4;
            self.seat[d + 1] = ((seat + 1) & 3) as u8;
            return;
        }
        let w = self.win[d - 1];
        self.win[d] = if self.beats(c, self.card[w as usize]) {
            d as u8
        } else {
            w
        };
        if pos < 3 {
            self.seat[d + 1] = ((seat + 1) & 3) as u8;
            return;
        }
        let winner = self.seat[self.win[d] as usize] as usize;
        self.seat[d + 1] = winner as u8;
        self.won[t + 1] = self.won[t] + u8::from(ns(winner));
        let mut shape = self.shape[t];
        for k in 0..4 {
            let p = d - 3 + k;
            shape -= 1 << shape_shift(self.seat[p] as usize, self.card[p] as u32 >> 4);
        }
        self.shape[t + 1] = shape;
    }

    #[inline(always)]
    fn unplay(&mut self, d: usize) {
        let seat = self.seat[d] as usize;
        self.hands[seat] |= 1u64 << self.card[d];
    }

    /// The union of the hands.
    #[inline(always)]
    pub(super) fn all_cards(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    #[inline(always)]
    fn trick_start(&mut self, d: usize, beta: i32) -> Answer
    where
        Self: Descend,
    {
        let t = d >> 2;
        let seat = self.seat[d] as usize;
        let won = self.won[t] as i32;
        if won >= beta {
            return (won, 0);
        }
        let rem = self.hands[seat].count_ones() as i32;
        if won + rem < beta {
            return (won + rem, 0);
        }
        if rem == 1 {
            return self.last_trick(seat, won);
        }
        let all = self.all_cards();
        self.all[t] = all;
        let h = &self.hands;
        let key = Pat {
            p0: I::pext(h[1] | h[3], all),
            p1: I::pext(h[2] | h[3], all),
            mask: u64::MAX,
        };
        self.rel[t] = key;
        let shape = self.shape[t];
        // Once the trumps are gone the position is a no-trump one.
        let ctx = if self.trump != NO_TRUMP && all & suit_bits(self.trump) != 0 {
            self.trump as u32
        } else {
            NO_TRUMP as u32
        };
        if let Some(hit) = self.tt.probe(shape, ctx, seat, &key, beta - won) {
            let w = I::pdep(hit.mask, all);
            let lower = hit.b.lo as i32 + won;
            if lower >= beta {
                return (lower, w);
            }
            return (hit.b.hi as i32 + won, w);
        }
        let quick = if self.switches.quick_tricks || self.switches.sure_tricks {
            self.quick_bounds(seat, won, rem, beta)
        } else {
            None
        };
        let (v, w) = match quick {
            Some(a) => a,
            None => self.play_cards(d, beta),
        };
        if self.abort.is_some() {
            return (v, w);
        }
        let b = if v < beta {
            Bounds {
                lo: 0,
                hi: (v - won) as u8,
            }
        } else {
            Bounds {
                lo: (v - won) as u8,
                hi: rem as u8,
            }
        };
        let (pat, ext) = self.pattern(t, w);
        self.tt.store(shape, ctx, seat, pat, b);
        (v, ext)
    }

    /// The pattern to store for the rank winners `w` at trick start `t`,
    /// and the cards it fixes (what the node reports to its parent): in each
    /// suit where a card decided, every card from the top down to the lowest
    /// card that decided, extended down through its holder's run of cards
    /// next to it (not with [`Switches::lean_patterns`]: the skips that
    /// rely on a run put its lower end among the rank winners); when that
    /// run reaches the bottom of the suit, the run is left out (the lengths
    /// in the shape already place it).
    #[inline(always)]
    fn pattern(&self, t: usize, w: u64) -> (Pat, u64) {
        let lean = self.switches.lean_patterns;
        let all = self.all[t];
        let key = self.rel[t];
        let rw = I::pext(w, all);
        let n = all.count_ones();
        let ones = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut mask = 0u64;
        let mut base = 0u32;
        for s in 0..4u8 {
            let len = (all & suit_bits(s)).count_ones();
            if len == 0 {
                continue;
            }
            let seg = ((1u64 << len) - 1) << base;
            let ws = rw & seg;
            if ws != 0 {
                let r = bottom(ws);
                // The relative cards of the owner of `r` in this suit.
                let owner0 = (key.p0 >> r) & 1;
                let owner1 = (key.p1 >> r) & 1;
                let same = !((key.p0 ^ owner0.wrapping_neg()) | (key.p1 ^ owner1.wrapping_neg()))
                    & ones
                    & seg;
                // The run of `same` containing `r`, downwards.
                let gaps_below = seg & !same & ((1u64 << r) - 1);
                let low = if gaps_below == 0 {
                    base
                } else {
                    top(gaps_below) + 1
                };
                let cut = if lean && low != base {
                    r
                } else if low == base {
                    let gaps_above = seg & !same & !((2u64 << r) - 1);
                    if gaps_above == 0 {
                        base + len
                    } else {
                        bottom(gaps_above)
                    }
                } else {
                    low
                };
                if cut < base + len {
                    mask |= seg & !((1u64 << cut) - 1);
                }
            }
            base += len;
        }
        let pat = Pat {
            p0: key.p0 & mask,
            p1: key.p1 & mask,
            mask,
        };
        (pat, I::pdep(mask, all))
    }

    /// The last trick: each hand plays its one card.
    fn last_trick(&self, leader: usize, won: i32) -> Answer {
        let mut best = top(self.hands[leader]) as u8;
        let mut winner = leader;
        let mut cards = 1u64 << best;
        for k in 1..4 {
            let s = (leader + k) & 3;
            let c = top(self.hands[s]) as u8;
            cards |= 1u64 << c;
            if self.beats(c, best) {
                best = c;
                winner = s;
            }
        }
        let by = if (cards & suit_bits(best >> 4)).count_ones() >= 2 {
            1u64 << best
        } else {
            0
        };
        (won + i32::from(ns(winner)), by)
    }

    /// The trick's deciding card after its fourth card (ply `d`): the
    /// winning card when another card of its suit is in the trick.
    #[inline(always)]
    fn trick_winner_rank(&self, d: usize) -> u64 {
        let w = self.card[self.win[d] as usize];
        for p in d - 3..=d {
            let c = self.card[p];
            if c != w && c >> 4 == w >> 4 {
                return 1u64 << w;
            }
        }
        0
    }

    /// The key of the cut-off cache for ply `d` (with
    /// [`Switches::cutoff_owners`], also the owners of the cards that
    /// decide the play: the partner's hand at a lead, each hand's cards of
    /// the suit led when following it, the suit led's cards when void).
    #[inline(always)]
    fn cutoff_key(&self, d: usize, hand: u64) -> u64 {
        let pos = (d & 3) as u64;
        let owners = self.switches.cutoff_owners;
        let seat = self.seat[d] as usize;
        if pos == 0 {
            let k = pos | hand << 2;
            return if owners {
                k ^ self.hands[(seat + 2) & 3].wrapping_mul(0x9E37_79B9_7F4A_7C15)
            } else {
                k
            };
        }
        let t = d >> 2;
        let led = suit_bits(self.lead[t]);
        let wc = self.card[self.win[d - 1] as usize] as u64;
        if hand & led != 0 {
            if owners {
                // The suit led's 13 cards at the trick's start, in the
                // hands of the seat to move, the next and the partner.
                let sh = 16 * self.lead[t] as u32;
                let suit = |x: u64| (x >> sh) & 0x1FFF;
                let (lho, pd) = (self.hands[(seat + 1) & 3], self.hands[(seat + 2) & 3]);
                return pos
                    | suit(self.all[t]) << 2
                    | suit(hand) << 15
                    | suit(lho) << 28
                    | suit(pd) << 41
                    | wc << 54
                    | 1 << 60;
            }
            pos | (self.all[t] & led) << 2 ^ wc << 58 ^ 0x5555
        } else {
            let winner = if self.trump == NO_TRUMP {
                self.seat[self.win[d - 1] as usize] as u64
            } else {
                wc
            };
            // A hand void in the suit led: the suit's cards in play take
            // its place in the hand.
            let hand = if owners {
                hand | (self.all[t] & led)
            } else {
                hand
            };
            pos | hand << 2 ^ winner << 58 ^ 0xAAAA_0000
        }
    }

    /// Tries the cards of the seat to move at ply `d`.
    #[inline(always)]
    fn play_cards(&mut self, d: usize, beta: i32) -> Answer
    where
        Self: Descend,
    {
        let seat = self.seat[d] as usize;
        let t = d >> 2;
        let pos = d & 3;
        let hand = self.hands[seat];
        if pos != 0 && self.switches.trick_bounds {
            let won = self.won[t] as i32;
            if let Some(a) = self.trick_bound(d, won, hand.count_ones() as i32, beta) {
                return a;
            }
        }
        let playable = self.playable(d, hand);
        let maxing = ns(seat);
        let tag = Cutoffs::tag(self.cutoff_key(d, hand));
        let hint = self.cut.get(tag, seat);
        let mut order = Ordered::new();
        let mut rest = playable;
        if hint != NO_CARD && playable & (1u64 << hint) != 0 {
            order.push(hint);
            rest &= !(1u64 << hint);
        } else {
            self.order(d, playable, &mut order);
            rest = 0;
        }
        let mut best = if maxing { 0 } else { i32::MAX };
        let mut min_rel = [0u8; 4];
        let mut winners = 0u64;
        let mut tried = 0u64;
        let all = self.all[t];
        let lean = self.switches.lean_patterns;
        let mut i = 0;
        while i < order.len() {
            let c = order.get(i);
            i += 1;
            let s = (c >> 4) as usize;
            let rank = c & 15;
            let same = if rank >= min_rel[s] {
                self.equal_to(c, tried & suit_bits(c >> 4), hand, all)
            } else {
                0
            };
            if rank >= min_rel[s] && same == 0 {
                let (v, w) = self.try_card(d, c, beta);
                if self.abort.is_some() {
                    return (v, w);
                }
                best = if maxing { best.max(v) } else { best.min(v) };
                if (maxing && best >= beta) || (!maxing && best < beta) {
                    if c != hint && playable.count_ones() > 1 {
                        self.cut.put(tag, seat, c);
                    }
                    return (best, w);
                }
                winners |= w;
                lower_ranks(&mut min_rel, c, w);
            } else if lean {
                // Skipped as equal to a card tried: the answer relies on
                // the cards between them being this hand's.
                winners |= same;
            }
            tried |= 1u64 << c;
            if rest != 0 {
                self.order(d, rest, &mut order);
                rest = 0;
            }
        }
        (best, winners)
    }

    /// The cards the seat to move at ply `d` may play from `hand`.
    #[inline(always)]
    pub(super) fn playable(&self, d: usize, hand: u64) -> u64 {
        if d & 3 == 0 {
            return hand;
        }
        let f = hand & suit_bits(self.lead[d >> 2]);
        if f != 0 {
            f
        } else {
            hand
        }
    }

    /// Plays `c` at ply `d`, searches the next ply for `beta` and takes the
    /// card back: the answer, with the trick's deciding card when `c` ends
    /// the trick.
    #[inline(always)]
    pub(super) fn try_card(&mut self, d: usize, c: u8, beta: i32) -> Answer
    where
        Self: Descend,
    {
        self.play(d, c);
        let (v, mut w) = self.descend(d + 1, beta);
        if d & 3 == 3 {
            w |= self.trick_winner_rank(d);
        }
        self.unplay(d);
        (v, w)
    }

    /// Is `c` equivalent to a card of `tried` (its suit's cards tried so
    /// far): nothing of another hand between them among the cards in play
    /// at the trick's start?
    #[inline(always)]
    pub(super) fn equivalent(&self, c: u8, tried: u64, hand: u64, all: u64) -> bool {
        self.equal_to(c, tried, hand, all) != 0
    }

    /// [`Search::equivalent`], telling which run makes `c` equivalent: the
    /// lower end of the run of this hand's cards joining `c` to a tried
    /// card (the lower of the two), or 0 when `c` is equivalent to none.
    #[inline(always)]
    pub(super) fn equal_to(&self, c: u8, tried: u64, hand: u64, all: u64) -> u64 {
        if tried == 0 {
            return 0;
        }
        let bit = 1u64 << c;
        let above = tried & !((bit << 1) - 1);
        if above != 0 {
            // From just above `c` up to the lowest tried card above it.
            let b = 1u64 << bottom(above);
            let span = (b - 1) & !((bit << 1) - 1);
            if all & span == hand & span {
                return bit;
            }
        }
        let below = tried & (bit - 1);
        if below != 0 {
            let b = 1u64 << top(below);
            let span = (bit - 1) & !((b << 1) - 1);
            if all & span == hand & span {
                return b;
            }
        }
        0
    }
}

/// After card `c`'s answer relied on the ranks `w`: the cards of its suit
/// below every rank it relied on give the same answer (`min_rel`, per
/// suit, the lowest rank still worth trying).
#[inline(always)]
pub(super) fn lower_ranks(min_rel: &mut [u8; 4], c: u8, w: u64) {
    let s = (c >> 4) as usize;
    let ws = w & suit_bits(c >> 4);
    if ws == 0 {
        min_rel[s] = 16;
    } else if (c as u32) < bottom(ws) {
        min_rel[s] = min_rel[s].max((bottom(ws) & 15) as u8);
    }
}

/// The recursive entry of the search for one instruction set: the node at
/// ply `d` for target `beta`.
pub(crate) trait Descend {
    /// The answer of the node (see [`Search::node`]).
    fn descend(&mut self, d: usize, beta: i32) -> Answer;
}

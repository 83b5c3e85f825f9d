//! Quick bounds at trick starts for open-trump Twenty-eight.
//!
//! Once trumps are open, a trump wins whatever trick it is played to unless
//! a higher trump of the other side is played there too. So every trump of
//! the top run of the trump suit (the trumps above the highest one of the
//! other side) takes its own points for its side: a lower bound for that
//! side and an upper bound for the other. The last trick, one card in each
//! hand, is valued exactly.

use super::super::rules;
use super::masks::above_highest;
use super::PointsGame;
use crate::card::{Card, CardSet, Suit};
use crate::solve::{LeadBounds, Switches, TrickGame};

/// Slots of the table of last-two-trick bounds: 2^12 (192 KiB) for four
/// hands of 32 cards, 2^15 (1.5 MiB) for six hands (a solve of 56 meets
/// about 130,000 such positions). The table is made on first use, so a
/// small solve does not pay for a large one.
fn two_tricks_bits(hands: usize) -> u32 {
    if hands <= 4 {
        12
    } else {
        15
    }
}

/// What is known of the last two tricks of one position: the position
/// (cards left, their owners in card order, 3 bits each, and the leader + 1;
/// 0 marks an empty slot), bounds on side 0's take and the cards whose ranks
/// the searches that found them relied on.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct TwoTricks {
    all: u128,
    owners: u64,
    leader: u8,
    lo: u32,
    hi: u32,
    by: CardSet,
}

impl PointsGame {
    /// Bounds for the side on lead from the top run of trumps; with a
    /// `target`, the last two tricks are decided exactly against it.
    pub(super) fn trump_run_bounds(
        &self,
        sw: &Switches,
        target: Option<u32>,
    ) -> LeadBounds<CardSet> {
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
        if let (true, true, 2) = (sw.quick_tricks, sw.sure_tricks, c.tricks_left) {
            if let Some(b) = self.last_two_tricks(sw, target) {
                return b;
            }
        }
        let Some(t) = self.trump else {
            return b;
        };
        if c.tlen != 0 || c.void_pending || c.over {
            return b;
        }
        if !self.partition_on() {
            if sw.twin_runs && !self.exact_key && c.revealed && !self.no_trump && !self.cfg.kq_negative
            {
                self.twin_run_bounds(sw, t, &mut b);
            }
            return b;
        }
        // Four hands of at most 64 cards (`partition_on`): 64-bit masks.
        let mask = self.cfg.pack.suit_mask(t).0 as u64;
        let mut sides = [0u64; 2];
        for seat in 0..4 {
            sides[self.side[seat] as usize & 1] |= c.hands[seat].0 as u64;
        }
        let trumps = (sides[0] | sides[1]) & mask;
        if trumps == 0 {
            return b;
        }
        let top = 63 - trumps.leading_zeros();
        let run_side = u8::from(sides[1] >> top & 1 != 0);
        // The trumps above the other side's highest (card order is rank
        // order within a suit).
        let theirs = trumps & !sides[run_side as usize];
        let run = above_highest(trumps, theirs);
        // Its part with points, from the top down to the first card
        // without points.
        let points = self.point_mask();
        let zero = run & !points;
        let scored = above_highest(run, zero);
        let mut pts: u32 = CardSet(u128::from(scored)).iter()
            .map(|card| super::gain_of(&self.cfg, card))
            .sum();
        let mut by = scored;
        if sw.run_followers {
            // The followers of the scoring run's tricks, or of the whole
            // run's (a trump without points still takes its trick) when
            // that gives more.
            let few = self.run_followers(run_side, scored, points);
            let all = self.run_followers(run_side, run, points);
            if all > few {
                pts += all;
                by = run;
            } else {
                pts += few;
            }
        }
        let by = CardSet(u128::from(by));
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
        if sw.quick_tricks && sw.lead_cashes {
            // Partner's trumps above the opponents' take their points
            // whoever leads.
            let partner = c.hands[(c.to_move as usize + 2) % 4].0 as u64;
            let partner_run = if run_side == lead_side {
                scored & partner
            } else {
                0
            };
            let (cash, cash_by) = self.lead_cashes(t, points, partner_run);
            if cash > b.lower {
                b.lower = cash.min(rem);
                b.lower_by = CardSet(u128::from(cash_by));
            }
        }
        b
    }

    /// What the opponents of `side` surely give to the tricks its top run
    /// of trumps `run` takes (`Switches::run_followers`): the hand of
    /// `side` holding most of the run takes a trick with each of its cards
    /// (each in a trick of its own), and every opponent plays a card to
    /// each, so at least its cheapest cards, as many as those tricks. Every
    /// point card's owner is in the table key (the cards without points
    /// are counted by the shape), so the bound relies only on the run's
    /// ranks.
    fn run_followers(&self, side: u8, run: u64, points: u64) -> u32 {
        if run == 0 {
            return 0;
        }
        let c = &self.core;
        let tricks = (0..4)
            .filter(|&s| self.side[s] == side)
            .map(|s| (c.hands[s].0 as u64 & run).count_ones())
            .max()
            .unwrap_or(0);
        (0..4)
            .filter(|&s| self.side[s] != side)
            .map(|s| self.cheapest(c.hands[s].0 as u64, points, tricks))
            .sum()
    }

    /// The leader's cashing line (`Switches::lead_cashes`): what the side
    /// on lead surely takes when the leader first cashes, suit by suit,
    /// its cards above every other hand's of the suit (a plain suit for as
    /// many rounds as every opponent holding a trump must follow it, and
    /// in all no more plain rounds than partner holds plain cards: partner
    /// follows or throws a plain card, so the leader keeps the lead), then
    /// its trumps above every other hand's: those cards' points, the
    /// points of `partner_run` (partner's trumps above the opponents'),
    /// and each opponent's cheapest cards, one a trick cashed. With the
    /// cards whose ranks it relies on (the cashed cards and
    /// `partner_run`); the opponents' suit lengths and every point card's
    /// owner are in the table key.
    fn lead_cashes(&self, trump: Suit, points: u64, partner_run: u64) -> (u32, u64) {
        let c = &self.core;
        let leader = c.to_move as usize;
        let hand = c.hands[leader].0 as u64;
        let partner = c.hands[(leader + 2) % 4].0 as u64;
        let opps = [
            c.hands[(leader + 1) % 4].0 as u64,
            c.hands[(leader + 3) % 4].0 as u64,
        ];
        let others = partner | opps[0] | opps[1];
        let suits = &self.masks.suit;
        let tmask = suits[trump as usize & 3];
        let mut tricks = 0u32;
        let mut cashed = 0u64;
        // Plain rounds left before partner could be left with trumps only.
        let mut plain_room = (partner & !tmask).count_ones();
        for (s, &smask) in suits.iter().enumerate() {
            let mine = hand & smask;
            if mine == 0 {
                continue;
            }
            let rest = others & smask;
            // The leader's cards above every other card of the suit.
            let top = above_highest(mine, rest);
            if top == 0 {
                continue;
            }
            let mut k = top.count_ones();
            if s != trump as usize {
                for &o in &opps {
                    if o & tmask != 0 {
                        k = k.min((o & smask).count_ones());
                    }
                }
                k = k.min(plain_room);
                plain_room -= k;
            }
            // The highest `k` of them.
            let mut take = top;
            for _ in k..top.count_ones() {
                take &= take - 1;
            }
            cashed |= take;
            tricks += k;
        }
        if tricks == 0 {
            return (0, 0);
        }
        let mut pts: u32 = CardSet(u128::from(cashed | partner_run))
            .iter()
            .map(|card| super::gain_of(&self.cfg, card))
            .sum();
        for &o in &opps {
            pts += self.cheapest(o, points, tricks);
        }
        (pts, cashed | partner_run)
    }

    /// The points of the `k` cheapest cards of `hand` (cards without
    /// points first). A hand of more point cards than the four-hand
    /// presets deal (eight) counts none: still a lower bound.
    fn cheapest(&self, hand: u64, points: u64, k: u32) -> u32 {
        let free = (hand & !points).count_ones();
        if k <= free {
            return 0;
        }
        let mut pts = [0u32; 8];
        let scored = (hand & points).count_ones() as usize;
        debug_assert!(scored <= pts.len(), "{scored} point cards in a hand");
        if scored > pts.len() {
            return 0;
        }
        let mut len = 0;
        for card in CardSet(u128::from(hand & points)).iter() {
            pts[len] = super::gain_of(&self.cfg, card);
            len += 1;
        }
        let pts = &mut pts[..len];
        pts.sort_unstable();
        pts.iter().take((k - free) as usize).sum()
    }

    /// The cards with points, as a 64-bit mask (four hands).
    fn point_mask(&self) -> u64 {
        let m = &self.masks.point_cards;
        (0..4).fold(0u64, |a, s| a | u64::from(m[s]) << (16 * s))
    }

    /// The top run of trumps with twin cards (40 and 56, any number of
    /// hands; `Switches::twin_runs`): from the highest trump down, the
    /// trumps of the side holding the highest, each of a rank the other side
    /// holds no card of (of two equal cards the first played wins, so a
    /// rank both sides hold is no sure winner), take their own points for
    /// that side: its lower bound when it is on lead, else the cap of the
    /// side on lead, relying on the ranks of the run's cards.
    fn twin_run_bounds(&self, sw: &Switches, t: Suit, b: &mut LeadBounds<CardSet>) {
        let c = &self.core;
        let cfg = &self.cfg;
        let mask = cfg.pack.suit_mask(t);
        // The trumps from the highest down with their owners' sides (at
        // most 16 of a suit).
        let mut cards = [(Card(0), 0u8); 16];
        let mut len = 0;
        let mut all = CardSet::EMPTY;
        let mut side_of = [0u8; 128];
        for seat in 0..self.n {
            let h = c.hands[seat] & mask;
            all |= h;
            for card in h.iter() {
                side_of[card.0 as usize] = self.side[seat];
            }
        }
        for card in all.iter().rev() {
            if len == cards.len() {
                break;
            }
            cards[len] = (card, side_of[card.0 as usize]);
            len += 1;
        }
        if len == 0 {
            return;
        }
        let run_side = cards[0].1;
        let rank = |x: Card| cfg.rank[x.0 as usize];
        let mut pts = 0u32;
        let mut by = CardSet::EMPTY;
        let mut i = 0;
        while i < len {
            // The cards of this rank (twins are next to each other).
            let r = rank(cards[i].0);
            let mut j = i;
            let mut gain = 0u32;
            let mut ours = true;
            while j < len && rank(cards[j].0) == r {
                ours &= cards[j].1 == run_side;
                gain += super::gain_of(cfg, cards[j].0);
                j += 1;
            }
            if !ours || gain == 0 {
                break;
            }
            pts += gain;
            for &(x, _) in &cards[i..j] {
                by.insert(x);
            }
            i = j;
        }
        let rem = b.upper;
        if run_side == self.side[c.to_move as usize] {
            if sw.quick_tricks {
                b.lower = pts.min(rem);
                b.lower_by = by;
            }
        } else if sw.sure_tricks {
            b.upper = rem - pts.min(rem);
            b.upper_by = by;
        }
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
        let rest = super::loser_credit(cfg, cards);
        let v = if self.side[seat] == lead_side {
            rem - rest
        } else {
            rest
        };
        // (Six hands: the partition keys use them.)
        let by = self.decided(cards, w);
        Some(LeadBounds {
            lower: v,
            lower_by: by,
            upper: v,
            upper_by: by,
        })
    }

    /// In the middle of a trick, trumps open: does `side` surely take at
    /// least `need` from here because it holds the trick's best card, which
    /// no opponent still to play can beat, and the points already in the
    /// trick (with the last trick's point) reach `need`? Relies on that
    /// card's rank.
    pub(super) fn sure_points(&self, side: u8, need: u32) -> Option<CardSet> {
        // (The other side is never sure of `u32::MAX` points.)
        self.sure_points_either(side, need, u32::MAX)
            .map(|(_, w)| w)
    }

    /// [`PointsGame::sure_points`] for `side` and `need`, else for the other
    /// side and `other_need`, in one pass: only the side of the trick's best
    /// card can be sure of it. `(true, _)` for `side`, `(false, _)` for the
    /// other.
    pub(super) fn sure_points_either(
        &self,
        side: u8,
        need: u32,
        other_need: u32,
    ) -> Option<(bool, CardSet)> {
        let c = &self.core;
        if c.tlen == 0 || !c.revealed || !c.bonus_paid || c.void_pending || c.over {
            return None;
        }
        let (best, seat, led) = self.current_best()?;
        let taker = self.side[seat as usize];
        let need = if taker == side { need } else { other_need };
        let cfg = &self.cfg;
        let mut have: u32 = c.trick[..c.tlen as usize]
            .iter()
            .map(|&x| super::gain_of(cfg, x))
            .sum();
        if cfg.last_trick_bonus && c.tricks_left == 1 {
            have += 1;
        }
        if have < need
            || self.can_beat(
                best,
                led,
                taker,
                c.to_move as usize,
                self.n - c.tlen as usize,
            )
        {
            return None;
        }
        Some((taker == side, best.set()))
    }

    /// The last two tricks, every hand holding two cards, trumps open and no
    /// call pending: the exact value for the side on lead (both bounds),
    /// relying on the ranks that decided any trick of the two-trick search.
    /// Values are kept by position (the cards left, their owners and the
    /// leader: exact) and reused by later probes, whatever their target.
    /// With `Switches::two_tricks` off, whether the side on lead wins at least
    /// `target`, as a bound.
    fn last_two_tricks(&self, sw: &Switches, target: Option<u32>) -> Option<LeadBounds<CardSet>> {
        let c = &self.core;
        if c.tlen != 0
            || c.void_pending
            || c.over
            || !c.revealed
            || !c.bonus_paid
            || c.caller.is_some()
            || c.reveal_now
        {
            return None;
        }
        let n = self.n;
        if c.hands[..n].iter().any(|h| h.len() != 2) {
            return None;
        }
        let rem = self.remaining();
        let lead0 = self.side[c.leader as usize] == 0;
        if !sw.two_tricks {
            let t = target?;
            if t < 1 || t > rem {
                return None;
            }
            // The question for side 0: reaching `need`.
            let need = if lead0 { t } else { rem + 1 - t };
            let mut hands = [CardSet::EMPTY; 6];
            hands[..n].copy_from_slice(&c.hands[..n]);
            let mut trick = [Card(0); 6];
            let mut by = CardSet::EMPTY;
            let yes0 =
                self.two_tricks_reach(&self.view(), &mut hands, &mut trick, 0, need, &mut by);
            let mut b = LeadBounds {
                lower: 0,
                lower_by: by,
                upper: rem,
                upper_by: by,
            };
            if yes0 == lead0 {
                b.lower = t;
            } else {
                b.upper = t - 1;
            }
            return Some(b);
        }
        // Side 0's question: reaching `need` (none: the exact value).
        let need = match target {
            Some(t) if t >= 1 && t <= rem => Some(if lead0 { t } else { rem + 1 - t }),
            _ => None,
        };
        let (lo, hi, by) = self.two_tricks_bounds(need);
        let (lo, hi) = (lo.min(rem), hi.min(rem));
        let (lower, upper) = if lead0 {
            (lo, hi)
        } else {
            (rem - hi, rem - lo)
        };
        Some(LeadBounds {
            lower,
            lower_by: by,
            upper,
            upper_by: by,
        })
    }

    /// Bounds on side 0's take of the last two tricks that decide whether
    /// it reaches `need` (none: equal bounds, the exact value), and the
    /// cards whose ranks they rely on. The bounds found for a position are
    /// kept (cards left, owners, leader: an exact key) and narrowed by a
    /// zero-window search only when they do not decide.
    pub(super) fn two_tricks_bounds(&self, need: Option<u32>) -> (u32, u32, CardSet) {
        let c = &self.core;
        let n = self.n;
        let all = c.hands[..n].iter().fold(CardSet::EMPTY, |a, &h| a | h);
        // Each card's seat, in card order (three bits a card, the lowest
        // card's first): each card's owner read hand by hand.
        debug_assert!(all.0 >> 64 == 0, "card ids below 64");
        let mut owner_of = [0u8; 64];
        for (seat, h) in c.hands[..n].iter().enumerate().skip(1) {
            let mut bits = h.0 as u64;
            while bits != 0 {
                owner_of[bits.trailing_zeros() as usize] = seat as u8;
                bits &= bits - 1;
            }
        }
        let mut owners = 0u64;
        let mut rest = all.0 as u64;
        while rest != 0 {
            owners = owners << 3 | u64::from(owner_of[rest.trailing_zeros() as usize]);
            rest &= rest - 1;
        }
        let h = ((all.0 as u64)
            ^ ((all.0 >> 64) as u64).rotate_left(29)
            ^ owners.rotate_left(7)
            ^ c.leader as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bits = two_tricks_bits(n);
        let slot = (h >> (64 - bits)) as usize;
        let mut memo = self.two_tricks.borrow_mut();
        if memo.is_empty() {
            memo.resize(1 << bits, TwoTricks::default());
        }
        let e = &mut memo[slot];
        if !(e.leader == c.leader + 1 && e.all == all.0 && e.owners == owners) {
            *e = TwoTricks {
                all: all.0,
                owners,
                leader: c.leader + 1,
                lo: 0,
                hi: u32::MAX,
                by: CardSet::EMPTY,
            };
        }
        let decided = match need {
            Some(t) => e.lo >= t || e.hi < t,
            None => e.lo == e.hi,
        };
        if !decided {
            let window = match need {
                Some(t) => (t - 1, t),
                None => (0, u32::MAX),
            };
            let mut by = CardSet::EMPTY;
            let v = TwoTrickPlay::new(self).value(0, &mut [0; 6], window, &mut by);
            // Fail-soft: at least `v` above the window, at most below it,
            // exactly inside.
            if v > window.0 {
                e.lo = e.lo.max(v);
            }
            if v < window.1 {
                e.hi = e.hi.min(v);
            }
            e.by |= by;
        }
        (e.lo, e.hi, e.by)
    }

    /// Does side 0 take at least `need` of the last two tricks from the
    /// `i`-th card of the first on (the second is then forced), both sides
    /// playing their best? `by` collects the cards whose ranks decided a
    /// trick.
    pub(super) fn two_tricks_reach(
        &self,
        view: &rules::PlayView,
        hands: &mut [CardSet; 6],
        trick: &mut [Card; 6],
        i: usize,
        need: u32,
        by: &mut CardSet,
    ) -> bool {
        let n = self.n;
        let cfg = &self.cfg;
        let leader = self.core.leader as usize;
        if i == n {
            return self.two_tricks_played(hands, trick, by) >= need;
        }
        let seat = (leader + i) % n;
        let (legal, _) = rules::legal(&cfg.pack, &cfg.rank, view, seat, hands[seat], &trick[..i]);
        let maximise = self.side[seat] == 0;
        for card in legal.iter() {
            hands[seat].remove(card);
            trick[i] = card;
            let yes = self.two_tricks_reach(view, hands, trick, i + 1, need, by);
            hands[seat].insert(card);
            if yes == maximise {
                return yes;
            }
        }
        !maximise
    }

    /// Side 0's take of the first of the last two tricks (in `trick`) and of
    /// the second, forced (each hand's last card).
    fn two_tricks_played(&self, hands: &[CardSet; 6], trick: &[Card; 6], by: &mut CardSet) -> u32 {
        let n = self.n;
        let leader = self.core.leader as usize;
        let (v1, second_leader) = self.settle(&trick[..n], leader, false, by);
        let mut last = [Card(0); 6];
        for (k, slot) in last[..n].iter_mut().enumerate() {
            let seat = (second_leader + k) % n;
            *slot = hands[seat].lowest().expect("one card left");
        }
        v1 + self.settle(&last[..n], second_leader, true, by).0
    }

    /// Side 0's take from one trick led by `leader` (`last`: the hand's last
    /// trick, with its bonus point), and the winning seat.
    fn settle(&self, cards: &[Card], leader: usize, last: bool, by: &mut CardSet) -> (u32, usize) {
        let cfg = &self.cfg;
        let w = rules::trick_winner(&cfg.pack, &cfg.rank, cards, self.trump, true, self.no_trump);
        let seat = (leader + w) % self.n;
        *by |= self.decided(cards, w);
        let mut gain: u32 = cards.iter().map(|&x| super::gain_of(cfg, x)).sum();
        if last && cfg.last_trick_bonus {
            gain += 1;
        }
        let rest = super::loser_credit(cfg, cards);
        let v = if self.side[seat] == 0 { gain } else { rest };
        (v, seat)
    }
}

/// The last two tricks, every hand holding two cards and trumps open, laid
/// out for a fast exact search: the cards in playing order from the leader
/// (two per hand, `2 * k` and `2 * k + 1` for the `k`-th hand), with their
/// suit, rank, strength in the trick (the rank, negated when the order is
/// reversed) and points. The rules are those of `rules::legal` and
/// `rules::trick_winner` with trumps open and no call pending: follow suit;
/// void, no undertrumping (a higher trump or a plain card, else anything);
/// the highest trump wins, else the highest card of the suit led, the first
/// played among equals.
struct TwoTrickPlay<'a> {
    game: &'a PointsGame,
    n: usize,
    cards: [Card; 12],
    suit: [u8; 12],
    rank: [u8; 12],
    key: [i32; 12],
    gain: [u32; 12],
    loss: [u32; 12],
    side0: [bool; 6],
    trump: u8,
}

impl<'a> TwoTrickPlay<'a> {
    fn new(g: &'a PointsGame) -> Self {
        let c = &g.core;
        let n = g.n;
        let cfg = &g.cfg;
        let mut t = TwoTrickPlay {
            game: g,
            n,
            cards: [Card(0); 12],
            suit: [0; 12],
            rank: [0; 12],
            key: [0; 12],
            gain: [0; 12],
            loss: [0; 12],
            side0: [false; 6],
            trump: g.trump.unwrap_or(u8::MAX),
        };
        for k in 0..n {
            let seat = (c.leader as usize + k) % n;
            t.side0[k] = g.side[seat] == 0;
            for (j, card) in c.hands[seat].iter().enumerate().take(2) {
                let i = 2 * k + j;
                t.cards[i] = card;
                t.suit[i] = cfg.pack.suit_of(card);
                t.rank[i] = cfg.rank[card.0 as usize];
                let r = t.rank[i] as i32;
                t.key[i] = if g.no_trump { -r } else { r };
                t.gain[i] = super::gain_of(cfg, card);
                t.loss[i] = if cfg.kq_negative {
                    super::loss_of(cfg, card)
                } else {
                    0
                };
            }
        }
        t
    }

    /// Does card `c` beat `best` (the trick's best so far)?
    #[inline]
    fn beats(&self, c: usize, best: usize) -> bool {
        if self.suit[c] == self.suit[best] {
            self.key[c] > self.key[best]
        } else {
            self.suit[c] == self.trump
        }
    }

    /// The cards of hand `k` it may play after `played` (the trick so far,
    /// as indices into the cards), as a mask of its two slots.
    fn legal(&self, k: usize, played: &[usize]) -> u8 {
        let Some(&first) = played.first() else {
            return 0b11;
        };
        let led = self.suit[first];
        let mut follow = 0u8;
        for j in 0..2 {
            if self.suit[2 * k + j] == led {
                follow |= 1 << j;
            }
        }
        if follow != 0 {
            return follow;
        }
        let best = played
            .iter()
            .filter(|&&i| self.suit[i] == self.trump)
            .map(|&i| self.rank[i])
            .max();
        let Some(best) = best else {
            return 0b11;
        };
        let mut allowed = 0u8;
        for j in 0..2 {
            let i = 2 * k + j;
            if self.suit[i] != self.trump || self.rank[i] > best {
                allowed |= 1 << j;
            }
        }
        if allowed == 0 {
            0b11
        } else {
            allowed
        }
    }

    /// Side 0's take of a finished trick of `played` (indices, in playing
    /// order, the first hand `lead` places after the leader of the two
    /// tricks) and the place in `played` of its winner; the cards that
    /// decided it into `by` (as `PointsGame::decided`).
    fn settle(&self, played: &[usize], lead: usize, last: bool, by: &mut CardSet) -> (u32, usize) {
        // One pass: the winner, the points, the cards of each suit, and the
        // highest trump before each card off the suit led (it decided what
        // that card could be: no undertrumping).
        let led = self.suit[played[0]];
        let mut w = 0;
        let (mut gain, mut loss) = (0, 0);
        let mut per_suit = [0u8; 4];
        let mut top_trump: Option<usize> = None;
        for (p, &i) in played.iter().enumerate() {
            let s = self.suit[i];
            if p > 0 {
                if self.beats(i, played[w]) {
                    w = p;
                }
                if s != led {
                    if let Some(b) = top_trump {
                        by.insert(self.cards[b]);
                    }
                }
            }
            if s == self.trump && top_trump.map_or(true, |b| self.rank[i] > self.rank[b]) {
                top_trump = Some(i);
            }
            per_suit[s as usize & 3] += 1;
            gain += self.gain[i];
            loss += self.loss[i];
        }
        if per_suit[self.suit[played[w]] as usize & 3] >= 2 {
            by.insert(self.cards[played[w]]);
        }
        if last && self.game.cfg.last_trick_bonus {
            gain += 1;
        }
        let hand = (lead + w) % self.n;
        (if self.side0[hand] { gain } else { loss }, hand)
    }

    /// Side 0's take from the `k`-th card of the first trick on (`played[j]`
    /// the card hand `j` played, an index into the cards: slot `2 j` or
    /// `2 j + 1`), searched within `window` (both ends exclusive: a value
    /// outside only bounds the exact one on its side).
    fn value(
        &self,
        k: usize,
        played: &mut [usize; 6],
        window: (u32, u32),
        by: &mut CardSet,
    ) -> u32 {
        let n = self.n;
        if k == n {
            let (v1, w) = self.settle(&played[..n], 0, false, by);
            // Each hand's other card, from the first trick's winner on.
            let mut second = [0usize; 6];
            for (j, slot) in second[..n].iter_mut().enumerate() {
                *slot = played[(w + j) % n] ^ 1;
            }
            return v1 + self.settle(&second[..n], w, true, by).0;
        }
        let (alpha, beta) = window;
        let maximise = self.side0[k];
        let mut best = if maximise { 0 } else { u32::MAX };
        let legal = self.legal(k, &played[..k]);
        for j in 0..2 {
            if legal & (1 << j) == 0 {
                continue;
            }
            played[k] = 2 * k + j;
            let w = if maximise {
                (alpha.max(best), beta)
            } else {
                (alpha, beta.min(best))
            };
            let v = self.value(k + 1, played, w, by);
            if maximise {
                best = best.max(v);
                if best >= beta {
                    break;
                }
            } else {
                best = best.min(v);
                if best <= alpha {
                    break;
                }
            }
        }
        best
    }
}

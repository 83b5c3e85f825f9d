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

/// Slots of the table of last-two-trick values (2^15, about 1.5 MiB).
const TWO_TRICKS_BITS: u32 = 15;

/// One worked-out value of the last two tricks: the position (cards left,
/// their owners in card order, 3 bits each, and the leader + 1; 0 marks an
/// empty slot), side 0's take and the cards whose ranks decided it.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct TwoTricks {
    all: u128,
    owners: u64,
    leader: u8,
    v0: u32,
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
        let rest = super::loser_credit(cfg, cards);
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

    /// In the middle of a trick, trumps open: does `side` surely take at
    /// least `need` from here because it holds the trick's best card, which
    /// no opponent still to play can beat, and the points already in the
    /// trick (with the last trick's point) reach `need`? Relies on that
    /// card's rank.
    pub(super) fn sure_points(&self, side: u8, need: u32) -> Option<CardSet> {
        let c = &self.core;
        if c.tlen == 0 || !c.revealed || !c.bonus_paid || c.void_pending || c.over {
            return None;
        }
        let cfg = &self.cfg;
        let mut have: u32 = c.trick[..c.tlen as usize]
            .iter()
            .map(|&x| super::gain_of(cfg, x))
            .sum();
        if cfg.last_trick_bonus && c.tricks_left == 1 {
            have += 1;
        }
        if have < need {
            return None;
        }
        let (best, seat, led) = self.current_best()?;
        if self.side[seat as usize] != side {
            return None;
        }
        if self.can_beat(
            best,
            led,
            side,
            c.to_move as usize,
            self.n - c.tlen as usize,
        ) {
            return None;
        }
        Some(if self.exact_key {
            best.set()
        } else {
            CardSet::EMPTY
        })
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
            let by = if self.exact_key { by } else { CardSet::EMPTY };
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
        let (v0, by) = self.two_tricks_exact();
        let lead = if lead0 { v0 } else { rem - v0 };
        let by = if self.exact_key { by } else { CardSet::EMPTY };
        Some(LeadBounds {
            lower: lead,
            lower_by: by,
            upper: lead,
            upper_by: by,
        })
    }

    /// Side 0's take of the last two tricks and the cards whose ranks
    /// decided them, from the table of values worked out or by a search.
    fn two_tricks_exact(&self) -> (u32, CardSet) {
        let c = &self.core;
        let n = self.n;
        let all = c.hands[..n].iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let mut owners = 0u64;
        for card in all.iter() {
            let seat = c.hands[..n]
                .iter()
                .position(|h| h.contains(card))
                .unwrap_or(0);
            owners = owners << 3 | seat as u64;
        }
        let key = TwoTricks {
            all: all.0,
            owners,
            leader: c.leader + 1,
            v0: 0,
            by: CardSet::EMPTY,
        };
        let h = ((all.0 as u64)
            ^ ((all.0 >> 64) as u64).rotate_left(29)
            ^ owners.rotate_left(7)
            ^ c.leader as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (h >> (64 - TWO_TRICKS_BITS)) as usize;
        {
            let memo = self.two_tricks.borrow();
            if let Some(e) = memo.get(slot) {
                if e.leader == key.leader && e.all == key.all && e.owners == key.owners {
                    return (e.v0, e.by);
                }
            }
        }
        let mut hands = [CardSet::EMPTY; 6];
        hands[..n].copy_from_slice(&c.hands[..n]);
        let mut trick = [Card(0); 6];
        let mut by = CardSet::EMPTY;
        let v0 = self.two_tricks_value(
            &self.view(),
            &mut hands,
            &mut trick,
            0,
            (0, u32::MAX),
            &mut by,
        );
        let mut memo = self.two_tricks.borrow_mut();
        if memo.is_empty() {
            memo.resize(1 << TWO_TRICKS_BITS, TwoTricks::default());
        }
        memo[slot] = TwoTricks { v0, by, ..key };
        (v0, by)
    }

    /// Side 0's take of the last two tricks from the `i`-th card of the
    /// first on (the second is then forced), both sides playing their best,
    /// searched within `window` (`alpha` exclusive, `beta` exclusive: a
    /// value outside it only bounds the exact one, on its side). `by`
    /// collects the cards whose ranks decided a trick.
    fn two_tricks_value(
        &self,
        view: &rules::PlayView,
        hands: &mut [CardSet; 6],
        trick: &mut [Card; 6],
        i: usize,
        window: (u32, u32),
        by: &mut CardSet,
    ) -> u32 {
        let (alpha, beta) = window;
        let n = self.n;
        let cfg = &self.cfg;
        let leader = self.core.leader as usize;
        if i == n {
            return self.two_tricks_played(hands, trick, by);
        }
        let seat = (leader + i) % n;
        let (legal, _) = rules::legal(&cfg.pack, &cfg.rank, view, seat, hands[seat], &trick[..i]);
        let maximise = self.side[seat] == 0;
        let mut best = if maximise { 0 } else { u32::MAX };
        for card in legal.iter() {
            hands[seat].remove(card);
            trick[i] = card;
            let w = if maximise {
                (alpha.max(best), beta)
            } else {
                (alpha, beta.min(best))
            };
            let v = self.two_tricks_value(view, hands, trick, i + 1, w, by);
            hands[seat].insert(card);
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

    /// Does side 0 take at least `need` of the last two tricks from the
    /// `i`-th card of the first on (the second is then forced), both sides
    /// playing their best? `by` collects the cards whose ranks decided a
    /// trick.
    fn two_tricks_reach(
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
        if self.exact_key {
            *by |= self.decided(cards, w);
        }
        let mut gain: u32 = cards.iter().map(|&x| super::gain_of(cfg, x)).sum();
        if last && cfg.last_trick_bonus {
            gain += 1;
        }
        let rest = super::loser_credit(cfg, cards);
        let v = if self.side[seat] == 0 { gain } else { rest };
        (v, seat)
    }
}

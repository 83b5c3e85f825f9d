//! Trick play: legal cards, playing a card, the trick's end (the stop rule,
//! heap collection, hidden trumps revealed, the rest of a first-void deal)
//! and Satat's signals.
//!
//! Decisions: `thaap` (§13.9) is offered, before the next lead, to the next
//! leader's partner when the side that did not lead won the trick; in Trup
//! kasiet a player is "void" when his hand before the play holds no card of
//! the suit led (the 2H lead counting as a trump lead).

use super::config::StopRule;
use super::rules::{legal_plays, trick_winner};
use super::state::{HokmAction, HokmState, Phase, ResultKind, TrickRecord};
use crate::card::{Card, CardSet, Suit};

impl HokmState {
    /// The legal cards in trick play (empty in other phases).
    #[inline]
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let led = (self.trick_len > 0).then(|| self.trick[0]);
        let mut hand = self.hands[self.current];
        if self.hidden.trump_hidden && self.current == self.hakem && hand.is_empty() {
            // The indicator is the Hakem's last card (§6.4).
            hand = self.hidden.indicator.map_or(hand, Card::set);
        }
        if self.dab.must_trump {
            // The caller of a cut must trump if he can (§6.5).
            let trumps = hand & self.cfg.pack.suit_mask(self.trump.expect("revealed"));
            return if trumps.is_empty() { hand } else { trumps };
        }
        if self.cfg.satat {
            super::satat::legal_plays(
                &self.cfg.pack,
                hand,
                led,
                self.trump,
                self.hidden.trump_hidden,
            )
        } else {
            legal_plays(&self.cfg.pack, hand, led)
        }
    }

    pub(crate) fn play_card(&mut self, c: Card) {
        let p = self.current;
        if self.hidden.trump_hidden {
            self.check_reveal(p, c);
        }
        if self.cfg.first_void.is_some() && self.trump_fixed_at.is_none() && self.trick_len > 0 {
            // Only the first-void modes fix trumps by a void (§5.6); under
            // Dab Rang's hidden call the trump is the boss's indicator and
            // takes effect at the cut (§6.5).
            let pack = &self.cfg.pack;
            if (self.hands[p] & pack.suit_mask(pack.suit_of(self.trick[0]))).is_empty() {
                // The first player out of the suit led fixes trumps (§5.6).
                self.trump = Some(pack.suit_of(c));
                self.trump_fixed_at = Some(self.tricks_played + 1);
            }
        }
        self.hands[p].remove(c);
        self.dab.must_trump = false;
        self.trick[self.trick_len] = c;
        self.trick_len += 1;
        if self.trick_len < self.n() {
            self.current = self.next(p);
            return;
        }
        // Dab Rang: trump-suit cards have no power until the indicator is up (§7.3).
        let trump = if self.cfg.hidden_call && self.hidden.trump_hidden {
            None
        } else {
            self.trump
        };
        let off = if self.cfg.satat {
            super::satat::trick_winner(&self.cfg.pack, &self.trick[..self.n()], trump)
        } else {
            trick_winner(&self.cfg.pack, &self.trick[..self.n()], trump)
        };
        let win_card = self.trick[off];
        let mut w = self.leader + off;
        if w >= self.n() {
            w -= self.n();
        }
        self.tricks_played += 1;
        let mut q = self.leader;
        for &x in &self.trick[..self.n()] {
            self.played.insert(x);
            self.played_by[q].insert(x);
            q = self.next(q);
        }
        if self.record {
            self.tricks.push(TrickRecord {
                leader: self.leader,
                cards: self.trick,
                winner: w,
            });
        }
        self.trick_len = 0;
        let led_side = self.cfg.side(self.leader);
        self.leader = w;
        self.current = w;
        if std::mem::take(&mut self.hidden.reveal_pending) {
            self.reveal();
        }
        if self.undealt.iter().any(|u| !u.is_empty())
            && (self.trump.is_some() || self.tricks_left() == 0)
        {
            self.deal_rest();
        }
        let side = self.cfg.side(w);
        self.tricks_won[side] += 1;
        let sides = self.cfg.num_sides();
        if self.tricks_won[side] == 7 && (0..sides).all(|i| i == side || self.tricks_won[i] == 0) {
            self.kot_side = Some(side);
        }
        if self.cfg.heap {
            let pack = &self.cfg.pack;
            let tens = self.trick[..self.n()]
                .iter()
                .filter(|&&x| pack.face(x) == b'T')
                .count() as u8;
            let done = super::heap::TrickDone {
                number: self.tricks_played,
                last: self.tricks_left() == 0,
                winner: w,
                ace: pack.face(win_card) == b'A',
                tens,
                gate: self.trump_gate(),
            };
            let cfg = self.cfg.clone();
            self.heap.after_trick(&cfg, done);
        }
        self.after_trick(side);
        if self.cfg.thaap && self.phase == Phase::Play && side != led_side && self.tricks_left() > 0
        {
            // Thaap (§13.9): the side that did not lead won; the next
            // leader's partner may tap the table before the lead.
            self.phase = Phase::Thaap;
            self.current = (w + 2) % 4;
        }
    }

    /// §7.6 `trump_gate(t)` for the trick just completed (number `tricks_played`).
    pub(crate) fn trump_gate(&self) -> bool {
        let t = self.tricks_played;
        if self.cfg.hidden_call {
            return self.trump_fixed_at.is_some_and(|r| t >= r);
        }
        match (self.cfg.first_void, self.trump_fixed_at) {
            (None, _) => true,
            (_, None) => false,
            (Some(5), Some(k)) => t >= k,
            (Some(_), Some(k)) => t > k,
        }
    }

    /// `first_void_5`: after the fixing trick (or five tricks without a void,
    /// when a random played card fixes trumps, §5.6) the other eight cards.
    pub(crate) fn deal_rest(&mut self) {
        if self.trump.is_none() {
            let k = self.rng.below(self.played.len() as u64) as u32;
            let card = self.played.nth_lowest(k).expect("cards were played");
            self.trump = Some(self.cfg.pack.suit_of(card));
            self.trump_card = Some(card);
            self.trump_fixed_at = Some(self.tricks_played + 1);
        }
        for p in 0..self.n() {
            self.hands[p] |= std::mem::take(&mut self.undealt[p]);
        }
    }

    /// Tricks still to play (the Hakem's hand is one short while a secret
    /// indicator lies aside).
    pub(crate) fn tricks_left(&self) -> usize {
        self.hands[..self.n()]
            .iter()
            .map(|h| h.len() as usize)
            .max()
            .unwrap_or(0)
    }

    /// Trup kasiet: notes when a player void in the suit led plays a trump
    /// other than the 2H (the reveal trigger of §6.4), and reveals at once
    /// when the Hakem plays the indicator itself.
    pub(crate) fn check_reveal(&mut self, p: usize, c: Card) {
        let pack = &self.cfg.pack;
        if Some(c) == self.hidden.indicator {
            self.hands[p].insert(c);
            self.reveal();
            if self.trump_fixed_at.is_none() {
                self.trump_fixed_at = Some(self.tricks_played + 1);
            }
            return;
        }
        if !self.cfg.hidden_card {
            return;
        }
        if self.trick_len == 0 || self.cfg.satat && c == super::satat::two_hearts(pack) {
            return;
        }
        let led = self.trick[0];
        let led_cards = if self.cfg.satat {
            let ls = super::satat::effective_suit_of(pack, led, self.trump);
            super::satat::effective_suit(pack, ls, self.trump)
        } else {
            pack.suit_mask(pack.suit_of(led))
        };
        let void = (self.hands[p] & led_cards).is_empty();
        if void && Some(pack.suit_of(c)) == self.trump {
            self.hidden.reveal_pending = true;
        }
    }

    /// Turns the indicator face up: it returns to the Hakem's hand.
    pub(crate) fn reveal(&mut self) {
        if let Some(i) = self.hidden.indicator {
            if self.hidden.trump_hidden
                && !self.played.contains(i)
                && self.trick[..self.trick_len].iter().all(|&x| x != i)
            {
                self.hands[self.hakem].insert(i);
            }
        }
        self.hidden.trump_hidden = false;
    }

    /// The truthful signals that may go with card `c` (§13.6).
    pub(crate) fn signals_for(&self, c: Card) -> Vec<HokmAction> {
        let pack = &self.cfg.pack;
        let hand = self.hands[self.current] - c.set();
        let suit_of = |x: Card| {
            if self.cfg.satat {
                super::satat::effective_suit_of(pack, x, self.trump)
            } else {
                pack.suit_of(x)
            }
        };
        let cards_of = |s: Suit| {
            if self.cfg.satat {
                super::satat::effective_suit(pack, s, self.trump)
            } else {
                pack.suit_mask(s)
            }
        };
        let last = (hand & cards_of(suit_of(c))).is_empty();
        let mut gone = self.played | c.set();
        for &x in &self.trick[..self.trick_len] {
            gone.insert(x);
        }
        let masters: Vec<Suit> = (0..4u8)
            .filter(|&s| {
                let m = if self.cfg.satat {
                    super::satat::master(pack, s, self.trump, gone)
                } else {
                    (pack.suit_mask(s) - gone).highest()
                };
                m.is_some_and(|m| hand.contains(m))
            })
            .collect();
        let mut v = Vec::new();
        if last {
            v.push(HokmAction::Signal(c, true, None));
        }
        for &m in &masters {
            v.push(HokmAction::Signal(c, false, Some(m)));
            if last {
                v.push(HokmAction::Signal(c, true, Some(m)));
            }
        }
        v
    }

    /// Applies the stop rule after a trick won by `side`.
    pub(crate) fn after_trick(&mut self, side: usize) {
        let remaining = self.tricks_left();
        if self.continuing {
            let cont = self.kot_side.expect("continuing after a kot");
            if side != cont {
                self.finish_hand(Some(cont), ResultKind::FailedBavney);
            } else if remaining == 0 {
                self.finish_hand(Some(cont), ResultKind::Bavney);
            }
            return;
        }
        if self.cfg.stop_rule == StopRule::KotChoice
            && self.kot_side == Some(side)
            && self.tricks_won[side] == 7
            && remaining > 0
        {
            self.phase = Phase::KotChoice;
            return;
        }
        if let Some((winner, kind)) = self.decision(remaining) {
            self.finish_hand(winner, kind);
        }
    }
}

//! The deal in two halves (§4), the auction (§5.1), the choice of trumps
//! with the concealed indicator, the spare indicator or the seventh card
//! (§5.2, §5.3), doubling (§5.4), the completion of the deal (§5.5), single
//! hand and its show (§5.6) and the offer of half court (§9.5).

use super::config::Game;
use super::state::{Ev, Phase, TwentyEightState};
use crate::card::CardSet;
use crate::deal::shuffled;

impl TwentyEightState {
    /// Deals the first half of a new hand (again while `annul_no_points`
    /// annuls it) and opens the auction.
    pub(super) fn start_hand(&mut self) {
        let n = self.cfg.players;
        let half = self.cfg.half();
        let sides = self.cfg.sides;
        loop {
            self.deck = shuffled(self.cfg.pack.cards(), &mut self.rng);
            self.hands = vec![CardSet::EMPTY; n];
            let first = self.next(self.dealer);
            for k in 0..n {
                let seat = (first + k) % n;
                for &c in &self.deck[k * half..(k + 1) * half] {
                    self.hands[seat].insert(c);
                }
            }
            if !self.cfg.annul_no_points {
                break;
            }
            // 29, annul_no_points: either of the first two bidders without a point card.
            let a = first;
            let b = self.next(first);
            let pointless = |h: CardSet| h.iter().all(|c| self.cfg.pts(c) <= 0);
            if !pointless(self.hands[a]) && !pointless(self.hands[b]) {
                break;
            }
        }
        self.hand_no += 1;
        self.phase = Phase::Bid;
        self.to_act = self.next(self.dealer);
        self.queue.clear();
        self.high = None;
        self.passed = vec![false; n];
        self.bids_made = vec![0; n];
        self.last_was_pass = false;
        self.auction.clear();
        self.trump = None;
        self.indicator = None;
        self.spare = false;
        self.seventh = false;
        self.no_trump = false;
        self.doubled = 0;
        self.c = false;
        self.revealed = false;
        self.reveal_trick = None;
        self.led_trump_by_other = false;
        self.caller = None;
        self.trick.clear();
        self.last_trick.clear();
        self.tricks_played = 0;
        self.points = vec![0; sides];
        self.played = CardSet::EMPTY;
        self.won_since_reveal = vec![false; sides];
        self.won_any = vec![false; sides];
        self.pair_by = None;
        self.soloist = None;
        self.half_court = false;
        self.log.clear();
    }

    /// 40: the first speaker may not bid when his first cards are all of one suit.
    fn barred(&self, seat: usize) -> bool {
        if self.cfg.game != Game::G40 || seat != self.next(self.dealer) {
            return false;
        }
        let h = self.hands[seat];
        (0..4).any(|s| h & self.cfg.pack.suit_mask(s) == h)
    }

    /// The bids `to_act` may make now (`lo..=hi`, empty when lo > hi).
    pub(crate) fn bid_range(&self) -> (i32, i32) {
        let p = self.to_act;
        if self.barred(p) {
            return (1, 0);
        }
        let mut lo = self.high.map_or(self.cfg.min_bid, |(_, v)| v + 1);
        lo = lo.max(self.cfg.min_bid);
        if self.cfg.game == Game::G40 && self.bids_made[p] > 0 {
            lo = lo.max(30);
        }
        if let (Some(min), Some((hs, _))) = (self.cfg.partner_overbid_min, self.high) {
            if hs != p && self.side(hs) == self.side(p) && self.last_was_pass {
                lo = lo.max(min);
            }
        }
        (lo, self.cfg.max_bid)
    }

    /// May `to_act` pass in the auction?
    pub(crate) fn may_pass_bid(&self) -> bool {
        let (lo, hi) = self.bid_range();
        self.high.is_some() || self.barred(self.to_act) || lo > hi
    }

    /// The next seat to speak after `from` (`pass_is_final`: passed seats are skipped).
    pub(super) fn next_bidder(&self, from: usize) -> usize {
        let mut s = self.next(from);
        while self.cfg.pass_is_final && self.passed[s] && Some(s) != self.high.map(|h| h.0) {
            s = self.next(s);
        }
        s
    }

    /// The high bidder becomes the bidder and chooses trumps.
    pub(super) fn end_auction(&mut self) {
        let (b, v) = self.high.expect("an auction always has a bidder");
        self.bidder = b;
        self.contract = v;
        self.phase = Phase::Trump;
        self.to_act = b;
    }

    /// After the trump choice: the (automatic) double, or the rest of the deal.
    pub(super) fn after_trump_choice(&mut self) {
        let auto = self
            .cfg
            .auto_double_from
            .is_some_and(|n| self.contract >= n);
        if auto {
            self.doubled = 1;
            self.start_redouble();
        } else if self.cfg.doubling {
            let n = self.cfg.players;
            let bs = self.side(self.bidder);
            self.queue = (1..n)
                .map(|k| (self.bidder + k) % n)
                .filter(|&s| self.side(s) != bs)
                .collect();
            self.phase = Phase::Double;
            self.pop_queue_or(Self::complete_deal);
        } else {
            self.complete_deal();
        }
    }

    /// Redoubling is allowed (not with `bid21_two_points` at 21 and above).
    fn redouble_allowed(&self) -> bool {
        !(self.cfg.bid21_two_points && self.contract >= 21)
    }

    /// C is on offer: a called double, the bidding side's score at 0 (§5.4).
    pub(crate) fn c_allowed(&self) -> bool {
        self.cfg.c_bid
            && self.cfg.auto_double_from.is_none()
            && self.scores[self.side(self.bidder) as usize] == 0
    }

    /// Opens the redouble round to the bidding side, or completes the deal.
    pub(super) fn start_redouble(&mut self) {
        if !self.redouble_allowed() {
            self.complete_deal();
            return;
        }
        let n = self.cfg.players;
        let bs = self.side(self.bidder);
        self.queue = (0..n)
            .map(|k| (self.bidder + k) % n)
            .filter(|&s| self.side(s) == bs)
            .collect();
        self.phase = Phase::Redouble;
        self.pop_queue_or(Self::complete_deal);
    }

    /// Gives the turn to the next seat of the queue, or runs `done`.
    pub(super) fn pop_queue_or(&mut self, done: fn(&mut Self)) {
        if self.queue.is_empty() {
            done(self);
        } else {
            self.to_act = self.queue.remove(0);
        }
    }

    /// Deals the second half (the seventh card set aside), then offers single hand.
    pub(super) fn complete_deal(&mut self) {
        let n = self.cfg.players;
        let half = self.cfg.half();
        let first = self.next(self.dealer);
        for k in 0..n {
            let seat = (first + k) % n;
            let start = n * half + k * half;
            for &c in &self.deck[start..start + half] {
                self.hands[seat].insert(c);
            }
            if self.seventh && seat == self.bidder {
                // The third card of his second batch, unseen by anyone (§5.3).
                let c = self.deck[start + 2];
                self.hands[seat].remove(c);
                self.indicator = Some(c);
                self.trump = Some(self.cfg.pack.suit_of(c));
            }
        }
        if self.cfg.single_hand {
            self.queue = (0..n).map(|k| (first + k) % n).collect();
            self.phase = Phase::Single;
            self.pop_queue_or(Self::after_single);
        } else {
            self.after_single();
        }
    }

    /// After the single-hand round: the offer of half court, or play.
    pub(super) fn after_single(&mut self) {
        if self.cfg.half_court {
            self.phase = Phase::HalfCourt;
            self.to_act = self.bidder;
        } else {
            self.start_play();
        }
    }

    /// The concealed indicator goes back into the bidder's hand.
    pub(super) fn indicator_into_hand(&mut self) {
        if let Some(i) = self.indicator {
            self.hands[self.bidder].insert(i);
        }
    }

    /// `seat` declares single hand.
    pub(super) fn declare_single(&mut self, seat: usize) {
        // Contract, trump, doubles and indicator are cancelled (§5.6).
        if !self.revealed {
            self.indicator_into_hand();
        }
        self.indicator = None;
        self.seventh = false;
        self.spare = false;
        self.trump = None;
        self.no_trump = true;
        self.doubled = 0;
        self.c = false;
        self.soloist = Some(seat);
        self.queue.clear();
        let h = self.hands[seat];
        let one_suit = (0..4).any(|s| h & self.cfg.pack.suit_mask(s) == h);
        let offered = self.cfg.single_hand_show && one_suit;
        self.log.push(Ev::ShowOffer { offered });
        if offered {
            self.phase = Phase::Show;
            self.to_act = seat;
        } else {
            self.start_play();
        }
    }
}

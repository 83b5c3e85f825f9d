//! The start of a match and of a hand: the first Hakem (§2.1), the deal
//! (§4), the first decisions after trumps are named (two-player discards,
//! redeal offers, §5.3) and the start of trick play.
//!
//! Chance events (the ace draw, the deal, redeals) draw from the state's one
//! seeded generator in the order they happen.

use std::sync::Arc;

use super::config::HokmConfig;
use super::state::{HokmState, Phase};
use crate::card::{Card, CardSet};
use crate::deal::{deal_batches, shuffled};
use crate::error::{Error, Result};
use crate::rng::Rng;

impl HokmState {
    /// A whole match from its first deal, chance seeded by `seed`.
    pub fn new_match(cfg: Arc<HokmConfig>, seed: u64) -> HokmState {
        let mut s = HokmState::blank(cfg, Rng::new(seed), false);
        s.choose_first_hakem();
        s.start_hand();
        s
    }

    /// A match that starts from a given score and dealer (for teaching and
    /// analysis: "side A has 4, side B 5, seat 0 deals"). `scores` has one
    /// entry per side; the Hakem is `next(dealer)`. Without a dealer the first
    /// Hakem is chosen as the preset says.
    pub fn new_match_at(
        cfg: Arc<HokmConfig>,
        seed: u64,
        scores: Option<&[i32]>,
        dealer: Option<usize>,
    ) -> Result<HokmState> {
        let mut s = HokmState::blank(cfg, Rng::new(seed), false);
        let n = s.n();
        if let Some(sc) = scores {
            let want = if s.cfg.dummy { 3 } else { s.cfg.num_sides() };
            if sc.len() != want || sc.iter().any(|&x| x < 0) {
                return Err(Error::State(format!(
                    "scores must be {} non-negative numbers, got {:?}",
                    want, sc
                )));
            }
            s.scores[..want].copy_from_slice(sc);
        }
        match dealer {
            Some(d) if d >= n => {
                return Err(Error::State(format!(
                    "dealer seat {} out of range 0..{}",
                    d,
                    n - 1
                )))
            }
            Some(_) if s.cfg.dummy => {
                return Err(Error::State("Dummy Rang fixes the dealer (seat 3)".into()))
            }
            Some(d) => {
                s.dealer = d;
                s.hakem = s.next(d);
            }
            None => s.choose_first_hakem(),
        }
        s.start_hand();
        Ok(s)
    }

    /// One hand dealt from `seed` with a uniformly random dealer (the
    /// Hakem is `next(dealer)`; Dummy Rang keeps its fixed table), ending
    /// with that hand: the unit of random play-outs.
    pub fn new_hand(cfg: Arc<HokmConfig>, seed: u64) -> HokmState {
        let mut s = HokmState::blank(cfg, Rng::new(seed), true);
        if s.cfg.dummy {
            s.choose_first_hakem();
        } else {
            let n = s.n();
            s.dealer = s.rng.below(n as u64) as usize;
            s.hakem = s.next(s.dealer);
        }
        s.start_hand();
        s
    }

    /// The first Hakem and dealer (§2.1; Dummy Rang's fixed table, §13.3).
    fn choose_first_hakem(&mut self) {
        let n = self.n();
        if self.cfg.dummy {
            // Dummy Rang: fixed roles on a table rebuilt every hand (§13.3).
            self.table = super::scoring::dummy_table(0);
            self.hakem = 0;
            self.dealer = 3;
            return;
        }
        match self.cfg.first_hakem {
            super::config::FirstHakem::AceDraw => {
                // Cards are turned one at a time from a shuffled pack: the i-th
                // card is drawn by a forward Fisher-Yates step (swap position i
                // with i + below(len - i)), so only the cards turned are drawn.
                let mut cards: Vec<Card> = self.cfg.pack.cards().to_vec();
                let mut seat = 0;
                let mut hakem = None;
                for i in 0..cards.len() {
                    let j = i + self.rng.below((cards.len() - i) as u64) as usize;
                    cards.swap(i, j);
                    let c = cards[i];
                    self.ace_draw.push((seat, c));
                    if self.cfg.pack.face(c) == b'A' {
                        match hakem {
                            None => {
                                self.hakem = seat;
                                hakem = Some(seat);
                                if !self.cfg.partnership_by_draw {
                                    break;
                                }
                            }
                            Some(h) => {
                                // The second ace's receiver becomes the Hakem's
                                // partner: he changes places with the player
                                // opposite the Hakem (§2.1).
                                self.seating.swap(seat, (h + 2) % 4);
                                break;
                            }
                        }
                    }
                    seat = self.next(seat);
                    if Some(seat) == hakem {
                        seat = self.next(seat);
                    }
                }
            }
            super::config::FirstHakem::Random => {
                self.dealer = self.rng.below(n as u64) as usize;
                self.hakem = self.next(self.dealer);
            }
        }
        self.dealer = (self.hakem + n - 1) % n;
    }

    /// Deals a new hand (or redeals) for the current dealer and Hakem.
    pub(crate) fn start_hand(&mut self) {
        let n = self.n();
        self.hands = [CardSet::EMPTY; 4];
        self.trump = None;
        self.trump_card = None;
        self.tricks_won = [0; 4];
        self.kot_side = None;
        self.continuing = false;
        self.heap = super::heap::Heap::default();
        self.tricks_played = 0;
        self.hidden.indicator = None;
        self.hidden.trump_hidden = false;
        self.hidden.reveal_pending = false;
        self.satat.gives = [None; 4];
        self.satat.passed = [CardSet::EMPTY; 4];
        self.dab.cut_caller = None;
        self.satat.signals.clear();
        self.trump_fixed_at = Some(0);
        self.undealt = [CardSet::EMPTY; 4];
        self.dab.auction.clear();
        self.dab.bid = None;
        self.dab.must_trump = false;
        self.taps.clear();
        self.played = CardSet::EMPTY;
        self.played_by = [CardSet::EMPTY; 4];
        self.tricks.clear();
        self.trick_len = 0;
        self.two.own_discards = [CardSet::EMPTY; 2];
        self.two.discarded = [false; 2];
        self.two.draw_turn = 0;
        self.two.stock.clear();
        let cards = shuffled(self.cfg.pack.cards(), &mut self.rng);
        if n == 2 {
            let dealer = self.dealer;
            self.hands[self.hakem] = cards[0..5].iter().copied().collect();
            self.hands[dealer] = cards[5..10].iter().copied().collect();
            self.two.stock = cards[10..].to_vec();
            self.first5 = self.hands[self.hakem];
        } else {
            let (hands, _) = deal_batches(&cards, n, self.hakem, &self.cfg.batches);
            self.hands[..n].copy_from_slice(&hands);
            // The Hakem receives first in every round: his cards in receiving order.
            let mut mine = Vec::with_capacity(17);
            let mut top = 0;
            for &b in &self.cfg.batches {
                mine.extend_from_slice(&cards[top..top + b]);
                top += b * n;
            }
            self.first5 = mine[..5].iter().copied().collect();
            let pool = if self.cfg.random_trump_last4 {
                &mine[mine.len() - 4..]
            } else {
                &mine[5..]
            };
            self.trump_pool = pool.iter().copied().collect();
        }
        self.phase = Phase::TrumpCall;
        self.current = self.hakem;
        if n == 4 {
            for p in 0..n {
                self.first_batch[p] = self.hands[p]
                    .iter()
                    .filter(|c| cards[..5 * n].contains(c))
                    .collect();
            }
        }
        if self.cfg.hidden_call {
            self.phase = Phase::Auction;
            self.trump_fixed_at = None;
        }
        if let Some(k) = self.cfg.first_void {
            // Nobody calls trumps: play starts at once (§5.6); with five cards
            // the rest of the deal waits for the fixing trick.
            self.trump_fixed_at = None;
            if k == 5 {
                for p in 0..n {
                    let first: CardSet = self.hands[p]
                        .iter()
                        .filter(|c| cards[..5 * n].contains(c))
                        .collect();
                    self.undealt[p] = self.hands[p] - first;
                    self.hands[p] = first;
                }
            }
            self.start_play();
        }
    }

    /// Trick play starts (Satat: the passing first); `next(dealer)` leads.
    pub(crate) fn start_play(&mut self) {
        self.phase = if self.satat.pass_k > 0 {
            Phase::Give
        } else {
            Phase::Play
        };
        // next(dealer) leads, in Dab Rang whoever won the auction.
        self.leader = self.next(self.dealer);
        self.current = self.leader;
        self.trick_len = 0;
    }

    /// After trumps are chosen: two-player discards, the `all13` redeal
    /// offer, the partner's redeal offer, or play.
    pub(super) fn after_trump(&mut self) {
        if self.n() == 2 {
            self.phase = Phase::Discard;
            self.current = self.hakem;
        } else if self.cfg.redeal_no_court == super::config::RedealNoCourt::All13
            && !self.cfg.has_court(self.hands[self.hakem])
        {
            self.phase = Phase::RedealAll13;
            self.current = self.hakem;
        } else {
            self.partner_check();
        }
    }

    /// The partner without a trump may propose a redeal (§5.3), else play starts.
    pub(super) fn partner_check(&mut self) {
        let partner = (self.hakem + 2) % 4;
        let trump = self.trump.expect("trump chosen");
        if self.cfg.partner_no_trump_redeal
            && self.n() == 4
            && (self.hands[partner] & self.cfg.pack.suit_mask(trump)).is_empty()
        {
            self.phase = Phase::PartnerRedeal;
            self.current = partner;
        } else {
            self.start_play();
        }
    }
}

impl HokmState {
    /// Satat passing: records one player's `give:`; when all four have given,
    /// the cards change hands (§9.10) and play begins.
    pub(crate) fn give(&mut self, cards: CardSet) {
        let p = self.current;
        self.satat.gives[p] = Some(cards);
        let next = self.next(p);
        if next != self.hakem {
            self.current = next;
            return;
        }
        let before = self.hands;
        for (r, hand) in before.iter().enumerate().take(4) {
            // A loser receives from his left-hand neighbour prev(r), a winner from next(r).
            let from = if r % 2 == self.satat.pass_losers {
                (r + 3) % 4
            } else {
                (r + 1) % 4
            };
            let out = self.satat.gives[r].expect("every player gave");
            let inc = self.satat.gives[from].expect("every player gave");
            self.hands[r] = (*hand - out) | inc;
        }
        for (r, g) in self.satat.gives.iter().enumerate() {
            self.satat.passed[r] = g.expect("every player gave");
        }
        self.satat.pass_k = 0;
        self.satat.gives = [None; 4];
        self.phase = Phase::Play;
        self.current = self.hakem;
    }
}

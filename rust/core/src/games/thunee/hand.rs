//! The start of a hand: the deal in batches (§4, §13), the bidding (§5.2),
//! the choice of trumps (§5.3–§5.5), the second batch and the Thunee /
//! Royals window (§5.6, §6.1), blind calls (§6.4) and the no-trump redeal
//! (§5.7).

use super::state::{Phase, ResultKind, Special, ThuneeState};
use crate::card::CardSet;
use crate::deal::shuffled;

impl ThuneeState {
    /// The seat `k` steps after the dealer's right-hand neighbour (`o_k`).
    fn o(&self, k: usize) -> usize {
        (self.dealer + 1 + k) % self.cfg.players
    }

    /// Shuffles and deals the first batch of a new hand, and opens the
    /// bidding.
    pub(super) fn start_hand(&mut self) {
        let deck = shuffled(self.cfg.pack.cards(), &mut self.rng);
        self.deal_deck(deck);
    }

    /// Deals the first batch of a new hand from `deck` (`D[0]` on top) and
    /// opens the bidding.
    pub(crate) fn deal_deck(&mut self, deck: Vec<crate::card::Card>) {
        let n = self.cfg.players;
        let fb = self.cfg.first_batch;
        self.deck = deck;
        self.hands = vec![CardSet::EMPTY; n];
        for k in 0..n {
            let seat = self.o(k);
            for &c in &self.deck[fb * k..fb * (k + 1)] {
                self.hands[seat].insert(c);
            }
        }
        self.round2.clear();
        if self.cfg.rounds() == 2 {
            // §13.1: D[12..17] to next(d), D[18..23] to d.
            let h = self.cfg.hand_size;
            self.round2 = vec![CardSet::EMPTY; n];
            for k in 0..n {
                let seat = self.o(k);
                let start = n * h + k * h;
                self.round2[seat] = self.deck[start..start + h].iter().copied().collect();
            }
        }
        self.hand_no += 1;
        self.phase = Phase::Bid;
        self.trumper = self.t0();
        self.to_act = self.next(self.trumper);
        self.queue.clear();
        self.high = None;
        self.passes = 0;
        self.auction.clear();
        self.bid = 0;
        self.trump = None;
        self.indicator = None;
        self.last_card = false;
        self.revealed = false;
        self.special = None;
        self.blind = CardSet::EMPTY;
        self.trick.clear();
        self.last_trick.clear();
        self.leader = self.next(self.trumper);
        self.tricks_played = 0;
        self.trick_winners.clear();
        self.points = [0; 2];
        self.played = CardSet::EMPTY;
        self.jodhis.clear();
        self.declared = 0;
        self.claim = None;
        self.log.clear();
    }

    /// `p` bids `v`.
    pub(super) fn make_bid(&mut self, p: usize, v: i32) {
        self.auction.push((p, format!("bid:{}", v)));
        self.high = Some((p, v));
        self.passes = 0;
        if v == 104 {
            self.end_bidding();
        } else {
            self.to_act = self.next(p);
        }
    }

    /// `p` passes in the bidding.
    pub(super) fn pass_bid(&mut self, p: usize) {
        self.auction.push((p, "pass".into()));
        self.passes += 1;
        let n = self.cfg.players;
        let done = match self.high {
            Some(_) => self.passes >= n - 1,
            None => self.passes >= n,
        };
        if done {
            self.end_bidding();
        } else {
            self.to_act = self.next(p);
        }
    }

    /// The last bidder (or the default trumper) chooses trumps.
    fn end_bidding(&mut self) {
        if let Some((t, v)) = self.high {
            self.trumper = t;
            self.bid = v;
        }
        self.phase = Phase::Trump;
        self.to_act = self.trumper;
    }

    /// The trumper lays `c` face down: its suit is trumps.
    pub(super) fn lay_indicator(&mut self, c: crate::card::Card) {
        let t = self.trumper;
        self.hands[t].remove(c);
        self.indicator = Some(c);
        self.trump = Some(self.cfg.pack.suit_of(c));
        self.complete_deal();
    }

    /// `trump:last`: his last card, unseen by anyone, fixes trumps.
    pub(super) fn trump_last(&mut self) {
        self.last_card = true;
        self.complete_deal();
    }

    /// The weak-hand redeal: the deal is annulled.
    pub(super) fn weak_redeal(&mut self) {
        self.finish(ResultKind::Redeal);
    }

    /// `p` calls a blind Thunee or Royals on his bidding turn.
    pub(super) fn call_blind(&mut self, p: usize, royals: bool) {
        self.auction.push((
            p,
            if royals {
                "blind_royals"
            } else {
                "blind_thunee"
            }
            .into(),
        ));
        self.special = Some(Special {
            caller: p,
            royals,
            blind: true,
        });
        self.complete_deal();
    }

    /// Deals the second batch (two cards each), then opens the Thunee
    /// window, or lets a blind caller lead.
    fn complete_deal(&mut self) {
        let n = self.cfg.players;
        let start = n * self.cfg.first_batch;
        let t = self.trumper;
        for k in 0..n {
            let seat = self.o(k);
            let two = [self.deck[start + 2 * k], self.deck[start + 2 * k + 1]];
            if let Some(sp) = self.special.filter(|sp| sp.blind && sp.caller == seat) {
                let _ = sp;
                self.blind = two.iter().copied().collect();
                continue;
            }
            self.hands[seat].insert(two[0]);
            if self.last_card && seat == t {
                self.indicator = Some(two[1]);
                self.trump = Some(self.cfg.pack.suit_of(two[1]));
            } else {
                self.hands[seat].insert(two[1]);
            }
        }
        if let Some(sp) = self.special {
            self.start_play(sp.caller);
            return;
        }
        self.queue = (1..n).map(|k| (t + k) % n).collect();
        self.phase = Phase::Call;
        self.to_act = t;
    }

    /// `p` calls Thunee or Royals (§6.2): the bid and the trump are cancelled.
    pub(super) fn call_special(&mut self, p: usize, royals: bool) {
        if let Some(i) = self.indicator.take() {
            self.hands[self.trumper].insert(i);
        }
        self.trump = None;
        self.last_card = false;
        self.special = Some(Special {
            caller: p,
            royals,
            blind: false,
        });
        self.queue.clear();
        self.start_play(p);
    }

    /// A pass in the Thunee window; when all have passed, the no-trump
    /// check and the first lead.
    pub(super) fn pass_call(&mut self) {
        if !self.queue.is_empty() {
            self.to_act = self.queue.remove(0);
            return;
        }
        if self.no_trump_redeal(self.trumper) {
            self.finish(ResultKind::NoTrump);
            return;
        }
        self.start_play(self.next(self.trumper));
    }

    /// §5.7: no opponent of `side_seat`'s team holds a card of the trump
    /// suit (with the option on).
    pub(crate) fn no_trump_redeal(&self, side_seat: usize) -> bool {
        let Some(t) = self.trump else { return false };
        if !self.cfg.no_trump_redeal {
            return false;
        }
        let m = self.cfg.pack.suit_mask(t);
        let team = self.team(side_seat);
        (0..self.cfg.players)
            .filter(|&s| self.team(s) != team)
            .all(|s| (self.hands[s] & m).is_empty())
    }

    /// Trick play begins with `leader` to lead.
    pub(crate) fn start_play(&mut self, leader: usize) {
        self.phase = Phase::Play;
        self.leader = leader;
        self.to_act = leader;
    }
}

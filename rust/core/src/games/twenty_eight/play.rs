//! Trick play in its two phases (§6): the legal cards, the call for the
//! trump (§6.2), playing a card and the trick's end (§7, §8), and the pair
//! (§6.6).

use super::rules::{self, PlayView};
use super::state::{Ev, Phase, ResultKind, TwentyEightState};
use crate::card::{Card, CardSet};

impl TwentyEightState {
    /// Trick play begins: the soloist, or the seat after the dealer, leads.
    pub(crate) fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.leader = self.soloist.unwrap_or_else(|| self.next(self.dealer));
        self.to_act = self.leader;
    }

    /// Does `seat` take part in the tricks (single hand: the soloist's partners sit out)?
    pub(crate) fn plays(&self, seat: usize) -> bool {
        match self.soloist {
            Some(s) => seat == s || self.side(seat) != self.side(s),
            None => true,
        }
    }

    /// The next seat after `s` that takes part in the tricks.
    fn next_player(&self, s: usize) -> usize {
        let mut t = self.next(s);
        while !self.plays(t) {
            t = self.next(t);
        }
        t
    }

    /// Cards in a complete trick.
    fn trick_size(&self) -> usize {
        (0..self.cfg.players).filter(|&s| self.plays(s)).count()
    }

    /// Number of tricks of this hand (half court: the first half only).
    pub(crate) fn tricks_in_hand(&self) -> usize {
        if self.half_court {
            self.cfg.hand_size / 2
        } else {
            self.cfg.hand_size
        }
    }

    /// The view of the legal-move algorithm.
    pub(crate) fn play_view(&self) -> PlayView {
        PlayView {
            trump: self.trump,
            revealed: self.revealed,
            bidder: self.bidder,
            led_trump_by_other: self.led_trump_by_other,
            seventh_card: self.seventh,
            caller: self.caller,
        }
    }

    /// The legal cards of the player to act in trick play, and whether he may call.
    pub fn legal_play(&self) -> (CardSet, bool) {
        let p = self.to_act;
        let hand = self.hands[p];
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        if self.soloist.is_some() {
            let follow = cards.first().map_or(CardSet::EMPTY, |&f| {
                hand & self.cfg.pack.suit_mask(self.cfg.pack.suit_of(f))
            });
            return (if follow.is_empty() { hand } else { follow }, false);
        }
        if !self.revealed && hand.is_empty() {
            // forced_last: the bidder's only card is the indicator.
            return (CardSet::EMPTY, true);
        }
        if self.revealed && self.caller == Some(p) && p == self.bidder {
            if let (true, Some(i)) = (self.cfg.bidder_plays_revealed, self.indicator) {
                if self.reveal_trick == Some(self.tricks_played) && hand.contains(i) {
                    return (i.set(), false);
                }
            }
        }
        let (l, call) = rules::legal(
            &self.cfg.pack,
            &self.cfg.rank,
            &self.play_view(),
            p,
            hand,
            &cards,
        );
        // Calling needs something to reveal.
        (l, call && (self.indicator.is_some() || self.spare))
    }

    /// The player to act calls for the trump: it is revealed (§6.2).
    pub(crate) fn do_call(&mut self) {
        self.log.push(Ev::Call { seat: self.to_act });
        self.revealed = true;
        self.reveal_trick = Some(self.tricks_played);
        self.caller = Some(self.to_act);
        self.indicator_into_hand();
    }

    /// The player to act plays `c`; a complete trick is won and may end the hand.
    pub(crate) fn play_card(&mut self, c: Card) {
        let p = self.to_act;
        self.log.push(Ev::Card {
            seat: p,
            card: c,
            revealed: self.revealed,
            caller: self.caller == Some(p),
        });
        self.hands[p].remove(c);
        self.played.insert(c);
        if self.trick.is_empty()
            && !self.revealed
            && p != self.bidder
            && self.trump == Some(self.cfg.pack.suit_of(c))
        {
            self.led_trump_by_other = true;
        }
        self.trick.push((p, c));
        if self.trick.len() < self.trick_size() {
            self.to_act = self.next_player(p);
            return;
        }
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        let under = self.revealed && self.soloist.is_none();
        let reversed = under && self.no_trump;
        let w = rules::trick_winner(
            &self.cfg.pack,
            &self.cfg.rank,
            &cards,
            if self.soloist.is_some() {
                None
            } else {
                self.trump
            },
            under,
            reversed,
        );
        let winner = self.trick[w].0;
        let ws = self.side(winner) as usize;
        let mut pts: i32 = cards.iter().map(|&c| self.cfg.pts(c)).sum();
        if self.cfg.last_trick_bonus && self.tricks_played + 1 == self.cfg.hand_size {
            pts += 1;
        }
        self.points[ws] += pts;
        self.won_any[ws] = true;
        if self.revealed {
            self.won_since_reveal[ws] = true;
        }
        self.tricks_played += 1;
        self.caller = None;
        self.last_trick = std::mem::take(&mut self.trick);
        self.leader = winner;
        self.to_act = winner;
        let bs = self.side(self.bidder);
        if let Some(solo) = self.soloist {
            if winner != solo {
                return self.finish(ResultKind::SingleLost);
            }
            if self.tricks_played == self.cfg.hand_size {
                return self.finish(ResultKind::SingleWon);
            }
            return;
        }
        if self.half_court {
            if self.side(winner) != bs {
                return self.finish(ResultKind::HalfCourtLost);
            }
            if self.tricks_played == self.tricks_in_hand() {
                return self.finish(ResultKind::HalfCourtWon);
            }
            return;
        }
        if self.tricks_played == self.cfg.hand_size {
            return self.finish_contract();
        }
        if !self.revealed && self.tricks_played + 1 == self.cfg.hand_size {
            if !self.cfg.forced_last {
                return self.finish(ResultKind::Void);
            }
            if self.spare {
                // The spare indicator is turned up before the last lead (§8).
                self.revealed = true;
                self.reveal_trick = Some(self.tricks_played);
            }
        }
        self.offer_pair(winner);
    }

    /// May `seat` show the pair now (§6.6)?
    pub(crate) fn pair_eligible(&self, seat: usize) -> bool {
        let Some(t) = self.trump else { return false };
        let pack = &self.cfg.pack;
        let h = self.hands[seat];
        self.pair_public(seat)
            && !(h & pack.cards_with_face(t, b'K')).is_empty()
            && !(h & pack.cards_with_face(t, b'Q')).is_empty()
    }

    /// The conditions of §6.6 every player can check: all but holding the
    /// king and queen of trumps.
    pub(crate) fn pair_public(&self, seat: usize) -> bool {
        if self.trump.is_none()
            || !self.revealed
            || self.pair_by.is_some()
            || self.soloist.is_some()
            || self.half_court
            || self.no_trump
        {
            return false;
        }
        let s = self.side(seat) as usize;
        let bidding = self.side(seat) == self.side(self.bidder);
        if bidding && self.cfg.west_bengal && self.contract < 19 {
            return false;
        }
        if self.cfg.pair_relaxed {
            if bidding {
                self.won_any[s]
            } else {
                true
            }
        } else {
            self.won_since_reveal[s]
        }
    }

    /// Opens the pair round after a trick won by `winner`, or goes on playing.
    fn offer_pair(&mut self, winner: usize) {
        let n = self.cfg.players;
        let candidates: Vec<usize> = (0..n)
            .map(|k| (winner + k) % n)
            .filter(|&s| self.pair_public(s))
            .collect();
        if !candidates.is_empty() {
            self.log.push(Ev::PairRound { candidates });
        }
        self.queue = (0..n)
            .map(|k| (winner + k) % n)
            .filter(|&s| self.pair_eligible(s))
            .collect();
        if self.queue.is_empty() {
            self.phase = Phase::Play;
            self.to_act = winner;
        } else {
            self.phase = Phase::Pair;
            self.to_act = self.queue.remove(0);
            self.log.push(Ev::Asked { seat: self.to_act });
        }
    }

    /// Closes the pair round: the trick's winner leads.
    pub(super) fn pair_done(&mut self) {
        self.queue.clear();
        self.phase = Phase::Play;
        self.to_act = self.leader;
    }
}

//! Trick play (§7, §8): playing a card, the reveal of the face-down trump
//! after the first lead (§5.3), a Thunee caller's first lead fixing trumps
//! (§6.2), the end of a trick and of a sweep contract (§6.3), the second
//! round of the two-player game (§13.1), the Jodhi windows (§9.1) and the
//! last-trick window (§9.2).

use super::rules;
use super::state::{Claim, Ev, Jodhi, Phase, ResultKind, ThuneeState};
use crate::card::{Card, Suit};

impl ThuneeState {
    /// The player to act plays `c`.
    pub(crate) fn play_card(&mut self, c: Card) {
        let p = self.to_act;
        let pack = &self.cfg.pack;
        let led = self.trick.first().map(|&(_, x)| pack.suit_of(x));
        self.log.push(Ev::Play {
            seat: p,
            card: c,
            led,
            blind: self.special.is_some_and(|sp| sp.blind && sp.caller == p)
                && !self.blind.is_empty(),
        });
        self.hands[p].remove(c);
        self.played.insert(c);
        self.trick.push((p, c));
        if self.trick.len() == 1 && self.tricks_played == 0 {
            if let Some(sp) = self.special {
                // The caller's first card fixes trumps (§6.2), then §5.7.
                self.trump = Some(pack.suit_of(c));
                if self.no_trump_redeal(sp.caller) {
                    self.finish(ResultKind::NoTrump);
                    return;
                }
            } else if !self.revealed {
                // The face-down trump is turned up and joins its owner (§5.3).
                self.revealed = true;
                if let Some(i) = self.indicator.take() {
                    self.hands[self.trumper].insert(i);
                }
            }
        }
        if self.trick.len() < self.cfg.players {
            self.to_act = self.next(p);
            return;
        }
        self.end_trick();
    }

    /// A complete trick: its winner, points, the end of a sweep, the next
    /// round, the windows.
    fn end_trick(&mut self) {
        let pack = &self.cfg.pack;
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        let w = rules::trick_winner(pack, &cards, self.trump, self.royals());
        let winner = self.trick[w].0;
        let pts: i32 = cards.iter().map(|&c| i32::from(pack.points_of(c))).sum();
        let team = self.team(winner);
        self.points[team] += pts;
        self.tricks_played += 1;
        self.trick_winners.push(winner);
        self.last_trick = std::mem::take(&mut self.trick);
        self.leader = winner;
        self.to_act = winner;
        if let Some(sp) = self.special {
            if winner != sp.caller {
                let kind = if self.team(winner) == self.team(sp.caller) {
                    ResultKind::PartnerCatch
                } else {
                    ResultKind::SweepLost
                };
                self.finish(kind);
                return;
            }
            if self.tricks_played == self.cfg.sweep_tricks() {
                self.finish(ResultKind::SweepWon);
                return;
            }
            if sp.blind && self.tricks_played == self.cfg.first_batch && !self.blind.is_empty() {
                // The blind cards join the caller's hand (§6.4).
                let b = std::mem::take(&mut self.blind);
                self.hands[sp.caller] |= b;
            }
            return;
        }
        if self.tricks_played == self.cfg.tricks {
            self.finish_normal();
            return;
        }
        if self.tricks_played == self.cfg.hand_size && !self.round2.is_empty() {
            // §13.1: the second six cards each.
            let r = std::mem::take(&mut self.round2);
            for (h, x) in self.hands.iter_mut().zip(r) {
                *h |= x;
            }
            self.log.push(Ev::Round);
        }
        self.open_jodhi(winner);
    }

    /// After a trick won by `winner`: the Jodhi window when it is due and
    /// someone of his team may declare, else the last-trick window or play.
    fn open_jodhi(&mut self, winner: usize) {
        if self.cfg.jodhi_after(self.tricks_played) {
            let n = self.cfg.players;
            let team = self.team(winner);
            let plays = self.plays();
            let mut queue = Vec::new();
            for k in 0..n {
                let s = (winner + k) % n;
                if self.team(s) != team {
                    continue;
                }
                let eligible = !self.jodhi_suits(s).is_empty();
                self.log.push(Ev::Check {
                    seat: s,
                    declared: self.declared,
                    eligible,
                    plays,
                });
                if eligible {
                    queue.push(s);
                }
            }
            if !queue.is_empty() {
                self.phase = Phase::Jodhi;
                self.to_act = queue.remove(0);
                self.queue = queue;
                return;
            }
        }
        self.open_last();
    }

    /// Cards played so far in the hand (the sampler's clock).
    pub(crate) fn plays(&self) -> usize {
        self.log
            .iter()
            .filter(|e| matches!(e, Ev::Play { .. }))
            .count()
    }

    /// `p` declares a Jodhi in `suit`.
    pub(crate) fn declare_jodhi(&mut self, p: usize, suit: Suit) {
        let (value, jack) = rules::jodhi(&self.cfg.pack, self.hands[p], suit, self.trump);
        let j = Jodhi {
            seat: p,
            suit,
            value,
            jack,
        };
        self.jodhis.push(j);
        self.declared |= 1 << suit;
        self.log.push(Ev::Declared { seat: p, jodhi: j });
        let more = !self.jodhi_suits(p).is_empty();
        self.log.push(Ev::Check {
            seat: p,
            declared: self.declared,
            eligible: more,
            plays: self.plays(),
        });
        if !more {
            self.next_jodhi();
        }
    }

    /// The next eligible player of the Jodhi window, or its close.
    pub(crate) fn next_jodhi(&mut self) {
        if self.queue.is_empty() {
            self.open_last();
        } else {
            self.to_act = self.queue.remove(0);
        }
    }

    /// Before the last trick: the Double / Khanuck window (§9.2) for the
    /// players who may call something, in seat order from the leader;
    /// otherwise the next lead.
    fn open_last(&mut self) {
        let n = self.cfg.players;
        self.queue.clear();
        if self.tricks_played + 1 == self.cfg.tricks {
            let leader = self.leader;
            let queue: Vec<usize> = (0..n)
                .map(|k| (leader + k) % n)
                .filter(|&s| self.may_double(s) || self.may_khanuck(s))
                .collect();
            if let Some((&first, rest)) = queue.split_first() {
                self.phase = Phase::Double;
                self.to_act = first;
                self.queue = rest.to_vec();
                return;
            }
        }
        self.phase = Phase::Play;
        self.to_act = self.leader;
    }

    /// `p` calls Double or Khanuck: the window closes.
    pub(crate) fn claim_last(&mut self, p: usize, claim: Claim) {
        self.claim = Some((p, claim));
        self.queue.clear();
        self.phase = Phase::Play;
        self.to_act = self.leader;
    }

    /// A pass in the last-trick window.
    pub(crate) fn next_claim(&mut self) {
        if self.queue.is_empty() {
            self.phase = Phase::Play;
            self.to_act = self.leader;
        } else {
            self.to_act = self.queue.remove(0);
        }
    }
}

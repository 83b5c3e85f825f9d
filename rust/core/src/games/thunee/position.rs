//! Positions for analysis (`from_deal`): one hand of trick play from given
//! hands, either a normal hand (trumper, trump suit, bid) or a Thunee /
//! Royals contract.

use std::sync::Arc;

use super::config::{ThuneeConfig, TopBid};
use super::state::{Phase, Special, ThuneeState};
use crate::card::{CardSet, Suit};
use crate::error::{Error, Result};
use crate::rng::Rng;

/// What a position is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Contract {
    /// A normal hand: the trumper, the trump suit and the bid.
    Normal {
        /// The trumper `t`.
        trumper: usize,
        /// The trump suit.
        trump: Suit,
        /// The winning bid `v` (0: nobody bid).
        bid: i32,
    },
    /// A Thunee (or, `royals`, Royals) called by `caller`; `trump` is
    /// required once the first trick has been played (the caller's first
    /// card fixed it) and refused before.
    Sweep {
        /// The caller `c`.
        caller: usize,
        /// Royals rather than Thunee.
        royals: bool,
        /// The trump suit fixed by the caller's first lead, if played.
        trump: Option<Suit>,
    },
}

impl ThuneeState {
    /// One hand from `hands` (all of the same size: a full hand or an
    /// endgame) under `contract`, `leader` to lead (default: the trumper's
    /// right-hand neighbour; the caller in a Thunee). With two players,
    /// `round2` gives the six cards each receives after trick 6 (then
    /// `hands` are the first round's); without it a position of the
    /// two-player game is in the second round. The trumps are open (the
    /// face-down indicator of a hand's first lead is not modelled); card
    /// points and tricks count from the position on.
    pub fn from_deal(
        cfg: Arc<ThuneeConfig>,
        hands: &[CardSet],
        contract: Contract,
        leader: Option<usize>,
        round2: Option<Vec<CardSet>>,
    ) -> Result<ThuneeState> {
        let n = cfg.players;
        if hands.len() != n {
            return Err(Error::Notation(format!(
                "bad deal: {} hands given, this game needs {}",
                hands.len(),
                n
            )));
        }
        let k = hands[0].len() as usize;
        if k == 0 || k > cfg.hand_size {
            return Err(Error::Notation(format!(
                "bad deal: hands of {} cards; a position has 1 to {} cards a hand",
                k, cfg.hand_size
            )));
        }
        let sweep = matches!(contract, Contract::Sweep { .. });
        if round2.is_some() && (cfg.rounds() != 2 || sweep) {
            return Err(Error::State(
                "stock (the second round's hands) is for a normal hand of thunee2".into(),
            ));
        }
        if let Some(r) = &round2 {
            let used = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
            let more = r.iter().fold(CardSet::EMPTY, |a, &h| a | h);
            if r.len() != n || r.iter().any(|h| h.len() as usize != cfg.hand_size) {
                return Err(Error::Notation(format!(
                    "bad stock: the second round is {} hands of {} cards",
                    n, cfg.hand_size
                )));
            }
            if !(used & more).is_empty() {
                return Err(Error::Notation(format!(
                    "bad stock: {} also in the hands",
                    cfg.pack.format_cards(used & more)
                )));
            }
        }
        let played = if sweep || round2.is_some() || cfg.rounds() == 1 {
            cfg.hand_size - k
        } else {
            cfg.tricks - k
        };
        let seat = |name: &str, v: usize| -> Result<usize> {
            if v >= n {
                return Err(Error::State(format!(
                    "bad {}: seat {} out of range 0..{}",
                    name,
                    v,
                    n - 1
                )));
            }
            Ok(v)
        };
        let (trumper, first) = match contract {
            Contract::Normal { trumper, .. } => (seat("trumper", trumper)?, (trumper + 1) % n),
            Contract::Sweep { caller, .. } => (seat("caller", caller)?, caller),
        };
        let leader = seat("leader", leader.unwrap_or(first))?;
        let mut s = ThuneeState::blank(cfg.clone(), Rng::new(0), (trumper + n - 1) % n);
        s.position_mode = true;
        s.hand_no = 1;
        s.hands = hands.to_vec();
        s.round2 = round2.unwrap_or_default();
        let live = hands
            .iter()
            .chain(&s.round2)
            .fold(CardSet::EMPTY, |a, &h| a | h);
        s.played = cfg.pack.deck - live;
        s.trumper = trumper;
        s.tricks_played = played;
        s.revealed = true;
        match contract {
            Contract::Normal { trump, bid, .. } => {
                let ladder = (bid % 10 == 0 && (0..=100).contains(&bid))
                    || (bid == 104 && cfg.top_bid != TopBid::None);
                if !ladder {
                    return Err(Error::State(format!(
                        "bad bid {}: bids are 0 (none), 10, 20 ... 100{}",
                        bid,
                        if cfg.top_bid == TopBid::None {
                            ""
                        } else {
                            " and 104"
                        }
                    )));
                }
                s.trump = Some(trump);
                s.bid = bid;
            }
            Contract::Sweep {
                caller,
                royals,
                trump,
            } => {
                if (trump.is_some()) != (played > 0) {
                    return Err(Error::State(if played > 0 {
                        "a Thunee position after its first trick needs the trump its first lead fixed (trump=)".into()
                    } else {
                        "in a Thunee position before the first lead the caller's first card fixes trumps: give no trump".into()
                    }));
                }
                if royals && !cfg.royals {
                    return Err(Error::State(
                        "Royals is off in this game (royals=off)".into(),
                    ));
                }
                if leader != caller {
                    return Err(Error::State(format!(
                        "bad leader {}: the caller (seat {}) leads in his Thunee",
                        leader, caller
                    )));
                }
                s.trump = trump;
                s.special = Some(Special {
                    caller,
                    royals,
                    blind: false,
                });
            }
        }
        s.phase = Phase::Play;
        s.leader = leader;
        s.to_act = leader;
        Ok(s)
    }

    /// The full deal of the current hand, seat 0 first: every card dealt or
    /// to be dealt in the first round (the face-down cards in their
    /// owners' hands).
    pub fn full_deal(&self) -> Vec<CardSet> {
        let n = self.cfg.players;
        if self.deck.is_empty() {
            return self.all_cards();
        }
        let fb = self.cfg.first_batch;
        let mut h = vec![CardSet::EMPTY; n];
        for k in 0..n {
            let seat = (self.dealer + 1 + k) % n;
            for &c in &self.deck[fb * k..fb * (k + 1)] {
                h[seat].insert(c);
            }
            let start = n * fb + 2 * k;
            h[seat].insert(self.deck[start]);
            h[seat].insert(self.deck[start + 1]);
        }
        h
    }

    /// The second round of the two-player game (seat 0 first), while it is
    /// still to be dealt.
    pub fn second_round(&self) -> &[CardSet] {
        &self.round2
    }
}

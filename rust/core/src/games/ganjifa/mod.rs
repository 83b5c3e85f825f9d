//! Individual Ganjifa (`docs/rules/ganjifa.md` Part A): 3 or 4 players, each for
//! himself, with McLeod's compulsory lead priority (default) or Wilkins'
//! phases, for the Moghul, Dashavatara and 52-card packs.
//!
//! The play of one hand is the small `Copy` state [`Play`] (used by the
//! solver too); [`GanjifaState`] adds the match: dealing, handicaps,
//! settlement, the akheri ending and Ser-k'hel.
//!
//! Decisions taken where the rules file leaves room (beyond its own A.12):
//!
//! * **Choosing the blind surrender.** With `deni_mandatory=off` (or a
//!   Wilkins-less McLeod leader who has a deni but no hukm) the leader may
//!   pass over the deni; under McLeod, when the alternative to the deni is the
//!   blind surrender, he chooses it with the action `blind` (A.3.5 lists no
//!   string for it). When the blind surrender is the only possibility it
//!   happens at once, with no action.
//! * **Chance.** A match draws the first dealer, every shuffle, the blind
//!   picks, the cards bought or given at random and the Ser-k'hel piles from
//!   one generator seeded by the match seed. `pick:i` indexes a fresh shuffle
//!   of the leader's hand (lowest card id first before shuffling).
//! * **History.** `history()` lists the actions as given (a `+` group given
//!   as shorthand for several contributions is one entry); chance events are
//!   not actions and are not listed.
//! * **Positions** (`from_deal`) are one hand: the state is terminal when the
//!   hands are empty and `returns()` is that hand's settlement of the tricks
//!   won from the position on. With no leader the lead King's holder makes the
//!   opening (hands of any equal size of at least 2 cards); with a leader the
//!   opening counts as made. `phase2=true` (Wilkins only) starts with every
//!   seat having held and lost the lead. The dealer of a position is the seat
//!   before the first leader (it matters for nothing in a single hand).
//! * **Akheri.** The akheri card is recorded only when the last lead was one
//!   card (a compound last lead cannot be beaten, A.9.3). Under
//!   `match_end=akheri` a hand ends the match when the seat that beat its
//!   akheri was not a top scorer of the previous hand.
//! * **`handicap=won_cards`.** Sellers and buyers are taken in play order from
//!   the new dealer's right; each card is bought one at a time from the seat
//!   with the largest surplus (ties to the earlier seat in that order). The
//!   cards a seat keeps from his won pile are public; a bought card is known
//!   to buyer and seller only. The purchase price counts in the match scores
//!   (and not in the hand's own settlement).
//! * **`handicap=exchange`.** The random cards are drawn one at a time from
//!   j's hand; w's returned cards are `give:c` actions (a `+` group
//!   `give:` shorthand is accepted as cards joined by `+`). If the exchange
//!   moves the lead King, its new holder opens.
//! * **Ser-k'hel.** Every duel after the first is automatic (the winner
//!   challenges his right-hand neighbour); the duels are listed in the state's
//!   text. The only action is the first `challenge:s`.
//! * **Double-dummy** ([`dd`]): the focal seat's tricks (A.14) by the shared
//!   solver ([`crate::solve::Solver`]): [`dd::GanjifaDd`] implements its
//!   `TrickGame` seam with multi-card leads, follower groups given card by
//!   card, the deni and the end phase's naming as moves, and the blind
//!   surrender as a move of the coalition (its worst card). Table keys are
//!   exact, so reversed suits need no care. `dd_chance=expectation` averages
//!   the blind surrender by a full-window expectimax over the same moves.
//!   `pick:i` under `blind_pick=neighbour_index` is valued as the chance node
//!   (every index has the same value).
//! * **Observation.** A seat sees its own hand, the public cards of the others
//!   (face-up batches, won-card hands) and the cards it alone knows
//!   (exchanges); the lead in progress with a face-down card shown as `?` to
//!   everyone but its leader; every seat's won cards, trick counts, scores.

pub mod config;
pub mod dd;
mod facts;
mod inferred;
pub mod play;
pub use super::ganjifa_cards as rules;
pub mod sample;
pub mod state;
mod surface;
pub mod tensor;
#[cfg(test)]
mod tests;
pub mod view;

use std::sync::Arc;

pub use config::{GanjifaConfig, Handicap, LeadRules, Settlement};
pub use dd::{solve_play, GanjifaAnswer};
pub use play::{Act, Kind, Play, Step};
pub use state::{settle, GanjifaState, HandResult, Phase};
pub use view::{act_name, parse_action, Parsed};

use crate::error::{Error, Result};

/// An individual Ganjifa game: the options, from which states are made.
#[derive(Clone, Debug)]
pub struct Ganjifa {
    cfg: Arc<GanjifaConfig>,
}

impl Ganjifa {
    /// The game with `options` applied (A.11).
    ///
    /// ```
    /// use hukm_core::games::ganjifa::Ganjifa;
    /// let g = Ganjifa::new(&[("players".into(), "4".into())]).unwrap();
    /// assert_eq!(g.config().hand_size(), 24);
    /// assert!(Ganjifa::new(&[("lead_rules".into(), "chatto".into())]).is_err());
    /// ```
    pub fn new(options: &[(String, String)]) -> Result<Ganjifa> {
        Ok(Ganjifa {
            cfg: Arc::new(GanjifaConfig::new(options)?),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &GanjifaConfig {
        &self.cfg
    }

    /// A whole match seeded by `seed`; the first dealer at random unless given.
    pub fn new_game(&self, seed: u64, dealer: Option<usize>) -> Result<GanjifaState> {
        GanjifaState::new_match(self.cfg.clone(), seed, dealer)
    }

    /// One hand from a position: `deal` in compact form, seat 0 first.
    /// `leader` `None` means the opening is due.
    pub fn from_deal(
        &self,
        deal: &str,
        leader: Option<usize>,
        phase2: bool,
        seed: u64,
    ) -> Result<GanjifaState> {
        let hands = self.cfg.pack.parse_deal(deal, self.cfg.players)?;
        if phase2 && self.cfg.lead_rules != LeadRules::Wilkins {
            return Err(Error::State(
                "phase2 applies to lead_rules=wilkins only".into(),
            ));
        }
        GanjifaState::from_position(self.cfg.clone(), &hands, leader, phase2, seed)
    }

    /// The first hand a match seeded by `seed` deals (compact form, seat 0
    /// first), with its dealer.
    pub fn deal(&self, seed: u64, dealer: Option<usize>) -> Result<(String, usize)> {
        let s = self.new_game(seed, dealer)?;
        Ok((self.cfg.pack.format_deal(s.hands()), s.dealer()))
    }
}

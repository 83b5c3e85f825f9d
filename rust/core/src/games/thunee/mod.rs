//! Thunee, the South African jack-nine game (`docs/rules/thunee.md`; presets
//! `thunee4`, `thunee4_plain`, `thunee4_app`, `thunee2`, `thunee6`).
//!
//! Decisions where the rules file leaves room (beyond its own §14):
//! * Every seat speaks in turn in the bidding, a seat that may not bid
//!   included (its only action is `pass`), as Example 1 counts them. A
//!   blind call (`blind_calls=on`) may be made by any player on his turn.
//! * Jodhi windows ask only the eligible players (§9.1); the last-trick
//!   window asks only the players who may call something (Double, or
//!   Khanuck when their team has declared a Jodhi). With
//!   `jodhi_window=any_won` a window follows every trick but the last; in
//!   the two-player game the second round is dealt before the window that
//!   follows trick 6.
//! * `double_rule=all_tricks`: the trick-6 claim follows `last_trick_claim`
//!   like the other rules (the caller himself by default).
//! * Blind calls with six players: the face-down cards join the caller's
//!   hand once as many tricks as his first batch has cards are complete
//!   (trick 4 with four players and two, trick 2 with six).
//! * `trump:last` with two players is the trumper's second card of the
//!   first round's second batch; `four_suits` with six players asks for
//!   two different suits (§13.2).
//! * A position (`from_deal`) has its trumps open (the concealment of the
//!   first lead is not modelled), the dealer at the trumper's left (so the
//!   trumper is the default trumper), card points, tricks and Jodhi counted
//!   from the position on. Its `returns()` are the balls of the hand.
//! * `returns()` of a match: each seat's team's balls.
//! * Observations show the face-down indicator to the trumper only (to
//!   nobody after `trump:last`), the trump suit to those who know it, a
//!   blind caller's face-down cards as a count only.
//!   The tensors and action ids (module [`tensor`]) show the same.
//! * Double-dummy (module [`dd`]): see there; the objective is the game's
//!   `dd_mode` (and `dd_jodhi`), or an explicit target.

pub mod config;
pub mod dd;
mod facts;
mod hand;
mod play;
pub mod position;
pub mod rules;
pub mod sample;
pub mod scoring;
pub mod state;
mod surface;
pub mod tensor;
#[cfg(test)]
mod tests;
pub mod view;

use std::sync::Arc;

pub use config::{Preset, ThuneeConfig};
pub use position::Contract;
pub use state::{Action, HandResult, Phase, ResultKind, Special, ThuneeState};

use crate::error::Result;

/// A game of Thunee: a preset with its options.
#[derive(Clone, Debug)]
pub struct Thunee {
    cfg: Arc<ThuneeConfig>,
}

impl Thunee {
    /// The game of `preset` with `options` applied (`docs/rules/thunee.md` §12).
    ///
    /// ```
    /// use hukm_core::games::thunee::Thunee;
    /// let g = Thunee::new("thunee6", &[]).unwrap();
    /// assert_eq!(g.config().players, 6);
    /// assert!(Thunee::new("thunee4", &[("royals".into(), "maybe".into())]).is_err());
    /// ```
    pub fn new(preset: &str, options: &[(String, String)]) -> Result<Thunee> {
        Ok(Thunee {
            cfg: Arc::new(ThuneeConfig::new(preset, options)?),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &ThuneeConfig {
        &self.cfg
    }

    /// The configuration, shared.
    pub fn config_arc(&self) -> Arc<ThuneeConfig> {
        self.cfg.clone()
    }

    /// A whole match, chance seeded by `seed`.
    pub fn new_game(&self, seed: u64) -> ThuneeState {
        ThuneeState::new_match(self.cfg.clone(), seed)
    }

    /// One hand of trick play from a deal string (compact hands in seat
    /// order), see [`ThuneeState::from_deal`].
    pub fn from_deal(
        &self,
        deal: &str,
        contract: Contract,
        leader: Option<usize>,
        stock: Option<&str>,
    ) -> Result<ThuneeState> {
        let hands = self.cfg.pack.parse_deal(deal, self.cfg.players)?;
        let round2 = stock
            .map(|t| {
                self.cfg
                    .pack
                    .parse_deal(t, self.cfg.players)
                    .map_err(|e| crate::Error::Notation(format!("bad stock: {}", e)))
            })
            .transpose()?;
        ThuneeState::from_deal(self.cfg.clone(), &hands, contract, leader, round2)
    }
}

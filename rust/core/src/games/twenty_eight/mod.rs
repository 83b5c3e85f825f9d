//! Twenty-eight and its relatives: 28, 29, West Bengal 28, 40 and 56
//! (`docs/rules/twenty_eight.md`, presets `28`, `29`, `28_wb`, `40`, `56`).
//!
//! Decisions where the rules file leaves room (beyond its own §14):
//! * The auction ends when the turn comes back to the high bidder after
//!   everybody else passed (three passes with four players, five with six);
//!   with `pass_is_final` passed players are skipped.
//! * `partner_overbid_min` applies when the high bid is a partner's and the
//!   action just before was a pass.
//! * 40: a player's second bid must be 30 or more; the first speaker whose
//!   first three cards are of one suit may only pass, and the duty to bid
//!   passes on (§13.2). Three sides (`forty_teams=3x2`) are the pairs
//!   `{0,3} {1,4} {2,5}`; a failed contract pays every other pair; a match
//!   ended by a score of -target is won by the best other score.
//! * `trump:none` (`nt_reverse`) is offered in both indicator modes (a spare
//!   two lies face down; the bidder keeps his cards). The reversed order
//!   applies from the reveal on; phase-1 tricks use the normal order.
//! * The automatic double (`auto_double_from`) opens the redouble round even
//!   with `doubling=off`.
//! * `annul_no_points`: the same dealer deals again.
//! * Single hand is offered before half court; half court ends at the first
//!   trick the bidding side loses, as single hand does. No pair is shown in
//!   single hand, half court or no-trump hands. At most one pair per hand; in
//!   56 any king and queen of trumps make one.
//! * Forty's single hand (thani) sets both partners out; made +4, failed +5
//!   to the opponents.
//! * `kq_negative` scales the bid limits to the pack total (28 → 10..20, 56 → 20..40),
//!   rounding the lower limit to the nearest whole bid.
//! * `forced_last`: a bidder whose hand holds only the concealed indicator
//!   must `call`, then plays it.
//! * Positions (`from_deal`) take the dealer to be the seat before the
//!   leader; card points and tricks count from the position on (a pair needs
//!   a trick won from there); `returns()` of a position are the card points
//!   of each seat's side (of a match: the game-point scores).
//! * Double-dummy (§16, module [`dd`]): the position decides the mode (open
//!   trump with `trump=`, hidden with `indicator=`); `dd_mode` is accepted and
//!   recorded. Pairs never change points and are not searched; an outcome
//!   uses the target as it stands (a pair already shown included). Points of
//!   a concealed position under the default void rule are refused: its answer
//!   is an outcome for a target. Single hand and half court are analysed as
//!   sweeps (`dd::solve_sweep`: card points do not count there). With
//!   `kq_negative` the values are points with kings and queens at -1, so a
//!   value may be negative; the search credits each trick's kings and queens
//!   to the side that loses it and takes their number off the answer.
//! * The optional running tally of sets (§11) is not kept.
//! * The observation shows `led_trump_by_other` only to players who know the
//!   trump (it would otherwise tell the others which suit is trumps).
//! * Sampling hidden cards ([`TwentyEightState::determinize`], module
//!   [`sample`]) records what each player can infer; the hand's public play
//!   events are kept for it.

mod auction;
pub mod config;
pub mod dd;
mod facts;
mod play;
pub mod position;
pub mod rules;
pub mod sample;
mod scoring;
pub mod state;
mod surface;
pub mod tensor;
#[cfg(test)]
mod tests;
pub mod view;

use std::sync::Arc;

pub use config::{Game, Preset, TwentyEightConfig};
pub use position::TrumpStart;
pub use state::{Action, HandResult, Phase, ResultKind, TwentyEightState};

use crate::error::Result;

/// A game of the Twenty-eight family: a preset with its options.
#[derive(Clone, Debug)]
pub struct TwentyEight {
    cfg: Arc<TwentyEightConfig>,
}

impl TwentyEight {
    /// The game of `preset` with `options` applied (`docs/rules/twenty_eight.md` §12).
    ///
    /// ```
    /// use hukm_core::games::twenty_eight::TwentyEight;
    /// let g = TwentyEight::new("29", &[]).unwrap();
    /// assert_eq!(g.config().total, 29);
    /// assert!(TwentyEight::new("28", &[("doubling".into(), "maybe".into())]).is_err());
    /// ```
    pub fn new(preset: &str, options: &[(String, String)]) -> Result<TwentyEight> {
        Ok(TwentyEight {
            cfg: Arc::new(TwentyEightConfig::new(preset, options)?),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &TwentyEightConfig {
        &self.cfg
    }

    /// The configuration, shared.
    pub fn config_arc(&self) -> Arc<TwentyEightConfig> {
        self.cfg.clone()
    }

    /// A whole match, chance seeded by `seed`.
    pub fn new_game(&self, seed: u64) -> TwentyEightState {
        TwentyEightState::new_match(self.cfg.clone(), seed)
    }

    /// One hand of trick play from a deal string (compact hands in seat order).
    pub fn from_deal(
        &self,
        deal: &str,
        bidder: usize,
        leader: usize,
        trump: TrumpStart<'_>,
        contract: Option<i32>,
    ) -> Result<TwentyEightState> {
        let hands = self.cfg.pack.parse_deal(deal, self.cfg.players)?;
        TwentyEightState::from_deal(self.cfg.clone(), &hands, bidder, leader, trump, contract)
    }
}

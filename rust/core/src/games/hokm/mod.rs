//! Hokm for 4, 3 and 2 players (`docs/rules/hokm.md`, presets `hokm4`, `hokm3`, `hokm2`).

mod actions;
pub mod config;
mod dab;
pub mod dd;
#[cfg(test)]
mod dd_tests;
mod facts;
#[cfg(test)]
mod family_tests;
pub mod fast;
mod hand;
pub mod heap;
mod play;
pub mod playout;
mod position;
mod presets;
pub mod rules;
pub mod sample;
pub mod satat;
mod scoring;
pub mod state;
mod surface;
pub mod tensor;
#[cfg(test)]
mod tests;
pub mod view;

use std::sync::Arc;

pub use config::{HokmConfig, Preset};
pub use state::{HandResult, HokmAction, HokmState, Phase, ResultKind};

use crate::card::Suit;
use crate::error::{Error, Result};

/// A Hokm game: a preset with its options, from which states are made.
#[derive(Clone, Debug)]
pub struct Hokm {
    cfg: Arc<HokmConfig>,
}

impl Hokm {
    /// The game of `preset` with `options` applied (`docs/rules/hokm.md` §12).
    ///
    /// ```
    /// use hukm_core::games::hokm::Hokm;
    /// let g = Hokm::new("hokm4", &[("stop_rule".into(), "play_all".into())]).unwrap();
    /// assert_eq!(g.config().players, 4);
    /// assert!(Hokm::new("hokm4", &[("stop_rule".into(), "never".into())]).is_err());
    /// ```
    pub fn new(preset: &str, options: &[(String, String)]) -> Result<Hokm> {
        Ok(Hokm {
            cfg: Arc::new(HokmConfig::new(preset, options)?),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &HokmConfig {
        &self.cfg
    }

    /// A whole match, chance seeded by `seed`.
    pub fn new_game(&self, seed: u64) -> HokmState {
        HokmState::new_match(self.cfg.clone(), seed)
    }

    /// A whole match starting from a given score and dealer (see
    /// [`HokmState::new_match_at`]).
    pub fn new_game_at(
        &self,
        seed: u64,
        scores: Option<&[i32]>,
        dealer: Option<usize>,
    ) -> Result<HokmState> {
        HokmState::new_match_at(self.cfg.clone(), seed, scores, dealer)
    }

    /// One hand of trick play from a deal string (compact hands in seat order).
    pub fn from_deal(
        &self,
        deal: &str,
        trump: Option<&str>,
        leader: usize,
        hakem: Option<usize>,
        tricks_won: Option<&[u8]>,
    ) -> Result<HokmState> {
        let hands = self.cfg.pack.parse_deal(deal, self.cfg.players)?;
        let trump: Option<Suit> = match trump {
            None => None,
            Some(t) if t.eq_ignore_ascii_case("none") || t.eq_ignore_ascii_case("nt") => None,
            Some(t) => Some(self.cfg.pack.parse_suit(t).map_err(|e| {
                Error::Notation(format!("bad trump: {} (N, NT or none: no trump)", e))
            })?),
        };
        HokmState::from_deal(self.cfg.clone(), &hands, trump, leader, hakem, tricks_won)
    }
}

//! Dashavatara Ganjifa, CARDAVIA rules (`docs/rules/dashavatara.md`): three
//! players, 120 cards, a trump fixed by day or night, the opening with the
//! trump Raja alone, ducal sequences, and one point per captured card.
//!
//! Decisions where the rules file leaves room:
//!
//! * **Discards to a ducal** are one card per action (§3.5), P+1's all before
//!   P+2's. A `+` string is accepted as shorthand for several of them (any
//!   number up to what is still owed) and is recorded as given.
//! * **Legal actions are listed** single cards first (suits in avatar order,
//!   strongest first in each suit's own order), then ducals (suit by suit, by
//!   lowest numeral, then shorter runs first).
//! * **`from_deal` positions**: with no leader the trump Raja must be in a
//!   hand, and the deal starts with the opening (§5.1), whatever the hand size;
//!   with a leader the position is after the opening, so a hand holding the
//!   trump Raja is refused (it is always led at trick 1, §11.7). Cards missing
//!   from the deal were captured earlier; `captured` says by whom (default: by
//!   nobody that counts, i.e. zero for everyone).
//! * **`period` for several deals**: the option fixes the period of every
//!   deal of a game (§9 lets the table choose afresh; that is a new game
//!   object here).
//! * **`ninth_name=jagannath`** renames suit 9 (Buddha) for display; its code
//!   stays `BU`. Under `avatar_list=balarama_krishna` suit 9 is Krishna and
//!   the option changes nothing.
//! * **Returns** are each seat's captured cards, summed over the deals played
//!   (`deals` greater than 1); each deal's winners are in the observation
//!   (`results`).
//! * **First dealer** is drawn from the game's seeded generator; it then moves
//!   to the next seat, (D+1) mod 3, each deal (§2).
//! * **Double-dummy value** (§13) counts the focal seat's cards captured
//!   before the position too (see [`dd`]).

pub mod actions;
pub mod config;
pub mod dd;
#[cfg(test)]
mod dd_tests;
mod facts;
pub mod rules;
pub mod sample;
pub mod state;
mod surface;
pub mod tensor;
#[cfg(test)]
mod tests;
pub mod view;

use std::sync::Arc;

pub use config::{DashaConfig, DucalLength, DucalRun, VoidScan};
pub use rules::{Ducal, Rules};
pub use state::{DashaAction, DashaState, DealResult, DucalTrick, Phase};

use crate::error::Result;

/// A Dashavatara game: options, from which states are made.
#[derive(Clone, Debug)]
pub struct Dashavatara {
    cfg: Arc<DashaConfig>,
}

impl Dashavatara {
    /// The game with `options` applied (§10).
    ///
    /// ```
    /// use hukm_core::games::dashavatara::Dashavatara;
    /// let g = Dashavatara::new(&[("void_scan".into(), "skip_trump".into())]).unwrap();
    /// let s = g.new_game(7);
    /// assert_eq!(s.hands()[0].len(), 40);
    /// ```
    pub fn new(options: &[(String, String)]) -> Result<Dashavatara> {
        Ok(Dashavatara {
            cfg: Arc::new(DashaConfig::new(options)?),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &DashaConfig {
        &self.cfg
    }

    /// A whole game (`deals` deals), chance seeded by `seed`.
    pub fn new_game(&self, seed: u64) -> DashaState {
        DashaState::new_match(self.cfg.clone(), seed)
    }

    /// One deal from a position given as compact hands in seat order (see
    /// [`DashaState::from_deal`]).
    pub fn from_deal(
        &self,
        deal: &str,
        leader: Option<usize>,
        captured: Option<[u32; 3]>,
    ) -> Result<DashaState> {
        let hands = self.cfg.pack.parse_deal(deal, 3)?;
        DashaState::from_deal(self.cfg.clone(), &hands, leader, captured)
    }
}

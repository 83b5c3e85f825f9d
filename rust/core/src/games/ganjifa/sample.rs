//! Hidden-card sampling for ganjifa: deals consistent with what a player has seen
//! (see [`crate::sample`]).

use super::GanjifaState;
use crate::error::{Error, Result};

impl GanjifaState {
    /// A copy of this state in which every card `player` cannot see has been
    /// dealt again at random, consistently with everything `player` has seen.
    pub fn determinize(&self, player: usize, seed: u64) -> Result<GanjifaState> {
        let _ = (player, seed);
        Err(Error::State("sampling is not available for this game yet".into()))
    }
}

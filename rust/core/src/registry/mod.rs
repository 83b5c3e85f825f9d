//! The registry: every game and preset of the rules files by name, and one
//! surface over all of them ([`AnyGame`], [`AnyState`]) for the binding, the
//! bots, the command line and every later feature (pictures, records,
//! environments, batches), which are written once for every game.
//!
//! A game joins by implementing [`Game`] (from [`crate::surface`], the layer
//! below both the games and the registry, re-exported here) in its own
//! module (its states implement [`crate::game::GameState`]), listing its
//! presets, aliases and packs there (`config::LISTING`), and by one line in
//! the catalog (the list of games in `crate::games`), from which [`ALL`],
//! [`ALIASES`] and [`pack_by_name`] are built; the registry reaches it
//! through trait objects ([`AnyGame`], [`AnyState`]), written once for
//! every game.
//!
//! ```
//! use hukm_core::registry::{self, AnyGame};
//! use hukm_core::params::Params;
//! assert_eq!(registry::ALL.len(), 26);
//! let g = AnyGame::new("dehla_pakad", &[]).unwrap();
//! let s = g.new_game(7, &Params::new()).unwrap();
//! assert_eq!(s.game().preset(), "dehla_pakad");
//! assert_eq!(g.family(), "hokm");
//! assert!(AnyGame::new("hokm9", &[]).is_err());
//! ```

mod any;
mod batch;
mod catalog;
#[cfg(test)]
mod describe_tests;
mod dynamic;
mod encode;
#[cfg(test)]
mod limit_tests;
#[cfg(test)]
mod options_tests;
pub mod review;
#[cfg(test)]
mod search_tests;
#[cfg(test)]
mod seen_tests;
mod vec_env;
pub use any::{AnyGame, AnyState, Origin, MAX_ACTION_TEXT};
pub use batch::solve_many;
pub use catalog::{entry, pack_by_name, pack_names, param_text, Entry, ALIASES, ALL};
pub use vec_env::{Buffers, Episode, VecEnv};

pub use crate::surface::{option_info, Game, OptionInfo, Table, TableRequest};

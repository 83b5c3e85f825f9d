//! hukm-core: rules engines and double-dummy search for the trick-taking
//! games of Iran and South Asia (Hokm and the Court Piece family,
//! Twenty-eight and its relatives, the Ganjifa games).
//!
//! This crate has no Python in it; the `hukm` Python package drives it through
//! a thin binding crate.

#![warn(missing_docs)]

pub mod card;
pub mod deal;
pub mod describe;
pub mod encode;
pub mod error;
pub mod facts;
pub mod game;
pub mod games;
pub mod notation;
pub mod options;
pub mod pack;
pub mod params;
pub mod pool;
pub mod registry;
pub mod rng;
pub mod sample;
pub mod solve;
pub mod surface;

pub use card::{Card, CardSet, Suit};
pub use error::{Error, Result};
pub use pack::Pack;

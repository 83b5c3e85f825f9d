//! The games. Each game is a module of the same shape: `config` (presets and
//! named options), `rules` (legal plays and trick winner), `state` (the state
//! machine), `view` (observations, the readable table, the [`crate::game::GameState`]
//! interface) and `playout` (fast random play-outs).

pub mod dashavatara;
pub mod dugi;
pub mod ganjifa;
pub mod ganjifa_cards;
pub mod hokm;
mod jack_nine;
pub mod naqsh;
pub mod thunee;
pub mod twenty_eight;

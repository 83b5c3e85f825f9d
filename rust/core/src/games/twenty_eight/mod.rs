//! Twenty-eight and its relatives (`rules/twenty_eight.md`). This module has
//! the trick-play rules so far (§6, §7); the game state, auction and scoring
//! build on them.

pub mod rules;

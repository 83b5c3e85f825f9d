//! Dugi (`docs/rules/ganjifa.md` Part B): partnership Ganjifa. The side dealt the
//! lead King must take every trick; the defenders win with one trick.
//! Followers must follow suit; the leader names the suit a void follower must
//! give (his highest card of it) and must cash his hukms first.
//!
//! Decisions taken where the rules file leaves room (beyond its own B.11):
//!
//! * **The King pass** is offered with `offer` / `pass` by C1 even when C2
//!   holds no lead-suit card (C2 can then only `pass`), so the offer reveals
//!   nothing. The exchanged cards are shown to the two partners only.
//! * **Leading after an unanswerable ask.** When the partner names a suit the
//!   leader lacks, the leader leads any card and may not ask again (B.5).
//! * **Naming for a void follower** lists every suit but the led one (B.5
//!   requires Y ≠ L), including suits the follower lacks.
//! * **Scoring.** `returns()` is each seat's net stake: each member of the
//!   losing side pays `hand_stake` to his right-hand neighbour, a winner, so
//!   each seat gains or loses `hand_stake` per hand (one game point).
//! * **`lead_suit_by=cut`.** The cut card is the top card of a separate
//!   shuffle from the match generator; the deal is another shuffle. A
//!   position (`from_deal`) with the cut and no leader draws the lead suit
//!   from its seed.
//! * **Positions** are one hand: with no leader the lead King's holder
//!   challenges (after the King pass when it is on); with a leader, his side
//!   is the challenging side and he leads (the hand so far had no defender
//!   trick).
//! * **Double-dummy** ([`solve_dugi`]): the value is the challengers' clean
//!   sweep (B.13), with its secondary output, the first trick at which the
//!   defenders can force a win, both by the shared solver
//!   ([`dd::DugiDd`] implements its `TrickGame` seam).

pub mod config;
pub mod dd;
mod facts;
pub mod play;
pub mod sample;
pub mod state;
mod surface;
pub mod tensor;
#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use config::DugiConfig;
pub use dd::{solve_dugi, DugiAnswer};
pub use play::{DAct, DStep, DugiPlay};
pub use state::{dugi_act_name, parse_dugi_action, DugiResult, DugiState};

use crate::error::Result;
use crate::solve::answer::{Answer, TableSize};
use crate::solve::request::{Extra, SolveAnswer, SolveRequest};
use crate::solve::SolverConfig;
use dd::graded_dugi;

/// A Dugi game: the options, from which states are made.
#[derive(Clone, Debug)]
pub struct Dugi {
    cfg: Arc<DugiConfig>,
}

impl Dugi {
    /// The game with `options` applied (B.10).
    ///
    /// ```
    /// use hukm_core::games::dugi::Dugi;
    /// assert!(Dugi::new(&[("king_pass".into(), "off".into())]).is_ok());
    /// assert!(Dugi::new(&[("players".into(), "3".into())]).is_err());
    /// ```
    pub fn new(options: &[(String, String)]) -> Result<Dugi> {
        Ok(Dugi {
            cfg: Arc::new(DugiConfig::new(options)?),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &DugiConfig {
        &self.cfg
    }

    /// A whole match seeded by `seed`.
    pub fn new_game(&self, seed: u64, dealer: Option<usize>) -> Result<DugiState> {
        DugiState::new_match(self.cfg.clone(), seed, dealer)
    }

    /// One hand from a position (compact hands, seat 0 first).
    pub fn from_deal(&self, deal: &str, leader: Option<usize>, seed: u64) -> Result<DugiState> {
        let hands = self.cfg.pack.parse_deal(deal, 4)?;
        DugiState::from_position(self.cfg.clone(), &hands, leader, seed)
    }

    /// The hands of the first deal of `new_game(seed, dealer)`.
    pub fn deal(&self, seed: u64, dealer: Option<usize>) -> Result<String> {
        let s = self.new_game(seed, dealer)?;
        Ok(self.cfg.pack.format_deal(&s.play().hands))
    }
}

impl DugiState {
    /// The double-dummy answer (B.13) for `player`'s side: 1 when that side
    /// wins the hand with best play (the challengers' clean sweep, or the
    /// defenders' trick), with the same after each legal action and (with
    /// `first_trick`) the first trick the defenders can force.
    pub fn dd_solve(
        &self,
        player: usize,
        with_actions: bool,
        first_trick: bool,
        settings: &SolverConfig,
    ) -> Result<(Answer<String, u32>, Option<u32>)> {
        if player >= 4 {
            return Err(crate::Error::State(format!(
                "player {} out of range 0..3",
                player
            )));
        }
        if self.over {
            return Err(crate::Error::State("the game is over".into()));
        }
        let (a, first) = solve_dugi(&self.cfg, &self.play, with_actions, first_trick, settings)?;
        let side = self.play.is_challenger(player);
        let a = a
            .map_values(|w| u32::from(w == side))
            .map_actions(|x| dugi_act_name(&self.cfg, x));
        Ok((a, first.map(u32::from)))
    }
}

impl DugiState {
    /// Answers a double-dummy request (B.13): 1 when `player`'s side
    /// (default: the player to act) wins the hand with best play, else 0;
    /// with `details`, also the defenders' first forced trick
    /// ([`Extra::FirstTrick`]).
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        req.value_only("dugi")?;
        let player = req.player_or(self.current().unwrap_or(0), 4)?;
        let cards = self.play().hands.iter().map(|h| h.len()).max().unwrap_or(0);
        if req.bounded() && !self.over && self.play.step != DStep::Done {
            let config = req.config_sized(TableSize::SmallUpTo(6), cards, true);
            let (g, all) = graded_dugi(&self.cfg, &self.play, req.actions, &config, req.estimate)?;
            let all = i64::from(all);
            let legal = crate::game::GameState::legal_actions(self);
            let name = |a: &DAct| dugi_act_name(&self.cfg, *a);
            let mut out = g.to_request(player, &legal, name, |v| i64::from(i64::from(v) >= all));
            if !self.play.is_challenger(player) {
                crate::solve::grade::complement(&mut out, 1);
            }
            // The defenders' first trick, when the challengers cannot sweep
            // (a search of its own, given what time is left).
            let sweeps = i64::from(g.answer.value) >= all;
            if req.details && out.bounds.is_none() && !sweeps {
                let first = dd::defenders_first(&self.cfg, &self.play, &config)?;
                out.extra = Extra::FirstTrick(first.map(u32::from));
            }
            return Ok(out);
        }
        let (a, first) = self.dd_solve(
            player,
            req.actions,
            req.details,
            &req.config_sized(TableSize::SmallUpTo(6), cards, false),
        )?;
        let mut out = a.to_request_named(player, i64::from);
        out.extra = Extra::FirstTrick(first);
        Ok(out)
    }
}

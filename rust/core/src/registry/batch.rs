//! Work over many states or samples at once: values of many states on
//! threads, a bot's sampled values, and the game-specific helpers the
//! surfaces need (fast legal cards, Twenty-eight's open position, Hokm's
//! random play-outs).

use std::sync::Arc;

use super::{AnyGame, AnyState, Origin};
use crate::card::CardSet;
use crate::error::{Error, Result};
use crate::game::GameState;
use crate::games::hokm::playout::{random_playouts, Playouts};
use crate::games::hokm::{Hokm, Phase};
use crate::games::twenty_eight::TwentyEight;
use crate::solve::request::SolveRequest;
use crate::solve::{parallel_map, Solver, SolverConfig};

/// Each legal action with its value.
pub type ActionValues = Vec<(String, i64)>;

impl AnyState {
    /// In trick play where every legal action is a card (no call, no
    /// signal), the legal cards; `None` elsewhere.
    pub fn legal_cards_only(&self) -> Option<CardSet> {
        let s = self.downcast::<Hokm>()?;
        let c = s.config();
        (s.phase() == Phase::Play && !c.hidden_call && !c.satat_signals).then(|| s.legal_cards())
    }

    /// A whist position of a plain-trick Hokm state (the fast solver's).
    fn whist(&self) -> Option<Result<crate::solve::WhistPosition>> {
        let s = self.downcast::<Hokm>()?;
        (!s.needs_rang_dd()).then(|| s.whist_position())
    }

    /// Twenty-eight: the full deal of this state as an open-trump position
    /// in which `bidder` declares `trump` (a suit code) and the first lead
    /// is at the dealer's right (for valuing bids).
    pub fn open_position(&self, bidder: usize, trump: &str) -> Result<AnyState> {
        let Some(s) = self.downcast::<TwentyEight>() else {
            return Err(Error::State(
                "open_position is for Twenty-eight states".into(),
            ));
        };
        let n = s.config().players;
        if bidder >= n {
            return Err(Error::State(format!(
                "bad bidder {}: seats 0..{}",
                bidder,
                n - 1
            )));
        }
        let t = s.config().pack.parse_suit(trump)?;
        let p = s.open_position(bidder, t)?;
        Ok(self.derived(
            super::dynamic::boxed::<TwentyEight>(p),
            Origin::Open {
                from: self.origin.clone(),
                actions: self.actions(),
                bidder,
                trump: trump.to_string(),
            },
        ))
    }

    /// A bot's samples: for each seed the state is determinized for
    /// `player` and every legal action valued for `player`'s side; a sample
    /// that reaches a limit of `config` gives `None`. The samples are spread
    /// over `threads` threads (handed out one at a time; each sample is
    /// searched on one thread, so the answers do not depend on the count).
    /// Plain-trick Hokm reuses one whist solver (and its table) across the
    /// samples of a thread.
    pub fn sample_values(
        &self,
        player: usize,
        seeds: &[u64],
        config: &SolverConfig,
        threads: usize,
    ) -> Result<Vec<Option<ActionValues>>> {
        let one = SolverConfig {
            threads: 1,
            ..config.clone()
        };
        parallel_map(
            seeds.len(),
            threads,
            || None::<Solver>,
            |whist, i| {
                let det = self.determinize(player, seeds[i])?;
                let got = match det.whist() {
                    Some(pos) => {
                        let pos = pos?;
                        let solver = whist.get_or_insert_with(|| Solver::new(one.clone()));
                        let pack = self.game.pack();
                        solver.solve_cards(&pos, player).map(|r| {
                            r.actions
                                .iter()
                                .map(|&(c, v)| (pack.format_card(c), i64::from(v)))
                                .collect()
                        })
                    }
                    None => {
                        let req = SolveRequest {
                            player: Some(player),
                            actions: true,
                            details: false,
                            config: one.clone(),
                            ..SolveRequest::default()
                        };
                        det.solve(&req).map(|a| a.actions)
                    }
                };
                match got {
                    Ok(v) => Ok(Some(v)),
                    Err(Error::SolverLimit(_)) => Ok(None),
                    Err(e) => Err(e),
                }
            },
        )
    }
}

/// Values of many states on `threads` threads (one solver each, states
/// handed out one at a time): each state's double-dummy value for
/// `players[i]`'s side, or for the side of the player to move. Plain-trick
/// Hokm states share each thread's whist solver.
pub fn solve_many(
    states: &[AnyState],
    players: Option<&[usize]>,
    threads: usize,
    config: &SolverConfig,
) -> Result<Vec<i64>> {
    if let Some(p) = players {
        if p.len() != states.len() {
            return Err(Error::State(format!(
                "{} players given for {} states",
                p.len(),
                states.len()
            )));
        }
    }
    parallel_map(
        states.len(),
        threads,
        || Solver::new(config.clone()),
        |solver, i| {
            let s = &states[i];
            let player = players.map(|p| p[i]);
            if let Some(pos) = s.whist() {
                let pos = pos?;
                let p = player.unwrap_or_else(|| pos.to_move());
                if p >= s.num_players() {
                    return Err(Error::State(format!(
                        "players[{}]: player {} out of range 0..{}",
                        i,
                        p,
                        s.num_players() - 1
                    )));
                }
                return Ok(i64::from(solver.solve(&pos, p)?.value));
            }
            let req = SolveRequest {
                player,
                actions: false,
                details: false,
                config: config.clone(),
                ..SolveRequest::default()
            };
            Ok(s.solve(&req)?.value)
        },
    )
}

impl AnyGame {
    /// Hokm: `n` whole hands played with uniformly random legal actions in
    /// Rust (hand `i` depends only on `seed` and `i`).
    pub fn random_playouts(&self, n: usize, seed: u64, threads: usize) -> Result<Playouts> {
        match self.downcast::<Hokm>() {
            Some(g) => {
                let cfg = Arc::new(g.config().clone());
                Ok(random_playouts(&cfg, n, seed, threads))
            }
            None => Err(Error::State(format!(
                "random_playouts is offered for the Hokm family, not {}",
                self.preset()
            ))),
        }
    }
}

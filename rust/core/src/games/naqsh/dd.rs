//! Naqsh's double-dummy objective (`rules/naqsh.md` §13): with the order of
//! the whole shuffled pack known, the largest net result a seat can
//! guarantee for the current hand when everyone else decides against it.
//!
//! The game is deterministic once the pack is shuffled, so this is a plain
//! max-min search over the decisions (stakes, draw or stand) with alpha-beta
//! cut-offs; every draw takes the next stock card, so earlier choices change
//! which cards later players receive. The tree is small: a turn is "how many
//! cards to draw", a handful of options, times the number of players.

use super::state::{NaqshAction, NaqshState, Phase};
use crate::error::{Error, Result};

/// The answer for one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaqshAnswer {
    /// The seat's best guaranteed net result of the current hand (payments
    /// already made in this hand included; in pool mode, share minus ante).
    pub value: i64,
    /// The same value after each legal decision of the seat to act.
    pub actions: Vec<(NaqshAction, i64)>,
    /// Search nodes visited.
    pub nodes: u64,
}

struct Search {
    player: usize,
    nodes: u64,
    limit: u64,
}

impl Search {
    fn value(&mut self, s: &NaqshState, mut alpha: i64, mut beta: i64) -> Result<i64> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Error::SolverLimit(format!(
                "node limit of {} reached",
                self.limit
            )));
        }
        let Some(mover) = s.current() else {
            return Ok(s.hand_net(self.player));
        };
        let maximise = mover == self.player;
        let mut best = if maximise { i64::MIN } else { i64::MAX };
        for a in s.legal() {
            let mut c = s.clone();
            c.act(a).expect("a legal decision");
            let v = self.value(&c, alpha, beta)?;
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }
}

impl NaqshState {
    /// Solves the current hand for `player` (§13): the best net result that
    /// seat can guarantee, and the value after each legal decision of the
    /// seat to act. `max_nodes` bounds the search.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hukm_core::games::naqsh::{NaqshConfig, NaqshState};
    /// let cfg = Arc::new(NaqshConfig::new(&[("players".into(), "2".into())]).unwrap());
    /// let p = &cfg.pack;
    /// let card = |t: &str| p.parse_card(t).unwrap();
    /// // Seat 0 (punter) holds 9+6 = 15; the banker 8+7 = 15; next card a 2.
    /// let s = NaqshState::from_position(cfg.clone(),
    ///     &[vec![card("9GH"), card("6GH")], vec![card("8GH"), card("7GH")]],
    ///     1, vec![card("2GH"), card("KGH")], None).unwrap();
    /// let a = s.dd_solve(0, None).unwrap();
    /// // Drawing the 2 makes 17, and the banker then busts on the King or stays at 15.
    /// assert_eq!(a.value, 1);
    /// ```
    pub fn dd_solve(&self, player: usize, max_nodes: Option<u64>) -> Result<NaqshAnswer> {
        if player >= self.cfg.players {
            return Err(Error::State(format!(
                "player {} out of range 0..{}",
                player,
                self.cfg.players - 1
            )));
        }
        if self.phase == Phase::Over {
            return Err(Error::State(
                "the game is over: nothing is left to solve".into(),
            ));
        }
        let mut root = self.clone();
        root.single_hand = true;
        root.history = Vec::new();
        let mut search = Search {
            player,
            nodes: 0,
            limit: max_nodes.unwrap_or(u64::MAX),
        };
        let mut actions = Vec::new();
        for a in root.legal() {
            let mut c = root.clone();
            c.act(a).expect("a legal decision");
            let v = search.value(&c, i64::MIN, i64::MAX)?;
            actions.push((a, v));
        }
        let maximise = root.current() == Some(player);
        let vals = actions.iter().map(|&(_, v)| v);
        let value = if maximise { vals.max() } else { vals.min() }.unwrap_or(0);
        Ok(NaqshAnswer {
            value,
            actions,
            nodes: search.nodes,
        })
    }
}

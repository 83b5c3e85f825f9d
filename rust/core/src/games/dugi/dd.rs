//! Dugi's double-dummy objective (`rules/ganjifa.md` B.13): can the
//! challengers take every remaining trick against best defence?
//!
//! Every challenger decision (the King pass, leads, asking, the partner's
//! answer, the suits named for void followers, a challenger's own card) is a
//! joint choice of the team; defenders choose their cards against it. The
//! search is an exact AND/OR search with a table of the positions at trick
//! starts (the hands and the leader).

use std::collections::HashMap;

use super::config::DugiConfig;
use super::play::{DAct, DStep, DugiPlay};
use crate::error::Result;
use crate::solve::search::Limits;

/// The answer for one state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DugiAnswer {
    /// The challengers can take every remaining trick.
    pub challengers_win: bool,
    /// The same after each legal act.
    pub actions: Vec<(DAct, bool)>,
    /// Search nodes visited.
    pub nodes: u64,
}

struct Search<'a> {
    cfg: &'a DugiConfig,
    tt: HashMap<([u128; 4], u8), bool>,
    nodes: u64,
    limits: Limits,
}

impl Search<'_> {
    fn win(&mut self, p: &DugiPlay) -> Result<bool> {
        if p.step == DStep::Done {
            return Ok(!p.defenders_won);
        }
        self.nodes += 1;
        self.limits.check_at(self.nodes)?;
        let key = (p.step == DStep::Lead && p.asked.is_none())
            .then(|| (p.hands.map(|h| h.bits()), p.leader));
        if let Some(k) = key {
            if let Some(&v) = self.tt.get(&k) {
                return Ok(v);
            }
        }
        let team = p.is_challenger(p.current().expect("not done"));
        let mut v = !team;
        for a in p.legal(self.cfg) {
            let mut q = *p;
            q.apply_unchecked(self.cfg, a);
            if self.win(&q)? == team {
                v = team;
                break;
            }
        }
        if let Some(k) = key {
            self.tt.insert(k, v);
        }
        Ok(v)
    }
}

/// Solves a Dugi hand in play: whether the challengers take every trick.
pub fn solve_dugi(
    cfg: &DugiConfig,
    p: &DugiPlay,
    with_actions: bool,
    limits: Limits,
) -> Result<DugiAnswer> {
    let mut s = Search {
        cfg,
        tt: HashMap::new(),
        nodes: 0,
        limits,
    };
    let challengers_win = s.win(p)?;
    let mut actions = Vec::new();
    if with_actions {
        for a in p.legal(cfg) {
            let mut q = *p;
            q.apply_unchecked(cfg, a);
            actions.push((a, s.win(&q)?));
        }
    }
    Ok(DugiAnswer {
        challengers_win,
        actions,
        nodes: s.nodes,
    })
}

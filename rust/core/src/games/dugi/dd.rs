//! Dugi's double-dummy objective (`rules/ganjifa.md` B.13): can the
//! challengers take every remaining trick against best defence?
//!
//! Every challenger decision (the King pass, leads, asking, the partner's
//! answer, the suits named for void followers, a challenger's own card) is a
//! joint choice of the team; defenders choose their cards against it. The
//! search is an exact AND/OR search with a table of the positions at trick
//! starts (the hands and the leader).
//!
//! The secondary output of B.13, the first trick at which the defenders can
//! force a win, comes from the same search with a horizon: "can the
//! challengers take the next `k` tricks?" for `k = 1, 2, ...` until the
//! answer is no (it is monotone in `k`); the defenders force their trick by
//! trick number `tricks so far + k` of the hand.

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
    /// When the challengers cannot sweep: the earliest trick of the hand
    /// (numbered from 1) by which the defenders can force a trick against
    /// any challenger play; `None` when the challengers sweep.
    pub defenders_first_trick: Option<u16>,
    /// Search nodes visited (the horizon searches included).
    pub nodes: u64,
}

struct Search<'a> {
    cfg: &'a DugiConfig,
    /// The challengers succeed once they have won this many tricks of the
    /// hand (`u16::MAX`: every trick).
    goal: u16,
    tt: HashMap<([u128; 4], u8), bool>,
    nodes: u64,
    limits: Limits,
}

impl Search<'_> {
    fn win(&mut self, p: &DugiPlay) -> Result<bool> {
        if p.step == DStep::Done {
            return Ok(!p.defenders_won);
        }
        if p.tricks >= self.goal {
            return Ok(true);
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

/// Solves a Dugi hand in play: whether the challengers take every trick;
/// with `first_trick`, also the secondary output (extra horizon searches
/// when the challengers cannot sweep).
pub fn solve_dugi(
    cfg: &DugiConfig,
    p: &DugiPlay,
    with_actions: bool,
    first_trick: bool,
    limits: Limits,
) -> Result<DugiAnswer> {
    let mut s = Search {
        cfg,
        goal: u16::MAX,
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
    let mut defenders_first_trick = None;
    if first_trick && !challengers_win {
        // A horizon search per k, each with its own table (the goal is part
        // of what a table entry means).
        let mut k = 1;
        loop {
            let mut h = Search {
                cfg,
                goal: p.tricks + k,
                tt: HashMap::new(),
                nodes: s.nodes,
                limits: s.limits.clone(),
            };
            let ok = h.win(p)?;
            s.nodes = h.nodes;
            if !ok {
                defenders_first_trick = Some(p.tricks + k);
                break;
            }
            k += 1;
        }
    }
    Ok(DugiAnswer {
        challengers_win,
        actions,
        defenders_first_trick,
        nodes: s.nodes,
    })
}

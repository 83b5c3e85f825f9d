//! Solving states: the bisection driver over the generic search, the value
//! of every legal card and the cut call, kot goals, many states on threads.

use super::{Objective, RangGame, CALL, DEHLA_TEN};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::games::hokm::config::Scoring;
use crate::games::hokm::state::{HokmAction, HokmState};
use crate::solve::game::{MoveList, Switches, TrickGame};
use crate::solve::search::{Limits, Search};
use crate::solve::tt::Tt;
use crate::solve::SolverConfig;

/// The search driver of the Court Piece objectives: the generic zero-window
/// search and table, probed by bisection (value scales such as Dehla's
/// `14 * tens + tricks` are too wide for MTD(f)'s unit steps).
struct DdSearch {
    tt: Tt<u128>,
    cutoffs: Vec<(u64, u8)>,
    sw: Switches,
    limits: Limits,
}

impl DdSearch {
    fn new(config: &SolverConfig) -> DdSearch {
        DdSearch {
            tt: Tt::with_bytes(config.tt_bytes),
            cutoffs: Vec::new(),
            sw: config.switches,
            limits: Limits {
                max_nodes: config.max_nodes,
                deadline: config.timeout.map(|d| std::time::Instant::now() + d),
                stop: config.stop.clone(),
            },
        }
    }

    /// A stopped search leaves its answer meaningless: the limit that
    /// stopped it still holds afterwards, so it is checked here.
    fn check(&self, nodes: u64) -> Result<()> {
        if let Some(f) = &self.limits.stop {
            if f.load(std::sync::atomic::Ordering::Relaxed) {
                return Err(Error::Interrupted);
            }
        }
        if let Some(m) = self.limits.max_nodes {
            if nodes > m {
                return Err(Error::SolverLimit(format!(
                    "solver node limit reached ({} nodes)",
                    m
                )));
            }
        }
        if let Some(d) = self.limits.deadline {
            if std::time::Instant::now() >= d {
                return Err(Error::SolverLimit("solver time limit reached".into()));
            }
        }
        Ok(())
    }

    /// The exact value for side 0 and the nodes searched, first probing
    /// `guess`, then bisecting.
    fn value(&mut self, g: &mut RangGame, guess: u32) -> Result<(u32, u64)> {
        let (mut lo, mut hi) = (0u32, g.remaining());
        let mut t = guess.clamp(1, hi.max(1));
        let mut nodes = 0;
        while lo < hi {
            let mut s = Search::new(&mut self.tt, self.sw, 0, &self.limits)
                .with_cutoffs(std::mem::take(&mut self.cutoffs));
            // Node limits count over the whole call.
            s.nodes = nodes;
            let (ok, _) = s.reaches(g, t as i32);
            nodes = s.nodes;
            self.cutoffs = s.into_cutoffs();
            self.check(nodes)?;
            if ok {
                lo = t;
            } else {
                hi = t - 1;
            }
            t = (lo + hi).div_ceil(2).max(lo + 1);
        }
        Ok((lo, nodes))
    }
}

/// A double-dummy answer for a Court Piece / Rang state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdAnswer {
    /// The value for the chosen side from here to the end of the hand (see
    /// the module notes for the scale of each objective).
    pub value: u32,
    /// Each legal card (and the cut call) of the player to move, with the
    /// value after it.
    pub actions: Vec<(HokmAction, u32)>,
    /// Search nodes visited.
    pub nodes: u64,
}

impl HokmState {
    /// True when double-dummy analysis of this preset needs the Court Piece
    /// objectives of [`RangGame`] rather than plain whist tricks.
    pub fn needs_rang_dd(&self) -> bool {
        let c = self.config();
        c.players == 4
            && (c.heap || c.satat || c.first_void.is_some() || c.hidden_call || c.hidden_card)
    }

    /// The weight of a ten in the values of [`HokmState::dd_solve`]: 14 for
    /// Dehla Pakad's value objective (value = `14 * tens + tricks`), else 0.
    pub fn dd_ten_weight(&self, objective: Objective) -> u32 {
        if objective == Objective::Value && self.config().scoring == Scoring::Dehla {
            DEHLA_TEN
        } else {
            0
        }
    }

    /// The kot objective of this preset for `player`'s side (§16): heap
    /// presets collect all 13 tricks (Dehla Pakad: all four tens); Satat and
    /// Trup kasiet win the first seven tricks. Asked for a seat of the
    /// dealer's side it is the goon-kot question.
    pub fn dd_kot_objective(&self, player: usize) -> Result<Objective> {
        let player = self.dd_seat(player)?;
        let c = self.config();
        if c.heap {
            return Ok(Objective::CollectAll);
        }
        if c.players == 4 {
            let won = self.tricks_won();
            let side = player % 2;
            let need = if won[1 - side] > 0 {
                0
            } else {
                7u8.saturating_sub(won[side])
            };
            return Ok(Objective::WinNext(need));
        }
        Err(Error::State(format!(
            "no kot query for {}",
            c.preset.name()
        )))
    }

    /// The table seat of `player` as the state's players are numbered (in
    /// Dummy Rang a real player 0..2 plays his own seat, and the dummy's
    /// partner the dummy's too; elsewhere player and seat are the same).
    pub fn dd_seat(&self, player: usize) -> Result<usize> {
        let c = self.config();
        let players = if c.dummy { 3 } else { c.players };
        if player >= players {
            return Err(Error::State(format!(
                "bad player {} (players 0..{})",
                player,
                players - 1
            )));
        }
        Ok(if c.dummy {
            self.table
                .iter()
                .position(|&p| p == player)
                .unwrap_or(player)
        } else {
            player
        })
    }

    /// The player to move, numbered as [`HokmState::dd_seat`] expects.
    pub fn dd_player_to_move(&self) -> usize {
        self.current().map_or(0, |seat| self.table[seat])
    }

    /// Solves a trick-play state of the Court Piece / Rang family exactly for
    /// `player`'s side under `objective`; with `actions`, also the value
    /// after each legal card and the cut call. Nothing in `self` changes.
    ///
    /// ```
    /// use hukm_core::games::hokm::{dd::Objective, Hokm};
    /// let g = Hokm::new("double_sar", &[]).unwrap();
    /// let s = g.from_deal("A... K... Q... J...", Some("S"), 0, None, Some(&[6, 6])).unwrap();
    /// // The last trick collects the heap (here trick 13 alone).
    /// let a = s.dd_solve(1, Objective::Value, &Default::default(), true).unwrap();
    /// assert_eq!(a.value, 0);
    /// ```
    pub fn dd_solve(
        &self,
        player: usize,
        objective: Objective,
        config: &SolverConfig,
        actions: bool,
    ) -> Result<DdAnswer> {
        let player = self.dd_seat(player)?;
        let mut g = RangGame::new(self, player, objective)?;
        let mut solver = DdSearch::new(config);
        let rem = g.remaining();
        let trivial = match objective {
            Objective::Value => None,
            Objective::CollectAll if g.d.done => Some(0),
            Objective::CollectAll
                if g.r.dehla && g.in_play() & g.r.tens == 0 && g.d.heap_tens == 0 =>
            {
                Some(1)
            }
            Objective::CollectAll => None,
            Objective::WinNext(0) => {
                let won = self.tricks_won();
                // `player` is a seat from here on.
                Some(u32::from(won[1 - player % 2] == 0))
            }
            Objective::WinNext(_) => None,
        };
        let root = match trivial {
            Some(v) => (v, 0),
            None => solver.value(&mut g, rem / 2)?,
        };
        let root = crate::solve::Solution {
            value: root.0,
            nodes: root.1,
        };
        let mut out = DdAnswer {
            value: root.value,
            actions: Vec::new(),
            nodes: root.nodes,
        };
        if !actions {
            return Ok(out);
        }
        let mut list = MoveList::new();
        g.moves(&mut list, &Switches::none());
        let mut moves: Vec<u8> = list.as_slice().to_vec();
        moves.sort_unstable();
        for m in moves {
            let v = if trivial.is_some() {
                root.value
            } else {
                let won = g.play(m);
                let base = match won {
                    Some(w) if g.side_of(w.seat as usize) == 0 => w.value,
                    _ => 0,
                };
                let r = solver.value(&mut g, root.value.saturating_sub(base));
                g.undo(m);
                let (v, nodes) = r?;
                out.nodes += nodes;
                base + v
            };
            let a = if m == CALL {
                HokmAction::Call
            } else {
                HokmAction::Card(Card(m))
            };
            out.actions.push((a, v));
        }
        Ok(out)
    }
}

/// Values of many Court Piece / Rang states on `threads` threads (one solver
/// each, states handed out one at a time): for `players[i]`'s side, or the
/// side of the player to move. Each value is the [`Objective::Value`] of
/// [`HokmState::dd_solve`], with Dehla Pakad's reduced to the tens.
pub fn solve_states(
    states: &[HokmState],
    players: Option<&[usize]>,
    threads: usize,
    config: &SolverConfig,
) -> Result<Vec<u32>> {
    if let Some(p) = players {
        if p.len() != states.len() {
            return Err(Error::State(format!(
                "{} players given for {} states",
                p.len(),
                states.len()
            )));
        }
    }
    let player = |i: usize| {
        players
            .map(|p| p[i])
            .unwrap_or_else(|| states[i].dd_player_to_move())
    };
    crate::solve::parallel_map(
        states.len(),
        threads,
        || (),
        |_, i| {
            let s = &states[i];
            let a = s.dd_solve(player(i), Objective::Value, config, false)?;
            let w = s.dd_ten_weight(Objective::Value);
            Ok(a.value.checked_div(w).unwrap_or(a.value))
        },
    )
}

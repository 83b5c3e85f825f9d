//! What a solve asks of a Thunee state: the need probes and their bisection
//! (points), the target question, balls and sweeps, the decisions between
//! tricks valued by playing them, and the answer to a [`SolveRequest`].

use super::normal::{Count, NormalGame};
use super::sweep::{SweepGame, ANNULLED, CATCH, FAILED, SWEPT};
use crate::error::{Error, Result};
use crate::games::thunee::config::DdMode;
use crate::games::thunee::state::{Action, Phase, ThuneeState};
use crate::solve::answer::{after_move, largest_reached, Answer, TableSize, Threshold};
use crate::solve::request::{Goal, SolveAnswer, SolveRequest};
use crate::solve::{Solver, SolverConfig};

/// What a solve asks of a normal hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Ask {
    /// Team `team`'s points from here (§16.1, §16.2).
    Points { team: usize, jodhi: bool },
    /// Does the counting team reach the whole-hand total `target`? 1 for
    /// `team` when it wins that question.
    Target {
        team: usize,
        target: i32,
        jodhi: bool,
    },
    /// Balls of `team` minus the other team's (§16.5).
    Balls { team: usize },
}

/// A solver with the calls' limits, searching the games above.
struct Dd {
    solver: Solver,
}

impl Dd {
    /// Does team X reach `need` from `s` (a normal hand at a card)? `m`:
    /// after this card is played (a trick that settles the need ends the
    /// game: it answers without a search).
    fn need(&mut self, g: &mut NormalGame, need: i32, m: Option<u8>) -> Result<bool> {
        g.set_need(need);
        let settled = Threshold::settled_at_end(1);
        match m {
            Some(m) => settled.after_move(&mut self.solver, g, m),
            None => settled.at(&mut self.solver, g),
        }
    }

    /// The most team X scores from `s`: bisection over needs.
    fn points(&mut self, g: &mut NormalGame, m: Option<u8>) -> Result<i32> {
        let (lo, hi) = g.point_range();
        largest_reached(lo, hi, |need| self.need(g, need, m))
    }

    /// The balls value (counting team minus trumping team) of `g`: the
    /// last trick credits it (shifted by `k`), else a bisection over
    /// thresholds.
    fn balls(&mut self, g: &mut NormalGame, m: Option<u8>) -> Result<i32> {
        let k = g.shift();
        let probe = |solver: &mut Solver, g: &mut NormalGame, _| {
            largest_reached(0, 2 * k, |t| solver.reaches(g, 0, t as u32))
        };
        let v = match m {
            Some(m) => after_move(&mut self.solver, g, m, |c| c as i32, probe)?,
            None => probe(&mut self.solver, g, 0)?,
        };
        Ok(v - k)
    }

    /// A sweep's rank (0..3) for the caller's team: the trick that ends the
    /// sweep credits it, else the first rank reached from the best down.
    fn sweep(&mut self, g: &mut SweepGame, m: Option<u8>) -> Result<u32> {
        let ranks = |solver: &mut Solver, g: &mut SweepGame, _| -> Result<u32> {
            for t in [SWEPT, ANNULLED, FAILED] {
                if solver.reaches(g, 0, t)? {
                    return Ok(t);
                }
            }
            Ok(0)
        };
        match m {
            Some(m) => after_move(&mut self.solver, g, m, |c| c, ranks),
            None => ranks(&mut self.solver, g, 0),
        }
    }

    /// The value of a normal hand at a card of trick play (for `m` played,
    /// or the position itself), as the ask counts it.
    fn normal(&mut self, s: &ThuneeState, ask: Ask, m: Option<u8>) -> Result<i32> {
        match ask {
            Ask::Points { team, jodhi } => {
                let mut g = NormalGame::new(s, Count::Need, team, 0, jodhi)?;
                self.points(&mut g, m)
            }
            Ask::Target {
                team,
                target,
                jodhi,
            } => {
                let count = s.counting_team();
                let mut g = NormalGame::new(s, Count::Need, count, 0, jodhi)?;
                // The whole hand: the card points taken so far count.
                let made = self.need(&mut g, target - s.points[count], m)?;
                Ok(i32::from(made == (team == count)))
            }
            Ask::Balls { team } => {
                let mut g = NormalGame::new(s, Count::Balls, 0, 0, true)?;
                let d = self.balls(&mut g, m)?;
                Ok(if team == s.counting_team() { d } else { -d })
            }
        }
    }
}

/// Balls of a sweep's caller's team for a rank.
fn sweep_balls(s: &ThuneeState, rank: u32) -> i32 {
    let b = s.special.expect("a sweep").balls(&s.cfg);
    match rank {
        CATCH => -2 * b,
        FAILED => -b,
        ANNULLED => 0,
        _ => b,
    }
}

impl ThuneeState {
    /// The value of this state for `ask` (or, in a sweep, the balls of
    /// `team`), valuing the decisions between tricks by playing them.
    fn dd_value(&self, dd: &mut Dd, ask: Ask) -> Result<i32> {
        let team_of = |a: Ask| match a {
            Ask::Points { team, .. } | Ask::Target { team, .. } | Ask::Balls { team } => team,
        };
        match self.phase {
            Phase::Play if self.special.is_some() => {
                let mut g = SweepGame::new(self)?;
                let caller = self.special.expect("a sweep").caller;
                let b = sweep_balls(self, dd.sweep(&mut g, None)?);
                Ok(if self.team(caller) == team_of(ask) {
                    b
                } else {
                    -b
                })
            }
            Phase::Play => dd.normal(self, ask, None),
            Phase::Jodhi | Phase::Double => {
                let mover = self.to_act;
                let mut best: Option<i32> = None;
                for a in self.legal() {
                    let v = self.window_value(dd, ask, a)?;
                    let better = |x: i32, y: i32| {
                        if self.team(mover) == team_of(ask) {
                            x > y
                        } else {
                            x < y
                        }
                    };
                    if best.map_or(true, |b| better(v, b)) {
                        best = Some(v);
                    }
                }
                Ok(best.expect("a window offers pass"))
            }
            Phase::Over => {
                // The hand ended (a sweep decided, a normal hand scored).
                let r = self.last_result.as_ref().expect("a finished hand");
                let t = team_of(ask);
                Ok(match ask {
                    Ask::Points { .. } => 0,
                    Ask::Target { .. } => i32::from(r.balls[t] > 0),
                    Ask::Balls { .. } => r.balls[t] - r.balls[1 - t],
                })
            }
            _ => Err(Error::State(format!(
                "double-dummy analysis needs trick play; the state is in phase {}",
                self.phase.name()
            ))),
        }
    }

    /// The value after a Jodhi or last-trick decision `a` (points count
    /// from the state before it: a Jodhi declared counts).
    fn window_value(&self, dd: &mut Dd, ask: Ask, a: Action) -> Result<i32> {
        let mut t = self.clone();
        let hands = self.results.len();
        t.apply_action(a);
        if t.results.len() > hands && t.phase != Phase::Over {
            return Err(Error::State("the hand ended inside the analysis".into()));
        }
        let v = t.dd_value(dd, ask)?;
        Ok(match (ask, a) {
            (Ask::Points { team, jodhi: true }, Action::Jodhi(_)) => {
                let j = t.jodhis.last().expect("declared");
                v + if self.team(j.seat) == team {
                    j.value
                } else {
                    -j.value
                }
            }
            _ => v,
        })
    }

    /// Answers a double-dummy request (§16; see the module documentation).
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        let n = self.cfg.players;
        let player = req.player_or(self.current().unwrap_or(0), n)?;
        if !matches!(self.phase, Phase::Play | Phase::Jodhi | Phase::Double) {
            return Err(Error::State(format!(
                "double-dummy analysis needs trick play; the state is in phase {}",
                self.phase.name()
            )));
        }
        let team = self.team(player);
        let jodhi = self.cfg.dd_jodhi;
        let ask = match (req.goal, self.cfg.dd_mode) {
            (Goal::Kot, _) => {
                return Err(req.unsupported(
                    self.cfg.preset.name(),
                    "its value (dd_mode: points, target, sweep or balls) and the counting team's whole-hand target (target=)",
                ))
            }
            (Goal::Target(_), _) if self.special.is_some() => {
                return Err(Error::State(
                    "target= does not apply to a Thunee or Royals (its value is the sweep in balls)"
                        .into(),
                ))
            }
            (Goal::Target(t), _) => Ask::Target {
                team,
                target: t,
                jodhi,
            },
            (Goal::Value, DdMode::Points) => Ask::Points { team, jodhi },
            (Goal::Value, DdMode::Target) => Ask::Target {
                team,
                target: self.target_base(),
                jodhi,
            },
            (Goal::Value, DdMode::Sweep | DdMode::Balls) => Ask::Balls { team },
        };
        if self.special.is_none() && req.goal == Goal::Value && self.cfg.dd_mode == DdMode::Sweep {
            return Err(Error::State(
                "dd_mode=sweep analyses a Thunee or Royals; this is a normal hand".into(),
            ));
        }
        let cards = self.hands.iter().map(|h| h.len()).max().unwrap_or(0);
        let mut dd = Dd {
            // Anytime bounds are not given for Thunee: a limit fails the call.
            solver: Solver::new(req.config_sized(TableSize::SmallUpTo(6), cards.max(1), false)),
        };
        let mut out = Answer::exact(self.dd_value(&mut dd, ask)?);
        if req.actions {
            for a in self.legal() {
                let v = match (self.phase, a) {
                    (Phase::Play, Action::Card(c)) if self.special.is_some() => {
                        let mut g = SweepGame::new(self)?;
                        let caller = self.special.expect("a sweep").caller;
                        let b = sweep_balls(self, dd.sweep(&mut g, Some(c.0))?);
                        if self.team(caller) == team {
                            b
                        } else {
                            -b
                        }
                    }
                    (Phase::Play, Action::Card(c)) => dd.normal(self, ask, Some(c.0))?,
                    _ => self.window_value(&mut dd, ask, a)?,
                };
                out.push_exact(self.action_string(a), v);
            }
        }
        Ok(out.finish(&dd.solver).to_request_named(player, i64::from))
    }

    /// The whole-hand total the counting team must reach before any Jodhi
    /// (`base − v`): with Jodhi declared so far, [`ThuneeState::target`].
    fn target_base(&self) -> i32 {
        self.target()
    }
}

/// The double-dummy value of a normal hand's full deal for the counting
/// team: points (§16.1) with `dd_jodhi`, as a plain helper for benches.
pub fn points_of(s: &ThuneeState, config: SolverConfig) -> Result<(i32, u64)> {
    let mut dd = Dd {
        solver: Solver::new(config),
    };
    let team = s.counting_team();
    let v = dd.normal(
        s,
        Ask::Points {
            team,
            jodhi: s.cfg.dd_jodhi,
        },
        None,
    )?;
    Ok((v, dd.solver.call_nodes()))
}

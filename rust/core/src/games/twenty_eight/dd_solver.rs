//! The double-dummy entry points: zero-window queries and MTD(f) over a
//! [`PointsGame`], single positions, outcomes and tables of full deals.

use std::sync::Arc;

use super::super::config::TwentyEightConfig;
use super::super::state::{Action, TwentyEightState};
use super::{DdAnswer, Objective, PointsGame, CALL};
use crate::card::CardSet;
use crate::error::Result;
use crate::solve::answer::{credit, Actions, Answer, Narrow, TableSize, Threshold};
use crate::solve::estimate::{Budget, Policy};
use crate::solve::grade::{estimates_within, graded, Graded, How, MOST_PLAYOUTS};
use crate::solve::parallel;
use crate::solve::request::{in_legal_order, Bounds, Extra, Goal, SolveAnswer, SolveRequest};
use crate::solve::{Probe, Solver, SolverConfig, TrickGame};


/// Outcome values of [`solve_outcome`].
pub const FAILED: i32 = 0;
/// The hand is void.
pub const VOIDED: i32 = 1;
/// The contract is made.
pub const MADE: i32 = 2;

/// The exact value for side 0 of a [`PointsGame`]: zero-window queries
/// stepping from the game's estimate (MTD(f); values near the answer cost
/// most, and the table carries over from one query to the next).
fn points_value(solver: &mut Solver, g: &mut PointsGame) -> Result<u32> {
    let guess = g.first_guess(&solver.config().switches);
    Ok(solver.value(g, 0, (0, u32::MAX), guess, Probe::Mtdf)?.value)
}

fn action_moves(s: &TwentyEightState) -> Vec<(String, Option<u8>)> {
    s.legal()
        .into_iter()
        .map(|a| {
            let m = match a {
                Action::Card(c) => Some(c.0),
                Action::Call => Some(CALL),
                _ => None,
            };
            (s.action_string(a), m)
        })
        .collect()
}

/// Card points `player`'s side takes from here to the end (29: with the
/// last-trick point; `kq_negative`: kings and queens taken count -1), and
/// the same after each legal action (§16.1, §16.2 with
/// `unrevealed_trump=forced_last`).
pub fn solve_points(
    s: &TwentyEightState,
    player: usize,
    config: SolverConfig,
    actions: bool,
) -> Result<DdAnswer> {
    let mut g = PointsGame::new(s, player, Objective::Points)?;
    // The searched value credits kings and queens to the side that loses
    // them (kq_negative): take their number back off.
    let r = g.negative_cards() as i32;
    let mut solver = Solver::new(config);
    let points = move |v: u32| i64::from(v as i32 - r);
    let units = Box::new(move |lo, hi| (points(lo), points(hi)));
    let guess = g.first_guess(&solver.config().switches);
    let acts = if actions { action_moves(s) } else { Vec::new() };
    let moves: Vec<u8> = acts.iter().filter_map(|a| a.1).collect();
    if solver.threads() > 1 && moves.len() > 1 {
        // Every action at once on the call's threads; the root's value is
        // the best of them.
        let play = |h: &mut PointsGame, i: usize| credit(h, moves[i]);
        let estimate = |h: &PointsGame, _| h.estimate();
        let n = moves.len();
        let values =
            parallel::each_action(&mut solver, &g, n, play, guess, estimate, Probe::Mtdf, Narrow::Switched)?;
        let root = solver.report_best(&values, g.side_of(g.to_move()) == 0, Some(units));
        let mut out = Answer::new(root);
        let mut next = values.into_iter();
        for (name, m) in acts {
            let v = match m {
                Some(_) => next.next().unwrap_or((root.value, root.hi)),
                None => (root.value, root.hi),
            };
            out.push(name, v);
        }
        return Ok(out.finish(&solver).map_values(|v| points(v) as i32));
    }
    let root = solver.value_root_split(&mut g, guess, Probe::Mtdf, Some(units))?;
    // Each action is searched only within the window the root's value
    // leaves it (`Switches::card_bounds`); an anytime solve always narrows
    // by the root's bounds.
    let each = Actions::new(&g, root, Probe::Mtdf, Narrow::Switched, solver.config());
    let mut out = Answer::new(root);
    for (name, m) in acts {
        let v = match m {
            Some(m) => each.after_move(&mut solver, &mut g, m, |g, _| g.estimate())?,
            None => (root.value, root.hi),
        };
        out.push(name, v);
    }
    Ok(out.finish(&solver).map_values(|v| points(v) as i32))
}

/// The outcome for the bidding side against `target` with the default void
/// rule (§16.2): [`MADE`], [`VOIDED`] or [`FAILED`], the bidding side
/// maximising and the opponents minimising; and the same after each action.
/// `target` counts the whole hand: the points the bidding side already took
/// count towards it. With `forced_last`, or trumps open, the answer is made
/// or failed from the points value.
pub fn solve_outcome(
    s: &TwentyEightState,
    target: i32,
    config: SolverConfig,
    actions: bool,
) -> Result<DdAnswer> {
    let bs = s.side(s.bidder) as usize;
    let mut solver = Solver::new(config);
    let made = PointsGame::new(s, s.bidder, Objective::Made)?;
    let nf = PointsGame::new(s, s.bidder, Objective::NotFailed)?;
    // In the searched units (kings and queens credited to the side that
    // loses them) the bidding side's points from here are its value minus R.
    let r = made.negative_cards() as i32;
    let need = (target - s.points[bs] + r).max(0) as u32;
    let q = Outcome {
        make: Threshold::new(need),
        // Points to make it with the void bonus.
        make_bonus: Threshold::new(need + made.bonus()),
        open: made.objective() == Objective::Points,
    };
    let acts = if actions { action_moves(s) } else { Vec::new() };
    let cards: Vec<u8> = acts.iter().filter_map(|a| a.1).collect();
    if solver.threads() > 1 && cards.len() > 1 && cards.len() == acts.len() {
        // Every action's questions at once on the call's threads
        // (`Switches::outcome_split`); the root's outcome is the best of
        // its actions' for the side to move (made implies not failed, so
        // the best outcome answers both of the root's questions).
        // The games need not be shared between threads, only sent: each
        // job takes its own copy.
        let games = std::sync::Mutex::new((made.clone(), nf.clone()));
        let copy = || games.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let serial = |solver: &mut Solver| -> Result<Vec<i32>> {
            let (mut made, mut nf) = copy();
            q.one(solver, &mut made, &mut nf, None, false)?;
            cards
                .iter()
                .map(|&m| q.one(solver, &mut made, &mut nf, Some(m), false))
                .collect()
        };
        let job = |solver: &mut Solver, i: usize| -> Result<i32> {
            let (mut made, mut nf) = copy();
            q.one(solver, &mut made, &mut nf, Some(cards[i]), false)
        };
        if solver.config().switches.outcome_split {
            let values = parallel::each_question(&mut solver, cards.len(), serial, job)?;
            let bidder_moves = made.side_of(made.to_move()) == 0;
            let best = if bidder_moves {
                values.iter().max()
            } else {
                values.iter().min()
            };
            let mut out = Answer::exact(best.copied().unwrap_or(FAILED));
            for ((name, _), v) in acts.into_iter().zip(values) {
                out.push_exact(name, v);
            }
            return Ok(out.finish(&solver));
        }
    }
    let (mut made, mut nf) = (made, nf);
    let mut out = Answer::exact(q.one(&mut solver, &mut made, &mut nf, None, true)?);
    for (name, m) in acts {
        let v = match m {
            Some(m) => q.one(&mut solver, &mut made, &mut nf, Some(m), false)?,
            None => out.value,
        };
        out.push_exact(name, v);
    }
    Ok(out.finish(&solver))
}

/// The questions of [`solve_outcome`]: points to make the contract, the
/// same with the void bonus, and whether only the first is asked (trumps
/// open: made or failed).
#[derive(Copy, Clone)]
struct Outcome {
    make: Threshold,
    make_bonus: Threshold,
    open: bool,
}

impl Outcome {
    /// The outcome at the root (`m` none) or after move `m`: made (with
    /// the void bonus), else voided (not failed), else failed. With
    /// `spread` the root's questions go over the call's threads
    /// ([`Solver::reaches_split`]).
    fn one(
        &self,
        solver: &mut Solver,
        made: &mut PointsGame,
        nf: &mut PointsGame,
        m: Option<u8>,
        spread: bool,
    ) -> Result<i32> {
        let ask = |solver: &mut Solver, g: &mut PointsGame, t: Threshold| match m {
            Some(m) => t.after_move(solver, g, m),
            None if spread => solver.reaches_split(g, t.target),
            None => t.at(solver, g),
        };
        if self.open {
            return Ok(if ask(solver, made, self.make)? {
                MADE
            } else {
                FAILED
            });
        }
        if ask(solver, made, self.make_bonus)? {
            return Ok(MADE);
        }
        Ok(if ask(solver, nf, self.make)? {
            VOIDED
        } else {
            FAILED
        })
    }
}

/// The open-trump values of a full deal (§16.1): for each trump suit (pack
/// order) and each seat as bidder, the card points the bidder's side can
/// guarantee with `leader` on lead. A contract `v` is makeable iff `v` is at
/// most the value. The trump suits are spread over `threads` threads (one
/// solver each, `config`'s limits applying to each); the answer does not
/// depend on their number. Also returns the nodes searched.
pub fn dd_table(
    cfg: &Arc<TwentyEightConfig>,
    hands: &[CardSet],
    leader: usize,
    config: SolverConfig,
    threads: usize,
) -> Result<(Vec<Vec<i32>>, u64)> {
    let rows = crate::solve::parallel_map(
        cfg.pack.num_suits(),
        threads.max(1),
        || Solver::new(config.clone()),
        |solver, t| table_row(solver, cfg, hands, leader, t as u8),
    )?;
    let nodes = rows.iter().map(|r| r.1).sum();
    Ok((rows.into_iter().map(|r| r.0).collect(), nodes))
}

/// One row of [`dd_table`]: trump suit `t`, each seat as bidder, and the
/// nodes this row searched.
fn table_row(
    solver: &mut Solver,
    cfg: &Arc<TwentyEightConfig>,
    hands: &[CardSet],
    leader: usize,
    t: u8,
) -> Result<(Vec<i32>, u64)> {
    let n = cfg.players;
    let before = solver.call_nodes();
    // Kings and queens out (kq_negative): searched values less this are points.
    let r: i32 = hands
        .iter()
        .flat_map(|h| h.iter())
        .map(|c| super::loss_of(cfg, c) as i32)
        .sum();
    let code = cfg.pack.suits[t as usize].code.clone();
    let mut row = vec![0i32; n];
    let mut by_side: Vec<Option<u32>> = vec![None; cfg.sides];
    for (bidder, cell) in row.iter_mut().enumerate() {
        let side = cfg.side[bidder] as usize;
        if let Some(v) = by_side[side] {
            *cell = v as i32 - r;
            continue;
        }
        let s = TwentyEightState::from_deal(
            cfg.clone(),
            hands,
            bidder,
            leader,
            super::super::position::TrumpStart::Open(&code),
            None,
        )?;
        let mut g = PointsGame::new(&s, bidder, Objective::Points)?;
        // Two sides share every point: the other side's value is the rest.
        let other = (cfg.sides == 2).then(|| by_side[1 - side]).flatten();
        let v = match other {
            Some(o) => g.remaining() - o,
            None => points_value(solver, &mut g)?,
        };
        by_side[side] = Some(v);
        *cell = v as i32 - r;
    }
    Ok((row, solver.call_nodes() - before))
}

impl TwentyEightState {
    /// Answers a double-dummy request (§16): card points of `player`'s side
    /// ([`solve_points`]), the bidding side's outcome against a target
    /// ([`Goal::Target`], [`solve_outcome`]), or, in single hand and half
    /// court, whether `player`'s side wins the contract
    /// ([`super::solve_sweep`]). A position without a card-points value (the
    /// trump concealed under the default void rule) answers the outcome
    /// against the contract ([`Extra::Contract`]). The default player is the
    /// one to move. A graded request ([`SolveRequest::graded`]) answers
    /// points and outcomes with [`graded_points`] and [`graded_outcome`].
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        let n = self.config().players;
        let player = req.player_or(self.current().unwrap_or(0), n)?;
        let exact = || req.config_sized(TableSize::Default, 0, false);
        if req.graded && !self.all_tricks_contract() {
            let config = req.config_sized(TableSize::Default, 0, true);
            let outcome = |t: i32| graded_outcome(self, t, &config, req.actions, req.estimate);
            return match req.goal {
                Goal::Target(t) => outcome(t),
                Goal::Value if self.points_undefined() => {
                    // No points value: the outcome against the contract.
                    let t = self.target();
                    let mut out = outcome(t)?;
                    out.extra = Extra::Contract(t);
                    Ok(out)
                }
                Goal::Value => graded_points(self, player, &config, req.actions, req.estimate),
                Goal::Kot => Err(req.unsupported(
                    self.config().preset.name(),
                    "its value (card points, or the contract in single hand and half court) and outcomes against a target",
                )),
            };
        }
        let a =
            match req.goal {
                Goal::Kot => return Err(req.unsupported(
                    self.config().preset.name(),
                    "its value (card points, or the contract in single hand and half court) and outcomes against a target",
                )),
                Goal::Target(_) if self.all_tricks_contract() => return Err(crate::Error::State(
                    "target= does not apply to single hand or half court (they need every trick)"
                        .into(),
                )),
                // Anytime bounds are given for card points (and a concealed
                // position's contract) only: for the sweep and the outcome
                // against a target a limit fails the call.
                Goal::Value if self.all_tricks_contract() => {
                    super::solve_sweep(self, player, exact(), req.actions)?
                }
                Goal::Target(t) => solve_outcome(self, t, exact(), req.actions)?,
                Goal::Value if self.points_undefined() && req.config.bounds => {
                    // No points value, in anytime mode: the outcome against the
                    // contract between the bounds its questions proved.
                    let t = self.target();
                    let config = req.config_sized(TableSize::Default, 0, true);
                    let mut out = graded_outcome(self, t, &config, req.actions, false)?;
                    out.extra = Extra::Contract(t);
                    return Ok(out);
                }
                Goal::Value if self.points_undefined() => {
                    // No points value: the outcome against the contract.
                    let t = self.target();
                    let a = solve_outcome(self, t, exact(), req.actions)?;
                    let mut out = a.to_request_named(player, i64::from);
                    out.extra = Extra::Contract(t);
                    return Ok(out);
                }
                Goal::Value => solve_points(
                    self,
                    player,
                    req.config_sized(TableSize::Default, 0, true),
                    req.actions,
                )?,
            };
        Ok(a.to_request_named(player, i64::from))
    }
}

impl TwentyEightState {
    /// True when the position has no card-points value (§16.2): the trump
    /// concealed under the default void rule, where only the outcome
    /// against a target is defined.
    pub fn points_undefined(&self) -> bool {
        let concealed = !self.revealed && (self.indicator.is_some() || self.spare);
        concealed && !self.cfg.forced_last
    }
}

/// The graded answer ([`crate::solve::grade`]) of the bidding side's outcome
/// against `target` (as [`solve_outcome`]): each of its two questions (made?
/// not failed?) searched in its own third of `config`'s time (on the nodes
/// the one before left), the last third playing out where the outcome is
/// not settled (each play-out's
/// outcome counted: made 2, void 1, failed 0); actions (the state's
/// strings, in its order) only when `actions`.
pub fn graded_outcome(
    s: &TwentyEightState,
    target: i32,
    config: &SolverConfig,
    actions: bool,
    estimate: bool,
) -> Result<SolveAnswer> {
    let bs = s.side(s.bidder) as usize;
    let made = PointsGame::new(s, s.bidder, Objective::Made)?;
    let nf = PointsGame::new(s, s.bidder, Objective::NotFailed)?;
    let r = made.negative_cards() as i32;
    let need = (target - s.points[bs] + r).max(0) as u32;
    let open = made.objective() == Objective::Points;
    let vb = if open { 0 } else { made.bonus() };
    let moves = if actions { action_moves(s) } else { Vec::new() };
    let cards: Vec<u8> = moves.iter().filter_map(|(_, m)| *m).collect();
    // One yes/no question of one game, every card after it too, in a third of the
    // call's time and on the nodes the questions before it left.
    let ask = |g: &PointsGame, goal: u32, used: u64| -> Result<Graded<u8>> {
        let mut solver = Solver::new(SolverConfig {
            timeout: config.timeout.map(|t| t / 3),
            max_nodes: config.max_nodes.map(|m| m.saturating_sub(used).max(1)),
            bounds: true,
            ..config.clone()
        });
        let after = |m: &u8| {
            let mut h = g.clone();
            let won = credit(&mut h, *m);
            Ok((h, won))
        };
        let mut how = How::new(goal, move |v| f64::from(u8::from(v >= goal)));
        how.goal = Some(goal);
        how.estimate = false;
        graded(&mut solver, g, cards.clone(), after, &how, None)
    };
    let yes = |lo: u32, goal: u32| i64::from(lo >= goal);
    let m = ask(&made, need + vb, 0)?;
    // Trumps open: no void hand, made or failed (2 or 0). The not-failed question
    // unasked when the made one spent the call's nodes: not failed is then proven
    // only where made is.
    let spent = config.max_nodes.is_some_and(|b| m.answer.nodes >= b);
    let (weight, n) = if open || spent {
        (if open { 2 } else { 1 }, None)
    } else {
        (1, Some(ask(&nf, need, m.answer.nodes)?))
    };
    let nodes = m.answer.nodes + n.as_ref().map_or(0, |n| n.answer.nodes);
    let value_of = |i: Option<usize>| -> (i64, i64) {
        let pick = |g: &Graded<u8>| match i {
            None => (g.answer.value, g.answer.hi),
            Some(i) => (g.answer.actions[i].1, g.answer.actions_hi[i]),
        };
        let (mlo, mhi) = pick(&m);
        let mut lo = weight * yes(mlo, need + vb);
        let mut hi = weight * yes(mhi, need + vb);
        if let Some(n) = &n {
            let (nlo, nhi) = pick(n);
            lo += yes(nlo, need);
            hi += yes(nhi, need);
        } else if !open {
            // Made implies not failed (need + vb >= need); else not failed is open.
            lo += yes(mlo, need + vb);
            hi += 1;
        }
        (lo, hi)
    };
    let root = value_of(None);
    let mut named = Vec::new();
    let mut k = 0;
    for (name, mv) in &moves {
        let v = match mv {
            Some(_) => {
                k += 1;
                value_of(Some(k - 1))
            }
            None => root,
        };
        named.push((name.clone(), v));
    }
    let exact = root.0 == root.1 && named.iter().all(|(_, (lo, hi))| lo == hi);
    // The questions' limits were shares of the call's: name the call's.
    let halted = m.answer.halted.clone().or(n.as_ref().and_then(|n| n.answer.halted.clone())).or_else(|| {
        spent.then(|| "solver node limit reached".to_string())
    });
    let reason = halted.map(|h| match (config.timeout, config.max_nodes) {
        (Some(t), _) if h.contains("time limit") => {
            format!("solver time limit reached (timeout={} s)", t.as_secs_f64())
        }
        (_, Some(m)) if h.contains("node limit") => {
            format!("solver node limit reached (max_nodes={})", m)
        }
        _ => h,
    });
    let mut out = SolveAnswer {
        player: s.bidder,
        value: root.0,
        actions: named.iter().map(|(a, v)| (a.clone(), v.0)).collect(),
        nodes,
        ..SolveAnswer::default()
    };
    if !exact {
        out.bounds = Some(Bounds {
            value: root,
            actions: named.clone(),
            reason: reason.unwrap_or_else(|| "the search was given no time to finish".into()),
        });
        if estimate {
            let mut starts: Vec<(PointsGame, u32)> = if cards.is_empty() {
                vec![(made.clone(), 0)]
            } else {
                cards
                    .iter()
                    .map(|m| {
                        let mut h = made.clone();
                        let won = credit(&mut h, *m);
                        (h, won)
                    })
                    .collect()
            };
            let v = made.bonus();
            // A play-out's outcome: void without the reveal's bonus.
            let outcome = move |c: u32| -> f64 {
                if open {
                    2.0 * f64::from(u8::from(c >= need))
                } else if c < v {
                    1.0
                } else {
                    2.0 * f64::from(u8::from(c >= need + v))
                }
            };
            let budget = Budget {
                until: config.timeout.map(|t| std::time::Instant::now() + t.mul_f64(0.3)),
                most: MOST_PLAYOUTS,
                stop: config.stop.clone(),
            };
            let (samples, played) = crate::solve::estimate::estimate(
                &mut starts,
                outcome,
                &Policy::default(),
                budget,
                0x3238,
            );
            let names: Vec<String> = moves
                .iter()
                .filter(|(_, m)| m.is_some())
                .map(|(a, _)| a.clone())
                .collect();
            let mover_max = made.side_of(made.to_move()) == 0;
            let mut e = estimates_within(&out, &names, &samples, played, mover_max);
            let rest: Vec<String> = moves
                .iter()
                .filter(|(_, m)| m.is_none())
                .map(|(a, _)| a.clone())
                .collect();
            for a in rest {
                e.actions.push((a, e.value));
            }
            let legal: Vec<String> = moves.iter().map(|(a, _)| a.clone()).collect();
            e.actions = in_legal_order(&legal, e.actions);
            out.estimate = Some(e);
        }
    }
    Ok(out)
}

/// The graded answer ([`crate::solve::grade`]) of the card points
/// `player`'s side takes from here (as [`solve_points`]).
pub fn graded_points(
    s: &TwentyEightState,
    player: usize,
    config: &SolverConfig,
    actions: bool,
    estimate: bool,
) -> Result<SolveAnswer> {
    let g = PointsGame::new(s, player, Objective::Points)?;
    let r = g.negative_cards() as i64;
    let moves = if actions { action_moves(s) } else { Vec::new() };
    let cards: Vec<u8> = moves.iter().filter_map(|(_, m)| *m).collect();
    let mut solver = Solver::new(SolverConfig {
        bounds: true,
        ..config.clone()
    });
    let after = |m: &u8| {
        let mut h = g.clone();
        let won = credit(&mut h, *m);
        Ok((h, won))
    };
    let mut how = How::new(g.estimate(), move |v| (i64::from(v) - r) as f64);
    how.estimate = estimate;
    let units = Box::new(move |lo: u32, hi: u32| (i64::from(lo) - r, i64::from(hi) - r));
    let a = graded(&mut solver, &g, cards, after, &how, Some(units))?;
    let names: Vec<String> = moves
        .iter()
        .filter(|(_, m)| m.is_some())
        .map(|(a, _)| a.clone())
        .collect();
    let legal: Vec<String> = moves.iter().map(|(a, _)| a.clone()).collect();
    let by_code = |m: &u8| {
        let i = a.answer.actions.iter().position(|(x, _)| x == m).unwrap_or(0);
        names[i].clone()
    };
    let mut out = a.to_request(player, &legal, by_code, |v| i64::from(v) - r);
    let rest = moves.iter().filter(|(_, m)| m.is_none()).map(|(a, _)| a.clone());
    crate::solve::grade::same_as_value(&mut out, rest);
    out.actions = in_legal_order(&legal, std::mem::take(&mut out.actions));
    if let Some(b) = &mut out.bounds {
        b.actions = in_legal_order(&legal, std::mem::take(&mut b.actions));
    }
    if let Some(e) = &mut out.estimate {
        e.actions = in_legal_order(&legal, std::mem::take(&mut e.actions));
    }
    Ok(out)
}

#[cfg(test)]
#[path = "dd_solver_tests.rs"]
mod tests;

//! Graded answers: the best that one call's budget reaches, always labelled.
//!
//! A graded call ([`crate::solve::request::SolveRequest::graded`]) answers
//! every position in one of three grades, value by value:
//!
//! * **exact** — the search finished (lower bound = upper bound);
//! * **proven bounds** — a lower and an upper bound, from the game's sound
//!   static reasoning at a trick start ([`TrickGame::lead_bounds`]: sure
//!   tricks, sure losers, trump control, the value still out) and from the
//!   search's probes that finished within the time it was given;
//! * **estimate** — where the bounds are not exact, the mean of play-outs
//!   from each action ([`super::estimate`]), with its spread and the number
//!   of play-outs, kept within the proven bounds.
//!
//! [`graded`] runs the schedule for a game on the [`TrickGame`] seam: the
//! first half of the budget searches (the root's value, then each action in
//! a slice of its own, so that every action gets bounds of its own rather
//! than the window a stopped root would leave it), the rest plays out. A
//! position beyond the search's reach (a move list larger than the search
//! takes) skips the search and keeps the static bounds.
//!
//! ```
//! use hukm_core::pack::Pack;
//! use hukm_core::solve::grade::{graded, How};
//! use hukm_core::solve::{MoveList, Solver, SolverConfig, Switches, TrickGame};
//! use hukm_core::solve::{Whist, WhistPosition};
//! let p = Pack::french52();
//! let hands = p.parse_deal("AK... QJ... T9... 87...", 4).unwrap();
//! let g = Whist::<4>::new(&WhistPosition::new(hands, None, 0), [0, 1, 0, 1]).unwrap();
//! let mut moves = MoveList::new();
//! g.moves(&mut moves, &Switches::none());
//! let acts: Vec<u8> = moves.as_slice().to_vec();
//! let mut s = Solver::new(SolverConfig { bounds: true, ..SolverConfig::small() });
//! let after = |m: &u8| {
//!     let mut h = g.clone();
//!     let won = hukm_core::solve::answer::credit(&mut h, *m);
//!     Ok((h, won))
//! };
//! let r = graded(&mut s, &g, acts, after, &How::new(1, f64::from), None).unwrap();
//! // Small enough to finish: exact, no estimate needed.
//! assert_eq!((r.answer.value, r.answer.hi, r.estimates.is_none()), (2, 2, true));
//! ```

use std::time::{Duration, Instant};

use super::answer::{Actions, Answer, Narrow};
use super::estimate::{estimate, Budget, Estimate, Estimates, Policy, Sample};
use super::game::{MoveList, Pattern, Switches, TrickGame};
use super::request::{in_legal_order, SolveAnswer};
use super::{Probe, RootUnits, Solution, Solver, SolverConfig, Whist, WhistPosition};
use crate::card::{Card, CardSet};
use crate::error::{Error, Result};

/// The share of a graded call's time given to the search (the rest plays
/// out).
pub const SEARCH_SHARE: f64 = 0.5;

/// The share of a graded call's time left unused at the end (for the work
/// around the play-outs: naming the actions, the caller's own).
pub const SLACK_SHARE: f64 = 0.05;

/// The most of a graded call's time its shallow bounds ([`shallow_bounds`])
/// may take, all values together (each an equal share of what is left):
/// beyond it a value keeps its static bounds, so a call with a time limit
/// ends on it however dear the game's nodes (200,000 shallow nodes of a
/// whole Ganjifa hand took 0.28 s whatever the limit).
pub const SHALLOW_SHARE: f64 = 0.25;

/// Play-outs per action at most: beyond this many the estimate's mean moves
/// by a few hundredths of its spread.
pub const MOST_PLAYOUTS: u32 = 4000;

/// Play-outs per action when a call has no time limit (a position beyond
/// the search's reach asked without one).
pub const UNTIMED_PLAYOUTS: u32 = 1000;

/// How [`graded`] values one root: the first guess of its search and the
/// probe, whether the position is within the search's reach, whether to
/// estimate, and the map of a value in search units (what side 0 takes,
/// from the root on) to the answer's units.
pub struct How<'u> {
    /// The first guess of the root's search.
    pub guess: u32,
    /// How the driver strings its probes.
    pub probe: Probe,
    /// When each action's search is narrowed by the root's value.
    pub narrow: Narrow,
    /// `None` when the search can take the position; else why it cannot
    /// (its bounds are then the static ones).
    pub beyond: Option<String>,
    /// Whether to play out where the bounds are not exact.
    pub estimate: bool,
    /// The play-outs' policy.
    pub policy: Policy,
    /// The play-outs' seed.
    pub seed: u64,
    /// A value in search units to the answer's units (monotone): two
    /// bounds with the same image make the value exact.
    pub unit: Box<dyn Fn(u32) -> f64 + 'u>,
    /// A yes/no question instead of the value: does side 0 take at least
    /// this much from the root on? (Each search asks only that.)
    pub goal: Option<u32>,
}

impl<'u> How<'u> {
    /// Search from `guess` by MTD(f), each action narrowed by the root,
    /// estimates on, values mapped by `unit`.
    pub fn new(guess: u32, unit: impl Fn(u32) -> f64 + 'u) -> How<'u> {
        How {
            guess,
            probe: Probe::Mtdf,
            narrow: Narrow::Always,
            beyond: None,
            estimate: true,
            policy: Policy::default(),
            seed: 0x6772_6164_6564,
            unit: Box::new(unit),
            goal: None,
        }
    }
}

/// The result of [`graded`]: the answer's bounds (in search units; exact
/// where lower = upper, `halted` saying why the rest are not) and, where
/// any value is not exact and estimates were asked for, the play-outs of
/// the root and of each action in the answer's units (not yet kept within
/// the bounds: [`Graded::estimates`] does that).
pub struct Graded<A> {
    /// The bounds of the value and of each action.
    pub answer: Answer<A>,
    /// The play-outs of each action, or of the root when no action was
    /// valued: `(samples, moves played)`.
    pub estimates: Option<(Vec<Sample>, u64)>,
    /// Whether side 0 moves at the root (its best action is the highest).
    pub mover_max: bool,
}

/// When a graded call ends its search and its play-outs.
#[derive(Copy, Clone, Debug)]
struct Schedule {
    shallow_end: Option<Instant>,
    search_end: Option<Instant>,
    end: Option<Instant>,
}

impl Schedule {
    fn new(timeout: Option<Duration>, search: bool, estimate: bool) -> Schedule {
        let now = Instant::now();
        let at = |share: f64| timeout.map(|t| now + t.mul_f64(share));
        let share = if estimate {
            SEARCH_SHARE
        } else {
            1.0 - SLACK_SHARE
        };
        Schedule {
            shallow_end: at(SHALLOW_SHARE),
            search_end: if search { at(share) } else { Some(now) },
            end: at(1.0 - SLACK_SHARE),
        }
    }

    /// The end of the next search slice when `left` values are still to be
    /// searched: an equal share of the search time left.
    fn slice(&self, left: usize) -> Option<Instant> {
        share_of(self.search_end, left)
    }

    /// The end of the next value's shallow bounds when `left` values are
    /// still to be bounded: an equal share of the shallow time left.
    fn shallow(&self, left: usize) -> Option<Instant> {
        share_of(self.shallow_end, left)
    }
}

/// An equal share of the time left until `end` for one of `left` values.
fn share_of(end: Option<Instant>, left: usize) -> Option<Instant> {
    end.map(|e| {
        let now = Instant::now();
        now + e.saturating_duration_since(now) / left.max(1) as u32
    })
}

impl<P: Pattern, M: Copy + Default + PartialEq> Solver<P, M> {
    /// In anytime mode, starts a slice of the current call that stops at
    /// `until` (none: no time limit): the values searched next run as if the
    /// call had just begun (a limit met before no longer stops them), on
    /// the call's node count. Returns the limit that stopped the previous
    /// slice, if one did.
    pub fn slice(&mut self, until: Option<Instant>) -> Option<Error> {
        self.deadline = until;
        self.halted.take()
    }
}

/// The bounds of `g`'s value for side 0 that the game's static reasoning
/// proves (at a trick start: its lead bounds, seen from side 0), else
/// nothing but what is still to win.
pub fn static_bounds<G: TrickGame>(g: &G) -> (u32, u32) {
    let rem = g.remaining();
    if rem == 0 || !g.at_trick_start() {
        return (0, rem);
    }
    let b = g.lead_bounds(&Switches::default());
    let (lo, hi) = (b.lower.min(rem), b.upper.min(rem).max(b.lower.min(rem)));
    if g.side_of(g.to_move()) == 0 {
        (lo, hi)
    } else {
        (rem - hi, rem - lo)
    }
}

/// Nodes the [`shallow_bounds`] of one graded call may visit, shared
/// equally by its values (each gives up beyond its share and keeps the
/// static bounds).
pub const SHALLOW_NODES: u64 = 200_000;

/// Bounds of `g`'s value for side 0 by minimax over the moves to the end of
/// the current trick (a whole trick at a trick start), with the static
/// bounds ([`static_bounds`]) of each trick start reached: the lower bounds
/// maximised where side 0 moves and minimised elsewhere, the upper bounds
/// likewise, so each is a bound of the true minimax. Beyond `cap` nodes the
/// static bounds of `g` itself, and likewise once `until` has passed (the
/// clock read every [`CLOCK_NODES`] nodes).
pub fn shallow_bounds<G: TrickGame>(g: &mut G, cap: u64, until: Option<Instant>) -> (u32, u32) {
    if until.is_some_and(|u| Instant::now() >= u) {
        return static_bounds(g);
    }
    let mut left = cap;
    let sw = Switches {
        ordering: false,
        ..Switches::default()
    };
    shallow(g, 1, &mut left, &sw, until).unwrap_or_else(|| static_bounds(g))
}

/// How often [`shallow_bounds`] reads the clock, in nodes.
pub const CLOCK_NODES: u64 = 256;

fn shallow<G: TrickGame>(
    g: &mut G,
    tricks: u32,
    left: &mut u64,
    sw: &Switches,
    until: Option<Instant>,
) -> Option<(u32, u32)> {
    let rem = g.remaining();
    if rem == 0 {
        return Some((0, 0));
    }
    if tricks == 0 && g.at_trick_start() {
        return Some(static_bounds(g));
    }
    *left = left.checked_sub(1)?;
    if *left % CLOCK_NODES == 0 && until.is_some_and(|u| Instant::now() >= u) {
        return None;
    }
    let mut list = MoveList::new();
    g.moves(&mut list, sw);
    if list.is_empty() {
        return Some(static_bounds(g));
    }
    let side0 = g.side_of(g.to_move()) == 0;
    let mut best: Option<(u32, u32)> = None;
    for &m in list.as_slice() {
        let won = g.play(m);
        let gain = won.map_or(0, |w| w.credit(g.side_of(w.seat as usize), 0));
        let next = if won.is_some() {
            tricks.saturating_sub(1)
        } else {
            tricks
        };
        let r = shallow(g, next, left, sw, until);
        g.undo(m);
        let (lo, hi) = r?;
        let (lo, hi) = (gain + lo, gain + hi);
        best = Some(match best {
            None => (lo, hi),
            Some((a, b)) if side0 => (a.max(lo), b.max(hi)),
            Some((a, b)) => (a.min(lo), b.min(hi)),
        });
    }
    best
}

/// Values `root` and each of `acts` (played by `after`, which gives the
/// game after an act and what the act itself credited side 0) under the
/// solver's settings as one graded call: see the module notes. The solver
/// must be in anytime mode ([`crate::solve::SolverConfig::bounds`]) for the
/// search's limits to give bounds rather than fail the call. `units` maps
/// the root's bounds to the answer's units for the call's progress.
pub fn graded<G, A>(
    solver: &mut Solver<G::Pattern, G::Move>,
    root: &G,
    acts: Vec<A>,
    after: impl Fn(&A) -> Result<(G, u32)>,
    how: &How<'_>,
    units: Option<RootUnits>,
) -> Result<Graded<A>>
where
    G: TrickGame + Clone,
{
    let config = solver.config().clone();
    let search = how.beyond.is_none();
    let sched = Schedule::new(config.timeout, search, how.estimate);
    let mut first_halt: Option<String> = how.beyond.clone();
    let mut note = |e: Option<Error>| {
        if let (None, Some(e)) = (&first_halt, e) {
            first_halt = Some(e.to_string());
        }
    };
    let mut g = root.clone();
    let share = SHALLOW_NODES / (1 + acts.len() as u64);
    let (slo, shi) = shallow_bounds(&mut g, share, sched.shallow(1 + acts.len()));
    // Whether the call may still search now: nodes left, and a slice that
    // has not ended before it began (else the limit that ended the call).
    let spent = |solver: &Solver<G::Pattern, G::Move>, until: Option<Instant>| -> Option<Error> {
        if let Some(m) = config.max_nodes.filter(|&m| solver.call_nodes() >= m) {
            return Some(Error::SolverLimit(format!(
                "solver node limit reached (max_nodes={})",
                m
            )));
        }
        match (until, config.timeout) {
            (Some(u), Some(t)) if u <= Instant::now() => Some(Error::SolverLimit(format!(
                "solver time limit reached (timeout={} s)",
                t.as_secs_f64()
            ))),
            _ => None,
        }
    };
    let root_slice = sched.slice(1 + acts.len() / 2);
    let root_spent = if search {
        spent(solver, root_slice)
    } else {
        None
    };
    let root_sol = if !search || root_spent.is_some() {
        note(root_spent);
        Solution {
            value: slo,
            hi: shi,
            nodes: 0,
        }
    } else {
        solver.slice(root_slice);
        let (lo, hi) = match how.goal {
            Some(t) => threshold(solver, &mut g, 0, t)?,
            None => {
                let r = solver.value_root(&mut g, how.guess.clamp(slo, shi), how.probe, units)?;
                (r.value, r.hi)
            }
        };
        Solution {
            value: lo.max(slo).min(shi),
            hi: hi.min(shi).max(slo),
            nodes: 0,
        }
    };
    let mover_max = g.side_of(g.to_move()) == 0;
    let each = Actions::new(&g, root_sol, how.probe, how.narrow, &config);
    let mut out = Answer::new(root_sol);
    let total = acts.len();
    let mut starts: Vec<(G, u32)> = Vec::with_capacity(total.max(1));
    for (i, a) in acts.into_iter().enumerate() {
        let (mut h, won) = after(&a)?;
        let (lo, hi) = shallow_bounds(&mut h, share, sched.shallow(total - i));
        let (lo, hi) = (won + lo, won + hi);
        let until = sched.slice(total - i);
        let gone = if search { spent(solver, until) } else { None };
        let searching = search && gone.is_none();
        note(gone);
        let (mut lo, mut hi) = if searching {
            note(solver.slice(until));
            let (a_lo, a_hi) = match how.goal {
                Some(t) => threshold(solver, &mut h, won, t)?,
                None => each.after(solver, &mut h, won, each.guess(won).clamp(lo, hi))?,
            };
            (a_lo.max(lo), a_hi.min(hi))
        } else {
            (lo, hi)
        };
        // No action is better than the position for its mover's side.
        if mover_max {
            hi = hi.min(root_sol.hi);
        } else {
            lo = lo.max(root_sol.value);
        }
        lo = lo.min(hi);
        out.push(a, (lo, hi));
        starts.push((h, won));
    }
    if search {
        note(solver.slice(sched.end));
    }
    let mut answer = out.finish(solver);
    // The value is the best action's for the side to move.
    if !answer.actions.is_empty() {
        let pick = |v: &mut dyn Iterator<Item = u32>| {
            if mover_max {
                v.max()
            } else {
                v.min()
            }
        };
        let lo = pick(&mut answer.actions.iter().map(|x| x.1)).unwrap_or(0);
        let hi = pick(&mut answer.actions_hi.iter().copied()).unwrap_or(0);
        answer.value = answer.value.max(lo);
        answer.hi = answer.hi.min(hi).max(answer.value);
    }
    // Exact in the answer's units (a yes/no answer needs no more).
    let same = |lo: u32, hi: u32| (how.unit)(lo) == (how.unit)(hi);
    let exact = same(answer.value, answer.hi)
        && answer
            .actions
            .iter()
            .zip(&answer.actions_hi)
            .all(|((_, lo), hi)| same(*lo, *hi));
    answer.halted = if exact {
        None
    } else {
        first_halt.or(answer.halted)
    };
    if answer.halted.is_none() && !exact {
        answer.halted = Some("the search was given no time to finish".into());
    }
    let estimates = (!exact && how.estimate).then(|| {
        if starts.is_empty() {
            starts.push((root.clone(), 0));
        }
        let budget = Budget {
            until: sched.end,
            most: if sched.end.is_some() {
                MOST_PLAYOUTS
            } else {
                UNTIMED_PLAYOUTS
            },
            stop: config.stop.clone(),
        };
        estimate(&mut starts, &*how.unit, &how.policy, budget, how.seed)
    });
    Ok(Graded {
        answer,
        estimates,
        mover_max,
    })
}

/// The bounds that the question "does side 0 take at least `t` from the
/// root on?" proves of `g`'s value after an act that credited `won`: at
/// least `t` when it does, at most `t - 1` when it does not, nothing more
/// when a limit stopped it (the value is then within what is left).
fn threshold<G: TrickGame>(
    solver: &mut Solver<G::Pattern, G::Move>,
    g: &mut G,
    won: u32,
    t: u32,
) -> Result<(u32, u32)> {
    let rem = g.remaining();
    if won >= t {
        return Ok((won.max(t), won + rem));
    }
    let need = t - won;
    if need > rem {
        return Ok((won, won + rem));
    }
    let r = solver.value(g, 0, (need - 1, need), need, Probe::Mtdf)?;
    let lo = if r.value >= need { need } else { 0 };
    let hi = if r.hi < need { need - 1 } else { rem };
    Ok((won + lo, won + hi))
}

impl<A> Graded<A> {
    /// The answer to a request for `player`: bounds and values in the
    /// request's units (`unit`, monotone), actions named by `name` in the
    /// order of `legal`, with the estimates ([`estimates_within`]).
    pub fn to_request(
        &self,
        player: usize,
        legal: &[String],
        name: impl Fn(&A) -> String,
        unit: impl Fn(u32) -> i64,
    ) -> SolveAnswer {
        let mut out = self.answer.to_request(player, legal, &name, &unit);
        if let Some((samples, moves)) = &self.estimates {
            let names: Vec<String> = self.answer.actions.iter().map(|(a, _)| name(a)).collect();
            out.estimate = Some(estimates_within(
                &out,
                &names,
                samples,
                *moves,
                self.mover_max,
            ));
        }
        out
    }
}

/// The estimates of an answer from play-outs: `samples` of the actions
/// `names` (or of the position alone when there is no action), in the
/// answer's units, each mean kept within its value's bounds in `out`; the
/// value's estimate is the best action's for the side to move
/// (`mover_max`: the highest), kept within the value's bounds.
pub fn estimates_within(
    out: &SolveAnswer,
    names: &[String],
    samples: &[Sample],
    moves: u64,
    mover_max: bool,
) -> Estimates {
    let within = |s: &Sample, b: Option<(i64, i64)>| {
        let (lo, hi) = b.map_or((f64::MIN, f64::MAX), |(l, h)| (l as f64, h as f64));
        Estimate {
            mean: s.mean().clamp(lo, hi.max(lo)),
            spread: s.spread(),
            samples: s.n,
        }
    };
    let bound_of = |n: &str| -> Option<(i64, i64)> {
        let b = out.bounds.as_ref()?;
        b.actions.iter().find(|(a, _)| a == n).map(|(_, x)| *x)
    };
    let value_bounds = out.bounds.as_ref().map(|b| b.value);
    let actions: Vec<(String, Estimate)> = names
        .iter()
        .zip(samples)
        .map(|(n, s)| (n.clone(), within(s, bound_of(n))))
        .collect();
    let value = match actions.first() {
        None => within(&samples[0], value_bounds),
        Some(&(_, first)) => {
            let mut best = first;
            for (_, e) in &actions[1..] {
                if (mover_max && e.mean > best.mean) || (!mover_max && e.mean < best.mean) {
                    best = *e;
                }
            }
            let (lo, hi) = value_bounds.map_or((f64::MIN, f64::MAX), |(l, h)| (l as f64, h as f64));
            Estimate {
                mean: best.mean.clamp(lo, hi.max(lo)),
                ..best
            }
        }
    };
    let legal: Vec<String> = out.actions.iter().map(|(a, _)| a.clone()).collect();
    Estimates {
        value,
        actions: in_legal_order(&legal, actions),
        method: "play-outs".into(),
        moves,
    }
}

/// The graded answer of a whist position for `player`'s side, every legal
/// card valued when `actions` (ascending), under `config`'s limits.
pub fn whist(
    pos: &WhistPosition,
    player: usize,
    config: &SolverConfig,
    actions: bool,
    estimate: bool,
) -> Result<Graded<Card>> {
    match pos.hands.len() {
        2 => whist_n::<2>(pos, player, config, actions, estimate, None),
        3 => whist_n::<3>(pos, player, config, actions, estimate, None),
        4 => whist_core(pos, player, config, actions, estimate),
        n => Err(Error::State(format!("whist needs 2 to 4 hands, got {}", n))),
    }
}

/// Four-hand whist through the whist core ([`super::wcore`]): the
/// exact answer when the call's search share of its budget reaches it (as
/// it does for nearly every position), else the graded answer of the
/// generic search in what is left of the budget, its bounds narrowed by
/// those the core proved.
fn whist_core(
    pos: &WhistPosition,
    player: usize,
    config: &SolverConfig,
    actions: bool,
    estimate: bool,
) -> Result<Graded<Card>> {
    let share = if estimate {
        SEARCH_SHARE
    } else {
        1.0 - SLACK_SHARE
    };
    let mut solver = Solver::new(SolverConfig {
        bounds: true,
        ..config.clone()
    });
    let start = Instant::now();
    solver.search_until(config.timeout.map(|t| start + t.mul_f64(share)));
    let core = if actions {
        solver.solve_cards(pos, player)?
    } else {
        let root = solver.solve(pos, player)?;
        Answer::new(root).finish(&solver)
    };
    let g = Whist::<4>::new(pos, super::sides::<4>(player))?;
    let mover_max = g.side_of(g.to_move()) == 0;
    if core.halted.is_none() {
        return Ok(Graded {
            answer: core,
            estimates: None,
            mover_max,
        });
    }
    // The search's share is spent: the static bounds and the play-outs in
    // the time left.
    let rest = SolverConfig {
        timeout: config.timeout.map(|t| t.saturating_sub(start.elapsed())),
        ..config.clone()
    };
    let mut r = whist_n::<4>(pos, player, &rest, actions, estimate, core.halted.clone())?;
    let a = &mut r.answer;
    a.nodes = core.nodes;
    a.value = a.value.max(core.value);
    a.hi = a.hi.min(core.hi).max(a.value);
    for (i, (c, lo)) in a.actions.iter_mut().enumerate() {
        if let Some(j) = core.actions.iter().position(|(x, _)| x == c) {
            *lo = (*lo).max(core.actions[j].1);
            a.actions_hi[i] = a.actions_hi[i].min(core.actions_hi[j]).max(*lo);
        }
    }
    let exact = a.value == a.hi
        && a.actions
            .iter()
            .zip(&a.actions_hi)
            .all(|((_, lo), hi)| lo == hi);
    if exact {
        a.halted = None;
        r.estimates = None;
    }
    Ok(r)
}

fn whist_n<const N: usize>(
    pos: &WhistPosition,
    player: usize,
    config: &SolverConfig,
    actions: bool,
    estimate: bool,
    beyond: Option<String>,
) -> Result<Graded<Card>> {
    if player >= N {
        return Err(Error::State(format!(
            "player {} out of range 0..{}",
            player,
            N - 1
        )));
    }
    let g = Whist::<N>::new(pos, super::sides::<N>(player))?;
    let legal: Vec<Card> = if actions {
        CardSet(g.legal() as u128).iter().collect()
    } else {
        Vec::new()
    };
    // Equivalent cards share one valuation (the class's lowest card).
    let class = |c: &Card| {
        if config.switches.collapse {
            Card(g.class_of(c.0))
        } else {
            *c
        }
    };
    let mut acts: Vec<Card> = legal.iter().map(class).collect();
    acts.dedup();
    let after = |c: &Card| {
        let mut h = g.clone();
        let won = super::answer::credit(&mut h, c.0);
        Ok((h, won))
    };
    let mut solver = Solver::new(SolverConfig {
        bounds: true,
        ..config.clone()
    });
    let mut how = How::new(g.remaining() / 2, f64::from);
    how.estimate = estimate;
    how.beyond = beyond;
    let units: RootUnits = Box::new(|lo, hi| (i64::from(lo), i64::from(hi)));
    let r = graded(&mut solver, &g, acts, after, &how, Some(units))?;
    if legal.len() == r.answer.actions.len() {
        return Ok(r);
    }
    // Every legal card with its class's valuation.
    let mut answer = Answer::new(Solution {
        value: r.answer.value,
        hi: r.answer.hi,
        nodes: r.answer.nodes,
    });
    answer.halted = r.answer.halted.clone();
    let at = |c: &Card| {
        let rep = class(c);
        r.answer
            .actions
            .iter()
            .position(|(x, _)| *x == rep)
            .expect("a class valued")
    };
    let mut samples = Vec::new();
    for c in &legal {
        let i = at(c);
        answer.push(*c, (r.answer.actions[i].1, r.answer.actions_hi[i]));
        if let Some((s, _)) = &r.estimates {
            samples.push(s[i]);
        }
    }
    Ok(Graded {
        answer,
        estimates: r.estimates.map(|(_, moves)| (samples, moves)),
        mover_max: r.mover_max,
    })
}

/// `out` seen from the other side of a game whose two sides' values add
/// up to `total`: every value `x` becomes `total - x` (bounds swapped,
/// estimates' means too).
pub fn complement(out: &mut SolveAnswer, total: i64) {
    let flip = |(lo, hi): (i64, i64)| (total - hi, total - lo);
    out.value = total - out.value;
    for (_, v) in &mut out.actions {
        *v = total - *v;
    }
    if let Some(b) = &mut out.bounds {
        b.value = flip(b.value);
        for (_, x) in &mut b.actions {
            *x = flip(*x);
        }
        out.value = b.value.0;
        for ((_, v), (_, x)) in out.actions.iter_mut().zip(&b.actions) {
            *v = x.0;
        }
    }
    if let Some(e) = &mut out.estimate {
        e.value.mean = total as f64 - e.value.mean;
        for (_, x) in &mut e.actions {
            x.mean = total as f64 - x.mean;
        }
    }
}

/// Adds actions `names` to `out`, each with the position's own value, its
/// bounds and its estimate (e.g. the picks of a chance event, each worth
/// what the chance node is worth).
pub fn same_as_value(out: &mut SolveAnswer, names: impl Iterator<Item = String>) {
    for n in names {
        out.actions.push((n.clone(), out.value));
        if let Some(b) = &mut out.bounds {
            let v = b.value;
            b.actions.push((n.clone(), v));
        }
        if let Some(e) = &mut out.estimate {
            let v = e.value;
            e.actions.push((n, v));
        }
    }
}

#[cfg(test)]
#[path = "grade_tests.rs"]
mod tests;

//! The one answering layer: how a request (an objective, a root, which
//! actions) becomes a value and the value after each action, under one
//! budget for the whole call.
//!
//! A game supplies the [`TrickGame`] of its objective, the unit its answer
//! speaks in ([`Answer::to_request`]) and how it sizes its table when the
//! caller does not ([`TableSize`]); this module does the rest the same way
//! for every game:
//!
//! * [`Solver::value_root`] values the root (reporting its progress in the
//!   answer's units), [`Actions`] values each action after it (play the
//!   action, credit what it won, search within the window the root leaves
//!   it, take it back), all in one call of the solver, so `max_nodes`,
//!   `timeout` and the stop flag hold over the root and every action
//!   together (at most one node past `max_nodes`: [`NODE_SLACK`]);
//! * [`Answer`] is the one answer type (lower and upper bounds of the value
//!   and of each action, nodes, the limit that stopped an anytime call);
//! * [`Threshold`] asks the yes/no questions (does a side take at least
//!   so much?) of the root and after each action, and [`after_move`] is the
//!   shell of any question asked after an action (a game over after it
//!   answered without a search);
//! * [`largest_reached`] is the probe for wide point scales that zero-window
//!   questions answer one threshold at a time (Thunee's points and balls).
//!
//! ```
//! use hukm_core::pack::Pack;
//! use hukm_core::solve::answer::{Actions, Answer, Narrow};
//! use hukm_core::solve::{MoveList, Probe, Solver, SolverConfig, Switches, TrickGame};
//! use hukm_core::solve::{Whist, WhistPosition};
//! let p = Pack::french52();
//! let hands = p.parse_deal("AK... QJ... T9... 87...", 4).unwrap();
//! let mut g = Whist::<4>::new(&WhistPosition::new(hands, None, 0), [0, 1, 0, 1]).unwrap();
//! let mut s = Solver::new(SolverConfig::small());
//! let root = s.value_root(&mut g, 1, Probe::Mtdf, None).unwrap();
//! let each = Actions::new(&g, root, Probe::Mtdf, Narrow::Switched, s.config());
//! let mut moves = MoveList::new();
//! g.moves(&mut moves, &Switches::none());
//! let mut a = Answer::new(root);
//! for &m in moves.as_slice() {
//!     let v = each.after_move(&mut s, &mut g, m, |_, guess| guess).unwrap();
//!     a.push(m, v);
//! }
//! let a = a.finish(&s);
//! // The ace and the king of seat 0 both take the two tricks.
//! assert_eq!((a.value, a.actions.len(), a.actions[0].1), (2, 2, 2));
//! ```

use super::game::{Pattern, TrickGame};
/// The request's table policy, where the answers' callers have long found it.
pub use super::request::TableSize;
use super::request::{in_legal_order, Bounds, Extra, SolveAnswer};
use super::{Probe, RootUnits, Solution, Solver, SolverConfig};
use crate::error::Result;

/// How far past `max_nodes` a call may count before it stops: the search
/// checks the node limit at every node, so a call stopped by it has visited
/// at most `max_nodes + 1` nodes (the node that found the limit passed).
pub const NODE_SLACK: u64 = 1;

/// When each action is searched only within the window the root's value
/// leaves it (the mover's side gets no more than the root with any action,
/// the other side no less).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Narrow {
    /// Never: each action over its whole range (an action of several plays
    /// whose value the root's search did not bound move by move).
    Never,
    /// Always.
    Always,
    /// With [`crate::solve::Switches::card_bounds`], in anytime mode and
    /// whenever the root is only bounded.
    Switched,
}

/// The answer of one call: the value and each action's value as bounds
/// (equal when exact), in the search's units (`V = u32`) or, once mapped
/// ([`Answer::map_values`]), the game's (card points that can be negative,
/// Naqsh's net result, an expectation, a yes/no outcome).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer<A, V = u32> {
    /// The value for the side counted (its lower bound when `halted`).
    pub value: V,
    /// Each action asked for with the value after it (its lower bound when
    /// `halted`).
    pub actions: Vec<(A, V)>,
    /// Search nodes visited by the whole call.
    pub nodes: u64,
    /// The upper bound of `value` (`value` itself when exact).
    pub hi: V,
    /// The upper bounds of the actions' values, in the order of `actions`.
    pub actions_hi: Vec<V>,
    /// In anytime mode ([`SolverConfig::bounds`]), the limit that stopped
    /// the call: the values are then bounds.
    pub halted: Option<String>,
}

impl<A> Answer<A> {
    /// An answer holding the root's value, no action yet.
    pub fn new(root: Solution) -> Answer<A> {
        Answer {
            value: root.value,
            actions: Vec::new(),
            nodes: root.nodes,
            hi: root.hi,
            actions_hi: Vec::new(),
            halted: None,
        }
    }
}

impl<A, V: Copy> Answer<A, V> {
    /// An exact answer holding `value`, no action yet and no node counted
    /// ([`Answer::finish`] counts the call's).
    pub fn exact(value: V) -> Answer<A, V> {
        Answer {
            value,
            actions: Vec::new(),
            nodes: 0,
            hi: value,
            actions_hi: Vec::new(),
            halted: None,
        }
    }

    /// Adds action `a` with the bounds `(lo, hi)` of its value.
    pub fn push(&mut self, a: A, (lo, hi): (V, V)) {
        self.actions.push((a, lo));
        self.actions_hi.push(hi);
    }

    /// Adds action `a` with its exact value `v`.
    pub fn push_exact(&mut self, a: A, v: V) {
        self.push(a, (v, v));
    }

    /// The answer at the end of the call: its nodes and the limit that
    /// stopped it (anytime mode).
    pub fn finish<P: Pattern, M: Copy + Default + PartialEq>(
        mut self,
        solver: &Solver<P, M>,
    ) -> Answer<A, V> {
        self.nodes = solver.call_nodes();
        self.halted = solver.halted().map(|e| e.to_string());
        self
    }

    /// The same answer with every value (and bound) mapped by `f` (from the
    /// search's units to the game's).
    pub fn map_values<W>(self, f: impl Fn(V) -> W) -> Answer<A, W> {
        Answer {
            value: f(self.value),
            actions: self.actions.into_iter().map(|(a, v)| (a, f(v))).collect(),
            nodes: self.nodes,
            hi: f(self.hi),
            actions_hi: self.actions_hi.into_iter().map(&f).collect(),
            halted: self.halted,
        }
    }

    /// The same answer with every action mapped by `f` (an engine act to
    /// its name).
    pub fn map_actions<B>(self, f: impl Fn(A) -> B) -> Answer<B, V> {
        Answer {
            value: self.value,
            actions: self.actions.into_iter().map(|(a, v)| (f(a), v)).collect(),
            nodes: self.nodes,
            hi: self.hi,
            actions_hi: self.actions_hi,
            halted: self.halted,
        }
    }

    /// The bounds of an answer stopped by a limit, in the request's units
    /// (`unit`) with the actions named by `name`; `None` when exact.
    pub fn bounds(&self, name: impl Fn(&A) -> String, unit: impl Fn(V) -> i64) -> Option<Bounds> {
        self.halted.as_ref().map(|reason| Bounds {
            value: (unit(self.value), unit(self.hi)),
            actions: self
                .actions
                .iter()
                .zip(&self.actions_hi)
                .map(|((a, v), h)| (name(a), (unit(*v), unit(*h))))
                .collect(),
            reason: reason.clone(),
        })
    }

    /// The answer to a request for `player`: values in the request's units
    /// (`unit`), actions named by `name` and put in the order of `legal`.
    pub fn to_request(
        &self,
        player: usize,
        legal: &[String],
        name: impl Fn(&A) -> String,
        unit: impl Fn(V) -> i64,
    ) -> SolveAnswer {
        let named = self
            .actions
            .iter()
            .map(|(a, v)| (name(a), unit(*v)))
            .collect();
        let bounds = self.bounds(&name, &unit).map(|mut b| {
            b.actions = in_legal_order(legal, std::mem::take(&mut b.actions));
            b
        });
        SolveAnswer {
            player,
            value: unit(self.value),
            actions: in_legal_order(legal, named),
            nodes: self.nodes,
            extra: Extra::None,
            bounds,
            estimate: None,
        }
    }
}

impl<V: Copy> Answer<String, V> {
    /// The answer to a request for `player` whose actions are already named
    /// and in the state's order (the order they were valued in): values in
    /// the request's units (`unit`).
    pub fn to_request_named(&self, player: usize, unit: impl Fn(V) -> i64) -> SolveAnswer {
        let legal: Vec<String> = self.actions.iter().map(|(a, _)| a.clone()).collect();
        self.to_request(player, &legal, String::clone, unit)
    }
}

/// How the actions of one root are valued: the root's solution, the side
/// that moves there, the probe and the window policy.
#[derive(Copy, Clone, Debug)]
pub struct Actions {
    root: Solution,
    mover_max: bool,
    narrow: bool,
    probe: Probe,
}

impl Actions {
    /// The valuing of the actions at `g`'s root, whose value is `root`.
    pub fn new<G: TrickGame>(
        g: &G,
        root: Solution,
        probe: Probe,
        narrow: Narrow,
        config: &SolverConfig,
    ) -> Actions {
        let narrow = match narrow {
            Narrow::Never => false,
            Narrow::Always => true,
            Narrow::Switched => config.switches.card_bounds || config.bounds || !root.exact(),
        };
        Actions {
            root,
            mover_max: g.side_of(g.to_move()) == 0,
            narrow,
            probe,
        }
    }

    /// The first guess after an action that credited `base`: the root's
    /// value less it.
    pub fn guess(&self, base: u32) -> u32 {
        self.root.value.saturating_sub(base)
    }

    /// The bounds of the value after an action that credited `base` to side
    /// 0 and left `g` where it leads, probing `guess` first: `base` plus the
    /// value of `g` (in the window the root leaves it when narrowing).
    pub fn after<G, P, M>(
        &self,
        solver: &mut Solver<P, M>,
        g: &mut G,
        base: u32,
        guess: u32,
    ) -> Result<(u32, u32)>
    where
        G: TrickGame<Pattern = P, Move = M>,
        P: Pattern,
        M: Copy + Default + PartialEq,
    {
        let window = if self.narrow {
            self.root.window_after(base, self.mover_max)
        } else {
            (0, u32::MAX)
        };
        let r = solver.value(g, 0, window, guess, self.probe)?;
        Ok((base + r.value, base + r.hi))
    }

    /// [`Actions::after`] for one move `m` of `g`: played, credited, valued
    /// and taken back. `guess` gets the game after the move and the root's
    /// guess ([`Actions::guess`]) and returns the first probe.
    pub fn after_move<G, P, M>(
        &self,
        solver: &mut Solver<P, M>,
        g: &mut G,
        m: M,
        guess: impl FnOnce(&G, u32) -> u32,
    ) -> Result<(u32, u32)>
    where
        G: TrickGame<Pattern = P, Move = M>,
        P: Pattern,
        M: Copy + Default + PartialEq,
    {
        let base = credit(g, m);
        let first = guess(g, self.guess(base));
        let r = self.after(solver, g, base, first);
        g.undo(m);
        r
    }
}

/// Plays `m` on `g` and returns what its trick credits to side 0.
pub fn credit<G: TrickGame>(g: &mut G, m: G::Move) -> u32 {
    let won = g.play(m);
    won.map_or(0, |w| w.credit(g.side_of(w.seat as usize), 0))
}

/// What a game says after move `m` of `g`: the move is played; when the
/// game is over after it (nothing left to search) the answer is
/// `over(credit)`, what its last trick credited to side 0; otherwise it is
/// `ask(solver, g, credit)`, asked of the game after the move; the move is
/// then taken back. The shell of every question asked after an action
/// (yes/no against a threshold, a rank, a value probed one threshold at a
/// time) on the call's one solver.
pub fn after_move<G, P, M, T>(
    solver: &mut Solver<P, M>,
    g: &mut G,
    m: M,
    over: impl FnOnce(u32) -> T,
    ask: impl FnOnce(&mut Solver<P, M>, &mut G, u32) -> Result<T>,
) -> Result<T>
where
    G: TrickGame<Pattern = P, Move = M>,
    P: Pattern,
    M: Copy + Default + PartialEq,
{
    let base = credit(g, m);
    let r = if g.remaining() == 0 {
        Ok(over(base))
    } else {
        ask(solver, g, base)
    };
    g.undo(m);
    r
}

/// A yes/no question against a threshold: does side 0 take at least
/// `target` from the root on? Asked of the root ([`Threshold::at`]) and
/// after each action ([`Threshold::after_move`]) on the call's one solver,
/// so one budget holds over them all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Threshold {
    /// What side 0 must take from the root on.
    pub target: u32,
    /// Whether a move after which the game is over is answered from what
    /// it credited without a search (a game whose search ends when the
    /// question is settled); else the rest is always searched.
    pub settles: bool,
}

impl Threshold {
    /// The question "at least `target`?", every position searched.
    pub fn new(target: u32) -> Threshold {
        Threshold {
            target,
            settles: false,
        }
    }

    /// The question "at least `target`?" of a game that ends once it is
    /// settled: a move that ends it is answered without a search.
    pub fn settled_at_end(target: u32) -> Threshold {
        Threshold {
            target,
            settles: true,
        }
    }

    /// The answer at `g`'s current state (the root).
    pub fn at<G, P, M>(&self, solver: &mut Solver<P, M>, g: &mut G) -> Result<bool>
    where
        G: TrickGame<Pattern = P, Move = M>,
        P: Pattern,
        M: Copy + Default + PartialEq,
    {
        solver.reaches(g, 0, self.target)
    }

    /// The answer after move `m` of `g`: what its trick credited counts
    /// towards the target, the rest is searched (unless the game is over
    /// and the threshold [`Threshold::settles`]); the move is taken back.
    pub fn after_move<G, P, M>(&self, solver: &mut Solver<P, M>, g: &mut G, m: M) -> Result<bool>
    where
        G: TrickGame<Pattern = P, Move = M>,
        P: Pattern,
        M: Copy + Default + PartialEq,
    {
        let base = credit(g, m);
        let r = if base >= self.target {
            Ok(true)
        } else if self.settles && g.remaining() == 0 {
            Ok(false)
        } else {
            solver.reaches(g, 0, self.target - base)
        };
        g.undo(m);
        r
    }
}

impl<P: Pattern, M: Copy + Default + PartialEq> Solver<P, M> {
    /// The value of a call's root for side 0 from `g`, probing `guess` first
    /// and then as `probe` says, its progress reported in the answer's units
    /// (`units`, see [`crate::solve::SolverConfig::progress`]).
    pub fn value_root<G: TrickGame<Pattern = P, Move = M>>(
        &mut self,
        g: &mut G,
        guess: u32,
        probe: Probe,
        units: Option<RootUnits>,
    ) -> Result<Solution> {
        self.report_root(units);
        let r = self.value(g, 0, (0, u32::MAX), guess, probe);
        self.report_root(None);
        r
    }

    /// [`Solver::value_root`] with the root's moves spread over the call's
    /// threads ([`Solver::value_split`]; the progress is reported when the
    /// value is known), after a trial on one thread ([`Solver::trial`]).
    pub fn value_root_split<G>(
        &mut self,
        g: &mut G,
        guess: u32,
        probe: Probe,
        units: Option<RootUnits>,
    ) -> Result<Solution>
    where
        G: TrickGame<Pattern = P, Move = M> + Clone + Send,
        P: Send + Sync,
        M: Send + Sync,
    {
        if self.threads() < 2 {
            return self.value_root(g, guess, probe, units);
        }
        // A small position: its value on this thread alone.
        let mut h = g.clone();
        if let Some(done) = self.trial(|s| s.value(&mut h, 0, (0, u32::MAX), guess, probe)) {
            let r = done?;
            self.report_root(units);
            self.report(r.value, r.hi);
            self.report_root(None);
            return Ok(r);
        }
        let r = self.value_split(g, guess, probe)?;
        self.report_root(units);
        self.report(r.value, r.hi);
        self.report_root(None);
        Ok(r)
    }
}

/// The probe for wide point scales answered by zero-window questions one
/// threshold at a time: the largest `t` in `lo..=hi` for which `reaches(t)`
/// holds (`lo` is taken to hold), by bisection. `reaches` must be monotone
/// (true up to some threshold, false beyond).
pub fn largest_reached(
    mut lo: i32,
    mut hi: i32,
    mut reaches: impl FnMut(i32) -> Result<bool>,
) -> Result<i32> {
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2;
        if reaches(mid)? {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Ok(lo)
}

#[cfg(test)]
#[path = "answer_tests.rs"]
mod tests;

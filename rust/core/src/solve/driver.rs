//! The one search driver: how zero-window probes ("can this side still take
//! at least `t`?") are strung together into an exact value, under the limits
//! of one call.
//!
//! Every game's double-dummy answer goes through [`Solver::value`] and
//! [`Solver::reaches`]: whist tricks, the Court Piece objectives (heaps,
//! Dehla's tens, the kot query), Twenty-eight's card points, outcomes and
//! sweeps, Ganjifa, Dugi and Dashavatara. So the node limit, the time limit
//! and Ctrl-C (the stop flag) act the same way everywhere, with the same
//! messages, and count over a whole call (the position's value and the value
//! after every action together), not per probe.
//!
//! ```
//! use hukm_core::pack::Pack;
//! use hukm_core::solve::{Probe, Solver, SolverConfig, Whist, WhistPosition};
//! let p = Pack::french52();
//! let hands = p.parse_deal("AK... QJ... T9... 87...", 4).unwrap();
//! let pos = WhistPosition::new(hands, None, 0);
//! let mut g = Whist::<4>::new(&pos, [0, 1, 0, 1]).unwrap();
//! let mut s = Solver::new(SolverConfig::small());
//! s.start_call();
//! let v = s.value(&mut g, 0, (0, 2), 1, Probe::Bisect).unwrap();
//! assert_eq!(v.value, 2);
//! assert!(s.reaches(&mut g, 0, 2).unwrap());
//! ```

use std::time::Instant;

use super::game::{Pattern, Side, TrickGame};
use super::search::{Limits, Search};
use super::{RootUnits, Solution, Solver};
use crate::error::Error;
use crate::error::Result;

/// True when the user's stop flag is raised.
fn stopped(stop: &Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) -> bool {
    stop.as_ref()
        .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
}

/// How the driver moves from one probe to the next.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Probe {
    /// MTD(f): start at the guess and step one unit in the direction of each
    /// answer (the table carries over, and values near the answer cost most,
    /// so a good guess makes this the cheapest). With the `mtdf` switch off,
    /// a plain upward scan from the lower bound.
    #[default]
    Mtdf,
    /// Bisection of the window left after a first probe at the guess: for
    /// value scales where one move can be worth many units (Dehla's
    /// `14 * tens + tricks`, a run of Ganjifa hukms), so that stepping would
    /// cost a probe per unit.
    Bisect,
}

impl<P: Pattern, M: Copy + Default + PartialEq> Solver<P, M> {
    /// Starts a new call: the node count returns to zero and the time limit
    /// runs from now. Every public entry point of a solve starts one; the
    /// limits of [`crate::solve::SolverConfig`] then hold for all the probes
    /// of the call together.
    pub fn start_call(&mut self) {
        self.used = 0;
        self.deadline = self.config.timeout.map(|d| Instant::now() + d);
        if let Some(end) = self.search_end {
            self.deadline = Some(self.deadline.map_or(end, |d| d.min(end)));
        }
        self.halted = None;
        self.root_units = None;
    }

    /// Ends the searches of the calls that start from now on at `end` (none:
    /// at their time limit only), before their time limit when it is
    /// earlier: a graded call keeps the rest of its time for play-outs. A
    /// stop there still names the call's own limit.
    pub fn search_until(&mut self, end: Option<Instant>) {
        self.search_end = end;
    }

    /// In anytime mode ([`crate::solve::SolverConfig::bounds`]): the limit
    /// that stopped the current call, when one did (its values since are
    /// bounds, not exact).
    pub fn halted(&self) -> Option<&Error> {
        self.halted.as_ref()
    }

    /// While the root of a call is valued: report each narrowing of its
    /// bounds to [`crate::solve::SolverConfig::progress`], in the answer's
    /// units as `units` maps them (`None` stops reporting). Reports nothing
    /// when no progress is watched.
    pub fn report_root(&mut self, units: Option<RootUnits>) {
        self.root_units = if self.config.progress.is_some() {
            units
        } else {
            None
        };
    }

    /// The window of a value about to be searched, clipped to what is left
    /// to win (`total`), reported as the progress so far; after a limit
    /// stopped an anytime call, `Err` with the solution to return at once
    /// (the window itself, no search).
    pub(crate) fn open_window(
        &self,
        window: (u32, u32),
        total: u32,
    ) -> std::result::Result<(u32, u32), Solution> {
        let top = window.1.min(total);
        let bottom = window.0.min(top);
        if self.halted.is_some() {
            return Err(Solution {
                value: bottom,
                hi: top,
                nodes: 0,
            });
        }
        self.report(bottom, top);
        Ok((bottom, top))
    }

    pub(crate) fn report(&self, lo: u32, hi: u32) {
        if let (Some(p), Some(f)) = (&self.config.progress, &self.root_units) {
            let (a, b) = f(lo, hi);
            p.report(a, b, self.used);
        }
    }

    /// Nodes visited since the call started.
    pub fn call_nodes(&self) -> u64 {
        self.used
    }

    /// What is left of the call's limits (for searches outside the shared
    /// search, e.g. Ganjifa's expectation over blind picks); report their
    /// nodes with [`Solver::add_nodes`]. Their errors name the limits of the
    /// whole call, as the user gave them.
    pub fn call_limits(&self) -> Limits {
        if let (Some(budget), Some(m)) = (&self.team, self.config.max_nodes) {
            return Limits {
                stop: self.config.stop.clone(),
                given_timeout: self.config.timeout,
                before: self.used,
                cancel: self.cancel.clone(),
                moot: self.bar.as_ref().map(|b| b.watch()),
                ..Limits::drawing(budget, m, self.deadline)
            };
        }
        Limits {
            max_nodes: self.config.max_nodes.map(|m| m.saturating_sub(self.used)),
            deadline: self.deadline,
            stop: self.config.stop.clone(),
            given_nodes: self.config.max_nodes,
            given_timeout: self.config.timeout,
            before: self.used,
            grant: None,
            cancel: self.cancel.clone(),
            moot: self.bar.as_ref().map(|b| b.watch()),
            trial: self.trial.map(|t| t.saturating_sub(self.used)),
        }
    }

    /// Counts nodes visited by a search of the caller's own against the call.
    pub fn add_nodes(&mut self, nodes: u64) {
        self.used += nodes;
    }

    /// Runs `f` with a search over `max_side` under the call's limits,
    /// keeping the cut-off cache, and counts its nodes. The error of a limit
    /// that stopped the search comes with `f`'s result (whose answers since
    /// the stop are void).
    pub(crate) fn with_search<G, R>(
        &mut self,
        max_side: Side,
        f: impl FnOnce(&mut Search<'_, G>) -> R,
    ) -> Result<(R, u64, Option<Error>)>
    where
        G: TrickGame<Pattern = P, Move = M>,
    {
        if self.config.switches.tt {
            self.tt.keep_newest(self.config.switches.keep_newest);
            self.tt.keep_costly(self.config.switches.keep_costly);
            self.tt
                .small_first(G::SMALL_FIRST && self.config.switches.small_first);
            let trees = G::PATTERN_TREES && self.config.switches.pattern_trees;
            self.tt
                .shared_trees(trees && self.config.switches.shared_trees);
            self.tt.reserve_for(trees)?;
        }
        self.tt.new_generation();
        let limits = self.call_limits();
        let shared = self.config.switches.shared_killers;
        let (kept, before) = if shared {
            (std::mem::take(&mut self.cutoffs), self.used)
        } else {
            (Vec::new(), 0)
        };
        let mut s = Search::new(&mut self.tt, self.config.switches, max_side, &limits)
            .with_cutoffs(kept, before);
        let r = f(&mut s);
        let nodes = s.nodes;
        let abort = s.take_abort();
        limits.release(nodes);
        if shared {
            self.cutoffs = s.into_cutoffs();
        }
        self.used += nodes;
        Ok((r, nodes, abort))
    }

    /// One zero-window probe: can `max_side` take at least `target` from
    /// `game`'s current state to the end? (`target <= 0` is always reached.)
    pub fn reaches<G: TrickGame<Pattern = P, Move = M>>(
        &mut self,
        game: &mut G,
        max_side: Side,
        target: u32,
    ) -> Result<bool> {
        let (ok, _, abort) = self.with_search(max_side, |s| s.reaches(game, target as i32).0)?;
        match abort {
            Some(e) => Err(e),
            None => Ok(ok),
        }
    }

    /// The exact value for `max_side` from `game`'s current state, known to
    /// lie in `window` (`lo..=hi`, clipped to what is left to win), probing
    /// first at `guess` and then as `probe` says. The solution's nodes are
    /// this search's.
    ///
    /// In anytime mode ([`crate::solve::SolverConfig::bounds`]) a limit does
    /// not fail the call: the solution holds the bounds proven when it
    /// stopped (`value..=hi`), and every later value of the call returns its
    /// window without searching.
    pub fn value<G: TrickGame<Pattern = P, Move = M>>(
        &mut self,
        game: &mut G,
        max_side: Side,
        window: (u32, u32),
        guess: u32,
        probe: Probe,
    ) -> Result<Solution> {
        let mtdf = self.config.switches.mtdf;
        let soft = self.config.switches.fail_soft && G::SOFT_BOUNDS;
        let (bottom, top) = match self.open_window(window, game.remaining()) {
            Ok(w) => w,
            Err(done) => return Ok(done),
        };
        let reporting = self.root_units.is_some() && self.config.progress.is_some();
        let progress = self.config.progress.clone();
        let units = self.root_units.take();
        let bar = self.bar.clone();
        let base = self.used;
        let stop = self.config.stop.clone();
        let (bounds, nodes, abort) = self.with_search(max_side, |s| {
            let mut taken = None;
            let mut hi = top;
            let mut lo = bottom;
            let mut t = guess;
            while lo < hi {
                if let Some(b) = &bar {
                    (lo, hi) = b.narrow(lo, hi);
                    if lo >= hi {
                        break;
                    }
                }
                t = match probe {
                    Probe::Mtdf if !mtdf => lo + 1,
                    _ => t.clamp(lo + 1, hi),
                };
                if let Some(b) = &bar {
                    b.probing(t);
                }
                let (ok, b, _) = s.reaches(game, t as i32);
                if s.aborted() {
                    // A probe another thread made moot is dropped; the
                    // window is cut again before the next.
                    if bar.as_ref().is_some_and(|b| b.moot()) {
                        match s.take_abort() {
                            Some(Error::Interrupted) if !stopped(&stop) => continue,
                            e => taken = e,
                        }
                    }
                    break;
                }
                // With fail-soft probes the bound proven may reach past the
                // target.
                let b = if soft {
                    b.clamp(lo as i32, hi as i32) as u32
                } else {
                    t
                };
                if ok {
                    lo = b.max(t);
                } else {
                    hi = b.min(t - 1);
                }
                if reporting {
                    if let (Some(p), Some(f)) = (&progress, &units) {
                        let (a, b) = f(lo, hi);
                        p.report(a, b, base + s.nodes);
                    }
                }
                t = match probe {
                    Probe::Mtdf if ok => lo + 1,
                    Probe::Mtdf => hi,
                    Probe::Bisect => (lo + hi).div_ceil(2),
                };
            }
            // After a stop, `lo..=hi` is what the completed probes proved.
            (lo, hi, taken)
        })?;
        self.root_units = units;
        let (value, hi, taken) = bounds;
        let abort = abort.or(taken);
        match abort {
            None => {
                self.report(value, hi);
                Ok(Solution { value, hi, nodes })
            }
            // Dropped by the call itself: no limit was reached.
            Some(e) if self.cancelled() => Err(e),
            Some(e) if self.config.bounds => {
                self.halted = Some(e);
                Ok(Solution { value, hi, nodes })
            }
            Some(e) => Err(e),
        }
    }

    /// True when the call dropped the current search ([`Limits::cancel`]).
    /// (A probe made moot by another thread is not: its search goes on.)
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
            || self.trial.is_some_and(|t| self.used > t)
    }
}

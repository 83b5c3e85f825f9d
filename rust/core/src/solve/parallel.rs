//! Every core on one position: the work of one call spread over threads
//! that share one transposition table.
//!
//! The scheme is a *root split*. A call that values every action of a
//! position values each action on its own; with several threads the actions
//! are handed out one at a time to whichever thread is free
//! ([`Solver::split`]), each thread searching with its own solver (its own
//! cut-off cache) on the call's one table ([`super::shared`]), so what one
//! thread proves the others read. The root's value is then the best of the
//! actions' values for the side to move ([`each_action`]), with no search
//! of its own. A call that asks only for the value splits the root's moves
//! the same way, each move searched only for what could still beat the best
//! value found so far by any thread ([`Solver::value_split`]).
//!
//! Values are exact whatever the number of threads: every bound in the
//! table is proven by the thread that stored it, and the answer combines
//! exact values (or, when a limit stops an anytime call, proven bounds).
//! Node counts differ from run to run with more than one thread (which
//! thread reaches a position first decides what the others find in the
//! table). The limits hold for the call as a whole: the node limit is one
//! budget the threads draw from ([`super::limits::Budget`]), the deadline
//! and the stop flag are the call's.
//!
//! ```
//! use hukm_core::pack::Pack;
//! use hukm_core::solve::{Solver, SolverConfig, WhistPosition};
//! let p = Pack::french52();
//! let hands = p.parse_deal("AKJ.Q2.. QT9.K3.. 876.A4.. 5432.5..", 4).unwrap();
//! let pos = WhistPosition::new(hands, None, 0);
//! let one = Solver::new(SolverConfig::small()).solve_cards(&pos, 0).unwrap();
//! let two = Solver::new(SolverConfig { threads: 2, ..SolverConfig::small() })
//!     .solve_cards(&pos, 0)
//!     .unwrap();
//! assert_eq!((one.value, &one.actions), (two.value, &two.actions));
//! ```

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::answer::{Actions, Narrow};
use super::game::{Pattern, TrickGame};
use super::limits::Budget;
use super::tt::Tt;
use super::{Probe, RootUnits, Solution, Solver, SolverConfig};
use crate::error::{Error, Result};

/// The nodes a call on several threads spends on one thread before it
/// splits its work ([`Solver::trial`]): positions this small (about a
/// millisecond) gain nothing from more threads.
pub const TRIAL_NODES: u64 = 1 << 13;

/// What a thread did in the calls it helped with (statistics).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ThreadWork {
    /// Search nodes visited.
    pub nodes: u64,
    /// Jobs (actions or root moves) it took.
    pub jobs: u64,
    /// Table probes and stores (each locks one stripe of the table).
    pub locks: u64,
    /// Table probes and stores that waited for another thread's lock.
    pub waits: u64,
    /// Time from the start of the split to the end of its last job, in
    /// microseconds.
    pub busy_us: u64,
    /// Processor time it used in that span, in microseconds (where the
    /// system tells it: Linux; else 0). On a machine shared with other
    /// work, `busy_us` grows with the load and this does not.
    pub cpu_us: u64,
    /// Time it had nothing to do while the call's other threads still
    /// searched (it finished its last job before the call's last job
    /// ended), in microseconds.
    pub idle_us: u64,
}

impl<P, M> Solver<P, M>
where
    P: Pattern + Send + Sync,
    M: Copy + Default + PartialEq + Send + Sync,
{
    /// The threads a call of this solver may use.
    pub fn threads(&self) -> usize {
        self.config.threads.max(1)
    }

    /// Makes ready the solvers of the other `k` threads of this one's call,
    /// kept from earlier calls where there are: the same settings (no
    /// progress reports: the call's own thread gives them), the same table,
    /// the call's deadline and state of halt.
    fn helpers(&mut self, k: usize) -> Vec<Solver<P, M>> {
        let mut helpers = std::mem::take(&mut self.helpers);
        helpers.truncate(k);
        let mut config = self.config.clone();
        config.progress = None;
        while helpers.len() < k {
            helpers.push(Solver::with_pattern(SolverConfig {
                threads: 1,
                tt_bytes: 0,
                ..config.clone()
            }));
        }
        for h in helpers.iter_mut() {
            h.config = config.clone();
            if let Some(mine) = self.tt.handle() {
                if h.tt
                    .handle()
                    .map_or(true, |x| !Arc::ptr_eq(x.table(), mine.table()))
                {
                    h.tt = Tt::shared(mine.table());
                }
            }
            if let Some(mine) = self.core.as_ref().and_then(|c| c.shared()) {
                if h.core
                    .as_ref()
                    .and_then(|c| c.shared())
                    .map_or(true, |x| !Arc::ptr_eq(x, mine))
                {
                    h.core = Some(Box::new(super::wcore::Core::joining(mine)));
                }
            }
            h.used = 0;
            h.deadline = self.deadline;
            h.halted = self.halted.clone();
            h.root_units = None;
        }
        helpers
    }

    /// The first part of a call on several threads
    /// ([`crate::solve::Switches::trial_first`]): `serial`, the work of one
    /// thread, run on this thread alone for at most [`TRIAL_NODES`] nodes
    /// of the call (on its own table while it has not split: see
    /// [`Solver::share_table`]). `Some` with its result when it finished
    /// (or failed for a reason of the call's: a limit, the stop flag);
    /// `None` when the trial ran out, for the caller to split the work.
    /// Always `None` on one thread.
    pub fn trial<T>(&mut self, serial: impl FnOnce(&mut Self) -> Result<T>) -> Option<Result<T>> {
        if self.threads() < 2 || !self.config.switches.trial_first {
            return None;
        }
        let end = self.used + TRIAL_NODES;
        self.trial = Some(end);
        let r = serial(self);
        self.trial = None;
        let stopped = self
            .config
            .stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed));
        match r {
            Err(Error::Interrupted) if self.used > end && !stopped => None,
            r => Some(r),
        }
    }

    /// Makes the solver's table one its threads can share, if it is not
    /// yet: a call on several threads searches on a table of its own until
    /// it first splits its work (a table shared by threads costs each probe
    /// a lock), and from then on on the shared one (the own table's
    /// entries are dropped).
    pub(crate) fn share_table(&mut self) {
        if self.tt.handle().is_none() {
            let table = Arc::new(super::shared::SharedTt::with_bytes(self.config.tt_bytes));
            self.tt = Tt::shared(&table);
        }
    }

    /// Runs `job(solver, i)` for every `i` in `0..n` as part of the current
    /// call and returns the results in order. With one thread (or one job)
    /// the jobs run in order on this solver. With more, each job goes to
    /// the next free thread, each thread with its own solver on the shared
    /// table; the call's node limit is one budget for them all, and their
    /// nodes count towards the call's. The first failing job (in job order)
    /// gives the error; no job starts after one failed. In anytime mode a
    /// limit that stops one thread stops the call (each job then returns
    /// the bounds it had proven).
    pub fn split<T, F>(&mut self, n: usize, job: F) -> Result<Vec<T>>
    where
        T: Send,
        F: Fn(&mut Solver<P, M>, usize) -> Result<T> + Sync,
    {
        let threads = self.threads().min(n);
        if threads <= 1 {
            return (0..n).map(|i| job(self, i)).collect();
        }
        self.share_table();
        let budget = self
            .config
            .max_nodes
            .map(|m| Arc::new(Budget::new(m.saturating_sub(self.used), threads)));
        let mut helpers = self.helpers(threads - 1);
        for h in helpers.iter_mut() {
            h.team = budget.clone();
        }
        self.team = budget;
        let next = AtomicUsize::new(0);
        let failed = AtomicUsize::new(usize::MAX);
        let results: Mutex<Vec<(usize, Result<T>)>> = Mutex::new(Vec::with_capacity(n));
        let start = std::time::Instant::now();
        let run = |s: &mut Solver<P, M>| -> ThreadWork {
            let mut work = ThreadWork::default();
            let table = |s: &Solver<P, M>| {
                s.tt.handle()
                    .map_or((0, 0), |h| (h.probes + h.stores, h.waits))
            };
            let (locks, waits) = table(s);
            let used = s.used;
            let cpu = thread_cpu_us();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n || failed.load(Ordering::Relaxed) < i {
                    break;
                }
                let r = job(s, i);
                if r.is_err() {
                    failed.fetch_min(i, Ordering::Relaxed);
                }
                work.jobs += 1;
                results
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((i, r));
            }
            work.nodes = s.used - used;
            let (l, w) = table(s);
            work.locks = l - locks;
            work.waits = w - waits;
            work.busy_us = start.elapsed().as_micros() as u64;
            work.cpu_us = thread_cpu_us() - cpu;
            work
        };
        // On a team whose threads are shared (a review's), the helpers are
        // the team's free threads, taken while jobs are left.
        let team = self.joined.clone().filter(|t| t.crew().is_some());
        let crew = team.as_ref().and_then(|t| t.crew());
        let done = AtomicBool::new(false);
        let idle = Mutex::new(helpers.iter_mut().collect::<Vec<_>>());
        let mut work: Vec<ThreadWork> = std::thread::scope(|sc| {
            let run = &run;
            let handles: Vec<_> = match crew {
                None => idle
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .drain(..)
                    .map(|h| sc.spawn(move || run(h)))
                    .collect(),
                Some(crew) => {
                    let (done, idle, next, failed) = (&done, &idle, &next, &failed);
                    let recruiter = sc.spawn(move || {
                        let mut handles = Vec::new();
                        let over = || {
                            done.load(Ordering::Relaxed)
                                || next.load(Ordering::Relaxed) >= n
                                || failed.load(Ordering::Relaxed) != usize::MAX
                        };
                        while crew.recruit(over) {
                            let Some(h) = idle.lock().unwrap_or_else(|e| e.into_inner()).pop()
                            else {
                                crew.release();
                                break;
                            };
                            handles.push(sc.spawn(move || {
                                let _back = super::team::Released(crew);
                                run(h)
                            }));
                        }
                        handles
                    });
                    let mine = run(self);
                    done.store(true, Ordering::Relaxed);
                    crew.nudge();
                    // This thread is free while its helpers finish.
                    crew.release();
                    let handles = recruiter.join().unwrap_or_default();
                    let mut all = vec![mine];
                    all.extend(handles.into_iter().map(|h| {
                        h.join().unwrap_or_else(|_| {
                            failed.fetch_min(n, Ordering::Relaxed);
                            results
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push((n, Err(Error::State("solver thread panicked".into()))));
                            ThreadWork::default()
                        })
                    }));
                    crew.take();
                    return all;
                }
            };
            let mine = run(self);
            let mut all = vec![mine];
            for h in handles {
                match h.join() {
                    Ok(w) => all.push(w),
                    Err(_) => {
                        failed.fetch_min(n, Ordering::Relaxed);
                        results
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((n, Err(Error::State("solver thread panicked".into()))));
                    }
                }
            }
            all
        });
        let end = work.iter().map(|w| w.busy_us).max().unwrap_or(0);
        for w in work.iter_mut() {
            w.idle_us = end - w.busy_us;
        }
        self.team = None;
        for h in helpers.iter_mut() {
            h.team = None;
            self.used += h.used;
            if self.halted.is_none() {
                self.halted = h.halted.take();
            }
        }
        self.record_work(&work);
        self.helpers = helpers;
        let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
        results.sort_by_key(|(i, _)| *i);
        results.into_iter().map(|(_, r)| r).collect()
    }

    /// The root's value from its actions' bounds ([`best_of`]), reported
    /// as the call's progress in the answer's units (`units`).
    pub fn report_best(
        &mut self,
        values: &[(u32, u32)],
        mover_max: bool,
        units: Option<RootUnits>,
    ) -> Solution {
        let root = best_of(values, mover_max, self.used);
        self.report_root(units);
        self.report(root.value, root.hi);
        self.report_root(None);
        root
    }

    /// Notes what each thread did in the last split (see
    /// [`Solver::thread_work`]).
    fn record_work(&mut self, work: &[ThreadWork]) {
        note_work(work);
    }
}

/// Adds what each thread of a split did to the process's record
/// ([`take_thread_work`]).
pub(crate) fn note_work(work: &[ThreadWork]) {
    let mut w = WORK.lock().unwrap_or_else(|e| e.into_inner());
    if w.len() < work.len() {
        w.resize(work.len(), ThreadWork::default());
    }
    for (a, b) in w.iter_mut().zip(work) {
        a.nodes += b.nodes;
        a.jobs += b.jobs;
        a.locks += b.locks;
        a.waits += b.waits;
        a.busy_us += b.busy_us;
        a.cpu_us += b.cpu_us;
        a.idle_us += b.idle_us;
    }
}

/// The processor time the calling thread has used, in microseconds (0
/// where the system does not tell it).
#[cfg(target_os = "linux")]
pub fn thread_cpu_us() -> u64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, t: *mut Timespec) -> i32;
    }
    /// `CLOCK_THREAD_CPUTIME_ID` on Linux.
    const THREAD_CPU: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid, writable timespec (two 64-bit fields on the
    // 64-bit Linux targets) for the duration of the call.
    let ok = unsafe { clock_gettime(THREAD_CPU, &mut t) } == 0;
    if ok {
        t.sec as u64 * 1_000_000 + t.nsec as u64 / 1000
    } else {
        0
    }
}

/// The processor time the calling thread has used (0: not known here).
#[cfg(not(target_os = "linux"))]
pub fn thread_cpu_us() -> u64 {
    0
}

/// What the threads of the process's splits did, summed thread by thread
/// (thread 0 is the calling thread of each split): for benchmarks.
static WORK: Mutex<Vec<ThreadWork>> = Mutex::new(Vec::new());

/// The work each thread did in the splits since the last call, thread by
/// thread (thread 0 being each split's calling thread), and starts
/// counting afresh. For benchmarks: splits running at once in different
/// calls add up together.
pub fn take_thread_work() -> Vec<ThreadWork> {
    std::mem::take(&mut *WORK.lock().unwrap_or_else(|e| e.into_inner()))
}

/// What a move of a split root must beat to matter
/// ([`Solver::value_split`]), in the terms of the side to move at the root
/// (its own value: side 0's, or what is left of the root's total): the
/// round's aspiration, and the best value of the root any thread has
/// proven so far, whichever is higher. The driver cuts the window of the
/// value after the move so that nothing at or below the bar is searched: a
/// value that ends on the bar then means "no better".
#[derive(Clone, Debug)]
pub struct Bar {
    /// The best the root's moves have proven (the mover's terms).
    best: Arc<AtomicU32>,
    /// The round asks which moves reach this (the mover's terms).
    aspiration: u32,
    credit: u32,
    /// The root's total (for the mover's terms when it is side 1).
    total: u32,
    mover_max: bool,
    /// The bound the last cut put on the value after the move (side 0's
    /// terms: a floor when the mover is side 0, a ceiling otherwise;
    /// `u32::MAX` before any).
    last: Arc<AtomicU32>,
    /// The best at which the running probe is moot (the mover's terms).
    moot_at: Arc<AtomicU32>,
}

impl Bar {
    /// The window `lo..=hi` of side 0's value after the move, cut to where
    /// the move could still reach the bar.
    #[inline]
    pub fn narrow(&self, lo: u32, hi: u32) -> (u32, u32) {
        let bar = self
            .best
            .load(Ordering::Relaxed)
            .max(self.aspiration.saturating_sub(1));
        if self.mover_max {
            // Cut when credit + value <= bar.
            let floor = bar.saturating_sub(self.credit);
            self.last.store(floor, Ordering::Relaxed);
            (lo.max(floor).min(hi), hi)
        } else {
            // The mover's value is total - credit - value: cut when it is
            // at most the bar.
            let ceiling = self.total.saturating_sub(self.credit).saturating_sub(bar);
            self.last.store(ceiling, Ordering::Relaxed);
            (lo, hi.min(ceiling).max(lo))
        }
    }

    /// Notes the target of the probe about to run ("does side 0 reach
    /// `t` after the move?"): it becomes moot once the best proven makes
    /// its answer useless (the mover's terms: `credit + t` or more when the
    /// mover is side 0, a value above `total - credit - t` otherwise).
    #[inline]
    pub fn probing(&self, t: u32) {
        let at = if self.mover_max {
            self.credit + t
        } else {
            (self.total + 1).saturating_sub(self.credit + t)
        };
        self.moot_at.store(at, Ordering::Relaxed);
    }

    /// True when the running probe has become moot.
    pub fn moot(&self) -> bool {
        self.best.load(Ordering::Relaxed) >= self.moot_at.load(Ordering::Relaxed)
    }

    /// What the search's limits watch to stop a moot probe.
    pub fn watch(&self) -> (Arc<AtomicU32>, Arc<AtomicU32>) {
        (self.best.clone(), self.moot_at.clone())
    }

    /// The bound the last cut put on the value after the move, if any.
    fn last(&self) -> Option<u32> {
        Some(self.last.load(Ordering::Relaxed)).filter(|&x| x != u32::MAX)
    }

    /// A bar that only makes probes moot ([`Solver::value_abdada`]): a
    /// probe is dropped once `epoch` reaches `moot_at` (set per probe).
    fn epoch(epoch: Arc<AtomicU32>, moot_at: Arc<AtomicU32>) -> Bar {
        Bar {
            best: epoch,
            aspiration: 0,
            credit: 0,
            total: 0,
            mover_max: true,
            last: Arc::new(AtomicU32::new(u32::MAX)),
            moot_at,
        }
    }
}

/// With [`crate::solve::Switches::outcome_pv`], the plies down which a
/// question's first move is searched before its others
/// ([`Solver::reaches_split`]).
pub const OUTCOME_PV_PLIES: u32 = 6;

/// With [`crate::solve::Switches::abdada`], moves are marked down to this
/// many moves before the end of the play (the searches below are too small
/// to pay for the marks).
pub const ABDADA_LEFT: u32 = 12;

/// The window of a value searched by every thread at once
/// ([`Solver::value_abdada`]): what the finished probes proved and the
/// target of the probe the threads are running.
struct Window {
    lo: u32,
    hi: u32,
    target: u32,
    /// Raised each time the target moves (the probes at the old one are
    /// moot).
    epoch: u32,
}

/// The moves of the line that plays each position's first move to the end
/// of the play from `g` (which is given back as it was).
fn plies_left<G: TrickGame>(g: &mut G, sw: &super::game::Switches) -> u32 {
    let mut line = Vec::new();
    let mut list = super::game::MoveList::new();
    while g.remaining() > 0 && line.len() < 1 << 12 {
        list.clear();
        g.moves(&mut list, sw);
        let Some(&m) = list.as_slice().first() else {
            break;
        };
        g.play(m);
        line.push(m);
    }
    for &m in line.iter().rev() {
        g.undo(m);
    }
    line.len() as u32
}

/// Seeds of the line hashes of [`Solver::value_abdada`]'s calls, one per
/// call (marks of one call never stand for another's).
static ABDADA_CALLS: AtomicUsize = AtomicUsize::new(0);

impl<P, M> Solver<P, M>
where
    P: Pattern + Send + Sync,
    M: Copy + Default + PartialEq + Send + Sync,
{
    /// The value of `g` for side 0 (as [`Solver::value`] over the whole
    /// window) with its root's moves spread over the call's threads.
    ///
    /// It works in the terms of the side to move, keeping proven bounds on
    /// each move's value, in rounds. A round asks which moves reach an
    /// aspiration (first the root's `guess`; after a round that no move
    /// passed, one below, by `probe`'s rule: one step, or half the window
    /// left): the moves that could are handed to the threads, each searched
    /// only above the higher of the aspiration and the best value any
    /// thread has proven so far (which rises as moves finish, and the
    /// probes of moves still searched follow it), so a move that reaches
    /// the bar is valued exactly and one that does not is only refuted.
    /// Once the best proven is at least every move's upper bound the root's
    /// value is known: the round stops and the searches still running are
    /// dropped. A root with one move is split below that move (and so on
    /// down a line of single moves). With one thread it is
    /// [`Solver::value`].
    pub fn value_split<G>(&mut self, g: &mut G, guess: u32, probe: Probe) -> Result<Solution>
    where
        G: TrickGame<Pattern = P, Move = M> + Clone + Send,
    {
        let sw = &self.config.switches;
        let abdada = sw.abdada
            || (sw.abdada_trees && G::PATTERN_TREES && matches!(probe, Probe::Mtdf))
            || (sw.abdada_dehla && g.abdada_value());
        if abdada && self.threads() > 1 {
            // Every thread on the same probes keeps to the shared table's
            // chains: on the pattern trees (`Switches::shared_trees`) the
            // value alone of three-hand deals searched 1.5-1.8x the nodes
            // on an idle machine (see benches/solver_log.md).
            let trees = std::mem::replace(&mut self.config.switches.shared_trees, false);
            let r = self.value_abdada(g, guess, probe);
            self.config.switches.shared_trees = trees;
            return r;
        }
        let mut list = super::game::MoveList::new();
        if self.threads() > 1 && g.remaining() > 0 {
            g.moves(&mut list, &self.config.switches);
        }
        if list.len() == 1 {
            // One move (a compulsory lead, a single card to follow): the
            // split goes below it.
            let m = list.as_slice()[0];
            let credit = super::answer::credit(g, m);
            let r = if g.remaining() == 0 {
                Ok(Solution {
                    value: 0,
                    hi: 0,
                    nodes: self.used,
                })
            } else {
                self.value_split(g, guess.saturating_sub(credit), probe)
            };
            g.undo(m);
            let r = r?;
            return Ok(Solution {
                value: credit + r.value,
                hi: credit + r.hi,
                nodes: r.nodes,
            });
        }
        if list.len() < 2 {
            return self.value(g, 0, (0, u32::MAX), guess, probe);
        }
        let moves = list.as_slice().to_vec();
        let mover_max = g.side_of(g.to_move()) == 0;
        let total = g.remaining();
        let guess = guess.min(total);
        // Side 0's value and the mover's, one from the other.
        let mine = |v: u32| if mover_max { v } else { total - v };
        // Each move's credit and the proven bounds of its value, the
        // mover's terms.
        let mut credits = Vec::with_capacity(moves.len());
        let mut known = Vec::with_capacity(moves.len());
        for &m in &moves {
            let credit = super::answer::credit(g, m);
            let rest = g.remaining();
            g.undo(m);
            credits.push(credit);
            let (a, b) = (mine(credit), mine(credit + rest));
            known.push((a.min(b), a.max(b)));
        }
        let known = Mutex::new(known);
        let best = Arc::new(AtomicU32::new(0));
        let root = Mutex::new(g.clone());
        let mut aspiration = mine(guess);
        loop {
            let (top, proven) = {
                let k = known.lock().unwrap_or_else(|e| e.into_inner());
                let top = k.iter().map(|x| x.1).max().unwrap_or(0);
                (top, k.iter().map(|x| x.0).max().unwrap_or(0))
            };
            best.fetch_max(proven, Ordering::Relaxed);
            let b = best.load(Ordering::Relaxed);
            if b >= top || self.halted.is_some() {
                break;
            }
            let a = aspiration.clamp(b + 1, top);
            let jobs: Vec<usize> = {
                let k = known.lock().unwrap_or_else(|e| e.into_inner());
                (0..moves.len()).filter(|&i| k[i].1 >= a).collect()
            };
            let cancel = Arc::new(AtomicBool::new(false));
            let round = |s: &mut Solver<P, M>, j: usize| -> Result<()> {
                if cancel.load(Ordering::Relaxed) {
                    return Ok(());
                }
                let i = jobs[j];
                let mut h = root.lock().unwrap_or_else(|e| e.into_inner()).clone();
                let credit = super::answer::credit(&mut h, moves[i]);
                s.bar = Some(Bar {
                    best: best.clone(),
                    aspiration: a,
                    credit,
                    total,
                    mover_max,
                    last: Arc::new(AtomicU32::new(u32::MAX)),
                    moot_at: Arc::new(AtomicU32::new(u32::MAX)),
                });
                s.cancel = Some(cancel.clone());
                let first = guess.saturating_sub(credit);
                let r = s.value(&mut h, 0, (0, u32::MAX), first, probe);
                let dropped = s.cancelled();
                s.cancel = None;
                let last = s.bar.take().and_then(|b| b.last());
                let r = match r {
                    Err(_) if dropped => return Ok(()),
                    r => r?,
                };
                // What the search proved: side 0's value after the move
                // is at most `r.hi` (at least `r.value`) unless that end
                // is the bar's cut.
                let (lo, hi) = if mover_max {
                    let lo = last
                        .map_or(true, |f| r.value > f)
                        .then_some(credit + r.value);
                    (lo, Some(credit + r.hi))
                } else {
                    let hi = last.map_or(true, |c| r.hi < c).then_some(credit + r.hi);
                    (Some(credit + r.value), hi)
                };
                let (lo, hi) = if mover_max {
                    (lo, hi)
                } else {
                    (hi.map(mine), lo.map(mine))
                };
                let mut k = known.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(lo) = lo {
                    k[i].0 = k[i].0.max(lo);
                    best.fetch_max(k[i].0, Ordering::Relaxed);
                }
                if let Some(hi) = hi {
                    k[i].1 = k[i].1.min(hi).max(k[i].0);
                }
                let top = k.iter().map(|x| x.1).max().unwrap_or(0);
                if best.load(Ordering::Relaxed) >= top {
                    cancel.store(true, Ordering::Relaxed);
                }
                Ok(())
            };
            self.split(jobs.len(), round)?;
            if best.load(Ordering::Relaxed) < a {
                // No move reached the aspiration: the next one below.
                aspiration = match probe {
                    Probe::Mtdf => a - 1,
                    Probe::Bisect => (b + a).div_ceil(2),
                };
            }
        }
        let k = known.into_inner().unwrap_or_else(|e| e.into_inner());
        let pick = |x: (u32, u32)| if mover_max { x } else { (mine(x.1), mine(x.0)) };
        let values: Vec<(u32, u32)> = k.into_iter().map(pick).collect();
        Ok(best_of(&values, mover_max, self.used))
    }

    /// Whether side 0 takes at least `target` from `g` on (as
    /// [`Solver::reaches`] for side 0), on every thread of the call
    /// ([`crate::solve::Switches::outcome_split`]; one thread, or the
    /// switch off: [`Solver::reaches`]).
    ///
    /// After a trial on this thread alone ([`Solver::trial`]), the root's
    /// moves are handed to the threads, each move's question ("does side 0
    /// still reach the target less what the move credited?") on the next
    /// free thread, in the game's order of moves; the first answer that
    /// decides the root's (a move that reaches it for side 0 to move, one
    /// that refutes it for side 1) drops the questions still running. A
    /// root with one move is split below it. With
    /// [`crate::solve::Switches::outcome_abdada`] every thread asks the
    /// root's question instead ([`Solver::value_abdada`] within the window
    /// `target - 1..=target`).
    pub fn reaches_split<G>(&mut self, g: &mut G, target: u32) -> Result<bool>
    where
        G: TrickGame<Pattern = P, Move = M> + Clone + Send,
    {
        if !self.config.switches.outcome_split {
            return self.reaches(g, 0, target);
        }
        let abdada = self.config.switches.outcome_abdada;
        self.reaches_over(g, target, abdada)
    }

    /// Whether side 0 takes at least `target` from `g` on (as
    /// [`Solver::reaches`] for side 0), the root's moves spread over the
    /// call's threads after a trial on this thread alone, as
    /// [`Solver::reaches_split`] does without
    /// [`crate::solve::Switches::outcome_abdada`] (with `abdada`, as it does
    /// with it), whatever the switches. One thread: [`Solver::reaches`].
    pub fn reaches_over<G>(&mut self, g: &mut G, target: u32, abdada: bool) -> Result<bool>
    where
        G: TrickGame<Pattern = P, Move = M> + Clone + Send,
    {
        if self.threads() < 2 || target == 0 {
            return self.reaches(g, 0, target);
        }
        let mut h = g.clone();
        if let Some(done) = self.trial(|s| s.reaches(&mut h, 0, target)) {
            return done;
        }
        let plies = if self.config.switches.outcome_pv {
            OUTCOME_PV_PLIES
        } else {
            0
        };
        self.reaches_spread(g, target, plies, abdada)
    }

    /// [`Solver::reaches_split`] past its trial: the first move searched
    /// first (split the same way below it) down `pv` plies.
    fn reaches_spread<G>(&mut self, g: &mut G, target: u32, pv: u32, abdada: bool) -> Result<bool>
    where
        G: TrickGame<Pattern = P, Move = M> + Clone + Send,
    {
        if target == 0 {
            return Ok(true);
        }
        if g.remaining() == 0 {
            return Ok(false);
        }
        if abdada {
            let r = self.abdada_within(g, (target - 1, target), target, Probe::Mtdf)?;
            return Ok(r.value >= target);
        }
        let mut list = super::game::MoveList::new();
        g.moves(&mut list, &self.config.switches);
        let moves = list.as_slice().to_vec();
        if moves.len() < 2 {
            let Some(&m) = moves.first() else {
                return self.reaches(g, 0, target);
            };
            // One move (a compulsory lead, a single card to follow): the
            // split goes below it.
            let credit = super::answer::credit(g, m);
            let r = if credit >= target {
                Ok(true)
            } else {
                self.reaches_spread(g, target - credit, pv, abdada)
            };
            g.undo(m);
            return r;
        }
        let mover_max = g.side_of(g.to_move()) == 0;
        let mut moves = moves;
        if pv > 0 {
            // The first move alone (its own moves split), then the others
            // if it did not decide.
            let m = moves.remove(0);
            let credit = super::answer::credit(g, m);
            let r = if credit >= target {
                Ok(true)
            } else if g.remaining() == 0 {
                Ok(false)
            } else {
                self.reaches_spread(g, target - credit, pv - 1, abdada)
            };
            g.undo(m);
            if r? == mover_max {
                return Ok(mover_max);
            }
        }
        let fresh = self.config.switches.fresh_cutoffs;
        let cancel = Arc::new(AtomicBool::new(false));
        let root = Mutex::new(g.clone());
        let answers = self.split(moves.len(), |s, i| -> Result<Option<bool>> {
            if cancel.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let mut h = root.lock().unwrap_or_else(|e| e.into_inner()).clone();
            let credit = super::answer::credit(&mut h, moves[i]);
            let yes = if credit >= target {
                true
            } else if h.remaining() == 0 {
                false
            } else {
                if fresh {
                    s.cutoffs = Vec::new();
                }
                s.cancel = Some(cancel.clone());
                let r = s.reaches(&mut h, 0, target - credit);
                let dropped = s.cancelled();
                s.cancel = None;
                match r {
                    Err(_) if dropped => return Ok(None),
                    r => r?,
                }
            };
            if yes == mover_max {
                // The mover has a move that decides the root.
                cancel.store(true, Ordering::Relaxed);
            }
            Ok(Some(yes))
        })?;
        let decided = answers.contains(&Some(mover_max));
        Ok(decided == mover_max)
    }

    /// The value of `g` for side 0 (as [`Solver::value`] over the whole
    /// window, probing first at `guess`, then as `probe` says) searched by
    /// every thread of the call at once, by ABDADA
    /// ([`crate::solve::Switches::abdada`]).
    ///
    /// The threads run the same probes from the root on the call's shared
    /// table: the first to answer a probe moves the window and sets the
    /// next target, and the others drop the old probe and take the new one
    /// (a probe made moot is noticed at the search's next check of its
    /// limits). Below the root they spread by themselves: at a node whose
    /// first move has been searched, a thread skips the moves another
    /// thread is searching and comes back to them at the end
    /// ([`super::shared::Busy`]), most often to find their answers in the
    /// table. Down to [`ABDADA_LEFT`] moves before the end of the play.
    pub fn value_abdada<G>(&mut self, g: &mut G, guess: u32, probe: Probe) -> Result<Solution>
    where
        G: TrickGame<Pattern = P, Move = M> + Clone + Send,
    {
        self.abdada_within(g, (0, u32::MAX), guess, probe)
    }

    /// [`Solver::value_abdada`] of a value known to lie in `window`
    /// (`lo..=hi`, side 0's terms): the value clipped to it.
    fn abdada_within<G>(
        &mut self,
        g: &mut G,
        window: (u32, u32),
        guess: u32,
        probe: Probe,
    ) -> Result<Solution>
    where
        G: TrickGame<Pattern = P, Move = M> + Clone + Send,
    {
        let total = g.remaining();
        let window = match self.open_window(window, total) {
            Ok(w) => w,
            Err(done) => return Ok(done),
        };
        if window.0 >= window.1 {
            return Ok(Solution {
                value: window.0,
                hi: window.1,
                nodes: self.used,
            });
        }
        let plies = plies_left(g, &self.config.switches);
        self.share_table();
        let busy = self.tt.handle().map(|h| h.table().busy().clone());
        let call = ABDADA_CALLS.fetch_add(1, Ordering::Relaxed) as u64;
        if let Some(b) = &busy {
            b.start(
                super::game::mix64(call.wrapping_add(0x5EED)),
                plies.saturating_sub(ABDADA_LEFT),
            );
        }
        let soft = self.config.switches.fail_soft && G::SOFT_BOUNDS;
        let mtdf = self.config.switches.mtdf;
        let next = move |lo: u32, hi: u32, ok: bool| -> u32 {
            let t = match probe {
                Probe::Mtdf if !mtdf || ok => lo + 1,
                Probe::Mtdf => hi,
                Probe::Bisect => (lo + hi).div_ceil(2),
            };
            t.clamp(lo + 1, hi.max(lo + 1))
        };
        let first = match probe {
            Probe::Mtdf if !mtdf => window.0 + 1,
            _ => guess.clamp(window.0 + 1, window.1),
        };
        let shared = Mutex::new(Window {
            lo: window.0,
            hi: window.1,
            target: first,
            epoch: 0,
        });
        let epoch = Arc::new(AtomicU32::new(0));
        let root = Mutex::new(g.clone());
        let stop = self.config.stop.clone();
        let threads = self.threads();
        let job = |s: &mut Solver<P, M>, _: usize| -> Result<()> {
            let mut h = root.lock().unwrap_or_else(|e| e.into_inner()).clone();
            let moot_at = Arc::new(AtomicU32::new(u32::MAX));
            s.bar = Some(Bar::epoch(epoch.clone(), moot_at.clone()));
            let r = s.with_search(0, |search| -> Result<()> {
                loop {
                    let (t, e) = {
                        let w = shared.lock().unwrap_or_else(|e| e.into_inner());
                        if w.lo >= w.hi {
                            return Ok(());
                        }
                        (w.target, w.epoch)
                    };
                    moot_at.store(e + 1, Ordering::Relaxed);
                    let (ok, b, _) = search.reaches(&mut h, t as i32);
                    if search.aborted() {
                        let err = search.take_abort().unwrap_or(Error::Interrupted);
                        let user = stop.as_ref().is_some_and(|f| f.load(Ordering::Relaxed));
                        if matches!(err, Error::Interrupted)
                            && !user
                            && epoch.load(Ordering::Relaxed) > e
                        {
                            // Another thread answered first: the next probe.
                            continue;
                        }
                        return Err(err);
                    }
                    let mut w = shared.lock().unwrap_or_else(|e| e.into_inner());
                    // The bound proven (with fail-soft probes it may reach
                    // past the target); any finished probe's is valid.
                    if ok {
                        let b = if soft { (b.max(0) as u32).max(t) } else { t };
                        w.lo = w.lo.max(b.min(w.hi));
                    } else {
                        let b = if soft {
                            (b.max(0) as u32).min(t - 1)
                        } else {
                            t - 1
                        };
                        w.hi = w.hi.min(b.max(w.lo));
                    }
                    let (lo, hi) = (w.lo, w.hi);
                    if lo >= hi || w.target == t || w.target <= lo || w.target > hi {
                        w.target = next(lo, hi, ok);
                        w.epoch += 1;
                        epoch.store(w.epoch, Ordering::Relaxed);
                    }
                }
            });
            s.bar = None;
            let err = match r {
                Ok((Ok(()), _, None)) => return Ok(()),
                Ok((Ok(()), _, Some(e))) | Ok((Err(e), _, _)) | Err(e) => e,
            };
            if s.config.bounds && !matches!(err, Error::State(_)) {
                s.halted = Some(err);
                return Ok(());
            }
            Err(err)
        };
        let r = self.split(threads, job);
        if let Some(b) = &busy {
            b.stop();
        }
        r?;
        let w = shared.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok(Solution {
            value: w.lo,
            hi: w.hi,
            nodes: self.used,
        })
    }
}

/// The bounds of each of `n` actions' values on the call's threads
/// ([`Solver::split`]): `play(game, i)` plays action `i` on a copy of
/// `root` and says what the action itself credited to side 0; the rest is
/// valued and the action's value is the credit plus the rest's.
///
/// With [`crate::solve::Switches::trial_first`] the call first tries the
/// work of one thread, on this thread alone and its own table, for
/// [`TRIAL_NODES`] nodes: the root valued (probed first at `root_guess`),
/// then each action within the window the root's value leaves it as
/// `narrow` says ([`Actions`]), probed first at `guess(game, the root's
/// value less the credit)`. A position that small is answered so, as fast
/// as on one thread. Otherwise (and without the switch) every action is
/// valued at once over its whole window, each on the next free thread,
/// probed first at `guess(game, estimate)`, `estimate` being `root_guess`
/// less the credit until an action is valued, then the last valued
/// action's value less the credit (most actions of a position are worth
/// about the same). With [`crate::solve::Switches::fresh_cutoffs`] each
/// action's search starts with an empty cut-off cache: one carried over
/// from another action's search on the same thread can misorder the moves
/// of the next (a three-hand position's best card: 1.14 M nodes after
/// six other cards, 0.26 M alone).
#[allow(clippy::too_many_arguments)]
pub fn each_action<G, P, M>(
    solver: &mut Solver<P, M>,
    root: &G,
    n: usize,
    play: impl Fn(&mut G, usize) -> u32 + Sync,
    root_guess: u32,
    guess: impl Fn(&G, u32) -> u32 + Sync,
    probe: Probe,
    narrow: Narrow,
) -> Result<Vec<(u32, u32)>>
where
    G: TrickGame<Pattern = P, Move = M> + Clone + Send,
    P: Pattern + Send + Sync,
    M: Copy + Default + PartialEq + Send + Sync,
{
    if n > 1 {
        let serial = |s: &mut Solver<P, M>| -> Result<Vec<(u32, u32)>> {
            let mut g = root.clone();
            let r = s.value(&mut g, 0, (0, u32::MAX), root_guess, probe)?;
            let each = Actions::new(&g, r, probe, narrow, s.config());
            (0..n)
                .map(|i| {
                    let mut h = g.clone();
                    let base = play(&mut h, i);
                    let first = guess(&h, each.guess(base));
                    each.after(s, &mut h, base, first)
                })
                .collect()
        };
        if let Some(done) = solver.trial(serial) {
            return done;
        }
    }
    let last = AtomicU32::new(root_guess);
    let fresh = solver.config().switches.fresh_cutoffs;
    // The games need not be shared between threads, only sent: each job
    // takes its own copy.
    let root = Mutex::new(root.clone());
    solver.split(n, |s, i| {
        let mut g = root.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let base = play(&mut g, i);
        let first = guess(&g, last.load(Ordering::Relaxed).saturating_sub(base));
        if fresh {
            s.cutoffs = Vec::new();
        }
        let r = s.value(&mut g, 0, (0, u32::MAX), first, probe)?;
        if r.exact() {
            last.store(base + r.value, Ordering::Relaxed);
        }
        Ok((base + r.value, base + r.hi))
    })
}

/// The answers of `n` questions of one call that do not depend on each
/// other (a question after each action of a root) over the call's threads
/// ([`Solver::split`]): with [`crate::solve::Switches::trial_first`] the
/// call first tries `serial`, the work of one thread, on this thread alone
/// for [`TRIAL_NODES`] nodes (a small position is answered so, as fast as
/// on one thread); past the trial (and without the switch) `job(solver, i)`
/// answers question `i` on the next free thread, its search starting with
/// an empty cut-off cache with [`crate::solve::Switches::fresh_cutoffs`].
pub fn each_question<P, M, T>(
    solver: &mut Solver<P, M>,
    n: usize,
    serial: impl FnOnce(&mut Solver<P, M>) -> Result<Vec<T>>,
    job: impl Fn(&mut Solver<P, M>, usize) -> Result<T> + Sync,
) -> Result<Vec<T>>
where
    P: Pattern + Send + Sync,
    M: Copy + Default + PartialEq + Send + Sync,
    T: Send,
{
    if n > 1 {
        if let Some(done) = solver.trial(serial) {
            return done;
        }
    }
    let fresh = solver.config().switches.fresh_cutoffs;
    if !solver.config().switches.help_tail || solver.threads() < 2 || n < 2 {
        return solver.split(n, |s, i| {
            if fresh {
                s.cutoffs = Vec::new();
            }
            job(s, i)
        });
    }
    // Each question: 0 not taken, 1 searched, 2 searched and helped,
    // 3 answered; its answer, and the flag that drops its other search.
    let state: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
    let answers: Vec<Mutex<Option<Result<T>>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let drop: Vec<Arc<AtomicBool>> = (0..n).map(|_| Arc::new(AtomicBool::new(false))).collect();
    let next = AtomicUsize::new(0);
    let ask = |s: &mut Solver<P, M>, i: usize| {
        if fresh {
            s.cutoffs = Vec::new();
        }
        s.cancel = Some(drop[i].clone());
        let r = job(s, i);
        s.cancel = None;
        let dropped = drop[i].load(Ordering::Relaxed);
        if r.is_err() && dropped {
            // The other search of this question answered it.
            return;
        }
        let mut a = answers[i].lock().unwrap_or_else(|e| e.into_inner());
        if a.is_none() {
            *a = Some(r);
            state[i].store(3, Ordering::Relaxed);
            drop[i].store(true, Ordering::Relaxed);
        }
    };
    let worker = |s: &mut Solver<P, M>, _: usize| -> Result<()> {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i < n {
                state[i].store(1, Ordering::Relaxed);
                ask(s, i);
                continue;
            }
            // No question left to take: search one still searched by a
            // single thread (the first taken) alongside it.
            let Some(j) = (0..n).find(|&j| {
                state[j]
                    .compare_exchange(1, 2, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            }) else {
                return Ok(());
            };
            ask(s, j);
        }
    };
    let threads = solver.threads().min(n);
    solver.split(threads, worker)?;
    answers
        .into_iter()
        .map(|a| {
            a.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or_else(|| Err(Error::State("a question was not answered".into())))
        })
        .collect()
}

/// The root's value from its actions' bounds: the best for the side to
/// move (the highest when it is side 0, `mover_max`, else the lowest), for
/// the lower and the upper bounds alike. `nodes` is the call's so far.
pub fn best_of(values: &[(u32, u32)], mover_max: bool, nodes: u64) -> Solution {
    let pick = |a: u32, b: u32| if mover_max { a.max(b) } else { a.min(b) };
    let mut it = values.iter().copied();
    let (value, hi) = it
        .next()
        .map(|first| it.fold(first, |(l, h), (a, b)| (pick(l, a), pick(h, b))))
        .unwrap_or((0, 0));
    Solution { value, hi, nodes }
}

#[cfg(test)]
#[path = "parallel_tests.rs"]
mod tests;

//! The limits of a search: nodes, time and a stop flag, checked every few
//! thousand nodes; and for a call spread over threads, the node budget they
//! draw from together ([`Budget`]).

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::error::{Error, Result};

/// Node and time limits of one search.
///
/// A search may run on what is left of a larger call's limits (the driver's
/// [`super::Solver::call_limits`]): `max_nodes` and `deadline` are then what
/// remains, while `given_nodes` and `given_timeout` keep the limits the user
/// gave for the whole call, which the error names.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop with [`Error::SolverLimit`] after this many nodes in this search.
    pub max_nodes: Option<u64>,
    /// Stop with [`Error::SolverLimit`] after this instant.
    pub deadline: Option<Instant>,
    /// Stop with [`Error::Interrupted`] when this flag becomes true.
    pub stop: Option<Arc<AtomicBool>>,
    /// The node limit the user gave (named in the error; `max_nodes` when
    /// unset).
    pub given_nodes: Option<u64>,
    /// The time limit the user gave (named in the error).
    pub given_timeout: Option<Duration>,
    /// Nodes the call visited before this search: the time limit and the
    /// stop flag are checked at the call's first node and then every 4096
    /// nodes of the call, however it is split into searches.
    pub before: u64,
    /// For one of several threads of a call: the nodes this search may
    /// visit are drawn from the call's shared [`Budget`] (`max_nodes` is then
    /// unset, `given_nodes` names the call's limit).
    pub grant: Option<Grant>,
    /// Stop with [`Error::Interrupted`] when this flag becomes true: the
    /// call's own reason to drop a search (another thread made it moot),
    /// beside the user's `stop`.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Stop with [`Error::Interrupted`] when the first value reaches the
    /// second: another thread proved what makes this search's current probe
    /// moot (see [`super::parallel::Bar`]); the search that set it takes
    /// the error back and goes on.
    pub moot: Option<(Arc<AtomicU32>, Arc<AtomicU32>)>,
    /// Stop with [`Error::Interrupted`] after this many nodes in this
    /// search: the end of the call's trial on one thread
    /// ([`super::Solver::trial`]).
    pub trial: Option<u64>,
}

impl Limits {
    /// Limits from a node limit and a time budget from now.
    pub fn new(max_nodes: Option<u64>, timeout: Option<Duration>) -> Limits {
        Limits {
            max_nodes,
            deadline: timeout.map(|d| Instant::now() + d),
            stop: None,
            given_nodes: max_nodes,
            given_timeout: timeout,
            before: 0,
            grant: None,
            cancel: None,
            moot: None,
            trial: None,
        }
    }

    /// The same limits, stopped also when `stop` is raised.
    pub fn with_stop(mut self, stop: Option<Arc<AtomicBool>>) -> Limits {
        self.stop = stop;
        self
    }

    /// An error when a search that has visited `nodes` nodes must stop: the
    /// node limit passed, the deadline reached, or the stop flag raised. The
    /// message names the limit the user gave, e.g. `solver node limit
    /// reached (max_nodes=916)` or `solver time limit reached (timeout=0.5 s)`.
    pub fn check(&self, nodes: u64) -> Result<()> {
        if let Some(g) = &self.grant {
            if !g.cover(nodes) {
                return Err(self.node_limit(0));
            }
        }
        if let Some(m) = self.max_nodes {
            if nodes > m {
                return Err(self.node_limit(m));
            }
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                return Err(Error::SolverLimit(match self.given_timeout {
                    Some(t) => format!("solver time limit reached (timeout={} s)", t.as_secs_f64()),
                    None => "solver time limit reached".into(),
                }));
            }
        }
        if self.trial.is_some_and(|t| nodes > t) {
            return Err(Error::Interrupted);
        }
        if poll_says_stop() {
            return Err(Error::Interrupted);
        }
        for f in [&self.stop, &self.cancel].into_iter().flatten() {
            if f.load(Ordering::Relaxed) {
                return Err(Error::Interrupted);
            }
        }
        if let Some((best, at)) = &self.moot {
            if best.load(Ordering::Relaxed) >= at.load(Ordering::Relaxed) {
                return Err(Error::Interrupted);
            }
        }
        Ok(())
    }

    /// The node of this search at which to check first: the call's first
    /// node (a time limit already passed stops even the smallest call), else
    /// the call's next multiple of 4096 nodes, or right past the node limit.
    #[inline]
    pub fn first_check(&self) -> u64 {
        if self.before == 0 {
            1
        } else {
            self.next_check(0)
        }
    }

    /// After a check at `nodes` nodes of this search: when to check next, at
    /// the call's next multiple of 4096 nodes and right past the node limit
    /// (so the limit holds exactly, however small).
    #[inline]
    pub fn next_check(&self, nodes: u64) -> u64 {
        let aligned = nodes + CHECK_EVERY - (self.before + nodes) % CHECK_EVERY;
        match self.cap() {
            Some(m) if m >= nodes => aligned.min(m + 1),
            // Past a grant: the check at the next node draws more.
            Some(_) if self.grant.is_some() => nodes + 1,
            // Past the node limit (the search stops there anyway).
            Some(_) => nodes + CHECK_EVERY,
            None => aligned,
        }
    }

    /// [`Limits::check`] at the call's first node and every 4096 nodes of
    /// the call, the node limit exactly (for searches that count their own
    /// nodes).
    #[inline]
    pub fn check_at(&self, nodes: u64) -> Result<()> {
        let call = self.before + nodes;
        if call % CHECK_EVERY == 0 || call == 1 || self.cap().is_some_and(|m| nodes > m) {
            self.check(nodes)
        } else {
            Ok(())
        }
    }

    /// The most nodes this search may visit as things stand: the node
    /// limit, or what its grant holds so far.
    #[inline]
    fn cap(&self) -> Option<u64> {
        match &self.grant {
            Some(g) => Some(g.granted.get()),
            None => self.max_nodes,
        }
    }

    /// The error of the call's node limit (`m`: this search's, when the
    /// user gave none).
    #[cold]
    fn node_limit(&self, m: u64) -> Error {
        Error::SolverLimit(format!(
            "solver node limit reached (max_nodes={})",
            self.given_nodes.unwrap_or(m)
        ))
    }

    /// At the end of a search that visited `nodes` nodes: the part of its
    /// grant it did not use goes back to the call's budget.
    pub fn release(&self, nodes: u64) {
        if let Some(g) = &self.grant {
            g.release(nodes);
        }
    }
}

/// How often (in nodes of a call) the time limit and the stop flag are
/// checked.
pub(crate) const CHECK_EVERY: u64 = 4096;

/// A question asked at each check of the limits made on one thread: true
/// stops the search there with [`Error::Interrupted`].
type Poll = Box<dyn FnMut() -> bool>;

thread_local! {
    /// This thread's [`Poll`], while [`polling`] runs.
    static POLL: RefCell<Option<Poll>> = const { RefCell::new(None) };
}

/// Runs `f` with `poll` asked at every check of the limits that this
/// thread makes meanwhile (the call's first node and every 4096 nodes of
/// each search it runs here): when `poll` answers true, the search stops
/// with [`Error::Interrupted`]. A caller that runs a search on its own
/// thread watches it this way (Ctrl-C, a progress line) without a second
/// thread to wait on it; the searches of other threads do not ask.
///
/// ```
/// use hukm_core::solve::limits::{polling, Limits};
/// let l = Limits::new(None, None);
/// assert!(polling(|| true, || l.check(1)).is_err());
/// assert!(polling(|| false, || l.check(1)).is_ok());
/// assert!(l.check(1).is_ok());
/// ```
pub fn polling<R>(poll: impl FnMut() -> bool + 'static, f: impl FnOnce() -> R) -> R {
    /// Takes the poll away again, even when `f` unwinds.
    struct Unset(Option<Poll>);
    impl Drop for Unset {
        fn drop(&mut self) {
            let before = self.0.take();
            POLL.with(|p| *p.borrow_mut() = before);
        }
    }
    let before = POLL.with(|p| p.borrow_mut().replace(Box::new(poll)));
    let _unset = Unset(before);
    f()
}

/// What this thread's [`Poll`] answers (false without one).
fn poll_says_stop() -> bool {
    POLL.with(|p| {
        p.try_borrow_mut()
            .is_ok_and(|mut h| h.as_mut().is_some_and(|h| h()))
    })
}

/// The node limit of a call whose searches run on several threads: the
/// nodes not yet handed to a search. Each search draws a small share at a
/// time ([`Grant`]) and gives back what it did not use, so the threads
/// together visit at most the limit plus one node each (the node that found
/// the budget spent).
///
/// ```
/// use hukm_core::solve::limits::{Budget, Limits};
/// let b = std::sync::Arc::new(Budget::new(100, 2));
/// let l = Limits::drawing(&b, 100, None);
/// assert!(l.check(60).is_ok() && l.check(100).is_ok());
/// assert!(l.check(101).is_err());
/// l.release(101);
/// assert_eq!(b.left(), 0);
/// ```
#[derive(Debug)]
pub struct Budget {
    left: AtomicU64,
    /// The threads drawing from it: a share is at most an eighth of what is
    /// left divided among them.
    threads: u64,
}

impl Budget {
    /// A budget of `nodes` nodes for `threads` threads.
    pub fn new(nodes: u64, threads: usize) -> Budget {
        Budget {
            left: AtomicU64::new(nodes),
            threads: threads.max(1) as u64,
        }
    }

    /// Nodes not yet handed out.
    pub fn left(&self) -> u64 {
        self.left.load(Ordering::Relaxed)
    }

    /// Hands out a share: what is left divided among eight times the
    /// threads, at least one node and at most [`CHECK_EVERY`]; 0 when
    /// nothing is left.
    fn take(&self) -> u64 {
        let mut got = 0;
        let _ = self
            .left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |l| {
                got = (l / (8 * self.threads)).clamp(1, CHECK_EVERY).min(l);
                (got > 0).then(|| l - got)
            });
        got
    }

    fn give_back(&self, nodes: u64) {
        if nodes > 0 {
            self.left.fetch_add(nodes, Ordering::Relaxed);
        }
    }
}

/// One search's draw on a [`Budget`]: the nodes handed to it so far.
#[derive(Clone, Debug)]
pub struct Grant {
    budget: Arc<Budget>,
    granted: Cell<u64>,
}

impl Grant {
    /// Draws until `nodes` nodes are covered; false when the budget is
    /// spent first.
    fn cover(&self, nodes: u64) -> bool {
        while nodes > self.granted.get() {
            match self.budget.take() {
                0 => return false,
                k => self.granted.set(self.granted.get() + k),
            }
        }
        true
    }

    /// Gives back what is granted beyond `nodes`.
    fn release(&self, nodes: u64) {
        let g = self.granted.get();
        if g > nodes {
            self.budget.give_back(g - nodes);
            self.granted.set(nodes);
        }
    }
}

impl Limits {
    /// The limits of a search that draws its nodes from `budget` (the call's
    /// limit `given_nodes` named in the error), with the call's `deadline`.
    pub fn drawing(budget: &Arc<Budget>, given_nodes: u64, deadline: Option<Instant>) -> Limits {
        Limits {
            deadline,
            given_nodes: Some(given_nodes),
            grant: Some(Grant {
                budget: budget.clone(),
                granted: Cell::new(0),
            }),
            ..Limits::default()
        }
    }
}
#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use super::{Budget, Limits, CHECK_EVERY};

    /// A node limit of any size is checked right past it; without one, every
    /// 4096 nodes.
    #[test]
    fn the_next_check_lands_right_past_the_node_limit() {
        let none = Limits::new(None, None);
        assert_eq!(none.next_check(0), CHECK_EVERY);
        let small = Limits::new(Some(20), None);
        assert_eq!(small.next_check(0), 21);
        assert!(small.check(21).is_err() && small.check(20).is_ok());
        let big = Limits::new(Some(10_000), None);
        assert_eq!(big.next_check(0), CHECK_EVERY);
        assert_eq!(big.next_check(8192), 10_001);
        assert_eq!(big.next_check(10_001), 10_001 + CHECK_EVERY);
    }

    /// The errors name the limits as given: a search on what is left of a
    /// call's budget still says the call's `max_nodes`, and a time limit
    /// says its `timeout` in seconds.
    #[test]
    fn the_errors_name_the_given_limits() {
        let own = Limits::new(Some(20), None);
        assert_eq!(
            own.check(21).unwrap_err().to_string(),
            "solver node limit reached (max_nodes=20)"
        );
        let left = Limits {
            max_nodes: Some(84),
            given_nodes: Some(916),
            ..Limits::default()
        };
        assert!(left.check(84).is_ok());
        assert_eq!(
            left.check(85).unwrap_err().to_string(),
            "solver node limit reached (max_nodes=916)"
        );
        let late = Limits::new(None, Some(Duration::from_millis(500)));
        assert!(late.check(0).is_ok());
        let past = Limits {
            deadline: Some(std::time::Instant::now()),
            ..late
        };
        assert_eq!(
            past.check(0).unwrap_err().to_string(),
            "solver time limit reached (timeout=0.5 s)"
        );
        let now = Limits::new(None, Some(Duration::ZERO));
        assert_eq!(
            now.check(0).unwrap_err().to_string(),
            "solver time limit reached (timeout=0 s)"
        );
    }

    /// Searches drawing on one budget visit no more than it plus one node
    /// each, however their checks interleave, and what a search does not
    /// use goes back.
    #[test]
    fn searches_drawing_on_one_budget_stop_together() {
        let b = Arc::new(Budget::new(10_000, 3));
        let ls: Vec<Limits> = (0..3).map(|_| Limits::drawing(&b, 10_000, None)).collect();
        let mut nodes = [0u64; 3];
        let mut next: Vec<u64> = ls.iter().map(|l| l.first_check()).collect();
        let mut stopped = [false; 3];
        let mut i = 0;
        while !stopped.iter().all(|&s| s) {
            let k = i % 3;
            i += 1 + (i * 7) % 5;
            if stopped[k] {
                continue;
            }
            nodes[k] += 1;
            if nodes[k] >= next[k] {
                next[k] = ls[k].next_check(nodes[k]);
                if let Err(e) = ls[k].check(nodes[k]) {
                    assert_eq!(e.to_string(), "solver node limit reached (max_nodes=10000)");
                    stopped[k] = true;
                }
            }
            assert!(nodes[k] <= next[k] || stopped[k]);
        }
        let total: u64 = nodes.iter().sum();
        assert!(total <= 10_000 + 3, "{}", total);
        assert!(total >= 10_000 - 3 * 64, "{}", total);
        let b = Arc::new(Budget::new(500, 2));
        let l = Limits::drawing(&b, 500, None);
        assert!(l.check(10).is_ok());
        l.release(10);
        assert_eq!(b.left(), 490);
    }
}

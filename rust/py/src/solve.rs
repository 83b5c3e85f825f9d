//! Double-dummy solving from Python: one `solve` for every game,
//! `solve_many` and the bots' `sample_values`.

use hukm_core::registry;
use hukm_core::solve::pool::{SharedPool, SolverPool};
use hukm_core::solve::request::{Extra, Goal, SolveAnswer, SolveRequest};
use hukm_core::solve::Progress;
use hukm_core::Error;
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::error::PyResult;
use crate::run::{run_detached, run_here, run_ticking};
use crate::state::PyState;

/// How often a progress callback hears from a search whose bounds have not
/// narrowed.
const HEARTBEAT: std::time::Duration = std::time::Duration::from_millis(500);

/// A request with the limits and table size checked.
pub fn request(
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    tt_mib: Option<u64>,
) -> PyResult<SolveRequest> {
    Ok(SolveRequest::new().with_limits(max_nodes, timeout, tt_mib)?)
}

/// The threads a call uses when it is given none: `HUKM_THREADS` when set
/// (a whole number from 1 to 1024), else the cores this process may run on
/// (its CPU affinity and quota).
pub fn default_threads() -> usize {
    env_threads().ok().flatten().unwrap_or_else(machine_threads)
}

/// The cores this process may run on: `std::thread::available_parallelism`
/// (its CPU affinity, capped by its quota), which reads the control
/// group's files each time (10 µs, as much as a small solve): kept with
/// the affinity it was read under, and read again only when the affinity
/// grew (a quota is read once).
fn machine_threads() -> usize {
    use std::sync::Mutex;
    /// The affinity's cores and the answer read under it.
    static SEEN: Mutex<Option<(usize, usize)>> = Mutex::new(None);
    let read = || std::thread::available_parallelism().map_or(1, |x| x.get());
    let Some(now) = affinity_cores() else {
        return read();
    };
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    match *seen {
        Some((then, n)) if now <= then => n.min(now),
        _ => {
            let n = read();
            *seen = Some((now, n));
            n
        }
    }
}

/// The cores of this process's CPU affinity (`sched_getaffinity`), where
/// the system says.
#[cfg(target_os = "linux")]
fn affinity_cores() -> Option<usize> {
    extern "C" {
        fn sched_getaffinity(pid: i32, size: usize, mask: *mut u64) -> i32;
    }
    let mut mask = [0u64; 16];
    // SAFETY: `mask` is writable for the size given (1,024 cores).
    let r = unsafe { sched_getaffinity(0, std::mem::size_of_val(&mask), mask.as_mut_ptr()) };
    (r == 0).then(|| {
        mask.iter()
            .map(|w| w.count_ones() as usize)
            .sum::<usize>()
            .max(1)
    })
}

#[cfg(not(target_os = "linux"))]
fn affinity_cores() -> Option<usize> {
    None
}

/// `HUKM_THREADS` read and checked (`None` when unset or empty).
fn env_threads() -> Result<Option<usize>, Error> {
    match std::env::var("HUKM_THREADS") {
        Ok(v) if !v.trim().is_empty() => match v.trim().parse::<usize>() {
            Ok(n) if (1..=1024).contains(&n) => Ok(Some(n)),
            _ => Err(Error::Option(format!(
                "HUKM_THREADS must be a whole number from 1 to 1024, got {:?}",
                v
            ))),
        },
        _ => Ok(None),
    }
}

/// The threads a call uses when it is given none (see the Rust
/// `default_threads`); a bad `HUKM_THREADS` is an error naming it.
#[pyfunction(name = "default_threads")]
pub fn py_default_threads() -> PyResult<usize> {
    Ok(env_threads()?.unwrap_or_else(machine_threads))
}

/// The threads of a call: `threads` (at least 1) or the default.
pub fn threads_or_default(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(Error::Option("threads must be at least 1".into()).into()),
        Some(n) => Ok(n),
        None => py_default_threads(),
    }
}

/// What each thread of the engine's parallel splits did since the last
/// call (and the counters start afresh): one dict per thread with `nodes`,
/// `jobs`, `locks` (table probes and stores, each locking one stripe),
/// `waits` (those that waited for another thread's lock), `busy_us` (from each split's
/// start to the thread's last job's end), `cpu_us` (processor time in that
/// span) and `idle_us` (waiting for the split's other threads at its end).
#[pyfunction]
pub fn thread_work<'py>(py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    hukm_core::solve::parallel::take_thread_work()
        .into_iter()
        .map(|w| {
            let d = PyDict::new(py);
            let fields = [
                ("nodes", w.nodes),
                ("jobs", w.jobs),
                ("locks", w.locks),
                ("waits", w.waits),
                ("busy_us", w.busy_us),
                ("cpu_us", w.cpu_us),
                ("idle_us", w.idle_us),
            ];
            for (k, v) in fields {
                d.set_item(k, v)?;
            }
            Ok(d)
        })
        .collect()
}

/// The exact double-dummy answer of any state (an `Answer`). Every
/// argument after `state` is a keyword (`hukm.solve` names each one).
///
/// With `bounds`, a limit does not raise: the answer then has `bounds`,
/// `action_bounds` and `stopped`. `progress`, a callable, is called with
/// `(lo, hi, nodes)` (the bounds of the value proven so far and the nodes
/// searched when they were) each time they narrow and every half second
/// while they do not, from the calling thread.
///
/// With `pool` (a `SolverPool`), the games that can keep their solver
/// across calls (Hokm and the Court Piece family) take it from there and
/// leave it there, table and all. `threads` (default: `default_threads()`)
/// spreads the call over that many threads sharing one table; the answer
/// is the same for any number.
///
/// With `graded`, a limit or a position beyond the search's reach gives
/// the best grade reached: `bounds`, `action_bounds` and `stopped` as
/// above whenever a value is not exact, and with `estimate` its `estimate`.
#[pyfunction]
#[pyo3(signature = (state, *, player = None, objective = "tricks", target = None, actions = true, details = true, max_nodes = None, timeout = None, tt_mib = None, bounds = false, progress = None, pool = None, graded = false, estimate = true, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve<'py>(
    py: Python<'py>,
    state: PyRef<'py, PyState>,
    player: Option<usize>,
    objective: &str,
    target: Option<i32>,
    actions: bool,
    details: bool,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    tt_mib: Option<u64>,
    bounds: bool,
    progress: Option<Bound<'py, PyAny>>,
    pool: Option<PyRef<'py, PySolverPool>>,
    graded: bool,
    estimate: bool,
    threads: Option<usize>,
) -> PyResult<PyAnswer> {
    let goal = match (objective, target) {
        ("tricks" | "value", None) => Goal::Value,
        ("tricks" | "value", Some(t)) => Goal::Target(t),
        ("kot", None) => Goal::Kot,
        ("kot", Some(_)) => {
            return Err(Error::State("target= does not go with objective=\"kot\"".into()).into())
        }
        (other, _) => {
            return Err(Error::Option(format!(
                "unknown objective {:?}; valid objectives: tricks, kot",
                other
            ))
            .into())
        }
    };
    let mut req = request(max_nodes, timeout, tt_mib)?;
    req.player = player;
    req.goal = goal;
    req.actions = actions;
    req.details = details;
    req.config.bounds = bounds || graded;
    req.graded = graded;
    req.estimate = estimate;
    req.config.threads = threads_or_default(threads)?;
    req.pool = pool.map(|p| p.inner.clone());
    let watched = progress.as_ref().map(|_| Progress::default());
    req.config.progress = watched.clone();
    // A copy is solved and the state released before the solve starts, so other
    // threads may go on using it meanwhile.
    let s = state.inner.clone();
    drop(state);
    // The progress callback hears of each narrowing, and every half second
    // that nothing narrowed, from this thread.
    let mut last: Option<((i64, i64), std::time::Instant)> = None;
    let mut tell = || -> pyo3::PyResult<()> {
        if let (Some(w), Some(cb)) = (&watched, &progress) {
            if let Some((lo, hi, nodes)) = w.get() {
                let now = std::time::Instant::now();
                let due = match last {
                    Some((b, t)) => b != (lo, hi) || now - t >= HEARTBEAT,
                    None => true,
                };
                if due {
                    last = Some(((lo, hi), now));
                    cb.call1((lo, hi, nodes))?;
                }
            }
        }
        Ok(())
    };
    // A call searched on one thread alone, with no progress to report, runs
    // on this thread (no worker to start); any other on a worker.
    let here = progress.is_none()
        && s.downcast::<hukm_core::games::hokm::Hokm>()
            .is_some_and(|h| h.searches_on_one_thread(&req));
    let run = move |stop| {
        req.config.stop = Some(stop);
        s.solve(&req)
    };
    let a = if here {
        run_here(py, run)??
    } else {
        run_ticking(py, run, |_| tell())??
    };
    tell()?;
    Ok(PyAnswer(a))
}

/// The answer of `solve`: whose side was counted (`player`), its `value`,
/// each action's (`actions`, (action, value) pairs in the state's order),
/// the `nodes` searched; when a value is not exact the `bounds` proven,
/// each action's (`action_bounds`), why the search `stopped` and the
/// `estimate` ((mean, spread, samples) of the value and of each action,
/// how they were made, the moves played); where the game gives a second
/// answer, `secondary` (name, value, (action, value) pairs, whether it
/// breaks ties between equal values: Dehla Pakad's `tricks` collected,
/// Dugi's `defenders_first_trick`, Ganjifa's `expected` tricks); where the
/// value is the outcome against a target the game sets itself
/// (Twenty-eight's contract with the trump concealed), `target`.
#[pyclass(name = "Answer", module = "hukm._core", frozen)]
pub struct PyAnswer(SolveAnswer);

/// (mean, spread, samples) of one estimate.
type EstimateTriple = (f64, f64, u32);

/// The estimates as (value, (action, value) pairs, method, moves).
type EstimateParts = (EstimateTriple, Vec<(String, EstimateTriple)>, String, u64);

#[pymethods]
impl PyAnswer {
    /// The player whose side was counted.
    #[getter]
    fn player(&self) -> usize {
        self.0.player
    }

    /// The value for that side from here (a lower bound when not exact).
    #[getter]
    fn value(&self) -> i64 {
        self.0.value
    }

    /// Each legal action with the value after it (empty unless asked).
    #[getter]
    fn actions(&self) -> Vec<(String, i64)> {
        self.0.actions.clone()
    }

    /// Search nodes visited by the whole call.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    /// The lowest and highest value still possible, when not exact.
    #[getter]
    fn bounds(&self) -> Option<(i64, i64)> {
        self.0.bounds.as_ref().map(|b| b.value)
    }

    /// Each action's bounds, when not exact (else empty).
    #[getter]
    fn action_bounds(&self) -> Vec<(String, (i64, i64))> {
        self.0
            .bounds
            .as_ref()
            .map_or_else(Vec::new, |b| b.actions.clone())
    }

    /// Why a value is not exact (the limit's message), else `None`.
    #[getter]
    fn stopped(&self) -> Option<String> {
        self.0.bounds.as_ref().map(|b| b.reason.clone())
    }

    /// The estimates of a graded answer that is not exact, where asked.
    #[getter]
    fn estimate(&self) -> Option<EstimateParts> {
        let triple = |x: &hukm_core::solve::estimate::Estimate| (x.mean, x.spread, x.samples);
        self.0.estimate.as_ref().map(|e| {
            (
                triple(&e.value),
                e.actions
                    .iter()
                    .map(|(n, x)| (n.clone(), triple(x)))
                    .collect(),
                e.method.clone(),
                e.moves,
            )
        })
    }

    /// The game's second answer: (name, value, (action, value) pairs,
    /// whether it breaks ties between equal values).
    #[getter]
    fn secondary<'py>(&self, py: Python<'py>) -> pyo3::PyResult<Option<Bound<'py, PyAny>>> {
        let none: Vec<(String, i64)> = Vec::new();
        Ok(match &self.0.extra {
            Extra::None | Extra::Contract(_) => None,
            Extra::Tricks { value, actions } => Some(
                ("tricks", *value, actions.clone(), true)
                    .into_pyobject(py)?
                    .into_any(),
            ),
            Extra::FirstTrick(t) => Some(
                ("defenders_first_trick", *t, none, false)
                    .into_pyobject(py)?
                    .into_any(),
            ),
            Extra::Expected { value, actions } => Some(
                ("expected", *value, actions.clone(), false)
                    .into_pyobject(py)?
                    .into_any(),
            ),
        })
    }

    /// The target the game sets itself when its value is the outcome
    /// against it, else `None`.
    #[getter]
    fn target(&self) -> Option<i32> {
        match self.0.extra {
            Extra::Contract(t) => Some(t),
            _ => None,
        }
    }
}

/// A solver kept across calls of `solve(..., pool=)`: one transposition
/// table (at most one solving thread's memory) that the next position of
/// the same deal starts from.
#[pyclass(name = "SolverPool", module = "hukm._core")]
pub struct PySolverPool {
    inner: SharedPool,
}

#[pymethods]
impl PySolverPool {
    #[new]
    fn new() -> Self {
        PySolverPool {
            inner: SolverPool::shared(),
        }
    }

    /// Forgets the kept solver and its table.
    fn clear(&self) {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }

    /// `(reused, fresh)`: the calls that found the kept solver and those
    /// that started a new one.
    fn stats(&self) -> (u64, u64) {
        let p = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        (p.reused, p.fresh)
    }
}

/// Values of many states on `threads` threads (default: every core).
#[pyfunction]
#[pyo3(signature = (states, players = None, threads = None, max_nodes = None, timeout = None, tt_mib = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve_many<'py>(
    py: Python<'py>,
    states: Vec<PyRef<'py, PyState>>,
    players: Option<Vec<usize>>,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    tt_mib: Option<u64>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let copies: Vec<registry::AnyState> = states.iter().map(|s| s.inner.clone()).collect();
    drop(states); // released before solving, as in `solve`
    let states = copies;
    let mut cfg = request(max_nodes, timeout, tt_mib)?.config;
    let threads = threads.unwrap_or_else(default_threads);
    let out = run_detached(py, move |stop| {
        cfg.stop = Some(stop);
        registry::solve_many(&states, players.as_deref(), threads, &cfg)
    })??;
    Ok(out.into_pyarray(py))
}

/// Each sample's action values (`None`: the sample reached a limit).
pub type SampleRows = Vec<Option<Vec<(String, i64)>>>;

/// One sampling decision: for each seed the state is determinized for
/// `player` and every legal action valued for `player`'s side, the samples
/// spread over `threads` threads (default: `default_threads()`).
#[pyfunction]
#[pyo3(signature = (state, player, seeds, max_nodes = None, tt_mib = None, threads = None))]
pub fn sample_values<'py>(
    py: Python<'py>,
    state: PyRef<'py, PyState>,
    player: usize,
    seeds: Vec<u64>,
    max_nodes: Option<u64>,
    tt_mib: Option<u64>,
    threads: Option<usize>,
) -> PyResult<SampleRows> {
    let mut cfg = request(max_nodes, None, tt_mib)?.config;
    let threads = threads_or_default(threads)?;
    let s = state.inner.clone();
    drop(state); // released before solving, as in `solve`
    Ok(run_detached(py, move |stop| {
        cfg.stop = Some(stop);
        s.sample_values(player, &seeds, &cfg, threads)
    })??)
}

/// The answers to the positions of one reviewed hand (`states`, in the
/// order played), each valued for `player`'s side with every action, on
/// `threads` threads (default: `default_threads()`) sharing one table:
/// for each position its `Answer`, or the exception its solve raised
/// (not raised here). Each position's search is limited by its
/// `timeouts` entry (seconds, `None`: none) and by its share of what is
/// left of `budget` (seconds for them all) when it starts; `graded` and
/// `estimate` say, position by position, what `solve` says by the same
/// names. With `exact`, a position that starts with no time left is not
/// searched (a `SolverLimitError`). `head`: the first positions solved
/// one after another with every thread on each (default 1; without the
/// switch `one_queue`). `switches`: the solver's switches changed by a
/// list such as `"-one_queue"` (measurements).
#[pyfunction]
#[pyo3(signature = (states, player, *, timeouts, graded, estimate, exact = false, budget = None, threads = None, tt_mib = None, head = None, switches = None))]
#[allow(clippy::too_many_arguments)]
pub fn review_positions<'py>(
    py: Python<'py>,
    states: Vec<PyRef<'py, PyState>>,
    player: usize,
    timeouts: Vec<Option<f64>>,
    graded: Vec<bool>,
    estimate: Vec<bool>,
    exact: bool,
    budget: Option<f64>,
    threads: Option<usize>,
    tt_mib: Option<u64>,
    head: Option<usize>,
    switches: Option<&str>,
) -> PyResult<Vec<Py<PyAny>>> {
    use hukm_core::registry::review::{review_positions as answer_all, Plan, Question, HEAD};
    let n = states.len();
    if timeouts.len() != n || graded.len() != n || estimate.len() != n {
        return Err(Error::State(format!(
            "review_positions needs a timeout, graded and estimate for each of the {} states",
            n
        ))
        .into());
    }
    let mut questions = Vec::with_capacity(n);
    for (i, s) in states.iter().enumerate() {
        let mut req = request(None, timeouts[i], tt_mib)?;
        req.player = Some(player);
        req.config.bounds = graded[i];
        req.graded = graded[i];
        req.estimate = estimate[i];
        if let Some(spec) = switches {
            req.config.switches = req
                .config
                .switches
                .with_spec(spec)
                .map_err(|e| Error::State(format!("review_positions switches: {}", e)))?;
        }
        questions.push(Question::new(s.inner.clone(), req));
    }
    drop(states); // released before solving, as in `solve`
    let budget = match budget {
        Some(b) if b.is_nan() || b < 0.0 => {
            return Err(Error::State(format!(
                "budget must be a number of seconds >= 0, got {}",
                b
            ))
            .into())
        }
        Some(b) => std::time::Duration::try_from_secs_f64(b).ok(),
        None => None,
    };
    let mut plan = Plan {
        threads: threads_or_default(threads)?,
        head: head.unwrap_or(HEAD),
        budget,
        exact,
        stop: None,
    };
    let answers = run_detached(py, move |stop| {
        plan.stop = Some(stop);
        answer_all(&questions, &plan)
    })?;
    answers
        .into_iter()
        .map(|a| match a {
            Ok(a) => Ok(Py::new(py, PyAnswer(a))?.into_any()),
            Err(e) => Ok(pyo3::PyErr::from(crate::error::Failure::Core(e))
                .into_value(py)
                .into_any()),
        })
        .collect()
}

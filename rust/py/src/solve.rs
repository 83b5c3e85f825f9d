//! Double-dummy solving from Python: `solve`, `solve_many`, `dd_table`.

use std::time::Duration;

use hukm_core::games::hokm::dd::{solve_states, Objective};
use hukm_core::games::hokm::HokmState;
use hukm_core::solve::{self as core_solve, Solver, SolverConfig, WhistPosition};
use hukm_core::{Error, Pack};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use crate::convert::{to_py, IntoPy};
use crate::run::run_detached;
use crate::state::{AnyState, PyState};

/// A timeout in seconds as a duration (too large, or infinite, means none).
pub fn timeout_of(timeout: Option<f64>) -> Option<Duration> {
    timeout.and_then(|s| Duration::try_from_secs_f64(s.max(0.0)).ok())
}

/// Solver settings from keyword arguments.
pub fn config(max_nodes: Option<u64>, timeout: Option<f64>, tt_mib: Option<usize>) -> SolverConfig {
    let d = SolverConfig::default();
    SolverConfig {
        max_nodes,
        timeout: timeout_of(timeout),
        tt_bytes: tt_mib.map_or(d.tt_bytes, |m| m.max(1) << 20),
        ..d
    }
}

fn position(py: Python<'_>, state: &PyState) -> PyResult<(WhistPosition, Pack, usize)> {
    match &state.inner {
        AnyState::Hokm(s) => {
            let pos = s.whist_position().py(py)?;
            let mover = pos.to_move();
            Ok((pos, s.config().pack.clone(), mover))
        }
        AnyState::Dugi(_) => Err(to_py(
            py,
            Error::State(
                "Dugi is solved by hukm.solve through solve_dugi (its own objective)".into(),
            ),
        )),
        AnyState::Ganjifa(_) => Err(to_py(
            py,
            Error::State(
                "Ganjifa is solved by hukm.solve through solve_ganjifa (its own objective)".into(),
            ),
        )),
        AnyState::Naqsh(_) => Err(to_py(
            py,
            Error::State(
                "Naqsh has no trick play; hukm.solve answers it with its own objective".into(),
            ),
        )),
        AnyState::Dasha(_) => Err(to_py(
            py,
            Error::State(
                "solve_many takes whist positions; solve Dashavatara states one by one with hukm.solve"
                    .into(),
            ),
        )),
        AnyState::TwentyEight(_) => Err(to_py(
            py,
            Error::State("Twenty-eight states are solved in card points (hukm.solve)".into()),
        )),
    }
}

/// What `solve` returns to Python: value, (action, value) pairs, nodes, and
/// the weight of a ten in the values (14 for Dehla Pakad, else 0).
pub type SolveOut = (u32, Vec<(String, u32)>, u64, u32);

/// Exact value of a state for `player`'s side (default: the player to move),
/// with the value after each legal action. Returns `(value, [(action, value)], nodes)`.
#[pyfunction]
#[pyo3(signature = (state, player = None, max_nodes = None, timeout = None, tt_mib = None, actions = true, objective = "tricks"))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    state: &PyState,
    player: Option<usize>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    tt_mib: Option<usize>,
    actions: bool,
    objective: &str,
) -> PyResult<SolveOut> {
    if let Some(h) = rang_state(state) {
        if objective == "tricks" || objective == "kot" {
            let cfg = config(max_nodes, timeout, tt_mib);
            return rang(py, h, player, cfg, actions, objective);
        }
    }
    match objective {
        "tricks" => {}
        "kot" => return kot(py, state, player, max_nodes),
        other => {
            return Err(to_py(
                py,
                Error::Option(format!(
                    "unknown objective {:?}; valid objectives: tricks, kot",
                    other
                )),
            ))
        }
    }
    if let AnyState::Dasha(s) = &state.inner {
        let cfg = config(max_nodes, timeout, tt_mib);
        return crate::dasha::solve(py, s, player, cfg, actions);
    }
    let (pos, pack, mover) = position(py, state)?;
    let player = player.unwrap_or(mover);
    let mut cfg = config(max_nodes, timeout, tt_mib);
    let r = run_detached(py, move |stop| {
        cfg.stop = Some(stop);
        let mut solver = Solver::new(cfg);
        if actions {
            solver.solve_cards(&pos, player)
        } else {
            solver
                .solve(&pos, player)
                .map(|s| hukm_core::solve::CardValues {
                    cards: Vec::new(),
                    value: s.value,
                    nodes: s.nodes,
                })
        }
    })?
    .py(py)?;
    let order = legal_order(&pack, &r.cards);
    Ok((r.value, order, r.nodes, 0))
}

/// The state when it needs the Court Piece / Rang objectives.
fn rang_state(state: &PyState) -> Option<&HokmState> {
    match &state.inner {
        AnyState::Hokm(h) => h.needs_rang_dd().then_some(h.as_ref()),
        _ => None,
    }
}

/// The Court Piece / Rang objectives (§16): heap collection, first-void
/// trumps, Dab Rang's cut call, Satat's 2H, Dehla Pakad's tens.
fn rang(
    py: Python<'_>,
    s: &HokmState,
    player: Option<usize>,
    mut cfg: SolverConfig,
    actions: bool,
    objective: &str,
) -> PyResult<SolveOut> {
    let s = s.clone();
    let player = player.unwrap_or_else(|| s.dd_player_to_move());
    let r = run_detached(py, move |stop| {
        cfg.stop = Some(stop);
        let obj = if objective == "kot" {
            s.dd_kot_objective(player)?
        } else {
            Objective::Value
        };
        let a = s.dd_solve(player, obj, &cfg, actions)?;
        let legal: Vec<String> = s.legal().iter().map(|x| s.format_action(x)).collect();
        let mut out: Vec<(String, u32)> = a
            .actions
            .iter()
            .map(|(x, v)| (s.format_action(x), *v))
            .collect();
        out.sort_by_key(|(x, _)| legal.iter().position(|l| l == x));
        Ok::<_, Error>((a.value, out, a.nodes, s.dd_ten_weight(obj)))
    })?
    .py(py)?;
    Ok(r)
}

/// The kot query: 1 when `player`'s side can take the first seven tricks.
fn kot(
    py: Python<'_>,
    state: &PyState,
    player: Option<usize>,
    max_nodes: Option<u64>,
) -> PyResult<SolveOut> {
    let AnyState::Hokm(s) = &state.inner else {
        return Err(to_py(
            py,
            Error::State("the kot query is for Hokm and the Court Piece family".into()),
        ));
    };
    let s = s.as_ref().clone();
    let player = player.unwrap_or_else(|| s.current().unwrap_or(0));
    let r = run_detached(py, move |_| s.kot_query(player, max_nodes).map(|a| (a, s)))?.py(py)?;
    let (a, s) = r;
    let cards: Vec<(hukm_core::Card, u32)> = a.cards.iter().map(|&(c, v)| (c, v as u32)).collect();
    Ok((
        a.value as u32,
        legal_order(&s.config().pack, &cards),
        a.nodes,
        0,
    ))
}

/// Cards in the engine's documented order (suits in pack order, strongest first).
fn legal_order(pack: &Pack, cards: &[(hukm_core::Card, u32)]) -> Vec<(String, u32)> {
    let mut v: Vec<(hukm_core::Card, u32)> = cards.to_vec();
    v.sort_by_key(|&(c, _)| (pack.suit_of(c), std::cmp::Reverse(c.0)));
    v.into_iter()
        .map(|(c, x)| (pack.format_card(c), x))
        .collect()
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
    tt_mib: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    if states.iter().any(|s| matches!(s.inner, AnyState::Dasha(_))) {
        let mut dasha = Vec::with_capacity(states.len());
        for s in &states {
            match &s.inner {
                AnyState::Dasha(d) => dasha.push(d.as_ref().clone()),
                _ => {
                    return Err(to_py(
                        py,
                        Error::State("solve_many takes states of one game at a time".into()),
                    ))
                }
            }
        }
        let players =
            players.unwrap_or_else(|| dasha.iter().map(|d| d.current().unwrap_or(0)).collect());
        if let Some(&p) = players.iter().find(|&&p| p >= 3) {
            return Err(to_py(
                py,
                Error::State(format!("bad player {}: seats are 0..2", p)),
            ));
        }
        let threads = threads.unwrap_or_else(default_threads);
        let mut cfg = config(max_nodes, timeout, tt_mib);
        let out = run_detached(py, move |stop| {
            cfg.stop = Some(stop);
            hukm_core::games::dashavatara::dd::solve_many(&dasha, &players, threads, &cfg)
        })?
        .py(py)?;
        return Ok(out.into_pyarray(py));
    }
    // The Court Piece / Rang states and the plain-trick ones are solved
    // apart and merged back in order.
    let is_rang: Vec<bool> = states.iter().map(|s| rang_state(s).is_some()).collect();
    let rang: Vec<HokmState> = states
        .iter()
        .filter_map(|s| rang_state(s).cloned())
        .collect();
    let positions: Vec<WhistPosition> = states
        .iter()
        .zip(&is_rang)
        .filter(|(_, &r)| !r)
        .map(|(s, _)| position(py, s).map(|p| p.0))
        .collect::<PyResult<_>>()?;
    let split = |want: bool| -> Option<Vec<usize>> {
        players.as_ref().map(|p| {
            p.iter()
                .zip(&is_rang)
                .filter(|(_, &r)| r == want)
                .map(|(&x, _)| x)
                .collect()
        })
    };
    if let Some(p) = &players {
        if p.len() != states.len() {
            return Err(to_py(
                py,
                Error::State(format!(
                    "{} players given for {} states",
                    p.len(),
                    states.len()
                )),
            ));
        }
    }
    let (p_rang, p_plain) = (split(true), split(false));
    let threads = threads.unwrap_or_else(default_threads);
    let mut cfg = config(max_nodes, timeout, tt_mib);
    let (a, b) = run_detached(py, move |stop| {
        cfg.stop = Some(stop);
        let a = if rang.is_empty() {
            Vec::new()
        } else {
            solve_states(&rang, p_rang.as_deref(), threads, &cfg)?
        };
        let b = if positions.is_empty() {
            Vec::new()
        } else {
            core_solve::solve_many(&positions, p_plain.as_deref(), threads, &cfg)?
        };
        Ok::<_, Error>((a, b))
    })?
    .py(py)?;
    let (mut a, mut b) = (a.into_iter(), b.into_iter());
    let out: Vec<u32> = is_rang
        .iter()
        .map(|&r| {
            if r {
                a.next().unwrap_or(0)
            } else {
                b.next().unwrap_or(0)
            }
        })
        .collect();
    Ok(out.into_pyarray(py))
}

/// Every core of the machine.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |x| x.get())
}

/// The double-dummy table of a four-hand deal: `(5, 4)` array, trump S, H, D,
/// C, none × leader seat → tricks of the leader's side.
pub fn dd_table<'py>(
    py: Python<'py>,
    hands: Vec<hukm_core::CardSet>,
    threads: Option<usize>,
    cfg: SolverConfig,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let hands: [hukm_core::CardSet; 4] = hands
        .try_into()
        .map_err(|_| to_py(py, Error::State("dd_table needs a four-player deal".into())))?;
    let threads = threads.unwrap_or_else(default_threads);
    let mut cfg = cfg;
    let t = run_detached(py, move |stop| {
        cfg.stop = Some(stop);
        core_solve::dd_table(&hands, threads, &cfg)
    })?
    .py(py)?;
    let flat: Vec<u8> = t.iter().flatten().copied().collect();
    flat.into_pyarray(py).reshape([5, 4])
}

/// Each sample's card values (`None`: the sample reached the node limit).
pub type SampleRows = Vec<Option<Vec<(String, u32)>>>;

/// One PIMC decision's samples for a whist-type Hokm state: for each seed, the
/// state is determinized for `player` ([`HokmState::determinize`]) and every
/// legal card is valued for `player`'s side by one [`Solver`] reused across the
/// samples (its table carries over: keys are relative-rank positions, valid
/// in any deal with the same trump). A sample that reaches `max_nodes` gives
/// `None`. Other games return an error (they are sampled one by one).
#[pyfunction]
#[pyo3(signature = (state, player, seeds, max_nodes = None, tt_mib = None))]
pub fn sample_values(
    py: Python<'_>,
    state: &PyState,
    player: usize,
    seeds: Vec<u64>,
    max_nodes: Option<u64>,
    tt_mib: Option<usize>,
) -> PyResult<SampleRows> {
    let s = match &state.inner {
        AnyState::Hokm(h) if !h.needs_rang_dd() => h.as_ref().clone(),
        _ => {
            return Err(to_py(
                py,
                Error::State("sample_values takes whist-type Hokm states".into()),
            ))
        }
    };
    let pack = s.config().pack.clone();
    let mut cfg = config(max_nodes, None, tt_mib);
    let out = run_detached(py, move |stop| {
        cfg.stop = Some(stop);
        let mut solver = Solver::new(cfg);
        let mut out = Vec::with_capacity(seeds.len());
        for seed in seeds {
            let det = s.determinize(player, seed)?;
            let pos = det.whist_position()?;
            match solver.solve_cards(&pos, player) {
                Ok(r) => out.push(Some(legal_order(&pack, &r.cards))),
                Err(Error::SolverLimit(_)) => out.push(None),
                Err(e) => return Err(e),
            }
        }
        Ok::<_, Error>(out)
    })?
    .py(py)?;
    Ok(out)
}

//! The native Dashavatara game class (wrapped by `hukm.Dashavatara` in Python).

use std::collections::HashMap;

use hukm_core::games::dashavatara::{dd, Dashavatara};
use hukm_core::solve::SolverConfig;
use pyo3::prelude::*;

use crate::convert::{to_py, IntoPy};
use crate::run::run_detached;
use crate::state::{AnyState, CardStrings, PyState};

/// Dashavatara Ganjifa, CARDAVIA rules.
#[pyclass(name = "Dashavatara", module = "hukm._core", frozen)]
pub struct PyDashavatara {
    game: Dashavatara,
    cards: std::sync::Arc<CardStrings>,
}

#[pymethods]
impl PyDashavatara {
    #[new]
    #[pyo3(signature = (options = Vec::new()))]
    fn new(py: Python<'_>, options: Vec<(String, String)>) -> PyResult<Self> {
        let game = Dashavatara::new(&options).py(py)?;
        let cards = CardStrings::new(py, &game.config().pack);
        Ok(PyDashavatara { game, cards })
    }

    /// Number of seats (always 3).
    #[getter]
    fn num_players(&self) -> usize {
        3
    }

    /// The options given, normalised.
    #[getter]
    fn options(&self) -> HashMap<String, String> {
        self.game.config().options.iter().cloned().collect()
    }

    /// The suit codes in avatar order.
    #[getter]
    fn suits(&self) -> Vec<String> {
        self.game
            .config()
            .pack
            .suits
            .iter()
            .map(|s| s.code.clone())
            .collect()
    }

    /// The trump suit's code.
    #[getter]
    fn trump(&self) -> String {
        let c = self.game.config();
        c.pack.suits[c.trump as usize].code.clone()
    }

    /// A whole game (`deals` deals), chance seeded by `seed`.
    fn new_game(&self, seed: u64) -> PyState {
        PyState {
            inner: AnyState::Dasha(Box::new(self.game.new_game(seed))),
            cards: self.cards.clone(),
        }
    }

    /// One deal from a position.
    #[pyo3(signature = (deal, leader = None, captured = None))]
    #[allow(clippy::wrong_self_convention)]
    fn from_deal(
        &self,
        py: Python<'_>,
        deal: &str,
        leader: Option<usize>,
        captured: Option<[u32; 3]>,
    ) -> PyResult<PyState> {
        let s = self.game.from_deal(deal, leader, captured).py(py)?;
        Ok(PyState {
            inner: AnyState::Dasha(Box::new(s)),
            cards: self.cards.clone(),
        })
    }
}

/// Solves a Dashavatara state (§13): `(value, [(action, value)], nodes)`.
pub fn solve(
    py: Python<'_>,
    state: &hukm_core::games::dashavatara::DashaState,
    player: Option<usize>,
    cfg: SolverConfig,
    actions: bool,
) -> PyResult<crate::solve::SolveOut> {
    let s = state.clone();
    let player = player.unwrap_or_else(|| s.current().unwrap_or(0));
    if player >= 3 {
        return Err(to_py(
            py,
            hukm_core::Error::State(format!("bad player {}: seats are 0..2", player)),
        ));
    }
    let mut cfg = cfg;
    let r = run_detached(py, move |stop| {
        cfg.stop = Some(stop);
        dd::solve(&s, player, actions, &cfg).map(|sol| (sol, s))
    })?
    .py(py)?;
    let (sol, s) = r;
    let values = sol
        .actions
        .iter()
        .map(|(a, v)| (s.format_action(a), *v))
        .collect();
    Ok((sol.value, values, sol.nodes, 0))
}

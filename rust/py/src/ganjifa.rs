//! The native individual Ganjifa class (wrapped by `hukm.Ganjifa` in Python)
//! and its double-dummy solve.

use crate::solve::timeout_of;
use hukm_core::solve::search::Limits;
use std::collections::HashMap;
use std::sync::Arc;

use hukm_core::games::ganjifa::{Ganjifa, GanjifaState};
use hukm_core::Error;
use pyo3::prelude::*;

use crate::convert::{to_py, IntoPy};
use crate::run::run_detached;
use crate::state::{AnyState, CardStrings, PyState};

/// Individual Ganjifa (3 or 4 players, each for himself).
#[pyclass(name = "Ganjifa", module = "hukm._core", frozen)]
pub struct PyGanjifa {
    game: Ganjifa,
    cards: Arc<CardStrings>,
}

#[pymethods]
impl PyGanjifa {
    #[new]
    #[pyo3(signature = (options = Vec::new()))]
    fn new(py: Python<'_>, options: Vec<(String, String)>) -> PyResult<Self> {
        let game = Ganjifa::new(&options).py(py)?;
        let cards = CardStrings::new(py, &game.config().pack);
        Ok(PyGanjifa { game, cards })
    }

    /// Number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.config().players
    }

    /// The pack's name.
    #[getter]
    fn pack(&self) -> String {
        self.game.config().pack.name.clone()
    }

    /// The pack's suits as (code, name) pairs, in notation order.
    #[getter]
    fn suits(&self) -> Vec<(String, String)> {
        let p = &self.game.config().pack;
        p.suits
            .iter()
            .map(|s| (s.code.clone(), s.name.clone()))
            .collect()
    }

    /// The options given, normalised.
    #[getter]
    fn options(&self) -> HashMap<String, String> {
        self.game.config().options.iter().cloned().collect()
    }

    /// A whole match seeded by `seed` (first dealer at random unless given).
    #[pyo3(signature = (seed, dealer = None))]
    fn new_game(&self, py: Python<'_>, seed: u64, dealer: Option<usize>) -> PyResult<PyState> {
        let s = self.game.new_game(seed, dealer).py(py)?;
        Ok(self.wrap(s))
    }

    /// One hand from a position (no leader: the opening is due).
    #[pyo3(signature = (deal, leader = None, phase2 = false, seed = 0))]
    #[allow(clippy::wrong_self_convention)]
    fn from_deal(
        &self,
        py: Python<'_>,
        deal: &str,
        leader: Option<usize>,
        phase2: bool,
        seed: u64,
    ) -> PyResult<PyState> {
        let s = self.game.from_deal(deal, leader, phase2, seed).py(py)?;
        Ok(self.wrap(s))
    }

    /// The first hand `new_game(seed, dealer)` deals: (deal, dealer).
    #[pyo3(signature = (seed, dealer = None))]
    fn deal(&self, py: Python<'_>, seed: u64, dealer: Option<usize>) -> PyResult<(String, usize)> {
        self.game.deal(seed, dealer).py(py)
    }
}

impl PyGanjifa {
    fn wrap(&self, s: GanjifaState) -> PyState {
        PyState {
            inner: AnyState::Ganjifa(Box::new(s)),
            cards: self.cards.clone(),
        }
    }
}

/// What `solve_ganjifa` returns: value, (action, value) pairs, nodes.
type GanjifaOut = (f64, Vec<(String, f64)>, u64);

/// Ganjifa's double-dummy answer for `player` (default: the player to act):
/// `(tricks, [(action, tricks)], nodes)`.
#[pyfunction]
#[pyo3(signature = (state, player = None, max_nodes = None, actions = true, timeout = None))]
pub fn solve_ganjifa(
    py: Python<'_>,
    state: &PyState,
    player: Option<usize>,
    max_nodes: Option<u64>,
    actions: bool,
    timeout: Option<f64>,
) -> PyResult<GanjifaOut> {
    let AnyState::Ganjifa(s) = &state.inner else {
        return Err(to_py(
            py,
            Error::State("solve_ganjifa needs an individual Ganjifa state".into()),
        ));
    };
    let s = s.as_ref().clone();
    let player = player.unwrap_or_else(|| s.current().unwrap_or(0));
    run_detached(py, move |stop| {
        let mut limits = Limits::new(max_nodes, timeout_of(timeout));
        limits.stop = Some(stop);
        s.dd_solve(player, actions, limits)
    })?
    .py(py)
}

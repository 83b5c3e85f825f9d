//! The native Dugi class (wrapped by `hukm.Dugi` in Python) and its
//! double-dummy solve.

use crate::solve::timeout_of;
use hukm_core::solve::search::Limits;
use std::collections::HashMap;
use std::sync::Arc;

use hukm_core::games::dugi::{Dugi, DugiSolved, DugiState};
use hukm_core::Error;
use pyo3::prelude::*;

use crate::convert::{to_py, IntoPy};
use crate::run::run_detached;
use crate::state::{AnyState, CardStrings, PyState};

/// Dugi, partnership Ganjifa.
#[pyclass(name = "Dugi", module = "hukm._core", frozen)]
pub struct PyDugi {
    game: Dugi,
    cards: Arc<CardStrings>,
}

#[pymethods]
impl PyDugi {
    #[new]
    #[pyo3(signature = (options = Vec::new()))]
    fn new(py: Python<'_>, options: Vec<(String, String)>) -> PyResult<Self> {
        let game = Dugi::new(&options).py(py)?;
        let cards = CardStrings::new(py, &game.config().pack);
        Ok(PyDugi { game, cards })
    }

    /// Number of players (4).
    #[getter]
    fn num_players(&self) -> usize {
        4
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

    /// One hand from a position (no leader: the lead King's holder challenges).
    #[pyo3(signature = (deal, leader = None, seed = 0))]
    #[allow(clippy::wrong_self_convention)]
    fn from_deal(
        &self,
        py: Python<'_>,
        deal: &str,
        leader: Option<usize>,
        seed: u64,
    ) -> PyResult<PyState> {
        let s = self.game.from_deal(deal, leader, seed).py(py)?;
        Ok(self.wrap(s))
    }

    /// The hands of the first deal of `new_game(seed, dealer)`.
    #[pyo3(signature = (seed, dealer = None))]
    fn deal(&self, py: Python<'_>, seed: u64, dealer: Option<usize>) -> PyResult<String> {
        self.game.deal(seed, dealer).py(py)
    }
}

impl PyDugi {
    fn wrap(&self, s: DugiState) -> PyState {
        PyState {
            inner: AnyState::Dugi(Box::new(s)),
            cards: self.cards.clone(),
        }
    }
}

/// Dugi's double-dummy answer for `player`'s side (default: the player to act):
/// `(1 or 0, [(action, 1 or 0)], nodes, defenders' first trick or None)`;
/// `first_trick=False` skips the first-trick searches (the last item is then None).
#[pyfunction]
#[pyo3(signature = (state, player = None, max_nodes = None, actions = true, timeout = None, first_trick = true))]
pub fn solve_dugi(
    py: Python<'_>,
    state: &PyState,
    player: Option<usize>,
    max_nodes: Option<u64>,
    actions: bool,
    timeout: Option<f64>,
    first_trick: bool,
) -> PyResult<DugiSolved> {
    let AnyState::Dugi(s) = &state.inner else {
        return Err(to_py(
            py,
            Error::State("solve_dugi needs a Dugi state".into()),
        ));
    };
    let s = s.as_ref().clone();
    let player = player.unwrap_or_else(|| s.current().unwrap_or(0));
    run_detached(py, move |stop| {
        let mut limits = Limits::new(max_nodes, timeout_of(timeout));
        limits.stop = Some(stop);
        s.dd_solve(player, actions, first_trick, limits)
    })?
    .py(py)
}

//! The native Naqsh game class (wrapped by `hukm.Naqsh` in Python) and its
//! double-dummy solve.

use std::collections::HashMap;
use std::sync::Arc;

use hukm_core::games::naqsh::Naqsh;
use hukm_core::Error;
use pyo3::prelude::*;

use crate::convert::{to_py, IntoPy};
use crate::run::run_detached;
use crate::state::{AnyState, CardStrings, PyState};

/// Naqsh, the banking game of 17.
#[pyclass(name = "Naqsh", module = "hukm._core", frozen)]
pub struct PyNaqsh {
    game: Naqsh,
    cards: Arc<CardStrings>,
}

#[pymethods]
impl PyNaqsh {
    #[new]
    #[pyo3(signature = (options = Vec::new()))]
    fn new(py: Python<'_>, options: Vec<(String, String)>) -> PyResult<Self> {
        let game = Naqsh::new(&options).py(py)?;
        let cards = CardStrings::new(py, &game.config().pack);
        Ok(PyNaqsh { game, cards })
    }

    /// Number of players, banker included.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.config().players
    }

    /// The options given, normalised.
    #[getter]
    fn options(&self) -> HashMap<String, String> {
        self.game.config().options.iter().cloned().collect()
    }

    /// A whole match seeded by `seed` (first banker at random unless given).
    #[pyo3(signature = (seed, banker = None))]
    fn new_game(&self, py: Python<'_>, seed: u64, banker: Option<usize>) -> PyResult<PyState> {
        let s = self.game.new_game(seed, banker).py(py)?;
        Ok(self.wrap(s))
    }

    /// One hand from a position: first two cards per seat, banker, stock, stakes.
    #[pyo3(signature = (deal, banker, stock = None, stakes = None, seed = 0))]
    #[allow(clippy::wrong_self_convention)]
    fn from_deal(
        &self,
        py: Python<'_>,
        deal: &str,
        banker: usize,
        stock: Option<&str>,
        stakes: Option<Vec<i64>>,
        seed: u64,
    ) -> PyResult<PyState> {
        let s = self
            .game
            .from_deal(deal, banker, stock, stakes.as_deref(), seed)
            .py(py)?;
        Ok(self.wrap(s))
    }

    /// The first hand `new_game(seed, banker)` deals: (first two cards per seat, stock).
    fn deal(&self, py: Python<'_>, seed: u64, banker: usize) -> PyResult<(String, String)> {
        self.game.deal(seed, banker).py(py)
    }
}

impl PyNaqsh {
    fn wrap(&self, s: hukm_core::games::naqsh::NaqshState) -> PyState {
        PyState {
            inner: AnyState::Naqsh(Box::new(s)),
            cards: self.cards.clone(),
        }
    }
}

/// What `solve_naqsh` returns: value, (action, value) pairs, nodes.
type NaqshOut = (i64, Vec<(String, i64)>, u64);

/// Naqsh's double-dummy answer for `player` (default: the player to act):
/// `(value, [(action, value)], nodes)`, values being net results of the hand.
#[pyfunction]
#[pyo3(signature = (state, player = None, max_nodes = None))]
pub fn solve_naqsh(
    py: Python<'_>,
    state: &PyState,
    player: Option<usize>,
    max_nodes: Option<u64>,
) -> PyResult<NaqshOut> {
    let AnyState::Naqsh(s) = &state.inner else {
        return Err(to_py(
            py,
            Error::State("solve_naqsh needs a Naqsh state".into()),
        ));
    };
    let s = s.as_ref().clone();
    let player = player.unwrap_or_else(|| s.current().unwrap_or(0));
    let a = run_detached(py, move |_| s.dd_solve(player, max_nodes))?.py(py)?;
    Ok((
        a.value,
        a.actions.iter().map(|&(x, v)| (x.name(), v)).collect(),
        a.nodes,
    ))
}

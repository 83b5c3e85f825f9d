//! The native Hokm game class (wrapped by `hukm.Hokm` in Python).

use std::collections::HashMap;

use hukm_core::games::hokm::playout::random_playouts;
use hukm_core::games::hokm::Hokm;
use numpy::{IntoPyArray, PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::IntoPy;
use crate::state::{AnyState, CardStrings, PyState};

/// Hokm for 4, 3 and 2 players.
#[pyclass(name = "Hokm", module = "hukm._core", frozen)]
pub struct PyHokm {
    game: Hokm,
    cards: std::sync::Arc<CardStrings>,
}

#[pymethods]
impl PyHokm {
    #[new]
    #[pyo3(signature = (preset = "hokm4", options = Vec::new()))]
    fn new(py: Python<'_>, preset: &str, options: Vec<(String, String)>) -> PyResult<Self> {
        let game = Hokm::new(preset, &options).py(py)?;
        let cards = CardStrings::new(py, &game.config().pack);
        Ok(PyHokm { game, cards })
    }

    /// The preset's name.
    #[getter]
    fn preset(&self) -> &'static str {
        self.game.config().preset.name()
    }

    /// Number of seats.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.config().num_players()
    }

    /// Number of seats at the table (Dummy Rang: four seats, three players).
    #[getter]
    fn num_seats(&self) -> usize {
        self.game.config().players
    }

    /// The options given, normalised.
    #[getter]
    fn options(&self) -> HashMap<String, String> {
        self.game.config().options.iter().cloned().collect()
    }

    /// A whole match, chance seeded by `seed`, optionally from a given score and dealer.
    #[pyo3(signature = (seed, scores = None, dealer = None))]
    fn new_game(
        &self,
        py: Python<'_>,
        seed: u64,
        scores: Option<Vec<i32>>,
        dealer: Option<usize>,
    ) -> PyResult<PyState> {
        let s = if scores.is_none() && dealer.is_none() {
            self.game.new_game(seed)
        } else {
            self.game
                .new_game_at(seed, scores.as_deref(), dealer)
                .py(py)?
        };
        Ok(PyState {
            inner: AnyState::Hokm(Box::new(s)),
            cards: self.cards.clone(),
        })
    }

    /// One hand of trick play from a deal.
    #[pyo3(signature = (deal, trump, leader, hakem = None, tricks_won = None, heap = None, prev = None, prev_ace = false, tens = None, heap_tens = None))]
    #[allow(clippy::too_many_arguments, clippy::wrong_self_convention)]
    fn from_deal(
        &self,
        py: Python<'_>,
        deal: &str,
        trump: Option<&str>,
        leader: usize,
        hakem: Option<usize>,
        tricks_won: Option<Vec<u8>>,
        heap: Option<u8>,
        prev: Option<usize>,
        prev_ace: bool,
        tens: Option<[u8; 2]>,
        heap_tens: Option<u8>,
    ) -> PyResult<PyState> {
        let mut s = self
            .game
            .from_deal(deal, trump, leader, hakem, tricks_won.as_deref())
            .py(py)?;
        if heap.is_some() || prev.is_some() || prev_ace || tens.is_some() || heap_tens.is_some() {
            let d = *s.heap();
            let tens = tens.unwrap_or([0, 0]);
            let heap_tens = heap_tens.unwrap_or_else(|| d.tens.saturating_sub(tens[0] + tens[1]));
            s.set_heap(heap.unwrap_or(d.tricks), prev, prev_ace, tens, heap_tens)
                .py(py)?;
        }
        Ok(PyState {
            inner: AnyState::Hokm(Box::new(s)),
            cards: self.cards.clone(),
        })
    }

    /// The double-dummy table of a four-player deal.
    #[pyo3(signature = (deal, threads = None, max_nodes = None, timeout = None, tt_mib = None))]
    fn dd_table<'py>(
        &self,
        py: Python<'py>,
        deal: &str,
        threads: Option<usize>,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
        tt_mib: Option<usize>,
    ) -> PyResult<Bound<'py, numpy::PyArray2<u8>>> {
        let cfg = self.game.config();
        if cfg.heap {
            return Err(crate::convert::to_py(
                py,
                hukm_core::Error::State(format!(
                    "dd_table counts plain tricks; {} collects them in a heap (hukm.solve gives its value)",
                    cfg.preset.name()
                )),
            ));
        }
        if cfg.players != 4 {
            return Err(crate::convert::to_py(
                py,
                hukm_core::Error::State(format!(
                    "dd_table is for four-player games; {} has {} players (use hukm.solve)",
                    cfg.preset.name(),
                    cfg.players
                )),
            ));
        }
        let hands = cfg.pack.parse_deal(deal, 4).py(py)?;
        crate::solve::dd_table(
            py,
            hands,
            threads,
            crate::solve::config(max_nodes, timeout, tt_mib),
        )
    }

    /// Plays `n` hands with random legal actions; returns numpy arrays.
    #[pyo3(signature = (n, seed = 0, threads = None))]
    fn random_playouts<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let threads =
            threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |x| x.get()));
        let cfg = std::sync::Arc::new(self.game.config().clone());
        let r = py.detach(|| random_playouts(&cfg, n, seed, threads));
        let d = PyDict::new(py);
        let sides = r.sides;
        let tricks = r.tricks.into_pyarray(py).reshape([n, sides])?;
        let points = r.points.into_pyarray(py).reshape([n, r.point_cols])?;
        let winner: Bound<'py, PyArray1<i8>> = r.winner.into_pyarray(py);
        d.set_item("tricks", tricks)?;
        d.set_item("points", points)?;
        d.set_item("winner", winner)?;
        Ok(d)
    }
}

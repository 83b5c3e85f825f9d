//! The `Game` class: any game or preset of the registry, by name.

use std::sync::Arc;

use hukm_core::registry::{self, AnyGame};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::params_from_py;
use crate::error::PyResult;
use crate::run::run_detached;
use crate::solve::{default_threads, request};
use crate::state::{CardStrings, PyState};

/// A table with its row and column labels.
type LabelledTable<'py> = (Bound<'py, PyArray2<i32>>, Vec<String>, Vec<String>);

/// A game of the registry with its options, from which states are made.
#[pyclass(name = "Game", module = "hukm._core", frozen)]
pub struct PyGame {
    /// The game.
    pub game: Arc<AnyGame>,
    /// Python strings of the pack's cards, shared by the game's states.
    pub cards: Arc<CardStrings>,
}

impl PyGame {
    fn state(&self, inner: registry::AnyState) -> PyState {
        PyState {
            inner,
            cards: self.cards.clone(),
        }
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (name, options = Vec::new()))]
    fn new(py: Python<'_>, name: &str, options: Vec<(String, String)>) -> PyResult<Self> {
        let game = AnyGame::new(name, &options)?;
        let cards = CardStrings::new(py, game.pack());
        Ok(PyGame {
            game: Arc::new(game),
            cards,
        })
    }

    /// The preset's name.
    #[getter]
    fn preset(&self) -> &'static str {
        self.game.preset()
    }

    /// The game module's name (`hokm`, `twenty_eight`, ...).
    #[getter]
    fn family(&self) -> &'static str {
        self.game.family()
    }

    /// Number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    /// The options given, normalised, with those they imply.
    #[getter]
    fn options(&self) -> Vec<(String, String)> {
        self.game.options()
    }

    /// Every option of the preset with the value in effect, defaults included.
    #[getter]
    fn effective_options(&self) -> Vec<(String, String)> {
        self.game.effective_options()
    }

    /// The pack's name.
    #[getter]
    fn pack(&self) -> String {
        self.game.pack().name.clone()
    }

    /// The suit codes in notation order.
    #[getter]
    fn suits(&self) -> Vec<String> {
        self.game
            .pack()
            .suits
            .iter()
            .map(|s| s.code.clone())
            .collect()
    }

    /// The pack as pictures need it: (name, suits as (code, name), every
    /// card as (card, suit index, rank label, strength)).
    #[getter]
    fn layout(&self) -> crate::convert::Layout {
        crate::convert::layout_of(self.game.pack())
    }

    /// The suit names in notation order.
    #[getter]
    fn suit_names(&self) -> Vec<String> {
        self.game
            .pack()
            .suits
            .iter()
            .map(|s| s.name.clone())
            .collect()
    }

    /// Facts of the configured game (Twenty-eight's points and bids,
    /// Dashavatara's trump ...), as a dict.
    #[getter]
    fn facts<'py>(&self, py: Python<'py>) -> pyo3::PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.game.facts() {
            d.set_item(k, crate::convert::value_to_py(py, &v)?)?;
        }
        Ok(d)
    }

    /// What the configured game is for its surfaces (sides, objectives and
    /// units, its table, its keywords).
    #[getter]
    fn description(&self) -> crate::describe::PyDescription {
        crate::describe::PyDescription::new(self.game.describe(), self.game.num_players())
    }

    /// A whole match seeded by `seed`, with the game's starting keywords.
    #[pyo3(signature = (seed, params = None))]
    fn new_game(&self, seed: u64, params: Option<&Bound<'_, PyDict>>) -> PyResult<PyState> {
        let p = params_from_py(params, "new_game")?;
        Ok(self.state(self.game.new_game(seed, &p)?))
    }

    /// One hand from a position, with the game's `from_deal` keywords.
    #[pyo3(signature = (deal, params = None))]
    #[allow(clippy::wrong_self_convention)]
    fn from_deal(&self, deal: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<PyState> {
        let p = params_from_py(params, "from_deal")?;
        Ok(self.state(self.game.from_deal(deal, &p)?))
    }

    /// The cards of the first deal of `new_game(seed, params)`, seat 0 first.
    #[pyo3(signature = (seed, params = None))]
    fn deal(&self, seed: u64, params: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let p = params_from_py(params, "deal")?;
        Ok(self.game.deal(seed, &p)?)
    }

    /// What only some games deal besides the hands, by name (Naqsh's
    /// `stock`), with the call's keywords.
    #[pyo3(signature = (name, params = None))]
    fn extra<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = params_from_py(params, name)?;
        Ok(crate::convert::value_to_py(
            py,
            &self.game.extra(name, &p)?,
        )?)
    }

    /// The double-dummy table of a deal: (values, row labels, column labels).
    #[pyo3(signature = (deal, params = None, threads = None, max_nodes = None, timeout = None, tt_mib = None))]
    #[allow(clippy::too_many_arguments)]
    fn dd_table<'py>(
        &self,
        py: Python<'py>,
        deal: &str,
        params: Option<&Bound<'_, PyDict>>,
        threads: Option<usize>,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
        tt_mib: Option<u64>,
    ) -> PyResult<LabelledTable<'py>> {
        let p = params_from_py(params, "dd_table")?;
        let mut cfg = request(max_nodes, timeout, tt_mib)?.config;
        let game = self.game.clone();
        let deal = deal.to_string();
        let threads = threads.unwrap_or_else(default_threads);
        let t = run_detached(py, move |stop| {
            cfg.stop = Some(stop);
            game.dd_table(&registry::TableRequest {
                deal: &deal,
                params: &p,
                config: &cfg,
                threads,
            })
        })??;
        let (r, c) = (t.rows.len(), t.col_labels.len());
        let flat: Vec<i32> = t.rows.into_iter().flatten().collect();
        let a = flat.into_pyarray(py).reshape([r, c])?;
        Ok((a, t.row_labels, t.col_labels))
    }

    /// Hokm: `n` hands with random legal actions in Rust (numpy arrays).
    #[pyo3(signature = (n, seed = 0, threads = None))]
    fn random_playouts<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let threads = threads.unwrap_or_else(default_threads);
        let game = self.game.clone();
        let r = py.detach(|| game.random_playouts(n, seed, threads))?;
        let d = PyDict::new(py);
        let tricks = r.tricks.into_pyarray(py).reshape([n, r.sides])?;
        let points = r.points.into_pyarray(py).reshape([n, r.point_cols])?;
        let winner: Bound<'py, PyArray1<i8>> = r.winner.into_pyarray(py);
        d.set_item("tricks", tricks)?;
        d.set_item("points", points)?;
        d.set_item("winner", winner)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let opts: Vec<String> = self
            .game
            .options()
            .iter()
            .map(|(k, v)| format!(", {}={:?}", k, v))
            .collect();
        format!("<hukm.Game {:?}{}>", self.game.preset(), opts.join(""))
    }
}

/// Every game and preset: (name, family, players, pack, title).
#[pyfunction]
pub fn games() -> Vec<(
    &'static str,
    &'static str,
    usize,
    &'static str,
    &'static str,
)> {
    registry::ALL
        .iter()
        .map(|e| (e.name, e.family, e.players, e.pack, e.title))
        .collect()
}

/// The short names accepted for presets: (alias, preset).
#[pyfunction]
pub fn aliases() -> Vec<(&'static str, &'static str)> {
    registry::ALIASES.to_vec()
}

/// One option of a preset: (name, kind, values, default); kind is `words`
/// (values: the words), `switch` (on/off), `number` (values: lo, hi) or
/// `text` (values: a description).
pub type OptionRow = (String, &'static str, Vec<String>, Option<String>);

/// The options of preset `name` with what they accept and their defaults.
#[pyfunction]
pub fn option_info(name: &str) -> PyResult<Vec<OptionRow>> {
    use hukm_core::options::Accepts;
    Ok(AnyGame::option_info(name)?
        .into_iter()
        .map(|o| {
            let (kind, values) = match o.accepts {
                Accepts::Words(w) => ("words", w.iter().map(|x| x.to_string()).collect()),
                Accepts::Switch => ("switch", vec!["on".into(), "off".into()]),
                Accepts::Number(lo, hi) => ("number", vec![lo.to_string(), hi.to_string()]),
                Accepts::Text(t) => ("text", vec![t.to_string()]),
            };
            (o.name.to_string(), kind, values, o.default)
        })
        .collect())
}

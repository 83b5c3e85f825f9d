//! The native Twenty-eight game class (wrapped by `hukm.TwentyEight` in Python).

use std::collections::HashMap;

use hukm_core::games::twenty_eight::{dd, TrumpStart, TwentyEight};
use pyo3::prelude::*;

use crate::convert::{to_py, IntoPy};
use crate::state::{AnyState, CardStrings, PyState};

/// Twenty-eight and its relatives (28, 29, 28_wb, 40, 56).
#[pyclass(name = "TwentyEight", module = "hukm._core", frozen)]
pub struct PyTwentyEight {
    /// The game.
    pub game: TwentyEight,
    cards: std::sync::Arc<CardStrings>,
}

impl PyTwentyEight {
    fn wrap(&self, s: hukm_core::games::twenty_eight::TwentyEightState) -> PyState {
        PyState {
            inner: AnyState::TwentyEight(Box::new(s)),
            cards: self.cards.clone(),
        }
    }
}

#[pymethods]
impl PyTwentyEight {
    #[new]
    #[pyo3(signature = (preset = "28", options = Vec::new()))]
    fn new(py: Python<'_>, preset: &str, options: Vec<(String, String)>) -> PyResult<Self> {
        let game = TwentyEight::new(preset, &options).py(py)?;
        let cards = CardStrings::new(py, &game.config().pack);
        Ok(PyTwentyEight { game, cards })
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

    /// Card points of the pack plus the last-trick point.
    #[getter]
    fn total_points(&self) -> i32 {
        self.game.config().total
    }

    /// The lowest and highest bids.
    #[getter]
    fn bid_range(&self) -> (i32, i32) {
        (self.game.config().min_bid, self.game.config().max_bid)
    }

    /// The options given, normalised.
    #[getter]
    fn options(&self) -> HashMap<String, String> {
        self.game.config().options.iter().cloned().collect()
    }

    /// A whole match, chance seeded by `seed`.
    fn new_game(&self, seed: u64) -> PyState {
        self.wrap(self.game.new_game(seed))
    }

    /// The full deal (both halves) of the first hand of `new_game(seed)`, seat 0 first.
    fn deal(&self, seed: u64) -> String {
        let s = self.game.new_game(seed);
        self.game.config().pack.format_deal(&s.full_deal())
    }

    /// One hand of trick play from a deal: exactly one of `trump` (open from
    /// trick 1) and `indicator` (a card of the bidder's hand laid aside).
    #[pyo3(signature = (deal, bidder, leader, trump = None, indicator = None, contract = None))]
    #[allow(clippy::wrong_self_convention, clippy::too_many_arguments)]
    fn from_deal(
        &self,
        py: Python<'_>,
        deal: &str,
        bidder: usize,
        leader: usize,
        trump: Option<&str>,
        indicator: Option<&str>,
        contract: Option<i32>,
    ) -> PyResult<PyState> {
        let start =
            match (trump, indicator) {
                (Some(t), None) => TrumpStart::Open(t),
                (None, Some(i)) => TrumpStart::Concealed(i),
                _ => return Err(to_py(
                    py,
                    hukm_core::Error::State(
                        "give exactly one of trump (open from trick 1) and indicator (concealed)"
                            .into(),
                    ),
                )),
            };
        let s = self
            .game
            .from_deal(deal, bidder, leader, start, contract)
            .py(py)?;
        Ok(self.wrap(s))
    }

    /// Open-trump double-dummy values of a full deal: rows trump suits in pack
    /// order, columns the bidder's seat; each cell the card points the
    /// bidder's side guarantees with `leader` on lead. The trump suits are
    /// spread over `threads` threads (default: every core).
    #[pyo3(signature = (deal, leader, threads = None, max_nodes = None, timeout = None, tt_mib = None))]
    #[allow(clippy::too_many_arguments)]
    fn dd_table(
        &self,
        py: Python<'_>,
        deal: &str,
        leader: usize,
        threads: Option<usize>,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
        tt_mib: Option<usize>,
    ) -> PyResult<Vec<Vec<i32>>> {
        let cfg = self.game.config_arc();
        let hands = cfg.pack.parse_deal(deal, cfg.players).py(py)?;
        if leader >= cfg.players {
            return Err(to_py(
                py,
                hukm_core::Error::State(format!(
                    "bad leader {}: seats 0..{}",
                    leader,
                    cfg.players - 1
                )),
            ));
        }
        let mut sc = crate::solve::config(max_nodes, timeout, tt_mib);
        let r = crate::run::run_detached(py, move |stop| {
            sc.stop = Some(stop);
            dd::dd_table(
                &cfg,
                &hands,
                leader,
                sc,
                threads.unwrap_or_else(crate::solve::default_threads),
            )
        })?
        .py(py)?;
        Ok(r.0)
    }
}

/// What `solve_twenty_eight` returns: value, (action, value) pairs, nodes.
type DdOut = (i32, Vec<(String, i32)>, u64);

/// Double-dummy answer of a Twenty-eight state: `(value, [(action, value)],
/// nodes)`. Without `target`: card points of `player`'s side from here
/// (single hand and half court: 1 when `player`'s side wins the contract,
/// else 0); with `target`: the bidding side's outcome (0 failed, 1 void,
/// 2 made).
#[pyfunction]
#[pyo3(signature = (state, player = None, target = None, max_nodes = None, timeout = None, tt_mib = None, actions = true))]
#[allow(clippy::too_many_arguments)]
pub fn solve_twenty_eight(
    py: Python<'_>,
    state: &PyState,
    player: Option<usize>,
    target: Option<i32>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    tt_mib: Option<usize>,
    actions: bool,
) -> PyResult<DdOut> {
    let AnyState::TwentyEight(s) = &state.inner else {
        return Err(to_py(
            py,
            hukm_core::Error::State("not a Twenty-eight state".into()),
        ));
    };
    let s = s.as_ref().clone();
    let mut cfg = crate::solve::config(max_nodes, timeout, tt_mib);
    let player = player.unwrap_or_else(|| s.current().unwrap_or(0));
    let r = crate::run::run_detached(py, move |stop| {
        cfg.stop = Some(stop);
        match target {
            Some(_) if s.all_tricks_contract() => Err(hukm_core::Error::State(
                "target= does not apply to single hand or half court (they need every trick)"
                    .into(),
            )),
            None if s.all_tricks_contract() => dd::solve_sweep(&s, player, cfg, actions),
            Some(t) => dd::solve_outcome(&s, t, cfg, actions),
            None => dd::solve_points(&s, player, cfg, actions),
        }
    })?
    .py(py)?;
    Ok((r.value, r.actions, r.nodes))
}

/// The full deal of a Twenty-eight state as an open-trump position: `bidder`
/// declares `trump` (a suit code), the first lead at the dealer's right, the
/// same game and options (`TwentyEightState::open_position`).
#[pyfunction]
pub fn twenty_eight_open_position(
    py: Python<'_>,
    state: &PyState,
    bidder: usize,
    trump: &str,
) -> PyResult<PyState> {
    let AnyState::TwentyEight(s) = &state.inner else {
        return Err(to_py(
            py,
            hukm_core::Error::State("not a Twenty-eight state".into()),
        ));
    };
    let n = s.config().players;
    if bidder >= n {
        return Err(to_py(
            py,
            hukm_core::Error::State(format!("bad bidder {}: seats 0..{}", bidder, n - 1)),
        ));
    }
    let t = s.config().pack.parse_suit(trump).py(py)?;
    let p = s.open_position(bidder, t).py(py)?;
    Ok(PyState {
        inner: AnyState::TwentyEight(Box::new(p)),
        cards: state.cards.clone(),
    })
}

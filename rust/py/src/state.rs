//! The `State` class: one game state of any game, driven by action strings.

use std::sync::Arc;

use hukm_core::game::GameState;
use hukm_core::games::dashavatara::DashaState;
use hukm_core::games::dugi::DugiState;
use hukm_core::games::ganjifa::GanjifaState;
use hukm_core::games::hokm::{HokmState, Phase};
use hukm_core::games::naqsh::NaqshState;
use hukm_core::games::twenty_eight::TwentyEightState;
use hukm_core::Pack;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::convert::{value_to_py, IntoPy};

/// A state of any game (typed inside, so the solver can reach it).
#[derive(Clone)]
pub enum AnyState {
    /// A Hokm state.
    Hokm(Box<HokmState>),
    /// A Naqsh state.
    Naqsh(Box<NaqshState>),
    /// A Dashavatara state.
    Dasha(Box<DashaState>),
    /// A Twenty-eight family state.
    TwentyEight(Box<TwentyEightState>),
    /// An individual Ganjifa state.
    Ganjifa(Box<GanjifaState>),
    /// A Dugi state.
    Dugi(Box<DugiState>),
}

impl AnyState {
    /// The state behind the shared game interface.
    pub fn get(&self) -> &dyn GameState {
        match self {
            AnyState::Hokm(s) => s.as_ref(),
            AnyState::Naqsh(s) => s.as_ref(),
            AnyState::Dasha(s) => s.as_ref(),
            AnyState::TwentyEight(s) => s.as_ref(),
            AnyState::Ganjifa(s) => s.as_ref(),
            AnyState::Dugi(s) => s.as_ref(),
        }
    }
    /// The state behind the shared game interface, mutable.
    pub fn get_mut(&mut self) -> &mut dyn GameState {
        match self {
            AnyState::Hokm(s) => s.as_mut(),
            AnyState::Naqsh(s) => s.as_mut(),
            AnyState::Dasha(s) => s.as_mut(),
            AnyState::TwentyEight(s) => s.as_mut(),
            AnyState::Ganjifa(s) => s.as_mut(),
            AnyState::Dugi(s) => s.as_mut(),
        }
    }
}

/// Python strings of a pack's cards, made once per game and shared by its
/// states, so listing legal cards allocates no string.
pub struct CardStrings(Vec<Option<Py<PyString>>>);

impl CardStrings {
    /// The strings of every card of `pack`, indexed by bit.
    pub fn new(py: Python<'_>, pack: &Pack) -> Arc<CardStrings> {
        let mut v: Vec<Option<Py<PyString>>> = (0..128).map(|_| None).collect();
        for c in pack.deck.iter() {
            v[c.0 as usize] = Some(PyString::new(py, &pack.format_card(c)).unbind());
        }
        Arc::new(CardStrings(v))
    }
}

/// A game state: whose turn, the legal actions, apply, observations.
#[pyclass(name = "State", module = "hukm._core")]
#[derive(Clone)]
pub struct PyState {
    /// The state.
    pub inner: AnyState,
    /// Cached card strings of the state's pack.
    pub cards: Arc<CardStrings>,
}

#[pymethods]
impl PyState {
    /// Number of seats.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.get().num_players()
    }

    /// The seat to act; -1 when the state is terminal.
    #[getter]
    fn current_player(&self) -> i64 {
        self.inner.get().current_player().map_or(-1, |p| p as i64)
    }

    /// The game's name (`hokm`, `naqsh`, `dashavatara`, `twenty_eight`).
    #[getter]
    fn game(&self) -> &'static str {
        match &self.inner {
            AnyState::Hokm(_) => "hokm",
            AnyState::Naqsh(_) => "naqsh",
            AnyState::Dasha(_) => "dashavatara",
            AnyState::TwentyEight(_) => "twenty_eight",
            AnyState::Ganjifa(_) => "ganjifa",
            AnyState::Dugi(_) => "dugi",
        }
    }

    /// The phase's name.
    #[getter]
    fn phase(&self) -> &'static str {
        match &self.inner {
            AnyState::Hokm(s) => s.phase().name(),
            AnyState::Naqsh(s) => s.phase().name(),
            AnyState::Dasha(s) => s.phase().name(),
            AnyState::TwentyEight(s) => s.phase().name(),
            AnyState::Ganjifa(s) => s.phase().name(),
            AnyState::Dugi(s) => s.phase_name(),
        }
    }

    /// The legal actions of the seat to act.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match &self.inner {
            // Fast path: in trick play the legal actions are cards only, unless
            // a call or signals can go with them.
            AnyState::Hokm(s)
                if s.phase() == Phase::Play
                    && !s.config().hidden_call
                    && !s.config().satat_signals =>
            {
                let legal = s.legal_cards();
                let pack = &s.config().pack;
                let mut out: Vec<&Py<PyString>> = Vec::with_capacity(legal.len() as usize);
                for suit in 0..pack.num_suits() as u8 {
                    for c in (legal & pack.suit_mask(suit)).iter().rev() {
                        out.push(
                            self.cards.0[c.0 as usize]
                                .as_ref()
                                .expect("a card of the pack"),
                        );
                    }
                }
                PyList::new(py, out.into_iter().map(|x| x.bind(py)))
            }
            _ => PyList::new(py, self.inner.get().legal_actions()),
        }
    }

    /// Applies an action; an illegal one raises IllegalActionError and changes nothing.
    fn apply(&mut self, py: Python<'_>, action: &str) -> PyResult<()> {
        self.inner.get_mut().apply(action).py(py)
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyState {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        Clone::clone(self)
    }

    /// True when the game (or the position's hand) is over.
    fn is_terminal(&self) -> bool {
        self.inner.get().is_terminal()
    }

    /// Each seat's points so far.
    fn returns(&self) -> Vec<f64> {
        self.inner.get().returns()
    }

    /// What `player` may see, as a dict.
    fn observation<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyAny>> {
        let n = self.inner.get().num_players();
        if player < 0 || player as usize >= n {
            return Err(crate::convert::to_py(
                py,
                hukm_core::Error::State(format!("player {} out of range 0..{}", player, n - 1)),
            ));
        }
        let v = self.inner.get().observation(player as usize).py(py)?;
        value_to_py(py, &v)
    }

    /// A copy of the state in which every card `player` cannot see is dealt
    /// again at random, consistently with everything `player` has seen (cards
    /// played, shown voids, his own hand, concealed cards that are his).
    /// Reproducible from `seed`.
    #[pyo3(signature = (player, seed = 0))]
    fn determinize(&self, py: Python<'_>, player: i64, seed: u64) -> PyResult<PyState> {
        let n = self.inner.get().num_players();
        if player < 0 || player as usize >= n {
            return Err(crate::convert::to_py(
                py,
                hukm_core::Error::State(format!("player {} out of range 0..{}", player, n - 1)),
            ));
        }
        let p = player as usize;
        let inner = match &self.inner {
            AnyState::Hokm(s) => AnyState::Hokm(Box::new(s.determinize(p, seed).py(py)?)),
            AnyState::Naqsh(s) => AnyState::Naqsh(Box::new(s.determinize(p, seed).py(py)?)),
            AnyState::Dasha(s) => AnyState::Dasha(Box::new(s.determinize(p, seed).py(py)?)),
            AnyState::TwentyEight(s) => {
                AnyState::TwentyEight(Box::new(s.determinize(p, seed).py(py)?))
            }
            AnyState::Ganjifa(s) => AnyState::Ganjifa(Box::new(s.determinize(p, seed).py(py)?)),
            AnyState::Dugi(s) => AnyState::Dugi(Box::new(s.determinize(p, seed).py(py)?)),
        };
        Ok(PyState {
            inner,
            cards: self.cards.clone(),
        })
    }

    /// The actions applied so far.
    fn history(&self) -> Vec<String> {
        self.inner.get().history()
    }

    /// Every seat's cards now in compact form (a god's-eye view, for analysis and display).
    fn hands(&self) -> Vec<String> {
        match &self.inner {
            AnyState::Hokm(s) => s
                .hands()
                .iter()
                .map(|&h| s.config().pack.format_hand(h))
                .collect(),
            AnyState::Naqsh(s) => (0..s.config().players)
                .map(|seat| {
                    let h: hukm_core::CardSet = s.cards(seat).iter().copied().collect();
                    s.config().pack.format_hand(h)
                })
                .collect(),
            AnyState::Dasha(s) => s
                .hands()
                .iter()
                .map(|&h| s.config().pack.format_hand(h))
                .collect(),
            AnyState::Ganjifa(s) => s
                .hands()
                .iter()
                .map(|&h| s.config().pack.format_hand(h))
                .collect(),
            AnyState::TwentyEight(s) => s
                .hands()
                .iter()
                .map(|&h| s.config().pack.format_hand(h))
                .collect(),
            AnyState::Dugi(s) => s
                .play()
                .hands
                .iter()
                .map(|&h| s.config().pack.format_hand(h))
                .collect(),
        }
    }

    fn __str__(&self) -> String {
        self.inner.get().render()
    }

    fn __repr__(&self) -> String {
        format!(
            "<hukm.State phase={} current_player={}>",
            self.phase(),
            self.current_player()
        )
    }
}

//! The `State` class: one state of any game, driven by action strings.

use std::sync::Arc;

use hukm_core::game::GameState;
use hukm_core::registry::{AnyGame, AnyState, Origin};
use hukm_core::{Error, Pack};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::args;
use crate::convert::{params_from_py, params_to_py, value_to_py};
use crate::error::PyResult;

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

impl PyState {
    fn check_player(&self, player: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.inner.num_players() as i128;
        Ok(args::whole(player, "player", 0, n - 1)? as usize)
    }

    fn wrap(&self, inner: AnyState) -> PyState {
        PyState {
            inner,
            cards: self.cards.clone(),
        }
    }
}

/// An origin as nested tuples: `("match", seed, params)`, `("deal", deal,
/// params)`, `("sample", origin, actions, player, seed)` or `("open",
/// origin, actions, bidder, trump)`.
pub fn origin_to_py<'py>(py: Python<'py>, o: &Origin) -> pyo3::PyResult<Bound<'py, PyTuple>> {
    match o {
        Origin::Match { seed, params } => {
            ("match", *seed, params_to_py(py, params)?).into_pyobject(py)
        }
        Origin::Deal { deal, params } => {
            ("deal", deal.as_str(), params_to_py(py, params)?).into_pyobject(py)
        }
        Origin::Sample {
            from,
            actions,
            player,
            seed,
        } => (
            "sample",
            origin_to_py(py, from)?,
            actions.clone(),
            *player,
            *seed,
        )
            .into_pyobject(py),
        Origin::Open {
            from,
            actions,
            bidder,
            trump,
        } => (
            "open",
            origin_to_py(py, from)?,
            actions.clone(),
            *bidder,
            trump.as_str(),
        )
            .into_pyobject(py),
    }
}

/// An origin from the tuples of [`origin_to_py`].
pub fn origin_from_py(t: &Bound<'_, PyAny>) -> PyResult<Origin> {
    let bad = || Error::State("bad origin of a state".into());
    let t = t.cast::<PyTuple>().map_err(|_| bad())?;
    let kind: String = t.get_item(0)?.extract()?;
    Ok(match (kind.as_str(), t.len()) {
        ("match", 3) => Origin::Match {
            seed: t.get_item(1)?.extract()?,
            params: params_from_py(
                Some(t.get_item(2)?.cast::<PyDict>().map_err(|_| bad())?),
                "new_game",
            )?,
        },
        ("deal", 3) => Origin::Deal {
            deal: t.get_item(1)?.extract()?,
            params: params_from_py(
                Some(t.get_item(2)?.cast::<PyDict>().map_err(|_| bad())?),
                "from_deal",
            )?,
        },
        ("sample", 5) => Origin::Sample {
            from: Arc::new(origin_from_py(&t.get_item(1)?)?),
            actions: t.get_item(2)?.extract()?,
            player: t.get_item(3)?.extract()?,
            seed: t.get_item(4)?.extract()?,
        },
        ("open", 5) => Origin::Open {
            from: Arc::new(origin_from_py(&t.get_item(1)?)?),
            actions: t.get_item(2)?.extract()?,
            bidder: t.get_item(3)?.extract()?,
            trump: t.get_item(4)?.extract()?,
        },
        _ => return Err(bad().into()),
    })
}

/// Rebuilds a state from its preset, options, origin and actions since
/// (what pickling stores).
#[pyfunction]
pub fn _restore_state(
    py: Python<'_>,
    preset: &str,
    options: Vec<(String, String)>,
    origin: &Bound<'_, PyAny>,
    actions: Vec<String>,
) -> PyResult<PyState> {
    let game = AnyGame::new(preset, &options)?;
    let origin = origin_from_py(origin)?;
    let inner = AnyState::replay(&game, &origin, &actions)?;
    Ok(PyState {
        cards: CardStrings::new(py, game.pack()),
        inner,
    })
}

#[pymethods]
impl PyState {
    /// Number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// The seat to act; -1 when the state is terminal.
    #[getter]
    fn current_player(&self) -> i64 {
        self.inner.current_player().map_or(-1, |p| p as i64)
    }

    /// The game module's name (`hokm`, `twenty_eight`, `ganjifa`, `dugi`,
    /// `dashavatara`, `naqsh`).
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game().family()
    }

    /// The preset's name (`hokm4`, `28`, `dashavatara` ...).
    #[getter]
    fn preset(&self) -> &'static str {
        self.inner.game().preset()
    }

    /// The game's options, normalised.
    #[getter]
    fn options(&self) -> Vec<(String, String)> {
        self.inner.game().options()
    }

    /// The pack as pictures need it (see `Game.layout`).
    #[getter]
    fn layout(&self) -> crate::convert::Layout {
        crate::convert::layout_of(self.inner.game().pack())
    }

    /// The phase's name.
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase_name()
    }

    /// The legal actions of the seat to act.
    fn legal_actions<'py>(&self, py: Python<'py>) -> pyo3::PyResult<Bound<'py, PyList>> {
        if let Some(legal) = self.inner.legal_cards_only() {
            // Cards only: suits in pack order, strongest first, from the
            // cached strings.
            let pack = self.inner.game().pack();
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
            return PyList::new(py, out.into_iter().map(|x| x.bind(py)));
        }
        PyList::new(py, self.inner.legal_actions())
    }

    /// Applies an action; an illegal one raises IllegalActionError and changes nothing.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = args::text(action, "action", Error::IllegalAction)?;
        Ok(self.inner.apply(&action)?)
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
        self.inner.is_terminal()
    }

    /// Each seat's points so far.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// What `player` may see, as a dict.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = self.check_player(player)?;
        let v = self.inner.observation(p)?;
        Ok(value_to_py(py, &v)?)
    }

    /// A copy of the state in which every card `player` cannot see is dealt
    /// again at random, consistently with everything `player` has seen.
    /// Reproducible from `seed`.
    #[pyo3(signature = (player, seed = None))]
    fn determinize(
        &self,
        player: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyState> {
        let p = self.check_player(player)?;
        let seed = match seed {
            Some(v) => args::whole(v, "seed", 0, u64::MAX as i128)? as u64,
            None => 0,
        };
        Ok(self.wrap(self.inner.determinize(p, seed)?))
    }

    /// Twenty-eight: the full deal as an open-trump position in which
    /// `bidder` declares `trump`.
    fn open_position(
        &self,
        bidder: &Bound<'_, PyAny>,
        trump: &Bound<'_, PyAny>,
    ) -> PyResult<PyState> {
        let n = self.inner.num_players() as i128;
        let bidder = args::whole(bidder, "bidder", 0, n - 1)? as usize;
        let trump = args::text(trump, "trump", Error::Notation)?;
        Ok(self.wrap(self.inner.open_position(bidder, &trump)?))
    }

    /// The trick in progress as the player at `seat` can tell it: `{"winner": (seat, card)
    /// or None, "winner_sure": bool, "led": suit or None, "points": points in the trick, "unseen": [(suit, cards not seen)] in pack order, "cards": {card: {"suit",
    /// "strength", "points", "trump", "wins", "master"}}}` for the cards of his hand (trick
    /// games).
    fn trick_facts<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        // Table seats (Dummy Rang's dummy is a seat of the table, not a
        // player): the engine checks the range of the game.
        let seat = args::whole(seat, "seat", 0, 255)? as usize;
        let f = self.inner.trick_facts(seat)?;
        let d = PyDict::new(py);
        d.set_item("winner", f.winner)?;
        d.set_item("winner_sure", f.winner_sure)?;
        d.set_item("led", f.led)?;
        d.set_item("points", f.points)?;
        d.set_item("unseen", f.unseen)?;
        let cards = PyDict::new(py);
        for c in f.cards {
            let x = PyDict::new(py);
            x.set_item("suit", c.suit)?;
            x.set_item("strength", c.strength)?;
            x.set_item("points", c.points)?;
            x.set_item("trump", c.trump)?;
            x.set_item("wins", c.wins)?;
            x.set_item("master", c.master)?;
            cards.set_item(c.card, x)?;
        }
        d.set_item("cards", cards)?;
        Ok(d)
    }

    /// The actions applied so far.
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// The actions applied so far as `viewer` saw them: `history()` with `?`
    /// for each card of an action that `viewer` was not shown
    /// (`indicator:?`, `discard:?+?+?`, `facedown:?:QM`); whoever made an
    /// action sees it whole. What a view drawn for one seat tells of the
    /// hand (the state is replayed from its origin).
    fn seen_history(&self, viewer: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let n = self.inner.num_players() as i128;
        let v = args::whole(viewer, "viewer", 0, n - 1)? as usize;
        Ok(self.inner.seen_history(v)?)
    }

    /// How the state was made (see `origin_to_py`) and the actions since.
    fn origin<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyTuple>, Vec<String>)> {
        Ok((origin_to_py(py, self.inner.origin())?, self.inner.actions()))
    }

    /// Every seat's cards now in compact form (a god's-eye view, for analysis and display).
    fn hands(&self) -> Vec<String> {
        self.inner.hands()
    }

    /// The table as an SVG picture (what a notebook shows): `hukm.svg.render`.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> pyo3::PyResult<String> {
        let py = slf.py();
        py.import("hukm.svg")?
            .call_method1("render", (slf,))?
            .extract()
    }

    /// The hand record of this state (`hukm.HandRecord`): its game, how it was
    /// made and every action with its player.
    fn record<'py>(slf: &Bound<'py, Self>) -> pyo3::PyResult<Bound<'py, PyAny>> {
        slf.py()
            .import("hukm.record")?
            .call_method1("record_of", (slf,))
    }

    fn __eq__(&self, other: &PyState) -> bool {
        self.inner == other.inner
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("hukm._core")?.getattr("_restore_state")?;
        let game = self.inner.game();
        let args = (
            game.preset(),
            game.options(),
            origin_to_py(py, self.inner.origin())?,
            self.inner.actions(),
        )
            .into_pyobject(py)?;
        Ok((restore, args))
    }

    fn __str__(&self) -> String {
        self.inner.render()
    }

    fn __repr__(&self) -> String {
        format!(
            "<hukm.State {} phase={} current_player={} actions={} hands={:?}>",
            self.inner.game().preset(),
            self.inner.phase_name(),
            self.current_player(),
            self.inner.history().len(),
            self.inner.hands().join(" ")
        )
    }
}

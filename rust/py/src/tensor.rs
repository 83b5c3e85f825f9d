//! Tensors, action ids and the vectorised environment from Python: the
//! methods of `Game` and `State` that read a game's encoding, and the
//! `VecEnv` class (numpy in and out, the interpreter released while the
//! games step).

use hukm_core::encode::{CardSlots, Kind};
use hukm_core::game::GameState;
use hukm_core::registry::{Buffers, Episode, VecEnv};
use hukm_core::Error;
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::prelude::*;

use crate::error::PyResult;
use crate::game::PyGame;
use crate::state::PyState;

/// One section of a tensor layout: (name, offset, shape, about).
pub type SectionRow = (&'static str, usize, Vec<usize>, &'static str);
/// One segment of the action ids: (name, first id, size, about, needs a state).
pub type SegmentRow = (&'static str, usize, usize, &'static str, bool);

fn kind(word: &str) -> PyResult<Kind> {
    Ok(Kind::parse(word)?)
}

fn id_arg(id: i64) -> PyResult<usize> {
    usize::try_from(id)
        .map_err(|_| Error::IllegalAction(format!("action id {} out of range", id)).into())
}

#[pymethods]
impl PyGame {
    /// Number of action ids.
    #[getter]
    fn num_distinct_actions(&self) -> PyResult<usize> {
        Ok(self.game.num_distinct_actions()?)
    }

    /// The sections of the tensor of `kind` (`observation` or
    /// `information_state`).
    #[pyo3(signature = (kind = "observation"))]
    fn tensor_layout(&self, kind: &str) -> PyResult<Vec<SectionRow>> {
        let l = self.game.layout(self::kind(kind)?)?;
        Ok(l.sections()
            .iter()
            .map(|s| (s.name, s.offset, s.shape.clone(), s.about))
            .collect())
    }

    /// Values in the tensor of `kind`.
    #[pyo3(signature = (kind = "observation"))]
    fn tensor_size(&self, kind: &str) -> PyResult<usize> {
        Ok(self.game.layout(self::kind(kind)?)?.len())
    }

    /// The card of each card slot of the tensors and of the `card` ids
    /// (the pack in hand order; a double pack's copies share a slot).
    #[getter]
    fn card_slots(&self) -> Vec<String> {
        let pack = self.game.pack();
        let slots = CardSlots::new(pack);
        (0..slots.len())
            .map(|i| pack.format_card(slots.card(i)))
            .collect()
    }

    /// The segments of the action ids.
    fn action_layout(&self) -> PyResult<Vec<SegmentRow>> {
        Ok(self
            .game
            .action_space()?
            .segments()
            .iter()
            .map(|s| (s.name, s.offset, s.size, s.about, s.needs_state))
            .collect())
    }

    /// The id of an action whose id does not depend on the state.
    fn action_to_id(&self, action: &str) -> PyResult<usize> {
        Ok(self.game.action_id(action)?)
    }

    /// The action string of an id that does not depend on the state.
    fn id_to_action(&self, id: i64) -> PyResult<String> {
        Ok(self.game.id_action(id_arg(id)?)?)
    }
}

#[pymethods]
impl PyState {
    /// What `player` sees now as a float32 vector (`Game.tensor_layout()`
    /// names its sections).
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: i64,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.tensor(py, player, "observation")
    }

    /// The observation followed by the hand's history as `player` saw it
    /// (float32; `Game.tensor_layout("information_state")`).
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: i64,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.tensor(py, player, "information_state")
    }

    /// The tensor of `kind` (`observation` or `information_state`) as
    /// `player` sees it.
    #[pyo3(signature = (player, kind = "observation"))]
    fn tensor<'py>(
        &self,
        py: Python<'py>,
        player: i64,
        kind: &str,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let n = self.inner.num_players();
        let p = usize::try_from(player)
            .ok()
            .filter(|&p| p < n)
            .ok_or_else(|| Error::State(format!("player {} out of range 0..{}", player, n - 1)))?;
        Ok(self.inner.tensor(p, self::kind(kind)?)?.into_pyarray(py))
    }

    /// 1 for each legal action id, 0 elsewhere (int8).
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let n = self.inner.game().num_distinct_actions()?;
        let mut m = vec![0i8; n];
        for a in self.inner.legal_ids()? {
            m[a] = 1;
        }
        Ok(m.into_pyarray(py))
    }

    /// The ids of the legal actions, in increasing order.
    fn legal_action_ids(&self) -> PyResult<Vec<usize>> {
        Ok(self.inner.legal_ids()?)
    }

    /// The id of an action in this state.
    fn action_to_id(&self, action: &str) -> PyResult<usize> {
        Ok(self.inner.action_id(action)?)
    }

    /// The action string of an id in this state.
    fn id_to_action(&self, id: i64) -> PyResult<String> {
        Ok(self.inner.id_action(id_arg(id)?)?)
    }

    /// Applies the action of an id; an illegal id raises and changes nothing.
    fn apply_id(&mut self, id: i64) -> PyResult<()> {
        Ok(self.inner.apply_id(id_arg(id)?)?)
    }

    /// The number of the hand in play (it changes when the next hand of a
    /// match is dealt).
    #[getter]
    fn hand_number(&self) -> PyResult<usize> {
        Ok(self.inner.hand_number()?)
    }
}

/// Many games of one preset stepped together (see `hukm.VecEnv`).
#[pyclass(name = "VecEnv", module = "hukm._core")]
pub struct PyVecEnv {
    env: VecEnv,
}

type Arrays<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
);

/// The arrays of one call: fresh numpy arrays, filled in place with the
/// interpreter released (the observations and masks are left uninitialised
/// here; the environment writes every value of every row).
struct Owned<'py> {
    obs: Bound<'py, PyArray2<f32>>,
    mask: Bound<'py, PyArray2<i8>>,
    players: Bound<'py, PyArray1<i64>>,
}

impl<'py> Owned<'py> {
    fn new(py: Python<'py>, env: &VecEnv) -> Owned<'py> {
        let n = env.len();
        // SAFETY: the arrays are of plain numbers and `Buffers` hands their
        // memory to the environment only as `MaybeUninit` values, each of
        // which it writes before the arrays reach Python.
        let (obs, mask) = unsafe {
            (
                PyArray2::<f32>::new(py, [n, env.obs_len()], false),
                PyArray2::<i8>::new(py, [n, env.num_actions()], false),
            )
        };
        Owned {
            obs,
            mask,
            players: PyArray1::<i64>::zeros(py, n, false),
        }
    }

    /// The arrays' memory as the environment's buffers. The arrays were
    /// made here and are not shared yet, so nothing else reads or writes
    /// them while the buffers live.
    fn buffers(&self) -> PyResult<Buffers<'_>> {
        let (n_obs, n_mask) = (
            PyUntypedArrayMethods::len(&self.obs),
            PyUntypedArrayMethods::len(&self.mask),
        );
        // SAFETY: each array is C-contiguous, owned by this call and alive
        // until the buffers are dropped (the callers drop them before
        // returning the arrays); `MaybeUninit<T>` has the layout of `T`.
        unsafe {
            Ok(Buffers {
                obs: std::slice::from_raw_parts_mut(
                    self.obs.data() as *mut std::mem::MaybeUninit<f32>,
                    n_obs,
                ),
                mask: std::slice::from_raw_parts_mut(
                    self.mask.data() as *mut std::mem::MaybeUninit<i8>,
                    n_mask,
                ),
                players: self.players.as_slice_mut().map_err(|e| {
                    Error::State(format!("a VecEnv buffer is not contiguous: {}", e))
                })?,
            })
        }
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (game, n, seed = 0, episode = "hand", kind = "observation", threads = 1))]
    fn new(
        py: Python<'_>,
        game: &PyGame,
        n: usize,
        seed: u64,
        episode: &str,
        kind: &str,
        threads: usize,
    ) -> PyResult<Self> {
        let (episode, kind) = (Episode::parse(episode)?, self::kind(kind)?);
        let g = game.game.clone();
        let env = py.detach(|| VecEnv::new(&g, n, seed, episode, kind, threads))?;
        Ok(PyVecEnv { env })
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.env.len()
    }

    /// Values in one observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.env.obs_len()
    }

    /// Number of action ids.
    #[getter]
    fn num_actions(&self) -> usize {
        self.env.num_actions()
    }

    /// Number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.env.num_players()
    }

    /// Starts every game again (with a new `seed` when given): (obs, masks,
    /// players).
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Arrays<'py>> {
        let out = Owned::new(py, &self.env);
        let buffers = out.buffers()?;
        let env = &mut self.env;
        py.detach(|| env.reset(seed, buffers))?;
        Ok((out.obs, out.mask, out.players))
    }

    /// One action id per game: (obs, masks, rewards, terminated, players).
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray2<i8>>,
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<i64>>,
    )> {
        let n = self.env.len();
        let p = self.env.num_players();
        let acts: Vec<i64> = actions.as_array().to_vec();
        let out = Owned::new(py, &self.env);
        let buffers = out.buffers()?;
        let mut rewards = vec![0f32; n * p];
        let mut term = vec![0u8; n];
        let env = &mut self.env;
        py.detach(|| env.step(&acts, buffers, &mut rewards, &mut term))?;
        let term: Vec<bool> = term.into_iter().map(|x| x != 0).collect();
        let rewards = rewards.into_pyarray(py).reshape([n, p])?;
        Ok((
            out.obs,
            out.mask,
            rewards,
            term.into_pyarray(py),
            out.players,
        ))
    }

    /// A uniformly random legal id for every game (int64), from the
    /// environment's own seeded generator.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut out = vec![0i64; self.env.len()];
        self.env.random_actions(&mut out)?;
        Ok(out.into_pyarray(py))
    }

    /// The state of game `i` (a copy).
    fn state(&self, py: Python<'_>, i: usize) -> PyResult<PyState> {
        let s = self.env.state(i).ok_or_else(|| {
            Error::State(format!("game {} out of range 0..{}", i, self.env.len() - 1))
        })?;
        Ok(PyState {
            inner: s.clone(),
            cards: crate::state::CardStrings::new(py, s.game().pack()),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<hukm.VecEnv {:?} n={}>",
            self.env.game().preset(),
            self.env.len()
        )
    }
}

//! Many games stepped together for self-play: [`VecEnv`] holds `n` states
//! of one game, takes one action id per game, and writes every game's next
//! observation, legal mask, rewards and end flag into flat buffers (the
//! Python binding hands them over as numpy arrays).
//!
//! An episode is one hand (or the whole match with [`Episode::Match`]):
//! episode `k` of game `i` is `new_game(seed_ik)` with
//! `seed_ik = derive(derive(seed, i), k)` ([`crate::rng::Rng::derive`]),
//! played until its hand is scored. A game whose episode ends is started
//! again at once with its next seed, so every game always has a player to
//! act. The same seed and actions give the same run.

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{AnyGame, AnyState};
use crate::encode::Kind;
use crate::error::{Error, Result};
use crate::game::GameState;
use crate::params::Params;
use crate::pool::Pool;
use crate::rng::Rng;

/// What one episode is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Episode {
    /// The first hand of a match, until it is scored (the rewards: each
    /// seat's points for the hand).
    Hand,
    /// The whole match (the rewards: each seat's points for the match).
    Match,
}

impl Episode {
    /// Reads `hand` or `match`.
    pub fn parse(word: &str) -> Result<Episode> {
        match word {
            "hand" => Ok(Episode::Hand),
            "match" => Ok(Episode::Match),
            _ => Err(Error::Option(format!(
                "bad episode {:?}; episodes: hand, match",
                word
            ))),
        }
    }
}

/// One game of the batch.
#[derive(Clone)]
struct Slot {
    state: AnyState,
    /// Episodes started so far (the next seed's index).
    started: u64,
    /// The hand number at the episode's start.
    hand: usize,
    /// The returns at the episode's start.
    start: Vec<f64>,
    /// The legal ids now, in increasing order.
    legal: Vec<usize>,
}

/// The buffers one call writes, each of `n` rows. The observations and
/// masks may come uninitialised (fresh numpy arrays): every row is zeroed
/// and written by the worker that steps its game, so a call never zeroes
/// the whole of a large buffer on one thread first.
pub struct Buffers<'a> {
    /// Observations: `n × obs_len`.
    pub obs: &'a mut [MaybeUninit<f32>],
    /// Legal masks: `n × num_actions`, 1 for a legal id.
    pub mask: &'a mut [MaybeUninit<i8>],
    /// The player to act in each game.
    pub players: &'a mut [i64],
}

/// `n` games of one preset stepped together.
pub struct VecEnv {
    game: AnyGame,
    seed: u64,
    episode: Episode,
    kind: Kind,
    /// The workers that step the other parts of the batch, alive between
    /// calls (`threads - 1` of them): the calling thread steps the first
    /// part itself.
    pool: Pool,
    slots: Vec<Slot>,
    obs_len: usize,
    num_actions: usize,
    /// Draws [`VecEnv::random_actions`].
    rng: Rng,
}

/// Parts of a call per thread (see [`VecEnv::step`]).
const PARTS_PER_THREAD: usize = 8;

/// The stream of [`VecEnv::random_actions`] (apart from every game's seeds).
const SAMPLER: u64 = u64::MAX;

impl VecEnv {
    /// `n` games of `game`, seeded by `seed`; tensors of `kind`; `threads`
    /// workers per call.
    pub fn new(
        game: &AnyGame,
        n: usize,
        seed: u64,
        episode: Episode,
        kind: Kind,
        threads: usize,
    ) -> Result<VecEnv> {
        if n == 0 {
            return Err(Error::Option("a VecEnv needs at least one game".into()));
        }
        let obs_len = game.layout(kind)?.len();
        let num_actions = game.num_distinct_actions()?;
        let threads = threads.clamp(1, n);
        let pool = Pool::new(threads)
            .map_err(|e| Error::State(format!("cannot start the VecEnv's threads: {}", e)))?;
        let mut env = VecEnv {
            game: game.clone(),
            seed,
            episode,
            kind,
            pool,
            slots: Vec::with_capacity(n),
            obs_len,
            num_actions,
            rng: Rng::new(Rng::derive(seed, SAMPLER)),
        };
        for i in 0..n {
            let slot = env.start(i, 0)?;
            env.slots.push(slot);
        }
        Ok(env)
    }

    fn start(&self, i: usize, k: u64) -> Result<Slot> {
        start_slot(&self.game, self.seed, i, k)
    }

    /// Number of games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when there is no game (never: a VecEnv has at least one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Values in one observation.
    pub fn obs_len(&self) -> usize {
        self.obs_len
    }

    /// Number of action ids.
    pub fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// Number of players of the game.
    pub fn num_players(&self) -> usize {
        self.game.num_players()
    }

    /// The game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The state of game `i`.
    pub fn state(&self, i: usize) -> Option<&AnyState> {
        self.slots.get(i).map(|s| &s.state)
    }

    /// Starts every game again from its first episode (with a new `seed`
    /// when given) and writes the first observations.
    pub fn reset(&mut self, seed: Option<u64>, out: Buffers<'_>) -> Result<()> {
        self.check(&out)?;
        if let Some(s) = seed {
            self.seed = s;
            self.rng = Rng::new(Rng::derive(s, SAMPLER));
        }
        let fresh: Result<Vec<Slot>> = (0..self.len()).map(|i| self.start(i, 0)).collect();
        self.slots = fresh?;
        let (kind, obs_len, num_actions) = (self.kind, self.obs_len, self.num_actions);
        for (i, slot) in self.slots.iter().enumerate() {
            write_row(
                slot,
                kind,
                obs_len,
                num_actions,
                i,
                &mut *out.obs,
                &mut *out.mask,
            )?;
            out.players[i] = current(&slot.state);
        }
        Ok(())
    }

    /// A uniformly random legal id for every game (for random opponents and
    /// play-outs), drawn from the environment's own generator (seeded by the
    /// environment's seed).
    pub fn random_actions(&mut self, out: &mut [i64]) -> Result<()> {
        if out.len() != self.len() {
            return Err(Error::State("buffers of the wrong size".into()));
        }
        for (o, s) in out.iter_mut().zip(&self.slots) {
            *o = s.legal[self.rng.below(s.legal.len() as u64) as usize] as i64;
        }
        Ok(())
    }

    fn check(&self, out: &Buffers<'_>) -> Result<()> {
        let n = self.len();
        if out.obs.len() != n * self.obs_len
            || out.mask.len() != n * self.num_actions
            || out.players.len() != n
        {
            return Err(Error::State("buffers of the wrong size".into()));
        }
        Ok(())
    }

    /// Applies `actions[i]` (an action id, legal for the player to act) to
    /// game `i`, for every game; writes the rewards of the episodes that
    /// ended (`rewards`: `n × players`, each seat's points for the episode,
    /// 0 elsewhere), `terminated` (1 where an episode ended and its game
    /// started again) and the next observations. An illegal id anywhere
    /// changes nothing and is an error naming the game.
    pub fn step(
        &mut self,
        actions: &[i64],
        out: Buffers<'_>,
        rewards: &mut [f32],
        terminated: &mut [u8],
    ) -> Result<()> {
        self.check(&out)?;
        let n = self.len();
        let p = self.num_players();
        if actions.len() != n || rewards.len() != n * p || terminated.len() != n {
            return Err(Error::State(format!(
                "step needs {} actions (one per game), got {}",
                n,
                actions.len()
            )));
        }
        for (i, (&a, s)) in actions.iter().zip(&self.slots).enumerate() {
            if a < 0 || s.legal.binary_search(&(a as usize)).is_err() {
                return Err(Error::IllegalAction(format!(
                    "game {}: action id {} is not legal (legal ids: {:?})",
                    i, a, s.legal
                )));
            }
        }
        let job = Job {
            game: &self.game,
            seed: self.seed,
            episode: self.episode,
            kind: self.kind,
            obs_len: self.obs_len,
            num_actions: self.num_actions,
            players: p,
        };
        if self.pool.parts() == 1 {
            return job.run(0, &mut self.slots, actions, out, rewards, terminated);
        }
        // Small parts: a thread that starts late or is held up by the
        // system does not keep the others waiting at the end. A lock per
        // part only hands its buffers over (no two threads ever want the
        // same one).
        let per = n.div_ceil(self.pool.parts() * PARTS_PER_THREAD).max(1);
        let parts: Vec<Mutex<(Part<'_>, Result<()>)>> = self
            .slots
            .chunks_mut(per)
            .zip(actions.chunks(per))
            .zip(out.obs.chunks_mut(per * self.obs_len))
            .zip(out.mask.chunks_mut(per * self.num_actions))
            .zip(out.players.chunks_mut(per))
            .zip(rewards.chunks_mut(per * p))
            .zip(terminated.chunks_mut(per))
            .map(
                |((((((slots, actions), obs), mask), players), rewards), terminated)| {
                    let part = Part {
                        slots,
                        actions,
                        out: Buffers { obs, mask, players },
                        rewards,
                        terminated,
                    };
                    Mutex::new((part, Ok(())))
                },
            )
            .collect();
        let step_part = |m: &Mutex<(Part<'_>, Result<()>)>, k: usize| {
            let mut g = m.lock().unwrap_or_else(|e| e.into_inner());
            let (part, res) = &mut *g;
            *res = job.run(
                k * per,
                part.slots,
                part.actions,
                Buffers {
                    obs: &mut *part.out.obs,
                    mask: &mut *part.out.mask,
                    players: &mut *part.out.players,
                },
                part.rewards,
                part.terminated,
            );
        };
        // Thread t takes the parts of its own range first (the same rows
        // each call, whose memory its cache may still hold), then helps
        // with the other ranges.
        let threads = self.pool.parts();
        let span = parts.len().div_ceil(threads);
        let taken: Vec<AtomicUsize> = (0..threads).map(|_| AtomicUsize::new(0)).collect();
        let ok = self.pool.run(&|t| {
            for r in (t..t + threads).map(|r| r % threads) {
                loop {
                    let i = taken[r].fetch_add(1, Ordering::Relaxed);
                    let k = r * span + i;
                    if i >= span || k >= parts.len() {
                        break;
                    }
                    step_part(&parts[k], k);
                }
            }
        });
        if !ok {
            return Err(Error::State("a VecEnv worker failed".into()));
        }
        parts
            .into_iter()
            .try_for_each(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()).1)
    }
}

/// The games and buffer rows one thread steps in a call.
struct Part<'a> {
    slots: &'a mut [Slot],
    actions: &'a [i64],
    out: Buffers<'a>,
    rewards: &'a mut [f32],
    terminated: &'a mut [u8],
}

/// What every worker of one step shares.
struct Job<'a> {
    game: &'a AnyGame,
    seed: u64,
    episode: Episode,
    kind: Kind,
    obs_len: usize,
    num_actions: usize,
    players: usize,
}

impl Job<'_> {
    /// Steps `slots` (games `first..`), writing rows from 0 of the buffers.
    fn run(
        &self,
        first: usize,
        slots: &mut [Slot],
        actions: &[i64],
        out: Buffers<'_>,
        rewards: &mut [f32],
        terminated: &mut [u8],
    ) -> Result<()> {
        let p = self.players;
        for (j, slot) in slots.iter_mut().enumerate() {
            slot.state.apply_id(actions[j] as usize)?;
            let s = &slot.state;
            let over =
                s.is_terminal() || (self.episode == Episode::Hand && s.hand_number()? != slot.hand);
            let row = &mut rewards[j * p..(j + 1) * p];
            if over {
                let r = s.returns();
                for (k, x) in row.iter_mut().enumerate() {
                    *x = (r[k] - slot.start[k]) as f32;
                }
                terminated[j] = 1;
                *slot = start_slot(self.game, self.seed, first + j, slot.started)?;
            } else {
                row.fill(0.0);
                terminated[j] = 0;
                slot.state.legal_ids_into(&mut slot.legal)?;
            }
            write_row(
                slot,
                self.kind,
                self.obs_len,
                self.num_actions,
                j,
                &mut *out.obs,
                &mut *out.mask,
            )?;
            out.players[j] = current(&slot.state);
        }
        Ok(())
    }
}

/// Episode `k` of game `i`.
fn start_slot(game: &AnyGame, seed: u64, i: usize, k: u64) -> Result<Slot> {
    let s = Rng::derive(Rng::derive(seed, i as u64), k);
    let state = game.new_game(s, &Params::new())?;
    let hand = state.hand_number()?;
    let start = state.returns();
    let mut legal = Vec::new();
    state.legal_ids_into(&mut legal)?;
    Ok(Slot {
        state,
        started: k + 1,
        hand,
        start,
        legal,
    })
}

fn current(s: &AnyState) -> i64 {
    s.current_player().map_or(-1, |p| p as i64)
}

/// Row `j` of the observation and mask buffers from `slot` (every value of
/// the two rows is written).
fn write_row(
    slot: &Slot,
    kind: Kind,
    obs_len: usize,
    num_actions: usize,
    j: usize,
    obs: &mut [MaybeUninit<f32>],
    mask: &mut [MaybeUninit<i8>],
) -> Result<()> {
    let o = zeroed(&mut obs[j * obs_len..(j + 1) * obs_len]);
    let m = zeroed(&mut mask[j * num_actions..(j + 1) * num_actions]);
    if let Some(p) = slot.state.current_player() {
        slot.state.tensor_into_zeroed(p, kind, o)?;
        for &a in &slot.legal {
            m[a] = 1;
        }
    }
    Ok(())
}

/// Writes zeros over `s` and gives it back as initialised values.
fn zeroed<T: Copy + Default>(s: &mut [MaybeUninit<T>]) -> &mut [T] {
    for x in s.iter_mut() {
        x.write(T::default());
    }
    // SAFETY: every element was written just above, and `MaybeUninit<T>`
    // has the layout of `T`.
    unsafe { &mut *(s as *mut [MaybeUninit<T>] as *mut [T]) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_initialises_every_value() {
        let mut raw = [MaybeUninit::<f32>::uninit(); 7];
        let z = zeroed(&mut raw);
        assert_eq!(z, &[0.0; 7]);
        z[3] = 2.0;
        assert_eq!(z[3], 2.0);
    }
}

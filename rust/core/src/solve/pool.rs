//! A solver kept across calls: the table learned on one position of a deal
//! answers much of the next (the same deal a card later, another leader or
//! another question about the same cards).
//!
//! A [`SolverPool`] holds at most one [`Solver`] (so one handle's memory
//! stays that of one solving thread). A game's answering layer asks it for a
//! solver of its pattern and move types under a *flavour*: a string naming
//! everything a table entry's meaning depends on beyond its key (the
//! objective, the side counted where sides change with it). A request of the
//! same types and flavour gets the kept solver, table and all, with the new
//! call's limits; any other gets a fresh one, which replaces it when done.
//!
//! ```
//! use hukm_core::pack::Pack;
//! use hukm_core::solve::pool::SolverPool;
//! use hukm_core::solve::{SolverConfig, WhistPosition};
//! let pool = SolverPool::shared();
//! let p = Pack::french52();
//! let hands = p.parse_deal("AK... QJ... T9... 87...", 4).unwrap();
//! let pos = WhistPosition::new(hands, None, 0);
//! {
//!     let mut s = SolverPool::take::<u128, u8>(&Some(pool.clone()), "whist", SolverConfig::small());
//!     assert_eq!(s.solve(&pos, 0).unwrap().value, 2);
//! } // handed back to the pool here
//! assert!(pool.lock().unwrap().holds("whist"));
//! ```

use std::any::{Any, TypeId};
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex};

use super::game::Pattern;
use super::team::Team;
use super::{Solver, SolverConfig};

/// Where a handle keeps its solver between calls (see the module notes).
#[derive(Default)]
pub struct SolverPool {
    kept: Option<(TypeId, String, Box<dyn Any + Send>)>,
    /// Calls that found the kept solver (statistics).
    pub reused: u64,
    /// Calls that started a new one (statistics).
    pub fresh: u64,
    /// The team whose tables the pool's solvers search on, if any
    /// ([`SolverPool::on_team`]).
    team: Option<Arc<Team>>,
}

impl std::fmt::Debug for SolverPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolverPool")
            .field("flavour", &self.kept.as_ref().map(|k| &k.1))
            .field("reused", &self.reused)
            .field("fresh", &self.fresh)
            .finish()
    }
}

/// A pool shared by a handle and the calls it makes.
pub type SharedPool = Arc<Mutex<SolverPool>>;

/// The table patterns a pool can keep.
pub trait PoolPattern: Pattern + Send + 'static {}
impl<T: Pattern + Send + 'static> PoolPattern for T {}

/// The moves a pool can keep (in the cut-off cache).
pub trait PoolMove: Copy + Default + PartialEq + Send + 'static {}
impl<T: Copy + Default + PartialEq + Send + 'static> PoolMove for T {}

impl SolverPool {
    /// An empty pool to share.
    pub fn shared() -> SharedPool {
        Arc::new(Mutex::new(SolverPool::default()))
    }

    /// An empty pool to share whose solvers search on `team`'s tables
    /// ([`Solver::join`]): the pools of several threads on one team keep a
    /// solver each, all on the same tables.
    pub fn on_team(team: &Arc<Team>) -> SharedPool {
        Arc::new(Mutex::new(SolverPool {
            team: Some(team.clone()),
            ..SolverPool::default()
        }))
    }

    /// True when the pool keeps a solver of this flavour.
    pub fn holds(&self, flavour: &str) -> bool {
        self.kept.as_ref().is_some_and(|k| k.1 == flavour)
    }

    /// Forgets the kept solver (its memory is freed).
    pub fn clear(&mut self) {
        self.kept = None;
    }

    /// A solver for one call: the pool's when it keeps one of these types
    /// and `flavour` (set to `config`: the call's limits, its table kept when
    /// the table's size and switches are the same), else a new one. Without
    /// a pool, always a new one. It goes back to the pool when dropped.
    pub fn take<P, M>(
        pool: &Option<SharedPool>,
        flavour: &str,
        config: SolverConfig,
    ) -> Pooled<P, M>
    where
        P: Pattern + Send + Sync + 'static,
        M: Copy + Default + PartialEq + Send + 'static,
    {
        let Some(shared) = pool else {
            return Pooled {
                solver: Some(Solver::with_pattern(config)),
                home: None,
            };
        };
        let mut p = shared.lock().unwrap_or_else(|e| e.into_inner());
        let want = TypeId::of::<Solver<P, M>>();
        let kept = match p.kept.take() {
            Some((t, f, b)) if t == want && f == flavour => b.downcast::<Solver<P, M>>().ok(),
            other => {
                p.kept = other;
                None
            }
        };
        let mut solver = match kept {
            Some(mut s) => {
                p.reused += 1;
                s.reconfigure(config);
                *s
            }
            None => {
                p.fresh += 1;
                // The kept one of another flavour goes first: one table at a time.
                p.kept = None;
                Solver::with_pattern(config)
            }
        };
        if let Some(team) = &p.team {
            solver.join(team, flavour);
        }
        Pooled {
            solver: Some(solver),
            home: Some((shared.clone(), flavour.to_string())),
        }
    }
}

/// A solver taken from a [`SolverPool`] for one call, handed back when
/// dropped (also when the call fails).
pub struct Pooled<P: PoolPattern, M: PoolMove> {
    solver: Option<Solver<P, M>>,
    home: Option<(SharedPool, String)>,
}

impl<P: PoolPattern, M: PoolMove> Deref for Pooled<P, M> {
    type Target = Solver<P, M>;
    fn deref(&self) -> &Solver<P, M> {
        self.solver
            .as_ref()
            .expect("a pooled solver is held until dropped")
    }
}

impl<P: PoolPattern, M: PoolMove> DerefMut for Pooled<P, M> {
    fn deref_mut(&mut self) -> &mut Solver<P, M> {
        self.solver
            .as_mut()
            .expect("a pooled solver is held until dropped")
    }
}

impl<P: PoolPattern, M: PoolMove> Drop for Pooled<P, M> {
    fn drop(&mut self) {
        if let (Some((pool, flavour)), Some(mut s)) = (self.home.take(), self.solver.take()) {
            // The stop flag and progress watcher belong to the call that ends.
            s.config.stop = None;
            s.config.progress = None;
            let mut p = pool.lock().unwrap_or_else(|e| e.into_inner());
            p.kept = Some((TypeId::of::<Solver<P, M>>(), flavour, Box::new(s)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::Pack;
    use crate::solve::reference::random_endgame;
    use crate::solve::{Switches, WhistPosition};

    fn position() -> WhistPosition {
        let p = Pack::french52();
        let hands = p
            .parse_deal(
                "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
                4,
            )
            .unwrap();
        WhistPosition::new(hands, Some(0), 0)
    }

    #[test]
    fn a_kept_table_answers_again_with_fewer_nodes() {
        let pool = Some(SolverPool::shared());
        let pos = position();
        let first = SolverPool::take::<u128, u8>(&pool, "whist", SolverConfig::default())
            .solve(&pos, 0)
            .unwrap();
        let again = SolverPool::take::<u128, u8>(&pool, "whist", SolverConfig::default())
            .solve(&pos, 0)
            .unwrap();
        assert_eq!(first.value, again.value);
        assert!(again.nodes < first.nodes, "{} {}", again.nodes, first.nodes);
        let p = pool.as_ref().unwrap().lock().unwrap();
        assert_eq!((p.reused, p.fresh), (1, 1));
    }

    #[test]
    fn another_flavour_or_new_switches_start_afresh() {
        let pool = Some(SolverPool::shared());
        let pos = position();
        let nodes = |flavour: &str, config: SolverConfig| {
            SolverPool::take::<u128, u8>(&pool, flavour, config)
                .solve(&pos, 0)
                .unwrap()
                .nodes
        };
        let n = nodes("whist", SolverConfig::default());
        assert_eq!(nodes("other", SolverConfig::default()), n);
        assert!(!pool.as_ref().unwrap().lock().unwrap().holds("whist"));
        let changed = SolverConfig {
            switches: Switches::default_without("killers"),
            ..SolverConfig::default()
        };
        let fresh = Solver::new(changed.clone()).solve(&pos, 0).unwrap().nodes;
        // Same flavour, other switches: the kept table is not used.
        assert_eq!(nodes("other", changed), fresh);
        // Without a pool every call is fresh.
        let none = SolverPool::take::<u128, u8>(&None, "whist", SolverConfig::default())
            .solve(&pos, 0)
            .unwrap();
        assert_eq!(none.nodes, n);
    }

    #[test]
    fn kept_tables_give_the_brute_force_values_on_endgames_in_any_order() {
        use crate::solve::reference::brute_force;
        let pool = Some(SolverPool::shared());
        for seed in 0..40u64 {
            let trump = Some((seed % 5) as u8).filter(|&t| t < 4);
            let pos = random_endgame(seed, 4, 5, 4, trump, (seed % 3) as usize);
            for player in [0usize, 1] {
                let mut s = SolverPool::take::<u128, u8>(&pool, "whist", SolverConfig::small());
                assert_eq!(
                    s.solve(&pos, player).unwrap().value,
                    brute_force(&pos, player)
                );
            }
        }
    }
}

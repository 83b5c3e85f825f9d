//! Tables shared by solvers on different threads that answer different
//! questions about one deal (the positions of a reviewed hand): a
//! [`Team`] holds one shared table per pattern type and flavour (as a
//! [`super::pool::SolverPool`] keeps one solver per flavour), and the whist
//! core's shared table, each made on first use. A solver that joins the
//! team ([`super::Solver::join`]) probes and stores there, so what one
//! thread proves about a position the others read, whatever question each
//! is answering (every entry holds for any position of its flavour).
//!
//! ```
//! use std::sync::Arc;
//! use hukm_core::solve::team::Team;
//! let team = Team::new();
//! let a = team.table::<u128>("whist", 1 << 20);
//! let b = team.table::<u128>("whist", 1 << 20);
//! assert!(Arc::ptr_eq(&a, &b));
//! assert!(!Arc::ptr_eq(&a, &team.table::<u128>("other", 1 << 20)));
//! ```

use std::any::{Any, TypeId};
use std::sync::{Arc, Condvar, Mutex, OnceLock};

use super::game::Pattern;
use super::shared::SharedTt;
use super::wcore;

/// A shared table of some pattern type, with its type and flavour.
type Kept = (TypeId, String, Arc<dyn Any + Send + Sync>);

/// The tables of a team (see the module notes).
#[derive(Default)]
pub struct Team {
    /// One shared table per pattern type and flavour.
    tables: Mutex<Vec<Kept>>,
    /// The whist core's shared table.
    core: OnceLock<Arc<wcore::shared::SharedTt>>,
    /// The threads the team's calls share, when it has them
    /// ([`Team::with_crew`]).
    crew: Option<Crew>,
}

/// The threads of a team's calls (a review's), counted: each thread is
/// either busy with a question of its own, helping a call's split, or
/// free. A call that splits its work takes free threads as helpers while
/// it has jobs left ([`super::Solver::split`]), so the actions of the
/// positions still being solved are one queue for every thread that has
/// no position left to take.
#[derive(Debug, Default)]
pub struct Crew {
    /// Threads with nothing to do.
    free: Mutex<usize>,
    /// Told when a thread is freed or a call stops looking for helpers.
    wake: Condvar,
}

impl Crew {
    /// A thread gives itself to the crew (it has nothing to do).
    pub fn release(&self) {
        *self.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.wake.notify_all();
    }

    /// Takes a free thread for a call's helper, waiting for one; `false`
    /// (taking none) once `done()` says no helper is wanted any more.
    pub fn recruit(&self, done: impl Fn() -> bool) -> bool {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if done() {
                return false;
            }
            if *free > 0 {
                *free -= 1;
                return true;
            }
            free = self.wake.wait(free).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Takes a free thread back for the caller, waiting for one.
    pub fn take(&self) {
        self.recruit(|| false);
    }

    /// Wakes the calls waiting for helpers, for them to look again whether
    /// they still want one.
    pub fn nudge(&self) {
        let _free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        self.wake.notify_all();
    }
}

/// Gives a thread back to its crew when dropped (also when it panics).
pub(crate) struct Released<'a>(pub(crate) &'a Crew);

impl Drop for Released<'_> {
    fn drop(&mut self) {
        self.0.release();
    }
}

impl std::fmt::Debug for Team {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        f.debug_struct("Team")
            .field("tables", &tables.iter().map(|t| &t.1).collect::<Vec<_>>())
            .field("core", &self.core.get().is_some())
            .field("crew", &self.crew)
            .finish()
    }
}

impl Team {
    /// A team with no table yet, to share between threads.
    pub fn new() -> Arc<Team> {
        Arc::new(Team::default())
    }

    /// A team whose calls share their threads ([`Crew`]): each of its
    /// threads is busy when the team starts, and gives itself to the crew
    /// ([`Crew::release`]) when it has nothing left of its own.
    pub fn with_crew() -> Arc<Team> {
        Arc::new(Team {
            crew: Some(Crew::default()),
            ..Team::default()
        })
    }

    /// The team's crew, if its calls share their threads.
    pub fn crew(&self) -> Option<&Crew> {
        self.crew.as_ref()
    }

    /// The team's table of patterns `P` and `flavour`, made (within about
    /// `bytes` bytes) by the first solver that asks.
    pub fn table<P: Pattern + Send + Sync + 'static>(
        &self,
        flavour: &str,
        bytes: usize,
    ) -> Arc<SharedTt<P>> {
        let want = TypeId::of::<P>();
        let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        for (t, f, table) in tables.iter() {
            if *t == want && f == flavour {
                if let Ok(x) = table.clone().downcast::<SharedTt<P>>() {
                    return x;
                }
            }
        }
        let table = Arc::new(SharedTt::<P>::with_bytes(bytes));
        tables.push((want, flavour.to_string(), table.clone()));
        table
    }

    /// The team's whist core table, made (within about `bytes` bytes) by
    /// the first solver that asks.
    pub fn core(&self, bytes: usize) -> Arc<wcore::shared::SharedTt> {
        self.core
            .get_or_init(|| Arc::new(wcore::shared::SharedTt::with_bytes(bytes)))
            .clone()
    }
}

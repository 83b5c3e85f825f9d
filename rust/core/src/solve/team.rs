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
use std::sync::{Arc, Mutex, OnceLock};

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
}

impl std::fmt::Debug for Team {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        f.debug_struct("Team")
            .field("tables", &tables.iter().map(|t| &t.1).collect::<Vec<_>>())
            .field("core", &self.core.get().is_some())
            .finish()
    }
}

impl Team {
    /// A team with no table yet, to share between threads.
    pub fn new() -> Arc<Team> {
        Arc::new(Team::default())
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

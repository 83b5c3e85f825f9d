//! The transposition table a search uses: bounds on the value of trick
//! starts, keyed by the exact suit lengths and a masked relative-rank pattern
//! (partition search; the entries and their layout are [`super::table`]'s).
//!
//! A [`Tt`] either holds a [`Table`] of its own (one thread) or is one
//! thread's [`Handle`] on a [`SharedTt`] that the threads of a call share:
//! the search probes and stores the same way through either.

use std::sync::Arc;

use super::game::{HeapUnits, Pattern, TtKey};
use super::shared::{Handle, SharedTt};
use super::table::Table;
use super::trees::Trees;
use crate::error::Result;

pub use super::table::{Hit, HEAP_FLAG};

/// Where a [`Tt`]'s probes and stores go (one a solver: a table of its own
/// is kept inline, without a pointer to follow at each probe).
#[allow(clippy::large_enum_variant)]
enum Store<P: Pattern> {
    /// A table of its own.
    Own(Table<P>),
    /// A table shared with other threads.
    Shared(Box<Handle<P>>),
}

/// A bounded-size transposition table (allocated on first store), of one
/// thread or shared by several ([`Tt::shared`]).
pub struct Tt<P: Pattern> {
    store: Store<P>,
    /// The pattern trees of a table of its own (`Switches::pattern_trees`),
    /// made on first use within the same budget.
    trees: Option<Box<Trees>>,
    /// The budget of a table of its own, in bytes.
    bytes: usize,
    /// Whether a shared table's trick starts of the pattern trees' games
    /// go to its stripes' trees ([`Tt::shared_trees`]).
    shared_trees: bool,
}

impl<P: Pattern> Tt<P> {
    /// A table of its own using at most about `bytes` bytes.
    pub fn with_bytes(bytes: usize) -> Tt<P> {
        Tt {
            store: Store::Own(Table::with_bytes(bytes)),
            trees: None,
            bytes,
            shared_trees: false,
        }
    }

    /// One thread's table on `table`, shared with other threads: probes and
    /// stores go to it (the handle counts this thread's).
    pub fn shared(table: &Arc<SharedTt<P>>) -> Tt<P> {
        Tt {
            store: Store::Shared(Box::new(Handle::new(table))),
            trees: None,
            bytes: 0,
            shared_trees: false,
        }
    }

    /// The shared table this one forwards to, if any.
    pub fn handle(&self) -> Option<&Handle<P>> {
        match &self.store {
            Store::Own(_) => None,
            Store::Shared(h) => Some(h),
        }
    }

    /// The marks of moves in progress of the shared table this one
    /// forwards to ([`super::shared::Busy`]), when a search marks them.
    pub fn busy(&self) -> Option<Arc<super::shared::Busy>> {
        match &self.store {
            Store::Own(_) => None,
            Store::Shared(h) => {
                let b = h.table().busy();
                b.marking().is_some().then(|| b.clone())
            }
        }
    }

    /// Allocates the table now (otherwise its first store does) as a
    /// fallible allocation: memory the machine cannot give (a process memory
    /// limit, an address space too small) is an error naming the size, never
    /// an abort.
    pub fn reserve(&mut self) -> Result<()> {
        match &mut self.store {
            Store::Own(t) => t.reserve(),
            Store::Shared(h) => h.table().reserve(),
        }
    }

    /// [`Tt::reserve`], or when `trees` (a game searched through the
    /// pattern trees, [`Tt::probe_tree`]) and the table is a thread's own,
    /// the trees' memory instead.
    pub fn reserve_for(&mut self, trees: bool) -> Result<()> {
        if trees && matches!(self.store, Store::Own(_)) {
            return self.trees().reserve();
        }
        self.reserve()
    }

    /// The pattern trees, made now if new.
    fn trees(&mut self) -> &mut Trees {
        let bytes = self.bytes;
        self.trees
            .get_or_insert_with(|| Box::new(Trees::with_bytes(bytes)))
    }

    /// Bytes the table uses once allocated.
    pub fn capacity_bytes(&self) -> usize {
        match &self.store {
            Store::Own(t) => t.capacity_bytes(),
            Store::Shared(h) => h.table().capacity_bytes(),
        }
    }

    /// Whether the table keeps its newest half when full
    /// ([`Table::keep_newest`]; a shared table's stripes each their own:
    /// see [`SharedTt::keep_newest`]).
    pub fn keep_newest(&mut self, on: bool) {
        match &mut self.store {
            Store::Own(t) => t.keep_newest(on),
            Store::Shared(h) => h.table().keep_newest(on),
        }
    }

    /// Whether a table of its own keeps the blocks of its costliest
    /// searches when full ([`Table::keep_costly`]; a shared table's stripes
    /// keep to [`Tt::keep_newest`]).
    pub fn keep_costly(&mut self, on: bool) {
        if let Store::Own(t) = &mut self.store {
            t.keep_costly(on);
        }
    }

    /// Whether the table starts each shape with a small block
    /// ([`Table::small_first`]; a shared table's stripes all alike, see
    /// [`SharedTt::small_first`]).
    pub fn small_first(&mut self, on: bool) {
        match &mut self.store {
            Store::Own(t) => t.small_first(on),
            Store::Shared(h) => h.table().small_first(on),
        }
    }

    /// Forgets every entry (keeps the memory).
    pub fn clear(&mut self) {
        match &mut self.store {
            Store::Own(t) => t.clear(),
            Store::Shared(h) => h.table().clear(),
        }
        if let Some(t) = &mut self.trees {
            t.clear();
        }
    }

    /// Starts a new search (kept for future ageing; entries stay valid).
    pub fn new_generation(&mut self) {}

    /// Statistics of the whole table (over every thread of a shared one):
    /// stores, cut-off hits, resets because full, probes and entries
    /// compared by the probes.
    pub fn stats(&self) -> [u64; 5] {
        let mut s = match &self.store {
            Store::Own(t) => t.stats(),
            Store::Shared(h) => h.table().stats(),
        };
        if let Some(t) = &self.trees {
            for (a, b) in s.iter_mut().zip(t.stats()) {
                *a += b;
            }
        }
        s
    }

    /// Looks for a bound deciding whether the side on lead reaches `target`.
    #[inline]
    pub fn probe(&mut self, key: &TtKey<P>, target: u32) -> Option<Hit<P>> {
        let mut hint = u8::MAX;
        self.probe_hint(key, target, &mut hint, false, false)
    }

    /// Like [`Tt::probe`]; when nothing decides and `want_hint`, sets `hint`
    /// to the move code of the newest entry whose pattern matches (if any).
    /// With `promote`, a deciding entry becomes the newest of its chain
    /// (`Switches::tt_promote`).
    #[inline]
    pub fn probe_hint(
        &mut self,
        key: &TtKey<P>,
        target: u32,
        hint: &mut u8,
        want_hint: bool,
        promote: bool,
    ) -> Option<Hit<P>> {
        self.probe_heap(key, None, target, hint, want_hint, promote)
    }

    /// Like [`Tt::probe_hint`], for a key that leaves the heap out: each
    /// entry's bounds are widened by the weight in which `heap` differs from
    /// the entry's (`None`: entries are read as stored).
    #[inline]
    pub fn probe_heap(
        &mut self,
        key: &TtKey<P>,
        heap: Option<HeapUnits>,
        target: u32,
        hint: &mut u8,
        want_hint: bool,
        promote: bool,
    ) -> Option<Hit<P>> {
        match &mut self.store {
            Store::Own(t) => t.probe_heap(key, heap, target, hint, want_hint, promote),
            Store::Shared(h) => {
                h.probes += 1;
                h.lock(key.shape, key.ctx)
                    .probe_heap(key, heap, target, hint, want_hint, promote)
            }
        }
    }

    /// Whether [`Tt::probe_tree`] and [`Tt::store_tree`] on a shared table
    /// go to its stripes' pattern trees (`Switches::shared_trees`; each
    /// search sets it) rather than its chains.
    pub fn shared_trees(&mut self, on: bool) {
        self.shared_trees = on;
    }

    /// Like [`Tt::probe_hint`] for a game with [`TrickGame::PATTERN_TREES`]:
    /// in the mask-indexed patterns when the table is a thread's own (or a
    /// shared one's, with [`Tt::shared_trees`]), else as [`Tt::probe_hint`].
    ///
    /// [`TrickGame::PATTERN_TREES`]: super::game::TrickGame::PATTERN_TREES
    #[inline]
    pub fn probe_tree(
        &mut self,
        key: &TtKey<P>,
        target: u32,
        hint: &mut u8,
        want_hint: bool,
    ) -> Option<Hit<P>> {
        match &mut self.store {
            Store::Own(_) => self.trees().probe(key, target, hint, want_hint),
            Store::Shared(h) if self.shared_trees => {
                h.probes += 1;
                h.lock_trees(key.shape, key.ctx)
                    .as_mut()
                    .and_then(|t| t.probe(key, target, hint, want_hint))
            }
            Store::Shared(_) => self.probe_hint(key, target, hint, want_hint, false),
        }
    }

    /// Like [`Tt::store_hint`] for a game with
    /// [`super::game::TrickGame::PATTERN_TREES`] (see [`Tt::probe_tree`]).
    pub fn store_tree(&mut self, key: &TtKey<P>, mask: P, lower: u32, upper: u32, hint: u8) {
        match &mut self.store {
            Store::Own(_) => self.trees().store(key, mask, lower, upper, hint),
            Store::Shared(h) if self.shared_trees => {
                h.stores += 1;
                let per = h.table().stripe_bytes();
                h.lock_trees(key.shape, key.ctx)
                    .get_or_insert_with(|| Box::new(Trees::growing(per)))
                    .store(key, mask, lower, upper, hint)
            }
            Store::Shared(_) => self.store_hint(key, mask, lower, upper, hint),
        }
    }

    /// Stores a bound for the side on lead: `lower..=upper` holds for every
    /// position matching `key` under `mask`.
    pub fn store(&mut self, key: &TtKey<P>, mask: P, lower: u32, upper: u32) {
        self.store_hint(key, mask, lower, upper, u8::MAX)
    }

    /// Like [`Tt::store`], also keeping a move code (`u8::MAX` for none;
    /// an existing code is kept then).
    pub fn store_hint(&mut self, key: &TtKey<P>, mask: P, lower: u32, upper: u32, hint: u8) {
        self.store_heap(key, [0, 0], mask, lower, upper, hint, 0)
    }

    /// Like [`Tt::store_hint`], for a key that leaves the heap out: the
    /// bounds hold for a heap of `heap` units (see [`Tt::probe_heap`]),
    /// found by a search of `work` nodes ([`Table::keep_costly`]).
    #[allow(clippy::too_many_arguments)]
    pub fn store_heap(
        &mut self,
        key: &TtKey<P>,
        heap: [u8; 2],
        mask: P,
        lower: u32,
        upper: u32,
        hint: u8,
        work: u64,
    ) {
        match &mut self.store {
            Store::Own(t) => t.store_heap(key, heap, mask, lower, upper, hint, work),
            Store::Shared(h) => {
                h.stores += 1;
                h.lock(key.shape, key.ctx)
                    .store_heap(key, heap, mask, lower, upper, hint, work)
            }
        }
    }
}

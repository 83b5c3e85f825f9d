//! One transposition table for the threads of a call.
//!
//! The table ([`super::table::Table`]) keeps, per shape, a chain of blocks of
//! masked patterns in one arena; a probe walks a chain and a store may
//! extend it, recycle its oldest block or reset the table. Rather than make
//! that lock-free, a [`SharedTt`] splits it by shape into *stripes*: each
//! stripe is a whole table of its own under its own lock, and a shape (with
//! its context) always lives in the same stripe. A probe or a store locks
//! one stripe for as long as the single-thread table takes, and with many
//! stripes two threads seldom want the same one at once ([`Handle::waits`]
//! counts the times one had to wait).
//!
//! Exactness is that of the table itself: an entry is only ever written
//! whole under its stripe's lock, so a probe sees each entry as some store
//! left it (never half of one), and every stored bound is proven by the
//! thread that stored it. A stripe that fills up resets alone (entries are
//! only hints).
//!
//! ```
//! use std::sync::Arc;
//! use hukm_core::solve::game::TtKey;
//! use hukm_core::solve::shared::SharedTt;
//! use hukm_core::solve::tt::Tt;
//! let table = Arc::new(SharedTt::<u128>::with_bytes(1 << 20));
//! let (mut a, mut b) = (Tt::shared(&table), Tt::shared(&table));
//! let key = TtKey { shape: 7, ctx: 1, owners: 0b1011u128 };
//! a.store(&key, 0b0011, 2, 5);
//! assert!(b.probe(&key, 2).unwrap().at_least);
//! ```

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use super::game::{mix64, Pattern};
use super::table::Table;
use super::trees::Trees;
use crate::error::{Error, Result};

/// The most stripes a table is split into.
const MAX_STRIPES: usize = 256;
/// The least memory of one stripe (smaller tables have fewer stripes).
const MIN_STRIPE_BYTES: usize = 64 << 10;

/// The layout of a table's stripes before any search set it (see
/// [`SharedTt::small_first`]).
const LAYOUT_UNSET: u32 = u32::MAX;

/// One stripe, alone in its cache lines (its lock word and statistics are
/// written by every probe).
#[repr(align(128))]
struct Stripe<P: Pattern>(Mutex<Table<P>>);

/// The pattern trees of one stripe's shapes (`Switches::shared_trees`),
/// made at the stripe's first store to them.
#[repr(align(128))]
struct TreeStripe(Mutex<Option<Box<Trees>>>);

/// A transposition table shared by the threads of a call, split by shape
/// into stripes under their own locks (see the module notes).
pub struct SharedTt<P: Pattern> {
    stripes: Box<[Stripe<P>]>,
    /// The same stripes' pattern trees (a game searched through them keeps
    /// its trick starts there, not in the chains).
    trees: Box<[TreeStripe]>,
    bits: u32,
    /// Bytes of each stripe.
    per: usize,
    /// Whether [`SharedTt::reserve`] found the memory.
    checked: AtomicBool,
    /// The stripes' layout and policy when full ([`SharedTt::small_first`],
    /// [`SharedTt::keep_newest`]): bit 0 small first blocks, bit 1 keep the
    /// newest half; [`LAYOUT_UNSET`] before the first search sets them.
    layout: AtomicU32,
    /// Held while the stripes' layout changes.
    layout_lock: Mutex<()>,
    /// The moves the threads are searching now ([`Busy`]).
    busy: Arc<Busy>,
}

impl<P: Pattern> SharedTt<P> {
    /// A table using at most about `bytes` bytes over all its stripes
    /// (allocated on first use, stripe by stripe, or by
    /// [`SharedTt::reserve`]).
    pub fn with_bytes(bytes: usize) -> SharedTt<P> {
        let mut n = 1;
        while n < MAX_STRIPES && (2 * n) * MIN_STRIPE_BYTES <= bytes {
            n *= 2;
        }
        let per = bytes / n;
        let stripes = (0..n)
            .map(|_| Stripe(Mutex::new(Table::with_bytes(per))))
            .collect();
        SharedTt {
            stripes,
            trees: (0..n).map(|_| TreeStripe(Mutex::new(None))).collect(),
            bits: n.trailing_zeros(),
            per,
            checked: AtomicBool::new(false),
            layout: AtomicU32::new(LAYOUT_UNSET),
            layout_lock: Mutex::new(()),
            busy: Arc::new(Busy::new()),
        }
    }

    /// Whether every stripe starts each shape with a small block
    /// ([`Table::small_first`], `Switches::small_first`), as a table of
    /// one thread's own does for the games that ask for it: without, a 56
    /// search on two threads kept about a quarter of the entries and
    /// searched 2.5 times the nodes. Each search sets it; it changes the
    /// stripes (emptying them: their layout changes) only when it differs
    /// from what they have.
    pub fn small_first(&self, on: bool) {
        self.set_layout(1, on);
    }

    /// Whether every stripe that fills up keeps its newest half
    /// ([`Table::keep_newest`], `Switches::keep_newest`) instead of being
    /// cleared. Each search sets it, as [`SharedTt::small_first`].
    pub fn keep_newest(&self, on: bool) {
        self.set_layout(2, on);
    }

    /// Sets the `bit` of the stripes' layout to `on`, changing every
    /// stripe when it differs.
    fn set_layout(&self, bit: u32, on: bool) {
        let now = self.layout.load(Ordering::Acquire);
        let was = if now == LAYOUT_UNSET { 0 } else { now };
        let want = if on { was | bit } else { was & !bit };
        if now == want {
            return;
        }
        let _one = self.layout_lock.lock().unwrap_or_else(|e| e.into_inner());
        let now = self.layout.load(Ordering::Acquire);
        let was = if now == LAYOUT_UNSET { 0 } else { now };
        let want = if on { was | bit } else { was & !bit };
        if now == want {
            return;
        }
        self.each(|t| {
            if bit == 1 {
                t.small_first(on);
            } else {
                t.keep_newest(on);
            }
        });
        self.layout.store(want, Ordering::Release);
    }

    /// The moves the threads of the call are searching now
    /// ([`crate::solve::Switches::abdada`]).
    pub fn busy(&self) -> &Arc<Busy> {
        &self.busy
    }

    /// Number of stripes.
    pub fn stripes(&self) -> usize {
        self.stripes.len()
    }

    /// The stripe of a shape and context.
    #[inline]
    fn index(&self, shape: u64, ctx: u32) -> usize {
        let h = mix64(shape ^ (u64::from(ctx) << 40));
        if self.bits == 0 {
            0
        } else {
            (h >> (64 - self.bits)) as usize
        }
    }

    #[inline]
    fn stripe(&self, shape: u64, ctx: u32) -> &Mutex<Table<P>> {
        &self.stripes[self.index(shape, ctx)].0
    }

    /// Bytes of each stripe (each stripe's trees get as many).
    pub(crate) fn stripe_bytes(&self) -> usize {
        self.per
    }

    fn each_tree(&self, mut f: impl FnMut(&mut Trees)) {
        for s in self.trees.iter() {
            if let Some(t) = s.0.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                f(t);
            }
        }
    }

    fn each(&self, mut f: impl FnMut(&mut Table<P>)) {
        for s in self.stripes.iter() {
            f(&mut s.0.lock().unwrap_or_else(|e| e.into_inner()));
        }
    }

    /// Checks once that the machine can give the whole table (an error
    /// naming its size otherwise, as [`Table::reserve`]). The stripes then
    /// take their memory as they fill (a stripe's first store, then its
    /// arena doubling up to its share), so that a small solve touches only
    /// the little it uses; a growth refused later resets the stripe.
    pub fn reserve(&self) -> Result<()> {
        if self.checked.load(Ordering::Relaxed) {
            return Ok(());
        }
        let bytes = self.per * self.stripes.len();
        let mut probe: Vec<u8> = Vec::new();
        if probe.try_reserve_exact(bytes).is_err() {
            return Err(Error::State(format!(
                "cannot allocate a transposition table of {} MiB: ask for less with tt_mib",
                bytes.div_ceil(1 << 20)
            )));
        }
        self.checked.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// Bytes the table uses once allocated.
    pub fn capacity_bytes(&self) -> usize {
        let mut n = 0;
        self.each(|t| n += t.capacity_bytes());
        n
    }

    /// Bytes the stripes hold now (see [`Table::allocated_bytes`]).
    pub fn allocated_bytes(&self) -> usize {
        let mut n = 0;
        self.each(|t| n += t.allocated_bytes());
        n
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        self.each(Table::clear);
        self.each_tree(Trees::clear);
    }

    /// Statistics over all stripes, as [`Table::stats`] counts them:
    /// stores, hits, resets, probes and entries compared.
    pub fn stats(&self) -> [u64; 5] {
        let mut s = [0; 5];
        self.each(|t| {
            for (x, y) in s.iter_mut().zip(t.stats()) {
                *x += y;
            }
        });
        self.each_tree(|t| {
            for (x, y) in s.iter_mut().zip(t.stats()) {
                *x += y;
            }
        });
        s
    }
}

/// One thread's access to a [`SharedTt`]: what a
/// [`super::tt::Tt::shared`] forwards its probes and stores to.
pub struct Handle<P: Pattern> {
    table: std::sync::Arc<SharedTt<P>>,
    /// Probes and stores that found their stripe locked by another thread
    /// and waited for it (statistics).
    pub waits: u64,
    /// This thread's probes (statistics).
    pub probes: u64,
    /// This thread's stores (statistics).
    pub stores: u64,
}

impl<P: Pattern> Handle<P> {
    /// A handle on `table`.
    pub fn new(table: &std::sync::Arc<SharedTt<P>>) -> Handle<P> {
        Handle {
            table: table.clone(),
            waits: 0,
            probes: 0,
            stores: 0,
        }
    }

    /// The table.
    pub fn table(&self) -> &std::sync::Arc<SharedTt<P>> {
        &self.table
    }

    /// The stripe of a key's shape and context, locked (counting a wait
    /// when another thread holds it).
    #[inline]
    pub(crate) fn lock(&mut self, shape: u64, ctx: u32) -> MutexGuard<'_, Table<P>> {
        locked(self.table.stripe(shape, ctx), &mut self.waits)
    }
}

/// `m` locked, counting in `waits` a wait when another thread holds it.
#[inline]
fn locked<'a, T>(m: &'a Mutex<T>, waits: &mut u64) -> MutexGuard<'a, T> {
    match m.try_lock() {
        Ok(g) => g,
        Err(TryLockError::Poisoned(e)) => e.into_inner(),
        Err(TryLockError::WouldBlock) => {
            *waits += 1;
            m.lock().unwrap_or_else(|e| e.into_inner())
        }
    }
}

impl<P: Pattern> Handle<P> {
    /// The pattern trees of a key's shape and context (`None` before their
    /// stripe's first store), locked as [`Handle::lock`] locks a stripe.
    #[inline]
    pub(crate) fn lock_trees(
        &mut self,
        shape: u64,
        ctx: u32,
    ) -> MutexGuard<'_, Option<Box<Trees>>> {
        locked(
            &self.table.trees[self.table.index(shape, ctx)].0,
            &mut self.waits,
        )
    }
}

/// Slots of a [`Busy`] (each alone in its cache line): a thread marks at
/// most one move per ply of its current line, so a few dozen are in use.
const BUSY_SLOTS: usize = 1 << 10;

/// One slot of a [`Busy`], alone in its cache line.
#[repr(align(64))]
struct BusySlot(AtomicU64);

/// What a thread found when it asked to search a move alone
/// ([`Busy::enter`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The move is marked as this thread's until [`Busy::leave`].
    Mine,
    /// Another thread is searching the same move of the same node: search
    /// the node's other moves first and this one last.
    Held,
    /// The slot holds another move: search it, unmarked.
    Full,
}

/// The moves the threads of a value search are searching at this moment,
/// for ABDADA ([`crate::solve::Switches::abdada`]): every thread searches
/// the same probe from the same root; at a node whose first move is
/// searched, a thread about to search another move first marks it here (by
/// a hash of the line from the root, the probe's target and the move), and
/// a thread that finds the move marked by another searches the node's
/// other moves first and comes back to it at the end, when the other's
/// answer is most often in the table. Marks only change the order in which
/// a node's moves are searched, never which ones: a lost or mistaken mark
/// costs time, not exactness.
pub struct Busy {
    slots: Box<[BusySlot]>,
    /// The current search's seed of line hashes (0: no search marks moves).
    seed: AtomicU64,
    /// Marks are made down to this depth below the root (in moves).
    until: AtomicU32,
}

impl Default for Busy {
    fn default() -> Self {
        Busy::new()
    }
}

impl Busy {
    /// No move marked, no search marking.
    pub fn new() -> Busy {
        Busy {
            slots: (0..BUSY_SLOTS)
                .map(|_| BusySlot(AtomicU64::new(0)))
                .collect(),
            seed: AtomicU64::new(0),
            until: AtomicU32::new(0),
        }
    }

    /// Searches starting from now mark their moves down to `until` moves
    /// below the root, their lines hashed from `seed` (not 0).
    pub fn start(&self, seed: u64, until: u32) {
        self.until.store(until, Ordering::Relaxed);
        self.seed.store(seed | 1, Ordering::Release);
    }

    /// Searches starting from now mark nothing.
    pub fn stop(&self) {
        self.seed.store(0, Ordering::Release);
    }

    /// The seed and depth of the marking search, if one runs.
    pub fn marking(&self) -> Option<(u64, u32)> {
        let seed = self.seed.load(Ordering::Acquire);
        (seed != 0).then(|| (seed, self.until.load(Ordering::Relaxed)))
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 54) as usize & (BUSY_SLOTS - 1)].0
    }

    /// Marks the move whose line hashes to `key` as this thread's, unless
    /// another thread holds it (or another move its slot).
    #[inline]
    pub fn enter(&self, key: u64) -> Entry {
        let key = key | 1;
        match self
            .slot(key)
            .compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed)
        {
            Ok(_) => Entry::Mine,
            Err(k) if k == key => Entry::Held,
            Err(_) => Entry::Full,
        }
    }

    /// Takes back the mark of [`Busy::enter`] ([`Entry::Mine`]).
    #[inline]
    pub fn leave(&self, key: u64) {
        self.slot(key | 1).store(0, Ordering::Relaxed);
    }

    /// Marks in place (for tests: none once every search has left).
    pub fn marked(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| s.0.load(Ordering::Relaxed) != 0)
            .count()
    }
}

#[cfg(test)]
#[path = "shared_tests.rs"]
mod tests;

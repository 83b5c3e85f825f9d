//! The whist core's table shared by the threads of one call: the shapes
//! spread over shards by a hash of their key, each shard a whole table
//! ([`Tt`]) behind its own lock, so that two threads meet only when they
//! touch shapes of the same shard at the same moment.
//!
//! Every interval stored is a proven bound on the tricks still to come
//! from any position its pattern matches, whoever stored it: a thread may
//! use what another learned, whatever target either searched for.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

use super::tt::{Bounds, Hit, Pat, Tt, TtStats};
use crate::error::Result;

/// Shards of a shared table (a power of two).
const SHARDS: usize = 64;

/// A table shared by threads (see the module notes).
pub struct SharedTt {
    shards: Box<[Mutex<Tt>]>,
    /// Lock requests that found their shard held by another thread.
    waits: AtomicU64,
}

impl SharedTt {
    /// A shared table within about `bytes` bytes in all.
    pub fn with_bytes(bytes: usize) -> SharedTt {
        SharedTt {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(Tt::with_bytes(bytes / SHARDS)))
                .collect(),
            waits: AtomicU64::new(0),
        }
    }

    /// The shard of a shape (bits of the key that the shard's own slots do
    /// not use: those take the top bits of another product).
    #[inline(always)]
    fn shard(&self, key: u64, ctx: u32) -> MutexGuard<'_, Tt> {
        let h = (key.rotate_left(29) ^ u64::from(ctx)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let m = &self.shards[(h >> 40) as usize & (SHARDS - 1)];
        match m.try_lock() {
            Ok(g) => g,
            Err(std::sync::TryLockError::WouldBlock) => {
                self.waits.fetch_add(1, Ordering::Relaxed);
                m.lock().unwrap_or_else(|e| e.into_inner())
            }
            Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
        }
    }

    /// [`Tt::probe`] in the shape's shard.
    #[inline(always)]
    pub(crate) fn probe(
        &self,
        key: u64,
        ctx: u32,
        seat: usize,
        pos: &Pat,
        beta: i32,
    ) -> Option<Hit> {
        self.shard(key, ctx).probe(key, ctx, seat, pos, beta)
    }

    /// [`Tt::store`] in the shape's shard.
    #[inline(always)]
    pub(crate) fn store(&self, key: u64, ctx: u32, seat: usize, pat: Pat, b: Bounds) {
        self.shard(key, ctx).store(key, ctx, seat, pat, b)
    }

    /// Allocates every shard now (an error naming the size when the
    /// machine cannot give it).
    pub fn reserve(&self) -> Result<()> {
        for m in self.shards.iter() {
            m.lock().unwrap_or_else(|e| e.into_inner()).reserve()?;
        }
        Ok(())
    }

    /// Forgets everything stored (no thread may be searching).
    pub fn clear(&self) {
        for m in self.shards.iter() {
            m.lock().unwrap_or_else(|e| e.into_inner()).clear();
        }
    }

    /// The statistics of all shards summed.
    pub fn stats(&self) -> TtStats {
        let mut s = TtStats::default();
        for m in self.shards.iter() {
            let t = m.lock().unwrap_or_else(|e| e.into_inner()).stats;
            let pairs = [
                (&mut s.probes, t.probes),
                (&mut s.shape_hits, t.shape_hits),
                (&mut s.compared, t.compared),
                (&mut s.mru, t.mru),
                (&mut s.tree, t.tree),
                (&mut s.stores, t.stores),
                (&mut s.fixed, t.fixed),
                (&mut s.lo_hi.0, t.lo_hi.0),
                (&mut s.lo_hi.1, t.lo_hi.1),
                (&mut s.resets, t.resets),
                (&mut s.evictions, t.evictions),
            ];
            for (a, b) in pairs {
                *a += b;
            }
        }
        s
    }

    /// Lock requests that had to wait for another thread.
    pub fn waits(&self) -> u64 {
        self.waits.load(Ordering::Relaxed)
    }

    /// Patterns and shapes stored, over all shards.
    pub fn sizes(&self) -> (usize, usize) {
        self.shards.iter().fold((0, 0), |(a, b), m| {
            let (x, y) = m.lock().unwrap_or_else(|e| e.into_inner()).sizes();
            (a + x, b + y)
        })
    }
}

/// The table a search reads and writes: the core's own or one shared by
/// the call's threads.
pub(crate) enum Table<'a> {
    /// A table of this thread alone.
    Own(&'a mut Tt),
    /// A table shared with other threads.
    Shared(&'a SharedTt),
}

impl Table<'_> {
    /// See [`Tt::probe`].
    #[inline(always)]
    pub fn probe(&mut self, key: u64, ctx: u32, seat: usize, pos: &Pat, beta: i32) -> Option<Hit> {
        match self {
            Table::Own(t) => t.probe(key, ctx, seat, pos, beta),
            Table::Shared(t) => t.probe(key, ctx, seat, pos, beta),
        }
    }

    /// See [`Tt::store`].
    #[inline(always)]
    pub fn store(&mut self, key: u64, ctx: u32, seat: usize, pat: Pat, b: Bounds) {
        match self {
            Table::Own(t) => t.store(key, ctx, seat, pat, b),
            Table::Shared(t) => t.store(key, ctx, seat, pat, b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pat(p0: u64, p1: u64) -> Pat {
        Pat {
            p0,
            p1,
            mask: u64::MAX,
        }
    }

    /// Eight threads store and probe overlapping shapes at once: every
    /// probe's interval contains the true value of its position (each
    /// position's value a function of its key), nothing is lost that a
    /// table of one thread keeps (each thread's own last stores are found
    /// again), and the shards' statistics add up.
    #[test]
    fn eight_threads_keep_every_interval_true() {
        // Large enough that no shard forgets anything (checked below).
        let t = SharedTt::with_bytes(64 << 20);
        t.reserve().unwrap();
        let value = |shape: u64, p: u64| ((shape * 7 + p * 13) % 9) as u8;
        std::thread::scope(|sc| {
            for th in 0..8u64 {
                let t = &t;
                sc.spawn(move || {
                    for i in 0..20_000u64 {
                        let shape = (i * 31 + th) % 500;
                        let p = i % 37;
                        let v = value(shape, p);
                        // A lower bound, an upper bound or both, true.
                        let b = match i % 3 {
                            0 => Bounds { lo: v, hi: 9 },
                            1 => Bounds { lo: 0, hi: v },
                            _ => Bounds { lo: v, hi: v },
                        };
                        t.store(shape, 0, (th % 4) as usize, pat(p, shape), b);
                        let q = (i * 17 + 5) % 37;
                        if let Some(h) = t.probe(shape, 0, (th % 4) as usize, &pat(q, shape), 5) {
                            let v = value(shape, q);
                            assert!(h.b.lo <= v && v <= h.b.hi, "{:?} {}", h.b, v);
                        }
                        // What this thread stored just now is found again
                        // (for a target its interval decides).
                        let beta = if i % 3 == 1 { v as i32 + 1 } else { v as i32 };
                        let h = t.probe(shape, 0, (th % 4) as usize, &pat(p, shape), beta);
                        let h = h.expect("a pattern stored is found");
                        assert!(h.b.lo <= v && v <= h.b.hi);
                    }
                });
            }
        });
        let st = t.stats();
        assert_eq!(st.stores, 8 * 20_000);
        assert_eq!((st.resets, st.evictions), (0, 0));
        assert!(t.sizes().1 > 0);
    }
}

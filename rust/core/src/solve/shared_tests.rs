//! The shared table under many threads, against the one-thread table.

use std::sync::Arc;

use super::SharedTt;
use crate::rng::Rng;
use crate::solve::game::TtKey;
use crate::solve::tt::Tt;

/// Keys of the stress test: 48 shapes, two contexts, 40 owner patterns a
/// shape (at most 80 entries a chain: none is recycled), each with its
/// true value in 0..=13.
struct World {
    keys: Vec<(TtKey<u128>, u32)>,
}

impl World {
    fn new() -> World {
        let mut r = Rng::new(0x5EED);
        let mut keys = Vec::new();
        for shape in 0..48u64 {
            for ctx in 0..2u32 {
                for _ in 0..40 {
                    let owners = (u128::from(r.next_u64()) << 64) | u128::from(r.next_u64());
                    let key = TtKey {
                        shape: shape * 0x1_0001,
                        ctx,
                        owners,
                    };
                    keys.push((key, r.below(14) as u32));
                }
            }
        }
        World { keys }
    }

    /// A store for key `k`: bounds around its true value.
    fn bounds(&self, r: &mut Rng, k: usize) -> (u32, u32) {
        let v = self.keys[k].1;
        let lo = r.below(u64::from(v) + 1) as u32;
        let hi = v + r.below(u64::from(14 - v)) as u32;
        (lo, hi)
    }
}

/// Eight threads store bounds around each key's true value and probe keys
/// at random targets, all on one shared table: every hit a thread sees is
/// true of its key (a torn or misplaced entry would pair one key's pattern
/// with another's bounds), and afterwards the shared table answers every
/// key and target as a one-thread table given the same stores does (no
/// store lost).
#[test]
fn eight_threads_lose_and_tear_no_entry() {
    let world = World::new();
    let table = Arc::new(SharedTt::<u128>::with_bytes(8 << 20));
    assert!(table.stripes() > 8);
    let logs: Vec<Vec<(usize, u32, u32)>> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..8u64)
            .map(|t| {
                let (world, table) = (&world, &table);
                sc.spawn(move || {
                    let mut r = Rng::new(t + 1);
                    let mut tt = Tt::shared(table);
                    let mut log = Vec::new();
                    for _ in 0..30_000 {
                        let k = r.below(world.keys.len() as u64) as usize;
                        let (key, v) = world.keys[k];
                        if r.below(2) == 0 {
                            let (lo, hi) = world.bounds(&mut r, k);
                            tt.store(&key, u128::MAX, lo, hi);
                            log.push((k, lo, hi));
                        } else {
                            let target = r.below(15) as u32;
                            if let Some(hit) = tt.probe(&key, target) {
                                assert_eq!(
                                    hit.at_least,
                                    v >= target,
                                    "key {} target {}",
                                    k,
                                    target
                                );
                                if hit.at_least {
                                    assert!(target <= hit.bound && hit.bound <= v);
                                } else {
                                    assert!(v <= hit.bound && hit.bound < target);
                                }
                            }
                        }
                    }
                    log
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut reference: Tt<u128> = Tt::with_bytes(8 << 20);
    for &(k, lo, hi) in logs.iter().flatten() {
        reference.store(&world.keys[k].0, u128::MAX, lo, hi);
    }
    let mut shared = Tt::shared(&table);
    for (key, _) in &world.keys {
        for target in 0..=14 {
            let a = reference.probe(key, target).map(|h| (h.at_least, h.bound));
            let b = shared.probe(key, target).map(|h| (h.at_least, h.bound));
            assert_eq!(a, b);
        }
    }
    assert_eq!(reference.stats()[2], 0);
    assert_eq!(table.stats()[2], 0);
    let stores: u64 = logs.iter().map(|l| l.len() as u64).sum();
    assert_eq!(table.stats()[0], stores);
}

/// A shared table's stripes together stay within the memory asked for, and
/// a small one still works (one stripe).
#[test]
fn stripes_share_the_memory_asked_for() {
    for bytes in [1 << 16, 1 << 20, 57 << 20] {
        let t = SharedTt::<u128>::with_bytes(bytes);
        assert!(
            t.capacity_bytes() <= bytes,
            "{} {}",
            t.capacity_bytes(),
            bytes
        );
        assert!(t.stripes().is_power_of_two());
    }
    let t = Arc::new(SharedTt::<u128>::with_bytes(1 << 16));
    assert_eq!(t.stripes(), 1);
    let mut a = Tt::shared(&t);
    let key = TtKey {
        shape: 3,
        ctx: 0,
        owners: 5u128,
    };
    a.store(&key, u128::MAX, 4, 4);
    assert_eq!(a.probe(&key, 4).map(|h| h.bound), Some(4));
    a.clear();
    assert!(a.probe(&key, 4).is_none());
}

/// A shared table takes its memory as its stripes fill: nothing before the
/// first store, little for a few entries (a small solve), never more than
/// its size however many entries come; a table the machine cannot give is
/// refused when the search starts.
#[test]
fn stripes_take_their_memory_as_they_fill() {
    let t = Arc::new(SharedTt::<u128>::with_bytes(57 << 20));
    t.reserve().unwrap();
    assert_eq!(t.allocated_bytes(), 0);
    let mut a = Tt::shared(&t);
    let key = |i: u64| TtKey {
        shape: i % 5003,
        ctx: 0,
        owners: u128::from(i),
    };
    for i in 0..100 {
        a.store(&key(i), u128::MAX, 1, 2);
    }
    assert!(t.allocated_bytes() < 4 << 20, "{}", t.allocated_bytes());
    for i in 0..2_000_000 {
        a.store(&key(i), u128::MAX, 1, 2);
    }
    assert!(t.allocated_bytes() <= t.capacity_bytes());
    assert!(t.allocated_bytes() > 16 << 20, "{}", t.allocated_bytes());
    assert_eq!(a.probe(&key(1_999_999), 1).map(|h| h.bound), Some(1));
    let huge = SharedTt::<u128>::with_bytes(usize::MAX / 4);
    let e = huge.reserve().unwrap_err().to_string();
    assert!(
        e.starts_with("cannot allocate a transposition table of "),
        "{}",
        e
    );
}

/// A move marked by one thread is held for the others until it leaves; a
/// slot taken by another move answers `Full`; nothing is marked when no
/// search marks.
#[test]
fn busy_marks_hold_a_move_until_it_leaves() {
    use super::{Busy, Entry};
    let b = Busy::new();
    assert!(b.marking().is_none());
    b.start(42, 30);
    assert_eq!(b.marking(), Some((43, 30)));
    let key = 0x1234_5678_9abc_def0;
    assert_eq!(b.enter(key), Entry::Mine);
    assert_eq!(b.enter(key), Entry::Held);
    // Same slot (the top bits), another move.
    assert_eq!(b.enter(key ^ 0x10), Entry::Full);
    assert_eq!(b.marked(), 1);
    b.leave(key);
    assert_eq!(b.marked(), 0);
    assert_eq!(b.enter(key ^ 0x10), Entry::Mine);
    b.leave(key ^ 0x10);
    b.stop();
    assert!(b.marking().is_none());
}

/// The layout a search asks for reaches every stripe
/// (`SharedTt::small_first`): 6,000 shapes of one entry each, stored in a
/// shared table of 1 MiB, are mostly still there with small first blocks
/// and mostly gone (their stripes full) without, as in a table of one
/// thread's own.
#[test]
fn a_shared_table_takes_the_small_first_layout() {
    let key = |shape: u64| TtKey {
        shape: shape.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        ctx: 0,
        owners: 1u128,
    };
    let kept = |small: bool| {
        let table = Arc::new(SharedTt::<u128>::with_bytes(1 << 20));
        let mut tt = Tt::shared(&table);
        tt.keep_newest(true);
        tt.small_first(small);
        for shape in 0..6000 {
            tt.store(&key(shape), 1, 2, 2);
        }
        (0..6000)
            .filter(|&s| tt.probe(&key(s), 2).is_some())
            .count()
    };
    let (on, off) = (kept(true), kept(false));
    assert!(
        on > 4000 && off < 3000,
        "kept {} with small first blocks, {} without",
        on,
        off
    );
}

/// A shared table's pattern trees (`Switches::shared_trees`): what one
/// thread's handle stores there another's finds, and the chains hold none
/// of it; a handle without the switch reads the chains.
#[test]
fn a_shared_tables_trees_are_every_threads() {
    let table = Arc::new(SharedTt::<u128>::with_bytes(1 << 20));
    let (mut a, mut b, mut c) = (Tt::shared(&table), Tt::shared(&table), Tt::shared(&table));
    a.shared_trees(true);
    b.shared_trees(true);
    let key = TtKey {
        shape: 0x0333,
        ctx: 2,
        owners: 0b10_0110u128,
    };
    let mut hint = u8::MAX;
    assert!(b.probe_tree(&key, 2, &mut hint, false).is_none());
    a.store_tree(&key, 0b11_0011, 2, 5, u8::MAX);
    let hit = b
        .probe_tree(&key, 2, &mut hint, false)
        .expect("the trees' bound");
    assert!(hit.at_least);
    assert!(b
        .probe_tree(&key, 6, &mut hint, false)
        .is_some_and(|h| !h.at_least));
    assert_eq!(table.allocated_bytes(), 0);
    assert!(c.probe_tree(&key, 2, &mut hint, false).is_none());
    table.clear();
    assert!(b.probe_tree(&key, 2, &mut hint, false).is_none());
}

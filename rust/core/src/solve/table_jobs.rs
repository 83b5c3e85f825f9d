//! A four-hand double-dummy table on several threads.
//!
//! The twenty solves of a table are five strains of four leaders. The four
//! leaders of a strain share much of their search (a table per leader costs
//! 2.27x the processor time of one table for the strain, two tables of two
//! leaders 1.45x: `examples/table_split`), so a thread takes a whole strain
//! and solves its leaders in turn on its own table. Strains go to the next
//! free thread rather than by a fixed deal of strains to threads: on 30
//! deals the busiest of two threads then has 1/1.60 of the work instead of
//! 1/1.37 - 1/1.56. The strain left running alone at the end decides how
//! long the other thread waits, so the strains are handed out the dearest
//! first by a cheap estimate ([`strain_order`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::parallel::{note_work, thread_cpu_us, ThreadWork};
use super::whist::suit_bits;
use super::{join_all, DdTable, Solver, SolverConfig};
use crate::card::CardSet;
use crate::error::Result;

/// The order strains are handed out without [`Switches::strain_order`]:
/// no trump, then the suits.
///
/// [`Switches::strain_order`]: super::Switches::strain_order
const STRAINS: [u8; 5] = [4, 0, 1, 2, 3];

/// The strains of `hands` the dearest first by a cheap estimate: a strain
/// whose trumps the two sides hold about equally is fought over trick by
/// trick (no trump counts as an even split), and a long trump holding
/// settles tricks early; so the strains by the difference between the
/// sides' trumps, then by the longest holding of a hand, ties in
/// [`STRAINS`]' order. On 160 random deals, the strains' own processor
/// times handed out to two threads in this order (`examples/table_split`),
/// the busiest thread has 1/1.76 of the five strains' time, against 1/1.67
/// with no trump first and 1/1.82 in the best order.
pub fn strain_order(hands: &[CardSet; 4]) -> [u8; 5] {
    let mut order = STRAINS;
    order.sort_by_key(|&strain| {
        if strain >= 4 {
            return (0, 0);
        }
        let len: [u32; 4] =
            std::array::from_fn(|i| (hands[i].bits() as u64 & suit_bits(strain)).count_ones());
        let diff = (len[0] + len[2]).abs_diff(len[1] + len[3]);
        (diff, len.into_iter().max().unwrap_or(0))
    });
    order
}

/// The double-dummy table of a four-hand deal on `threads` threads (at
/// least two; see the module notes).
pub(super) fn dd_table_threads(
    hands: &[CardSet; 4],
    threads: usize,
    config: &SolverConfig,
) -> Result<DdTable> {
    let order = if config.switches.strain_order {
        strain_order(hands)
    } else {
        STRAINS
    };
    let next = AtomicUsize::new(0);
    let table = Mutex::new([[0u8; 4]; 5]);
    let start = std::time::Instant::now();
    let run = || -> Result<ThreadWork> {
        let mut s = Solver::new(SolverConfig {
            threads: 1,
            ..config.clone()
        });
        let mut work = ThreadWork::default();
        let cpu = thread_cpu_us();
        while let Some(&strain) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
            let mut row = [0u8; 4];
            work.nodes += s.core_strain(hands, strain, &mut row)?;
            work.jobs += 1;
            table.lock().unwrap_or_else(|e| e.into_inner())[strain as usize] = row;
        }
        work.busy_us = start.elapsed().as_micros() as u64;
        work.cpu_us = thread_cpu_us() - cpu;
        Ok(work)
    };
    let results: Vec<Result<ThreadWork>> =
        std::thread::scope(|sc| join_all((0..threads).map(|_| sc.spawn(run)).collect()));
    let mut work = Vec::with_capacity(threads);
    for r in results {
        work.push(r?);
    }
    let end = work.iter().map(|w| w.busy_us).max().unwrap_or(0);
    for w in work.iter_mut() {
        w.idle_us = end - w.busy_us;
    }
    note_work(&work);
    Ok(table.into_inner().unwrap_or_else(|e| e.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::rng::Rng;
    use crate::solve::{dd_table, Switches};

    /// Four equal hands of `cards` cards dealt from `seed`.
    fn hands(seed: u64, cards: usize) -> [CardSet; 4] {
        let mut r = Rng::new(seed);
        let mut pack: Vec<u8> = (0..4u8)
            .flat_map(|s| (0..13u8).map(move |k| 16 * s + k))
            .collect();
        r.shuffle(&mut pack);
        std::array::from_fn(|i| {
            pack[i * cards..(i + 1) * cards]
                .iter()
                .map(|&c| Card(c))
                .collect()
        })
    }

    /// The order is the five strains once each, no trump first (an even
    /// split of no trumps), a suit the sides hold 4-4 before one they hold
    /// 6-2 and after one they hold 3-3 with no hand longer than two.
    #[test]
    fn strains_are_ordered_by_the_trumps_split() {
        for seed in 0..20 {
            let h = hands(seed, 13);
            let order = strain_order(&h);
            let mut sorted = order;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3, 4]);
            assert_eq!(order[0], 4);
            let key = |s: u8| {
                let len: [u32; 4] =
                    std::array::from_fn(|i| (h[i].bits() as u64 & suit_bits(s)).count_ones());
                (
                    (len[0] + len[2]).abs_diff(len[1] + len[3]),
                    len.into_iter().max().unwrap(),
                )
            };
            for w in order[1..].windows(2) {
                assert!(key(w[0]) <= key(w[1]), "seed {seed}: {order:?}");
            }
        }
    }

    /// Tables of endgames on 2, 3 and 4 threads, with the strains in either
    /// order, are the one-thread tables.
    #[test]
    fn every_order_gives_the_one_thread_table() {
        let off = Switches::default_without("strain_order");
        for seed in 0..6 {
            let h = hands(seed, 6 + seed as usize % 3);
            let one = dd_table(&h, 1, &SolverConfig::default()).unwrap();
            for threads in [2, 3, 4] {
                for switches in [Switches::default(), off] {
                    let config = SolverConfig {
                        switches,
                        ..SolverConfig::default()
                    };
                    assert_eq!(
                        dd_table(&h, threads, &config).unwrap(),
                        one,
                        "seed {seed}, {threads} threads"
                    );
                }
            }
        }
    }
}

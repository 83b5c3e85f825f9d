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

/// A cheap estimate of how dear `strain` (0-3 a suit, 4 no trump) is to
/// solve for `hands`, larger being dearer: a strain whose trumps the two
/// sides hold about equally is fought over trick by trick (no trump counts
/// as an even split, and above every suit), and a long trump holding
/// settles tricks early; so the smaller the difference between the sides'
/// trumps, then the shorter the longest holding of a hand, the dearer.
/// A suit has 13 cards, so both counts are at most 13 and the estimate is
/// `14 * (13 - difference) + (13 - longest)`, no trump 196.
pub fn strain_cost(hands: &[CardSet; 4], strain: u8) -> u32 {
    if strain >= 4 {
        return 14 * 14;
    }
    let len: [u32; 4] =
        std::array::from_fn(|i| (hands[i].bits() as u64 & suit_bits(strain)).count_ones());
    let diff = (len[0] + len[2]).abs_diff(len[1] + len[3]);
    let longest = len.into_iter().max().unwrap_or(0);
    14 * (13 - diff.min(13)) + (13 - longest.min(13))
}

/// The strains of `hands` the dearest first by [`strain_cost`], ties in
/// [`STRAINS`]' order. On 160 random deals, the strains' own processor
/// times handed out to two threads in this order (`examples/table_split`),
/// the busiest thread has 1/1.76 of the five strains' time, against 1/1.67
/// with no trump first and 1/1.82 in the best order.
pub fn strain_order(hands: &[CardSet; 4]) -> [u8; 5] {
    let mut order = STRAINS;
    order.sort_by_key(|&strain| std::cmp::Reverse(strain_cost(hands, strain)));
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

    /// Hands of the given suit lengths (`lens[hand][suit]`), each suit's
    /// cards dealt from the top down.
    fn shaped(lens: [[u8; 4]; 4]) -> [CardSet; 4] {
        let mut dealt = [0u8; 4];
        std::array::from_fn(|h| {
            let mut cards = Vec::new();
            for s in 0..4u8 {
                for _ in 0..lens[h][s as usize] {
                    cards.push(Card(16 * s + 12 - dealt[s as usize]));
                    dealt[s as usize] += 1;
                }
            }
            cards.into_iter().collect()
        })
    }

    /// Costs and orders worked out by hand: the sides' trumps (hands 0 and
    /// 2 against 1 and 3) and the longest holding of each suit.
    #[test]
    fn strains_are_ordered_by_the_trumps_split() {
        // Suits 0-3: sides 7-6 longest 4, 5-8 longest 4, 7-6 longest 5,
        // 7-6 longest 4.
        let h = shaped([[4, 1, 5, 3], [3, 4, 3, 3], [3, 4, 2, 4], [3, 4, 3, 3]]);
        let costs: Vec<u32> = (0..5).map(|s| strain_cost(&h, s)).collect();
        assert_eq!(
            costs,
            [14 * 12 + 9, 14 * 10 + 9, 14 * 12 + 8, 14 * 12 + 9, 196]
        );
        // No trump, then the 7-6 suits with no hand above four (0 before 3:
        // a tie keeps the suits' order), the 7-6 suit with a five, the 5-8.
        assert_eq!(strain_order(&h), [4, 0, 3, 2, 1]);
        // Six-card endgame hands: suit 0 split 1-8 (longest 5), suit 1 4-1
        // (longest 3), suit 2 4-0 (longest 4), suit 3 3-3 (longest 2).
        let h = shaped([[1, 3, 0, 2], [5, 0, 0, 1], [0, 1, 4, 1], [3, 1, 0, 2]]);
        let costs: Vec<u32> = (0..4).map(|s| strain_cost(&h, s)).collect();
        assert_eq!(costs, [14 * 6 + 8, 14 * 10 + 10, 14 * 9 + 9, 14 * 13 + 11]);
        assert_eq!(strain_order(&h), [4, 3, 1, 2, 0]);
        // A strain with no cards left is an even split with no holding.
        let h = shaped([[3, 0, 0, 0], [0, 3, 0, 0], [3, 0, 0, 0], [0, 3, 0, 0]]);
        assert_eq!(strain_cost(&h, 2), 14 * 13 + 13);
        assert_eq!(strain_order(&h), [4, 2, 3, 0, 1]);
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

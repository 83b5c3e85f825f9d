//! A four-hand double-dummy table on several threads.
//!
//! The twenty solves of a table are five strains of four leaders. The four
//! leaders of a strain share much of their search (a table per leader costs
//! 2.27x the processor time of one table for the strain, two tables of two
//! leaders 1.45x: `examples/table_split`), so a thread takes a whole strain
//! and solves its leaders in turn on its own table. Strains go to the next
//! free thread, no trump first (most often the dearest), rather than by a
//! fixed deal of strains to threads: on 30 deals the busiest of two threads
//! then has 1/1.60 of the work instead of 1/1.37 - 1/1.56.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::parallel::{note_work, thread_cpu_us, ThreadWork};
use super::{join_all, DdTable, Solver, SolverConfig};
use crate::card::CardSet;
use crate::error::Result;

/// The order strains are handed out: no trump, then the suits.
const STRAINS: [u8; 5] = [4, 0, 1, 2, 3];

/// The double-dummy table of a four-hand deal on `threads` threads (at
/// least two; see the module notes).
pub(super) fn dd_table_threads(
    hands: &[CardSet; 4],
    threads: usize,
    config: &SolverConfig,
) -> Result<DdTable> {
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
        while let Some(&strain) = STRAINS.get(next.fetch_add(1, Ordering::Relaxed)) {
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

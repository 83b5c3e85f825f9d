//! Lone four-hand solves (value only, or every card's value) of the
//! positions of a file, one thread, each on a new solver as `hukm.solve`
//! without a pool makes one: nodes and the thread's processor time per
//! position, then the totals.
//!
//! `cargo run --release --example lone_bench -- FILE [value|cards] [REPEAT]`
//!
//! FILE: a position a line (a deal in PBN, the trump 0-3 or 4 for none,
//! the leader), as `benches/bench_solver.py` draws them. The value is the
//! leader's side's. `HUKM_SWITCHES` changes the switches; `KEEP=1` keeps
//! one solver for every call (its table cleared); `QUIET=1` prints the
//! totals alone. Each position is solved `REPEAT` times (default 1), the
//! least time kept.

mod common;

use hukm_core::solve::{Solver, SolverConfig, Switches, WhistPosition};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = common::whist_positions(&args[0]);
    let cards = args.get(1).is_some_and(|a| a == "cards");
    let repeat: usize = args.get(2).and_then(|x| x.parse().ok()).unwrap_or(1);
    let spec = std::env::var("HUKM_SWITCHES").unwrap_or_default();
    let switches = Switches::default()
        .with_spec(&spec)
        .unwrap_or_else(|e| panic!("HUKM_SWITCHES: {}", e));
    let keep = std::env::var_os("KEEP").is_some();
    let quiet = std::env::var_os("QUIET").is_some();
    let config = SolverConfig {
        switches,
        ..SolverConfig::default()
    };
    let mut kept = Solver::new(config.clone());
    let (mut nodes, mut times) = (0u64, Vec::new());
    for (i, (hands, t, leader)) in file.iter().enumerate() {
        let pos = WhistPosition::new(hands.clone(), (*t < 4).then_some(*t), *leader);
        let mut best = f64::MAX;
        let mut got = (0u32, 0u64);
        for _ in 0..repeat {
            let t0 = common::cpu_ms();
            let mut fresh;
            let s = if keep {
                kept.clear();
                &mut kept
            } else {
                fresh = Solver::new(config.clone());
                &mut fresh
            };
            got = if cards {
                let a = s.solve_cards(&pos, *leader).expect("solve");
                (a.value, a.nodes)
            } else {
                let a = s.solve(&pos, *leader).expect("solve");
                (a.value, a.nodes)
            };
            best = best.min(common::cpu_ms() - t0);
        }
        nodes += got.1;
        times.push(best);
        if !quiet {
            println!("{i:3} value {:2} nodes {:9} {:9.3} ms", got.0, got.1, best);
        }
    }
    let total: f64 = times.iter().sum();
    let mut s = times.clone();
    s.sort_by(|a, b| a.total_cmp(b));
    println!(
        "positions {} nodes {} cpu {:.1} ms mean {:.3} median {:.3}",
        times.len(),
        nodes,
        total,
        total / times.len() as f64,
        s[s.len() / 2]
    );
}

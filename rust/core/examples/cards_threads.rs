//! Every card's value of four-hand whist positions on 1 and 2 threads
//! (the switch `core_threads`): the same answers, the wall time of each,
//! and each thread's processor time (a projection that holds on a machine
//! shared with other work: one thread's time against the busiest of two).
//!
//! `cargo run --release --example cards_threads -- FILE [THREADS]` (lines:
//! PBN deal, trump 0-4, leader 0-3)
mod common;
use hukm_core::solve::parallel::{take_thread_work, thread_cpu_us};
use hukm_core::solve::{Solver, SolverConfig, Switches, WhistPosition};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads: usize = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(2);
    let sw = Switches::default().with_spec("core_threads").unwrap();
    let (mut one_cpu, mut one_wall, mut busiest, mut all_cpu, mut wall) =
        (0u64, 0f64, 0u64, 0u64, 0f64);
    let mut ratios = Vec::new();
    for (hands, t, leader) in common::whist_positions(&args[0]) {
        let pos = WhistPosition::new(hands, (t < 4).then_some(t), leader);
        let player = pos.to_move();
        let c0 = thread_cpu_us();
        let t0 = std::time::Instant::now();
        let a = Solver::new(SolverConfig {
            switches: sw,
            ..SolverConfig::default()
        })
        .solve_cards(&pos, player)
        .unwrap();
        let w1 = t0.elapsed().as_secs_f64();
        let c1 = thread_cpu_us() - c0;
        take_thread_work();
        let t0 = std::time::Instant::now();
        let b = Solver::new(SolverConfig {
            switches: sw,
            threads,
            ..SolverConfig::default()
        })
        .solve_cards(&pos, player)
        .unwrap();
        let w2 = t0.elapsed().as_secs_f64();
        assert_eq!((a.value, &a.actions), (b.value, &b.actions));
        let work = take_thread_work();
        let most = work.iter().map(|x| x.cpu_us).max().unwrap_or(0);
        one_cpu += c1;
        one_wall += w1;
        busiest += most;
        all_cpu += work.iter().map(|x| x.cpu_us).sum::<u64>();
        wall += w2;
        ratios.push(c1 as f64 / most.max(1) as f64);
    }
    ratios.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "{} positions, {threads} threads: processor time {:.1} ms on one, {:.1} ms in all on {threads} ({:.3}x), busiest thread {:.1} ms: projected speed-up {:.2}x (median per position {:.2}x); wall {:.1} ms vs {:.1} ms ({:.2}x)",
        ratios.len(),
        one_cpu as f64 / 1e3,
        all_cpu as f64 / 1e3,
        all_cpu as f64 / one_cpu as f64,
        busiest as f64 / 1e3,
        one_cpu as f64 / busiest as f64,
        ratios[ratios.len() / 2],
        one_wall * 1e3,
        wall * 1e3,
        one_wall / wall
    );
}

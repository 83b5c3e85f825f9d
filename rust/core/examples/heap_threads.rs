//! A Court Piece heap preset's deals on several threads: each deal of a
//! file of `DEAL;TRUMP` lines (seat 0 on lead; see `heap_bench --deals`)
//! solved by `dd_solve` as the library solves it, printing what each
//! thread of the call did (the lines `cards_bench` prints, for the same
//! readers).
//!
//! `cargo run --release --example heap_threads -- PRESET FILE [N] [FIRST]`
//!
//! `CARDS_THREADS=T` sets the threads (1 by default), `VALUE_ONLY=1`
//! solves the value alone (else every card's value), `HUKM_SWITCHES`
//! changes the solver's switches (see `Switches::with_spec`).

mod common;

use std::sync::Arc;
use std::time::Instant;

use hukm_core::games::hokm::dd::Objective;
use hukm_core::games::hokm::{HokmConfig, HokmState};
use hukm_core::solve::parallel::thread_cpu_us;
use hukm_core::solve::{SolverConfig, Switches};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset = args.first().map_or("double_sar", |s| s.as_str());
    let lines = common::deal_lines(args.get(1).expect("a file of DEAL;TRUMP lines"));
    let n: usize = args.get(2).and_then(|x| x.parse().ok()).unwrap_or(10);
    let first: usize = args.get(3).and_then(|x| x.parse().ok()).unwrap_or(0);
    let threads: usize = std::env::var("CARDS_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let value_only = std::env::var("VALUE_ONLY").is_ok();
    let switches = Switches::default()
        .with_spec(&std::env::var("HUKM_SWITCHES").unwrap_or_default())
        .unwrap_or_else(|e| panic!("HUKM_SWITCHES: {}", e));
    let g = Arc::new(HokmConfig::new(preset, &[]).expect("preset"));
    let cfg = SolverConfig {
        switches,
        threads,
        ..SolverConfig::default()
    };
    for (i, line) in lines.iter().enumerate().skip(first).take(n) {
        let (deal, trump) = line.split_once(';').expect("DEAL;TRUMP");
        let hands = g.pack.parse_deal(deal, 4).expect("deal");
        let trump = g.pack.parse_suit(trump.trim()).expect("trump");
        let s =
            HokmState::from_deal(g.clone(), &hands, Some(trump), 0, None, None).expect("position");
        let t0 = Instant::now();
        let c0 = thread_cpu_us();
        let a = s
            .dd_solve(0, Objective::Value, &cfg, !value_only)
            .expect("solver error");
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        println!(
            "    main thread cpu {:.1} ms",
            (thread_cpu_us() - c0) as f64 / 1e3
        );
        let acts: Vec<u32> = a.actions.iter().map(|x| x.1).collect();
        println!(
            "{:3} {:9.2} ms {:10} nodes value {:2} {:?}",
            i, ms, a.nodes, a.value, acts
        );
        common::print_thread_work();
    }
}

//! Times the open-trump double-dummy value of Twenty-eight full deals on one
//! thread (the deals of `benches/bench_twenty_eight.py`: seat 0 bids with
//! its longest suit as trumps, seat 1 leads).
//!
//! `cargo run --release --example t28_bench -- [N] [FIRST_SEED] [--table] [--quiet] [--check]
//! [--preset=28|29|40|56] [--no-dominance] [--max-nodes=N] [--cards]`
//!
//! Prints one line per deal (milliseconds and nodes) unless `--quiet`, then
//! the median and p90 of times and nodes. `--check` compares each value with
//! a search without partitions, skipping and bounds (lead and mid-trick).
//! `--cards`: every card's value too (the nodes of the whole call).
//! `--max-nodes=N` stops a deal at `N` nodes (printed as `stopped`, left
//! out of the figures). `--no-dominance` switches payoff dominance off (`Switches::dominance`);
//! `HUKM_SWITCHES` changes the solver's switches (see `Switches::with_spec`).

use std::time::Instant;

use hukm_core::games::twenty_eight::{dd, TrumpStart, TwentyEight};
use hukm_core::solve::{SolverConfig, Switches};

fn pct<T: Copy + PartialOrd>(xs: &[T], q: f64) -> T {
    let mut s = xs.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap());
    s[((q * s.len() as f64) as usize).min(s.len() - 1)]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nums: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let n = nums.first().copied().unwrap_or(200);
    let first = nums.get(1).copied().unwrap_or(0);
    let table = args.iter().any(|a| a == "--table");
    let quiet = args.iter().any(|a| a == "--quiet");
    let check = args.iter().any(|a| a == "--check");
    let cards = args.iter().any(|a| a == "--cards");
    let preset = args
        .iter()
        .find_map(|a| a.strip_prefix("--preset="))
        .unwrap_or("28");
    let solver = SolverConfig {
        switches: Switches {
            dominance: !args.iter().any(|a| a == "--no-dominance"),
            ..Switches::default()
        }
        .with_spec(&std::env::var("HUKM_SWITCHES").unwrap_or_default())
        .unwrap_or_else(|e| panic!("HUKM_SWITCHES: {}", e)),
        max_nodes: args
            .iter()
            .find_map(|a| a.strip_prefix("--max-nodes="))
            .map(|x| x.parse().expect("--max-nodes=N")),
        ..SolverConfig::default()
    };
    let g = TwentyEight::new(preset, &[]).expect("preset");
    let cfg = g.config_arc();
    let (mut times, mut nodes) = (Vec::new(), Vec::new());
    for seed in first..first + n {
        let full = g.new_game(seed).full_deal();
        let deal = cfg.pack.format_deal(&full);
        let t = Instant::now();
        let (v, k) = if table {
            let (tab, k) = dd::dd_table(&cfg, &full, 1, solver.clone(), 1).expect("table");
            (tab.iter().map(|r| r[0]).sum::<i32>(), k)
        } else {
            let best = (0..cfg.pack.num_suits())
                .max_by_key(|&i| {
                    let len = (full[0] & cfg.pack.suit_mask(i as u8)).len();
                    (len, std::cmp::Reverse(i))
                })
                .unwrap();
            let code = cfg.pack.suits[best].code.clone();
            let s = g
                .from_deal(&deal, 0, 1, TrumpStart::Open(&code), None)
                .expect("deal");
            let Ok(a) = dd::solve_points(&s, 0, solver.clone(), cards) else {
                println!("seed {:4} stopped", seed);
                continue;
            };
            if check {
                // The same value without partition search, skipping and bounds.
                let sw = Switches {
                    partition: false,
                    rank_skip: false,
                    quick_tricks: false,
                    sure_tricks: false,
                    trick_bounds: false,
                    ..Switches::default()
                };
                let cfg = SolverConfig {
                    switches: sw,
                    ..SolverConfig::default()
                };
                let b = dd::solve_points(&s, 0, cfg, false).expect("solve");
                assert_eq!(a.value, b.value, "seed {}", seed);
            }
            (a.value, a.nodes)
        };
        let ms = t.elapsed().as_secs_f64() * 1e3;
        if !quiet {
            println!("seed {:4} value {:3} {:9.3} ms {:9} nodes", seed, v, ms, k);
        }
        times.push(ms);
        nodes.push(k);
    }
    println!(
        "{} deals: median {:.3} ms, p90 {:.3} ms; nodes median {}, p90 {}, total {}",
        n,
        pct(&times, 0.5),
        pct(&times, 0.9),
        pct(&nodes, 0.5),
        pct(&nodes, 0.9),
        nodes.iter().sum::<u64>()
    );
}

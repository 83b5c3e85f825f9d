//! Every card's value (`Solver::solve_cards`) on seeded random whist deals,
//! one thread: prints each deal's values and nodes, then the totals.
//!
//! `cargo run --release --example cards_bench -- [HANDS] [N] [SEED]`
//!
//! `HANDS` is 4 (13 cards each, the default) or 3 (17 each, the two of
//! clubs out, as in three-hand Hokm). Each deal draws its trump (or no
//! trump) and its leader from the seed; the value is the leader's side's
//! (for 3 hands, the leader alone against the other two). `HUKM_SWITCHES`
//! changes the solver's switches (e.g. `+card_skip`); `CARDS_SKIP=K` deals
//! the first `K` deals without solving them (to time one hard deal).
//! `CARDS_DEALS=FILE` solves the deals of a file instead, one a line as
//! `DEAL;TRUMP;LEADER` (`HANDS` compact hands; the three-hand deals of
//! `benches/compare_points.py` are written by its `--hokm3-deals N`), the
//! `N` from line `SEED` (0-based); `VALUE_ONLY=1` solves the value alone.
//! `CARDS_THREADS=T` spreads each deal over `T` threads and prints what each
//! did (nodes, jobs, table waits, processor and idle time). Node counts
//! repeat exactly on one thread.

mod common;

use std::time::Instant;

use hukm_core::card::{Card, CardSet};
use hukm_core::rng::Rng;
use hukm_core::solve::{Solver, SolverConfig, Switches, WhistPosition};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|x| x.parse().ok()).unwrap_or(d);
    let (hands_n, n, seed) = (arg(0, 4) as usize, arg(1, 20), arg(2, 1));
    let spec = std::env::var("HUKM_SWITCHES").unwrap_or_default();
    let switches = Switches::default()
        .with_spec(&spec)
        .unwrap_or_else(|e| panic!("HUKM_SWITCHES: {}", e));
    let skip: u64 = std::env::var("CARDS_SKIP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let file = std::env::var("CARDS_DEALS")
        .ok()
        .map(|f| common::deal_lines(&f));
    let value_only = std::env::var("VALUE_ONLY").is_ok();
    let french = hukm_core::pack::Pack::french52();
    let mut r = Rng::new(seed);
    let (mut total, mut times) = (0u64, Vec::new());
    for i in 0..n {
        // Cards 0..52 (suit * 16 + rank); three hands leave out the lowest club.
        let mut pack: Vec<u8> = (0..4u8)
            .flat_map(|s| (0..13u8).map(move |k| s * 16 + k))
            .filter(|&c| hands_n == 4 || c != 48)
            .collect();
        r.shuffle(&mut pack);
        let each = pack.len() / hands_n;
        let hands: Vec<CardSet> = (0..hands_n)
            .map(|h| {
                pack[h * each..(h + 1) * each]
                    .iter()
                    .map(|&c| Card(c))
                    .collect()
            })
            .collect();
        let t = r.below(5) as u8;
        let trump = (t < 4).then_some(t);
        let leader = r.below(hands_n as u64) as usize;
        let mut pos = WhistPosition::new(hands, trump, leader);
        if let Some(lines) = &file {
            let Some(line) = lines.get((seed + i) as usize) else {
                break;
            };
            let f: Vec<&str> = line.split(';').collect();
            let hands = french.parse_deal(f[0], hands_n).expect("deal");
            let trump = french.parse_suit(f[1].trim()).ok();
            pos = WhistPosition::new(hands, trump, f[2].trim().parse().expect("leader"));
        }
        if i < skip {
            continue;
        }
        let threads: usize = std::env::var("CARDS_THREADS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        let mut s = Solver::new(SolverConfig {
            switches,
            threads,
            ..SolverConfig::default()
        });
        let t0 = Instant::now();
        let c0 = hukm_core::solve::parallel::thread_cpu_us();
        let v = if value_only {
            let root = s.solve(&pos, pos.leader).expect("solver error");
            hukm_core::solve::Answer::new(root)
        } else {
            s.solve_cards(&pos, pos.leader).expect("solver error")
        };
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        let cpu = (hukm_core::solve::parallel::thread_cpu_us() - c0) as f64 / 1e3;
        println!("    main thread cpu {:.1} ms", cpu);
        times.push(ms);
        total += v.nodes;
        let vals: Vec<u32> = v.actions.iter().map(|c| c.1).collect();
        println!(
            "{:3} {:9.2} ms {:10} nodes value {:2} {:?}",
            i, ms, v.nodes, v.value, vals
        );
        common::print_thread_work();
        if std::env::var("TTSTATS").is_ok() {
            println!(
                "    tt [stores, hits, resets, probes, scanned] {:?}",
                s.tt_stats()
            );
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "hands {} deals {} mean {:.2} ms median {:.2} ms total nodes {}",
        hands_n,
        times.len(),
        mean,
        times[times.len() / 2],
        total
    );
}

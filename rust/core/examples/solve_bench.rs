//! Times full double-dummy tables (5 strains x 4 leaders) on one thread.
//!
//! `cargo run --release --example solve_bench -- [FILE | --random N SEED] [--check]`
//!
//! FILE holds one deal per line (4 compact hands, seats 0..3), optionally
//! followed by the 20 expected numbers (as in `tests/data/dds_tables.txt`);
//! `--check` compares with them. Prints one line per deal (milliseconds and
//! nodes), then the mean and median. `HUKM_SWITCHES` changes the solver's
//! switches (e.g. `-trick_bounds,+tt_promote`; see `Switches::with_spec`).

use std::time::Instant;

use hukm_core::card::{Card, CardSet};
use hukm_core::pack::Pack;
use hukm_core::rng::Rng;
use hukm_core::solve::{Solver, SolverConfig, Switches};

fn random_deals(n: usize, seed: u64) -> Vec<(String, Option<Vec<u8>>)> {
    let p = Pack::french52();
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let mut cards: Vec<Card> = p.deck.iter().collect();
            rng.shuffle(&mut cards);
            let hands: Vec<CardSet> = cards
                .chunks(13)
                .map(|c| c.iter().copied().collect())
                .collect();
            (p.format_deal(&hands), None)
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    let deals = if args.first().map(|a| a == "--random").unwrap_or(true) {
        let n = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(20);
        let seed = args.get(2).and_then(|x| x.parse().ok()).unwrap_or(1);
        random_deals(n, seed)
    } else {
        let text = std::fs::read_to_string(&args[0]).expect("cannot read the deal file");
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let parts: Vec<&str> = l.split_whitespace().collect();
                let expect = if parts.len() >= 24 {
                    Some(parts[4..24].iter().map(|x| x.parse().unwrap()).collect())
                } else {
                    None
                };
                (parts[..4].join(" "), expect)
            })
            .collect()
    };
    let p = Pack::french52();
    let spec = std::env::var("HUKM_SWITCHES").unwrap_or_default();
    let switches = Switches::default()
        .with_spec(&spec)
        .unwrap_or_else(|e| panic!("HUKM_SWITCHES: {}", e));
    let mut times = Vec::new();
    let mut total_nodes = 0u64;
    for (i, (deal, expect)) in deals.iter().enumerate() {
        let hands = p.parse_deal(deal, 4).expect("bad deal");
        let hands: [CardSet; 4] = [hands[0], hands[1], hands[2], hands[3]];
        let tt_bytes = std::env::var("HUKM_TT_MIB")
            .ok()
            .and_then(|x| x.parse::<usize>().ok())
            .map_or(SolverConfig::default().tt_bytes, |m| m << 20);
        let mut s = Solver::new(SolverConfig {
            switches,
            tt_bytes,
            ..SolverConfig::default()
        });
        let t0 = Instant::now();
        let (table, nodes) = s.dd_table_counted(&hands).expect("solver error");
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        total_nodes += nodes;
        let flat: Vec<u8> = table.iter().flatten().copied().collect();
        let status = match (check, expect) {
            (true, Some(e)) if *e == flat => " ok",
            (true, Some(_)) => " MISMATCH",
            _ => "",
        };
        println!(
            "{:3} {:9.2} ms {:10} nodes{} {:?}",
            i, ms, nodes, status, flat
        );
        if std::env::var("TTSTATS").is_ok() {
            println!(
                "    tt [stores, hits, resets, probes, scanned] {:?}",
                s.tt_stats()
            );
            println!("    core {:?}", s.core_stats());
        }
    }
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let mut sorted = times.clone();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = sorted[sorted.len() / 2];
    println!(
        "deals {} mean {:.2} ms median {:.2} ms max {:.2} ms nodes/deal {}",
        times.len(),
        mean,
        median,
        sorted[sorted.len() - 1],
        total_nodes / times.len() as u64
    );
}

//! Solves seeded deals of a Court Piece heap preset (`double_sar`,
//! `dehla_pakad`, ...) on one thread and prints the value and nodes of each.
//!
//! `cargo run --release --example heap_bench -- PRESET [N] [SEED] [--cards K]
//! [--actions] [--max-nodes M] [--deals FILE]`
//!
//! Each deal gives `K` random cards a hand (13 by default: a full deal; fewer
//! starts after `13 - K` tricks, split at random between the two sides'
//! collected tricks and the heap, with a random `prev`), a random trump and
//! seat 0 on lead; the value is seat 0's side's. `--actions` also solves
//! every card's value. A deal that passes `--max-nodes` is reported as
//! stopped and left out of the totals. `--deals FILE` solves the deals of
//! a file instead, one a line as `DEAL;TRUMP` (seat 0 on lead; the deals of
//! `benches/compare_points.py`'s heap workloads are written by
//! `python benches/compare_points.py --heap-deals N`), the `N` from the
//! line numbered `SEED` (0-based). `HUKM_SWITCHES` changes the solver's
//! switches (see `Switches::with_spec`). Node counts repeat exactly.

mod common;

use std::sync::Arc;
use std::time::Instant;

use hukm_core::card::CardSet;
use hukm_core::games::hokm::dd::Objective;
use hukm_core::games::hokm::{HokmConfig, HokmState};
use hukm_core::rng::Rng;
use hukm_core::solve::{SolverConfig, Switches};

fn position(c: &Arc<HokmConfig>, seed: u64, cards: usize) -> HokmState {
    let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x4EA9);
    let mut pack: Vec<_> = c.pack.cards().to_vec();
    r.shuffle(&mut pack);
    let hands: Vec<CardSet> = (0..4)
        .map(|p| pack[p * cards..(p + 1) * cards].iter().copied().collect())
        .collect();
    let trump = Some(r.below(4) as u8);
    let played = 13 - cards as u8;
    let heap = r.below(played as u64 + 1) as u8;
    let a = r.below((played - heap) as u64 + 1) as u8;
    let won = [a, played - heap - a];
    let mut s =
        HokmState::from_deal(c.clone(), &hands, trump, 0, None, Some(&won)).expect("position");
    if played > 0 {
        let out = hands
            .iter()
            .flat_map(|h| h.iter())
            .filter(|&x| c.pack.face(x) == b'T')
            .count() as u8;
        let mut rest = 4 - out;
        let ht = (r.below(rest as u64 + 1) as u8).min(heap * 4);
        rest -= ht;
        let t0 = r.below(rest as u64 + 1) as u8;
        let prev = (heap > 0 && r.below(2) == 0).then_some(0);
        s.set_heap(heap, prev, false, [t0, rest - t0], ht)
            .expect("heap");
    }
    s
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| -> Option<String> {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let plain: Vec<&String> = {
        let mut v = Vec::new();
        let mut skip = false;
        for a in &args {
            if skip {
                skip = false;
                continue;
            }
            if a == "--cards" || a == "--max-nodes" || a == "--deals" {
                skip = true;
                continue;
            }
            if a.starts_with("--") {
                continue;
            }
            v.push(a);
        }
        v
    };
    let preset = plain.first().map_or("double_sar", |s| s.as_str());
    let n: u64 = plain.get(1).and_then(|x| x.parse().ok()).unwrap_or(8);
    let seed: u64 = plain.get(2).and_then(|x| x.parse().ok()).unwrap_or(1);
    let cards: usize = flag("--cards").and_then(|x| x.parse().ok()).unwrap_or(13);
    let max_nodes: Option<u64> = flag("--max-nodes").and_then(|x| x.parse().ok());
    let actions = args.iter().any(|a| a == "--actions");
    let file = flag("--deals").map(|f| common::deal_lines(&f));
    let spec = std::env::var("HUKM_SWITCHES").unwrap_or_default();
    let switches = Switches::default()
        .with_spec(&spec)
        .unwrap_or_else(|e| panic!("HUKM_SWITCHES: {}", e));
    let g = Arc::new(HokmConfig::new(preset, &[]).expect("preset"));
    let cfg = SolverConfig {
        switches,
        max_nodes,
        ..SolverConfig::default()
    };
    let (mut total, mut solved, mut stopped) = (0u64, 0u64, 0u64);
    let mut ms_all = Vec::new();
    for i in 0..n {
        let s = match &file {
            Some(lines) => {
                let Some(line) = lines.get((seed + i) as usize) else {
                    break;
                };
                let (deal, trump) = line.split_once(';').expect("DEAL;TRUMP");
                let hands = g.pack.parse_deal(deal, 4).expect("deal");
                let trump = g.pack.parse_suit(trump.trim()).expect("trump");
                HokmState::from_deal(g.clone(), &hands, Some(trump), 0, None, None)
                    .expect("position")
            }
            None => position(&g, seed + i, cards),
        };
        let t0 = Instant::now();
        match s.dd_solve(0, Objective::Value, &cfg, actions) {
            Ok(a) => {
                let ms = t0.elapsed().as_secs_f64() * 1e3;
                ms_all.push(ms);
                total += a.nodes;
                solved += 1;
                let acts: Vec<u32> = a.actions.iter().map(|x| x.1).collect();
                println!(
                    "{:3} value {:3} nodes {:11} {:9.1} ms {:?}",
                    seed + i,
                    a.value,
                    a.nodes,
                    ms,
                    acts
                );
            }
            Err(e) => {
                stopped += 1;
                println!("{:3} stopped: {}", seed + i, e);
            }
        }
    }
    ms_all.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = ms_all.get(ms_all.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{} deals {} solved {} stopped {} total nodes {} median {:.1} ms",
        preset, n, solved, stopped, total, median
    );
}

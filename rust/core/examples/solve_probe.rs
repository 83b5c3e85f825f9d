//! Solves random endgames of growing size and prints nodes and times.
use std::time::Instant;

use hukm_core::solve::reference::random_endgame;
use hukm_core::solve::{Solver, SolverConfig};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let max = args.first().copied().unwrap_or(9);
    let min = args.get(1).copied().unwrap_or(5);
    for cards in min..=max {
        for seed in 0..3u64 {
            let pos = random_endgame(
                seed,
                4,
                cards,
                4,
                if seed % 2 == 0 { None } else { Some(0) },
                0,
            );
            let mut cfg = SolverConfig::default();
            let off = std::env::var("OFF").unwrap_or_default();
            let sw = &mut cfg.switches;
            for name in off.split(',') {
                match name {
                    "tt" => sw.tt = false,
                    "partition" => sw.partition = false,
                    "quick" => sw.quick_tricks = false,
                    "sure" => sw.sure_tricks = false,
                    "collapse" => sw.collapse = false,
                    "ordering" => sw.ordering = false,
                    "killers" => sw.killers = false,
                    "mtdf" => sw.mtdf = false,
                    "skip" => sw.rank_skip = false,
                    "tt_move" => sw.tt_move = false,
                    "shared_killers" => sw.shared_killers = false,
                    "trick_bounds" => sw.trick_bounds = false,
                    "card_bounds" => sw.card_bounds = false,
                    _ => {}
                }
            }
            let mut s = Solver::new(cfg);
            let t0 = Instant::now();
            let sol = s.solve(&pos, 0).unwrap();
            println!(
                "cards {:2} seed {} value {:2} nodes {:10} {:8.2} ms",
                cards,
                seed,
                sol.value,
                sol.nodes,
                t0.elapsed().as_secs_f64() * 1e3
            );
        }
    }
}

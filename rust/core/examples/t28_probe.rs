//! The probes of one Twenty-eight family deal's open-trump value (the
//! deals of `t28_bench`: seat 0 bids its longest suit, seat 1 leads), each
//! printed with its target, answer and nodes, for the driver's probe order
//! (`Solver::value`) and for a plain MTD(f) walk from the estimate.
//!
//! `cargo run --release --example t28_probe -- PRESET SEED [SEED ...] [--max-nodes=N] [--tt-mb=N] [--guess=N] [--walk]`
//!
//! `--guess=N`: the first probe at `N` instead of the game's estimate.
//!
//! `--walk`: the probes one by one (`Solver::reaches`, one table for the
//! deal), MTD(f) from the game's estimate, printing each; otherwise the
//! value as `solve_points` finds it. `HUKM_SWITCHES` changes the switches.

use hukm_core::games::twenty_eight::dd::{Objective, PointsGame};
use hukm_core::games::twenty_eight::{TrumpStart, TwentyEight};
use hukm_core::solve::{Probe, Solver, SolverConfig, Switches, TrickGame};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset = args.first().expect("PRESET SEED...").clone();
    let seeds: Vec<u64> = args[1..].iter().filter_map(|a| a.parse().ok()).collect();
    let walk = args.iter().any(|a| a == "--walk");
    let max_nodes = args
        .iter()
        .find_map(|a| a.strip_prefix("--max-nodes="))
        .map(|x| x.parse().expect("--max-nodes=N"));
    let policy = args
        .iter()
        .find_map(|a| a.strip_prefix("--policy="))
        .unwrap_or("mtdf")
        .to_string();
    let guess_at: Option<u32> = args
        .iter()
        .find_map(|a| a.strip_prefix("--guess="))
        .map(|x| x.parse().expect("--guess=N"));
    let tt_mb: Option<usize> = args
        .iter()
        .find_map(|a| a.strip_prefix("--tt-mb="))
        .map(|x| x.parse().expect("--tt-mb=N"));
    let switches = Switches::default()
        .with_spec(&std::env::var("HUKM_SWITCHES").unwrap_or_default())
        .unwrap_or_else(|e| panic!("HUKM_SWITCHES: {}", e));
    let game = TwentyEight::new(&preset, &[]).expect("preset");
    let cfg = game.config_arc();
    for seed in seeds {
        let full = game.new_game(seed).full_deal();
        let deal = cfg.pack.format_deal(&full);
        let best = (0..cfg.pack.num_suits())
            .max_by_key(|&i| {
                let len = (full[0] & cfg.pack.suit_mask(i as u8)).len();
                (len, std::cmp::Reverse(i))
            })
            .unwrap();
        let code = cfg.pack.suits[best].code.clone();
        let s = game
            .from_deal(&deal, 0, 1, TrumpStart::Open(&code), None)
            .expect("deal");
        let mut g = PointsGame::new(&s, 0, Objective::Points).expect("game");
        let mut config = SolverConfig {
            switches,
            max_nodes,
            ..SolverConfig::default()
        };
        if let Some(mb) = tt_mb {
            config.tt_bytes = mb << 20;
        }
        let mut solver = Solver::new(config);
        let guess = guess_at.unwrap_or_else(|| g.estimate());
        let rem = g.remaining();
        println!("seed {} estimate {} of {}", seed, guess, rem);
        if !walk {
            solver.start_call();
            match solver.value(&mut g, 0, (0, u32::MAX), guess, Probe::Mtdf) {
                Ok(v) => println!(
                    "  value {} nodes {} table (stores, hits, resets, probes, scanned) {:?}",
                    v.value,
                    solver.call_nodes(),
                    solver.tt_stats()
                ),
                Err(e) => println!("  stopped: {} ({} nodes)", e, solver.call_nodes()),
            }
            continue;
        }
        let (mut lo, mut hi, mut t) = (0u32, rem, guess);
        // The last answer and the step of the next probe in its direction.
        let (mut last, mut step, mut bracketed) = (None::<bool>, 1u32, false);
        solver.start_call();
        while lo < hi {
            t = t.clamp(lo + 1, hi);
            let before = solver.call_nodes();
            match solver.reaches(&mut g, 0, t) {
                Ok(ok) => {
                    println!("  {:3} {:5} {:10}", t, ok, solver.call_nodes() - before);
                    if ok {
                        lo = t;
                    } else {
                        hi = t - 1;
                    }
                    if last.is_some_and(|l| l != ok) {
                        bracketed = true;
                    }
                    step = if last == Some(ok) { step * 2 } else { 1 };
                    last = Some(ok);
                    t = match policy.as_str() {
                        "gallop" if bracketed => (lo + hi).div_ceil(2),
                        "gallop" | "adaptive" => {
                            if ok {
                                lo + step
                            } else {
                                (hi + 1).saturating_sub(step)
                            }
                        }
                        "bisect" => (lo + hi).div_ceil(2),
                        _ => {
                            if ok {
                                lo + 1
                            } else {
                                hi
                            }
                        }
                    };
                }
                Err(e) => {
                    println!(
                        "  {:3} stopped: {} ({} nodes)",
                        t,
                        e,
                        solver.call_nodes() - before
                    );
                    break;
                }
            }
        }
        println!("  value {} nodes {}", lo, solver.call_nodes());
    }
}

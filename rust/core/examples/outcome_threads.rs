//! The outcome against the contract of Twenty-eight family positions
//! (`dd::solve_outcome`) on one and several threads, interleaved position
//! by position: the first state of trick play of `new_game(seed)` reached
//! by seeded random bidding (56's trump concealed), the value alone or
//! every action's.
//!
//! `cargo run --release --example outcome_threads -- [N] [FIRST] [--preset=56] [--cards]
//! [--min-nodes=N] [--max-nodes=N] [--tt-mib=N] VARIANT...`
//!
//! A variant is `THREADS` or `THREADS:SPEC` (the switches changed as
//! `Switches::with_spec` reads them); the first is the base (default `1 2`).
//! Each solve's time is the busiest thread's processor time (the calling
//! thread's outside the splits plus the busiest thread's share inside them,
//! `parallel::take_thread_work`): the wall time with a core per thread,
//! measurable on a shared machine. Prints a line per position, then per
//! variant the sum, the ratio of the sums to the base's and the median of
//! the positions' ratios; every answer is checked against the base's.

use std::time::Instant;

use hukm_core::games::twenty_eight::{dd, Phase, TwentyEight};
use hukm_core::rng::Rng;
use hukm_core::solve::parallel::{take_thread_work, thread_cpu_us};
use hukm_core::solve::{SolverConfig, Switches};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if xs.is_empty() {
        return 0.0;
    }
    let m = xs.len() / 2;
    if xs.len() % 2 == 1 {
        xs[m]
    } else {
        (xs[m - 1] + xs[m]) / 2.0
    }
}

fn main() {
    use hukm_core::game::GameState;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().find_map(|a| a.strip_prefix(name));
    let plain: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let n: u64 = plain.first().and_then(|x| x.parse().ok()).unwrap_or(10);
    let first: u64 = plain.get(1).and_then(|x| x.parse().ok()).unwrap_or(0);
    let mut variants: Vec<(usize, String)> = plain
        .iter()
        .skip(2)
        .map(|v| {
            let (t, spec) = v.split_once(':').unwrap_or((v.as_str(), ""));
            (t.parse().expect("THREADS[:SPEC]"), spec.to_string())
        })
        .collect();
    if variants.is_empty() {
        variants = vec![(1, String::new()), (2, String::new())];
    }
    let preset = flag("--preset=").unwrap_or("56");
    let cards = args.iter().any(|a| a == "--cards");
    let min_nodes: u64 = flag("--min-nodes=").map_or(0, |x| x.parse().expect("--min-nodes=N"));
    let max_nodes: Option<u64> = flag("--max-nodes=").map(|x| x.parse().expect("--max-nodes=N"));
    let tt_bytes = flag("--tt-mib=").map_or(SolverConfig::default().tt_bytes, |x| {
        x.parse::<usize>().expect("--tt-mib=N") << 20
    });
    let g = TwentyEight::new(preset, &[]).expect("preset");
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); variants.len()];
    let mut seed = first;
    let mut done = 0;
    while done < n && seed < first + 20 * n {
        let mut s = g.new_game(seed);
        let mut rng = Rng::new(seed);
        seed += 1;
        while s.phase() != Phase::Play && !s.is_terminal() {
            let acts = s.legal_actions();
            s.apply(&acts[rng.below(acts.len() as u64) as usize])
                .expect("legal");
        }
        if s.is_terminal() {
            continue;
        }
        let target = s.target();
        let mut line = Vec::new();
        let mut base = None;
        let mut row = Vec::new();
        let mut skip = false;
        for (k, (threads, spec)) in variants.iter().enumerate() {
            let config = SolverConfig {
                threads: *threads,
                switches: Switches::default().with_spec(spec).expect("switches"),
                max_nodes: max_nodes.map(|m| if k == 0 { m } else { 4 * m }),
                tt_bytes,
                ..SolverConfig::default()
            };
            take_thread_work();
            let (t0, c0) = (Instant::now(), thread_cpu_us());
            let a = dd::solve_outcome(&s, target, config, cards);
            let cpu = (thread_cpu_us() - c0) as f64 / 1e6;
            let wall = t0.elapsed().as_secs_f64();
            let work = take_thread_work();
            let Ok(a) = a else {
                skip = true;
                break;
            };
            let busiest = match work.first() {
                Some(w0) => {
                    cpu - w0.cpu_us as f64 / 1e6
                        + work.iter().map(|w| w.cpu_us).max().unwrap_or(0) as f64 / 1e6
                }
                None => cpu,
            };
            if k == 0 && a.nodes < min_nodes {
                skip = true;
                break;
            }
            let answer = (a.value, a.actions.clone());
            match &base {
                None => base = Some(answer),
                Some(b) => assert_eq!(&answer, b, "seed {} variant {}", seed - 1, k),
            }
            row.push(busiest);
            line.push(format!(
                "{:.3}s ({:.3}s wall) {:>11}",
                busiest, wall, a.nodes
            ));
        }
        if skip {
            continue;
        }
        done += 1;
        for (t, x) in times.iter_mut().zip(&row) {
            t.push(*x);
        }
        println!(
            "seed {:3} target {:2}: {}",
            seed - 1,
            target,
            line.join("  ")
        );
    }
    let sum0: f64 = times[0].iter().sum();
    for (k, (threads, spec)) in variants.iter().enumerate() {
        let sum: f64 = times[k].iter().sum();
        let own = median(times[0].iter().zip(&times[k]).map(|(a, b)| a / b).collect());
        println!(
            "{}:{:<40} {} positions, busiest thread {:.2}s, x{:.2} of the base's sum, median per position x{:.2}",
            threads,
            spec,
            times[k].len(),
            sum,
            sum0 / sum,
            own
        );
    }
}

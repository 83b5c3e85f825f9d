//! Four-hand tables on one thread and on several (strains to the next free
//! thread): the same tables, and each thread's processor time (a
//! projection that holds on a machine shared with other work: one thread's
//! time against the busiest thread's), with the wall times.
//!
//! `cargo run --release --example table_threads -- N SEED [THREADS] [SPEC...]`
//!
//! Each SPEC (a `Switches::with_spec` list, `=` for the defaults) is run on
//! THREADS threads after the one-thread table of each deal, in turn, the
//! order of the specs turned deal by deal; without one, the defaults.
mod common;
use hukm_core::pack::Pack;
use hukm_core::rng::Rng;
use hukm_core::solve::parallel::{take_thread_work, thread_cpu_us};
use hukm_core::solve::{dd_table, SolverConfig, Switches};

#[derive(Default)]
struct Tally {
    busiest: u64,
    all: u64,
    nodes: u64,
    wall: f64,
    ratios: Vec<f64>,
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if v.is_empty() {
        0.0
    } else {
        v[v.len() / 2]
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a: Vec<u64> = args.iter().take(3).filter_map(|x| x.parse().ok()).collect();
    let (n, seed, threads) = (a[0] as usize, a[1], a.get(2).copied().unwrap_or(2) as usize);
    let mut specs: Vec<String> = args
        .iter()
        .skip(a.len())
        .map(|s| if s == "=" { String::new() } else { s.clone() })
        .collect();
    if specs.is_empty() {
        specs.push(String::new());
    }
    let configs: Vec<SolverConfig> = specs
        .iter()
        .map(|s| SolverConfig {
            switches: Switches::default().with_spec(s).expect("a switch spec"),
            ..SolverConfig::default()
        })
        .collect();
    let p = Pack::french52();
    let mut rng = Rng::new(seed);
    let (mut one, mut one_wall) = (0u64, 0f64);
    let mut tally: Vec<Tally> = specs.iter().map(|_| Tally::default()).collect();
    for d in 0..n {
        let hands = common::random_deal(&mut rng, &p);
        let hands: [_; 4] = std::array::from_fn(|i| hands[i]);
        let c0 = thread_cpu_us();
        let t0 = std::time::Instant::now();
        let t1 = dd_table(&hands, 1, &SolverConfig::default()).unwrap();
        one_wall += t0.elapsed().as_secs_f64();
        let mine = thread_cpu_us() - c0;
        one += mine;
        take_thread_work();
        for k in 0..specs.len() {
            let k = (k + d) % specs.len();
            let t0 = std::time::Instant::now();
            let t2 = dd_table(&hands, threads, &configs[k]).unwrap();
            tally[k].wall += t0.elapsed().as_secs_f64();
            assert_eq!(t1, t2);
            let w = take_thread_work();
            let b = w.iter().map(|x| x.cpu_us).max().unwrap_or(0);
            tally[k].busiest += b;
            tally[k].all += w.iter().map(|x| x.cpu_us).sum::<u64>();
            tally[k].nodes += w.iter().map(|x| x.nodes).sum::<u64>();
            tally[k].ratios.push(mine as f64 / b.max(1) as f64);
        }
    }
    println!(
        "{n} deals (seed {seed}), one thread: {:.1} ms processor time, {:.1} ms wall",
        one as f64 / 1e3,
        one_wall * 1e3
    );
    for (t, spec) in tally.iter_mut().zip(&specs) {
        println!(
            "  {threads} threads [{spec}]: {:.1} ms in all ({:.3}x), busiest {:.1} ms: projected {:.2}x (median per deal {:.2}x); wall {:.2}x; nodes {}",
            t.all as f64 / 1e3,
            t.all as f64 / one as f64,
            t.busiest as f64 / 1e3,
            one as f64 / t.busiest as f64,
            median(&mut t.ratios),
            one_wall / t.wall,
            t.nodes
        );
    }
}

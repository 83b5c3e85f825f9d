//! Four-hand tables on one thread and on several (strains to the next free
//! thread): the same tables, and each thread's processor time (a
//! projection that holds on a machine shared with other work: one thread's
//! time against the busiest thread's), with the wall times.
//!
//! `cargo run --release --example table_threads -- N SEED [THREADS]`
mod common;
use hukm_core::pack::Pack;
use hukm_core::rng::Rng;
use hukm_core::solve::parallel::{take_thread_work, thread_cpu_us};
use hukm_core::solve::{dd_table, SolverConfig};

fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|x| x.parse().ok())
        .collect();
    let (n, seed, threads) = (a[0] as usize, a[1], a.get(2).copied().unwrap_or(2) as usize);
    let p = Pack::french52();
    let mut rng = Rng::new(seed);
    let (mut one, mut one_wall) = (0u64, 0f64);
    let (mut busiest, mut all, mut wall) = (0u64, 0u64, 0f64);
    for _ in 0..n {
        let hands = common::random_deal(&mut rng, &p);
        let hands: [_; 4] = std::array::from_fn(|i| hands[i]);
        let cfg = SolverConfig::default();
        let c0 = thread_cpu_us();
        let t0 = std::time::Instant::now();
        let t1 = dd_table(&hands, 1, &cfg).unwrap();
        one_wall += t0.elapsed().as_secs_f64();
        one += thread_cpu_us() - c0;
        take_thread_work();
        let t0 = std::time::Instant::now();
        let t2 = dd_table(&hands, threads, &cfg).unwrap();
        wall += t0.elapsed().as_secs_f64();
        assert_eq!(t1, t2);
        let w = take_thread_work();
        busiest += w.iter().map(|x| x.cpu_us).max().unwrap_or(0);
        all += w.iter().map(|x| x.cpu_us).sum::<u64>();
    }
    println!(
        "{n} deals (seed {seed}), one thread: {:.1} ms processor time, {:.1} ms wall",
        one as f64 / 1e3,
        one_wall * 1e3
    );
    println!(
        "  {threads} threads: {:.1} ms in all ({:.3}x), busiest {:.1} ms: projected {:.2}x; wall {:.2}x",
        all as f64 / 1e3,
        all as f64 / one as f64,
        busiest as f64 / 1e3,
        one as f64 / busiest as f64,
        one_wall / wall
    );
}

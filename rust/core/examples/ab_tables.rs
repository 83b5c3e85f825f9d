//! Full double-dummy tables under several switch sets, interleaved deal by
//! deal, timed by the thread's CPU clock (less sensitive to other work on
//! the machine than the wall clock).
//!
//! `cargo run --release --example ab_tables -- FILE|--random N SEED  SPEC...`
//!
//! Each SPEC is a `HUKM_SWITCHES` list ("" for the defaults). Prints, per
//! set, the total, median and p90 milliseconds, the nodes, and the ratio
//! of each to the first set's; every set's tables must agree (and match
//! the file's when it gives them). `HUKM_TT_MIB` sets the table size.

use hukm_core::card::{Card, CardSet};
use hukm_core::pack::Pack;
use hukm_core::rng::Rng;
use hukm_core::solve::{Solver, SolverConfig, Switches};

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
}

/// The calling thread's CPU time in milliseconds.
fn cpu_ms() -> f64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: a valid pointer to a timespec; 3 is CLOCK_THREAD_CPUTIME_ID.
    unsafe { clock_gettime(3, &mut t) };
    t.sec as f64 * 1e3 + t.nsec as f64 / 1e6
}

/// A deal in compact notation and its expected table, if given.
type Deal = (String, Option<Vec<u8>>);

/// The deals the arguments name, and how many arguments named them.
fn deals(args: &[String]) -> (Vec<Deal>, usize) {
    let p = Pack::french52();
    if args[0] == "--random" {
        let n: usize = args[1].parse().unwrap();
        let seed: u64 = args[2].parse().unwrap();
        let mut rng = Rng::new(seed);
        let d = (0..n)
            .map(|_| {
                let mut cards: Vec<Card> = p.deck.iter().collect();
                rng.shuffle(&mut cards);
                let hands: Vec<CardSet> = cards
                    .chunks(13)
                    .map(|c| c.iter().copied().collect())
                    .collect();
                (p.format_deal(&hands), None)
            })
            .collect();
        return (d, 3);
    }
    let text = std::fs::read_to_string(&args[0]).expect("cannot read the deal file");
    let d = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split_whitespace().collect();
            let expect = (parts.len() >= 24)
                .then(|| parts[4..24].iter().map(|x| x.parse().unwrap()).collect());
            (parts[..4].join(" "), expect)
        })
        .collect();
    (d, 1)
}

fn q(v: &[f64], f: f64) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap());
    s[((s.len() as f64 * f) as usize).min(s.len() - 1)]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (deals, used) = deals(&args);
    let specs: Vec<String> = args[used..].to_vec();
    let specs = if specs.is_empty() {
        vec![String::new()]
    } else {
        specs
    };
    let tt_bytes = std::env::var("HUKM_TT_MIB")
        .ok()
        .and_then(|x| x.parse::<usize>().ok())
        .map_or(SolverConfig::default().tt_bytes, |m| m << 20);
    let switches: Vec<Switches> = specs
        .iter()
        .map(|s| {
            Switches::default()
                .with_spec(s)
                .unwrap_or_else(|e| panic!("{}", e))
        })
        .collect();
    let p = Pack::french52();
    let k = specs.len();
    let mut ms = vec![Vec::new(); k];
    let mut nodes = vec![0u64; k];
    let mut bad = 0;
    for (i, (deal, expect)) in deals.iter().enumerate() {
        let hands = p.parse_deal(deal, 4).expect("bad deal");
        let hands: [CardSet; 4] = [hands[0], hands[1], hands[2], hands[3]];
        let mut first: Option<Vec<u8>> = expect.clone();
        for j in 0..k {
            let c = (i + j) % k;
            let mut s = Solver::new(SolverConfig {
                switches: switches[c],
                tt_bytes,
                ..SolverConfig::default()
            });
            let t0 = cpu_ms();
            let (table, n) = s.dd_table_counted(&hands).expect("solver error");
            ms[c].push(cpu_ms() - t0);
            nodes[c] += n;
            let flat: Vec<u8> = table.iter().flatten().copied().collect();
            match &first {
                Some(f) if *f != flat => {
                    bad += 1;
                    eprintln!("deal {} set {:?}: {:?} against {:?}", i, specs[c], flat, f);
                }
                None => first = Some(flat),
                _ => {}
            }
        }
    }
    let base_total: f64 = ms[0].iter().sum();
    for c in 0..k {
        let total: f64 = ms[c].iter().sum();
        let ratios: Vec<f64> = ms[c].iter().zip(&ms[0]).map(|(a, b)| a / b).collect();
        println!(
            "{:>28}  mean {:8.2} ms  median {:8.2}  p90 {:8.2}  x{:.3} (median ratio {:.3})  nodes {}",
            format!("{:?}", specs[c]),
            total / ms[c].len() as f64,
            q(&ms[c], 0.5),
            q(&ms[c], 0.9),
            total / base_total,
            q(&ratios, 0.5),
            nodes[c]
        );
    }
    if bad > 0 {
        println!("MISMATCHES: {}", bad);
        std::process::exit(1);
    }
}

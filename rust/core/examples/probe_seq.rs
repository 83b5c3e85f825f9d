//! The nodes of each zero-window probe of one whist position, each from an
//! empty table: where a solve spends its work (success probes below the
//! value, the failing probe above it).
//!
//! `cargo run --release --example probe_seq -- FILE TRUMP LEADER`
//!
//! FILE holds one deal (4 compact hands, seats 0..3); TRUMP is a suit index
//! (0 spades .. 3 clubs) or `nt`; LEADER a seat. Prints, for every target,
//! whether the leader's side reaches it and the nodes it took.
//! `HUKM_SWITCHES` changes the switches (see `Switches::with_spec`).

use hukm_core::pack::Pack;
use hukm_core::solve::{Solver, SolverConfig, Switches, Whist, WhistPosition};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: probe_seq FILE TRUMP LEADER");
        std::process::exit(2);
    }
    let deal = std::fs::read_to_string(&args[0]).expect("cannot read the deal file");
    let trump: Option<u8> = args[1].parse().ok();
    let leader: usize = args[2].parse().expect("LEADER is a seat 0..3");
    let spec = std::env::var("HUKM_SWITCHES").unwrap_or_default();
    let switches = Switches::default()
        .with_spec(&spec)
        .unwrap_or_else(|e| panic!("HUKM_SWITCHES: {}", e));
    let p = Pack::french52();
    let hands = p.parse_deal(deal.trim(), 4).expect("bad deal");
    let pos = WhistPosition::new(hands, trump, leader);
    let side = |s: usize| u8::from(s % 2 != leader % 2);
    for t in 1..=13u32 {
        let mut s = Solver::new(SolverConfig {
            switches,
            ..SolverConfig::default()
        });
        let mut g = Whist::<4>::new(&pos, std::array::from_fn(side)).expect("bad position");
        s.start_call();
        let ok = s.reaches(&mut g, 0, t).expect("solver error");
        println!("target {:2} -> {:5} nodes {}", t, ok, s.call_nodes());
    }
}

//! Full 52-card deals against DDS's tables (`data/dds_tables.txt`, made by
//! `data/make_dds_golden.py` with endplay). Debug builds check the first few
//! deals; release builds (`cargo test --release`) check them all.

use hukm_core::card::CardSet;
use hukm_core::pack::Pack;
use hukm_core::solve::{dd_table, Solver, SolverConfig, Switches};

fn golden() -> Vec<([CardSet; 4], Vec<u8>)> {
    let text = include_str!("data/dds_tables.txt");
    let p = Pack::french52();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(parts.len(), 24, "bad golden line {:?}", l);
            let h = p.parse_deal(&parts[..4].join(" "), 4).unwrap();
            let expect = parts[4..].iter().map(|x| x.parse().unwrap()).collect();
            ([h[0], h[1], h[2], h[3]], expect)
        })
        .collect()
}

#[test]
fn tables_match_dds() {
    check_tables(Switches::default());
}

/// The switches that are off by default (while they are measured), on:
/// the same tables as DDS.
#[test]
fn tables_match_dds_with_the_switches_still_off_by_default() {
    check_tables(
        Switches::default()
            .with_spec("+compact_cutoffs,+tt_promote")
            .unwrap(),
    );
}

/// The generic search (the whist core off): the same tables as DDS.
#[test]
fn tables_match_dds_through_the_generic_search() {
    check_tables(Switches::default().with_spec("-whist_core").unwrap());
}

fn check_tables(switches: Switches) {
    let deals = golden();
    assert!(deals.len() >= 30);
    let n = if cfg!(debug_assertions) {
        2
    } else {
        deals.len()
    };
    let mut s = Solver::new(SolverConfig {
        switches,
        ..SolverConfig::default()
    });
    for (i, (hands, expect)) in deals.iter().take(n).enumerate() {
        let t = s.dd_table(hands).unwrap();
        let flat: Vec<u8> = t.iter().flatten().copied().collect();
        assert_eq!(&flat, expect, "deal {} of the golden file", i);
    }
}

#[test]
fn two_threads_give_the_same_table() {
    let deals = golden();
    let (hands, expect) = &deals[1];
    let t = dd_table(hands, 2, &SolverConfig::default()).unwrap();
    let flat: Vec<u8> = t.iter().flatten().copied().collect();
    assert_eq!(&flat, expect);
}

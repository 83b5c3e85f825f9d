//! Full 52-card deals against DDS's tables (`data/dds_tables.txt`, made by
//! `data/make_dds_golden.py` with endplay). Debug builds check the first few
//! deals; release builds (`cargo test --release`) check them all.

use hukm_core::card::CardSet;
use hukm_core::pack::Pack;
use hukm_core::solve::{dd_table, Solver, SolverConfig, Switches, Whist, WhistPosition};

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
    check_tables(Switches::default(), false);
}

/// The switches that are off by default (while they are measured), on:
/// the same tables as DDS.
#[test]
fn tables_match_dds_with_the_switches_still_off_by_default() {
    check_tables(
        Switches::default()
            .with_spec("+compact_cutoffs,+tt_promote")
            .unwrap(),
        true,
    );
}

/// The generic search (which four-hand whist leaves for the whist core,
/// and 2 and 3 hands and every other game use): the same tables as DDS.
#[test]
fn tables_match_dds_through_the_generic_search() {
    check_tables(Switches::default(), true);
}

/// A table through the generic search: each leader's side valued on its
/// own, the table kept across leaders and strains.
fn generic_table(s: &mut Solver, hands: &[CardSet; 4]) -> Vec<u8> {
    let mut out = Vec::with_capacity(20);
    for strain in 0..5u8 {
        for leader in 0..4 {
            let pos = WhistPosition::new(hands.to_vec(), (strain < 4).then_some(strain), leader);
            let sides = if leader % 2 == 0 {
                [0, 1, 0, 1]
            } else {
                [1, 0, 1, 0]
            };
            let mut g = Whist::<4>::new(&pos, sides).unwrap();
            out.push(s.search_game(&mut g, 0, 6).unwrap().value as u8);
        }
    }
    out
}

/// Every golden table through the whist core, or through the generic search
/// (`generic`), with `switches`.
fn check_tables(switches: Switches, generic: bool) {
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
        let flat: Vec<u8> = if generic {
            generic_table(&mut s, hands)
        } else {
            s.dd_table(hands)
                .unwrap()
                .iter()
                .flatten()
                .copied()
                .collect()
        };
        assert_eq!(&flat, expect, "deal {} of the golden file", i);
    }
}

/// Strains handed to the next free thread: DDS's tables on 2, 3 and 5
/// threads.
#[test]
fn threads_give_the_same_table() {
    let deals = golden();
    for (hands, expect) in &deals[1..3] {
        for threads in [2, 3, 5] {
            let t = dd_table(hands, threads, &SolverConfig::default()).unwrap();
            let flat: Vec<u8> = t.iter().flatten().copied().collect();
            assert_eq!(&flat, expect, "{} threads", threads);
        }
    }
}

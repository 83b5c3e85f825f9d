//! Every preset's description agrees with what its calls accept: the
//! keywords of `new_game` and `from_deal` are exactly those the game reads.

use super::{AnyGame, ALL};
use crate::describe::Keyword;
use crate::params::{Param, Params};

/// The keywords a call read, from its refusal of an unknown keyword.
fn read_keywords(err: &str) -> Vec<String> {
    let list = err
        .rsplit_once("keywords: ")
        .unwrap_or_else(|| panic!("no keyword list in {err:?}"))
        .1;
    let mut v: Vec<String> = if list == "none" {
        Vec::new()
    } else {
        list.split(", ").map(String::from).collect()
    };
    v.sort();
    v
}

fn names(v: &[Keyword]) -> Vec<String> {
    let mut n: Vec<String> = v.iter().map(|k| k.name.to_string()).collect();
    n.sort();
    n
}

/// The required keywords with a value each takes, plus an unknown one.
fn probe(v: &[Keyword]) -> Params {
    let mut p = Params::new();
    for k in v.iter().filter(|k| k.required) {
        assert_eq!(k.kind, "seat", "{}: a required {} keyword", k.name, k.kind);
        p.set(k.name, Param::Int(if k.name == "leader" { 1 } else { 0 }));
    }
    p.set("zz_unknown", Param::Int(1));
    p
}

#[test]
fn described_keywords_are_the_keywords_read() {
    for e in ALL {
        let g = AnyGame::new(e.name, &[]).unwrap();
        let d = g.describe();
        let err = g
            .new_game(1, &probe(&d.new_game))
            .map(|_| ())
            .expect_err(e.name)
            .to_string();
        assert_eq!(
            read_keywords(&err),
            names(&d.new_game),
            "{} new_game",
            e.name
        );
        let deal = g.deal(1, &Params::new()).unwrap();
        let err = g
            .from_deal(&deal, &probe(&d.from_deal))
            .map(|_| ())
            .expect_err(e.name)
            .to_string();
        assert!(err.contains("zz_unknown"), "{}: {}", e.name, err);
        assert_eq!(
            read_keywords(&err),
            names(&d.from_deal),
            "{} from_deal",
            e.name
        );
    }
}

#[test]
fn sides_tables_and_objectives() {
    for e in ALL {
        let g = AnyGame::new(e.name, &[]).unwrap();
        let d = g.describe();
        let n = g.num_players();
        let sides = d.side_of_seats(n);
        assert_eq!(sides.len(), n, "{}", e.name);
        assert!(
            !d.objectives.is_empty() && d.objectives[0].name == "tricks",
            "{}",
            e.name
        );
        if let Some(t) = &d.table {
            // Rows: each trump suit, and no trump where the table has it.
            let suits = g.pack().suits.len();
            assert_eq!(
                t.rows.len(),
                suits + usize::from(t.columns == "leader"),
                "{}",
                e.name
            );
        }
    }
    let hokm = AnyGame::new("hokm4", &[]).unwrap().describe();
    assert_eq!(hokm.side_of_seats(4), vec![0, 1, 0, 1]);
    assert!(hokm.table.is_some());
    assert!(AnyGame::new("double_sar", &[])
        .unwrap()
        .describe()
        .table
        .is_none());
    assert_eq!(
        AnyGame::new("dehla_pakad", &[])
            .unwrap()
            .describe()
            .objectives[0]
            .unit,
        "tens"
    );
    assert_eq!(
        AnyGame::new("hokm3", &[])
            .unwrap()
            .describe()
            .side_of_seats(3),
        vec![0, 1, 2]
    );
    assert_eq!(
        AnyGame::new("56", &[]).unwrap().describe().side_of_seats(6),
        vec![0, 1, 0, 1, 0, 1]
    );
}

#[test]
fn position_keywords_defaults_and_groups() {
    let mut whist = Vec::new();
    for e in ALL {
        let g = AnyGame::new(e.name, &[]).unwrap();
        let d = g.describe();
        let names: Vec<&str> = d.from_deal.iter().map(|k| k.name).collect();
        for k in &d.from_deal {
            // A person never states a chance seed or a per-seat list.
            if matches!(k.kind, "seed" | "ints" | "bool") {
                assert!(!k.position, "{}: {}", e.name, k.name);
            }
            if let Some(v) = k.absent {
                assert!(k.position, "{}: {}", e.name, k.name);
                match k.kind {
                    "seat" | "int" => assert!(v.parse::<usize>().is_ok(), "{}", e.name),
                    _ => assert_eq!(k.kind, "strain", "{}: {}", e.name, k.name),
                }
            }
        }
        for group in &d.exactly_one {
            assert!(group.iter().all(|k| names.contains(k)), "{}", e.name);
        }
        assert_eq!(d.target, !d.outcomes.is_empty(), "{}", e.name);
        assert!(["card", "action"].contains(&d.moves), "{}", e.name);
        if d.whist {
            whist.push(e.name);
        }
    }
    assert_eq!(whist, ["hokm4", "hokm3", "court_piece", "single_sar"]);
}

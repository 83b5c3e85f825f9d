//! The answering layer: one budget for the whole call (nodes, time, stop
//! flag), the same values as searching each action on its own, the table
//! policy and the bisection probe.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::*;
use crate::error::Error;
use crate::solve::reference::{brute_force, brute_force_cards, random_endgame};
use crate::solve::search::Limits;
use crate::solve::WhistPosition;

fn endgames() -> Vec<WhistPosition> {
    (0..12u64)
        .map(|seed| {
            let trump = Some((seed % 5) as u8).filter(|&t| t < 4);
            random_endgame(seed, 4, 5, 4, trump, (seed % 3) as usize)
        })
        .collect()
}

#[test]
fn every_card_matches_brute_force() {
    for pos in endgames() {
        let player = pos.to_move();
        let mut s = Solver::new(SolverConfig::small());
        let a = s.solve_cards(&pos, player).unwrap();
        assert_eq!(a.value, brute_force(&pos, player));
        assert_eq!(a.nodes, s.call_nodes());
        assert!(a.halted.is_none());
        let want = brute_force_cards(&pos, player);
        let got: Vec<(u8, u32)> = a.actions.iter().map(|&(c, v)| (c.0, v)).collect();
        assert_eq!(got, want);
        assert_eq!(a.actions_hi, want.iter().map(|w| w.1).collect::<Vec<_>>());
    }
}

/// A call's node count, then the same call under every smaller budget:
/// it stops with the node limit's error naming the budget, and in anytime
/// mode returns bounds after at most `budget + NODE_SLACK` nodes.
#[test]
fn the_node_limit_holds_over_the_root_and_every_card() {
    let mut checked = 0;
    for pos in endgames() {
        let player = pos.to_move();
        let whole = Solver::new(SolverConfig::small())
            .solve_cards(&pos, player)
            .unwrap();
        let root = Solver::new(SolverConfig::small())
            .solve(&pos, player)
            .unwrap()
            .nodes;
        for budget in [1, whole.nodes / 3, root, whole.nodes - 1] {
            if budget == 0 || budget >= whole.nodes {
                continue;
            }
            let limited = SolverConfig {
                max_nodes: Some(budget),
                ..SolverConfig::small()
            };
            let e = Solver::new(limited.clone())
                .solve_cards(&pos, player)
                .unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("solver node limit reached (max_nodes={})", budget)
            );
            let mut s = Solver::new(SolverConfig {
                bounds: true,
                ..limited
            });
            let a = s.solve_cards(&pos, player).unwrap();
            assert!(a.halted.is_some());
            assert!(a.nodes <= budget + NODE_SLACK, "{} > {}", a.nodes, budget);
            checked += 1;
        }
        let enough = SolverConfig {
            max_nodes: Some(whole.nodes),
            ..SolverConfig::small()
        };
        let again = Solver::new(enough).solve_cards(&pos, player).unwrap();
        assert_eq!(again, whole);
    }
    assert!(checked > 20, "{}", checked);
}

#[test]
fn a_passed_deadline_or_a_raised_flag_stops_even_a_small_call() {
    let pos = endgames().pop().unwrap();
    let timed = SolverConfig {
        timeout: Some(Duration::ZERO),
        ..SolverConfig::small()
    };
    let e = Solver::new(timed.clone()).solve_cards(&pos, 0).unwrap_err();
    assert_eq!(e.to_string(), "solver time limit reached (timeout=0 s)");
    // Anytime: the whole window, no node past the first.
    let mut s = Solver::new(SolverConfig {
        bounds: true,
        ..timed
    });
    let a = s.solve_cards(&pos, 0).unwrap();
    assert!(a.halted.is_some() && a.nodes <= NODE_SLACK);
    let stop = Arc::new(AtomicBool::new(true));
    let flagged = SolverConfig {
        stop: Some(stop),
        ..SolverConfig::small()
    };
    let e = Solver::new(flagged).solve_cards(&pos, 0).unwrap_err();
    assert!(matches!(e, Error::Interrupted), "{}", e);
}

/// The time limit is checked every 4096 nodes of the call, not of each
/// search: a call of many small searches still stops.
#[test]
fn the_time_limit_is_checked_across_the_searches_of_a_call() {
    let limits = Limits {
        before: 4000,
        ..Limits::new(None, Some(Duration::ZERO))
    };
    assert_eq!(limits.first_check(), 96);
    assert_eq!(limits.next_check(96), 96 + 4096);
    assert!(limits.check_at(96).is_err());
    assert!(limits.check_at(95).is_ok());
    let fresh = Limits::new(Some(10), Some(Duration::ZERO));
    assert_eq!(fresh.first_check(), 1);
    assert!(fresh.check_at(1).is_err());
    assert_eq!(fresh.next_check(1), 11);
}

#[test]
fn one_table_policy() {
    let c = SolverConfig {
        max_nodes: Some(5),
        bounds: true,
        ..SolverConfig::default()
    };
    let small = SolverConfig::small().tt_bytes;
    let big = SolverConfig::default().tt_bytes;
    let size = |t: TableSize, given: bool, cards: u32| t.config(&c, given, cards, true).tt_bytes;
    assert_eq!(size(TableSize::Default, false, 3), big);
    assert_eq!(size(TableSize::SmallUpTo(6), false, 6), small);
    assert_eq!(size(TableSize::SmallUpTo(6), false, 7), big);
    assert_eq!(size(TableSize::Small, false, 13), small);
    let given = SolverConfig {
        tt_bytes: 3 << 20,
        ..c.clone()
    };
    assert_eq!(
        TableSize::Small.config(&given, true, 13, true).tt_bytes,
        3 << 20
    );
    let exact = TableSize::Default.config(&c, false, 13, false);
    assert!(!exact.bounds && exact.max_nodes == Some(5));
}

#[test]
fn bisection_finds_the_largest_threshold_reached() {
    for truth in -3..=12 {
        let mut probes = 0;
        let v = largest_reached(-3, 12, |t| {
            probes += 1;
            Ok(t <= truth)
        })
        .unwrap();
        assert_eq!(v, truth);
        assert!(probes <= 4, "{} probes", probes);
    }
    let e = largest_reached(0, 9, |_| Err(Error::Interrupted)).unwrap_err();
    assert!(matches!(e, Error::Interrupted));
}

/// The yes/no questions against a threshold agree with the values: at the
/// root and after each card (what its trick credited counted), on one
/// solver, for every threshold from 0 to one past the tricks left.
#[test]
fn thresholds_agree_with_the_values() {
    use crate::card::CardSet;
    use crate::solve::Whist;
    for pos in endgames() {
        let player = pos.to_move();
        let want = Solver::new(SolverConfig::small())
            .solve_cards(&pos, player)
            .unwrap();
        let mut sides = [1; 4];
        for (seat, side) in sides.iter_mut().enumerate() {
            if seat % 2 == player % 2 {
                *side = 0;
            }
        }
        let mut g = Whist::<4>::new(&pos, sides).unwrap();
        let mut s = Solver::new(SolverConfig::small());
        for t in 0..=g.remaining() + 1 {
            for q in [Threshold::new(t), Threshold::settled_at_end(t)] {
                assert_eq!(q.at(&mut s, &mut g).unwrap(), want.value >= t);
                for (c, (card, v)) in CardSet(g.legal() as u128).iter().zip(&want.actions) {
                    assert_eq!(c, *card);
                    assert_eq!(q.after_move(&mut s, &mut g, c.0).unwrap(), *v >= t);
                }
            }
        }
        // The shell of a question after a move: a value found by thresholds.
        for (card, v) in &want.actions {
            let probe = |s: &mut Solver, g: &mut Whist<4>, base: u32| {
                let rest = largest_reached(0, g.remaining() as i32, |t| s.reaches(g, 0, t as u32));
                Ok(base + rest? as u32)
            };
            assert_eq!(
                after_move(&mut s, &mut g, card.0, |c| c, probe).unwrap(),
                *v
            );
        }
    }
}

#[test]
fn an_answer_maps_its_values_and_actions() {
    let mut a: Answer<u8, i32> = Answer::exact(-2);
    a.push_exact(7, -3);
    a.push(8, (1, 4));
    let b = a
        .clone()
        .map_values(i64::from)
        .map_actions(|x| x.to_string());
    assert_eq!((b.value, b.hi), (-2, -2));
    assert_eq!(b.actions, vec![("7".to_string(), -3), ("8".to_string(), 1)]);
    assert_eq!(b.actions_hi, vec![-3, 4]);
    let legal = ["8".to_string(), "7".to_string()];
    let r = b.to_request(1, &legal, String::clone, |v| v);
    assert_eq!(r.actions, vec![("8".to_string(), 1), ("7".to_string(), -3)]);
    assert!(r.bounds.is_none());
    // Named in the state's order already: kept in it.
    let r = b.to_request_named(1, |v| v);
    assert_eq!(r.actions, vec![("7".to_string(), -3), ("8".to_string(), 1)]);
}

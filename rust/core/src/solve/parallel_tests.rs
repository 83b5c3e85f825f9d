//! The same answers on 1, 2 and 4 threads; the limits over all of them.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::card::{Card, CardSet};
use crate::error::Error;
use crate::rng::Rng;
use crate::solve::reference::{brute_force, brute_force_cards, random_endgame};
use crate::solve::{Solver, SolverConfig, Switches, WhistPosition};

fn config(threads: usize) -> SolverConfig {
    SolverConfig {
        threads,
        ..SolverConfig::small()
    }
}

/// A seeded deal of `hands` whist hands of `cards` cards, trump and leader
/// drawn from the seed.
fn deal(seed: u64, hands: usize, cards: usize) -> WhistPosition {
    let mut r = Rng::new(seed);
    let mut pack: Vec<u8> = (0..4u8)
        .flat_map(|s| (0..13u8).map(move |k| 16 * s + k))
        .collect();
    r.shuffle(&mut pack);
    let h: Vec<CardSet> = (0..hands)
        .map(|i| {
            pack[i * cards..(i + 1) * cards]
                .iter()
                .map(|&c| Card(c))
                .collect()
        })
        .collect();
    let t = r.below(5) as u8;
    WhistPosition::new(h, (t < 4).then_some(t), r.below(hands as u64) as usize)
}

/// Random endgames of two, three and four hands, some in mid-trick: the
/// value and every card's value on 2 and 4 threads are the brute-force
/// ones, for both sides.
#[test]
fn threads_give_the_brute_force_values_on_endgames() {
    let mut seed = 100;
    for (players, cards) in [(2usize, 6usize), (3, 5), (4, 4)] {
        for k in 0..8 {
            seed += 1;
            let trump = (k % 3 != 0).then_some((k % 4) as u8);
            let pos = random_endgame(seed, players, cards, 4, trump, k % players);
            for (threads, sw) in [
                (2, ""),
                (2, "-trial_first"),
                (4, "-trial_first"),
                (2, "-trial_first,-fresh_cutoffs"),
                (2, "core_threads"),
                (4, "core_threads"),
                (2, "abdada,-trial_first"),
                (4, "abdada,-trial_first"),
                (2, "-shared_trees,-trial_first"),
            ] {
                let mut s = Solver::new(SolverConfig {
                    switches: Switches::default().with_spec(sw).unwrap(),
                    ..config(threads)
                });
                for player in [0, pos.to_move()] {
                    let v = s.solve(&pos, player).unwrap().value;
                    assert_eq!(v, brute_force(&pos, player), "{:?} {}", pos, threads);
                }
                let player = pos.to_move();
                let got = s.solve_cards(&pos, player).unwrap();
                let got: Vec<(u8, u32)> = got.actions.iter().map(|&(c, v)| (c.0, v)).collect();
                assert_eq!(
                    got,
                    brute_force_cards(&pos, player),
                    "{:?} {}",
                    pos,
                    threads
                );
            }
        }
    }
}

/// Larger positions (beyond brute force): 1, 2 and 4 threads agree on the
/// value and on every card's value, with every switch on and with the
/// switches that change the split's arithmetic off.
#[test]
fn one_two_and_four_threads_agree_on_larger_positions() {
    let mut positions = vec![deal(3, 3, 9), deal(4, 4, 8), deal(5, 2, 11)];
    positions.push(random_endgame(9, 4, 7, 4, Some(1), 2));
    positions.push(deal(6, 4, 9));
    for sw in [
        Switches::default(),
        Switches::default().with_spec("-fail_soft,-mtdf").unwrap(),
        Switches::default().with_spec("-trial_first").unwrap(),
        Switches::default()
            .with_spec("-trial_first,-fresh_cutoffs")
            .unwrap(),
        Switches::default().with_spec("core_threads").unwrap(),
        Switches::default()
            .with_spec("abdada,-trial_first")
            .unwrap(),
        Switches::default()
            .with_spec("abdada,-trial_first,-fail_soft,-mtdf")
            .unwrap(),
    ] {
        for pos in &positions {
            let player = pos.to_move();
            let solve = |threads: usize| {
                let mut s = Solver::new(SolverConfig {
                    switches: sw,
                    ..config(threads)
                });
                let cards = s.solve_cards(pos, player).unwrap();
                let value = s.solve(pos, (player + 1) % pos.hands.len()).unwrap().value;
                (cards.value, cards.actions, value)
            };
            let one = solve(1);
            assert_eq!(solve(2), one, "{:?}", pos);
            assert_eq!(solve(4), one, "{:?}", pos);
        }
    }
}

/// A call on several threads answers a position within its trial on one
/// thread and its own table, and splits a larger one on a table its
/// threads share; a solver whose table is shared keeps it for its next
/// calls. Both answer as one thread does.
#[test]
fn small_positions_stay_on_one_thread() {
    let small = random_endgame(41, 3, 4, 4, Some(0), 1);
    let large = deal(3, 3, 13);
    let mut s = Solver::new(config(2));
    let a = s.solve_cards(&small, small.to_move()).unwrap();
    assert!(a.nodes <= super::TRIAL_NODES, "{}", a.nodes);
    assert!(s.tt.handle().is_none());
    let one = Solver::new(config(1))
        .solve_cards(&small, small.to_move())
        .unwrap();
    assert_eq!((a.value, &a.actions), (one.value, &one.actions));
    let b = s.solve_cards(&large, large.to_move()).unwrap();
    assert!(b.nodes > super::TRIAL_NODES, "{}", b.nodes);
    assert!(s.tt.handle().is_some());
    let one = Solver::new(config(1))
        .solve_cards(&large, large.to_move())
        .unwrap();
    assert_eq!((b.value, &b.actions), (one.value, &one.actions));
    s.solve_cards(&small, small.to_move()).unwrap();
    assert!(s.tt.handle().is_some());
}

/// The node limit is one budget for all the threads of a call: a call that
/// needs more stops with the limit's error; in anytime mode it returns
/// bounds holding the exact values, having visited at most the limit plus
/// one node a thread.
#[test]
fn the_node_limit_holds_over_all_threads() {
    for (pos, sw) in [
        (deal(3, 3, 9), ""),
        (deal(3, 3, 9), "-trial_first"),
        (deal(6, 4, 9), "core_threads"),
        (deal(3, 3, 9), "abdada,-trial_first"),
    ] {
        node_limit_over_threads(&pos, Switches::default().with_spec(sw).unwrap());
    }
}

fn node_limit_over_threads(pos: &WhistPosition, sw: Switches) {
    let config = |threads: usize| SolverConfig {
        switches: sw,
        ..config(threads)
    };
    let pos = pos.clone();
    let player = pos.to_move();
    let exact = Solver::new(config(1)).solve_cards(&pos, player).unwrap();
    for threads in [2, 4] {
        for limit in [1, 50, exact.nodes / 3] {
            let cfg = SolverConfig {
                max_nodes: Some(limit),
                ..config(threads)
            };
            let e = Solver::new(cfg.clone())
                .solve_cards(&pos, player)
                .unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("solver node limit reached (max_nodes={})", limit)
            );
            let b = Solver::new(SolverConfig {
                bounds: true,
                ..cfg
            })
            .solve_cards(&pos, player)
            .unwrap();
            assert!(b.nodes <= limit + threads as u64, "{} {}", b.nodes, limit);
            assert!(b.value <= exact.value && exact.value <= b.hi);
            for (i, (c, v)) in exact.actions.iter().enumerate() {
                assert_eq!(b.actions[i].0, *c);
                assert!(b.actions[i].1 <= *v && *v <= b.actions_hi[i], "{:?}", c);
            }
            let v = Solver::new(SolverConfig {
                bounds: true,
                max_nodes: Some(limit),
                ..config(threads)
            })
            .solve(&pos, player)
            .unwrap();
            assert!(v.nodes <= limit + threads as u64);
            assert!(v.value <= exact.value && exact.value <= v.hi);
        }
    }
}

/// A raised stop flag and a passed deadline stop every thread of a call.
#[test]
fn the_stop_flag_and_the_deadline_stop_every_thread() {
    let pos = deal(3, 3, 9);
    let stop = Arc::new(AtomicBool::new(true));
    let cfg = SolverConfig {
        stop: Some(stop),
        ..config(2)
    };
    let e = Solver::new(cfg).solve_cards(&pos, 0).unwrap_err();
    assert_eq!(e, Error::Interrupted);
    let cfg = SolverConfig {
        timeout: Some(std::time::Duration::ZERO),
        ..config(2)
    };
    let e = Solver::new(cfg.clone()).solve(&pos, 0).unwrap_err();
    assert!(matches!(e, Error::SolverLimit(_)), "{}", e);
    let b = Solver::new(SolverConfig {
        bounds: true,
        ..cfg
    })
    .solve_cards(&pos, 0)
    .unwrap();
    assert!(b.halted.is_some() && b.nodes <= 2);
}

/// The threads' table is one table of the size asked for, kept by a
/// solver from call to call like a one-thread table (three hands: four
/// go through the whist core and its own table).
#[test]
fn a_solver_keeps_one_shared_table_across_calls() {
    let pos = deal(4, 3, 8);
    let mut s = Solver::new(config(2));
    let first = s.solve_cards(&pos, 0).unwrap();
    let stores = s.tt_stats()[0];
    assert!(stores > 0);
    let again = s.solve_cards(&pos, 0).unwrap();
    assert_eq!((first.value, &first.actions), (again.value, &again.actions));
    assert!(again.nodes < first.nodes);
    assert!(s.tt.capacity_bytes() <= SolverConfig::small().tt_bytes);
}

/// Three-hand whist's value alone by ABDADA by default
/// (`Switches::abdada_trees`): full three-hand deals give the one-thread
/// values for each side on 2 and 4 threads, with the switch and without.
#[test]
fn three_hands_by_abdada_give_the_one_thread_values() {
    let sw = |spec: &str| Switches::default().with_spec(spec).unwrap();
    for seed in [5, 9] {
        let pos = deal(seed, 3, 13);
        for player in [0, 1] {
            let one = Solver::new(config(1)).solve(&pos, player).unwrap().value;
            for (threads, spec) in [(2, ""), (4, ""), (2, "-trial_first"), (2, "-abdada_trees")] {
                let mut s = Solver::new(SolverConfig {
                    switches: sw(spec),
                    ..config(threads)
                });
                let got = s.solve(&pos, player).unwrap().value;
                assert_eq!(got, one, "{:?} {} threads {:?}", pos, threads, spec);
                if let Some(h) = s.tt.handle() {
                    assert_eq!(h.table().busy().marked(), 0);
                }
            }
        }
    }
}

/// Three-hand whist on a shared table's pattern trees
/// (`Switches::shared_trees`) and on its chains: three-hand deals large
/// enough to leave the trial give the one-thread value and every card's
/// value on 2 and 4 threads, and with the switch the trees, not the
/// chains, hold every card's search's trick starts (the value alone by
/// ABDADA keeps to the chains).
#[test]
fn three_hands_on_shared_trees_give_the_one_thread_answers() {
    let sw = |spec: &str| Switches::default().with_spec(spec).unwrap();
    for seed in [5, 9] {
        let pos = deal(seed, 3, 11);
        let player = pos.to_move();
        let answer = |s: &mut Solver| {
            let cards = s.solve_cards(&pos, player).unwrap();
            let value = s.solve(&pos, (player + 1) % 3).unwrap().value;
            (cards.value, cards.actions, value)
        };
        let one = answer(&mut Solver::new(config(1)));
        for (threads, spec) in [
            (2, "+shared_trees"),
            (4, "+shared_trees"),
            (2, "+shared_trees,-trial_first"),
            (2, "-shared_trees,-trial_first"),
        ] {
            let mut s = Solver::new(SolverConfig {
                switches: sw(spec),
                ..config(threads)
            });
            assert_eq!(
                answer(&mut s),
                one,
                "{:?} {} threads {:?}",
                pos,
                threads,
                spec
            );
            if spec.contains("-trial_first") {
                // Every card's value alone: the trees, not the chains,
                // hold its trick starts with the switch.
                let mut s = Solver::new(SolverConfig {
                    switches: sw(spec),
                    ..config(threads)
                });
                s.solve_cards(&pos, player).unwrap();
                let h = s.tt.handle().expect("a shared table");
                let chains = h.table().allocated_bytes();
                assert_eq!(
                    chains == 0,
                    spec.contains("+shared_trees"),
                    "{:?} {:?}",
                    pos,
                    spec
                );
            }
        }
    }
}

/// The value alone by ABDADA (`Switches::abdada`): every thread on the same
/// probes, a move another thread is searching left to the end. Full
/// three-hand deals (large enough to leave the trial) and the heap and
/// tens presets (probed by bisection, with fail-soft bounds on a point
/// scale) give the one-thread values for each side on 2 and 4 threads,
/// and no move stays marked once the call is done.
#[test]
fn abdada_gives_the_one_thread_values() {
    use crate::games::hokm::dd::Objective;
    use crate::games::hokm::{HokmConfig, HokmState};
    let sw = |spec: &str| Switches::default().with_spec(spec).unwrap();
    for seed in [3, 7] {
        let pos = deal(seed, 3, 12);
        for player in [0, 1] {
            let one = Solver::new(config(1)).solve(&pos, player).unwrap().value;
            for (threads, spec) in [(2, "abdada"), (4, "abdada"), (2, "abdada,-trial_first")] {
                let mut s = Solver::new(SolverConfig {
                    switches: sw(spec),
                    ..config(threads)
                });
                assert_eq!(
                    s.solve(&pos, player).unwrap().value,
                    one,
                    "{:?} {}",
                    pos,
                    spec
                );
                if let Some(h) = s.tt.handle() {
                    assert_eq!(h.table().busy().marked(), 0);
                    assert!(h.table().busy().marking().is_none());
                }
            }
        }
    }
    for preset in ["double_sar", "dehla_pakad"] {
        let c = std::sync::Arc::new(HokmConfig::new(preset, &[]).unwrap());
        for seed in [11u64, 12] {
            let mut r = Rng::new(seed);
            let mut cards = c.pack.cards().to_vec();
            r.shuffle(&mut cards);
            // Seven cards a hand after six tricks, three won by each side.
            let hands: Vec<CardSet> = (0..4)
                .map(|p| cards[p * 7..(p + 1) * 7].iter().copied().collect())
                .collect();
            let trump = Some((seed % 4) as u8);
            let mut s =
                HokmState::from_deal(c.clone(), &hands, trump, 0, None, Some(&[3, 3])).unwrap();
            let out = 4 - hands
                .iter()
                .flat_map(|h| h.iter())
                .filter(|&x| c.pack.face(x) == b'T')
                .count() as u8;
            s.set_heap(0, None, false, [out / 2, out - out / 2], 0)
                .unwrap();
            let value = |threads: usize, spec: &str| {
                let cfg = SolverConfig {
                    switches: sw(spec),
                    ..config(threads)
                };
                s.dd_solve(1, Objective::Value, &cfg, false).unwrap().value
            };
            let one = value(1, "");
            assert_eq!(value(2, "abdada,-trial_first"), one, "{} {}", preset, seed);
            assert_eq!(value(4, "abdada,-trial_first"), one, "{} {}", preset, seed);
        }
    }
}

//! Solver tests against the brute-force reference.

use super::reference::{brute_force, brute_force_cards, random_endgame};
use super::*;

fn check(pos: &WhistPosition, sw: Switches, what: &str) {
    let cfg = SolverConfig {
        switches: sw,
        ..SolverConfig::small()
    };
    let mut s = Solver::new(cfg);
    for player in [0, pos.to_move()] {
        let expect = brute_force(pos, player);
        let got = s.solve(pos, player).unwrap().value;
        assert_eq!(
            got, expect,
            "{}: value for player {} in {:?}",
            what, player, pos
        );
    }
    let player = pos.to_move();
    let expect = brute_force_cards(pos, player);
    let got = s.solve_cards(pos, player).unwrap();
    let got: Vec<(u8, u32)> = got.actions.iter().map(|&(c, v)| (c.0, v)).collect();
    assert_eq!(got, expect, "{}: card values in {:?}", what, pos);
}

fn endgames() -> Vec<WhistPosition> {
    let mut v = Vec::new();
    let mut seed = 1u64;
    for (players, max_cards) in [(2usize, 6usize), (3, 5), (4, 4)] {
        for cards in 3..=max_cards {
            for k in 0..6 {
                seed += 1;
                let trump = if k % 3 == 0 {
                    None
                } else {
                    Some((k % 4) as u8)
                };
                let suits = [4u8, 3, 2][k % 3];
                let in_trick = k % players;
                v.push(random_endgame(seed, players, cards, suits, trump, in_trick));
            }
        }
    }
    v
}

#[test]
fn all_on_matches_brute_force() {
    for pos in endgames() {
        check(&pos, Switches::default(), "all on");
    }
}

#[test]
fn all_off_matches_brute_force() {
    for pos in endgames() {
        check(&pos, Switches::none(), "all off");
    }
}

#[test]
fn each_switch_alone_matches_brute_force() {
    for name in Switches::NAMES {
        // Each switch alone on (with those it needs), and all but it.
        let mut sw = Switches::none();
        *sw.flag_mut(name).unwrap() = true;
        if matches!(name, "partition" | "tt_move" | "tt_promote") {
            sw.tt = true;
        }
        if name == "fail_soft" {
            sw.tt = true;
            sw.mtdf = true;
        }
        if matches!(name, "shared_killers" | "compact_cutoffs") {
            sw.killers = true;
        }
        if name == "dominance" {
            sw.collapse = true;
        }
        if matches!(
            name,
            "run_tops" | "void_leads_plain" | "follow_rules" | "rang_order"
        ) {
            sw.collapse = true;
            sw.ordering = true;
        }
        let mut off = Switches::default();
        *off.flag_mut(name).unwrap() = false;
        for pos in endgames().iter().step_by(2) {
            check(pos, sw, &format!("only {}", name));
            check(pos, off, &format!("all but {}", name));
        }
    }
}

#[test]
fn switches_off_by_default_match_brute_force_together() {
    // The switches still off by default, all on at once.
    let sw = Switches::default()
        .with_spec("+compact_cutoffs,+tt_promote")
        .unwrap();
    for pos in endgames() {
        check(&pos, sw, "with the switches that are off by default");
    }
}

#[test]
fn the_whist_core_matches_brute_force() {
    let sw = Switches::default();
    for pos in endgames() {
        check(&pos, sw, "the whist core");
    }
    // Larger four-hand endgames, mid-trick roots included.
    let mut seed = 9000u64;
    for cards in 5..=5 {
        for k in 0..16 {
            seed += 1;
            let trump = if k % 3 == 0 {
                None
            } else {
                Some((k % 4) as u8)
            };
            let pos = random_endgame(seed, 4, cards, 4, trump, k % 4);
            check(&pos, sw, "the whist core, larger");
        }
    }
}

/// One solver kept across positions of the same cards with other trumps
/// (as `hukm.Solver` keeps it for a hand): the whist core's table keeps
/// each trump's positions apart, so every answer equals a fresh solver's.
#[test]
fn a_kept_whist_core_keeps_the_trumps_apart() {
    use crate::pack::Pack;
    let p = Pack::french52();
    let hands = p
        .parse_deal(
            "AKQ2.K32.A2.5432 JT98.AQJ.KQJ.AKQ 7654.T987.T98.T9 3.654.76543.J876",
            4,
        )
        .unwrap();
    let cfg = SolverConfig::default();
    let mut kept = Solver::new(cfg.clone());
    for round in 0..2 {
        for trump in [None, Some(0), Some(1), Some(2), Some(3)] {
            for leader in 0..4 {
                let pos = WhistPosition::new(hands.clone(), trump, leader);
                let fresh = Solver::new(cfg.clone()).solve(&pos, 0).unwrap().value;
                let got = kept.solve(&pos, 0).unwrap().value;
                assert_eq!(
                    got, fresh,
                    "round {} trump {:?} leader {}",
                    round, trump, leader
                );
            }
        }
    }
}

#[test]
fn every_switch_has_a_name() {
    let mut sw = Switches::none();
    for name in Switches::NAMES {
        *sw.flag_mut(name).unwrap() = true;
    }
    let mut all = Switches::default();
    for name in Switches::NAMES {
        *all.flag_mut(name).unwrap() = true;
    }
    assert_eq!(sw, all, "a field of Switches is missing from NAMES");
    assert!(Switches::default().with_spec("-nope").is_err());
}

#[test]
fn bad_positions_are_errors() {
    let p = crate::pack::Pack::french52();
    let mut s = Solver::new(SolverConfig::small());
    let hands = p.parse_deal("AK... QJ... T9... 8...", 4);
    assert!(hands.is_err());
    let mut pos = WhistPosition::new(p.parse_deal("AK... QJ... T9... 87...", 4).unwrap(), None, 0);
    pos.trick.push(p.parse_card("AS").unwrap());
    assert!(matches!(s.solve(&pos, 0), Err(Error::State(_))));
    let pos = WhistPosition::new(
        p.parse_deal("AK... QJ... T9... 87...", 4).unwrap(),
        Some(9),
        0,
    );
    assert!(s.solve(&pos, 0).is_err());
    let pos = WhistPosition::new(p.parse_deal("AK... QJ... T9... 87...", 4).unwrap(), None, 7);
    assert!(s.solve(&pos, 0).is_err());
    let pos = WhistPosition::new(vec![CardSet::EMPTY; 4], None, 0);
    assert!(s.solve(&pos, 0).is_err());
    let pos = WhistPosition::new(p.parse_deal("AK... QJ... T9... 87...", 4).unwrap(), None, 0);
    assert!(s.solve(&pos, 5).is_err());
}

#[test]
fn node_limit_is_an_error() {
    let pos = random_endgame(5, 4, 8, 4, Some(0), 0);
    let cfg = SolverConfig {
        max_nodes: Some(10),
        switches: Switches::none(),
        ..SolverConfig::small()
    };
    let mut s = Solver::new(cfg);
    assert!(matches!(s.solve(&pos, 0), Err(Error::SolverLimit(_))));
    let flag = Arc::new(AtomicBool::new(true));
    let cfg = SolverConfig {
        stop: Some(flag),
        switches: Switches::none(),
        ..SolverConfig::small()
    };
    let mut s = Solver::new(cfg);
    assert!(matches!(s.solve(&pos, 0), Err(Error::Interrupted)));
}

/// Exact tricks for `player`'s side by a search that uses none of the
/// bounds under test (table and partition only; those are checked against
/// the brute force above).
fn exact_without_bounds(pos: &WhistPosition, player: usize) -> u32 {
    let sw = Switches {
        quick_tricks: false,
        sure_tricks: false,
        trick_bounds: false,
        ..Switches::default()
    };
    let cfg = SolverConfig {
        switches: sw,
        ..SolverConfig::small()
    };
    Solver::new(cfg).solve(pos, player).unwrap().value
}

/// The leader's side's tricks from a trick start.
fn leader_value(pos: &WhistPosition) -> u32 {
    exact_without_bounds(pos, pos.leader)
}

#[test]
fn lead_bounds_hold_on_random_endgames() {
    // Every bound must contain the exact value, for every target (the
    // bounds may stop early once one decides the target).
    let sw = Switches::default();
    let mut seed = 1000u64;
    for (players, max_cards) in [(2usize, 9usize), (3, 8), (4, 8)] {
        for cards in 1..=max_cards {
            for k in 0..200 {
                seed += 1;
                let trump = if k % 5 == 4 {
                    None
                } else {
                    Some((k % 4) as u8)
                };
                let pos = random_endgame(seed, players, cards, 4, trump, 0);
                let v = leader_value(&pos);
                let side = |s: usize| {
                    u8::from(s % 2 != pos.leader % 2 || (players != 4 && s != pos.leader))
                };
                let n = pos.hands.len();
                for target in 0..=cards as u32 + 1 {
                    let b = match n {
                        2 => Whist::<2>::new(&pos, std::array::from_fn(side))
                            .unwrap()
                            .lead_bounds_for(&sw, target),
                        3 => Whist::<3>::new(&pos, std::array::from_fn(side))
                            .unwrap()
                            .lead_bounds_for(&sw, target),
                        _ => Whist::<4>::new(&pos, std::array::from_fn(side))
                            .unwrap()
                            .lead_bounds_for(&sw, target),
                    };
                    assert!(
                        b.lower <= v && v <= b.upper,
                        "bounds {}..{} but value {} (target {}) in {:?}",
                        b.lower,
                        b.upper,
                        v,
                        target,
                        pos
                    );
                }
            }
        }
    }
}

#[test]
fn mid_trick_sure_tricks_hold_on_random_endgames() {
    let mut seed = 5000u64;
    for (players, max_cards) in [(2usize, 9usize), (3, 8), (4, 7)] {
        for cards in 1..=max_cards {
            for k in 0..30 {
                seed += 1;
                let trump = if k % 5 == 4 {
                    None
                } else {
                    Some((k % 4) as u8)
                };
                let in_trick = 1 + (k as usize) % (players - 1);
                let pos = random_endgame(seed, players, cards, 4, trump, in_trick);
                let mover = pos.to_move();
                let n = pos.hands.len();
                let side = |s: usize| {
                    u8::from(if n == 4 {
                        s % 2 != mover % 2
                    } else {
                        s != mover
                    })
                };
                // Tricks from here for the mover's side and for the others.
                let mine = exact_without_bounds(&pos, mover);
                let rest = pos.hands[pos.leader].len() + 1 - mine;
                for need in 1..=cards as u32 + 1 {
                    let (a, b) = match n {
                        2 => {
                            let g = Whist::<2>::new(&pos, std::array::from_fn(side)).unwrap();
                            (g.sure_trick(0, need), g.sure_trick(1, need))
                        }
                        3 => {
                            let g = Whist::<3>::new(&pos, std::array::from_fn(side)).unwrap();
                            (g.sure_trick(0, need), g.sure_trick(1, need))
                        }
                        _ => {
                            let g = Whist::<4>::new(&pos, std::array::from_fn(side)).unwrap();
                            (g.sure_trick(0, need), g.sure_trick(1, need))
                        }
                    };
                    assert!(
                        a.is_none() || mine >= need,
                        "side 0 sure of {} but takes {} in {:?}",
                        need,
                        mine,
                        pos
                    );
                    assert!(
                        b.is_none() || rest >= need,
                        "side 1 sure of {} but takes {} in {:?}",
                        need,
                        rest,
                        pos
                    );
                }
            }
        }
    }
}

#[test]
fn anytime_bounds_contain_the_brute_force_values_and_narrow() {
    // Under a node limit the anytime solver returns bounds, not an error: they
    // hold the exact value of the position and of every card, and the
    // progress it reports only narrows, ending on the answer's bounds.
    let mut stopped = 0;
    for pos in endgames() {
        let player = pos.to_move();
        let exact = brute_force(&pos, player);
        let cards = brute_force_cards(&pos, player);
        for max_nodes in [1, 3, 10, 30, 100] {
            let progress = Progress::default();
            let cfg = SolverConfig {
                max_nodes: Some(max_nodes),
                bounds: true,
                progress: Some(progress.clone()),
                ..SolverConfig::small()
            };
            let mut s = Solver::new(cfg.clone());
            let root = s.solve(&pos, player).unwrap();
            assert!(root.value <= exact && exact <= root.hi, "{:?}", pos);
            if s.halted().is_none() {
                assert_eq!((root.value, root.hi), (exact, exact));
            }
            let (lo, hi, _) = progress.get().unwrap();
            assert!(lo <= i64::from(root.value) && i64::from(root.hi) <= hi);
            let mut s = Solver::new(cfg);
            let got = s.solve_cards(&pos, player).unwrap();
            assert!(got.value <= exact && exact <= got.hi);
            for ((&(c, v), &h), &(c2, want)) in got.actions.iter().zip(&got.actions_hi).zip(&cards)
            {
                assert_eq!(c.0, c2);
                assert!(
                    v <= want && want <= h,
                    "{:?} card {} {}..{} {}",
                    pos,
                    c2,
                    v,
                    h,
                    want
                );
            }
            if let Some(e) = s.halted() {
                stopped += 1;
                assert_eq!(
                    e.to_string(),
                    format!("solver node limit reached (max_nodes={})", max_nodes)
                );
            } else {
                assert_eq!(got.value, got.hi);
            }
        }
    }
    assert!(stopped > 20, "only {} searches stopped", stopped);
    // Without anytime mode the same limit is an error.
    let pos = endgames().pop().unwrap();
    let mut s = Solver::new(SolverConfig {
        max_nodes: Some(1),
        ..SolverConfig::small()
    });
    assert!(s.solve_cards(&pos, 0).is_err());
}

#[test]
fn progress_reports_only_narrow() {
    let p = Progress::default();
    assert_eq!(p.get(), None);
    p.report(0, 13, 5);
    p.report(3, 13, 9);
    p.report(1, 12, 20); // an older, wider proof does not widen what is known
    assert_eq!(p.get(), Some((3, 12, 20)));
}

/// `Switches::rank_trumps` and `Switches::bounds_first` on full three-hand
/// deals (17 cards each, from `benches/compare_points.py --hokm3-deals`):
/// the same value and every card's value as with each switch off.
#[test]
fn ranked_trumps_and_bounds_first_give_the_same_three_hand_answers() {
    let french = crate::pack::Pack::french52();
    for (deal, trump, leader) in [
        (
            "Q5.AQJ864.JT8763.Q98 JT97.753.Q942.AKJ764 AK86432.KT92.AK5.T53",
            "D",
            2,
        ),
        (
            "AKQJT542.T2.QJ54.AJT 76.AQJ9763.KT9.KQ975 983.K854.A87632.8643",
            "C",
            0,
        ),
    ] {
        let hands = french.parse_deal(deal, 3).unwrap();
        let pos = WhistPosition::new(hands, Some(french.parse_suit(trump).unwrap()), leader);
        let answer = |spec: &str| {
            let switches = Switches::default().with_spec(spec).unwrap();
            let mut s = Solver::new(SolverConfig {
                switches,
                ..SolverConfig::default()
            });
            let a = s.solve_cards(&pos, leader).unwrap();
            (a.value, a.actions)
        };
        let on = answer("");
        assert_eq!(on, answer("-rank_trumps"), "{}", deal);
        assert_eq!(on, answer("-bounds_first"), "{}", deal);
    }
}

/// `Switches::cutoff_growth` on full deals, where the cut-off cache grows
/// in the middle of a search (past 2^18 nodes): the same tables as a cache
/// of fixed size, and the growth did happen.
#[test]
fn a_growing_cutoff_cache_gives_the_same_tables() {
    use crate::pack::Pack;
    use crate::rng::Rng;
    let p = Pack::french52();
    let mut rng = Rng::new(7);
    for _ in 0..2 {
        let mut cards: Vec<crate::card::Card> = p.deck.iter().collect();
        rng.shuffle(&mut cards);
        let hands: Vec<CardSet> = cards
            .chunks(13)
            .map(|c| c.iter().copied().collect())
            .collect();
        let hands: [CardSet; 4] = [hands[0], hands[1], hands[2], hands[3]];
        let table = |growth: bool| {
            // The generic search's cut-off cache (the whist core has its
            // own): each leader's side of each strain through the generic
            // search, one table kept across them.
            let switches = Switches {
                cutoff_growth: growth,
                ..Switches::default()
            };
            let mut s = Solver::new(SolverConfig {
                switches,
                ..SolverConfig::default()
            });
            let (mut t, mut nodes) = (Vec::new(), 0);
            for strain in 0..5u8 {
                for leader in 0..4 {
                    let pos =
                        WhistPosition::new(hands.to_vec(), (strain < 4).then_some(strain), leader);
                    let mut g = Whist::<4>::new(&pos, sides::<4>(leader)).unwrap();
                    let sol = s.search_game(&mut g, 0, 6).unwrap();
                    t.push(sol.value);
                    nodes += sol.nodes;
                }
            }
            (t, nodes, s.cutoffs.len())
        };
        let (fixed, _, fixed_len) = table(false);
        let (grown, nodes, grown_len) = table(true);
        assert_eq!(fixed, grown);
        assert_eq!(fixed_len, 1 << 18);
        if nodes > 1 << 19 {
            assert_eq!(grown_len, 1 << 18, "the cache grew");
        }
    }
}

/// A whist-core switch turned off (`off`, named `what`) against the
/// defaults: the brute force's values on 24 four-hand endgames from seed
/// `seed` (mid-trick roots among them) with and without it, and on six
/// larger positions from seed `large` (every card's value for one side,
/// the value for the other) the same answers as without it.
fn same_values_without(off: Switches, what: &str, seed: u64, large: u64) {
    let mut seed = seed;
    for k in 0..24 {
        seed += 1;
        let trump = if k % 3 == 0 {
            None
        } else {
            Some((k % 4) as u8)
        };
        let pos = random_endgame(seed, 4, 4 + k % 2, 4, trump, k % 4);
        check(&pos, Switches::default(), what);
        check(&pos, off, &format!("without {what}"));
    }
    for k in 0..6 {
        let trump = if k % 5 == 4 { None } else { Some(k as u8 % 4) };
        let pos = random_endgame(large + k, 4, 8, 4, trump, k as usize % 4);
        assert_eq!(
            answers(&pos, Switches::default(), 0, 1),
            answers(&pos, off, 0, 1),
            "{what}: {:?}",
            pos
        );
    }
}

/// Every card's value of `player` in `pos` and the value of `other`, on a
/// small solver with the switches `sw`.
fn answers(
    pos: &WhistPosition,
    sw: Switches,
    player: usize,
    other: usize,
) -> (u32, Vec<(Card, u32)>, u32) {
    let mut s = Solver::new(SolverConfig {
        switches: sw,
        ..SolverConfig::small()
    });
    let cards = s.solve_cards(pos, player).unwrap();
    let other = s.solve(pos, other).unwrap().value;
    (cards.value, cards.actions, other)
}

/// `Switches::root_memo` (the whist core's root keeping what its cards
/// proved between the probes of a valuation) gives the same values.
#[test]
fn the_root_memo_gives_the_same_values() {
    let off = Switches::default_without("root_memo");
    same_values_without(off, "root_memo", 9100, 9200);
}

/// `Switches::cutoff_owners` (the whist core's cut-off cache keyed by the
/// owners of the deciding cards) gives the same values.
#[test]
fn the_cutoff_owners_give_the_same_values() {
    let off = Switches::default_without("cutoff_owners");
    same_values_without(off, "cutoff_owners", 9300, 9400);
}

/// `Switches::lean_patterns` (the whist core's patterns cut at each suit's
/// lowest deciding card, the runs a skip relied on among the rank winners)
/// gives the same values; also the brute force's on two 6-card endgames
/// where patterns cut at the lowest deciding card without those runs give
/// wrong values (a card skipped as equal to one tried while another hand's
/// card may lie between them where the pattern matches).
#[test]
fn the_lean_patterns_give_the_same_values() {
    let off = Switches::default_without("lean_patterns");
    same_values_without(off, "lean_patterns", 9500, 9600);
    for (seed, suits, trump, in_trick) in [(559, 2, None, 2), (2558, 3, Some(0), 0)] {
        let pos = random_endgame(seed, 4, 6, suits, trump, in_trick);
        check(&pos, Switches::default(), "lean_patterns");
    }
}

/// `Switches::lean_cashing` (the cashing count fixing a round won with the
/// opponents out of the suit only where which of the side's hands won it
/// matters and is not already fixed) gives the same values: the brute
/// force's on small endgames, and the switch off against on over random
/// 7- and 9-card endgames of four hands and 8-card ones of three (the
/// generic search's bounds), with and without trumps, mid-trick roots
/// among them.
#[test]
fn the_lean_cashing_gives_the_same_values() {
    let off = Switches::default_without("lean_cashing");
    same_values_without(off, "lean_cashing", 9700, 9800);
    lean_cashing_against_off(0..120);
}

/// The values of `solve` (both sides) and of `solve_cards` with
/// `Switches::lean_cashing` on and off, on the random endgames of `seeds`.
fn lean_cashing_against_off(seeds: std::ops::Range<u64>) {
    let off = Switches::default_without("lean_cashing");
    for seed in seeds {
        let k = seed as usize;
        let trump = if k % 4 == 3 {
            None
        } else {
            Some((k % 4) as u8)
        };
        let (players, cards) = match k % 3 {
            0 => (4, 7),
            1 => (4, 9),
            _ => (3, 8),
        };
        let suits = if k % 5 == 0 { 3 } else { 4 };
        let pos = random_endgame(10_000 + seed, players, cards, suits, trump, k % players);
        let (player, other) = (pos.to_move(), (pos.to_move() + 1) % players);
        assert_eq!(
            answers(&pos, Switches::default(), player, other),
            answers(&pos, off, player, other),
            "lean_cashing, seed {seed}: {pos:?}"
        );
    }
}

/// `Switches::spare_core` (a four-hand whist solver's core on the memory
/// the last one dropped on its thread left): a run of solvers, each made
/// after the one before was dropped, finds the values, every card's values
/// and the nodes of solvers on new memory.
#[test]
fn a_spare_core_searches_as_a_new_one() {
    type Run = Vec<(u32, u64, Vec<(Card, u32)>, u64)>;
    let run = |sw: Switches| -> Run {
        (0..12u64)
            .map(|k| {
                let trump = if k % 4 == 3 { None } else { Some(k as u8 % 4) };
                let pos = random_endgame(9900 + k, 4, 6 + k as usize % 3, 4, trump, k as usize % 4);
                let mut s = Solver::new(SolverConfig {
                    switches: sw,
                    ..SolverConfig::small()
                });
                let a = s.solve(&pos, 0).unwrap();
                let c = s.solve_cards(&pos, pos.to_move()).unwrap();
                (a.value, a.nodes, c.actions, c.nodes)
            })
            .collect()
    };
    assert_eq!(
        run(Switches::default()),
        run(Switches::default_without("spare_core"))
    );
}

/// Many more random endgames (`cargo test --release -- --ignored`).
#[test]
#[ignore]
fn the_lean_cashing_gives_the_same_values_on_many_endgames() {
    lean_cashing_against_off(0..20_000);
}

/// `Switches::cards_guess` (every card's value probing the root first at
/// the game's estimate): the brute force's values on two- and three-hand
/// endgames with and without it, and on a full three-hand deal (from
/// `benches/compare_points.py --hokm3-deals`, where the estimate saves
/// most) the same value and every card's value as without it.
#[test]
fn the_estimate_as_every_cards_first_guess_gives_the_same_values() {
    let off = Switches::default_without("cards_guess");
    let mut seed = 9400u64;
    for (players, cards) in [(2usize, 6usize), (3, 5), (3, 4)] {
        for k in 0..4 {
            seed += 1;
            let trump = if k % 3 == 0 { None } else { Some(k as u8 % 4) };
            let pos = random_endgame(seed, players, cards, 4, trump, k % players);
            check(&pos, Switches::default(), "cards_guess");
            check(&pos, off, "without cards_guess");
        }
    }
    let french = crate::pack::Pack::french52();
    let deal = "9764.Q64.KJ7653.T765 AKT53.AK532.A4.AJ983 QJ82.JT987.QT982.KQ4";
    let hands = french.parse_deal(deal, 3).unwrap();
    let pos = WhistPosition::new(hands, Some(french.parse_suit("D").unwrap()), 1);
    let answer = |switches: Switches| {
        let mut s = Solver::new(SolverConfig {
            switches,
            ..SolverConfig::default()
        });
        let a = s.solve_cards(&pos, 1).unwrap();
        (a.value, a.actions)
    };
    assert_eq!(answer(Switches::default()), answer(off));
}

/// On a table of 4 KiB, small enough to fill many times over, the brute
/// force's values and every card's value on two- and three-hand endgames
/// (the three hands' trick starts in the chains, not the pattern trees),
/// with each of `switches`: the resets with the first.
fn full_table_against_brute_force(switches: &[Switches]) -> u64 {
    let mut resets = 0;
    let mut seed = 9300u64;
    for (players, cards) in [(2usize, 6usize), (3, 5), (3, 5)] {
        for k in 0..4 {
            seed += 1;
            let trump = if k % 3 == 0 { None } else { Some(k as u8 % 4) };
            let pos = random_endgame(seed, players, cards, 4, trump, k % players);
            for (i, &sw) in switches.iter().enumerate() {
                let mut s = Solver::new(SolverConfig {
                    switches: Switches {
                        pattern_trees: false,
                        ..sw
                    },
                    tt_bytes: 1 << 12,
                    ..SolverConfig::default()
                });
                let what = format!(
                    "keep_newest {} keep_costly {} {:?}",
                    sw.keep_newest, sw.keep_costly, pos
                );
                for player in [0, pos.to_move()] {
                    let got = s.solve(&pos, player).unwrap().value;
                    assert_eq!(got, brute_force(&pos, player), "{}", what);
                }
                let got = s.solve_cards(&pos, pos.to_move()).unwrap();
                let got: Vec<(u8, u32)> = got.actions.iter().map(|&(c, v)| (c.0, v)).collect();
                assert_eq!(got, brute_force_cards(&pos, pos.to_move()), "{}", what);
                if i == 0 {
                    resets += s.tt_stats()[2];
                }
            }
        }
    }
    resets
}

/// `Switches::keep_newest` (a full table keeping its newest half, without
/// `keep_costly` before it), with and without the switch.
#[test]
fn a_full_table_keeping_its_newest_half_gives_the_same_values() {
    let newest = Switches::default_without("keep_costly");
    let off = Switches {
        keep_newest: false,
        ..newest
    };
    let resets = full_table_against_brute_force(&[newest, off]);
    assert!(resets > 10, "the table filled {} times", resets);
}

/// `Switches::keep_costly` (a full table keeping the blocks of its
/// costliest searches), with `keep_newest` behind it and without, and off.
#[test]
fn a_full_table_keeping_its_costliest_blocks_gives_the_same_values() {
    let on = Switches::default();
    assert!(on.keep_costly && on.keep_newest);
    let alone = Switches {
        keep_newest: false,
        ..on
    };
    let resets =
        full_table_against_brute_force(&[on, alone, Switches::default_without("keep_costly")]);
    assert!(resets > 10, "the table filled {} times", resets);
}

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
    let got: Vec<(u8, u32)> = got.cards.iter().map(|&(c, v)| (c.0, v)).collect();
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
    let names = [
        "tt",
        "partition",
        "quick_tricks",
        "sure_tricks",
        "collapse",
        "ordering",
        "killers",
        "rank_skip",
        "mtdf",
        "tt_move",
        "shared_killers",
        "trick_bounds",
        "card_bounds",
    ];
    for (i, name) in names.iter().enumerate() {
        let mut sw = Switches::none();
        let mut off = Switches::default();
        let flags_on = [
            &mut sw.tt,
            &mut sw.partition,
            &mut sw.quick_tricks,
            &mut sw.sure_tricks,
            &mut sw.collapse,
            &mut sw.ordering,
            &mut sw.killers,
            &mut sw.rank_skip,
            &mut sw.mtdf,
            &mut sw.tt_move,
            &mut sw.shared_killers,
            &mut sw.trick_bounds,
            &mut sw.card_bounds,
        ];
        *flags_on.into_iter().nth(i).unwrap() = true;
        if *name == "partition" || *name == "tt_move" {
            sw.tt = true;
        }
        if *name == "shared_killers" {
            sw.killers = true;
        }
        let flags_off = [
            &mut off.tt,
            &mut off.partition,
            &mut off.quick_tricks,
            &mut off.sure_tricks,
            &mut off.collapse,
            &mut off.ordering,
            &mut off.killers,
            &mut off.rank_skip,
            &mut off.mtdf,
            &mut off.tt_move,
            &mut off.shared_killers,
            &mut off.trick_bounds,
            &mut off.card_bounds,
        ];
        *flags_off.into_iter().nth(i).unwrap() = false;
        for pos in endgames().iter().step_by(2) {
            check(pos, sw, &format!("only {}", name));
            check(pos, off, &format!("all but {}", name));
        }
    }
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

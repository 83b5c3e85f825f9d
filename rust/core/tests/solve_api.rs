//! The solver's public API: card values, batches, threads, 2- and 3-player
//! positions, limits, and agreement with the brute-force reference.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use hukm_core::card::CardSet;
use hukm_core::pack::Pack;
use hukm_core::solve::reference::{brute_force, brute_force_cards, random_endgame};
use hukm_core::solve::{solve_many, Solver, SolverConfig, Switches, WhistPosition};
use hukm_core::Error;

#[test]
fn seeded_endgames_match_brute_force() {
    let mut s = Solver::new(SolverConfig::small());
    for seed in 0..60u64 {
        let players = 2 + (seed % 3) as usize;
        let cards = if players == 4 {
            3 + (seed % 2) as usize
        } else {
            3 + (seed % 3) as usize
        };
        let trump = if seed % 4 == 0 {
            None
        } else {
            Some((seed % 4) as u8)
        };
        let pos = random_endgame(
            1000 + seed,
            players,
            cards,
            4,
            trump,
            (seed as usize / 3) % players,
        );
        let player = pos.to_move();
        assert_eq!(
            s.solve(&pos, player).unwrap().value,
            brute_force(&pos, player),
            "{:?}",
            pos
        );
        let got: Vec<(u8, u32)> = s
            .solve_cards(&pos, player)
            .unwrap()
            .actions
            .iter()
            .map(|&(c, v)| (c.0, v))
            .collect();
        assert_eq!(got, brute_force_cards(&pos, player), "{:?}", pos);
    }
}

#[test]
fn equivalent_cards_share_a_value() {
    let p = Pack::french52();
    let hands = p.parse_deal("KQJ.A.. A32.K.. T98.2.. 765.3..", 4).unwrap();
    let pos = WhistPosition::new(hands, None, 0);
    let mut s = Solver::new(SolverConfig::small());
    let v = s.solve_cards(&pos, 0).unwrap();
    assert_eq!(v.actions.len(), 4);
    let kqj: Vec<u32> = v
        .actions
        .iter()
        .filter(|(c, _)| (9..=11).contains(&c.0))
        .map(|x| x.1)
        .collect();
    assert_eq!(kqj.len(), 3);
    assert!(kqj.iter().all(|&x| x == kqj[0]));
    assert_eq!(v.value, v.actions.iter().map(|x| x.1).max().unwrap());
}

#[test]
fn hokm3_and_hokm2_positions() {
    // Three 6-card hands from three suits, spades trump, focal player 1.
    let pos = random_endgame(77, 3, 6, 3, Some(0), 0);
    let mut s = Solver::new(SolverConfig::small());
    for player in 0..3 {
        assert_eq!(
            s.solve(&pos, player).unwrap().value,
            brute_force(&pos, player)
        );
    }
    let pos = random_endgame(78, 2, 6, 4, Some(2), 1);
    for player in 0..2 {
        assert_eq!(
            s.solve(&pos, player).unwrap().value,
            brute_force(&pos, player)
        );
    }
    // A 2-player position sums to the tricks left.
    let a = s.solve(&pos, 0).unwrap().value;
    let b = s.solve(&pos, 1).unwrap().value;
    assert_eq!(a + b, pos.hands[pos.leader].len() + 1);
}

#[test]
fn batch_on_two_threads_matches_one() {
    let positions: Vec<WhistPosition> = (0..24u64)
        .map(|i| {
            random_endgame(
                500 + i,
                4,
                7,
                4,
                if i % 5 == 0 {
                    None
                } else {
                    Some((i % 4) as u8)
                },
                0,
            )
        })
        .collect();
    let cfg = SolverConfig::small();
    let one = solve_many(&positions, None, 1, &cfg).unwrap();
    let two = solve_many(&positions, None, 2, &cfg).unwrap();
    assert_eq!(one, two);
    let plain = SolverConfig {
        switches: Switches::none(),
        ..SolverConfig::small()
    };
    let players: Vec<usize> = positions.iter().map(|p| p.to_move()).collect();
    let slow = solve_many(&positions[..6], Some(&players[..6]), 2, &plain).unwrap();
    assert_eq!(&one[..6], &slow[..]);
    assert!(solve_many(&positions, Some(&players[..3]), 2, &cfg).is_err());
}

#[test]
fn limits_and_interrupts_are_errors() {
    let pos = random_endgame(3, 4, 10, 4, None, 0);
    let cfg = SolverConfig {
        max_nodes: Some(100),
        ..SolverConfig::small()
    };
    assert!(matches!(
        Solver::new(cfg).solve(&pos, 0),
        Err(Error::SolverLimit(_))
    ));
    let cfg = SolverConfig {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..SolverConfig::small()
    };
    assert!(matches!(
        Solver::new(cfg).solve(&pos, 0),
        Err(Error::Interrupted)
    ));
    let cfg = SolverConfig {
        timeout: Some(std::time::Duration::from_nanos(1)),
        switches: Switches::none(),
        ..SolverConfig::small()
    };
    assert!(matches!(
        Solver::new(cfg).solve(&pos, 0),
        Err(Error::SolverLimit(_))
    ));
}

#[test]
fn bad_input_never_panics() {
    let mut s = Solver::new(SolverConfig::small());
    let mut r = hukm_core::rng::Rng::new(11);
    for _ in 0..300 {
        let n = r.below(6) as usize;
        let hands: Vec<CardSet> = (0..n)
            .map(|_| CardSet(((r.next_u64() & r.next_u64()) as u128) << (r.below(3) * 8)))
            .collect();
        let pos = WhistPosition {
            hands,
            trump: if r.below(2) == 0 {
                None
            } else {
                Some(r.below(6) as u8)
            },
            leader: r.below(5) as usize,
            trick: (0..r.below(4))
                .map(|_| hukm_core::card::Card(r.below(80) as u8))
                .collect(),
        };
        let _ = s.solve(&pos, r.below(5) as usize);
        let _ = s.solve_cards(&pos, r.below(5) as usize);
    }
}

/// Larger endgames (4 hands of 7 cards, trumps): every optimisation on
/// against all of them off (plain zero-window alpha-beta, itself checked
/// against the brute force above). Slow in debug builds: run with
/// `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn larger_endgames_all_on_match_all_off() {
    let mut on = Solver::new(SolverConfig::small());
    let mut off = Solver::new(SolverConfig {
        switches: Switches::none(),
        ..SolverConfig::small()
    });
    for seed in 0..300u64 {
        let suits = 2 + (seed % 3) as u8;
        let trump = if seed % 5 == 0 {
            None
        } else {
            Some((seed % 2) as u8)
        };
        let pos = random_endgame(7000 + seed, 4, 7, suits, trump, (seed % 4) as usize);
        let player = pos.to_move();
        let a = on.solve(&pos, player).unwrap().value;
        let b = off.solve(&pos, player).unwrap().value;
        assert_eq!(a, b, "{:?}", pos);
    }
}

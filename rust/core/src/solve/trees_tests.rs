//! `Switches::pattern_trees`: three-hand whist through the pattern trees
//! gives the brute force's values on small positions, and the values of
//! the chains (the switch off) on full deals.

use super::reference::{brute_force, brute_force_cards, random_endgame};
use super::*;

fn trees_on() -> Switches {
    Switches {
        pattern_trees: true,
        ..Switches::default()
    }
}

/// Every value and every card's value of three-hand endgames of 3 to 5
/// cards (trick starts and tricks in progress, trumps and no trump), for
/// each player, on one solver kept across them (so its trees hold the
/// shapes of many positions at once), against the brute force.
#[test]
fn three_hand_trees_match_brute_force() {
    let mut s = Solver::new(SolverConfig {
        switches: trees_on(),
        ..SolverConfig::small()
    });
    let mut seed = 900;
    for cards in 3..=5 {
        for k in 0..8usize {
            seed += 1;
            let trump = (k % 5 < 4).then_some((k % 4) as u8);
            let pos = random_endgame(seed, 3, cards, [4u8, 3, 2][k % 3], trump, k % 3);
            for player in 0..3 {
                let v = s.solve(&pos, player).unwrap().value;
                assert_eq!(v, brute_force(&pos, player), "{:?} player {}", pos, player);
            }
            let player = pos.to_move();
            let got = s.solve_cards(&pos, player).unwrap();
            let got: Vec<(u8, u32)> = got.actions.iter().map(|&(c, v)| (c.0, v)).collect();
            assert_eq!(got, brute_force_cards(&pos, player), "cards of {:?}", pos);
        }
    }
    let [stores, hits, _, probes, _] = s.tt_stats();
    assert!(
        stores > 0 && hits > 0 && probes > hits,
        "{:?}",
        s.tt_stats()
    );
}

/// Full three-hand deals (17 cards each, from `benches/compare_points.py
/// --hokm3-deals`): the value and every card's value through the
/// mask-indexed patterns equal those through the chains (the switch off).
#[test]
fn three_hand_trees_give_the_chains_answers() {
    let french = crate::pack::Pack::french52();
    for (deal, trump, leader) in [
        (
            "Q5.AQJ864.JT8763.Q98 JT97.753.Q942.AKJ764 AK86432.KT92.AK5.T53",
            "D",
            2,
        ),
        (
            "J7654.A876.5.KT98543 832.KJT954.KJ984.AQ6 AKQT9.Q32.AQT7632.J7",
            "H",
            2,
        ),
    ] {
        let hands = french.parse_deal(deal, 3).unwrap();
        let pos = WhistPosition::new(hands, Some(french.parse_suit(trump).unwrap()), leader);
        let answer = |switches: Switches| {
            let mut s = Solver::new(SolverConfig {
                switches,
                ..SolverConfig::default()
            });
            let a = s.solve_cards(&pos, leader).unwrap();
            (a.value, a.actions)
        };
        let off = Switches::default_without("pattern_trees");
        assert_eq!(answer(off), answer(trees_on()), "{}", deal);
    }
}

/// The table through many stores and probes of made-up shapes, with a
/// table so small that it forgets keys, and one large enough to grow
/// instead (from its smallest hash table): the value of a position is the
/// number of cards of a hidden set (per key) that a seat with an odd
/// number holds; every pattern's interval stored is true for the cards it
/// fixes (sometimes wider), so every answer must hold the value.
#[test]
fn tree_answers_hold_through_lists_and_evictions() {
    for bytes in [1 << 15, 1 << 24] {
        answers_hold_within(bytes);
    }
}

fn answers_hold_within(bytes: usize) {
    use super::game::TtKey;
    use super::trees::Trees;
    let mut t = Trees::with_bytes(bytes);
    let mut rng = crate::rng::Rng::new(47);
    let mut next = || rng.next_u64();
    let (mut hits, mut hints) = (0, 0);
    for _ in 0..40_000 {
        // Three hands of `k` cards in each suit but one (the suit `gone`).
        let k = 1 + next() % 3;
        let gone = next() % 5;
        let shape = (0..3u64)
            .flat_map(|h| (0..4u64).map(move |s| (h, s)))
            .filter(|&(_, s)| s != gone)
            .fold(0, |a, (h, s)| a | k << (4 * (4 * h + s)));
        let cards = 3 * k as u32 * if gone < 4 { 3 } else { 4 };
        let all = (1u64 << cards) - 1;
        let trump = (next() % 5) as u32;
        let ctx = (next() % 3) as u32 | trump << 2;
        // The hidden set is the key's (its shape and context).
        let m0 = all & (0x5A5A_5A5A_5A5Au64.rotate_left(ctx % 7) ^ k);
        // Few cards fixed, owners mostly seat 0: probes often match.
        let mask = next() & next() & next() & all;
        let (p0, p1) = (next() & next() & all, next() & next() & next() & all);
        let known = (p0 & m0 & mask).count_ones();
        let free = (m0 & !mask).count_ones();
        let lo = known.saturating_sub((next() % 2) as u32);
        let hi = known + free + (next() % 2) as u32;
        let stored = TtKey {
            shape,
            ctx,
            owners: u128::from_planes([p0, p1]),
        };
        let mask = u128::from_planes([mask, mask]);
        // A move code of the key's own, every other store (a probe's hint
        // must come from its key).
        let code = if next() % 2 == 0 {
            u8::MAX
        } else {
            (ctx as u8) ^ (k as u8) << 4
        };
        t.store(&stored, mask, lo, hi, code);
        let (q0, q1) = (next() & next() & all, next() & next() & next() & all);
        let value = (q0 & m0).count_ones();
        let target = 1 + (next() % 9) as u32;
        let probe = TtKey {
            shape,
            ctx,
            owners: u128::from_planes([q0, q1]),
        };
        let mut hint = u8::MAX;
        let found = t.probe(&probe, target, &mut hint, true);
        if hint != u8::MAX {
            hints += 1;
            assert!(found.is_none() && hint == (ctx as u8) ^ (k as u8) << 4);
        }
        if let Some(h) = found {
            hits += 1;
            if h.at_least {
                assert!(h.bound >= target && h.bound <= value, "{:?} {}", h, value);
            } else {
                assert!(h.bound < target && value <= h.bound, "{:?} {}", h, value);
            }
        }
    }
    let [stores, answered, forgot, probes, _] = t.stats();
    assert_eq!((stores, probes), (40_000, 40_000));
    assert!(hits > 1000 && answered == hits, "{} hits", hits);
    assert!(hints > 1000, "{} hints", hints);
    assert_eq!(forgot > 0, bytes < 1 << 20, "{} evictions", forgot);
}

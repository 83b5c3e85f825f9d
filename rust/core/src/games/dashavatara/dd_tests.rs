//! The solver against a brute-force minimax over the engine itself (every
//! legal action, discards in every order) on small positions with ducals.

use std::collections::HashMap;

use super::dd::{self, DashaDd};
use super::rules;
use super::*;
use crate::card::{Card, CardSet};
use crate::error::Error;
use crate::rng::Rng;
use crate::solve::game::{MoveList, Switches, TrickGame, Wide3};
use crate::solve::{Probe, Solver, SolverConfig};

type Key = (
    [CardSet; 3],
    usize,
    Vec<Card>,
    Option<[CardSet; 3]>,
    bool,
    usize,
);

/// V(P) by plain minimax over [`DashaState::legal`], memoised on the state.
fn brute(s: &DashaState, player: usize, memo: &mut HashMap<Key, u32>) -> u32 {
    let Some(cur) = s.current() else {
        return s.captured_counts()[player];
    };
    let key: Key = (
        *s.hands(),
        cur,
        s.trick().to_vec(),
        s.ducal().map(|d| d.given),
        s.is_opening(),
        s.leader(),
    );
    let base = s.captured_counts()[player];
    if let Some(&v) = memo.get(&key) {
        return base + v;
    }
    let vals = s.legal().into_iter().map(|a| {
        let mut t = s.clone();
        t.apply_action(a).unwrap();
        brute(&t, player, memo)
    });
    let v = if cur == player {
        vals.max().unwrap()
    } else {
        vals.min().unwrap()
    };
    memo.insert(key, v - base);
    v
}

/// A random position of `h` cards a hand, often with a ducal in it.
pub(super) fn random_position(g: &Dashavatara, h: usize, rng: &mut Rng) -> DashaState {
    let trump_k = rules::raja(g.config().trump);
    loop {
        let mut pool: Vec<Card> = g.config().pack.cards().to_vec();
        pool.retain(|&c| c != trump_k);
        let mut hands = [CardSet::EMPTY; 3];
        // Half the time, plant a ducal (both courts and a run) in one hand.
        if h >= 5 && rng.below(2) == 0 {
            let seat = rng.below(3) as usize;
            let mut s = rng.below(10) as u8;
            if s == g.config().trump {
                s = (s + 1) % 10;
            }
            let a = 1 + rng.below(8) as u8;
            let b = (a + 2 + rng.below(2) as u8).min(10);
            let d = Ducal { suit: s, a, b };
            if d.width() as usize <= h {
                hands[seat] = d.cards();
                pool.retain(|c| !hands[seat].contains(*c));
            }
        }
        rng.shuffle(&mut pool);
        // Draw from a few suits only, so that voids and scans happen.
        let suits: Vec<u8> = (0..4).map(|_| rng.below(10) as u8).collect();
        let mut rest = pool
            .iter()
            .filter(|c| suits.contains(&rules::suit_of(**c)) || rng.below(6) == 0)
            .copied();
        for hand in hands.iter_mut() {
            while (hand.len() as usize) < h {
                match rest.next() {
                    Some(c) => hand.insert(c),
                    None => break,
                }
            }
        }
        if hands.iter().any(|x| x.len() as usize != h) {
            continue;
        }
        let leader = rng.below(3) as usize;
        let cap = [3 * rng.below(4) as u32, 0, 3];
        return DashaState::from_deal(g.cfg.clone(), &hands, Some(leader), Some(cap)).unwrap();
    }
}

fn configs() -> Vec<SolverConfig> {
    let mut none = SolverConfig::small();
    none.switches = Switches::none();
    let mut no_collapse = SolverConfig::small();
    no_collapse.switches.collapse = false;
    vec![SolverConfig::small(), none, no_collapse]
}

fn opts(v: &[(&str, &str)]) -> Dashavatara {
    let o: Vec<(String, String)> = v
        .iter()
        .map(|(k, x)| (k.to_string(), x.to_string()))
        .collect();
    Dashavatara::new(&o).unwrap()
}

#[test]
fn solver_matches_brute_force() {
    let games = [
        opts(&[]),
        opts(&[("period", "night"), ("void_scan", "skip_trump")]),
        opts(&[("ducal_length", "maximal")]),
        opts(&[
            ("avatar_list", "balarama_krishna"),
            ("ducal_run", "top_run"),
        ]),
    ];
    let mut rng = Rng::new(5);
    let mut checked = 0;
    for (gi, g) in games.iter().enumerate() {
        for round in 0..6 {
            let h = [3, 4, 5, 5, 6, 6][round];
            let s = random_position(g, h, &mut rng);
            let player = (round + gi) % 3;
            let mut memo = HashMap::new();
            let want = brute(&s, player, &mut memo);
            for cfg in configs() {
                let sol = dd::solve(&s, player, true, &cfg).unwrap();
                assert_eq!(sol.value, want, "{} seat {}", s.render_table(), player);
                for (a, v) in &sol.actions {
                    let mut t = s.clone();
                    t.apply_action(*a).unwrap();
                    let w = brute(&t, player, &mut memo);
                    assert_eq!(*v, w, "{} after {}", s.render_table(), s.format_action(a));
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 24);
}

#[test]
fn solver_mid_trick_and_mid_ducal() {
    let g = opts(&[]);
    let mut rng = Rng::new(9);
    for i in 0..12 {
        let mut s = random_position(&g, 5, &mut rng);
        // Play a few random actions into the position (into a ducal's
        // discards when one is led).
        let ducals = s.legal_ducals();
        if let Some(&d) = ducals.first() {
            s.apply_action(DashaAction::Ducal(d)).unwrap();
        }
        for _ in 0..(i % 4) {
            if s.phase() == Phase::Over {
                break;
            }
            let legal = s.legal();
            let a = legal[rng.below(legal.len() as u64) as usize];
            s.apply_action(a).unwrap();
        }
        if s.phase() == Phase::Over {
            continue;
        }
        let player = i % 3;
        let want = brute(&s, player, &mut HashMap::new());
        let sol = dd::solve(&s, player, true, &SolverConfig::small()).unwrap();
        assert_eq!(sol.value, want, "{}", s.render_table());
        let best = sol.actions.iter().map(|x| x.1);
        let best = if s.current() == Some(player) {
            best.max()
        } else {
            best.min()
        };
        assert_eq!(best, Some(want));
    }
}

#[test]
fn opening_is_forced_and_moves_fit() {
    let g = opts(&[]);
    let p = &g.config().pack;
    let hands = ["RA:K KA:V", "RA:V KA:K", "RA:1 KA:T"].map(|x| p.parse_hand(x).unwrap());
    let s = DashaState::from_deal(g.cfg.clone(), &hands, None, None).unwrap();
    assert_eq!(s.current(), Some(0));
    let want = brute(&s, 0, &mut HashMap::new());
    assert_eq!(
        dd::solve(&s, 0, false, &SolverConfig::small())
            .unwrap()
            .value,
        want
    );
    // A hand with K, V and all ten numerals of a suit: 36 runs, one announcement.
    let h = g.config().pack.parse_hand("PA:KVT987654321").unwrap();
    let mut list = MoveList::new();
    let pos = DashaState::from_deal(
        g.cfg.clone(),
        &[
            h,
            g.config().pack.parse_hand("MA:KVT987654321").unwrap(),
            g.config().pack.parse_hand("KU:KVT987654321").unwrap(),
        ],
        Some(0),
        None,
    )
    .unwrap();
    let mut d = DashaDd::new(&pos, 0).unwrap();
    d.moves(&mut list, &Switches::default());
    // The announcement and the twelve cards, not collapsed: a ducal is possible.
    assert_eq!(list.len(), 13);
    d.play(dd::DUCAL_SUIT + 5);
    d.moves(&mut list, &Switches::default());
    assert_eq!(list.len(), 36);
}

#[test]
fn table_key_is_exact_beyond_thirteen_cards_a_hand() {
    // With more than 40 cards in play the shape is only a hash; the owners
    // (each seat's canonical hand) must still tell apart two positions with
    // the same cards in play split differently.
    let g = opts(&[]);
    let mut rng = Rng::new(17);
    for h in [14, 15, 16] {
        let s = random_position(&g, h, &mut rng);
        let hands = *s.hands();
        let leader = s.current().unwrap();
        let swapped = [hands[1], hands[0], hands[2]];
        let t = DashaState::from_deal(g.cfg.clone(), &swapped, Some(leader), None).unwrap();
        let (a, b) = (
            DashaDd::new(&s, 0).unwrap().tt_key(),
            DashaDd::new(&t, 0).unwrap().tt_key(),
        );
        assert_ne!(a.owners, b.owners, "{h} cards a hand");
        let again = DashaDd::new(&s.clone(), 0).unwrap().tt_key();
        assert_eq!(
            (a.shape, a.ctx, a.owners),
            (again.shape, again.ctx, again.owners)
        );
    }
}

/// The nodes of each part of [`dd::solve`]'s call with actions, as it runs
/// them on one solver: the root, then each legal action in order.
fn part_nodes(s: &DashaState, player: usize) -> Vec<u64> {
    let mut g = DashaDd::new(s, player).unwrap();
    let mut solver: Solver<Wide3> = Solver::with_pattern(SolverConfig::small());
    solver.start_call();
    let guess = g.remaining() / 3;
    let root = solver
        .value(&mut g, 0, (0, u32::MAX), guess, Probe::Mtdf)
        .unwrap();
    let mut parts = vec![root.nodes];
    for a in s.legal() {
        let mut h = g.clone();
        let won = h.play_action(&a);
        let guess = root.value.saturating_sub(won);
        let r = solver
            .value(&mut h, 0, (0, u32::MAX), guess, Probe::Mtdf)
            .unwrap();
        parts.push(r.nodes);
    }
    parts
}

/// An 8-card deal whose call with actions needs more nodes than any of its
/// parts (the root, each action) by a margin: its parts, with the root first.
fn deal_of_many_parts() -> (DashaState, usize, Vec<u64>) {
    let g = opts(&[]);
    let mut rng = Rng::new(33);
    for i in 0..100 {
        let s = random_position(&g, 8, &mut rng);
        let player = i % 3;
        let parts = part_nodes(&s, player);
        let whole: u64 = parts.iter().sum();
        let biggest = *parts.iter().max().unwrap();
        if parts.len() >= 4 && biggest + 50 < whole {
            return (s, player, parts);
        }
    }
    panic!("no 8-card deal of many parts in 100 tries");
}

fn limited(max_nodes: u64) -> SolverConfig {
    SolverConfig {
        max_nodes: Some(max_nodes),
        ..SolverConfig::small()
    }
}

/// `max_nodes` holds over the whole call, not per part: the call succeeds
/// with exactly the nodes it needs and fails with one fewer, or with any
/// budget that every part (the root alone included) would fit on its own.
#[test]
fn node_limit_holds_over_the_whole_call() {
    let (s, player, parts) = deal_of_many_parts();
    let whole: u64 = parts.iter().sum();
    let root = parts[0];
    let biggest = *parts.iter().max().unwrap();
    let free = dd::solve(&s, player, true, &SolverConfig::small()).unwrap();
    assert_eq!(free.nodes, whole, "{}", s.render_table());
    let alone = dd::solve(&s, player, false, &SolverConfig::small()).unwrap();
    assert_eq!(alone.nodes, root);

    let exact = dd::solve(&s, player, true, &limited(whole)).unwrap();
    assert_eq!(exact, free);
    for budget in [whole - 1, (biggest + whole) / 2, biggest] {
        assert!(budget >= root && budget < whole);
        let r = dd::solve(&s, player, true, &limited(budget));
        assert!(
            matches!(r, Err(Error::SolverLimit(_))),
            "max_nodes={budget} (root {root}, largest part {biggest}, call {whole}): {r:?}"
        );
        // The root alone fits the same budget.
        let v = dd::solve(&s, player, false, &limited(budget)).unwrap();
        assert_eq!(v.value, free.value);
    }
}

/// The limit error names the `max_nodes` the user gave, not what was left
/// of it when a later part of the call ran out.
#[test]
fn node_limit_error_names_the_given_max_nodes() {
    let (s, player, parts) = deal_of_many_parts();
    let whole: u64 = parts.iter().sum();
    let budget = whole - 1;
    // The last part runs out: the budget left for it was far below `budget`.
    assert!(parts[0] < budget);
    match dd::solve(&s, player, true, &limited(budget)) {
        Err(e @ Error::SolverLimit(_)) => assert_eq!(
            e.to_string(),
            format!("solver node limit reached (max_nodes={budget})")
        ),
        r => panic!("expected a node limit error, got {r:?}"),
    }
    let tiny = dd::solve(&s, player, false, &limited(5)).unwrap_err();
    assert_eq!(tiny.to_string(), "solver node limit reached (max_nodes=5)");
}

/// In anytime mode the same budgets give bounds instead of an error: they
/// contain the exact value and every action's, the call says which limit
/// stopped it, and the whole budget gives the exact answer.
#[test]
fn anytime_bounds_hold_over_the_whole_call() {
    let (s, player, parts) = deal_of_many_parts();
    let whole: u64 = parts.iter().sum();
    let free = dd::solve(&s, player, true, &SolverConfig::small()).unwrap();
    let anytime = |budget: u64| SolverConfig {
        bounds: true,
        ..limited(budget)
    };
    let exact = dd::solve(&s, player, true, &anytime(whole)).unwrap();
    assert_eq!(
        (exact.value, exact.hi, exact.halted),
        (free.value, free.value, None)
    );
    for budget in [1, parts[0] / 2, parts[0], whole / 2, whole - 1] {
        let r = dd::solve(&s, player, true, &anytime(budget)).unwrap();
        assert_eq!(
            r.halted.as_deref(),
            Some(format!("solver node limit reached (max_nodes={budget})").as_str())
        );
        assert!(
            r.value <= free.value && free.value <= r.hi,
            "{budget}: {r:?}"
        );
        assert_eq!(r.actions.len(), free.actions.len());
        for (((a, lo), hi), (b, v)) in r.actions.iter().zip(&r.actions_hi).zip(&free.actions) {
            assert_eq!(a, b);
            assert!(lo <= v && v <= hi, "{budget} {a:?}: {lo}..={hi}, exact {v}");
        }
    }
}

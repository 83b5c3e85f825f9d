//! Graded answers against the brute-force reference: bounds always contain
//! the exact value, estimates stay within them.

use super::*;
use crate::solve::answer::credit;
use crate::solve::reference::{brute_force, brute_force_cards, random_endgame};
use crate::solve::{MoveList, SolverConfig, Whist, WhistPosition};

/// The graded answer of `pos` for seat `player`'s side, every legal card
/// valued, under `config` (anytime mode set here).
fn graded_whist(
    pos: &WhistPosition,
    player: usize,
    config: SolverConfig,
    beyond: bool,
) -> Graded<u8> {
    let g = Whist::<3>::new(pos, crate::solve::sides::<3>(player)).unwrap();
    let mut list = MoveList::new();
    g.moves(&mut list, &Switches::none());
    let acts: Vec<u8> = list.as_slice().to_vec();
    let mut s = Solver::new(SolverConfig {
        bounds: true,
        ..config
    });
    s.start_call();
    let after = |m: &u8| {
        let mut h = g.clone();
        let won = credit(&mut h, *m);
        Ok((h, won))
    };
    let mut how = How::new(g.remaining() / 2, f64::from);
    if beyond {
        how.beyond = Some("beyond the test's reach".into());
    }
    graded(&mut s, &g, acts, after, &how, None).unwrap()
}

fn positions() -> Vec<WhistPosition> {
    (0..40)
        .map(|k| {
            let trump = if k % 3 == 0 {
                None
            } else {
                Some((k % 4) as u8)
            };
            random_endgame(100 + k, 3, 4 + (k as usize % 3), 4, trump, k as usize % 3)
        })
        .collect()
}

fn check_contains(pos: &WhistPosition, player: usize, r: &Graded<u8>, what: &str) {
    let exact = brute_force(pos, player);
    let a = &r.answer;
    assert!(
        a.value <= exact && exact <= a.hi,
        "{}: value {} outside {}..{} in {:?}",
        what,
        exact,
        a.value,
        a.hi,
        pos
    );
    let cards = brute_force_cards(pos, player);
    for (((m, lo), hi), (c, v)) in a.actions.iter().zip(&a.actions_hi).zip(&cards) {
        assert_eq!(m, c);
        assert!(
            lo <= v && v <= hi,
            "{}: card {} value {} outside {}..{} in {:?}",
            what,
            c,
            v,
            lo,
            hi,
            pos
        );
    }
    let exact_all = a.value == a.hi && a.actions.iter().zip(&a.actions_hi).all(|(x, h)| x.1 == *h);
    assert_eq!(
        exact_all,
        a.halted.is_none(),
        "{}: halted iff inexact",
        what
    );
}

#[test]
fn bounds_of_stopped_searches_contain_the_exact_values() {
    for (k, pos) in positions().iter().enumerate() {
        for limit in [1u64, 7, 60, 400] {
            let config = SolverConfig {
                max_nodes: Some(limit),
                ..SolverConfig::small()
            };
            let player = k % 3;
            let r = graded_whist(pos, player, config, false);
            check_contains(pos, player, &r, &format!("max_nodes {}", limit));
        }
    }
}

#[test]
fn beyond_the_search_the_static_bounds_hold_and_estimates_come() {
    for (k, pos) in positions().iter().enumerate() {
        let player = (k + 1) % 3;
        let r = graded_whist(pos, player, SolverConfig::small(), true);
        check_contains(pos, player, &r, "static");
        let a = &r.answer;
        assert_eq!(a.halted.as_deref(), Some("beyond the test's reach"));
        let legal: Vec<String> = a.actions.iter().map(|(c, _)| c.to_string()).collect();
        let out = r.to_request(0, &legal, |c| c.to_string(), i64::from);
        let e = out.estimate.expect("estimated");
        assert!(out.bounds.is_some());
        assert_eq!(e.actions.len(), a.actions.len());
        assert_eq!(e.method, "play-outs");
        for ((_, est), ((_, lo), hi)) in e.actions.iter().zip(a.actions.iter().zip(&a.actions_hi)) {
            assert!(est.samples == UNTIMED_PLAYOUTS);
            assert!(f64::from(*lo) <= est.mean && est.mean <= f64::from(*hi));
        }
        let best = e.actions.iter().map(|(_, x)| x.mean);
        let best = if r.mover_max {
            best.fold(f64::MIN, f64::max)
        } else {
            best.fold(f64::MAX, f64::min)
        };
        assert_eq!(
            e.value.mean,
            best.clamp(f64::from(a.value), f64::from(a.hi))
        );
    }
}

#[test]
fn a_finished_search_is_exact_with_no_estimate() {
    for (k, pos) in positions().iter().enumerate().take(10) {
        let r = graded_whist(pos, k % 3, SolverConfig::small(), false);
        check_contains(pos, k % 3, &r, "exact");
        assert!(r.answer.halted.is_none());
        assert!(r.estimates.is_none());
    }
}

#[test]
fn a_slice_clears_the_stop_of_the_last() {
    let pos = random_endgame(7, 3, 5, 4, None, 0);
    let mut s = Solver::new(SolverConfig {
        bounds: true,
        timeout: Some(std::time::Duration::ZERO),
        ..SolverConfig::small()
    });
    s.start_call();
    let mut g = Whist::<3>::new(&pos, [0, 1, 1]).unwrap();
    let r = s.value(&mut g, 0, (0, u32::MAX), 2, Probe::Mtdf).unwrap();
    assert!(s.halted().is_some() && r.value < r.hi);
    let before = s.slice(None);
    assert!(before.is_some() && s.halted().is_none());
    let r = s.value(&mut g, 0, (0, u32::MAX), 2, Probe::Mtdf).unwrap();
    assert_eq!(r.value, brute_force(&pos, 0));
    assert_eq!(r.value, r.hi);
}

#[test]
fn shallow_bounds_stop_at_their_time_and_keep_the_static_ones() {
    // A time already past: the static bounds of the position itself, with
    // or without nodes to spend; no time limit: the shallow search's, which
    // narrow them somewhere, and contain the exact value everywhere.
    let past = Some(std::time::Instant::now());
    let mut narrower = 0;
    for (k, pos) in positions().iter().enumerate() {
        let mut g = Whist::<3>::new(pos, crate::solve::sides::<3>(k % 3)).unwrap();
        let exact = brute_force(pos, k % 3);
        let fixed = static_bounds(&g);
        assert_eq!(
            shallow_bounds(&mut g, u64::MAX, past),
            fixed,
            "position {}",
            k
        );
        let (lo, hi) = shallow_bounds(&mut g, u64::MAX, None);
        assert!(
            lo <= exact && exact <= hi,
            "position {}: {} outside {}..{}",
            k,
            exact,
            lo,
            hi
        );
        narrower += usize::from(hi - lo < fixed.1 - fixed.0);
    }
    assert!(
        narrower > 0,
        "the shallow search never narrowed the static bounds"
    );
}

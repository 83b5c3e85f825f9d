//! The double-dummy answers against plain minimax over the engine's own
//! states (no table, nothing of the solver's games), every action's value
//! included, with the solver's optimisations on and off.

use super::super::config::ThuneeConfig;
use super::super::position::Contract;
use super::super::state::{Action, Phase, ThuneeState};
use super::super::Thunee;
use super::*;
use crate::card::CardSet;
use crate::game::GameState;
use crate::rng::Rng;
use crate::solve::request::SolveRequest;
use crate::solve::SolverConfig;
use crate::solve::Switches;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mode {
    Points,
    Target,
    Balls,
}

/// The value for team `x` of a position's hand by minimax over the
/// engine's states. Points count from `root` (card points, the last-trick
/// adjustment, and with `jodhi` the Jodhi declared since); with Jodhi off,
/// a target question lets nobody declare.
fn brute(s: &ThuneeState, root: &ThuneeState, x: usize, mode: Mode, jodhi: bool) -> i32 {
    if s.phase == Phase::Over {
        let r = s.results.last().expect("a result");
        let y = 1 - x;
        if s.special.is_some() {
            return r.balls[x] - r.balls[y];
        }
        let dj = |t: usize| r.jodhi[t] - root.jodhi_of(t);
        return match mode {
            Mode::Points => {
                let j = if jodhi { dj(x) - dj(y) } else { 0 };
                r.totals[x] - root.points[x] + j
            }
            Mode::Target => {
                let c = root.counting_team();
                i32::from((r.totals[c] >= r.target) == (x == c))
            }
            Mode::Balls => r.balls[x] - r.balls[y],
        };
    }
    let mine = s.team(s.to_act) == x;
    let mut best: Option<i32> = None;
    for a in s.legal() {
        if s.phase == Phase::Jodhi && !jodhi && mode == Mode::Target && a != Action::Pass {
            continue;
        }
        let mut t = s.clone();
        t.apply_action(a);
        let v = brute(&t, root, x, mode, jodhi);
        if best.map_or(true, |b| if mine { v > b } else { v < b }) {
            best = Some(v);
        }
    }
    best.expect("an action")
}

/// A random deal of `k` cards a hand (and a second round of six with
/// `round2`), as compact strings.
fn deal(cfg: &ThuneeConfig, k: usize, round2: bool, r: &mut Rng) -> (String, Option<String>) {
    let n = cfg.players;
    let mut cards: Vec<Card> = cfg.pack.cards().to_vec();
    r.shuffle(&mut cards);
    let hands: Vec<CardSet> = (0..n)
        .map(|s| cards[s * k..(s + 1) * k].iter().copied().collect())
        .collect();
    let stock = round2.then(|| {
        let base = n * k;
        let h: Vec<CardSet> = (0..n)
            .map(|s| {
                cards[base + s * 6..base + (s + 1) * 6]
                    .iter()
                    .copied()
                    .collect()
            })
            .collect();
        cfg.pack.format_deal(&h)
    });
    (cfg.pack.format_deal(&hands), stock)
}

fn check(s: &ThuneeState, mode: Mode, jodhi: bool, label: &str) {
    let n = s.cfg.players;
    for player in 0..n.min(2) {
        let x = s.team(player);
        let want = brute(s, s, x, mode, jodhi);
        let after: Vec<(String, i32)> = s
            .legal()
            .into_iter()
            .map(|a| {
                let mut t = s.clone();
                t.apply_action(a);
                // (Points count from `s`: a Jodhi declared by the action counts.)
                (s.action_string(a), brute(&t, s, x, mode, jodhi))
            })
            .collect();
        for sw in [Switches::default(), Switches::none()] {
            let req = SolveRequest {
                player: Some(player),
                config: SolverConfig {
                    switches: sw,
                    ..SolverConfig::small()
                },
                ..SolveRequest::new()
            };
            let a = s.solve(&req).unwrap();
            assert_eq!(
                a.value,
                i64::from(want),
                "{} player {}\n{}",
                label,
                player,
                s.render()
            );
            assert_eq!(a.actions.len(), after.len());
            for ((name, v), (want_name, w)) in a.actions.iter().zip(&after) {
                assert_eq!(name, want_name);
                assert_eq!(
                    *v,
                    i64::from(*w),
                    "{} player {} {}\n{}",
                    label,
                    player,
                    name,
                    s.render()
                );
            }
        }
    }
}

/// Positions of `preset` with `k` cards a hand, advanced by a few random
/// actions (so windows and tricks in progress occur).
fn positions(
    preset: &str,
    options: &[(&str, &str)],
    k: usize,
    count: usize,
    seed: u64,
) -> Vec<ThuneeState> {
    let o: Vec<(String, String)> = options
        .iter()
        .map(|&(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let g = Thunee::new(preset, &o).unwrap();
    let cfg = g.config_arc();
    let mut r = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (d, _) = deal(&cfg, k, false, &mut r);
        let n = cfg.players;
        let contract = if r.below(4) == 0 {
            Contract::Sweep {
                caller: r.below(n as u64) as usize,
                royals: cfg.royals && r.below(2) == 0,
                trump: None,
            }
        } else {
            Contract::Normal {
                trumper: r.below(n as u64) as usize,
                trump: r.below(4) as u8,
                bid: [0, 0, 10, 50, 100][r.below(5) as usize],
            }
        };
        let Ok(mut s) = g.from_deal(&d, contract, None, None) else {
            continue;
        };
        let steps = r.below(n as u64 + 2);
        for _ in 0..steps {
            if s.phase == Phase::Over {
                break;
            }
            let l = s.legal();
            let a = l[r.below(l.len() as u64) as usize];
            s.apply_action(a);
        }
        if s.phase != Phase::Over {
            out.push(s);
        }
    }
    out
}

fn small() -> bool {
    cfg!(debug_assertions)
}

#[test]
fn points_and_targets_agree_with_minimax() {
    let k = if small() { 3 } else { 4 };
    for (i, s) in positions("thunee4", &[], k, 12, 1).iter().enumerate() {
        check(s, Mode::Points, false, &format!("points {}", i));
        if s.special.is_none() {
            let t = Thunee::new("thunee4", &[("dd_mode".into(), "target".into())]).unwrap();
            let mut u = s.clone();
            u.cfg = t.config_arc();
            check(&u, Mode::Target, false, &format!("target {}", i));
        }
    }
}

#[test]
fn jodhi_auto_points_targets_and_balls_agree_with_minimax() {
    // Windows after every trick won (thunee4_app), so small hands see them.
    for (i, s) in positions("thunee4_app", &[("dd_jodhi", "auto")], 3, 14, 2)
        .iter()
        .enumerate()
    {
        check(s, Mode::Points, true, &format!("auto points {}", i));
        for (mode, m) in [("target", Mode::Target), ("balls", Mode::Balls)] {
            let g = Thunee::new(
                "thunee4_app",
                &[
                    ("dd_jodhi".into(), "auto".into()),
                    ("dd_mode".into(), mode.into()),
                ],
            )
            .unwrap();
            let mut u = s.clone();
            u.cfg = g.config_arc();
            check(&u, m, true, &format!("{} {}", mode, i));
        }
    }
}

#[test]
fn balls_with_every_claim_rule_agree_with_minimax() {
    let rules = [
        vec![("dd_mode", "balls")],
        vec![("dd_mode", "balls"), ("double_rule", "last_trick_only")],
        vec![
            ("dd_mode", "balls"),
            ("double_rule", "all_tricks"),
            ("last_trick_claim", "team"),
        ],
        vec![
            ("dd_mode", "balls"),
            ("last_trick", "bonus"),
            ("jodhi_window", "any_won"),
        ],
        vec![
            ("dd_mode", "balls"),
            ("jodhi_window", "any_won"),
            ("khanuck_target", "13"),
        ],
    ];
    for (j, opts) in rules.iter().enumerate() {
        for (i, s) in positions("thunee4", opts, 3, 6, 10 + j as u64)
            .iter()
            .enumerate()
        {
            check(
                s,
                Mode::Balls,
                true,
                &format!("balls rule {} position {}", j, i),
            );
        }
    }
}

#[test]
fn six_and_two_players_agree_with_minimax() {
    for (i, s) in positions("thunee6", &[], 2, 8, 3).iter().enumerate() {
        check(s, Mode::Points, false, &format!("six {}", i));
    }
    for (i, s) in positions("thunee6", &[("dd_mode", "balls")], 2, 6, 4)
        .iter()
        .enumerate()
    {
        check(s, Mode::Balls, true, &format!("six balls {}", i));
    }
    let k = if small() { 3 } else { 4 };
    for (i, s) in positions("thunee2", &[], k, 8, 5).iter().enumerate() {
        check(s, Mode::Points, false, &format!("two {}", i));
    }
}

#[test]
fn two_player_second_round_agrees_with_minimax() {
    if small() {
        return; // six more tricks of two cards: release builds only
    }
    let g = Thunee::new("thunee2", &[]).unwrap();
    let cfg = g.config_arc();
    let mut r = Rng::new(6);
    for i in 0..4 {
        let (d, stock) = deal(&cfg, 1, true, &mut r);
        let contract = Contract::Normal {
            trumper: r.below(2) as usize,
            trump: r.below(4) as u8,
            bid: 0,
        };
        let s = g.from_deal(&d, contract, None, stock.as_deref()).unwrap();
        check(&s, Mode::Points, false, &format!("second round {}", i));
    }
}

#[test]
fn sweeps_agree_with_minimax_blind_and_royals() {
    // Whole hands (the first lead fixes trumps) twice, then five cards a hand
    // after a first trick (six make the plain minimax take minutes each).
    let g = Thunee::new("thunee4", &[("undercut".into(), "forbidden".into())]).unwrap();
    let cfg = g.config_arc();
    let mut r = Rng::new(7);
    let whole = if small() { 0 } else { 2 };
    for i in 0..10 {
        let k = if i < whole {
            6
        } else if small() {
            3
        } else {
            5
        };
        let (d, _) = deal(&cfg, k, false, &mut r);
        let contract = Contract::Sweep {
            caller: r.below(4) as usize,
            royals: i % 2 == 1,
            trump: (k < 6).then(|| r.below(4) as u8),
        };
        let s = g.from_deal(&d, contract, None, None).unwrap();
        check(&s, Mode::Balls, false, &format!("sweep {}", i));
    }
    // A blind Thunee in a match: the face-down cards join after trick 4.
    let g = Thunee::new("thunee4", &[("blind_calls".into(), "on".into())]).unwrap();
    for seed in 0..6 {
        let mut s = g.new_game(seed);
        s.apply("blind_thunee").unwrap();
        while s.tricks_played < 2 && s.phase == Phase::Play && s.results.is_empty() {
            let l = s.legal_actions();
            let a = l[r.below(l.len() as u64) as usize].clone();
            s.apply(&a).unwrap();
        }
        if !s.results.is_empty() {
            continue;
        }
        s.position_mode = true;
        check(&s, Mode::Balls, false, &format!("blind {}", seed));
    }
}

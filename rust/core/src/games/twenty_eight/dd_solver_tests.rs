//! The outcome against a target on several threads
//! (`Switches::outcome_split`): the answers of one thread.
use super::*;
use crate::games::twenty_eight::{TrumpStart, TwentyEight};
use crate::solve::Switches;

/// Positions of `preset` with `k` cards a hand and the trump concealed:
/// the first `k` cards of each hand of seeded deals, with a seeded bidder,
/// leader and indicator; every other one a few cards into the first trick.
fn concealed(preset: &str, seed: u64, k: usize, count: usize) -> Vec<TwentyEightState> {
    use crate::game::GameState;
    let g = TwentyEight::new(preset, &[]).unwrap();
    let mut rng = crate::rng::Rng::new(seed);
    let n = g.config().players as u64;
    (0..count)
        .map(|i| {
            let full = g.new_game(rng.next_u64()).full_deal();
            let hands: Vec<CardSet> = full.iter().map(|h| h.iter().take(k).collect()).collect();
            let deal = g.config().pack.format_deal(&hands);
            let bidder = rng.below(n) as usize;
            let leader = rng.below(n) as usize;
            let pick = hands[bidder].iter().nth(rng.below(k as u64) as usize).unwrap();
            let ind = g.config().pack.format_card(pick);
            let mut s = g
                .from_deal(&deal, bidder, leader, TrumpStart::Concealed(&ind), None)
                .unwrap();
            for _ in 0..(i as u64 % 2) * (1 + rng.below(n - 1)) {
                let acts = s.legal_actions();
                s.apply(&acts[rng.below(acts.len() as u64) as usize]).unwrap();
            }
            s
        })
        .collect()
}

/// The outcome against a few targets, with and without every action's.
fn outcomes(s: &TwentyEightState, threads: usize, spec: &str) -> Vec<(i32, Vec<(String, i32)>)> {
    let config = SolverConfig {
        threads,
        switches: Switches::default().with_spec(spec).unwrap(),
        ..SolverConfig::small()
    };
    let mut out = Vec::new();
    for target in [10, 16, 22, 28] {
        for actions in [true, false] {
            let a = solve_outcome(s, target, config.clone(), actions).unwrap();
            out.push((a.value, a.actions));
        }
    }
    out
}

/// 56 with the trump concealed (outcomes only): the answers of 2 and 4
/// threads are those of one, the questions split (no trial first) over
/// the actions and, for the value alone, over the root's moves or by
/// ABDADA; and those of the questions asked on one thread (switch off).
#[test]
fn outcomes_of_56_on_several_threads_are_those_of_one() {
    let k = if cfg!(debug_assertions) { 3 } else { 5 };
    let mut seen = std::collections::BTreeSet::new();
    for s in concealed("56", 4800, k, 6) {
        let one = outcomes(&s, 1, "");
        seen.extend(one.iter().flat_map(|(v, a)| a.iter().map(|x| x.1).chain([*v])));
        let render = crate::game::GameState::render(&s);
        for (threads, spec) in [
            (2, ""),
            (2, "-trial_first"),
            (4, "-trial_first"),
            (2, "-trial_first,outcome_abdada"),
            (2, "-trial_first,outcome_abdada,abdada"),
            (4, "-trial_first,outcome_abdada,abdada"),
            (2, "-trial_first,-help_tail"),
            (2, "-trial_first,-outcome_abdada"),
            (4, "-trial_first,-outcome_abdada"),
            (2, "-outcome_split"),
        ] {
            assert_eq!(outcomes(&s, threads, spec), one, "{} {}\n{}", threads, spec, render);
        }
    }
    // Made and failed both come up.
    assert!(seen.contains(&MADE) && seen.contains(&FAILED), "{:?}", seen);
}

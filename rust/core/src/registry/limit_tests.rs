//! Every preset's solve, through the registry: the limits of a request
//! (`max_nodes`, `timeout`) hold over the whole call, the value and every
//! action's value together ([`crate::solve::answer`]).

use std::time::Duration;

use super::{AnyGame, AnyState, ALL};
use crate::error::Error;
use crate::game::GameState;
use crate::params::Params;
use crate::solve::answer::NODE_SLACK;
use crate::solve::request::{SolveAnswer, SolveRequest};

/// The most nodes a position's unlimited solve may take here.
const CAP: u64 = 100_000;

fn request(max_nodes: Option<u64>, timeout: Option<f64>, bounds: bool) -> SolveRequest {
    let mut r = SolveRequest::new()
        .with_limits(max_nodes, timeout, None)
        .unwrap();
    r.config.bounds = bounds;
    r
}

/// A state of preset `name` reached by seeded random play whose
/// every-action solve takes from 8 to [`CAP`] nodes, with that solve.
fn position(name: &str) -> (AnyState, SolveAnswer) {
    let g = AnyGame::new(name, &[]).unwrap();
    for seed in 0..8u64 {
        let mut s = g.new_game(seed, &Params::new()).unwrap();
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..400 {
            if s.is_terminal() {
                break;
            }
            if let Ok(a) = s.solve(&request(Some(CAP), None, false)) {
                if a.nodes >= 8 && !a.actions.is_empty() {
                    return (s, a);
                }
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let legal = s.legal_actions();
            s.apply(&legal[(x % legal.len() as u64) as usize]).unwrap();
        }
    }
    panic!("{}: no position of 8 to {} nodes", name, CAP);
}

#[test]
fn every_preset_stops_at_its_budget_over_the_whole_call() {
    for e in ALL {
        let (s, full) = position(e.name);
        // The games whose value objective gives anytime bounds say so.
        let bounded = s.game().describe().bounds;
        for budget in [1, full.nodes / 2, full.nodes - 1] {
            let msg = format!("solver node limit reached (max_nodes={})", budget);
            match s.solve(&request(Some(budget), None, false)) {
                Err(Error::SolverLimit(m)) => assert_eq!(m, msg, "{}", e.name),
                other => panic!("{} budget {}: {:?}", e.name, budget, other),
            }
            match s.solve(&request(Some(budget), None, true)) {
                Ok(a) if bounded => {
                    assert!(a.nodes <= budget + NODE_SLACK, "{}", e.name);
                    match a.bounds {
                        Some(b) => {
                            assert_eq!(b.reason, msg, "{}", e.name);
                            assert!(b.value.0 <= full.value && full.value <= b.value.1);
                        }
                        // A question answered in fewer nodes than the exact
                        // solve's (a concealed Twenty-eight contract's
                        // outcome): exact within the budget.
                        None => assert_eq!(
                            (a.value, &a.actions),
                            (full.value, &full.actions),
                            "{} budget {} exact",
                            e.name,
                            budget
                        ),
                    }
                }
                Err(Error::SolverLimit(m)) if !bounded => assert_eq!(m, msg),
                other => panic!("{} anytime budget {}: {:?}", e.name, budget, other),
            }
        }
        let again = s.solve(&request(Some(full.nodes), None, false)).unwrap();
        assert_eq!(
            (again.value, &again.actions, again.nodes),
            (full.value, &full.actions, full.nodes),
            "{}",
            e.name
        );
        for t in [0.0, 1e-9] {
            match s.solve(&request(None, Some(t), false)) {
                Err(Error::SolverLimit(m)) => {
                    let shown = Duration::from_secs_f64(t).as_secs_f64();
                    assert_eq!(
                        m,
                        format!("solver time limit reached (timeout={} s)", shown)
                    );
                }
                other => panic!("{} timeout {}: {:?}", e.name, t, other),
            }
        }
    }
}

use super::*;
use crate::game::GameState;
use crate::params::Params;
use crate::registry::AnyGame;

/// The positions of the first hand of a seeded match of `preset`, its
/// last `last` positions of trick play and the position before trick play
/// (which the solver does not take), each played by the first legal action.
fn hand(preset: &str, seed: u64, last: usize) -> Vec<AnyState> {
    let mut s = AnyGame::new(preset, &[])
        .unwrap()
        .new_game(seed, &Params::new())
        .unwrap();
    let (mut before, mut play) = (None, Vec::new());
    while play.is_empty() || s.phase_name() == "play" {
        if s.phase_name() == "play" {
            play.push(s.clone());
        } else {
            before = Some(s.clone());
        }
        let first = s.legal_actions()[0].clone();
        s.apply(&first).unwrap();
    }
    let from = play.len().saturating_sub(last);
    before.into_iter().chain(play.drain(from..)).collect()
}

fn questions(states: &[AnyState]) -> Vec<Question> {
    let ask = SolveRequest {
        player: Some(0),
        ..SolveRequest::new()
    };
    states
        .iter()
        .map(|s| Question::new(s.clone(), ask.clone()))
        .collect()
}

/// What an answer says, the node count left out (it differs with threads).
fn said(a: &Result<SolveAnswer>) -> String {
    match a {
        Ok(a) => format!("{} {:?} {:?} {:?}", a.value, a.actions, a.extra, a.bounds),
        Err(e) => format!("error {}", e),
    }
}

#[test]
fn the_answers_are_the_same_on_one_two_and_four_threads() {
    for (preset, last) in [
        ("hokm3", 18),
        ("hokm4", 20),
        ("double_sar", 16),
        ("dehla_pakad", 12),
        ("56", 14),
        ("thunee", 14),
    ] {
        let q = questions(&hand(preset, 3, last));
        let one: Vec<String> = review_positions(&q, &Plan::default())
            .iter()
            .map(said)
            .collect();
        assert!(one[0].starts_with("error"), "{}: {}", preset, one[0]);
        assert!(
            one[1..].iter().all(|a| !a.starts_with("error")),
            "{}: {:?}",
            preset,
            one
        );
        for threads in [2, 4] {
            for head in [0, 1, 3] {
                let plan = Plan {
                    threads,
                    head,
                    ..Plan::default()
                };
                let got: Vec<String> = review_positions(&without_queue(&q), &plan)
                    .iter()
                    .map(said)
                    .collect();
                assert_eq!(got, one, "{} on {} threads, head {}", preset, threads, head);
            }
            let plan = Plan {
                threads,
                ..Plan::default()
            };
            let got: Vec<String> = review_positions(&q, &plan).iter().map(said).collect();
            assert_eq!(got, one, "{} on {} threads, one queue", preset, threads);
        }
    }
}

/// The questions without [`crate::solve::Switches::one_queue`].
fn without_queue(q: &[Question]) -> Vec<Question> {
    let mut q = q.to_vec();
    for x in q.iter_mut() {
        x.req.config.switches.one_queue = false;
    }
    q
}

#[test]
fn the_one_queue_answers_a_whole_hand_as_one_thread() {
    // Whole hands: their first positions split, and the threads with no
    // position left help them.
    for (preset, seed) in [("hokm3", 0), ("thunee", 0)] {
        let q = questions(&hand(preset, seed, 60));
        let one: Vec<String> = review_positions(&q, &Plan::default())
            .iter()
            .map(said)
            .collect();
        for threads in [2, 3] {
            let plan = Plan {
                threads,
                ..Plan::default()
            };
            let got: Vec<String> = review_positions(&q, &plan).iter().map(said).collect();
            assert_eq!(got, one, "{} seed {} on {} threads", preset, seed, threads);
        }
    }
}

#[test]
fn an_exact_review_with_its_time_spent_answers_no_position() {
    let q = questions(&hand("hokm3", 1, 6));
    for threads in [1, 2] {
        let plan = Plan {
            threads,
            budget: Some(Duration::ZERO),
            exact: true,
            ..Plan::default()
        };
        for a in review_positions(&q, &plan) {
            assert!(matches!(a, Err(Error::SolverLimit(_))), "{:?}", a);
        }
    }
}

#[test]
fn a_raised_stop_flag_stops_every_position() {
    let q = questions(&hand("double_sar", 2, 40));
    let plan = Plan {
        threads: 2,
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..Plan::default()
    };
    let answers = review_positions(&q, &plan);
    assert!(answers[1..]
        .iter()
        .any(|a| matches!(a, Err(Error::Interrupted))));
}

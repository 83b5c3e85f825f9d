//! A whole hand's positions answered on every core: the questions a review
//! asks the solver, one position after another, handed to the threads.
//!
//! On one thread the positions are solved from the last back to the first
//! on one kept solver ([`crate::solve::pool`]): each leaves its table's
//! entries to the positions before it, which hold most of its lines. On
//! several threads the positions are independent questions over one
//! shared table ([`crate::solve::team`]): each thread takes the next
//! position not yet taken from the end (so later positions are still
//! solved first and fill the table for the earlier ones). With
//! [`crate::solve::Switches::one_queue`] (the default) each is solved on
//! every thread: a position large enough to split its actions
//! ([`crate::solve::parallel`]) hands them to the threads that have no
//! position left to take ([`crate::solve::team::Crew`]), so every action
//! of every position is one queue, later positions first, and no thread
//! waits while another finishes the hand's first position (the largest by
//! far: it holds every card). Without the switch each thread solves its
//! positions alone and the first [`Plan::head`] positions are then solved
//! one after another with every thread on each, as the last of the hand.
//!
//! The answers are the same whatever the number of threads: each is a
//! position's exact values (or, where a limit stopped its search, the
//! bounds and estimates proven by then). A review's time is one budget:
//! each position gets its share of what is left when it starts
//! ([`Plan::budget`]), at most its own limit.
//!
//! ```
//! use hukm_core::game::GameState;
//! use hukm_core::params::Params;
//! use hukm_core::registry::review::{review_positions, Plan, Question};
//! use hukm_core::registry::AnyGame;
//! use hukm_core::solve::request::SolveRequest;
//! let mut s = AnyGame::new("hokm3", &[]).unwrap().new_game(1, &Params::new()).unwrap();
//! let mut hand = Vec::new(); // the first hand's positions of trick play
//! while hand.is_empty() || s.phase_name() == "play" {
//!     if s.phase_name() == "play" {
//!         hand.push(s.clone());
//!     }
//!     let first = s.legal_actions()[0].clone();
//!     s.apply(&first).unwrap();
//! }
//! let ask = SolveRequest { player: Some(0), ..SolveRequest::new() };
//! let questions: Vec<Question> = hand[hand.len() - 9..]
//!     .iter()
//!     .map(|s| Question::new(s.clone(), ask.clone()))
//!     .collect();
//! let values = |threads| -> Vec<_> {
//!     review_positions(&questions, &Plan { threads, ..Plan::default() })
//!         .into_iter()
//!         .map(|a| a.map(|a| (a.value, a.actions)).unwrap())
//!         .collect()
//! };
//! assert_eq!(values(1), values(2));
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::AnyState;
use crate::error::{Error, Result};
use crate::solve::pool::{SharedPool, SolverPool};
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::solve::team::{Released, Team};

/// The positions at the start of a hand solved with every thread on each
/// by default ([`Plan::head`]).
pub const HEAD: usize = 1;

/// One question of a review: a position and what is asked of it (its
/// request's timeout the most time it may take; the plan's budget may
/// give it less).
#[derive(Clone, Debug)]
pub struct Question {
    /// The position.
    pub state: AnyState,
    /// What is asked (its pool and thread count are the plan's).
    pub req: SolveRequest,
}

impl Question {
    /// `req` about `state`.
    pub fn new(state: AnyState, req: SolveRequest) -> Question {
        Question { state, req }
    }
}

/// How a review's questions are answered.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Threads in all (at least 1).
    pub threads: usize,
    /// The first positions solved one after another with every thread on
    /// each, after all the others (without
    /// [`crate::solve::Switches::one_queue`]).
    pub head: usize,
    /// The time for every question together, from the call's start: a
    /// position gets at most its share of what is left when it starts
    /// (what is left over the positions not yet started, times the
    /// positions being solved side by side).
    pub budget: Option<Duration>,
    /// Exact answers only: a position that starts with no time left is
    /// not searched (its answer is a solver-limit error).
    pub exact: bool,
    /// Raised to stop every search (Ctrl-C).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            threads: 1,
            head: HEAD,
            budget: None,
            exact: false,
            stop: None,
        }
    }
}

/// The answers to `questions` (positions of one hand, in the order
/// played) as the plan says (see the module notes), in the same order.
pub fn review_positions(questions: &[Question], plan: &Plan) -> Vec<Result<SolveAnswer>> {
    let n = questions.len();
    let threads = plan.threads.max(1);
    let start = Instant::now();
    let end = plan.budget.map(|b| start + b);
    let results: Mutex<Vec<Option<Result<SolveAnswer>>>> =
        Mutex::new((0..n).map(|_| None).collect());
    // Position `i`, the `to_go`-th from the front not yet started, on
    // `threads` threads with `pool`, `side` positions solved side by side.
    let answer = |i: usize, pool: &SharedPool, threads: usize, side: usize| {
        let q = &questions[i];
        let mut req = q.req.clone();
        req.pool = Some(pool.clone());
        req.config.threads = threads;
        req.config.stop = plan.stop.clone();
        let r = (|| {
            if let Some(end) = end {
                let left = end.saturating_duration_since(Instant::now());
                if plan.exact && left.is_zero() {
                    return Err(Error::SolverLimit("the review's time is spent".into()));
                }
                let share = if plan.exact {
                    left
                } else {
                    (left * side as u32 / (i as u32 + 1)).min(left)
                };
                req.config.timeout = Some(req.config.timeout.map_or(share, |t| t.min(share)));
            }
            q.state.solve(&req)
        })();
        results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
    };
    let head = plan.head.min(n);
    if threads == 1 {
        let pool = SolverPool::shared();
        for i in (0..n).rev() {
            answer(i, &pool, 1, 1);
        }
    } else if questions
        .first()
        .is_some_and(|q| q.req.config.switches.one_queue)
    {
        // Every thread takes the next position from the end and solves it
        // on every thread: once no position is left to take, the threads
        // free help the positions still being solved with their actions.
        let team = Team::with_crew();
        let untaken = Mutex::new(n);
        std::thread::scope(|sc| {
            for _ in 0..threads {
                let (answer, untaken, team) = (&answer, &untaken, &team);
                sc.spawn(move || {
                    let pool = SolverPool::on_team(team);
                    let _free = team.crew().map(Released);
                    loop {
                        let i = {
                            let mut u = untaken.lock().unwrap_or_else(|e| e.into_inner());
                            if *u == 0 {
                                break;
                            }
                            *u -= 1;
                            *u
                        };
                        answer(i, &pool, threads, threads);
                    }
                });
            }
        });
    } else {
        let team = Team::new();
        let pools: Vec<SharedPool> = (0..threads).map(|_| SolverPool::on_team(&team)).collect();
        let untaken = Mutex::new(n);
        std::thread::scope(|sc| {
            for pool in &pools {
                let (answer, untaken) = (&answer, &untaken);
                sc.spawn(move || loop {
                    let i = {
                        let mut u = untaken.lock().unwrap_or_else(|e| e.into_inner());
                        if *u <= head {
                            break;
                        }
                        *u -= 1;
                        *u
                    };
                    answer(i, pool, 1, threads);
                });
            }
        });
        for i in (0..head).rev() {
            answer(i, &pools[0], threads, 1);
        }
    }
    let stopped = plan
        .stop
        .as_ref()
        .is_some_and(|f| f.load(Ordering::Relaxed));
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| match r {
            Some(r) => r,
            None if stopped => Err(Error::Interrupted),
            None => Err(Error::State(
                "a position of the review was not answered".into(),
            )),
        })
        .collect()
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;

//! Double-dummy analysis of Thunee (`docs/rules/thunee.md` §16) with the shared
//! solver: the trick play as trick games
//! ([`crate::solve::game::TrickGame`]) searched by [`crate::solve::Solver`].
//!
//! * [`NormalGame`] plays a normal hand to its end. In **need** mode it
//!   answers "does team X score at least `N` from here?", where X's score
//!   counts the card points of its tricks, the last-trick adjustment
//!   (§10.1: +10 for the winner, and −10 for the loser with
//!   `last_trick=transfer`) and, with Jodhi automatic (§16.2), every Jodhi
//!   X declares minus every Jodhi the other team declares (each team
//!   declares all it may in each window it opens). The points still needed
//!   are part of the state (and of the table key); the game's value is 1
//!   unit, given to the side for which the answer is settled. The points
//!   value (§16.1) is the largest `N` reached, found by bisection; the
//!   target question (§16.3) is one such probe on the whole hand's count.
//!   (Points reach 300 and more: a game of points would not fit the shared
//!   table's bounds, a threshold game does.)
//! * In **balls** mode (§16.5) it carries the hand's card points, Jodhi and
//!   trick winners, and at the end of the last trick scores the hand: the
//!   Double / Khanuck window before the last trick (whose play is forced)
//!   is decided by the teams in turn on the known outcome, every Jodhi is
//!   declared. The value is the counting team's balls minus the trumping
//!   team's, shifted to be non-negative.
//! * [`SweepGame`] plays a Thunee or Royals (§16.4): the caller's first
//!   lead fixes trumps (or annuls the deal, §5.7), the search stops at the
//!   first trick the caller does not win. Its four outcomes are searched as
//!   ranks (partner catch < failure < annulled < success) and reported in
//!   balls for the caller's team: `+B`, `0`, `−B`, `−2B`.
//!
//! Table keys are exact: the holder of every card still in play (a hand, a
//! blind caller's face-down cards, the two-player game's second round), the
//! leader, the tricks played, the suits declared and the mode's own state.
//! In a sweep, cards adjacent among those in play in one hand are
//! collapsed into one move (points do not count there); in a normal hand no
//! two cards are equivalent (every rank has its own points).
//!
//! A solve's value is for the asked player's team (the player to move by
//! default): points from here (`dd_mode=points`, `dd_jodhi` as set), 1 or
//! 0 for winning the hand (`dd_mode=target`, or an explicit `target=`: does
//! the counting team reach that whole-hand total), or its balls minus the
//! other team's (`dd_mode=balls`, and every sweep). Decisions between
//! tricks (Jodhi, Double, Khanuck) are valued by the state's own play: the
//! value is the best of its actions for the side to act.
//!
//! The module is split by concern: `normal` (the normal hand's game),
//! `sweep` (a Thunee or Royals) and `answer` (the questions asked of them:
//! the need probes and their bisection, balls, sweeps, the decisions
//! between tricks, and the answer to a [`crate::solve::request::SolveRequest`]).

mod answer;
mod normal;
mod sweep;

pub use answer::points_of;
pub use normal::{Count, NormalGame};
pub use sweep::SweepGame;

use crate::card::{Card, CardSet};

/// Most seats.
const SEATS: usize = 6;

/// The index `0..24` of a card of the Thunee pack (suit * 6 + strength).
#[inline]
fn slot(c: Card) -> u32 {
    u32::from(c.0 >> 4) * 6 + u32::from(c.0 & 15)
}

/// Owner codes of the table key: 4 bits per card of the pack.
fn owners(sets: &[(CardSet, u128)]) -> u128 {
    let mut out = 0u128;
    for &(set, code) in sets {
        for c in set.iter() {
            out |= code << (4 * slot(c));
        }
    }
    out
}

#[cfg(test)]
#[path = "dd_tests.rs"]
mod tests;

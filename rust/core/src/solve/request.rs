//! One request and one answer type for every game's double-dummy solve.
//!
//! A caller (the registry's [`crate::registry::AnyState`], the Python
//! binding) builds a [`SolveRequest`]; each game answers it with a
//! [`SolveAnswer`] in its own units (tricks, collected tricks, card points,
//! captured cards, Naqsh's net result), actions written in the game's
//! notation, plus what only some games have ([`Extra`]).

use std::time::Duration;

use super::estimate::Estimates;
use super::pool::SharedPool;
use super::SolverConfig;
use crate::error::{check_seat, Error, Result};

/// What a solve asks for.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Goal {
    /// The game's own double-dummy value (its rules file's objective).
    #[default]
    Value,
    /// The kot query of the Hokm / Court Piece family: 1 when the side can
    /// reach its kot whatever the others do, else 0.
    Kot,
    /// Twenty-eight: the bidding side's outcome against this whole-hand
    /// target (0 failed, 1 void, 2 made).
    Target(i32),
}

impl Goal {
    /// The goal's name in error messages.
    pub fn name(self) -> String {
        match self {
            Goal::Value => "its value".into(),
            Goal::Kot => "the kot query (objective=\"kot\")".into(),
            Goal::Target(t) => format!("an outcome against a target (target={})", t),
        }
    }
}

/// A double-dummy question about one state.
#[derive(Clone, Debug, Default)]
pub struct SolveRequest {
    /// Whose side is counted (default: the player to move).
    pub player: Option<usize>,
    /// What is asked.
    pub goal: Goal,
    /// Also the value after each legal action of the player to move.
    pub actions: bool,
    /// Also the secondary outputs that cost extra searches (Dugi's
    /// defenders' first trick); off for a bot's samples.
    pub details: bool,
    /// Table size (when `tt_given`), limits, stop flag and switches.
    pub config: SolverConfig,
    /// The table size was chosen by the caller (else each game sizes it
    /// for the position).
    pub tt_given: bool,
    /// A handle's solver kept across calls ([`super::pool`]); the games
    /// that use it take their solver from it, the others start a new one.
    pub pool: Option<SharedPool>,
    /// Graded ([`super::grade`]): a limit, or a position beyond the search's
    /// reach, gives the best grade reached instead of an error: proven
    /// bounds of every value, and estimates (`estimate`) where they are not
    /// exact. Implies anytime mode for the objectives that give bounds.
    pub graded: bool,
    /// With `graded`: estimate the values that are not exact.
    pub estimate: bool,
}

/// Largest transposition table a request may ask for (64 GiB).
pub const MAX_TT_MIB: usize = 1 << 16;

impl SolveRequest {
    /// A request for the value and every action's value, default settings.
    pub fn new() -> SolveRequest {
        SolveRequest {
            actions: true,
            details: true,
            ..SolveRequest::default()
        }
    }

    /// Sets the limits and the table size from user-facing values, checking
    /// them: `tt_mib` in `1..=MAX_TT_MIB`, `max_nodes >= 1`, a timeout in
    /// seconds that is not negative (a huge or infinite one means none).
    pub fn with_limits(
        mut self,
        max_nodes: Option<u64>,
        timeout: Option<f64>,
        tt_mib: Option<u64>,
    ) -> Result<SolveRequest> {
        if max_nodes == Some(0) {
            return Err(Error::State("max_nodes must be at least 1".into()));
        }
        self.config.max_nodes = max_nodes;
        if let Some(t) = timeout {
            if t.is_nan() || t < 0.0 {
                return Err(Error::State(format!(
                    "timeout must be a number of seconds >= 0, got {}",
                    t
                )));
            }
            self.config.timeout = Duration::try_from_secs_f64(t).ok();
        }
        if let Some(m) = tt_mib {
            if m == 0 || m > MAX_TT_MIB as u64 {
                return Err(Error::State(format!(
                    "tt_mib {} out of range 1..{}",
                    m, MAX_TT_MIB
                )));
            }
            self.config.tt_bytes = (m as usize) << 20;
            self.tt_given = true;
        }
        Ok(self)
    }

    /// The solver settings of a call on a position whose hands hold at most
    /// `cards` cards: the request's limits and switches, its table sized by
    /// the one policy ([`TableSize::config`]: the caller's size when given,
    /// else as the game's `size` says), anytime mode only for an objective
    /// that gives bounds (`anytime`).
    pub fn config_sized(&self, size: TableSize, cards: u32, anytime: bool) -> SolverConfig {
        let mut c = size.config(&self.config, self.tt_given, cards, anytime);
        c.bounds |= anytime && self.graded;
        c
    }

    /// The player counted: `player`, else `to_move`; checked against the
    /// number of players.
    pub fn player_or(&self, to_move: usize, players: usize) -> Result<usize> {
        let p = self.player.unwrap_or(to_move);
        check_seat("player", p, players)?;
        Ok(p)
    }

    /// Whether the call answers with bounds at a limit: graded, or in anytime
    /// mode ([`SolverConfig::bounds`]). The games whose only anytime answer is
    /// the graded one (Ganjifa, Dugi, Naqsh) take that path for either.
    pub fn bounded(&self) -> bool {
        self.graded || self.config.bounds
    }

    /// Checks that the request asks for the game's own value, the one goal
    /// `game` answers (else the error of [`SolveRequest::unsupported`]).
    pub fn value_only(&self, game: &str) -> Result<()> {
        if self.goal == Goal::Value {
            Ok(())
        } else {
            Err(self.unsupported(game, "its value (objective=\"tricks\")"))
        }
    }

    /// An error for a goal `game` does not answer (an option error, like
    /// an unknown objective); `answers` says what it does answer.
    pub fn unsupported(&self, game: &str, answers: &str) -> Error {
        Error::Option(format!(
            "{} does not answer {}; it answers {}",
            game,
            self.goal.name(),
            answers
        ))
    }
}

/// Orders `(action, value)` pairs as `legal` lists the actions (the order
/// every answer gives them in).
pub fn in_legal_order<T>(legal: &[String], mut v: Vec<(String, T)>) -> Vec<(String, T)> {
    v.sort_by_key(|(a, _)| legal.iter().position(|l| l == a).unwrap_or(usize::MAX));
    v
}

/// What only some games' answers carry.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Extra {
    /// Nothing more.
    #[default]
    None,
    /// Dehla Pakad: the tricks collected that break ties between equal tens,
    /// for the position and after each action.
    Tricks {
        /// Tricks of the position.
        value: i64,
        /// Tricks after each action.
        actions: Vec<(String, i64)>,
    },
    /// Dugi: the earliest trick by which the defenders can force their win
    /// (`None` when the challengers sweep, or when not asked).
    FirstTrick(Option<u32>),
    /// Twenty-eight in a graded answer whose position has no card-points
    /// value (the trump concealed under the default void rule): the value
    /// is the bidding side's outcome against this target, the contract
    /// (0 failed, 1 void, 2 made).
    Contract(i32),
    /// Ganjifa with `dd_chance=expectation`: expected tricks.
    Expected {
        /// Expected tricks of the position.
        value: f64,
        /// Expected tricks after each action.
        actions: Vec<(String, f64)>,
    },
}

/// What an anytime solve ([`crate::solve::SolverConfig::bounds`]) had
/// proven when a limit stopped it: the value and each action's value lie
/// within these bounds (both ends included).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// Lowest and highest value of the position still possible.
    pub value: (i64, i64),
    /// Each legal action (the answer's order) with its value's bounds.
    pub actions: Vec<(String, (i64, i64))>,
    /// The limit that stopped the call, worded as its error.
    pub reason: String,
}

/// The answer to a [`SolveRequest`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolveAnswer {
    /// The player whose side was counted.
    pub player: usize,
    /// The value for that side from here (units per game).
    pub value: i64,
    /// Each legal action of the player to move (in the state's order) with
    /// the value after it; empty unless asked.
    pub actions: Vec<(String, i64)>,
    /// Search nodes visited by the whole call.
    pub nodes: u64,
    /// Game-specific outputs.
    pub extra: Extra,
    /// In anytime mode, when a limit stopped the call: the bounds proven
    /// (`value` and `actions` then hold their lower bounds). `None` when
    /// every value is exact.
    pub bounds: Option<Bounds>,
    /// In a graded call whose values are not all exact, and estimates were
    /// asked for: the estimates ([`super::grade`]).
    pub estimate: Option<Estimates>,
}

/// How a game's table is sized when the caller gives no `tt_mib`: one
/// policy, [`TableSize::config`], with the game's threshold.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TableSize {
    /// The request's table at every size: the default one
    /// ([`SolverConfig::default`]) unless the caller's settings size it.
    Default,
    /// A small table ([`SolverConfig::small`]) for hands of at most this
    /// many cards, the default beyond ([`SolverConfig::for_hands`] at 6).
    SmallUpTo(u32),
    /// Always the small table (a game whose table holds few positions).
    Small,
}

impl TableSize {
    /// The settings of a call: `config` (the caller's limits, switches and
    /// table size), its table sized by this policy for hands of `cards`
    /// cards unless the caller gave the size (`tt_given`); without
    /// `anytime` (an objective that gives no bounds) a limit fails the call.
    pub fn config(
        self,
        config: &SolverConfig,
        tt_given: bool,
        cards: u32,
        anytime: bool,
    ) -> SolverConfig {
        let mut c = config.clone();
        let small = match self {
            TableSize::Default => None,
            TableSize::SmallUpTo(n) => Some(cards <= n),
            TableSize::Small => Some(true),
        };
        match small {
            _ if tt_given => {}
            None => {}
            Some(true) => c.tt_bytes = SolverConfig::small().tt_bytes,
            Some(false) => c.tt_bytes = SolverConfig::default().tt_bytes,
        }
        if anytime {
            c
        } else {
            c.exact_only()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_only_game_refuses_other_goals_in_one_message() {
        let mut req = SolveRequest::new();
        assert!(req.value_only("some game").is_ok());
        req.goal = Goal::Kot;
        let e = req.value_only("some game").unwrap_err();
        assert!(matches!(e, Error::Option(_)));
        assert_eq!(
            e.to_string(),
            req.unsupported("some game", "its value (objective=\"tricks\")")
                .to_string()
        );
        assert!(e.to_string().contains("the kot query"), "{}", e);
    }
}

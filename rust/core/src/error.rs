//! The one error type of the engine.

use std::fmt;

/// Everything that can go wrong in the engine, by kind. The message always says
/// what is wrong and where; the Python layer maps each kind onto its own
/// exception class (all but the solver limits are `ValueError`s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A card, hand, deal or action string that does not parse, or a deal that
    /// is not a consistent position (duplicated or missing cards, unequal hands).
    Notation(String),
    /// An unknown option name, a bad option value, or a bad preset.
    Option(String),
    /// An action that is not legal in the current state.
    IllegalAction(String),
    /// A request that does not fit the state (bad seat, wrong phase, ...).
    State(String),
    /// The solver reached its node or time limit.
    SolverLimit(String),
    /// A long computation was interrupted (Ctrl-C).
    Interrupted,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Notation(m)
            | Error::Option(m)
            | Error::IllegalAction(m)
            | Error::State(m)
            | Error::SolverLimit(m) => f.write_str(m),
            Error::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for Error {}

/// Result with the engine's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// Checks that `seat` (named `what` in the message: `player`, `seat`,
/// `dealer` ...) is one of the `n` seats of a table.
///
/// ```
/// use hukm_core::error::check_seat;
/// assert!(check_seat("player", 3, 4).is_ok());
/// assert_eq!(
///     check_seat("player", 4, 4).unwrap_err().to_string(),
///     "player 4 out of range 0..3"
/// );
/// ```
pub fn check_seat(what: &str, seat: usize, n: usize) -> Result<()> {
    if seat >= n {
        return Err(Error::State(format!(
            "{} {} out of range 0..{}",
            what,
            seat,
            n.saturating_sub(1)
        )));
    }
    Ok(())
}

/// Shorthand for a [`Error::Notation`] error.
pub fn notation<T>(msg: impl Into<String>) -> Result<T> {
    Err(Error::Notation(msg.into()))
}

/// The reason given when an action is not one of the decisions the rules
/// ask for now: `phase` names the phase, `seat` the seat to act.
pub(crate) fn not_a_decision(phase: &str, seat: usize) -> String {
    format!("not a legal {} decision for seat {}", phase, seat)
}

/// The message of a refused action: its string `text`, the reason `why` and
/// the legal actions of the seat to act.
pub(crate) fn illegal_action_message(
    text: &str,
    why: &str,
    legal: impl IntoIterator<Item = String>,
) -> String {
    let legal: Vec<String> = legal.into_iter().collect();
    format!(
        "illegal action {:?}: {}; legal actions: {}",
        text,
        why,
        legal.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_action_names_its_reason_and_the_legal_actions() {
        let why = not_a_decision("play", 2);
        assert_eq!(why, "not a legal play decision for seat 2");
        assert_eq!(
            illegal_action_message("AS", &why, ["KS".to_string(), "QS".to_string()]),
            "illegal action \"AS\": not a legal play decision for seat 2; legal actions: KS QS"
        );
        assert_eq!(
            illegal_action_message("pass", "over", Vec::new()),
            "illegal action \"pass\": over; legal actions: "
        );
    }
}

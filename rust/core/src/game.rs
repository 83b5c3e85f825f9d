//! The shape every game shares: a state that says whose turn it is, lists the
//! legal actions, applies one (or refuses it and changes nothing), and says
//! when it is over and what everyone scored.
//!
//! Actions cross this boundary as strings in the notation of `rules/*.md`
//! (`AS`, `trump:S`, `discard:9D+4C+2C`, `keep`); each game also has a typed
//! action for fast internal use.

use crate::error::Result;

/// A value in an observation: what one player may see, as plain data (the
/// Python layer turns it into a `dict`).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Nothing / not known.
    Null,
    /// A yes/no fact.
    Bool(bool),
    /// A number.
    Int(i64),
    /// A string (cards, hands, phase names ...).
    Str(String),
    /// A list of values.
    List(Vec<Value>),
    /// Named values, in a fixed order.
    Map(Vec<(String, Value)>),
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}
impl From<usize> for Value {
    fn from(i: usize) -> Value {
        Value::Int(i as i64)
    }
}
impl From<u32> for Value {
    fn from(i: u32) -> Value {
        Value::Int(i as i64)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(s.to_string())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Str(s)
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(o: Option<T>) -> Value {
        o.map_or(Value::Null, Into::into)
    }
}
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Value {
        Value::List(v.into_iter().map(Into::into).collect())
    }
}

/// Builds a [`Value::Map`] from `(key, value)` pairs.
pub fn map(pairs: Vec<(&str, Value)>) -> Value {
    Value::Map(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// A game state as seen from outside: the interface the Python layer, the
/// shared test battery and the bots use for every game.
pub trait GameState: Send + Sync {
    /// Number of seats.
    fn num_players(&self) -> usize;
    /// The seat to act, or `None` when the state is terminal.
    fn current_player(&self) -> Option<usize>;
    /// The legal actions of the seat to act, in the game's documented order.
    fn legal_actions(&self) -> Vec<String>;
    /// Applies an action. An illegal or malformed action returns an error and
    /// leaves the state exactly as it was.
    fn apply(&mut self, action: &str) -> Result<()>;
    /// True when the match (or the single hand of a position) is over.
    fn is_terminal(&self) -> bool;
    /// Points of each seat so far (its side's points in partnership games).
    fn returns(&self) -> Vec<f64>;
    /// What `player` may see, as plain data.
    fn observation(&self, player: usize) -> Result<Value>;
    /// A readable picture of the table.
    fn render(&self) -> String;
    /// A boxed copy.
    fn box_clone(&self) -> Box<dyn GameState>;
    /// The actions applied so far (chance events are not actions).
    fn history(&self) -> Vec<String>;
}

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

/// The keys every game's observation begins with, in this order:
///
/// * `player`: the observing player;
/// * `phase`: the phase's name;
/// * `current_player`: the player to act, `-1` when the state is terminal;
/// * `hand_number`: the hand (deal) being played, counted from 1;
/// * `hand`: the observer's own cards, strongest first within each suit,
///   suits in the pack's order;
/// * `trick`: the trick in progress as `[seat, card]` pairs in play order
///   (a lead of several cards gives one pair per card);
/// * `scores`: the match scores, as the game keeps them (per side or per
///   seat).
///
/// Each game adds its own keys after these (documented with the game).
pub fn core_keys(
    player: usize,
    phase: &str,
    current: Option<usize>,
    hand_number: usize,
    hand: Vec<String>,
    trick: Vec<(usize, String)>,
    scores: Value,
) -> Vec<(String, Value)> {
    vec![
        ("player".into(), Value::from(player)),
        ("phase".into(), Value::from(phase)),
        (
            "current_player".into(),
            current.map_or(Value::Int(-1), Value::from),
        ),
        ("hand_number".into(), Value::from(hand_number)),
        ("hand".into(), Value::from(hand)),
        (
            "trick".into(),
            Value::List(
                trick
                    .into_iter()
                    .map(|(seat, c)| Value::List(vec![Value::from(seat), Value::from(c)]))
                    .collect(),
            ),
        ),
        ("scores".into(), scores),
    ]
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
    /// The name of the phase the state is in (`play`, `bid`, `over` ...).
    fn phase_name(&self) -> &'static str;
    /// Every seat's cards now in compact notation, seat 0 first (a god's-eye
    /// view, for analysis and display).
    fn hands_compact(&self) -> Vec<String>;
    /// `action`, legal here for the player to act, as `viewer` sees it when
    /// it is made. Most actions are seen by everyone as they are. One that
    /// puts cards where only some players see them (a trump indicator laid
    /// face down, a discard, cards passed to one player) keeps its shape
    /// with [`UNSEEN`] for each card `viewer` is not shown: `indicator:?`,
    /// `discard:?+?+?`, `facedown:?:QM`. The actor sees his action as it
    /// is. A card turned up later shows in the observations, not here.
    fn seen_action(&self, action: &str, viewer: usize) -> String {
        let _ = viewer;
        action.to_string()
    }
    /// The trick in progress as `seat`'s player can tell it (trick games).
    fn trick_facts(&self, seat: usize) -> Result<TrickFacts> {
        let _ = seat;
        Err(crate::error::Error::State(
            "trick facts are offered for the trick games in trick play".into(),
        ))
    }
}

/// What a player not shown a card sees in its place in an action
/// ([`GameState::seen_action`]).
pub const UNSEEN: &str = "?";

/// `n` cards not shown, joined as an action joins cards: `?+?+?`.
pub fn unseen_cards(n: usize) -> String {
    vec![UNSEEN; n.max(1)].join("+")
}

/// What a player can tell about one card of his own hand in the trick in
/// progress, by the engine's rules and never more than he may know (for bots
/// and displays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardFacts {
    /// The card.
    pub card: String,
    /// The suit it plays as (Satat's 2H: the trump suit once known).
    pub suit: String,
    /// Its order among the cards of that suit, 0 the weakest (equal cards,
    /// as in a double pack, share it).
    pub strength: u32,
    /// Its card points (Twenty-eight's points; a ten in Dehla Pakad: 1).
    pub points: i32,
    /// It belongs to the trump suit as far as the player knows.
    pub trump: bool,
    /// Played now, it would be winning the trick (as far as the player can
    /// tell; a lead always is).
    pub wins: bool,
    /// No stronger card of its suit is unseen by the player (all are in his
    /// hand or played).
    pub master: bool,
}

/// The trick in progress as a player can tell it: the card winning it so
/// far, the facts of each card of his hand, the cards of each suit he has
/// not seen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrickFacts {
    /// The seat and card winning the trick so far (`None` before the lead).
    pub winner: Option<(usize, String)>,
    /// The winning card is a trump or no unseen card of its suit beats it.
    pub winner_sure: bool,
    /// The suit led, as it plays (`None` before the lead).
    pub led: Option<String>,
    /// The card points lying in the trick.
    pub points: i32,
    /// For each suit of the pack, how many of its cards the player has not
    /// seen (in other hands, or laid aside face down).
    pub unseen: Vec<(String, u32)>,
    /// Each card of the hand, in the hand's order.
    pub cards: Vec<CardFacts>,
}

/// Writes, inside an `impl GameState for ...` block, the [`GameState`]
/// methods named in the list with the body most games share:
/// * `observation`: `self.observe(player)`;
/// * `render`: `self.render_table()`;
/// * `box_clone`: a boxed clone of the state;
/// * `history`: the state's field `history` (the action strings), cloned;
/// * `phase_name`: `self.phase().name()`;
/// * `trick_facts`: `self.facts(seat)`;
/// * `hands_compact`: `self.hands()`, each written by `self.config().pack`.
///
/// A game whose method differs writes that one itself.
macro_rules! state_methods {
    ($($method:ident),* $(,)?) => {
        $($crate::game::state_methods!(@$method);)*
    };
    (@observation) => {
        fn observation(&self, player: usize) -> $crate::error::Result<$crate::game::Value> {
            self.observe(player)
        }
    };
    (@render) => {
        fn render(&self) -> String {
            self.render_table()
        }
    };
    (@box_clone) => {
        fn box_clone(&self) -> Box<dyn $crate::game::GameState> {
            Box::new(self.clone())
        }
    };
    (@history) => {
        fn history(&self) -> Vec<String> {
            self.history.clone()
        }
    };
    (@phase_name) => {
        fn phase_name(&self) -> &'static str {
            self.phase().name()
        }
    };
    (@trick_facts) => {
        fn trick_facts(&self, seat: usize) -> $crate::error::Result<$crate::game::TrickFacts> {
            self.facts(seat)
        }
    };
    (@hands_compact) => {
        fn hands_compact(&self) -> Vec<String> {
            let p = &self.config().pack;
            self.hands().iter().map(|&h| p.format_hand(h)).collect()
        }
    };
}

pub(crate) use state_methods;

#[cfg(test)]
mod tests {
    use super::GameState;
    use crate::games::dashavatara::Dashavatara;

    /// The shared methods of [`state_methods`] read the state they are
    /// written for (Dashavatara's state uses every one of them).
    #[test]
    fn state_methods_read_the_state() {
        let g = Dashavatara::new(&[]).unwrap();
        let mut s = g.new_game(5);
        for _ in 0..7 {
            let a = s.legal_actions()[0].clone();
            GameState::apply(&mut s, &a).unwrap();
        }
        let b = s.box_clone();
        assert_eq!(b.history(), s.history());
        assert_eq!(b.history().len(), 7);
        assert_eq!(s.phase_name(), s.phase().name());
        assert_eq!(s.observation(1).unwrap(), s.observe(1).unwrap());
        assert_eq!(s.render(), s.render_table());
        assert_eq!(
            s.trick_facts(s.current().unwrap()).unwrap(),
            s.facts(s.current().unwrap()).unwrap()
        );
        let p = &s.config().pack;
        let hands: Vec<String> = s.hands().iter().map(|&h| p.format_hand(h)).collect();
        assert_eq!(s.hands_compact(), hands);
        assert_eq!(b.hands_compact(), hands);
    }
}

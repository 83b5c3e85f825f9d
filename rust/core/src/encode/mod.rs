//! Numbers for learning programs: every game's state as a fixed-size vector
//! of `f32` seen from one player, and its actions as fixed ids.
//!
//! A game offers them through [`crate::surface::Game::encoding`], which
//! returns an [`Encoding`] of its states: two [`Layout`]s (the
//! *observation*, what the player sees now, and the *information state*,
//! the observation followed by the history of the hand as he saw it), and an
//! [`ActionSpace`] that numbers every decision the game can ask for. The
//! layouts are made of named [`Section`]s, so each game's layout documents
//! itself (`hukm.Game.observation_layout()` in Python).
//!
//! Rules every encoding keeps:
//! * **Nothing hidden leaks.** A value depends only on what the observing
//!   player may know: his own cards, cards shown face up, public
//!   announcements, and what his own past actions told him. Two states that
//!   differ only in cards he cannot see give the same vector.
//! * **Seats are relative.** Index 0 of every per-seat section is the
//!   observer, 1 the seat that plays after him, and so on.
//! * **Cards are slots.** A card is written at its slot of [`CardSlots`]:
//!   the pack's cards in hand order (suits in the pack's order, strongest
//!   first), the two copies of a card of a double pack sharing a slot (a
//!   value of 2 then means both copies).
//! * **Values are small.** Flags and one-hot groups are 0 or 1; counts and
//!   points are divided by a scale each section names.
//!
//! Action ids are fixed for a configured game: `0..num_distinct_actions`,
//! in segments (the cards, the trump calls, the bids ...). Most ids mean
//! the same action in every state; a few segments number an action by the
//! acting player's hand (a subset of his cards, given by the places of the
//! cards in his hand) or by what the rules leave open at that moment
//! (Ganjifa's compulsory multi-card leads), and are turned into an action
//! string only with a state.

mod actions;
mod cards;
mod table;

pub use actions::{rank_subset, subset_count, unrank_subset, ActionSpace, Segment};
pub use cards::CardSlots;
pub use table::{one_hot, seat_cards, Auction, History, Table, TableView};

use crate::error::Result;
use crate::game::GameState;

/// Which vector of a state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// What the player sees now.
    Observation,
    /// The observation followed by the hand's history as the player saw it
    /// (every trick in order, the auction in order).
    InformationState,
}

impl Kind {
    /// Reads `observation` or `information_state`.
    pub fn parse(word: &str) -> Result<Kind> {
        match word {
            "observation" => Ok(Kind::Observation),
            "information_state" => Ok(Kind::InformationState),
            _ => Err(crate::error::Error::Option(format!(
                "bad tensor kind {:?}; kinds: observation, information_state",
                word
            ))),
        }
    }
}

/// One named block of a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The section's name (`hand`, `trick`, `trump` ...).
    pub name: &'static str,
    /// Where it starts in the vector.
    pub offset: usize,
    /// Its shape (its size is the product).
    pub shape: Vec<usize>,
    /// What it holds and how it is scaled.
    pub about: &'static str,
}

impl Section {
    /// Number of values.
    pub fn size(&self) -> usize {
        self.shape.iter().product()
    }
}

/// The sections of one vector, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    sections: Vec<Section>,
    len: usize,
}

impl Layout {
    /// An empty layout.
    pub fn new() -> Layout {
        Layout::default()
    }

    /// Appends a section of `shape` and returns its offset.
    pub fn add(&mut self, name: &'static str, shape: &[usize], about: &'static str) -> usize {
        debug_assert!(self.section(name).is_none(), "section {} added twice", name);
        let offset = self.len;
        let s = Section {
            name,
            offset,
            shape: shape.to_vec(),
            about,
        };
        self.len += s.size();
        self.sections.push(s);
        offset
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the layout has no value.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The sections in order.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The section called `name`.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }
}

/// A game's tensors and action ids over its states `S`.
///
/// The registry calls [`Encoding::encode`] with a zeroed vector of
/// `layout(kind).len()` values and a player in range; an implementation
/// writes only non-zero values.
pub trait Encoding<S: GameState>: Send + Sync + 'static {
    /// The layout of `kind`.
    fn layout(&self, kind: Kind) -> &Layout;
    /// Writes `state` as `player` sees it into `out` (zeroed, of the
    /// layout's length).
    fn encode(&self, state: &S, player: usize, kind: Kind, out: &mut [f32]);
    /// The action ids.
    fn actions(&self) -> &ActionSpace;
    /// The id of `action`; `state` is needed for the ids numbered by the
    /// acting player's hand (an error without it).
    fn action_id(&self, state: Option<&S>, action: &str) -> Result<usize>;
    /// The action string of `id`; `state` is needed for the ids numbered by
    /// the acting player's hand (an error without it).
    fn id_action(&self, state: Option<&S>, id: usize) -> Result<String>;
    /// Appends the ids of the legal actions of `state` (distinct ids, one per
    /// legal action).
    fn legal_ids(&self, state: &S, out: &mut Vec<usize>) -> Result<()>;
    /// Applies the action of `id`; an illegal id changes nothing.
    fn apply_id(&self, state: &mut S, id: usize) -> Result<()> {
        let a = self.id_action(Some(state), id)?;
        state.apply(&a)
    }
    /// The number of the hand in play: it changes exactly when the next
    /// hand of a match is dealt (an environment's episode is one hand).
    fn hand_number(&self, state: &S) -> usize;
}

/// The two layouts of an encoding: the observation, and the information
/// state (the observation followed by the history sections).
#[derive(Clone, Debug)]
pub struct Layouts {
    /// The observation.
    pub obs: Layout,
    /// The information state.
    pub info: Layout,
}

impl Layouts {
    /// The layouts of an encoding with no history sections: the
    /// information state is the observation.
    pub fn same(obs: Layout) -> Layouts {
        Layouts {
            info: obs.clone(),
            obs,
        }
    }

    /// The layout of `kind`.
    pub fn get(&self, kind: Kind) -> &Layout {
        match kind {
            Kind::Observation => &self.obs,
            Kind::InformationState => &self.info,
        }
    }
}

/// The place of `word` in `words`, a segment of ids of fixed actions (an
/// error for an action that is none of them).
///
/// ```
/// use hukm_core::encode::word_id;
/// assert_eq!(word_id(&["pass", "double"], "double").unwrap(), 1);
/// assert!(word_id(&["pass"], "redeal").is_err());
/// ```
pub fn word_id<A: PartialEq + std::fmt::Debug>(words: &[A], word: A) -> Result<usize> {
    words
        .iter()
        .position(|x| *x == word)
        .ok_or_else(|| crate::error::Error::IllegalAction(format!("no id for {:?}", word)))
}

/// Writes values at a section's offset.
pub struct Out<'a> {
    /// The whole vector.
    pub v: &'a mut [f32],
}

impl Out<'_> {
    /// Sets value `i` of the section at `at`.
    #[inline]
    pub fn set(&mut self, at: usize, i: usize, x: f32) {
        self.v[at + i] = x;
    }

    /// Adds to value `i` of the section at `at`.
    #[inline]
    pub fn add(&mut self, at: usize, i: usize, x: f32) {
        self.v[at + i] += x;
    }

    /// Sets a flag (1 when `on`).
    #[inline]
    pub fn flag(&mut self, at: usize, i: usize, on: bool) {
        if on {
            self.v[at + i] = 1.0;
        }
    }
}

/// The seat after `seat` (below `n`) at a table of `n`.
#[inline]
pub fn next_seat(seat: usize, n: usize) -> usize {
    if seat + 1 >= n {
        0
    } else {
        seat + 1
    }
}

/// The seat `seat` seen from `observer` at a table of `n`: 0 for himself,
/// 1 for the seat after him, ...
#[inline]
pub fn relative(seat: usize, observer: usize, n: usize) -> usize {
    // Seats below `n` (every caller's) need no division.
    if seat < n && observer < n {
        if seat >= observer {
            seat - observer
        } else {
            seat + n - observer
        }
    } else {
        (seat + n - observer % n) % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_offsets_follow_the_sections() {
        let mut l = Layout::new();
        assert_eq!(l.add("a", &[3], "three"), 0);
        assert_eq!(l.add("b", &[2, 4], "eight"), 3);
        assert_eq!(l.len(), 11);
        assert_eq!(l.section("b").unwrap().size(), 8);
        assert!(l.section("c").is_none());
    }

    #[test]
    fn relative_seats_start_at_the_observer() {
        assert_eq!(relative(2, 2, 4), 0);
        assert_eq!(relative(3, 2, 4), 1);
        assert_eq!(relative(0, 2, 4), 2);
        assert_eq!(relative(1, 2, 4), 3);
    }

    #[test]
    fn kinds_read_their_words() {
        assert_eq!(Kind::parse("observation").unwrap(), Kind::Observation);
        assert!(Kind::parse("obs").is_err());
    }
}

//! What a configured game is, for every surface that shows or drives it:
//! its sides, what its double-dummy value counts, the objectives a solve
//! takes, its double-dummy table, and the keywords of `new_game` and
//! `from_deal`, and the keys of its observations. A game states it once ([`crate::surface::Game::describe`]);
//! the command line, batch plans, pictures and records read it instead of
//! naming games.

/// Who plays with whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sides {
    /// Fixed partnerships: the side of each seat.
    Partners(Vec<usize>),
    /// Each hand one player (named by the role, e.g. `banker`) against each
    /// of the others.
    OneAgainstEach(&'static str),
    /// Every player for himself (a solve counts one against the others as a
    /// coalition).
    Each,
}

/// One objective a solve takes (`objective=` in the Python API).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Its name (`tricks`: the game's own value; `kot`: the kot query).
    pub name: &'static str,
    /// What the value counts: `tricks`, `tens`, `card points`, `cards`,
    /// `win` (1 or 0), `kot` (1 or 0), `net result`, `balls`.
    pub unit: &'static str,
    /// One line about it.
    pub about: &'static str,
    /// How the command line writes the unit after a value (`tricks`,
    /// `(1: wins the hand)`): the unit itself unless a game says otherwise.
    pub label: &'static str,
}

/// The shape of a game's double-dummy table (`dd_table`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableShape {
    /// What a row is: the trump (`N`: none).
    pub rows: Vec<String>,
    /// What a column is: `leader` (the seat on lead) or `bidder`.
    pub columns: &'static str,
    /// The layouts `dd_table(layout=...)` takes (the first is the default);
    /// empty when it takes none.
    pub layouts: Vec<&'static str>,
    /// What a cell counts.
    pub unit: &'static str,
}

/// One keyword of `new_game` or `from_deal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keyword {
    /// The keyword.
    pub name: &'static str,
    /// What it takes: `seat`, `suit`, `card`, `cards`, `int`, `ints`
    /// (one number per side or seat), `bool`, `seed`.
    pub kind: &'static str,
    /// Whether a call must give it.
    pub required: bool,
    /// One line about it, with what happens when it is absent.
    pub about: &'static str,
    /// Whether a person states it for a position (a command-line flag, a
    /// field of the web page); `false` for what a program passes: the
    /// progress of a hand, a chance seed.
    pub position: bool,
    /// What a surface passes when a person leaves it out (`None`: nothing,
    /// the call's own rule applies).
    pub absent: Option<&'static str>,
}

/// Shorthand for a [`Keyword`] a person states for a position, with no
/// value when absent.
pub const fn kw(
    name: &'static str,
    kind: &'static str,
    required: bool,
    about: &'static str,
) -> Keyword {
    Keyword {
        name,
        kind,
        required,
        about,
        position: true,
        absent: None,
    }
}

/// `new_game`'s `dealer` of a game whose first dealer is drawn at random
/// when none is given (Ganjifa, Dugi).
pub const RANDOM_DEALER: Keyword = kw(
    "dealer",
    "seat",
    false,
    "the first dealer; absent: at random",
);

impl Keyword {
    /// The keyword as one a program passes, not a person (the progress of a
    /// hand, a chance seed).
    pub const fn unasked(self) -> Keyword {
        Keyword {
            position: false,
            ..self
        }
    }

    /// The keyword with the value a surface passes when it is left out.
    pub const fn when_absent(self, value: &'static str) -> Keyword {
        Keyword {
            absent: Some(value),
            ..self
        }
    }
}

/// One key of a game's observations (`State.observation(player)`): its
/// name, the shape of its value, whether every observation holds it and
/// what it means.
///
/// A shape is `int`, `str`, `bool`, `card` (a card in the notation of its
/// pack), `map` (a map of names to values, named in `about`) or `any`;
/// `[T]` is a list of `T` and `T?` a `T` or null (`[card?]`: a list whose
/// items may be null).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The key.
    pub name: &'static str,
    /// The shape of its value.
    pub kind: &'static str,
    /// Whether every observation of the game holds it (else only some
    /// presets or phases do).
    pub always: bool,
    /// What it means.
    pub about: &'static str,
}

/// A key every observation of the game holds.
pub const fn field(name: &'static str, kind: &'static str, about: &'static str) -> Field {
    Field {
        name,
        kind,
        always: true,
        about,
    }
}

impl Field {
    /// The key as one only some presets or phases hold.
    pub const fn sometimes(self) -> Field {
        Field {
            always: false,
            ..self
        }
    }
}

/// The keys every game's observation begins with, in this order
/// ([`crate::game::core_keys`] writes them).
pub const CORE_OBSERVATION: &[Field] = &[
    field("player", "int", "The observing player."),
    field(
        "phase",
        "str",
        "The phase's name (`play`, `bid`, `trump`, `over` ...).",
    ),
    field(
        "current_player",
        "int",
        "The player to act; -1 when the state is terminal.",
    ),
    field(
        "hand_number",
        "int",
        "The hand (deal) being played, counted from 1.",
    ),
    field(
        "hand",
        "[card]",
        "The observer's own cards: suits in the pack's order, strongest first, or in the \
         order received in a game where that order counts.",
    ),
    field(
        "trick",
        "[[any]]",
        "The trick in progress as `[seat, card]` pairs in play order (a lead of \
         several cards gives one pair per card; always empty in a game without tricks).",
    ),
    field(
        "scores",
        "[int]",
        "The match scores, per side or per seat as the game keeps them.",
    ),
];

/// What a configured game is, for its surfaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// Who plays with whom.
    pub sides: Sides,
    /// The objectives a solve takes; the first is the default.
    pub objectives: Vec<Objective>,
    /// Whether a solve takes a whole-hand `target` (the outcome against it).
    pub target: bool,
    /// Whether a solve can stop with proven bounds (`bounds=True`).
    pub bounds: bool,
    /// The seat whose side a surface counts when none is chosen, as a
    /// `from_deal` keyword (`leader`, `bidder`); `None`: the player to move.
    pub counted: Option<&'static str>,
    /// The double-dummy table, where the game has one.
    pub table: Option<TableShape>,
    /// The keywords of `new_game`.
    pub new_game: Vec<Keyword>,
    /// The keywords of `from_deal`.
    pub from_deal: Vec<Keyword>,
    /// Groups of `from_deal` keywords of which a position gives exactly one.
    pub exactly_one: Vec<Vec<&'static str>>,
    /// Whether play is whist's: three or four players each with a hand of
    /// the deal, no heap, turns going round anticlockwise, a trump suit or
    /// none. The command line shows a seeded deal's table of every trump
    /// and leader; PBN records hold the four-player ones.
    pub whist: bool,
    /// What a move is called where values are listed: `card` when every
    /// move is a card, else `action`.
    pub moves: &'static str,
    /// The largest hand an exact solve finishes quickly, where hands can be
    /// larger (the command line asks for `--force` beyond it).
    pub quick_hand: Option<usize>,
    /// Whether a solve counts every trick of the deal even where the rules
    /// end the hand earlier: `best_line(to="all_tricks")` plays the rest out
    /// from a position of the same trump, the last trick's winner on lead.
    pub plays_out: bool,
    /// The words of a target solve's values, from 0 (empty: no target).
    pub outcomes: Vec<&'static str>,
    /// The keys of the game's observations after [`CORE_OBSERVATION`]'s,
    /// every key any of its presets writes, in the order they are written.
    pub observation: &'static [Field],
}

impl Description {
    /// A game whose solve counts `unit` (the one objective `tricks`, said
    /// in `about`), with no target, bounds, table or keywords: the fields a
    /// game differs in are set after it.
    pub fn new(sides: Sides, unit: &'static str, about: &'static str) -> Description {
        Description {
            sides,
            objectives: vec![Objective {
                name: "tricks",
                unit,
                about,
                label: unit,
            }],
            target: false,
            bounds: false,
            counted: None,
            table: None,
            new_game: Vec::new(),
            from_deal: Vec::new(),
            exactly_one: Vec::new(),
            whist: false,
            moves: "action",
            quick_hand: None,
            plays_out: false,
            outcomes: Vec::new(),
            observation: &[],
        }
    }

    /// The description with the default objective's unit written as
    /// `label` on the command line.
    pub fn labelled(mut self, label: &'static str) -> Description {
        self.objectives[0].label = label;
        self
    }

    /// The sides as one side number per seat of `players`.
    pub fn side_of_seats(&self, players: usize) -> Vec<usize> {
        match &self.sides {
            Sides::Partners(v) => v.clone(),
            _ => (0..players).collect(),
        }
    }
}

/// Partnerships of alternate seats (0 and 2 against 1 and 3, or three
/// against three with six players).
pub fn alternate(players: usize) -> Sides {
    Sides::Partners((0..players).map(|s| s % 2).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternate_partners_and_sides() {
        let mut d = Description::new(alternate(4), "tricks", "tricks");
        d.bounds = true;
        d.counted = Some("leader");
        d.from_deal = vec![kw("leader", "seat", true, "the seat on lead").when_absent("0")];
        assert!(d.from_deal[0].position && !d.from_deal[0].clone().unasked().position);
        assert_eq!(d.clone().labelled("(1: x)").objectives[0].label, "(1: x)");
        assert_eq!(d.side_of_seats(4), vec![0, 1, 0, 1]);
        let each = Description {
            sides: Sides::Each,
            ..d
        };
        assert_eq!(each.side_of_seats(3), vec![0, 1, 2]);
    }

    #[test]
    fn the_core_fields_are_the_keys_core_keys_writes() {
        let keys = crate::game::core_keys(
            1,
            "play",
            None,
            1,
            Vec::new(),
            Vec::new(),
            crate::game::Value::Int(0),
        );
        let names: Vec<&str> = keys.iter().map(|(k, _)| k.as_str()).collect();
        let fields: Vec<&str> = CORE_OBSERVATION.iter().map(|f| f.name).collect();
        assert_eq!(names, fields);
        assert!(CORE_OBSERVATION.iter().all(|f| f.always));
        assert!(!field("heap", "int", "x").sometimes().always);
    }
}

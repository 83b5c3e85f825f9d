//! The catalog: every game and preset of the rules files by name ([`ALL`]),
//! with its aliases, and the lookup [`entry`] that the binding, the command
//! line and every surface go through. A new game adds its presets here.

use super::AnyGame;
use crate::error::{Error, Result};
use crate::games::{dashavatara, dugi, ganjifa, hokm, naqsh, thunee, twenty_eight};
use crate::params::Param;
use crate::surface::{Game, OptionInfo};

/// One game or preset of the rules files, with the game module that plays
/// it.
#[derive(Copy, Clone)]
pub struct Entry {
    /// The preset's name (`hokm4`, `dehla_pakad`, `28`, `ganjifa` ...).
    pub name: &'static str,
    /// The game module's name (`hokm`, `twenty_eight`, `ganjifa`, `dugi`,
    /// `dashavatara`, `naqsh`, `thunee`).
    pub family: &'static str,
    /// Players by default.
    pub players: usize,
    /// The pack by default.
    pub pack: &'static str,
    /// One line about it.
    pub title: &'static str,
    pub(super) build: Builder,
    pub(super) info: fn(&str) -> Vec<OptionInfo>,
}

/// Builds a game of a preset with options.
type Builder = fn(&str, &[(String, String)]) -> Result<AnyGame>;

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.name)
            .field("family", &self.family)
            .finish()
    }
}

fn build<G: Game>(preset: &str, options: &[(String, String)]) -> Result<AnyGame> {
    Ok(AnyGame::of(G::build(preset, options)?))
}

/// An entry of game `G`.
const fn e<G: Game>(
    name: &'static str,
    family: &'static str,
    players: usize,
    pack: &'static str,
    title: &'static str,
) -> Entry {
    Entry {
        name,
        family,
        players,
        pack,
        title,
        build: build::<G>,
        info: G::option_info,
    }
}

use dashavatara::Dashavatara as Dasha;
use dugi::Dugi;
use ganjifa::Ganjifa;
use hokm::Hokm;
use naqsh::Naqsh;
use thunee::Thunee;
use twenty_eight::TwentyEight as T28;

/// Every game and preset, in the order of the rules files. A new game adds
/// its presets here.
pub const ALL: &[Entry] = &[
    e::<Hokm>("hokm4", "hokm", 4, "french52", "Hokm for four, Iran"),
    e::<Hokm>(
        "hokm3",
        "hokm",
        3,
        "french52",
        "Hokm for three, 17 cards each",
    ),
    e::<Hokm>(
        "hokm2",
        "hokm",
        2,
        "french52",
        "Hokm for two, keep-or-reject drawing",
    ),
    e::<Hokm>(
        "court_piece",
        "hokm",
        4,
        "french52",
        "Court Piece (Rang): kot choice and kot counting",
    ),
    e::<Hokm>(
        "single_sar",
        "hokm",
        4,
        "french52",
        "Single Sar: every trick to its winner, all 13 played",
    ),
    e::<Hokm>(
        "double_sar",
        "hokm",
        4,
        "french52",
        "Double Sar: tricks collected from a heap",
    ),
    e::<Hokm>(
        "dummy_rang",
        "hokm",
        3,
        "french52",
        "Dummy Rang: three players and an exposed dummy",
    ),
    e::<Hokm>(
        "dab_rang",
        "hokm",
        4,
        "french52",
        "Dab Rang: auction for sars, hidden trump and the cut call",
    ),
    e::<Hokm>(
        "satat",
        "hokm",
        4,
        "french52",
        "Satat: the two of hearts is the highest trump",
    ),
    e::<Hokm>(
        "trup_kasiet",
        "hokm",
        4,
        "french52",
        "Trup kasiet: Satat with a secret trump",
    ),
    e::<Hokm>(
        "dehla_pakad",
        "hokm",
        4,
        "french52",
        "Dehla Pakad (Mindi): the tens collected decide",
    ),
    e::<Hokm>(
        "be_ranga",
        "hokm",
        4,
        "french52",
        "Be Ranga: the first void play fixes trumps",
    ),
    e::<T28>("28", "twenty_eight", 4, "french32", "Twenty-eight"),
    e::<T28>(
        "29",
        "twenty_eight",
        4,
        "french32",
        "Twenty-nine: the pair and the last-trick point",
    ),
    e::<T28>(
        "28_wb",
        "twenty_eight",
        4,
        "french32",
        "Twenty-eight as played in West Bengal",
    ),
    e::<T28>(
        "40",
        "twenty_eight",
        6,
        "french32",
        "Forty: six players, threes added",
    ),
    e::<T28>(
        "56",
        "twenty_eight",
        6,
        "french32",
        "Fifty-six: six players, double pack",
    ),
    e::<Ganjifa>(
        "ganjifa",
        "ganjifa",
        3,
        "moghul",
        "Ganjifa, each player for himself",
    ),
    e::<Dugi>("dugi", "dugi", 4, "moghul", "Dugi: partnership Ganjifa"),
    e::<Dasha>(
        "dashavatara",
        "dashavatara",
        3,
        "dashavatara",
        "Dashavatara Ganjifa",
    ),
    e::<Naqsh>(
        "naqsh",
        "naqsh",
        6,
        "moghul96",
        "Naqsh: the banking game of 17",
    ),
    e::<Thunee>("thunee4", "thunee", 4, "thunee24", "Thunee"),
    e::<Thunee>(
        "thunee4_plain",
        "thunee",
        4,
        "thunee24",
        "Thunee: bids, trumps, Jodhi and Thunee only",
    ),
    e::<Thunee>(
        "thunee4_app",
        "thunee",
        4,
        "thunee24",
        "Thunee as played online: 13 balls, last-trick bonus",
    ),
    e::<Thunee>(
        "thunee2",
        "thunee",
        2,
        "thunee24",
        "Thunee for two: two rounds of six cards",
    ),
    e::<Thunee>(
        "thunee6",
        "thunee",
        6,
        "thunee24",
        "Thunee for six: three against three",
    ),
];

/// Short names accepted where a preset is expected: (alias, preset).
pub const ALIASES: &[(&str, &str)] = &[
    ("hokm", "hokm4"),
    ("twenty_eight", "28"),
    ("twenty_nine", "29"),
    ("thunee", "thunee4"),
];

/// The entry of a preset name (or an alias such as `hokm`).
pub fn entry(name: &str) -> Result<&'static Entry> {
    let name = ALIASES
        .iter()
        .find(|(a, _)| *a == name)
        .map_or(name, |(_, n)| n);
    ALL.iter().find(|e| e.name == name).ok_or_else(|| {
        let names: Vec<&str> = ALL.iter().map(|e| e.name).collect();
        Error::Option(format!(
            "unknown game {:?}; games: {}",
            name,
            names.join(", ")
        ))
    })
}

/// Converts a keyword value for messages and records.
pub fn param_text(p: &Param) -> String {
    match p {
        Param::Null => "None".into(),
        Param::Bool(b) => if *b { "True" } else { "False" }.into(),
        Param::Int(i) => i.to_string(),
        Param::Text(t) => format!("{:?}", t),
        Param::Ints(v) => format!("{:?}", v),
    }
}

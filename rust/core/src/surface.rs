//! What every game module gives the rest of the engine: the [`Game`] trait
//! (build a game from a preset and options, start a match or a hand, sample,
//! solve), with the option descriptions ([`OptionInfo`], [`option_info`]) and
//! the double-dummy [`Table`] it answers with.
//!
//! This module sits below both the games and the registry: a game implements
//! [`Game`] here, and [`crate::registry`] lists the games and erases their
//! types (re-exporting these names, so `crate::registry::Game` keeps
//! working). Nothing here names a game.

use std::sync::Arc;

use crate::error::{Error, Result};
use crate::game::{GameState, Value};
use crate::options::{Accepts, Spec};
use crate::pack::Pack;
use crate::params::Params;
use crate::sample::Determinize;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::solve::SolverConfig;

/// What one option of a preset accepts, and its default there.
#[derive(Clone, Debug)]
pub struct OptionInfo {
    /// The option's key.
    pub name: &'static str,
    /// What it accepts.
    pub accepts: Accepts,
    /// Its default in this preset (`None`: it depends on other options).
    pub default: Option<String>,
}

/// The options of a preset from its game's option table: those that
/// `applies` accepts, each with the preset's own value (`preset`) where it
/// sets one, else the table's default.
pub fn option_info(
    specs: &[crate::options::Spec],
    preset: &[(&'static str, &'static str)],
    applies: impl Fn(&str) -> bool,
) -> Vec<OptionInfo> {
    specs
        .iter()
        .filter(|s| applies(s.name))
        .map(|s| {
            let d = preset
                .iter()
                .rev()
                .find(|(k, _)| *k == s.name)
                .map(|(_, v)| *v)
                .or(s.default);
            // Switches are written on/off, whatever spelling the table uses.
            let d = match (s.accepts, d) {
                (crate::options::Accepts::Switch, Some("true" | "on" | "yes" | "1")) => Some("on"),
                (crate::options::Accepts::Switch, Some("false" | "off" | "no" | "0")) => {
                    Some("off")
                }
                _ => d,
            };
            OptionInfo {
                name: s.name,
                accepts: s.accepts,
                default: d.map(String::from),
            }
        })
        .collect()
}

/// A double-dummy table of a deal, with what its rows and columns mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The values, row by row.
    pub rows: Vec<Vec<i32>>,
    /// What each row is (e.g. `S`, `H`, `D`, `C`, `N` for the trump).
    pub row_labels: Vec<String>,
    /// What each column is (e.g. the seat on lead).
    pub col_labels: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
}

/// What a double-dummy table ([`Game::dd_table`]) is asked for.
#[derive(Clone, Copy)]
pub struct TableRequest<'a> {
    /// The deal, in the game's compact notation.
    pub deal: &'a str,
    /// The game's `dd_table` keywords (a layout, a leader).
    pub params: &'a Params,
    /// The solver's settings.
    pub config: &'a SolverConfig,
    /// Threads to search with.
    pub threads: usize,
}

/// What every game's configuration holds the same way: the preset, the
/// options as given, the pack and the number of players. A game hands it out
/// through [`Game::basics`]; the default methods of [`Game`]
/// ([`Game::preset`], [`Game::options`], [`Game::pack`],
/// [`Game::num_players`]) read it, so a game states only what differs.
#[derive(Copy, Clone, Debug)]
pub struct Basics<'a> {
    /// The preset's name.
    pub preset: &'static str,
    /// The options as given, normalised, with those they imply.
    pub options: &'a [(String, String)],
    /// The pack in play.
    pub pack: &'a Pack,
    /// Number of players.
    pub players: usize,
}

impl<'a> Basics<'a> {
    /// The basics of a game's configuration.
    pub fn new(
        preset: &'static str,
        options: &'a [(String, String)],
        pack: &'a Pack,
        players: usize,
    ) -> Basics<'a> {
        Basics {
            preset,
            options,
            pack,
            players,
        }
    }
}

/// What every game module gives the registry. A game states how it is
/// built ([`Game::build`]), its configuration's [`Basics`], its option
/// table ([`Game::specs`], with [`Game::preset_defaults`] and
/// [`Game::applies`] where presets differ) and its own keywords and
/// searches; the rest has default methods.
pub trait Game: Sized + Clone + Send + Sync + 'static {
    /// The game's states; they deal their hidden cards again through
    /// [`Determinize`].
    type State: GameState + Determinize + Clone + 'static;
    /// Builds the game of preset `preset` (a name of [`crate::registry::ALL`] of this
    /// family) with `options` (key, value) applied.
    fn build(preset: &str, options: &[(String, String)]) -> Result<Self>;
    /// The preset, options, pack and players of the configured game.
    fn basics(&self) -> Basics<'_>;
    /// The preset's name.
    fn preset(&self) -> &'static str {
        self.basics().preset
    }
    /// The options as given, normalised, with those they imply.
    fn options(&self) -> Vec<(String, String)> {
        self.basics().options.to_vec()
    }
    /// The values of the options whose default depends on other options
    /// (a `None` default in [`Game::option_info`]), as this game resolved
    /// them. An option whose unset value is a rule rather than one value
    /// (Hokm's `points_bavney`: a kot's value) is left out.
    fn derived_options(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// The game's option table (every option of every preset).
    fn specs() -> &'static [Spec];
    /// The values preset `preset` sets over the table's defaults (a later
    /// pair wins); none by default.
    fn preset_defaults(preset: &str) -> Vec<(&'static str, &'static str)> {
        let _ = preset;
        Vec::new()
    }
    /// Whether option `option` of the table applies to preset `preset`;
    /// every option does by default.
    fn applies(preset: &str, option: &str) -> bool {
        let _ = (preset, option);
        true
    }
    /// What each option of `preset` accepts, with its default there: the
    /// table's options that apply to it, with its own values.
    fn option_info(preset: &str) -> Vec<OptionInfo> {
        option_info(Self::specs(), &Self::preset_defaults(preset), |o| {
            Self::applies(preset, o)
        })
    }
    /// The pack in play.
    fn pack(&self) -> &Pack {
        self.basics().pack
    }
    /// Number of players.
    fn num_players(&self) -> usize {
        self.basics().players
    }
    /// A whole match, chance seeded by `seed`; `params` are the game's own
    /// starting keywords (a dealer, a banker, scores).
    fn new_game(&self, seed: u64, params: &Params) -> Result<Self::State>;
    /// One hand from a position; `params` are the game's `from_deal`
    /// keywords.
    #[allow(clippy::wrong_self_convention)]
    fn from_deal(&self, deal: &str, params: &Params) -> Result<Self::State>;
    /// The cards of the first deal of `new_game(seed, params)`, seat 0
    /// first, in compact notation.
    fn deal(&self, seed: u64, params: &Params) -> Result<String>;
    /// The double-dummy answer of `state` to `req`.
    fn solve(state: &Self::State, req: &SolveRequest) -> Result<SolveAnswer>;
    /// Walks the search games the solver builds from `state` (one per
    /// objective) down a line of up to `depth` moves chosen by `pick`, and
    /// back, checking with [`crate::solve::check::check_play_undo`] that
    /// every undo restores the game exactly. Returns the moves played (0
    /// when no search game applies here, e.g. before the play), or the first
    /// difference found. For tests and fuzzing.
    fn check_search(
        state: &Self::State,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String>;
    /// What the configured game is for its surfaces: sides, objectives and
    /// units, its double-dummy table, its `new_game` and `from_deal`
    /// keywords ([`crate::describe`]).
    fn describe(&self) -> crate::describe::Description;

    /// Facts of the configured game that its surfaces show (Twenty-eight's
    /// card points and bid range, Dashavatara's trump ...).
    fn facts(&self) -> Vec<(&'static str, Value)> {
        Vec::new()
    }

    /// What only some games deal besides the hands, asked by name (Naqsh's
    /// `stock`): the one hook for a game's extras, so that no surface names a
    /// game. `params` are the call's keywords (a seed, a seat). A name the
    /// game does not know is an error naming the ones it does.
    fn extra(&self, name: &str, params: &Params) -> Result<Value> {
        let _ = params;
        Err(Error::State(format!(
            "{} has no extra {name:?}",
            self.basics().preset
        )))
    }

    /// The game's observation tensors and fixed action ids (see
    /// [`crate::encode`]; built once per game); `None` for a game that has
    /// none yet.
    fn encoding(&self) -> Option<Arc<dyn crate::encode::Encoding<Self::State>>> {
        None
    }

    /// The double-dummy table of a deal, where the game has one.
    fn dd_table(&self, req: &TableRequest<'_>) -> Result<Table> {
        let _ = req;
        Err(Error::State(format!(
            "{} has no double-dummy table (hukm.solve answers its positions)",
            self.preset()
        )))
    }
}

//! The registry: every game and preset of the rules files by name, and one
//! surface over all of them ([`AnyGame`], [`AnyState`]) for the binding, the
//! bots, the command line and every later feature (pictures, records,
//! environments, batches), which are written once for every game.
//!
//! A game joins by implementing [`Game`] (from [`crate::surface`], the layer
//! below both the games and the registry, re-exported here) in its own
//! module (its states implement [`GameState`]) and by one line per preset in
//! [`ALL`]; the registry reaches it through trait objects, written once for
//! every game.
//!
//! ```
//! use hukm_core::registry::{self, AnyGame};
//! use hukm_core::params::Params;
//! assert_eq!(registry::ALL.len(), 26);
//! let g = AnyGame::new("dehla_pakad", &[]).unwrap();
//! let s = g.new_game(7, &Params::new()).unwrap();
//! assert_eq!(s.game().preset(), "dehla_pakad");
//! assert_eq!(g.family(), "hokm");
//! assert!(AnyGame::new("hokm9", &[]).is_err());
//! ```

use std::sync::Arc;

mod batch;
mod dynamic;
mod encode;
#[cfg(test)]
mod options_tests;
mod vec_env;
pub use batch::solve_many;
use dynamic::{DynGame, DynState, Held};
pub use vec_env::{Buffers, Episode, VecEnv};

pub use crate::surface::{option_info, Game, OptionInfo, Table};

use crate::error::{check_seat, Error, Result};
use crate::game::{GameState, Value};
use crate::games::{dashavatara, dugi, ganjifa, hokm, naqsh, thunee, twenty_eight};
use crate::pack::Pack;
use crate::params::{Param, Params};
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::solve::SolverConfig;

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
    build: Builder,
    info: fn(&str) -> Vec<OptionInfo>,
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
    Ok(AnyGame(Arc::new(Held::new(G::build(preset, options)?))))
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

/// Short names accepted where a preset is expected.
/// The longest action text read, in bytes (the longest action of any game,
/// a Ganjifa compound lead of a whole suit, is under 60).
pub const MAX_ACTION_TEXT: usize = 96;

const ALIASES: &[(&str, &str)] = &[
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

/// A game of any family, built from a registry name (cheap to clone).
#[derive(Clone)]
pub struct AnyGame(Arc<dyn DynGame>);

impl std::fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyGame({:?}, {:?})", self.preset(), self.options())
    }
}

impl AnyGame {
    /// The game of registry name `name` with `options` applied.
    pub fn new(name: &str, options: &[(String, String)]) -> Result<AnyGame> {
        let e = entry(name)?;
        (e.build)(e.name, options)
    }

    /// What each option of registry name `name` accepts, with its default.
    pub fn option_info(name: &str) -> Result<Vec<OptionInfo>> {
        let e = entry(name)?;
        Ok((e.info)(e.name))
    }

    /// The registry entry of the game's preset.
    pub fn entry(&self) -> &'static Entry {
        entry(self.preset()).expect("a game's preset is in the registry")
    }

    /// The preset's name.
    pub fn preset(&self) -> &'static str {
        self.0.preset()
    }

    /// The game module's name.
    pub fn family(&self) -> &'static str {
        self.entry().family
    }

    /// The game of module type `G`, if it is one.
    pub fn downcast<G: Game>(&self) -> Option<&G> {
        self.0.as_any().downcast_ref::<G>()
    }

    /// The options as given, normalised, with those they imply, sorted by
    /// name (so the same options in any order make the same game).
    pub fn options(&self) -> Vec<(String, String)> {
        let mut o = self.0.options();
        o.sort();
        o
    }

    /// Every option of the preset with the value in effect, sorted by name:
    /// the given options and those they imply, then the values of the
    /// options that depend on others as the game resolved them, then the
    /// preset's defaults. An option with no single value (see
    /// [`Game::derived_options`]) is left out.
    pub fn effective_options(&self) -> Vec<(String, String)> {
        let given = self.0.options();
        let derived = self.0.derived_options();
        let info = AnyGame::option_info(self.preset()).expect("a game's preset is in the registry");
        let mut o: Vec<(String, String)> = info
            .into_iter()
            .filter_map(|i| {
                let value = given
                    .iter()
                    .find(|(k, _)| k == i.name)
                    .map(|(_, v)| v.clone())
                    .or_else(|| {
                        derived
                            .iter()
                            .find(|(k, _)| *k == i.name)
                            .map(|(_, v)| v.clone())
                    })
                    .or(i.default)?;
                Some((i.name.to_string(), value))
            })
            .collect();
        o.sort();
        o
    }

    /// The pack in play.
    pub fn pack(&self) -> &Pack {
        self.0.pack()
    }

    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.0.num_players()
    }

    /// Facts of the configured game (see [`Game::facts`]).
    pub fn facts(&self) -> Vec<(&'static str, Value)> {
        self.0.facts()
    }

    /// A whole match seeded by `seed`.
    pub fn new_game(&self, seed: u64, params: &Params) -> Result<AnyState> {
        let inner = self.0.new_game(seed, params)?;
        Ok(self.wrap(
            Origin::Match {
                seed,
                params: params.clone(),
            },
            inner,
        ))
    }

    /// One hand from a position given by `deal` and the game's keywords.
    /// The origin keeps the deal in its plain form (hands in seat order, no
    /// first-seat prefix, compact notation), so the same position written
    /// two ways makes equal states.
    pub fn from_deal(&self, deal: &str, params: &Params) -> Result<AnyState> {
        let inner = self.0.from_deal(deal, params)?;
        let pack = self.pack();
        let body = deal.trim_start();
        let count = body
            .get(2..)
            .filter(|_| body.get(1..2) == Some(":"))
            .unwrap_or(body)
            .split_whitespace()
            .count();
        let plain = pack
            .parse_deal(deal, count)
            .map(|h| pack.format_deal(&h))
            .unwrap_or_else(|_| deal.to_string());
        Ok(self.wrap(
            Origin::Deal {
                deal: plain,
                params: params.clone(),
            },
            inner,
        ))
    }

    fn wrap(&self, origin: Origin, inner: Box<dyn DynState>) -> AnyState {
        AnyState {
            game: self.clone(),
            inner,
            origin: Arc::new(origin),
            base: 0,
        }
    }

    /// The cards of the first deal of `new_game(seed, params)`, seat 0
    /// first.
    pub fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        self.0.deal(seed, params)
    }

    /// The double-dummy table of a deal, where the game has one.
    pub fn dd_table(
        &self,
        deal: &str,
        params: &Params,
        config: &SolverConfig,
        threads: usize,
    ) -> Result<Table> {
        self.0.dd_table(deal, params, config, threads)
    }
}

/// How a state was made: replaying its origin and then its actions gives
/// the same state (hand records and pickling rely on it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// `new_game(seed, params)`.
    Match {
        /// The match's seed.
        seed: u64,
        /// The starting keywords.
        params: Params,
    },
    /// `from_deal(deal, params)`.
    Deal {
        /// The deal as given.
        deal: String,
        /// The `from_deal` keywords.
        params: Params,
    },
    /// `determinize(player, seed)` of the state made by `from` and then
    /// `actions`.
    Sample {
        /// The sampled state's origin.
        from: Arc<Origin>,
        /// The sampled state's actions since its origin.
        actions: Vec<String>,
        /// The player whose view was kept.
        player: usize,
        /// The sample's seed.
        seed: u64,
    },
    /// Twenty-eight: `open_position(bidder, trump)` of the state made by
    /// `from` and then `actions`.
    Open {
        /// The origin of the state whose deal was taken.
        from: Arc<Origin>,
        /// That state's actions since its origin.
        actions: Vec<String>,
        /// The bidder.
        bidder: usize,
        /// The trump suit's code.
        trump: String,
    },
}

/// A state of any game, with its game and how it was made.
pub struct AnyState {
    game: AnyGame,
    inner: Box<dyn DynState>,
    origin: Arc<Origin>,
    /// Actions of the history that the origin itself accounts for (a
    /// sampled state keeps the history of the state it was sampled from).
    base: usize,
}

impl Clone for AnyState {
    fn clone(&self) -> AnyState {
        AnyState {
            game: self.game.clone(),
            inner: self.inner.clone_box(),
            origin: self.origin.clone(),
            base: self.base,
        }
    }
}

impl std::fmt::Debug for AnyState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyState({:?}, {:?})", self.game, self.inner)
    }
}

impl AnyState {
    /// The game this state belongs to.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// How the state was made.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The state of module type `G`'s states, if it is one.
    pub fn downcast<G: Game>(&self) -> Option<&G::State> {
        self.inner.as_any().downcast_ref::<G::State>()
    }

    /// The actions applied since the origin (the whole history for a match
    /// or a position; those after the sample for a sampled state).
    pub fn actions(&self) -> Vec<String> {
        let h = self.history();
        h[self.base.min(h.len())..].to_vec()
    }

    /// A state derived from this one (same game), made by `origin`.
    fn derived(&self, inner: Box<dyn DynState>, origin: Origin) -> AnyState {
        let base = inner.history().len();
        AnyState {
            game: self.game.clone(),
            inner,
            origin: Arc::new(origin),
            base,
        }
    }

    /// Rebuilds a state from its game, origin and actions since.
    pub fn replay(game: &AnyGame, origin: &Origin, actions: &[String]) -> Result<AnyState> {
        let mut s = match origin {
            Origin::Match { seed, params } => game.new_game(*seed, params)?,
            Origin::Deal { deal, params } => game.from_deal(deal, params)?,
            Origin::Sample {
                from,
                actions,
                player,
                seed,
            } => AnyState::replay(game, from, actions)?.determinize(*player, *seed)?,
            Origin::Open {
                from,
                actions,
                bidder,
                trump,
            } => AnyState::replay(game, from, actions)?.open_position(*bidder, trump)?,
        };
        for (i, a) in actions.iter().enumerate() {
            s.apply(a).map_err(|e| match e {
                Error::IllegalAction(m) => {
                    Error::IllegalAction(format!("action {} of the record: {}", i, m))
                }
                other => other,
            })?;
        }
        Ok(s)
    }

    /// The phase's name.
    pub fn phase_name(&self) -> &'static str {
        self.inner.phase_name()
    }

    /// Every seat's cards now, compact (a god's-eye view).
    pub fn hands(&self) -> Vec<String> {
        self.inner.hands_compact()
    }

    /// An error unless `player` is one of the game's players.
    fn player_in_range(&self, player: usize) -> Result<()> {
        let n = self.num_players();
        check_seat("player", player, n)?;
        Ok(())
    }

    /// A copy in which every card `player` cannot see is dealt again at
    /// random, consistently with what `player` has seen, seeded by `seed`.
    pub fn determinize(&self, player: usize, seed: u64) -> Result<AnyState> {
        self.player_in_range(player)?;
        let inner = self.inner.determinize(player, seed)?;
        Ok(self.derived(
            inner,
            Origin::Sample {
                from: self.origin.clone(),
                actions: self.actions(),
                player,
                seed,
            },
        ))
    }

    /// See [`Game::check_search`]: play and undo on every search game of
    /// this state, checked (for tests and fuzzing).
    pub fn check_search(
        &self,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        self.inner.check_search(depth, pick)
    }

    /// The double-dummy answer to `req`, its actions in the order of
    /// [`GameState::legal_actions`].
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        use crate::solve::request::{in_legal_order, Extra};
        let mut a = self.inner.solve(req)?;
        let legal = self.legal_actions();
        a.actions = in_legal_order(&legal, std::mem::take(&mut a.actions));
        match &mut a.extra {
            Extra::Tricks { actions, .. } => {
                *actions = in_legal_order(&legal, std::mem::take(actions))
            }
            Extra::Expected { actions, .. } => {
                *actions = in_legal_order(&legal, std::mem::take(actions))
            }
            Extra::None | Extra::FirstTrick(_) => {}
        }
        Ok(a)
    }
}

impl GameState for AnyState {
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    fn current_player(&self) -> Option<usize> {
        self.inner.current_player()
    }
    fn legal_actions(&self) -> Vec<String> {
        self.inner.legal_actions()
    }
    fn apply(&mut self, action: &str) -> Result<()> {
        if action.len() > MAX_ACTION_TEXT {
            return Err(crate::error::Error::IllegalAction(format!(
                "bad action {}: actions are at most {} characters",
                crate::notation::quoted(action),
                MAX_ACTION_TEXT
            )));
        }
        self.inner.apply(action)
    }
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }
    fn observation(&self, player: usize) -> Result<Value> {
        self.inner.observation(player)
    }
    fn render(&self) -> String {
        self.inner.render()
    }
    fn box_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }
    fn phase_name(&self) -> &'static str {
        self.inner.phase_name()
    }
    fn hands_compact(&self) -> Vec<String> {
        self.inner.hands_compact()
    }
    fn trick_facts(&self, seat: usize) -> Result<crate::game::TrickFacts> {
        self.inner.trick_facts(seat)
    }
}

impl PartialEq for AnyState {
    /// Two states are equal when they belong to the same preset with the
    /// same options, were made the same way and have the same history:
    /// every game is deterministic given these, so they are the same
    /// position with the same future.
    fn eq(&self, other: &AnyState) -> bool {
        self.game.preset() == other.game.preset()
            && self.game.options() == other.game.options()
            && self.origin == other.origin
            && self.history() == other.history()
    }
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

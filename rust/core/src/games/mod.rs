//! The games. Each game is a module of the same shape: `config` (presets and
//! named options, and the game's [`Listing`]: what the catalog lists of it),
//! `rules` (legal plays and trick winner), `state` (the state machine),
//! `view` (observations, the readable table, the [`crate::game::GameState`]
//! interface) and `playout` (fast random play-outs).
//!
//! The catalog is the list at the end of this file: one line a game, naming
//! its module and its type. A new game adds its module and that one line;
//! the registry ([`crate::registry::ALL`]), the pack lookup
//! ([`crate::registry::pack_by_name`]) and the aliases are built from it.

use crate::pack::PackDef;

/// Card facts shared by Ganjifa and Dugi.
pub mod ganjifa_cards;
mod jack_nine;

/// One preset of a game as the catalog lists it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PresetDef {
    /// The preset's name (`hokm4`, `dehla_pakad`, `28`, `ganjifa` ...).
    pub name: &'static str,
    /// Players by default.
    pub players: usize,
    /// The pack by default, a name of the game's [`Listing::packs`] (or of
    /// another game's).
    pub pack: &'static str,
    /// One line about it.
    pub title: &'static str,
}

impl PresetDef {
    /// A preset named `name` for `players` players with pack `pack`.
    pub const fn new(
        name: &'static str,
        players: usize,
        pack: &'static str,
        title: &'static str,
    ) -> PresetDef {
        PresetDef {
            name,
            players,
            pack,
            title,
        }
    }
}

/// What the catalog lists of a game, declared in the game's own `config`
/// module as `LISTING`.
#[derive(Copy, Clone, Debug)]
pub struct Listing {
    /// The presets, in the order of the rules file.
    pub presets: &'static [PresetDef],
    /// Short names accepted where a preset is expected: (alias, preset).
    pub aliases: &'static [(&'static str, &'static str)],
    /// The packs the game plays with, by name (a pack another game also
    /// lists is the same pack).
    pub packs: &'static [PackDef],
}

impl Listing {
    /// A game with presets `presets` and packs `packs`, and no aliases.
    pub const fn new(presets: &'static [PresetDef], packs: &'static [PackDef]) -> Listing {
        Listing {
            presets,
            aliases: &[],
            packs,
        }
    }

    /// The same listing with aliases `aliases`: (alias, preset).
    pub const fn with_aliases(self, aliases: &'static [(&'static str, &'static str)]) -> Listing {
        Listing { aliases, ..self }
    }
}

/// Declares every game module and the macro `each_game!`, which hands the
/// list (`module::Type, ...`, in catalog order) to another macro.
macro_rules! catalog {
    ($($module:ident :: $game:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Calls macro `$then!` with every game of the catalog, in order,
        /// as `module::Type` paths.
        macro_rules! each_game {
            ($then:ident) => {
                $then! { $($module::$game),* }
            };
        }
        pub(crate) use each_game;
    };
}

catalog! {
    hokm::Hokm,
    twenty_eight::TwentyEight,
    ganjifa::Ganjifa,
    dugi::Dugi,
    dashavatara::Dashavatara,
    naqsh::Naqsh,
    thunee::Thunee,
}

//! The catalog: every game and preset of the rules files by name ([`ALL`]),
//! with its aliases, and the lookup [`entry`] that the binding, the command
//! line and every surface go through, built from the list of games in
//! `crate::games` (one line a game) and each game's own [`Listing`].

use super::dynamic::{DynGame, Held};
use crate::error::{Error, Result};
use crate::games::{self, Listing};
use crate::pack::Pack;
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
type Builder = fn(&str, &[(String, String)]) -> Result<std::sync::Arc<dyn DynGame>>;

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("name", &self.name)
            .field("family", &self.family)
            .finish()
    }
}

fn build<G: Game>(
    preset: &str,
    options: &[(String, String)],
) -> Result<std::sync::Arc<dyn DynGame>> {
    Ok(std::sync::Arc::new(Held::new(G::build(preset, options)?)))
}

/// One game of the catalog: its family (the module's name), its
/// [`Listing`] and how to build it.
#[derive(Copy, Clone)]
struct Family {
    name: &'static str,
    listing: Listing,
    build: Builder,
    info: fn(&str) -> Vec<OptionInfo>,
}

/// The catalog's game `G` from module `name`.
const fn family<G: Game>(name: &'static str, listing: Listing) -> Family {
    Family {
        name,
        listing,
        build: build::<G>,
        info: G::option_info,
    }
}

/// Makes [`FAMILIES`] from the list of `crate::games` (one line a game).
macro_rules! families {
    ($($module:ident :: $game:ident),*) => {
        /// Every game, in the catalog's order.
        const FAMILIES: &[Family] = &[$(
            family::<games::$module::$game>(
                stringify!($module),
                games::$module::config::LISTING,
            )
        ),*];
    };
}
games::each_game!(families);

/// Number of presets in the catalog.
const fn preset_count() -> usize {
    let (mut n, mut g) = (0, 0);
    while g < FAMILIES.len() {
        n += FAMILIES[g].listing.presets.len();
        g += 1;
    }
    n
}

/// Number of aliases in the catalog.
const fn alias_count() -> usize {
    let (mut n, mut g) = (0, 0);
    while g < FAMILIES.len() {
        n += FAMILIES[g].listing.aliases.len();
        g += 1;
    }
    n
}

/// The entry of preset `p` of family `f`.
const fn entry_of(f: &Family, p: usize) -> Entry {
    let d = &f.listing.presets[p];
    Entry {
        name: d.name,
        family: f.name,
        players: d.players,
        pack: d.pack,
        title: d.title,
        build: f.build,
        info: f.info,
    }
}

/// Every family's presets, one after the other.
const fn entries<const N: usize>() -> [Entry; N] {
    let mut out = [entry_of(&FAMILIES[0], 0); N];
    let (mut k, mut g) = (0, 0);
    while g < FAMILIES.len() {
        let mut p = 0;
        while p < FAMILIES[g].listing.presets.len() {
            out[k] = entry_of(&FAMILIES[g], p);
            k += 1;
            p += 1;
        }
        g += 1;
    }
    out
}

/// Every family's aliases, one after the other.
const fn aliases<const N: usize>() -> [(&'static str, &'static str); N] {
    let mut out = [("", ""); N];
    let (mut k, mut g) = (0, 0);
    while g < FAMILIES.len() {
        let mut a = 0;
        while a < FAMILIES[g].listing.aliases.len() {
            out[k] = FAMILIES[g].listing.aliases[a];
            k += 1;
            a += 1;
        }
        g += 1;
    }
    out
}

const ENTRIES: [Entry; preset_count()] = entries();
const ALIAS_PAIRS: [(&str, &str); alias_count()] = aliases();

/// Every game and preset, in the order of the rules files: each game's
/// presets as its module lists them ([`Listing::presets`]), the games in
/// the catalog's order (`crate::games`).
pub const ALL: &[Entry] = &ENTRIES;

/// Short names accepted where a preset is expected: (alias, preset), each
/// game's [`Listing::aliases`] in the catalog's order.
pub const ALIASES: &[(&str, &str)] = &ALIAS_PAIRS;

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

/// Every pack name the catalog knows, once each, in the catalog's order
/// (each game's [`Listing::packs`]).
pub fn pack_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = Vec::new();
    for d in FAMILIES.iter().flat_map(|f| f.listing.packs) {
        if !names.contains(&d.name) {
            names.push(d.name);
        }
    }
    names
}

/// The pack of a name any game of the catalog lists (`french52`,
/// `thunee24`, `moghul_iran` ...); an unknown name is an error listing the
/// valid ones.
///
/// ```
/// use hukm_core::registry::pack_by_name;
/// assert_eq!(pack_by_name("thunee24").unwrap().num_cards(), 24);
/// assert!(pack_by_name("tarot78").is_err());
/// ```
pub fn pack_by_name(name: &str) -> Result<Pack> {
    FAMILIES
        .iter()
        .flat_map(|f| f.listing.packs)
        .find(|d| d.name == name)
        .map(|d| (d.make)())
        .ok_or_else(|| {
            Error::Option(format!(
                "unknown pack {:?}; valid packs: {}",
                name,
                pack_names().join(", ")
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

#[cfg(test)]
mod tests {
    use super::super::AnyGame;
    use super::*;

    #[test]
    fn preset_names_and_aliases_are_unique() {
        let mut names: Vec<&str> = ALL.iter().map(|e| e.name).collect();
        names.extend(ALIASES.iter().map(|(a, _)| *a));
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "a preset or alias named twice");
        for (alias, preset) in ALIASES {
            assert_eq!(entry(alias).unwrap().name, *preset);
        }
    }

    #[test]
    fn every_preset_pack_is_found_by_name() {
        for e in ALL {
            let pack = pack_by_name(e.pack).unwrap();
            assert!(pack.num_cards() > 0, "{}", e.name);
            assert!(pack_names().contains(&e.pack));
        }
        let err = pack_by_name("tarot78").unwrap_err().to_string();
        assert!(
            err.contains("\"tarot78\"") && err.contains("thunee24"),
            "{err}"
        );
    }

    #[test]
    fn a_pack_name_listed_twice_is_the_same_pack() {
        for f in FAMILIES {
            for d in f.listing.packs {
                assert_eq!((d.make)(), pack_by_name(d.name).unwrap(), "{}", d.name);
            }
        }
    }

    #[test]
    fn families_are_grouped_and_named_after_their_module() {
        let mut seen: Vec<&str> = Vec::new();
        for e in ALL {
            if seen.last() != Some(&e.family) {
                assert!(!seen.contains(&e.family), "{} split", e.family);
                seen.push(e.family);
            }
        }
        let modules: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
        assert_eq!(seen, modules);
        for f in FAMILIES {
            assert!(!f.listing.presets.is_empty(), "{}", f.name);
            for (_, preset) in f.listing.aliases {
                assert_eq!(entry(preset).unwrap().family, f.name);
            }
        }
    }

    #[test]
    fn every_preset_builds_as_listed() {
        for e in ALL {
            let g = AnyGame::new(e.name, &[]).unwrap();
            assert_eq!(g.family(), e.family, "{}", e.name);
            assert_eq!((g.preset(), g.num_players()), (e.name, e.players));
        }
    }
}

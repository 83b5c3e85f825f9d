//! Named options of Dashavatara Ganjifa (`docs/rules/dashavatara.md` §10).

use crate::card::Suit;
use crate::error::Result;
use crate::options::{self, Accepts, Spec};
use crate::games::{Listing, PresetDef};
use crate::pack::{AvatarList, Pack, PackDef};

/// What the catalog lists of Dashavatara: its preset and its packs.
pub const LISTING: Listing = Listing::new(
    &[PresetDef::new("dashavatara", 3, "dashavatara", "Dashavatara Ganjifa")],
    &[PackDef::DASHAVATARA, DASHAVATARA_BK],
);

/// The pack `dashavatara_bk`.
const DASHAVATARA_BK: PackDef = PackDef::new("dashavatara_bk", || {
    Pack::dashavatara(AvatarList::BalaramaKrishna)
});

/// How a void follower scans for the next held suit (§5.3, §11.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VoidScan {
    /// The scan may stop at the trump suit (default).
    IncludeTrump,
    /// The scan passes over the trump suit.
    SkipTrump,
}

/// Where a ducal's run of numerals may sit (§5.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DucalRun {
    /// Anywhere among the numerals (default).
    AnyRun,
    /// Directly below the Mantri.
    TopRun,
}

/// Whether the leader may hold back part of a longer run (§5.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DucalLength {
    /// Any contiguous sub-run of length at least 3 (default).
    AnySubrun,
    /// The run must include every held numeral that extends it.
    Maximal,
}

const SPECS: &[Spec] = &[
    Spec {
        name: "period",
        accepts: Accepts::Words(&["day", "night"]),
        default: Some("day"),
    },
    Spec {
        name: "avatar_list",
        accepts: Accepts::Words(&["sawantwadi", "balarama_krishna"]),
        default: Some("sawantwadi"),
    },
    Spec {
        name: "ninth_name",
        accepts: Accepts::Words(&["buddha", "jagannath"]),
        default: Some("buddha"),
    },
    Spec {
        name: "void_scan",
        accepts: Accepts::Words(&["include_trump", "skip_trump"]),
        default: Some("include_trump"),
    },
    Spec {
        name: "ducal",
        accepts: Accepts::Switch,
        default: Some("true"),
    },
    Spec {
        name: "ducal_run",
        accepts: Accepts::Words(&["any_run", "top_run"]),
        default: Some("any_run"),
    },
    Spec {
        name: "ducal_length",
        accepts: Accepts::Words(&["any_subrun", "maximal"]),
        default: Some("any_subrun"),
    },
    Spec {
        name: "deals",
        accepts: Accepts::Number(1, 1_000_000),
        default: Some("1"),
    },
];

/// The options of Dashavatara Ganjifa (`docs/rules/dashavatara.md` §10): what each accepts and its default.
pub fn specs() -> &'static [Spec] {
    SPECS
}

/// The rules in force for one Dashavatara game.
#[derive(Clone, Debug)]
pub struct DashaConfig {
    /// The 120-card pack in the chosen avatar order.
    pub pack: Pack,
    /// `period=night` (trump Krishna) rather than day (trump Rama).
    pub night: bool,
    /// The trump suit's index in the pack.
    pub trump: Suit,
    /// `void_scan`.
    pub void_scan: VoidScan,
    /// `ducal`: whether ducals may be led.
    pub ducal: bool,
    /// `ducal_run`.
    pub ducal_run: DucalRun,
    /// `ducal_length`.
    pub ducal_length: DucalLength,
    /// `deals`: deals per game.
    pub deals: u32,
    /// The options given, normalised.
    pub options: Vec<(String, String)>,
}

impl DashaConfig {
    /// The rules with `options` applied; an unknown option or a bad value is
    /// an [`crate::Error::Option`] listing the valid ones.
    ///
    /// ```
    /// use hukm_core::games::dashavatara::DashaConfig;
    /// let c = DashaConfig::new(&[("period".into(), "night".into())]).unwrap();
    /// assert_eq!(c.pack.suits[c.trump as usize].code, "KR");
    /// assert!(DashaConfig::new(&[("period".into(), "dusk".into())]).is_err());
    /// ```
    pub fn new(options: &[(String, String)]) -> Result<DashaConfig> {
        let opts = options::check("dashavatara", SPECS, &[], options)?;
        let get = |k: &str| options::get(&opts, k);
        let list = match get("avatar_list") {
            Some("balarama_krishna") => AvatarList::BalaramaKrishna,
            _ => AvatarList::Sawantwadi,
        };
        let mut pack = Pack::dashavatara(list);
        if get("ninth_name") == Some("jagannath") && list == AvatarList::Sawantwadi {
            // Cosmetic (§3.1): the ninth suit keeps its code BU.
            pack.suits[8].name = "Jagannath".to_string();
        }
        let night = get("period") == Some("night");
        let trump = pack
            .suit_index(if night { "KR" } else { "RA" })
            .expect("both trump suits are in every avatar list");
        Ok(DashaConfig {
            pack,
            night,
            trump,
            void_scan: if get("void_scan") == Some("skip_trump") {
                VoidScan::SkipTrump
            } else {
                VoidScan::IncludeTrump
            },
            ducal: get("ducal") != Some("off"),
            ducal_run: if get("ducal_run") == Some("top_run") {
                DucalRun::TopRun
            } else {
                DucalRun::AnyRun
            },
            ducal_length: if get("ducal_length") == Some("maximal") {
                DucalLength::Maximal
            } else {
                DucalLength::AnySubrun
            },
            deals: get("deals").map_or(1, |d| d.parse().unwrap_or(1)),
            options: opts,
        })
    }

    /// The rules of the game's core, as the move generator and the solver use them.
    pub fn rules(&self) -> super::rules::Rules {
        super::rules::Rules {
            trump: self.trump,
            skip_trump: self.void_scan == VoidScan::SkipTrump,
            ducal: self.ducal,
            top_run: self.ducal_run == DucalRun::TopRun,
            maximal: self.ducal_length == DucalLength::Maximal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's defaults are the specs': giving an option its default
    /// changes nothing.
    #[test]
    fn given_defaults_change_nothing() {
        let rules = |mut c: DashaConfig| {
            c.options.clear();
            format!("{:?}", c)
        };
        let base = rules(DashaConfig::new(&[]).unwrap());
        for s in specs() {
            let Some(d) = s.default else { continue };
            match DashaConfig::new(&[(s.name.to_string(), d.to_string())]) {
                Ok(c) => assert_eq!(rules(c), base, "{}={}", s.name, d),
                Err(e) => panic!("{}={}: {}", s.name, d, e),
            }
        }
    }
}

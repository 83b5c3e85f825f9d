//! The presets of Hokm and the Court Piece family (`docs/rules/hokm.md` §12.1):
//! their names, seat counts and option values, and which named options
//! apply to each.

use crate::error::{Error, Result};
use crate::games::{Listing, PresetDef};
use crate::pack::PackDef;

/// What the catalog lists of Hokm: its presets, its alias and its pack.
#[rustfmt::skip]
pub const LISTING: Listing = Listing::new(&[
    PresetDef::new("hokm4", 4, "french52", "Hokm for four, Iran"), PresetDef::new("hokm3", 3, "french52", "Hokm for three, 17 cards each"),
    PresetDef::new("hokm2", 2, "french52", "Hokm for two, keep-or-reject drawing"), PresetDef::new("court_piece", 4, "french52", "Court Piece (Rang): kot choice and kot counting"),
    PresetDef::new("single_sar", 4, "french52", "Single Sar: every trick to its winner, all 13 played"), PresetDef::new("double_sar", 4, "french52", "Double Sar: tricks collected from a heap"),
    PresetDef::new("dummy_rang", 3, "french52", "Dummy Rang: three players and an exposed dummy"), PresetDef::new("dab_rang", 4, "french52", "Dab Rang: auction for sars, hidden trump and the cut call"),
    PresetDef::new("satat", 4, "french52", "Satat: the two of hearts is the highest trump"), PresetDef::new("trup_kasiet", 4, "french52", "Trup kasiet: Satat with a secret trump"),
    PresetDef::new("dehla_pakad", 4, "french52", "Dehla Pakad (Mindi): the tens collected decide"), PresetDef::new("be_ranga", 4, "french52", "Be Ranga: the first void play fixes trumps"),
], &[PackDef::FRENCH52]).with_aliases(&[("hokm", "hokm4")]);

/// The presets this engine plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Iranian Hokm for four (default).
    Hokm4,
    /// Three players, 17 cards each.
    Hokm3,
    /// Two players with keep-or-discard drawing.
    Hokm2,
    /// Court Piece (Rang): kot choice, kot counting (§8.1, §9.5, §10).
    CourtPiece,
    /// Beginners' Rang: all 13 tricks, kot counting (§13.1).
    SingleSar,
    /// Double Sar: tricks collected from a heap (§7.6, §9.6, §13.2).
    DoubleSar,
    /// Dehla Pakad (Mindi): the tens collected decide (§9.7, §13.8).
    DehlaPakad,
    /// Double Sar without a trump call: the first void play fixes trumps (§5.6).
    BeRanga,
    /// Dab Rang: auction for sars, hidden trump with a cut call (§5.5, §6.5, §13.4).
    DabRang,
    /// Dummy Rang: three players and an exposed dummy, Double Sar collection (§13.3).
    DummyRang,
    /// Satat: the 2H is the highest trump; cards passed after a kot (§13.5).
    Satat,
    /// Trup kasiet: Satat with a secret trump (§13.7).
    TrupKasiet,
}

/// Every preset, in the order error messages list them.
pub(super) const ALL: [Preset; 12] = [
    Preset::Hokm4,
    Preset::Hokm3,
    Preset::Hokm2,
    Preset::CourtPiece,
    Preset::SingleSar,
    Preset::DoubleSar,
    Preset::DehlaPakad,
    Preset::BeRanga,
    Preset::DabRang,
    Preset::DummyRang,
    Preset::Satat,
    Preset::TrupKasiet,
];

impl Preset {
    /// The preset's name.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Hokm4 => "hokm4",
            Preset::Hokm3 => "hokm3",
            Preset::Hokm2 => "hokm2",
            Preset::CourtPiece => "court_piece",
            Preset::SingleSar => "single_sar",
            Preset::DoubleSar => "double_sar",
            Preset::DehlaPakad => "dehla_pakad",
            Preset::BeRanga => "be_ranga",
            Preset::DabRang => "dab_rang",
            Preset::DummyRang => "dummy_rang",
            Preset::Satat => "satat",
            Preset::TrupKasiet => "trup_kasiet",
        }
    }

    /// The preset of a name; an unknown name is an error listing the valid ones.
    ///
    /// ```
    /// use hukm_core::games::hokm::Preset;
    /// assert_eq!(Preset::parse("dab_rang").unwrap(), Preset::DabRang);
    /// assert!(Preset::parse("hokm5").is_err());
    /// ```
    pub fn parse(name: &str) -> Result<Preset> {
        ALL.iter()
            .copied()
            .find(|p| p.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = ALL.iter().map(|p| p.name()).collect();
                Error::Option(format!(
                    "unknown preset {:?}; valid presets: {}",
                    name,
                    names.join(", ")
                ))
            })
    }

    /// Number of seats (Dummy Rang: four, the dummy's included).
    pub fn players(self) -> usize {
        match self {
            Preset::Hokm3 => 3,
            Preset::Hokm2 => 2,
            Preset::Hokm4
            | Preset::CourtPiece
            | Preset::SingleSar
            | Preset::DoubleSar
            | Preset::DehlaPakad
            | Preset::BeRanga
            | Preset::DabRang
            | Preset::DummyRang
            | Preset::Satat
            | Preset::TrupKasiet => 4,
        }
    }

    /// The option values the preset sets (§12.1), before the user's; the
    /// options it leaves out take their defaults.
    pub fn defaults(self) -> Vec<(&'static str, &'static str)> {
        const KOTS: &[(&str, &str)] = &[("scoring", "kots"), ("rotation", "court_piece")];
        const HEAP: &[(&str, &str)] = &[("collection", "double_sar"), ("stop_rule", "play_all")];
        const DOUBLE_SAR: &[(&str, &str)] = &[
            ("scoring", "double_sar"),
            ("rotation", "double_sar"),
            ("goon_kot_value", "3"),
        ];
        const SATAT: &[(&str, &str)] = &[
            ("direction", "clockwise"),
            ("satat_two_hearts", "on"),
            ("redeal_no_court", "first5"),
            ("court_def", "pictures"),
            ("stop_rule", "kot_choice"),
        ];
        let parts: &[&[(&str, &str)]] = match self {
            Preset::Hokm4 | Preset::Hokm3 | Preset::Hokm2 => &[],
            Preset::CourtPiece => &[KOTS, &[("stop_rule", "kot_choice")]],
            Preset::SingleSar => &[KOTS, &[("stop_rule", "play_all")]],
            Preset::DoubleSar => &[HEAP, DOUBLE_SAR],
            Preset::DehlaPakad => &[HEAP, &[("scoring", "dehla"), ("rotation", "dehla")]],
            Preset::BeRanga => &[
                HEAP,
                DOUBLE_SAR,
                &[("trump_mode", "first_void_13"), ("first_collect_min", "2")],
            ],
            Preset::DummyRang => &[HEAP, &[("scoring", "dummy"), ("rotation", "dummy")]],
            Preset::DabRang => &[
                HEAP,
                &[
                    ("trump_mode", "hidden_call"),
                    ("first_collect_min", "2"),
                    ("scoring", "dab"),
                    ("rotation", "plain"),
                ],
            ],
            Preset::Satat => &[
                SATAT,
                KOTS,
                &[
                    ("random_trump", "on"),
                    ("random_trump_pool", "last4"),
                    ("satat_pass", "on"),
                ],
            ],
            Preset::TrupKasiet => &[SATAT, KOTS, &[("trump_mode", "hidden_card")]],
        };
        let mut v = Vec::new();
        if !matches!(
            self,
            Preset::Hokm4 | Preset::Hokm3 | Preset::Hokm2 | Preset::DummyRang
        ) {
            // Every Court Piece preset picks its first trump-caller at random (§2.1).
            v.push(("first_hakem", "random"));
        }
        for p in parts {
            v.extend_from_slice(p);
        }
        v
    }
}

/// The option values preset `name` sets (§12.1), as [`Preset::defaults`];
/// empty for an unknown name.
///
/// ```
/// use hukm_core::games::hokm::config::preset_defaults;
/// assert!(preset_defaults("hokm4").is_empty());
/// assert!(preset_defaults("court_piece").contains(&("stop_rule", "kot_choice")));
/// ```
pub fn preset_defaults(name: &str) -> Vec<(&'static str, &'static str)> {
    Preset::parse(name).map_or_else(|_| Vec::new(), Preset::defaults)
}

/// Options that only make sense with four players.
pub(super) const FOUR_ONLY: &[&str] = &[
    "partnership_by_draw",
    "deal_batches",
    "partner_no_trump_redeal",
    "scoring",
    "kot_choice_partners_view",
    "target_kots",
    "streak_length",
    "bavney_kots",
    "goon_kot_value",
    "rotation",
    "trump_mode",
    "satat_two_hearts",
    "satat_pass",
    "satat_signals",
    "collection",
    "first_collect_min",
    "double_sar_chain",
    "ace_rule",
    "no_collect_11_12",
    "streak_kot",
    "dehla_dealer_four_tens",
    "dehla_streak_counts_2_2",
    "early_termination",
    "dab_min_bid",
    "thaap",
];

/// Options that do not apply to two-player Hokm: the Hakem names trumps
/// from his five cards with no blind trump and no redeal (§4.4).
pub(super) const NOT_TWO: &[&str] = &[
    "random_trump",
    "random_trump_pool",
    "redeal_no_court",
    "court_def",
    "redeal_limit",
];

/// Options of `hokm3` only (the card dropped from the pack).
pub(super) const THREE_ONLY: &[&str] = &["removed_two"];

/// Options that do not apply to `hokm3`, which stops by kot, clinch and
/// exhaustion (§8.2).
pub(super) const NOT_THREE: &[&str] = &["stop_rule"];

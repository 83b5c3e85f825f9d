//! Presets and named options of Hokm (`rules/hokm.md` §12).
//!
//! Decisions where the rules file leaves room (also listed in the closing
//! notes of the project):
//! * `random_trump_pool=last4` is the last four cards the Hakem receives in
//!   deal order (with `5-4-4` that is his final batch).
//! * Options of §12 that belong to the Court Piece presets and are not offered
//!   yet by this engine are refused with a message saying so, never ignored.
//! * `scoring=netherlands` requires `stop_rule=kot_choice` (§9.4).

use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
use crate::options::{self, Accepts, Spec};
use crate::pack::Pack;

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

    /// The option values the preset sets (§12.1), before the user's.
    fn defaults(self) -> Vec<(&'static str, &'static str)> {
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

/// How the first Hakem is chosen (§2.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FirstHakem {
    /// Cards turned to each seat until one receives an ace.
    AceDraw,
    /// A uniformly random first dealer.
    Random,
}

/// Redeal when the Hakem holds no court card (§5.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RedealNoCourt {
    /// No such redeal.
    Off,
    /// After the full deal.
    All13,
    /// On the first five, instead of naming trumps.
    First5,
}

/// When a hand stops (§8.1; `hokm3` always uses §8.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StopRule {
    /// The first side to seven tricks wins at once.
    FirstTo7,
    /// As `FirstTo7`, but after seven straight tricks the 7th-trick winner may continue.
    KotChoice,
    /// All tricks are played.
    PlayAll,
    /// Three players: kot, clinch, exhaustion (§8.2).
    Clinch3,
}

/// How hands are scored (§9).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Game points of Iranian Hokm (§9.1–§9.3).
    Hokm,
    /// Troefcall: 2 / 5 / 15 (§9.4).
    Netherlands,
    /// Kot counting with streaks (§9.5).
    Kots,
    /// Double Sar: tricks collected, kot and goon kot (§9.6).
    DoubleSar,
    /// Dehla Pakad: tens collected (§9.7).
    Dehla,
    /// Dab Rang: the boss's side makes its bid or the opponents score (§9.9).
    Dab,
    /// Dummy Rang: each real player adds his partnership's collected tricks (§9.8).
    Dummy,
}

/// Dealer and Hakem succession (§10).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rotation {
    /// The Hakem keeps the role while his side wins.
    Hokm,
    /// The dealer always comes from the side that lost.
    CourtPiece,
    /// Double Sar succession (§10 `double_sar`).
    DoubleSar,
    /// Dehla Pakad succession (§10 `dehla`).
    Dehla,
    /// The deal passes to the next seat every hand (§10 `plain`).
    Plain,
    /// Dummy Rang: the dummy's partner rotates over the three players (§13.3).
    Dummy,
}

/// Every rule value of one Hokm game.
#[derive(Clone, Debug)]
pub struct HokmConfig {
    /// The preset.
    pub preset: Preset,
    /// The pack in play (`hokm3` without its removed two).
    pub pack: Pack,
    /// Number of seats.
    pub players: usize,
    /// Display direction only.
    pub clockwise: bool,
    /// First Hakem selection.
    pub first_hakem: FirstHakem,
    /// The second ace drawn fixes the Hakem's partner (§2.1).
    pub partnership_by_draw: bool,
    /// Batch sizes of the deal (4 and 3 players).
    pub batches: Vec<usize>,
    /// Whether the Hakem may go blind.
    pub random_trump: bool,
    /// Random trump from the last four cards only.
    pub random_trump_last4: bool,
    /// No-court redeal.
    pub redeal_no_court: RedealNoCourt,
    /// Court cards are K, Q, J only (else J and above).
    pub court_pictures: bool,
    /// Consecutive `first5` redeals allowed.
    pub redeal_limit: u32,
    /// The partner without trumps may propose a redeal.
    pub partner_no_trump_redeal: bool,
    /// Stopping rule.
    pub stop_rule: StopRule,
    /// Kot winners see each other's hands before choosing.
    pub partners_view: bool,
    /// Scoring system.
    pub scoring: Scoring,
    /// Points for an ordinary win.
    pub points_win: u32,
    /// Points for a kot by the Hakem's side.
    pub points_kot: u32,
    /// Points for a kot against the Hakem's side.
    pub points_hakem_koti: u32,
    /// Points for a bavney (None: the side's kot value).
    pub points_bavney: Option<u32>,
    /// Match target in points.
    pub target_points: u32,
    /// Match target in kots.
    pub target_kots: u32,
    /// Consecutive wins that make a kot.
    pub streak_length: u32,
    /// Kots for a bavney.
    pub bavney_kots: u32,
    /// Kots for a goon kot.
    pub goon_kot_value: u32,
    /// Succession rule.
    pub rotation: Rotation,
    /// Tricks go to a heap collected by two wins in a row (§7.6).
    pub heap: bool,
    /// Earliest trick that can complete a collection.
    pub first_collect_min: u8,
    /// The collecting trick may start the next pair.
    pub chain_continue: bool,
    /// Two tricks in a row won by aces do not collect.
    pub ace_rule: bool,
    /// Winning tricks 11 and 12 collects nothing.
    pub no_collect_11_12: bool,
    /// Seven straight hand wins score a kot in Double Sar scoring.
    pub streak_kot: bool,
    /// Four tens by the dealer's side cancel an opposing kot (else score one).
    pub dehla_cancel: bool,
    /// 2-2 wins count towards a Dehla streak.
    pub dehla_streak_2_2: bool,
    /// Heap hands stop once nothing can change any more.
    pub early_termination: bool,
    /// The Hakem lays a secret trump indicator (`trump_mode=hidden_card`).
    pub hidden_card: bool,
    /// Trumps fixed by the first void play: `Some(5)` after the first batch
    /// of five, `Some(13)` after the full deal (§5.6).
    pub first_void: Option<u8>,
    /// Auction for sars and a hidden trump opened by a cut call (§5.5, §6.5).
    pub hidden_call: bool,
    /// Lowest bid of the Dab Rang auction.
    pub dab_min_bid: u8,
    /// The table tap between tricks (§13.9).
    pub thaap: bool,
    /// Dummy Rang: three real players, seat 2 is the exposed dummy (§13.3).
    pub dummy: bool,
    /// The 2H is the highest trump (§3, §6.2, §7.2).
    pub satat: bool,
    /// Cards are passed after a kot or bavney (§9.10).
    pub satat_pass: bool,
    /// Truthful public signals may go with a card (§13.6).
    pub satat_signals: bool,
    /// The options as given, normalised.
    pub options: Vec<(String, String)>,
}

const SPECS: &[Spec] = &[
    Spec {
        name: "players",
        accepts: Accepts::Words(&["4", "3", "2"]),
        default: None,
    },
    Spec {
        name: "direction",
        accepts: Accepts::Words(&["anticlockwise", "clockwise"]),
        default: Some("anticlockwise"),
    },
    Spec {
        name: "first_hakem",
        accepts: Accepts::Words(&["ace_draw", "random"]),
        default: Some("ace_draw"),
    },
    Spec {
        name: "removed_two",
        accepts: Accepts::Text("one of 2C, 2D, 2H, 2S"),
        default: Some("2C"),
    },
    Spec {
        name: "deal_batches",
        accepts: Accepts::Text("5-first batch pattern summing to 13, e.g. 5-4-4"),
        default: Some("5-4-4"),
    },
    Spec {
        name: "partnership_by_draw",
        accepts: Accepts::Switch,
        default: Some("false"),
    },
    Spec {
        name: "random_trump",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "random_trump_pool",
        accepts: Accepts::Words(&["rest", "last4"]),
        default: Some("rest"),
    },
    Spec {
        name: "redeal_no_court",
        accepts: Accepts::Words(&["off", "all13", "first5"]),
        default: Some("off"),
    },
    Spec {
        name: "court_def",
        accepts: Accepts::Words(&["above_ten", "pictures"]),
        default: Some("above_ten"),
    },
    Spec {
        name: "redeal_limit",
        accepts: Accepts::Number(0, 100),
        default: Some("2"),
    },
    Spec {
        name: "partner_no_trump_redeal",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "stop_rule",
        accepts: Accepts::Words(&["first_to_7", "kot_choice", "play_all"]),
        default: Some("first_to_7"),
    },
    Spec {
        name: "kot_choice_partners_view",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "scoring",
        accepts: Accepts::Words(&[
            "hokm",
            "netherlands",
            "kots",
            "double_sar",
            "dehla",
            "dab",
            "dummy",
        ]),
        default: Some("hokm"),
    },
    Spec {
        name: "points_win",
        accepts: Accepts::Number(0, 1000),
        default: Some("1"),
    },
    Spec {
        name: "points_kot",
        accepts: Accepts::Number(0, 1000),
        default: Some("2"),
    },
    Spec {
        name: "points_hakem_koti",
        accepts: Accepts::Number(0, 1000),
        default: Some("3"),
    },
    Spec {
        name: "points_bavney",
        accepts: Accepts::Number(0, 1000),
        default: None,
    },
    Spec {
        name: "target_points",
        accepts: Accepts::Number(1, 10000),
        default: None,
    },
    Spec {
        name: "target_kots",
        accepts: Accepts::Number(1, 10000),
        default: Some("5"),
    },
    Spec {
        name: "streak_length",
        accepts: Accepts::Number(1, 1000),
        default: Some("7"),
    },
    Spec {
        name: "bavney_kots",
        accepts: Accepts::Number(0, 10000),
        default: Some("52"),
    },
    Spec {
        name: "goon_kot_value",
        accepts: Accepts::Number(0, 1000),
        default: Some("1"),
    },
    Spec {
        name: "trump_mode",
        accepts: Accepts::Words(&[
            "caller",
            "hidden_card",
            "hidden_call",
            "first_void_5",
            "first_void_13",
        ]),
        default: Some("caller"),
    },
    Spec {
        name: "thaap",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "dab_min_bid",
        accepts: Accepts::Number(7, 13),
        default: Some("7"),
    },
    Spec {
        name: "satat_two_hearts",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "satat_pass",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "satat_signals",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "collection",
        accepts: Accepts::Words(&["single", "double_sar"]),
        default: Some("single"),
    },
    Spec {
        name: "first_collect_min",
        accepts: Accepts::Words(&["3", "2", "5"]),
        default: Some("3"),
    },
    Spec {
        name: "double_sar_chain",
        accepts: Accepts::Words(&["reset", "continue"]),
        default: Some("reset"),
    },
    Spec {
        name: "ace_rule",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "no_collect_11_12",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "streak_kot",
        accepts: Accepts::Switch,
        default: Some("on"),
    },
    Spec {
        name: "dehla_dealer_four_tens",
        accepts: Accepts::Words(&["cancel_opponent_kot", "score_kot"]),
        default: Some("cancel_opponent_kot"),
    },
    Spec {
        name: "dehla_streak_counts_2_2",
        accepts: Accepts::Switch,
        default: Some("off"),
    },
    Spec {
        name: "early_termination",
        accepts: Accepts::Words(&["off", "when_decided"]),
        default: Some("off"),
    },
    Spec {
        name: "rotation",
        accepts: Accepts::Words(&[
            "hokm",
            "court_piece",
            "double_sar",
            "dehla",
            "plain",
            "dummy",
        ]),
        default: Some("hokm"),
    },
];

/// The named options of Hokm and its family (§12): what each accepts and
/// its default.
pub fn specs() -> &'static [Spec] {
    SPECS
}

/// The presets this engine offers.
const PRESETS: &str =
    "hokm4, hokm3, hokm2, court_piece, single_sar, double_sar, dehla_pakad, be_ranga, dab_rang, dummy_rang, satat, trup_kasiet";

/// Options of §12 that belong to presets this engine does not offer yet.
const NOT_YET: &[&str] = &[];

/// Options that only make sense with four players.
const FOUR_ONLY: &[&str] = &[
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

fn parse_batches(text: &str) -> Result<Vec<usize>> {
    let parts: std::result::Result<Vec<usize>, _> =
        text.split('-').map(|p| p.trim().parse()).collect();
    match parts {
        Ok(v) if v.first() == Some(&5) && v.iter().sum::<usize>() == 13 && v.iter().all(|&b| b > 0) => Ok(v),
        _ => Err(Error::Option(format!(
            "bad value {:?} for option deal_batches; valid values: 5-4-4, 5-3-3-2 or another pattern of positive batches starting with 5 and summing to 13",
            text
        ))),
    }
}

impl HokmConfig {
    /// Builds the configuration of `preset` with `options` (`key`, `value`) applied.
    pub fn new(preset: &str, opts: &[(String, String)]) -> Result<HokmConfig> {
        let preset = match preset {
            "hokm4" => Preset::Hokm4,
            "hokm3" => Preset::Hokm3,
            "hokm2" => Preset::Hokm2,
            "court_piece" => Preset::CourtPiece,
            "single_sar" => Preset::SingleSar,
            "double_sar" => Preset::DoubleSar,
            "dehla_pakad" => Preset::DehlaPakad,
            "satat" => Preset::Satat,
            "trup_kasiet" => Preset::TrupKasiet,
            "be_ranga" => Preset::BeRanga,
            "dab_rang" => Preset::DabRang,
            "dummy_rang" => Preset::DummyRang,
            _ => {
                return Err(Error::Option(format!(
                    "unknown preset {:?}; valid presets: {}",
                    preset, PRESETS
                )))
            }
        };
        let opts = options::check(preset.name(), SPECS, NOT_YET, opts)?;
        let players = match preset {
            Preset::Hokm3 => 3,
            Preset::Hokm2 => 2,
            _ => 4,
        };
        let mut all: Vec<(String, String)> = preset
            .defaults()
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect();
        all.extend(opts.iter().cloned());
        let mut opts = opts;
        // A trump gate (§7.6: `first_void_*`, `hidden_call`) goes with
        // `first_collect_min=2` ("the presets using a trump gate set
        // first_collect_min=2"); the user's own value wins, and the implied
        // one is shown among the options.
        let gated = options::get(&all, "collection") == Some("double_sar")
            && matches!(
                options::get(&all, "trump_mode"),
                Some("first_void_5" | "first_void_13" | "hidden_call")
            );
        if gated && options::get(&opts, "first_collect_min").is_none() {
            let implied = ("first_collect_min".to_string(), "2".to_string());
            if options::get(&all, "first_collect_min") != Some("2") {
                opts.push(implied.clone());
            }
            all.push(implied);
        }
        let get = |k: &str| options::get(&all, k);
        let num = |k: &str, d: u32| get(k).map_or(d, |v| v.parse().expect("checked number"));
        let bad = |k: &str, why: &str| -> Result<HokmConfig> {
            Err(Error::Option(format!(
                "option {} {} (preset {})",
                k,
                why,
                preset.name()
            )))
        };
        if let Some(p) = get("players") {
            if p.parse::<usize>().ok() != Some(players) {
                return bad(
                    "players",
                    &format!(
                        "must be {} for this preset; choose the preset hokm{} instead",
                        players, p
                    ),
                );
            }
        }
        if players != 4 {
            if let Some((k, _)) = all.iter().find(|(k, _)| FOUR_ONLY.contains(&k.as_str())) {
                return bad(k, "applies to four-player presets only");
            }
        }
        if players == 2 {
            for k in [
                "random_trump",
                "random_trump_pool",
                "redeal_no_court",
                "court_def",
                "redeal_limit",
            ] {
                if get(k).is_some() {
                    return bad(k, "does not apply to two-player Hokm");
                }
            }
        }
        if let Some(two) = get("removed_two") {
            if !["2C", "2D", "2H", "2S"].contains(&two.to_ascii_uppercase().as_str()) {
                return bad(
                    "removed_two",
                    &format!("has bad value {:?}; valid values: 2C, 2D, 2H, 2S", two),
                );
            }
        }
        if players != 3 && get("removed_two").is_some() {
            return bad("removed_two", "applies to hokm3 only");
        }
        let full = Pack::french52();
        let pack = if players == 3 {
            let two = get("removed_two").unwrap_or("2C").to_ascii_uppercase();
            let c: Card = full.parse_card(&two)?;
            full.without(CardSet::from(c))
        } else {
            full
        };
        let batches = match players {
            4 => parse_batches(get("deal_batches").unwrap_or("5-4-4"))?,
            3 => vec![5, 4, 4, 4],
            _ => vec![5],
        };
        let stop_rule = if players == 3 {
            if get("stop_rule").is_some() {
                return bad(
                    "stop_rule",
                    "does not apply to hokm3, which stops by kot, clinch and exhaustion (§8.2)",
                );
            }
            StopRule::Clinch3
        } else {
            match get("stop_rule").unwrap_or("first_to_7") {
                "kot_choice" => StopRule::KotChoice,
                "play_all" => StopRule::PlayAll,
                _ => StopRule::FirstTo7,
            }
        };
        let scoring = match get("scoring").unwrap_or("hokm") {
            "netherlands" => Scoring::Netherlands,
            "kots" => Scoring::Kots,
            "double_sar" => Scoring::DoubleSar,
            "dehla" => Scoring::Dehla,
            "dab" => Scoring::Dab,
            "dummy" => Scoring::Dummy,
            _ => Scoring::Hokm,
        };
        let heap = get("collection") == Some("double_sar");
        if matches!(
            scoring,
            Scoring::DoubleSar | Scoring::Dehla | Scoring::Dab | Scoring::Dummy
        ) != heap
        {
            return bad(
                "scoring",
                "double_sar, dehla and dab go with collection=double_sar, and that collection with one of them",
            );
        }
        let first_void = match get("trump_mode").unwrap_or("caller") {
            "caller" | "hidden_card" | "hidden_call" => None,
            "first_void_5" => Some(5),
            "first_void_13" => Some(13),
            other => {
                return bad(
                    "trump_mode",
                    &format!(
                        "value {} is not offered yet; offered: caller, hidden_card, hidden_call, first_void_5, first_void_13",
                        other
                    ),
                )
            }
        };
        let hidden_call = get("trump_mode") == Some("hidden_call");
        if hidden_call {
            for k in [
                "random_trump",
                "redeal_no_court",
                "partner_no_trump_redeal",
                "satat_two_hearts",
            ] {
                if get(k).is_some_and(|v| v != "off") {
                    return bad(k, "does not go with trump_mode=hidden_call");
                }
            }
        }
        if get("dab_min_bid").is_some() && !hidden_call {
            return bad("dab_min_bid", "requires trump_mode=hidden_call");
        }
        if first_void.is_some() {
            for k in [
                "random_trump",
                "redeal_no_court",
                "partner_no_trump_redeal",
                "satat_two_hearts",
            ] {
                if get(k).is_some_and(|v| v != "off") {
                    return bad(
                        k,
                        "does not go with a first-void trump (nobody calls trumps)",
                    );
                }
            }
        }
        let satat = get("satat_two_hearts") == Some("on");
        for k in ["satat_pass", "satat_signals"] {
            if get(k) == Some("on") && !satat {
                return bad(k, "requires satat_two_hearts=on");
            }
        }
        if get("trump_mode") == Some("hidden_card") && get("random_trump") == Some("on") {
            return bad("random_trump", "does not go with trump_mode=hidden_card");
        }
        if heap && stop_rule != StopRule::PlayAll {
            return bad(
                "collection=double_sar",
                "requires stop_rule=play_all (§8.3)",
            );
        }
        if scoring == Scoring::Netherlands && stop_rule != StopRule::KotChoice {
            return bad(
                "scoring=netherlands",
                "requires stop_rule=kot_choice (§9.4)",
            );
        }
        if get("kot_choice_partners_view") == Some("on") && stop_rule != StopRule::KotChoice {
            return bad("kot_choice_partners_view", "requires stop_rule=kot_choice");
        }
        if get("partnership_by_draw") == Some("on") && get("first_hakem") == Some("random") {
            return bad("partnership_by_draw", "requires first_hakem=ace_draw");
        }
        if get("random_trump_pool").is_some() && get("random_trump") != Some("on") {
            return bad("random_trump_pool", "requires random_trump=on");
        }
        let redeal_no_court = match get("redeal_no_court").unwrap_or("off") {
            "all13" => RedealNoCourt::All13,
            "first5" => RedealNoCourt::First5,
            _ => RedealNoCourt::Off,
        };
        Ok(HokmConfig {
            preset,
            pack,
            players,
            clockwise: get("direction") == Some("clockwise"),
            first_hakem: if get("first_hakem") == Some("random") {
                FirstHakem::Random
            } else {
                FirstHakem::AceDraw
            },
            batches,
            partnership_by_draw: get("partnership_by_draw") == Some("on"),
            random_trump: get("random_trump") == Some("on"),
            random_trump_last4: get("random_trump_pool") == Some("last4"),
            redeal_no_court,
            court_pictures: get("court_def") == Some("pictures"),
            redeal_limit: num("redeal_limit", 2),
            partner_no_trump_redeal: get("partner_no_trump_redeal") == Some("on"),
            stop_rule,
            partners_view: get("kot_choice_partners_view") == Some("on"),
            scoring,
            points_win: num("points_win", 1),
            points_kot: num("points_kot", 2),
            points_hakem_koti: num("points_hakem_koti", 3),
            points_bavney: get("points_bavney").map(|v| v.parse().expect("checked number")),
            target_points: num(
                "target_points",
                match scoring {
                    Scoring::Netherlands => 21,
                    Scoring::Dummy => 104,
                    _ => 7,
                },
            ),
            target_kots: num("target_kots", 5),
            streak_length: num("streak_length", 7),
            bavney_kots: num("bavney_kots", 52),
            goon_kot_value: num("goon_kot_value", 1),
            rotation: match get("rotation").unwrap_or("hokm") {
                "court_piece" => Rotation::CourtPiece,
                "double_sar" => Rotation::DoubleSar,
                "dehla" => Rotation::Dehla,
                "plain" => Rotation::Plain,
                "dummy" => Rotation::Dummy,
                _ => Rotation::Hokm,
            },
            heap,
            first_collect_min: num("first_collect_min", 3) as u8,
            chain_continue: get("double_sar_chain") == Some("continue"),
            ace_rule: get("ace_rule") == Some("on"),
            no_collect_11_12: get("no_collect_11_12") == Some("on"),
            streak_kot: get("streak_kot") != Some("off"),
            dehla_cancel: get("dehla_dealer_four_tens") != Some("score_kot"),
            dehla_streak_2_2: get("dehla_streak_counts_2_2") == Some("on"),
            early_termination: get("early_termination") == Some("when_decided"),
            hidden_card: get("trump_mode") == Some("hidden_card"),
            first_void,
            hidden_call,
            dab_min_bid: num("dab_min_bid", 7) as u8,
            thaap: get("thaap") == Some("on"),
            dummy: scoring == Scoring::Dummy,
            satat,
            satat_pass: get("satat_pass") == Some("on"),
            satat_signals: get("satat_signals") == Some("on"),
            options: opts,
        })
    }

    /// Number of players who act: the seats, except in Dummy Rang (three
    /// real players at a four-seat table).
    pub fn num_players(&self) -> usize {
        if self.dummy {
            3
        } else {
            self.players
        }
    }

    /// Number of sides: 2 with four players (partnerships), else one per seat.
    pub fn num_sides(&self) -> usize {
        if self.players == 4 {
            2
        } else {
            self.players
        }
    }

    /// The side of a seat.
    #[inline]
    pub fn side(&self, seat: usize) -> usize {
        if self.players == 4 {
            seat % 2
        } else {
            seat
        }
    }

    /// Tricks in a full hand.
    pub fn tricks_per_hand(&self) -> usize {
        if self.players == 3 {
            17
        } else {
            13
        }
    }

    /// True when `cards` holds a court card (J and above, or K Q J with `court_def=pictures`).
    pub fn has_court(&self, cards: CardSet) -> bool {
        cards.iter().any(|c| {
            let f = self.pack.face(c);
            matches!(f, b'K' | b'Q' | b'J') || (f == b'A' && !self.court_pictures)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o(k: &str, v: &str) -> Vec<(String, String)> {
        vec![(k.into(), v.into())]
    }

    #[test]
    fn presets_and_defaults() {
        let c = HokmConfig::new("hokm4", &[]).unwrap();
        assert_eq!(
            (c.players, c.stop_rule, c.target_points),
            (4, StopRule::FirstTo7, 7)
        );
        let c = HokmConfig::new("hokm3", &[]).unwrap();
        assert_eq!(c.pack.num_cards(), 51);
        assert!(c
            .pack
            .parse_card("2C")
            .unwrap_err()
            .to_string()
            .contains("not in this game's pack"));
        let c = HokmConfig::new("hokm3", &o("removed_two", "2D")).unwrap();
        assert!(c.pack.deck.contains(c.pack.parse_card("2C").unwrap()));
        assert_eq!(
            HokmConfig::new("hokm4", &o("deal_batches", "5-3-3-2"))
                .unwrap()
                .batches,
            vec![5, 3, 3, 2]
        );
    }

    #[test]
    fn bad_options_are_refused() {
        assert!(HokmConfig::new("hokm5", &[]).is_err());
        assert!(HokmConfig::new("hokm4", &o("deal_batches", "4-4-5")).is_err());
        assert!(HokmConfig::new("hokm3", &o("stop_rule", "play_all")).is_err());
        assert!(HokmConfig::new("hokm4", &o("scoring", "netherlands")).is_err());
        assert!(HokmConfig::new("hokm2", &o("scoring", "kots")).is_err());
        let e = HokmConfig::new("hokm4", &o("collection", "double_sar"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("collection=double_sar"), "{}", e);
        assert!(HokmConfig::new("hokm4", &o("dab_min_bid", "8")).is_err());
        let e = HokmConfig::new("hokm4", &o("trump_mode", "sometimes"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("trump_mode"), "{}", e);
    }
}

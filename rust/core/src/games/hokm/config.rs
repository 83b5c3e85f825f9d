//! Presets and named options of Hokm (`docs/rules/hokm.md` §12).
//!
//! Each option is described once, in [`specs`]: its name, what it accepts
//! and its default. A word option's words come from the table that maps
//! each word to its typed value, and a value is read through that table
//! (never with a fallback to a default), so a word cannot be accepted and
//! then ignored.
//!
//! Decisions where the rules file leaves room (also listed in the closing
//! notes of the project):
//! * `random_trump_pool=last4` is the last four cards the Hakem receives in
//!   deal order (with `5-4-4` that is his final batch).
//! * Options of §12 that belong to the Court Piece presets and are not offered
//!   yet by this engine are refused with a message saying so, never ignored.
//! * `scoring=netherlands` requires `stop_rule=kot_choice` (§9.4).
//!
//! Defaults (§12): the table's first value. Where the table gives one per
//! preset or per scoring system, the default is the plain one and the
//! presets set theirs ([`preset_defaults`]): `first_hakem=ace_draw` (the
//! Court Piece presets set `random`), `rotation=hokm`, `satat_pass=off`
//! (`satat` sets `on`), `goon_kot_value=1` (`double_sar` and `be_ranga`
//! set 3; a hand-made `scoring=double_sar` keeps 1). `first_collect_min`
//! is 3; a trump gate implies 2, shown among the options. `players` (the
//! preset's), `points_bavney` (the side's kot value) and `target_points`
//! (7; 21 with `scoring=netherlands`, 104 with `scoring=dummy`) have no
//! fixed default.

pub use super::presets::{preset_defaults, Preset, LISTING};
use super::presets::{FOUR_ONLY, NOT_THREE, NOT_TWO, THREE_ONLY};
use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
use crate::options::{self, Accepts, Spec};
use crate::pack::Pack;

/// How trumps are made (`trump_mode`, §5).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum TrumpMode {
    /// The Hakem names trumps (§5.1).
    Caller,
    /// The Hakem lays a secret indicator (§5.4).
    HiddenCard,
    /// Auction, hidden indicator and cut call (§5.5).
    HiddenCall,
    /// The first void play fixes trumps after the first five cards (§5.6).
    FirstVoid5,
    /// The first void play fixes trumps after the full deal (§5.6).
    FirstVoid13,
}

impl TrumpMode {
    /// Trumps take effect only during play (a void play fixes them, or
    /// Dab Rang's cut reveals them): with `collection=double_sar` this is a
    /// trump gate (§7.6).
    fn late(self) -> bool {
        match self {
            TrumpMode::Caller | TrumpMode::HiddenCard => false,
            TrumpMode::HiddenCall | TrumpMode::FirstVoid5 | TrumpMode::FirstVoid13 => true,
        }
    }

    /// The first-void batch size (§5.6).
    fn first_void(self) -> Option<u8> {
        match self {
            TrumpMode::FirstVoid5 => Some(5),
            TrumpMode::FirstVoid13 => Some(13),
            TrumpMode::Caller | TrumpMode::HiddenCard | TrumpMode::HiddenCall => None,
        }
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

// The words of each word option, in the rules file's order (the default
// first), with the typed value each stands for.

/// `players`.
const PLAYERS: [(&str, usize); 3] = [("4", 4), ("3", 3), ("2", 2)];
/// `direction`: play is clockwise.
const DIRECTION: [(&str, bool); 2] = [("anticlockwise", false), ("clockwise", true)];
/// `first_hakem`.
const FIRST_HAKEM: [(&str, FirstHakem); 2] = [
    ("ace_draw", FirstHakem::AceDraw),
    ("random", FirstHakem::Random),
];
/// `trump_mode`.
const TRUMP_MODE: [(&str, TrumpMode); 5] = [
    ("caller", TrumpMode::Caller),
    ("hidden_card", TrumpMode::HiddenCard),
    ("hidden_call", TrumpMode::HiddenCall),
    ("first_void_5", TrumpMode::FirstVoid5),
    ("first_void_13", TrumpMode::FirstVoid13),
];
/// `random_trump_pool`: the last four cards only.
const RANDOM_TRUMP_POOL: [(&str, bool); 2] = [("rest", false), ("last4", true)];
/// `redeal_no_court`.
const REDEAL_NO_COURT: [(&str, RedealNoCourt); 3] = [
    ("off", RedealNoCourt::Off),
    ("all13", RedealNoCourt::All13),
    ("first5", RedealNoCourt::First5),
];
/// `court_def`: court cards are pictures only.
const COURT_DEF: [(&str, bool); 2] = [("above_ten", false), ("pictures", true)];
/// `collection`: tricks go to a heap.
const COLLECTION: [(&str, bool); 2] = [("single", false), ("double_sar", true)];
/// `first_collect_min`.
const FIRST_COLLECT_MIN: [(&str, u8); 3] = [("3", 3), ("2", 2), ("5", 5)];
/// `double_sar_chain`: the collecting trick may start the next pair.
const DOUBLE_SAR_CHAIN: [(&str, bool); 2] = [("reset", false), ("continue", true)];
/// `stop_rule` (`hokm3` has none: it stops by §8.2).
const STOP_RULE: [(&str, StopRule); 3] = [
    ("first_to_7", StopRule::FirstTo7),
    ("kot_choice", StopRule::KotChoice),
    ("play_all", StopRule::PlayAll),
];
/// `scoring`.
const SCORING: [(&str, Scoring); 7] = [
    ("hokm", Scoring::Hokm),
    ("netherlands", Scoring::Netherlands),
    ("kots", Scoring::Kots),
    ("double_sar", Scoring::DoubleSar),
    ("dehla", Scoring::Dehla),
    ("dab", Scoring::Dab),
    ("dummy", Scoring::Dummy),
];
/// `rotation`.
const ROTATION: [(&str, Rotation); 6] = [
    ("hokm", Rotation::Hokm),
    ("court_piece", Rotation::CourtPiece),
    ("double_sar", Rotation::DoubleSar),
    ("dehla", Rotation::Dehla),
    ("plain", Rotation::Plain),
    ("dummy", Rotation::Dummy),
];
/// `dehla_dealer_four_tens`: four tens of the dealer's side cancel a kot.
const DEHLA_FOUR_TENS: [(&str, bool); 2] = [("cancel_opponent_kot", true), ("score_kot", false)];
/// `early_termination`: heap hands stop once decided.
const EARLY_TERMINATION: [(&str, bool); 2] = [("off", false), ("when_decided", true)];

// The words each word option accepts, taken from its table.
const PLAYERS_W: [&str; 3] = options::words(&PLAYERS);
const DIRECTION_W: [&str; 2] = options::words(&DIRECTION);
const FIRST_HAKEM_W: [&str; 2] = options::words(&FIRST_HAKEM);
const TRUMP_MODE_W: [&str; 5] = options::words(&TRUMP_MODE);
const RANDOM_TRUMP_POOL_W: [&str; 2] = options::words(&RANDOM_TRUMP_POOL);
const REDEAL_NO_COURT_W: [&str; 3] = options::words(&REDEAL_NO_COURT);
const COURT_DEF_W: [&str; 2] = options::words(&COURT_DEF);
const COLLECTION_W: [&str; 2] = options::words(&COLLECTION);
const FIRST_COLLECT_MIN_W: [&str; 3] = options::words(&FIRST_COLLECT_MIN);
const DOUBLE_SAR_CHAIN_W: [&str; 2] = options::words(&DOUBLE_SAR_CHAIN);
const STOP_RULE_W: [&str; 3] = options::words(&STOP_RULE);
const SCORING_W: [&str; 7] = options::words(&SCORING);
const ROTATION_W: [&str; 6] = options::words(&ROTATION);
const DEHLA_FOUR_TENS_W: [&str; 2] = options::words(&DEHLA_FOUR_TENS);
const EARLY_TERMINATION_W: [&str; 2] = options::words(&EARLY_TERMINATION);

/// A word option.
const fn word(name: &'static str, words: &'static [&'static str], default: &'static str) -> Spec {
    Spec {
        name,
        accepts: Accepts::Words(words),
        default: Some(default),
    }
}

/// A switch.
const fn switch(name: &'static str, default: &'static str) -> Spec {
    Spec {
        name,
        accepts: Accepts::Switch,
        default: Some(default),
    }
}

/// A whole number in `lo..=hi`.
const fn number(name: &'static str, lo: i64, hi: i64, default: Option<&'static str>) -> Spec {
    Spec {
        name,
        accepts: Accepts::Number(lo, hi),
        default,
    }
}

/// The named options (§12) with their defaults (see the module notes).
const SPECS: &[Spec] = &[
    Spec {
        name: "players",
        accepts: Accepts::Words(&PLAYERS_W),
        default: None,
    },
    word("direction", &DIRECTION_W, "anticlockwise"),
    word("first_hakem", &FIRST_HAKEM_W, "ace_draw"),
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
    switch("partnership_by_draw", "false"),
    switch("random_trump", "off"),
    word("random_trump_pool", &RANDOM_TRUMP_POOL_W, "rest"),
    word("redeal_no_court", &REDEAL_NO_COURT_W, "off"),
    word("court_def", &COURT_DEF_W, "above_ten"),
    number("redeal_limit", 0, 100, Some("2")),
    switch("partner_no_trump_redeal", "off"),
    word("stop_rule", &STOP_RULE_W, "first_to_7"),
    switch("kot_choice_partners_view", "off"),
    word("scoring", &SCORING_W, "hokm"),
    number("points_win", 0, 1000, Some("1")),
    number("points_kot", 0, 1000, Some("2")),
    number("points_hakem_koti", 0, 1000, Some("3")),
    number("points_bavney", 0, 1000, None),
    number("target_points", 1, 10000, None),
    number("target_kots", 1, 10000, Some("5")),
    number("streak_length", 1, 1000, Some("7")),
    number("bavney_kots", 0, 10000, Some("52")),
    number("goon_kot_value", 0, 1000, Some("1")),
    word("trump_mode", &TRUMP_MODE_W, "caller"),
    switch("thaap", "off"),
    number("dab_min_bid", 7, 13, Some("7")),
    switch("satat_two_hearts", "off"),
    switch("satat_pass", "off"),
    switch("satat_signals", "off"),
    word("collection", &COLLECTION_W, "single"),
    word("first_collect_min", &FIRST_COLLECT_MIN_W, "3"),
    word("double_sar_chain", &DOUBLE_SAR_CHAIN_W, "reset"),
    switch("ace_rule", "off"),
    switch("no_collect_11_12", "off"),
    switch("streak_kot", "on"),
    word(
        "dehla_dealer_four_tens",
        &DEHLA_FOUR_TENS_W,
        "cancel_opponent_kot",
    ),
    switch("dehla_streak_counts_2_2", "off"),
    word("early_termination", &EARLY_TERMINATION_W, "off"),
    word("rotation", &ROTATION_W, "hokm"),
];

/// The named options of Hokm and its family (§12): what each accepts and
/// its default (see the module notes for the defaults that are not the
/// table's).
pub fn specs() -> &'static [Spec] {
    SPECS
}

/// Options of §12 that belong to presets this engine does not offer yet.
const NOT_YET: &[&str] = &[];

/// The card codes `removed_two` accepts.
const TWOS: [&str; 4] = ["2C", "2D", "2H", "2S"];

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

/// The options in force (the preset's, then the user's, normalised), read
/// through [`SPECS`].
struct Given<'a>(&'a [(String, String)]);

impl Given<'_> {
    /// The value given (by the preset or the user), if any.
    fn get(&self, k: &str) -> Option<&str> {
        options::get(self.0, k)
    }

    /// The value given, else the default.
    fn value(&self, k: &str) -> Result<String> {
        options::value(self.0, SPECS, k)
    }

    /// A word option's typed value.
    fn word<T: Copy>(&self, k: &str, table: &[(&str, T)]) -> Result<T> {
        options::word(self.0, SPECS, k, table)
    }

    /// A switch's value.
    fn on(&self, k: &str) -> Result<bool> {
        options::switch(self.0, SPECS, k)
    }

    /// A number option's value.
    fn num<T: std::str::FromStr>(&self, k: &str) -> Result<T> {
        options::number(self.0, SPECS, k)
    }
}

impl HokmConfig {
    /// Builds the configuration of `preset` with `options` (`key`, `value`) applied.
    pub fn new(preset: &str, opts: &[(String, String)]) -> Result<HokmConfig> {
        let preset = Preset::parse(preset)?;
        let opts = options::check(preset.name(), SPECS, NOT_YET, opts)?;
        let players = preset.players();
        let mut all = options::with_preset(&preset.defaults(), &opts);
        let mut opts = opts;
        // A trump gate (§7.6: `first_void_*`, `hidden_call`) goes with
        // `first_collect_min=2` ("the presets using a trump gate set
        // first_collect_min=2"); the user's own value wins, and the implied
        // one is shown among the options.
        let gated = Given(&all).word("collection", &COLLECTION)?
            && Given(&all).word("trump_mode", &TRUMP_MODE)?.late();
        if gated && options::get(&opts, "first_collect_min").is_none() {
            let implied = ("first_collect_min".to_string(), "2".to_string());
            if options::get(&all, "first_collect_min") != Some("2") {
                opts.push(implied.clone());
            }
            all.push(implied);
        }
        let given = Given(&all);
        let get = |k: &str| given.get(k);
        let bad = |k: &str, why: &str| -> Result<HokmConfig> {
            Err(Error::Option(format!(
                "option {} {} (preset {})",
                k,
                why,
                preset.name()
            )))
        };
        if let Some(p) = get("players") {
            if given.word("players", &PLAYERS)? != players {
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
            if let Some(k) = NOT_TWO.iter().find(|k| get(k).is_some()) {
                return bad(k, "does not apply to two-player Hokm");
            }
        }
        if let Some(two) = get("removed_two") {
            if !TWOS.contains(&two.to_ascii_uppercase().as_str()) {
                return bad(
                    "removed_two",
                    &format!("has bad value {:?}; valid values: {}", two, TWOS.join(", ")),
                );
            }
        }
        if players != 3 {
            if let Some(k) = THREE_ONLY.iter().find(|k| get(k).is_some()) {
                return bad(k, "applies to hokm3 only");
            }
        }
        let full = Pack::french52();
        let pack = if players == 3 {
            let two = given.value("removed_two")?.to_ascii_uppercase();
            let c: Card = full.parse_card(&two)?;
            full.without(CardSet::from(c))
        } else {
            full
        };
        let batches = match players {
            4 => parse_batches(&given.value("deal_batches")?)?,
            3 => vec![5, 4, 4, 4],
            _ => vec![5],
        };
        let stop_rule = if players == 3 {
            if let Some(k) = NOT_THREE.iter().find(|k| get(k).is_some()) {
                return bad(
                    k,
                    "does not apply to hokm3, which stops by kot, clinch and exhaustion (§8.2)",
                );
            }
            StopRule::Clinch3
        } else {
            given.word("stop_rule", &STOP_RULE)?
        };
        let scoring = given.word("scoring", &SCORING)?;
        let heap = given.word("collection", &COLLECTION)?;
        let heap_scoring = match scoring {
            Scoring::DoubleSar | Scoring::Dehla | Scoring::Dab | Scoring::Dummy => true,
            Scoring::Hokm | Scoring::Netherlands | Scoring::Kots => false,
        };
        if heap_scoring != heap {
            return bad(
                "scoring",
                "double_sar, dehla and dab go with collection=double_sar, and that collection with one of them",
            );
        }
        let trump_mode = given.word("trump_mode", &TRUMP_MODE)?;
        let first_void = trump_mode.first_void();
        let hidden_call = trump_mode == TrumpMode::HiddenCall;
        /// Options that need a trump call (§5.2, §5.3, §6.2).
        const CALL_ONLY: [&str; 4] = [
            "random_trump",
            "redeal_no_court",
            "partner_no_trump_redeal",
            "satat_two_hearts",
        ];
        let called = CALL_ONLY
            .into_iter()
            .find(|k| get(k).is_some_and(|v| v != "off"));
        let satat = given.on("satat_two_hearts")?;
        let satat_pass = given.on("satat_pass")?;
        let satat_signals = given.on("satat_signals")?;
        let random_trump = given.on("random_trump")?;
        let partners_view = given.on("kot_choice_partners_view")?;
        let first_hakem = given.word("first_hakem", &FIRST_HAKEM)?;
        let partnership_by_draw = given.on("partnership_by_draw")?;
        let kot_choice = stop_rule == StopRule::KotChoice;
        // The options that go only with others: (broken, option, why); the
        // first broken one is the error.
        let call = called.unwrap_or_default();
        #[rustfmt::skip]
        let rules = [
            (hidden_call && called.is_some(), call, "does not go with trump_mode=hidden_call"),
            (get("dab_min_bid").is_some() && !hidden_call, "dab_min_bid", "requires trump_mode=hidden_call"),
            (first_void.is_some() && called.is_some(), call, "does not go with a first-void trump (nobody calls trumps)"),
            (satat_pass && !satat, "satat_pass", "requires satat_two_hearts=on"),
            (satat_signals && !satat, "satat_signals", "requires satat_two_hearts=on"),
            (trump_mode == TrumpMode::HiddenCard && random_trump, "random_trump", "does not go with trump_mode=hidden_card"),
            (heap && stop_rule != StopRule::PlayAll, "collection=double_sar", "requires stop_rule=play_all (§8.3)"),
            (scoring == Scoring::Netherlands && !kot_choice, "scoring=netherlands", "requires stop_rule=kot_choice (§9.4)"),
            (partners_view && !kot_choice, "kot_choice_partners_view", "requires stop_rule=kot_choice"),
            (partnership_by_draw && first_hakem == FirstHakem::Random, "partnership_by_draw", "requires first_hakem=ace_draw"),
            (get("random_trump_pool").is_some() && !random_trump, "random_trump_pool", "requires random_trump=on"),
        ];
        if let Some(&(_, k, why)) = rules.iter().find(|r| r.0) {
            return bad(k, why);
        }
        let points_bavney = match get("points_bavney") {
            Some(_) => Some(given.num("points_bavney")?),
            None => None,
        };
        let target_points = match get("target_points") {
            Some(_) => given.num("target_points")?,
            None => match scoring {
                Scoring::Netherlands => 21,
                Scoring::Dummy => 104,
                Scoring::Hokm
                | Scoring::Kots
                | Scoring::DoubleSar
                | Scoring::Dehla
                | Scoring::Dab => 7,
            },
        };
        Ok(HokmConfig {
            preset,
            pack,
            players,
            clockwise: given.word("direction", &DIRECTION)?,
            first_hakem,
            batches,
            partnership_by_draw,
            random_trump,
            random_trump_last4: given.word("random_trump_pool", &RANDOM_TRUMP_POOL)?,
            redeal_no_court: given.word("redeal_no_court", &REDEAL_NO_COURT)?,
            court_pictures: given.word("court_def", &COURT_DEF)?,
            redeal_limit: given.num("redeal_limit")?,
            partner_no_trump_redeal: given.on("partner_no_trump_redeal")?,
            stop_rule,
            partners_view,
            scoring,
            points_win: given.num("points_win")?,
            points_kot: given.num("points_kot")?,
            points_hakem_koti: given.num("points_hakem_koti")?,
            points_bavney,
            target_points,
            target_kots: given.num("target_kots")?,
            streak_length: given.num("streak_length")?,
            bavney_kots: given.num("bavney_kots")?,
            goon_kot_value: given.num("goon_kot_value")?,
            rotation: given.word("rotation", &ROTATION)?,
            heap,
            first_collect_min: given.word("first_collect_min", &FIRST_COLLECT_MIN)?,
            chain_continue: given.word("double_sar_chain", &DOUBLE_SAR_CHAIN)?,
            ace_rule: given.on("ace_rule")?,
            no_collect_11_12: given.on("no_collect_11_12")?,
            streak_kot: given.on("streak_kot")?,
            dehla_cancel: given.word("dehla_dealer_four_tens", &DEHLA_FOUR_TENS)?,
            dehla_streak_2_2: given.on("dehla_streak_counts_2_2")?,
            early_termination: given.word("early_termination", &EARLY_TERMINATION)?,
            hidden_card: trump_mode == TrumpMode::HiddenCard,
            first_void,
            hidden_call,
            dab_min_bid: given.num("dab_min_bid")?,
            thaap: given.on("thaap")?,
            dummy: scoring == Scoring::Dummy,
            satat,
            satat_pass,
            satat_signals,
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

/// True when the named option applies to `preset` (false for a name that
/// is not an option): the options [`HokmConfig::new`]
/// refuses for the preset's seat count are left out. An option that
/// applies may still require another one (e.g. `dab_min_bid` requires
/// `trump_mode=hidden_call`).
///
/// ```
/// use hukm_core::games::hokm::config::{applies, Preset};
/// assert!(applies(Preset::Hokm4, "stop_rule"));
/// assert!(!applies(Preset::Hokm3, "stop_rule"));
/// assert!(!applies(Preset::Hokm2, "random_trump"));
/// assert!(applies(Preset::Hokm3, "removed_two"));
/// assert!(!applies(Preset::Hokm4, "no_such_option"));
/// ```
pub fn applies(preset: Preset, option: &str) -> bool {
    let n = preset.players();
    specs().iter().any(|s| s.name == option)
        && !(n != 4 && FOUR_ONLY.contains(&option))
        && !(n == 2 && NOT_TWO.contains(&option))
        && !(n != 3 && THREE_ONLY.contains(&option))
        && !(n == 3 && NOT_THREE.contains(&option))
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;

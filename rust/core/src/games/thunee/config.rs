//! Presets and named options of Thunee (`docs/rules/thunee.md` §12, §13).

use crate::error::{Error, Result};
use crate::options::{self, Accepts, Spec};
use crate::games::{Listing, PresetDef};
use crate::pack::{Pack, PackDef};

/// What the catalog lists of Thunee: its presets, its alias and its pack.
#[rustfmt::skip]
pub const LISTING: Listing = Listing::new(&[
    PresetDef::new("thunee4", 4, "thunee24", "Thunee"),
    PresetDef::new("thunee4_plain", 4, "thunee24", "Thunee: bids, trumps, Jodhi and Thunee only"), PresetDef::new("thunee4_app", 4, "thunee24", "Thunee as played online: 13 balls, last-trick bonus"),
    PresetDef::new("thunee2", 2, "thunee24", "Thunee for two: two rounds of six cards"), PresetDef::new("thunee6", 6, "thunee24", "Thunee for six: three against three"),
], &[THUNEE24]).with_aliases(&[("thunee", "thunee4")]);

/// The pack `thunee24`.
const THUNEE24: PackDef = PackDef::new("thunee24", Pack::thunee);

/// Thunee's pack.
impl Pack {
    /// The 24-card pack of Thunee (`docs/rules/thunee.md` §3): `J 9 A T K Q` in
    /// every suit, worth 30, 20, 11, 10, 3 and 2 card points (304 in all).
    pub fn thunee() -> Pack {
        let mut p = Pack::french("thunee24", &["J9ATKQ"; 4]);
        p.set_points(&[
            (b'J', 30),
            (b'9', 20),
            (b'A', 11),
            (b'T', 10),
            (b'K', 3),
            (b'Q', 2),
        ]);
        p
    }
}

/// The presets (§12.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Four players, all defaults.
    Thunee4,
    /// Bids, trumps, Jodhi and Thunee only (no Royals, Double, Khanuck or
    /// last card): the reference for solver tests.
    Plain,
    /// The +10 last-trick bonus, 13 balls, Jodhi after every trick won.
    App,
    /// Two players, two rounds of six cards (§13.1).
    Thunee2,
    /// Six players, three against three, four cards each (§13.2).
    Thunee6,
}

/// The preset names, in the rules file's order.
pub const PRESETS: [(&str, Preset); 5] = [
    ("thunee4", Preset::Thunee4),
    ("thunee4_plain", Preset::Plain),
    ("thunee4_app", Preset::App),
    ("thunee2", Preset::Thunee2),
    ("thunee6", Preset::Thunee6),
];

impl Preset {
    /// The preset's name.
    pub fn name(self) -> &'static str {
        PRESETS
            .iter()
            .find(|(_, p)| *p == self)
            .map(|(n, _)| *n)
            .expect("every preset is listed")
    }

    /// The preset of a name (`thunee` is `thunee4`).
    pub fn parse(name: &str) -> Result<Preset> {
        let n = name.trim().to_ascii_lowercase();
        let n = if n == "thunee" { "thunee4".into() } else { n };
        PRESETS
            .iter()
            .find(|(w, _)| *w == n)
            .map(|&(_, p)| p)
            .ok_or_else(|| {
                let names: Vec<&str> = PRESETS.iter().map(|(w, _)| *w).collect();
                Error::Option(format!(
                    "unknown preset {:?} for Thunee; valid presets: {}",
                    name,
                    names.join(", ")
                ))
            })
    }

    /// The option values the preset sets before the user's (§12.1).
    pub fn defaults(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Preset::Thunee4 => &[],
            Preset::Plain => &[
                ("royals", "off"),
                ("double", "off"),
                ("khanuck", "off"),
                ("last_card", "off"),
            ],
            Preset::App => &[
                ("last_trick", "bonus"),
                ("target_balls", "13"),
                ("jodhi_window", "any_won"),
            ],
            Preset::Thunee2 => &[("players", "2")],
            Preset::Thunee6 => &[("players", "6")],
        }
    }
}

/// What the last trick does to the totals (§3, §10.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LastTrick {
    /// The loser gives 10 to the winner (totals add up to 304).
    Transfer,
    /// The winner gets 10 more (totals add up to 314).
    Bonus,
    /// No adjustment.
    Off,
}

/// When `bid:104` may be made (§5.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TopBid {
    /// Only over a bid of 100.
    After100,
    /// Whenever it exceeds the current bid.
    Any,
    /// Never: the ladder stops at 100.
    None,
}

/// When the trumper may say `trump:last` (§5.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LastCard {
    /// Only when his first batch holds as many suits as cards.
    FourSuits,
    /// Always.
    Any,
    /// Never.
    Off,
}

/// What a Double claims (§9.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DoubleRule {
    /// The last trick and the hand on points.
    PointsAndLast,
    /// The last trick alone.
    LastTrickOnly,
    /// Callable only after winning every trick so far; the last trick decides.
    AllTricks,
}

/// What the double-dummy solver answers by default (§16).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DdMode {
    /// The counting team's total (§16.1).
    Points,
    /// Whether the counting team reaches its target (§16.3).
    Target,
    /// The Thunee / Royals sweep in balls (§16.4).
    Sweep,
    /// Balls of the hand with Jodhi, Double and Khanuck (§16.5).
    Balls,
}

const PLAYERS: [(&str, usize); 3] = [("4", 4), ("2", 2), ("6", 6)];
const PLAYER_WORDS: [&str; 3] = options::words(&PLAYERS);
const FIRST_DEALER: [(&str, bool); 2] = [("random", false), ("black_jack", true)];
const FIRST_DEALER_WORDS: [&str; 2] = options::words(&FIRST_DEALER);
const ROTATION: [(&str, bool); 2] = [("behind_keeps", true), ("every_hand", false)];
const ROTATION_WORDS: [&str; 2] = options::words(&ROTATION);
const LAST_TRICK: [(&str, LastTrick); 3] = [
    ("transfer", LastTrick::Transfer),
    ("bonus", LastTrick::Bonus),
    ("off", LastTrick::Off),
];
const LAST_TRICK_WORDS: [&str; 3] = options::words(&LAST_TRICK);
const TOP_BID: [(&str, TopBid); 3] = [
    ("after_100", TopBid::After100),
    ("any", TopBid::Any),
    ("none", TopBid::None),
];
const TOP_BID_WORDS: [&str; 3] = options::words(&TOP_BID);
const BID_LOSS: [(&str, i32); 2] = [("2", 2), ("1", 1)];
const BID_LOSS_WORDS: [&str; 2] = options::words(&BID_LOSS);
const LAST_CARD: [(&str, LastCard); 3] = [
    ("four_suits", LastCard::FourSuits),
    ("any", LastCard::Any),
    ("off", LastCard::Off),
];
const LAST_CARD_WORDS: [&str; 3] = options::words(&LAST_CARD);
const UNDERCUT: [(&str, bool); 2] = [("allowed", false), ("forbidden", true)];
const UNDERCUT_WORDS: [&str; 2] = options::words(&UNDERCUT);
const JODHI_WINDOW: [(&str, bool); 2] = [("first_third", false), ("any_won", true)];
const JODHI_WINDOW_WORDS: [&str; 2] = options::words(&JODHI_WINDOW);
const DOUBLE_RULE: [(&str, DoubleRule); 3] = [
    ("points_and_last", DoubleRule::PointsAndLast),
    ("last_trick_only", DoubleRule::LastTrickOnly),
    ("all_tricks", DoubleRule::AllTricks),
];
const DOUBLE_RULE_WORDS: [&str; 3] = options::words(&DOUBLE_RULE);
const CLAIM: [(&str, bool); 2] = [("caller", false), ("team", true)];
const CLAIM_WORDS: [&str; 2] = options::words(&CLAIM);
const KHANUCK_TARGET: [(&str, bool); 2] = [("off", false), ("13", true)];
const KHANUCK_TARGET_WORDS: [&str; 2] = options::words(&KHANUCK_TARGET);
const DD_MODE: [(&str, DdMode); 4] = [
    ("points", DdMode::Points),
    ("target", DdMode::Target),
    ("sweep", DdMode::Sweep),
    ("balls", DdMode::Balls),
];
const DD_MODE_WORDS: [&str; 4] = options::words(&DD_MODE);
const DD_JODHI: [(&str, bool); 2] = [("off", false), ("auto", true)];
const DD_JODHI_WORDS: [&str; 2] = options::words(&DD_JODHI);

const fn words(name: &'static str, w: &'static [&'static str]) -> Spec {
    Spec {
        name,
        accepts: Accepts::Words(w),
        default: Some(w[0]),
    }
}

const fn switch(name: &'static str, default: &'static str) -> Spec {
    Spec {
        name,
        accepts: Accepts::Switch,
        default: Some(default),
    }
}

const fn number(name: &'static str, lo: i64, hi: i64, default: &'static str) -> Spec {
    Spec {
        name,
        accepts: Accepts::Number(lo, hi),
        default: Some(default),
    }
}

/// The named options (§12), in the table's order, each with the table's
/// first value as its default.
const SPECS: &[Spec] = &[
    words("players", &PLAYER_WORDS),
    words("first_dealer", &FIRST_DEALER_WORDS),
    words("dealer_rotation", &ROTATION_WORDS),
    words("last_trick", &LAST_TRICK_WORDS),
    number("base_target", 1, 400, "105"),
    words("top_bid", &TOP_BID_WORDS),
    switch("bid_over_partner", "off"),
    words("bid_loss_balls", &BID_LOSS_WORDS),
    words("last_card", &LAST_CARD_WORDS),
    switch("weak_redeal", "off"),
    switch("no_trump_redeal", "on"),
    words("undercut", &UNDERCUT_WORDS),
    switch("royals", "on"),
    number("thunee_balls", 1, 100, "4"),
    number("royals_balls", 1, 100, "4"),
    switch("blind_calls", "off"),
    number("blind_balls", 1, 100, "8"),
    switch("jodhi", "on"),
    words("jodhi_window", &JODHI_WINDOW_WORDS),
    switch("double", "on"),
    switch("khanuck", "on"),
    words("double_rule", &DOUBLE_RULE_WORDS),
    words("last_trick_claim", &CLAIM_WORDS),
    number("khanuck_balls", 1, 100, "3"),
    number("backward_khanuck_balls", 1, 100, "6"),
    words("khanuck_target", &KHANUCK_TARGET_WORDS),
    number("target_balls", 1, 1000, "12"),
    words("dd_mode", &DD_MODE_WORDS),
    words("dd_jodhi", &DD_JODHI_WORDS),
];

/// The options of Thunee (§12): what each accepts and its default.
pub fn specs() -> &'static [Spec] {
    SPECS
}

/// The option values preset `name` sets before the user's (§12.1); empty
/// for `thunee4` and for an unknown name.
///
/// ```
/// use hukm_core::games::thunee::config::preset_defaults;
/// assert_eq!(preset_defaults("thunee6"), vec![("players", "6")]);
/// assert!(preset_defaults("thunee4").is_empty());
/// ```
pub fn preset_defaults(name: &str) -> Vec<(&'static str, &'static str)> {
    Preset::parse(name).map_or_else(|_| Vec::new(), |p| p.defaults().to_vec())
}

/// Every rule value of one configured game.
#[derive(Clone, Debug)]
pub struct ThuneeConfig {
    /// The preset.
    pub preset: Preset,
    /// The pack (`J 9 A T K Q`, 304 card points).
    pub pack: Pack,
    /// Number of seats (2, 4 or 6).
    pub players: usize,
    /// Cards of the first batch (4, or 2 with six players).
    pub first_batch: usize,
    /// Cards a hand holds once dealt (6, or 4 with six players).
    pub hand_size: usize,
    /// Tricks of a normal hand (6; 4 with six players; 12 with two).
    pub tricks: usize,
    /// `first_dealer=black_jack`.
    pub black_jack: bool,
    /// `dealer_rotation=behind_keeps`.
    pub behind_keeps: bool,
    /// `last_trick`.
    pub last_trick: LastTrick,
    /// `base_target`.
    pub base_target: i32,
    /// `top_bid`.
    pub top_bid: TopBid,
    /// `bid_over_partner`.
    pub bid_over_partner: bool,
    /// `bid_loss_balls`.
    pub bid_loss_balls: i32,
    /// `last_card`.
    pub last_card: LastCard,
    /// `weak_redeal`.
    pub weak_redeal: bool,
    /// `no_trump_redeal`.
    pub no_trump_redeal: bool,
    /// `undercut=forbidden`.
    pub undercut_forbidden: bool,
    /// `royals`.
    pub royals: bool,
    /// `thunee_balls`.
    pub thunee_balls: i32,
    /// `royals_balls`.
    pub royals_balls: i32,
    /// `blind_calls`.
    pub blind_calls: bool,
    /// `blind_balls`.
    pub blind_balls: i32,
    /// `jodhi`.
    pub jodhi: bool,
    /// `jodhi_window=any_won`.
    pub jodhi_any_won: bool,
    /// `double`.
    pub double: bool,
    /// `khanuck`.
    pub khanuck: bool,
    /// `double_rule`.
    pub double_rule: DoubleRule,
    /// `last_trick_claim=team`.
    pub claim_team: bool,
    /// `khanuck_balls`.
    pub khanuck_balls: i32,
    /// `backward_khanuck_balls`.
    pub backward_khanuck_balls: i32,
    /// `khanuck_target=13`.
    pub khanuck_target: bool,
    /// `target_balls`.
    pub target_balls: i32,
    /// `dd_mode`.
    pub dd_mode: DdMode,
    /// `dd_jodhi=auto`.
    pub dd_jodhi: bool,
    /// The options as given, normalised.
    pub options: Vec<(String, String)>,
}

impl ThuneeConfig {
    /// The game of `preset` with `options` applied.
    pub fn new(preset: &str, options: &[(String, String)]) -> Result<ThuneeConfig> {
        let preset = Preset::parse(preset)?;
        let user = options::check("Thunee", SPECS, &[], options)?;
        let all = options::with_preset(preset.defaults(), &user);
        let sw = |k: &str| options::switch(&all, SPECS, k);
        let num = |k: &str| options::number::<i32>(&all, SPECS, k);
        let players = options::word(&all, SPECS, "players", &PLAYERS)?;
        let (first_batch, hand_size, tricks) = match players {
            2 => (4, 6, 12),
            6 => (2, 4, 4),
            _ => (4, 6, 6),
        };
        Ok(ThuneeConfig {
            preset,
            pack: Pack::thunee(),
            players,
            first_batch,
            hand_size,
            tricks,
            black_jack: options::word(&all, SPECS, "first_dealer", &FIRST_DEALER)?,
            behind_keeps: options::word(&all, SPECS, "dealer_rotation", &ROTATION)?,
            last_trick: options::word(&all, SPECS, "last_trick", &LAST_TRICK)?,
            base_target: num("base_target")?,
            top_bid: options::word(&all, SPECS, "top_bid", &TOP_BID)?,
            bid_over_partner: sw("bid_over_partner")?,
            bid_loss_balls: options::word(&all, SPECS, "bid_loss_balls", &BID_LOSS)?,
            last_card: options::word(&all, SPECS, "last_card", &LAST_CARD)?,
            weak_redeal: sw("weak_redeal")?,
            no_trump_redeal: sw("no_trump_redeal")?,
            undercut_forbidden: options::word(&all, SPECS, "undercut", &UNDERCUT)?,
            royals: sw("royals")?,
            thunee_balls: num("thunee_balls")?,
            royals_balls: num("royals_balls")?,
            blind_calls: sw("blind_calls")?,
            blind_balls: num("blind_balls")?,
            jodhi: sw("jodhi")?,
            jodhi_any_won: options::word(&all, SPECS, "jodhi_window", &JODHI_WINDOW)?,
            double: sw("double")?,
            khanuck: sw("khanuck")?,
            double_rule: options::word(&all, SPECS, "double_rule", &DOUBLE_RULE)?,
            claim_team: options::word(&all, SPECS, "last_trick_claim", &CLAIM)?,
            khanuck_balls: num("khanuck_balls")?,
            backward_khanuck_balls: num("backward_khanuck_balls")?,
            khanuck_target: options::word(&all, SPECS, "khanuck_target", &KHANUCK_TARGET)?,
            target_balls: num("target_balls")?,
            dd_mode: options::word(&all, SPECS, "dd_mode", &DD_MODE)?,
            dd_jodhi: options::word(&all, SPECS, "dd_jodhi", &DD_JODHI)?,
            options: user,
        })
    }

    /// Number of seats.
    pub fn num_players(&self) -> usize {
        self.players
    }

    /// Rounds of a hand (2 with two players: six cards each, twice).
    pub fn rounds(&self) -> usize {
        self.tricks / self.hand_size
    }

    /// The team of a seat: 0 for even seats, 1 for odd (two players: each
    /// seat alone).
    #[inline]
    pub fn team(&self, seat: usize) -> usize {
        seat % 2
    }

    /// The seats of a team, in seat order.
    pub fn seats_of(&self, team: usize) -> Vec<usize> {
        (0..self.players).filter(|&s| s % 2 == team).collect()
    }

    /// Tricks a Thunee or Royals contract needs (the first round's, with
    /// two players).
    pub fn sweep_tricks(&self) -> usize {
        self.hand_size
    }

    /// The tricks after which a Jodhi window opens with `jodhi_window` at
    /// its default (1 and 3; with two players also 7 and 9), counted from 1.
    pub fn jodhi_after(&self, trick: usize) -> bool {
        if !self.jodhi || trick == 0 || trick >= self.tricks {
            return false;
        }
        if self.jodhi_any_won {
            return true;
        }
        let in_round = (trick - 1) % self.hand_size + 1;
        in_round == 1 || in_round == 3
    }

    /// The highest bid of the ladder (104 unless `top_bid=none`).
    pub fn top(&self) -> i32 {
        if self.top_bid == TopBid::None {
            100
        } else {
            104
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thunee_points_sum() {
        let p = Pack::thunee();
        assert_eq!((p.num_cards(), p.points(p.deck)), (24, 304));
        assert_eq!(p.face(p.suit_mask(1).highest().unwrap()), b'J');
    }
    use crate::options::testing::{self, pairs as opts};

    #[test]
    fn presets() {
        let c = ThuneeConfig::new("thunee4", &[]).unwrap();
        assert_eq!(
            (c.players, c.first_batch, c.hand_size, c.tricks),
            (4, 4, 6, 6)
        );
        assert_eq!(c.pack.points(c.pack.deck), 304);
        let c = ThuneeConfig::new("thunee", &[]).unwrap();
        assert_eq!(c.preset, Preset::Thunee4);
        let c = ThuneeConfig::new("thunee2", &[]).unwrap();
        assert_eq!((c.players, c.tricks, c.rounds()), (2, 12, 2));
        let c = ThuneeConfig::new("thunee6", &[]).unwrap();
        assert_eq!(
            (c.players, c.first_batch, c.hand_size, c.tricks),
            (6, 2, 4, 4)
        );
        let c = ThuneeConfig::new("thunee4_plain", &[]).unwrap();
        assert!(!c.royals && !c.double && !c.khanuck && c.last_card == LastCard::Off);
        let c = ThuneeConfig::new("thunee4_app", &[]).unwrap();
        assert_eq!(
            (c.last_trick, c.target_balls, c.jodhi_any_won),
            (LastTrick::Bonus, 13, true)
        );
        let e = ThuneeConfig::new("thunee5", &[]).unwrap_err().to_string();
        assert!(e.contains("thunee4, thunee4_plain"), "{}", e);
        let e = ThuneeConfig::new("thunee4", &opts(&[("undercut", "x")]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("allowed, forbidden"), "{}", e);
    }

    #[test]
    fn jodhi_windows() {
        let c = ThuneeConfig::new("thunee4", &[]).unwrap();
        let w: Vec<usize> = (0..8).filter(|&t| c.jodhi_after(t)).collect();
        assert_eq!(w, vec![1, 3]);
        let c = ThuneeConfig::new("thunee2", &[]).unwrap();
        let w: Vec<usize> = (0..14).filter(|&t| c.jodhi_after(t)).collect();
        assert_eq!(w, vec![1, 3, 7, 9]);
        let c = ThuneeConfig::new("thunee4_app", &[]).unwrap();
        let w: Vec<usize> = (0..8).filter(|&t| c.jodhi_after(t)).collect();
        assert_eq!(w, vec![1, 2, 3, 4, 5]);
    }

    /// Giving an option its default changes nothing, in every preset that
    /// does not set it.
    #[test]
    fn given_defaults_change_nothing() {
        let names: Vec<&str> = PRESETS.iter().map(|&(p, _)| p).collect();
        testing::given_defaults_change_nothing(&names, specs(), preset_defaults, |p, o| {
            let mut c = ThuneeConfig::new(p, o).unwrap();
            c.options.clear();
            format!("{:?}", c)
        });
    }
}

//! Presets and named options of Twenty-eight and its relatives
//! (`docs/rules/twenty_eight.md` §12, §13).

use crate::card::Card;
use crate::error::{Error, Result};
use crate::options::{self, Accepts, Spec};
use crate::games::{Listing, PresetDef};
use crate::pack::{Pack, PackDef};

/// What the catalog lists of Twenty-eight and its relatives: their
/// presets, aliases and packs.
#[rustfmt::skip]
pub const LISTING: Listing = Listing::new(&[
    PresetDef::new("28", 4, "french32", "Twenty-eight"), PresetDef::new("29", 4, "french32", "Twenty-nine: the pair and the last-trick point"),
    PresetDef::new("28_wb", 4, "french32", "Twenty-eight as played in West Bengal"), PresetDef::new("40", 6, "french32", "Forty: six players, threes added"),
    PresetDef::new("56", 6, "french32", "Fifty-six: six players, double pack"),
], &[FRENCH32, FRENCH36, DOUBLE48]).with_aliases(&[("twenty_eight", "28"), ("twenty_nine", "29")]);

/// The pack `french32`.
const FRENCH32: PackDef = PackDef::new("french32", Pack::twenty_eight);
/// The pack `french36`.
const FRENCH36: PackDef = PackDef::new("french36", Pack::forty);
/// The pack `double48`.
const DOUBLE48: PackDef = PackDef::new("double48", Pack::fifty_six);

/// The packs of Twenty-eight, Forty and Fifty-six.
impl Pack {
    /// The 32-card pack of Twenty-eight, order `J 9 A T K Q 8 7`, with its card points.
    pub fn twenty_eight() -> Pack {
        let mut p = Pack::french("french32", &["J9ATKQ87"; 4]);
        p.set_points(&[(b'J', 3), (b'9', 2), (b'A', 1), (b'T', 1)]);
        p
    }

    /// The 36-card pack of Forty (`docs/rules/twenty_eight.md` §13.2): the threes added,
    /// order `{J,3} 9 A T K Q 8 7` (jack and three rank equal; the jack is
    /// written first), J and 3 worth 3 points each (40 in all).
    pub fn forty() -> Pack {
        let mut p = Pack::french("french36", &["J39ATKQ87"; 4]);
        p.set_points(&[(b'J', 3), (b'3', 3), (b'9', 2), (b'A', 1), (b'T', 1)]);
        p
    }

    /// The 48-card double pack of Fifty-six (`docs/rules/twenty_eight.md` §13.3): two
    /// copies of `J 9 A T K Q` in each suit, points as in 28 (56 in all).
    pub fn fifty_six() -> Pack {
        let mut p = Pack::french("double48", &["JJ99AATTKKQQ"; 4]);
        p.set_points(&[(b'J', 3), (b'9', 2), (b'A', 1), (b'T', 1)]);
        p
    }
}

/// The presets of the family.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Twenty-eight, all defaults.
    T28,
    /// Twenty-nine (§13.1).
    T29,
    /// West Bengal 28 (`west_bengal=on`).
    T28Wb,
    /// Forty, six players (§13.2).
    T40,
    /// Fifty-six, double pack, six players (§13.3).
    T56,
}

impl Preset {
    /// The preset's name.
    pub fn name(self) -> &'static str {
        match self {
            Preset::T28 => "28",
            Preset::T29 => "29",
            Preset::T28Wb => "28_wb",
            Preset::T40 => "40",
            Preset::T56 => "56",
        }
    }

    /// The preset of a name.
    pub fn parse(name: &str) -> Result<Preset> {
        Ok(match name.trim().to_ascii_lowercase().as_str() {
            "28" | "twenty_eight" => Preset::T28,
            "29" | "twenty_nine" => Preset::T29,
            "28_wb" | "west_bengal" => Preset::T28Wb,
            "40" | "forty" => Preset::T40,
            "56" | "fifty_six" => Preset::T56,
            _ => {
                return Err(Error::Option(format!(
                    "unknown preset {:?} for TwentyEight; valid presets: 28, 29, 28_wb, 40, 56",
                    name
                )))
            }
        })
    }

    /// The option values the preset sets before the user's.
    pub fn defaults(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Preset::T28 => &[],
            Preset::T29 => &[("game", "29")],
            Preset::T28Wb => &[("west_bengal", "on")],
            Preset::T40 => &[("game", "40")],
            Preset::T56 => &[("game", "56")],
        }
    }
}

/// Which game of the family (§13).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// Twenty-eight.
    G28,
    /// Twenty-nine.
    G29,
    /// Forty.
    G40,
    /// Fifty-six.
    G56,
}

/// Every rule value of one game of the family.
#[derive(Clone, Debug)]
pub struct TwentyEightConfig {
    /// The preset.
    pub preset: Preset,
    /// The game (option `game`).
    pub game: Game,
    /// The pack.
    pub pack: Pack,
    /// Number of seats.
    pub players: usize,
    /// Cards per hand (8, or 6 in 40).
    pub hand_size: usize,
    /// Side of each seat.
    pub side: Vec<u8>,
    /// Number of sides (2, or 3 with `forty_teams=3x2`).
    pub sides: usize,
    /// Lowest bid.
    pub min_bid: i32,
    /// Highest bid.
    pub max_bid: i32,
    /// Passed players may not bid again.
    pub pass_is_final: bool,
    /// Minimum bid when overbidding the partner after an opponent passed.
    pub partner_overbid_min: Option<i32>,
    /// The indicator is a spare 2–5 (the bidder keeps all his cards).
    pub spare_indicator: bool,
    /// The bidder may let his seventh card fix trumps.
    pub seventh_card: bool,
    /// Double and redouble before the second half.
    pub doubling: bool,
    /// Bids of 21 and more are worth 2; doubling capped at 4.
    pub bid21_two_points: bool,
    /// The 6-point answer to a double at score 0.
    pub c_bid: bool,
    /// Contracts from this bid on count as doubled.
    pub auto_double_from: Option<i32>,
    /// Single hand (thani) may be declared.
    pub single_hand: bool,
    /// A one-suit soloist may lay his cards down.
    pub single_hand_show: bool,
    /// The bidder calling on a void must play the revealed card.
    pub bidder_plays_revealed: bool,
    /// `pair_timing=relaxed`.
    pub pair_relaxed: bool,
    /// West Bengal pair rules.
    pub west_bengal: bool,
    /// The adjusted target is kept within the bid range.
    pub pair_clamp: bool,
    /// `unrevealed_trump=forced_last`.
    pub forced_last: bool,
    /// Failing with under half the target doubles the loss.
    pub half_bid_double: bool,
    /// The bidder may play half court.
    pub half_court: bool,
    /// Kings and queens count -1.
    pub kq_negative: bool,
    /// +1 card point for the last trick.
    pub last_trick_bonus: bool,
    /// Match thresholds.
    pub target_score: i32,
    /// A spare two declares no trumps with the reversed order.
    pub nt_reverse: bool,
    /// The deal is annulled when one of the first two bidders holds no point card.
    pub annul_no_points: bool,
    /// `dd_mode=hidden` (solver only).
    pub dd_hidden: bool,
    /// Rank class of each card bit (higher is stronger; equal cards share a class).
    pub rank: [u8; 128],
    /// Card points of each card bit (negative with `kq_negative`).
    pub points: [i8; 128],
    /// Card points of the whole pack plus the last-trick point.
    pub total: i32,
    /// The options as given, normalised.
    pub options: Vec<(String, String)>,
}

/// The words of option `game` and the game each names.
const GAMES: [(&str, Game); 4] = [
    ("28", Game::G28),
    ("29", Game::G29),
    ("40", Game::G40),
    ("56", Game::G56),
];
/// The words of option `game`, in the rules file's order.
const GAME_WORDS: [&str; 4] = options::words(&GAMES);

/// The named options (§12): what each accepts and its default as the table
/// gives it. `min_bid`, `max_bid`, `last_trick_bonus` and `target_score`
/// have none: they follow `game` (and `west_bengal`, `kq_negative`).
const SPECS: &[Spec] = &[
    sw("pass_is_final"),
    sw("seventh_card"),
    sw("doubling"),
    sw("bid21_two_points"),
    sw("c_bid"),
    sw("single_hand"),
    sw("single_hand_show"),
    sw("bidder_plays_revealed"),
    sw("west_bengal"),
    sw("pair_clamp"),
    sw("half_bid_double"),
    sw("half_court"),
    sw("kq_negative"),
    Spec {
        name: "last_trick_bonus",
        accepts: Accepts::Switch,
        default: None,
    },
    sw("nt_reverse"),
    sw("annul_no_points"),
    Spec {
        name: "game",
        accepts: Accepts::Words(&GAME_WORDS),
        default: Some("28"),
    },
    Spec {
        name: "min_bid",
        accepts: Accepts::Number(0, 56),
        default: None,
    },
    Spec {
        name: "max_bid",
        accepts: Accepts::Number(1, 57),
        default: None,
    },
    Spec {
        name: "partner_overbid_min",
        accepts: Accepts::Text("off or a bid such as 20"),
        default: Some("off"),
    },
    Spec {
        name: "indicator",
        accepts: Accepts::Words(&["own_card", "spare"]),
        default: Some("own_card"),
    },
    Spec {
        name: "auto_double_from",
        accepts: Accepts::Text("off or a bid such as 20"),
        default: Some("off"),
    },
    Spec {
        name: "pair_timing",
        accepts: Accepts::Words(&["strict", "relaxed"]),
        default: Some("strict"),
    },
    Spec {
        name: "pair_mode",
        accepts: Accepts::Words(&["bid_adjust", "scale"]),
        default: Some("bid_adjust"),
    },
    Spec {
        name: "unrevealed_trump",
        accepts: Accepts::Words(&["void", "forced_last"]),
        default: Some("void"),
    },
    Spec {
        name: "target_score",
        accepts: Accepts::Number(1, 1000),
        default: None,
    },
    Spec {
        name: "forty_teams",
        accepts: Accepts::Words(&["2x3", "3x2"]),
        default: Some("2x3"),
    },
    Spec {
        name: "dd_mode",
        accepts: Accepts::Words(&["open_trump", "hidden"]),
        default: Some("open_trump"),
    },
];

/// The options of the family (§12): what each accepts and its default.
pub fn specs() -> &'static [Spec] {
    SPECS
}

/// The option values preset `name` sets (§12, §13) before the user's:
/// `29`, `40` and `56` set `game`, `28_wb` sets `west_bengal=on`; the bid
/// range, the last-trick point and the target follow from them. Empty for
/// `28` (all defaults) and for an unknown name.
///
/// ```
/// use hukm_core::games::twenty_eight::config::preset_defaults;
/// assert_eq!(preset_defaults("40"), vec![("game", "40")]);
/// assert!(preset_defaults("28").is_empty());
/// ```
pub fn preset_defaults(name: &str) -> Vec<(&'static str, &'static str)> {
    Preset::parse(name).map_or_else(|_| Vec::new(), |p| p.defaults().to_vec())
}

/// A switch that is off by default.
const fn sw(name: &'static str) -> Spec {
    Spec {
        name,
        accepts: Accepts::Switch,
        default: Some("off"),
    }
}

fn off_or_number(key: &str, v: Option<&str>, lo: i32, hi: i32) -> Result<Option<i32>> {
    match v {
        None | Some("off") | Some("false") | Some("0") => Ok(None),
        Some(t) => match t.parse::<i32>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
            _ => Err(Error::Option(format!(
                "bad value {:?} for option {}; valid values: off, or a bid {} to {}",
                t, key, lo, hi
            ))),
        },
    }
}

impl TwentyEightConfig {
    /// The game of `preset` with `options` applied.
    pub fn new(preset: &str, options: &[(String, String)]) -> Result<TwentyEightConfig> {
        let preset = Preset::parse(preset)?;
        let user = options::check("TwentyEight", SPECS, &[], options)?;
        let all = options::with_preset(preset.defaults(), &user);
        let get = |k: &str| options::get(&all, k);
        let on = |k: &str| get(k) == Some("on");
        let game = options::word(&all, SPECS, "game", &GAMES)?;
        if get("pair_mode") == Some("scale") {
            return Err(Error::Option(
                "pair_mode=scale is recognised but not defined by the rules (§6.6); valid values: bid_adjust"
                    .into(),
            ));
        }
        let forty_3x2 = get("forty_teams") == Some("3x2");
        if forty_3x2 && game != Game::G40 {
            return Err(Error::Option(
                "forty_teams applies to game 40 only; valid values here: 2x3".into(),
            ));
        }
        let (pack, players, hand_size) = match game {
            Game::G28 | Game::G29 => (Pack::twenty_eight(), 4, 8),
            Game::G40 => (Pack::forty(), 6, 6),
            Game::G56 => (Pack::fifty_six(), 6, 8),
        };
        let sides = if forty_3x2 { 3 } else { 2 };
        let side = (0..players).map(|s| (s % sides) as u8).collect();
        let west_bengal = on("west_bengal");
        let last_trick_bonus = match get("last_trick_bonus") {
            Some(v) => v == "on",
            None => game == Game::G29,
        };
        let kq_negative = on("kq_negative");
        let mut points = [0i8; 128];
        let mut card_total = 0i32;
        for c in pack.deck.iter() {
            let f = pack.face(c);
            let p = if kq_negative && (f == b'K' || f == b'Q') {
                -1
            } else {
                pack.points_of(c) as i8
            };
            points[c.0 as usize] = p;
            card_total += p as i32;
        }
        let total = card_total + last_trick_bonus as i32;
        let (mut lo, mut hi) = match game {
            Game::G28 if west_bengal => (16, 28),
            Game::G28 => (14, 28),
            Game::G29 => (16, if last_trick_bonus { 29 } else { 28 }),
            Game::G40 => (20, 40),
            Game::G56 => (28, 56),
        };
        if kq_negative {
            // Bid limits scaled to the pack's total (§13.4).
            let full = hi;
            hi = card_total + last_trick_bonus as i32;
            lo = (lo * hi + full / 2) / full;
        }
        if let Some(v) = get("min_bid") {
            lo = v.parse().expect("checked");
        }
        if let Some(v) = get("max_bid") {
            hi = v.parse().expect("checked");
        }
        if lo < 1 || lo > hi {
            return Err(Error::Option(format!(
                "bad bid range min_bid={} max_bid={}; min_bid must be at least 1 and at most max_bid",
                lo, hi
            )));
        }
        let auto_double_from =
            off_or_number("auto_double_from", get("auto_double_from"), lo.min(hi), hi)?;
        let c_bid = on("c_bid");
        if c_bid && auto_double_from.is_some() {
            return Err(Error::Option(
                "c_bid is not available together with auto_double_from (§5.4)".into(),
            ));
        }
        let target_score = match get("target_score") {
            Some(v) => v.parse().expect("checked"),
            None if game == Game::G40 => 10,
            None => 6,
        };
        let mut rank = [0u8; 128];
        for s in 0..pack.num_suits() as u8 {
            let mut r = 0u8;
            let mut prev: Option<u8> = None;
            for c in pack.suit_mask(s).iter() {
                let f = match pack.face(c) {
                    b'3' => b'J',
                    f => f,
                };
                if prev.is_some_and(|p| p != f) {
                    r += 1;
                }
                prev = Some(f);
                rank[c.0 as usize] = r;
            }
        }
        Ok(TwentyEightConfig {
            preset,
            game,
            pack,
            players,
            hand_size,
            side,
            sides,
            min_bid: lo,
            max_bid: hi,
            pass_is_final: on("pass_is_final"),
            partner_overbid_min: off_or_number(
                "partner_overbid_min",
                get("partner_overbid_min"),
                1,
                hi,
            )?,
            spare_indicator: get("indicator") == Some("spare"),
            seventh_card: on("seventh_card"),
            doubling: on("doubling"),
            bid21_two_points: on("bid21_two_points"),
            c_bid,
            auto_double_from,
            single_hand: on("single_hand"),
            single_hand_show: on("single_hand_show"),
            bidder_plays_revealed: on("bidder_plays_revealed"),
            pair_relaxed: get("pair_timing") == Some("relaxed"),
            west_bengal,
            pair_clamp: on("pair_clamp"),
            forced_last: get("unrevealed_trump") == Some("forced_last"),
            half_bid_double: on("half_bid_double"),
            half_court: on("half_court"),
            kq_negative,
            last_trick_bonus,
            target_score,
            nt_reverse: on("nt_reverse"),
            annul_no_points: on("annul_no_points"),
            dd_hidden: get("dd_mode") == Some("hidden"),
            rank,
            points,
            total,
            options: user,
        })
    }

    /// Number of seats.
    pub fn num_players(&self) -> usize {
        self.players
    }

    /// Cards in each batch of the deal (half a hand).
    pub fn half(&self) -> usize {
        self.hand_size / 2
    }

    /// Card points of one card.
    #[inline]
    pub fn pts(&self, c: Card) -> i32 {
        self.points[c.0 as usize] as i32
    }

    /// The seats of a side, in seat order.
    pub fn seats_of(&self, side: u8) -> Vec<usize> {
        (0..self.players)
            .filter(|&s| self.side[s] == side)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_eight_points_sum() {
        let p = Pack::twenty_eight();
        assert_eq!(p.num_cards(), 32);
        assert_eq!(p.points(p.deck), 28);
        // J is the strongest card of each suit.
        assert_eq!(p.face(p.suit_mask(2).highest().unwrap()), b'J');
    }

    #[test]
    fn forty_and_fifty_six_points_sum() {
        let p = Pack::forty();
        assert_eq!((p.num_cards(), p.points(p.deck)), (36, 40));
        let p = Pack::fifty_six();
        assert_eq!((p.num_cards(), p.points(p.deck)), (48, 56));
    }
    use crate::options::testing::{self, pairs as opts};

    #[test]
    fn presets_and_ranges() {
        let c = TwentyEightConfig::new("28", &[]).unwrap();
        assert_eq!((c.min_bid, c.max_bid, c.total, c.players), (14, 28, 28, 4));
        let c = TwentyEightConfig::new("29", &[]).unwrap();
        assert_eq!((c.min_bid, c.max_bid, c.total), (16, 29, 29));
        let c = TwentyEightConfig::new("28_wb", &[]).unwrap();
        assert_eq!((c.min_bid, c.max_bid), (16, 28));
        let c = TwentyEightConfig::new("40", &[]).unwrap();
        assert_eq!((c.min_bid, c.total, c.players, c.hand_size), (20, 40, 6, 6));
        assert_eq!(c.target_score, 10);
        let c = TwentyEightConfig::new("56", &[]).unwrap();
        assert_eq!((c.min_bid, c.max_bid, c.total, c.players), (28, 56, 56, 6));
        let c = TwentyEightConfig::new("28", &opts(&[("kq_negative", "on")])).unwrap();
        assert_eq!((c.min_bid, c.max_bid, c.total), (10, 20, 20));
        let c = TwentyEightConfig::new("56", &opts(&[("kq_negative", "on")])).unwrap();
        assert_eq!((c.min_bid, c.max_bid), (20, 40));
    }

    #[test]
    fn ranks_of_equal_cards() {
        let c = TwentyEightConfig::new("40", &[]).unwrap();
        let p = &c.pack;
        let j = p.parse_card("JS").unwrap();
        let three = p.parse_card("3S").unwrap();
        let nine = p.parse_card("9S").unwrap();
        assert_eq!(c.rank[j.0 as usize], c.rank[three.0 as usize]);
        assert!(c.rank[j.0 as usize] > c.rank[nine.0 as usize]);
        let c = TwentyEightConfig::new("56", &[]).unwrap();
        let js = c.pack.cards_with_face(0, b'J');
        let r: Vec<u8> = js.iter().map(|x| c.rank[x.0 as usize]).collect();
        assert_eq!(r, vec![5, 5]);
    }

    #[test]
    fn bad_options_name_the_valid_ones() {
        let e = TwentyEightConfig::new("27", &[]).unwrap_err().to_string();
        assert!(e.contains("28, 29, 28_wb, 40, 56"), "{}", e);
        let e = TwentyEightConfig::new("28", &opts(&[("pair_mode", "scale")]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("not defined"), "{}", e);
        let e = TwentyEightConfig::new("28", &opts(&[("indicator", "x")]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("own_card, spare"), "{}", e);
        assert!(TwentyEightConfig::new(
            "28",
            &opts(&[("c_bid", "on"), ("auto_double_from", "20")])
        )
        .is_err());
        assert!(TwentyEightConfig::new("28", &opts(&[("auto_double_from", "x")])).is_err());
        assert!(TwentyEightConfig::new("28", &opts(&[("forty_teams", "3x2")])).is_err());
        assert!(
            TwentyEightConfig::new("28", &opts(&[("min_bid", "20"), ("max_bid", "18")])).is_err()
        );
    }

    /// The engine's defaults are the specs': giving an option its default
    /// changes nothing, in every preset that does not set it.
    #[test]
    fn given_defaults_change_nothing() {
        let presets = ["28", "29", "28_wb", "40", "56"];
        testing::given_defaults_change_nothing(&presets, specs(), preset_defaults, |p, o| {
            let mut c = TwentyEightConfig::new(p, o).unwrap();
            c.options.clear();
            format!("{:?}", c)
        });
        assert_eq!(preset_defaults("twenty_nine"), vec![("game", "29")]);
        assert!(preset_defaults("27").is_empty());
    }
}

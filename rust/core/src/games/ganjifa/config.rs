//! Ganjifa's named options (`docs/rules/ganjifa.md` A.11), checked and normalised.

use crate::card::{Card, Suit};
use crate::error::{Error, Result};
use crate::options::{self, Accepts, Spec};
use crate::games::{Listing, PresetDef};
use crate::pack::{Pack, PackDef, ReversedSet, FRENCH_ACE_HIGH};

/// What the catalog lists of Ganjifa: its preset and its packs.
pub const LISTING: Listing = Listing::new(
    &[PresetDef::new("ganjifa", 3, "moghul", "Ganjifa, each player for himself")],
    &[PackDef::MOGHUL, PackDef::MOGHUL_IRAN, GANJIFA_FRENCH52],
);

/// The pack `ganjifa_french52`.
const GANJIFA_FRENCH52: PackDef =
    PackDef::new("ganjifa_french52", || Pack::ganjifa_french(false, false));

/// Ganjifa's adaptation to the French pack.
impl Pack {
    /// The 52-card pack as used by Ganjifa's international adaptation
    /// (`docs/rules/ganjifa.md` A.3.2): king high; the ace low (or high with `ace_high`);
    /// with `reverse_red` hearts and diamonds rank `K Q J A 2 ... T`.
    pub fn ganjifa_french(ace_high: bool, reverse_red: bool) -> Pack {
        let normal = if ace_high {
            FRENCH_ACE_HIGH
        } else {
            "KQJT98765432A"
        };
        let red = if reverse_red { "KQJA23456789T" } else { normal };
        Pack::french("french52", &[normal, red, red, normal])
    }
}

/// Which lead procedure applies (A.6.3 / A.6.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LeadRules {
    /// McLeod: steps 1 to 4 (default).
    McLeod,
    /// Wilkins: steps 1, 2 and 3W in phase 1, then the one-at-a-time phase 2.
    Wilkins,
}

/// How a hand is settled (A.9.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Settlement {
    /// Each player with the fewest tricks pays each with the most.
    LoserPaysWinner,
    /// Everyone not on top pays each top player his own difference.
    AllPayWinner,
    /// Every pair settles its difference.
    Pairwise,
}

/// How losers are handicapped in the next hand (A.10).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Handicap {
    /// Deal normally.
    None,
    /// Won cards become the next hand; short players buy at random.
    WonCards,
    /// Random cards to the previous winner, chosen cards back.
    Exchange,
}

const SPECS: &[Spec] = &[
    Spec {
        name: "pack",
        accepts: Accepts::Words(&["moghul", "dashavatara", "french52"]),
        default: Some("moghul"),
    },
    Spec {
        name: "players",
        accepts: Accepts::Number(3, 4),
        default: Some("3"),
    },
    Spec {
        name: "reversed_set",
        accepts: Accepts::Words(&["india", "iran"]),
        default: Some("india"),
    },
    Spec {
        name: "period",
        accepts: Accepts::Words(&["day", "night"]),
        default: Some("day"),
    },
    Spec {
        name: "face_up_batches",
        accepts: Accepts::Switch,
        default: Some("false"),
    },
    Spec {
        name: "lead_rules",
        accepts: Accepts::Words(&["mcleod", "wilkins"]),
        default: Some("mcleod"),
    },
    Spec {
        name: "step1_grouping",
        accepts: Accepts::Words(&["all_suits", "one_suit"]),
        default: Some("all_suits"),
    },
    Spec {
        name: "deni_mandatory",
        accepts: Accepts::Switch,
        default: Some("true"),
    },
    Spec {
        name: "deni_doubling",
        accepts: Accepts::Switch,
        default: Some("true"),
    },
    Spec {
        name: "end_phase",
        accepts: Accepts::Switch,
        default: None,
    },
    Spec {
        name: "end_phase_threshold",
        accepts: Accepts::Number(0, 40),
        default: Some("12"),
    },
    Spec {
        name: "end_phase_count",
        accepts: Accepts::Words(&["per_player", "total"]),
        default: Some("per_player"),
    },
    Spec {
        name: "follow_rule",
        accepts: Accepts::Words(&["free", "must_beat_if_able"]),
        default: Some("free"),
    },
    Spec {
        name: "blind_pick",
        accepts: Accepts::Words(&["random", "neighbour_index"]),
        default: Some("random"),
    },
    Spec {
        name: "stake",
        accepts: Accepts::Number(1, 1_000_000),
        default: Some("1"),
    },
    Spec {
        name: "settlement",
        accepts: Accepts::Words(&["loser_pays_winner", "all_pay_winner", "pairwise"]),
        default: Some("loser_pays_winner"),
    },
    Spec {
        name: "match_end",
        accepts: Accepts::Words(&["fixed_rounds", "akheri"]),
        default: Some("fixed_rounds"),
    },
    Spec {
        name: "rounds",
        accepts: Accepts::Number(1, 10_000),
        default: Some("4"),
    },
    Spec {
        name: "max_rounds",
        accepts: Accepts::Number(2, 10_000),
        default: Some("50"),
    },
    Spec {
        name: "akheri_exemption",
        accepts: Accepts::Switch,
        default: Some("false"),
    },
    Spec {
        name: "handicap",
        accepts: Accepts::Words(&["none", "won_cards", "exchange"]),
        default: Some("none"),
    },
    Spec {
        name: "buy_price",
        accepts: Accepts::Number(0, 1_000_000),
        default: Some("1"),
    },
    Spec {
        name: "serkhel",
        accepts: Accepts::Switch,
        default: Some("false"),
    },
    Spec {
        name: "serkhel_stake",
        accepts: Accepts::Number(0, 1_000_000),
        default: Some("1"),
    },
    Spec {
        name: "ace",
        accepts: Accepts::Words(&["low", "high"]),
        default: Some("low"),
    },
    Spec {
        name: "reverse_red",
        accepts: Accepts::Switch,
        default: Some("false"),
    },
    Spec {
        name: "dd_chance",
        accepts: Accepts::Words(&["adversarial", "expectation"]),
        default: Some("adversarial"),
    },
];

/// The options of Ganjifa (`docs/rules/ganjifa.md` A.11): what each accepts and its default.
/// `end_phase` has no fixed default: it is on with
/// `lead_rules=mcleod` and off with `wilkins`.
pub fn specs() -> &'static [Spec] {
    SPECS
}

/// A checked configuration of the individual game.
#[derive(Clone, Debug)]
pub struct GanjifaConfig {
    /// The pack with this table's card order.
    pub pack: Pack,
    /// Number of players (3 or 4).
    pub players: usize,
    /// The lead suit (A.3.4).
    pub lead_suit: Suit,
    /// The lead King (the ace of spades with `ace=high`).
    pub lead_king: Card,
    /// The first and last batch of each player are public.
    pub face_up_batches: bool,
    /// Lead procedure.
    pub lead_rules: LeadRules,
    /// Step 1 leads one qualifying suit per lead.
    pub step1_one_suit: bool,
    /// An available deni must be made.
    pub deni_mandatory: bool,
    /// A called holder of third(s) may double.
    pub deni_doubling: bool,
    /// McLeod's end phase.
    pub end_phase: bool,
    /// Hand size (or total) at or below which the end phase applies.
    pub end_phase_threshold: usize,
    /// The threshold counts every unplayed card.
    pub end_phase_total: bool,
    /// A follower to a SINGLE must beat if he can.
    pub must_beat: bool,
    /// The blind surrender is the neighbour's `pick:i`.
    pub pick_by_neighbour: bool,
    /// The stake unit.
    pub stake: i64,
    /// Settlement scheme.
    pub settlement: Settlement,
    /// The match ends by Maudranalay's akheri rule.
    pub match_akheri: bool,
    /// Hands per match (`match_end=fixed_rounds`).
    pub rounds: usize,
    /// Safety cap (`match_end=akheri`).
    pub max_rounds: usize,
    /// Wilkins' exemption for the akheri beater.
    pub akheri_exemption: bool,
    /// Handicap for the next hand.
    pub handicap: Handicap,
    /// Price per bought card (× stake).
    pub buy_price: i64,
    /// Chatto's Ser-k'hel after the last hand.
    pub serkhel: bool,
    /// Payment per Ser-k'hel duel.
    pub serkhel_stake: i64,
    /// The solver averages blind picks instead of taking the worst.
    pub dd_expectation: bool,
    /// The options given, normalised.
    pub options: Vec<(String, String)>,
}

impl GanjifaConfig {
    /// Checks `opts` (`key=value` pairs named as in A.11) and builds the configuration.
    ///
    /// ```
    /// use hukm_core::games::ganjifa::GanjifaConfig;
    /// let c = GanjifaConfig::new(&[("players".into(), "4".into())]).unwrap();
    /// assert_eq!((c.players, c.pack.num_cards()), (4, 96));
    /// assert!(GanjifaConfig::new(&[("pack".into(), "french52".into()), ("players".into(), "4".into())]).is_err());
    /// ```
    pub fn new(opts: &[(String, String)]) -> Result<GanjifaConfig> {
        let options = options::check("ganjifa", SPECS, &[], opts)?;
        let get = |k: &str| options::get(&options, k);
        let num = |k: &str, d: i64| get(k).map_or(d, |v| v.parse().unwrap_or(d));
        let on = |k: &str, d: bool| get(k).map_or(d, |v| v == "on");
        let pack_name = get("pack").unwrap_or("moghul");
        let players = num("players", 3) as usize;
        let french = pack_name == "french52";
        if french && players != 3 {
            return Err(Error::Option(
                "bad value for option players: pack=french52 is for 3 players only".into(),
            ));
        }
        for k in ["ace", "reverse_red"] {
            if get(k).is_some() && !french {
                return Err(Error::Option(format!(
                    "option {} applies to pack=french52 only",
                    k
                )));
            }
        }
        if get("reversed_set").is_some() && pack_name != "moghul" {
            return Err(Error::Option(
                "option reversed_set applies to pack=moghul only".into(),
            ));
        }
        let ace_high = get("ace") == Some("high");
        let reverse_red = on("reverse_red", false);
        if ace_high && reverse_red {
            return Err(Error::Option(
                "reverse_red=on is defined only with ace=low (A.3.2)".into(),
            ));
        }
        let night = get("period") == Some("night");
        let pack = match pack_name {
            "dashavatara" => Pack::dashavatara(crate::pack::AvatarList::Sawantwadi),
            "french52" => {
                let p = Pack::ganjifa_french(ace_high, reverse_red);
                let two_d = p.parse_card("2D")?;
                p.without(two_d.into())
            }
            _ => Pack::moghul(if get("reversed_set") == Some("iran") {
                ReversedSet::Iran
            } else {
                ReversedSet::India
            }),
        };
        let lead_code = match (pack_name, night) {
            ("french52", _) => "S",
            ("dashavatara", false) => "RA",
            ("dashavatara", true) => "KR",
            (_, false) => "SR",
            (_, true) => "SF",
        };
        let lead_suit = pack.suit_index(lead_code).expect("lead suit in pack");
        let lead_king = pack
            .suit_mask(lead_suit)
            .highest()
            .expect("the lead suit has cards");
        let wilkins = get("lead_rules") == Some("wilkins");
        let cfg = GanjifaConfig {
            players,
            lead_suit,
            lead_king,
            face_up_batches: on("face_up_batches", false),
            lead_rules: if wilkins {
                LeadRules::Wilkins
            } else {
                LeadRules::McLeod
            },
            step1_one_suit: get("step1_grouping") == Some("one_suit"),
            deni_mandatory: on("deni_mandatory", true),
            deni_doubling: on("deni_doubling", true),
            end_phase: on("end_phase", !wilkins),
            end_phase_threshold: num("end_phase_threshold", 12) as usize,
            end_phase_total: get("end_phase_count") == Some("total"),
            must_beat: get("follow_rule") == Some("must_beat_if_able"),
            pick_by_neighbour: get("blind_pick") == Some("neighbour_index"),
            stake: num("stake", 1),
            settlement: match get("settlement") {
                Some("all_pay_winner") => Settlement::AllPayWinner,
                Some("pairwise") => Settlement::Pairwise,
                _ => Settlement::LoserPaysWinner,
            },
            match_akheri: get("match_end") == Some("akheri"),
            rounds: num("rounds", 4) as usize,
            max_rounds: num("max_rounds", 50) as usize,
            akheri_exemption: on("akheri_exemption", false),
            handicap: match get("handicap") {
                Some("won_cards") => Handicap::WonCards,
                Some("exchange") => Handicap::Exchange,
                _ => Handicap::None,
            },
            buy_price: num("buy_price", 1),
            serkhel: on("serkhel", false),
            serkhel_stake: num("serkhel_stake", 1),
            dd_expectation: get("dd_chance") == Some("expectation"),
            pack,
            options,
        };
        Ok(cfg)
    }

    /// Cards each player is dealt (A.4).
    pub fn hand_size(&self) -> usize {
        self.pack.num_cards() / self.players
    }

    /// The batch sizes of a deal: rounds of 4, then one smaller round (A.4).
    pub fn batches(&self) -> Vec<usize> {
        let n = self.players;
        let mut left = self.pack.num_cards();
        let mut out = Vec::new();
        while left >= 4 * n {
            out.push(4);
            left -= 4 * n;
        }
        if left > 0 {
            out.push(left / n);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's defaults are the specs': giving an option its default
    /// changes nothing.
    #[test]
    fn given_defaults_change_nothing() {
        let rules = |mut c: GanjifaConfig| {
            c.options.clear();
            format!("{:?}", c)
        };
        let base = rules(GanjifaConfig::new(&[]).unwrap());
        for s in specs() {
            let Some(d) = s.default else { continue };
            match GanjifaConfig::new(&[(s.name.to_string(), d.to_string())]) {
                Ok(c) => assert_eq!(rules(c), base, "{}={}", s.name, d),
                // ace and reverse_red apply to pack=french52 only.
                Err(e) => assert!(
                    e.to_string().contains("pack=french52 only"),
                    "{}={}: {}",
                    s.name,
                    d,
                    e
                ),
            }
        }
    }
}

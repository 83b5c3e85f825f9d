//! Naqsh's named options (`docs/rules/naqsh.md` §10), checked and normalised.

use crate::error::{Error, Result};
use crate::options::{self, Accepts, Spec};
use crate::games::{Listing, PresetDef};
use crate::pack::{AvatarList, Pack, PackDef, ReversedSet, GANJIFA_NORMAL};

/// What the catalog lists of Naqsh: its preset and its packs.
pub const LISTING: Listing = Listing::new(
    &[PresetDef::new("naqsh", 6, "moghul96", "Naqsh: the banking game of 17")],
    &[MOGHUL96, DASHAVATARA120, EURO48],
);

/// The pack `moghul96`.
const MOGHUL96: PackDef = PackDef::new("moghul96", || Pack::ganjifa_plain(false));
/// The pack `dashavatara120`.
const DASHAVATARA120: PackDef = PackDef::new("dashavatara120", || Pack::ganjifa_plain(true));
/// The pack `euro48`.
const EURO48: PackDef = PackDef::new("euro48", Pack::euro48);

/// The packs of Naqsh, whose suits do not rank.
impl Pack {
    /// A Ganjifa pack for games where suits do not rank (Naqsh): the Moghul
    /// (`dashavatara = false`) or Dashavatara suits, every suit in the natural
    /// face order `K V T 9 ... 1`.
    pub fn ganjifa_plain(dashavatara: bool) -> Pack {
        let mut p = if dashavatara {
            Pack::dashavatara(AvatarList::Sawantwadi)
        } else {
            Pack::moghul(ReversedSet::India)
        };
        for s in p.suits.iter_mut() {
            s.faces = GANJIFA_NORMAL.bytes().collect();
        }
        p.name = if dashavatara {
            "dashavatara120"
        } else {
            "moghul96"
        }
        .to_string();
        p.refresh();
        p
    }

    /// The 48-card European pack without jacks (Naqsh's `euro48`): faces
    /// `K Q T 9 ... 2 A` in every suit, the queen playing the vizier.
    pub fn euro48() -> Pack {
        Pack::french("euro48", &["KQT98765432A"; 4])
    }
}

/// How stakes are settled (§8).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One banker against every punter (default).
    Bank,
    /// Everyone antes into a pool; the best hands share it.
    Pool,
}

/// How the two-card 21 is read (`special21_mode`, §11 item 7).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Special21Mode {
    /// 17 stays the target; a two-card 21 is an extra hand above the natural.
    BonusHand,
    /// The limit becomes 20, a 21 is valid only as K+9 or V+T; no natural.
    Target21,
}

/// Which option keys exist and what they accept.
const SPECS: &[Spec] = &[
    Spec {
        name: "pack",
        accepts: Accepts::Words(&["moghul96", "dashavatara120", "euro48"]),
        default: Some("moghul96"),
    },
    Spec {
        name: "players",
        accepts: Accepts::Number(2, 8),
        default: Some("6"),
    },
    Spec {
        name: "mode",
        accepts: Accepts::Words(&["bank", "pool"]),
        default: Some("bank"),
    },
    Spec {
        name: "stake",
        accepts: Accepts::Number(1, 1_000_000),
        default: Some("1"),
    },
    Spec {
        name: "stake_mode",
        accepts: Accepts::Words(&["fixed", "after_first_card"]),
        default: Some("fixed"),
    },
    Spec {
        name: "stake_max",
        accepts: Accepts::Number(1, 1_000_000),
        default: Some("4"),
    },
    Spec {
        name: "special21",
        accepts: Accepts::Switch,
        default: Some("false"),
    },
    Spec {
        name: "special21_mode",
        accepts: Accepts::Words(&["bonus_hand", "target_21"]),
        default: Some("bonus_hand"),
    },
    Spec {
        name: "combos",
        accepts: Accepts::Switch,
        default: Some("false"),
    },
    Spec {
        name: "bonus_payouts",
        accepts: Accepts::Switch,
        default: Some("false"),
    },
    Spec {
        name: "ties",
        accepts: Accepts::Words(&["banker", "push"]),
        default: Some("banker"),
    },
    Spec {
        name: "fewer_cards_wins_ties",
        accepts: Accepts::Switch,
        default: Some("false"),
    },
    Spec {
        name: "max_cards",
        accepts: Accepts::Number(0, 24),
        default: Some("0"),
    },
    Spec {
        name: "banker_rule",
        accepts: Accepts::Words(&["free", "stand_at_n"]),
        default: Some("free"),
    },
    Spec {
        name: "banker_n",
        accepts: Accepts::Number(1, 40),
        default: Some("14"),
    },
    Spec {
        name: "hands",
        accepts: Accepts::Number(1, 10_000),
        default: None,
    },
];

/// The options of Naqsh (`docs/rules/naqsh.md` §10): what each accepts and its default.
/// `hands` has no fixed default: it is the number of players.
pub fn specs() -> &'static [Spec] {
    SPECS
}

/// A checked Naqsh configuration.
#[derive(Clone, Debug)]
pub struct NaqshConfig {
    /// The pack (suits only tell cards apart).
    pub pack: Pack,
    /// Number of players, banker included.
    pub players: usize,
    /// Banking or pool settlement.
    pub mode: Mode,
    /// The stake unit (the fixed stake, and the pool ante).
    pub stake: i64,
    /// Punters choose their stake after their first card (bank mode only).
    pub stake_after_first_card: bool,
    /// Highest stake a punter may choose.
    pub stake_max: i64,
    /// The two-card 21 (K+9, V+T) counts.
    pub special21: bool,
    /// How the 21 is read.
    pub special21_mode: Special21Mode,
    /// Pairs and triples count.
    pub combos: bool,
    /// Multipliers of §8.1.
    pub bonus_payouts: bool,
    /// Equal hands go to the banker (`true`) or push (`false`).
    pub ties_to_banker: bool,
    /// Among equal hands the one with fewer cards wins.
    pub fewer_cards_wins_ties: bool,
    /// Most cards a hand may hold (0: no limit).
    pub max_cards: usize,
    /// The banker draws by the fixed rule below `banker_n`.
    pub banker_stands_at_n: bool,
    /// The threshold of `banker_rule=stand_at_n`.
    pub banker_n: u32,
    /// Hands per match.
    pub hands: usize,
    /// The options given, normalised.
    pub options: Vec<(String, String)>,
}

impl NaqshConfig {
    /// Checks `opts` (`key=value` pairs named as in §10) and builds the configuration.
    ///
    /// ```
    /// use hukm_core::games::naqsh::NaqshConfig;
    /// let c = NaqshConfig::new(&[("players".into(), "4".into())]).unwrap();
    /// assert_eq!((c.players, c.hands), (4, 4));
    /// assert!(NaqshConfig::new(&[("players".into(), "9".into())]).is_err());
    /// ```
    pub fn new(opts: &[(String, String)]) -> Result<NaqshConfig> {
        let options = options::check("naqsh", SPECS, &[], opts)?;
        let get = |k: &str| options::get(&options, k);
        let num = |k: &str, d: i64| get(k).map_or(d, |v| v.parse().unwrap_or(d));
        let on = |k: &str| get(k) == Some("on");
        let pack = match get("pack").unwrap_or("moghul96") {
            "dashavatara120" => Pack::ganjifa_plain(true),
            "euro48" => Pack::euro48(),
            _ => Pack::ganjifa_plain(false),
        };
        let players = num("players", 6) as usize;
        let mode = if get("mode") == Some("pool") {
            Mode::Pool
        } else {
            Mode::Bank
        };
        let cfg = NaqshConfig {
            pack,
            players,
            mode,
            stake: num("stake", 1),
            stake_after_first_card: get("stake_mode") == Some("after_first_card"),
            stake_max: num("stake_max", 4),
            special21: on("special21"),
            special21_mode: if get("special21_mode") == Some("target_21") {
                Special21Mode::Target21
            } else {
                Special21Mode::BonusHand
            },
            combos: on("combos"),
            bonus_payouts: on("bonus_payouts"),
            ties_to_banker: get("ties") != Some("push"),
            fewer_cards_wins_ties: on("fewer_cards_wins_ties"),
            max_cards: num("max_cards", 0) as usize,
            banker_stands_at_n: get("banker_rule") == Some("stand_at_n"),
            banker_n: num("banker_n", 14) as u32,
            hands: num("hands", players as i64) as usize,
            options,
        };
        if cfg.max_cards == 1 {
            return Err(Error::Option(
                "bad value \"1\" for option max_cards: every hand starts with 2 cards (0 means no limit)"
                    .into(),
            ));
        }
        Ok(cfg)
    }

    /// True when punters choose their stakes after the first pass.
    pub fn chooses_stakes(&self) -> bool {
        self.stake_after_first_card && self.mode == Mode::Bank
    }

    /// The highest valid total of an ordinary hand (17, or 20 under `target_21`).
    pub fn limit(&self) -> u32 {
        if self.special21 && self.special21_mode == Special21Mode::Target21 {
            20
        } else {
            17
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
        let rules = |mut c: NaqshConfig| {
            c.options.clear();
            format!("{:?}", c)
        };
        let base = rules(NaqshConfig::new(&[]).unwrap());
        for s in specs() {
            let Some(d) = s.default else { continue };
            match NaqshConfig::new(&[(s.name.to_string(), d.to_string())]) {
                Ok(c) => assert_eq!(rules(c), base, "{}={}", s.name, d),
                Err(e) => panic!("{}={}: {}", s.name, d, e),
            }
        }
    }
}

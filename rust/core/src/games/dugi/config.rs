//! Dugi's named options (`docs/rules/ganjifa.md` B.10), checked and normalised.

use crate::card::Suit;
use crate::error::{Error, Result};
use crate::options::{self, Accepts, Spec};
use crate::games::{Listing, PresetDef};
use crate::pack::{AvatarList, Pack, PackDef, ReversedSet};

/// What the catalog lists of Dugi: its preset and its packs.
pub const LISTING: Listing = Listing::new(
    &[PresetDef::new("dugi", 4, "moghul", "Dugi: partnership Ganjifa")],
    &[PackDef::MOGHUL, PackDef::MOGHUL_IRAN, PackDef::DASHAVATARA],
);

const SPECS: &[Spec] = &[
    Spec {
        name: "pack",
        accepts: Accepts::Words(&["moghul", "dashavatara"]),
        default: Some("moghul"),
    },
    Spec {
        name: "players",
        accepts: Accepts::Number(4, 4),
        default: Some("4"),
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
        name: "lead_suit_by",
        accepts: Accepts::Words(&["day_night", "cut"]),
        default: Some("day_night"),
    },
    Spec {
        name: "king_pass",
        accepts: Accepts::Switch,
        default: Some("true"),
    },
    Spec {
        name: "hand_stake",
        accepts: Accepts::Number(1, 1_000_000),
        default: Some("1"),
    },
    Spec {
        name: "hands",
        accepts: Accepts::Number(1, 10_000),
        default: Some("4"),
    },
];

/// The options of Dugi (`docs/rules/ganjifa.md` B.10, with `pack`, `period` and
/// `reversed_set` of A.11): what each accepts and its default.
/// `players` is not in the table: 4 is the only value.
pub fn specs() -> &'static [Spec] {
    SPECS
}

/// A checked Dugi configuration.
#[derive(Clone, Debug)]
pub struct DugiConfig {
    /// The pack with this table's card order.
    pub pack: Pack,
    /// The lead suit by day or night (`lead_suit_by=day_night`).
    pub lead_suit: Suit,
    /// The lead suit is cut at random before each deal.
    pub cut: bool,
    /// The King pass between the challengers.
    pub king_pass: bool,
    /// Stake per hand.
    pub hand_stake: i64,
    /// Hands per match.
    pub hands: usize,
    /// The options given, normalised.
    pub options: Vec<(String, String)>,
}

impl DugiConfig {
    /// Checks `opts` (`key=value` pairs named as in B.10) and builds the configuration.
    ///
    /// ```
    /// use hukm_core::games::dugi::DugiConfig;
    /// let c = DugiConfig::new(&[("pack".into(), "dashavatara".into())]).unwrap();
    /// assert_eq!(c.pack.num_cards(), 120);
    /// assert!(DugiConfig::new(&[("pack".into(), "french52".into())]).is_err());
    /// ```
    pub fn new(opts: &[(String, String)]) -> Result<DugiConfig> {
        let options = options::check("dugi", SPECS, &[], opts)?;
        let get = |k: &str| options::get(&options, k);
        let num = |k: &str, d: i64| get(k).map_or(d, |v| v.parse().unwrap_or(d));
        let dasha = get("pack") == Some("dashavatara");
        if dasha && get("reversed_set").is_some() {
            return Err(Error::Option(
                "option reversed_set applies to pack=moghul only".into(),
            ));
        }
        let pack = if dasha {
            Pack::dashavatara(AvatarList::Sawantwadi)
        } else {
            Pack::moghul(if get("reversed_set") == Some("iran") {
                ReversedSet::Iran
            } else {
                ReversedSet::India
            })
        };
        let night = get("period") == Some("night");
        let code = match (dasha, night) {
            (true, false) => "RA",
            (true, true) => "KR",
            (false, false) => "SR",
            (false, true) => "SF",
        };
        Ok(DugiConfig {
            lead_suit: pack.suit_index(code).expect("lead suit"),
            cut: get("lead_suit_by") == Some("cut"),
            king_pass: get("king_pass").map_or(true, |v| v == "on"),
            hand_stake: num("hand_stake", 1),
            hands: num("hands", 4) as usize,
            pack,
            options,
        })
    }

    /// Cards each player is dealt (24 or 30).
    pub fn hand_size(&self) -> usize {
        self.pack.num_cards() / 4
    }

    /// The batch sizes of a deal (A.4).
    pub fn batches(&self) -> Vec<usize> {
        let mut left = self.pack.num_cards();
        let mut out = Vec::new();
        while left >= 16 {
            out.push(4);
            left -= 16;
        }
        if left > 0 {
            out.push(left / 4);
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
        let rules = |mut c: DugiConfig| {
            c.options.clear();
            format!("{:?}", c)
        };
        let base = rules(DugiConfig::new(&[]).unwrap());
        for s in specs() {
            let Some(d) = s.default else { continue };
            match DugiConfig::new(&[(s.name.to_string(), d.to_string())]) {
                Ok(c) => assert_eq!(rules(c), base, "{}={}", s.name, d),
                Err(e) => panic!("{}={}: {}", s.name, d, e),
            }
        }
    }
}

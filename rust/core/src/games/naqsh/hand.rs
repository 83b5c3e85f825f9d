//! A Naqsh hand: its total, its class (§5.1) and how classes compare (§6).

use std::cmp::Ordering;

use super::config::NaqshConfig;
use crate::card::Card;
use crate::pack::Pack;

/// The value of a card (§3.2): King 12, Vizier (or Queen) 11, ten 10, number
/// cards at face value, ace 1.
///
/// ```
/// use hukm_core::games::naqsh::hand::card_value;
/// use hukm_core::pack::Pack;
/// let p = Pack::ganjifa_plain(false);
/// assert_eq!(card_value(&p, p.parse_card("VTJ").unwrap()), 11);
/// assert_eq!(card_value(&p, p.parse_card("1SR").unwrap()), 1);
/// ```
pub fn card_value(pack: &Pack, card: Card) -> u8 {
    match pack.face(card) {
        b'K' => 12,
        b'V' | b'Q' => 11,
        b'T' => 10,
        f @ b'2'..=b'9' => f - b'0',
        _ => 1,
    }
}

/// What a hand's class depends on: its number of cards, its total and the
/// values of its first three cards (for pairs, triples and the two-card 21).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Number of cards.
    pub n: u8,
    /// Sum of the card values.
    pub total: u16,
    /// Values of the first three cards received (0 when absent).
    pub first: [u8; 3],
}

impl Tally {
    /// Adds a card of value `v`.
    #[inline]
    pub fn add(&mut self, v: u8) {
        if (self.n as usize) < 3 {
            self.first[self.n as usize] = v;
        }
        self.n += 1;
        self.total += v as u16;
    }
}

/// The class of a hand (§5.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Above the limit and no combination: loses.
    Bust,
    /// A valid total (at most 17, or 20 under `special21_mode=target_21`).
    Total(u32),
    /// The first two cards of one rank (`combos`); the rank's value.
    Pair(u8),
    /// A two-card 17.
    Natural,
    /// A two-card 21, K+9 or V+T (`special21`).
    Special21,
    /// Exactly three cards of one rank (`combos`); the rank's value.
    Triple(u8),
}

impl Class {
    /// Category position and key: the order of §6, weakest first.
    #[inline]
    fn key(self) -> (u8, u32) {
        match self {
            Class::Bust => (0, 0),
            Class::Total(t) => (1, t),
            Class::Pair(v) => (2, v as u32),
            Class::Natural => (3, 0),
            Class::Special21 => (4, 0),
            Class::Triple(v) => (5, v as u32),
        }
    }

    /// The class's name for display (`natural`, `total 16`, `pair of 6`, ...).
    pub fn name(self) -> String {
        match self {
            Class::Bust => "bust".into(),
            Class::Total(t) => format!("total {}", t),
            Class::Pair(v) => format!("pair of {}", value_name(v)),
            Class::Natural => "natural".into(),
            Class::Special21 => "special 21".into(),
            Class::Triple(v) => format!("triple of {}", value_name(v)),
        }
    }

    /// The payout multiplier of §8.1 (1 without `bonus_payouts`).
    pub fn mult(self, cfg: &NaqshConfig) -> i64 {
        if !cfg.bonus_payouts {
            return 1;
        }
        match self {
            Class::Natural | Class::Pair(_) => 2,
            Class::Special21 | Class::Triple(_) => 3,
            Class::Total(_) | Class::Bust => 1,
        }
    }
}

fn value_name(v: u8) -> String {
    match v {
        12 => "K".into(),
        11 => "V".into(),
        10 => "T".into(),
        v => v.to_string(),
    }
}

/// Classifies a hand exactly as §5.1's `classify`.
///
/// ```
/// use hukm_core::games::naqsh::hand::{classify, Class, Tally};
/// use hukm_core::games::naqsh::NaqshConfig;
/// let cfg = NaqshConfig::new(&[]).unwrap();
/// let mut t = Tally::default();
/// t.add(11);
/// t.add(6);
/// assert_eq!(classify(&t, &cfg), Class::Natural);
/// t.add(1);
/// assert_eq!(classify(&t, &cfg), Class::Bust);
/// ```
pub fn classify(t: &Tally, cfg: &NaqshConfig) -> Class {
    let [a, b, c] = t.first;
    if cfg.combos && t.n == 3 && a == b && b == c {
        return Class::Triple(a);
    }
    if cfg.special21 && t.n == 2 && matches!((a.min(b), a.max(b)), (9, 12) | (10, 11)) {
        return Class::Special21;
    }
    let target21 = cfg.limit() == 20;
    if t.n == 2 && t.total == 17 && !target21 {
        return Class::Natural;
    }
    if cfg.combos && t.n == 2 && a == b {
        return Class::Pair(a);
    }
    if t.total as u32 <= cfg.limit() {
        return Class::Total(t.total as u32);
    }
    Class::Bust
}

/// True when a hand of this class cannot draw (§5.1, "closed hands").
pub fn is_closed(class: Class, cfg: &NaqshConfig) -> bool {
    match class {
        Class::Triple(_) | Class::Special21 | Class::Natural | Class::Bust => true,
        Class::Total(t) => t == cfg.limit(),
        Class::Pair(_) => false,
    }
}

/// Compares two hands (§6): `Greater` when `a` is stronger. With
/// `fewer_cards_wins_ties`, equal classes are split by the number of cards.
pub fn compare(a: &Tally, b: &Tally, cfg: &NaqshConfig) -> Ordering {
    let o = classify(a, cfg).key().cmp(&classify(b, cfg).key());
    if o == Ordering::Equal && cfg.fewer_cards_wins_ties {
        b.n.cmp(&a.n)
    } else {
        o
    }
}

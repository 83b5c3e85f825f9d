//! Packs: which cards exist, how they are written, and how strong each is.
//!
//! Every pack lays its suits out in blocks of `stride` bits of a
//! [`CardSet`]: suit `s` owns bits `s*stride .. s*stride + n_s` where `n_s` is
//! the number of cards of the suit, and inside the block bit 0 is the weakest
//! card *in this game's order*. French packs use a stride of 16 (so a whole
//! French pack fits in the low 64 bits, one `u16` a suit); Ganjifa packs use 12.
//!
//! The same physical card can therefore sit at different bits in different
//! games: `AS` is bit 12 in Hokm (ace high) but bit 0 of the spade block with the
//! ace-low Ganjifa adaptation. Double packs (56) hold two bits for each face.
//!
//! The packs several games share (`french52`, the Moghul and Dashavatara
//! Ganjifa packs) are made here; a pack of one game only (Thunee's
//! `thunee24`, Twenty-eight's, Naqsh's, Ganjifa's French adaptation) is made
//! in that game's `config` module, which lists the packs it plays with
//! (`LISTING`); [`crate::registry::pack_by_name`] finds any of them by name.

use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};

/// One suit of a pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitDef {
    /// The suit's code as written in notation (`S`, `GH`, `RA`, ...).
    pub code: String,
    /// The suit's name for display.
    pub name: String,
    /// The face characters of the suit's cards, strongest first. A face that
    /// appears twice (double packs) is two physical cards of equal face.
    pub faces: Vec<u8>,
}

/// A pack of cards with the strength order of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pack {
    /// Short name (`french52`, `moghul`, ...).
    pub name: String,
    /// The suits in notation order.
    pub suits: Vec<SuitDef>,
    /// Bits reserved for each suit.
    pub stride: u8,
    /// The cards in play (a pack may leave cards out, e.g. a two in `hokm3`).
    pub deck: CardSet,
    /// Input aliases for face characters: (alias, canonical).
    pub aliases: Vec<(u8, u8)>,
    /// Card points by bit (all zero for games without card points).
    pub points: Vec<u8>,
    /// Each suit's cards in the deck (derived; kept by `refresh`).
    masks: [CardSet; MAX_SUITS],
    /// The suit of each bit (derived).
    suit_table: [u8; 128],
    /// The deck's cards, lowest bit first (derived).
    deck_list: Vec<Card>,
}

/// A pack by name, as a game lists it: the name the binding and the
/// command line accept, and the pack's constructor.
#[derive(Copy, Clone)]
pub struct PackDef {
    /// The name to ask for (`french52`, `moghul_iran`, ...).
    pub name: &'static str,
    /// Builds the pack.
    pub make: fn() -> Pack,
}

impl PackDef {
    /// The pack `make` builds, asked for as `name`.
    pub const fn new(name: &'static str, make: fn() -> Pack) -> PackDef {
        PackDef { name, make }
    }

    /// `french52`: [`Pack::french52`].
    pub const FRENCH52: PackDef = PackDef::new("french52", Pack::french52);
    /// `moghul`: [`Pack::moghul`] with [`ReversedSet::India`].
    pub const MOGHUL: PackDef = PackDef::new("moghul", || Pack::moghul(ReversedSet::India));
    /// `moghul_iran`: [`Pack::moghul`] with [`ReversedSet::Iran`].
    pub const MOGHUL_IRAN: PackDef =
        PackDef::new("moghul_iran", || Pack::moghul(ReversedSet::Iran));
    /// `dashavatara`: [`Pack::dashavatara`] with [`AvatarList::Sawantwadi`].
    pub const DASHAVATARA: PackDef =
        PackDef::new("dashavatara", || Pack::dashavatara(AvatarList::Sawantwadi));
}

impl std::fmt::Debug for PackDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PackDef").field("name", &self.name).finish()
    }
}

/// The most suits a pack may have.
pub const MAX_SUITS: usize = 10;

/// The French faces with the ace high, strongest first.
pub const FRENCH_ACE_HIGH: &str = "AKQJT98765432";
const FRENCH_SUITS: [(&str, &str); 4] = [
    ("S", "spades"),
    ("H", "hearts"),
    ("D", "diamonds"),
    ("C", "clubs"),
];

/// Ganjifa faces in a normal suit, strongest first.
pub const GANJIFA_NORMAL: &str = "KVT987654321";
/// Ganjifa faces in a reversed suit, strongest first.
pub const GANJIFA_REVERSED: &str = "KV123456789T";

/// Which Moghul coin suit is reversed (`docs/rules/ganjifa.md` A.3.1, option `reversed_set`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReversedSet {
    /// SR, CH, BA, QM reversed (default).
    India,
    /// SF, CH, BA, QM reversed.
    Iran,
}

/// Suit list of the Dashavatara pack (`docs/rules/dashavatara.md` §3.1, option `avatar_list`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AvatarList {
    /// MA KU VA NA VM PA RA KR BU KA (default).
    Sawantwadi,
    /// MA KU VA NA VM PA RA BL KR KA.
    BalaramaKrishna,
}

impl Pack {
    fn build(name: &str, stride: u8, suits: Vec<SuitDef>) -> Pack {
        let mut deck = CardSet::EMPTY;
        for (s, def) in suits.iter().enumerate() {
            assert!(def.faces.len() <= stride as usize);
            for i in 0..def.faces.len() {
                deck.insert(Card((s * stride as usize + i) as u8));
            }
        }
        assert!(suits.len() * stride as usize <= 128 && suits.len() <= MAX_SUITS);
        let mut p = Pack {
            name: name.to_string(),
            suits,
            stride,
            deck,
            aliases: Vec::new(),
            points: vec![0; 128],
            masks: [CardSet::EMPTY; MAX_SUITS],
            suit_table: [0; 128],
            deck_list: Vec::new(),
        };
        p.refresh();
        p
    }

    /// Recomputes the derived tables after the deck or the faces changed.
    pub(crate) fn refresh(&mut self) {
        for (s, def) in self.suits.iter().enumerate() {
            let n = def.faces.len() as u32;
            let block = (1u128 << n) - 1;
            self.masks[s] = CardSet(block << (s as u32 * self.stride as u32)) & self.deck;
        }
        self.deck_list = self.deck.iter().collect();
        for (i, t) in self.suit_table.iter_mut().enumerate() {
            *t = (i / self.stride as usize) as u8;
        }
    }

    /// A French pack named `name` with each suit's faces, strongest first.
    pub(crate) fn french(name: &str, faces: &[&str; 4]) -> Pack {
        let suits = FRENCH_SUITS
            .iter()
            .zip(faces.iter())
            .map(|((code, n), f)| SuitDef {
                code: code.to_string(),
                name: n.to_string(),
                faces: f.bytes().collect(),
            })
            .collect();
        Pack::build(name, 16, suits)
    }

    /// The 52-card French pack, ace high (Hokm, Court Piece).
    pub fn french52() -> Pack {
        Pack::french("french52", &[FRENCH_ACE_HIGH; 4])
    }

    /// The 96-card Moghul Ganjifa pack.
    pub fn moghul(reversed: ReversedSet) -> Pack {
        let table = [
            ("GH", "Ghulam", false),
            ("TJ", "Taj", false),
            ("SM", "Shamsher", false),
            ("SF", "Zar-e Safid", reversed == ReversedSet::Iran),
            ("SR", "Zar-e Surkh", reversed == ReversedSet::India),
            ("CH", "Chang", true),
            ("BA", "Barat", true),
            ("QM", "Qomash", true),
        ];
        Pack::ganjifa("moghul", &table)
    }

    /// The 120-card Dashavatara pack (first five suits reversed).
    pub fn dashavatara(list: AvatarList) -> Pack {
        let mut table = vec![
            ("MA", "Matsya", true),
            ("KU", "Kurma", true),
            ("VA", "Varaha", true),
            ("NA", "Narasimha", true),
            ("VM", "Vamana", true),
            ("PA", "Parashurama", false),
            ("RA", "Rama", false),
        ];
        match list {
            AvatarList::Sawantwadi => table.extend([
                ("KR", "Krishna", false),
                ("BU", "Buddha", false),
                ("KA", "Kalki", false),
            ]),
            AvatarList::BalaramaKrishna => table.extend([
                ("BL", "Balarama", false),
                ("KR", "Krishna", false),
                ("KA", "Kalki", false),
            ]),
        }
        let mut p = Pack::ganjifa("dashavatara", &table);
        p.aliases = vec![(b'R', b'K'), (b'M', b'V')];
        p
    }

    fn ganjifa(name: &str, table: &[(&str, &str, bool)]) -> Pack {
        let suits = table
            .iter()
            .map(|&(code, n, rev)| SuitDef {
                code: code.to_string(),
                name: n.to_string(),
                faces: if rev {
                    GANJIFA_REVERSED
                } else {
                    GANJIFA_NORMAL
                }
                .bytes()
                .collect(),
            })
            .collect();
        Pack::build(name, 12, suits)
    }

    /// Sets the card points of each face of `table`: (face, points).
    pub(crate) fn set_points(&mut self, table: &[(u8, u8)]) {
        for c in self.deck.iter() {
            let f = self.face(c);
            if let Some(&(_, p)) = table.iter().find(|(face, _)| *face == f) {
                self.points[c.0 as usize] = p;
            }
        }
    }

    /// The same pack without some cards (e.g. `hokm3`'s removed two).
    pub fn without(mut self, cards: CardSet) -> Pack {
        self.deck -= cards;
        self.refresh();
        self
    }

    /// The cards in play, lowest bit first (the order shuffles start from).
    #[inline]
    pub fn cards(&self) -> &[Card] {
        &self.deck_list
    }

    /// Number of suits.
    #[inline]
    pub fn num_suits(&self) -> usize {
        self.suits.len()
    }

    /// Number of cards in play.
    #[inline]
    pub fn num_cards(&self) -> usize {
        self.deck.len() as usize
    }

    /// The suit of a card.
    #[inline]
    pub fn suit_of(&self, card: Card) -> Suit {
        self.suit_table[card.0 as usize & 127]
    }

    /// Position of the card inside its suit block (0 = weakest).
    #[inline]
    pub fn strength(&self, card: Card) -> u8 {
        card.0 % self.stride
    }

    /// All cards of a suit in this pack's deck.
    #[inline]
    pub fn suit_mask(&self, suit: Suit) -> CardSet {
        self.masks[suit as usize]
    }

    /// The card of `suit` whose face sits at `pos` in the suit's strongest-first list.
    pub fn card_at(&self, suit: Suit, pos: usize) -> Card {
        let n = self.suits[suit as usize].faces.len();
        Card((suit as usize * self.stride as usize + (n - 1 - pos)) as u8)
    }

    /// The face character of a card.
    pub fn face(&self, card: Card) -> u8 {
        let s = self.suit_of(card) as usize;
        let n = self.suits[s].faces.len();
        self.suits[s].faces[n - 1 - self.strength(card) as usize]
    }

    /// Card points of a card (0 in games without points).
    #[inline]
    pub fn points_of(&self, card: Card) -> u8 {
        self.points[card.0 as usize]
    }

    /// Sum of the card points of a set.
    pub fn points(&self, cards: CardSet) -> u32 {
        cards.iter().map(|c| self.points_of(c) as u32).sum()
    }

    /// Index of a suit code (`S`, `GH`, ...), if the pack has it.
    pub fn suit_index(&self, code: &str) -> Option<Suit> {
        self.suits
            .iter()
            .position(|s| s.code.eq_ignore_ascii_case(code))
            .map(|i| i as Suit)
    }

    /// Parses a suit code into its index, with an error naming the valid codes.
    pub fn parse_suit(&self, code: &str) -> Result<Suit> {
        self.suit_index(code.trim()).ok_or_else(|| {
            Error::Notation(format!(
                "unknown suit {:?}; this pack's suits are {}",
                code,
                self.suit_codes().join(" ")
            ))
        })
    }

    /// The suit codes in notation order.
    pub fn suit_codes(&self) -> Vec<&str> {
        self.suits.iter().map(|s| s.code.as_str()).collect()
    }

    /// Canonical face character for an input character (aliases, lower case).
    pub fn canonical_face(&self, ch: u8) -> u8 {
        let up = ch.to_ascii_uppercase();
        self.aliases
            .iter()
            .find(|(a, _)| *a == up)
            .map(|&(_, c)| c)
            .unwrap_or(up)
    }

    /// The cards of `suit` in the deck with face `face` (two of them in double packs).
    pub fn cards_with_face(&self, suit: Suit, face: u8) -> CardSet {
        let def = &self.suits[suit as usize];
        let mut out = CardSet::EMPTY;
        for (pos, &f) in def.faces.iter().enumerate() {
            if f == face {
                out.insert(self.card_at(suit, pos));
            }
        }
        out & self.deck
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french52_layout() {
        let p = Pack::french52();
        assert_eq!(p.num_cards(), 52);
        assert_eq!(p.card_at(0, 0), Card(12)); // AS
        assert_eq!(p.card_at(3, 12), Card(48)); // 2C
        assert_eq!(p.face(Card(12)), b'A');
        assert_eq!(p.suit_of(Card(48)), 3);
        assert_eq!(p.suit_mask(1).len(), 13);
        assert!(p.deck.bits() >> 64 == 0);
    }

    #[test]
    fn ganjifa_packs() {
        let m = Pack::moghul(ReversedSet::India);
        assert_eq!(m.num_cards(), 96);
        let sr = m.suit_index("SR").unwrap();
        // In a reversed suit the 1 is above the 2 and the ten is lowest.
        assert_eq!(m.face(m.suit_mask(sr).lowest().unwrap()), b'T');
        let iran = Pack::moghul(ReversedSet::Iran);
        let sf = iran.suit_index("SF").unwrap();
        assert_eq!(iran.face(iran.suit_mask(sf).lowest().unwrap()), b'T');
        let d = Pack::dashavatara(AvatarList::Sawantwadi);
        assert_eq!(d.num_cards(), 120);
        assert_eq!(d.canonical_face(b'r'), b'K');
        let f = Pack::ganjifa_french(false, false);
        assert_eq!(f.face(f.suit_mask(0).lowest().unwrap()), b'A');
    }
}

//! The card rules of Dashavatara Ganjifa as pure functions on card sets:
//! legal leads with ducals (§5.2), the void-follow scan (§5.3) and the trick
//! winner (§6).
//!
//! Layout (see [`crate::pack::Pack::dashavatara`]): suit `s` owns bits
//! `12s .. 12s+11`, bit 11 the Raja, bit 10 the Mantri, bits 0..=9 the
//! numerals in the suit's own strength order. In the first five suits
//! (reversed, `K V 1 2 … T`) numeral `n` sits at bit `10 - n`; in the last
//! five (`K V T 9 … 1`) at bit `n - 1`. Either way the numerals `a..=b` are a
//! contiguous block of bits, which is why "consecutive" means the same in
//! every suit (§11.5).

use crate::card::{Card, CardSet, Suit};

/// Number of suits.
pub const SUITS: u8 = 10;
/// Bits per suit.
pub const STRIDE: u8 = 12;

/// The rules that decide legality and tricks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The trump suit.
    pub trump: Suit,
    /// `void_scan=skip_trump`.
    pub skip_trump: bool,
    /// `ducal=true`.
    pub ducal: bool,
    /// `ducal_run=top_run`.
    pub top_run: bool,
    /// `ducal_length=maximal`.
    pub maximal: bool,
}

/// A ducal lead: the Raja and Mantri of `suit` and the numerals `a..=b`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ducal {
    /// The suit.
    pub suit: Suit,
    /// Lowest face value of the run (1..=8).
    pub a: u8,
    /// Highest face value of the run (a+2..=10).
    pub b: u8,
}

/// All cards of suit `s`.
#[inline]
pub fn suit_mask(s: Suit) -> CardSet {
    CardSet(0xFFFu128 << (STRIDE as u32 * s as u32))
}

/// The suit of a card.
#[inline]
pub fn suit_of(c: Card) -> Suit {
    c.0 / STRIDE
}

/// True for the first five suits, whose numerals run `1` high, `T` low.
#[inline]
pub fn reversed(s: Suit) -> bool {
    s < 5
}

/// The Raja of suit `s`.
#[inline]
pub fn raja(s: Suit) -> Card {
    Card(s * STRIDE + 11)
}

/// The Mantri of suit `s`.
#[inline]
pub fn mantri(s: Suit) -> Card {
    Card(s * STRIDE + 10)
}

/// The numeral of face value `n` (1..=10) of suit `s`.
#[inline]
pub fn numeral(s: Suit, n: u8) -> Card {
    let pos = if reversed(s) { 10 - n } else { n - 1 };
    Card(s * STRIDE + pos)
}

/// The face value (1..=10) of a numeral, or `None` for a court card.
#[inline]
pub fn face_value(c: Card) -> Option<u8> {
    let pos = c.0 % STRIDE;
    if pos >= 10 {
        None
    } else if reversed(suit_of(c)) {
        Some(10 - pos)
    } else {
        Some(pos + 1)
    }
}

impl Ducal {
    /// Width `k`: the number of cards led (5..=12).
    #[inline]
    pub fn width(self) -> u32 {
        2 + (self.b - self.a + 1) as u32
    }

    /// The cards led.
    pub fn cards(self) -> CardSet {
        let mut s = raja(self.suit).set() | mantri(self.suit).set();
        for n in self.a..=self.b {
            s.insert(numeral(self.suit, n));
        }
        s
    }
}

/// The numerals of suit `s` held in `hand`, as a 10-bit mask by face value
/// (bit `n-1` for face `n`).
#[inline]
fn held_faces(hand: CardSet, s: Suit) -> u16 {
    let mut m = 0u16;
    for n in 1..=10u8 {
        if hand.contains(numeral(s, n)) {
            m |= 1 << (n - 1);
        }
    }
    m
}

/// True when `hand` may lead a ducal in suit `s` at all (both courts and a
/// run of three numerals).
pub fn ducal_possible(hand: CardSet, s: Suit) -> bool {
    hand.contains(raja(s)) && hand.contains(mantri(s)) && {
        let m = held_faces(hand, s);
        m & (m >> 1) & (m >> 2) != 0
    }
}

/// Calls `f` with every legal ducal of `hand` in suit `s` (§5.2's
/// `legalLeads`), by `a` then `b` ascending.
pub fn for_each_ducal(hand: CardSet, s: Suit, r: &Rules, mut f: impl FnMut(Ducal)) {
    if !r.ducal || !hand.contains(raja(s)) || !hand.contains(mantri(s)) {
        return;
    }
    let m = held_faces(hand, s);
    let has = |n: u8| (1..=10).contains(&n) && m & (1 << (n - 1)) != 0;
    for a in 1..=8u8 {
        if !has(a) {
            continue;
        }
        let mut b = a;
        while has(b + 1) {
            b += 1;
            if b - a < 2 {
                continue;
            }
            if r.top_run && !(if reversed(s) { a == 1 } else { b == 10 }) {
                continue;
            }
            if r.maximal && (has(a - 1) || has(b + 1)) {
                continue;
            }
            f(Ducal { suit: s, a, b });
        }
    }
}

/// Every legal ducal of `hand`, suit by suit.
pub fn ducals(hand: CardSet, r: &Rules) -> Vec<Ducal> {
    let mut v = Vec::new();
    for s in 0..SUITS {
        for_each_ducal(hand, s, r, |d| v.push(d));
    }
    v
}

/// The cards a follower with `hand` may play to a single card of suit `led`
/// (§5.3, exactly its algorithm).
pub fn legal_follow(hand: CardSet, led: Suit, r: &Rules) -> CardSet {
    let a = hand & suit_mask(led);
    if !a.is_empty() {
        return a;
    }
    let tr = hand & suit_mask(r.trump);
    let mut s = (led + 1) % SUITS;
    for _ in 0..9 {
        if r.skip_trump && s == r.trump {
            s = (s + 1) % SUITS;
            continue;
        }
        let b = hand & suit_mask(s);
        if !b.is_empty() {
            return tr | b;
        }
        s = (s + 1) % SUITS;
    }
    tr
}

/// The winning card of a single-card trick (§6): the strongest trump if any
/// was played, else the strongest card of the led suit.
pub fn winning_card(cards: CardSet, led: Suit, trump: Suit) -> Card {
    let t = cards & suit_mask(trump);
    let pool = if t.is_empty() {
        cards & suit_mask(led)
    } else {
        t
    };
    pool.highest().expect("the led card is of the led suit")
}

// What a play shows of the rest of the player's hand (used by the state and
// by sampling; see `sample.rs` for the whole account).

/// The cards a follower is known not to hold after playing `played` to a
/// single card `lead` (see the module comment).
pub fn follow_inference(lead: Card, played: Card, r: &Rules) -> CardSet {
    let led = suit_of(lead);
    let s_played = suit_of(played);
    if s_played == led {
        return CardSet::EMPTY;
    }
    let mut out = suit_mask(led);
    if s_played == r.trump {
        return out;
    }
    let mut s = (led + 1) % SUITS;
    while s != s_played && s != led {
        if !(r.skip_trump && s == r.trump) {
            out |= suit_mask(s);
        }
        s = (s + 1) % SUITS;
    }
    out
}

/// The cards the leader of ducal `d` is known not to hold afterwards: the
/// numerals extending its run under `ducal_length=maximal`, else none.
pub fn ducal_inference(d: Ducal, r: &Rules) -> CardSet {
    let mut out = CardSet::EMPTY;
    if r.maximal {
        if d.a > 1 {
            out.insert(numeral(d.suit, d.a - 1));
        }
        if d.b < 10 {
            out.insert(numeral(d.suit, d.b + 1));
        }
    }
    out
}

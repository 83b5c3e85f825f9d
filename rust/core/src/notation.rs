//! Reading and writing cards, hands and deals (`docs/rules/index.md`, "Shared notation").
//!
//! * a card is its face then its suit code: `AS`, `TH`, `KSR`, `1CH`;
//! * a hand in compact form lists the suits in the pack's order separated by
//!   `.`, faces strongest first, an empty suit as nothing or `-`:
//!   `AKQ.T9..5432`; the labelled form `S:AKQ H:T9 D:- C:5432` is accepted too;
//! * a deal lists the hands, compact, in seat order, separated by whitespace.
//!
//! Input is lenient where nothing can be misread (lower case, faces in any
//! order inside a suit, `10` for `T` in French packs) and strict everywhere
//! else: every error names what is wrong and where.

use crate::card::{Card, CardSet, Suit};
use crate::error::{notation, Error, Result};
use crate::pack::Pack;

/// The most characters of a user's text an error message quotes.
pub const QUOTE_CHARS: usize = 40;

/// The longest hand text read, in bytes (a full Dashavatara hand in the
/// labelled form is under 200); longer text is refused before parsing.
pub const MAX_HAND_TEXT: usize = 1 << 10;

/// The longest deal text read, in bytes.
pub const MAX_DEAL_TEXT: usize = 1 << 14;

/// Refuses `text` longer than `max` bytes, naming `what` and its length.
///
/// ```
/// use hukm_core::notation::check_length;
/// assert!(check_length("AS", 64, "action").is_ok());
/// let e = check_length(&"A".repeat(100), 64, "action").unwrap_err();
/// assert_eq!(e.to_string(), "action is 100 characters long; at most 64 are read");
/// ```
pub fn check_length(text: &str, max: usize, what: &str) -> Result<()> {
    if text.len() > max {
        return notation(format!(
            "{} is {} characters long; at most {} are read",
            what,
            text.chars().count(),
            max
        ));
    }
    Ok(())
}

/// `text` quoted for an error message (as `{:?}` does), cut to
/// [`QUOTE_CHARS`] characters with its length when longer, so that a
/// megabyte of bad input is not echoed back.
///
/// ```
/// use hukm_core::notation::quoted;
/// assert_eq!(quoted("AS"), "\"AS\"");
/// assert_eq!(quoted(&"Z".repeat(100)), format!("\"{}\"... (100 characters)", "Z".repeat(40)));
/// ```
pub fn quoted(text: &str) -> String {
    let n = text.chars().count();
    if n <= QUOTE_CHARS {
        format!("{:?}", text)
    } else {
        let head: String = text.chars().take(QUOTE_CHARS).collect();
        format!("{:?}... ({} characters)", head, n)
    }
}

impl Pack {
    /// Writes a card: face then suit code (`AS`, `KSR`).
    pub fn format_card(&self, card: Card) -> String {
        let mut s = String::with_capacity(3);
        s.push(self.face(card) as char);
        s.push_str(&self.suits[self.suit_of(card) as usize].code);
        s
    }

    /// Reads one card.
    ///
    /// ```
    /// use hukm_core::pack::Pack;
    /// let p = Pack::french52();
    /// let c = p.parse_card("AS").unwrap();
    /// assert_eq!(p.format_card(c), "AS");
    /// assert!(p.parse_card("1S").is_err());
    /// ```
    pub fn parse_card(&self, text: &str) -> Result<Card> {
        self.parse_card_avoiding(text, CardSet::EMPTY)
    }

    /// Reads one card; in double packs the first copy not in `used` is chosen.
    pub fn parse_card_avoiding(&self, text: &str, used: CardSet) -> Result<Card> {
        let t = text.trim();
        if !t.is_ascii() || t.len() < 2 || t.len() > 8 {
            return notation(format!(
                "bad card {}: a card is its rank then its suit, e.g. {}",
                quoted(text),
                self.example_card()
            ));
        }
        // French packs also accept "10" for the ten.
        let (face_txt, suit_txt) = if t.len() >= 3 && t.starts_with("10") && self.stride == 16 {
            ("T", &t[2..])
        } else {
            (&t[..1], &t[1..])
        };
        let suit = self.suit_index(suit_txt).ok_or_else(|| {
            Error::Notation(format!(
                "bad card {}: unknown suit {} (suits: {})",
                quoted(text),
                quoted(suit_txt),
                self.suit_codes().join(" ")
            ))
        })?;
        let face = self.canonical_face(face_txt.as_bytes()[0]);
        let copies = self.cards_with_face(suit, face);
        if copies.is_empty() && self.suits[suit as usize].faces.contains(&face) {
            return notation(format!("card {} is not in this game's pack", quoted(text)));
        }
        if copies.is_empty() {
            return notation(format!(
                "bad card {}: unknown rank {:?} in suit {} (ranks: {})",
                quoted(text),
                face_txt,
                self.suits[suit as usize].code,
                self.face_list(suit)
            ));
        }
        Ok((copies - used)
            .highest()
            .unwrap_or_else(|| copies.highest().expect("non-empty")))
    }

    fn example_card(&self) -> String {
        self.format_card(self.deck.highest().expect("a pack has cards"))
    }

    fn face_list(&self, suit: Suit) -> String {
        let mut faces: Vec<u8> = Vec::new();
        for &f in &self.suits[suit as usize].faces {
            if !faces.contains(&f) {
                faces.push(f);
            }
        }
        String::from_utf8(faces).expect("ascii faces")
    }

    /// Writes the faces of the cards of one suit, strongest first (`-` not used).
    pub fn format_suit(&self, cards: CardSet, suit: Suit) -> String {
        (cards & self.suit_mask(suit))
            .iter()
            .rev()
            .map(|c| self.face(c) as char)
            .collect()
    }

    /// Writes a hand in compact form: `AKQ.T9..5432`.
    pub fn format_hand(&self, cards: CardSet) -> String {
        (0..self.num_suits() as Suit)
            .map(|s| self.format_suit(cards, s))
            .collect::<Vec<_>>()
            .join(".")
    }

    /// Writes a hand in labelled form: `S:AKQ H:T9 D:- C:5432`.
    pub fn format_hand_labelled(&self, cards: CardSet) -> String {
        (0..self.num_suits() as Suit)
            .map(|s| {
                let f = self.format_suit(cards, s);
                format!(
                    "{}:{}",
                    self.suits[s as usize].code,
                    if f.is_empty() { "-".to_string() } else { f }
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Writes a list of cards joined by `+`, in the pack's hand order
    /// (suits in order, strongest first): `KSR+5SR`.
    pub fn format_cards(&self, cards: CardSet) -> String {
        let mut out: Vec<String> = Vec::new();
        for s in 0..self.num_suits() as Suit {
            for c in (cards & self.suit_mask(s)).iter().rev() {
                out.push(self.format_card(c));
            }
        }
        out.join("+")
    }

    /// The cards of a set in the pack's hand order (suits in order,
    /// strongest first).
    pub fn in_hand_order(&self, cards: CardSet) -> Vec<Card> {
        let mut out = Vec::with_capacity(cards.len() as usize);
        for s in 0..self.num_suits() as Suit {
            out.extend((cards & self.suit_mask(s)).iter().rev());
        }
        out
    }

    /// The cards of a set as strings, in the pack's hand order.
    pub fn card_list(&self, cards: CardSet) -> Vec<String> {
        self.in_hand_order(cards)
            .into_iter()
            .map(|c| self.format_card(c))
            .collect()
    }

    /// Reads cards joined by `+` (`9D+4C+2C`), each at most once.
    pub fn parse_cards(&self, text: &str) -> Result<CardSet> {
        let mut set = CardSet::EMPTY;
        for part in text.split('+') {
            let c = self.parse_card_avoiding(part, set)?;
            if set.contains(c) {
                return notation(format!("card {} given twice in {:?}", part.trim(), text));
            }
            set.insert(c);
        }
        Ok(set)
    }

    /// Reads a hand, compact (`AKQ.T9..5432`) or labelled (`S:AKQ H:T9 D:- C:5432`).
    ///
    /// ```
    /// use hukm_core::pack::Pack;
    /// let p = Pack::french52();
    /// let h = p.parse_hand("S:AKQ H:T9 D:- C:5432").unwrap();
    /// assert_eq!(p.format_hand(h), "AKQ.T9..5432");
    /// ```
    pub fn parse_hand(&self, text: &str) -> Result<CardSet> {
        self.parse_hand_avoiding(text, CardSet::EMPTY)
    }

    /// Reads a hand; `used` are cards already placed elsewhere (for error
    /// messages and for choosing copies in double packs).
    pub fn parse_hand_avoiding(&self, text: &str, used: CardSet) -> Result<CardSet> {
        check_length(text, MAX_HAND_TEXT, "the hand")?;
        let t = text.trim();
        if t.contains(':') {
            self.parse_labelled(t, used)
        } else {
            self.parse_compact(t, used)
        }
    }

    fn parse_compact(&self, t: &str, used: CardSet) -> Result<CardSet> {
        if t.chars().any(char::is_whitespace) {
            return notation(format!(
                "bad hand {}: a compact hand has no spaces (use the labelled form S:AK H:- ...)",
                quoted(t)
            ));
        }
        let groups: Vec<&str> = t.split('.').collect();
        if groups.len() != self.num_suits() {
            return notation(format!(
                "bad hand {}: {} suit group(s) separated by '.', this pack needs {} ({})",
                quoted(t),
                groups.len(),
                self.num_suits(),
                self.suit_codes().join(" ")
            ));
        }
        let mut hand = CardSet::EMPTY;
        for (s, g) in groups.iter().enumerate() {
            self.add_suit_group(&mut hand, used, s as Suit, g, t)?;
        }
        Ok(hand)
    }

    fn parse_labelled(&self, t: &str, used: CardSet) -> Result<CardSet> {
        let mut hand = CardSet::EMPTY;
        let mut seen = vec![false; self.num_suits()];
        for tok in t.split_whitespace() {
            let (code, faces) = tok.split_once(':').ok_or_else(|| {
                Error::Notation(format!(
                    "bad hand {}: group {} is not of the form SUIT:RANKS",
                    quoted(t),
                    quoted(tok)
                ))
            })?;
            let s = self.suit_index(code).ok_or_else(|| {
                Error::Notation(format!(
                    "bad hand {}: unknown suit {} (suits: {})",
                    quoted(t),
                    quoted(code),
                    self.suit_codes().join(" ")
                ))
            })?;
            if std::mem::replace(&mut seen[s as usize], true) {
                return notation(format!("bad hand {}: suit {} given twice", quoted(t), code));
            }
            self.add_suit_group(&mut hand, used, s, faces, t)?;
        }
        Ok(hand)
    }

    fn add_suit_group(
        &self,
        hand: &mut CardSet,
        used: CardSet,
        s: Suit,
        group: &str,
        whole: &str,
    ) -> Result<()> {
        if group == "-" {
            return Ok(());
        }
        let code = &self.suits[s as usize].code;
        if let Some(bad) = group.chars().find(|c| !c.is_ascii()) {
            return notation(format!(
                "bad hand {}: unknown rank {:?} in suit {} (ranks: {})",
                quoted(whole),
                bad,
                code,
                self.face_list(s)
            ));
        }
        let bytes = group.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let mut face = self.canonical_face(bytes[i]);
            if self.stride == 16 && bytes[i] == b'1' && bytes.get(i + 1) == Some(&b'0') {
                face = b'T';
                i += 1;
            }
            i += 1;
            let copies = self.cards_with_face(s, face);
            if copies.is_empty() && self.suits[s as usize].faces.contains(&face) {
                return notation(format!(
                    "bad hand {}: card {}{} is not in this game's pack",
                    quoted(whole),
                    face as char,
                    code
                ));
            }
            if copies.is_empty() {
                return notation(format!(
                    "bad hand {}: unknown rank {:?} in suit {} (ranks: {})",
                    quoted(whole),
                    face as char,
                    code,
                    self.face_list(s)
                ));
            }
            let free = copies - *hand - used;
            match free.highest() {
                Some(c) => hand.insert(c),
                None if !(copies - *hand).is_empty() => {
                    return notation(format!(
                        "card {}{} appears more than once in the deal (found again in {})",
                        face as char,
                        code,
                        quoted(whole)
                    ))
                }
                None => {
                    return notation(format!(
                        "card {}{} appears more than once in hand {}",
                        face as char,
                        code,
                        quoted(whole)
                    ))
                }
            }
        }
        Ok(())
    }

    /// Reads a deal: hands in compact form, in seat order, separated by whitespace.
    ///
    /// `players` is the number of hands required. Every hand must have the same
    /// number of cards and no card may appear twice; cards missing from the deal
    /// are allowed (endgames). Four hands may start with PBN's first-seat
    /// prefix: `N:`, `E:`, `S:` or `W:` name the seat of the first hand
    /// listed (N, E, S, W are seats 0, 1, 2, 3 in play order).
    ///
    /// ```
    /// use hukm_core::pack::Pack;
    /// let p = Pack::french52();
    /// let d = p.parse_deal("AK.. Q.J.. .A.K.", 3);
    /// assert!(d.is_err()); // unequal hands
    /// let plain = p.parse_deal("A... K... Q... J...", 4).unwrap();
    /// assert_eq!(p.parse_deal("N:A... K... Q... J...", 4).unwrap(), plain);
    /// assert_eq!(p.parse_deal("E:K... Q... J... A...", 4).unwrap(), plain);
    /// ```
    pub fn parse_deal(&self, text: &str, players: usize) -> Result<Vec<CardSet>> {
        check_length(text, MAX_DEAL_TEXT, "the deal")?;
        if players == 0 {
            return notation("bad deal: a game has at least one player");
        }
        // PBN's first-seat prefix (`N:`, `E:`, `S:`, `W:`) for four hands:
        // N, E, S, W are seats 0 to 3 in play order, and the hands follow
        // from the seat named.
        let t = text.trim_start();
        let first = match t.get(..2).map(|x| x.to_ascii_uppercase()) {
            Some(x) if x.len() == 2 && x.ends_with(':') => match "NESW".find(&x[..1]) {
                Some(i) if players == 4 => Some(i),
                Some(_) => {
                    return notation(format!(
                        "bad deal: a first-seat prefix ({}) is for four hands, this game has {}",
                        x, players
                    ))
                }
                None => None,
            },
            _ => None,
        };
        if let Some(i) = first {
            let hands = self.parse_deal(&t[2..], 4)?;
            return Ok((0..4).map(|seat| hands[(seat + 4 - i) % 4]).collect());
        }
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() != players {
            return notation(format!(
                "bad deal: {} hand(s) given, this game needs {} (compact hands separated by spaces, seat 0 first)",
                parts.len(),
                players
            ));
        }
        let mut hands = Vec::with_capacity(players);
        let mut used = CardSet::EMPTY;
        for (seat, p) in parts.iter().enumerate() {
            let h = self
                .parse_hand_avoiding(p, used)
                .map_err(|e| Error::Notation(format!("bad deal, hand of seat {}: {}", seat, e)))?;
            if !self.deck.contains_all(h) {
                return notation(format!(
                    "bad deal, hand of seat {}: {} not in this pack",
                    seat,
                    self.format_cards(h - self.deck)
                ));
            }
            used |= h;
            hands.push(h);
        }
        let n0 = hands[0].len();
        if let Some(bad) = hands.iter().position(|h| h.len() != n0) {
            return notation(format!(
                "bad deal: hands have unequal sizes (seat 0 has {} cards, seat {} has {})",
                n0,
                bad,
                hands[bad].len()
            ));
        }
        Ok(hands)
    }

    /// Writes a deal: compact hands in seat order separated by single spaces.
    pub fn format_deal(&self, hands: &[CardSet]) -> String {
        hands
            .iter()
            .map(|&h| self.format_hand(h))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::{AvatarList, ReversedSet};

    fn all_packs() -> Vec<Pack> {
        vec![
            Pack::french52(),
            Pack::twenty_eight(),
            Pack::ganjifa_french(false, false),
            Pack::ganjifa_french(false, true),
            Pack::moghul(ReversedSet::India),
            Pack::moghul(ReversedSet::Iran),
            Pack::dashavatara(AvatarList::Sawantwadi),
            Pack::dashavatara(AvatarList::BalaramaKrishna),
        ]
    }

    #[test]
    fn every_card_round_trips() {
        for p in all_packs() {
            for c in p.deck.iter() {
                let s = p.format_card(c);
                assert_eq!(p.parse_card(&s).unwrap(), c, "{} in {}", s, p.name);
            }
        }
    }

    #[test]
    fn whole_pack_as_hand_round_trips() {
        for p in all_packs() {
            let s = p.format_hand(p.deck);
            assert_eq!(p.parse_hand(&s).unwrap(), p.deck);
            let l = p.format_hand_labelled(p.deck);
            assert_eq!(p.parse_hand(&l).unwrap(), p.deck);
        }
    }

    #[test]
    fn compact_and_labelled_agree() {
        let p = Pack::french52();
        let a = p.parse_hand("AKQ.T9..5432").unwrap();
        let b = p.parse_hand("S:AKQ H:T9 D:- C:5432").unwrap();
        let c = p.parse_hand("AKQ.T9.-.5432").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(p.format_hand_labelled(a), "S:AKQ H:T9 D:- C:5432");
    }

    #[test]
    fn reversed_suits_write_one_first() {
        let p = Pack::moghul(ReversedSet::India);
        let h = p.parse_hand("GH:KVT6 SR:KV3 CH:149").unwrap();
        assert_eq!(p.format_hand(h), "KVT6....KV3.149..");
    }

    #[test]
    fn errors_name_the_problem() {
        let p = Pack::french52();
        let e = p.parse_card("XS").unwrap_err().to_string();
        assert!(e.contains("unknown rank"), "{}", e);
        let e = p.parse_card("AX").unwrap_err().to_string();
        assert!(e.contains("unknown suit"), "{}", e);
        let e = p.parse_hand("AKA...").unwrap_err().to_string();
        assert!(e.contains("more than once"), "{}", e);
        let e = p.parse_hand("AK..").unwrap_err().to_string();
        assert!(e.contains("suit group"), "{}", e);
        let e = p
            .parse_deal("AK... AK... .. ..", 4)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("seat 1") && e.contains("more than once"),
            "{}",
            e
        );
        let e = p
            .parse_deal("AK... Q... J... T...", 3)
            .unwrap_err()
            .to_string();
        assert!(e.contains("needs 3"), "{}", e);
    }
}

//! Satat's two of hearts (`satat_two_hearts=on`, `docs/rules/hokm.md` §3, §6.2,
//! §7.2), the card passing after a kot (§9.10) and the truthful signals
//! (§13.6).
//!
//! The 2H is the highest trump whatever suit is trumps and belongs to the trump
//! suit for every purpose; it is never a heart unless hearts are trumps.
//!
//! Decisions where the rules file leaves room:
//! * a player of the losing side may give the 2H voluntarily (it is a trump),
//!   and may use it to complete his `k` cards;
//! * a winner who cannot avoid giving away the last card of a plain suit
//!   empties as few plain suits as possible;
//! * signals are judged after the card is played: `last_of_suit` for the
//!   card's effective suit (the 2H is a trump), `holds_master:X` when he still
//!   holds the highest unplayed card of X (the 2H is the master of trumps).

use crate::card::{Card, CardSet, Suit};
use crate::pack::Pack;

/// The two of hearts in the French pack.
pub fn two_hearts(pack: &Pack) -> Card {
    pack.cards_with_face(1, b'2')
        .highest()
        .expect("the pack has the 2H")
}

/// The cards of "effective suit" `s`: the trump suit includes the 2H, and
/// hearts exclude it when hearts are not trumps.
pub fn effective_suit(pack: &Pack, s: Suit, trump: Option<Suit>) -> CardSet {
    let two = two_hearts(pack).set();
    if Some(s) == trump {
        pack.suit_mask(s) | two
    } else {
        pack.suit_mask(s) - two
    }
}

/// The effective suit of a card.
pub fn effective_suit_of(pack: &Pack, c: Card, trump: Option<Suit>) -> Suit {
    if c == two_hearts(pack) {
        trump.unwrap_or(1)
    } else {
        pack.suit_of(c)
    }
}

/// Legal plays under §6.2. `hidden_lead_2h` is the Trup kasiet exception: a
/// trick led with the 2H while the trump is still hidden may be followed by
/// any card.
pub fn legal_plays(
    pack: &Pack,
    hand: CardSet,
    led: Option<Card>,
    trump: Option<Suit>,
    hidden: bool,
) -> CardSet {
    let Some(l) = led else { return hand };
    let two = two_hearts(pack);
    if hidden && l == two {
        return hand;
    }
    let ls = effective_suit_of(pack, l, trump);
    let follow = hand & effective_suit(pack, ls, trump);
    if Some(ls) != trump {
        if follow.is_empty() {
            hand
        } else {
            follow | (hand & two.set())
        }
    } else if (follow - two.set()).is_empty() {
        hand
    } else {
        follow
    }
}

/// Index of the winning card under §7.2: the 2H if played, else §7.1.
pub fn trick_winner(pack: &Pack, cards: &[Card], trump: Option<Suit>) -> usize {
    let two = two_hearts(pack);
    if let Some(i) = cards.iter().position(|&c| c == two) {
        return i;
    }
    super::rules::trick_winner(pack, cards, trump)
}

/// The highest card of effective suit `s` not yet played (`gone`).
pub fn master(pack: &Pack, s: Suit, trump: Option<Suit>, gone: CardSet) -> Option<Card> {
    let left = effective_suit(pack, s, trump) - gone;
    let two = two_hearts(pack);
    if Some(s) == trump && left.contains(two) {
        return Some(two);
    }
    (left - two.set()).highest()
}

/// The `give:` sets a player may choose when passing `k` cards (§9.10).
///
/// A player of the side that lost the kot (`loser`) gives trumps of his
/// choice (the 2H is a trump he may keep or give); with fewer than `k` trumps
/// other than the 2H he gives them all and completes with his highest-ranking
/// remaining cards (the 2H may also complete). A winner gives any `k` cards
/// but not the last card(s) of a plain suit he holds, unless every choice
/// does; then the fewest such suits are emptied.
pub fn legal_gives(pack: &Pack, hand: CardSet, k: u32, trump: Suit, loser: bool) -> Vec<CardSet> {
    let all = super::rules::subsets(hand, k, pack);
    let two = two_hearts(pack).set() & hand;
    let trumps = hand & effective_suit(pack, trump, Some(trump));
    if loser {
        let plain_trumps = trumps - two;
        if plain_trumps.len() >= k {
            return all
                .into_iter()
                .filter(|s| trumps.contains_all(*s))
                .collect();
        }
        let others = hand - trumps;
        let rank = |c: Card| pack.strength(c);
        return all
            .into_iter()
            .filter(|s| {
                if !s.contains_all(plain_trumps) {
                    return false;
                }
                let extra = *s - trumps;
                let lowest_given = extra.iter().map(rank).min();
                let highest_kept = (others - extra).iter().map(rank).max();
                match (lowest_given, highest_kept) {
                    (Some(g), Some(kept)) => g >= kept,
                    _ => true,
                }
            })
            .collect();
    }
    let emptied = |s: &CardSet| {
        (0..4u8)
            .filter(|&x| x != trump)
            .filter(|&x| {
                let held = hand & effective_suit(pack, x, Some(trump));
                !held.is_empty() && s.contains_all(held)
            })
            .count()
    };
    let least = all.iter().map(emptied).min().unwrap_or(0);
    all.into_iter().filter(|s| emptied(s) == least).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_2_satat() {
        // docs/rules/hokm.md §15 Example 2, trump C.
        let p = Pack::french52();
        let c = |s: &str| p.parse_card(s).unwrap();
        let h = |s: &str| p.parse_hand(s).unwrap();
        let clubs = Some(3);
        // (a) AD led.
        let seat3 = h("S:K H:2 D:64 C:-");
        assert_eq!(
            legal_plays(&p, seat3, Some(c("AD")), clubs, false),
            p.parse_cards("6D+4D+2H").unwrap()
        );
        let seat0 = h("S:- H:K D:- C:AJ5");
        assert_eq!(legal_plays(&p, seat0, Some(c("AD")), clubs, false), seat0);
        let seat1 = h("S:98 H:- D:KQ C:-");
        assert_eq!(
            legal_plays(&p, seat1, Some(c("AD")), clubs, false),
            p.parse_cards("KD+QD").unwrap()
        );
        let trick = [c("AD"), c("2H"), c("AC"), c("KD")];
        assert_eq!(trick_winner(&p, &trick, clubs), 1, "2H beats AC");
        // (b) 5C led: the only trump is 2H -> free choice.
        let seat1 = h("S:AK H:2 D:9 C:-");
        assert_eq!(legal_plays(&p, seat1, Some(c("5C")), clubs, false), seat1);
        let seat2 = h("S:3 H:Q D:- C:Q4");
        assert_eq!(
            legal_plays(&p, seat2, Some(c("5C")), clubs, false),
            p.parse_cards("QC+4C").unwrap()
        );
    }

    #[test]
    fn two_hearts_is_not_a_heart_unless_hearts_are_trumps() {
        let p = Pack::french52();
        let c = |s: &str| p.parse_card(s).unwrap();
        let hand = p.parse_hand("S:AK H:2 D:- C:-").unwrap();
        // Hearts led, spades trumps: holding only the 2H in hearts is being void.
        assert_eq!(legal_plays(&p, hand, Some(c("9H")), Some(0), false), hand);
        // Hearts trumps: the 2H is the top heart and must follow.
        let hand = p.parse_hand("S:AK H:2 D:- C:-").unwrap();
        assert_eq!(
            legal_plays(&p, hand, Some(c("9H")), Some(1), false),
            hand,
            "only trump is 2H: free"
        );
        let hand = p.parse_hand("S:AK H:32 D:- C:-").unwrap();
        assert_eq!(
            legal_plays(&p, hand, Some(c("9H")), Some(1), false),
            p.parse_cards("3H+2H").unwrap()
        );
        // Hidden trump: a 2H lead may be followed by anything.
        let hand = p.parse_hand("S:A H:- D:- C:KQ").unwrap();
        assert_eq!(legal_plays(&p, hand, Some(c("2H")), Some(3), true), hand);
        assert_eq!(
            legal_plays(&p, hand, Some(c("2H")), Some(3), false),
            p.parse_cards("KC+QC").unwrap()
        );
        assert_eq!(master(&p, 3, Some(3), CardSet::EMPTY), Some(c("2H")));
        assert_eq!(master(&p, 1, Some(3), CardSet::EMPTY), Some(c("AH")));
    }

    #[test]
    fn passing_rules() {
        let p = Pack::french52();
        let h = |s: &str| p.parse_hand(s).unwrap();
        let set = |s: &str| p.parse_cards(s).unwrap();
        // A loser with two plain trumps (spades) gives trumps; the 2H is optional.
        let hand = h("S:K9 H:A2 D:Q C:J");
        let g = legal_gives(&p, hand, 2, 0, true);
        assert!(g.contains(&set("KS+9S")) && g.contains(&set("KS+2H")));
        assert!(!g.contains(&set("KS+AH")));
        // One plain trump: give it and complete with his highest card (an ace).
        let hand = h("S:9 H:AK D:A C:2");
        let g = legal_gives(&p, hand, 2, 0, true);
        assert_eq!(g.len(), 2, "{:?}", g);
        assert!(g.contains(&set("9S+AH")) && g.contains(&set("9S+AD")));
        // A winner may not give the last card of a plain suit.
        let hand = h("S:AK H:Q D:J C:-");
        let g = legal_gives(&p, hand, 1, 0, false);
        assert_eq!(g, vec![set("AS"), set("KS")]);
    }
}

//! Legal plays and the trick winner of Twenty-eight (`docs/rules/twenty_eight.md`
//! §6.5 and §7): a trump concealed until someone calls for it, the bidder's
//! lead restriction, must-trump for the caller, no undertrumping.
//!
//! Cards use [`Pack::twenty_eight`], whose bit order is the trick order
//! `J 9 A T K Q 8 7` in every suit.

use crate::card::{Card, CardSet, Suit};
use crate::pack::Pack;

/// What the legal-move algorithm needs to know about the hand in play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayView {
    /// The trump suit (known to the engine even while concealed); `None` for
    /// no trumps (single hand, `nt_reverse`).
    pub trump: Option<Suit>,
    /// True once the trump is revealed (phase 2).
    pub revealed: bool,
    /// The bidder's seat.
    pub bidder: usize,
    /// A player other than the bidder has led a card of the trump suit.
    pub led_trump_by_other: bool,
    /// Seventh-card mode: no lead restriction for the bidder.
    pub seventh_card: bool,
    /// The seat that called for the trump in the current trick, if any.
    pub caller: Option<usize>,
}

/// Rank classes equal to the bit strength (packs without equal cards).
pub fn strength_ranks(pack: &Pack) -> [u8; 128] {
    let mut r = [0u8; 128];
    for c in pack.deck.iter() {
        r[c.0 as usize] = pack.strength(c);
    }
    r
}

/// The legal cards of `player` holding `hand` (without the concealed
/// indicator) when `trick` has been played so far, and whether he may call
/// for the trump instead (§6.5). `rank` gives each card's rank class.
pub fn legal(
    pack: &Pack,
    rank: &[u8; 128],
    v: &PlayView,
    player: usize,
    hand: CardSet,
    trick: &[Card],
) -> (CardSet, bool) {
    let trumps = v.trump.map_or(CardSet::EMPTY, |t| pack.suit_mask(t));
    let Some(&first) = trick.first() else {
        // Leading: the bidder may not lead a trump while it is concealed,
        // unless he holds nothing else or another player led one (§6.3).
        if !v.revealed && player == v.bidder && !v.led_trump_by_other && !v.seventh_card {
            let plain = hand - trumps;
            return (if plain.is_empty() { hand } else { plain }, false);
        }
        return (hand, false);
    };
    let follow = hand & pack.suit_mask(pack.suit_of(first));
    if !follow.is_empty() {
        return (follow, false);
    }
    if !v.revealed {
        // Void in phase 1: discard anything, or call.
        return (hand, true);
    }
    if v.caller == Some(player) {
        let t = hand & trumps;
        return (if t.is_empty() { hand } else { t }, false);
    }
    let Some(best) = trick
        .iter()
        .filter(|&&c| trumps.contains(c))
        .map(|&c| rank[c.0 as usize])
        .max()
    else {
        return (hand, false);
    };
    // No undertrumping: a higher trump or a plain card; only lower trumps -> one of them.
    let higher: CardSet = (hand & trumps)
        .iter()
        .filter(|c| rank[c.0 as usize] > best)
        .collect();
    let allowed = (hand - trumps) | higher;
    (if allowed.is_empty() { hand } else { allowed }, false)
}

/// Index of the card that wins a trick (§7). `under_trumps` is true for the
/// trick in which the trump was called and every later one: then the highest
/// card of the trump suit wins, a trump discarded before the call included;
/// otherwise (phase 1, single hand) the highest card of the suit led. Among
/// equal cards (40, 56) the one played first wins; `reversed` turns the order
/// upside down (`nt_reverse`).
pub fn trick_winner(
    pack: &Pack,
    rank: &[u8; 128],
    cards: &[Card],
    trump: Option<Suit>,
    under_trumps: bool,
    reversed: bool,
) -> usize {
    let suit = match trump {
        Some(t) if under_trumps && cards.iter().any(|&c| pack.suit_of(c) == t) => t,
        _ => pack.suit_of(cards[0]),
    };
    let key = |c: Card| {
        let r = rank[c.0 as usize] as i32;
        if reversed {
            -r
        } else {
            r
        }
    };
    let mut best: Option<usize> = None;
    for (i, &c) in cards.iter().enumerate() {
        if pack.suit_of(c) == suit && best.map_or(true, |b| key(c) > key(cards[b])) {
            best = Some(i);
        }
    }
    best.expect("the suit chosen is in the trick")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (Pack, PlayView) {
        let p = Pack::twenty_eight();
        let v = PlayView {
            trump: Some(1),
            revealed: false,
            bidder: 2,
            led_trump_by_other: false,
            seventh_card: false,
            caller: None,
        };
        (p, v)
    }

    #[test]
    fn example_1_bidders_lead_in_phase_1() {
        let (p, mut v) = setup();
        let hand = p.parse_hand("S:J9 H:A7 D:- C:K").unwrap();
        assert_eq!(
            legal(&p, &strength_ranks(&p), &v, 2, hand, &[]).0,
            p.parse_cards("JS+9S+KC").unwrap()
        );
        v.led_trump_by_other = true;
        assert_eq!(legal(&p, &strength_ranks(&p), &v, 2, hand, &[]).0, hand);
        v.led_trump_by_other = false;
        let hearts = p.parse_hand("H:A7").unwrap();
        assert_eq!(legal(&p, &strength_ranks(&p), &v, 2, hearts, &[]).0, hearts);
    }

    #[test]
    fn example_2_a_concealed_trump_has_no_power() {
        let (p, _) = setup();
        let c = |s: &str| p.parse_card(s).unwrap();
        let trick = [c("KS"), c("7H"), c("8S"), c("AS")];
        assert_eq!(
            trick_winner(&p, &strength_ranks(&p), &trick, Some(1), false, false),
            3,
            "AS beats KS; 7H is no trump yet"
        );
        assert_eq!(p.points(trick.iter().copied().collect()), 1);
    }

    #[test]
    fn example_3_call_must_trump_no_undertrump() {
        let (p, mut v) = setup();
        let c = |s: &str| p.parse_card(s).unwrap();
        let seat0 = p.parse_hand("S:TQ7 H:- D:- C:J87").unwrap();
        let (l, call) = legal(&p, &strength_ranks(&p), &v, 0, seat0, &[c("9D")]);
        assert_eq!((l, call), (seat0, true));
        v.revealed = true;
        v.caller = Some(0);
        assert_eq!(
            legal(&p, &strength_ranks(&p), &v, 0, seat0, &[c("9D")]).0,
            seat0,
            "no heart: any card"
        );
        let seat1 = p.parse_hand("S:AK H:TQ D:- C:9Q").unwrap();
        assert_eq!(
            legal(&p, &strength_ranks(&p), &v, 1, seat1, &[c("9D"), c("7S")]).0,
            seat1
        );
        let seat2 = p.parse_hand("S:J9 H:A87 D:- C:K").unwrap();
        let trick = [c("9D"), c("7S"), c("TH")];
        assert_eq!(
            legal(&p, &strength_ranks(&p), &v, 2, seat2, &trick).0,
            p.parse_cards("JS+9S+KC+AH").unwrap()
        );
        let full = [c("9D"), c("7S"), c("TH"), c("AH")];
        assert_eq!(
            trick_winner(&p, &strength_ranks(&p), &full, Some(1), true, false),
            3
        );
        assert_eq!(p.points(full.iter().copied().collect()), 4);
    }

    #[test]
    fn example_4_a_discard_before_the_call_becomes_a_trump() {
        let (p, mut v) = setup();
        let c = |s: &str| p.parse_card(s).unwrap();
        v.revealed = true;
        v.caller = Some(3);
        let seat3 = p.parse_hand("S:J H:97 D:A C:-").unwrap();
        assert_eq!(
            legal(&p, &strength_ranks(&p), &v, 3, seat3, &[c("JC"), c("QH")]).0,
            p.parse_cards("9H+7H").unwrap()
        );
        let trick = [c("JC"), c("QH"), c("7H"), c("8C")];
        assert_eq!(
            trick_winner(&p, &strength_ranks(&p), &trick, Some(1), true, false),
            1,
            "QH wins for seat 2"
        );
        let trick = [c("JC"), c("QH"), c("9H"), c("8C")];
        assert_eq!(
            trick_winner(&p, &strength_ranks(&p), &trick, Some(1), true, false),
            2
        );
    }

    #[test]
    fn example_5_trumps_led_by_an_opponent() {
        let (p, mut v) = setup();
        let c = |s: &str| p.parse_card(s).unwrap();
        let seat2 = p.parse_hand("S:J9 H:- D:A C:K").unwrap();
        let (l, call) = legal(&p, &strength_ranks(&p), &v, 2, seat2, &[c("JH")]);
        assert_eq!(
            (l, call),
            (seat2, true),
            "void in hearts: anything, or call"
        );
        // After the call the indicator 8H joins his hand: his only heart.
        v.revealed = true;
        v.caller = Some(2);
        let with_indicator = seat2 | c("8H").set();
        assert_eq!(
            legal(&p, &strength_ranks(&p), &v, 2, with_indicator, &[c("JH")]).0,
            c("8H").set()
        );
    }

    #[test]
    fn equal_cards_first_played_wins_and_reversed_order() {
        let p = Pack::forty();
        let r = crate::games::twenty_eight::config::TwentyEightConfig::new("40", &[])
            .unwrap()
            .rank;
        let c = |s: &str| p.parse_card(s).unwrap();
        let trick = [c("3S"), c("JS"), c("9S")];
        assert_eq!(trick_winner(&p, &r, &trick, None, false, false), 0);
        let trick = [c("JS"), c("3S"), c("9S")];
        assert_eq!(trick_winner(&p, &r, &trick, None, false, false), 0);
        assert_eq!(trick_winner(&p, &r, &trick, None, false, true), 2);
        // An equal trump does not beat the first one: no undertrumping forbids it.
        let v = PlayView {
            trump: Some(0),
            revealed: true,
            bidder: 0,
            led_trump_by_other: false,
            seventh_card: false,
            caller: None,
        };
        let hand = c("3S").set() | c("KH").set();
        let t = [c("AD"), c("JS")];
        assert_eq!(legal(&p, &r, &v, 2, hand, &t).0, c("KH").set());
    }

    #[test]
    fn only_lower_trumps_left_means_playing_one() {
        let (p, mut v) = setup();
        let c = |s: &str| p.parse_card(s).unwrap();
        v.revealed = true;
        let hand = p.parse_hand("H:87").unwrap();
        assert_eq!(
            legal(&p, &strength_ranks(&p), &v, 0, hand, &[c("JS"), c("JH")]).0,
            hand
        );
    }
}

//! What a player can tell about the trick in progress (the bots' view of
//! the rules): the card winning so far and, for each card of his hand, its
//! suit as played, strength, points, whether it is a trump he knows of,
//! whether it would win now and whether it is the master of its suit.
//!
//! A player counts trumps only when he knows them: in Trup kasiet only the
//! Hakem does until the reveal (the others reckon without trumps, the 2H
//! still winning every trick, §7.2); in Dab Rang trumps have no power for
//! anyone before the cut (§7.3).

use super::state::{HokmState, Phase};
use crate::card::{Card, CardSet, Suit};
use crate::error::{check_seat, Result};
use crate::game::{CardFacts, TrickFacts};

impl HokmState {
    /// The trump suit `seat` knows of, if any.
    fn known_trump(&self, seat: usize) -> Option<Suit> {
        let public =
            self.phase != Phase::TrumpCall && (!self.hidden.trump_hidden || seat == self.hakem);
        self.trump.filter(|_| public)
    }

    /// The trick in progress as `seat` can tell it (see the module notes).
    pub fn facts(&self, seat: usize) -> Result<TrickFacts> {
        let cfg = self.config();
        let n = cfg.players;
        check_seat("seat", seat, n)?;
        let p = &cfg.pack;
        let known = self.known_trump(seat);
        // Trumps with power in the trick, as far as `seat` knows.
        let power = if cfg.hidden_call && self.hidden.trump_hidden {
            None
        } else {
            known
        };
        let two = cfg.satat.then(|| super::satat::two_hearts(p));
        let winner_of = |cards: &[Card]| {
            if cfg.satat {
                super::satat::trick_winner(p, cards, power)
            } else {
                super::rules::trick_winner(p, cards, power)
            }
        };
        let suit_of = |c: Card| {
            if cfg.satat {
                super::satat::effective_suit_of(p, c, known)
            } else {
                p.suit_of(c)
            }
        };
        let members = |s: Suit| {
            if cfg.satat {
                super::satat::effective_suit(p, s, known)
            } else {
                p.suit_mask(s)
            }
        };
        // Order within a suit: the bit order, the 2H above every trump.
        let strength = |c: Card| -> u32 {
            if Some(c) == two && known.is_some() {
                return 13;
            }
            (p.suit_mask(p.suit_of(c)) & CardSet((1u128 << c.0) - 1)).len()
        };
        let trick = self.trick();
        let winner = (!trick.is_empty()).then(|| {
            let i = winner_of(trick);
            ((self.leader + i) % n, p.format_card(trick[i]))
        });
        let hand = self.visible_hand(seat);
        let mut seen = self.played | hand;
        for &c in trick {
            seen.insert(c);
        }
        let sure = |c: Card| {
            let s = suit_of(c);
            known == Some(s)
                || members(s)
                    .iter()
                    .filter(|&x| strength(x) > strength(c))
                    .all(|x| seen.contains(x))
        };
        let winner_sure = winner.is_some() && {
            let i = winner_of(trick);
            sure(trick[i])
        };
        let led = trick
            .first()
            .map(|&c| p.suits[suit_of(c) as usize].code.clone());
        let dehla = cfg.scoring == super::config::Scoring::Dehla;
        let mut cards = Vec::new();
        for c in p.in_hand_order(hand) {
            let s = suit_of(c);
            let mut t = trick.to_vec();
            t.push(c);
            cards.push(CardFacts {
                card: p.format_card(c),
                suit: p.suits[s as usize].code.clone(),
                strength: strength(c),
                points: i32::from(dehla && p.face(c) == b'T'),
                trump: known == Some(s),
                wins: winner_of(&t) == t.len() - 1,
                master: members(s)
                    .iter()
                    .filter(|&x| strength(x) > strength(c))
                    .all(|x| seen.contains(x)),
            });
        }
        let points = trick
            .iter()
            .filter(|&&c| dehla && p.face(c) == b'T')
            .count() as i32;
        Ok(TrickFacts {
            winner,
            winner_sure,
            led,
            points,
            unseen: crate::facts::unseen(p, seen),
            cards,
        })
    }
}

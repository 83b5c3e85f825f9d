//! What a player can tell about the trick in progress (the bots' view of
//! the rules): the card winning so far and, for each card of his hand, its
//! strength (in the Royals order in a Royals hand), card points, whether it
//! is of the trump suit as he knows it, whether it would win now and
//! whether it is the master of its suit.

use super::rules;
use super::state::ThuneeState;
use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
use crate::game::{CardFacts, TrickFacts};

impl ThuneeState {
    /// The trick in progress as `seat` can tell it.
    pub fn facts(&self, seat: usize) -> Result<TrickFacts> {
        let n = self.cfg.players;
        if seat >= n {
            return Err(Error::State(format!(
                "seat {} out of range 0..{}",
                seat,
                n - 1
            )));
        }
        let p = &self.cfg.pack;
        let royals = self.royals();
        let known = self.trump.filter(|_| self.knows_trump(seat));
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        let winner_of = |cards: &[Card]| rules::trick_winner(p, cards, known, royals);
        let winner = (!cards.is_empty()).then(|| {
            let i = winner_of(&cards);
            (self.trick[i].0, p.format_card(cards[i]))
        });
        let hand = self.hands[seat];
        let mut seen = self.played | hand;
        for &c in &cards {
            seen.insert(c);
        }
        if let Some(i) = self
            .indicator
            .filter(|_| seat == self.trumper && !self.last_card)
        {
            seen.insert(i);
        }
        for j in &self.jodhis {
            // A declared Jodhi's cards were shown.
            for f in [b'K', b'Q'] {
                seen |= p.cards_with_face(j.suit, f);
            }
        }
        let stronger = |c: Card| -> CardSet {
            p.suit_mask(p.suit_of(c))
                .iter()
                .filter(|&x| rules::higher(x, c, royals))
                .collect()
        };
        let winner_sure = !cards.is_empty() && {
            let w = cards[winner_of(&cards)];
            let trump_out =
                known.is_some_and(|t| p.suit_of(w) != t && !(p.suit_mask(t) - seen).is_empty());
            (stronger(w) - seen).is_empty() && !trump_out
        };
        let led = cards
            .first()
            .map(|&c| p.suits[p.suit_of(c) as usize].code.clone());
        let mut out = Vec::new();
        for c in p.in_hand_order(hand) {
            let s = p.suit_of(c);
            let mut t = cards.clone();
            t.push(c);
            let strength = p.strength(c) as u32;
            out.push(CardFacts {
                card: p.format_card(c),
                suit: p.suits[s as usize].code.clone(),
                strength: if royals { 5 - strength } else { strength },
                points: i32::from(p.points_of(c)),
                trump: known == Some(s),
                wins: winner_of(&t) == t.len() - 1,
                master: (stronger(c) - seen).is_empty(),
            });
        }
        Ok(TrickFacts {
            winner,
            winner_sure,
            led,
            points: cards.iter().map(|&c| i32::from(p.points_of(c))).sum(),
            unseen: crate::facts::unseen(p, seen),
            cards: out,
        })
    }
}

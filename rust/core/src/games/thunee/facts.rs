//! What a player can tell about the trick in progress (the bots' view of
//! the rules): the card winning so far and, for each card of his hand, its
//! strength (in the Royals order in a Royals hand), card points, whether it
//! is of the trump suit as he knows it, whether it would win now and
//! whether it is the master of its suit.

use super::rules;
use super::state::ThuneeState;
use crate::card::{Card, CardSet, Suit};
use crate::error::{check_seat, Result};
use crate::facts::{ranked, TrickRules};
use crate::game::TrickFacts;
use crate::pack::Pack;

/// Thunee's order of the cards as a player knows the trump.
struct Rules<'a> {
    pack: &'a Pack,
    known: Option<Suit>,
    royals: bool,
}

impl TrickRules for Rules<'_> {
    fn winner(&self, cards: &[Card]) -> usize {
        rules::trick_winner(self.pack, cards, self.known, self.royals)
    }

    fn stronger(&self, c: Card) -> CardSet {
        let p = self.pack;
        p.suit_mask(p.suit_of(c))
            .iter()
            .filter(|&x| rules::higher(x, c, self.royals))
            .collect()
    }

    /// In the Royals order in a Royals hand.
    fn strength(&self, c: Card) -> u32 {
        let strength = self.pack.strength(c) as u32;
        if self.royals {
            5 - strength
        } else {
            strength
        }
    }

    fn points(&self, c: Card) -> i32 {
        i32::from(self.pack.points_of(c))
    }

    /// A card no unseen card of its suit beats, unless it is no trump and
    /// trumps are still out.
    fn sure(&self, w: Card, seen: CardSet) -> bool {
        let p = self.pack;
        let trump_out = self
            .known
            .is_some_and(|t| p.suit_of(w) != t && !(p.suit_mask(t) - seen).is_empty());
        (self.stronger(w) - seen).is_empty() && !trump_out
    }
}

impl ThuneeState {
    /// The trick in progress as `seat` can tell it.
    pub fn facts(&self, seat: usize) -> Result<TrickFacts> {
        check_seat("seat", seat, self.cfg.players)?;
        let p = &self.cfg.pack;
        let known = self.trump.filter(|_| self.knows_trump(seat));
        let hand = self.hands[seat];
        let mut seen = self.played | hand;
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
        let rules = Rules {
            pack: p,
            known,
            royals: self.royals(),
        };
        Ok(ranked(p, hand, seen, &self.trick, known, &rules))
    }
}

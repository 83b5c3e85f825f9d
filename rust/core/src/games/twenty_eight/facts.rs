//! What a player can tell about the trick in progress (the bots' view of
//! the rules): the card winning so far and, for each card of his hand, its
//! strength, card points, whether it is of the trump suit he knows, whether
//! it would win now and whether it is the master of its suit.
//!
//! Trumps have power only from the trick of the call on (§7): before that
//! the highest card of the suit led wins, for everyone, the bidder included.

use super::rules;
use super::state::TwentyEightState;
use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
use crate::game::{CardFacts, TrickFacts};

impl TwentyEightState {
    /// The trick in progress as `seat` can tell it (see the module notes).
    pub fn facts(&self, seat: usize) -> Result<TrickFacts> {
        let cfg = self.config();
        let n = cfg.players;
        if seat >= n {
            return Err(Error::State(format!(
                "seat {} out of range 0..{}",
                seat,
                n - 1
            )));
        }
        let p = &cfg.pack;
        let under = self.revealed && self.soloist.is_none();
        let trump = if self.soloist.is_some() {
            None
        } else {
            self.trump
        };
        let reversed = under && self.no_trump;
        let knows =
            self.revealed || (seat == self.bidder && !self.seventh && self.soloist.is_none());
        let known = trump.filter(|_| knows);
        let winner_of =
            |cards: &[Card]| rules::trick_winner(p, &cfg.rank, cards, trump, under, reversed);
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        let winner = (!cards.is_empty()).then(|| {
            let i = winner_of(&cards);
            (self.trick[i].0, p.format_card(cards[i]))
        });
        let hand = self.hands[seat];
        let mut seen = self.played | hand;
        for &c in &cards {
            seen.insert(c);
        }
        if let Some(i) = self.indicator.filter(|_| knows) {
            seen.insert(i);
        }
        let stronger = |c: Card| -> CardSet {
            p.suit_mask(p.suit_of(c))
                .iter()
                .filter(|x| cfg.rank[x.0 as usize] > cfg.rank[c.0 as usize])
                .collect()
        };
        let winner_sure = !cards.is_empty() && {
            let w = cards[winner_of(&cards)];
            (under && Some(p.suit_of(w)) == trump) || (stronger(w) - seen).is_empty()
        };
        let led = cards
            .first()
            .map(|&c| p.suits[p.suit_of(c) as usize].code.clone());
        let mut out = Vec::new();
        for c in p.in_hand_order(hand) {
            let s = p.suit_of(c);
            let mut t = cards.clone();
            t.push(c);
            out.push(CardFacts {
                card: p.format_card(c),
                suit: p.suits[s as usize].code.clone(),
                strength: u32::from(cfg.rank[c.0 as usize]),
                points: i32::from(cfg.points[c.0 as usize]),
                trump: known == Some(s),
                wins: winner_of(&t) == t.len() - 1,
                master: (stronger(c) - seen).is_empty(),
            });
        }
        Ok(TrickFacts {
            winner,
            winner_sure,
            led,
            points: cards
                .iter()
                .map(|c| i32::from(cfg.points[c.0 as usize]))
                .sum(),
            unseen: crate::facts::unseen(p, seen),
            cards: out,
        })
    }
}

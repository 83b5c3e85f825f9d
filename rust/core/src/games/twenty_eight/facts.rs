//! What a player can tell about the trick in progress (the bots' view of
//! the rules): the card winning so far and, for each card of his hand, its
//! strength, card points, whether it is of the trump suit he knows, whether
//! it would win now and whether it is the master of its suit.
//!
//! Trumps have power only from the trick of the call on (§7): before that
//! the highest card of the suit led wins, for everyone, the bidder included.

use super::config::TwentyEightConfig;
use super::rules;
use super::state::TwentyEightState;
use crate::card::{Card, CardSet, Suit};
use crate::error::{check_seat, Result};
use crate::facts::{ranked, TrickRules};
use crate::game::TrickFacts;

/// The family's order of the cards in the trick in progress.
struct Rules<'a> {
    cfg: &'a TwentyEightConfig,
    trump: Option<Suit>,
    /// Trumps have power (the trick of the call on).
    under: bool,
    reversed: bool,
}

impl TrickRules for Rules<'_> {
    fn winner(&self, cards: &[Card]) -> usize {
        let c = self.cfg;
        rules::trick_winner(
            &c.pack,
            &c.rank,
            cards,
            self.trump,
            self.under,
            self.reversed,
        )
    }

    fn stronger(&self, c: Card) -> CardSet {
        let cfg = self.cfg;
        cfg.pack
            .suit_mask(cfg.pack.suit_of(c))
            .iter()
            .filter(|x| cfg.rank[x.0 as usize] > cfg.rank[c.0 as usize])
            .collect()
    }

    fn strength(&self, c: Card) -> u32 {
        u32::from(self.cfg.rank[c.0 as usize])
    }

    fn points(&self, c: Card) -> i32 {
        i32::from(self.cfg.points[c.0 as usize])
    }

    /// A trump with power, or a card no unseen card of its suit beats.
    fn sure(&self, w: Card, seen: CardSet) -> bool {
        (self.under && Some(self.cfg.pack.suit_of(w)) == self.trump)
            || (self.stronger(w) - seen).is_empty()
    }
}

impl TwentyEightState {
    /// The trick in progress as `seat` can tell it (see the module notes).
    pub fn facts(&self, seat: usize) -> Result<TrickFacts> {
        let cfg = self.config();
        check_seat("seat", seat, cfg.players)?;
        let under = self.revealed && self.soloist.is_none();
        let trump = if self.soloist.is_some() {
            None
        } else {
            self.trump
        };
        let knows =
            self.revealed || (seat == self.bidder && !self.seventh && self.soloist.is_none());
        let hand = self.hands[seat];
        let mut seen = self.played | hand;
        if let Some(i) = self.indicator.filter(|_| knows) {
            seen.insert(i);
        }
        let rules = Rules {
            cfg,
            trump,
            under,
            reversed: under && self.no_trump,
        };
        let known = trump.filter(|_| knows);
        Ok(ranked(&cfg.pack, hand, seen, &self.trick, known, &rules))
    }
}

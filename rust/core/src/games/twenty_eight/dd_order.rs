//! Move ordering for the Twenty-eight double-dummy search: win cheaply or
//! surely, smear points on a trick the partner surely wins, throw cards
//! without points to the opponents' tricks.

use super::PointsGame;
use crate::card::{Card, CardSet, Suit};

impl PointsGame {
    /// Can an opponent of the mover still to play to this trick beat `c`
    /// (following suit when able)?
    fn opponents_can_beat(&self, c: Card, led: Suit) -> bool {
        let core = &self.core;
        let me = self.side[core.to_move as usize];
        let later = self.n - core.tlen as usize - 1;
        self.can_beat(c, led, me, core.to_move as usize + 1, later)
    }

    /// Can an opponent of the mover, void in `c`'s suit, trump a lead of `c`?
    fn opponents_can_ruff(&self, c: Card) -> bool {
        let Some(t) = self.trump.filter(|_| self.core.revealed) else {
            return false;
        };
        let pack = &self.cfg.pack;
        let suit = pack.suit_of(c);
        if suit == t {
            return false;
        }
        let (sm, tm) = (pack.suit_mask(suit), pack.suit_mask(t));
        let me = self.side[self.core.to_move as usize];
        (0..self.n).any(|s| {
            let h = self.core.hands[s];
            self.side[s] != me && (h & sm).is_empty() && !(h & tm).is_empty()
        })
    }

    /// Does the mover's partner (another seat of its side) hold `c`?
    fn mate_holds(&self, c: Card) -> bool {
        let me = self.core.to_move as usize;
        (0..self.n)
            .any(|s| s != me && self.side[s] == self.side[me] && self.core.hands[s].contains(c))
    }

    /// Ordering weight of a card for the mover (higher is tried first).
    pub(super) fn weight(&self, card: Card, best: Option<(Card, u8, Suit)>, live: CardSet) -> i16 {
        let rank = self.cfg.rank[card.0 as usize] as i16;
        let pts = self.cfg.pts(card) as i16;
        let me = self.side[self.core.to_move as usize];
        match best {
            None => {
                // Leading: top cards of a suit first, then low cards without points.
                let suit = self.cfg.pack.suit_mask(self.cfg.pack.suit_of(card));
                let above = CardSet((live & suit).0 & !((card.set().0 << 1) - 1));
                if above.is_empty() && !self.opponents_can_ruff(card) {
                    40 + pts * 2 + rank
                } else if above.is_empty() {
                    15 - pts * 4 + rank
                } else if above.highest().is_some_and(|top| self.mate_holds(top)) {
                    // Towards the partner's top card.
                    30 - pts * 4 - rank
                } else {
                    10 - pts * 4 - rank
                }
            }
            Some((b, seat, led)) => {
                let last = self.core.tlen as usize + 1 == self.n;
                let mate_wins = self.side[seat as usize] == me;
                if self.beats(card, b, led) {
                    if mate_wins && !last {
                        5 + pts * 3 - rank
                    } else if last || !self.opponents_can_beat(card, led) {
                        80 + pts * 4 - rank
                    } else {
                        60 - pts * 3 - rank
                    }
                } else if mate_wins {
                    if last || !self.opponents_can_beat(b, led) {
                        50 + pts * 5 - rank
                    } else {
                        30 - pts * 5 - rank
                    }
                } else {
                    20 - pts * 5 - rank
                }
            }
        }
    }
}

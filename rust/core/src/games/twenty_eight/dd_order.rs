//! Move ordering for the Twenty-eight double-dummy search: win cheaply or
//! surely, smear points on a trick the partner surely wins, throw cards
//! without points to the opponents' tricks.

use super::masks::low;
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
        let suit = Self::suit_of(c);
        if suit == t {
            return false;
        }
        let (sm, tm) = (self.masks.suit[suit as usize & 3], self.masks.suit[t as usize & 3]);
        let me = self.side[self.core.to_move as usize];
        (0..self.n).any(|s| {
            let h = low(self.core.hands[s]);
            self.side[s] != me && h & sm == 0 && h & tm != 0
        })
    }

    /// Does the mover's partner (another seat of its side) hold `c`?
    fn mate_holds(&self, c: Card) -> bool {
        let me = self.core.to_move as usize;
        let bit = 1u64 << (c.0 & 63);
        (0..self.n).any(|s| s != me && self.side[s] == self.side[me] && low(self.core.hands[s]) & bit != 0)
    }

    /// Ordering weight of a card for the mover (higher is tried first);
    /// `partner_first` (`Switches::partner_leads`): a lead towards
    /// partner's top card of the suit ranks with the leader's own top
    /// cards of unruffable suits (48 less its points and rank, against 40
    /// plus theirs) instead of below them.
    pub(super) fn weight(
        &self,
        card: Card,
        best: Option<(Card, u8, Suit)>,
        live: CardSet,
        partner_first: bool,
    ) -> i16 {
        let rank = self.cfg.rank[card.0 as usize] as i16;
        let pts = self.cfg.pts(card) as i16;
        let me = self.side[self.core.to_move as usize];
        match best {
            None => {
                // Leading: top cards of a suit first, then low cards without points.
                let suit = self.masks.suit[Self::suit_of(card) as usize & 3];
                let above = low(live) & suit & !(2u64 << (card.0 & 63)).wrapping_sub(1);
                if above == 0 && !self.opponents_can_ruff(card) {
                    40 + pts * 2 + rank
                } else if above == 0 {
                    15 - pts * 4 + rank
                } else if self.mate_holds(Card(63 - above.leading_zeros() as u8)) {
                    // Towards the partner's top card (above the
                    // leader's own top cards of a low rank: 40 + rank).
                    (if partner_first { 48 } else { 30 }) - pts * 4 - rank
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

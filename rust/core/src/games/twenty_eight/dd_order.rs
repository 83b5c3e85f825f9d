//! Move ordering for the Twenty-eight double-dummy search: win cheaply or
//! surely, smear points on a trick the partner surely wins, throw cards
//! without points to the opponents' tricks.

use super::masks::low;
use super::PointsGame;
use crate::card::{Card, CardSet, Suit};

/// The ordering switches of [`PointsGame::weight`] (four hands only).
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct LeadOrder {
    /// `Switches::partner_leads`.
    pub partner_first: bool,
    /// `Switches::ruff_leads`.
    pub ruff_first: bool,
    /// `Switches::overtakes`.
    pub overtake_first: bool,
    /// `Switches::second_smears`.
    pub smear_second: bool,
}

impl PointsGame {
    /// Second in a trick of four hands: can partner, playing last, surely
    /// take it from `b` (a card of partner's beats `b` and the third hand
    /// cannot beat it)?
    fn mate_takes(&self, b: Card, led: Suit) -> bool {
        let c = &self.core;
        if self.n != 4 || c.tlen != 1 {
            return false;
        }
        let me = c.to_move as usize;
        let h = low(c.hands[(me + 2) % 4]);
        let lm = self.masks.suit[led as usize & 3];
        let cand = if h & lm != 0 { h & lm } else { h };
        let mut win = cand & self.beaters(b, led);
        while win != 0 {
            let w = Card(win.trailing_zeros() as u8);
            if !self.can_beat(w, led, self.side[me], (me + 1) % 4, 1) {
                return true;
            }
            win &= win - 1;
        }
        false
    }

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

    /// With four hands, is a lead of `c` a ruff for the leader's partner:
    /// a plain suit partner is void in while holding a trump, each
    /// opponent following it or holding no trump (so none can ruff over)?
    fn mate_ruffs(&self, c: Card) -> bool {
        let Some(t) = self.trump.filter(|_| self.core.revealed && self.n == 4) else {
            return false;
        };
        let suit = Self::suit_of(c);
        if suit == t {
            return false;
        }
        let (sm, tm) = (self.masks.suit[suit as usize & 3], self.masks.suit[t as usize & 3]);
        let me = self.core.to_move as usize;
        let hand = |k: usize| low(self.core.hands[(me + k) % 4]);
        let mate = hand(2);
        mate & sm == 0
            && mate & tm != 0
            && [hand(1), hand(3)].iter().all(|&o| o & sm != 0 || o & tm == 0)
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
    /// plus theirs) instead of below them; `ruff_first`
    /// (`Switches::ruff_leads`): so does a lead to partner's ruff (50 less
    /// its points and rank, against 10); `overtake_first`
    /// (`Switches::overtakes`): a card over partner's winning card that no
    /// opponent to come can beat, when one could beat partner's, comes
    /// first (80 plus its points, against 5); `smear_second`
    /// (`Switches::second_smears`): second to a trick partner surely takes
    /// last, the cards that would not keep it are tried by their points,
    /// most first (40 plus five times the points, against 20 or 60 less
    /// them).
    pub(super) fn weight(
        &self,
        card: Card,
        best: Option<(Card, u8, Suit)>,
        live: CardSet,
        order: LeadOrder,
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
                    (if order.partner_first { 48 } else { 30 }) - pts * 4 - rank
                } else if order.ruff_first && self.mate_ruffs(card) {
                    50 - pts * 4 - rank
                } else {
                    10 - pts * 4 - rank
                }
            }
            Some((b, seat, led)) => {
                let last = self.core.tlen as usize + 1 == self.n;
                let mate_wins = self.side[seat as usize] == me;
                if self.beats(card, b, led) {
                    if mate_wins && !last {
                        if order.overtake_first
                            && self.opponents_can_beat(b, led)
                            && !self.opponents_can_beat(card, led)
                        {
                            80 + pts * 4 - rank
                        } else {
                            5 + pts * 3 - rank
                        }
                    } else if last || !self.opponents_can_beat(card, led) {
                        80 + pts * 4 - rank
                    } else if order.smear_second && self.mate_takes(b, led) {
                        40 + pts * 5 - rank
                    } else {
                        60 - pts * 3 - rank
                    }
                } else if mate_wins {
                    if last || !self.opponents_can_beat(b, led) {
                        50 + pts * 5 - rank
                    } else {
                        30 - pts * 5 - rank
                    }
                } else if order.smear_second && self.mate_takes(b, led) {
                    40 + pts * 5 - rank
                } else {
                    20 - pts * 5 - rank
                }
            }
        }
    }
}

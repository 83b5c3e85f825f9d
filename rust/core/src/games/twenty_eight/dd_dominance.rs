//! Payoff dominance for the Twenty-eight search (`Switches::dominance`).
//!
//! A *run* is a set of the mover's legal cards of one suit with no other
//! card in play (another hand's, or one already in the trick) ranking
//! between them: for taking tricks they are one card. When they differ in
//! points, which one to play still matters, but once the side that takes
//! the current trick is the same whichever card of the run is played and
//! whatever anyone plays after it, one card dominates the others: the one
//! with most points when the mover's side takes the trick, the one with
//! fewest when it loses it.
//!
//! Why: play `a` and keep `b`, or play `b` and keep `a`. What follows is the
//! same game either way (the kept card stands where the other would), so
//! for every line of play the two totals differ only by the points of `a`
//! and `b`: in this trick, whose winner is fixed, and in the later trick
//! that takes the kept card, whose winner may be either side. With the
//! mover's side taking this trick, playing the card with more points is
//! never worse; losing it, the card with fewer. (With `kq_negative` the
//! search credits a king or queen to the side that loses it; comparing
//! cards by their points, negative ones included, is then still right.)
//!
//! The trick's taker is fixed when no player after the mover who is not on
//! the side of the trick's best card (once the run's card is in it) can
//! beat that card; beating is transitive, so no later card can win it
//! either. Only with trumps open: before the call a later player may still
//! reveal them and turn the trick.

use super::masks::low;
use super::PointsGame;
use crate::card::{Card, CardSet, Suit};

impl PointsGame {
    /// True when dominance may prune the mover's cards: trumps open, the
    /// void bonus settled, a card to play.
    pub(super) fn dominance_on(&self) -> bool {
        let c = &self.core;
        c.revealed && c.bonus_paid && !c.void_pending && !c.over
    }

    /// The run of the mover's legal `cards` holding `card`, and the highest
    /// card of `other` below the run in its suit (its lower edge), if any:
    /// the mover's cards of the suit with no card of `other` ranking between
    /// them and `card`, ties included (the nearest cards of `other` at or
    /// above and at or below `card`'s rank close the run).
    pub(super) fn run_of(
        &self,
        card: Card,
        cards: CardSet,
        other: CardSet,
    ) -> (CardSet, Option<Card>) {
        let m = &self.masks;
        let i = card.0 as usize & 63;
        let suit = m.suit[Self::suit_of(card) as usize & 3];
        let oth = low(other) & suit;
        let mut run = low(cards) & suit;
        let above = oth & m.at_least[i];
        if above != 0 {
            run &= m.weaker[above.trailing_zeros() as usize];
        }
        let under = oth & m.at_most[i];
        if under != 0 {
            run &= m.stronger[63 - under.leading_zeros() as usize];
        }
        run |= 1u64 << i;
        let below = oth & ((1u64 << run.trailing_zeros()) - 1);
        let edge = (below != 0).then(|| Card(63 - below.leading_zeros() as u8));
        (CardSet(run as u128), edge)
    }

    /// Whether the mover's side takes the trick whichever card of the run
    /// of `card` it plays and whatever the others play after it: `Some(true)`
    /// yes, `Some(false)` the other side does, `None` not yet decided.
    /// `current` is the trick's best card so far ([`PointsGame::current_best`]).
    pub(super) fn run_taker(&self, card: Card, current: Option<(Card, u8, Suit)>) -> Option<bool> {
        let c = &self.core;
        let me = self.side[c.to_move as usize];
        let later = self.n - c.tlen as usize - 1;
        let next = c.to_move as usize + 1;
        let (winner, side, led) = match current {
            None => (card, me, self.cfg.pack.suit_of(card)),
            Some((best, seat, led)) => {
                if self.beats(card, best, led) {
                    (card, me, led)
                } else {
                    (best, self.side[seat as usize], led)
                }
            }
        };
        if self.can_beat(winner, led, side, next, later) {
            None
        } else {
            Some(side == me)
        }
    }

    /// The one card of `run` worth searching when the mover's side takes
    /// the trick (`mine`) or loses it: most points, or fewest; among equals
    /// the highest.
    pub(super) fn run_pick(&self, run: CardSet, mine: bool) -> Card {
        let mut pick = run.highest().expect("a run is not empty");
        let mut best = self.cfg.pts(pick);
        for x in run.iter().rev() {
            let p = self.cfg.pts(x);
            if (mine && p > best) || (!mine && p < best) {
                pick = x;
                best = p;
            }
        }
        pick
    }

    /// True when the run of `card` holds cards of different points whose
    /// choice dominance settles here.
    fn dominance_prunes(&self, card: Card) -> Option<(CardSet, Option<Card>)> {
        if !self.dominance_sw.get() || !self.dominance_on() {
            return None;
        }
        if self.settled_here(card) == Some(false) {
            // `moves` found nothing settled for it at this node.
            return None;
        }
        let hand = self.core.hands[self.core.to_move as usize];
        // A run is some of the mover's legal cards of `card`'s suit: when
        // they all have `card`'s points, so has the run (the search asks
        // this after every move that failed; most have no such choice).
        // The hand's cards of the suit first, then its legal ones.
        let i = card.0 as usize & 63;
        let same = self.masks.same_points[i];
        let suit = self.masks.suit[Self::suit_of(card) as usize & 3];
        if low(hand) & suit & !same == 0 {
            return None;
        }
        let (cards, _) = self.legal();
        if low(cards & hand) & suit & !same == 0 {
            return None;
        }
        let live = self.live();
        let (run, below) = self.run_of(card, cards & hand, live - hand);
        if low(run) & !same == 0 {
            return None;
        }
        self.run_taker(card, self.current_best())?;
        Some((run, below))
    }

    /// For partition search: the cards whose ranks a dominance decision on
    /// the run of `m` relied on (none when it decided nothing): the run's
    /// lowest card and the card below it, which fix the run, and the trick's
    /// best card, which fixes its taker.
    pub(super) fn dominance_winners(&self, m: u8) -> CardSet {
        if m >= 128 {
            return CardSet::EMPTY;
        }
        let Some((run, below)) = self.dominance_prunes(Card(m)) else {
            return CardSet::EMPTY;
        };
        let mut w = run.lowest().map_or(CardSet::EMPTY, |c| c.set());
        if let Some(b) = below {
            w.insert(b);
        }
        if let Some((best, _, _)) = self.current_best() {
            w.insert(best);
        }
        w
    }

    /// Is `m` a card whose run dominance settled (so that skipping it for
    /// another card's answer would lose what the pruning relied on)?
    pub(super) fn dominance_pick(&self, m: u8) -> bool {
        m < 128 && self.dominance_prunes(Card(m)).is_some()
    }
}

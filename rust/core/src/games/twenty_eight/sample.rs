//! Hidden-card sampling for Twenty-eight and its relatives: deals consistent
//! with what a player has seen (see [`crate::sample`]).
//!
//! What a player knows, and so what a sample keeps (decisions recorded here):
//! * His own cards, the cards played (and who played them), the auction,
//!   every public flag, and the size of every hand. Before the second half is
//!   dealt (auction, trump choice, doubling) the whole second half is unseen,
//!   his own second batch included, and is dealt again.
//! * The concealed trump. Known to the bidder (not in seventh-card mode,
//!   where nobody knows it) and to everybody once revealed. For the others
//!   the indicator card is drawn together with the hands: it is one of the
//!   bidder's cards, any card the observer has not seen; its suit is the
//!   trump. Every card is as likely to be the indicator (the bidder's choice
//!   is not modelled), so a suit is drawn in proportion to the consistent
//!   deals in which the bidder holds it. In seventh-card mode the indicator
//!   is any unseen card (the bidder's third card of the second batch). With
//!   a spare indicator (`indicator=spare`) the suit is drawn uniformly among
//!   the suits still possible (and `none` with `nt_reverse`).
//! * Whether a trump was led by another player (`led_trump_by_other`) is part
//!   of the concealed trump: it is recomputed for the drawn trump (and the
//!   observation shows it only to players who know the trump).
//! * The bidder's lead restriction (§6.3): a bidder who led a suit in phase 1
//!   that nobody else had led either led a plain suit, or held nothing but
//!   that suit. A suit he led while later playing another card cannot be the
//!   trump; otherwise that trump requires his remaining hand to be all of it.
//! * Voids: a player who did not follow the led suit holds none of it (the
//!   bidder in phase 1: none in his hand, the concealed indicator may still
//!   be of that suit, §6.2); a caller who then played a plain card holds no
//!   trump; a player who undertrumped held nothing but lower trumps; a caller
//!   was void in the led suit even when the revealed indicator follows it.
//!   Discarding without calling shows nothing else.
//! * The pair (§6.6): the engine offers the pair to every eligible holder,
//!   so a seat that was asked held the king and queen of trumps then, and a
//!   seat that met every public condition but was not asked (before the
//!   seat that showed it, or in a round nobody showed) did not hold both.
//! * The one-suit single-hand show is offered exactly when the soloist's
//!   hand was of one suit; in 40 a first speaker passes on his first turn
//!   exactly when his first three cards are of one suit; with
//!   `annul_no_points` the first two speakers each held a point card in
//!   their first batch. The deal order (which cards came in which batch) is
//!   rebuilt for every other seat at random under these constraints, so
//!   `full_deal` stays a valid deal; the observer's own batches are kept.
//! * Disjunctive constraints (trump shape, pair, show, batches) are met by
//!   drawing again; after many failed draws the sampler gives up with an
//!   error (never in practice for states reached by legal play).
//!
//! The clone's random generator is reseeded from `seed`, so later deals do
//! not leak the real future.

use super::state::{Phase, TwentyEightState};
use crate::card::{Card, CardSet, Suit};
use crate::error::{check_seat, Error, Result};
use crate::rng::Rng;
use crate::sample::{distribute, Determinize, Slot};

#[path = "sample_constraints.rs"]
mod constraints;
use constraints::Seen;

/// Draws tried before the sampler gives up.
const ATTEMPTS: usize = 3000;
/// Random batch splits tried for one seat before the draw is rejected.
const SPLITS: usize = 40;

impl Determinize for TwentyEightState {
    /// A copy of this state in which every card `player` cannot see has been
    /// dealt again at random, consistently with everything `player` has seen
    /// (module documentation); the concealed trump too when `player` does
    /// not know it. Same `seed`, same copy.
    ///
    /// ```
    /// use hukm_core::games::twenty_eight::TwentyEight;
    /// use hukm_core::sample::Determinize;
    /// use hukm_core::game::GameState;
    /// let s = TwentyEight::new("28", &[]).unwrap().new_game(4);
    /// let d = s.determinize(1, 9).unwrap();
    /// assert_eq!(d.observation(1).unwrap(), s.observation(1).unwrap());
    /// assert_eq!(d.hands()[1], s.hands()[1]);
    /// ```
    fn determinize(&self, player: usize, seed: u64) -> Result<Self> {
        let n = self.cfg.players;
        check_seat("player", player, n)?;
        let pack = &self.cfg.pack;
        let mut rng = Rng::new(seed);
        let seen = self.seen();
        let b = self.bidder;
        let pre = !self.position_mode
            && matches!(
                self.phase,
                Phase::Bid | Phase::Trump | Phase::Double | Phase::Redouble
            );
        let after_trump = !matches!(self.phase, Phase::Bid | Phase::Trump);
        let contract_on = after_trump && self.soloist.is_none();
        let knows = self.revealed || (player == b && !self.seventh && after_trump);
        let ind_hidden = contract_on && !self.revealed && self.indicator.is_some() && !knows;
        let t_hidden = contract_on && !self.revealed && self.spare && !knows;
        // Cards the player knows in other hands: the revealed indicator.
        let mut fixed = vec![CardSet::EMPTY; n];
        let mut hidden = pack.deck - self.played - self.hands[player];
        if let Some(i) = self.indicator {
            if self.revealed {
                if b != player && self.hands[b].contains(i) {
                    fixed[b].insert(i);
                    hidden.remove(i);
                }
            } else if !ind_hidden {
                hidden.remove(i);
            }
        }
        let mut excl = seen.excl.clone();
        if !t_hidden && !ind_hidden {
            if let Some(x) = seen.bidder_shape(self.trump) {
                excl[b] |= pack.deck - pack.suit_mask(x);
            }
        }
        let suits_ok: Vec<Suit> = (0..pack.num_suits() as u8)
            .filter(|&s| seen.trump_possible(Some(s)))
            .collect();
        let mut spare_choices: Vec<Option<Suit>> = suits_ok.iter().map(|&s| Some(s)).collect();
        if self.cfg.nt_reverse {
            spare_choices.push(None);
        }
        let others: Vec<usize> = (0..n).filter(|&s| s != player).collect();
        for _ in 0..ATTEMPTS {
            // The trump under which this draw is made.
            let spare_t = if t_hidden {
                spare_choices[rng.below(spare_choices.len().max(1) as u64) as usize]
            } else {
                self.trump
            };
            let mut ex = excl.clone();
            if t_hidden {
                if let Some(x) = seen.bidder_shape(spare_t) {
                    ex[b] |= pack.deck - pack.suit_mask(x);
                }
            }
            let mut slots: Vec<Slot> = others
                .iter()
                .map(|&s| Slot {
                    size: (self.hands[s].len() - fixed[s].len()) as usize,
                    allowed: hidden - ex[s],
                })
                .collect();
            if ind_hidden {
                let allowed: CardSet = suits_ok
                    .iter()
                    .fold(CardSet::EMPTY, |a, &s| a | pack.suit_mask(s));
                slots.push(Slot {
                    size: 1,
                    allowed: hidden & allowed,
                });
            }
            let second_size = if pre { n * self.cfg.half() } else { 0 };
            if pre {
                slots.push(Slot {
                    size: second_size,
                    allowed: hidden,
                });
            }
            let Ok(out) = distribute(hidden, &slots, &mut rng) else {
                if t_hidden && spare_choices.len() > 1 {
                    continue;
                }
                return Err(Error::State(
                    "no deal of the hidden cards fits what the player has seen".into(),
                ));
            };
            let mut hands = self.hands.clone();
            for (k, &s) in others.iter().enumerate() {
                hands[s] = out[k] | fixed[s];
            }
            let indicator = if ind_hidden {
                out[others.len()].lowest()
            } else {
                self.indicator
            };
            let trump = if ind_hidden {
                indicator.map(|c| pack.suit_of(c))
            } else {
                spare_t
            };
            if ind_hidden {
                if let Some(x) = seen.bidder_shape(trump) {
                    if !pack.suit_mask(x).contains_all(hands[b]) {
                        continue;
                    }
                }
            }
            if !self.pair_and_show_ok(&seen, &hands) {
                continue;
            }
            let deck = if self.deck.is_empty() {
                Vec::new()
            } else {
                let second = pre.then(|| out[out.len() - 1]);
                let dealt: Vec<CardSet> = (0..n)
                    .map(|s| {
                        let mut d = hands[s];
                        for &(_, c) in &seen.plays[s] {
                            d.insert(c);
                        }
                        if s == b && !self.revealed {
                            if let Some(i) = indicator {
                                d.insert(i);
                            }
                        }
                        d
                    })
                    .collect();
                match self.rebuild_deck(player, &dealt, indicator, second, &mut rng) {
                    Some(d) => d,
                    None => continue,
                }
            };
            return Ok(self.sampled_copy(player, &seen, hands, indicator, trump, deck, &mut rng));
        }
        Err(Error::State(format!(
            "no consistent deal found for player {} in {} draws",
            player, ATTEMPTS
        )))
    }
}

impl TwentyEightState {
    /// Deck positions of `seat`'s two batches.
    fn batch_starts(&self, seat: usize) -> (usize, usize) {
        let n = self.cfg.players;
        let half = self.cfg.half();
        let k = (seat + n - self.dealer - 1) % n;
        (k * half, n * half + k * half)
    }

    /// The deck rebuilt around the drawn cards (`None`: no batch order fits).
    /// `dealt[s]`: every card dealt to `s` so far; `second`: the undealt
    /// second half before the deal is complete.
    fn rebuild_deck(
        &self,
        player: usize,
        dealt: &[CardSet],
        indicator: Option<Card>,
        second: Option<CardSet>,
        rng: &mut Rng,
    ) -> Option<Vec<Card>> {
        let n = self.cfg.players;
        let half = self.cfg.half();
        let mut deck = self.deck.clone();
        let card_mode = !self.seventh && !self.spare && self.soloist.is_none();
        for s in (0..n).filter(|&s| s != player) {
            let (f0, s0) = self.batch_starts(s);
            let mut must_first = CardSet::EMPTY;
            let mut seventh = None;
            if s == self.bidder {
                if let Some(i) = indicator {
                    if card_mode {
                        must_first.insert(i);
                    } else if self.seventh {
                        seventh = Some(i);
                    }
                }
            }
            let free: Vec<Card> =
                (dealt[s] - must_first - seventh.map_or(CardSet::EMPTY, Card::set))
                    .iter()
                    .collect();
            let mut found = None;
            for _ in 0..SPLITS {
                let mut v = free.clone();
                rng.shuffle(&mut v);
                let mut first: Vec<Card> = must_first.iter().collect();
                let take = if second.is_some() {
                    v.len()
                } else {
                    half - first.len()
                };
                first.extend(v.drain(..take));
                let fset: CardSet = first.iter().copied().collect();
                if self.first_batch_ok(s, fset) {
                    rng.shuffle(&mut first);
                    found = Some((first, v));
                    break;
                }
            }
            let (first, mut rest) = found?;
            deck[f0..f0 + half].copy_from_slice(&first);
            if second.is_none() {
                if let Some(i) = seventh {
                    rest.insert(2, i);
                }
                deck[s0..s0 + half].copy_from_slice(&rest);
            }
        }
        if player == self.bidder && self.seventh && second.is_none() {
            // The seventh card is unseen by the bidder too.
            if let Some(i) = indicator {
                deck[self.batch_starts(player).1 + 2] = i;
            }
        }
        if let Some(pool) = second {
            let mut v: Vec<Card> = pool.iter().collect();
            rng.shuffle(&mut v);
            deck[n * half..].copy_from_slice(&v);
        }
        Some(deck)
    }

    /// The clone with the drawn cards, every cached field recomputed.
    #[allow(clippy::too_many_arguments)]
    fn sampled_copy(
        &self,
        player: usize,
        seen: &Seen,
        hands: Vec<CardSet>,
        indicator: Option<Card>,
        trump: Option<Suit>,
        deck: Vec<Card>,
        rng: &mut Rng,
    ) -> TwentyEightState {
        let pack = &self.cfg.pack;
        let mut d = self.clone();
        d.hands = hands;
        d.deck = deck;
        d.rng = Rng::new(rng.next_u64());
        let _ = player;
        if indicator != self.indicator {
            d.indicator = indicator;
            if let (Some(i), Some(pos)) = (
                indicator,
                d.history.iter().rposition(|h| h.starts_with("indicator:")),
            ) {
                d.history[pos] = format!("indicator:{}", pack.format_card(i));
            }
        }
        if trump != self.trump {
            d.trump = trump;
            if self.spare {
                d.no_trump = trump.is_none();
                if let Some(pos) = d.history.iter().rposition(|h| h.starts_with("trump:")) {
                    d.history[pos] = match trump {
                        Some(t) => format!("trump:{}", pack.suits[t as usize].code),
                        None => "trump:none".into(),
                    };
                }
            }
        }
        if !self.revealed {
            d.led_trump_by_other = trump.is_some_and(|t| seen.led_other[t as usize]);
        }
        if d.phase == Phase::Pair {
            // The seats still to be asked in this round, as the engine would.
            let n = self.cfg.players;
            let order: Vec<usize> = (0..n).map(|k| (d.leader + k) % n).collect();
            let at = order.iter().position(|&s| s == d.to_act).unwrap_or(0);
            let queue: Vec<usize> = order[at + 1..]
                .iter()
                .copied()
                .filter(|&s| d.pair_eligible(s))
                .collect();
            d.queue = queue;
        }
        d
    }
}

#[cfg(test)]
#[path = "sample_tests.rs"]
mod tests;

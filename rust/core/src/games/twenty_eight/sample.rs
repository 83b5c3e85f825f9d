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

use super::config::Game;
use super::state::{Ev, Phase, TwentyEightState};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::rng::Rng;
use crate::sample::{distribute, Slot};

/// Draws tried before the sampler gives up.
const ATTEMPTS: usize = 3000;
/// Random batch splits tried for one seat before the draw is rejected.
const SPLITS: usize = 40;

/// What every player can infer from the public events of the current hand.
struct Seen {
    /// Cards each seat cannot hold now, whatever the trump.
    excl: Vec<CardSet>,
    /// Cards each seat played in this hand, with the log index.
    plays: Vec<Vec<(usize, Card)>>,
    /// Suits led by a player other than the bidder while the trump was concealed.
    led_other: Vec<bool>,
    /// Phase-1 leads by the bidder of a suit nobody else had led: the suit
    /// and whether every card he played from then on was of it.
    bidder_leads: Vec<(Suit, bool)>,
    /// (seat, log index, held both K and Q of trumps then?).
    pair_checks: Vec<(usize, usize, bool)>,
    /// The single-hand show was offered (`Some`) or not.
    show_offered: Option<bool>,
}

impl Seen {
    /// True when `t` can be the trump given the bidder's phase-1 leads.
    fn trump_possible(&self, t: Option<Suit>) -> bool {
        self.bidder_leads.iter().all(|&(x, ok)| Some(x) != t || ok)
    }

    /// The suit the bidder's remaining hand must be made of under trump `t`.
    fn bidder_shape(&self, t: Option<Suit>) -> Option<Suit> {
        t.filter(|&t| self.bidder_leads.iter().any(|&(x, _)| x == t))
    }
}

impl TwentyEightState {
    fn seen(&self) -> Seen {
        let n = self.cfg.players;
        let pack = &self.cfg.pack;
        let trick_size = (0..n).filter(|&s| self.plays(s)).count().max(1);
        let trumps = self.trump.map_or(CardSet::EMPTY, |t| pack.suit_mask(t));
        let rank = |c: Card| self.cfg.rank[c.0 as usize];
        let mut seen = Seen {
            excl: vec![CardSet::EMPTY; n],
            plays: vec![Vec::new(); n],
            led_other: vec![false; pack.num_suits()],
            bidder_leads: Vec::new(),
            pair_checks: Vec::new(),
            show_offered: None,
        };
        let mut leads: Vec<(Suit, usize)> = Vec::new();
        let mut trick: Vec<Card> = Vec::new();
        // An open pair round: (log index, candidates, asked, shown).
        let mut round: Option<(usize, Vec<usize>, Vec<usize>, bool)> = None;
        for (i, ev) in self.log.iter().enumerate() {
            if !matches!(ev, Ev::Asked { .. } | Ev::Shown { .. }) {
                if let Some(r) = round.take() {
                    close_round(&mut seen, r, true);
                }
            }
            match ev {
                &Ev::Card {
                    seat,
                    card,
                    revealed,
                    caller,
                } => {
                    let suit = pack.suit_of(card);
                    if let Some(&first) = trick.first() {
                        let led = pack.suit_of(first);
                        if suit != led {
                            seen.excl[seat] |= pack.suit_mask(led);
                            if revealed && self.soloist.is_none() && self.trump.is_some() {
                                if caller {
                                    if !trumps.contains(card) {
                                        seen.excl[seat] |= trumps;
                                    }
                                } else if trumps.contains(card) {
                                    let best = trick
                                        .iter()
                                        .filter(|&&c| trumps.contains(c))
                                        .map(|&c| rank(c))
                                        .max();
                                    if let Some(b) = best.filter(|&b| rank(card) <= b) {
                                        // Undertrumped: nothing but lower trumps.
                                        let higher: CardSet =
                                            trumps.iter().filter(|&c| rank(c) > b).collect();
                                        seen.excl[seat] |= (pack.deck - trumps) | higher;
                                    }
                                }
                            }
                        }
                    } else if !revealed && self.soloist.is_none() {
                        if seat != self.bidder {
                            seen.led_other[suit as usize] = true;
                        } else if !self.seventh && !seen.led_other[suit as usize] {
                            leads.push((suit, i));
                        }
                    }
                    seen.plays[seat].push((i, card));
                    trick.push(card);
                    if trick.len() == trick_size {
                        trick.clear();
                    }
                }
                &Ev::Call { seat } => {
                    if let Some(&first) = trick.first() {
                        seen.excl[seat] |= pack.suit_mask(pack.suit_of(first));
                    }
                }
                Ev::PairRound { candidates } => {
                    round = Some((i, candidates.clone(), Vec::new(), false))
                }
                &Ev::Asked { seat } => {
                    if let Some(r) = round.as_mut() {
                        r.2.push(seat);
                    }
                }
                Ev::Shown { .. } => {
                    if let Some(r) = round.as_mut() {
                        r.3 = true;
                    }
                }
                &Ev::ShowOffer { offered } => seen.show_offered = Some(offered),
            }
        }
        if let Some(r) = round.take() {
            close_round(&mut seen, r, self.phase != Phase::Pair);
        }
        let b = self.bidder;
        seen.bidder_leads = leads
            .iter()
            .map(|&(x, i)| {
                let ok = seen.plays[b]
                    .iter()
                    .filter(|&&(j, _)| j >= i)
                    .all(|&(_, c)| pack.suit_of(c) == x);
                (x, ok)
            })
            .collect();
        seen
    }

    /// The cards `seat` held at log index `at`, given his hand now.
    fn held_at(&self, seen: &Seen, seat: usize, hand: CardSet, at: usize) -> CardSet {
        let later: CardSet = seen.plays[seat]
            .iter()
            .filter(|&&(j, _)| j > at)
            .map(|&(_, c)| c)
            .collect();
        hand | later
    }

    /// True when a drawn deal meets the pair and show constraints.
    fn pair_and_show_ok(&self, seen: &Seen, hands: &[CardSet]) -> bool {
        let pack = &self.cfg.pack;
        if let Some(t) = self.trump {
            let kings = pack.cards_with_face(t, b'K');
            let queens = pack.cards_with_face(t, b'Q');
            for &(seat, at, held) in &seen.pair_checks {
                let h = self.held_at(seen, seat, hands[seat], at);
                let both = !(h & kings).is_empty() && !(h & queens).is_empty();
                if both != held {
                    return false;
                }
            }
        }
        if let (Some(offered), Some(solo)) = (seen.show_offered, self.soloist) {
            // Every card of the soloist was in his hand when he declared.
            let h = seen.plays[solo]
                .iter()
                .fold(hands[solo], |a, &(_, c)| a | c.set());
            let one_suit = (0..pack.num_suits() as u8).any(|s| pack.suit_mask(s).contains_all(h));
            if self.cfg.single_hand_show && one_suit != offered {
                return false;
            }
        }
        true
    }

    /// May `first` be the first batch of `seat` given the auction (40's
    /// one-suit rule, `annul_no_points`)?
    fn first_batch_ok(&self, seat: usize, first: CardSet) -> bool {
        let pack = &self.cfg.pack;
        let opener = (self.dealer + 1) % self.cfg.players;
        if self.cfg.game == Game::G40 && seat == opener {
            if let Some((_, a)) = self.auction.first() {
                let one_suit =
                    (0..pack.num_suits() as u8).any(|s| pack.suit_mask(s).contains_all(first));
                if one_suit != (a == "pass") {
                    return false;
                }
            }
        }
        if self.cfg.annul_no_points && (seat == opener || seat == (opener + 1) % self.cfg.players) {
            return first.iter().any(|c| self.cfg.pts(c) > 0);
        }
        true
    }

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

    /// A copy of this state in which every card `player` cannot see has been
    /// dealt again at random, consistently with everything `player` has seen
    /// (module documentation); the concealed trump too when `player` does
    /// not know it. Same `seed`, same copy.
    ///
    /// ```
    /// use hukm_core::games::twenty_eight::TwentyEight;
    /// use hukm_core::game::GameState;
    /// let s = TwentyEight::new("28", &[]).unwrap().new_game(4);
    /// let d = s.determinize(1, 9).unwrap();
    /// assert_eq!(d.observation(1).unwrap(), s.observation(1).unwrap());
    /// assert_eq!(d.hands()[1], s.hands()[1]);
    /// ```
    pub fn determinize(&self, player: usize, seed: u64) -> Result<TwentyEightState> {
        let n = self.cfg.players;
        if player >= n {
            return Err(Error::State(format!(
                "player {} out of range 0..{}",
                player,
                n - 1
            )));
        }
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

/// Turns a finished (or open) pair round into pair checks.
fn close_round(seen: &mut Seen, r: (usize, Vec<usize>, Vec<usize>, bool), closed: bool) {
    let (at, candidates, asked, shown) = r;
    let last = asked
        .last()
        .and_then(|a| candidates.iter().position(|c| c == a));
    for (k, &c) in candidates.iter().enumerate() {
        if asked.contains(&c) {
            seen.pair_checks.push((c, at, true));
        } else {
            let before_last = last.is_some_and(|l| k < l);
            let after_unknown = !closed || shown;
            if last.is_none() || before_last || !after_unknown {
                seen.pair_checks.push((c, at, false));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::games::twenty_eight::TwentyEight;

    const PRESETS: &[(&str, &[(&str, &str)])] = &[
        ("28", &[]),
        ("29", &[]),
        ("28_wb", &[]),
        ("40", &[]),
        ("56", &[]),
        ("28", &[("seventh_card", "on"), ("doubling", "on")]),
        ("29", &[("indicator", "spare"), ("nt_reverse", "on")]),
        (
            "28",
            &[
                ("single_hand", "on"),
                ("single_hand_show", "on"),
                ("half_court", "on"),
            ],
        ),
        (
            "28",
            &[
                ("unrevealed_trump", "forced_last"),
                ("bidder_plays_revealed", "on"),
            ],
        ),
        (
            "29",
            &[("annul_no_points", "on"), ("pair_timing", "relaxed")],
        ),
        ("40", &[("forty_teams", "3x2"), ("pass_is_final", "on")]),
    ];

    fn game(preset: &str, opts: &[(&str, &str)]) -> TwentyEight {
        let o: Vec<(String, String)> = opts
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect();
        TwentyEight::new(preset, &o).unwrap()
    }

    /// Checks every property of one sample of `s` for `p`.
    fn check(s: &TwentyEightState, p: usize, seed: u64) {
        let d = s
            .determinize(p, seed)
            .unwrap_or_else(|e| panic!("{e}\n{}", s.render()));
        assert_eq!(
            d.observation(p).unwrap(),
            s.observation(p).unwrap(),
            "{}",
            s.render()
        );
        let n = s.cfg.players;
        let union = |t: &TwentyEightState| {
            let mut u = t.played;
            for h in &t.hands {
                u |= *h;
            }
            if let Some(i) = t.indicator() {
                u.insert(i);
            }
            if matches!(
                t.phase,
                Phase::Bid | Phase::Trump | Phase::Double | Phase::Redouble
            ) {
                // The undealt second half.
                let h = t.cfg.players * t.cfg.half();
                u |= t.deck[h..].iter().copied().collect::<CardSet>();
            }
            u
        };
        assert_eq!(union(&d), union(s));
        for q in 0..n {
            assert_eq!(d.hands[q].len(), s.hands[q].len());
        }
        assert_eq!(d.hands[p], s.hands[p]);
        let seen = s.seen();
        // The revealed indicator is known to be in the bidder's hand.
        let shown = if s.revealed { s.indicator } else { None };
        for q in 0..n {
            let h = d.hands[q] - shown.map_or(CardSet::EMPTY, Card::set);
            assert!(
                (h & seen.excl[q]).is_empty(),
                "void of seat {q} broken\n{}",
                s.render()
            );
        }
        if !s.deck.is_empty() {
            let mut a = d.deck.clone();
            let mut b2 = s.deck.clone();
            a.sort_by_key(|c| c.0);
            b2.sort_by_key(|c| c.0);
            assert_eq!(a, b2, "the deck is a permutation of the pack");
            if !matches!(
                s.phase,
                Phase::Bid | Phase::Trump | Phase::Double | Phase::Redouble
            ) {
                let full = d.full_deal();
                let mut real = d.hands.clone();
                for (q, r) in real.iter_mut().enumerate() {
                    for &(_, c) in &seen.plays[q] {
                        r.insert(c);
                    }
                }
                if let Some(i) = d.indicator() {
                    real[d.bidder].insert(i);
                }
                assert_eq!(full, real, "full_deal matches the hands");
            }
        }
        let again = s.determinize(p, seed).unwrap();
        assert_eq!(again.hands, d.hands);
        assert_eq!(again.indicator, d.indicator);
        // The clone plays on to the end of the match's hand with random actions.
        let mut c = d.clone();
        let mut r = Rng::new(seed ^ 77);
        let hand = c.hand_no;
        while !c.is_terminal() && c.hand_no == hand {
            let a = c.legal_actions();
            assert!(!a.is_empty());
            let x = &a[r.below(a.len() as u64) as usize];
            c.apply(x).unwrap();
        }
    }

    #[test]
    fn samples_agree_with_what_the_player_saw() {
        for (k, &(preset, opts)) in PRESETS.iter().enumerate() {
            let g = game(preset, opts);
            for seed in 0..12u64 {
                let mut s = g.new_game(seed * 31 + k as u64);
                let mut r = Rng::new(seed);
                let mut steps = 0;
                while !s.is_terminal() && steps < 400 {
                    if steps % 3 == 0 {
                        let n = s.cfg.players;
                        check(&s, steps % n, seed + steps as u64);
                        check(&s, s.current().unwrap_or(0), seed ^ steps as u64);
                    }
                    let a = s.legal_actions();
                    let x = &a[r.below(a.len() as u64) as usize];
                    s.apply(x).unwrap();
                    steps += 1;
                }
            }
        }
    }

    #[test]
    fn the_concealed_trump_is_resampled_for_others_only() {
        let g = game("28", &[]);
        let mut s = g.new_game(5);
        let mut r = Rng::new(3);
        while s.phase != Phase::Play {
            let a = s.legal_actions();
            s.apply(&a[r.below(a.len() as u64) as usize]).unwrap();
        }
        let b = s.bidder;
        let mut suits = std::collections::HashSet::new();
        for seed in 0..80 {
            let d = s.determinize((b + 1) % 4, seed).unwrap();
            suits.insert(d.trump);
            assert_eq!(d.trump, d.indicator.map(|c| d.cfg.pack.suit_of(c)));
            let own = s.determinize(b, seed).unwrap();
            assert_eq!(own.indicator, s.indicator);
            assert_eq!(own.history, s.history);
        }
        assert!(suits.len() >= 3, "{suits:?}");
    }

    #[test]
    fn a_void_bidder_may_still_hold_the_indicator_of_that_suit() {
        // Example 5: the bidder (seat 2) has no heart in hand; the indicator is 8H.
        let g = game("28", &[]);
        let mut s = g
            .from_deal(
                "A..7.9 T.J.A. J.8..K Q.9.J.",
                2,
                1,
                crate::games::twenty_eight::TrumpStart::Concealed("8H"),
                Some(19),
            )
            .unwrap();
        for a in ["JH", "KC", "9H", "AS"] {
            s.apply(a).unwrap();
        }
        let pack = &s.cfg.pack;
        let hearts = pack.suit_mask(1);
        let mut heart_indicator = false;
        for seed in 0..200 {
            let d = s.determinize(0, seed).unwrap();
            assert!((d.hands[2] & hearts).is_empty());
            heart_indicator |= d.indicator.is_some_and(|c| hearts.contains(c));
        }
        assert!(heart_indicator);
    }

    #[test]
    fn a_side_not_offered_the_pair_does_not_hold_it() {
        // Trumps open (hearts); side 0 wins trick 1 and nobody is asked for
        // the pair, so neither seat 0 nor seat 2 holds both KH and QH.
        let g = game("28", &[]);
        let mut s = g
            .from_deal(
                "A.K..7 T..87. K.Q..8 Q.7.9.",
                0,
                0,
                crate::games::twenty_eight::TrumpStart::Open("H"),
                None,
            )
            .unwrap();
        for a in ["AS", "TS", "KS", "QS"] {
            s.apply(a).unwrap();
        }
        assert_eq!(s.phase, Phase::Play);
        let pack = &s.cfg.pack;
        let pair = pack.parse_card("KH").unwrap().set() | pack.parse_card("QH").unwrap().set();
        let mut seat3_both = 0;
        for seed in 0..300 {
            let d = s.determinize(1, seed).unwrap();
            assert!(!d.hands[0].contains_all(pair) && !d.hands[2].contains_all(pair));
            seat3_both += d.hands[3].contains_all(pair) as u32;
        }
        assert!(seat3_both > 0, "seat 3 (not a candidate) may hold the pair");
    }

    #[test]
    fn a_bidder_leading_a_suit_in_phase_1_holds_only_it_if_it_is_trumps() {
        // The bidder (seat 0, indicator 8H) leads AS while keeping KD: for the
        // others spades can be trumps only with a bidder holding nothing else.
        let g = game("28", &[]);
        let mut s = g
            .from_deal(
                "A7.8.K. J.9.A7. 9.7.Q.8 T.K.9.7",
                0,
                0,
                crate::games::twenty_eight::TrumpStart::Concealed("8H"),
                None,
            )
            .unwrap();
        for a in ["AS", "JS", "9S", "TS"] {
            s.apply(a).unwrap();
        }
        let spades = s.cfg.pack.suit_mask(0);
        let mut other = 0;
        for seed in 0..300 {
            let d = s.determinize(1, seed).unwrap();
            if d.trump == Some(0) {
                assert!(spades.contains_all(d.hands[0]));
            } else {
                other += 1;
            }
            let mut c = d.clone();
            c.apply(&c.legal_actions()[0]).unwrap();
        }
        assert!(other > 0);
    }

    #[test]
    fn errors_never_panic() {
        let s = game("28", &[]).new_game(1);
        assert!(s.determinize(4, 0).is_err());
    }
}

//! What a player can infer from the public events of the current hand: the
//! constraints a sampled deal must meet (see the documentation of the
//! `sample` module).

use super::super::config::Game;
use super::super::state::{Ev, Phase, TwentyEightState};
use crate::card::{Card, CardSet, Suit};

/// What every player can infer from the public events of the current hand.
pub(super) struct Seen {
    /// Cards each seat cannot hold now, whatever the trump.
    pub(super) excl: Vec<CardSet>,
    /// Cards each seat played in this hand, with the log index.
    pub(super) plays: Vec<Vec<(usize, Card)>>,
    /// Suits led by a player other than the bidder while the trump was concealed.
    pub(super) led_other: Vec<bool>,
    /// Phase-1 leads by the bidder of a suit nobody else had led: the suit
    /// and whether every card he played from then on was of it.
    pub(super) bidder_leads: Vec<(Suit, bool)>,
    /// (seat, log index, held both K and Q of trumps then?).
    pub(super) pair_checks: Vec<(usize, usize, bool)>,
    /// The single-hand show was offered (`Some`) or not.
    pub(super) show_offered: Option<bool>,
}

impl Seen {
    /// True when `t` can be the trump given the bidder's phase-1 leads.
    pub(super) fn trump_possible(&self, t: Option<Suit>) -> bool {
        self.bidder_leads.iter().all(|&(x, ok)| Some(x) != t || ok)
    }

    /// The suit the bidder's remaining hand must be made of under trump `t`.
    pub(super) fn bidder_shape(&self, t: Option<Suit>) -> Option<Suit> {
        t.filter(|&t| self.bidder_leads.iter().any(|&(x, _)| x == t))
    }
}

impl TwentyEightState {
    /// What every player can infer from the public events of the current hand.
    pub(super) fn seen(&self) -> Seen {
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
    pub(super) fn held_at(&self, seen: &Seen, seat: usize, hand: CardSet, at: usize) -> CardSet {
        let later: CardSet = seen.plays[seat]
            .iter()
            .filter(|&&(j, _)| j > at)
            .map(|&(_, c)| c)
            .collect();
        hand | later
    }

    /// True when a drawn deal meets the pair and show constraints.
    pub(super) fn pair_and_show_ok(&self, seen: &Seen, hands: &[CardSet]) -> bool {
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
    pub(super) fn first_batch_ok(&self, seat: usize, first: CardSet) -> bool {
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

//! Hidden-card sampling for Thunee: deals consistent with what one player
//! has seen (see [`crate::sample`]).
//!
//! What a player knows, and so what a sample keeps:
//! * His own cards, the cards played and who played them, the bidding, the
//!   calls, the Jodhi declared (their cards are shown: a declared king and
//!   queen, and the jack when it counted, stay with the declarer until
//!   played; a Jodhi declared without its jack tells that the declarer did
//!   not hold the jack), and the size of every hand.
//! * The trumper sees his face-down indicator; nobody sees a `trump:last`
//!   card or a blind caller's face-down cards (the caller included), nor
//!   the cards still to be dealt (the second batch before the deal is
//!   complete, the second round of the two-player game). These are drawn
//!   again with the other hidden cards.
//! * Voids: a player who did not follow the suit led holds none of it
//!   (until the two-player game's second round gives him new cards; for a
//!   blind caller, among the cards he held then, which the sample keeps
//!   apart while his face-down cards are out). With `undercut=forbidden`, a
//!   player void in a plain suit led who played a trump below the best one
//!   in the trick held nothing else.
//! * Jodhi windows: the engine asks exactly the eligible players, so a
//!   member of the winning team who was asked held a king and queen of a
//!   suit not declared yet, and one who was not asked held none; after a
//!   declaration, being asked again says the same of the suits left.
//! * `trump:last` with `last_card=four_suits` tells that the trumper's first
//!   batch held as many suits as cards.
//!
//! The hard constraints (cards shown, voids, the undercut rule) shape the
//! draw ([`crate::sample::distribute`]); the rest (Jodhi windows, the first
//! batch's suits) are met by drawing again, and after [`ATTEMPTS`] failed
//! draws the sampler gives up with an error (never in practice for states
//! reached by legal play).
//!
//! The sample is the state with the hidden cards permuted among their
//! places (each hidden card replaced by one drawn for its place), so the
//! deck, the hands, the face-down cards and the second round stay
//! consistent. Its random generator is reseeded from the seed, so later
//! deals do not leak the real future.

use std::collections::BTreeMap;

use super::config::LastCard;
use super::rules;
use super::state::{Ev, Phase, ThuneeState};
use crate::card::{Card, CardSet, Suit};
use crate::error::{check_seat, Error, Result};
use crate::rng::Rng;
use crate::sample::{distribute, Determinize, Slot};

/// Draws tried before the sampler gives up.
pub const ATTEMPTS: usize = 2000;

/// Where hidden cards lie.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    /// A seat's cards in hand.
    Hand(usize),
    /// The face-down indicator or last card.
    Indicator,
    /// A blind caller's face-down cards.
    Blind,
    /// A seat's second round (two players).
    Round2(usize),
    /// Cards still in the deck (the second batch before it is dealt).
    Deck,
}

/// What a player's view of the hand constrains.
struct View {
    /// Cards he can place exactly (never moved).
    seen: CardSet,
    /// For each seat, the cards his hand may not hold.
    barred: Vec<CardSet>,
}

impl Determinize for ThuneeState {
    /// A copy of the state in which every card `player` cannot see is dealt
    /// again at random, consistently with what he has seen (see the module
    /// documentation).
    fn determinize(&self, player: usize, seed: u64) -> Result<Self> {
        let n = self.cfg.players;
        check_seat("player", player, n)?;
        let view = self.view_of(player);
        let places = self.places(player, view.seen);
        let hidden = places.values().fold(CardSet::EMPTY, |a, &c| a | c);
        let keys: Vec<Place> = places.keys().copied().collect();
        let slots: Vec<Slot> = keys
            .iter()
            .map(|&p| Slot {
                size: places[&p].len() as usize,
                allowed: match p {
                    Place::Hand(s) => hidden - view.barred[s],
                    _ => hidden,
                },
            })
            .collect();
        let mut rng = Rng::new(seed);
        for _ in 0..ATTEMPTS {
            let drawn = distribute(hidden, &slots, &mut rng)?;
            let mut map = [0u8; 128];
            for (i, c) in map.iter_mut().enumerate() {
                *c = i as u8;
            }
            for (k, p) in keys.iter().enumerate() {
                let mut new: Vec<Card> = drawn[k].iter().collect();
                rng.shuffle(&mut new);
                for (old, new) in places[p].iter().zip(new) {
                    map[old.0 as usize] = new.0;
                }
            }
            let sample = self.permuted(&map, seed);
            if sample.consistent(player) {
                return Ok(sample);
            }
        }
        Err(Error::State(format!(
            "no deal consistent with what player {} has seen was found in {} draws",
            player, ATTEMPTS
        )))
    }
}

impl ThuneeState {
    /// The public knowledge of `player`: the cards he sees and what each
    /// hand cannot hold.
    fn view_of(&self, player: usize) -> View {
        let n = self.cfg.players;
        let pack = &self.cfg.pack;
        let mut seen = self.hands[player] | self.played;
        for &(_, c) in &self.trick {
            seen.insert(c);
        }
        if let Some(i) = self
            .indicator
            .filter(|_| player == self.trumper && !self.last_card)
        {
            seen.insert(i);
        }
        let mut barred = vec![CardSet::EMPTY; n];
        let mut trick: Vec<Card> = Vec::new();
        let mut trump = self.trump;
        for e in &self.log {
            match *e {
                Ev::Play {
                    seat,
                    card,
                    led,
                    blind,
                } => {
                    if trick.len() == n {
                        trick.clear();
                    }
                    if trump.is_none() {
                        trump = Some(pack.suit_of(card));
                    }
                    let blind_joined = blind && self.blind.is_empty();
                    if let Some(l) = led.filter(|&l| pack.suit_of(card) != l) {
                        if !blind_joined {
                            barred[seat] |= pack.suit_mask(l);
                        }
                        if self.cfg.undercut_forbidden && !blind_joined {
                            if let Some(t) = trump.filter(|&t| t != l && pack.suit_of(card) == t) {
                                let tm = pack.suit_mask(t);
                                let best =
                                    trick.iter().copied().filter(|&c| tm.contains(c)).reduce(
                                        |a, b| {
                                            if rules::higher(b, a, self.royals()) {
                                                b
                                            } else {
                                                a
                                            }
                                        },
                                    );
                                if best.is_some_and(|b| rules::higher(b, card, self.royals())) {
                                    // Only lower trumps were left: nothing else held.
                                    let lower: CardSet = tm
                                        .iter()
                                        .filter(|&x| {
                                            best.is_some_and(|b| rules::higher(b, x, self.royals()))
                                        })
                                        .collect();
                                    barred[seat] |= pack.deck - lower;
                                }
                            }
                        }
                    }
                    trick.push(card);
                }
                Ev::Round => {
                    trick.clear();
                    barred.iter_mut().for_each(|b| *b = CardSet::EMPTY);
                }
                Ev::Declared { seat, jodhi } => {
                    let mut shown = pack.cards_with_face(jodhi.suit, b'K')
                        | pack.cards_with_face(jodhi.suit, b'Q');
                    let jack = pack.cards_with_face(jodhi.suit, b'J');
                    if jodhi.jack {
                        shown |= jack;
                    } else {
                        barred[seat] |= jack;
                    }
                    seen |= shown & self.hands[seat];
                }
                Ev::Check { .. } => {}
            }
        }
        // The barred cards never include what a seat visibly holds.
        for (s, b) in barred.iter_mut().enumerate() {
            *b -= self.hands[s] & seen;
        }
        View { seen, barred }
    }

    /// The hidden cards of each place (as `player` sees the state).
    fn places(&self, player: usize, seen: CardSet) -> BTreeMap<Place, CardSet> {
        let mut out = BTreeMap::new();
        let mut placed = self.played;
        for &(_, c) in &self.trick {
            placed.insert(c);
        }
        for (s, &h) in self.hands.iter().enumerate() {
            placed |= h;
            if s != player && !(h - seen).is_empty() {
                out.insert(Place::Hand(s), h - seen);
            }
        }
        if let Some(i) = self.indicator {
            placed.insert(i);
            if !seen.contains(i) {
                out.insert(Place::Indicator, i.set());
            }
        }
        if !self.blind.is_empty() {
            placed |= self.blind;
            out.insert(Place::Blind, self.blind - seen);
        }
        for (s, &h) in self.round2.iter().enumerate() {
            placed |= h;
            out.insert(Place::Round2(s), h);
        }
        let rest = self.cfg.pack.deck - placed;
        if !rest.is_empty() {
            out.insert(Place::Deck, rest);
        }
        out.retain(|_, c| !c.is_empty());
        out
    }

    /// The state with every card `c` replaced by `map[c]`.
    fn permuted(&self, map: &[u8; 128], seed: u64) -> ThuneeState {
        let m = |c: Card| Card(map[c.0 as usize]);
        let set = |s: CardSet| -> CardSet { s.iter().map(m).collect() };
        let mut s = self.clone();
        s.hands = s.hands.iter().map(|&h| set(h)).collect();
        s.round2 = s.round2.iter().map(|&h| set(h)).collect();
        s.blind = set(s.blind);
        s.indicator = s.indicator.map(m);
        s.deck = s.deck.iter().map(|&c| m(c)).collect();
        if self.trump.is_some() && self.indicator.is_some() && self.special.is_none() {
            s.trump = s.indicator.map(|c| self.cfg.pack.suit_of(c));
        }
        s.rng = Rng::new(Rng::derive(seed, 0x7411));
        s
    }

    /// The soft constraints (Jodhi windows, the first batch after
    /// `trump:last`) hold in this (sampled) state.
    fn consistent(&self, player: usize) -> bool {
        let pack = &self.cfg.pack;
        if self.last_card
            && player != self.trumper
            && self.cfg.last_card == LastCard::FourSuits
            && !self.deck.is_empty()
        {
            let n = self.cfg.players;
            let fb = self.cfg.first_batch;
            let k = (self.trumper + n - self.dealer - 1) % n;
            let first: CardSet = self.deck[fb * k..fb * (k + 1)].iter().copied().collect();
            let suits = (0..4)
                .filter(|&s| !(first & pack.suit_mask(s)).is_empty())
                .count();
            if suits != fb {
                return false;
            }
        }
        // Cards each seat played, in order, with the round they were played in.
        let mut plays: Vec<(usize, Card, usize)> = Vec::new();
        let mut round = 0;
        let mut checks = Vec::new();
        for e in &self.log {
            match *e {
                Ev::Play { seat, card, .. } => plays.push((seat, card, round)),
                Ev::Round => round += 1,
                Ev::Check {
                    seat,
                    declared,
                    eligible,
                    plays: at,
                } => checks.push((seat, declared, eligible, at, round)),
                Ev::Declared { .. } => {}
            }
        }
        if !self.no_trump_passed(&plays) {
            return false;
        }
        for (seat, declared, eligible, at, r) in checks {
            if seat == player {
                continue;
            }
            let mut held: CardSet = plays[at..]
                .iter()
                .filter(|&&(s, _, pr)| s == seat && pr == r)
                .map(|&(_, c, _)| c)
                .collect();
            if r == round {
                held |= self.hands[seat];
            }
            let any = (0..4u8)
                .filter(|&s| declared >> s & 1 == 0)
                .any(|s: Suit| rules::jodhi(pack, held, s, self.trump).0 > 0);
            if any != eligible {
                return false;
            }
        }
        true
    }

    /// Once play has begun, the deal was not annulled by §5.7: an opponent
    /// of the trumping side held a trump among the first round's cards.
    fn no_trump_passed(&self, plays: &[(usize, Card, usize)]) -> bool {
        let Some(t) = self.trump else { return true };
        let started = matches!(self.phase, Phase::Play | Phase::Jodhi | Phase::Double)
            && (self.special.is_none() || !plays.is_empty());
        // A position (`from_deal`) under a normal contract starts in play
        // without the check, and one of a Thunee or Royals is checked only
        // when it starts before the first trick (every play of the hand is
        // then in the log).
        let whole_hand = plays.len() == self.tricks_played * self.cfg.players + self.trick.len();
        let checked = !self.position_mode || (self.special.is_some() && whole_hand);
        if !self.cfg.no_trump_redeal || !started || !checked {
            return true;
        }
        let side = self.special.map_or(self.trumper, |sp| sp.caller);
        let tm = self.cfg.pack.suit_mask(t);
        let first_round = plays.iter().all(|&(_, _, r)| r == 0);
        (0..self.cfg.players)
            .filter(|&s| self.team(s) != self.team(side))
            .any(|s| {
                let mut held: CardSet = plays
                    .iter()
                    .filter(|&&(x, _, r)| x == s && r == 0)
                    .map(|&(_, c, _)| c)
                    .collect();
                if first_round {
                    held |= self.hands[s];
                }
                !(held & tm).is_empty()
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameState;
    use crate::games::thunee::Thunee;

    /// Samples keep what the player sees and the size of every place, and
    /// differ from each other.
    #[test]
    fn samples_keep_the_view() {
        for preset in ["thunee4", "thunee2", "thunee6", "thunee4_app"] {
            let g = Thunee::new(preset, &[("blind_calls".into(), "on".into())]).unwrap();
            let mut r = Rng::new(5);
            for seed in 0..30u64 {
                let mut s = g.new_game(seed);
                let steps = r.below(40) as usize;
                for _ in 0..steps {
                    if s.is_terminal() {
                        break;
                    }
                    let l = s.legal_actions();
                    let a = l[r.below(l.len() as u64) as usize].clone();
                    s.apply(&a).unwrap();
                }
                if s.is_terminal() {
                    continue;
                }
                for p in 0..g.config().players {
                    let d = s.determinize(p, seed).unwrap();
                    assert_eq!(d.observation(p).unwrap(), s.observation(p).unwrap());
                    assert_eq!(!d.legal_actions().is_empty(), !s.legal_actions().is_empty());
                    let all = |x: &ThuneeState| {
                        x.all_cards().iter().fold(x.played, |a, &h| a | h)
                            | x.round2.iter().fold(CardSet::EMPTY, |a, &h| a | h)
                    };
                    assert_eq!(
                        all(&d) | d.deck.iter().copied().collect::<CardSet>(),
                        all(&s) | s.deck.iter().copied().collect::<CardSet>()
                    );
                    for q in 0..g.config().players {
                        assert_eq!(d.hands[q].len(), s.hands[q].len());
                    }
                }
            }
        }
    }
}

//! Hidden-card sampling consistent with what a player has seen.
//!
//! A player who cannot see some cards knows where they may be: in which hands
//! (or face-down piles), how many each place holds, and which cards a place
//! cannot hold (a hand that failed to follow a suit holds none of it, a pile
//! the player saw built holds none of the cards he saw elsewhere). Every game
//! states that knowledge as [`Slot`]s, one per place, and [`distribute`] deals
//! the hidden cards over them at random so that every place gets exactly its
//! number of cards and only cards it may hold. A game's states deal their
//! hidden cards again through [`Determinize`], the one method the registry,
//! the bots and the bindings sample with.
//!
//! The method: the cards are taken in a random order; each goes to one of the
//! places that may hold it, chosen with probability proportional to the room
//! left there, and only if the rest can still be placed — a Hall-condition
//! check over the classes of cards that share the same allowed places, so the
//! draw never dead-ends and never needs a restart. The result is close to the
//! uniform distribution over consistent deals (exactly uniform when no place
//! excludes any card).
//!
//! ```
//! use hukm_core::sample::{distribute, Slot};
//! use hukm_core::{CardSet, Card, rng::Rng};
//! let cards: CardSet = (0..6).map(Card).collect();
//! let only_low: CardSet = (0..3).map(Card).collect();
//! let slots = [Slot { size: 3, allowed: only_low }, Slot { size: 3, allowed: cards }];
//! let out = distribute(cards, &slots, &mut Rng::new(7)).unwrap();
//! assert_eq!(out[0], only_low);
//! ```

use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
use crate::rng::Rng;

/// A state whose hidden cards can be dealt again for one player: each
/// game's states implement it once (in the game's `sample` module), and
/// [`crate::surface::Game::State`] requires it.
pub trait Determinize: Sized {
    /// A copy of this state in which every card `player` cannot see is dealt
    /// again, consistently with what he has seen, its generator reseeded from
    /// `seed`. Errors on a seat out of range.
    fn determinize(&self, player: usize, seed: u64) -> Result<Self>;
}

/// Most places one draw can fill (the feasibility check visits every subset).
pub const MAX_SLOTS: usize = 10;

/// One place hidden cards may be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// How many hidden cards the place holds.
    pub size: usize,
    /// The cards it may hold (cards outside the hidden set are ignored).
    pub allowed: CardSet,
}

/// Room per subset of places against cards confined to it: true when every
/// class of cards can still be placed (Hall's condition for a transport
/// problem with unit supplies).
fn feasible(classes: &[(u16, u32)], room: &[usize]) -> bool {
    let k = room.len();
    for subset in 1u32..(1 << k) {
        let cap: usize = (0..k)
            .filter(|&i| subset >> i & 1 == 1)
            .map(|i| room[i])
            .sum();
        let need: u32 = classes
            .iter()
            .filter(|&&(m, _)| u32::from(m) & !subset == 0)
            .map(|&(_, n)| n)
            .sum();
        if need as usize > cap {
            return false;
        }
    }
    true
}

fn mask_of(card: Card, slots: &[Slot]) -> u16 {
    slots
        .iter()
        .enumerate()
        .filter(|(_, s)| s.allowed.contains(card))
        .fold(0u16, |m, (i, _)| m | 1 << i)
}

fn class_add(classes: &mut Vec<(u16, u32)>, mask: u16, delta: i32) {
    match classes.iter_mut().find(|(m, _)| *m == mask) {
        Some(c) => c.1 = (c.1 as i32 + delta) as u32,
        None => classes.push((mask, delta as u32)),
    }
    classes.retain(|&(_, n)| n > 0);
}

/// Deals `cards` over `slots` at random (see the module comment): the result
/// has one set per slot, of exactly its size, holding only cards it allows.
///
/// Errors with [`Error::State`] when the sizes do not add up to the number of
/// cards, when there are more than [`MAX_SLOTS`] places, or when no
/// distribution satisfies the constraints (the knowledge is contradictory).
pub fn distribute(cards: CardSet, slots: &[Slot], rng: &mut Rng) -> Result<Vec<CardSet>> {
    if slots.len() > MAX_SLOTS {
        return Err(Error::State(format!(
            "{} hidden places; at most {MAX_SLOTS} are supported",
            slots.len()
        )));
    }
    let total: usize = slots.iter().map(|s| s.size).sum();
    if total != cards.len() as usize {
        return Err(Error::State(format!(
            "{} hidden cards for {} hidden places",
            cards.len(),
            total
        )));
    }
    let mut room: Vec<usize> = slots.iter().map(|s| s.size).collect();
    let mut classes: Vec<(u16, u32)> = Vec::new();
    let mut order: Vec<(Card, u16)> = cards.iter().map(|c| (c, mask_of(c, slots))).collect();
    for &(_, m) in &order {
        class_add(&mut classes, m, 1);
    }
    if !feasible(&classes, &room) {
        return Err(Error::State(
            "no deal of the hidden cards fits what the player has seen".into(),
        ));
    }
    rng.shuffle(&mut order);
    let mut out = vec![CardSet::EMPTY; slots.len()];
    for (card, mask) in order {
        class_add(&mut classes, mask, -1);
        let mut candidates: u16 = (0..slots.len())
            .filter(|&i| mask >> i & 1 == 1 && room[i] > 0)
            .fold(0, |m, i| m | 1 << i);
        loop {
            let weight: usize = (0..slots.len())
                .filter(|&i| candidates >> i & 1 == 1)
                .map(|i| room[i])
                .sum();
            // The invariant (feasible before each card) guarantees a candidate.
            debug_assert!(weight > 0);
            let mut pick = rng.below(weight.max(1) as u64) as usize;
            let mut chosen = 0;
            for i in (0..slots.len()).filter(|&i| candidates >> i & 1 == 1) {
                if pick < room[i] {
                    chosen = i;
                    break;
                }
                pick -= room[i];
            }
            room[chosen] -= 1;
            if feasible(&classes, &room) || candidates.count_ones() <= 1 {
                out[chosen].insert(card);
                break;
            }
            room[chosen] += 1;
            candidates &= !(1 << chosen);
        }
    }
    Ok(out)
}

/// What the sampling tests of every game share: a random walk through a game
/// that checks samples along the way, and random play-outs of a sample.
#[cfg(test)]
pub(crate) mod testing {
    use crate::game::GameState;
    use crate::rng::Rng;

    /// A uniformly random legal action of `s`, applied.
    pub fn random_step<S: GameState>(s: &mut S, rng: &mut Rng) {
        let legal = s.legal_actions();
        s.apply(&legal[rng.below(legal.len() as u64) as usize])
            .unwrap();
    }

    /// Plays `s` on by `step` (a generator seeded by `seed`) for at most
    /// `max` actions or to its end: a sample must play like the real state.
    pub fn play_out<S: GameState>(
        s: &mut S,
        seed: u64,
        max: usize,
        mut step: impl FnMut(&mut S, &mut Rng),
    ) {
        let mut rng = Rng::new(seed);
        for _ in 0..max {
            if s.is_terminal() {
                break;
            }
            step(s, &mut rng);
        }
    }

    /// Walks `s` to its end by `step` (a generator seeded by `seed`); every
    /// `every` actions it calls `check(state, seat, seed)` for one seat in
    /// turn and for the player to move, with seeds derived from `seed`.
    pub fn walk<S: GameState>(
        mut s: S,
        seed: u64,
        every: usize,
        mut step: impl FnMut(&mut S, &mut Rng),
        mut check: impl FnMut(&S, usize, u64),
    ) {
        let mut rng = Rng::new(seed);
        let mut k = 0usize;
        while !s.is_terminal() {
            if k % every == 0 {
                check(&s, k / every % s.num_players(), seed + k as u64);
                if let Some(c) = s.current_player() {
                    check(&s, c, seed + 1 + k as u64);
                }
            }
            step(&mut s, &mut rng);
            k += 1;
        }
    }

    /// Options as the games' constructors take them.
    pub fn owned(opts: &[(&str, &str)]) -> Vec<(String, String)> {
        opts.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(range: std::ops::Range<u8>) -> CardSet {
        range.map(Card).collect()
    }

    #[test]
    fn sizes_and_constraints_hold() {
        let cards = set(0..39);
        let clubs = set(26..39);
        for seed in 0..200 {
            let slots = [
                Slot {
                    size: 13,
                    allowed: cards - clubs,
                },
                Slot {
                    size: 13,
                    allowed: cards,
                },
                Slot {
                    size: 13,
                    allowed: cards - set(0..13),
                },
            ];
            let out = distribute(cards, &slots, &mut Rng::new(seed)).unwrap();
            assert_eq!(out.iter().fold(CardSet::EMPTY, |a, &b| a | b), cards);
            for (s, o) in slots.iter().zip(&out) {
                assert_eq!(o.len() as usize, s.size);
                assert!(s.allowed.contains_all(*o));
            }
        }
    }

    #[test]
    fn tight_constraints_never_dead_end() {
        // Slot 0 must take exactly the cards only it may hold.
        let cards = set(0..8);
        let slots = [
            Slot {
                size: 4,
                allowed: set(0..8),
            },
            Slot {
                size: 2,
                allowed: set(4..8),
            },
            Slot {
                size: 2,
                allowed: set(4..8),
            },
        ];
        for seed in 0..100 {
            let out = distribute(cards, &slots, &mut Rng::new(seed)).unwrap();
            assert_eq!(out[0], set(0..4));
        }
    }

    #[test]
    fn contradictions_are_errors() {
        let cards = set(0..4);
        let slots = [
            Slot {
                size: 2,
                allowed: set(0..1),
            },
            Slot {
                size: 2,
                allowed: set(0..4),
            },
        ];
        assert!(distribute(cards, &slots, &mut Rng::new(1)).is_err());
        let wrong = [Slot {
            size: 3,
            allowed: cards,
        }];
        assert!(distribute(cards, &wrong, &mut Rng::new(1)).is_err());
    }

    #[test]
    fn unconstrained_draw_is_spread() {
        // Each card lands in each of two equal slots about half the time.
        let cards = set(0..10);
        let slots = [
            Slot {
                size: 5,
                allowed: cards,
            },
            Slot {
                size: 5,
                allowed: cards,
            },
        ];
        let mut hits = [0u32; 10];
        for seed in 0..2000 {
            let out = distribute(cards, &slots, &mut Rng::new(seed)).unwrap();
            for c in out[0].iter() {
                hits[c.index() as usize] += 1;
            }
        }
        assert!(hits.iter().all(|&h| (850..1150).contains(&h)), "{hits:?}");
    }
}

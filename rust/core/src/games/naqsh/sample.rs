//! Hidden-card sampling for Naqsh: deals consistent with what a player has
//! seen (see [`crate::sample`]).
//!
//! What a player sees: his own cards, every card drawn (face up), the first
//! two cards of a seat once they are shown (a bust, the banker's turn, the
//! settlement), the stakes and the stock's size. The hidden cards are the
//! other seats' face-down first cards (one each before the second pass of
//! `stake_mode=after_first_card`) and the stock (its order too).
//!
//! What he can infer, and which [`NaqshState::determinize`] keeps:
//!
//! * **A face-down hand whose turn has come is not bust** (a bust is shown
//!   at once), with the face-up cards drawn to it so far. Seats still to
//!   play may hold anything.
//! * **Turns that were played** (§5.2): every `draw` and `stand` was a free
//!   decision, so the hand was open then (not closed: not a natural, a 17,
//!   a special 21, a triple; below the card limit); a turn that ended after a
//!   draw without `stand` ended on a closed hand or the card limit; a turn
//!   with no decision at all ended on a closed two-card hand (a natural,
//!   a special 21). The seat to act, if it is not the player, holds an open
//!   hand.
//!
//! These are facts about sums of two cards, so the face-down pairs are drawn
//! seat by seat from the hidden cards until they agree (200 draws a seat,
//! 50 restarts; in the unlikely case none agrees, the seat keeps its real
//! cards, which always agree). The rest, shuffled, is the stock. The clone's
//! generator is reseeded from `seed` (later hands).

use std::collections::HashMap;
use std::sync::Arc;

use super::hand::{card_value, classify, is_closed, Class};
use super::state::{HandCards, Phase};
use super::NaqshState;
use crate::card::Card;
use crate::error::{check_seat, Result};
use crate::rng::Rng;
use crate::sample::Determinize;

/// How a seat's turn went, as everyone saw it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Turn {
    /// Not played yet: only "not bust" is known.
    Later,
    /// The seat is to act now.
    Now,
    /// The turn is over.
    Done,
}

impl Determinize for NaqshState {
    /// A copy of this state in which every card `player` cannot see (the
    /// other seats' face-down cards, the stock) has been dealt again at
    /// random, consistently with everything `player` has seen (see the module
    /// comment); its generator is reseeded from `seed`.
    ///
    /// ```
    /// use hukm_core::games::naqsh::Naqsh;
    /// use hukm_core::sample::Determinize;
    /// let s = Naqsh::new(&[]).unwrap().new_game(3, None).unwrap();
    /// let d = s.determinize(0, 9).unwrap();
    /// assert_eq!(d.cards(0), s.cards(0));
    /// assert_eq!(d.stock().len(), s.stock().len());
    /// ```
    fn determinize(&self, player: usize, seed: u64) -> Result<Self> {
        let n = self.cfg.players;
        check_seat("player", player, n)?;
        let mut out = self.clone();
        out.rng = Rng::new(seed);
        if self.phase == Phase::Over {
            return Ok(out);
        }
        let mut rng = Rng::new(Rng::derive(seed, 0x7A45));
        // Seats with face-down cards, in the order of play, and their turn.
        let seats: Vec<(usize, usize, Turn)> = (0..n)
            .map(|t| (t, self.seat_at(t)))
            .filter(|&(_, s)| s != player && !self.revealed[s])
            .map(|(t, s)| {
                let turn = if self.phase != Phase::Play || t > self.turn {
                    Turn::Later
                } else if t == self.turn {
                    Turn::Now
                } else {
                    Turn::Done
                };
                let k = self.hands[s].cards().len().min(2);
                (s, k, turn)
            })
            .collect();
        let mut pool: Vec<Card> = seats
            .iter()
            .flat_map(|&(s, k, _)| self.hands[s].cards()[..k].to_vec())
            .collect();
        pool.extend_from_slice(self.stock());
        let mut chosen: Option<Vec<Vec<Card>>> = None;
        'restart: for _ in 0..50 {
            let mut left = pool.clone();
            rng.shuffle(&mut left);
            let mut got = Vec::with_capacity(seats.len());
            for &(s, k, turn) in &seats {
                let mut ok = None;
                for _ in 0..200 {
                    let mut idx: Vec<usize> = Vec::with_capacity(k);
                    while idx.len() < k {
                        let i = rng.below(left.len() as u64) as usize;
                        if !idx.contains(&i) {
                            idx.push(i);
                        }
                    }
                    let first: Vec<Card> = idx.iter().map(|&i| left[i]).collect();
                    if self.agrees(s, &first, turn) {
                        ok = Some((idx, first));
                        break;
                    }
                }
                let Some((mut idx, first)) = ok else {
                    continue 'restart;
                };
                idx.sort_unstable_by(|a, b| b.cmp(a));
                for i in idx {
                    left.swap_remove(i);
                }
                got.push(first);
            }
            got.push(left);
            chosen = Some(got);
            break;
        }
        let got = match chosen {
            Some(g) => g,
            None => {
                // Nothing agreed: the real face-down cards, a fresh stock.
                let mut g: Vec<Vec<Card>> = seats
                    .iter()
                    .map(|&(s, k, _)| self.hands[s].cards()[..k].to_vec())
                    .collect();
                let mut stock = self.stock().to_vec();
                rng.shuffle(&mut stock);
                g.push(stock);
                g
            }
        };
        let mut swap: HashMap<Card, Card> = HashMap::new();
        for (&(s, k, _), first) in seats.iter().zip(&got) {
            let cards = self.hands[s].cards();
            for (&old, &new) in cards[..k].iter().zip(first) {
                swap.insert(old, new);
            }
            out.hands[s] = self.build(first, &cards[k..]);
        }
        let next = self.next.min(self.order.len());
        let mut order: Vec<Card> = self.order[..next]
            .iter()
            .map(|c| *swap.get(c).unwrap_or(c))
            .collect();
        order.extend_from_slice(got.last().expect("the stock"));
        out.order = Arc::new(order);
        Ok(out)
    }
}

impl NaqshState {
    fn open_hand(&self, h: &HandCards) -> bool {
        let class = classify(&h.tally, &self.cfg);
        let full = self.cfg.max_cards > 0 && h.cards().len() >= self.cfg.max_cards;
        class != Class::Bust && !is_closed(class, &self.cfg) && !full
    }

    fn build(&self, first: &[Card], drawn: &[Card]) -> HandCards {
        let mut h = HandCards::default();
        for &c in first.iter().chain(drawn) {
            h.push(c, card_value(&self.cfg.pack, c));
        }
        h
    }

    /// True when face-down cards `first` for `seat` agree with its turn.
    fn agrees(&self, seat: usize, first: &[Card], turn: Turn) -> bool {
        let cards = self.hands[seat].cards();
        let drawn = &cards[first.len().min(cards.len())..];
        if turn == Turn::Later {
            return true;
        }
        let full = self.build(first, drawn);
        if classify(&full.tally, &self.cfg) == Class::Bust {
            return false;
        }
        let acted = self.acted[seat];
        let k_max = drawn.len();
        let decided = (0..k_max).all(|k| self.open_hand(&self.build(first, &drawn[..k])));
        match (turn, acted) {
            (Turn::Now, _) => decided && self.open_hand(&full),
            (Turn::Done, true) if self.stood[seat] => decided && self.open_hand(&full),
            (Turn::Done, true) => decided && !self.open_hand(&full),
            (Turn::Done, false) => !self.open_hand(&full),
            (Turn::Later, _) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Naqsh;
    use super::*;
    use crate::game::GameState;
    use crate::sample::testing::{owned, play_out, random_step, walk};

    fn presets() -> Vec<Vec<(&'static str, &'static str)>> {
        vec![
            vec![],
            vec![("players", "2")],
            vec![("players", "8"), ("pack", "euro48")],
            vec![("pack", "dashavatara120"), ("mode", "pool")],
            vec![("stake_mode", "after_first_card"), ("combos", "true")],
            vec![("special21", "true"), ("special21_mode", "target_21")],
            vec![
                ("special21", "true"),
                ("bonus_payouts", "true"),
                ("max_cards", "3"),
            ],
            vec![("banker_rule", "stand_at_n"), ("ties", "push")],
        ]
    }

    fn game(opts: &[(&str, &str)]) -> Naqsh {
        Naqsh::new(&owned(opts)).unwrap()
    }

    fn check(s: &NaqshState, player: usize, seed: u64) {
        let d = s.determinize(player, seed).unwrap();
        assert_eq!(
            d.observation(player).unwrap(),
            s.observation(player).unwrap()
        );
        let n = s.cfg.players;
        let mut a: Vec<Card> = s.stock().to_vec();
        let mut b: Vec<Card> = d.stock().to_vec();
        for seat in 0..n {
            assert_eq!(d.cards(seat).len(), s.cards(seat).len());
            a.extend_from_slice(s.cards(seat));
            b.extend_from_slice(d.cards(seat));
            let t = (seat + n - s.banker - 1) % n;
            if s.phase == Phase::Play && t <= s.turn {
                // Shown busts only: a face-down hand is never bust.
                let bust = classify(&d.hands[seat].tally, &d.cfg) == Class::Bust;
                assert!(!bust || d.revealed[seat]);
            }
        }
        a.sort();
        b.sort();
        assert_eq!(a, b);
        assert_eq!(d.cards(player), s.cards(player));
        let again = s.determinize(player, seed).unwrap();
        assert_eq!(again.stock(), d.stock());
        play_out(&mut d.clone(), seed, usize::MAX, random_step);
    }

    #[test]
    fn samples_agree_with_what_the_player_saw() {
        for (k, opts) in presets().iter().enumerate() {
            let g = game(opts);
            for seed in 0..10u64 {
                let s = g.new_game(seed * 13 + k as u64, None).unwrap();
                walk(s, seed, 1, random_step, check);
            }
        }
    }
}

//! Hidden-card sampling for Dashavatara: deals consistent with what a player
//! has seen (see [`crate::sample`]).
//!
//! What a player sees (see [`DashaState::observe`]): his own hand, every hand's
//! size, every card played (tricks, ducals and the discards to them are all
//! face up). The hidden cards are the other two hands. What he can infer from
//! the play of the current deal, and which [`DashaState::determinize`] keeps:
//!
//! * **Follows to a single card (§5.3).** A follower who plays a card of
//!   another suit than the led suit `L` holds no card of `L`. When the card
//!   played is of a suit `s` that is not the trump, `s` was the first suit he
//!   held in the scan after `L` (a trump is always allowed, but a non-trump
//!   card only from the first held suit): he also holds no card of any suit
//!   the scan passed before reaching `s` — the trump suit included under
//!   `void_scan=include_trump` (the scan would have stopped there), left out
//!   under `skip_trump` (the scan skips it). When the card played is a trump,
//!   nothing beyond the void in `L` follows: a trump is legal whichever suit
//!   the scan reaches. These voids last the whole deal (cards only leave a
//!   hand).
//! * **Ducals (§5.2).** Under `ducal_length=maximal` the leader of a ducal
//!   `a..=b` holds neither numeral `a-1` nor `b+1` of its suit (the run had to
//!   include them). Under `any_subrun` a ducal says nothing about the rest of
//!   the hand, and a ducal not led says nothing (it is never forced).
//! * **Discards to a ducal** are free (§5.4): nothing is inferred.
//! * **The opening (§5.1).** Until the trump Raja is led, the seat to lead
//!   trick 1 is known to hold it: it stays there.
//!
//! The sizes of the hands are public and kept. The clone's generator is
//! reseeded from `seed`, so the deals after this one (when `deals` is more
//! than 1) are not the real ones.

use super::rules;
use super::DashaState;
use crate::card::CardSet;
use crate::error::{check_seat, Result};
use crate::rng::Rng;
use crate::sample::{distribute, Determinize, Slot};

impl Determinize for DashaState {
    /// A copy of this state in which every card `player` cannot see (the other
    /// two hands) has been dealt again at random, consistently with everything
    /// `player` has seen (see the module comment); its generator is reseeded
    /// from `seed`.
    ///
    /// ```
    /// use hukm_core::games::dashavatara::Dashavatara;
    /// use hukm_core::sample::Determinize;
    /// let s = Dashavatara::new(&[]).unwrap().new_game(3);
    /// let d = s.determinize(0, 9).unwrap();
    /// assert_eq!(d.hands()[0], s.hands()[0]);
    /// assert_eq!(d.hands()[1] | d.hands()[2], s.hands()[1] | s.hands()[2]);
    /// ```
    fn determinize(&self, player: usize, seed: u64) -> Result<Self> {
        check_seat("player", player, 3)?;
        let mut out = self.clone();
        out.rng = Rng::new(seed);
        let others = [(player + 1) % 3, (player + 2) % 3];
        let hidden = others
            .iter()
            .fold(CardSet::EMPTY, |a, &o| a | self.hands[o]);
        let absent = self.known_absent();
        let slots: Vec<Slot> = others
            .iter()
            .map(|&o| Slot {
                size: self.hands[o].len() as usize,
                allowed: hidden - absent[o],
            })
            .collect();
        let mut rng = Rng::new(Rng::derive(seed, 0xDA5A));
        let dealt = distribute(hidden, &slots, &mut rng)?;
        for (&o, &h) in others.iter().zip(&dealt) {
            out.hands[o] = h;
        }
        Ok(out)
    }
}

impl DashaState {
    /// Cards each seat is known (by every player) not to hold now.
    pub fn known_absent(&self) -> [CardSet; 3] {
        let mut ex = self.excluded;
        let tk = rules::raja(self.rules.trump);
        if self.opening && self.trick.is_empty() {
            for (seat, e) in ex.iter_mut().enumerate() {
                if seat != self.leader {
                    e.insert(tk);
                }
            }
        }
        ex
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::follow_inference;
    use super::super::tests::game;
    use super::super::DashaAction;
    use super::*;
    use crate::game::GameState;
    use crate::sample::testing::{play_out, walk};

    fn presets() -> Vec<Vec<(&'static str, &'static str)>> {
        vec![
            vec![],
            vec![("period", "night")],
            vec![("avatar_list", "balarama_krishna"), ("period", "night")],
            vec![("void_scan", "skip_trump")],
            vec![("ducal", "false")],
            vec![("ducal_run", "top_run")],
            vec![("ducal_length", "maximal"), ("void_scan", "skip_trump")],
            vec![("deals", "2")],
        ]
    }

    fn random_step(s: &mut DashaState, rng: &mut Rng) {
        let legal = s.legal();
        // Ducals are rare in random play: prefer them when there are some.
        let ducals: Vec<&DashaAction> = legal
            .iter()
            .filter(|a| matches!(a, DashaAction::Ducal(_)))
            .collect();
        let a = if !ducals.is_empty() && rng.below(2) == 0 {
            *ducals[rng.below(ducals.len() as u64) as usize]
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        s.apply_action(a).unwrap();
    }

    /// Checks every property of one sample of `s` for `player`.
    fn check(s: &DashaState, player: usize, seed: u64) {
        let d = s.determinize(player, seed).unwrap();
        assert_eq!(
            d.observation(player).unwrap(),
            s.observation(player).unwrap()
        );
        assert_eq!(d.hands[player], s.hands[player]);
        let all = |x: &DashaState| x.hands[0] | x.hands[1] | x.hands[2];
        assert_eq!(all(&d), all(s));
        for seat in 0..3 {
            assert_eq!(d.hands[seat].len(), s.hands[seat].len());
            assert!((d.hands[seat] & s.known_absent()[seat]).is_empty());
            // The real hands satisfy the inferences too (they are sound).
            assert!((s.hands[seat] & s.known_absent()[seat]).is_empty());
        }
        let again = s.determinize(player, seed).unwrap();
        assert_eq!(again.hands, d.hands);
        play_out(&mut d.clone(), seed ^ 77, 60, random_step);
    }

    #[test]
    fn samples_agree_with_what_the_player_saw() {
        for (k, opts) in presets().iter().enumerate() {
            let g = game(opts);
            for seed in 0..6u64 {
                walk(g.new_game(seed * 31 + k as u64), seed, 23, random_step, check);
            }
        }
    }

    #[test]
    fn voids_are_inferred_from_the_scan() {
        let g = game(&[]);
        let r = g.config().rules();
        // Day: trump RA (index 6). Led PA (5), played KR (7): RA was passed,
        // so the follower has no RA either... but KR is after RA: void in RA.
        let lead = rules::numeral(5, 3);
        let kr = rules::numeral(7, 2);
        let inf = follow_inference(lead, kr, &r);
        assert_eq!(inf, rules::suit_mask(5) | rules::suit_mask(6));
        // A trump played: only the led suit.
        let ra = rules::numeral(6, 2);
        assert_eq!(follow_inference(lead, ra, &r), rules::suit_mask(5));
        // Following suit: nothing.
        assert!(follow_inference(lead, rules::numeral(5, 4), &r).is_empty());
        // Skip-trump scan passes over the trump without inferring a void.
        let g2 = game(&[("void_scan", "skip_trump")]);
        let r2 = g2.config().rules();
        assert_eq!(follow_inference(lead, kr, &r2), rules::suit_mask(5));
        // Wrapping: led suit 9 (KA), played suit 1.
        let inf = follow_inference(rules::numeral(9, 3), rules::numeral(1, 3), &r);
        assert_eq!(inf, rules::suit_mask(9) | rules::suit_mask(0));
    }

    #[test]
    fn bad_player_is_an_error() {
        let s = game(&[]).new_game(1);
        assert!(s.determinize(3, 0).is_err());
    }
}

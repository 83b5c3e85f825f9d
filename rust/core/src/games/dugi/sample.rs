//! Hidden-card sampling for Dugi: deals consistent with what a player has
//! seen (see [`crate::sample`]).
//!
//! What a player sees: his own hand, every card played, the King pass's
//! outcome (and the exchanged cards when he is one of the two partners), the
//! partner's named suit after an ask, the suit named for a void follower,
//! and who is to act (so whether a follower holds the led suit). The hidden
//! cards are the other three hands. What he can infer, and which
//! [`DugiState::determinize`] keeps (as cards a seat cannot hold):
//!
//! * **Follows** (B.5): a follower who does not play the led suit holds none
//!   of it; one who plays a card of the suit named for him played his highest
//!   card of it (he holds none above it); one who plays another suit holds
//!   none of the named suit.
//! * **Cashing hukms**: a leader who asks holds no hukm: none of the highest
//!   unplayed cards of the suits (everyone can tell which they are, since
//!   every card is in some hand). A card led below the top of its suit shows
//!   either that he holds every card above it (it is a hukm) or that he holds
//!   no hukm at all; no single card follows, so nothing is kept.
//! * **The ask**: a leader who then leads outside the named suit holds none
//!   of it.
//! * **The lead King** stays with its holder (C1, or C2 after the pass was
//!   made; the holder leads or offers, so everyone knows him); the cards a
//!   player saw exchanged in the King pass stay where he knows they are.
//! * **The current step**: the follower to act (not a void follower waiting
//!   for a named suit) holds the led suit: one card of it is placed with him
//!   first.
//!
//! The clone's generator is reseeded from `seed` (later deals).

use super::play::DStep;
use super::DugiState;
use crate::card::{Card, CardSet};
use crate::error::{check_seat, Error, Result};
use crate::rng::Rng;
use crate::sample::{distribute, Determinize, Slot};

impl Determinize for DugiState {
    /// A copy of this state in which every card `player` cannot see has been
    /// dealt again at random, consistently with everything `player` has seen
    /// (see the module comment); its generator is reseeded from `seed`.
    ///
    /// ```
    /// use hukm_core::games::dugi::Dugi;
    /// use hukm_core::sample::Determinize;
    /// let s = Dugi::new(&[]).unwrap().new_game(3, None).unwrap();
    /// let d = s.determinize(0, 9).unwrap();
    /// assert_eq!(d.play().hands[0], s.play().hands[0]);
    /// ```
    fn determinize(&self, player: usize, seed: u64) -> Result<Self> {
        check_seat("player", player, 4)?;
        let mut out = self.clone();
        out.rng = Rng::new(seed);
        if self.over {
            return Ok(out);
        }
        let mut rng = Rng::new(Rng::derive(seed, 0xD061));
        let cfg = &self.cfg;
        let p = &self.play;
        let seats: Vec<usize> = (0..4).filter(|&s| s != player).collect();
        let mut fixed = [CardSet::EMPTY; 4];
        let king = p.king(cfg);
        for &s in &seats {
            fixed[s] = p.hands[s] & (self.known[player] | king.set());
        }
        let hidden = seats.iter().fold(CardSet::EMPTY, |a, &s| a | p.hands[s]);
        if let (DStep::Follow(f), None) = (p.step, p.named) {
            let f = f as usize;
            let led = cfg.pack.suit_mask(p.led_suit);
            if f != player && (fixed[f] & led).is_empty() {
                let taken = fixed.iter().fold(CardSet::EMPTY, |a, &x| a | x);
                let can: Vec<Card> = ((hidden - taken) & (led - self.absent[f])).iter().collect();
                if can.is_empty() {
                    return Err(Error::State("no card of the led suit to give".into()));
                }
                fixed[f].insert(can[rng.below(can.len() as u64) as usize]);
            }
        }
        let pool = hidden - fixed.iter().fold(CardSet::EMPTY, |a, &x| a | x);
        let slots: Vec<Slot> = seats
            .iter()
            .map(|&s| Slot {
                size: (p.hands[s].len() - fixed[s].len()) as usize,
                allowed: pool - self.absent[s],
            })
            .collect();
        let dealt = distribute(pool, &slots, &mut rng)?;
        for (i, &s) in seats.iter().enumerate() {
            out.play.hands[s] = dealt[i] | fixed[s];
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Dugi;
    use super::*;
    use crate::game::GameState;
    use crate::sample::testing::{owned, play_out, random_step, walk};
    use crate::games::ganjifa_cards::unplayed;

    fn presets() -> Vec<Vec<(&'static str, &'static str)>> {
        vec![
            vec![],
            vec![("pack", "dashavatara"), ("period", "night")],
            vec![("king_pass", "off"), ("reversed_set", "iran")],
            vec![("lead_suit_by", "cut"), ("hands", "2")],
        ]
    }

    fn check(s: &DugiState, player: usize, seed: u64) {
        let d = s.determinize(player, seed).unwrap();
        assert_eq!(
            d.observation(player).unwrap(),
            s.observation(player).unwrap()
        );
        assert_eq!(d.play.hands[player], s.play.hands[player]);
        assert_eq!(unplayed(&d.play.hands), unplayed(&s.play.hands));
        for seat in 0..4 {
            assert_eq!(d.play.hands[seat].len(), s.play.hands[seat].len());
            assert!((d.play.hands[seat] & s.absent[seat]).is_empty());
            assert!((s.play.hands[seat] & s.absent[seat]).is_empty(), "unsound");
        }
        assert_eq!(s.determinize(player, seed).unwrap().play, d.play);
        play_out(&mut d.clone(), seed ^ 3, usize::MAX, random_step);
    }

    #[test]
    fn samples_agree_with_what_the_player_saw() {
        for (k, opts) in presets().iter().enumerate() {
            let g = Dugi::new(&owned(opts)).unwrap();
            for seed in 0..6u64 {
                let s = g.new_game(seed * 7 + k as u64, None).unwrap();
                walk(s, seed, 1, random_step, check);
            }
        }
    }
}

//! Hidden-card sampling for individual Ganjifa: deals consistent with what a
//! player has seen (see [`crate::sample`]).
//!
//! What a player sees (see the observation): his own hand, every hand's size,
//! every card played (a face-down lead only when its trick ends, unless it is
//! his), the cards of other seats that are public (face-up batches, won cards
//! that became a hand) or that he alone knows (exchanges, cards he sold), and
//! the step the hand is at. The hidden cards are the rest of the other hands,
//! plus the card of a face-down lead in progress when it is not his.
//!
//! What he can infer from the play of the current hand, and which
//! [`GanjifaState::determinize`] keeps (all of it as cards a seat cannot hold,
//! or must hold, see [`Inferred`]):
//!
//! * **A leader without a hukm.** The end phase's naming step (E2) and a blind
//!   surrender only happen when the leader holds no hukm: he holds none of the
//!   highest unplayed cards of the suits at that moment (which everyone knows).
//! * **A named suit he lacks.** A blind surrender after E2 naming `X` shows
//!   the leader holds no card of `X`.
//! * **Utari / E1** (all his hukms led at once in the end phase): afterwards
//!   the leader holds none of the highest unplayed cards.
//! * **Step 1** (a compound lead with two cards or more of one suit, which
//!   only step 1 makes): the leader kept the lowest hukm of each suit led — the
//!   highest unplayed card of that suit now, which he must hold — and not the
//!   card below it (it would have been a hukm too).
//! * **A deni.** The called holder holds the top card (and the third when he
//!   is asked to double); after `pass` he still holds the third.
//! * **Follows.** Under `follow_rule=must_beat_if_able`, a follower to a
//!   single who did not beat the best card holds no card of the led suit
//!   above it; a follower to a face-down lead who did not give the named suit
//!   holds none of it. By default following is free: nothing is inferred.
//! * **The current step**: a sample must put the hand at the same step (the
//!   same compulsory lead kind, a card of the named suit for E2's lead); such
//!   disjunctive facts (e.g. "no deni was possible", "he holds some hukm") are
//!   kept by drawing again until the sample agrees (64 draws at most), and
//!   only for the current step (past leads keep the per-card facts above).
//!
//! A face-down lead in progress that is not the player's is dealt again among
//! the leader's possible cards (the facts above; that it was not a hukm is
//! not kept). Ser-k'hel piles are shuffled again. The clone's generator is
//! reseeded from `seed` (later blind picks, later deals).

use super::config::GanjifaConfig;
pub use super::inferred::Inferred;
use super::play::{Kind, Play, Step, MAX_SEATS};
use super::GanjifaState;
use crate::card::{Card, CardSet};
use crate::deal::shuffled;
use crate::error::{check_seat, Error, Result};
use crate::rng::Rng;
use crate::sample::{distribute, Determinize, Slot};

/// True when a sample's play is at the same step as the real one and can go on.
fn same_step(cfg: &GanjifaConfig, real: &Play, det: &Play) -> bool {
    match real.step {
        Step::Lead | Step::Name | Step::Blind => {
            let mut copy = *det;
            copy.reenter(cfg);
            // A blind surrender in the end phase follows E2's naming: what it
            // shows is that the leader has no hukm, as at the naming step.
            let expected =
                if real.step == Step::Blind && real.opening_done && real.in_end_phase(cfg) {
                    Step::Name
                } else {
                    real.step
                };
            copy.step == expected && !det.legal(cfg).is_empty()
        }
        Step::NamedLead(x) => !(det.hands[det.leader as usize] & cfg.pack.suit_mask(x)).is_empty(),
        _ => !det.legal(cfg).is_empty(),
    }
}

/// The strongest card of the deciding suit in a single or face-down lead,
/// with its seat (play order from the leader).
fn best_of(cfg: &GanjifaConfig, p: &Play) -> Option<(u8, Card)> {
    let t = &p.trick;
    let n = p.n;
    let mut best: Option<(u8, Card)> = None;
    for k in 0..n {
        let seat = (t.leader + k) % n;
        for c in (t.played[seat as usize] & cfg.pack.suit_mask(t.suit)).iter() {
            if best.map_or(true, |(_, b)| c.0 > b.0) {
                best = Some((seat, c));
            }
        }
    }
    best
}

impl Determinize for GanjifaState {
    /// A copy of this state in which every card `player` cannot see has been
    /// dealt again at random, consistently with everything `player` has seen
    /// (see the module comment); its generator is reseeded from `seed`.
    ///
    /// ```
    /// use hukm_core::games::ganjifa::Ganjifa;
    /// use hukm_core::sample::Determinize;
    /// let s = Ganjifa::new(&[]).unwrap().new_game(3, None).unwrap();
    /// let d = s.determinize(0, 9).unwrap();
    /// assert_eq!(d.hands()[0], s.hands()[0]);
    /// assert_ne!(d.hands()[1], s.hands()[1]);
    /// ```
    fn determinize(&self, player: usize, seed: u64) -> Result<Self> {
        let n = self.cfg.players;
        check_seat("player", player, n)?;
        let mut out = self.clone();
        out.rng = Rng::new(seed);
        let mut rng = Rng::new(Rng::derive(seed, 0x6A4F));
        if self.phase == super::state::Phase::Serkhel {
            for pile in out.piles.iter_mut() {
                *pile = shuffled(pile, &mut rng);
            }
        }
        if !matches!(
            self.phase,
            super::state::Phase::Play | super::state::Phase::Exchange
        ) {
            return Ok(out);
        }
        let mut last_err = None;
        for _ in 0..64 {
            match self.draw(player, &mut rng) {
                Ok(play) if same_step(&self.cfg, &self.play, &play) => {
                    out.play = play;
                    return Ok(out);
                }
                Ok(_) => {}
                Err(e) => last_err = Some(e),
            }
        }
        Err(last_err.unwrap_or_else(|| {
            Error::State("no deal of the hidden cards fits what the player has seen".into())
        }))
    }
}

impl GanjifaState {
    /// One draw of the hidden cards (the step is checked by the caller).
    fn draw(&self, player: usize, rng: &mut Rng) -> Result<Play> {
        let cfg = &self.cfg;
        let n = cfg.players;
        let p = &self.play;
        let inf = &self.inferred;
        let mut play = *p;
        let seats: Vec<usize> = (0..n).filter(|&s| s != player).collect();
        // Cards that stay where the player knows they are.
        let mut fixed = [CardSet::EMPTY; MAX_SEATS];
        for &s in &seats {
            fixed[s] = p.hands[s] & (self.public[s] | self.known[player] | inf.held[s]);
        }
        let t = &p.trick;
        let l = p.leader as usize;
        if p.step == Step::Lead && !p.opening_done && p.hands[l].contains(cfg.lead_king) {
            fixed[l].insert(cfg.lead_king);
        }
        if matches!(p.step, Step::Give | Step::Double) && t.kind == Kind::Deni {
            let h = t.holder as usize;
            fixed[h] |= p.hands[h] & t.forced;
        }
        let mut hidden: CardSet = seats.iter().fold(CardSet::EMPTY, |a, &s| a | p.hands[s]);
        let facedown = matches!(p.step, Step::Give) && t.kind == Kind::Facedown && l != player;
        if facedown {
            hidden |= t.led;
        }
        let pinned = fixed.iter().fold(CardSet::EMPTY, |a, &f| a | f);
        let pool = hidden - pinned;
        if let Step::NamedLead(x) = p.step {
            // The leader holds a card of the named suit: one is placed first.
            if l != player && (fixed[l] & cfg.pack.suit_mask(x)).is_empty() {
                let can = pool & (cfg.pack.suit_mask(x) - inf.absent[l]);
                let v: Vec<Card> = can.iter().collect();
                if v.is_empty() {
                    return Err(Error::State("no card of the named suit to give".into()));
                }
                fixed[l].insert(v[rng.below(v.len() as u64) as usize]);
            }
        }
        let pinned = fixed.iter().fold(CardSet::EMPTY, |a, &f| a | f);
        let pool = hidden - pinned;
        let mut slots: Vec<Slot> = seats
            .iter()
            .map(|&s| Slot {
                size: (p.hands[s].len() - fixed[s].len()) as usize,
                allowed: pool - inf.absent[s],
            })
            .collect();
        if facedown {
            slots.push(Slot {
                size: 1,
                allowed: pool - inf.absent[l],
            });
        }
        let dealt = distribute(pool, &slots, rng)?;
        for (i, &s) in seats.iter().enumerate() {
            play.hands[s] = dealt[i] | fixed[s];
        }
        if facedown {
            let c = dealt[seats.len()];
            play.trick.led = c;
            play.trick.played[l] = c;
            play.trick.best = best_of(cfg, &play);
        }
        Ok(play)
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::unplayed;
    use super::super::Ganjifa;
    use super::*;
    use crate::game::GameState;
    use crate::sample::testing::{play_out, random_step, walk};

    fn presets() -> Vec<Vec<(&'static str, &'static str)>> {
        vec![
            vec![],
            vec![("players", "4")],
            vec![("pack", "dashavatara"), ("players", "4")],
            vec![("pack", "french52")],
            vec![("face_up_batches", "true"), ("period", "night")],
            vec![("lead_rules", "wilkins")],
            vec![("lead_rules", "wilkins"), ("end_phase", "true")],
            vec![("step1_grouping", "one_suit"), ("deni_mandatory", "false")],
            vec![
                ("follow_rule", "must_beat_if_able"),
                ("blind_pick", "neighbour_index"),
            ],
            vec![("handicap", "exchange"), ("rounds", "2")],
            vec![
                ("handicap", "won_cards"),
                ("rounds", "2"),
                ("serkhel", "true"),
            ],
            vec![("end_phase_count", "total"), ("deni_doubling", "false")],
        ]
    }

    fn game(opts: &[(&str, &str)]) -> Ganjifa {
        Ganjifa {
            cfg: std::sync::Arc::new(super::super::tests::cfg(opts)),
        }
    }

    fn check(s: &GanjifaState, player: usize, seed: u64) {
        let d = match s.determinize(player, seed) {
            Ok(d) => d,
            Err(e) => panic!(
                "{e}: player {player}, step {}, {:?}\n{}",
                s.step_name(),
                s.inferred,
                s.render()
            ),
        };
        assert_eq!(
            d.observation(player).unwrap(),
            s.observation(player).unwrap()
        );
        let n = s.cfg.players;
        assert_eq!(d.hands()[player], s.hands()[player]);
        let all = |x: &GanjifaState| {
            let t = &x.play.trick;
            let mut u = unplayed(x.hands());
            if x.play.step == Step::Give && t.kind == Kind::Facedown {
                u |= t.led;
            }
            u
        };
        assert_eq!(all(&d), all(s));
        for seat in 0..n {
            assert_eq!(d.hands()[seat].len(), s.hands()[seat].len());
            let inf = &s.inferred;
            assert!((d.hands()[seat] & inf.absent[seat]).is_empty());
            assert!((s.hands()[seat] & inf.absent[seat]).is_empty(), "unsound");
            assert!(s.hands()[seat].contains_all(inf.held[seat] & unplayed(s.hands())));
            assert!(d.hands()[seat].contains_all(inf.held[seat] & unplayed(s.hands())));
        }
        assert_eq!(s.determinize(player, seed).unwrap().play, d.play);
        play_out(&mut d.clone(), seed ^ 5, 40, random_step);
    }

    #[test]
    fn samples_agree_with_what_the_player_saw() {
        for (k, opts) in presets().iter().enumerate() {
            let g = game(opts);
            for seed in 0..4u64 {
                let s = g.new_game(seed * 17 + k as u64, None).unwrap();
                walk(s, seed, 7, random_step, check);
            }
        }
    }
}

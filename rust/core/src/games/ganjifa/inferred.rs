//! What every player learns about the hands from the play of a hand of
//! individual Ganjifa (cards a seat cannot hold, or must hold), kept in the
//! state and used by hidden-card sampling ([`super::sample`]).

use super::config::GanjifaConfig;
use super::play::{Act, Kind, Play, Step, MAX_SEATS};
use super::rules::{above, unplayed};
use crate::card::{CardSet, Suit};

/// Facts about the hands every player has learnt from the play of a hand.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Inferred {
    /// Cards each seat is known not to hold.
    pub absent: [CardSet; MAX_SEATS],
    /// Cards each seat is known to hold (while they are unplayed).
    pub held: [CardSet; MAX_SEATS],
}

/// The highest unplayed card of every suit.
fn tops(cfg: &GanjifaConfig, p: &Play) -> CardSet {
    let un = unplayed(p.hands());
    (0..cfg.pack.num_suits() as Suit)
        .filter_map(|s| (un & cfg.pack.suit_mask(s)).highest())
        .collect()
}

impl Inferred {
    /// What the step the hand is now at shows (called at every step).
    pub fn at_step(&mut self, cfg: &GanjifaConfig, p: &Play) {
        let l = p.leader as usize;
        match p.step {
            Step::Name | Step::Blind if p.opening_done => self.absent[l] |= tops(cfg, p),
            Step::Double => {
                let t = &p.trick;
                self.held[t.holder as usize] |= t.forced;
            }
            _ => {}
        }
    }

    /// What the act `act`, taking the hand from `before` to `after`, shows.
    pub fn after_act(&mut self, cfg: &GanjifaConfig, before: &Play, act: Act, after: &Play) {
        let pack = &cfg.pack;
        let l = before.leader as usize;
        match act {
            Act::Name(x) if after.step == Step::Blind => self.absent[l] |= pack.suit_mask(x),
            Act::Lead(_)
                if before.step == Step::Lead && before.opening_done && before.in_end_phase(cfg) =>
            {
                // E1: every hukm was led.
                self.absent[l] |= tops(cfg, after);
            }
            Act::Lead(cards) if cards.len() >= 2 && before.opening_done => {
                let suits: Vec<Suit> = (0..pack.num_suits() as Suit)
                    .filter(|&s| !(cards & pack.suit_mask(s)).is_empty())
                    .collect();
                let step1 = suits
                    .iter()
                    .any(|&s| (cards & pack.suit_mask(s)).len() >= 2);
                if step1 && !after.phase2 {
                    let un = unplayed(after.hands());
                    for s in suits {
                        let mut rest = (un & pack.suit_mask(s)).iter().rev();
                        if let Some(kept) = rest.next() {
                            self.held[l].insert(kept);
                        }
                        if let Some(below) = rest.next() {
                            self.absent[l].insert(below);
                        }
                    }
                }
            }
            Act::Give(c) if before.step == Step::Give => {
                let t = &before.trick;
                let seat = t.queue[t.qi as usize].0 as usize;
                let duty = match t.kind {
                    Kind::Single if cfg.must_beat => {
                        let best = t.best.map(|(_, b)| b).expect("a single has a led card");
                        pack.suit_mask(t.suit) & above(best)
                    }
                    Kind::Facedown => pack.suit_mask(t.suit),
                    _ => CardSet::EMPTY,
                };
                if !duty.contains(c) {
                    self.absent[seat] |= duty;
                }
            }
            _ => {}
        }
    }
}

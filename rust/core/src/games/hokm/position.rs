//! Positions: one hand of trick play set up from a deal (`from_deal`), the
//! heap of a collection preset (`set_heap`), and the solver's view of a state.

use std::sync::Arc;

use super::config::HokmConfig;
use super::state::{HokmState, Phase};
use crate::card::{CardSet, Suit};
use crate::error::{Error, Result};
use crate::rng::Rng;

impl HokmState {
    /// One hand of trick play from a position (see the module notes).
    pub fn from_deal(
        cfg: Arc<HokmConfig>,
        hands: &[CardSet],
        trump: Option<Suit>,
        leader: usize,
        hakem: Option<usize>,
        tricks_won: Option<&[u8]>,
    ) -> Result<HokmState> {
        let n = cfg.players;
        if hands.len() != n {
            return Err(Error::Notation(format!(
                "{} hands given, this game needs {}",
                hands.len(),
                n
            )));
        }
        for (name, seat) in [("leader", Some(leader)), ("hakem", hakem)] {
            if let Some(s) = seat {
                if s >= n {
                    return Err(Error::State(format!(
                        "{} seat {} out of range 0..{}",
                        name,
                        s,
                        n - 1
                    )));
                }
            }
        }
        let size = hands[0].len() as usize;
        let per_hand = cfg.tricks_per_hand();
        if size == 0 || size > per_hand {
            return Err(Error::Notation(format!(
                "hands of {} cards: a position needs 1 to {} cards per hand",
                size, per_hand
            )));
        }
        let sides = cfg.num_sides();
        let won: Vec<u8> = match tricks_won {
            None => vec![0; sides],
            Some(t) if t.len() == sides => t.to_vec(),
            Some(t) => {
                return Err(Error::State(format!(
                    "tricks_won has {} entries, this game has {} sides",
                    t.len(),
                    sides
                )))
            }
        };
        let already: usize = won.iter().map(|&x| x as usize).sum();
        if already + size > per_hand {
            return Err(Error::State(format!(
                "tricks_won adds up to {} and {} tricks remain: more than the {} tricks of a hand",
                already, size, per_hand
            )));
        }
        let mut s = HokmState::blank(cfg, Rng::new(0), true);
        if s.cfg.dummy {
            s.table = super::scoring::dummy_table(0);
        }
        s.hands[..n].copy_from_slice(hands);
        s.trump = trump;
        s.hakem = hakem.unwrap_or(leader);
        s.dealer = (s.hakem + n - 1) % n;
        s.leader = leader;
        s.current = leader;
        s.phase = Phase::Play;
        s.tricks_won[..sides].copy_from_slice(&won);
        match (s.cfg.first_void, trump) {
            (Some(5), None) => {
                return Err(Error::State(
                    "trump_mode=first_void_5 positions need the trump that was fixed (the rest of the deal follows the fixing trick)".into(),
                ))
            }
            (Some(_), None) => s.trump_fixed_at = None,
            _ => {}
        }
        if s.cfg.heap {
            // Tricks played and not yet collected lie in the heap, with every
            // ten that is not in a hand; `set_heap` can say otherwise.
            let played = (per_hand - size) as u8;
            let tens_out = hands
                .iter()
                .flat_map(|h| h.iter())
                .filter(|&c| s.cfg.pack.face(c) == b'T')
                .count();
            s.heap = super::heap::Heap {
                tricks: played - won[0] - won[1],
                tens: 4 - tens_out as u8,
                collected: [won[0], won[1]],
                ..Default::default()
            };
            s.tricks_played = played;
        }
        let nonzero: Vec<usize> = (0..sides).filter(|&i| won[i] > 0).collect();
        if nonzero.len() == 1 && won[nonzero[0]] >= 7 {
            s.kot_side = Some(nonzero[0]);
        }
        if s.hand_decided() {
            return Err(Error::State(format!(
                "tricks_won {:?} with {} tricks to play: the hand is already decided",
                won, size
            )));
        }
        Ok(s)
    }

    /// Sets the heap of a position made by [`HokmState::from_deal`] in a heap
    /// preset: `collected` tricks per side (given there as `tricks_won`), the
    /// `heap` of uncollected tricks, the player `prev` whose win of the
    /// previous trick still counts (and whether an ace won it), and the tens
    /// collected per side and lying in the heap. The tricks played so far are
    /// the collected ones plus the heap.
    pub fn set_heap(
        &mut self,
        heap: u8,
        prev: Option<usize>,
        prev_ace: bool,
        tens: [u8; 2],
        heap_tens: u8,
    ) -> Result<()> {
        if !self.cfg.heap {
            return Err(Error::State(format!(
                "preset {} does not collect tricks in a heap",
                self.cfg.preset.name()
            )));
        }
        let size = self.hands[0].len() as usize;
        let collected = [self.tricks_won[0], self.tricks_won[1]];
        let played = collected[0] as usize + collected[1] as usize + heap as usize;
        if played + size != self.cfg.tricks_per_hand() {
            return Err(Error::State(format!(
                "collected {:?} plus a heap of {} make {} tricks played, but hands of {} cards need {}",
                collected,
                heap,
                played,
                size,
                self.cfg.tricks_per_hand() - size
            )));
        }
        if let Some(p) = prev {
            if p >= 4 || played == 0 {
                return Err(Error::State(format!(
                    "bad prev {} for {} tricks played",
                    p, played
                )));
            }
        }
        let all_tens = tens[0] as usize + tens[1] as usize + heap_tens as usize;
        let out_tens = (self.hands.iter().flat_map(|h| h.iter()))
            .filter(|&c| self.cfg.pack.face(c) == b'T')
            .count();
        if all_tens + out_tens != 4 || heap_tens as usize > heap as usize * 4 {
            return Err(Error::State(format!(
                "tens collected {:?} and in the heap {} do not match the {} tens still in the hands",
                tens, heap_tens, out_tens
            )));
        }
        self.heap = super::heap::Heap {
            tricks: heap,
            tens: heap_tens,
            prev: prev.map(|p| p as u8),
            last_ace: prev_ace,
            collected,
            tens_collected: tens,
        };
        self.tricks_played = played as u8;
        Ok(())
    }

    /// The trick-play position for the double-dummy solver: every hand, the
    /// trump, the leader and the trick in progress. Only in trick play.
    pub fn whist_position(&self) -> Result<crate::solve::WhistPosition> {
        if self.cfg.heap || self.cfg.satat || self.trump_fixed_at.is_none() {
            return Err(Error::State(format!(
                "{} is not plain whist: its double-dummy objectives are in HokmState::dd_solve",
                self.cfg.preset.name()
            )));
        }
        if self.phase != Phase::Play {
            return Err(Error::State(format!(
                "double-dummy analysis needs a state in trick play; this one is in phase {}",
                self.phase.name()
            )));
        }
        Ok(crate::solve::WhistPosition {
            hands: self.hands[..self.n()].to_vec(),
            trump: self.trump,
            leader: self.leader,
            trick: self.trick[..self.trick_len].to_vec(),
        })
    }
}

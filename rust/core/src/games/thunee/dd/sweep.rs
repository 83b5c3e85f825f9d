//! A Thunee or Royals as a [`TrickGame`]: the caller's first lead fixes
//! trumps (or annuls the deal), the search stops at the first trick the
//! caller does not win; four outcomes searched as ranks.

use std::sync::Arc;

use super::{owners, SEATS};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::games::thunee::config::ThuneeConfig;
use crate::games::thunee::rules;
use crate::games::thunee::state::{Phase, ThuneeState};
use crate::solve::game::{mix64, MoveList, Side, Switches, TrickGame, TrickWon, TtKey};

/// The outcome ranks of a sweep, worst first for the caller.
pub(super) const CATCH: u32 = 0;
pub(super) const FAILED: u32 = 1;
pub(super) const ANNULLED: u32 = 2;
pub(super) const SWEPT: u32 = 3;

/// What changes during the search of a sweep.
#[derive(Copy, Clone, Debug)]
struct SweepCore {
    hands: [CardSet; SEATS],
    blind: CardSet,
    trick: [Card; SEATS],
    tlen: u8,
    leader: u8,
    to_move: u8,
    tricks: u8,
    trump: Option<Suit>,
    over: bool,
}

/// A Thunee or Royals for the solver (the caller's team is side 0).
#[derive(Clone)]
pub struct SweepGame {
    cfg: Arc<ThuneeConfig>,
    n: usize,
    caller: usize,
    royals: bool,
    side: [Side; SEATS],
    core: SweepCore,
    stack: Vec<SweepCore>,
}

impl SweepGame {
    /// The trick play of a Thunee or Royals state.
    pub fn new(s: &ThuneeState) -> Result<SweepGame> {
        let Some(sp) = s.special.filter(|_| s.phase == Phase::Play) else {
            return Err(Error::State(
                "the sweep analysis needs a Thunee or Royals in trick play".into(),
            ));
        };
        let n = s.cfg.players;
        let mut side = [1; SEATS];
        let mut hands = [CardSet::EMPTY; SEATS];
        for seat in 0..n {
            side[seat] = u8::from(s.team(seat) != s.team(sp.caller));
            hands[seat] = s.hands[seat];
        }
        let mut trick = [Card(0); SEATS];
        for (i, &(_, c)) in s.trick.iter().enumerate() {
            trick[i] = c;
        }
        Ok(SweepGame {
            cfg: s.cfg.clone(),
            n,
            caller: sp.caller,
            royals: sp.royals,
            side,
            core: SweepCore {
                hands,
                blind: s.blind,
                trick,
                tlen: s.trick.len() as u8,
                leader: s.leader as u8,
                to_move: s.to_act as u8,
                tricks: s.tricks_played as u8,
                trump: s.trump,
                over: false,
            },
            stack: Vec::with_capacity(32),
        })
    }

    fn legal(&self) -> CardSet {
        let c = &self.core;
        rules::legal(
            &self.cfg.pack,
            c.hands[c.to_move as usize],
            &c.trick[..c.tlen as usize],
            c.trump,
            self.royals,
            self.cfg.undercut_forbidden,
        )
    }

    fn end(&mut self, rank: u32) -> TrickWon<u128> {
        self.core.over = true;
        TrickWon {
            seat: self.caller as u8,
            value: rank,
            rest: SWEPT - rank,
            decided: 0,
        }
    }

    /// Is `card` the highest of the cards adjacent to it in its suit among
    /// those in play that `hand` holds (the representative of its class)?
    fn top_of_class(&self, card: Card, hand: CardSet, live: CardSet) -> bool {
        let pack = &self.cfg.pack;
        let suit = live & pack.suit_mask(pack.suit_of(card));
        // The next card in play above it (in the game's order).
        let above = if self.royals {
            CardSet(suit.0 & ((card.set().0) - 1)).highest()
        } else {
            CardSet(suit.0 & !((card.set().0 << 1) - 1)).lowest()
        };
        !above.is_some_and(|a| hand.contains(a))
    }
}

impl TrickGame for SweepGame {
    type Move = u8;
    type Winners = u128;
    type Pattern = u128;

    fn to_move(&self) -> usize {
        self.core.to_move as usize
    }

    fn side_of(&self, seat: usize) -> Side {
        self.side[seat]
    }

    fn at_trick_start(&self) -> bool {
        self.core.tlen == 0
    }

    fn ply(&self) -> usize {
        self.stack.len()
    }

    fn remaining(&self) -> u32 {
        if self.core.over {
            0
        } else {
            SWEPT
        }
    }

    fn moves(&self, out: &mut MoveList<u8>, sw: &Switches) {
        out.clear();
        let c = &self.core;
        let hand = c.hands[c.to_move as usize];
        let live = c.hands[..self.n].iter().fold(c.blind, |a, &h| a | h)
            | c.trick[..c.tlen as usize]
                .iter()
                .copied()
                .collect::<CardSet>();
        for card in self.legal().iter() {
            if sw.collapse && !self.top_of_class(card, hand, live) {
                continue;
            }
            let s = i16::from(self.cfg.pack.strength(card));
            let w = if self.royals { 5 - s } else { s };
            out.push(card.0, if sw.ordering { w } else { 0 });
        }
        if sw.ordering {
            out.sort();
        }
    }

    fn play(&mut self, m: u8) -> Option<TrickWon<u128>> {
        self.stack.push(self.core);
        let card = Card(m);
        let pack = self.cfg.pack.clone();
        let c = &mut self.core;
        let p = c.to_move as usize;
        c.hands[p].remove(card);
        c.trick[c.tlen as usize] = card;
        c.tlen += 1;
        if c.trump.is_none() {
            let t = pack.suit_of(card);
            c.trump = Some(t);
            let tm = pack.suit_mask(t);
            let caller_team = self.caller % 2;
            let none = (0..self.n)
                .filter(|&s| s % 2 != caller_team)
                .all(|s| (c.hands[s] & tm).is_empty());
            if self.cfg.no_trump_redeal && none {
                return Some(self.end(ANNULLED));
            }
        }
        let c = &mut self.core;
        if (c.tlen as usize) < self.n {
            c.to_move = ((p + 1) % self.n) as u8;
            return None;
        }
        let w = rules::trick_winner(&pack, &c.trick[..self.n], c.trump, self.royals);
        let winner = (c.leader as usize + w) % self.n;
        c.tricks += 1;
        c.tlen = 0;
        c.leader = winner as u8;
        c.to_move = winner as u8;
        if winner != self.caller {
            let rank = if winner % 2 == self.caller % 2 {
                CATCH
            } else {
                FAILED
            };
            return Some(self.end(rank));
        }
        if c.tricks as usize == self.cfg.sweep_tricks() {
            return Some(self.end(SWEPT));
        }
        if c.tricks as usize == self.cfg.first_batch && !c.blind.is_empty() {
            c.hands[self.caller] |= c.blind;
            c.blind = CardSet::EMPTY;
        }
        Some(TrickWon {
            seat: self.caller as u8,
            value: 0,
            rest: 0,
            decided: 0,
        })
    }

    fn undo(&mut self, _m: u8) {
        self.core = self.stack.pop().expect("a move to take back");
    }

    fn tt_key(&self) -> TtKey<u128> {
        let c = &self.core;
        let mut sets: Vec<(CardSet, u128)> =
            (0..self.n).map(|s| (c.hands[s], s as u128 + 1)).collect();
        sets.push((c.blind, 9));
        let ctx = c.leader as u32 | (c.tricks as u32) << 3 | c.trump.map_or(7, u32::from) << 7;
        TtKey {
            shape: 1 << 43,
            ctx,
            owners: owners(&sets),
        }
    }

    fn cutoff_key(&self) -> u64 {
        let c = &self.core;
        let h = c.hands[c.to_move as usize].0 as u64;
        mix64(h ^ (u64::from(c.trick[0].0) << 56) ^ (c.tlen as u64) << 48)
    }
}

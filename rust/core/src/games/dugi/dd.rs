//! Dugi's double-dummy objective (`docs/rules/ganjifa.md` B.13): can the
//! challengers take every remaining trick against best defence?
//!
//! Every challenger decision (the King pass, leads, asking, the partner's
//! answer, the suits named for void followers, a challenger's own card) is a
//! joint choice of the team; defenders choose their cards against it.
//!
//! **As a trick game.** [`DugiDd`] implements the solver's [`TrickGame`]
//! seam, so the shared MTD(f) zero-window search and transposition table
//! ([`Solver`]) do the work. The hand ends at the first trick the defenders
//! win, so the value of a position is the number of tricks the challengers
//! win in a row from here: each challenger trick is worth 1, and the trick a
//! defender wins is worth every trick left (the defenders take the rest), so
//! the two sides' values always add up to the tricks remaining. Then:
//!
//! * the challengers sweep when the value is every trick left, one
//!   zero-window probe at that target;
//! * B.13's secondary output, the first trick at which the defenders can
//!   force a win, is the trick after the challengers' run: `won so far +
//!   value + 1` (the value itself, found by MTD(f)).
//!
//! Moves are `u16` codes (kind in the high byte, card or suit in the low
//! byte). The table key is exact: every seat's hand, each suit's remaining
//! cards reduced to relative ranks ([`Wide4`]; a pack's bit order is its
//! strength order), with the leader and the challengers' parity.

use super::config::DugiConfig;
use super::play::{DAct, DStep, DugiPlay};
use crate::card::{Card, CardSet};
use crate::error::Result;
use crate::games::ganjifa_cards::relative_ranks;
use crate::solve::answer::{after_move, credit, Answer};
use crate::solve::grade::{graded, Graded, How};
use crate::solve::game::{
    mix64, MoveList, Side, Switches, TrickGame, TrickWon, TtKey, Wide, Wide4,
};
use crate::solve::{Probe, Solver, SolverConfig};

const OFFER: u16 = 0x000;
const PASS: u16 = 0x001;
const ASK: u16 = 0x002;
const ACCEPT: u16 = 0x100;
const NAME: u16 = 0x200;
const CARD: u16 = 0x300;

/// The answer for one state: whether the challengers can take every
/// remaining trick, the same after each legal act, and the search nodes of
/// the whole call (the first-trick search included).
pub type DugiAnswer = Answer<DAct, bool>;

/// A Dugi hand in play, seen by the solver (the challengers are side 0).
#[derive(Clone, Debug)]
pub struct DugiDd<'a> {
    cfg: &'a DugiConfig,
    play: DugiPlay,
    stack: Vec<DugiPlay>,
}

impl<'a> DugiDd<'a> {
    /// The solver's view of `p`.
    pub fn new(cfg: &'a DugiConfig, p: &DugiPlay) -> DugiDd<'a> {
        DugiDd {
            cfg,
            play: *p,
            stack: Vec::with_capacity(128),
        }
    }

    fn encode(a: DAct) -> u16 {
        match a {
            DAct::Offer => OFFER,
            DAct::Pass => PASS,
            DAct::Ask => ASK,
            DAct::Accept(c) => ACCEPT | c.0 as u16,
            DAct::Name(x) => NAME | x as u16,
            DAct::Card(c) => CARD | c.0 as u16,
        }
    }

    fn decode(m: u16) -> DAct {
        let low = (m & 0xFF) as u8;
        match m & 0xFF00 {
            ACCEPT => DAct::Accept(Card(low)),
            NAME => DAct::Name(low),
            CARD => DAct::Card(Card(low)),
            _ => match m {
                OFFER => DAct::Offer,
                PASS => DAct::Pass,
                _ => DAct::Ask,
            },
        }
    }

    /// Plays an engine act; when it completes a trick, who won what.
    fn apply_act(&mut self, a: DAct) -> Option<TrickWon<u128>> {
        let (tricks, defenders_won) = (self.play.tricks, self.play.defenders_won);
        self.play.apply_unchecked(self.cfg, a);
        let p = &self.play;
        if p.tricks > tricks {
            return Some(TrickWon {
                seat: p.leader,
                value: 1,
                rest: 0,
                decided: 0,
            });
        }
        if p.defenders_won && !defenders_won {
            // The defenders take this trick and, the hand being over, every
            // trick after it.
            let (_, winner) = p.last.expect("a finished trick");
            return Some(TrickWon {
                seat: winner,
                value: p.hands[p.leader as usize].len() + 1,
                rest: 0,
                decided: 0,
            });
        }
        None
    }
}

impl TrickGame for DugiDd<'_> {
    type Move = u16;
    type Winners = u128;
    type Pattern = Wide4;

    fn to_move(&self) -> usize {
        self.play.current().unwrap_or(0)
    }

    fn side_of(&self, seat: usize) -> Side {
        u8::from(!self.play.is_challenger(seat))
    }

    fn at_trick_start(&self) -> bool {
        self.play.step == DStep::Lead && self.play.asked.is_none()
    }

    fn ply(&self) -> usize {
        self.stack.len()
    }

    fn remaining(&self) -> u32 {
        let p = &self.play;
        match p.step {
            DStep::Done => 0,
            DStep::Follow(_) | DStep::NameFor(_) => p.hands[p.leader as usize].len() + 1,
            _ => p.hands[p.leader as usize].len(),
        }
    }

    fn moves(&self, out: &mut MoveList<u16>, sw: &Switches) {
        out.clear();
        let p = &self.play;
        let pack = &self.cfg.pack;
        let me = p.current().unwrap_or(0);
        let challenger = p.is_challenger(me);
        for a in p.legal(self.cfg) {
            let w = if !sw.ordering {
                0
            } else {
                match a {
                    // Leading: challengers cash their strongest cards first.
                    DAct::Card(c) if p.step == DStep::Lead => pack.strength(c) as i16,
                    // Following: a defender tries to win the trick, a
                    // challenger keeps his partner's trick safe.
                    DAct::Card(c) => {
                        let beats = pack.suit_of(c) == p.led_suit && c.0 > p.best.1 .0;
                        let friend = p.is_challenger(p.best.0 as usize) == challenger;
                        if beats && !friend {
                            100 - pack.strength(c) as i16
                        } else {
                            -(pack.strength(c) as i16)
                        }
                    }
                    _ => 0,
                }
            };
            debug_assert!(out.len() < crate::solve::game::MAX_MOVES, "move list full");
            out.push(Self::encode(a), w);
        }
        if sw.ordering {
            out.sort();
        }
    }

    fn play(&mut self, m: u16) -> Option<TrickWon<u128>> {
        self.stack.push(self.play);
        self.apply_act(Self::decode(m))
    }

    fn undo(&mut self, _m: u16) {
        self.play = self.stack.pop().expect("undo after play");
    }

    fn tt_key(&self) -> TtKey<Wide4> {
        let hands = relative_ranks(&self.cfg.pack, &self.play.hands);
        let mut h = 0u64;
        for x in &hands {
            h = mix64(h ^ x.0 as u64 ^ mix64((x.0 >> 64) as u64));
        }
        TtKey {
            shape: h,
            ctx: self.play.leader as u32 | (self.play.challengers as u32) << 2,
            owners: Wide(hands.map(CardSet::bits)),
        }
    }

    fn cutoff_key(&self) -> u64 {
        let p = &self.play;
        let h = p.hands[self.to_move()].0;
        let step = match p.step {
            DStep::Lead => 1,
            DStep::Follow(_) => 2,
            DStep::NameFor(_) => 3,
            _ => 4,
        };
        mix64(h as u64 ^ mix64((h >> 64) as u64 ^ (p.best.1 .0 as u64) << 4 ^ step))
    }
}

/// Solves a Dugi hand in play: whether the challengers take every trick
/// (from here and after each legal act); with `first_trick`, also the
/// secondary output, the earliest trick of the hand (numbered from 1) by
/// which the defenders can force a trick against any challenger play (the
/// value found exactly when the challengers cannot sweep; `None` when they
/// sweep). `settings` give the table size, the limits (for the whole call)
/// and the switches.
pub fn solve_dugi(
    cfg: &DugiConfig,
    p: &DugiPlay,
    with_actions: bool,
    first_trick: bool,
    settings: &SolverConfig,
) -> Result<(DugiAnswer, Option<u16>)> {
    let mut solver: Solver<Wide4, u16> = Solver::with_pattern(settings.clone());
    let mut g = DugiDd::new(cfg, p);
    // Does the challengers' run reach every trick left?
    let sweeps = |solver: &mut Solver<Wide4, u16>, g: &mut DugiDd<'_>, _| {
        let all = g.remaining();
        solver.reaches(g, 0, all)
    };
    let challengers_win = if g.play.step == DStep::Done {
        !g.play.defenders_won
    } else {
        sweeps(&mut solver, &mut g, 0)?
    };
    let mut out = Answer::exact(challengers_win);
    if with_actions {
        for a in p.legal(cfg) {
            // A hand over after the act: the challengers took its last trick
            // (it credited them), or the defenders took one.
            let ok = after_move(
                &mut solver,
                &mut g,
                DugiDd::encode(a),
                |won| won > 0,
                sweeps,
            )?;
            out.push_exact(a, ok);
        }
    }
    let mut defenders_first_trick = None;
    if first_trick && !challengers_win && g.play.step == DStep::Done {
        // The defenders have won the trick after the challengers' run.
        defenders_first_trick = Some(p.tricks + 1);
    } else if first_trick && !challengers_win {
        let all = g.remaining();
        let r = solver.value(&mut g, 0, (0, all - 1), 0, Probe::Mtdf)?;
        defenders_first_trick = Some(p.tricks + r.value as u16 + 1);
    }
    Ok((out.finish(&solver), defenders_first_trick))
}

/// The graded answer ([`crate::solve::grade`]) of a Dugi hand in play, for
/// the challengers: 1 when they take every trick left, each search asking
/// only that; play-outs where it is not settled when `estimate` (their mean
/// is the share of play-outs the challengers sweep). The hand must not be
/// over. Also returns the tricks left (the current one included): the
/// challengers sweep when their run from here reaches it.
pub fn graded_dugi(
    cfg: &DugiConfig,
    p: &DugiPlay,
    with_actions: bool,
    settings: &SolverConfig,
    estimate: bool,
) -> Result<(Graded<DAct>, u32)> {
    let g = DugiDd::new(cfg, p);
    let all = g.remaining();
    let settings = SolverConfig {
        bounds: true,
        ..settings.clone()
    };
    let mut solver: Solver<Wide4, u16> = Solver::with_pattern(settings);
    let acts = if with_actions { p.legal(cfg) } else { Vec::new() };
    let after = |a: &DAct| {
        let mut h = g.clone();
        let won = credit(&mut h, DugiDd::encode(*a));
        Ok((h, won))
    };
    let mut how = How::new(all, move |v| f64::from(u8::from(v >= all)));
    how.goal = Some(all);
    how.estimate = estimate;
    Ok((graded(&mut solver, &g, acts, after, &how, None)?, all))
}

/// The earliest trick of the hand by which the defenders can force their
/// win at `p` (the challengers cannot sweep), searched in anytime mode
/// under `settings`: `None` when a limit stopped the search first.
pub fn defenders_first(
    cfg: &DugiConfig,
    p: &DugiPlay,
    settings: &SolverConfig,
) -> Result<Option<u16>> {
    let settings = SolverConfig {
        bounds: true,
        ..settings.clone()
    };
    let mut solver: Solver<Wide4, u16> = Solver::with_pattern(settings);
    let mut g = DugiDd::new(cfg, p);
    let all = g.remaining();
    let r = solver.value(&mut g, 0, (0, all.saturating_sub(1)), 0, Probe::Mtdf)?;
    Ok(r.exact().then(|| p.tricks + r.value as u16 + 1))
}

//! Double-dummy analysis of the all-tricks contracts: single hand
//! (`docs/rules/twenty_eight.md` §16 item 4: can the soloist win all eight tricks, no
//! trumps, tricks of the seats that play, soloist on lead) and half court
//! (§9.5: can the bidder's side win every trick of the first half, trumps
//! revealed from the start).
//!
//! [`SweepGame`] implements the solver's [`TrickGame`] seam. The hand ends at
//! the first trick the declarer's side loses, so the value of a position is
//! the number of tricks the declarer's side wins in a row from here: each of
//! its tricks is worth 1, and a trick the others win is worth every trick
//! left in the contract (they take the rest), so the two sides' values add
//! up to the tricks remaining. The declarer's side sweeps when the value is
//! every trick left: one zero-window probe at that target.
//!
//! The legal cards and the trick's winner come from the rules module, with
//! the state's own flags (no trumps in single hand; phase 2 rules with the
//! trump, `nt_reverse` included, in half court). Copies of one card in a
//! double pack are one move. The table key is exact: the cards in play and
//! the owner of each (three bit planes of the seat number, [`Wide4`]), with
//! the leader and the tricks left.

use std::sync::Arc;

use super::DdAnswer;
use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
use crate::game::GameState;
use crate::games::twenty_eight::config::TwentyEightConfig;
use crate::games::twenty_eight::rules::{self, PlayView};
use crate::games::twenty_eight::state::{Phase, ResultKind, TwentyEightState};
use crate::solve::answer::Answer;
use crate::solve::game::{
    mix64, MoveList, Side, Switches, TrickGame, TrickWon, TtKey, Wide, Wide4,
};
use crate::solve::{Solver, SolverConfig};

/// The most seats of any preset.
const SEATS: usize = 8;

/// What changes during the search (restored by copy on undo).
#[derive(Copy, Clone, Debug)]
struct Core {
    hands: [CardSet; SEATS],
    trick: [Card; SEATS],
    n_trick: u8,
    leader: u8,
    to_act: u8,
    /// Tricks of the contract still to be completed (the current one included).
    left: u32,
}

/// A single-hand or half-court position for the solver (the declarer's
/// side is side 0).
#[derive(Clone, Debug)]
pub struct SweepGame {
    cfg: Arc<TwentyEightConfig>,
    view: PlayView,
    /// Trump for the trick's winner (`None` in single hand).
    trump: Option<crate::card::Suit>,
    under: bool,
    reversed: bool,
    plays: [bool; SEATS],
    sides: [Side; SEATS],
    n: usize,
    core: Core,
    stack: Vec<Core>,
}

impl SweepGame {
    /// The trick play of a single-hand or half-court state.
    pub fn new(s: &TwentyEightState) -> Result<SweepGame> {
        if s.phase != Phase::Play {
            return Err(Error::State(format!(
                "double-dummy analysis needs trick play; the state is in phase {}",
                s.phase.name()
            )));
        }
        if s.soloist.is_none() && !s.half_court {
            return Err(Error::State(
                "not a single-hand or half-court hand (use the points analysis)".into(),
            ));
        }
        let n = s.cfg.players;
        let declarer = s.soloist.unwrap_or(s.bidder);
        let ds = s.side(declarer);
        let mut plays = [false; SEATS];
        let mut sides = [1; SEATS];
        for seat in 0..n {
            plays[seat] = s.plays(seat);
            sides[seat] = u8::from(s.side(seat) != ds);
        }
        let mut trick = [Card(0); SEATS];
        for (i, &(_, c)) in s.trick.iter().enumerate() {
            trick[i] = c;
        }
        let mut hands = [CardSet::EMPTY; SEATS];
        hands[..n].copy_from_slice(&s.hands);
        let under = s.revealed && s.soloist.is_none();
        Ok(SweepGame {
            cfg: s.cfg.clone(),
            view: s.play_view(),
            trump: if s.soloist.is_some() { None } else { s.trump },
            under,
            reversed: under && s.no_trump,
            plays,
            sides,
            n,
            core: Core {
                hands,
                trick,
                n_trick: s.trick.len() as u8,
                leader: s.leader as u8,
                to_act: s.to_act as u8,
                left: (s.tricks_in_hand() - s.tricks_played) as u32,
            },
            stack: Vec::with_capacity(64),
        })
    }

    fn trick_size(&self) -> usize {
        self.plays[..self.n].iter().filter(|&&p| p).count()
    }

    fn next_player(&self, s: usize) -> usize {
        let mut t = (s + 1) % self.n;
        while !self.plays[t] {
            t = (t + 1) % self.n;
        }
        t
    }

    fn legal(&self) -> CardSet {
        let c = &self.core;
        let p = c.to_act as usize;
        let hand = c.hands[p];
        if self.trump.is_none() {
            // Single hand: follow suit if possible, else anything.
            if c.n_trick == 0 {
                return hand;
            }
            let pack = &self.cfg.pack;
            let follow = hand & pack.suit_mask(pack.suit_of(c.trick[0]));
            return if follow.is_empty() { hand } else { follow };
        }
        let trick = &c.trick[..c.n_trick as usize];
        rules::legal(&self.cfg.pack, &self.cfg.rank, &self.view, p, hand, trick).0
    }
}

impl TrickGame for SweepGame {
    type Move = u8;
    type Winners = u128;
    type Pattern = Wide4;

    fn to_move(&self) -> usize {
        self.core.to_act as usize
    }

    fn side_of(&self, seat: usize) -> Side {
        self.sides[seat]
    }

    fn at_trick_start(&self) -> bool {
        self.core.n_trick == 0
    }

    fn ply(&self) -> usize {
        self.stack.len()
    }

    fn remaining(&self) -> u32 {
        self.core.left
    }

    fn moves(&self, out: &mut MoveList<u8>, sw: &Switches) {
        out.clear();
        let pack = &self.cfg.pack;
        let rank = &self.cfg.rank;
        for c in self.legal().iter() {
            // Copies of one card (double pack) are the same move: skip a
            // card whose suit and rank class a listed move already has.
            let copy = out.as_slice().iter().any(|&m| {
                pack.suit_of(Card(m)) == pack.suit_of(c) && rank[m as usize] == rank[c.0 as usize]
            });
            if copy {
                continue;
            }
            let w = if sw.ordering {
                i16::from(rank[c.0 as usize])
            } else {
                0
            };
            out.push(c.0, w);
        }
        if sw.ordering {
            out.sort();
        }
    }

    fn play(&mut self, m: u8) -> Option<TrickWon<u128>> {
        self.stack.push(self.core);
        let size = self.trick_size();
        let c = &mut self.core;
        let p = c.to_act as usize;
        c.hands[p].remove(Card(m));
        c.trick[c.n_trick as usize] = Card(m);
        c.n_trick += 1;
        if (c.n_trick as usize) < size {
            let next = self.next_player(p) as u8;
            self.core.to_act = next;
            return None;
        }
        let cards = &self.core.trick[..size];
        let w = rules::trick_winner(
            &self.cfg.pack,
            &self.cfg.rank,
            cards,
            self.trump,
            self.under,
            self.reversed,
        );
        // The seat of the w-th card: count playing seats from the leader.
        let mut seat = self.core.leader as usize;
        for _ in 0..w {
            seat = self.next_player(seat);
        }
        let left = self.core.left;
        let value = if self.sides[seat] == 0 { 1 } else { left };
        let c = &mut self.core;
        c.n_trick = 0;
        c.leader = seat as u8;
        c.to_act = seat as u8;
        c.left = if value == 1 { left - 1 } else { 0 };
        Some(TrickWon {
            seat: seat as u8,
            value,
            rest: 0,
            decided: 0,
        })
    }

    fn undo(&mut self, _m: u8) {
        self.core = self.stack.pop().expect("undo after play");
    }

    fn tt_key(&self) -> TtKey<Wide4> {
        let c = &self.core;
        let mut planes = [0u128; 4];
        for (seat, h) in c.hands[..self.n].iter().enumerate() {
            planes[0] |= h.0;
            for (b, plane) in planes[1..].iter_mut().enumerate() {
                if seat >> b & 1 == 1 {
                    *plane |= h.0;
                }
            }
        }
        TtKey {
            shape: mix64(planes[0] as u64 ^ mix64((planes[0] >> 64) as u64 ^ planes[1] as u64)),
            ctx: c.leader as u32 | c.left << 4,
            owners: Wide(planes),
        }
    }

    fn cutoff_key(&self) -> u64 {
        let c = &self.core;
        let h = c.hands[c.to_act as usize].0;
        mix64(h as u64 ^ mix64((h >> 64) as u64) ^ (c.trick[0].0 as u64) << 8 ^ c.n_trick as u64)
    }
}

/// Does the declarer's side win the rest of the contract from `s`? A state
/// whose hand has ended since `hands` results were recorded (a match moves
/// on to the next deal) answers from the hand's result.
fn declarer_sweeps(s: &TwentyEightState, hands: usize, solver: &mut Solver<Wide4>) -> Result<bool> {
    if s.results.len() > hands {
        return Ok(won(s.results[hands].kind));
    }
    let mut g = SweepGame::new(s)?;
    let all = g.remaining();
    if all == 0 {
        return Ok(true);
    }
    solver.reaches(&mut g, 0, all)
}

/// The declarer of an all-tricks contract won it.
fn won(kind: ResultKind) -> bool {
    matches!(
        kind,
        ResultKind::SingleWon | ResultKind::HalfCourtWon | ResultKind::ShowWon
    )
}

/// Single hand (§16.4) and half court (§9.5): 1 when `player`'s side wins
/// the contract with best play (the declarer's side by taking every
/// remaining trick of it, the others by taking one), else 0; with
/// `actions`, the same after each legal action.
///
/// ```
/// use hukm_core::game::GameState;
/// use hukm_core::games::twenty_eight::{dd, state::Phase, TwentyEight};
/// use hukm_core::solve::SolverConfig;
/// let g = TwentyEight::new("28", &[("single_hand".into(), "on".into())]).unwrap();
/// let mut s = g.new_game(3);
/// while s.phase() != Phase::Single {
///     let a = s.legal_actions()[0].clone();
///     s.apply(&a).unwrap();
/// }
/// s.apply("single").unwrap();
/// let solo = s.current().unwrap();
/// let a = dd::solve_sweep(&s, solo, SolverConfig::small(), true).unwrap();
/// // The soloist's best card keeps the value; no card does better.
/// assert!(a.actions.iter().all(|(_, v)| *v <= a.value));
/// assert!(a.actions.iter().any(|(_, v)| *v == a.value));
/// ```
pub fn solve_sweep(
    s: &TwentyEightState,
    player: usize,
    config: SolverConfig,
    actions: bool,
) -> Result<DdAnswer> {
    let n = s.cfg.players;
    if player >= n {
        return Err(Error::State(format!(
            "bad player {}: seats 0..{}",
            player,
            n - 1
        )));
    }
    SweepGame::new(s)?;
    let declarer = s.soloist.unwrap_or(s.bidder);
    let mine = s.side(player) == s.side(declarer);
    let mut solver: Solver<Wide4> = Solver::with_pattern(config);
    let val = |sweep: bool| i32::from(sweep == mine);
    let hands = s.results.len();
    let mut out = Answer::exact(val(declarer_sweeps(s, hands, &mut solver)?));
    if actions {
        for a in s.legal_actions() {
            let mut t = s.clone();
            t.apply(&a)?;
            out.push_exact(a, val(declarer_sweeps(&t, hands, &mut solver)?));
        }
    }
    Ok(out.finish(&solver))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twenty_eight::TwentyEight;
    use crate::rng::Rng;
    use crate::solve::Switches;

    /// Does the declarer's side sweep, by plain AND/OR search over the
    /// engine's own states (no table, nothing of [`SweepGame`])?
    fn brute(s: &TwentyEightState, ds: u8, hands: usize) -> bool {
        if s.results.len() > hands {
            let kind = s.results[hands].kind;
            return matches!(kind, ResultKind::SingleWon | ResultKind::HalfCourtWon);
        }
        let mine = s.side(s.to_act) == ds;
        let mut any = false;
        for a in s.legal_actions() {
            let mut t = s.clone();
            t.apply(&a).unwrap();
            if brute(&t, ds, hands) == mine {
                any = true;
                break;
            }
        }
        if any {
            mine
        } else {
            !mine
        }
    }

    /// A single-hand (or half-court) hand of `preset` after `tricks` random
    /// tricks (and a random part of the next one when `inside`).
    fn position(
        preset: &str,
        half: bool,
        seed: u64,
        tricks: usize,
        inside: bool,
    ) -> TwentyEightState {
        let opt = if half { "half_court" } else { "single_hand" };
        let g = TwentyEight::new(preset, &[(opt.into(), "on".into())]).unwrap();
        let mut s = g.new_game(seed);
        let mut r = Rng::new(seed);
        let want = if half {
            Phase::HalfCourt
        } else {
            Phase::Single
        };
        while s.phase != want {
            let a = s.legal_actions()[0].clone();
            s.apply(&a).unwrap();
        }
        s.apply(if half { "half_court" } else { "single" }).unwrap();
        if s.phase == Phase::Show {
            s.apply("pass").unwrap();
        }
        let size = if half {
            s.tricks_in_hand()
        } else {
            s.cfg.hand_size
        };
        let stop = tricks.min(size - 1);
        while s.phase == Phase::Play && (s.tricks_played < stop || inside && s.trick.is_empty()) {
            if s.tricks_played >= stop && !s.trick.is_empty() {
                break;
            }
            let l = s.legal_actions();
            s.apply(&l[r.below(l.len() as u64) as usize]).unwrap();
        }
        s
    }

    #[test]
    fn sweep_agrees_with_plain_search() {
        let mut checked = [0usize; 2];
        for seed in 0..240u64 {
            let (preset, half) = match seed % 4 {
                0 => ("28", false),
                1 => ("28", true),
                2 => ("40", seed % 8 == 2),
                _ => ("56", seed % 8 == 3),
            };
            // (Half court keeps every seat in the tricks: one trick left.)
            let keep = if half { 1 } else { 3 };
            let hand = TwentyEight::new(preset, &[]).unwrap().config().hand_size;
            let size = if half { hand / 2 } else { hand };
            let s = position(preset, half, seed, size.saturating_sub(keep), seed % 3 == 0);
            if s.phase != Phase::Play {
                continue;
            }
            let ds = s.side(s.soloist.unwrap_or(s.bidder));
            let hands = s.results.len();
            let want = brute(&s, ds, hands);
            let after: Vec<(String, bool)> = s
                .legal_actions()
                .into_iter()
                .map(|a| {
                    let mut t = s.clone();
                    t.apply(&a).unwrap();
                    let v = brute(&t, ds, hands);
                    (a, v)
                })
                .collect();
            checked[usize::from(want)] += 1;
            for sw in [Switches::default(), Switches::none()] {
                let cfg = SolverConfig {
                    switches: sw,
                    ..SolverConfig::small()
                };
                for player in 0..s.cfg.players {
                    let a = solve_sweep(&s, player, cfg.clone(), true).unwrap();
                    let mine = s.side(player) == ds;
                    assert_eq!(
                        a.value,
                        i32::from(want == mine),
                        "seed {} player {}",
                        seed,
                        player
                    );
                    assert_eq!(a.actions.len(), after.len());
                    for ((act, v), (name, sweep)) in a.actions.iter().zip(&after) {
                        assert_eq!(act, name);
                        assert_eq!(*v, i32::from(*sweep == mine), "seed {} {}", seed, act);
                    }
                }
            }
        }
        assert!(
            checked[0] > 5 && checked[1] > 5,
            "both answers occur: {:?}",
            checked
        );
    }

    #[test]
    fn points_analysis_points_to_the_sweep() {
        let s = position("28", false, 1, 0, false);
        let e = crate::games::twenty_eight::dd::solve_points(&s, 0, SolverConfig::small(), false)
            .unwrap_err();
        assert!(e.to_string().contains("all-tricks"), "{}", e);
        let e = solve_sweep(&s, 4, SolverConfig::small(), false).unwrap_err();
        assert!(e.to_string().contains("bad player"), "{}", e);
    }
}

//! Double-dummy value of individual Ganjifa (`rules/ganjifa.md` A.14): the
//! tricks the focal seat P can guarantee by the end of the hand, every other
//! seat playing against him as one coalition.
//!
//! Every decision of P (his leads, contributions, the suit he names as a
//! right-hand neighbour) is maximised; every other seat's decision minimised.
//! A blind surrender is a chance node: its worst card for P by default, the
//! average over the leader's cards with `dd_chance=expectation`.
//!
//! The search is an exact fail-soft alpha-beta over [`Play`] with a
//! transposition table at lead boundaries keyed by the whole position (the
//! hands, the leader, the step and the Wilkins flags): no rank abstraction,
//! so reversed suits need no special care. A seat owing k ≥ 2 free cards to
//! one lead gives them in decreasing card order only (A.3.5: the order inside
//! a group changes nothing).

use std::collections::HashMap;

use super::config::GanjifaConfig;
use super::play::{Act, Play, Step, MAX_SEATS};
use crate::card::CardSet;
use crate::error::Result;
use crate::solve::search::Limits;

/// The answer for one state.
#[derive(Clone, Debug, PartialEq)]
pub struct GanjifaAnswer {
    /// P's tricks at the end of the hand (won so far included).
    pub value: f64,
    /// The same after each legal act of the seat to move.
    pub actions: Vec<(Act, f64)>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Exact key of a lead boundary.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    hands: [u128; MAX_SEATS],
    leader: u8,
    step: u8,
    flags: u8,
}

fn key(p: &Play) -> Option<Key> {
    let step = match p.step {
        Step::Lead => 0,
        Step::Name => 1,
        Step::Blind => 2,
        Step::NamedLead(x) => 3 + x,
        _ => return None,
    };
    let mut flags = p.opening_done as u8 | (p.phase2 as u8) << 1;
    for (i, &b) in p.held_lost.iter().enumerate() {
        flags |= (b as u8) << (2 + i);
    }
    Some(Key {
        hands: p.hands.map(CardSet::bits),
        leader: p.leader,
        step,
        flags,
    })
}

/// The solver for one focal seat.
pub struct Search<'a> {
    cfg: &'a GanjifaConfig,
    focal: usize,
    tt: HashMap<Key, (f64, f64)>,
    /// Cards already in the lead in progress at the root (given in any order).
    root_played: CardSet,
    /// Nodes visited.
    pub nodes: u64,
    limits: Limits,
}

impl<'a> Search<'a> {
    /// A search for `focal` within `limits` (nodes, time, interruption).
    pub fn new(cfg: &'a GanjifaConfig, focal: usize, limits: Limits) -> Search<'a> {
        Search {
            cfg,
            focal,
            tt: HashMap::new(),
            root_played: CardSet::EMPTY,
            nodes: 0,
            limits,
        }
    }

    /// The moves searched at `p`: the legal acts, a free multi-card group in
    /// decreasing card order.
    pub fn moves(&self, p: &Play) -> Vec<Act> {
        let mut acts = p.legal(self.cfg);
        if p.step == Step::Give {
            let t = &p.trick;
            let (seat, owed) = t.queue[t.qi as usize];
            let seat = seat as usize;
            let free = !(t.kind == super::play::Kind::Deni && seat == t.holder as usize);
            if seat != t.leader as usize && free {
                let bound = (t.played[seat] - self.root_played)
                    .lowest()
                    .map_or(u8::MAX, |c| c.0);
                let options = p.give_options(self.cfg);
                acts.retain(|a| match a {
                    Act::Give(c) => {
                        c.0 < bound
                            && (options & CardSet((1u128 << c.0) - 1)).len() + 1 >= owed as u32
                    }
                    _ => true,
                });
            }
        }
        if p.step != Step::Blind {
            self.collapse(p, &mut acts);
        }
        acts
    }

    /// Drops a single-card act when the same act with the next-higher live
    /// card of its suit is also on offer and that card is in the same hand:
    /// two such cards are interchangeable for every rule (hukms, denis,
    /// following, the trick winner), so the two children are the same
    /// position up to renaming them.
    fn collapse(&self, p: &Play, acts: &mut Vec<Act>) {
        let seat = match p.current() {
            Some(s) => s,
            None => return,
        };
        let pack = &self.cfg.pack;
        let trick = if p.step == Step::Give || p.step == Step::Double {
            p.trick.played.iter().fold(CardSet::EMPTY, |a, &x| a | x)
        } else {
            CardSet::EMPTY
        };
        let live = p.hands.iter().fold(trick, |a, &x| a | x);
        let hand = p.hands[seat];
        let next_up = |c: crate::card::Card| -> Option<crate::card::Card> {
            (live & pack.suit_mask(pack.suit_of(c)) & super::rules::above(c)).lowest()
        };
        let all = acts.clone();
        acts.retain(|&a| {
            let (c, twin): (crate::card::Card, fn(crate::card::Card, Act) -> Act) = match a {
                Act::Give(c) => (c, |u, _| Act::Give(u)),
                Act::Deni(c) => (c, |u, _| Act::Deni(u)),
                Act::Facedown(c, _) => (c, |u, a| match a {
                    Act::Facedown(_, x) => Act::Facedown(u, x),
                    other => other,
                }),
                Act::Lead(cs) if cs.len() == 1 => {
                    (cs.lowest().expect("one card"), |u, _| Act::Lead(u.set()))
                }
                _ => return true,
            };
            match next_up(c) {
                Some(u) if hand.contains(u) => !all.contains(&twin(u, a)),
                _ => true,
            }
        });
    }

    fn gain(&self, before: &Play, after: &Play) -> f64 {
        (after.tricks[self.focal] - before.tricks[self.focal]) as f64
    }

    /// P's tricks at the end of the hand from `p` (won ones included): by
    /// zero-window tests (MTD) when values are whole numbers, else one
    /// full-window search.
    pub fn root_value(&mut self, p: &Play) -> Result<f64> {
        let base = p.tricks[self.focal] as f64;
        if self.cfg.dd_expectation {
            return Ok(base + self.value(p, f64::NEG_INFINITY, f64::INFINITY)?);
        }
        let (mut lo, mut hi) = (0.0f64, f64::INFINITY);
        let mut guess = 1.0f64;
        while lo < hi {
            let gamma = guess.max(lo + 1.0).min(if hi.is_finite() {
                hi
            } else {
                guess.max(lo + 1.0)
            });
            let v = self.value(p, gamma - 1.0, gamma)?;
            if v >= gamma {
                lo = v;
            } else {
                hi = v;
            }
            guess = if hi.is_finite() {
                ((lo + hi) / 2.0).ceil()
            } else {
                lo + 1.0
            };
        }
        Ok(base + lo)
    }

    /// P's tricks from `p` to the end of the hand (not counting those won).
    pub fn value(&mut self, p: &Play, mut alpha: f64, mut beta: f64) -> Result<f64> {
        if p.step == Step::Done {
            return Ok(0.0);
        }
        self.nodes += 1;
        self.limits.check_at(self.nodes)?;
        let left = (p.hands.iter().fold(CardSet::EMPTY, |a, &x| a | x).len()
            + if matches!(p.step, Step::Give | Step::Double) {
                p.trick.played.iter().map(|x| x.len()).sum::<u32>()
            } else {
                0
            }) as f64
            / p.n as f64;
        if left <= alpha {
            return Ok(left);
        }
        if beta <= 0.0 {
            return Ok(0.0);
        }
        let k = key(p);
        let (a0, b0) = (alpha, beta);
        if let Some(k) = k {
            if let Some(&(lo, hi)) = self.tt.get(&k) {
                if lo >= beta || lo == hi {
                    return Ok(lo);
                }
                if hi <= alpha {
                    return Ok(hi);
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
        }
        let moves = self.moves(p);
        let chance = p.step == Step::Blind;
        let maximise = !chance && p.current() == Some(self.focal);
        let v = if chance && self.cfg.dd_expectation {
            let mut sum = 0.0;
            for &m in &moves {
                let mut q = *p;
                q.apply_unchecked(self.cfg, m);
                sum += self.gain(p, &q) + self.value(&q, f64::NEG_INFINITY, f64::INFINITY)?;
            }
            sum / moves.len() as f64
        } else if maximise {
            let mut best = f64::NEG_INFINITY;
            for &m in &moves {
                let mut q = *p;
                q.apply_unchecked(self.cfg, m);
                let g = self.gain(p, &q);
                let v = g + self.value(&q, alpha - g, beta - g)?;
                if v > best {
                    best = v;
                }
                if best > alpha {
                    alpha = best;
                }
                if alpha >= beta {
                    break;
                }
            }
            best
        } else {
            let mut best = f64::INFINITY;
            for &m in &moves {
                let mut q = *p;
                q.apply_unchecked(self.cfg, m);
                let g = self.gain(p, &q);
                let v = g + self.value(&q, alpha - g, beta - g)?;
                if v < best {
                    best = v;
                }
                if best < beta {
                    beta = best;
                }
                if alpha >= beta {
                    break;
                }
            }
            best
        };
        if let Some(k) = k {
            let e = self.tt.entry(k).or_insert((0.0, f64::INFINITY));
            if v <= a0 {
                e.1 = e.1.min(v);
            } else if v >= b0 {
                e.0 = e.0.max(v);
            } else {
                *e = (v, v);
            }
        }
        Ok(v)
    }
}

/// P's double-dummy value at `p`, with the value after each legal act.
pub fn solve_play(
    cfg: &GanjifaConfig,
    p: &Play,
    focal: usize,
    with_actions: bool,
    limits: Limits,
) -> Result<GanjifaAnswer> {
    let mut s = Search::new(cfg, focal, limits);
    s.root_played = p.trick.played.iter().fold(CardSet::EMPTY, |a, &x| a | x);
    let value = s.root_value(p)?;
    let mut actions = Vec::new();
    if with_actions && p.step != Step::Blind {
        for a in p.legal(cfg) {
            let mut q = *p;
            q.apply_unchecked(cfg, a);
            // The cards already in the lead were given in any order.
            s.root_played = q.trick.played.iter().fold(CardSet::EMPTY, |a, &x| a | x);
            actions.push((a, s.root_value(&q)?));
        }
    }
    Ok(GanjifaAnswer {
        value,
        actions,
        nodes: s.nodes,
    })
}

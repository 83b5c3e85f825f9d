//! Naqsh's double-dummy objective (`docs/rules/naqsh.md` §13): with the order of
//! the whole shuffled pack known, the largest net result a seat can
//! guarantee for the current hand when everyone else decides against it.
//!
//! The game is deterministic once the pack is shuffled, so this is a plain
//! max-min search over the decisions (stakes, draw or stand) with alpha-beta
//! cut-offs; every draw takes the next stock card, so earlier choices change
//! which cards later players receive. The tree is small: a turn is "how many
//! cards to draw", a handful of options, times the number of players.

use std::collections::HashMap;

use super::state::{NaqshAction, NaqshState, Phase};
use crate::error::{check_seat, Error, Result};
use crate::solve::answer::{Answer, TableSize};
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::solve::search::Limits;
use crate::solve::SolverConfig;

/// The answer for one seat: the seat's best guaranteed net result of the
/// current hand (payments already made in this hand included; in pool mode,
/// share minus ante), the same after each legal decision of the seat to
/// act, and the search nodes visited; always exact.
pub type NaqshAnswer = Answer<NaqshAction, i64>;

/// Whether a stored value is exact or a bound (alpha-beta with a table).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// The part of a state that changes during a hand, as bytes: with the
/// pack's order and the options fixed, equal keys are equal positions.
fn key_of(s: &NaqshState) -> Box<[u8]> {
    let n = s.cfg.players;
    let mut k: Vec<u8> = Vec::with_capacity(64 + 24 * n);
    k.extend_from_slice(&(s.next as u32).to_le_bytes());
    k.push(s.turn as u8);
    k.push(s.phase as u8);
    k.extend_from_slice(&s.pool.to_le_bytes());
    for i in 0..n {
        let cards = s.cards(i);
        k.push(cards.len() as u8);
        k.extend(cards.iter().map(|c| c.0));
        k.push(
            u8::from(s.staked[i])
                | u8::from(s.revealed[i]) << 1
                | u8::from(s.acted[i]) << 2
                | u8::from(s.stood[i]) << 3,
        );
        k.extend_from_slice(&s.stakes[i].to_le_bytes());
        k.extend_from_slice(&s.scores[i].to_le_bytes());
    }
    k.into_boxed_slice()
}

/// Bytes a table entry costs beside its key: the value, the key's box and
/// the map's slot, counted generously.
const ENTRY_OVERHEAD: usize = 64;

struct Search {
    player: usize,
    nodes: u64,
    limits: Limits,
    table: HashMap<Box<[u8]>, (i64, Bound)>,
    /// Bytes the table may hold (0: no table).
    capacity: usize,
    /// Bytes it holds now.
    used: usize,
}

impl Search {
    fn value(&mut self, s: &NaqshState, mut alpha: i64, mut beta: i64) -> Result<i64> {
        self.nodes += 1;
        self.limits.check_at(self.nodes)?;
        let Some(mover) = s.current() else {
            return Ok(s.hand_net(self.player));
        };
        let key = key_of(s);
        if let Some(&(v, b)) = self.table.get(&key).filter(|_| self.capacity > 0) {
            match b {
                Bound::Exact => return Ok(v),
                Bound::Lower if v >= beta => return Ok(v),
                Bound::Upper if v <= alpha => return Ok(v),
                Bound::Lower => alpha = alpha.max(v),
                Bound::Upper => beta = beta.min(v),
            }
        }
        let (a0, b0) = (alpha, beta);
        let maximise = mover == self.player;
        let mut best = if maximise { i64::MIN } else { i64::MAX };
        for a in s.legal() {
            let mut c = s.clone();
            c.act(a).expect("a legal decision");
            let v = self.value(&c, alpha, beta)?;
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= a0 {
            Bound::Upper
        } else if best >= b0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let cost = key.len() + ENTRY_OVERHEAD;
        if self.capacity > cost {
            // Emptied when full, or when the machine cannot give the memory
            // to grow (a fallible allocation: never an abort).
            if self.used + cost > self.capacity || self.table.try_reserve(1).is_err() {
                self.table = HashMap::new();
                self.used = 0;
            }
            if self.table.try_reserve(1).is_ok() {
                self.used += cost;
                self.table.insert(key, (best, bound));
            }
        }
        Ok(best)
    }
}

impl NaqshState {
    /// Solves the current hand for `player` (§13): the best net result that
    /// seat can guarantee, and the value after each legal decision of the
    /// seat to act. `settings` give the limits (nodes, time, stop flag: for
    /// the whole call) and the table's size (positions already valued are
    /// kept in a table of at most `tt_bytes`, emptied when full).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use hukm_core::games::naqsh::{NaqshConfig, NaqshState};
    /// use hukm_core::solve::SolverConfig;
    /// let cfg = Arc::new(NaqshConfig::new(&[("players".into(), "2".into())]).unwrap());
    /// let p = &cfg.pack;
    /// let card = |t: &str| p.parse_card(t).unwrap();
    /// // Seat 0 (punter) holds 9+6 = 15; the banker 8+7 = 15; next card a 2.
    /// let s = NaqshState::from_position(cfg.clone(),
    ///     &[vec![card("9GH"), card("6GH")], vec![card("8GH"), card("7GH")]],
    ///     1, vec![card("2GH"), card("KGH")], None).unwrap();
    /// let a = s.dd_solve(0, &SolverConfig::small()).unwrap();
    /// // Drawing the 2 makes 17, and the banker then busts on the King or stays at 15.
    /// assert_eq!(a.value, 1);
    /// ```
    pub fn dd_solve(&self, player: usize, settings: &SolverConfig) -> Result<NaqshAnswer> {
        check_seat("player", player, self.cfg.players)?;
        if self.phase == Phase::Over {
            return Err(Error::State(
                "the game is over: nothing is left to solve".into(),
            ));
        }
        let mut root = self.clone();
        root.single_hand = true;
        root.history = Vec::new();
        let mut search = Search {
            player,
            nodes: 0,
            limits: Limits::new(settings.max_nodes, settings.timeout)
                .with_stop(settings.stop.clone()),
            table: HashMap::new(),
            // The `tt` switch off: no table (for differential tests). The
            // map's own growth can reach twice what it holds.
            capacity: if settings.switches.tt {
                settings.tt_bytes / 2
            } else {
                0
            },
            used: 0,
        };
        let mut actions = Vec::new();
        for a in root.legal() {
            let mut c = root.clone();
            c.act(a).expect("a legal decision");
            let v = search.value(&c, i64::MIN, i64::MAX)?;
            actions.push((a, v));
        }
        let maximise = root.current() == Some(player);
        let vals = actions.iter().map(|&(_, v)| v);
        let value = if maximise { vals.max() } else { vals.min() }.unwrap_or(0);
        let mut out = Answer::exact(value);
        for (a, v) in actions {
            out.push_exact(a, v);
        }
        out.nodes = search.nodes;
        Ok(out)
    }
}

impl NaqshState {
    /// Answers a double-dummy request (§13): the net result of the hand
    /// `player` (default: the player to act) can guarantee when everyone
    /// else decides against him, the pack's order known.
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        req.value_only("naqsh")?;
        let player = req.player_or(self.current().unwrap_or(0), self.cfg.players)?;
        // A small table unless the caller sizes it; anytime bounds are not
        // given for Naqsh: a limit fails the call.
        let mut a = self.dd_solve(player, &req.config_sized(TableSize::Small, 0, false))?;
        if !req.actions {
            a.actions.clear();
            a.actions_hi.clear();
        }
        Ok(a.map_actions(|x| x.name()).to_request_named(player, |v| v))
    }
}

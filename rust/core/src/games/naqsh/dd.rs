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
use crate::rng::Rng;
use crate::solve::estimate::Sample;
use crate::solve::estimate::Estimates;
use crate::solve::grade::{estimates_within, MOST_PLAYOUTS, UNTIMED_PLAYOUTS};
use crate::solve::request::{Bounds, SolveAnswer, SolveRequest};
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
    /// The widest net result a seat can have in one hand: every other seat
    /// paying (or paid) the largest stake at the largest multiplier (3, a
    /// special 21 or a triple with `bonus_payouts`), or the whole pool.
    pub fn net_range(&self) -> i64 {
        let n = self.cfg.players as i64;
        3 * self.cfg.stake.max(self.cfg.stake_max).abs() * n
    }

    /// The graded answer ([`crate::solve::grade`]) for `player`: each legal
    /// decision searched exactly in an equal share of half the time, a
    /// decision not finished in its share bounded by [`NaqshState::net_range`]
    /// and estimated by random play-outs of the rest of the hand.
    pub fn graded(&self, player: usize, settings: &SolverConfig, estimate: bool) -> Result<SolveAnswer> {
        check_seat("player", player, self.cfg.players)?;
        if self.phase == Phase::Over {
            return Err(Error::State(
                "the game is over: nothing is left to solve".into(),
            ));
        }
        let start = std::time::Instant::now();
        let mut root = self.clone();
        root.single_hand = true;
        root.history = Vec::new();
        let legal = root.legal();
        let b = self.net_range();
        let mut out = SolveAnswer {
            player,
            ..SolveAnswer::default()
        };
        let mut bounds = Vec::new();
        let mut nodes = 0;
        let mut halted = None;
        for (i, &a) in legal.iter().enumerate() {
            let share = settings.timeout.map(|t| {
                let left = (t / 2).saturating_sub(start.elapsed());
                left / (legal.len() - i) as u32
            });
            let mut search = Search {
                player,
                nodes: 0,
                // The errors name the call's limits, as the user gave them.
                limits: Limits {
                    given_nodes: settings.max_nodes,
                    given_timeout: settings.timeout,
                    ..Limits::new(settings.max_nodes.map(|m| m.saturating_sub(nodes)), share)
                        .with_stop(settings.stop.clone())
                },
                table: HashMap::new(),
                capacity: if settings.switches.tt { settings.tt_bytes / 2 } else { 0 },
                used: 0,
            };
            let mut c = root.clone();
            c.act(a).expect("a legal decision");
            // A call whose nodes or time are spent searches no more.
            let v = if settings.max_nodes.is_some_and(|m| nodes >= m) {
                Err(Error::SolverLimit(format!(
                    "solver node limit reached (max_nodes={})",
                    settings.max_nodes.unwrap_or(0)
                )))
            } else if share.is_some_and(|d| d.is_zero()) {
                Err(Error::SolverLimit(format!(
                    "solver time limit reached (timeout={} s)",
                    settings.timeout.unwrap_or_default().as_secs_f64()
                )))
            } else {
                search.value(&c, i64::MIN, i64::MAX)
            };
            nodes += search.nodes;
            match v {
                Ok(v) => bounds.push((a, (v, v))),
                Err(e @ Error::SolverLimit(_)) => {
                    halted.get_or_insert(e.to_string());
                    bounds.push((a, (-b, b)));
                }
                Err(e) => return Err(e),
            }
        }
        let maximise = root.current() == Some(player);
        let pick = |f: fn(&(i64, i64)) -> i64| {
            let v = bounds.iter().map(|(_, x)| f(x));
            if maximise { v.max() } else { v.min() }.unwrap_or(0)
        };
        let value = (pick(|x| x.0), pick(|x| x.1));
        out.value = value.0;
        out.actions = bounds.iter().map(|(a, x)| (a.name(), x.0)).collect();
        out.nodes = nodes;
        let exact = value.0 == value.1 && bounds.iter().all(|(_, x)| x.0 == x.1);
        if !exact {
            out.bounds = Some(Bounds {
                value,
                actions: bounds.iter().map(|(a, x)| (a.name(), *x)).collect(),
                reason: halted.unwrap_or_else(|| "the search was given no time to finish".into()),
            });
            if estimate {
                out.estimate = Some(self.play_outs(&root, &legal, player, &out, settings, start, maximise));
            }
        }
        Ok(out)
    }

    /// Random play-outs of the rest of the hand after each decision of
    /// `legal` at `root`, `player`'s net counted, until the time of
    /// `settings` (95 % of it from `start`) or [`MOST_PLAYOUTS`] each.
    #[allow(clippy::too_many_arguments)]
    fn play_outs(
        &self,
        root: &NaqshState,
        legal: &[NaqshAction],
        player: usize,
        out: &SolveAnswer,
        settings: &SolverConfig,
        start: std::time::Instant,
        maximise: bool,
    ) -> Estimates {
        let end = settings.timeout.map(|t| start + t.mul_f64(0.95));
        let mut samples = vec![Sample::default(); legal.len().max(1)];
        let mut moves = 0u64;
        let most = if end.is_some() { MOST_PLAYOUTS } else { UNTIMED_PLAYOUTS };
        for round in 0..most {
            let mut rng = Rng::new(Rng::derive(0x006e_6171_7368, u64::from(round)));
            for (k, s) in samples.iter_mut().enumerate() {
                let mut c = root.clone();
                if let Some(&a) = legal.get(k) {
                    c.act(a).expect("a legal decision");
                }
                while c.current().is_some() && c.phase != Phase::Over {
                    let options = c.legal();
                    if options.is_empty() {
                        break;
                    }
                    let a = options[rng.below(options.len() as u64) as usize];
                    c.act(a).expect("a legal decision");
                    moves += 1;
                }
                s.add(c.hand_net(player) as f64);
            }
            if end.is_some_and(|e| std::time::Instant::now() >= e) {
                break;
            }
        }
        let names: Vec<String> = legal.iter().map(|a| a.name()).collect();
        estimates_within(out, &names, &samples, moves, maximise)
    }

    /// Answers a double-dummy request (§13): the net result of the hand
    /// `player` (default: the player to act) can guarantee when everyone
    /// else decides against him, the pack's order known.
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        req.value_only("naqsh")?;
        let player = req.player_or(self.current().unwrap_or(0), self.cfg.players)?;
        if req.bounded() {
            let mut out = self.graded(player, &req.config_sized(TableSize::Small, 0, false), req.estimate)?;
            if !req.actions {
                out.actions.clear();
                if let Some(b) = &mut out.bounds {
                    b.actions.clear();
                }
                if let Some(e) = &mut out.estimate {
                    e.actions.clear();
                }
            }
            return Ok(out);
        }
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

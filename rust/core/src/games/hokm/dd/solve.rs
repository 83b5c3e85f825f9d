//! Solving states: bisection probes through the shared driver, the value of
//! every legal card and the cut call, kot goals, and the answer to a
//! [`SolveRequest`] (whist tricks or the Court Piece objectives).

use super::{Objective, RangGame, CALL, DEHLA_TEN};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::games::hokm::config::Scoring;
use crate::games::hokm::state::{HokmAction, HokmState};
use crate::solve::game::{MoveList, Switches, TrickGame};
use crate::solve::pool::{SharedPool, SolverPool};
use crate::solve::request::{in_legal_order, Bounds, Extra, Goal, SolveAnswer, SolveRequest};
use crate::solve::{Probe, Solver, SolverConfig};

/// The value for side 0 of `g` within `window` (clipped to what is left),
/// probing `guess` first and then bisecting: value scales such as Dehla's
/// `14 * tens + tricks` are too wide for MTD(f)'s unit steps.
fn bisect(
    solver: &mut Solver,
    g: &mut RangGame,
    window: (u32, u32),
    guess: u32,
) -> Result<crate::solve::Solution> {
    let guess = guess.max(1);
    solver.value(g, 0, window, guess, Probe::Bisect)
}

/// A double-dummy answer for a Court Piece / Rang state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdAnswer {
    /// The value for the chosen side from here to the end of the hand (see
    /// the module notes for the scale of each objective); its lower bound
    /// when `halted`.
    pub value: u32,
    /// Each legal card (and the cut call) of the player to move, with the
    /// value after it (its lower bound when `halted`).
    pub actions: Vec<(HokmAction, u32)>,
    /// Search nodes visited.
    pub nodes: u64,
    /// The upper bound of `value` (`value` itself when exact).
    pub hi: u32,
    /// The upper bounds of the actions' values, in the order of `actions`.
    pub actions_hi: Vec<u32>,
    /// In anytime mode ([`SolverConfig::bounds`]), the limit that stopped
    /// the call: the values are then bounds.
    pub halted: Option<String>,
}

impl HokmState {
    /// True when double-dummy analysis of this preset needs the Court Piece
    /// objectives of [`RangGame`] rather than plain whist tricks.
    pub fn needs_rang_dd(&self) -> bool {
        let c = self.config();
        c.players == 4
            && (c.heap || c.satat || c.first_void.is_some() || c.hidden_call || c.hidden_card)
    }

    /// The weight of a ten in the values of [`HokmState::dd_solve`]: 14 for
    /// Dehla Pakad's value objective (value = `14 * tens + tricks`), else 0.
    pub fn dd_ten_weight(&self, objective: Objective) -> u32 {
        if objective == Objective::Value && self.config().scoring == Scoring::Dehla {
            DEHLA_TEN
        } else {
            0
        }
    }

    /// The kot objective of this preset for `player`'s side (§16): heap
    /// presets collect all 13 tricks (Dehla Pakad: all four tens); Satat and
    /// Trup kasiet win the first seven tricks. Asked for a seat of the
    /// dealer's side it is the goon-kot question.
    pub fn dd_kot_objective(&self, player: usize) -> Result<Objective> {
        let player = self.dd_seat(player)?;
        let c = self.config();
        if c.heap {
            return Ok(Objective::CollectAll);
        }
        if c.players == 4 {
            let won = self.tricks_won();
            let side = player % 2;
            let need = if won[1 - side] > 0 {
                0
            } else {
                7u8.saturating_sub(won[side])
            };
            return Ok(Objective::WinNext(need));
        }
        Err(Error::State(format!(
            "no kot query for {}",
            c.preset.name()
        )))
    }

    /// The table seat of `player` as the state's players are numbered (in
    /// Dummy Rang a real player 0..2 plays his own seat, and the dummy's
    /// partner the dummy's too; elsewhere player and seat are the same).
    pub fn dd_seat(&self, player: usize) -> Result<usize> {
        let c = self.config();
        let players = if c.dummy { 3 } else { c.players };
        if player >= players {
            return Err(Error::State(format!(
                "bad player {} (players 0..{})",
                player,
                players - 1
            )));
        }
        Ok(if c.dummy {
            self.table
                .iter()
                .position(|&p| p == player)
                .unwrap_or(player)
        } else {
            player
        })
    }

    /// The player to move, numbered as [`HokmState::dd_seat`] expects.
    pub fn dd_player_to_move(&self) -> usize {
        self.current().map_or(0, |seat| self.table[seat])
    }

    /// Solves a trick-play state of the Court Piece / Rang family exactly for
    /// `player`'s side under `objective`; with `actions`, also the value
    /// after each legal card and the cut call. Nothing in `self` changes.
    ///
    /// ```
    /// use hukm_core::games::hokm::{dd::Objective, Hokm};
    /// let g = Hokm::new("double_sar", &[]).unwrap();
    /// let s = g.from_deal("A... K... Q... J...", Some("S"), 0, None, Some(&[6, 6])).unwrap();
    /// // The last trick collects the heap (here trick 13 alone).
    /// let a = s.dd_solve(1, Objective::Value, &Default::default(), true).unwrap();
    /// assert_eq!(a.value, 0);
    /// ```
    pub fn dd_solve(
        &self,
        player: usize,
        objective: Objective,
        config: &SolverConfig,
        actions: bool,
    ) -> Result<DdAnswer> {
        self.dd_solve_pooled(player, objective, config, actions, &None)
    }

    /// [`HokmState::dd_solve`] with the solver of a handle kept across
    /// calls (`pool`): its table is reused for the same objective and side.
    pub fn dd_solve_pooled(
        &self,
        player: usize,
        objective: Objective,
        config: &SolverConfig,
        actions: bool,
        pool: &Option<SharedPool>,
    ) -> Result<DdAnswer> {
        let player = self.dd_seat(player)?;
        let mut g = RangGame::new(self, player, objective)?;
        // The table's context holds the side counted, the objective's kind,
        // the tricks a kot still needs and the trumps, and each entry the
        // heap it is for: its entries hold for any position of the preset.
        let flavour = format!("rang:{}", self.config().preset.name());
        let mut solver = SolverPool::take::<u128, u8>(pool, &flavour, config.clone());
        let rem = g.remaining();
        let trivial = match objective {
            Objective::Value => None,
            Objective::CollectAll if g.d.done => Some(0),
            Objective::CollectAll
                if g.r.dehla && g.in_play() & g.r.tens == 0 && g.d.heap_tens == 0 =>
            {
                Some(1)
            }
            Objective::CollectAll => None,
            Objective::WinNext(0) => {
                let won = self.tricks_won();
                // `player` is a seat from here on.
                Some(u32::from(won[1 - player % 2] == 0))
            }
            Objective::WinNext(_) => None,
        };
        let w = self.dd_ten_weight(objective);
        let root = match trivial {
            Some(v) => crate::solve::Solution {
                value: v,
                hi: v,
                nodes: 0,
            },
            None => {
                solver.report_root(Some(Box::new(move |lo, hi| {
                    let (lo, hi) = (i64::from(lo), i64::from(hi));
                    match w {
                        0 => (lo, hi),
                        w => (lo / i64::from(w), hi / i64::from(w)),
                    }
                })));
                let r = bisect(&mut solver, &mut g, (0, u32::MAX), rem / 2);
                solver.report_root(None);
                r?
            }
        };
        let mut out = DdAnswer {
            value: root.value,
            actions: Vec::new(),
            nodes: root.nodes,
            hi: root.hi,
            actions_hi: Vec::new(),
            halted: None,
        };
        if actions {
            let mut list = MoveList::new();
            g.moves(&mut list, &Switches::none());
            let mut moves: Vec<u8> = list.as_slice().to_vec();
            moves.sort_unstable();
            // The mover's side gets the root's value with its best action and
            // no more with any other; the other side no less. Each action is
            // searched only within that window (`Switches::card_bounds`; an
            // anytime solve always narrows by the root's bounds).
            let mover_max = g.side_of(g.to_move()) == 0;
            let bounded = config.bounds || config.switches.card_bounds;
            for m in moves {
                let (v, hi) = if trivial.is_some() {
                    (root.value, root.hi)
                } else {
                    let won = g.play(m);
                    let base = match won {
                        Some(w) if g.side_of(w.seat as usize) == 0 => w.value,
                        _ => 0,
                    };
                    let window = if bounded {
                        root.window_after(base, mover_max)
                    } else {
                        (0, u32::MAX)
                    };
                    let r = bisect(&mut solver, &mut g, window, root.value.saturating_sub(base));
                    g.undo(m);
                    let r = r?;
                    out.nodes += r.nodes;
                    (base + r.value, base + r.hi)
                };
                let a = if m == CALL {
                    HokmAction::Call
                } else {
                    HokmAction::Card(Card(m))
                };
                out.actions.push((a, v));
                out.actions_hi.push(hi);
            }
        }
        out.halted = solver.halted().map(|e| e.to_string());
        Ok(out)
    }
}

impl HokmState {
    /// Answers a double-dummy request: whist tricks for the plain presets
    /// (the shared whist solver), the Court Piece objectives of §16 for the
    /// others (heaps, first-void trumps, Dab Rang's cut, Satat's 2H, Dehla's
    /// tens with the tricks as [`Extra::Tricks`]), and the kot query
    /// ([`Goal::Kot`]) of every four-player preset. Players are numbered as
    /// [`HokmState::dd_seat`] expects.
    ///
    /// ```
    /// use hukm_core::games::hokm::Hokm;
    /// use hukm_core::solve::request::{Goal, SolveRequest};
    /// let g = Hokm::new("hokm4", &[]).unwrap();
    /// let s = g.from_deal("AK... QJ... T9... 87...", None, 0, None, None).unwrap();
    /// let a = s.solve(&SolveRequest::new()).unwrap();
    /// assert_eq!((a.value, a.actions.len()), (2, 2));
    /// let kot = SolveRequest { goal: Goal::Kot, ..SolveRequest::new() };
    /// assert_eq!(s.solve(&kot).unwrap().value, 0);
    /// ```
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        let players = self.config().num_players();
        let player = req.player_or(self.dd_player_to_move(), players)?;
        let legal = crate::game::GameState::legal_actions(self);
        let name = self.config().preset.name();
        let answers = if self.config().players == 4 {
            "its value (objective=\"tricks\") and the kot query (objective=\"kot\")"
        } else {
            "its value (objective=\"tricks\")"
        };
        let objective = match req.goal {
            Goal::Target(_) => return Err(req.unsupported(name, answers)),
            Goal::Kot => {
                if self.config().players != 4 {
                    return Err(req.unsupported(name, answers));
                }
                self.dd_kot_objective(player)?
            }
            Goal::Value if self.needs_rang_dd() => Objective::Value,
            Goal::Value => return self.solve_whist(req, player, &legal),
        };
        let a = self.dd_solve_pooled(player, objective, &req.config, req.actions, &req.pool)?;
        let named: Vec<(String, i64)> = a
            .actions
            .iter()
            .map(|(x, v)| (self.format_action(x), i64::from(*v)))
            .collect();
        let named = in_legal_order(&legal, named);
        let w = i64::from(self.dd_ten_weight(objective));
        let unit = |v: u32| {
            if w > 0 {
                i64::from(v) / w
            } else {
                i64::from(v)
            }
        };
        let bounds = a.halted.as_ref().map(|reason| Bounds {
            value: (unit(a.value), unit(a.hi)),
            actions: in_legal_order(
                &legal,
                a.actions
                    .iter()
                    .zip(&a.actions_hi)
                    .map(|((x, v), h)| (self.format_action(x), (unit(*v), unit(*h))))
                    .collect(),
            ),
            reason: reason.clone(),
        });
        let mut out = SolveAnswer {
            player,
            value: i64::from(a.value),
            actions: named,
            nodes: a.nodes,
            extra: Extra::None,
            bounds: None,
        };
        if w > 0 && bounds.is_none() {
            out.extra = Extra::Tricks {
                value: out.value % w,
                actions: out
                    .actions
                    .iter()
                    .map(|(x, v)| (x.clone(), v % w))
                    .collect(),
            };
        }
        if w > 0 {
            out.value /= w;
            for (_, v) in out.actions.iter_mut() {
                *v /= w;
            }
        }
        out.bounds = bounds;
        Ok(out)
    }

    /// Whist tricks of a plain-trick preset through the shared whist solver.
    fn solve_whist(
        &self,
        req: &SolveRequest,
        player: usize,
        legal: &[String],
    ) -> Result<SolveAnswer> {
        let pos = self.whist_position()?;
        // Whist's table keys hold the leader, trumps, sides and number of
        // hands: its entries hold for any position of trick play.
        let mut solver = SolverPool::take::<u128, u8>(&req.pool, "whist", req.config.clone());
        let pack = &self.config().pack;
        let (value, hi, cards, cards_hi, nodes) = if req.actions {
            let r = solver.solve_cards(&pos, player)?;
            (r.value, r.hi, r.cards, r.cards_hi, r.nodes)
        } else {
            let r = solver.solve(&pos, player)?;
            (r.value, r.hi, Vec::new(), Vec::new(), r.nodes)
        };
        let named = cards
            .iter()
            .map(|&(c, v)| (pack.format_card(c), i64::from(v)))
            .collect();
        let bounds = solver.halted().map(|e| Bounds {
            value: (i64::from(value), i64::from(hi)),
            actions: in_legal_order(
                legal,
                cards
                    .iter()
                    .zip(&cards_hi)
                    .map(|(&(c, v), &h)| (pack.format_card(c), (i64::from(v), i64::from(h))))
                    .collect(),
            ),
            reason: e.to_string(),
        });
        Ok(SolveAnswer {
            player,
            value: i64::from(value),
            actions: in_legal_order(legal, named),
            nodes,
            extra: Extra::None,
            bounds,
        })
    }
}

//! Solving states: bisection probes through the shared driver, the value of
//! every legal card and the cut call, kot goals, and the answer to a
//! [`SolveRequest`] (whist tricks or the Court Piece objectives).

use super::{Objective, RangGame, CALL, DEHLA_TEN};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::games::hokm::config::Scoring;
use crate::games::hokm::state::{HokmAction, HokmState};
use crate::solve::answer::{credit, Actions, Answer, Narrow, TableSize};
use crate::solve::grade::{graded, Graded, How};
use crate::solve::parallel;
use crate::solve::game::{MoveList, Switches, TrickGame};
use crate::solve::pool::{SharedPool, SolverPool};
use crate::solve::request::{in_legal_order, Extra, Goal, SolveAnswer, SolveRequest};
use crate::solve::{Probe, SolverConfig};

/// A double-dummy answer for a Court Piece / Rang state: the value for the
/// chosen side from here to the end of the hand (see the module notes for
/// the scale of each objective) and the value after each legal card (and
/// the cut call) of the player to move.
pub type DdAnswer = Answer<HokmAction>;

impl HokmState {
    /// True when double-dummy analysis of this preset needs the Court Piece
    /// objectives of [`RangGame`] rather than plain whist tricks.
    pub fn needs_rang_dd(&self) -> bool {
        let c = self.config();
        c.players == 4
            && (c.heap || c.satat || c.first_void.is_some() || c.hidden_call || c.hidden_card)
    }

    /// True when [`HokmState::solve`] answers `req` with searches on the
    /// calling thread alone, whatever `req`'s thread count: an exact value
    /// (and each card's) of four-hand whist goes through the whist core,
    /// which splits a call over threads only with the `core_threads`
    /// switch.
    pub fn searches_on_one_thread(&self, req: &SolveRequest) -> bool {
        self.config().players == 4
            && req.goal == Goal::Value
            && !req.graded
            && !self.needs_rang_dd()
            && !req.config.switches.core_threads
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
        let units = move || -> crate::solve::RootUnits {
            Box::new(move |lo, hi| {
                let (lo, hi) = (i64::from(lo), i64::from(hi));
                match w {
                    0 => (lo, hi),
                    w => (lo / i64::from(w), hi / i64::from(w)),
                }
            })
        };
        let mut moves: Vec<u8> = Vec::new();
        if actions {
            let mut list = MoveList::new();
            g.moves(&mut list, &Switches::none());
            moves = list.as_slice().to_vec();
            moves.sort_unstable();
        }
        // On several threads every card is valued at once and the root's
        // value is the best of them.
        let split = trivial.is_none() && actions && solver.threads() > 1;
        let mut values = Vec::new();
        let root = match trivial {
            Some(v) => crate::solve::Solution {
                value: v,
                hi: v,
                nodes: 0,
            },
            None if split => {
                let play = |h: &mut RangGame, i: usize| credit(h, moves[i]);
                let n = moves.len();
                values =
                    parallel::each_action(&mut solver, &g, n, play, rem / 2, |_, e| e, Probe::Bisect, Narrow::Switched)?;
                let mover_max = g.side_of(g.to_move()) == 0;
                solver.report_best(&values, mover_max, Some(units()))
            }
            // Bisection: value scales such as Dehla's `14 * tens + tricks`
            // are too wide for MTD(f)'s unit steps.
            None => {
                // `Switches::dehla_top_first`: the first probe asks
                // whether the side takes everything (on several threads
                // with `Switches::top_split`, the root's moves spread over
                // them); the
                // bisection after a failure is the one without it.
                let threads = solver.threads();
                let top = config.switches.dehla_top_first
                    && g.r.dehla
                    && objective == Objective::Value
                    && (threads < 2 || config.switches.top_split)
                    && !config.bounds
                    && rem > 0;
                let all = |s: &mut crate::solve::Solver<_, _>, g: &mut RangGame| {
                    if threads < 2 {
                        s.reaches(g, 0, rem)
                    } else {
                        s.reaches_over(g, rem, false)
                    }
                };
                if top && all(&mut solver, &mut g)? {
                    crate::solve::Solution {
                        value: rem,
                        hi: rem,
                        nodes: solver.call_nodes(),
                    }
                } else {
                    solver.value_root_split(&mut g, rem / 2, Probe::Bisect, Some(units()))?
                }
            }
        };
        let mut out = Answer::new(root);
        let each = Actions::new(&g, root, Probe::Bisect, Narrow::Switched, config);
        for (i, &m) in moves.iter().enumerate() {
            let v = if trivial.is_some() {
                (root.value, root.hi)
            } else if split {
                values[i]
            } else {
                each.after_move(&mut *solver, &mut g, m, |_, guess| guess)?
            };
            let a = if m == CALL {
                HokmAction::Call
            } else {
                HokmAction::Card(Card(m))
            };
            out.push(a, v);
        }
        Ok(out.finish(&solver))
    }
}

impl HokmState {
    /// The graded answer ([`crate::solve::grade`]) of a Court Piece / Rang
    /// state for `player`'s side under `objective`, the value after each
    /// legal card (and the cut call) when `actions`, within `config`'s
    /// limits; `unit` maps a value in search units to the answer's.
    pub fn dd_graded(
        &self,
        player: usize,
        objective: Objective,
        config: &SolverConfig,
        actions: bool,
        estimate: bool,
    ) -> Result<Graded<HokmAction>> {
        let seat = self.dd_seat(player)?;
        let g = RangGame::new(self, seat, objective)?;
        let mut moves = Vec::new();
        if actions {
            let mut list = MoveList::new();
            g.moves(&mut list, &Switches::none());
            moves = list.as_slice().to_vec();
            moves.sort_unstable();
        }
        let after = |m: &u8| {
            let mut h = g.clone();
            let won = credit(&mut h, *m);
            Ok((h, won))
        };
        let w = self.dd_ten_weight(objective).max(1);
        let mut how = How::new(g.remaining() / 2, move |v| f64::from(v / w));
        how.probe = Probe::Bisect;
        how.estimate = estimate;
        let units = Box::new(move |lo: u32, hi: u32| (i64::from(lo / w), i64::from(hi / w)));
        let mut solver = crate::solve::Solver::new(SolverConfig {
            bounds: true,
            ..config.clone()
        });
        let r = graded(&mut solver, &g, moves, after, &how, Some(units))?;
        Ok(Graded {
            answer: r.answer.map_actions(|m| {
                if m == CALL {
                    HokmAction::Call
                } else {
                    HokmAction::Card(Card(m))
                }
            }),
            estimates: r.estimates,
            mover_max: r.mover_max,
        })
    }

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
            Goal::Value if req.graded => {
                let config = req.config_sized(TableSize::Default, 0, true);
                let pack = &self.config().pack;
                let pos = self.whist_position()?;
                let g = crate::solve::grade::whist(&pos, player, &config, req.actions, req.estimate)?;
                return Ok(g.to_request(player, &legal, |c| pack.format_card(*c), i64::from));
            }
            Goal::Value => return self.solve_whist(req, player, &legal),
        };
        if req.graded && objective == Objective::Value {
            let config = req.config_sized(TableSize::Default, 0, true);
            let g = self.dd_graded(player, objective, &config, req.actions, req.estimate)?;
            let w = self.dd_ten_weight(objective).max(1);
            let name = |x: &HokmAction| self.format_action(x);
            let mut out = g.to_request(player, &legal, name, |v| i64::from(v / w));
            if w > 1 && out.bounds.is_none() && g.answer.value == g.answer.hi {
                let exact = g.answer.actions.iter().zip(&g.answer.actions_hi).all(|(x, h)| x.1 == *h);
                if exact {
                    let tricks = g.answer.actions.iter().map(|(x, v)| (name(x), i64::from(v % w)));
                    out.extra = Extra::Tricks {
                        value: i64::from(g.answer.value % w),
                        actions: in_legal_order(&legal, tricks.collect()),
                    };
                }
            }
            return Ok(out);
        }
        let config = req.config_sized(TableSize::Default, 0, true);
        let a = self.dd_solve_pooled(player, objective, &config, req.actions, &req.pool)?;
        let name = |x: &HokmAction| self.format_action(x);
        // Dehla Pakad: tens in the value, the tricks collected in the extra.
        let w = self.dd_ten_weight(objective).max(1);
        let mut out = a.to_request(player, &legal, name, |v| i64::from(v / w));
        if w > 1 && a.halted.is_none() {
            let tricks = a.actions.iter().map(|(x, v)| (name(x), i64::from(v % w)));
            out.extra = Extra::Tricks {
                value: i64::from(a.value % w),
                actions: in_legal_order(&legal, tricks.collect()),
            };
        }
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
        let config = req.config_sized(TableSize::Default, 0, true);
        let mut solver = SolverPool::take::<u128, u8>(&req.pool, "whist", config);
        let a = if req.actions {
            solver.solve_cards(&pos, player)?
        } else {
            let root = solver.solve(&pos, player)?;
            Answer::new(root).finish(&solver)
        };
        let pack = &self.config().pack;
        Ok(a.to_request(player, legal, |c| pack.format_card(*c), i64::from))
    }
}

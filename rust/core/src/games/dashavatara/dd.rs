//! Exact double-dummy search for Dashavatara (`docs/rules/dashavatara.md` §13):
//! the cards a focal seat captures against the other two as one coalition.
//!
//! The game implements the solver's [`TrickGame`] seam with one-byte moves:
//!
//! * `0..120` — a card (a single-card lead, a follow, or one discard);
//! * `120 + s` — the leader announces a ducal in suit `s`; he then moves
//!   again to choose its run:
//! * `140 + 10(a-1) + (b-1)` — the run `a..=b` of the announced ducal.
//!
//! Splitting a ducal into suit and run keeps every node within the solver's
//! move list (a hand holding K, V and all ten numerals of a suit has 36
//! ducals in it; a lead lists at most one move a card and one a suit). Discards are one card per move, in increasing bit order
//! within one opponent's group (§3.5 allows any fixed order), so each
//! subset of k cards is searched once.
//!
//! **Units.** Every trick holds a multiple of 3 cards, so the search counts
//! in threes (a trick of 3 cards is worth 1, a ducal of width k is worth k);
//! [`solve`] multiplies back. MTD(f) then needs a third of the probes.
//!
//! **Table key.** Relative ranks are not safe everywhere: whether a run of
//! numerals is a ducal depends on their face values, not on their order among
//! the remaining cards. A suit in which one hand holds both the Raja and the
//! Mantri ("live": a ducal may still come) is therefore keyed exactly; every
//! other suit can never hold a ducal again and is reduced to relative ranks
//! ([`DashaDd::canonical`]). The key is exact at every size: the pattern,
//! compared in full, is the canonical hand of each seat (three 128-bit sets,
//! [`Wide3`]); the shape, which only spreads positions over the table's
//! slots, is the owner of each card in play as a base-3 number (up to 40
//! cards) or a hash of the hands beyond that. Equivalent cards are collapsed
//! under the same rule: adjacent cards of one hand in one suit, unless that
//! hand holds both courts of the suit.

use super::rules::{self, Ducal, Rules, SUITS};
use super::state::{DashaAction, DashaState, Phase};
use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
use crate::solve::answer::{Actions, Answer, Narrow, TableSize};
use crate::solve::grade::{graded, Graded, How};
use crate::solve::parallel::each_action;
use crate::solve::game::{
    mix64, LeadBounds, MoveList, Side, Switches, TrickGame, TrickWon, TtKey, Wide, Wide3,
};
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::solve::{Probe, Solver, SolverConfig};

/// First move code of a ducal announcement (`120 + suit`).
pub const DUCAL_SUIT: u8 = 120;
/// First move code of a ducal run (`140 + 10(a-1) + (b-1)`).
pub const DUCAL_RUN: u8 = 140;
/// The largest hand the solver accepts (every node must fit the move list:
/// a lead lists a card or a ducal suit a move), beyond the 40 cards of a
/// deal.
pub const MAX_HAND: u32 = crate::solve::game::MAX_MOVES as u32 - 1 - SUITS as u32;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Step {
    Lead,
    Run(u8),
    Follow,
    Discard,
}

/// Everything that changes during the search (restored by copy on undo).
#[derive(Copy, Clone, Debug)]
struct Core {
    hands: [CardSet; 3],
    step: Step,
    to_move: u8,
    leader: u8,
    trick: [Card; 3],
    n_trick: u8,
    ducal: Ducal,
    owed: u8,
    /// The next discard of the current group must have at least this bit.
    floor: u8,
    /// Cards on the table in the current trick.
    in_trick: u32,
    opening: bool,
}

/// A Dashavatara position for the solver.
#[derive(Clone, Debug)]
pub struct DashaDd {
    core: Core,
    stack: Vec<Core>,
    rules: Rules,
    sides: [Side; 3],
    focal: u8,
}

fn run_code(a: u8, b: u8) -> u8 {
    DUCAL_RUN + 10 * (a - 1) + (b - 1)
}

fn decode_run(m: u8) -> (u8, u8) {
    let x = m - DUCAL_RUN;
    (x / 10 + 1, x % 10 + 1)
}

impl DashaDd {
    /// The solver's view of `state` for focal seat `player` (side 0).
    pub fn new(state: &DashaState, player: usize) -> Result<DashaDd> {
        if player >= 3 {
            return Err(Error::State(format!(
                "bad player {}: seats are 0..2",
                player
            )));
        }
        if state.phase() == Phase::Over {
            return Err(Error::State("the deal is over: nothing to solve".into()));
        }
        let hands = *state.hands();
        let biggest = hands.iter().map(|h| h.len()).max().unwrap_or(0);
        if biggest > MAX_HAND {
            return Err(Error::State(format!(
                "a hand of {} cards is too large for exact search (at most {})",
                biggest, MAX_HAND
            )));
        }
        let cur = state.current().expect("not over") as u8;
        let mut core = Core {
            hands,
            step: Step::Lead,
            to_move: cur,
            leader: state.leader() as u8,
            trick: [Card(0); 3],
            n_trick: 0,
            ducal: Ducal {
                suit: 0,
                a: 1,
                b: 3,
            },
            owed: 0,
            floor: 0,
            in_trick: 0,
            opening: state.is_opening(),
        };
        if let Some(d) = state.ducal() {
            core.step = Step::Discard;
            core.ducal = d.ducal;
            core.owed = state.owed() as u8;
            core.in_trick = d.ducal.width() + d.given.iter().map(|g| g.len()).sum::<u32>();
        } else if !state.trick().is_empty() {
            core.step = Step::Follow;
            for (i, &c) in state.trick().iter().enumerate() {
                core.trick[i] = c;
            }
            core.n_trick = state.trick().len() as u8;
            core.in_trick = core.n_trick as u32;
        }
        let sides = std::array::from_fn(|s| u8::from(s != player));
        Ok(DashaDd {
            core,
            stack: Vec::with_capacity(256),
            rules: *state.rules(),
            sides,
            focal: player as u8,
        })
    }

    fn in_play(&self) -> CardSet {
        let c = &self.core;
        c.hands[0] | c.hands[1] | c.hands[2]
    }

    /// True when `hand` holds both courts of `s` and ducals are on (its
    /// numerals are then not interchangeable).
    fn live(&self, hand: CardSet, s: u8) -> bool {
        self.rules.ducal && hand.contains(rules::raja(s)) && hand.contains(rules::mantri(s))
    }

    /// Pushes one card of each class of equivalent cards among `cands`
    /// (ascending; the lowest candidate of each class).
    fn push_classes(
        &self,
        out: &mut MoveList<u8>,
        cands: CardSet,
        hand: CardSet,
        others: CardSet,
        sw: &Switches,
        weight: impl Fn(Card) -> i16,
    ) {
        let mut prev: Option<Card> = None;
        for c in cands.iter() {
            let s = rules::suit_of(c);
            let same = sw.collapse
                && !self.live(hand, s)
                && prev.is_some_and(|p| {
                    rules::suit_of(p) == s && {
                        let between = ((1u128 << c.0) - 1) & !((2u128 << p.0) - 1);
                        others.0 & between == 0
                    }
                });
            if !same {
                out.push(c.0, if sw.ordering { weight(c) } else { 0 });
            }
            prev = Some(c);
        }
    }

    /// Plays a root action of the engine (a card or a ducal) and returns the
    /// cards it made the focal side win at once. Discards at the root may be
    /// any card (the increasing order only applies after it).
    pub(super) fn play_action(&mut self, a: &DashaAction) -> u32 {
        let mut won = 0;
        let mut add = |w: Option<TrickWon<u128>>, sides: &[Side; 3]| {
            if let Some(w) = w {
                if sides[w.seat as usize] == 0 {
                    won += w.value;
                }
            }
        };
        match *a {
            DashaAction::Card(c) => {
                let w = self.play(c.0);
                add(w, &self.sides);
                self.core.floor = 0;
            }
            DashaAction::Ducal(d) => {
                self.play(DUCAL_SUIT + d.suit);
                let w = self.play(run_code(d.a, d.b));
                add(w, &self.sides);
            }
            DashaAction::Discards(cs) => {
                for c in cs.iter() {
                    let w = self.play(c.0);
                    add(w, &self.sides);
                    self.core.floor = 0;
                }
            }
        }
        won
    }

    /// The hands with every suit that can no longer hold a ducal reduced to
    /// relative ranks (its remaining cards moved to the lowest bits of its
    /// block, in order); suits where one hand holds both courts stay exact.
    /// Positions with the same canonical hands have the same value: legality
    /// depends only on suits, tricks on the order of the cards in play, and
    /// ducals on the exact faces of live suits only. The canonical form also
    /// tells live suits from dead ones (a dead suit never shows both courts
    /// in one hand once reduced), so no two kinds of suit share a key.
    pub fn canonical(&self) -> [CardSet; 3] {
        let hands = &self.core.hands;
        let mut out = [CardSet::EMPTY; 3];
        for s in 0..SUITS {
            let m = rules::suit_mask(s);
            if hands.iter().any(|&h| self.live(h, s)) {
                for (o, h) in out.iter_mut().zip(hands) {
                    *o |= *h & m;
                }
                continue;
            }
            let cards = (hands[0] | hands[1] | hands[2]) & m;
            for (bit, x) in (s * rules::STRIDE..).zip(cards.iter()) {
                let p = if hands[0].contains(x) {
                    0
                } else if hands[1].contains(x) {
                    1
                } else {
                    2
                };
                out[p].insert(Card(bit));
            }
        }
        out
    }

    /// At a trick start after the opening: what the leader surely wins
    /// alone, in threes. He first cashes his top cards: the run of highest
    /// trumps in play, and in each other suit without a ducal of his the run
    /// of highest cards, as far as both others must follow it; then he leads
    /// the longest ducal of each suit that has one (a ducal wins outright and
    /// keeps the lead; the top cards cashed before were not part of it).
    fn sure_for_leader(&self) -> u32 {
        let c = &self.core;
        let me = c.leader as usize;
        let hand = c.hands[me];
        let all = self.in_play();
        let mut sure = 0;
        for s in 0..SUITS {
            let m = rules::suit_mask(s);
            let mut widest = 0;
            if self.rules.ducal {
                rules::for_each_ducal(hand, s, &self.rules, |d| widest = widest.max(d.width()));
            }
            if widest > 0 {
                sure += widest;
                continue;
            }
            // The run of the highest cards in play of suit s held by the leader.
            let mut top = 0;
            for x in (all & m).iter().rev() {
                if !hand.contains(x) {
                    break;
                }
                top += 1;
            }
            if s != self.rules.trump {
                for (p, h) in c.hands.iter().enumerate() {
                    if p != me {
                        top = top.min((*h & m).len());
                    }
                }
            }
            sure += top;
        }
        sure
    }

    /// At a trick start: tricks the side not on lead surely wins, in threes.
    /// The highest trump in play wins whatever trick it is played to, so a
    /// player of that side holding the run of the highest trumps wins one
    /// trick with each (one card a trick each, so never two in one trick),
    /// unless he must give them to a ducal: the bound is only used when no
    /// hand of the leader's side holds both courts of a suit.
    fn sure_against_leader(&self) -> u32 {
        let c = &self.core;
        let lead_side = self.sides[c.leader as usize];
        for (p, &h) in c.hands.iter().enumerate() {
            if self.sides[p] == lead_side && (0..SUITS).any(|s| self.live(h, s)) {
                return 0;
            }
        }
        let m = rules::suit_mask(self.rules.trump);
        let trumps = self.in_play() & m;
        let Some(top) = trumps.highest() else {
            return 0;
        };
        let Some(owner) = c.hands.iter().position(|h| h.contains(top)) else {
            return 0;
        };
        if self.sides[owner] == lead_side {
            return 0;
        }
        let mut run = 0;
        for x in trumps.iter().rev() {
            if !c.hands[owner].contains(x) {
                break;
            }
            run += 1;
        }
        run
    }

    fn end_trick(&mut self, winner: u8) -> Option<TrickWon<u128>> {
        let c = &mut self.core;
        // Every trick holds a multiple of 3 cards (3, or 3k for a ducal).
        let value = c.in_trick / 3;
        c.leader = winner;
        c.to_move = winner;
        c.step = Step::Lead;
        c.n_trick = 0;
        c.in_trick = 0;
        c.opening = false;
        Some(TrickWon {
            seat: winner,
            value,
            rest: 0,
            decided: 0,
        })
    }
}

impl TrickGame for DashaDd {
    type Move = u8;
    type Winners = u128;
    type Pattern = Wide3;

    fn to_move(&self) -> usize {
        self.core.to_move as usize
    }

    fn side_of(&self, seat: usize) -> Side {
        self.sides[seat]
    }

    fn at_trick_start(&self) -> bool {
        self.core.step == Step::Lead
    }

    fn ply(&self) -> usize {
        self.stack.len()
    }

    fn remaining(&self) -> u32 {
        let c = &self.core;
        (c.hands[0].len() + c.hands[1].len() + c.hands[2].len() + c.in_trick) / 3
    }

    fn moves(&self, out: &mut MoveList<u8>, sw: &Switches) {
        out.clear();
        let c = &self.core;
        let me = c.to_move as usize;
        let hand = c.hands[me];
        let others = self.in_play() - hand;
        match c.step {
            Step::Lead => {
                if c.opening {
                    let k = rules::raja(self.rules.trump);
                    if hand.contains(k) {
                        out.push(k.0, 0);
                    }
                    return;
                }
                if self.rules.ducal {
                    for s in 0..SUITS {
                        let mut any = false;
                        rules::for_each_ducal(hand, s, &self.rules, |_| any = true);
                        if any {
                            out.push(DUCAL_SUIT + s, 1000);
                        }
                    }
                }
                let trump = self.rules.trump;
                self.push_classes(out, hand, hand, others, sw, |x| {
                    let st = (x.0 % 12) as i16;
                    if rules::suit_of(x) == trump {
                        st - 20
                    } else {
                        st
                    }
                });
            }
            Step::Run(s) => {
                rules::for_each_ducal(hand, s, &self.rules, |d| {
                    out.push(run_code(d.a, d.b), d.width() as i16);
                });
            }
            Step::Follow => {
                let led = rules::suit_of(c.trick[0]);
                let legal = rules::legal_follow(hand, led, &self.rules);
                let mut table = CardSet::EMPTY;
                for &x in &c.trick[..c.n_trick as usize] {
                    table.insert(x);
                }
                let trump = self.rules.trump;
                let best = rules::winning_card(table, led, trump);
                let pos = c.trick.iter().position(|&x| x == best).unwrap_or(0) as u8;
                let best_seat = ((c.leader + pos) % 3) as usize;
                let friend_wins = self.sides[best_seat] == self.sides[me];
                // Partner winning: play low. Otherwise win as cheaply as
                // possible, or throw the least useful card (not a trump).
                self.push_classes(out, legal, hand, others | table, sw, |x| {
                    let st = (x.0 % 12) as i16;
                    let is_trump = i16::from(rules::suit_of(x) == trump);
                    if friend_wins {
                        return -st - 20 * is_trump;
                    }
                    let wins = rules::winning_card(table | x.set(), led, trump) == x;
                    if wins {
                        100 - st
                    } else {
                        -st - 20 * is_trump
                    }
                });
            }
            Step::Discard => {
                let need = c.owed as u32;
                let mut cands = CardSet::EMPTY;
                for x in hand.iter() {
                    if x.0 < c.floor {
                        continue;
                    }
                    let above = CardSet(hand.0 & !((2u128 << x.0) - 1)).len();
                    if above + 1 >= need {
                        cands.insert(x);
                    }
                }
                let trump = self.rules.trump;
                self.push_classes(out, cands, hand, others, sw, |x| {
                    -((x.0 % 12) as i16) - 20 * i16::from(rules::suit_of(x) == trump)
                });
            }
        }
        if sw.ordering {
            out.sort();
        }
    }

    fn play(&mut self, m: u8) -> Option<TrickWon<u128>> {
        self.stack.push(self.core);
        let rules = self.rules;
        let c = &mut self.core;
        let me = c.to_move as usize;
        match c.step {
            Step::Lead if m >= DUCAL_SUIT => {
                c.step = Step::Run(m - DUCAL_SUIT);
                None
            }
            Step::Lead => {
                c.hands[me].remove(Card(m));
                c.trick[0] = Card(m);
                c.n_trick = 1;
                c.in_trick = 1;
                c.step = Step::Follow;
                c.to_move = (c.to_move + 1) % 3;
                None
            }
            Step::Run(s) => {
                let (a, b) = decode_run(m);
                let d = Ducal { suit: s, a, b };
                c.hands[me] -= d.cards();
                c.ducal = d;
                c.in_trick = d.width();
                c.owed = d.width() as u8;
                c.floor = 0;
                c.step = Step::Discard;
                c.to_move = (c.to_move + 1) % 3;
                None
            }
            Step::Follow => {
                c.hands[me].remove(Card(m));
                c.trick[c.n_trick as usize] = Card(m);
                c.n_trick += 1;
                c.in_trick += 1;
                if c.n_trick < 3 {
                    c.to_move = (c.to_move + 1) % 3;
                    return None;
                }
                let cards: CardSet = c.trick.iter().copied().collect();
                let led = rules::suit_of(c.trick[0]);
                let best = rules::winning_card(cards, led, rules.trump);
                let k = c.trick.iter().position(|&x| x == best).expect("in trick") as u8;
                let winner = (c.leader + k) % 3;
                self.end_trick(winner)
            }
            Step::Discard => {
                c.hands[me].remove(Card(m));
                c.owed -= 1;
                c.in_trick += 1;
                c.floor = m + 1;
                if c.owed > 0 {
                    return None;
                }
                if c.to_move == (c.leader + 2) % 3 {
                    let l = c.leader;
                    return self.end_trick(l);
                }
                c.to_move = (c.leader + 2) % 3;
                c.owed = c.ducal.width() as u8;
                c.floor = 0;
                None
            }
        }
    }

    fn undo(&mut self, _m: u8) {
        self.core = self.stack.pop().expect("undo after play");
    }

    fn tt_key(&self) -> TtKey<Wide3> {
        let c = &self.core;
        let hands = self.canonical();
        let all = hands[0] | hands[1] | hands[2];
        let shape = if all.len() <= 40 {
            let mut code = 0u64;
            for x in all.iter().rev() {
                let owner = if hands[0].contains(x) {
                    0
                } else if hands[1].contains(x) {
                    1
                } else {
                    2
                };
                code = code * 3 + owner;
            }
            code
        } else {
            // Only spreads positions over the slots: the owners decide.
            let h0 = hands[0].0;
            let h1 = hands[1].0;
            mix64(
                mix64(h0 as u64 ^ mix64((h0 >> 64) as u64))
                    ^ mix64(h1 as u64)
                    ^ mix64((h1 >> 64) as u64 ^ 0x5151),
            )
        };
        TtKey {
            shape,
            ctx: c.leader as u32 | (u32::from(c.opening) << 2) | ((self.focal as u32) << 3),
            owners: Wide(hands.map(|h| h.0)),
        }
    }

    fn lead_bounds(&self, sw: &Switches) -> LeadBounds<u128> {
        let lower = if sw.quick_tricks && !self.core.opening {
            self.sure_for_leader()
        } else {
            0
        };
        let upper = if sw.sure_tricks && !self.core.opening {
            self.remaining() - self.sure_against_leader()
        } else {
            self.remaining()
        };
        LeadBounds {
            lower,
            lower_by: 0,
            upper: upper.max(lower),
            upper_by: 0,
        }
    }

    fn cutoff_key(&self) -> u64 {
        let c = &self.core;
        let h = c.hands[c.to_move as usize].0;
        mix64(h as u64 ^ mix64((h >> 64) as u64) ^ ((c.trick[0].0 as u64) << 8 | c.n_trick as u64))
    }
}

/// The double-dummy answer for a Dashavatara state (§13), in cards: V(P),
/// the cards the focal seat captures by the end of the deal (those captured
/// before counted), and the same after each legal action of the seat to
/// move, in the engine's order of legal actions.
pub type DashaSolution = Answer<DashaAction>;

/// Solves `state` for focal seat `player` (§13); with `actions`, also the
/// value after each legal action of the seat to move. The limits of `config`
/// (`max_nodes`, `timeout`) hold over the whole call, the value and every
/// action's value together.
///
/// ```
/// use hukm_core::games::dashavatara::{dd, Dashavatara};
/// use hukm_core::solve::SolverConfig;
/// let g = Dashavatara::new(&[]).unwrap();
/// let s = g.from_deal(".3....T.... .1.......4. ......6...9", Some(0), None).unwrap();
/// let sol = dd::solve(&s, 2, true, &SolverConfig::small()).unwrap();
/// assert_eq!(sol.value, 6);
/// ```
pub fn solve(
    state: &DashaState,
    player: usize,
    actions: bool,
    config: &SolverConfig,
) -> Result<DashaSolution> {
    let base = state.captured_counts()[player.min(2)];
    let mut g = DashaDd::new(state, player)?;
    // One call: the node and time limits hold for the root and every action
    // together.
    let mut solver: Solver<Wide3> = Solver::with_pattern(config.clone());
    // The search counts in units of 3 cards (every trick is a multiple of 3).
    let guess = g.remaining() / 3;
    let cards = move |v: u32| base + 3 * v;
    let units = Box::new(move |lo, hi| (i64::from(cards(lo)), i64::from(cards(hi))));
    let acts = if actions { state.legal() } else { Vec::new() };
    if solver.threads() > 1 && acts.len() > 1 {
        // Every action at once on the call's threads; the root's value is
        // the best of them.
        let play = |h: &mut DashaDd, i: usize| h.play_action(&acts[i]);
        let values = each_action(&mut solver, &g, acts.len(), play, guess, |_, e| e, Probe::Mtdf, Narrow::Never)?;
        let root = solver.report_best(&values, g.side_of(g.to_move()) == 0, Some(units));
        let mut out = Answer::new(root);
        for (a, v) in acts.into_iter().zip(values) {
            out.push(a, v);
        }
        return Ok(out.finish(&solver).map_values(cards));
    }
    let root = solver.value_root_split(&mut g, guess, Probe::Mtdf, Some(units))?;
    // In anytime mode a limit leaves each later action its whole window
    // (an action may hold several plays, so the root's bounds are not used
    // to narrow it).
    let each = Actions::new(&g, root, Probe::Mtdf, Narrow::Never, config);
    let mut out = Answer::new(root);
    {
        for a in acts {
            let mut h = g.clone();
            let won = h.play_action(&a);
            let v = each.after(&mut solver, &mut h, won, each.guess(won))?;
            out.push(a, v);
        }
    }
    Ok(out.finish(&solver).map_values(cards))
}

/// The graded answer ([`crate::solve::grade`]) for `state` and focal seat
/// `player`, in units of three cards from here on (the captures count:
/// `captured + 3v`; the estimates are in cards, captures included): the
/// search within the time of `config` (anytime mode set here), play-outs
/// where the bounds are not exact when `estimate`.
pub fn graded_solve(
    state: &DashaState,
    player: usize,
    actions: bool,
    config: &SolverConfig,
    estimate: bool,
) -> Result<Graded<DashaAction>> {
    let base = state.captured_counts()[player.min(2)];
    let g = DashaDd::new(state, player)?;
    let config = SolverConfig {
        bounds: true,
        ..config.clone()
    };
    let mut solver: Solver<Wide3> = Solver::with_pattern(config);
    let acts = if actions { state.legal() } else { Vec::new() };
    let after = |a: &DashaAction| {
        let mut h = g.clone();
        let won = h.play_action(a);
        Ok((h, won))
    };
    let units = Box::new(move |lo, hi| (i64::from(base + 3 * lo), i64::from(base + 3 * hi)));
    let mut how = How::new(g.remaining() / 3, move |v| f64::from(base + 3 * v));
    how.narrow = Narrow::Never;
    how.estimate = estimate;
    graded(&mut solver, &g, acts, after, &how, Some(units))
}

impl DashaState {
    /// Answers a double-dummy request (§13): the cards `player` (default:
    /// the player to move) captures by the end of the deal against the other
    /// two, those captured before included.
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        req.value_only("dashavatara")?;
        let player = req.player_or(self.current().unwrap_or(0), 3)?;
        let config = req.config_sized(TableSize::Default, 0, true);
        if req.graded {
            let base = self.captured_counts()[player];
            let g = graded_solve(self, player, req.actions, &config, req.estimate)?;
            let legal = crate::game::GameState::legal_actions(self);
            let name = |x: &DashaAction| self.format_action(x);
            return Ok(g.to_request(player, &legal, name, |v| i64::from(base + 3 * v)));
        }
        let a = solve(self, player, req.actions, &config)?;
        let legal = crate::game::GameState::legal_actions(self);
        Ok(a.to_request(player, &legal, |x| self.format_action(x), i64::from))
    }
}

//! Double-dummy analysis of Thunee (`docs/rules/thunee.md` §16) with the shared
//! solver: the trick play as [`TrickGame`]s searched by
//! [`crate::solve::Solver`].
//!
//! * [`NormalGame`] plays a normal hand to its end. In **need** mode it
//!   answers "does team X score at least `N` from here?", where X's score
//!   counts the card points of its tricks, the last-trick adjustment
//!   (§10.1: +10 for the winner, and −10 for the loser with
//!   `last_trick=transfer`) and, with Jodhi automatic (§16.2), every Jodhi
//!   X declares minus every Jodhi the other team declares (each team
//!   declares all it may in each window it opens). The points still needed
//!   are part of the state (and of the table key); the game's value is 1
//!   unit, given to the side for which the answer is settled. The points
//!   value (§16.1) is the largest `N` reached, found by bisection; the
//!   target question (§16.3) is one such probe on the whole hand's count.
//!   (Points reach 300 and more: a game of points would not fit the shared
//!   table's bounds, a threshold game does.)
//! * In **balls** mode (§16.5) it carries the hand's card points, Jodhi and
//!   trick winners, and at the end of the last trick scores the hand: the
//!   Double / Khanuck window before the last trick (whose play is forced)
//!   is decided by the teams in turn on the known outcome, every Jodhi is
//!   declared. The value is the counting team's balls minus the trumping
//!   team's, shifted to be non-negative.
//! * [`SweepGame`] plays a Thunee or Royals (§16.4): the caller's first
//!   lead fixes trumps (or annuls the deal, §5.7), the search stops at the
//!   first trick the caller does not win. Its four outcomes are searched as
//!   ranks (partner catch < failure < annulled < success) and reported in
//!   balls for the caller's team: `+B`, `0`, `−B`, `−2B`.
//!
//! Table keys are exact: the holder of every card still in play (a hand, a
//! blind caller's face-down cards, the two-player game's second round), the
//! leader, the tricks played, the suits declared and the mode's own state.
//! In a sweep, cards adjacent among those in play in one hand are
//! collapsed into one move (points do not count there); in a normal hand no
//! two cards are equivalent (every rank has its own points).
//!
//! A solve's value is for the asked player's team (the player to move by
//! default): points from here (`dd_mode=points`, `dd_jodhi` as set), 1 or
//! 0 for winning the hand (`dd_mode=target`, or an explicit `target=`: does
//! the counting team reach that whole-hand total), or its balls minus the
//! other team's (`dd_mode=balls`, and every sweep). Decisions between
//! tricks (Jodhi, Double, Khanuck) are valued by the state's own play: the
//! value is the best of its actions for the side to act.

use std::sync::Arc;

use super::config::{DdMode, LastTrick, ThuneeConfig};
use super::rules;
use super::scoring::hand_balls;
use super::state::{Action, Claim, Phase, ThuneeState};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::solve::game::{mix64, MoveList, Side, Switches, TrickGame, TrickWon, TtKey};
use crate::solve::request::{Extra, Goal, SolveAnswer, SolveRequest};
use crate::solve::{Solver, SolverConfig};

/// Most seats.
const SEATS: usize = 6;

/// The index `0..24` of a card of the Thunee pack (suit * 6 + strength).
#[inline]
fn slot(c: Card) -> u32 {
    u32::from(c.0 >> 4) * 6 + u32::from(c.0 & 15)
}

/// Owner codes of the table key: 4 bits per card of the pack.
fn owners(sets: &[(CardSet, u128)]) -> u128 {
    let mut out = 0u128;
    for &(set, code) in sets {
        for c in set.iter() {
            out |= code << (4 * slot(c));
        }
    }
    out
}

/// What a normal hand's game counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// Does team X (side 0) score at least the need from here?
    Need,
    /// The hand's balls, counting team minus trumping team.
    Balls,
}

/// What changes during the search of a normal hand (restored by copy).
#[derive(Copy, Clone, Debug)]
struct Core {
    hands: [CardSet; SEATS],
    round2: [CardSet; 2],
    trick: [Card; SEATS],
    tlen: u8,
    leader: u8,
    to_move: u8,
    tricks: u8,
    declared: u8,
    /// Need mode: what side 0 still needs.
    need: i32,
    /// Balls mode: card points of each team over the hand.
    pts: [i32; 2],
    /// Balls mode: Jodhi of each team over the hand.
    jodhi: [i32; 2],
    /// Balls mode: a team has lost a trick of the hand.
    lost: [bool; 2],
    /// Card points still in play.
    left: i32,
    over: bool,
}

/// A normal hand for the solver (see the module documentation).
#[derive(Clone)]
pub struct NormalGame {
    cfg: Arc<ThuneeConfig>,
    n: usize,
    side: [Side; SEATS],
    trump: Suit,
    count: Count,
    jodhi_auto: bool,
    trumper: usize,
    bid: i32,
    claim: Option<(usize, Claim)>,
    /// The last-trick window is still to come (else `claim` is final).
    window_ahead: bool,
    /// The team on side 0.
    x_team: usize,
    /// Balls mode: the shift making values non-negative.
    k: i32,
    core: Core,
    stack: Vec<Core>,
}

impl NormalGame {
    /// The trick play of `s` (a normal hand, at a trick's card) for `count`:
    /// in need mode team `team` is side 0 and needs `need`; in balls mode
    /// side 0 is the counting team. Jodhi are declared automatically when
    /// `jodhi_auto` (always in balls mode).
    pub fn new(
        s: &ThuneeState,
        count: Count,
        team: usize,
        need: i32,
        jodhi_auto: bool,
    ) -> Result<NormalGame> {
        let cfg = s.cfg.clone();
        if s.phase != Phase::Play || s.special.is_some() {
            return Err(Error::State(
                "a normal hand's double-dummy game starts at a card of trick play".into(),
            ));
        }
        let trump = s.trump.expect("a normal hand in play has trumps");
        let n = cfg.players;
        let team = if count == Count::Balls {
            s.counting_team()
        } else {
            team
        };
        let mut side = [1; SEATS];
        let mut hands = [CardSet::EMPTY; SEATS];
        for seat in 0..n {
            side[seat] = u8::from(s.team(seat) != team);
            hands[seat] = s.hands[seat];
        }
        if let Some(i) = s.indicator {
            // The face-down trump is its owner's card (§5.3): he plays after
            // the reveal.
            hands[s.trumper].insert(i);
        }
        let mut round2 = [CardSet::EMPTY; 2];
        for (r, &h) in round2.iter_mut().zip(&s.round2) {
            *r = h;
        }
        let mut trick = [Card(0); SEATS];
        for (i, &(_, c)) in s.trick.iter().enumerate() {
            trick[i] = c;
        }
        let live = hands
            .iter()
            .chain(&round2)
            .fold(CardSet::EMPTY, |a, &h| a | h)
            | trick[..s.trick.len()].iter().copied().collect::<CardSet>();
        let mut lost = [false; 2];
        for &w in &s.trick_winners {
            lost[1 - s.team(w)] = true;
        }
        let k = [
            4,
            cfg.bid_loss_balls,
            cfg.khanuck_balls,
            cfg.backward_khanuck_balls,
        ]
        .into_iter()
        .max()
        .unwrap_or(4);
        Ok(NormalGame {
            n,
            side,
            trump,
            count,
            jodhi_auto: jodhi_auto || count == Count::Balls,
            trumper: s.trumper,
            bid: s.bid,
            claim: s.claim,
            window_ahead: s.tricks_played + 1 < cfg.tricks,
            x_team: team,
            k,
            core: Core {
                hands,
                round2,
                trick,
                tlen: s.trick.len() as u8,
                leader: s.leader as u8,
                to_move: s.to_act as u8,
                tricks: s.tricks_played as u8,
                declared: s.declared,
                need,
                pts: s.points,
                jodhi: [s.jodhi_of(0), s.jodhi_of(1)],
                lost,
                left: cfg.pack.points(live) as i32,
                over: false,
            },
            stack: Vec::with_capacity(64),
            cfg,
        })
    }

    /// Sets what side 0 still needs (need mode, at the root).
    pub fn set_need(&mut self, need: i32) {
        self.core.need = need;
    }

    /// The legal cards of the player to move.
    fn legal(&self) -> CardSet {
        let c = &self.core;
        rules::legal(
            &self.cfg.pack,
            c.hands[c.to_move as usize],
            &c.trick[..c.tlen as usize],
            Some(self.trump),
            false,
            self.cfg.undercut_forbidden,
        )
    }

    /// The most Jodhi still declarable: each undeclared suit whose king and
    /// queen lie in one holding, at its holding's value.
    fn jodhi_left(&self) -> i32 {
        if !self.jodhi_auto {
            return 0;
        }
        let c = &self.core;
        let pack = &self.cfg.pack;
        let mut total = 0;
        for s in 0..4u8 {
            if c.declared >> s & 1 == 1 {
                continue;
            }
            let best = c.hands[..self.n]
                .iter()
                .chain(&c.round2)
                .map(|&h| rules::jodhi(pack, h, s, Some(self.trump)).0)
                .max()
                .unwrap_or(0);
            total += best;
        }
        total
    }

    /// What the last trick adds to its winner (and takes from the loser).
    fn last_adjust(&self) -> (i32, i32) {
        match self.cfg.last_trick {
            LastTrick::Transfer => (10, -10),
            LastTrick::Bonus => (10, 0),
            LastTrick::Off => (0, 0),
        }
    }

    /// Side 0's change of score (need mode) and the Jodhi of each team
    /// declared in the window after a trick won by `winner`.
    fn window(&mut self, winner: usize) -> [i32; 2] {
        let mut got = [0; 2];
        let tricks = self.core.tricks as usize;
        if !self.jodhi_auto || !self.cfg.jodhi_after(tricks) {
            return got;
        }
        let team = winner % 2;
        let pack = &self.cfg.pack;
        for seat in (0..self.n).filter(|&s| s % 2 == team) {
            for s in 0..4u8 {
                if self.core.declared >> s & 1 == 1 {
                    continue;
                }
                let (v, _) = rules::jodhi(pack, self.core.hands[seat], s, Some(self.trump));
                if v > 0 {
                    self.core.declared |= 1 << s;
                    got[team] += v;
                }
            }
        }
        got
    }

    /// A seat of side `side`.
    fn seat_of(&self, side: Side) -> u8 {
        (0..self.n).find(|&s| self.side[s] == side).unwrap_or(0) as u8
    }

    /// The hand's balls, counting team minus trumping team, with the
    /// last-trick window decided by the teams in turn (§9.2).
    fn balls_diff(&self, winners_last: usize, leader: usize, lost: [bool; 2]) -> i32 {
        let c = &self.core;
        let cfg = &self.cfg;
        let count = 1 - self.trumper % 2;
        let score = |claim: Option<(usize, Claim)>| -> i32 {
            // The trick winners matter through the last one and, for
            // `all_tricks`, who lost a trick; hand_balls reads the last.
            let (_, b) = hand_balls(
                cfg,
                c.pts,
                &[winners_last],
                self.trumper,
                self.bid,
                c.jodhi,
                claim,
            );
            b[count] - b[1 - count]
        };
        if self.claim.is_some() || !self.window_ahead || (!cfg.double && !cfg.khanuck) {
            return score(self.claim);
        }
        // The window opened after the second-last trick, from its winner
        // (the last trick's leader); `lost`: the tricks before the last.
        let may_double = |seat: usize| {
            cfg.double
                && (cfg.double_rule != super::config::DoubleRule::AllTricks || !lost[seat % 2])
        };
        let may_khanuck = |seat: usize| cfg.khanuck && c.jodhi[seat % 2] > 0;
        let order: Vec<usize> = (0..self.n)
            .map(|k| (leader + k) % self.n)
            .filter(|&s| may_double(s) || may_khanuck(s))
            .collect();
        let mut v = score(None);
        for &seat in order.iter().rev() {
            let mine = |x: i32| if seat % 2 == count { x } else { -x };
            let mut best = v;
            if may_double(seat) {
                let d = score(Some((seat, Claim::Double)));
                if mine(d) > mine(best) {
                    best = d;
                }
            }
            if may_khanuck(seat) {
                let d = score(Some((seat, Claim::Khanuck)));
                if mine(d) > mine(best) {
                    best = d;
                }
            }
            v = best;
        }
        v
    }

    /// Ends a trick: points, the windows, and whether the answer is settled.
    fn trick_done(&mut self) -> TrickWon<u128> {
        let pack = self.cfg.pack.clone();
        let c = &mut self.core;
        let cards = &c.trick[..self.n];
        let w = rules::trick_winner(&pack, cards, Some(self.trump), false);
        let trick_leader = c.leader as usize;
        let lost_before = c.lost;
        let winner = (c.leader as usize + w) % self.n;
        let pts: i32 = cards.iter().map(|&x| i32::from(pack.points_of(x))).sum();
        c.left -= pts;
        c.tricks += 1;
        c.tlen = 0;
        c.leader = winner as u8;
        c.to_move = winner as u8;
        let team = winner % 2;
        c.pts[team] += pts;
        c.lost[1 - team] = true;
        let last = c.tricks as usize == self.cfg.tricks;
        if c.tricks as usize == self.cfg.hand_size && self.cfg.rounds() == 2 {
            for seat in 0..2 {
                c.hands[seat] |= c.round2[seat];
                c.round2[seat] = CardSet::EMPTY;
            }
        }
        let declared = if last { [0; 2] } else { self.window(winner) };
        let c = &mut self.core;
        c.jodhi[0] += declared[0];
        c.jodhi[1] += declared[1];
        let none = TrickWon {
            seat: 0,
            value: 0,
            rest: 0,
            decided: 0,
        };
        match self.count {
            Count::Balls => {
                if !last {
                    return none;
                }
                self.core.over = true;
                let d = self.balls_diff(winner, trick_leader, lost_before);
                TrickWon {
                    seat: self.seat_of(0),
                    value: (d + self.k) as u32,
                    rest: (self.k - d) as u32,
                    decided: 0,
                }
            }
            Count::Need => {
                let x = self.side[winner] == 0;
                let mut gain = if x { pts } else { 0 };
                if last {
                    let (win, lose) = self.last_adjust();
                    gain += if x { win } else { lose };
                }
                let xt = self.x_team;
                gain += declared[xt] - declared[1 - xt];
                self.core.need -= gain;
                let need = self.core.need;
                let settled = if last {
                    Some(need <= 0)
                } else {
                    let j = self.jodhi_left();
                    let (win, lose) = self.last_adjust();
                    let max_gain = self.core.left + win + j;
                    let max_loss = -lose + j;
                    if need <= -max_loss {
                        Some(true)
                    } else if need > max_gain {
                        Some(false)
                    } else {
                        None
                    }
                };
                match settled {
                    None => none,
                    Some(ok) => {
                        self.core.over = true;
                        TrickWon {
                            seat: self.seat_of(if ok { 0 } else { 1 }),
                            value: 1,
                            rest: 0,
                            decided: 0,
                        }
                    }
                }
            }
        }
    }

    fn weight(&self, card: Card) -> i16 {
        let c = &self.core;
        let pack = &self.cfg.pack;
        let pts = i16::from(pack.points_of(card));
        if c.tlen == 0 {
            return pts + 4 * i16::from(pack.strength(card));
        }
        let cards = &c.trick[..c.tlen as usize];
        let led = pack.suit_of(cards[0]);
        let mut best = 0;
        for i in 1..cards.len() {
            if rules::beats(pack, cards[i], cards[best], led, Some(self.trump), false) {
                best = i;
            }
        }
        let best_seat = (c.leader as usize + best) % self.n;
        let me = c.to_move as usize;
        let wins = rules::beats(pack, card, cards[best], led, Some(self.trump), false);
        if self.side[best_seat] == self.side[me] {
            // Partner winning: feed points.
            return if wins { -pts } else { pts };
        }
        if wins {
            100 - pts / 4
        } else {
            -pts
        }
    }
}

impl TrickGame for NormalGame {
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
        match (self.core.over, self.count) {
            (true, _) => 0,
            (false, Count::Need) => 1,
            (false, Count::Balls) => 2 * self.k as u32,
        }
    }

    fn moves(&self, out: &mut MoveList<u8>, sw: &Switches) {
        out.clear();
        for card in self.legal().iter().rev() {
            let w = if sw.ordering { self.weight(card) } else { 0 };
            out.push(card.0, w);
        }
        if sw.ordering {
            out.sort();
        }
    }

    fn play(&mut self, m: u8) -> Option<TrickWon<u128>> {
        self.stack.push(self.core);
        let card = Card(m);
        let c = &mut self.core;
        let p = c.to_move as usize;
        c.hands[p].remove(card);
        c.trick[c.tlen as usize] = card;
        c.tlen += 1;
        if (c.tlen as usize) < self.n {
            c.to_move = ((p + 1) % self.n) as u8;
            return None;
        }
        Some(self.trick_done())
    }

    fn undo(&mut self, _m: u8) {
        self.core = self.stack.pop().expect("a move to take back");
    }

    fn tt_key(&self) -> TtKey<u128> {
        let c = &self.core;
        let mut sets: Vec<(CardSet, u128)> =
            (0..self.n).map(|s| (c.hands[s], s as u128 + 1)).collect();
        sets.push((c.round2[0], 7));
        sets.push((c.round2[1], 8));
        // The claim is fixed within one game, but games of one solve share
        // the table (each action of a window is searched in turn).
        let claim = match self.claim {
            None => 0,
            Some((seat, Claim::Double)) => 1 + seat as u32,
            Some((seat, Claim::Khanuck)) => 1 + (SEATS + seat) as u32,
        };
        let ctx = c.leader as u32
            | (c.tricks as u32) << 3
            | (c.declared as u32) << 7
            | claim << 11
            | u32::from(self.window_ahead) << 16;
        let shape = match self.count {
            Count::Need => (c.need as i64 + (1 << 20)) as u64,
            Count::Balls => {
                (c.pts[0] as u64)
                    | (c.pts[1] as u64) << 10
                    | (c.jodhi[0] as u64) << 20
                    | (c.jodhi[1] as u64) << 30
                    | u64::from(c.lost[0]) << 40
                    | u64::from(c.lost[1]) << 41
                    | 1 << 42
            }
        };
        TtKey {
            shape,
            ctx,
            owners: owners(&sets),
        }
    }

    fn cutoff_key(&self) -> u64 {
        let c = &self.core;
        let h = c.hands[c.to_move as usize].0 as u64;
        mix64(h ^ (u64::from(c.trick[0].0) << 56) ^ (c.tlen as u64) << 48 ^ (c.need as u64) << 8)
    }
}

/// The outcome ranks of a sweep, worst first for the caller.
const CATCH: u32 = 0;
const FAILED: u32 = 1;
const ANNULLED: u32 = 2;
const SWEPT: u32 = 3;

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

/// What a solve asks of a normal hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Ask {
    /// Team `team`'s points from here (§16.1, §16.2).
    Points { team: usize, jodhi: bool },
    /// Does the counting team reach the whole-hand total `target`? 1 for
    /// `team` when it wins that question.
    Target {
        team: usize,
        target: i32,
        jodhi: bool,
    },
    /// Balls of `team` minus the other team's (§16.5).
    Balls { team: usize },
}

/// A solver with the calls' limits, searching the games above.
struct Dd {
    solver: Solver,
}

impl Dd {
    fn reaches<G: TrickGame<Pattern = u128, Move = u8>>(
        &mut self,
        g: &mut G,
        target: u32,
    ) -> Result<bool> {
        self.solver.reaches(g, 0, target)
    }

    /// Does team X reach `need` from `s` (a normal hand at a card)? `m`:
    /// after this card is played.
    fn need(&mut self, g: &mut NormalGame, need: i32, m: Option<u8>) -> Result<bool> {
        g.set_need(need);
        let Some(m) = m else {
            return self.reaches(g, 1);
        };
        let won = g.play(m);
        let r = match won {
            Some(w) if w.value > 0 => Ok(g.side_of(w.seat as usize) == 0),
            _ => self.reaches(g, 1),
        };
        g.undo(m);
        r
    }

    /// The most team X scores from `s`: bisection over needs.
    fn points(&mut self, g: &mut NormalGame, m: Option<u8>) -> Result<i32> {
        let (win, lose) = g.last_adjust();
        let j = g.jodhi_left();
        let mut lo = lose - j;
        let mut hi = g.core.left + win + j;
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            if self.need(g, mid, m)? {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        Ok(lo)
    }

    /// The balls value (counting team minus trumping team) of `g`.
    fn balls(&mut self, g: &mut NormalGame, m: Option<u8>) -> Result<i32> {
        let k = g.k;
        let base = match m {
            Some(m) => match g.play(m) {
                Some(w) if w.value + w.rest > 0 => {
                    let v = w.credit(g.side_of(w.seat as usize), 0) as i32;
                    g.undo(m);
                    return Ok(v - k);
                }
                _ => true,
            },
            None => false,
        };
        let (mut lo, mut hi) = (0u32, 2 * k as u32);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if self.reaches(g, mid)? {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        if base {
            g.undo(m.expect("played"));
        }
        Ok(lo as i32 - k)
    }

    /// A sweep's rank (0..3) for the caller's team.
    fn sweep(&mut self, g: &mut SweepGame, m: Option<u8>) -> Result<u32> {
        if let Some(m) = m {
            if let Some(w) = g.play(m) {
                if w.value + w.rest > 0 {
                    let v = w.credit(g.side_of(w.seat as usize), 0);
                    g.undo(m);
                    return Ok(v);
                }
            }
            let r = self.sweep(g, None);
            g.undo(m);
            return r;
        }
        let mut rank = 0;
        for t in [SWEPT, ANNULLED, FAILED] {
            if self.reaches(g, t)? {
                rank = t;
                break;
            }
        }
        Ok(rank)
    }

    /// The value of a normal hand at a card of trick play (for `m` played,
    /// or the position itself), as the ask counts it.
    fn normal(&mut self, s: &ThuneeState, ask: Ask, m: Option<u8>) -> Result<i32> {
        match ask {
            Ask::Points { team, jodhi } => {
                let mut g = NormalGame::new(s, Count::Need, team, 0, jodhi)?;
                self.points(&mut g, m)
            }
            Ask::Target {
                team,
                target,
                jodhi,
            } => {
                let count = s.counting_team();
                let mut g = NormalGame::new(s, Count::Need, count, 0, jodhi)?;
                // The whole hand: the card points taken so far count.
                let made = self.need(&mut g, target - s.points[count], m)?;
                Ok(i32::from(made == (team == count)))
            }
            Ask::Balls { team } => {
                let mut g = NormalGame::new(s, Count::Balls, 0, 0, true)?;
                let d = self.balls(&mut g, m)?;
                Ok(if team == s.counting_team() { d } else { -d })
            }
        }
    }
}

/// Balls of a sweep's caller's team for a rank.
fn sweep_balls(s: &ThuneeState, rank: u32) -> i32 {
    let b = s.special.expect("a sweep").balls(&s.cfg);
    match rank {
        CATCH => -2 * b,
        FAILED => -b,
        ANNULLED => 0,
        _ => b,
    }
}

impl ThuneeState {
    /// The value of this state for `ask` (or, in a sweep, the balls of
    /// `team`), valuing the decisions between tricks by playing them.
    fn dd_value(&self, dd: &mut Dd, ask: Ask) -> Result<i32> {
        let team_of = |a: Ask| match a {
            Ask::Points { team, .. } | Ask::Target { team, .. } | Ask::Balls { team } => team,
        };
        match self.phase {
            Phase::Play if self.special.is_some() => {
                let mut g = SweepGame::new(self)?;
                let caller = self.special.expect("a sweep").caller;
                let b = sweep_balls(self, dd.sweep(&mut g, None)?);
                Ok(if self.team(caller) == team_of(ask) {
                    b
                } else {
                    -b
                })
            }
            Phase::Play => dd.normal(self, ask, None),
            Phase::Jodhi | Phase::Double => {
                let mover = self.to_act;
                let mut best: Option<i32> = None;
                for a in self.legal() {
                    let v = self.window_value(dd, ask, a)?;
                    let better = |x: i32, y: i32| {
                        if self.team(mover) == team_of(ask) {
                            x > y
                        } else {
                            x < y
                        }
                    };
                    if best.map_or(true, |b| better(v, b)) {
                        best = Some(v);
                    }
                }
                Ok(best.expect("a window offers pass"))
            }
            Phase::Over => {
                // The hand ended (a sweep decided, a normal hand scored).
                let r = self.last_result.as_ref().expect("a finished hand");
                let t = team_of(ask);
                Ok(match ask {
                    Ask::Points { .. } => 0,
                    Ask::Target { .. } => i32::from(r.balls[t] > 0),
                    Ask::Balls { .. } => r.balls[t] - r.balls[1 - t],
                })
            }
            _ => Err(Error::State(format!(
                "double-dummy analysis needs trick play; the state is in phase {}",
                self.phase.name()
            ))),
        }
    }

    /// The value after a Jodhi or last-trick decision `a` (points count
    /// from the state before it: a Jodhi declared counts).
    fn window_value(&self, dd: &mut Dd, ask: Ask, a: Action) -> Result<i32> {
        let mut t = self.clone();
        let hands = self.results.len();
        t.apply_action(a);
        if t.results.len() > hands && t.phase != Phase::Over {
            return Err(Error::State("the hand ended inside the analysis".into()));
        }
        let v = t.dd_value(dd, ask)?;
        Ok(match (ask, a) {
            (Ask::Points { team, jodhi: true }, Action::Jodhi(_)) => {
                let j = t.jodhis.last().expect("declared");
                v + if self.team(j.seat) == team {
                    j.value
                } else {
                    -j.value
                }
            }
            _ => v,
        })
    }

    /// Answers a double-dummy request (§16; see the module documentation).
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        let n = self.cfg.players;
        let player = req.player_or(self.current().unwrap_or(0), n)?;
        if !matches!(self.phase, Phase::Play | Phase::Jodhi | Phase::Double) {
            return Err(Error::State(format!(
                "double-dummy analysis needs trick play; the state is in phase {}",
                self.phase.name()
            )));
        }
        let team = self.team(player);
        let jodhi = self.cfg.dd_jodhi;
        let ask = match (req.goal, self.cfg.dd_mode) {
            (Goal::Kot, _) => {
                return Err(req.unsupported(
                    self.cfg.preset.name(),
                    "its value (dd_mode: points, target, sweep or balls) and the counting team's whole-hand target (target=)",
                ))
            }
            (Goal::Target(_), _) if self.special.is_some() => {
                return Err(Error::State(
                    "target= does not apply to a Thunee or Royals (its value is the sweep in balls)"
                        .into(),
                ))
            }
            (Goal::Target(t), _) => Ask::Target {
                team,
                target: t,
                jodhi,
            },
            (Goal::Value, DdMode::Points) => Ask::Points { team, jodhi },
            (Goal::Value, DdMode::Target) => Ask::Target {
                team,
                target: self.target_base(),
                jodhi,
            },
            (Goal::Value, DdMode::Sweep | DdMode::Balls) => Ask::Balls { team },
        };
        if self.special.is_none() && req.goal == Goal::Value && self.cfg.dd_mode == DdMode::Sweep {
            return Err(Error::State(
                "dd_mode=sweep analyses a Thunee or Royals; this is a normal hand".into(),
            ));
        }
        let cards = self.hands.iter().map(|h| h.len()).max().unwrap_or(0);
        let mut dd = Dd {
            // Anytime bounds are not given for Thunee: a limit fails the call.
            solver: Solver::new(req.config_for(cards.max(1)).exact_only()),
        };
        dd.solver.start_call();
        let value = self.dd_value(&mut dd, ask)?;
        let mut actions = Vec::new();
        if req.actions {
            for a in self.legal() {
                let v = match (self.phase, a) {
                    (Phase::Play, Action::Card(c)) if self.special.is_some() => {
                        let mut g = SweepGame::new(self)?;
                        let caller = self.special.expect("a sweep").caller;
                        let b = sweep_balls(self, dd.sweep(&mut g, Some(c.0))?);
                        if self.team(caller) == team {
                            b
                        } else {
                            -b
                        }
                    }
                    (Phase::Play, Action::Card(c)) => dd.normal(self, ask, Some(c.0))?,
                    _ => self.window_value(&mut dd, ask, a)?,
                };
                actions.push((self.action_string(a), i64::from(v)));
            }
        }
        Ok(SolveAnswer {
            player,
            value: i64::from(value),
            actions,
            nodes: dd.solver.call_nodes(),
            extra: Extra::None,
            bounds: None,
        })
    }

    /// The whole-hand total the counting team must reach before any Jodhi
    /// (`base − v`): with Jodhi declared so far, [`ThuneeState::target`].
    fn target_base(&self) -> i32 {
        self.target()
    }
}

/// The double-dummy value of a normal hand's full deal for the counting
/// team: points (§16.1) with `dd_jodhi`, as a plain helper for benches.
pub fn points_of(s: &ThuneeState, config: SolverConfig) -> Result<(i32, u64)> {
    let mut dd = Dd {
        solver: Solver::new(config),
    };
    dd.solver.start_call();
    let team = s.counting_team();
    let v = dd.normal(
        s,
        Ask::Points {
            team,
            jodhi: s.cfg.dd_jodhi,
        },
        None,
    )?;
    Ok((v, dd.solver.call_nodes()))
}

#[cfg(test)]
#[path = "dd_tests.rs"]
mod tests;

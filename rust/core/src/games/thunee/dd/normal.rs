//! A normal Thunee hand as a [`TrickGame`]: need mode (does team X score at
//! least `N` from here?) and balls mode (see the parent module).

use std::sync::Arc;

use super::{owners, SEATS};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::games::thunee::config::{LastTrick, ThuneeConfig};
use crate::games::thunee::rules;
use crate::games::thunee::scoring::hand_balls;
use crate::games::thunee::state::{Claim, Phase, ThuneeState};
use crate::solve::game::{mix64, MoveList, Side, Switches, TrickGame, TrickWon, TtKey};

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

    /// The range of team X's points from here (need mode's bisection
    /// bounds): the card points left with the last-trick adjustment and the
    /// Jodhi still to declare on either side.
    pub(super) fn point_range(&self) -> (i32, i32) {
        let (win, lose) = self.last_adjust();
        let j = self.jodhi_left();
        (lose - j, self.core.left + win + j)
    }

    /// Balls mode: the shift making values non-negative.
    pub(super) fn shift(&self) -> i32 {
        self.k
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
                && (cfg.double_rule != crate::games::thunee::config::DoubleRule::AllTricks
                    || !lost[seat % 2])
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

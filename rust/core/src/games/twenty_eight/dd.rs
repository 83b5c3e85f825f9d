//! Double-dummy analysis of Twenty-eight trick play (`rules/twenty_eight.md`
//! §16): the play state as a [`TrickGame`] whose trick values are card
//! points, for open trumps and for the concealed indicator (with `call` as a
//! move).
//!
//! Three objectives share the game:
//! * [`Objective::Points`]: card points (29: plus the last-trick point) of a
//!   side from here to the end; open trumps, or concealed with
//!   `unrevealed_trump=forced_last` (no void hand).
//! * [`Objective::Made`] and [`Objective::NotFailed`] (default void rule):
//!   the void hand is turned into points. A bonus `V` larger than every card
//!   point is always handed out exactly once: at the reveal it goes to the
//!   bidding side (`Made`) or to the opponents (`NotFailed`); at a void hand
//!   to the other side, together with the points of the unplayed last trick.
//!   The bidding side then makes its target `t` iff it reaches `V + t` under
//!   `Made`, and avoids failing iff it reaches `t` under `NotFailed`; the
//!   total handed out stays constant, as the zero-window search needs.
//!
//! Table keys are exact (cards' owners, not relative ranks: points make
//! relative ranks unsafe); equivalent cards are collapsed only when they have
//! equal points and nothing lies between them.

use std::sync::Arc;

#[path = "dd_bounds.rs"]
mod bounds;
#[path = "dd_partition.rs"]
mod partition;

use super::config::{Game, TwentyEightConfig};
use super::rules::{self, PlayView};
use super::state::{Action, Phase, TwentyEightState};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::solve::search::{Limits, Search};
use crate::solve::tt::Tt;
use crate::solve::{
    LeadBounds, MoveList, Side, SolverConfig, Switches, TrickGame, TrickWon, TtKey,
};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The `call` move.
pub const CALL: u8 = 255;
/// The pseudo-move that settles a void hand.
pub const VOID: u8 = 254;
const MAX_SEATS: usize = 6;

/// What the search counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Card points of the maximising side.
    Points,
    /// Bidding side's points plus `V` if the trump is revealed.
    Made,
    /// Bidding side's points plus `V` if the hand becomes void.
    NotFailed,
}

#[derive(Copy, Clone, Debug)]
struct Core {
    hands: [CardSet; MAX_SEATS],
    revealed: bool,
    indicator: Option<Card>,
    shown: Option<Card>,
    led_other: bool,
    caller: Option<u8>,
    reveal_now: bool,
    trick: [Card; MAX_SEATS],
    seats: [u8; MAX_SEATS],
    tlen: u8,
    leader: u8,
    to_move: u8,
    tricks_left: u8,
    void_pending: bool,
    over: bool,
    bonus_paid: bool,
    ply: u16,
    left_pts: u32,
}

/// Twenty-eight trick play for the solver.
#[derive(Clone)]
pub struct PointsGame {
    cfg: Arc<TwentyEightConfig>,
    n: usize,
    side: [Side; MAX_SEATS],
    bidder: usize,
    trump: Option<Suit>,
    seventh: bool,
    spare: bool,
    no_trump: bool,
    objective: Objective,
    v: u32,
    exact_key: bool,
    core: Core,
    stack: Vec<Core>,
}

impl PointsGame {
    /// The trick play of `s` (phase play or pair) for `objective`; `player`'s
    /// side maximises (for `Made` / `NotFailed` the bidding side does).
    pub fn new(s: &TwentyEightState, player: usize, objective: Objective) -> Result<PointsGame> {
        let cfg = s.cfg.clone();
        if !matches!(s.phase, Phase::Play | Phase::Pair) {
            return Err(Error::State(format!(
                "double-dummy analysis needs trick play; the state is in phase {}",
                s.phase.name()
            )));
        }
        if s.soloist.is_some() || s.half_court {
            return Err(Error::State(
                "double-dummy analysis of single hand and half court is not offered".into(),
            ));
        }
        if cfg.kq_negative {
            return Err(Error::State(
                "double-dummy analysis counts card points; kq_negative gives negative points (not offered)".into(),
            ));
        }
        let n = cfg.players;
        if player >= n {
            return Err(Error::State(format!(
                "bad player {}: seats 0..{}",
                player,
                n - 1
            )));
        }
        let max_side = if objective == Objective::Points {
            s.side(player)
        } else {
            s.side(s.bidder)
        };
        let mut side = [1; MAX_SEATS];
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for seat in 0..n {
            side[seat] = u8::from(s.side(seat) != max_side);
            hands[seat] = s.hands[seat];
        }
        let mut trick = [Card(0); MAX_SEATS];
        let mut seats = [0u8; MAX_SEATS];
        for (i, &(seat, c)) in s.trick.iter().enumerate() {
            trick[i] = c;
            seats[i] = seat as u8;
        }
        let indicator = if s.revealed { None } else { s.indicator };
        let mut left_pts: u32 = hands[..n]
            .iter()
            .chain(std::iter::once(&s.trick.iter().map(|&(_, c)| c).collect()))
            .map(|&h| h.iter().map(|c| cfg.pts(c) as u32).sum::<u32>())
            .sum();
        left_pts += indicator.map_or(0, |c| cfg.pts(c) as u32);
        if cfg.last_trick_bonus {
            left_pts += 1;
        }
        let tricks_left = (cfg.hand_size - s.tricks_played) as u8;
        let concealed = !s.revealed && (indicator.is_some() || s.spare);
        let objective = if concealed {
            objective
        } else {
            Objective::Points
        };
        if concealed && objective == Objective::Points && !cfg.forced_last {
            return Err(Error::State(
                "with the trump concealed and the default void rule the outcome is made / void / failed: give a target (or use unrevealed_trump=forced_last)".into(),
            ));
        }
        let exact_key = n == 4 && cfg.game != Game::G56 && cfg.game != Game::G40;
        Ok(PointsGame {
            n,
            side,
            bidder: s.bidder,
            trump: s.trump,
            seventh: s.seventh,
            spare: s.spare,
            no_trump: s.no_trump,
            objective,
            v: cfg.total as u32 + 1,
            exact_key,
            core: Core {
                hands,
                revealed: s.revealed,
                indicator,
                shown: if s.revealed { s.indicator } else { None },
                led_other: s.led_trump_by_other,
                caller: s.caller.map(|c| c as u8),
                reveal_now: s.revealed && s.reveal_trick == Some(s.tricks_played),
                trick,
                seats,
                tlen: s.trick.len() as u8,
                leader: s.leader as u8,
                to_move: if s.phase == Phase::Pair {
                    s.leader as u8
                } else {
                    s.to_act as u8
                },
                tricks_left,
                void_pending: false,
                over: false,
                bonus_paid: !concealed || objective == Objective::Points,
                ply: 0,
                left_pts,
            },
            stack: Vec::with_capacity(64),
            cfg,
        })
    }

    /// A guess of side 0's value: half the points still to play, moved by
    /// half the difference between the points each side holds.
    pub fn estimate(&self) -> u32 {
        let c = &self.core;
        let mut held = [0i32; 2];
        for seat in 0..self.n {
            held[self.side[seat] as usize] +=
                c.hands[seat].iter().map(|x| self.cfg.pts(x)).sum::<i32>();
        }
        let rem = self.remaining() as i32;
        (rem / 2 + (held[0] - held[1]) / 2).clamp(0, rem) as u32
    }

    /// The bonus `V` of the outcome objectives.
    pub fn bonus(&self) -> u32 {
        self.v
    }

    /// The objective actually searched (`Points` once the trump is open).
    pub fn objective(&self) -> Objective {
        self.objective
    }

    fn view(&self) -> PlayView {
        PlayView {
            trump: self.trump,
            revealed: self.core.revealed,
            bidder: self.bidder,
            led_trump_by_other: self.core.led_other,
            seventh_card: self.seventh,
            caller: self.core.caller.map(|c| c as usize),
        }
    }

    /// The legal cards of the mover and whether `call` is legal (as the engine's trick play).
    pub fn legal(&self) -> (CardSet, bool) {
        let c = &self.core;
        if c.over {
            return (CardSet::EMPTY, false);
        }
        let p = c.to_move as usize;
        let hand = c.hands[p];
        if !c.revealed && hand.is_empty() {
            return (CardSet::EMPTY, true);
        }
        if c.revealed && c.caller == Some(p as u8) && p == self.bidder {
            if let (true, Some(i)) = (self.cfg.bidder_plays_revealed, c.shown) {
                if c.reveal_now && hand.contains(i) {
                    return (i.set(), false);
                }
            }
        }
        let (l, call) = rules::legal(
            &self.cfg.pack,
            &self.cfg.rank,
            &self.view(),
            p,
            hand,
            &c.trick[..c.tlen as usize],
        );
        (l, call && (c.indicator.is_some() || self.spare))
    }

    fn live(&self) -> CardSet {
        let c = &self.core;
        let mut s = c.trick[..c.tlen as usize]
            .iter()
            .copied()
            .collect::<CardSet>();
        for h in &c.hands[..self.n] {
            s |= *h;
        }
        if let Some(i) = c.indicator {
            s.insert(i);
        }
        s
    }

    /// The representative of `card`'s class: the highest card of the mover's
    /// hand reachable from it through equal-point cards with no live card of
    /// another owner in between (equal rank classes only in 40 and 56).
    fn class_of(&self, card: Card, hand: CardSet, live: CardSet) -> Card {
        let cfg = &self.cfg;
        let ties = matches!(cfg.game, Game::G40 | Game::G56);
        let suit = cfg.pack.suit_mask(cfg.pack.suit_of(card));
        let mut cur = card;
        loop {
            let above = CardSet((live & suit).0 & !((cur.set().0 << 1) - 1));
            let Some(next) = above.lowest() else {
                return cur;
            };
            let same = hand.contains(next)
                && cfg.pts(next) == cfg.pts(cur)
                && (!ties || cfg.rank[next.0 as usize] == cfg.rank[cur.0 as usize]);
            if !same {
                return cur;
            }
            cur = next;
        }
    }

    fn trick_done(&mut self) -> TrickWon<CardSet> {
        let cfg = self.cfg.clone();
        let (trick, tlen) = (self.core.trick, self.core.tlen as usize);
        let cards = &trick[..tlen];
        let under = self.core.revealed;
        let reversed = under && self.no_trump;
        let w = rules::trick_winner(&cfg.pack, &cfg.rank, cards, self.trump, under, reversed);
        let decided = if self.exact_key {
            self.decided(cards, w)
        } else {
            CardSet::EMPTY
        };
        let c = &mut self.core;
        let winner = c.seats[w];
        let mut pts: u32 = cards.iter().map(|&x| cfg.pts(x) as u32).sum();
        c.tricks_left -= 1;
        if cfg.last_trick_bonus && c.tricks_left == 0 {
            pts += 1;
        }
        c.left_pts -= pts;
        c.tlen = 0;
        c.caller = None;
        c.reveal_now = false;
        c.leader = winner;
        c.to_move = winner;
        if c.tricks_left == 0 {
            c.over = true;
        } else if !c.revealed && c.tricks_left == 1 && !cfg.forced_last {
            c.void_pending = true;
        } else if !c.revealed && c.tricks_left == 1 && self.spare {
            c.revealed = true;
            c.reveal_now = true;
        }
        TrickWon {
            seat: winner,
            value: pts,
            decided,
        }
    }

    /// Does `a` beat `b` (already in the trick) under the current phase?
    #[inline]
    fn beats(&self, a: Card, b: Card, led: Suit) -> bool {
        let pack = &self.cfg.pack;
        let (sa, sb) = (pack.suit_of(a), pack.suit_of(b));
        let r = |c: Card| {
            let x = self.cfg.rank[c.0 as usize] as i32;
            if self.no_trump && self.core.revealed {
                -x
            } else {
                x
            }
        };
        if self.core.revealed && self.trump.is_some() {
            let t = self.trump;
            if Some(sa) == t && Some(sb) != t {
                return true;
            }
            if Some(sb) == t && Some(sa) != t {
                return false;
            }
        }
        if sa == sb {
            return r(a) > r(b);
        }
        sa == led && sb != led
    }

    /// The card currently winning the trick and its seat.
    fn current_best(&self) -> Option<(Card, u8, Suit)> {
        let c = &self.core;
        if c.tlen == 0 {
            return None;
        }
        let led = self.cfg.pack.suit_of(c.trick[0]);
        let mut best = 0;
        for i in 1..c.tlen as usize {
            if self.beats(c.trick[i], c.trick[best], led) {
                best = i;
            }
        }
        Some((c.trick[best], c.seats[best], led))
    }

    /// Ordering weight of a card for the mover (higher is tried first).
    fn weight(&self, card: Card, best: Option<(Card, u8, Suit)>, live: CardSet) -> i16 {
        let rank = self.cfg.rank[card.0 as usize] as i16;
        let pts = self.cfg.pts(card) as i16;
        let me = self.side[self.core.to_move as usize];
        match best {
            None => {
                // Leading: top cards of a suit first, then low cards without points.
                let suit = self.cfg.pack.suit_mask(self.cfg.pack.suit_of(card));
                let above = CardSet((live & suit).0 & !((card.set().0 << 1) - 1));
                if above.is_empty() {
                    40 + pts * 2 + rank
                } else {
                    10 - pts * 4 - rank
                }
            }
            Some((b, seat, led)) => {
                let last = self.core.tlen as usize + 1 == self.n;
                let mate_wins = self.side[seat as usize] == me;
                if self.beats(card, b, led) {
                    if mate_wins && !last {
                        5 + pts * 3 - rank
                    } else {
                        60 + pts * 3 - rank
                    }
                } else if mate_wins {
                    30 + pts * 5 - rank
                } else {
                    20 - pts * 5 - rank
                }
            }
        }
    }

    /// A seat of side 0 (the maximising side) or of side 1.
    fn seat_of_side(&self, side: Side) -> u8 {
        (0..self.n).find(|&s| self.side[s] == side).unwrap_or(0) as u8
    }
}

impl TrickGame for PointsGame {
    type Move = u8;
    type Winners = CardSet;
    type Pattern = u128;

    fn to_move(&self) -> usize {
        self.core.to_move as usize
    }

    fn side_of(&self, seat: usize) -> Side {
        self.side[seat]
    }

    fn at_trick_start(&self) -> bool {
        self.core.tlen == 0 && !self.core.void_pending
    }

    fn ply(&self) -> usize {
        self.core.ply as usize
    }

    fn remaining(&self) -> u32 {
        let c = &self.core;
        if c.over {
            return 0;
        }
        c.left_pts + if c.bonus_paid { 0 } else { self.v }
    }

    fn moves(&self, out: &mut MoveList<u8>, sw: &Switches) {
        out.clear();
        if self.core.void_pending {
            out.push(VOID, 0);
            return;
        }
        let (cards, call) = self.legal();
        let p = self.core.to_move as usize;
        let hand = self.core.hands[p];
        let live = if sw.collapse || sw.ordering {
            self.live()
        } else {
            CardSet::EMPTY
        };
        let best = if sw.ordering {
            self.current_best()
        } else {
            None
        };
        for card in cards.iter().rev() {
            if sw.collapse && self.class_of(card, cards & hand, live) != card {
                continue;
            }
            let w = if sw.ordering {
                self.weight(card, best, live)
            } else {
                0
            };
            out.push(card.0, w);
        }
        if call {
            out.push(CALL, if sw.ordering { 1 } else { 0 });
        }
        if sw.ordering {
            out.sort();
        }
    }

    fn play(&mut self, m: u8) -> Option<TrickWon<CardSet>> {
        self.stack.push(self.core);
        self.core.ply += 1;
        if m == VOID {
            let c = &mut self.core;
            c.void_pending = false;
            c.over = true;
            c.bonus_paid = true;
            let value = c.left_pts + self.v;
            c.left_pts = 0;
            // Made: the void counts against the bidding side; NotFailed: for it.
            let side = u8::from(self.objective == Objective::Made);
            return Some(TrickWon {
                seat: self.seat_of_side(side),
                value,
                decided: CardSet::EMPTY,
            });
        }
        if m == CALL {
            let b = self.bidder;
            let c = &mut self.core;
            c.revealed = true;
            c.reveal_now = true;
            c.caller = Some(c.to_move);
            if let Some(i) = c.indicator.take() {
                c.hands[b].insert(i);
                c.shown = Some(i);
            }
            if !c.bonus_paid {
                c.bonus_paid = true;
                let side = u8::from(self.objective != Objective::Made);
                return Some(TrickWon {
                    seat: self.seat_of_side(side),
                    value: self.v,
                    decided: CardSet::EMPTY,
                });
            }
            return None;
        }
        let card = Card(m);
        let trump = self.trump;
        let suit = self.cfg.pack.suit_of(card);
        let c = &mut self.core;
        let p = c.to_move as usize;
        c.hands[p].remove(card);
        if c.tlen == 0 && !c.revealed && p != self.bidder && trump == Some(suit) {
            c.led_other = true;
        }
        c.trick[c.tlen as usize] = card;
        c.seats[c.tlen as usize] = p as u8;
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
        let ctx = (c.leader as u32)
            | (self.trump.map_or(7, |t| t as u32) << 3)
            | (u32::from(c.revealed) << 6)
            | (u32::from(c.led_other) << 7)
            | ((self.objective as u32) << 8)
            | (u32::from(c.bonus_paid) << 10)
            | ((c.tricks_left as u32) << 11)
            | (u32::from(self.no_trump) << 16)
            | ((self.bidder as u32) << 17)
            | (c.indicator.map_or(0, |i| i.0 as u32 + 1) << 21);
        let mut owners: u128 = 0;
        let shape: u64;
        if self.exact_key && c.revealed {
            // Trumps open: only relative ranks and points matter. Per suit,
            // the remaining cards from the highest down as (owner, points),
            // 4 bits each: 32 cards fill the 128 bits exactly.
            let all = c.hands[0] | c.hands[1] | c.hands[2] | c.hands[3];
            let mut pos = 0;
            let mut sh = 0u64;
            for suit in 0..4u32 {
                let bits = ((all.0 >> (16 * suit)) & 0xff) as u32;
                for seat in 0..4 {
                    let len = ((c.hands[seat].0 >> (16 * suit)) & 0xff).count_ones() as u64;
                    sh |= len << (4 * (seat * 4 + suit as usize));
                }
                let mut rest = bits;
                while rest != 0 {
                    let top = 31 - rest.leading_zeros();
                    rest &= !(1 << top);
                    let card = Card((16 * suit + top) as u8);
                    let owner = (0..4).find(|&s| c.hands[s].contains(card)).unwrap_or(0) as u128;
                    let pts = self.cfg.points[card.0 as usize] as u128;
                    owners |= (owner | (pts << 2)) << pos;
                    pos += 4;
                }
            }
            shape = sh;
        } else if self.exact_key {
            // Each hand compressed to 32 bits (8 per suit): 4 x 32 = 128 bits, exact.
            for seat in 0..4 {
                let h = c.hands[seat].0;
                let m = (h & 0xff)
                    | ((h >> 8) & 0xff00)
                    | ((h >> 16) & 0xff_0000)
                    | ((h >> 24) & 0xff00_0000);
                owners |= m << (32 * seat);
            }
            let mut sh = 0u64;
            for seat in 0..4 {
                for suit in 0..4 {
                    let len = ((c.hands[seat].0 >> (16 * suit)) & 0xff).count_ones() as u64;
                    sh |= len << (4 * (seat * 4 + suit));
                }
            }
            shape = sh;
        } else {
            // Six hands do not fit exactly: 192 bits of hashes of every hand.
            let mut h1: u64 = 0xcbf2_9ce4_8422_2325;
            let mut h2: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
            for s in 0..self.n {
                let x = c.hands[s].0 ^ ((s as u128) << 120);
                h1 = (h1 ^ (x as u64) ^ ((x >> 64) as u64).rotate_left(17))
                    .wrapping_mul(0x1000_0000_01b3);
                h2 = (h2 ^ x).wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013B);
            }
            let ind = c.indicator.map_or(255u128, |i| i.0 as u128);
            owners = h2 ^ ind;
            shape = h1 ^ (ind as u64).rotate_left(40);
        }
        TtKey { shape, ctx, owners }
    }

    fn pattern_mask(&self, winners: CardSet) -> u128 {
        self.partition_mask(winners)
    }

    fn mask_winners(&self, mask: u128) -> CardSet {
        self.partition_winners(mask)
    }

    fn lead_bounds(&self, sw: &Switches) -> LeadBounds<CardSet> {
        self.trump_run_bounds(sw)
    }

    fn same_answer(&self, tried: u8, winners: CardSet, other: u8) -> bool {
        self.same_answer_cards(tried, winners, other)
    }

    fn collapse_winners(&self, m: u8, winners: CardSet) -> CardSet {
        self.collapse_rank(m, winners)
    }

    fn cutoff_key(&self) -> u64 {
        let c = &self.core;
        let mut h: u64 = (c.to_move as u64) << 56 | (c.tlen as u64) << 48 | u64::from(c.revealed);
        for s in 0..self.n {
            h = (h ^ (c.hands[s].0 as u64) ^ ((c.hands[s].0 >> 64) as u64))
                .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        h
    }

    fn move_hint(&self, _m: u8) -> u8 {
        u8::MAX
    }

    fn hint_move(&self, _hint: u8) -> Option<u8> {
        None
    }
}

/// A double-dummy answer: the value and the value after each legal action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdAnswer {
    /// The value of the position.
    pub value: u32,
    /// Each legal action (the state's strings, in its order) with its value.
    pub actions: Vec<(String, u32)>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Outcome values of [`solve_outcome`].
pub const FAILED: u32 = 0;
/// The hand is void.
pub const VOIDED: u32 = 1;
/// The contract is made.
pub const MADE: u32 = 2;

/// Zero-window queries and bisection over a [`PointsGame`], with the
/// solver's search and table.
pub struct DdSolver {
    tt: Tt<u128>,
    sw: Switches,
    limits: Limits,
    cutoffs: Vec<(u64, u8)>,
    /// Nodes visited so far.
    pub nodes: u64,
}

impl DdSolver {
    /// A solver with `config`'s table size, limits and switches.
    pub fn new(config: SolverConfig) -> DdSolver {
        DdSolver {
            tt: Tt::with_bytes(config.tt_bytes),
            sw: config.switches,
            limits: Limits {
                max_nodes: config.max_nodes,
                deadline: config.timeout.map(|d| Instant::now() + d),
                stop: config.stop,
            },
            cutoffs: Vec::new(),
            nodes: 0,
        }
    }

    fn check(&self) -> Result<()> {
        if let Some(f) = &self.limits.stop {
            if f.load(Ordering::Relaxed) {
                return Err(Error::Interrupted);
            }
        }
        if self.limits.max_nodes.is_some_and(|m| self.nodes >= m) {
            return Err(Error::SolverLimit(format!(
                "node limit reached after {} nodes",
                self.nodes
            )));
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Error::SolverLimit("time limit reached".into()));
        }
        Ok(())
    }

    /// Can side 0 take at least `target` more from here?
    pub fn reaches(&mut self, g: &mut PointsGame, target: u32) -> Result<bool> {
        let limits = Limits {
            max_nodes: self.limits.max_nodes.map(|m| m.saturating_sub(self.nodes)),
            ..self.limits.clone()
        };
        let kept = std::mem::take(&mut self.cutoffs);
        let mut s = Search::new(&mut self.tt, self.sw, 0, &limits).with_cutoffs(kept);
        let (ok, _) = s.reaches(g, target as i32);
        self.nodes += s.nodes;
        self.cutoffs = s.into_cutoffs();
        // A search stopped by a limit answers "no": the limits are monotone,
        // so checking them afterwards catches every stopped search.
        self.check()?;
        Ok(ok)
    }

    /// The exact value for side 0: zero-window queries stepping from half
    /// the points still to play (MTD(f); values near the answer cost most,
    /// and the table carries over from one query to the next).
    pub fn value(&mut self, g: &mut PointsGame) -> Result<u32> {
        let (mut lo, mut hi) = (0u32, g.remaining());
        let mut guess = g.estimate().min(hi);
        while lo < hi {
            let t = guess.clamp(lo + 1, hi);
            if self.reaches(g, t)? {
                lo = t;
                guess = t + 1;
            } else {
                hi = t - 1;
                guess = t.saturating_sub(1);
            }
        }
        Ok(lo)
    }

    /// The value after move `m` (side 0's take from here, the move included).
    pub fn value_after(&mut self, g: &mut PointsGame, m: u8) -> Result<u32> {
        let base = self.play(g, m);
        let r = self.value(g);
        g.undo(m);
        Ok(base + r?)
    }

    /// Can side 0 take at least `target` from here if `m` is played?
    pub fn reaches_after(&mut self, g: &mut PointsGame, m: u8, target: u32) -> Result<bool> {
        let base = self.play(g, m);
        let r = if base >= target {
            Ok(true)
        } else {
            self.reaches(g, target - base)
        };
        g.undo(m);
        r
    }

    fn play(&self, g: &mut PointsGame, m: u8) -> u32 {
        match g.play(m) {
            Some(w) if g.side_of(w.seat as usize) == 0 => w.value,
            _ => 0,
        }
    }
}

fn action_moves(s: &TwentyEightState) -> Vec<(String, Option<u8>)> {
    s.legal()
        .into_iter()
        .map(|a| {
            let m = match a {
                Action::Card(c) => Some(c.0),
                Action::Call => Some(CALL),
                _ => None,
            };
            (s.action_string(a), m)
        })
        .collect()
}

/// Card points `player`'s side takes from here to the end (29: with the
/// last-trick point), and the same after each legal action (§16.1, §16.2
/// with `unrevealed_trump=forced_last`).
pub fn solve_points(
    s: &TwentyEightState,
    player: usize,
    config: SolverConfig,
    actions: bool,
) -> Result<DdAnswer> {
    let mut g = PointsGame::new(s, player, Objective::Points)?;
    let mut solver = DdSolver::new(config);
    let value = solver.value(&mut g)?;
    let mut out = Vec::new();
    if actions {
        for (name, m) in action_moves(s) {
            let v = match m {
                Some(m) => solver.value_after(&mut g, m)?,
                None => value,
            };
            out.push((name, v));
        }
    }
    Ok(DdAnswer {
        value,
        actions: out,
        nodes: solver.nodes,
    })
}

/// The outcome for the bidding side against `target` with the default void
/// rule (§16.2): [`MADE`], [`VOIDED`] or [`FAILED`], the bidding side
/// maximising and the opponents minimising; and the same after each action.
/// `target` counts the whole hand: the points the bidding side already took
/// count towards it. With `forced_last`, or trumps open, the answer is made
/// or failed from the points value.
pub fn solve_outcome(
    s: &TwentyEightState,
    target: i32,
    config: SolverConfig,
    actions: bool,
) -> Result<DdAnswer> {
    let bs = s.side(s.bidder) as usize;
    let need = (target - s.points[bs]).max(0) as u32;
    let mut solver = DdSolver::new(config);
    let mut made = PointsGame::new(s, s.bidder, Objective::Made)?;
    let mut nf = PointsGame::new(s, s.bidder, Objective::NotFailed)?;
    let vb = made.bonus();
    let mut one = |solver: &mut DdSolver, m: Option<u8>| -> Result<u32> {
        let ask = |solver: &mut DdSolver, g: &mut PointsGame, t: u32| match m {
            Some(m) => solver.reaches_after(g, m, t),
            None => solver.reaches(g, t),
        };
        if made.objective() == Objective::Points {
            return Ok(if ask(solver, &mut made, need)? {
                MADE
            } else {
                FAILED
            });
        }
        if ask(solver, &mut made, need + vb)? {
            return Ok(MADE);
        }
        Ok(if ask(solver, &mut nf, need)? {
            VOIDED
        } else {
            FAILED
        })
    };
    let value = one(&mut solver, None)?;
    let mut out = Vec::new();
    if actions {
        for (name, m) in action_moves(s) {
            let v = match m {
                Some(m) => one(&mut solver, Some(m))?,
                None => value,
            };
            out.push((name, v));
        }
    }
    Ok(DdAnswer {
        value,
        actions: out,
        nodes: solver.nodes,
    })
}

/// The open-trump values of a full deal (§16.1): for each trump suit (pack
/// order) and each seat as bidder, the card points the bidder's side can
/// guarantee with `leader` on lead. A contract `v` is makeable iff `v` is at
/// most the value.
pub fn dd_table(
    cfg: &Arc<TwentyEightConfig>,
    hands: &[CardSet],
    leader: usize,
    config: SolverConfig,
) -> Result<(Vec<Vec<u32>>, u64)> {
    let n = cfg.players;
    let mut solver = DdSolver::new(config);
    let mut table = Vec::new();
    for t in 0..cfg.pack.num_suits() as u8 {
        let code = cfg.pack.suits[t as usize].code.clone();
        let mut row = vec![0u32; n];
        let mut by_side: Vec<Option<u32>> = vec![None; cfg.sides];
        for (bidder, cell) in row.iter_mut().enumerate() {
            let side = cfg.side[bidder] as usize;
            if let Some(v) = by_side[side] {
                *cell = v;
                continue;
            }
            let s = TwentyEightState::from_deal(
                cfg.clone(),
                hands,
                bidder,
                leader,
                super::position::TrumpStart::Open(&code),
                None,
            )?;
            let mut g = PointsGame::new(&s, bidder, Objective::Points)?;
            let v = solver.value(&mut g)?;
            by_side[side] = Some(v);
            *cell = v;
        }
        table.push(row);
    }
    Ok((table, solver.nodes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twenty_eight::{TrumpStart, TwentyEight};
    use crate::rng::Rng;

    /// Plain minimax over the engine's own states (no table, no collapse).
    fn brute(s: &TwentyEightState, side: u8) -> i32 {
        use crate::game::GameState;
        if s.is_terminal() {
            return s.points[side as usize];
        }
        let mover_side = s.side(s.current().expect("live"));
        let vals = s.legal_actions().into_iter().map(|a| {
            let mut t = s.clone();
            t.apply(&a).unwrap();
            brute(&t, side)
        });
        if s.phase == Phase::Pair || mover_side == side {
            vals.max().unwrap()
        } else {
            vals.min().unwrap()
        }
    }

    fn random_position(g: &TwentyEight, rng: &mut Rng, k: usize, open: bool) -> TwentyEightState {
        let s = g.new_game(rng.next_u64());
        let full = s.full_deal();
        let hands: Vec<CardSet> = full
            .iter()
            .map(|h| h.iter().take(k).collect::<CardSet>())
            .collect();
        let deal = g.config().pack.format_deal(&hands);
        let bidder = rng.below(4) as usize;
        let leader = rng.below(4) as usize;
        let ind = g.config().pack.format_card(
            hands[bidder]
                .iter()
                .nth(rng.below(k as u64) as usize)
                .unwrap(),
        );
        let start = if open {
            TrumpStart::Open(&ind[1..])
        } else {
            TrumpStart::Concealed(&ind)
        };
        g.from_deal(&deal, bidder, leader, start, None).unwrap()
    }

    #[test]
    fn points_match_plain_minimax_with_and_without_optimisations() {
        let mut rng = Rng::new(5);
        for (preset, opts) in [
            ("28", vec![]),
            ("29", vec![]),
            (
                "28",
                vec![("unrevealed_trump".to_string(), "forced_last".to_string())],
            ),
        ] {
            let g = TwentyEight::new(preset, &opts).unwrap();
            for i in 0..12 {
                let open = opts.is_empty() || i % 2 == 0;
                let s = random_position(&g, &mut rng, 3, open);
                let p = s.current().unwrap();
                let want = brute(&s, s.side(p)) as u32;
                let def = Switches::default();
                for sw in [
                    def,
                    Switches::none(),
                    Switches {
                        partition: false,
                        ..def
                    },
                    Switches {
                        rank_skip: false,
                        ..def
                    },
                    Switches {
                        quick_tricks: false,
                        sure_tricks: false,
                        ..def
                    },
                    Switches {
                        collapse: false,
                        ..def
                    },
                ] {
                    let cfg = SolverConfig {
                        switches: sw,
                        ..SolverConfig::small()
                    };
                    let got = solve_points(&s, p, cfg, true).unwrap();
                    assert_eq!(got.value, want, "{}", crate::game::GameState::render(&s));
                }
            }
        }
    }

    #[test]
    fn partitions_skips_and_bounds_keep_larger_values() {
        // Deeper than plain minimax reaches: compare with the exact-key search.
        let mut rng = Rng::new(11);
        for preset in ["28", "29"] {
            let g = TwentyEight::new(preset, &[]).unwrap();
            for _ in 0..10 {
                let s = random_position(&g, &mut rng, 6, true);
                let p = s.current().unwrap();
                let plain = Switches {
                    partition: false,
                    rank_skip: false,
                    quick_tricks: false,
                    sure_tricks: false,
                    ..Switches::default()
                };
                let run = |sw: Switches| {
                    let cfg = SolverConfig {
                        switches: sw,
                        ..SolverConfig::small()
                    };
                    solve_points(&s, p, cfg, true).unwrap()
                };
                let (a, b) = (run(Switches::default()), run(plain));
                assert_eq!((a.value, a.actions), (b.value, b.actions));
            }
        }
    }

    #[test]
    fn limits_stop_the_search() {
        let g = TwentyEight::new("28", &[]).unwrap();
        let s = g.new_game(3);
        let deal = g.config().pack.format_deal(&s.full_deal());
        let st = g
            .from_deal(&deal, 0, 1, TrumpStart::Open("S"), None)
            .unwrap();
        let cfg = SolverConfig {
            max_nodes: Some(100),
            ..SolverConfig::small()
        };
        assert!(matches!(
            solve_points(&st, 0, cfg, false),
            Err(Error::SolverLimit(_))
        ));
    }
}

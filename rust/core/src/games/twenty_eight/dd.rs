//! Double-dummy analysis of Twenty-eight trick play (`docs/rules/twenty_eight.md`
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
//! With `kq_negative` a king or queen costs the side that takes it a point.
//! The search instead credits each trick's kings and queens to the side that
//! loses it (`TrickWon::rest`): a side's credited total is then its points
//! plus the number `R` of kings and queens still out, the two sides' totals
//! add up to a constant again, and the answers subtract `R`.
//!
//! Table keys are exact (cards' owners, not relative ranks: points make
//! relative ranks unsafe); equivalent cards are collapsed only when they have
//! equal points and nothing lies between them.

use std::sync::Arc;

#[path = "dd_bounds.rs"]
mod bounds;
#[path = "dd_dominance.rs"]
mod dominance;
#[path = "dd_masks.rs"]
mod masks;
#[path = "dd_order.rs"]
mod order;
#[path = "dd_partition.rs"]
mod partition;
#[path = "dd_solver.rs"]
mod solver;
#[path = "dd_sweep.rs"]
mod sweep;
#[path = "dd_twins.rs"]
mod twins;

pub use solver::{dd_table, solve_outcome, solve_points, FAILED, MADE, VOIDED};
pub use sweep::{solve_sweep, SweepGame};

/// A double-dummy answer: the value (negative only with `kq_negative`)
/// and each legal action (the state's strings, in its order) with its
/// value, the nodes, and in anytime mode ([`crate::solve::SolverConfig::bounds`]) the
/// bounds proven when a limit stopped the call.
pub type DdAnswer = crate::solve::answer::Answer<String, i32>;

use super::config::{Game, TwentyEightConfig};
use super::rules::{self, PlayView};
use super::state::{Phase, TwentyEightState};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::solve::{
    game::HeapUnits, LeadBounds, MoveList, Side, Switches, TrickGame, TrickWon, TtKey,
};

/// The `call` move.
pub const CALL: u8 = 255;
/// The pseudo-move that settles a void hand.
pub const VOID: u8 = 254;
const MAX_SEATS: usize = 6;
/// Points of the first guess for each open trump one side holds more.
const TRUMP_WEIGHT: i32 = 4;

/// Play-outs behind a six-hand first guess ([`PointsGame::first_guess`]).
pub const GUESS_PLAYOUTS: u32 = 2000;

/// The fewest tricks left for which [`PointsGame::first_guess`] plays out
/// (56's first two tricks): a smaller position is solved in less time than
/// its play-outs take (40's full deals, six tricks: 2.00 M → 1.69 M nodes
/// for 20 deals, but the median time 7.6 → 11.6 ms).
const GUESS_TRICKS: usize = 7;

/// The play-outs' seed of [`PointsGame::first_guess`].
const GUESS_SEED: u64 = 0x5eed_0056;

/// What a trick holding `c` gives its winner: the card's points, or 0 for
/// a card worth less (a king or queen with `kq_negative`).
#[inline]
pub(crate) fn gain_of(cfg: &TwentyEightConfig, c: Card) -> u32 {
    cfg.pts(c).max(0) as u32
}

/// What a trick holding `c` credits the side that loses it: 1 for a card of
/// negative points (a king or queen with `kq_negative`), else 0.
#[inline]
pub(crate) fn loss_of(cfg: &TwentyEightConfig, c: Card) -> u32 {
    u32::from(cfg.pts(c) < 0)
}

/// What a finished trick of `cards` credits the side that loses it: its
/// kings and queens with `kq_negative` (0 at once without it).
#[inline]
pub(crate) fn loser_credit(cfg: &TwentyEightConfig, cards: &[Card]) -> u32 {
    if !cfg.kq_negative {
        return 0;
    }
    cards.iter().map(|&x| loss_of(cfg, x)).sum()
}

/// A card's share of the credited total: [`gain_of`] plus [`loss_of`].
#[inline]
fn credit_of(cfg: &TwentyEightConfig, c: Card) -> u32 {
    gain_of(cfg, c) + loss_of(cfg, c)
}

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
    /// `bests[i]`: the place in the trick of its best card once its first
    /// `i + 1` cards are in (valid below `tlen`).
    bests: [u8; MAX_SEATS],
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
    /// Equal cards exist (the double packs of 40 and 56).
    ties: bool,
    /// The pack's rank order as card masks.
    masks: masks::RankMasks,
    /// The ranks of each suit for the keys by relative ranks of the
    /// presets with equal cards (`Switches::twin_keys`; none for the
    /// four-hand presets, whose keys are their own).
    slots: Option<twins::RankSlots>,
    /// `Switches::dominance` of the search (noted by `moves`, which every
    /// node calls first).
    dominance_sw: std::cell::Cell<bool>,
    /// `Switches::six_partition` (with `twin_keys`) of the search, noted
    /// by `tt_key_heap` at every trick start.
    six_sw: std::cell::Cell<bool>,
    /// Exact values of the last two tricks already worked out (see
    /// `PointsGame::last_two_tricks`), allocated on first use.
    pub(super) two_tricks: std::cell::RefCell<Vec<bounds::TwoTricks>>,
    core: Core,
    stack: Vec<Core>,
    /// Bit `i`: the move played at ply `i` (below 64) neither ended a trick
    /// nor changed more than its card, its place in the trick and the
    /// mover, so that [`TrickGame::undo`] takes it back by hand instead of
    /// popping a copy of the state from `stack`.
    light: u64,
    /// What `moves` found of the node at each ply (below 64): the cards it
    /// listed and those of them whose run dominance settled (as
    /// `dominance_prunes` finds them), valid while bit `ply` of
    /// `settled_at` is set (`play` clears the bit of the ply it enters).
    settled: [std::cell::Cell<(u64, u64)>; 64],
    settled_at: std::cell::Cell<u64>,
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
                "single hand and half court are all-tricks contracts: their analysis is solve_sweep (card points do not count)".into(),
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
            .map(|&h| h.iter().map(|c| credit_of(&cfg, c)).sum::<u32>())
            .sum();
        left_pts += indicator.map_or(0, |c| credit_of(&cfg, c));
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
        let mut g = PointsGame {
            n,
            side,
            bidder: s.bidder,
            trump: s.trump,
            seventh: s.seventh,
            spare: s.spare,
            no_trump: s.no_trump,
            objective,
            v: cfg
                .pack
                .deck
                .iter()
                .map(|c| credit_of(&cfg, c))
                .sum::<u32>()
                + u32::from(cfg.last_trick_bonus)
                + 1,
            exact_key,
            ties: matches!(cfg.game, Game::G40 | Game::G56),
            masks: masks::RankMasks::new(&cfg.pack, &cfg.rank, &cfg.points),
            slots: if exact_key {
                None
            } else {
                twins::RankSlots::new(&cfg)
            },
            dominance_sw: std::cell::Cell::new(false),
            six_sw: std::cell::Cell::new(false),
            two_tricks: std::cell::RefCell::new(Vec::new()),
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
                bests: [0; MAX_SEATS],
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
            light: 0,
            settled: std::array::from_fn(|_| std::cell::Cell::new((0, 0))),
            settled_at: std::cell::Cell::new(0),
            cfg,
        };
        g.rescan_bests();
        Ok(g)
    }

    /// A guess of side 0's value: half the points still to play, moved by
    /// half the difference between the points each side holds and by the
    /// difference in open trumps.
    pub fn estimate(&self) -> u32 {
        let c = &self.core;
        let mut held = [0i32; 2];
        let mut trumps = [0i32; 2];
        let tmask = match self.trump {
            Some(t) if c.revealed => self.cfg.pack.suit_mask(t),
            _ => CardSet::EMPTY,
        };
        for seat in 0..self.n {
            let side = self.side[seat] as usize;
            held[side] += c.hands[seat].iter().map(|x| self.cfg.pts(x)).sum::<i32>();
            trumps[side] += (c.hands[seat] & tmask).len() as i32;
        }
        let rem = self.remaining() as i32;
        let lean = (held[0] - held[1]) / 2 + TRUMP_WEIGHT * (trumps[0] - trumps[1]) / 2;
        (rem / 2 + lean).clamp(0, rem) as u32
    }

    /// The driver's first guess of side 0's value: with
    /// `Switches::playout_guess`, for six hands and the points objective,
    /// with at least seven tricks left, the mean of [`GUESS_PLAYOUTS`]
    /// play-outs over a search tree (UCT, a fixed seed, so the same
    /// position always gets the same guess; about 8 ms of a full deal's
    /// solve, which takes seconds), else [`PointsGame::estimate`].
    /// A guess only orders the probes: the value does not depend on it.
    ///
    /// ```
    /// use hukm_core::games::twenty_eight::dd::{Objective, PointsGame};
    /// use hukm_core::games::twenty_eight::{TrumpStart, TwentyEight};
    /// use hukm_core::solve::Switches;
    /// let game = TwentyEight::new("56", &[]).unwrap();
    /// let deal = game.config_arc().pack.format_deal(&game.new_game(3).full_deal());
    /// let s = game.from_deal(&deal, 0, 1, TrumpStart::Open("H"), None).unwrap();
    /// let g = PointsGame::new(&s, 0, Objective::Points).unwrap();
    /// let sw = Switches::default();
    /// assert_eq!(g.first_guess(&sw), g.first_guess(&sw));
    /// assert!(g.first_guess(&sw) <= 56);
    /// ```
    pub fn first_guess(&self, sw: &Switches) -> u32 {
        use crate::solve::estimate::{estimate, Budget, Policy};
        if !sw.playout_guess
            || self.n != 6
            || self.objective != Objective::Points
            || usize::from(self.core.tricks_left) < GUESS_TRICKS
        {
            return self.estimate();
        }
        let rem = self.remaining();
        let mut starts = [(self.clone(), 0u32)];
        let policy = Policy::default();
        let budget = Budget {
            until: None,
            most: GUESS_PLAYOUTS,
            stop: None,
        };
        let (out, _) = estimate(&mut starts, f64::from, &policy, budget, GUESS_SEED);
        (out[0].mean().round().max(0.0) as u32).min(rem)
    }

    /// The kings and queens still out that credit a side (`R` in the module
    /// comment; 0 without `kq_negative`): a side's points from here are its
    /// searched value minus this.
    pub fn negative_cards(&self) -> u32 {
        self.live().iter().map(|x| loss_of(&self.cfg, x)).sum()
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
        if c.revealed && c.tlen > 0 {
            return (self.legal_open(p, hand, &c.trick[..c.tlen as usize]), false);
        }
        if c.revealed {
            // A lead with trumps open: any card (as `rules::legal`).
            return (hand, false);
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
        let ties = self.ties;
        let (hand, live) = (masks::low(hand), masks::low(live));
        let suit = self.masks.suit[Self::suit_of(card) as usize & 3];
        let mut cur = card.0 as u32;
        loop {
            let above = live & suit & !((2u64 << cur) - 1);
            if above == 0 {
                return Card(cur as u8);
            }
            let next = above.trailing_zeros();
            let same = hand >> next & 1 != 0
                && cfg.points[next as usize] == cfg.points[cur as usize]
                && (!ties || cfg.rank[next as usize] == cfg.rank[cur as usize]);
            if !same {
                return Card(cur as u8);
            }
            cur = next;
        }
    }

    fn trick_done(&mut self) -> TrickWon<CardSet> {
        let (trick, tlen) = (self.core.trick, self.core.tlen as usize);
        let cards = &trick[..tlen];
        // (The trick's best card: the rules' `trick_winner`, equal cards to
        // the first played.)
        let w = self.best_index();
        let decided = if self.exact_key || self.six_ranks_kept() {
            self.decided(cards, w)
        } else {
            CardSet::EMPTY
        };
        // (The configuration borrowed beside the state, not cloned: no
        // reference count moved at every trick.)
        let cfg = &*self.cfg;
        let c = &mut self.core;
        let winner = c.seats[w];
        let mut pts: u32 = cards.iter().map(|&x| gain_of(cfg, x)).sum();
        let rest = loser_credit(cfg, cards);
        c.tricks_left -= 1;
        if cfg.last_trick_bonus && c.tricks_left == 0 {
            pts += 1;
        }
        c.left_pts -= pts + rest;
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
            rest,
            decided,
        }
    }

    /// Does `a` beat `b` (already in the trick) under the current phase?
    #[inline]
    fn beats(&self, a: Card, b: Card, led: Suit) -> bool {
        self.beaters(b, led) >> (a.0 & 63) & 1 != 0
    }

    /// The place in the trick of the card winning it so far (the trick is
    /// not empty).
    #[inline]
    fn best_index(&self) -> usize {
        let c = &self.core;
        c.bests[c.tlen as usize - 1] as usize
    }

    /// The place of the trick's best card once `card` is added to it (the
    /// first played among equals).
    #[inline]
    fn best_after(&self, card: Card) -> u8 {
        let c = &self.core;
        if c.tlen == 0 {
            return 0;
        }
        let prev = c.bests[c.tlen as usize - 1];
        if self.beats(card, c.trick[prev as usize], Self::suit_of(c.trick[0])) {
            c.tlen
        } else {
            prev
        }
    }

    /// `Core::bests` found again for the trick's cards (when the phase that
    /// decides what beats what changes).
    fn rescan_bests(&mut self) {
        let tlen = self.core.tlen as usize;
        if tlen == 0 {
            return;
        }
        let led = Self::suit_of(self.core.trick[0]);
        let mut best = 0;
        for i in 0..tlen {
            if i > 0 && self.beats(self.core.trick[i], self.core.trick[best], led) {
                best = i;
            }
            self.core.bests[i] = best as u8;
        }
    }

    /// The card currently winning the trick and its seat.
    fn current_best(&self) -> Option<(Card, u8, Suit)> {
        let c = &self.core;
        if c.tlen == 0 {
            return None;
        }
        let best = self.best_index();
        Some((c.trick[best], c.seats[best], Self::suit_of(c.trick[0])))
    }

    /// The exact context of a table key: leader, trump, phase, objective,
    /// tricks left, bidder and indicator.
    fn key_context(&self) -> u32 {
        let c = &self.core;
        (c.leader as u32)
            | (self.trump.map_or(7, |t| t as u32) << 3)
            | (u32::from(c.revealed) << 6)
            | (u32::from(c.led_other) << 7)
            | ((self.objective as u32) << 8)
            | (u32::from(c.bonus_paid) << 10)
            | ((c.tricks_left as u32) << 11)
            | (u32::from(self.no_trump) << 16)
            | ((self.bidder as u32) << 17)
            | (c.indicator.map_or(0, |i| i.0 as u32 + 1) << 21)
    }

    /// Is `m` one of the moves [`TrickGame::moves`] lists here with `sw`?
    /// The same tests as `moves` makes of each card (legal, the top of its
    /// class, the card dominance keeps of its run), for this card alone and
    /// without the ordering weights: the cut-off cache asks it at most
    /// nodes, before any move is generated.
    fn lists_move(&self, m: u8, sw: &Switches) -> bool {
        self.dominance_sw.set(sw.dominance && sw.collapse);
        if self.core.void_pending {
            return m == VOID;
        }
        let (cards, call) = self.legal();
        if m == CALL {
            return call;
        }
        if m >= 128 || !cards.contains(Card(m)) {
            return false;
        }
        let card = Card(m);
        if !sw.collapse {
            return true;
        }
        let hand = self.core.hands[self.core.to_move as usize];
        let live = self.live();
        if self.class_of(card, cards & hand, live) != card {
            return false;
        }
        if !(sw.dominance && self.dominance_on()) {
            return true;
        }
        let run = self.run_of(card, cards & hand, live - hand).0;
        if run.len() > 1 {
            if let Some(mine) = self.run_taker(card, self.current_best()) {
                return self.run_pick(run, mine) == card;
            }
        }
        true
    }

    /// What `moves` found of card `m` at this node, if it listed it here:
    /// whether dominance settled its run.
    fn settled_here(&self, m: Card) -> Option<bool> {
        let ply = self.core.ply as usize;
        if ply >= 64 || self.settled_at.get() >> ply & 1 == 0 {
            return None;
        }
        let (listed, settled) = self.settled[ply].get();
        let bit = 1u64 << (m.0 & 63);
        (listed & bit != 0).then_some(settled & bit != 0)
    }

    /// Does playing `card` (legal here) change only the mover's hand, the
    /// trick and the mover? Not when it ends the trick, nor when it is a
    /// lead of the concealed trump by another than the bidder (which notes
    /// that).
    #[inline]
    fn plays_light(&self, card: Card) -> bool {
        let c = &self.core;
        let p = c.to_move as usize;
        (c.tlen as usize) + 1 < self.n
            && !c.void_pending
            && (c.revealed
                || c.led_other
                || c.tlen > 0
                || p == self.bidder
                || self.trump != Some(self.cfg.pack.suit_of(card)))
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
    const SMALL_FIRST: bool = true;

    /// The four-hand presets' last two tricks (`Switches::bounds_first`):
    /// the bounds value them exactly (the last trick played out, the two
    /// tricks kept in a table of their own), so a table probe and store
    /// there only cost, and the bounds' answer relies on fewer ranks than
    /// an entry's mask.
    #[inline]
    fn bounds_first(&self) -> bool {
        self.exact_key && self.core.tricks_left <= 2
    }

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
        self.dominance_sw.set(sw.dominance && sw.collapse);
        let dominance = sw.dominance && sw.collapse && self.dominance_on();
        // The trick's best card so far, found once for the ordering and for
        // every run dominance looks at.
        let current = if sw.ordering || dominance {
            self.current_best()
        } else {
            None
        };
        let best = if sw.ordering { current } else { None };
        let four = self.n == 4;
        let order = order::LeadOrder {
            partner_first: sw.partner_leads && four,
            ruff_first: sw.ruff_leads && four,
            overtake_first: sw.overtakes && four,
            smear_second: sw.second_smears && four,
        };
        let other = live - hand;
        // The run of the card before, which its other cards share, and the
        // one card of it dominance keeps (none: it keeps them all). Both are
        // the run's: no other card ranks between its cards, so each beats
        // and is beaten by the same cards, and the trick's taker is the
        // same whichever of them is played.
        let mut last_run = CardSet::EMPTY;
        let mut last_pick: Option<Card> = None;
        // The cards listed, and those whose run dominance settled.
        let (mut listed, mut settled) = (0u64, 0u64);
        for card in cards.iter().rev() {
            if sw.collapse && self.class_of(card, cards & hand, live) != card {
                continue;
            }
            if dominance {
                if !last_run.contains(card) {
                    last_run = self.run_of(card, cards & hand, other).0;
                    last_pick = if last_run.len() > 1 {
                        self.run_taker(card, current)
                            .map(|mine| self.run_pick(last_run, mine))
                    } else {
                        None
                    };
                }
                if let Some(pick) = last_pick {
                    if pick != card {
                        continue;
                    }
                    let same = self.masks.same_points[card.0 as usize & 63];
                    if masks::low(last_run) & !same != 0 {
                        settled |= 1u64 << (card.0 & 63);
                    }
                }
            }
            listed |= 1u64 << (card.0 & 63);
            let w = if sw.ordering {
                self.weight(card, best, live, order)
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
        let ply = self.core.ply as usize;
        if ply < 64 {
            self.settled[ply].set((listed, settled));
            self.settled_at.set(self.settled_at.get() | 1u64 << ply);
        }
    }

    fn play(&mut self, m: u8) -> Option<TrickWon<CardSet>> {
        let ply = self.core.ply;
        if ply < 63 {
            // A new node at the next ply: what `moves` found there is stale.
            let at = self.settled_at.get();
            self.settled_at.set(at & !(2u64 << ply));
        }
        if ply < 64 {
            self.light &= !(1u64 << ply);
            if m < 128 && self.plays_light(Card(m)) {
                // A card that does not end the trick: no copy of the state.
                self.light |= 1u64 << ply;
                let best = self.best_after(Card(m));
                let c = &mut self.core;
                c.ply += 1;
                let p = c.to_move as usize;
                c.hands[p].remove(Card(m));
                c.trick[c.tlen as usize] = Card(m);
                c.seats[c.tlen as usize] = p as u8;
                c.bests[c.tlen as usize] = best;
                c.tlen += 1;
                c.to_move = ((p + 1) % self.n) as u8;
                return None;
            }
        }
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
                rest: 0,
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
            // Trumps open now: they beat the trick's other cards.
            self.rescan_bests();
            let c = &mut self.core;
            if !c.bonus_paid {
                c.bonus_paid = true;
                let side = u8::from(self.objective != Objective::Made);
                return Some(TrickWon {
                    seat: self.seat_of_side(side),
                    value: self.v,
                    rest: 0,
                    decided: CardSet::EMPTY,
                });
            }
            return None;
        }
        let card = Card(m);
        let trump = self.trump;
        let suit = self.cfg.pack.suit_of(card);
        let best = self.best_after(card);
        let c = &mut self.core;
        let p = c.to_move as usize;
        c.hands[p].remove(card);
        if c.tlen == 0 && !c.revealed && p != self.bidder && trump == Some(suit) {
            c.led_other = true;
        }
        c.trick[c.tlen as usize] = card;
        c.seats[c.tlen as usize] = p as u8;
        c.bests[c.tlen as usize] = best;
        c.tlen += 1;
        if (c.tlen as usize) < self.n {
            c.to_move = ((p + 1) % self.n) as u8;
            return None;
        }
        Some(self.trick_done())
    }

    fn undo(&mut self, _m: u8) {
        let ply = self.core.ply - 1;
        if ply < 64 && self.light >> ply & 1 != 0 {
            let c = &mut self.core;
            c.ply = ply;
            c.tlen -= 1;
            let i = c.tlen as usize;
            let p = c.seats[i];
            c.hands[p as usize].insert(c.trick[i]);
            c.to_move = p;
            return;
        }
        self.core = self.stack.pop().expect("a move to take back");
    }

    fn tt_key(&self) -> TtKey<u128> {
        let c = &self.core;
        let ctx = self.key_context();
        let mut owners: u128 = 0;
        let shape: u64;
        if self.exact_key && c.revealed && !self.cfg.kq_negative {
            // Trumps open: only relative ranks and points matter. Per suit,
            // the remaining cards from the highest down as (owner, points),
            // 4 bits each: 32 cards fill the 128 bits exactly.
            // (The owner's two bits are the planes of seats 1 | 3 and 2 | 3.)
            let h: [u64; 4] = std::array::from_fn(|s| masks::low(c.hands[s]));
            let (all, p13, p23) = (h[0] | h[1] | h[2] | h[3], h[1] | h[3], h[2] | h[3]);
            let mut pos = 0;
            for suit in 0..4u32 {
                let byte = |x: u64| ((x >> (16 * suit)) & 0xff) as u32;
                let all = byte(all);
                let word = masks::nibbles(byte(p13))
                    | masks::nibbles(byte(p23)) << 1
                    | self.masks.points_nibbles[suit as usize];
                owners |= (masks::pack_nibbles(word, all) as u128) << pos;
                pos += 4 * all.count_ones();
            }
            // Each hand's length in each suit, a nibble each.
            shape = h
                .iter()
                .enumerate()
                .fold(0, |sh, (seat, &x)| sh | masks::suit_lengths(x) << (16 * seat));
        } else if self.exact_key {
            // (Also with kq_negative: a nibble's two bits of points cannot
            // tell a king or queen from an eight or seven.)
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
            // Six hands (40 and 56, every card id below 64): the cards in
            // play as the shape, and the owner of each, in card order, as
            // one base-6 number (6^48 < 2^128): exact.
            let all = c.hands[..self.n].iter().fold(0u128, |a, h| a | h.0);
            debug_assert!(all >> 64 == 0, "card ids below 64");
            // Each card's owner, hand by hand (a card is in one hand).
            let mut owner_of = [0u8; 64];
            for (seat, h) in c.hands[..self.n].iter().enumerate().skip(1) {
                let mut bits = h.0 as u64;
                while bits != 0 {
                    owner_of[bits.trailing_zeros() as usize] = seat as u8;
                    bits &= bits - 1;
                }
            }
            let mut code: u128 = 0;
            let mut rest = all as u64;
            while rest != 0 {
                let top = 63 - rest.leading_zeros();
                rest &= !(1u64 << top);
                code = code * self.n as u128 + owner_of[top as usize] as u128;
            }
            owners = code;
            shape = all as u64;
        }
        TtKey { shape, ctx, owners }
    }

    fn tt_key_heap(&self, sw: &Switches) -> (TtKey<u128>, Option<HeapUnits>) {
        self.six_sw.set(sw.six_partition && sw.twin_keys);
        if sw.twin_keys {
            if let Some(key) = self.relative_key(self.key_context()) {
                return (key, None);
            }
        }
        (self.tt_key(), None)
    }

    fn pattern_mask(&self, winners: CardSet) -> u128 {
        if self.six_partition_here() {
            return self.six_partition_mask(winners);
        }
        self.partition_mask(winners)
    }

    fn mask_winners(&self, mask: u128) -> CardSet {
        if self.six_partition_here() {
            return self.six_partition_winners(mask);
        }
        if self.six_ranks_kept() {
            // (Six hands, an exact key: every card in play.)
            return self.live();
        }
        self.partition_winners(mask)
    }

    fn lead_bounds(&self, sw: &Switches) -> LeadBounds<CardSet> {
        self.trump_run_bounds(sw, None)
    }

    fn lead_bounds_for(&self, sw: &Switches, target: u32) -> LeadBounds<CardSet> {
        self.trump_run_bounds(sw, Some(target))
    }

    fn sure_trick(&self, side: Side, need: u32) -> Option<CardSet> {
        self.sure_points(side, need)
    }

    fn sure_either(&self, side: Side, need: u32, other_need: u32) -> Option<(bool, CardSet)> {
        self.sure_points_either(side, need, other_need)
    }

    fn same_answer(&self, tried: u8, winners: CardSet, other: u8) -> bool {
        (self.same_answer_cards(tried, winners, other) || self.six_same_answer(tried, winners, other))
            && !self.dominance_pick(other)
    }

    fn collapse_winners(&self, m: u8, winners: CardSet) -> CardSet {
        let w = self.collapse_rank(m, winners);
        if self.partition_on() || self.six_ranks_kept() {
            w | self.dominance_winners(m)
        } else {
            w
        }
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

    fn has_move(&self, m: u8, sw: &Switches) -> bool {
        self.lists_move(m, sw)
    }

    fn move_hint(&self, _m: u8) -> u8 {
        u8::MAX
    }

    fn hint_move(&self, _hint: u8) -> Option<u8> {
        None
    }
}

#[cfg(test)]
#[path = "dd_tests.rs"]
mod tests;

//! Double-dummy objectives of `docs/rules/hokm.md` §16 for the Court Piece / Rang
//! family: a [`TrickGame`](crate::solve::TrickGame) over the engine's own
//! trick rules, searched by the generic solver.
//!
//! One game, [`RangGame`], covers what plain whist cannot:
//!
//! * heap collection (§7.6) with every option (`first_collect_min`, chain,
//!   `ace_rule`, `no_collect_11_12`) and the trump gate;
//! * first-void trumps (§5.6, §6.6): while no trump is fixed, the first
//!   player void in the suit led fixes it with his card, so the search simply
//!   branches on that card;
//! * Dab Rang (§6.5): the cut call is a move of its own ([`CALL`]), the
//!   hidden indicator and the trump gate are state;
//! * Satat's 2H (§6.2, §7.2) in the move generator, and Trup kasiet's hidden
//!   indicator with its reveal trigger (§6.4);
//! * Dehla Pakad (§9.7): tens first, tricks as the tie-break.
//!
//! Value scale. Plain tricks (Satat, Trup kasiet) count 1 per trick won;
//! heap presets count the tricks **collected** (a collection is worth the
//! heap's size, and the last trick collects what is left, so the two sides'
//! values always add up to the tricks still to play plus the heap); Dehla
//! Pakad counts `14 * tens + tricks` collected, so one integer search
//! maximises the tens and, among equal tens, the tricks ([`DEHLA_TEN`]).
//! The kot objectives are 0/1 games: the side asked about scores 1 when it
//! reaches its goal, the other side scores 1 as soon as the goal is out of
//! reach (so the two still add up to what is left).
//!
//! Table keys. The exact part holds the suit lengths and every piece of
//! rule state (heap size and tens, `prev`, last winning ace, trump or its
//! absence, the gate); the owners are relative ranks as in whist, with the
//! cards whose identity counts (tens in Dehla Pakad, aces under `ace_rule`,
//! Satat's 2H) located exactly and always kept by partition search. While an
//! indicator lies aside (Dab Rang, Trup kasiet) keys are the exact cards out.
//! At trick starts the leader's run of top trumps gives a lower bound.
//!
//! Rules decisions (where `docs/rules/hokm.md` §16 leaves room):
//!
//! * `player` counts for his side; asking the kot query for a seat of the
//!   dealer's side is the goon-kot question.
//! * Kot goals: heap presets collect all 13 tricks; Dehla Pakad collects all
//!   four tens (its four-tens kot, §9.7); Satat and Trup kasiet win the first
//!   seven tricks (§16's kot query). Values count every trick to the end of
//!   the hand (stopping rules do not change §16's objective).
//! * `first_void_5`: no value while any card is still to be dealt (the rest
//!   of the deal is chance), i.e. until the trick that fixes trumps is
//!   complete; afterwards the fixed trump and the gate are state.
//!   `first_void_13` (`be_ranga`): the first void card fixes trumps inside the
//!   search, so every choice of that card is a branch.
//! * Dab Rang: the cut call is a move of the caller before his card; the
//!   boss's side's value is compared with the bid by the caller. A position
//!   from `from_deal` has its trump public (after the cut), gate open.
//! * Trup kasiet: the indicator lies aside until the reveal trigger of §6.4
//!   (the engine's rules, including the 2H-lead exception); trumps are in
//!   force from trick 1, as §16 asks.
//! * Dummy Rang: players are numbered as the state numbers them (the dummy's
//!   partner also plays the dummy's seat).

mod solve;
mod trick_game;

pub use solve::DdAnswer;

use super::config::Scoring;
use super::state::{HokmState, Phase};
use crate::error::{Error, Result};
use crate::solve::game::{Side, TrickWon};

/// The cut call of Dab Rang as a move (a code no card uses).
pub const CALL: u8 = 15;
/// Weight of one ten in the Dehla Pakad value (more than all 13 tricks).
pub const DEHLA_TEN: u32 = 14;
const NONE: u8 = 4;
const NEVER: u8 = 15;
/// No indicator card.
const NO_CARD: u8 = 255;

/// What the search maximises.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Tricks won (plain presets) or collected (heap presets); Dehla Pakad:
    /// `14 * tens + tricks` collected.
    Value,
    /// 1 when the side collects every trick still to play (heap presets) or
    /// every ten (Dehla Pakad), else 0.
    CollectAll,
    /// 1 when the side wins each of the next `k` tricks (Satat's kot: the
    /// first seven), else 0.
    WinNext(u8),
}

/// The rule switches of one game (fixed for a search).
#[derive(Copy, Clone, Debug)]
struct Rules {
    heap: bool,
    dehla: bool,
    satat: bool,
    /// 0, 5 or 13 (`trump_mode=first_void_*`).
    first_void: u8,
    hidden_call: bool,
    hidden_card: bool,
    first_collect_min: u8,
    chain_continue: bool,
    ace_rule: bool,
    no_collect_11_12: bool,
    two: u64,
    tens: u64,
    aces: u64,
    /// Cards that are never merged with their neighbours.
    special: u64,
    objective: Objective,
    /// 0/1 kind code for the table context.
    kind: u32,
}

/// The state that changes with every move (copied on a stack for undo).
#[derive(Copy, Clone, Debug, Default)]
struct Dyn {
    hands: [u64; 4],
    /// The union of `hands` (kept as cards move).
    rem: u64,
    /// The cards of the current trick, as a set.
    tbits: u64,
    trick: [u8; 4],
    played: u8,
    /// Index in the trick of the card winning it so far (kept as cards are
    /// played; meaningless while the trick is empty).
    win: u8,
    leader: u8,
    trump: u8,
    /// First trick number whose completion may collect ([`NEVER`]: not yet).
    gate_from: u8,
    /// Number of the current trick (1-based).
    trick_no: u8,
    hidden: bool,
    reveal_pending: bool,
    must_trump: bool,
    heap_tricks: u8,
    heap_tens: u8,
    prev: u8,
    last_ace: bool,
    /// Kot objectives: the result is known (nothing more to win).
    done: bool,
    /// `WinNext`: tricks still to win in a row.
    need: u8,
}

/// Court Piece / Rang trick play as a [`TrickGame`].
#[derive(Clone, Debug)]
pub struct RangGame {
    r: Rules,
    d: Dyn,
    side: [Side; 4],
    boss: u8,
    indicator: u8,
    stack: Vec<Dyn>,
}

#[inline]
fn suit_bits(s: u8) -> u64 {
    0x1FFFu64 << (16 * s as u32)
}

impl RangGame {
    /// The game of a state in trick play, counted for `player`'s side.
    pub fn new(s: &HokmState, player: usize, objective: Objective) -> Result<RangGame> {
        let cfg = s.config();
        if cfg.players != 4 {
            return Err(Error::State(format!(
                "the Court Piece objectives are for four seats, not {}",
                cfg.preset.name()
            )));
        }
        if s.phase != Phase::Play {
            return Err(Error::State(format!(
                "double-dummy analysis needs a state in trick play; this one is in phase {}",
                s.phase.name()
            )));
        }
        if player >= 4 {
            return Err(Error::State(format!("bad player {} (seats 0..3)", player)));
        }
        if s.undealt.iter().any(|u| !u.is_empty()) {
            return Err(Error::State(
                "trump_mode=first_void_5: the rest of the deal is a chance event; double-dummy analysis starts once every card is dealt (after the trick that fixes trumps)".into(),
            ));
        }
        let pack = &cfg.pack;
        let mask = |face: u8| -> u64 {
            pack.cards()
                .iter()
                .filter(|&&c| pack.face(c) == face)
                .fold(0u64, |a, c| a | 1u64 << c.0)
        };
        let two = if cfg.satat {
            1u64 << super::satat::two_hearts(pack).0
        } else {
            0
        };
        let dehla = cfg.scoring == Scoring::Dehla;
        let tens = mask(b'T');
        let aces = mask(b'A');
        let mut special = two;
        if dehla {
            special |= tens;
        }
        if cfg.ace_rule {
            special |= aces;
        }
        let r = Rules {
            heap: cfg.heap,
            dehla,
            satat: cfg.satat,
            first_void: cfg.first_void.unwrap_or(0),
            hidden_call: cfg.hidden_call,
            hidden_card: cfg.hidden_card,
            first_collect_min: cfg.first_collect_min,
            chain_continue: cfg.chain_continue,
            ace_rule: cfg.ace_rule,
            no_collect_11_12: cfg.no_collect_11_12,
            two,
            tens,
            aces,
            special,
            objective,
            kind: match objective {
                Objective::Value => 0,
                Objective::CollectAll => 1,
                Objective::WinNext(_) => 2,
            },
        };
        let hidden = s.hidden.trump_hidden;
        let gate_from = if cfg.hidden_call {
            s.trump_fixed_at.unwrap_or(NEVER)
        } else {
            match (r.first_void, s.trump_fixed_at) {
                (0, _) => 0,
                (_, None) => NEVER,
                (5, Some(k)) => k,
                (_, Some(k)) => k + 1,
            }
        };
        let mut hands = [0u64; 4];
        for (h, c) in hands.iter_mut().zip(s.hands.iter()) {
            *h = c.bits() as u64;
        }
        let mut trick = [0u8; 4];
        for (t, c) in trick.iter_mut().zip(s.trick[..s.trick_len].iter()) {
            *t = c.0;
        }
        let heap = s.heap;
        let side = std::array::from_fn(|seat| u8::from(seat % 2 != player % 2));
        let mut d = Dyn {
            hands,
            rem: hands.iter().fold(0, |a, h| a | h),
            tbits: trick[..s.trick_len].iter().fold(0, |a, &c| a | 1u64 << c),
            trick,
            played: s.trick_len as u8,
            win: 0,
            leader: s.leader as u8,
            trump: s.trump.unwrap_or(NONE),
            gate_from,
            trick_no: s.tricks_played + 1,
            hidden,
            reveal_pending: s.hidden.reveal_pending,
            must_trump: s.dab.must_trump,
            heap_tricks: heap.tricks,
            heap_tens: heap.tens,
            prev: heap.prev.unwrap_or(NONE),
            last_ace: heap.last_ace,
            done: false,
            need: 0,
        };
        if !r.heap {
            // Tricks left: the leader's cards (his indicator aside included),
            // plus the current trick when he has played to it.
            let aside = u8::from(hidden && s.leader == s.hakem && s.hidden.indicator.is_some());
            let left = s.hands[s.leader].len() as u8 + aside + u8::from(s.trick_len > 0);
            d.trick_no = 14 - left;
        }
        let mine = player % 2;
        match objective {
            Objective::Value => {}
            Objective::CollectAll => {
                if !r.heap {
                    return Err(Error::State(
                        "collecting all tricks is a heap-preset question".into(),
                    ));
                }
                // Already out of reach when the other side holds what counts.
                let lost = if dehla {
                    heap.tens_collected[1 - mine] > 0
                } else {
                    heap.collected[1 - mine] > 0
                };
                d.done = lost;
            }
            Objective::WinNext(k) => {
                d.need = k;
                d.done = k == 0;
            }
        }
        let mut g = RangGame {
            r,
            d,
            side,
            boss: s.hakem as u8,
            indicator: s.hidden.indicator.map_or(NO_CARD, |c| c.0),
            stack: Vec::with_capacity(64),
        };
        if g.d.played > 0 {
            g.d.win = g.winner_of(g.d.played as usize) as u8;
        }
        Ok(g)
    }

    #[inline]
    fn rem_cards(&self) -> u64 {
        debug_assert_eq!(self.d.rem, self.d.hands.iter().fold(0, |a, h| a | h));
        self.d.rem
    }

    #[inline]
    fn trick_bits(&self) -> u64 {
        debug_assert_eq!(
            self.d.tbits,
            self.d.trick[..self.d.played as usize]
                .iter()
                .fold(0, |a, &c| a | 1u64 << c)
        );
        self.d.tbits
    }

    /// The cards out of play for collapsing purposes: hands, trick, and the
    /// indicator while it lies aside.
    #[inline]
    fn in_play(&self) -> u64 {
        let mut x = self.rem_cards() | self.trick_bits();
        if self.d.hidden && self.indicator != NO_CARD {
            x |= 1u64 << self.indicator;
        }
        x
    }

    /// Effective suit of a card (2H is a trump in Satat).
    #[inline]
    fn eff(&self, c: u8) -> u8 {
        if self.r.satat && (1u64 << c) == self.r.two {
            if self.d.trump == NONE {
                1
            } else {
                self.d.trump
            }
        } else {
            c >> 4
        }
    }

    /// The cards of effective suit `s`.
    #[inline]
    fn eff_bits(&self, s: u8) -> u64 {
        if !self.r.satat {
            return suit_bits(s);
        }
        if s == self.d.trump {
            suit_bits(s) | self.r.two
        } else {
            suit_bits(s) & !self.r.two
        }
    }

    /// The hand the mover may play from (the indicator when it is the boss's
    /// last card).
    #[inline]
    fn playable_hand(&self, seat: usize) -> u64 {
        let h = self.d.hands[seat];
        if h == 0 && self.d.hidden && seat == self.boss as usize && self.indicator != NO_CARD {
            1u64 << self.indicator
        } else {
            h
        }
    }

    /// The legal cards of the player to move (the engine's rules).
    fn legal(&self) -> u64 {
        let seat = self.mover();
        let hand = self.playable_hand(seat);
        if self.d.must_trump {
            let t = hand & suit_bits(self.d.trump);
            return if t == 0 { hand } else { t };
        }
        if self.d.played == 0 {
            return hand;
        }
        let led = self.d.trick[0];
        if self.r.satat {
            if self.d.hidden && (1u64 << led) == self.r.two {
                return hand;
            }
            let l = self.eff(led);
            let f = hand & self.eff_bits(l);
            if l != self.d.trump {
                if f == 0 {
                    hand
                } else {
                    f | (hand & self.r.two)
                }
            } else if f & !self.r.two == 0 {
                hand
            } else {
                f
            }
        } else {
            let f = hand & suit_bits(led >> 4);
            if f == 0 {
                hand
            } else {
                f
            }
        }
    }

    #[inline]
    fn mover(&self) -> usize {
        (self.d.leader as usize + self.d.played as usize) % 4
    }

    /// May the mover call cut (Dab Rang, §6.5)?
    fn may_call(&self) -> bool {
        if !(self.r.hidden_call && self.d.hidden && self.d.played > 0) {
            return false;
        }
        let p = self.mover();
        self.opposes_boss(p) && self.d.hands[p] & suit_bits(self.d.trick[0] >> 4) == 0
    }

    /// True when `p` opposes the boss.
    #[inline]
    fn opposes_boss(&self, p: usize) -> bool {
        p % 2 != self.boss as usize % 2
    }

    /// The trump in force for deciding a trick.
    #[inline]
    fn trump_now(&self) -> u8 {
        if self.r.hidden_call && self.d.hidden {
            NONE
        } else {
            self.d.trump
        }
    }

    /// Index in the trick of the winning card among the first `n` cards.
    fn winner_of(&self, n: usize) -> usize {
        let t = &self.d.trick[..n];
        if self.r.satat {
            if let Some(i) = t.iter().position(|&c| (1u64 << c) == self.r.two) {
                return i;
            }
        }
        let trump = self.trump_now();
        let mut best = 0;
        for i in 1..n {
            let (c, b) = (t[i], t[best]);
            let beats = if c >> 4 == b >> 4 {
                c > b
            } else {
                c >> 4 == trump
            };
            if beats {
                best = i;
            }
        }
        best
    }

    /// Value still to be won: tricks left plus the heap (tens weighted in
    /// Dehla Pakad), or 0/1 for the kot objectives.
    fn total_left(&self) -> u32 {
        if self.r.objective != Objective::Value {
            return u32::from(!self.d.done);
        }
        // Tricks not yet completed (the current one included); `trick_no`
        // reaches 14 once the last trick is over.
        let left = 14u32.saturating_sub(self.d.trick_no as u32);
        let tricks = left + self.d.heap_tricks as u32;
        if !self.r.heap {
            return left;
        }
        if self.r.dehla {
            let out = self.in_play() & self.r.tens;
            let tens = out.count_ones() + self.d.heap_tens as u32;
            tricks + DEHLA_TEN * tens
        } else {
            tricks
        }
    }

    fn do_call(&mut self) {
        // The indicator joins the boss's hand; trumps are public; the trick
        // is decided under trumps; the caller must trump if he can.
        if self.indicator != NO_CARD {
            self.d.hands[self.boss as usize] |= 1u64 << self.indicator;
            self.d.rem |= 1u64 << self.indicator;
        }
        self.d.hidden = false;
        if self.d.gate_from == NEVER {
            self.d.gate_from = self.d.trick_no;
        }
        self.d.must_trump = true;
        self.update_win(true);
    }

    /// Keeps [`Dyn::win`] up to date after a card joined the trick: the new
    /// card against the winner so far, or the whole trick again when the
    /// trump in force changed during the trick (`full`: a reveal).
    #[inline]
    fn update_win(&mut self, full: bool) {
        let n = self.d.played as usize;
        if n <= 1 {
            self.d.win = 0;
            return;
        }
        if full {
            self.d.win = self.winner_of(n) as u8;
            return;
        }
        let (c, b) = (self.d.trick[n - 1], self.d.trick[self.d.win as usize]);
        let beats = if self.r.satat && (1u64 << c) == self.r.two {
            true
        } else if self.r.satat && (1u64 << b) == self.r.two {
            false
        } else if c >> 4 == b >> 4 {
            c > b
        } else {
            c >> 4 == self.trump_now()
        };
        if beats {
            self.d.win = (n - 1) as u8;
        }
    }

    fn end_trick(&mut self) -> TrickWon<u64> {
        let off = self.d.win as usize;
        debug_assert_eq!(off, self.winner_of(4));
        let win_card = self.d.trick[off];
        // The winner's rank decided the trick when it beat a card of its own
        // suit (2H wins by identity, which the key keeps exactly).
        let decided = if (1u64 << win_card) & self.r.two == 0
            && self
                .d
                .trick
                .iter()
                .filter(|&&c| c >> 4 == win_card >> 4)
                .count()
                >= 2
        {
            1u64 << win_card
        } else {
            0
        };
        let w = (self.d.leader as usize + off) % 4;
        let tb = self.trick_bits();
        self.d.played = 0;
        self.d.tbits = 0;
        self.d.leader = w as u8;
        if std::mem::take(&mut self.d.reveal_pending) {
            if self.indicator != NO_CARD && self.d.hidden {
                self.d.hands[self.boss as usize] |= 1u64 << self.indicator;
                self.d.rem |= 1u64 << self.indicator;
            }
            self.d.hidden = false;
        }
        let t = self.d.trick_no;
        self.d.trick_no += 1;
        let last = self.rem_cards() == 0;
        let ws = self.side[w];
        let mut value = 0u32;
        let mut collected: Option<(u32, u32)> = None;
        if self.r.heap {
            self.d.heap_tricks += 1;
            self.d.heap_tens += (tb & self.r.tens).count_ones() as u8;
            let ace = (1u64 << win_card) & self.r.aces != 0;
            let gate = self.d.gate_from != NEVER && t >= self.d.gate_from;
            if last {
                collected = Some((self.d.heap_tricks as u32, self.d.heap_tens as u32));
                self.d.prev = NONE;
            } else {
                let pair = self.d.prev == w as u8;
                let aces_pair = self.r.ace_rule && pair && ace && self.d.last_ace;
                let allowed =
                    t >= self.r.first_collect_min && gate && !(self.r.no_collect_11_12 && t == 12);
                if pair && allowed && !aces_pair {
                    collected = Some((self.d.heap_tricks as u32, self.d.heap_tens as u32));
                    self.d.prev = if self.r.chain_continue { w as u8 } else { NONE };
                } else {
                    self.d.prev = if aces_pair { NONE } else { w as u8 };
                }
            }
            self.d.last_ace = ace;
            if collected.is_some() {
                self.d.heap_tricks = 0;
                self.d.heap_tens = 0;
            }
        }
        match self.r.objective {
            Objective::Value => {
                if !self.r.heap {
                    value = 1;
                } else if let Some((tr, te)) = collected {
                    value = tr + if self.r.dehla { DEHLA_TEN * te } else { 0 };
                }
            }
            Objective::CollectAll => {
                if !self.d.done {
                    if let Some((_, te)) = collected {
                        // The other side scores as soon as it collects what
                        // counts; the goal side once nothing counting is left.
                        let goal_side = ws == 0;
                        let decided = if self.r.dehla {
                            if goal_side {
                                self.in_play() & self.r.tens == 0
                            } else {
                                te > 0
                            }
                        } else {
                            !goal_side || last
                        };
                        if decided {
                            value = 1;
                            self.d.done = true;
                        }
                    }
                }
            }
            Objective::WinNext(_) => {
                if !self.d.done {
                    if ws != 0 {
                        value = 1;
                        self.d.done = true;
                    } else {
                        self.d.need -= 1;
                        if self.d.need == 0 {
                            value = 1;
                            self.d.done = true;
                        }
                    }
                }
            }
        }
        TrickWon {
            seat: w as u8,
            value,
            rest: 0,
            decided,
        }
    }

    /// The seat that is winning the current trick so far, with its card.
    fn winning_so_far(&self) -> Option<(usize, u8)> {
        if self.d.played == 0 {
            return None;
        }
        let i = self.d.win as usize;
        debug_assert_eq!(i, self.winner_of(self.d.played as usize));
        Some(((self.d.leader as usize + i) % 4, self.d.trick[i]))
    }

    /// Would card `c` beat `best` right now?
    fn beats(&self, c: u8, best: u8) -> bool {
        if self.r.satat {
            if (1u64 << c) == self.r.two {
                return true;
            }
            if (1u64 << best) == self.r.two {
                return false;
            }
        }
        let trump = if self.d.trump == NONE && self.r.first_void != 0 {
            // Unfixed: a void player's card becomes the trump.
            c >> 4
        } else {
            self.trump_now()
        };
        if c >> 4 == best >> 4 {
            c > best
        } else {
            c >> 4 == trump
        }
    }

    /// A lower bound, at a trick start, on what the side on lead collects:
    /// the leader's run of top trumps wins tricks one after another whatever
    /// the others do; the heap rules say what those wins collect (tens the
    /// others might add are not counted). Returns the bound and the cards it
    /// relies on.
    pub(crate) fn run_lower(&self) -> Option<(u32, u64)> {
        let d = &self.d;
        if !self.r.heap
            || self.r.objective != Objective::Value
            || d.trump == NONE
            || d.hidden
            || self.rem_cards() & self.r.two != 0
        {
            return None;
        }
        let l = d.leader;
        let trumps = self.rem_cards() & suit_bits(d.trump);
        let mine = d.hands[l as usize] & trumps;
        let mut run = 0u64;
        let mut rest = trumps;
        while rest != 0 {
            let bit = 1u64 << (63 - rest.leading_zeros());
            if mine & bit == 0 {
                break;
            }
            run |= bit;
            rest &= !bit;
        }
        if run == 0 {
            return None;
        }
        let mut seq = [0u8; 13];
        let mut n = 0;
        let mut cards = run;
        while cards != 0 && n < 13 {
            let c = 63 - cards.leading_zeros() as u8;
            cards &= !(1u64 << c);
            seq[n] = c;
            n += 1;
        }
        Some((self.collect_run(&seq[..n]), run))
    }

    /// What the side on lead collects when the leader wins the tricks of
    /// `cards` one after another, in that order, from this trick on (the
    /// heap rules, gates and `ace_rule` applied to each win; tens the others
    /// might add are not counted).
    fn collect_run(&self, cards: &[u8]) -> u32 {
        let d = &self.d;
        let l = d.leader;
        let (mut heap, mut tens) = (d.heap_tricks as u32, d.heap_tens as u32);
        let (mut prev, mut last_ace) = (d.prev, d.last_ace);
        let mut value = 0u32;
        for (t, &c) in (d.trick_no..).zip(cards) {
            let bit = 1u64 << c;
            heap += 1;
            if self.r.dehla && bit & self.r.tens != 0 {
                tens += 1;
            }
            let ace = bit & self.r.aces != 0;
            let collect = if t >= 13 {
                true
            } else {
                let pair = prev == l;
                let aces_pair = self.r.ace_rule && pair && ace && last_ace;
                let gate = d.gate_from != NEVER && t >= d.gate_from;
                let allowed =
                    t >= self.r.first_collect_min && gate && !(self.r.no_collect_11_12 && t == 12);
                if pair && allowed && !aces_pair {
                    prev = if self.r.chain_continue { l } else { NONE };
                    true
                } else {
                    prev = if aces_pair { NONE } else { l };
                    false
                }
            };
            last_ace = ace;
            if collect {
                value += heap + if self.r.dehla { DEHLA_TEN * tens } else { 0 };
                heap = 0;
                tens = 0;
            }
        }
        value
    }

    /// Heap bounds at a trick start (`Switches::heap_bounds`), for the side
    /// on lead: the exact value of the last trick, which plays itself (its
    /// winner's side takes all that is left); before it, a lower bound from
    /// the tricks the leader surely wins one after another: his run of top
    /// trumps and then, once that run has drawn every other hand's trumps
    /// (or without trumps), his runs of top cards in the other suits.
    /// The run stops at its shortest start that collects `target`, so that
    /// the bound relies on as few ranks as it needs. Returns `(lower,
    /// lower_by, upper, upper_by)`, or `None` when nothing is known beyond
    /// `0..=total_left`.
    pub(crate) fn heap_bounds(&self, target: u32) -> Option<(u32, u64, u32, u64)> {
        let d = &self.d;
        if !self.r.heap
            || self.r.objective != Objective::Value
            || d.hidden
            || d.must_trump
            || (d.trump == NONE && self.r.first_void != 0)
        {
            return None;
        }
        let rem = self.rem_cards();
        let l = d.leader as usize;
        if d.hands.iter().all(|h| h.count_ones() == 1) {
            // One card a hand: the trick plays itself.
            let mut best = d.hands[l].trailing_zeros() as u8;
            let mut win = l;
            let mut cards = 1u64 << best;
            for k in 1..4 {
                let seat = (l + k) % 4;
                let c = d.hands[seat].trailing_zeros() as u8;
                cards |= 1u64 << c;
                let beats = if self.r.satat && (1u64 << c) == self.r.two {
                    true
                } else if self.r.satat && (1u64 << best) == self.r.two {
                    false
                } else if c >> 4 == best >> 4 {
                    c > best
                } else {
                    c >> 4 == d.trump
                };
                if beats {
                    best = c;
                    win = seat;
                }
            }
            let by = if (cards & suit_bits(best >> 4)).count_ones() >= 2 {
                1u64 << best
            } else {
                0
            };
            let v = if self.side[win] == self.side[l] {
                self.total_left()
            } else {
                0
            };
            return Some((v, by, v, by));
        }
        if rem & self.r.two != 0 {
            return None;
        }
        let mine = d.hands[l];
        let mut seq = [0u8; 13];
        let mut n = 0;
        let mut by = 0u64;
        // Top cards of suit `s` held by the leader, from the top, into `seq`.
        let run = |s: u8, seq: &mut [u8; 13], n: &mut usize, by: &mut u64| -> u32 {
            let mut rest = rem & suit_bits(s);
            let mut k = 0;
            while rest != 0 {
                let bit = 1u64 << (63 - rest.leading_zeros());
                if mine & bit == 0 || *n >= 13 {
                    break;
                }
                seq[*n] = bit.trailing_zeros() as u8;
                *n += 1;
                *by |= bit;
                rest &= !bit;
                k += 1;
            }
            k
        };
        let drawn = if d.trump == NONE {
            true
        } else {
            let k = run(d.trump, &mut seq, &mut n, &mut by);
            let tm = suit_bits(d.trump);
            (0..4).all(|p| p == l || (d.hands[p] & tm).count_ones() <= k)
        };
        if drawn {
            for s in 0..4u8 {
                if s != d.trump {
                    run(s, &mut seq, &mut n, &mut by);
                }
            }
        }
        if n == 0 {
            return None;
        }
        let v = self.collect_run(&seq[..n]);
        if v >= target {
            // The shortest start of the run that is enough.
            let mut by = 0u64;
            for k in 1..=n {
                let part = self.collect_run(&seq[..k]);
                if part >= target {
                    // (The trumps come first: a start that reaches the
                    // other suits holds the whole run that draws them.)
                    for &c in &seq[..k] {
                        by |= 1u64 << c;
                    }
                    return Some((part, by, self.total_left(), 0));
                }
            }
        }
        Some((v, by, self.total_left(), 0))
    }

    /// Relative-rank keys (and partition search) apply unless an
    /// indicator lies aside (its rank among the cards out would be lost).
    #[inline]
    fn relative(&self) -> bool {
        !(self.d.hidden && self.indicator != NO_CARD)
    }

    /// Where the cards whose identity counts stand among the cards out (12
    /// bits each): first, per suit, how many cards out rank above its ten
    /// (7: the ten is gone; Dehla Pakad); then whether each ace is out
    /// (`ace_rule`) and whether 2H is out (Satat).
    fn special_code(&self) -> (u64, u64) {
        let rem = self.rem_cards();
        let (mut c0, mut c1) = (0u64, 0u64);
        if self.r.dehla {
            for s in 0..4u8 {
                let t = self.r.tens & suit_bits(s);
                let v = if rem & t == 0 {
                    7
                } else {
                    (rem & suit_bits(s) & !((t << 1) - 1)).count_ones() as u64
                };
                c0 |= v << (3 * s);
            }
        }
        if self.r.ace_rule {
            for s in 0..4u8 {
                c1 |= u64::from(rem & self.r.aces & suit_bits(s) != 0) << s;
            }
        }
        if rem & self.r.two != 0 {
            c1 |= 1 << 4;
        }
        (c0, c1)
    }

    fn weight(&self, c: u8) -> i16 {
        let rank = (c & 15) as i16;
        // Dehla Pakad: a ten goes to a partner's trick, never to an
        // opponent's.
        let ten = self.r.dehla && (1u64 << c) & self.r.tens != 0;
        match self.winning_so_far() {
            None => rank,
            Some((seat, best)) => {
                let partner_wins = self.side[seat] == self.side[self.mover()];
                let wins = self.beats(c, best);
                if partner_wins {
                    if ten {
                        60
                    } else {
                        -rank
                    }
                } else if wins {
                    100 - rank
                } else if ten {
                    -60
                } else {
                    -rank
                }
            }
        }
    }
}

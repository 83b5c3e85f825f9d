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

mod bounds;
mod build;
mod solve;
mod trick_game;
mod tricks;

pub use solve::DdAnswer;

use crate::solve::game::Side;

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
    /// `Switches::tens_owners` of the search (noted by `tt_key_heap`, which
    /// every table probe calls before the pattern mask is asked for).
    tens_owners: std::cell::Cell<bool>,
}

#[inline]
fn suit_bits(s: u8) -> u64 {
    0x1FFFu64 << (16 * s as u32)
}

impl RangGame {
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

    /// Relative-rank keys (and partition search) apply unless an
    /// indicator lies aside (its rank among the cards out would be lost).
    #[inline]
    fn relative(&self) -> bool {
        !(self.d.hidden && self.indicator != NO_CARD)
    }

    /// Where the cards whose identity counts stand among the cards out (12
    /// bits each): first, per suit, how many cards out rank above its ten
    /// (7: the ten is gone; Dehla Pakad); then whether each ace is out
    /// (`ace_rule`), whether 2H is out (Satat). With
    /// [`RangGame::loose_tens`] the count above each ten is a thermometer
    /// instead (bit `j - 1` of a suit: at least `j` cards out above its
    /// ten; `j` = 1..3 in the first code, three bits a suit, `j` = 4 in
    /// bits 0..4 of the second), so that a pattern may ask only "at least
    /// `k` above", and the second code holds the seat of each ten still out
    /// (two bits a suit from bit 4); whether each ten is out goes in the
    /// key's context ([`RangGame::tens_out`]).
    fn special_code(&self) -> (u64, u64) {
        let rem = self.rem_cards();
        let (mut c0, mut c1) = (0u64, 0u64);
        if self.loose_tens() {
            for s in 0..4u8 {
                let t = self.r.tens & suit_bits(s);
                if rem & t == 0 {
                    continue;
                }
                let above = (rem & suit_bits(s) & !((t << 1) - 1)).count_ones();
                c0 |= ((1u64 << above.min(3)) - 1) << (3 * s);
                c1 |= u64::from(above >= 4) << s;
                if let Some(seat) = self.d.hands.iter().position(|&h| h & t != 0) {
                    c1 |= (seat as u64) << (4 + 2 * s);
                }
            }
            return (c0, c1);
        }
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

    /// Which tens are still out, one bit a suit (for the key's context
    /// under [`RangGame::loose_tens`]).
    #[inline]
    fn tens_out(&self) -> u32 {
        let rem = self.rem_cards();
        (0..4u8).fold(0, |acc, s| {
            acc | u32::from(rem & self.r.tens & suit_bits(s) != 0) << s
        })
    }

    /// Whether the table's patterns may keep a Dehla ten by its owner alone
    /// (`Switches::tens_owners`; not with `ace_rule` or Satat's 2H, whose
    /// codes take the bits the tens' owners would).
    #[inline]
    fn loose_tens(&self) -> bool {
        self.r.dehla && !self.r.ace_rule && self.r.two == 0 && self.tens_owners.get()
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

//! Deciding tricks in a [`RangGame`]: the cut call, the card winning so far,
//! which card beats which (Satat's 2H, a hidden or unfixed trump), and the
//! end of a trick with its collection and value.

use super::{suit_bits, Objective, RangGame, DEHLA_TEN, NEVER, NONE, NO_CARD};
use crate::solve::game::TrickWon;

impl RangGame {
    pub(super) fn do_call(&mut self) {
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
    pub(super) fn update_win(&mut self, full: bool) {
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

    pub(super) fn end_trick(&mut self) -> TrickWon<u64> {
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
    pub(super) fn winning_so_far(&self) -> Option<(usize, u8)> {
        if self.d.played == 0 {
            return None;
        }
        let i = self.d.win as usize;
        debug_assert_eq!(i, self.winner_of(self.d.played as usize));
        Some(((self.d.leader as usize + i) % 4, self.d.trick[i]))
    }

    /// Would card `c` beat `best` right now?
    pub(super) fn beats(&self, c: u8, best: u8) -> bool {
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
}

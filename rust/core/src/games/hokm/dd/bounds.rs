//! Cheap bounds at a trick start for the heap presets: what the side on
//! lead collects when the leader wins a run of top cards (the heap rules,
//! gates and `ace_rule` applied to each win).

use super::{suit_bits, Objective, RangGame, DEHLA_TEN, NEVER, NONE};

impl RangGame {
    /// What the side on lead collects when the leader wins the tricks of
    /// `cards` one after another, in that order, from this trick on (the
    /// heap rules, gates and `ace_rule` applied to each win; tens the others
    /// might add are not counted).
    pub(super) fn collect_run(&self, cards: &[u8]) -> u32 {
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
    /// `0..=total_left`. With `cash` (`Switches::heap_cash`) the top cards
    /// of the side suits count before the trumps are drawn too: each suit
    /// for as many rounds as every hand still holding trumps after the
    /// leader's trump run follows it (a hand with no trump left cannot
    /// ruff, and one that follows keeps its other suits).
    pub(crate) fn heap_bounds(&self, target: u32, cash: bool) -> Option<(u32, u64, u32, u64)> {
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
            if cash {
                // The hands still holding trumps after the run (each followed
                // it with one a trick) follow the side suits' top cards as
                // long as they hold the suit; the others cannot ruff.
                let mut short = [13u32; 4];
                for p in (0..4).filter(|&p| p != l) {
                    if (d.hands[p] & tm).count_ones() > k {
                        for (s, x) in short.iter_mut().enumerate() {
                            *x = (*x).min((d.hands[p] & suit_bits(s as u8)).count_ones());
                        }
                    }
                }
                for s in (0..4u8).filter(|&s| s != d.trump) {
                    let before = n;
                    run(s, &mut seq, &mut n, &mut by);
                    let keep = (n - before).min(short[s as usize] as usize);
                    for &c in &seq[before + keep..n] {
                        by &= !(1u64 << c);
                    }
                    n = before + keep;
                }
                false
            } else {
                (0..4).all(|p| p == l || (d.hands[p] & tm).count_ones() <= k)
            }
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

    /// What a side surely takes at the last trick (`Switches::heap_last`):
    /// the side on lead's (`ours`) or the other's, with the cards it relies
    /// on. A hand of that side holds the top trump and at least as many
    /// other trumps as the other three hands together, so that no trump
    /// lead forces the top one out early: it wins the last trick, and the
    /// last trick's winner takes the heap (the last trick at least, and
    /// trick 12 as well where trick 12 never collects). In Dehla Pakad the
    /// top trump may be a ten, and the partner adds a ten of another suit
    /// it keeps to the last trick (it holds at least as many other cards
    /// of that suit as the other three hands together). With `max_lead`
    /// (`Switches::last_max`) the hand needs more trumps than the other
    /// side's longer trump holding and its partner's together only: the
    /// other side's trump leads take a trump from each of its hands holding
    /// one, and the partner leads one only when it has nothing else, so the
    /// hand can follow each lead with a lower trump. `None` when no
    /// such hand is found or the rules (hidden trumps, a forced trump,
    /// Satat's 2H, no trump yet) leave it unsure.
    pub(crate) fn last_trick_sure(&self, ours: bool, max_lead: bool) -> Option<(u32, u64)> {
        let d = &self.d;
        if !self.r.heap
            || self.r.objective != Objective::Value
            || d.hidden
            || d.must_trump
            || d.trump == NONE
            || d.played != 0
            || d.trick_no >= 13
        {
            return None;
        }
        let rem = self.rem_cards();
        if rem & self.r.two != 0 {
            return None;
        }
        let tm = suit_bits(d.trump);
        let trumps = rem & tm;
        if trumps == 0 {
            return None;
        }
        let top = 1u64 << (63 - trumps.leading_zeros());
        let p = d.hands.iter().position(|&h| h & top != 0)?;
        if (self.side[p] == self.side[d.leader as usize]) != ours {
            return None;
        }
        let mine = (d.hands[p] & tm).count_ones();
        let others = if max_lead {
            // The other side's trump leads take a trump of each of its
            // hands holding one: they are at most its longer holding;
            // the partner leads one only when it holds nothing else.
            let q = (d.hands[(p + 2) % 4] & tm).count_ones();
            let a = (d.hands[(p + 1) % 4] & tm).count_ones();
            let b = (d.hands[(p + 3) % 4] & tm).count_ones();
            a.max(b) + q
        } else {
            trumps.count_ones() - mine
        };
        if mine <= others {
            return None;
        }
        let mut sure = 1u32;
        let mut by = top;
        if self.r.no_collect_11_12 && d.trick_no <= 12 {
            // Trick 12 never collects: its tricks lie in the last heap too.
            sure += 1;
        }
        if self.r.dehla {
            if top & self.r.tens != 0 {
                sure += DEHLA_TEN;
            }
            let q = d.hands[(p + 2) % 4];
            let mut tens = q & self.r.tens & !tm;
            while tens != 0 {
                let x = tens & tens.wrapping_neg();
                tens &= tens - 1;
                let s = suit_bits(x.trailing_zeros() as u8 / 16);
                let held = (q & s).count_ones();
                if held > (rem & s).count_ones() - held {
                    sure += DEHLA_TEN;
                    by |= x;
                    break;
                }
            }
        }
        Some((sure, by))
    }

    /// What a side surely collects from a run of top trumps in one hand
    /// (`Switches::heap_pairs`): the hand holding the top trump holds the
    /// next `k - 1` as well. Whenever it first plays one of them it plays
    /// the top one and wins; it then leads the next top trump after each
    /// win, so it wins `k` tricks in a row (the first of them by trick
    /// `14 - k` at the latest: its last `k` cards are those trumps). Each
    /// two of those wins collect at least two tricks (the heap then holds
    /// both, or the first collects a heap of two with the trick before, won
    /// by the same hand), so its side collects at least `2 * (k / 2)`.
    /// Returns `(side is the side on lead, sure, the run)`, or `None`
    /// where the rules could break a pair (`ace_rule`, `no_collect_11_12`,
    /// a closed gate, a first collection not yet allowed at the next
    /// trick, hidden or no trumps, Satat's 2H).
    pub(crate) fn top_trump_pairs(&self) -> Option<(bool, u32, u64)> {
        let d = &self.d;
        if !self.r.heap
            || self.r.objective != Objective::Value
            || self.r.ace_rule
            || self.r.no_collect_11_12
            || d.hidden
            || d.must_trump
            || d.trump == NONE
            || d.played != 0
            || d.gate_from == NEVER
            || d.gate_from > d.trick_no
            || d.trick_no + 1 < self.r.first_collect_min
            || d.trick_no >= 13
        {
            return None;
        }
        let rem = self.rem_cards();
        if rem & self.r.two != 0 {
            return None;
        }
        let mut trumps = rem & suit_bits(d.trump);
        if trumps == 0 {
            return None;
        }
        let top = 1u64 << (63 - trumps.leading_zeros());
        let p = d.hands.iter().position(|&h| h & top != 0)?;
        let mine = d.hands[p];
        let (mut k, mut by) = (0u32, 0u64);
        while trumps != 0 {
            let bit = 1u64 << (63 - trumps.leading_zeros());
            if mine & bit == 0 {
                break;
            }
            k += 1;
            by |= bit;
            trumps &= !bit;
        }
        if k < 2 {
            return None;
        }
        let ours = self.side[p] == self.side[d.leader as usize];
        Some((ours, 2 * (k / 2), by))
    }
}

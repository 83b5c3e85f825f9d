//! Cheap bounds at a trick start for whist: fast tricks for the side on lead
//! (top winners of the leader and of a partner reached by an entry, top and
//! long trumps) and sure tricks for the other side (top and long trumps; in
//! no trump the tops of every suit the leader must lead).
//!
//! Every bound comes with the cards whose ranks it relies on, so the
//! transposition table stays exact under partition search; lengths are part of
//! the table key and need no ranks. The counting rules follow the ideas of
//! Chen's bridge-solver (fast tricks with a partner entry), rewritten here for
//! 2, 3 and 4 players.

use super::bits::{bottom_bit, len, top_bit};
use super::game::{LeadBounds, Side, Switches, TrickGame};
use super::whist::{suit_bits, Whist, NO_TRUMP};

/// The `n` highest cards of a one-suit set.
#[inline]
fn keep_top(mut x: u64, n: u32) -> u64 {
    let mut out = 0;
    for _ in 0..n {
        let t = top_bit(x);
        if t == 0 {
            break;
        }
        out |= t;
        x ^= t;
    }
    out
}

/// The card a hand throws when it does not follow: the lowest of its
/// longest non-trump suit (its lowest trump when it holds nothing else).
fn throw_card(hand: u64, tm: u64) -> u64 {
    let mut best = 0u64;
    let mut best_len = 0;
    for s in 0..4u8 {
        let x = hand & suit_bits(s) & !tm;
        if len(x) > best_len {
            best_len = len(x);
            best = x;
        }
    }
    if best == 0 {
        bottom_bit(hand)
    } else {
        bottom_bit(best)
    }
}

/// Who surely wins the current trick: the cards whose ranks that relies
/// on, the winning seat if the side can make sure which seat it is, and
/// the card that seat still has to play to win (0 when it has played).
struct SureWin {
    by: u64,
    seat: Option<usize>,
    card: u64,
}

/// The hands of one side seen from the leader.
#[derive(Copy, Clone)]
struct Sides {
    me: u64,
    /// The partner's hand (0 without one).
    pd: u64,
    /// The opponents' hands (up to two; 0 for a missing one).
    opp: [u64; 2],
}

impl<const N: usize> Whist<N> {
    /// Bounds for the side on lead (see [`LeadBounds`]), stopping early once
    /// one of them decides whether the side on lead wins `target`.
    pub(crate) fn bounds(&self, sw: &Switches, target: u32) -> LeadBounds<u64> {
        let rem = self.tricks_left as u32;
        let lead = self.leader as usize;
        let mut b = LeadBounds {
            lower: 0,
            lower_by: 0,
            upper: rem,
            upper_by: 0,
        };
        if rem == 1 {
            // The last trick plays itself.
            let mut best = self.hands[lead].trailing_zeros() as u8;
            let mut win = lead;
            let mut cards = 1u64 << best;
            for k in 1..N {
                let seat = (lead + k) % N;
                let c = self.hands[seat].trailing_zeros() as u8;
                cards |= 1u64 << c;
                if self.beats(c, best) {
                    best = c;
                    win = seat;
                }
            }
            let by = if len(cards & suit_bits(best >> 4)) >= 2 {
                1u64 << best
            } else {
                0
            };
            let v = u32::from(self.side[win] == self.side[lead]);
            return LeadBounds {
                lower: v,
                lower_by: by,
                upper: v,
                upper_by: by,
            };
        }
        // Up to one partner and two opponents for the leader.
        let mut pd = 0u64;
        let mut opp = [0u64; 2];
        let mut n_opp = 0;
        let mut n_pd = 0;
        for k in 1..N {
            let seat = (lead + k) % N;
            if self.side[seat] == self.side[lead] {
                pd = self.hands[seat];
                n_pd += 1;
            } else if n_opp < 2 {
                opp[n_opp] = self.hands[seat];
                n_opp += 1;
            }
        }
        if n_pd > 1 || N - 1 - n_pd > 2 {
            return b;
        }
        let us = Sides {
            me: self.hands[lead],
            pd,
            opp,
        };
        let with_trumps = self.trump != NO_TRUMP && self.remaining & suit_bits(self.trump) != 0;
        if sw.quick_tricks {
            let (q, by) = self.fast_tricks(&us);
            b.lower = q.min(rem);
            b.lower_by = by;
            if with_trumps {
                let (t, tby) = self.top_trumps(us.me, us.pd);
                let l = self.trump_length_tricks(us.me, us.pd, us.opp);
                let (t, tby) = if l > t { (l, 0) } else { (t, tby) };
                if t > b.lower {
                    b.lower = t.min(rem);
                    b.lower_by = tby;
                }
                if b.lower == 0 && N == 4 {
                    let (t, tby) = self.slow_trumps(us.me, us.pd, us.opp[0], us.opp[1], true);
                    b.lower = t.min(rem);
                    b.lower_by = tby;
                }
            }
        }
        if sw.quick_tricks && b.lower < target {
            let (q, by) = self.cashing_tricks(us.me, us.pd, us.opp, target);
            if q > b.lower {
                b.lower = q.min(rem);
                b.lower_by = by;
            }
        }
        if b.lower >= target {
            return b;
        }
        if sw.sure_tricks {
            // The other side: its "me" is the opponent holding more trumps.
            let (o, oby) = if with_trumps {
                let (t, tby) = self.top_trumps(us.opp[0], us.opp[1]);
                let l = self.trump_length_tricks(us.opp[0], us.opp[1], [us.me, us.pd]);
                if l > t {
                    (l, 0)
                } else {
                    (t, tby)
                }
            } else {
                self.other_nt_tricks(&us)
            };
            let (o, oby) = if o == 0 && with_trumps && N == 4 {
                self.slow_trumps(us.opp[0], us.opp[1], us.pd, us.me, false)
            } else {
                (o, oby)
            };
            if o > 0 {
                b.upper = rem - o.min(rem);
                b.upper_by = oby;
                if b.upper < target {
                    return b;
                }
            }
            let need = (rem + 1).saturating_sub(target);
            if rem - b.upper < need && need > 0 {
                let (d, dby) = self.defence_tricks(us.me, us.pd, us.opp, need);
                if d > rem - b.upper {
                    b.upper = rem - d.min(rem);
                    b.upper_by = dby;
                    if b.upper < target {
                        return b;
                    }
                }
            }
        }
        if !with_trumps && sw.sure_tricks && target >= rem && b.upper >= rem {
            // Without trumps a side takes every trick only by leading every
            // one of them, and a suit whose top card an opponent holds can
            // only be led once he has let that card go, which he never has to
            // do: the tricks are at most the side's longest holdings in the
            // suits where it holds the top card. (Fewer such suits only lower
            // the count, so only the opponents' top cards matter.)
            let ours = us.me | us.pd;
            let mut sum = 0;
            let mut by = 0u64;
            for s in 0..4u8 {
                let sm = suit_bits(s);
                let rest = self.remaining & sm;
                if rest == 0 {
                    continue;
                }
                let top = top_bit(rest);
                if top & ours != 0 {
                    sum += len(us.me & sm).max(len(us.pd & sm));
                } else {
                    let holder = if us.opp[0] & top != 0 {
                        us.opp[0]
                    } else {
                        us.opp[1]
                    };
                    if rest & !holder != 0 {
                        by |= top;
                    }
                }
            }
            if sum < rem {
                b.upper = rem - 1;
                b.upper_by = by;
                return b;
            }
        }
        if !with_trumps && sw.sure_tricks {
            // Without trumps a side wins only with cards of the suit led.
            let mut longest = [0u32; 4];
            for (s, l) in longest.iter_mut().enumerate() {
                let sm = suit_bits(s as u8);
                *l = self.hands.iter().map(|&h| len(h & sm)).max().unwrap_or(0);
            }
            let (u, uby) = self.nt_ceiling(us.me, us.pd, us.opp, &longest);
            if u < b.upper {
                b.upper = u;
                b.upper_by = uby;
            }
            let (u, uby) = self.nt_ceiling(us.opp[0], us.opp[1], [us.me, us.pd], &longest);
            let l = rem.saturating_sub(u);
            if l > b.lower {
                b.lower = l;
                b.lower_by = uby;
            }
        }
        if b.lower > b.upper {
            // Cannot happen for consistent bounds; stay safe.
            b.lower = 0;
            b.upper = rem;
        }
        b
    }

    /// In the middle of a trick: does `side` surely win it, whatever anyone
    /// plays? Returns the cards whose ranks that relies on. Either the card
    /// winning so far is the side's and nobody still to play can beat it,
    /// or a hand of the side still to play holds a card (of the suit led,
    /// or a trump when void) that beats the trick so far and every card the
    /// opponents still to play could beat it with.
    ///
    /// Also says which seat wins the trick (when the side can make sure it
    /// is that seat) and with which card of its hand.
    fn sure_winner(&self, side: Side) -> Option<SureWin> {
        let played = self.played as usize;
        if played == 0 {
            return None;
        }
        let seat = self.to_move();
        let led = self.trick()[0] >> 4;
        let lm = suit_bits(led);
        let tm = if self.trump != NO_TRUMP && self.trump != led {
            suit_bits(self.trump)
        } else {
            0
        };
        // Cards of the hands still to play: led suit for those who follow,
        // trumps for those who are void.
        let (mut my_led, mut my_ruff, mut opp_led, mut opp_ruff) = (0u64, 0u64, 0u64, 0u64);
        for k in 0..N - played {
            let s = (seat + k) % N;
            let h = self.hands[s];
            let (f, r) = if h & lm != 0 {
                (h & lm, 0)
            } else {
                (0, h & tm)
            };
            if self.side[s] == side {
                my_led |= f;
                my_ruff |= r;
            } else {
                opp_led |= f;
                opp_ruff |= r;
            }
        }
        let (bi, best) = self.winner_so_far();
        let best_bit = 1u64 << best;
        let best_seat = (self.leader as usize + bi) % N;
        let above = |x: u64, b: u64| x & !(b | (b - 1));
        let best_trump = tm != 0 && best_bit & tm != 0;
        let rank_used = |c: u64, rivals: u64| {
            let sm = suit_bits((c.trailing_zeros() >> 4) as u8);
            if (self.trick_bits | rivals) & sm & !c != 0 {
                c
            } else {
                0
            }
        };
        // The seat of the side still to play that holds card `c`.
        let owner = |c: u64| {
            (0..N - played)
                .map(|k| (seat + k) % N)
                .find(|&s| self.hands[s] & c != 0)
                .unwrap_or(seat)
        };
        // Can every other hand of the side still to play keep below `win`
        // (so that the trick's winner is the seat the side chose)? Only a
        // hand holding nothing but higher cards of the suit led, or nothing
        // but trumps when void, is forced to overtake.
        let others_keep_below = |winner: usize, win: u64| {
            (0..N - played).map(|k| (seat + k) % N).all(|s| {
                if s == winner || self.side[s] != side {
                    return true;
                }
                let h = self.hands[s];
                if h & lm != 0 {
                    win & tm != 0 || h & lm & (win - 1) != 0
                } else {
                    h & !tm != 0 || (win & tm != 0 && h & tm & !(win - 1) == 0)
                }
            })
        };
        if self.side[best_seat] == side {
            let safe = if best_trump {
                above(opp_ruff, best_bit) == 0
            } else {
                opp_ruff == 0 && above(opp_led, best_bit) == 0
            };
            if safe {
                let by = rank_used(best_bit, if best_trump { opp_ruff } else { opp_led });
                return Some(SureWin {
                    by,
                    seat: others_keep_below(best_seat, best_bit).then_some(best_seat),
                    card: 0,
                });
            }
        }
        if opp_ruff == 0 && !best_trump && my_led != 0 {
            let top = top_bit(my_led);
            if top > best_bit && above(opp_led, top) == 0 {
                let s = owner(top);
                return Some(SureWin {
                    by: rank_used(top, opp_led),
                    seat: others_keep_below(s, top).then_some(s),
                    card: top,
                });
            }
        }
        if my_ruff != 0 {
            let top = top_bit(my_ruff);
            if (!best_trump || top > best_bit) && above(opp_ruff, top) == 0 {
                let s = owner(top);
                return Some(SureWin {
                    by: rank_used(top, opp_ruff),
                    seat: others_keep_below(s, top).then_some(s),
                    card: top,
                });
            }
        }
        None
    }

    /// In the middle of a trick: does `side` surely win at least `need`
    /// tricks from here (the current one included)? The side surely wins
    /// the current trick ([`Whist::sure_winner`]) and its winner then leads
    /// its top cards: every card above all the other hands' cards of its
    /// suit wins a trick (in no trump, or once the opponents hold no trump;
    /// otherwise only its top trumps count). Returns the cards whose ranks
    /// that relies on.
    pub(crate) fn sure_tricks_from_here(&self, side: Side, need: u32) -> Option<u64> {
        if need == 0 {
            return Some(0);
        }
        if need > 1 && self.played > 1 {
            return None;
        }
        let w = self.sure_winner(side)?;
        if need == 1 {
            return Some(w.by);
        }
        let seat = w.seat?;
        // The hands once the trick is over: the winner has played his card,
        // his side's other hands still to play their lowest card of the
        // suit led (or a throw), the opponents still to play their lowest
        // card of the suit led. An opponent still to play who is void and
        // holds a trump might throw anything and ruff later: no count then.
        let played = self.played as usize;
        let led = self.trick()[0] >> 4;
        let lm = suit_bits(led);
        let tm = if self.trump != NO_TRUMP {
            suit_bits(self.trump) & self.remaining
        } else {
            0
        };
        let mut hands = self.hands;
        hands[seat] &= !w.card;
        let first = self.to_move();
        for k in 0..N - played {
            let s = (first + k) % N;
            if s == seat {
                continue;
            }
            let h = hands[s];
            if h & lm != 0 {
                hands[s] = h & !bottom_bit(h & lm);
            } else if self.side[s] != side {
                if h & tm != 0 {
                    return None;
                }
            } else if h != 0 {
                hands[s] = h & !throw_card(h, tm);
            }
        }
        let mut mate = 0u64;
        let mut opp = [0u64; 2];
        let mut n_opp = 0;
        for (s, &h) in hands.iter().enumerate() {
            if s == seat {
                continue;
            }
            if self.side[s] == side {
                mate |= h;
            } else if n_opp < 2 {
                opp[n_opp] = h;
                n_opp += 1;
            }
        }
        // Cashing wins only in suits whose top card the side holds, at most
        // as many rounds as its longer holding there.
        let ours = hands[seat] | mate;
        let theirs = opp[0] | opp[1];
        let mut most = 1;
        for s in 0..4u8 {
            let sm = suit_bits(s);
            if top_bit((ours | theirs) & sm) & ours != 0 {
                most += len(hands[seat] & sm).max(len(mate & sm));
            }
        }
        if most < need {
            return None;
        }
        let (t, by) = self.cashing_after(hands[seat], mate, opp, need - 1);
        if 1 + t >= need {
            Some(w.by | by)
        } else {
            None
        }
    }

    /// Top trumps of a pair of hands (held in sequence from the top, no
    /// more than the longer hand's trumps, so two of them never crash).
    fn top_trumps(&self, a: u64, b: u64) -> (u32, u64) {
        let t = suit_bits(self.trump);
        let all = self.remaining & t;
        let (a, b) = (a & t, b & t);
        if a == all {
            return (len(a), 0);
        }
        if b == all {
            return (len(b), 0);
        }
        let cap = len(a).max(len(b));
        let both = a | b;
        let mut rest = all;
        let mut n = 0;
        let mut by = 0;
        while n < cap {
            let top = top_bit(rest);
            if top & both == 0 {
                break;
            }
            by |= top;
            rest ^= top;
            n += 1;
        }
        (n, by)
    }

    /// Four players: a trump trick the pair `my`/`pd` will make in time
    /// against the top trumps (Kx behind the ace, KQ against the ace...),
    /// after bridge-solver's patterns. `lho` plays after `my`, `rho` before.
    fn slow_trumps(&self, my: u64, pd: u64, lho: u64, rho: u64, leading: bool) -> (u32, u64) {
        let t = suit_bits(self.trump);
        let all = self.remaining & t;
        let (my, pd, lho, rho) = (my & t, pd & t, lho & t, rho & t);
        if len(all) < 3 {
            return (0, 0);
        }
        let tricks = self.tricks_left as u32;
        let a = top_bit(all);
        let k = top_bit(all ^ a);
        let q = top_bit(all ^ a ^ k);
        let strictly = |x: u64, c: u64| x & c != 0 && len(x) >= 2;
        let late = |n: u32| !leading || tricks >= n;
        let ours = my | pd;
        let theirs = lho | rho;
        // Kx behind the ace, or Kx against a singleton ace.
        if (strictly(pd, k) && lho & a != 0) || (strictly(my, k) && rho & a != 0 && late(3)) {
            return (1, a | k);
        }
        if (strictly(pd, k) || strictly(my, k)) && (rho == a || lho == a) && late(3) {
            return (1, a | k);
        }
        // KQJ against the ace.
        if len(all) >= 4 {
            let j = top_bit(all ^ a ^ k ^ q);
            let kqj = k | q | j;
            if theirs & a != 0 && ours & kqj == kqj && (len(my) >= 3 || len(pd) >= 3) {
                return (2, a | kqj);
            }
        }
        // KQ against the ace.
        if theirs & a != 0 && ours & (k | q) == k | q && (len(my) >= 2 || len(pd) >= 2) {
            return (1, a | k | q);
        }
        // Qxx behind AK, or against AK doubleton.
        let ak = a | k;
        if len(all) >= 5
            && ((pd & q != 0 && len(pd) >= 3 && lho & ak == ak)
                || (my & q != 0 && len(my) >= 3 && rho & ak == ak && late(4)))
        {
            return (1, ak | q);
        }
        if ((pd & q != 0 && len(pd) >= 3) || (my & q != 0 && len(my) >= 3))
            && (lho == ak || rho == ak || (len(lho) == 1 && len(rho) == 1))
            && late(4)
        {
            return (1, ak | q);
        }
        (0, 0)
    }

    /// Each trump of the longer hand wins a trick unless an opponent's trump
    /// falls in it (lengths only).
    fn trump_length_tricks(&self, a: u64, b: u64, against: [u64; 2]) -> u32 {
        let t = suit_bits(self.trump);
        let mine = len(a & t).max(len(b & t));
        let theirs = len(against[0] & t) + len(against[1] & t);
        mine.saturating_sub(theirs)
    }

    /// No trump (or no trumps left): the most tricks the pair `a`/`b` can
    /// win. In each suit they win at most as many tricks as the suit is led
    /// (no more than its longest holding) while one of them still holds it,
    /// less the top cards one opponent holds in sequence.
    fn nt_ceiling(&self, a: u64, b: u64, against: [u64; 2], longest: &[u32; 4]) -> (u32, u64) {
        let mut total = 0;
        let mut by = 0u64;
        for s in 0..4u8 {
            let sm = suit_bits(s);
            let ours = len(a & sm).max(len(b & sm));
            if ours == 0 {
                continue;
            }
            let rem = self.remaining & sm;
            let longest = longest[s as usize];
            let top = top_bit(rem);
            let mut k = 0;
            for &o in against.iter() {
                if o & top != 0 {
                    // The top cards of `o` in sequence.
                    let others = rem & !o;
                    let run = if others == 0 {
                        o & rem
                    } else {
                        o & rem & !((top_bit(others) << 1) - 1)
                    };
                    k = len(run);
                    by |= run;
                }
            }
            total += ours.min(longest.saturating_sub(k));
        }
        (total.min(self.tricks_left as u32), by)
    }

    /// No trump, the other side: if the opponents hold the top card of every
    /// suit the leader can lead, they win a trick; if one opponent holds them
    /// all, one trick for each.
    fn other_nt_tricks(&self, us: &Sides) -> (u32, u64) {
        let ours = us.me | us.pd;
        let mut tops = 0u64;
        for s in 0..4u8 {
            let sm = suit_bits(s);
            if us.me & sm == 0 {
                continue;
            }
            let top = top_bit(self.remaining & sm);
            if top & ours != 0 {
                return (0, 0);
            }
            tops |= top;
        }
        if tops == 0 {
            return (0, 0);
        }
        if us.opp[0] & tops == tops || us.opp[1] & tops == tops {
            (len(tops), tops)
        } else {
            (1, tops)
        }
    }

    /// Fast tricks of the leader, cashing from the top, possibly continuing
    /// in the partner's hand through an entry.
    fn fast_tricks(&self, us: &Sides) -> (u32, u64) {
        let with_trumps = self.trump != NO_TRUMP;
        let tm = if with_trumps {
            suit_bits(self.trump)
        } else {
            0
        };
        let opp_trump = [us.opp[0] & tm != 0, us.opp[1] & tm != 0];
        let mut by = 0u64;
        let mut pd_by = 0u64;
        let (mut my_tricks, mut pd_tricks) = (0u32, 0u32);
        let (mut my_entry, mut pd_entry) = (false, false);
        for s in 0..4u8 {
            if with_trumps && s == self.trump {
                continue;
            }
            let sm = suit_bits(s);
            let mut my = us.me & sm;
            let mut pd = us.pd & sm;
            if my | pd == 0 {
                continue;
            }
            let ol = [len(us.opp[0] & sm), len(us.opp[1] & sm)];
            let opp_max = ol[0].max(ol[1]);
            let my_max_rw = len(pd).max(opp_max);
            let pd_max_rw = len(my).max(opp_max);
            if with_trumps {
                let mut cap = u32::MAX;
                for k in 0..2 {
                    if opp_trump[k] {
                        cap = cap.min(ol[k]);
                    }
                }
                if cap != u32::MAX {
                    my = keep_top(my, cap);
                    pd = keep_top(pd, cap);
                }
            }
            let (mut mw, mut pw) = (0u32, 0u32);
            let mut rest = self.remaining & sm;
            loop {
                let c = top_bit(rest);
                if c == 0 {
                    break;
                }
                rest ^= c;
                if my & c != 0 {
                    mw += 1;
                    if mw <= my_max_rw {
                        by |= c;
                    }
                } else if pd & c != 0 {
                    pw += 1;
                    if pw <= pd_max_rw {
                        pd_by |= c;
                    }
                } else {
                    break;
                }
            }
            my_tricks += suit_fast_tricks(my, mw, my_max_rw, &mut my_entry, pd, pw, &mut by);
            pd_tricks += suit_fast_tricks(pd, pw, pd_max_rw, &mut pd_entry, my, mw, &mut pd_by);
        }
        let mut fast = my_tricks;
        if pd_entry && pd_tricks > my_tricks {
            fast = pd_tricks;
        }
        if pd_entry {
            by |= pd_by;
        }
        if with_trumps {
            let (tt, tby) = self.top_trumps(us.me, us.pd);
            let mine = len(us.me & tm);
            let pds = len(us.pd & tm);
            let maxt = mine.max(pds);
            let length = self.trump_length_tricks(us.me, us.pd, us.opp);
            let my_keeps = mine == maxt && len(us.me) - mine >= fast;
            let pd_keeps = pds == maxt && len(us.pd) - pds >= fast;
            let (tt, tby) = if length > 0 && length >= tt && (my_keeps || pd_keeps) {
                (length, 0)
            } else {
                (tt, tby)
            };
            let total = (tt + fast).min(len(us.me));
            return (total, if tby != 0 || tt > 0 { by | tby } else { by });
        }
        (fast.min(len(us.me)), by)
    }
}

/// Fast tricks in one suit for the hand holding `my` (with `mw` top winners)
/// whose partner holds `pd` (with `pw` winners right below or among them).
#[inline]
fn suit_fast_tricks(
    my: u64,
    mw: u32,
    max_rw: u32,
    entry: &mut bool,
    pd: u64,
    pw: u32,
    by: &mut u64,
) -> u32 {
    // Partner can reach me when my top winner covers partner's lowest card.
    if pd != 0 && mw > 0 && top_bit(my) > bottom_bit(pd) {
        *entry = true;
    }
    if pw == 0 {
        if mw > 0 && mw >= max_rw {
            // My winners outlast every other hand: my small cards win too.
            // Their ranks matter only against partner's cards.
            if pd != 0 {
                *by |= bottom_bit(my);
            }
            return len(my);
        }
        return mw;
    }
    if mw == 0 {
        // Reach partner's winners with a small card.
        return if my != 0 {
            *by |= bottom_bit(my);
            pw
        } else {
            0
        };
    }
    *by |= bottom_bit(my) | bottom_bit(pd) | top_bit(pd);
    if top_bit(my) < bottom_bit(pd) {
        // Blocked by partner.
        return pw;
    }
    if bottom_bit(my) > top_bit(pd) {
        // Blocked by me.
        return mw;
    }
    let pw = if pw == len(pd) { pw - 1 } else { pw };
    len(my).min(mw + pw)
}

//! Plain whist trick play for 2, 3 and 4 players as a [`TrickGame`].
//!
//! Follow suit if you can, otherwise play anything; the highest trump wins,
//! else the highest card of the suit led. Cards use the French stride-16
//! layout (suit `s` in bits `16*s .. 16*s+12`, bit 0 the two), so a hand is a
//! `u64`. The number of players is a const parameter: one implementation
//! serves bridge card play (4), `hokm3` (3) and `hokm2`'s play phase (2).

use super::bits::{pdep, pext};
use super::game::{LeadBounds, MoveList, Side, Switches, TrickGame, TrickWon, TtKey};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};

/// "No trump" as a strain index.
pub const NO_TRUMP: u8 = 4;

/// The cards of suit `s` in the stride-16 layout.
#[inline]
pub(crate) const fn suit_bits(s: u8) -> u64 {
    0x1FFFu64 << (16 * s as u32)
}

/// A whist position as given by a caller: hands, trump, trick in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhistPosition {
    /// The cards each seat still holds, in seat order (2, 3 or 4 hands).
    pub hands: Vec<CardSet>,
    /// The trump suit (`0..4` = S, H, D, C), or `None` for no trump.
    pub trump: Option<Suit>,
    /// The seat that led (or is to lead) the current trick.
    pub leader: usize,
    /// Cards already played to the current trick, the leader's first.
    pub trick: Vec<Card>,
}

impl WhistPosition {
    /// A position at a trick start.
    pub fn new(hands: Vec<CardSet>, trump: Option<Suit>, leader: usize) -> WhistPosition {
        WhistPosition {
            hands,
            trump,
            leader,
            trick: Vec::new(),
        }
    }

    /// The seat to play next.
    pub fn to_move(&self) -> usize {
        (self.leader + self.trick.len()) % self.hands.len().max(1)
    }

    /// Checks that the position is consistent: 2–4 hands of French cards
    /// (stride-16 layout), disjoint, sizes matching the trick in progress,
    /// no revoke visible in the trick.
    pub fn validate(&self) -> Result<()> {
        let n = self.hands.len();
        let bad = |m: String| Err(Error::State(m));
        if !(2..=4).contains(&n) {
            return bad(format!("whist positions need 2 to 4 hands, got {}", n));
        }
        if let Some(t) = self.trump {
            if t > 3 {
                return bad(format!("bad trump suit index {} (0..3 or none)", t));
            }
        }
        if self.leader >= n {
            return bad(format!("bad leader seat {} for {} players", self.leader, n));
        }
        if self.trick.len() >= n {
            return bad(format!(
                "a trick in progress holds at most {} cards, got {}",
                n - 1,
                self.trick.len()
            ));
        }
        let legal_bits: u128 = (0..4).map(|s| suit_bits(s) as u128).fold(0, |a, b| a | b);
        let mut seen = 0u128;
        for (seat, h) in self.hands.iter().enumerate() {
            if h.bits() & !legal_bits != 0 {
                return bad(format!(
                    "hand of seat {} holds cards outside a French pack",
                    seat
                ));
            }
            if h.bits() & seen != 0 {
                return bad(format!(
                    "hand of seat {} shares cards with an earlier hand",
                    seat
                ));
            }
            seen |= h.bits();
        }
        for (i, c) in self.trick.iter().enumerate() {
            let b = 1u128 << c.0;
            if c.0 >= 64 || b & legal_bits == 0 {
                return bad(format!("trick card {} is not a French card", i));
            }
            if seen & b != 0 {
                return bad(format!(
                    "trick card {} is also in a hand or earlier in the trick",
                    i
                ));
            }
            seen |= b;
        }
        let size = |seat: usize| self.hands[seat].len() as usize;
        let lead_size = size(self.leader) + usize::from(!self.trick.is_empty());
        for k in 0..n {
            let seat = (self.leader + k) % n;
            let expect = lead_size - usize::from(k < self.trick.len());
            if size(seat) != expect {
                return bad(format!(
                    "hand of seat {} has {} cards, expected {} with {} card(s) in the current trick",
                    seat,
                    size(seat),
                    expect,
                    self.trick.len()
                ));
            }
        }
        if lead_size == 0 {
            return bad("no cards left to play".into());
        }
        if let Some(first) = self.trick.first() {
            let led = first.0 / 16;
            for (k, c) in self.trick.iter().enumerate().skip(1) {
                let seat = (self.leader + k) % n;
                let h = self.hands[seat].bits() as u64;
                if c.0 / 16 != led && h & suit_bits(led) != 0 {
                    return bad(format!(
                        "seat {} did not follow suit to the trick but still holds the suit led",
                        seat
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Offset of the 4-bit length of suit `s` in seat `h`'s hand in a shape.
#[inline]
fn shape_shift(h: usize, s: u8) -> u32 {
    4 * (h as u32 * 4 + s as u32)
}

/// Whist trick play with `N` players, ready for the search.
#[derive(Clone, Debug)]
pub struct Whist<const N: usize> {
    pub(crate) hands: [u64; N],
    /// Union of the hands.
    pub(crate) remaining: u64,
    /// Trump suit, or [`NO_TRUMP`].
    pub(crate) trump: u8,
    pub(crate) side: [Side; N],
    pub(crate) leader: u8,
    /// Cards played to the current trick.
    pub(crate) played: u8,
    /// The seat to move, `(leader + played) % N`, kept by play and undo.
    mover: u8,
    /// Every card played since the root (the current trick's at the end).
    seq: [u8; 64],
    /// For every card of `seq`: the winning card of its trick so far and
    /// its offset in the trick, after that card was played.
    best: [(u8, u8); 64],
    seq_len: u8,
    /// Leaders of the completed tricks, for undo.
    leads: [u8; 32],
    /// The cards of each completed trick, for undo.
    done_bits: [u64; 32],
    n_leads: u8,
    pub(crate) tricks_left: u8,
    /// Bits of the cards in the current trick.
    pub(crate) trick_bits: u64,
    /// Suit lengths of the hands, 4 bits each (seat-major), kept up to date
    /// by play and undo for the table key.
    shape: u64,
}

impl<const N: usize> Whist<N> {
    /// Builds the game from a validated position; `side[seat]` gives each
    /// seat's side (`0`/`1`).
    pub fn new(pos: &WhistPosition, side: [Side; N]) -> Result<Whist<N>> {
        pos.validate()?;
        if pos.hands.len() != N {
            return Err(Error::State(format!(
                "expected {} hands, got {}",
                N,
                pos.hands.len()
            )));
        }
        let mut hands = [0u64; N];
        for (h, c) in hands.iter_mut().zip(pos.hands.iter()) {
            *h = c.bits() as u64;
        }
        let mut g = Whist {
            hands,
            remaining: hands.iter().fold(0, |a, b| a | b),
            trump: pos.trump.unwrap_or(NO_TRUMP),
            side,
            leader: pos.leader as u8,
            played: pos.trick.len() as u8,
            mover: ((pos.leader + pos.trick.len()) % N) as u8,
            seq: [0; 64],
            best: [(0, 0); 64],
            seq_len: pos.trick.len() as u8,
            leads: [0; 32],
            done_bits: [0; 32],
            n_leads: 0,
            tricks_left: (hands[pos.leader].count_ones() as usize
                + usize::from(!pos.trick.is_empty())) as u8,
            trick_bits: 0,
            shape: 0,
        };
        for (h, &hand) in hands.iter().enumerate() {
            for s in 0..4u8 {
                let len = (hand & suit_bits(s)).count_ones() as u64;
                g.shape |= len << shape_shift(h, s);
            }
        }
        for (i, c) in pos.trick.iter().enumerate() {
            g.seq[i] = c.0;
            g.trick_bits |= 1u64 << c.0;
            g.best[i] = if i == 0 || g.beats(c.0, g.best[i - 1].0) {
                (c.0, i as u8)
            } else {
                g.best[i - 1]
            };
        }
        Ok(g)
    }

    /// The cards of the current trick, the leader's first.
    #[inline]
    pub(crate) fn trick(&self) -> &[u8] {
        let end = self.seq_len as usize;
        &self.seq[end - self.played as usize..end]
    }

    /// Does `c` beat `best` (already the winner so far)?
    #[inline]
    pub(crate) fn beats(&self, c: u8, best: u8) -> bool {
        if c >> 4 == best >> 4 {
            c > best
        } else {
            c >> 4 == self.trump
        }
    }

    /// Index in the trick and card of the current winner (trick not empty).
    #[inline]
    pub(crate) fn winner_so_far(&self) -> (usize, u8) {
        let (card, at) = self.best[self.seq_len as usize - 1];
        (at as usize, card)
    }

    /// The legal cards of the seat to move (no collapsing).
    #[inline]
    pub(crate) fn legal(&self) -> u64 {
        let hand = self.hands[self.to_move()];
        if self.played == 0 {
            return hand;
        }
        let led = self.seq[(self.seq_len - self.played) as usize] >> 4;
        let f = hand & suit_bits(led);
        if f != 0 {
            f
        } else {
            hand
        }
    }

    /// The representative (lowest card) of `card`'s class of equivalent
    /// cards in the mover's hand: cards of one hand adjacent among the cards
    /// still in play (hands and current trick).
    pub(crate) fn class_of(&self, card: u8) -> u8 {
        let hand = self.hands[self.to_move()];
        let others = (self.remaining | self.trick_bits) & !hand;
        let mut c = card;
        loop {
            let below = hand & ((1u64 << c) - 1) & suit_bits(c >> 4);
            if below == 0 {
                return c;
            }
            let next = 63 - below.leading_zeros() as u8;
            let between = (1u64 << c) - (1u64 << (next + 1));
            if others & between != 0 {
                return c;
            }
            c = next;
        }
    }

    /// A rough first guess of the tricks `side` wins from a trick start:
    /// high-card points and trump length (for MTD(f)'s first probe).
    pub fn estimate(&self, side: Side) -> u32 {
        let mut hcp = 0u32;
        let mut total = 0u32;
        let mut trumps = 0i32;
        let mut all_trumps = 0i32;
        for (seat, &h) in self.hands.iter().enumerate() {
            let mut p = 0;
            for s in 0..4u8 {
                let x = (h >> (16 * s as u32)) & 0x1FFF;
                p += 4 * (x >> 12 & 1) + 3 * (x >> 11 & 1) + 2 * (x >> 10 & 1) + (x >> 9 & 1);
            }
            total += p as u32;
            let t = if self.trump == NO_TRUMP {
                0
            } else {
                (h & suit_bits(self.trump)).count_ones() as i32
            };
            all_trumps += t;
            if self.side[seat] == side {
                hcp += p as u32;
                trumps += t;
            }
        }
        let n = self.tricks_left as i32;
        let base = if total == 0 {
            n / 2
        } else {
            (hcp as i32 * n + total as i32 / 2) / total as i32
        };
        let bonus = if all_trumps > 0 {
            (2 * trumps - all_trumps) / 3
        } else {
            0
        };
        (base + bonus).clamp(0, n) as u32
    }
}

impl<const N: usize> TrickGame for Whist<N> {
    type Move = u8;
    type Winners = u64;
    type Pattern = u128;
    /// Three hands (each its own side, every card's value probed) gain
    /// from fail-soft bounds (`cards_bench 3 12 1`: −10.7% nodes); four
    /// hands' table probes land on the value and would only pay for them
    /// (−0.6% nodes, +2.5% instructions).
    const SOFT_BOUNDS: bool = N == 3;
    /// Three hands: the table may keep their trick starts in the whist
    /// core's pattern trees (`Switches::pattern_trees`): the key's owners
    /// are two planes of seat numbers, its context holds the leader in its
    /// two low bits, masks fix the same cards in both planes.
    const PATTERN_TREES: bool = N == 3;

    /// Two and three hands, a leader without a partner: his quick tricks
    /// decide most of his leads the table would answer (three hands, deal 3
    /// of `compare_points.py`: 10.8 M of 11.2 M), while the pair's leads are
    /// mostly the table's (13.3 M hits, 1.6 M decided by the bounds).
    #[inline]
    fn bounds_first(&self) -> bool {
        let side = self.side[self.leader as usize];
        N != 4 && self.side.iter().filter(|&&s| s == side).count() == 1
    }

    #[inline]
    fn to_move(&self) -> usize {
        debug_assert_eq!(
            self.mover as usize,
            (self.leader as usize + self.played as usize) % N
        );
        self.mover as usize
    }

    #[inline]
    fn side_of(&self, seat: usize) -> Side {
        self.side[seat]
    }

    #[inline]
    fn at_trick_start(&self) -> bool {
        self.played == 0
    }

    #[inline]
    fn ply(&self) -> usize {
        self.seq_len as usize
    }

    #[inline]
    fn remaining(&self) -> u32 {
        self.tricks_left as u32
    }

    fn moves(&self, out: &mut MoveList<u8>, sw: &Switches) {
        out.clear();
        let legal = self.legal();
        let seat = self.to_move();
        let hand = self.hands[seat];
        let others = (self.remaining | self.trick_bits) & !hand;
        let mut rest = legal;
        let mut prev: u8 = 255;
        let mut ctx = if sw.ordering {
            Some(self.order_ctx(sw))
        } else {
            None
        };
        while rest != 0 {
            let c = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            if sw.collapse && prev != 255 && prev >> 4 == c >> 4 {
                let between = (1u64 << c) - (1u64 << (prev + 1));
                if others & between == 0 {
                    prev = c;
                    continue;
                }
            }
            prev = c;
            let w = match &mut ctx {
                Some(ctx) => self.weight(ctx, c),
                None => 0,
            };
            out.push(c, w);
        }
        if sw.ordering {
            out.sort();
        }
    }

    #[inline]
    fn play(&mut self, c: u8) -> Option<TrickWon<u64>> {
        let seat = self.to_move();
        let bit = 1u64 << c;
        self.hands[seat] &= !bit;
        self.remaining &= !bit;
        self.trick_bits |= bit;
        self.shape -= 1 << shape_shift(seat, c >> 4);
        let i = self.seq_len as usize;
        self.seq[i] = c;
        self.best[i] = if self.played == 0 || self.beats(c, self.best[i - 1].0) {
            (c, self.played)
        } else {
            self.best[i - 1]
        };
        self.seq_len += 1;
        self.played += 1;
        if (self.played as usize) < N {
            self.mover = if seat + 1 == N { 0 } else { seat as u8 + 1 };
            return None;
        }
        let (bi, best) = self.winner_so_far();
        let suit = suit_bits(best >> 4);
        let decided = if (self.trick_bits & suit).count_ones() >= 2 {
            1u64 << best
        } else {
            0
        };
        let winner = (self.leader as usize + bi) % N;
        self.leads[self.n_leads as usize] = self.leader;
        self.done_bits[self.n_leads as usize] = self.trick_bits;
        self.n_leads += 1;
        self.leader = winner as u8;
        self.mover = winner as u8;
        self.played = 0;
        self.trick_bits = 0;
        self.tricks_left -= 1;
        Some(TrickWon {
            seat: winner as u8,
            value: 1,
            rest: 0,
            decided,
        })
    }

    #[inline]
    fn undo(&mut self, c: u8) {
        if self.played == 0 {
            self.n_leads -= 1;
            self.leader = self.leads[self.n_leads as usize];
            self.played = N as u8;
            self.tricks_left += 1;
            self.trick_bits = self.done_bits[self.n_leads as usize];
            // The trick's last card was played by the seat before its leader.
            self.mover = if self.leader == 0 {
                N as u8 - 1
            } else {
                self.leader - 1
            };
        } else {
            self.mover = if self.mover == 0 {
                N as u8 - 1
            } else {
                self.mover - 1
            };
        }
        self.played -= 1;
        self.seq_len -= 1;
        let seat = self.mover as usize;
        let bit = 1u64 << c;
        self.hands[seat] |= bit;
        self.remaining |= bit;
        self.trick_bits &= !bit;
        self.shape += 1 << shape_shift(seat, c >> 4);
    }

    fn tt_key(&self) -> TtKey<u128> {
        let shape = self.shape;
        debug_assert_eq!(
            shape,
            self.hands.iter().enumerate().fold(0, |a, (h, &hand)| {
                (0..4u8).fold(a, |a, s| {
                    a | ((hand & suit_bits(s)).count_ones() as u64) << shape_shift(h, s)
                })
            })
        );
        // Bounds are stored for the side on lead, so only the partition of
        // the seats into sides matters, not which side maximises: the
        // labels are normalised (seat 0 on side 0) and the solves for
        // either side (e.g. the four leaders of a table) share entries.
        let flip = self.side[0] as u32;
        let mut sides = 0u32;
        for (s, &sd) in self.side.iter().enumerate() {
            sides |= (sd as u32 ^ flip) << s;
        }
        // Once the trumps are gone the position is a no-trump one: entries
        // are shared with the no-trump solves of the same deal.
        let trump = if self.trump != NO_TRUMP && self.remaining & suit_bits(self.trump) == 0 {
            NO_TRUMP
        } else {
            self.trump
        };
        let ctx = self.leader as u32 | (trump as u32) << 2 | sides << 5 | (N as u32) << 9;
        // Two bit planes of the owner's seat number, over the remaining
        // cards in rank order (suit by suit; the shape fixes the offsets).
        let (mut p0, mut p1) = (0u64, 0u64);
        for (h, &hand) in self.hands.iter().enumerate() {
            if h & 1 != 0 {
                p0 |= hand;
            }
            if h & 2 != 0 {
                p1 |= hand;
            }
        }
        let owners = pext(p0, self.remaining) as u128 | (pext(p1, self.remaining) as u128) << 64;
        TtKey { shape, ctx, owners }
    }

    fn pattern_mask(&self, winners: u64) -> u128 {
        // Every remaining card at or above the lowest winner of its suit.
        let mut covered = 0u64;
        for s in 0..4u8 {
            let rem = self.remaining & suit_bits(s);
            let w = winners & rem;
            if w != 0 {
                let low = w & w.wrapping_neg();
                covered |= rem & !(low - 1);
            }
        }
        let m = pext(covered, self.remaining) as u128;
        m | m << 64
    }

    fn mask_winners(&self, mask: u128) -> u64 {
        pdep(mask as u64, self.remaining)
    }

    fn lead_bounds(&self, sw: &Switches) -> LeadBounds<u64> {
        self.bounds(sw, u32::MAX)
    }

    fn lead_bounds_for(&self, sw: &Switches, target: u32) -> LeadBounds<u64> {
        self.bounds(sw, target)
    }

    #[inline]
    fn same_answer(&self, tried: u8, winners: u64, other: u8) -> bool {
        // Two cards of one suit, both below every rank of that suit the
        // answer relied on, are interchangeable for this answer.
        if tried >> 4 != other >> 4 {
            return false;
        }
        let w = winners & suit_bits(tried >> 4);
        let low = if w == 0 {
            u64::MAX
        } else {
            w & w.wrapping_neg()
        };
        (1u64 << tried) < low && (1u64 << other) < low
    }

    #[inline]
    fn collapse_winners(&self, m: u8, winners: u64) -> u64 {
        // `m` is the lowest card of its run. Cards of the run below the
        // lowest relevant rank are interchangeable anyway and cards above it
        // keep their owners in every matching position; only a run reaching
        // across that rank needs its lower end kept.
        let sm = suit_bits(m >> 4);
        let w = winners & sm;
        if w == 0 {
            return 0;
        }
        let low = w & w.wrapping_neg();
        if low < 1u64 << m {
            return 0;
        }
        let hand = self.hands[self.to_move()];
        let others = (self.remaining | self.trick_bits) & !hand;
        let mut top = m as u32;
        loop {
            let above = hand & sm & !((2u64 << top) - 1);
            if above == 0 {
                break;
            }
            let next = above.trailing_zeros();
            if others & ((1u64 << next) - (2u64 << top)) != 0 {
                break;
            }
            top = next;
        }
        if low <= 1u64 << top {
            1u64 << m
        } else {
            0
        }
    }

    #[inline]
    fn cutoff_key(&self) -> u64 {
        let seat = self.to_move();
        let hand = self.hands[seat];
        let ctx = ((seat as u64) << 60 | (self.played as u64) << 58)
            ^ (self.trump as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if self.played == 0 {
            return hand ^ ctx;
        }
        let (_, best) = self.winner_so_far();
        let led = self.trick()[0] >> 4;
        let suit = suit_bits(led);
        if hand & suit != 0 {
            ((self.remaining | self.trick_bits) & suit) ^ (best as u64) << 52 ^ ctx ^ 1 << 57
        } else {
            hand ^ (best as u64) << 52 ^ ctx
        }
    }

    #[inline]
    fn move_hint(&self, m: u8) -> u8 {
        (self.remaining & ((1u64 << m) - 1)).count_ones() as u8
    }

    #[inline]
    fn has_move(&self, m: u8, sw: &Switches) -> bool {
        m < 64 && self.legal() & (1u64 << m) != 0 && (!sw.collapse || self.class_of(m) == m)
    }

    #[inline]
    fn sure_trick(&self, side: Side, need: u32) -> Option<u64> {
        match Whist::sure_either(self, side, need, u32::MAX) {
            Some((true, w)) => Some(w),
            _ => None,
        }
    }

    #[inline]
    fn sure_either(&self, side: Side, need: u32, other_need: u32) -> Option<(bool, u64)> {
        Whist::sure_either(self, side, need, other_need)
    }

    #[inline]
    fn hint_move(&self, hint: u8) -> Option<u8> {
        if hint as u32 >= self.remaining.count_ones() {
            return None;
        }
        let bit = pdep(1u64 << hint, self.remaining);
        if bit & self.legal() == 0 {
            return None;
        }
        Some(self.class_of(bit.trailing_zeros() as u8))
    }
}

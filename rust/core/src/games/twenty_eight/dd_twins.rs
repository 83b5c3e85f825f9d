//! Table keys of the presets with cards of equal rank (40's jacks and
//! threes, 56's twin cards) by relative ranks (`Switches::twin_keys`).
//!
//! At a trick start only the order of the cards still in play, which of
//! them rank equal, their points and their owners decide the rest of the
//! play: two cards of equal rank and points are interchangeable (of equal
//! cards the first played wins, whichever it is), and so are two adjacent
//! ranks of equal points once no card of the higher is left (56's tens take
//! the place of the aces gone, its queens that of the kings). So the key
//! holds, per suit and per rank from the highest down, how many cards of
//! that rank are still in play, with the ranks of a run of equal points
//! moved up over the ranks of that run no longer in play, and the owners of
//! those cards in that order (the owners of equal cards sorted).

//!
//! In the last tricks (`Switches::six_partition`, at most five cards a
//! hand) the key also holds each hand's suit lengths, and a table entry may
//! leave out the owners of a suit's cards of the points of its lowest card
//! in play that rank below every card of the suit the answer relied on (partition search:
//! such cards of one suit never decided a trick, so which of the hands
//! holding them has which changes no line of play, and with the lengths
//! exact each hand holds as many of them). The answers keep those cards at
//! every trick (`PointsGame::six_ranks_kept`), so that a card of the suit
//! and points of one tried, both below them, is not searched again
//! (`PointsGame::six_same_answer`).

use super::super::config::TwentyEightConfig;
use super::PointsGame;
use crate::card::CardSet;
use crate::solve::TtKey;

/// Ranks a suit may have for these keys (two bits of count each: 4 suits
/// of 8 ranks fill the 64 bits of the shape).
const MAX_RANKS: usize = 8;

/// Each suit's ranks from the highest down: the cards of each rank, and
/// whether a rank has the points of the one above it (continues its run).
#[derive(Clone, Debug)]
pub(super) struct RankSlots {
    cards: [[u64; MAX_RANKS]; 4],
    joins: [[bool; MAX_RANKS]; 4],
    len: [u8; 4],
    /// The points of a rank's cards.
    points: [[i8; MAX_RANKS]; 4],
}

impl RankSlots {
    /// The ranks of `cfg`'s pack, when the keys can hold them: every card
    /// id below 64, at most 4 suits of 8 ranks, at most 3 cards of a rank
    /// and all of them of the same points.
    pub(super) fn new(cfg: &TwentyEightConfig) -> Option<RankSlots> {
        let pack = &cfg.pack;
        if pack.num_suits() > 4 || pack.deck.0 >> 64 != 0 {
            return None;
        }
        let mut slots = RankSlots {
            cards: [[0; MAX_RANKS]; 4],
            joins: [[false; MAX_RANKS]; 4],
            len: [0; 4],
            points: [[0; MAX_RANKS]; 4],
        };
        for s in 0..pack.num_suits() {
            let mut ranks: Vec<u8> = pack
                .suit_mask(s as u8)
                .iter()
                .map(|c| cfg.rank[c.0 as usize])
                .collect();
            ranks.sort_unstable_by(|a, b| b.cmp(a));
            ranks.dedup();
            if ranks.len() > MAX_RANKS {
                return None;
            }
            let mut last_points = None;
            for (j, &r) in ranks.iter().enumerate() {
                let cards: Vec<_> = pack
                    .suit_mask(s as u8)
                    .iter()
                    .filter(|c| cfg.rank[c.0 as usize] == r)
                    .collect();
                let points = cfg.points[cards[0].0 as usize];
                if cards.len() > 3 || cards.iter().any(|c| cfg.points[c.0 as usize] != points) {
                    return None;
                }
                slots.cards[s][j] = cards.iter().fold(0u64, |m, c| m | 1u64 << c.0);
                slots.joins[s][j] = last_points == Some(points);
                last_points = Some(points);
                slots.points[s][j] = points;
            }
            slots.len[s] = ranks.len() as u8;
        }
        Some(slots)
    }
}

/// The context bit of keys by relative ranks (the exact keys never set it).
const RELATIVE: u32 = 1 << 31;
/// The context bit of the partition keys (`Switches::six_partition`).
const PARTITION: u32 = 1 << 30;
/// The tricks left (at most) where the keys are partition keys.
const PARTITION_TRICKS: u8 = 5;
/// Bits of one hand's suit lengths in a partition key.
const LENGTH_BITS: u32 = 6;

/// The code of a hand's lengths in its first three suits (each at most 5,
/// at most 5 together; the fourth is the rest of the hand, whose size the
/// tricks left fix): their rank among such triples, below 56.
const fn length_codes() -> [u8; 216] {
    let mut t = [u8::MAX; 216];
    let mut n = 0u8;
    let mut a = 0;
    while a < 6 {
        let mut b = 0;
        while b < 6 {
            let mut c = 0;
            while c < 6 {
                if a + b + c <= PARTITION_TRICKS as usize {
                    t[a * 36 + b * 6 + c] = n;
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// [`length_codes`], once.
static LENGTH_CODE: [u8; 216] = length_codes();

impl PointsGame {
    /// The cards in play (every card id below 64 with these keys).
    fn in_play(&self) -> u64 {
        self.core.hands[..self.n]
            .iter()
            .fold(0u64, |a, h| a | h.0 as u64)
    }

    /// Is the table key of this trick start a partition key (see the
    /// module comment): the switch on (as the last trick start noted it),
    /// trumps open and the bonus settled, ranks in their order, no negative
    /// kings and queens, at most `PARTITION_TRICKS` tricks left and the
    /// owners (3 bits a card) with the lengths within 128 bits.
    pub(super) fn six_partition_here(&self) -> bool {
        let c = &self.core;
        self.six_sw.get()
            && self.slots.is_some()
            && c.tricks_left <= PARTITION_TRICKS
            && c.revealed
            && c.bonus_paid
            && !self.no_trump
            && !self.cfg.kq_negative
            && c.indicator.is_none()
            && !c.reveal_now
            && c.caller.is_none()
            && c.tlen == 0
            && !c.void_pending
            && !c.over
            && 3 * self.n * c.tricks_left as usize + LENGTH_BITS as usize * self.n <= 128
    }

    /// Whether the search's answers keep the cards whose ranks they relied
    /// on, for the six-hand partition keys and for skipping a card that
    /// gives the answer of one already tried
    /// ([`PointsGame::six_same_answer`]): the switch on, as the last trick
    /// start noted it.
    pub(super) fn six_ranks_kept(&self) -> bool {
        self.six_sw.get() && self.slots.is_some()
    }

    /// With the six-hand partition keys: do `tried` (whose answer relied
    /// on the ranks of `winners`) and `other`, cards of one suit and equal
    /// points both ranking below every card of `winners` in that suit, give
    /// the same answer? (Trumps open, ranks in their order, no negative
    /// kings and queens, no indicator card to be played.)
    pub(super) fn six_same_answer(&self, tried: u8, winners: CardSet, other: u8) -> bool {
        let c = &self.core;
        if tried >= 64
            || other >= 64
            || !self.six_ranks_kept()
            || !c.revealed
            || !c.bonus_paid
            || c.reveal_now
            || self.no_trump
            || self.cfg.kq_negative
        {
            return false;
        }
        let (t, o) = (tried as usize, other as usize);
        let cfg = &self.cfg;
        let suit = Self::suit_of(crate::card::Card(tried));
        if suit != Self::suit_of(crate::card::Card(other)) || cfg.points[t] != cfg.points[o] {
            return false;
        }
        let w = winners.0 as u64 & self.masks.suit[suit as usize & 3];
        let low = if w == 0 {
            u8::MAX
        } else {
            CardSet(w as u128)
                .iter()
                .map(|x| cfg.rank[x.0 as usize])
                .min()
                .unwrap_or(u8::MAX)
        };
        tried != other && cfg.rank[t] < low && cfg.rank[o] < low
    }

    /// Calls `f` with the cards in play of each rank, in the order of the
    /// key by relative ranks (suits in order, each from the highest rank
    /// down), with the rank's suit and place among its suit's ranks.
    #[inline]
    fn each_rank(&self, all: u64, mut f: impl FnMut(usize, usize, u64)) {
        let Some(slots) = self.slots.as_ref() else {
            return;
        };
        for s in 0..4 {
            for j in 0..slots.len[s] as usize {
                let live = all & slots.cards[s][j];
                if live != 0 {
                    f(s, j, live);
                }
            }
        }
    }

    /// The partition key's mask for an answer that relied on the ranks of
    /// `winners`: every owner kept but those of the cards of a suit that
    /// have the points of its lowest card in play and rank below the lowest
    /// card of `winners` in that suit (all of them when it has none); the
    /// lengths always kept.
    pub(super) fn six_partition_mask(&self, winners: CardSet) -> u128 {
        let Some(slots) = self.slots.as_ref() else {
            return u128::MAX;
        };
        let all = self.in_play();
        let w = winners.0 as u64 & all;
        // The place of the lowest rank of `winners` in each suit (none: -1)
        // and the points of its lowest card in play.
        let mut lowest = [-1i32; 4];
        let mut least = [0i8; 4];
        for s in 0..4 {
            for j in 0..slots.len[s] as usize {
                if w & slots.cards[s][j] != 0 {
                    lowest[s] = j as i32;
                }
                if all & slots.cards[s][j] != 0 {
                    least[s] = slots.points[s][j];
                }
            }
        }
        let mut mask = 0u128;
        self.each_rank(all, |s, j, live| {
            let keep = if slots.points[s][j] == least[s] && j as i32 > lowest[s] {
                0
            } else {
                7
            };
            for _ in 0..live.count_ones() {
                mask = mask << 3 | keep;
            }
        });
        let lengths = LENGTH_BITS * self.n as u32;
        mask << lengths | ((1u128 << lengths) - 1)
    }

    /// The cards whose owners a partition key's `mask` keeps (as
    /// [`PointsGame::six_partition_mask`] makes them).
    pub(super) fn six_partition_winners(&self, mask: u128) -> CardSet {
        let all = self.in_play();
        let lengths = LENGTH_BITS * self.n as u32;
        // The cards' owners from the highest bits down.
        let mut at = lengths + 3 * all.count_ones();
        let mut out = 0u64;
        self.each_rank(all, |_, _, live| {
            at -= 3 * live.count_ones();
            // (A rank's owners are kept or left together.)
            if (mask >> (at + 3 * live.count_ones() - 3)) & 7 != 0 {
                out |= live;
            }
        });
        CardSet(out as u128)
    }

    /// The table key by relative ranks (see the module comment), for the
    /// context `ctx` of the exact key; `None` when the position is not one
    /// these keys describe (the trump concealed or a call in the air, or
    /// ranks the key cannot hold).
    pub(super) fn relative_key(&self, ctx: u32) -> Option<TtKey<u128>> {
        let c = &self.core;
        let slots = self.slots.as_ref()?;
        if c.indicator.is_some() || c.reveal_now || c.caller.is_some() || c.tlen != 0 {
            return None;
        }
        // The owners as three bit planes: bit `b` of a card's owner is its
        // bit in `planes[b]`.
        let mut planes = [0u64; 3];
        let mut all = 0u64;
        for (seat, h) in c.hands[..self.n].iter().enumerate() {
            let bits = h.0 as u64;
            all |= bits;
            for (b, plane) in planes.iter_mut().enumerate() {
                if seat >> b & 1 != 0 {
                    *plane |= bits;
                }
            }
        }
        let owner = |x: u32| {
            (planes[0] >> x & 1 | (planes[1] >> x & 1) << 1 | (planes[2] >> x & 1) << 2) as u128
        };
        // Three bits an owner while they fit (after the first trick of
        // 56), else a number in base `n`; the shape, which fixes how many
        // cards are in play, tells the two apart.
        let narrow = all.count_ones() <= 42;
        let n = self.n as u128;
        let (mut shape, mut code) = (0u64, 0u128);
        let mut push = |o: u128| {
            code = if narrow { code << 3 | o } else { code * n + o };
        };
        for s in 0..4 {
            // The place in the key of the next rank in play: the top of the
            // current run of equal points not yet taken.
            let mut next = 0;
            for j in 0..slots.len[s] as usize {
                if !slots.joins[s][j] {
                    next = j;
                }
                let live = all & slots.cards[s][j];
                if live == 0 {
                    continue;
                }
                shape |= u64::from(live.count_ones()) << (2 * (MAX_RANKS * s + next));
                // The owners of the rank's cards, sorted.
                let a = owner(live.trailing_zeros());
                let rest = live & (live - 1);
                if rest == 0 {
                    push(a);
                } else {
                    let b = owner(rest.trailing_zeros());
                    let last = rest & (rest - 1);
                    if last == 0 {
                        push(a.min(b));
                        push(a.max(b));
                    } else {
                        let mut o = [a, b, owner(last.trailing_zeros())];
                        o.sort_unstable();
                        o.iter().for_each(|&x| push(x));
                    }
                }
                next += 1;
            }
        }
        let mut ctx = ctx | RELATIVE;
        if self.six_partition_here() {
            // Each hand's suit lengths after the owners.
            let m = &self.masks.suit;
            for h in &c.hands[..self.n] {
                let h = h.0 as u64;
                let len = |s: usize| (h & m[s]).count_ones() as usize;
                code = code << LENGTH_BITS | LENGTH_CODE[len(0) * 36 + len(1) * 6 + len(2)] as u128;
            }
            ctx |= PARTITION;
        }
        Some(TtKey {
            shape,
            ctx,
            owners: code,
        })
    }
}

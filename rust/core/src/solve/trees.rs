//! Patterns indexed by their masks: the table of the generic search for
//! the games whose keys hold the owners of every card in play
//! ([`super::game::TrickGame::PATTERN_TREES`]: whist with three hands)
//! under `Switches::pattern_trees`.
//!
//! A key of such a game is its shape (the suit lengths of every hand), a
//! context whose two low bits are the seat on lead (the rest: trump in
//! play, the seats' sides, the number of hands) and two planes of the
//! owners' seat numbers over the cards in play; a stored mask fixes the
//! same cards in both planes (a top run of each suit). Where the chains
//! of [`super::table`] keep every entry newest first, this table keeps
//! one pattern per distinct pattern, with an interval on what the side on
//! lead takes from here (the interval the generic search stores, so the
//! answers are read as the chains'), merged when the same pattern is
//! stored again.
//!
//! The patterns of a key (shape and context) differ mostly in the owners
//! of middle cards, and share few masks (three-hand Hokm: about 11 a key
//! against 75 patterns). So each key lists its distinct masks, the most
//! general first, and the patterns themselves are in one hash table keyed
//! by the mask's number and the owners under it: a probe makes one exact
//! lookup a mask, a store one. A mask is skipped when none of its
//! patterns' intervals can decide the probe's target, or when the bit of
//! the probe's hash is clear in the mask's filter of 128 bits (one bit
//! set by each pattern stored under it: most lookups would find nothing,
//! and each is a miss in a large table). Each key also keeps a copy of
//! the last pattern that answered there, tried first (intervals only
//! narrow, so a copy stays true).
//!
//! Memory: the patterns' hash table (24 bytes a slot) is reserved once
//! within the solver's budget and doubles from 2^12 slots as it fills;
//! when it is three quarters full at its largest (or the masks grow past
//! their share), the keys with the fewest cards left (the cheapest to find
//! again) are forgotten until about half the patterns are free.

use super::game::{Pattern, TtKey};
use super::table::Hit;
use crate::error::{Error, Result};

/// One pattern: the number of its key's mask (+ 1; 0 is an empty slot),
/// its interval for the side on lead and the owners' planes under the
/// mask.
#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    mid: u32,
    lo: u8,
    hi: u8,
    /// The move code of the last cut-off here (`u8::MAX`: none).
    mv: u8,
    p0: u64,
    p1: u64,
}

/// One of a key's masks: the cards fixed, its number, and the largest
/// lower and smallest upper bound of its patterns (a probe skips a mask
/// whose patterns cannot decide its target).
#[derive(Copy, Clone, Debug)]
struct MaskRec {
    mask: u64,
    mid: u32,
    lo: u8,
    hi: u8,
    /// One bit of each pattern's hash (a probe whose bit is clear has no
    /// pattern under this mask and looks no further).
    filter: [u64; 2],
}

/// A copy of the pattern that last answered a key's probe.
#[derive(Copy, Clone, Debug, Default)]
struct Last {
    p0: u64,
    p1: u64,
    mask: u64,
    lo: u8,
    hi: u8,
}

/// A key (shape and context): its masks, the most general first.
#[derive(Clone, Debug, Default)]
struct KeyRec {
    shape: u64,
    ctx: u32,
    masks: Vec<MaskRec>,
    last: Option<Last>,
}

/// A slot of the keys' hash table: the shape + 1 (0: empty), the context
/// and the key's number.
#[derive(Copy, Clone, Debug, Default)]
struct KeySlot {
    shape: u64,
    ctx: u32,
    id: u32,
}

/// Mask-indexed patterns within a budget of bytes (allocated on first
/// store).
pub(crate) struct Trees {
    entries: Vec<Entry>,
    entry_bits: u32,
    max_entry_bits: u32,
    /// Patterns stored.
    live: usize,
    keys: Vec<KeyRec>,
    key_slots: Vec<KeySlot>,
    key_bits: u32,
    /// The keys' table's size when empty (2^this slots).
    min_key_bits: u32,
    /// For each mask number, its key's number and mask.
    mids: Vec<(u32, u64)>,
    /// The most masks kept (their share of the budget).
    max_masks: usize,
    stats: Stats,
}

/// Statistics (see [`Trees::stats`]).
#[derive(Copy, Clone, Debug, Default)]
struct Stats {
    stores: u64,
    answered: u64,
    evictions: u64,
    probes: u64,
    compared: u64,
}

/// The smallest keys' table (2^10 slots).
const MIN_KEY_BITS: u32 = 10;
/// The smallest patterns' table (2^12 slots; it doubles as it fills, up
/// to its budget).
const MIN_ENTRY_BITS: u32 = 12;

/// A pattern's hash: its slot is in the top bits, its bit in its mask's
/// filter ([`MaskRec::filter`]) in bits 32 to 38.
#[inline(always)]
fn entry_hash(mid: u32, p0: u64, p1: u64) -> u64 {
    (p0 ^ p1.rotate_left(29) ^ (mid as u64).rotate_right(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The bit of a pattern's hash in its mask's filter: word and bit.
#[inline(always)]
fn filter_bit(h: u64) -> (usize, u64) {
    (((h >> 38) & 1) as usize, 1u64 << ((h >> 32) & 63))
}

#[inline(always)]
fn key_home(shape: u64, ctx: u32, bits: u32) -> usize {
    ((shape ^ (ctx as u64).rotate_right(13)).wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - bits))
        as usize
}

/// The cards in play of a shape (the sum of its suit lengths).
#[inline]
fn cards(shape: u64) -> usize {
    (0..16).map(|i| ((shape >> (4 * i)) & 15) as usize).sum()
}

impl Trees {
    /// A table within about `bytes` bytes.
    pub fn with_bytes(bytes: usize) -> Trees {
        let slot = std::mem::size_of::<Entry>();
        let mut max_entry_bits = 6;
        while (slot << (max_entry_bits + 1)) * 20 <= bytes * 17 {
            max_entry_bits += 1;
        }
        let rest = bytes.saturating_sub(slot << max_entry_bits);
        let max_masks = (rest / (2 * std::mem::size_of::<MaskRec>())).max(64);
        Trees {
            entries: Vec::new(),
            entry_bits: max_entry_bits.min(MIN_ENTRY_BITS),
            max_entry_bits,
            live: 0,
            keys: Vec::new(),
            key_slots: Vec::new(),
            key_bits: MIN_KEY_BITS,
            min_key_bits: MIN_KEY_BITS,
            mids: Vec::new(),
            max_masks,
            stats: Stats::default(),
        }
    }

    /// A table within about `bytes` bytes whose patterns' table starts at
    /// 2^6 slots and keys' table at 2^4 (each doubling as it fills): one
    /// stripe of a shared table ([`super::shared::SharedTt`]), of which a
    /// small search touches a few hundred.
    pub fn growing(bytes: usize) -> Trees {
        let mut t = Trees::with_bytes(bytes);
        t.entry_bits = t.max_entry_bits.min(6);
        t.min_key_bits = 4;
        t.key_bits = 4;
        t
    }

    /// Allocates the table's memory now (an error naming the size when the
    /// machine cannot give it).
    pub fn reserve(&mut self) -> Result<()> {
        if !self.entries.is_empty() {
            return Ok(());
        }
        let n = 1usize << self.max_entry_bits;
        let mut entries = Vec::new();
        entries.try_reserve_exact(n).map_err(|_| {
            Error::State(format!(
                "cannot allocate a transposition table of {} MiB: ask for less with tt_mib",
                (n * std::mem::size_of::<Entry>()).div_ceil(1 << 20)
            ))
        })?;
        entries.resize(1 << self.entry_bits, Entry::default());
        self.entries = entries;
        self.key_slots = vec![KeySlot::default(); 1 << self.min_key_bits];
        self.key_bits = self.min_key_bits;
        Ok(())
    }

    /// Forgets every pattern (keeps the memory).
    pub fn clear(&mut self) {
        if !self.entries.is_empty() {
            self.entry_bits = self.max_entry_bits.min(MIN_ENTRY_BITS);
            self.entries.clear();
            self.entries.resize(1 << self.entry_bits, Entry::default());
            self.live = 0;
        }
        self.forget();
    }

    /// Forgets every pattern, keeping the patterns' table at its size.
    fn forget(&mut self) {
        if self.live > 0 {
            self.entries.fill(Entry::default());
        }
        self.live = 0;
        self.keys.clear();
        self.mids.clear();
        if !self.key_slots.is_empty() {
            self.key_slots.clear();
            self.key_slots
                .resize(1 << self.min_key_bits, KeySlot::default());
        }
        self.key_bits = self.min_key_bits;
    }

    /// Statistics as [`super::tt::Tt::stats`] gives them: stores, probes
    /// answered, evictions when full, probes, masks looked up.
    pub fn stats(&self) -> [u64; 5] {
        let s = self.stats;
        [s.stores, s.answered, s.evictions, s.probes, s.compared]
    }

    /// The number of a key, if stored.
    #[inline(always)]
    fn find_key(&self, shape: u64, ctx: u32) -> Option<u32> {
        if self.key_slots.is_empty() {
            return None;
        }
        let m = (1usize << self.key_bits) - 1;
        let mut i = key_home(shape, ctx, self.key_bits);
        loop {
            let s = self.key_slots[i & m];
            if s.shape == shape.wrapping_add(1) && s.ctx == ctx {
                return Some(s.id);
            }
            if s.shape == 0 {
                return None;
            }
            i += 1;
        }
    }

    /// The slot of a pattern of hash `h`, or the empty slot where it would
    /// go.
    #[inline(always)]
    fn entry_slot(&self, h: u64, mid: u32, p0: u64, p1: u64) -> (usize, bool) {
        let m = (1usize << self.entry_bits) - 1;
        let mut i = (h >> (64 - self.entry_bits)) as usize;
        loop {
            let e = &self.entries[i & m];
            if e.mid == mid && e.p0 == p0 && e.p1 == p1 {
                return (i & m, true);
            }
            if e.mid == 0 {
                return (i & m, false);
            }
            i += 1;
        }
    }

    /// A bound deciding whether the side on lead takes at least `target`
    /// from the trick start of `key`, if one is stored. When none decides
    /// and `want_hint`, sets `hint` to the move code of the most specific
    /// pattern that matches and has one (if any).
    #[inline]
    pub fn probe<P: Pattern>(
        &mut self,
        key: &TtKey<P>,
        target: u32,
        hint: &mut u8,
        want_hint: bool,
    ) -> Option<Hit<P>> {
        self.stats.probes += 1;
        let id = self.find_key(key.shape, key.ctx)? as usize;
        let [p0, p1] = key.owners.planes();
        let t = target.min(u8::MAX as u32) as u8;
        let decides = |lo: u8, hi: u8| lo >= t || hi < t;
        let k = &self.keys[id];
        let mut compared = 1;
        let mut found = None;
        if let Some(l) = k.last {
            if decides(l.lo, l.hi) && ((p0 ^ l.p0) | (p1 ^ l.p1)) & l.mask == 0 {
                found = Some(l);
            }
        }
        if found.is_none() {
            let mut mv = u8::MAX;
            for m in &k.masks {
                if !decides(m.lo, m.hi) {
                    continue;
                }
                let Some(e) = self.lookup(m, p0, p1, &mut compared) else {
                    continue;
                };
                if decides(e.lo, e.hi) {
                    found = Some(Last {
                        p0: e.p0,
                        p1: e.p1,
                        mask: m.mask,
                        lo: e.lo,
                        hi: e.hi,
                    });
                    break;
                }
                if e.mv != u8::MAX {
                    mv = e.mv;
                }
            }
            if found.is_some() {
                self.keys[id].last = found;
            } else if want_hint {
                if mv == u8::MAX {
                    // The masks skipped for their intervals, the most
                    // specific first.
                    mv = k
                        .masks
                        .iter()
                        .rev()
                        .filter(|m| !decides(m.lo, m.hi))
                        .filter_map(|m| self.lookup(m, p0, p1, &mut compared))
                        .map(|e| e.mv)
                        .find(|&mv| mv != u8::MAX)
                        .unwrap_or(u8::MAX);
                }
                *hint = mv;
            }
        }
        self.stats.compared += compared;
        let l = found?;
        self.stats.answered += 1;
        let at_least = l.lo >= t;
        Some(Hit {
            at_least,
            bound: if at_least { l.lo } else { l.hi } as u32,
            mask: P::from_planes([l.mask, l.mask]),
        })
    }

    /// The pattern of mask `m` that owners `p0`, `p1` match, if stored
    /// (`compared` counts the lookups past the mask's filter).
    #[inline(always)]
    fn lookup(&self, m: &MaskRec, p0: u64, p1: u64, compared: &mut u64) -> Option<Entry> {
        let (a, b) = (p0 & m.mask, p1 & m.mask);
        let h = entry_hash(m.mid, a, b);
        let (w, bit) = filter_bit(h);
        if m.filter[w] & bit == 0 {
            return None;
        }
        *compared += 1;
        let (i, hit) = self.entry_slot(h, m.mid, a, b);
        hit.then(|| self.entries[i])
    }

    /// Stores `lower..=upper` for the side on lead at every trick start of
    /// `key`'s shape and context whose owners agree with `key`'s on the
    /// cards of `mask`, with the move code `hint` (`u8::MAX` for none: a
    /// code stored before is kept).
    pub fn store<P: Pattern>(&mut self, key: &TtKey<P>, mask: P, lower: u32, upper: u32, hint: u8) {
        self.stats.stores += 1;
        if self.entries.is_empty() && self.reserve().is_err() {
            return;
        }
        let [p0, p1] = key.owners.planes();
        let [m, _] = mask.planes();
        let (lo, hi) = (
            lower.min(u8::MAX as u32) as u8,
            upper.min(u8::MAX as u32) as u8,
        );
        if 4 * (self.live + 1) > 3 << self.entry_bits {
            if self.entry_bits < self.max_entry_bits {
                self.grow_entries();
            } else {
                self.evict();
            }
        }
        if self.mids.len() >= self.max_masks {
            self.evict();
        }
        self.put(key.shape, key.ctx, m, p0 & m, p1 & m, lo, hi, hint);
    }

    /// Stores a pattern (the table has room).
    #[allow(clippy::too_many_arguments)]
    fn put(&mut self, shape: u64, ctx: u32, m: u64, p0: u64, p1: u64, lo: u8, hi: u8, mv: u8) {
        let id = self.key_id(shape, ctx) as usize;
        let masks = &mut self.keys[id].masks;
        let k = match masks.iter().position(|r| r.mask == m) {
            Some(k) => k,
            None => {
                let mid = self.mids.len() as u32 + 1;
                self.mids.push((id as u32, m));
                let n = m.count_ones();
                let at = masks
                    .iter()
                    .position(|r| r.mask.count_ones() > n)
                    .unwrap_or(masks.len());
                masks.insert(
                    at,
                    MaskRec {
                        mask: m,
                        mid,
                        lo: 0,
                        hi: u8::MAX,
                        filter: [0; 2],
                    },
                );
                at
            }
        };
        let mid = masks[k].mid;
        let h = entry_hash(mid, p0, p1);
        let (w, bit) = filter_bit(h);
        masks[k].filter[w] |= bit;
        let (i, hit) = self.entry_slot(h, mid, p0, p1);
        let e = &mut self.entries[i];
        if hit {
            e.lo = e.lo.max(lo);
            e.hi = e.hi.min(hi);
            if mv != u8::MAX {
                e.mv = mv;
            }
        } else {
            *e = Entry {
                mid,
                lo,
                hi,
                mv,
                p0,
                p1,
            };
            self.live += 1;
        }
        let (lo, hi) = (e.lo, e.hi);
        let r = &mut self.keys[id].masks[k];
        r.lo = r.lo.max(lo);
        r.hi = r.hi.min(hi);
    }

    /// The number of a key, made if new.
    fn key_id(&mut self, shape: u64, ctx: u32) -> u32 {
        if let Some(id) = self.find_key(shape, ctx) {
            return id;
        }
        if 4 * (self.keys.len() + 1) > 3 << self.key_bits {
            self.grow_keys();
        }
        let id = self.keys.len() as u32;
        self.keys.push(KeyRec {
            shape,
            ctx,
            masks: Vec::new(),
            last: None,
        });
        self.place_key(shape, ctx, id);
        id
    }

    fn place_key(&mut self, shape: u64, ctx: u32, id: u32) {
        let m = (1usize << self.key_bits) - 1;
        let mut i = key_home(shape, ctx, self.key_bits);
        while self.key_slots[i & m].shape != 0 {
            i += 1;
        }
        self.key_slots[i & m] = KeySlot {
            shape: shape.wrapping_add(1),
            ctx,
            id,
        };
    }

    /// Doubles the keys' table.
    #[cold]
    fn grow_keys(&mut self) {
        self.key_bits += 1;
        self.key_slots.clear();
        self.key_slots
            .resize(1 << self.key_bits, KeySlot::default());
        for id in 0..self.keys.len() {
            let (s, c) = (self.keys[id].shape, self.keys[id].ctx);
            self.place_key(s, c, id as u32);
        }
    }

    /// Doubles the patterns' table (within the memory reserved for it).
    #[cold]
    fn grow_entries(&mut self) {
        let old: Vec<Entry> = self
            .entries
            .iter()
            .copied()
            .filter(|e| e.mid != 0)
            .collect();
        self.entry_bits += 1;
        self.entries.clear();
        self.entries.resize(1 << self.entry_bits, Entry::default());
        for e in old {
            let (i, _) = self.entry_slot(entry_hash(e.mid, e.p0, e.p1), e.mid, e.p0, e.p1);
            self.entries[i] = e;
        }
    }

    /// Makes room: forgets the keys with the fewest cards left until about
    /// half the patterns are free (everything when they all have as many).
    #[cold]
    fn evict(&mut self) {
        self.stats.evictions += 1;
        let mut by = [0usize; 65];
        let mut masks_by = [0usize; 65];
        for k in &self.keys {
            masks_by[cards(k.shape).min(64)] += k.masks.len();
        }
        for e in self.entries.iter().filter(|e| e.mid != 0) {
            let (id, _) = self.mids[e.mid as usize - 1];
            by[cards(self.keys[id as usize].shape).min(64)] += 1;
        }
        let (mut freed, mut masks_freed, mut cut) = (0, 0, 0);
        while cut < 64 && (freed < self.live / 2 || masks_freed < self.mids.len() / 2) {
            freed += by[cut];
            masks_freed += masks_by[cut];
            cut += 1;
        }
        let mut kept = Vec::with_capacity(self.live - freed.min(self.live));
        for e in self.entries.iter().filter(|e| e.mid != 0) {
            let (id, m) = self.mids[e.mid as usize - 1];
            let k = &self.keys[id as usize];
            if cards(k.shape) >= cut {
                kept.push((k.shape, k.ctx, m, *e));
            }
        }
        self.forget();
        for (shape, ctx, m, e) in kept {
            self.put(shape, ctx, m, e.p0, e.p1, e.lo, e.hi, e.mv);
        }
    }
}

//! The memory of a transposition table: bounds on the value of trick starts,
//! keyed by the exact suit lengths and a masked relative-rank pattern
//! (partition search). A search reaches it through [`super::tt::Tt`], which
//! holds one of its own or forwards to the stripes of a
//! [`super::shared::SharedTt`], each of them one of these.
//!
//! An entry says: "in every position with this shape and context whose
//! owners agree with `owners` wherever `mask` is set, the side on lead wins at
//! least `lower` and at most `upper` from here". Bounds are stored for the
//! side on lead, so entries are shared by searches for either side and by the
//! solves of the different leaders of one deal.
//!
//! Layout: an open-addressing table of shapes (suit lengths + context), each
//! pointing to a chain of blocks of entries in one arena (the blocks' heads
//! in one array, their entries in one array a field; a shape's first block
//! holds two entries with [`Table::small_first`], every other block eight).
//! All memory is reserved up front from the configured budget; when the
//! arena or the shape table is full, the whole table is reset (entries are
//! only hints), or with [`Table::keep_newest`] only its older half is
//! dropped.

use super::game::{HeapUnits, Pattern, TtKey};
use crate::error::{Error, Result};

/// The entries of a whole block.
const BLOCK: usize = 8;

/// The flag bit of an entry's heap units ([`Table::store_heap`]): on the
/// first count, "the side on lead takes everything from here" (its lower
/// bound is all that is left); on the second, "it takes nothing" (its upper
/// bound is 0). The side that takes everything makes every collection, and
/// so the next one, on every line its strategy allows: the entry then holds
/// at any heap, moved by the weight that differs (and an entry taking
/// nothing holds at any heap as it is).
pub const HEAP_FLAG: u8 = 0x80;

/// An entry's bounds `(lower, upper)`, stored for the heap `stored` (units
/// with their [`HEAP_FLAG`]s), widened to the probe's `heap`: the lower
/// bound loses the weight the probe's heap lacks and the upper bound gains
/// the weight it holds beyond (see [`HeapUnits`]), except where a flag
/// says which side collects next.
#[inline]
fn widen((lower, upper): (u8, u8), stored: [u8; 2], heap: HeapUnits) -> (u32, u32) {
    let units = [stored[0] & !HEAP_FLAG, stored[1] & !HEAP_FLAG];
    let (more, less) = heap.against(units);
    let (lower, upper) = (lower as u32, upper as u32);
    if stored[0] & HEAP_FLAG != 0 {
        // All of it: every heap goes to the side on lead.
        let _ = upper;
        let l = (lower + more).saturating_sub(less);
        (l, l)
    } else if stored[1] & HEAP_FLAG != 0 {
        (0, 0)
    } else {
        (lower.saturating_sub(less), upper + more)
    }
}
/// The work classes a block kept by [`Table::keep_costly`] loses at each
/// reset.
const AGEING: u8 = 1;

/// Most entries chained for one shape (older blocks are recycled).
const MAX_CHAIN: usize = 32 * BLOCK;

/// The entries of a shape's first block with [`Table::small_first`].
pub const FIRST: usize = 2;

/// A table starts with `2^12` shape slots in use (64 KiB) and doubles them
/// as they fill, up to those its budget holds: a small search writes (and
/// the machine maps) only the slots it needs, not every slot of a table
/// of tens of MiB at each call.
const FIRST_SLOT_BITS: u32 = 12;

/// A block of entries of one shape, chained newest first: the entries
/// `start .. start + len` of the table's entry arrays, of which it holds
/// `start .. start + cap` (`cap` the start of the next block of the arena,
/// or the arrays' end). Entry `i` says the side on lead wins
/// `bounds[i].0 ..= bounds[i].1` wherever the position's owners agree with
/// `owners[i]` under `masks[i]`.
#[derive(Copy, Clone, Debug, Default)]
struct Block {
    /// Index + 1 of the next (older) block, 0 for none, in the low
    /// [`NEXT_BITS`] bits; in the top five, the work class of the costliest
    /// search stored in the block ([`work_class`], at most 31).
    link: u32,
    /// `start << 4 | len`.
    pos: u32,
}

/// The bits of a block's link to the next block.
const NEXT_BITS: u32 = 27;
/// A block link's next block.
const NEXT_MASK: u32 = (1 << NEXT_BITS) - 1;

/// The class of a search of `nodes` nodes: the bits of `nodes` (0 for
/// none, 1 for one node, 2 for two or three, ...), at most 31.
#[inline]
pub fn work_class(nodes: u64) -> u8 {
    (64 - nodes.leading_zeros()).min(31) as u8
}

impl Block {
    fn new(next: u32, start: usize, len: usize) -> Block {
        Block {
            link: next,
            pos: (start as u32) << 4 | len as u32,
        }
    }

    /// Index + 1 of the next (older) block, 0 for none.
    #[inline]
    fn next(self) -> u32 {
        self.link & NEXT_MASK
    }

    fn set_next(&mut self, next: u32) {
        self.link = self.link & !NEXT_MASK | next;
    }

    /// The work class of the costliest search stored in the block.
    #[inline]
    fn class(self) -> u8 {
        (self.link >> NEXT_BITS) as u8
    }

    /// Notes a search of work class `class` stored in the block.
    #[inline]
    fn note(&mut self, class: u8) {
        let c = class.min(31);
        if c > self.class() {
            self.link = self.link & NEXT_MASK | (c as u32) << NEXT_BITS;
        }
    }

    fn set_class(&mut self, class: u8) {
        self.link = self.link & NEXT_MASK | (class.min(31) as u32) << NEXT_BITS;
    }

    #[inline]
    fn start(self) -> usize {
        (self.pos >> 4) as usize
    }

    #[inline]
    fn len(self) -> usize {
        (self.pos & 15) as usize
    }
}

/// Most entries a table holds (a block's start fits in 28 bits).
const MOST_ENTRIES: usize = 1 << 28;

#[derive(Copy, Clone, Debug, Default)]
struct ShapeSlot {
    shape: u64,
    /// Context + 1 (0 marks an empty slot).
    ctx: u32,
    /// Index + 1 of the newest block.
    head: u32,
}

/// What a probe found: the answer and the mask it relied on.
#[derive(Copy, Clone, Debug)]
pub struct Hit<P> {
    /// True when the entry proves "at least `target`", false for "below".
    pub at_least: bool,
    /// The entry's bound for the side on lead (widened to the probe's heap):
    /// its lower bound when `at_least`, else its upper bound.
    pub bound: u32,
    /// The ranks that matter for this bound.
    pub mask: P,
}

/// The entries of a table's blocks, one array a field (block `b` holds
/// `start .. start + cap` of each).
struct Entries<P> {
    bounds: Vec<(u8, u8)>,
    owners: Vec<P>,
    masks: Vec<P>,
    /// The game's code of the lead that cut off (`u8::MAX` for none).
    hints: Vec<u8>,
    /// The heap the bounds are for (`[0, 0]` for games that keep their
    /// heap in the key; see [`HeapUnits`]).
    heaps: Vec<[u8; 2]>,
}

/// One entry's fields.
type Entry<P> = ((u8, u8), P, P, u8, [u8; 2]);

impl<P: Pattern> Entries<P> {
    fn new() -> Self {
        Entries {
            bounds: Vec::new(),
            owners: Vec::new(),
            masks: Vec::new(),
            hints: Vec::new(),
            heaps: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.bounds.len()
    }

    fn capacity(&self) -> usize {
        self.bounds.capacity()
    }

    /// Room for `more` entries; false when the machine refuses it.
    fn try_reserve_exact(&mut self, more: usize) -> bool {
        self.bounds.try_reserve_exact(more).is_ok()
            && self.owners.try_reserve_exact(more).is_ok()
            && self.masks.try_reserve_exact(more).is_ok()
            && self.hints.try_reserve_exact(more).is_ok()
            && self.heaps.try_reserve_exact(more).is_ok()
    }

    /// `n` more (empty) entries at the end.
    fn grow(&mut self, n: usize) {
        let len = self.len() + n;
        self.bounds.resize(len, (0, 0));
        self.owners.resize(len, P::default());
        self.masks.resize(len, P::default());
        self.hints.resize(len, u8::MAX);
        self.heaps.resize(len, [0, 0]);
    }

    fn truncate(&mut self, n: usize) {
        self.bounds.truncate(n);
        self.owners.truncate(n);
        self.masks.truncate(n);
        self.hints.truncate(n);
        self.heaps.truncate(n);
    }

    /// Moves the entries `from .. from + n` to `to ..` (`to <= from`).
    fn move_down(&mut self, from: usize, to: usize, n: usize) {
        self.bounds.copy_within(from..from + n, to);
        self.owners.copy_within(from..from + n, to);
        self.masks.copy_within(from..from + n, to);
        self.hints.copy_within(from..from + n, to);
        self.heaps.copy_within(from..from + n, to);
    }

    #[inline]
    fn get(&self, i: usize) -> Entry<P> {
        (
            self.bounds[i],
            self.owners[i],
            self.masks[i],
            self.hints[i],
            self.heaps[i],
        )
    }

    #[inline]
    fn put(&mut self, i: usize, e: Entry<P>) {
        self.bounds[i] = e.0;
        self.owners[i] = e.1;
        self.masks[i] = e.2;
        self.hints[i] = e.3;
        self.heaps[i] = e.4;
    }

    /// Bytes an entry takes.
    fn bytes() -> usize {
        2 * std::mem::size_of::<P>() + 5
    }
}

/// The memory of one bounded-size transposition table (allocated on first
/// store): a one-thread [`super::tt::Tt`]'s own, or a stripe of a
/// [`super::shared::SharedTt`].
pub struct Table<P: Pattern> {
    slots: Vec<ShapeSlot>,
    used_slots: usize,
    blocks: Vec<Block>,
    entries: Entries<P>,
    max_blocks: usize,
    max_entries: usize,
    slot_bits: u32,
    /// The shape slots in use now: `2^live_bits` of the `2^slot_bits` the
    /// budget holds (the slots double as they fill, see [`FIRST_SLOT_BITS`]).
    live_bits: u32,
    /// The entries of a shape's first block ([`Table::small_first`]).
    first: usize,
    /// The budget in bytes.
    bytes: usize,
    /// Number of stores (statistics).
    pub stores: u64,
    /// Number of probes that cut off (statistics).
    pub hits: u64,
    /// Number of resets because the table was full (statistics).
    pub resets: u64,
    /// Number of probes and of entries they compared (statistics).
    pub probes: u64,
    /// Entries compared by probes (statistics).
    pub scanned: u64,
    /// A full table keeps its newest half ([`Table::keep_newest`]).
    newest: bool,
    /// A full table keeps its costliest half ([`Table::keep_costly`]).
    costly: bool,
}

impl<P: Pattern> Table<P> {
    /// A table using at most about `bytes` bytes.
    pub fn with_bytes(bytes: usize) -> Table<P> {
        let mut t = Table {
            slots: Vec::new(),
            used_slots: 0,
            blocks: Vec::new(),
            entries: Entries::new(),
            max_blocks: 0,
            max_entries: 0,
            slot_bits: 4,
            live_bits: 4,
            first: BLOCK,
            bytes,
            stores: 0,
            hits: 0,
            resets: 0,
            probes: 0,
            scanned: 0,
            newest: false,
            costly: false,
        };
        t.size();
        t
    }

    /// The shape slots, blocks and entries the budget holds with the
    /// current first block.
    fn size(&mut self) {
        let bytes = self.bytes;
        let slot = std::mem::size_of::<ShapeSlot>();
        let head = std::mem::size_of::<Block>();
        let entry = Entries::<P>::bytes();
        let mut slot_bits = 4;
        if self.first >= BLOCK {
            // One shape slot per block of `BLOCK` entries, rounded down to
            // a power of two.
            let block = head + BLOCK * entry;
            while (1usize << (slot_bits + 1)) * (slot + block) <= bytes {
                slot_bits += 1;
            }
            self.max_blocks = (bytes.saturating_sub((1usize << slot_bits) * slot) / block).max(16);
            self.max_entries = self.max_blocks * BLOCK;
        } else {
            // At most a quarter of the budget for the shape slots (a power
            // of two of them); the rest for entries, with a block head for
            // every `first` of them.
            while (1usize << (slot_bits + 1)) * slot * 2 <= bytes {
                slot_bits += 1;
            }
            let per = self.first * entry + head;
            self.max_blocks = (bytes.saturating_sub((1usize << slot_bits) * slot) / per).max(16);
            self.max_entries = self.max_blocks * self.first;
        }
        if self.max_entries > MOST_ENTRIES {
            self.max_blocks = (self.max_blocks as u128 * MOST_ENTRIES as u128
                / self.max_entries as u128) as usize;
            self.max_entries = MOST_ENTRIES;
        }
        if self.max_blocks > NEXT_MASK as usize {
            // A block's index + 1 fits in its link.
            self.max_entries = self.max_entries / self.max_blocks * NEXT_MASK as usize;
            self.max_blocks = NEXT_MASK as usize;
        }
        self.slot_bits = slot_bits;
        self.live_bits = slot_bits.min(FIRST_SLOT_BITS);
    }

    /// With `on`, a shape's first block holds [`FIRST`] entries and its
    /// later ones `BLOCK` (`Switches::small_first`), and up to a quarter of
    /// the budget goes to shape slots: a search that stores one or two
    /// entries for most sets of cards in play keeps several times as many
    /// of them (a 57 MiB table: 524,288 shape slots and 1.25 M entries
    /// against 131,072 and 1.5 M).
    /// A table whose layout changes is emptied (and its memory given back).
    pub fn small_first(&mut self, on: bool) {
        let first = if on { FIRST } else { BLOCK };
        if first == self.first {
            return;
        }
        self.first = first;
        self.slots = Vec::new();
        self.used_slots = 0;
        self.blocks = Vec::new();
        self.entries = Entries::new();
        self.size();
    }

    /// When the table is full: with `on`, only its older half is dropped
    /// (`Switches::keep_newest`: the shapes whose newest block is among the
    /// newer half of the arena keep their blocks of that half), so that a
    /// search that fills the table keeps what it found last; without, the
    /// whole table is cleared.
    pub fn keep_newest(&mut self, on: bool) {
        self.newest = on;
    }

    /// When the table is full: with `on`, the blocks of its costliest
    /// searches are kept (`Switches::keep_costly`): those whose entries took
    /// the most nodes to find ([`Table::store_heap`]'s `work`), at most half
    /// the shapes in use and half the arena, each kept block counted as
    /// half as costly after each reset; without, [`Table::keep_newest`] or
    /// a clear.
    pub fn keep_costly(&mut self, on: bool) {
        self.costly = on;
    }

    /// Allocates the table now (otherwise its first store does) as a
    /// fallible allocation: memory the machine cannot give (a process memory
    /// limit, an address space too small) is an error naming the size, never
    /// an abort.
    pub fn reserve(&mut self) -> Result<()> {
        if !self.slots.is_empty() {
            return Ok(());
        }
        let refuse = |bytes: usize| {
            Error::State(format!(
                "cannot allocate a transposition table of {} MiB: ask for less with tt_mib",
                bytes.div_ceil(1 << 20)
            ))
        };
        let n = 1usize << self.slot_bits;
        let mut slots = Vec::new();
        // The memory of every slot the budget holds, but only the first
        // ones written (the rest are written as the slots double).
        slots
            .try_reserve_exact(n)
            .map_err(|_| refuse(self.capacity_bytes()))?;
        slots.resize(1 << self.live_bits, ShapeSlot::default());
        let mut blocks = Vec::new();
        blocks
            .try_reserve_exact(self.max_blocks)
            .map_err(|_| refuse(self.capacity_bytes()))?;
        let mut entries = Entries::new();
        if !entries.try_reserve_exact(self.max_entries) {
            return Err(refuse(self.capacity_bytes()));
        }
        self.slots = slots;
        self.blocks = blocks;
        self.entries = entries;
        Ok(())
    }

    /// Statistics: stores, cut-off hits, resets because full, probes and
    /// entries compared by the probes.
    pub fn stats(&self) -> [u64; 5] {
        [
            self.stores,
            self.hits,
            self.resets,
            self.probes,
            self.scanned,
        ]
    }

    /// Bytes the table holds now (its first store allocates; a table not
    /// reserved up front grows its arena as it fills).
    pub fn allocated_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<ShapeSlot>()
            + self.blocks.capacity() * std::mem::size_of::<Block>()
            + self.entries.capacity() * Entries::<P>::bytes()
    }

    /// Bytes the table uses once allocated.
    pub fn capacity_bytes(&self) -> usize {
        (1usize << self.slot_bits) * std::mem::size_of::<ShapeSlot>()
            + self.max_blocks * std::mem::size_of::<Block>()
            + self.max_entries * Entries::<P>::bytes()
    }

    /// Forgets every entry (keeps the memory).
    pub fn clear(&mut self) {
        if self.used_slots > 0 {
            self.slots
                .iter_mut()
                .for_each(|s| *s = ShapeSlot::default());
        }
        self.used_slots = 0;
        self.blocks.clear();
        self.entries.truncate(0);
    }

    #[inline]
    fn home(&self, shape: u64, ctx: u32) -> usize {
        let h = (shape ^ (ctx as u64).rotate_left(43)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - self.live_bits)) as usize
    }

    /// The slot of a shape, if present.
    #[inline]
    fn find(&self, shape: u64, ctx: u32) -> Option<usize> {
        let mask = (1usize << self.live_bits) - 1;
        let mut i = self.home(shape, ctx);
        loop {
            let s = &self.slots[i];
            if s.ctx == 0 {
                return None;
            }
            if s.shape == shape && s.ctx == ctx + 1 {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// The entries block `b` (index + 1) holds room for.
    #[inline]
    fn cap(&self, b: u32) -> usize {
        let b = b as usize;
        let end = match self.blocks.get(b) {
            Some(next) => next.start(),
            None => self.entries.len(),
        };
        end - self.blocks[b - 1].start()
    }

    /// Looks for a bound deciding whether the side on lead reaches `target`
    /// (see [`super::tt::Tt::probe_hint`] for `hint`, `want_hint` and
    /// `promote`). For a key that leaves the heap out, each entry's bounds
    /// are widened by the weight in which `heap` differs from the entry's
    /// (`None`: entries are read as stored).
    #[inline]
    pub fn probe_heap(
        &mut self,
        key: &TtKey<P>,
        heap: Option<HeapUnits>,
        target: u32,
        hint: &mut u8,
        want_hint: bool,
        promote: bool,
    ) -> Option<Hit<P>> {
        if self.used_slots == 0 {
            return None;
        }
        self.probes += 1;
        let slot = self.find(key.shape, key.ctx)?;
        let head = self.slots[slot].head;
        let (i, at_least) = match heap {
            None => {
                let i = self.scan(head, key, target, hint, want_hint)?;
                (i, self.entries.bounds[i].0 as u32 >= target)
            }
            Some(h) => self.scan_heap(head, key, h, target, hint, want_hint)?,
        };
        self.hits += 1;
        let e = &self.entries;
        let (lower, upper) = match heap {
            Some(h) => widen(e.bounds[i], e.heaps[i], h),
            None => (e.bounds[i].0 as u32, e.bounds[i].1 as u32),
        };
        let hit = Hit {
            at_least,
            bound: if at_least { lower } else { upper },
            mask: e.masks[i],
        };
        if promote {
            self.promote(head, i);
        }
        Some(hit)
    }

    /// The chain from `head`, newest first: the entry that first decides
    /// `target` for `key`.
    #[inline]
    fn scan(
        &mut self,
        head: u32,
        key: &TtKey<P>,
        target: u32,
        hint: &mut u8,
        mut want_hint: bool,
    ) -> Option<usize> {
        let mut b = head;
        let e = &self.entries;
        while b != 0 {
            let block = self.blocks[b as usize - 1];
            self.scanned += block.len() as u64;
            let start = block.start();
            for i in (start..start + block.len()).rev() {
                // Bounds first: they are few bytes and rule most entries out.
                let (lower, upper) = e.bounds[i];
                let at_least = lower as u32 >= target;
                if !at_least && upper as u32 >= target {
                    if want_hint && e.hints[i] != u8::MAX && key.owners & e.masks[i] == e.owners[i]
                    {
                        *hint = e.hints[i];
                        want_hint = false;
                    }
                    continue;
                }
                if key.owners & e.masks[i] != e.owners[i] {
                    continue;
                }
                return Some(i);
            }
            b = block.next();
        }
        None
    }

    /// [`Table::scan`] with each entry's bounds widened to `heap`: the entry
    /// and answer (at least `target` or below it) of the first entry that
    /// decides.
    #[inline]
    fn scan_heap(
        &mut self,
        head: u32,
        key: &TtKey<P>,
        heap: HeapUnits,
        target: u32,
        hint: &mut u8,
        mut want_hint: bool,
    ) -> Option<(usize, bool)> {
        let mut b = head;
        let e = &self.entries;
        while b != 0 {
            let block = self.blocks[b as usize - 1];
            self.scanned += block.len() as u64;
            let start = block.start();
            for i in (start..start + block.len()).rev() {
                let (lower, upper) = widen(e.bounds[i], e.heaps[i], heap);
                let at_least = lower >= target;
                if !at_least && upper >= target {
                    if want_hint && e.hints[i] != u8::MAX && key.owners & e.masks[i] == e.owners[i]
                    {
                        *hint = e.hints[i];
                        want_hint = false;
                    }
                    continue;
                }
                if key.owners & e.masks[i] != e.owners[i] {
                    continue;
                }
                return Some((i, at_least));
            }
            b = block.next();
        }
        None
    }

    /// Swaps entry `i` with the newest entry of the chain (in block
    /// `head`), so that probes meet it first.
    #[cold]
    fn promote(&mut self, head: u32, i: usize) {
        let h = self.blocks[head as usize - 1];
        let j = h.start() + h.len() - 1;
        if i == j {
            return;
        }
        let x = self.entries.get(i);
        let y = self.entries.get(j);
        self.entries.put(i, y);
        self.entries.put(j, x);
    }

    /// Stores a bound for the side on lead: `lower..=upper` holds for every
    /// position matching `key` under `mask` (for a key that leaves the heap
    /// out, at a heap of `heap` units: see [`Table::probe_heap`]), with the
    /// move code `hint` (`u8::MAX` for none; an existing code is kept then),
    /// found by a search of `work` nodes (0 when not counted; see
    /// [`Table::keep_costly`]).
    #[allow(clippy::too_many_arguments)]
    pub fn store_heap(
        &mut self,
        key: &TtKey<P>,
        heap: [u8; 2],
        mask: P,
        lower: u32,
        upper: u32,
        hint: u8,
        work: u64,
    ) {
        if self.slots.is_empty() {
            let mut slots = Vec::new();
            if slots.try_reserve_exact(1 << self.slot_bits).is_err() {
                // No memory for the table: nothing is kept (entries are
                // only hints).
                return;
            }
            slots.resize(1 << self.live_bits, ShapeSlot::default());
            self.slots = slots;
        }
        self.stores += 1;
        let class = work_class(work);
        let owners = key.owners & mask;
        let slot = match self.find(key.shape, key.ctx) {
            Some(s) => s,
            None => {
                if 4 * (self.used_slots + 1) > 3 << self.live_bits {
                    // Three quarters of the slots in use: twice as many,
                    // or once the budget's all are in use, a reset.
                    if self.live_bits < self.slot_bits {
                        self.grow_slots();
                    } else {
                        self.reset();
                    }
                }
                let mut i = self.home(key.shape, key.ctx);
                let m = (1usize << self.live_bits) - 1;
                while self.slots[i].ctx != 0 {
                    i = (i + 1) & m;
                }
                self.slots[i] = ShapeSlot {
                    shape: key.shape,
                    ctx: key.ctx + 1,
                    head: 0,
                };
                self.used_slots += 1;
                i
            }
        };
        // Tighten an entry with the same pattern if there is one.
        let mut b = self.slots[slot].head;
        let e = &mut self.entries;
        while b != 0 {
            let block = self.blocks[b as usize - 1];
            let start = block.start();
            for i in start..start + block.len() {
                let h = &mut e.heaps[i];
                if e.masks[i] == mask
                    && e.owners[i] == owners
                    && h[0] & !HEAP_FLAG == heap[0] & !HEAP_FLAG
                    && h[1] & !HEAP_FLAG == heap[1] & !HEAP_FLAG
                {
                    // Bounds only tighten, so a flag once set stays true.
                    h[0] |= heap[0] & HEAP_FLAG;
                    h[1] |= heap[1] & HEAP_FLAG;
                    let (lo, hi) = &mut e.bounds[i];
                    *lo = (*lo).max(lower as u8);
                    *hi = (*hi).min(upper as u8);
                    if hint != u8::MAX {
                        e.hints[i] = hint;
                    }
                    self.blocks[b as usize - 1].note(class);
                    return;
                }
            }
            b = block.next();
        }
        let entry = ((lower as u8, upper as u8), owners, mask, hint, heap);
        let head = self.slots[slot].head;
        if head != 0 && self.blocks[head as usize - 1].len() < self.cap(head) {
            let block = &mut self.blocks[head as usize - 1];
            let i = block.start() + block.len();
            block.pos += 1;
            block.note(class);
            self.entries.put(i, entry);
            return;
        }
        // A long chain: recycle its oldest block as the new head, so that
        // probes never scan more than `MAX_CHAIN` entries.
        let mut chain = 0;
        let mut prev = 0u32;
        let mut b = head;
        while b != 0 {
            chain += self.cap(b);
            if self.blocks[b as usize - 1].next() == 0 {
                break;
            }
            prev = b;
            b = self.blocks[b as usize - 1].next();
        }
        // The next block: the first of a shape small, the later ones whole.
        let cap = if head == 0 { self.first } else { BLOCK };
        if chain + cap > MAX_CHAIN && prev != 0 {
            self.blocks[prev as usize - 1].set_next(0);
            let block = &mut self.blocks[b as usize - 1];
            let i = block.start();
            *block = Block::new(head, i, 1);
            block.note(class);
            self.entries.put(i, entry);
            self.slots[slot].head = b;
            return;
        }
        if self.blocks.len() >= self.max_blocks
            || self.entries.len() + cap > self.max_entries
            || !self.room_for_a_block(cap)
        {
            if self.blocks.is_empty() {
                // No memory for a block: nothing is kept.
                return;
            }
            self.reset();
            return self.store_heap(key, heap, mask, lower, upper, hint, work);
        }
        let start = self.entries.len();
        self.entries.grow(cap);
        self.entries.put(start, entry);
        let mut block = Block::new(head, start, 1);
        block.note(class);
        self.blocks.push(block);
        self.slots[slot].head = self.blocks.len() as u32;
    }

    /// Whether a block of `cap` entries can be added without growing the
    /// arena infallibly: a table not reserved up front ([`Table::reserve`];
    /// a stripe of a shared table) grows its arena by doubling, up to its
    /// size, and a growth the machine refuses is answered by a reset.
    fn room_for_a_block(&mut self, cap: usize) -> bool {
        let len = self.blocks.len();
        if len >= self.blocks.capacity() {
            let want = (2 * len).clamp(16, self.max_blocks) - len;
            if self.blocks.try_reserve_exact(want).is_err() {
                return false;
            }
        }
        let n = self.entries.len();
        if n + cap > self.entries.capacity() {
            let want = (2 * n).clamp(16 * BLOCK, self.max_entries).max(n + cap) - n;
            if !self.entries.try_reserve_exact(want) {
                return false;
            }
        }
        true
    }

    /// Twice as many shape slots in use (within the memory reserved for
    /// the budget's slots): every shape placed anew from its home at the
    /// new size. The table answers as before: a shape is found by its
    /// shape and context wherever it lies, and the reset still comes when
    /// three quarters of the budget's slots are in use.
    #[cold]
    fn grow_slots(&mut self) {
        let shapes: Vec<ShapeSlot> = self.slots.iter().copied().filter(|s| s.ctx != 0).collect();
        self.live_bits += 1;
        self.slots
            .iter_mut()
            .for_each(|s| *s = ShapeSlot::default());
        self.slots.resize(1 << self.live_bits, ShapeSlot::default());
        let mask = (1usize << self.live_bits) - 1;
        for slot in shapes {
            let mut i = self.home(slot.shape, slot.ctx - 1);
            while self.slots[i].ctx != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }

    fn reset(&mut self) {
        self.resets += 1;
        if self.costly && self.keep_costly_half() {
            return;
        }
        if !(self.newest && self.keep_newer_half()) {
            self.clear();
        }
    }

    /// Keeps the blocks of the costliest searches: those of the highest
    /// work classes, down to the class at which more would take over half
    /// the shapes in use or half the arena; of that class, the newest
    /// blocks that still fit. The blocks kept move to the front of the
    /// arena in their order, each shape's chain keeps its blocks kept in
    /// its order, the shapes left without one are dropped and the rest
    /// placed anew; each block kept is then [`AGEING`] classes cheaper, so
    /// that the searches of long ago give way to those of now. False when
    /// no memory for the marks.
    fn keep_costly_half(&mut self) -> bool {
        let len = self.blocks.len();
        // By work class: the shapes whose costliest block is of the class,
        // and the arena's entries in blocks of the class.
        let mut shapes = [0usize; 32];
        let mut room = [0usize; 32];
        for i in 0..len {
            room[self.blocks[i].class() as usize] += self.cap(i as u32 + 1);
        }
        for slot in self.slots.iter().filter(|s| s.ctx != 0) {
            let (mut b, mut c) = (slot.head, 0);
            while b != 0 {
                let block = self.blocks[b as usize - 1];
                c = c.max(block.class());
                b = block.next();
            }
            shapes[c as usize] += 1;
        }
        let (most_shapes, most_room) = (self.used_slots / 2, self.entries.len() / 2);
        // Classes `whole..` are kept whole.
        let (mut whole, mut s, mut r) = (32, 0, 0);
        while whole > 0 && s + shapes[whole - 1] <= most_shapes && r + room[whole - 1] <= most_room
        {
            whole -= 1;
            s += shapes[whole];
            r += room[whole];
        }
        // Each block's index + 1 after the move (0: dropped), and the
        // shapes kept.
        let mut moved: Vec<u32> = Vec::new();
        let mut kept: Vec<ShapeSlot> = Vec::new();
        if moved.try_reserve_exact(len).is_err() || kept.try_reserve_exact(most_shapes).is_err() {
            return false;
        }
        moved.resize(len, 0);
        for i in (0..len).rev() {
            let c = self.blocks[i].class() as usize;
            let cap = self.cap(i as u32 + 1);
            if c >= whole {
                moved[i] = 1;
            } else if c + 1 == whole && s < most_shapes && r + cap <= most_room {
                // A block of the class in part: a new shape at most.
                moved[i] = 1;
                s += 1;
                r += cap;
            }
        }
        // The chains through their blocks kept.
        for k in 0..self.slots.len() {
            let slot = self.slots[k];
            if slot.ctx == 0 {
                continue;
            }
            let (mut b, mut head, mut last) = (slot.head, 0u32, 0u32);
            while b != 0 {
                let next = self.blocks[b as usize - 1].next();
                if moved[b as usize - 1] != 0 {
                    if last == 0 {
                        head = b;
                    } else {
                        self.blocks[last as usize - 1].set_next(b);
                    }
                    last = b;
                }
                b = next;
            }
            if last != 0 {
                self.blocks[last as usize - 1].set_next(0);
                kept.push(ShapeSlot { head, ..slot });
            }
        }
        self.keep_marked(&mut moved, kept, AGEING);
        true
    }

    /// Drops the blocks of the older half of the arena and the shapes
    /// whose newest block is there; the blocks kept move to the front of
    /// the arena in their order and the shapes are placed anew. False when
    /// nothing could be kept this way (no memory for the move, or the
    /// shapes kept would still fill the table).
    fn keep_newer_half(&mut self) -> bool {
        let len = self.blocks.len();
        let half = len / 2;
        // Each block's index + 1 after the move (0: dropped).
        let mut moved: Vec<u32> = Vec::new();
        let mut kept: Vec<ShapeSlot> = Vec::new();
        if moved.try_reserve_exact(len).is_err() || kept.try_reserve_exact(len - half).is_err() {
            return false;
        }
        moved.resize(len, 0);
        for slot in &self.slots {
            // A chain is newest first; a recycled oldest block can be its
            // head, so a chain is followed only while in the newer half.
            let mut b = slot.head as usize;
            if slot.ctx == 0 || b <= half {
                continue;
            }
            kept.push(*slot);
            while b > half {
                moved[b - 1] = 1;
                b = self.blocks[b - 1].next() as usize;
            }
        }
        if 4 * (kept.len() + 1) > 3 << self.slot_bits {
            return false;
        }
        self.keep_marked(&mut moved, kept, 0);
        true
    }

    /// Keeps the blocks marked in `moved` (non-zero) and the shapes `kept`
    /// (their chains through blocks kept only): the blocks and their
    /// entries move to the front of the arena in their order (a block's
    /// entries never move up: its start only decreases), each `age`
    /// classes cheaper, `moved` becomes each block's index + 1 after the
    /// move (0: dropped), and the shapes are placed anew.
    fn keep_marked(&mut self, moved: &mut [u32], kept: Vec<ShapeSlot>, age: u8) {
        let mut n = 0;
        let mut to = 0;
        for (i, m) in moved.iter_mut().enumerate() {
            if *m != 0 {
                let cap = self.cap(i as u32 + 1);
                let mut block = self.blocks[i];
                self.entries.move_down(block.start(), to, cap);
                block.pos = Block::new(0, to, block.len()).pos;
                block.set_class(block.class().saturating_sub(age));
                self.blocks[n] = block;
                to += cap;
                n += 1;
                *m = n as u32;
            }
        }
        self.blocks.truncate(n);
        self.entries.truncate(to);
        for block in &mut self.blocks {
            let next = block.next() as usize;
            block.set_next(if next == 0 { 0 } else { moved[next - 1] });
        }
        self.slots
            .iter_mut()
            .for_each(|s| *s = ShapeSlot::default());
        self.used_slots = 0;
        let mask = (1usize << self.live_bits) - 1;
        for slot in kept {
            let mut i = self.home(slot.shape, slot.ctx - 1);
            while self.slots[i].ctx != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = ShapeSlot {
                head: moved[slot.head as usize - 1],
                ..slot
            };
            self.used_slots += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl<P: Pattern> Table<P> {
        fn probe(&mut self, key: &TtKey<P>, target: u32) -> Option<Hit<P>> {
            let mut hint = u8::MAX;
            self.probe_heap(key, None, target, &mut hint, false, false)
        }

        fn store(&mut self, key: &TtKey<P>, mask: P, lower: u32, upper: u32) {
            self.store_heap(key, [0, 0], mask, lower, upper, u8::MAX, 0)
        }
    }

    #[test]
    fn masked_match_and_bounds() {
        let mut t: Table<u128> = Table::with_bytes(1 << 16);
        let key = TtKey {
            shape: 7,
            ctx: 1,
            owners: 0b1011u128,
        };
        t.store(&key, 0b0011, 2, 5);
        let other = TtKey {
            owners: 0b0111u128,
            ..key
        };
        assert!(t.probe(&other, 2).unwrap().at_least);
        assert!(!t.probe(&other, 6).unwrap().at_least);
        assert!(t.probe(&other, 3).is_none());
        let miss = TtKey {
            owners: 0b1001u128,
            ..key
        };
        assert!(t.probe(&miss, 2).is_none());
        assert!(t.capacity_bytes() <= 1 << 16);
    }

    /// An entry's bounds widened to another heap: by the weight that
    /// differs, except where the side on lead takes everything (moved by
    /// that weight exactly) or nothing (no heap changes it).
    #[test]
    fn heap_entries_widen_to_the_probes_heap() {
        let heap = |tricks: u8, tens: u8| HeapUnits {
            units: [tricks, tens],
            weights: [1, 14],
        };
        // Stored at a heap of 2 tricks; the probe's holds 3 tricks and a ten.
        let probe = heap(3, 1);
        assert_eq!(widen((10, 20), [2, 0], probe), (10, 35));
        // The probe's heap holds less: the lower bound loses it.
        assert_eq!(widen((10, 20), [4, 1], heap(3, 0)), (0, 20));
        // Everything (25 at the stored heap): 40 at the probe's.
        assert_eq!(widen((25, 25), [2 | HEAP_FLAG, 0], probe), (40, 40));
        assert_eq!(widen((25, 25), [5 | HEAP_FLAG, 0], heap(3, 0)), (23, 23));
        // Nothing.
        assert_eq!(widen((0, 0), [2, HEAP_FLAG], probe), (0, 0));
        // A probe through the table: the flagged entry decides at its heap
        // and at the probe's.
        let mut t: Table<u128> = Table::with_bytes(1 << 16);
        let key = TtKey {
            shape: 3,
            ctx: 0,
            owners: 0b110u128,
        };
        t.store_heap(&key, [2 | HEAP_FLAG, 0], u128::MAX, 25, 25, u8::MAX, 0);
        let mut hint = u8::MAX;
        let hit = t
            .probe_heap(&key, Some(probe), 40, &mut hint, false, false)
            .unwrap();
        assert!(hit.at_least && hit.bound == 40);
        assert!(t
            .probe_heap(&key, Some(probe), 41, &mut hint, false, false)
            .is_some_and(|h| !h.at_least && h.bound == 40));
    }

    /// Every block of the arena is on exactly one shape's chain.
    fn chains_hold_every_block_once<P: Pattern>(t: &Table<P>) {
        let mut seen = vec![false; t.blocks.len()];
        for slot in t.slots.iter().filter(|s| s.ctx != 0) {
            assert_eq!(
                t.find(slot.shape, slot.ctx - 1).map(|i| t.slots[i].head),
                Some(slot.head)
            );
            let mut b = slot.head as usize;
            while b != 0 {
                assert!(!seen[b - 1], "block {} on two chains", b - 1);
                seen[b - 1] = true;
                b = t.blocks[b - 1].next() as usize;
            }
        }
        assert!(seen.iter().all(|&x| x), "a block on no chain");
        // The blocks' entries follow each other in the arena, a whole
        // block holding `BLOCK` and a shape's first at least `first`.
        let mut end = 0;
        for (i, block) in t.blocks.iter().enumerate() {
            assert_eq!(block.start(), end);
            let cap = t.cap(i as u32 + 1);
            assert!(cap == t.first || cap == BLOCK, "a block of {}", cap);
            assert!(block.len() <= cap);
            end += cap;
        }
        assert_eq!(end, t.entries.len());
        assert!(t.entries.len() <= t.max_entries && t.blocks.len() <= t.max_blocks);
    }

    /// A full table that keeps its newest half: every entry still found
    /// has the bounds it was stored with, the entries stored last are all
    /// found, and the chains stay whole.
    #[test]
    fn a_full_table_keeps_its_newest_entries() {
        for (shapes, small) in [5u64, 97, 5_000]
            .into_iter()
            .flat_map(|n| [(n, false), (n, true)])
        {
            let mut t: Table<u128> = Table::with_bytes(1 << 15);
            t.keep_newest(true);
            t.small_first(small);
            let key = |i: u64| TtKey {
                shape: i % shapes,
                ctx: (i % 3) as u32,
                owners: u128::from(i) << 1,
            };
            let bound = |i: u64| (i % 40) as u32 + 1;
            let mut resets = 0;
            for i in 0..20_000u64 {
                t.store(&key(i), u128::MAX, bound(i), bound(i));
                if t.resets != resets {
                    resets = t.resets;
                    chains_hold_every_block_once(&t);
                }
                // The entries of the last few stores are all there.
                for j in i.saturating_sub(3)..=i {
                    let hit = t.probe(&key(j), bound(j)).expect("a new entry kept");
                    assert!(hit.at_least && hit.bound == bound(j));
                }
            }
            assert!(
                t.resets > 1,
                "{} shapes, small first {}: {} resets",
                shapes,
                small,
                t.resets
            );
            chains_hold_every_block_once(&t);
            let mut found = 0;
            for i in 0..20_000u64 {
                if let Some(hit) = t.probe(&key(i), bound(i)) {
                    assert!(hit.at_least && hit.bound == bound(i));
                    assert!(!t.probe(&key(i), bound(i) + 1).unwrap().at_least);
                    found += 1;
                }
            }
            // More than the newest block or two survive a reset.
            assert!(
                found >= (1 << (t.slot_bits - 2)).min(t.max_entries / 8),
                "{} shapes, small first {}: {} found",
                shapes,
                small,
                found
            );
        }
    }

    /// A table writes its first `2^FIRST_SLOT_BITS` shape slots only and
    /// doubles them as they fill: every shape stored is found after each
    /// doubling, and the reset comes when three quarters of the budget's
    /// slots are in use, as with every slot written at once.
    #[test]
    fn shape_slots_double_as_they_fill() {
        for small in [false, true] {
            let mut t: Table<u128> = Table::with_bytes(4 << 20);
            t.small_first(small);
            t.reserve().unwrap();
            assert_eq!(t.slots.len(), 1 << FIRST_SLOT_BITS.min(t.slot_bits));
            let key = |i: u64| TtKey {
                shape: i.wrapping_mul(0x2545_F491_4F6C_DD1D),
                ctx: (i % 3) as u32,
                owners: u128::from(i),
            };
            // Stored until the table is full (by its slots, or with small
            // first blocks by its entries).
            let most = 3 << (t.slot_bits - 2);
            let mut n = 0u64;
            while n < most && t.resets == 0 {
                t.store(&key(n), u128::MAX, 3, 7);
                n += 1;
            }
            let n = if t.resets == 0 { n } else { n - 1 };
            assert!(t.live_bits > FIRST_SLOT_BITS, "small first {}", small);
            if t.resets == 0 {
                for i in 0..n {
                    let hit = t.probe(&key(i), 3).unwrap();
                    assert!(hit.at_least && hit.bound == 3);
                }
                assert_eq!(t.live_bits, t.slot_bits);
                t.store(&key(n), u128::MAX, 3, 7);
                assert_eq!(t.resets, 1, "small first {}", small);
            }
            assert!(small || n == most, "{} of {} shapes", n, most);
            chains_hold_every_block_once(&t);
        }
    }

    /// With small first blocks a table of the same memory holds more
    /// shapes of one entry each, and its entries are found as stored.
    #[test]
    fn small_first_blocks_hold_more_shapes() {
        let held = |small: bool| {
            let mut t: Table<u128> = Table::with_bytes(1 << 20);
            t.small_first(small);
            assert!(t.capacity_bytes() <= 1 << 20);
            let key = |i: u64| TtKey {
                shape: i,
                ctx: 0,
                owners: u128::from(i),
            };
            let mut i = 0;
            while t.resets == 0 {
                t.store(&key(i), u128::MAX, 3, 7);
                i += 1;
            }
            chains_hold_every_block_once(&t);
            let hit = t.probe(&key(i - 1), 3).unwrap();
            assert!(hit.at_least && hit.bound == 3);
            i
        };
        let (whole, small) = (held(false), held(true));
        assert!(small > 3 * whole, "{} shapes against {}", small, whole);
    }

    /// A full table that keeps its costliest blocks: the chains stay
    /// whole, every entry still found has the bounds it was stored with,
    /// each reset leaves at most half the shapes and half the arena, the
    /// costly entries outlive many resets and few of the cheapest outlive
    /// one.
    #[test]
    fn a_full_table_keeps_its_costliest_entries() {
        for (shapes, small) in [5u64, 97, 5_000]
            .into_iter()
            .flat_map(|n| [(n, false), (n, true)])
        {
            let mut t: Table<u128> = Table::with_bytes(1 << 17);
            t.keep_costly(true);
            t.keep_newest(true);
            t.small_first(small);
            let key = |i: u64| TtKey {
                shape: i.wrapping_mul(0x9E37_79B9) % shapes,
                ctx: (i % 3) as u32,
                owners: u128::from(i) << 1,
            };
            let bound = |i: u64| (i % 40) as u32 + 1;
            // One store in 500 costs a million nodes, the others 1 to 64.
            let work = |i: u64| if i % 500 == 7 { 1 << 20 } else { 1 + i % 64 };
            let n = 20_000u64;
            // The resets before each store.
            let mut before = Vec::new();
            for i in 0..n {
                let (used, arena, resets) = (t.used_slots, t.entries.len(), t.resets);
                before.push(resets);
                let mut hint = u8::MAX;
                t.store_heap(
                    &key(i),
                    [0, 0],
                    u128::MAX,
                    bound(i),
                    bound(i),
                    u8::MAX,
                    work(i),
                );
                if t.resets != resets {
                    chains_hold_every_block_once(&t);
                    // The store took a shape before the reset and one
                    // after, and a block after, at most.
                    assert!(
                        t.used_slots <= used.div_ceil(2) + 1,
                        "{} of {}",
                        t.used_slots,
                        used
                    );
                    assert!(t.entries.len() <= arena / 2 + BLOCK);
                }
                let hit = t.probe_heap(&key(i), None, bound(i), &mut hint, false, false);
                assert!(hit.is_some_and(|h| h.at_least && h.bound == bound(i)));
            }
            assert!(t.resets > 5, "{} shapes: {} resets", shapes, t.resets);
            chains_hold_every_block_once(&t);
            // Costly entries of the last ten resets; cheap ones (at most
            // 7 nodes) from before the last.
            let (mut costly, mut costly_found) = (0, 0);
            let (mut cheap, mut cheap_found) = (0, 0);
            for i in 0..n {
                let found = t.probe(&key(i), bound(i));
                if let Some(hit) = found {
                    assert!(hit.at_least && hit.bound == bound(i));
                    assert!(!t.probe(&key(i), bound(i) + 1).unwrap().at_least);
                }
                if work(i) > 64 && t.resets - before[i as usize] <= 10 {
                    costly += 1;
                    costly_found += found.is_some() as usize;
                } else if work(i) <= 7 && before[i as usize] < t.resets {
                    cheap += 1;
                    cheap_found += found.is_some() as usize;
                }
            }
            let what = format!(
                "{} shapes, small first {}: {} resets, costly {} of {}",
                shapes, small, t.resets, costly_found, costly
            );
            // With 15 chains, a chain's oldest blocks are recycled.
            if shapes > 5 {
                assert_eq!(costly_found, costly, "{}", what);
            }
            assert!(costly_found > 0, "{}", what);
            assert!(
                4 * cheap_found < cheap,
                "{}: {} of {}",
                what,
                cheap_found,
                cheap
            );
        }
    }

    #[test]
    fn fills_and_resets_without_growing() {
        let mut t: Table<u128> = Table::with_bytes(1 << 14);
        for i in 0..10_000u64 {
            let key = TtKey {
                shape: i % 97,
                ctx: 0,
                owners: i as u128,
            };
            t.store(&key, u128::MAX, 1, 2);
        }
        assert!(t.resets > 0);
        assert!(t.blocks.capacity() <= t.max_blocks);
    }
}

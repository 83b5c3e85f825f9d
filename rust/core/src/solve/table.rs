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
//! pointing to a chain of blocks of entries in one arena. All memory is
//! reserved up front from the configured budget; when the arena or the shape
//! table is full, the whole table is reset (entries are only hints), or with
//! [`Table::keep_newest`] only its older half is dropped.

use super::game::{HeapUnits, Pattern, TtKey};
use crate::error::{Error, Result};

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
/// Most blocks chained for one shape (older ones are recycled).
const MAX_CHAIN: usize = 32;

/// A block of entries of one shape, chained newest first. Entry `i` says
/// the side on lead wins `bounds[i].0 ..= bounds[i].1` wherever the
/// position's owners agree with `owners[i]` under `masks[i]`.
#[derive(Clone, Debug)]
struct Block<P> {
    len: u32,
    /// Index + 1 of the next (older) block, 0 for none.
    next: u32,
    bounds: [(u8, u8); BLOCK],
    owners: [P; BLOCK],
    masks: [P; BLOCK],
    /// The game's code of the lead that cut off (`u8::MAX` for none).
    hints: [u8; BLOCK],
    /// The heap the bounds are for (`[0, 0]` for games that keep their
    /// heap in the key; see [`HeapUnits`]).
    heaps: [[u8; 2]; BLOCK],
}

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

/// The memory of one bounded-size transposition table (allocated on first
/// store): a one-thread [`super::tt::Tt`]'s own, or a stripe of a
/// [`super::shared::SharedTt`].
pub struct Table<P: Pattern> {
    slots: Vec<ShapeSlot>,
    used_slots: usize,
    blocks: Vec<Block<P>>,
    max_blocks: usize,
    slot_bits: u32,
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
}

impl<P: Pattern> Table<P> {
    /// A table using at most about `bytes` bytes.
    pub fn with_bytes(bytes: usize) -> Table<P> {
        let block = std::mem::size_of::<Block<P>>();
        let slot = std::mem::size_of::<ShapeSlot>();
        // One shape slot per block, rounded down to a power of two.
        let mut slot_bits = 4;
        while (1usize << (slot_bits + 1)) * (slot + block) <= bytes {
            slot_bits += 1;
        }
        let max_blocks = (bytes.saturating_sub((1usize << slot_bits) * slot) / block).max(16);
        Table {
            slots: Vec::new(),
            used_slots: 0,
            blocks: Vec::new(),
            max_blocks,
            slot_bits,
            stores: 0,
            hits: 0,
            resets: 0,
            probes: 0,
            scanned: 0,
            newest: false,
        }
    }

    /// When the table is full: with `on`, only its older half is dropped
    /// (`Switches::keep_newest`: the shapes whose newest block is among the
    /// newer half of the arena keep their blocks of that half), so that a
    /// search that fills the table keeps what it found last; without, the
    /// whole table is cleared.
    pub fn keep_newest(&mut self, on: bool) {
        self.newest = on;
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
        slots
            .try_reserve_exact(n)
            .map_err(|_| refuse(self.capacity_bytes()))?;
        slots.resize(n, ShapeSlot::default());
        let mut blocks = Vec::new();
        blocks
            .try_reserve_exact(self.max_blocks)
            .map_err(|_| refuse(self.capacity_bytes()))?;
        self.slots = slots;
        self.blocks = blocks;
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
            + self.blocks.capacity() * std::mem::size_of::<Block<P>>()
    }

    /// Bytes the table uses once allocated.
    pub fn capacity_bytes(&self) -> usize {
        (1usize << self.slot_bits) * std::mem::size_of::<ShapeSlot>()
            + self.max_blocks * std::mem::size_of::<Block<P>>()
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
    }

    #[inline]
    fn home(&self, shape: u64, ctx: u32) -> usize {
        let h = (shape ^ (ctx as u64).rotate_left(43)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - self.slot_bits)) as usize
    }

    /// The slot of a shape, if present.
    #[inline]
    fn find(&self, shape: u64, ctx: u32) -> Option<usize> {
        let mask = (1usize << self.slot_bits) - 1;
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
        let (b, i, at_least) = match heap {
            None => {
                let (b, i) = self.scan(head, key, target, hint, want_hint)?;
                let block = &self.blocks[b as usize - 1];
                (b, i, block.bounds[i].0 as u32 >= target)
            }
            Some(h) => self.scan_heap(head, key, h, target, hint, want_hint)?,
        };
        self.hits += 1;
        let block = &self.blocks[b as usize - 1];
        let (lower, upper) = match heap {
            Some(h) => widen(block.bounds[i], block.heaps[i], h),
            None => (block.bounds[i].0 as u32, block.bounds[i].1 as u32),
        };
        let hit = Hit {
            at_least,
            bound: if at_least { lower } else { upper },
            mask: block.masks[i],
        };
        if promote {
            self.promote(head, b, i);
        }
        Some(hit)
    }

    /// The chain from `head`, newest first: the block (index + 1) and slot
    /// of the first entry that decides `target` for `key`.
    #[inline]
    fn scan(
        &mut self,
        head: u32,
        key: &TtKey<P>,
        target: u32,
        hint: &mut u8,
        mut want_hint: bool,
    ) -> Option<(u32, usize)> {
        let mut b = head;
        while b != 0 {
            let block = &self.blocks[b as usize - 1];
            self.scanned += block.len as u64;
            for i in (0..block.len as usize).rev() {
                // Bounds first: they are few bytes and rule most entries out.
                let (lower, upper) = block.bounds[i];
                let at_least = lower as u32 >= target;
                if !at_least && upper as u32 >= target {
                    if want_hint
                        && block.hints[i] != u8::MAX
                        && key.owners & block.masks[i] == block.owners[i]
                    {
                        *hint = block.hints[i];
                        want_hint = false;
                    }
                    continue;
                }
                if key.owners & block.masks[i] != block.owners[i] {
                    continue;
                }
                return Some((b, i));
            }
            b = block.next;
        }
        None
    }

    /// [`Table::scan`] with each entry's bounds widened to `heap`: the block,
    /// slot and answer (at least `target` or below it) of the first entry
    /// that decides.
    #[inline]
    fn scan_heap(
        &mut self,
        head: u32,
        key: &TtKey<P>,
        heap: HeapUnits,
        target: u32,
        hint: &mut u8,
        mut want_hint: bool,
    ) -> Option<(u32, usize, bool)> {
        let mut b = head;
        while b != 0 {
            let block = &self.blocks[b as usize - 1];
            self.scanned += block.len as u64;
            for i in (0..block.len as usize).rev() {
                let (lower, upper) = widen(block.bounds[i], block.heaps[i], heap);
                let at_least = lower >= target;
                if !at_least && upper >= target {
                    if want_hint
                        && block.hints[i] != u8::MAX
                        && key.owners & block.masks[i] == block.owners[i]
                    {
                        *hint = block.hints[i];
                        want_hint = false;
                    }
                    continue;
                }
                if key.owners & block.masks[i] != block.owners[i] {
                    continue;
                }
                return Some((b, i, at_least));
            }
            b = block.next;
        }
        None
    }

    /// Swaps entry `i` of block `b` with the newest entry of the chain
    /// (in block `head`), so that probes meet it first.
    #[cold]
    fn promote(&mut self, head: u32, b: u32, i: usize) {
        let h = head as usize - 1;
        let j = self.blocks[h].len as usize - 1;
        let b = b as usize - 1;
        if b == h && i == j {
            return;
        }
        let take = |blk: &Block<P>, k: usize| {
            (
                blk.bounds[k],
                blk.owners[k],
                blk.masks[k],
                blk.hints[k],
                blk.heaps[k],
            )
        };
        let x = take(&self.blocks[b], i);
        let y = take(&self.blocks[h], j);
        let put = |blk: &mut Block<P>, k: usize, e: ((u8, u8), P, P, u8, [u8; 2])| {
            blk.bounds[k] = e.0;
            blk.owners[k] = e.1;
            blk.masks[k] = e.2;
            blk.hints[k] = e.3;
            blk.heaps[k] = e.4;
        };
        put(&mut self.blocks[b], i, y);
        put(&mut self.blocks[h], j, x);
    }

    /// Stores a bound for the side on lead: `lower..=upper` holds for every
    /// position matching `key` under `mask` (for a key that leaves the heap
    /// out, at a heap of `heap` units: see [`Table::probe_heap`]), with the
    /// move code `hint` (`u8::MAX` for none; an existing code is kept then).
    pub fn store_heap(
        &mut self,
        key: &TtKey<P>,
        heap: [u8; 2],
        mask: P,
        lower: u32,
        upper: u32,
        hint: u8,
    ) {
        if self.slots.is_empty() {
            let mut slots = Vec::new();
            if slots.try_reserve_exact(1 << self.slot_bits).is_err() {
                // No memory for the table: nothing is kept (entries are
                // only hints).
                return;
            }
            slots.resize(1 << self.slot_bits, ShapeSlot::default());
            self.slots = slots;
        }
        self.stores += 1;
        let owners = key.owners & mask;
        let slot = match self.find(key.shape, key.ctx) {
            Some(s) => s,
            None => {
                if 4 * (self.used_slots + 1) > 3 << self.slot_bits {
                    self.reset();
                }
                let mut i = self.home(key.shape, key.ctx);
                let m = (1usize << self.slot_bits) - 1;
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
        while b != 0 {
            let block = &mut self.blocks[b as usize - 1];
            for i in 0..block.len as usize {
                let e = &mut block.heaps[i];
                if block.masks[i] == mask
                    && block.owners[i] == owners
                    && e[0] & !HEAP_FLAG == heap[0] & !HEAP_FLAG
                    && e[1] & !HEAP_FLAG == heap[1] & !HEAP_FLAG
                {
                    // Bounds only tighten, so a flag once set stays true.
                    e[0] |= heap[0] & HEAP_FLAG;
                    e[1] |= heap[1] & HEAP_FLAG;
                    let (lo, hi) = &mut block.bounds[i];
                    *lo = (*lo).max(lower as u8);
                    *hi = (*hi).min(upper as u8);
                    if hint != u8::MAX {
                        block.hints[i] = hint;
                    }
                    return;
                }
            }
            b = block.next;
        }
        let head = self.slots[slot].head;
        if head != 0 && (self.blocks[head as usize - 1].len as usize) < BLOCK {
            let block = &mut self.blocks[head as usize - 1];
            let i = block.len as usize;
            block.bounds[i] = (lower as u8, upper as u8);
            block.owners[i] = owners;
            block.masks[i] = mask;
            block.hints[i] = hint;
            block.heaps[i] = heap;
            block.len += 1;
            return;
        }
        // A long chain: recycle its oldest block as the new head, so that
        // probes never scan more than `MAX_CHAIN` blocks.
        let mut chain = 0;
        let mut prev = 0u32;
        let mut b = head;
        while b != 0 && self.blocks[b as usize - 1].next != 0 {
            chain += 1;
            prev = b;
            b = self.blocks[b as usize - 1].next;
        }
        if chain + 1 >= MAX_CHAIN && prev != 0 {
            self.blocks[prev as usize - 1].next = 0;
            let block = &mut self.blocks[b as usize - 1];
            block.len = 1;
            block.next = head;
            block.bounds[0] = (lower as u8, upper as u8);
            block.owners[0] = owners;
            block.masks[0] = mask;
            block.hints[0] = hint;
            block.heaps[0] = heap;
            self.slots[slot].head = b;
            return;
        }
        if self.blocks.len() >= self.max_blocks || !self.room_for_a_block() {
            if self.blocks.is_empty() {
                // No memory for a block: nothing is kept.
                return;
            }
            self.reset();
            return self.store_heap(key, heap, mask, lower, upper, hint);
        }
        let mut block = Block {
            len: 1,
            next: head,
            bounds: [(0, 0); BLOCK],
            owners: [P::default(); BLOCK],
            masks: [P::default(); BLOCK],
            hints: [u8::MAX; BLOCK],
            heaps: [[0, 0]; BLOCK],
        };
        block.bounds[0] = (lower as u8, upper as u8);
        block.owners[0] = owners;
        block.masks[0] = mask;
        block.hints[0] = hint;
        block.heaps[0] = heap;
        self.blocks.push(block);
        self.slots[slot].head = self.blocks.len() as u32;
    }

    /// Whether a block can be added without growing the arena infallibly:
    /// a table not reserved up front ([`Table::reserve`]; a stripe of a
    /// shared table) grows its arena by doubling, up to its size, and a
    /// growth the machine refuses is answered by a reset.
    fn room_for_a_block(&mut self) -> bool {
        let len = self.blocks.len();
        if len < self.blocks.capacity() {
            return true;
        }
        let want = (2 * len).clamp(16, self.max_blocks) - len;
        self.blocks.try_reserve_exact(want).is_ok()
    }

    fn reset(&mut self) {
        self.resets += 1;
        if !(self.newest && self.keep_newer_half()) {
            self.clear();
        }
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
                b = self.blocks[b - 1].next as usize;
            }
        }
        if 4 * (kept.len() + 1) > 3 << self.slot_bits {
            return false;
        }
        let mut n = 0;
        for (i, m) in moved.iter_mut().enumerate() {
            if *m != 0 {
                // Never ahead of the block it replaces: `n <= i`.
                self.blocks.swap(n, i);
                n += 1;
                *m = n as u32;
            }
        }
        self.blocks.truncate(n);
        for block in &mut self.blocks {
            let next = block.next as usize;
            block.next = if next == 0 { 0 } else { moved[next - 1] };
        }
        self.slots
            .iter_mut()
            .for_each(|s| *s = ShapeSlot::default());
        self.used_slots = 0;
        let mask = (1usize << self.slot_bits) - 1;
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
        true
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
            self.store_heap(key, [0, 0], mask, lower, upper, u8::MAX)
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
        t.store_heap(&key, [2 | HEAP_FLAG, 0], u128::MAX, 25, 25, u8::MAX);
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
                b = t.blocks[b - 1].next as usize;
            }
        }
        assert!(seen.iter().all(|&x| x), "a block on no chain");
    }

    /// A full table that keeps its newest half: every entry still found
    /// has the bounds it was stored with, the entries stored last are all
    /// found, and the chains stay whole.
    #[test]
    fn a_full_table_keeps_its_newest_entries() {
        for shapes in [5u64, 97, 5_000] {
            let mut t: Table<u128> = Table::with_bytes(1 << 15);
            t.keep_newest(true);
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
            assert!(t.resets > 1, "{} shapes: {} resets", shapes, t.resets);
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
                found >= 1 << (t.slot_bits - 2),
                "{} shapes: {} found",
                shapes,
                found
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

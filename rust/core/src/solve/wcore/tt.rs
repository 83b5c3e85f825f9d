//! The whist core's transposition table: per suit-length shape, one tree of
//! patterns for each seat on lead, each pattern with an interval on the
//! tricks still to come.
//!
//! A *pattern* fixes who holds each of the top relative cards of some suits
//! (a prefix of each suit's remaining cards, highest first; the lengths in
//! the shape place the rest). A position matches a pattern when its owners
//! agree on every card the pattern fixes. A pattern that fixes fewer cards
//! is more general: it *covers* every pattern that agrees with it on its
//! cards. The trees keep general patterns above the specific ones they
//! cover, and a child only where its interval is tighter than its
//! parent's:
//!
//! * a new pattern equal to one stored merges into it (the intervals are
//!   intersected);
//! * a new pattern covered by a stored one goes below it, and only if its
//!   interval, intersected with the parent's, is tighter;
//! * a new pattern that covers stored ones takes them below itself, and a
//!   child whose interval becomes its parent's is dissolved (its children
//!   move up).
//!
//! A probe walks a list, skipping each pattern it does not match with its
//! whole subtree, answers with the first matching pattern whose interval
//! decides the probe's target, and descends below a matching pattern that
//! does not. The root of each tree also keeps a copy of the last pattern
//! that answered there, tried first (intervals only narrow, so a copy stays
//! true).
//!
//! Memory: the shapes in an open-addressing table, the patterns in one
//! arena of nodes whose child lists are runs of a power-of-two length,
//! recycled through free lists. Everything is allocated once within the
//! solver's budget; when it is full the table starts anew.

use crate::error::{Error, Result};

/// The owners of the relative cards a pattern fixes: two bit planes of the
/// owner's seat number over the remaining cards in rank order (suit by
/// suit, lowest card first), and the mask of the cards fixed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pat {
    /// Seat bit 0 of each fixed card's owner.
    pub p0: u64,
    /// Seat bit 1 of each fixed card's owner.
    pub p1: u64,
    /// The cards fixed.
    pub mask: u64,
}

impl Pat {
    /// Does a position whose owners are `key` (every card fixed) match?
    #[inline(always)]
    pub fn matches(&self, key: &Pat) -> bool {
        ((key.p0 ^ self.p0) | (key.p1 ^ self.p1)) & self.mask == 0
    }

    /// Is this pattern at least as general as `o` (every position matching
    /// `o` matches this one)?
    #[inline(always)]
    fn covers(&self, o: &Pat) -> bool {
        self.mask & !o.mask == 0 && ((o.p0 ^ self.p0) | (o.p1 ^ self.p1)) & self.mask == 0
    }
}

/// An interval on the tricks still to come for the side maximised.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lo: u8,
    pub hi: u8,
}

impl Bounds {
    #[inline(always)]
    fn meet(self, o: Bounds) -> Bounds {
        Bounds {
            lo: self.lo.max(o.lo),
            hi: self.hi.min(o.hi),
        }
    }

    /// Does the interval decide whether `beta` is reached?
    #[inline(always)]
    pub fn decides(self, beta: i32) -> bool {
        self.lo as i32 >= beta || (self.hi as i32) < beta
    }
}

/// A run of nodes in the arena: a child list.
#[derive(Copy, Clone, Debug, Default)]
struct List {
    off: u32,
    len: u16,
    /// log2 of the run's capacity; `NONE` for no run.
    cls: u8,
}

const NONE: u8 = u8::MAX;
/// Size classes of child lists (runs of 1 to 2^15 nodes).
const CLASSES: usize = 16;

impl List {
    const EMPTY: List = List {
        off: 0,
        len: 0,
        cls: NONE,
    };
}

/// A pattern with its interval and its more specific children.
#[derive(Copy, Clone, Debug)]
struct Node {
    pat: Pat,
    b: Bounds,
    /// Cards fixed (for keeping general patterns at the front).
    order: u8,
    kids: List,
}

impl Node {
    const ROOT: Node = Node {
        pat: Pat {
            p0: 0,
            p1: 0,
            mask: 0,
        },
        b: Bounds { lo: 0, hi: 13 },
        order: 0,
        kids: List::EMPTY,
    };
}

/// One shape's slot: its key and its four roots (one per seat on lead,
/// four consecutive nodes of the arena).
#[derive(Copy, Clone, Debug, Default)]
struct Slot {
    /// The shape's key + 1 (0: empty).
    key: u64,
    roots: u32,
}

/// Table statistics.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TtStats {
    /// Probes made (trick starts looked up).
    pub probes: u64,
    /// Probes that found their shape.
    pub shape_hits: u64,
    /// Patterns compared by the probes.
    pub compared: u64,
    /// Probes answered by a root's last pattern.
    pub mru: u64,
    /// Probes answered by the trees.
    pub tree: u64,
    /// Patterns stored.
    pub stores: u64,
    /// Cards fixed by the patterns stored, summed.
    pub fixed: u64,
    /// Lower and upper bounds stored, summed.
    pub lo_hi: (u64, u64),
    /// Times the table was full and started anew.
    pub resets: u64,
}

/// What a probe found: the interval and the pattern that gave it.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hit {
    pub b: Bounds,
    pub mask: u64,
}

/// The table (see the module notes).
pub(crate) struct Tt {
    slots: Vec<Slot>,
    slot_bits: u32,
    max_slot_bits: u32,
    used: usize,
    nodes: Vec<Node>,
    max_nodes: usize,
    free: [Vec<u32>; CLASSES],
    /// Statistics.
    pub stats: TtStats,
}

/// The smallest shape table (2^10 slots).
const MIN_SLOT_BITS: u32 = 10;

impl Tt {
    /// A table within about `bytes` bytes (nothing is allocated before the
    /// first store).
    pub fn with_bytes(bytes: usize) -> Tt {
        let node = std::mem::size_of::<Node>();
        let slot = std::mem::size_of::<Slot>();
        // A slot for every 24 nodes at most (a shape holds four roots and,
        // on average, many patterns); the rest for nodes.
        let mut max_slot_bits = MIN_SLOT_BITS;
        while (slot << (max_slot_bits + 1)) * 24 <= bytes {
            max_slot_bits += 1;
        }
        let max_nodes = (bytes.saturating_sub(slot << max_slot_bits) / node).max(64);
        Tt {
            slots: Vec::new(),
            slot_bits: MIN_SLOT_BITS,
            max_slot_bits,
            used: 0,
            nodes: Vec::new(),
            max_nodes,
            free: Default::default(),
            stats: TtStats::default(),
        }
    }

    /// Allocates the table now, failing with an error naming the size when
    /// the machine cannot give it.
    pub fn reserve(&mut self) -> Result<()> {
        if !self.slots.is_empty() {
            return Ok(());
        }
        let bytes = self.capacity_bytes();
        let refuse = || {
            Error::State(format!(
                "cannot allocate a transposition table of {} MiB: ask for less with tt_mib",
                bytes.div_ceil(1 << 20)
            ))
        };
        let mut nodes = Vec::new();
        nodes
            .try_reserve_exact(self.max_nodes)
            .map_err(|_| refuse())?;
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(1 << self.max_slot_bits)
            .map_err(|_| refuse())?;
        slots.resize(1 << self.slot_bits, Slot::default());
        self.nodes = nodes;
        self.slots = slots;
        Ok(())
    }

    /// The most memory the table takes.
    pub fn capacity_bytes(&self) -> usize {
        (std::mem::size_of::<Slot>() << self.max_slot_bits)
            + self.max_nodes * std::mem::size_of::<Node>()
    }

    /// Forgets every pattern (keeps the memory).
    pub fn clear(&mut self) {
        if self.used > 0 || self.slots.len() != 1 << MIN_SLOT_BITS {
            self.slot_bits = MIN_SLOT_BITS;
            self.slots.clear();
            self.slots.resize(1 << MIN_SLOT_BITS, Slot::default());
        }
        self.used = 0;
        self.nodes.clear();
        for f in self.free.iter_mut() {
            f.clear();
        }
    }

    #[inline(always)]
    fn home(key: u64, bits: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The slot of a shape key, if stored.
    #[inline(always)]
    fn find(&self, key: u64) -> Option<usize> {
        let m = (1usize << self.slot_bits) - 1;
        let mut i = Tt::home(key, self.slot_bits);
        loop {
            // SAFETY-free indexing: `i` is masked to the table's size.
            let s = self.slots[i & m];
            if s.key == key + 1 {
                return Some(i & m);
            }
            if s.key == 0 {
                return None;
            }
            i += 1;
        }
    }

    /// Looks for an interval of the tree of `key`'s shape and `seat` on
    /// lead that decides `beta` (tricks still to come) for a position whose
    /// owners are `pos`.
    #[inline]
    pub fn probe(&mut self, key: u64, seat: usize, pos: &Pat, beta: i32) -> Option<Hit> {
        self.stats.probes += 1;
        if self.used == 0 {
            return None;
        }
        let slot = self.find(key)?;
        self.stats.shape_hits += 1;
        let root = self.slots[slot].roots as usize + seat;
        let r = self.nodes[root];
        self.stats.compared += 1;
        if r.b.decides(beta) && r.pat.matches(pos) {
            self.stats.mru += 1;
            return Some(Hit {
                b: r.b,
                mask: r.pat.mask,
            });
        }
        let found = self.lookup(r.kids, pos, beta)?;
        self.stats.tree += 1;
        let n = self.nodes[found as usize];
        let root = &mut self.nodes[root];
        root.pat = n.pat;
        root.b = n.b;
        Some(Hit {
            b: n.b,
            mask: n.pat.mask,
        })
    }

    /// The first pattern of `list` (depth first) that `pos` matches and
    /// whose interval decides `beta`.
    fn lookup(&mut self, list: List, pos: &Pat, beta: i32) -> Option<u32> {
        let mut compared = 0u64;
        let r = self.lookup_in(list, pos, beta, &mut compared);
        self.stats.compared += compared;
        r
    }

    fn lookup_in(&self, list: List, pos: &Pat, beta: i32, compared: &mut u64) -> Option<u32> {
        let start = list.off as usize;
        let kids = &self.nodes[start..start + list.len as usize];
        for (i, n) in kids.iter().enumerate() {
            *compared += 1;
            if !n.pat.matches(pos) {
                continue;
            }
            if n.b.decides(beta) {
                return Some((start + i) as u32);
            }
            if n.kids.len > 0 {
                if let Some(x) = self.lookup_in(n.kids, pos, beta, compared) {
                    return Some(x);
                }
            }
        }
        None
    }

    /// Stores `b` for every position of `key`'s shape with `seat` on lead
    /// that matches `pat`. When the table is full it starts anew first.
    pub fn store(&mut self, key: u64, seat: usize, pat: Pat, b: Bounds) {
        self.stats.stores += 1;
        self.stats.fixed += pat.mask.count_ones() as u64;
        self.stats.lo_hi.0 += b.lo as u64;
        self.stats.lo_hi.1 += b.hi as u64;
        if self.slots.is_empty() && self.reserve().is_err() {
            return;
        }
        let roots = match self.slot_of(key) {
            Some(r) => r,
            None => return,
        };
        let node = Node {
            pat,
            b,
            order: pat.mask.count_ones() as u8,
            kids: List::EMPTY,
        };
        if self.update(roots + seat as u32, node).is_err() {
            self.reset();
            if let Some(r) = self.slot_of(key) {
                // A fresh table always has room for one pattern.
                let _ = self.update(r + seat as u32, node);
            }
        }
    }

    /// The roots of `key`'s shape, made if new (`None` when the table had
    /// to start anew and still has no room).
    fn slot_of(&mut self, key: u64) -> Option<u32> {
        if let Some(s) = self.find(key) {
            return Some(self.slots[s].roots);
        }
        if 4 * (self.used + 1) > 3 << self.slot_bits {
            if self.slot_bits < self.max_slot_bits {
                self.grow();
            } else {
                self.reset();
            }
        }
        let roots = match self.alloc(2) {
            Some(r) => r,
            None => {
                self.reset();
                self.alloc(2)?
            }
        };
        for k in 0..4 {
            self.nodes[roots as usize + k] = Node::ROOT;
        }
        let m = (1usize << self.slot_bits) - 1;
        let mut i = Tt::home(key, self.slot_bits);
        while self.slots[i & m].key != 0 {
            i += 1;
        }
        self.slots[i & m] = Slot {
            key: key + 1,
            roots,
        };
        self.used += 1;
        Some(roots)
    }

    /// Doubles the shape table (within the memory reserved for it).
    #[cold]
    fn grow(&mut self) {
        self.slot_bits += 1;
        let old: Vec<Slot> = self.slots.iter().copied().filter(|s| s.key != 0).collect();
        self.slots.clear();
        self.slots.resize(1 << self.slot_bits, Slot::default());
        let m = (1usize << self.slot_bits) - 1;
        for s in old {
            let mut i = Tt::home(s.key - 1, self.slot_bits);
            while self.slots[i & m].key != 0 {
                i += 1;
            }
            self.slots[i & m] = s;
        }
    }

    #[cold]
    fn reset(&mut self) {
        self.stats.resets += 1;
        self.clear();
    }

    /// A run of `2^cls` nodes (`None` when the arena is full).
    #[inline]
    fn alloc(&mut self, cls: u8) -> Option<u32> {
        if let Some(off) = self.free[cls as usize].pop() {
            return Some(off);
        }
        let n = 1usize << cls;
        if self.nodes.len() + n > self.max_nodes {
            return None;
        }
        let off = self.nodes.len() as u32;
        self.nodes.resize(self.nodes.len() + n, Node::ROOT);
        Some(off)
    }

    #[inline]
    fn release(&mut self, l: List) {
        if l.cls != NONE {
            self.free[l.cls as usize].push(l.off);
        }
    }

    /// Appends `n` to the child list of node `owner`.
    fn push(&mut self, owner: u32, n: Node) -> std::result::Result<(), ()> {
        let mut l = self.nodes[owner as usize].kids;
        let cap = if l.cls == NONE { 0 } else { 1usize << l.cls };
        if l.len as usize == cap {
            let cls = if cap == 0 { 0 } else { l.cls + 1 };
            if cls as usize >= CLASSES {
                return Err(());
            }
            let off = self.alloc(cls).ok_or(())?;
            let (from, to) = (l.off as usize, off as usize);
            self.nodes.copy_within(from..from + l.len as usize, to);
            self.release(l);
            l.off = off;
            l.cls = cls;
        }
        self.nodes[l.off as usize + l.len as usize] = n;
        l.len += 1;
        self.nodes[owner as usize].kids = l;
        Ok(())
    }

    /// Appends every node of list `from` (taken from its owner) to the
    /// child list of `owner`, and releases `from`'s run.
    fn push_all(&mut self, owner: u32, from: List) -> std::result::Result<(), ()> {
        for i in 0..from.len as usize {
            let n = self.nodes[from.off as usize + i];
            self.push(owner, n)?;
        }
        self.release(from);
        Ok(())
    }

    /// Removes child `i` of `owner` (the last child takes its place).
    #[inline]
    fn delete(&mut self, owner: u32, i: usize) {
        let l = &mut self.nodes[owner as usize].kids;
        l.len -= 1;
        let (off, last) = (l.off as usize, l.len as usize);
        self.nodes[off + i] = self.nodes[off + last];
    }

    /// Inserts `new` below `owner` (see the module notes).
    fn update(&mut self, owner: u32, mut new: Node) -> std::result::Result<(), ()> {
        let l = self.nodes[owner as usize].kids;
        for i in 0..l.len as usize {
            let at = l.off + i as u32;
            let p = self.nodes[at as usize];
            if p.pat == new.pat {
                return self.tighten(at, new.b);
            }
            if p.pat.covers(&new.pat) {
                // The stored pattern is more general: the new one goes
                // below it if it says more.
                new.b = new.b.meet(p.b);
                if new.b != p.b {
                    return self.update(at, new);
                }
                return Ok(());
            }
            if new.pat.covers(&p.pat) {
                return self.absorb(owner, i, new);
            }
        }
        self.push(owner, new)?;
        let len = self.nodes[owner as usize].kids.len as usize;
        self.bubble_up(owner, len - 1);
        Ok(())
    }

    /// `new` covers child `i` of `owner`: it takes that child's place and
    /// every later sibling it covers goes below it (or merges into it).
    fn absorb(&mut self, owner: u32, i: usize, new: Node) -> std::result::Result<(), ()> {
        // `new` is built in a scratch node at the end of the arena's live
        // part: a fresh single-node run.
        let scratch = self.alloc(0).ok_or(())?;
        self.nodes[scratch as usize] = new;
        let result = self.absorb_into(owner, i, scratch);
        self.release(List {
            off: scratch,
            len: 0,
            cls: 0,
        });
        result
    }

    fn absorb_into(&mut self, owner: u32, i: usize, scratch: u32) -> std::result::Result<(), ()> {
        let nb = self.nodes[scratch as usize].b;
        let npat = self.nodes[scratch as usize].pat;
        let at = self.nodes[owner as usize].kids.off + i as u32;
        self.tighten(at, nb)?;
        let p = self.nodes[at as usize];
        if p.b != nb {
            self.push(scratch, p)?;
        } else {
            // Equal intervals: the old pattern says nothing more.
            self.nodes[scratch as usize].kids = p.kids;
        }
        let mut j = i + 1;
        while j < self.nodes[owner as usize].kids.len as usize {
            let at = self.nodes[owner as usize].kids.off + j as u32;
            let o = self.nodes[at as usize];
            if !npat.covers(&o.pat) {
                j += 1;
                continue;
            }
            self.tighten(at, nb)?;
            let o = self.nodes[at as usize];
            if o.b != nb {
                self.push(scratch, o)?;
            } else if self.nodes[scratch as usize].kids.len == 0 {
                self.release(self.nodes[scratch as usize].kids);
                self.nodes[scratch as usize].kids = o.kids;
            } else {
                self.push_all(scratch, o.kids)?;
            }
            self.delete(owner, j);
        }
        let at = self.nodes[owner as usize].kids.off + i as u32;
        self.nodes[at as usize] = self.nodes[scratch as usize];
        self.nodes[scratch as usize].kids = List::EMPTY;
        self.bubble_up(owner, i);
        Ok(())
    }

    /// Narrows the interval of node `at`; children left with their parent's
    /// interval are dissolved into its list.
    fn tighten(&mut self, at: u32, b: Bounds) -> std::result::Result<(), ()> {
        let old = self.nodes[at as usize].b;
        let nb = old.meet(b);
        if nb == old {
            return Ok(());
        }
        self.nodes[at as usize].b = nb;
        let mut i = 0;
        while i < self.nodes[at as usize].kids.len as usize {
            let k = self.nodes[at as usize].kids.off + i as u32;
            self.tighten(k, nb)?;
            let kid = self.nodes[k as usize];
            if kid.b != nb {
                i += 1;
                continue;
            }
            // The child says no more than its parent now: its children
            // move up and it goes.
            self.nodes[k as usize].kids = List::EMPTY;
            self.push_all(at, kid.kids)?;
            self.delete(at, i);
        }
        Ok(())
    }

    /// Keeps patterns that fix fewer cards near the front of a long list.
    #[inline]
    fn bubble_up(&mut self, owner: u32, mut pos: usize) {
        let off = self.nodes[owner as usize].kids.off as usize;
        while pos > 8 && self.nodes[off + pos].order < self.nodes[off + pos / 2].order {
            self.nodes.swap(off + pos, off + pos / 2);
            pos /= 2;
        }
    }

    /// The number of patterns stored and of shapes (for statistics).
    pub fn sizes(&self) -> (usize, usize) {
        (self.nodes.len(), self.used)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pat(p0: u64, p1: u64, mask: u64) -> Pat {
        Pat { p0, p1, mask }
    }

    #[test]
    fn probes_find_the_intervals_stored() {
        let mut t = Tt::with_bytes(1 << 20);
        // Seat 1 holds the top card of a 4-card layout: at least 2.
        t.store(7, 0, pat(0b1000, 0, 0b1000), Bounds { lo: 2, hi: 13 });
        let pos = pat(0b1010, 0b0001, u64::MAX);
        assert!(t.probe(7, 0, &pos, 2).is_some());
        assert!(t.probe(7, 0, &pos, 3).is_none());
        assert!(t.probe(7, 1, &pos, 2).is_none());
        assert!(t.probe(8, 0, &pos, 2).is_none());
        let other = pat(0b0010, 0, u64::MAX);
        assert!(t.probe(7, 0, &other, 2).is_none());
        // A more specific pattern with a tighter interval goes below.
        t.store(7, 0, pat(0b1010, 0, 0b1110), Bounds { lo: 3, hi: 13 });
        assert_eq!(t.probe(7, 0, &pos, 3).unwrap().b.lo, 3);
        // The same pattern again narrows it.
        t.store(7, 0, pat(0b1010, 0, 0b1110), Bounds { lo: 0, hi: 3 });
        let h = t.probe(7, 0, &pos, 4).unwrap();
        assert_eq!((h.b.lo, h.b.hi), (3, 3));
        // A more general pattern with the same interval absorbs it.
        t.store(7, 0, pat(0, 0, 0), Bounds { lo: 3, hi: 3 });
        let h = t.probe(7, 0, &pat(0, 0, u64::MAX), 4).unwrap();
        assert_eq!(h.mask, 0);
    }

    #[test]
    fn a_full_table_starts_anew() {
        let mut t = Tt::with_bytes(1 << 14);
        for i in 0..5000u64 {
            t.store(
                i % 50,
                (i % 4) as usize,
                pat(i, 0, u64::MAX),
                Bounds { lo: 1, hi: 5 },
            );
        }
        assert!(t.stats.resets > 0);
        assert!(t.nodes.capacity() <= t.max_nodes);
    }
}

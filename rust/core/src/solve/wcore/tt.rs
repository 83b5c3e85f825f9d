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
//! solver's budget (32 bytes a pattern); when it is full, the shapes with
//! the fewest tricks left are forgotten until two thirds of the nodes are
//! free (the table starts anew only when that cannot make room).

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

/// A run of nodes in the arena: a child list. Packed in three 16-bit
/// words (a node is 32 bytes): the run's offset and size class in the
/// first two, its length in the third.
#[derive(Copy, Clone, Debug, Default)]
struct List {
    lo: u16,
    hi: u16,
    len: u16,
}

/// No run (an empty list that holds no memory).
const NONE: u8 = 31;
/// Size classes of child lists (runs of 1 to 2^15 nodes).
const CLASSES: usize = 16;

impl List {
    const EMPTY: List = List {
        lo: NONE as u16,
        hi: 0,
        len: 0,
    };

    #[inline(always)]
    fn new(off: u32, cls: u8, len: u16) -> List {
        let w = off << 5 | cls as u32;
        List {
            lo: w as u16,
            hi: (w >> 16) as u16,
            len,
        }
    }

    /// The run's first node.
    #[inline(always)]
    fn off(self) -> u32 {
        ((self.hi as u32) << 16 | self.lo as u32) >> 5
    }

    /// log2 of the run's capacity, `NONE` for no run.
    #[inline(always)]
    fn cls(self) -> u8 {
        (self.lo & 31) as u8
    }
}

/// A pattern with its interval and its more specific children.
#[derive(Copy, Clone, Debug)]
struct Node {
    pat: Pat,
    b: Bounds,
    kids: List,
}

impl Node {
    /// A root: no card fixed, nothing known (any number of tricks, so
    /// that three-hand trees, [`crate::solve::trees`], may hold up to 17).
    const ROOT: Node = Node {
        pat: Pat {
            p0: 0,
            p1: 0,
            mask: 0,
        },
        b: Bounds { lo: 0, hi: u8::MAX },
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
    /// What else the positions share besides their shape (the trump suit
    /// in play).
    ctx: u32,
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
    /// Times the table was full and forgot its shallowest shapes.
    pub evictions: u64,
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

    /// The memory the table has touched so far (what it keeps resident
    /// when cleared).
    pub fn touched_bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Clears the table for another solver (its statistics too).
    pub fn retire(&mut self) {
        self.clear();
        self.stats = TtStats::default();
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
    fn home(key: u64, ctx: u32, bits: u32) -> usize {
        // The context's three low bits (four hands' trump) in the key's
        // top ones, the rest (three hands' sides and lists) in its low ones.
        ((key ^ (ctx as u64).rotate_right(3)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits))
            as usize
    }

    /// The slot of a shape key, if stored.
    #[inline(always)]
    fn find(&self, key: u64, ctx: u32) -> Option<usize> {
        let m = (1usize << self.slot_bits) - 1;
        let mut i = Tt::home(key, ctx, self.slot_bits);
        loop {
            // SAFETY-free indexing: `i` is masked to the table's size.
            let s = self.slots[i & m];
            if s.key == key + 1 && s.ctx == ctx {
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
    pub fn probe(&mut self, key: u64, ctx: u32, seat: usize, pos: &Pat, beta: i32) -> Option<Hit> {
        self.stats.probes += 1;
        if self.used == 0 {
            return None;
        }
        let slot = self.find(key, ctx)?;
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
        let start = list.off() as usize;
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
    /// that matches `pat`, making room first when the table is full.
    pub fn store(&mut self, key: u64, ctx: u32, seat: usize, pat: Pat, b: Bounds) {
        self.stats.stores += 1;
        self.stats.fixed += pat.mask.count_ones() as u64;
        self.stats.lo_hi.0 += b.lo as u64;
        self.stats.lo_hi.1 += b.hi as u64;
        if self.slots.is_empty() && self.reserve().is_err() {
            return;
        }
        let roots = match self.slot_of(key, ctx) {
            Some(r) => r,
            None => return,
        };
        let node = Node {
            pat,
            b,
            kids: List::EMPTY,
        };
        if self.update(roots + seat as u32, node).is_err() {
            // Out of room in the middle of an update: this shape's tree
            // may hold half-moved lists, so it is forgotten (its nodes are
            // left unused until the table next starts anew) and room is
            // made among the other shapes.
            if !self.evict(Some((key, ctx))) {
                self.reset();
            }
            if let Some(r) = self.slot_of(key, ctx) {
                if self.update(r + seat as u32, node).is_err() {
                    self.reset();
                }
            }
        }
    }

    /// Makes room when the table is full: forgets the shapes with the
    /// fewest tricks left (the cheapest to find again) until about two thirds of the
    /// nodes in use are free, and first the shape of `drop` without freeing
    /// its nodes. Returns whether it freed anything.
    #[cold]
    fn evict(&mut self, drop: Option<(u64, u32)>) -> bool {
        self.stats.evictions += 1;
        let tricks = |key: u64| ((0..16).map(|i| (key >> (4 * i)) & 15).sum::<u64>() / 4) as usize;
        let mut by = [0usize; 14];
        for s in self.slots.iter().filter(|s| s.key != 0) {
            if Some((s.key - 1, s.ctx)) == drop {
                continue;
            }
            by[tricks(s.key - 1).min(13)] += self.tree_nodes(s.roots);
        }
        let live: usize = by.iter().sum();
        let mut freed = 0;
        let mut cut = 0;
        while cut < 13 && freed < live * 2 / 3 {
            freed += by[cut];
            cut += 1;
        }
        if freed == 0 && drop.is_none() {
            return false;
        }
        let slots = std::mem::take(&mut self.slots);
        let mut keep = Vec::with_capacity(self.used);
        for s in slots.iter().filter(|s| s.key != 0) {
            if Some((s.key - 1, s.ctx)) == drop {
                continue;
            }
            if tricks(s.key - 1) < cut {
                self.release_roots(s.roots);
            } else {
                keep.push(*s);
            }
        }
        self.slots = slots;
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
        let m = (1usize << self.slot_bits) - 1;
        for s in &keep {
            let mut i = Tt::home(s.key - 1, s.ctx, self.slot_bits);
            while self.slots[i & m].key != 0 {
                i += 1;
            }
            self.slots[i & m] = *s;
        }
        self.used = keep.len();
        true
    }

    /// The nodes a shape's four trees hold (runs counted whole).
    fn tree_nodes(&self, roots: u32) -> usize {
        4 + (0..4)
            .map(|k| self.list_nodes(self.nodes[roots as usize + k].kids))
            .sum::<usize>()
    }

    fn list_nodes(&self, l: List) -> usize {
        if l.cls() == NONE {
            return 0;
        }
        (1usize << l.cls())
            + (0..l.len as usize)
                .map(|i| self.list_nodes(self.nodes[l.off() as usize + i].kids))
                .sum::<usize>()
    }

    /// Frees a shape's four trees and their roots.
    fn release_roots(&mut self, roots: u32) {
        for k in 0..4 {
            let l = self.nodes[roots as usize + k].kids;
            self.release_tree(l);
        }
        self.release(List::new(roots, 2, 4));
    }

    fn release_tree(&mut self, l: List) {
        for i in 0..l.len as usize {
            let kids = self.nodes[l.off() as usize + i].kids;
            self.release_tree(kids);
        }
        self.release(l);
    }

    /// The roots of `key`'s shape, made if new (`None` when the table had
    /// to start anew and still has no room).
    fn slot_of(&mut self, key: u64, ctx: u32) -> Option<u32> {
        if let Some(s) = self.find(key, ctx) {
            return Some(self.slots[s].roots);
        }
        if 4 * (self.used + 1) > 3 << self.slot_bits {
            if self.slot_bits < self.max_slot_bits {
                self.grow();
            } else if !self.evict(None) || 4 * (self.used + 1) > 3 << self.slot_bits {
                self.reset();
            }
        }
        let roots = match self.alloc(2) {
            Some(r) => r,
            None => {
                if !self.evict(None) {
                    self.reset();
                }
                match self.alloc(2) {
                    Some(r) => r,
                    None => {
                        self.reset();
                        self.alloc(2)?
                    }
                }
            }
        };
        for k in 0..4 {
            self.nodes[roots as usize + k] = Node::ROOT;
        }
        let m = (1usize << self.slot_bits) - 1;
        let mut i = Tt::home(key, ctx, self.slot_bits);
        while self.slots[i & m].key != 0 {
            i += 1;
        }
        self.slots[i & m] = Slot {
            key: key + 1,
            roots,
            ctx,
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
            let mut i = Tt::home(s.key - 1, s.ctx, self.slot_bits);
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
            return self.split(cls);
        }
        let off = self.nodes.len() as u32;
        self.nodes.resize(self.nodes.len() + n, Node::ROOT);
        Some(off)
    }

    /// A run of `2^cls` nodes cut from a larger free run (its other halves
    /// go to the free lists), once the arena is used up.
    #[cold]
    fn split(&mut self, cls: u8) -> Option<u32> {
        let from = (cls as usize + 1..CLASSES).find(|&c| !self.free[c].is_empty())?;
        let off = self.free[from].pop()?;
        for c in (cls as usize..from).rev() {
            self.free[c].push(off + (1u32 << c));
        }
        Some(off)
    }

    #[inline]
    fn release(&mut self, l: List) {
        if l.cls() != NONE {
            self.free[l.cls() as usize].push(l.off());
        }
    }

    /// Appends `n` to the child list of node `owner`.
    fn push(&mut self, owner: u32, n: Node) -> std::result::Result<(), ()> {
        let mut l = self.nodes[owner as usize].kids;
        let cap = if l.cls() == NONE {
            0
        } else {
            1usize << l.cls()
        };
        if l.len as usize == cap {
            let cls = if cap == 0 { 0 } else { l.cls() + 1 };
            if cls as usize >= CLASSES {
                return Err(());
            }
            let off = self.alloc(cls).ok_or(())?;
            let (from, to) = (l.off() as usize, off as usize);
            self.nodes.copy_within(from..from + l.len as usize, to);
            self.release(l);
            l = List::new(off, cls, l.len);
        }
        self.nodes[l.off() as usize + l.len as usize] = n;
        l.len += 1;
        self.nodes[owner as usize].kids = l;
        Ok(())
    }

    /// Appends every node of list `from` (taken from its owner) to the
    /// child list of `owner`, and releases `from`'s run.
    fn push_all(&mut self, owner: u32, from: List) -> std::result::Result<(), ()> {
        for i in 0..from.len as usize {
            let n = self.nodes[from.off() as usize + i];
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
        let (off, last) = (l.off() as usize, l.len as usize);
        self.nodes[off + i] = self.nodes[off + last];
    }

    /// Inserts `new` below `owner` (see the module notes).
    fn update(&mut self, owner: u32, mut new: Node) -> std::result::Result<(), ()> {
        let l = self.nodes[owner as usize].kids;
        for i in 0..l.len as usize {
            let at = l.off() + i as u32;
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
        self.release(List::new(scratch, 0, 0));
        result
    }

    fn absorb_into(&mut self, owner: u32, i: usize, scratch: u32) -> std::result::Result<(), ()> {
        let nb = self.nodes[scratch as usize].b;
        let npat = self.nodes[scratch as usize].pat;
        let at = self.nodes[owner as usize].kids.off() + i as u32;
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
            let at = self.nodes[owner as usize].kids.off() + j as u32;
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
        let at = self.nodes[owner as usize].kids.off() + i as u32;
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
            let k = self.nodes[at as usize].kids.off() + i as u32;
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
        let off = self.nodes[owner as usize].kids.off() as usize;
        let order = |n: &Node| n.pat.mask.count_ones();
        while pos > 8 && order(&self.nodes[off + pos]) < order(&self.nodes[off + pos / 2]) {
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
        t.store(7, 0, 0, pat(0b1000, 0, 0b1000), Bounds { lo: 2, hi: 13 });
        let pos = pat(0b1010, 0b0001, u64::MAX);
        assert!(t.probe(7, 0, 0, &pos, 2).is_some());
        assert!(t.probe(7, 0, 0, &pos, 3).is_none());
        assert!(t.probe(7, 0, 1, &pos, 2).is_none());
        assert!(t.probe(8, 0, 0, &pos, 2).is_none());
        let other = pat(0b0010, 0, u64::MAX);
        assert!(t.probe(7, 0, 0, &other, 2).is_none());
        // A more specific pattern with a tighter interval goes below.
        t.store(7, 0, 0, pat(0b1010, 0, 0b1110), Bounds { lo: 3, hi: 13 });
        assert_eq!(t.probe(7, 0, 0, &pos, 3).unwrap().b.lo, 3);
        // The same pattern again narrows it.
        t.store(7, 0, 0, pat(0b1010, 0, 0b1110), Bounds { lo: 0, hi: 3 });
        let h = t.probe(7, 0, 0, &pos, 4).unwrap();
        assert_eq!((h.b.lo, h.b.hi), (3, 3));
        // A more general pattern with the same interval absorbs it.
        t.store(7, 0, 0, pat(0, 0, 0), Bounds { lo: 3, hi: 3 });
        let h = t.probe(7, 0, 0, &pat(0, 0, u64::MAX), 4).unwrap();
        assert_eq!(h.mask, 0);
    }

    /// A shape key of four hands of `k` cards each (all of suit 0).
    fn shape_of_tricks(k: u64, variant: u64) -> u64 {
        (0..4).fold(variant << 60, |a, h| a | k << (16 * h))
    }

    #[test]
    fn a_full_table_forgets_its_shallowest_shapes() {
        let mut t = Tt::with_bytes(1 << 16);
        // One deep shape stored first, then many shallow ones.
        let deep = shape_of_tricks(9, 0);
        t.store(deep, 0, 0, pat(1, 0, 0b11), Bounds { lo: 4, hi: 9 });
        for i in 0..20_000u64 {
            let key = shape_of_tricks(1 + i % 3, 1 + i % 7);
            t.store(
                key,
                0,
                (i % 4) as usize,
                pat(i, i >> 3, u64::MAX),
                Bounds { lo: 0, hi: 1 },
            );
        }
        assert!(t.stats.evictions > 0);
        assert!(t.nodes.capacity() <= t.max_nodes);
        // The deep shape survived every eviction.
        let h = t.probe(deep, 0, 0, &pat(1, 0, u64::MAX), 4).unwrap();
        assert_eq!((h.b.lo, h.b.hi), (4, 9));
    }

    #[test]
    fn every_answer_holds_through_merges_and_evictions() {
        // The true value of a position is the number of cards of a hidden
        // set `m0` (per shape) that seat 1 or 3 holds; a pattern's true
        // interval runs from what its fixed cards give to that plus the
        // hidden cards it leaves open. Intervals stored (sometimes wider)
        // are always true, so every answer must contain the value.
        let mut t = Tt::with_bytes(1 << 15);
        let mut x = 0x1234_5678u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut hits = 0;
        for _ in 0..40_000 {
            let tricks = 1 + next() % 6;
            let variant = next() % 5;
            let key = shape_of_tricks(tricks, variant);
            let m0 = 0x3Fu64 << (4 * variant);
            let seat = (next() % 4) as usize;
            let mask = (next() | next()) & 0xFFFF;
            let p = pat(next() & mask, next() & mask, mask);
            let known = (p.p0 & m0 & mask).count_ones() as u8;
            let free = (m0 & !mask).count_ones() as u8;
            let lo = known.saturating_sub((next() % 2) as u8);
            let hi = known + free + (next() % 2) as u8;
            t.store(key, 0, seat, p, Bounds { lo, hi });
            let probe = pat(next(), next(), u64::MAX);
            let value = (probe.p0 & m0).count_ones() as i32;
            let beta = (next() % 9) as i32;
            if let Some(h) = t.probe(key, 0, seat, &probe, beta) {
                hits += 1;
                assert!(
                    h.b.lo as i32 <= value && value <= h.b.hi as i32,
                    "{:?} for value {}",
                    h,
                    value
                );
                assert!(h.b.decides(beta));
            }
        }
        assert!(hits > 1000, "{} hits", hits);
        assert!(t.stats.evictions + t.stats.resets > 0);
    }
}

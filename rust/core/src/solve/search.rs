//! Zero-window alpha-beta over any [`TrickGame`]; the probes are strung
//! together by the driver ([`super::driver`]).
//!
//! [`Search::reaches`] answers "can the maximising side still win at least
//! `target`?" and returns the cards whose ranks the answer relied on, so the
//! table can store the answer for every position that agrees on those ranks.

use std::mem::MaybeUninit;

use std::sync::Arc;

use super::game::{mix64, MoveList, Side, Switches, TrickGame};
/// The limits of a search, where the searches have long found them.
pub use super::limits::Limits;
use super::shared::{Busy, Entry};
use super::tt::Tt;
use crate::error::Error;

/// The weakest bound that proves an answer: `target` when the maximising
/// side reaches it, `target - 1` when it does not.
#[inline]
fn hard(ok: bool, target: i32) -> i32 {
    if ok {
        target
    } else {
        target - 1
    }
}

/// One search over a game, borrowing the solver's table.
pub struct Search<'a, G: TrickGame> {
    tt: &'a mut Tt<G::Pattern>,
    sw: Switches,
    max_side: Side,
    limits: &'a Limits,
    /// Nodes visited so far.
    pub nodes: u64,
    next_check: u64,
    abort: Option<Error>,
    cutoffs: Vec<(u32, G::Move)>,
    /// Nodes of the call's earlier searches that shared `cutoffs`.
    nodes_before: u64,
    /// The move that cut off in the last [`Search::expand`] (none when it
    /// failed).
    cut: Option<G::Move>,
    /// The bound proven by the last answer of [`Search::node`] (see
    /// [`Search::reaches`]).
    bound: i32,
    /// The marks of moves in progress that the threads of a value search
    /// share (`Switches::abdada`), with the seed of the line hashes and the
    /// depth down to which moves are marked.
    busy: Option<(Arc<Busy>, u64, u32)>,
    /// The hash of the line from the root to the current node (with
    /// `busy`).
    line: u64,
    /// Moves from the root to the current node (with `busy`).
    depth: u32,
    /// The depth down to which moves are marked (0 without `busy`).
    mark_until: u32,
    /// The moves the nodes of the current line left to their end because
    /// another thread was searching them (with `busy`): each node's after
    /// those of the nodes above it.
    deferred: Vec<G::Move>,
}

/// The hash of the line after `m` from a node whose line hashes to `line`.
#[inline]
fn line_after(line: u64, m: u64) -> u64 {
    mix64(line ^ (m + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The cut-off cache holds at most 2^18 slots (2 MiB with one-byte moves).
const CUTOFF_BITS: u32 = 18;
/// With `Switches::compact_cutoffs`, at most 2^16 slots (512 KiB).
const COMPACT_CUTOFF_BITS: u32 = 16;
/// The slot of a cut-off cache of `2^bits` slots for a position's
/// `cutoff_key`, and the tag kept there: the hash's bits 16..48 (a wrong
/// match costs only a poorer first move: the move is checked).
#[inline]
fn cutoff_slot(key: u64, bits: u32) -> (usize, u32) {
    let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h >> (64 - bits)) as usize, (h >> 16) as u32)
}

/// The slot at `2^new_bits` slots of the entry at `slot` of `2^old_bits`
/// with `tag` ([`cutoff_slot`]): the slot bits the old size did not use are
/// the tag's top ones (`16 <= old_bits <= new_bits <= 32`).
#[inline]
fn grown_slot(slot: usize, tag: u32, old_bits: u32, new_bits: u32) -> usize {
    let extra = new_bits - old_bits;
    let low = 64 - new_bits - 16;
    slot << extra | (tag >> low) as usize & ((1 << extra) - 1)
}

/// With `Switches::cutoff_growth`, the nodes (of the call, over its
/// searches) after which the cut-off cache grows from at most 2^16 slots
/// to 2^18.
const CUTOFF_GROW_NODES: u64 = 1 << 18;
/// The fewest slots of a cut-off cache (2^10).
const CUTOFF_MIN_BITS: u32 = 10;
/// Failed moves remembered per node for skipping equivalent ones.
const TRIED: usize = 16;

impl<'a, G: TrickGame> Search<'a, G> {
    /// A search maximising the value of `max_side`.
    pub fn new(
        tt: &'a mut Tt<G::Pattern>,
        sw: Switches,
        max_side: Side,
        limits: &'a Limits,
    ) -> Self {
        let busy = if sw.abdada {
            tt.busy()
                .and_then(|b| b.marking().map(|(seed, until)| (b, seed, until)))
        } else {
            None
        };
        let mark_until = busy.as_ref().map_or(0, |b| b.2);
        Search {
            busy,
            line: 0,
            depth: 0,
            mark_until,
            deferred: Vec::new(),
            tt,
            sw,
            max_side,
            limits,
            nodes: 0,
            next_check: limits.first_check(),
            abort: None,
            cutoffs: Vec::new(),
            nodes_before: 0,
            cut: None,
            bound: 0,
        }
    }

    /// Starts from a cut-off cache kept from an earlier search (empty for a
    /// fresh one), which earlier searches of the call have used for
    /// `nodes_before` nodes (for `Switches::cutoff_growth`).
    pub fn with_cutoffs(mut self, cutoffs: Vec<(u32, G::Move)>, nodes_before: u64) -> Self {
        self.cutoffs = cutoffs;
        self.nodes_before = nodes_before;
        self
    }

    /// The cut-off cache, to hand to a later search.
    pub fn into_cutoffs(self) -> Vec<(u32, G::Move)> {
        self.cutoffs
    }

    /// Notes the bound proven by the answer being returned (only for games
    /// that track them).
    #[inline(always)]
    fn set_bound(&mut self, b: i32) {
        if G::SOFT_BOUNDS {
            self.bound = b;
        }
    }

    #[cold]
    fn check_limits(&mut self) {
        self.next_check = self.limits.next_check(self.nodes);
        if let Err(e) = self.limits.check(self.nodes) {
            self.abort = Some(e);
        }
    }

    /// True when a limit stopped the search (its answers since are void).
    pub fn aborted(&self) -> bool {
        self.abort.is_some()
    }

    /// The error that stopped the search, if one did.
    pub fn take_abort(&mut self) -> Option<Error> {
        self.abort.take()
    }

    /// Can the maximising side win at least `target` more from here? Returns
    /// the answer, the bound it proved on the maximising side's value from
    /// here (a lower bound, at least `target`, when the answer is yes; an
    /// upper bound, below `target`, when it is no: `target` or `target - 1`
    /// wherever no better bound is at hand) and the cards whose ranks the
    /// answer and the bound relied on. The bound is what
    /// `Switches::fail_soft` uses; games without [`TrickGame::SOFT_BOUNDS`]
    /// always give `target` or `target - 1`.
    pub fn reaches(&mut self, g: &mut G, target: i32) -> (bool, i32, G::Winners) {
        if let Some((_, seed, _)) = &self.busy {
            self.line = mix64(seed ^ target as u64);
            self.depth = 0;
        }
        let (ok, w) = self.node(g, target);
        let b = if G::SOFT_BOUNDS {
            self.bound
        } else {
            hard(ok, target)
        };
        (ok, b, w)
    }

    /// The cut-off cache at its full size (2^18 slots): from 2^16 slots each
    /// entry moves to the slot its hash gives at the new size (the two slot
    /// bits the old size did not use are the tag's top two); from fewer, the
    /// entries (only move hints) are dropped.
    #[cold]
    fn grow_cutoffs(&mut self) {
        let old_bits = self.cutoffs.len().trailing_zeros();
        let mut grown = vec![(u32::MAX, G::Move::default()); 1 << CUTOFF_BITS];
        if old_bits == 16 {
            for (s, &(tag, m)) in self.cutoffs.iter().enumerate() {
                if tag != u32::MAX {
                    grown[grown_slot(s, tag, old_bits, CUTOFF_BITS)] = (tag, m);
                }
            }
        }
        self.cutoffs = grown;
    }

    /// [`Search::reaches`], the bound left in `self.bound`.
    fn node(&mut self, g: &mut G, target: i32) -> (bool, G::Winners) {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_limits();
        }
        if self.abort.is_some() {
            self.set_bound(target - 1);
            return (false, G::Winners::default());
        }
        if target <= 0 {
            self.set_bound(0);
            return (true, G::Winners::default());
        }
        let rem = g.remaining() as i32;
        if target > rem {
            self.set_bound(rem);
            return (false, G::Winners::default());
        }
        let mover = g.to_move();
        let maximising = g.side_of(mover) == self.max_side;
        if g.at_trick_start() {
            return self.trick_start(g, target, rem, maximising);
        }
        if self.sw.trick_bounds {
            // What the side to move still needs, and what the other side needs
            // to stop it.
            let need = if maximising { target } else { rem - target + 1 };
            let side = g.side_of(mover);
            if let Some((mine, w)) = g.sure_either(side, need as u32, (rem - need + 1) as u32) {
                let ok = mine == maximising;
                self.set_bound(hard(ok, target));
                return (ok, w);
            }
        }
        self.expand(g, target, maximising, None)
    }

    fn trick_start(
        &mut self,
        g: &mut G,
        target: i32,
        rem: i32,
        lead_is_max: bool,
    ) -> (bool, G::Winners) {
        // The target expressed for the side on lead.
        let lead_target = if lead_is_max {
            target
        } else {
            rem - target + 1
        };
        // `lead reaches lead_target` is equivalent to the answer when the
        // leader maximises, and to its negation otherwise.
        let bounds = self.sw.quick_tricks || self.sw.sure_tricks;
        let first = self.sw.bounds_first && bounds && g.bounds_first();
        if first {
            if let Some(r) = self.lead_cut(g, lead_target, rem, lead_is_max) {
                return r;
            }
        }
        let mut hint = u8::MAX;
        let mut heap = None;
        // The game's trick starts kept by their masks (no heaps).
        let trees = G::PATTERN_TREES && self.sw.pattern_trees;
        let key = if self.sw.tt {
            let (key, h) = g.tt_key_heap(&self.sw);
            heap = h;
            let found = if trees {
                self.tt
                    .probe_tree(&key, lead_target as u32, &mut hint, self.sw.tt_move)
            } else {
                self.tt.probe_heap(
                    &key,
                    heap,
                    lead_target as u32,
                    &mut hint,
                    self.sw.tt_move,
                    self.sw.tt_promote || (self.sw.heap_promote && heap.is_some()),
                )
            };
            if let Some(hit) = found {
                // The entry's bound is the side on lead's; the other side's
                // value is what is left.
                let b = hit.bound as i32;
                self.set_bound(if lead_is_max { b } else { rem - b });
                return (hit.at_least == lead_is_max, g.mask_winners(hit.mask));
            }
            Some(key)
        } else {
            None
        };
        if bounds && !first {
            if let Some(r) = self.lead_cut(g, lead_target, rem, lead_is_max) {
                return r;
            }
        }
        let Some(key) = key else {
            return self.expand(g, target, lead_is_max, None);
        };
        let first = if hint != u8::MAX {
            g.hint_move(hint)
        } else {
            None
        };
        let before = self.nodes;
        let (ok, w) = self.expand(g, target, lead_is_max, first);
        let work = self.nodes - before + 1;
        let hint = match self.cut {
            Some(m) if self.sw.tt_move => g.move_hint(m),
            _ => u8::MAX,
        };
        if self.abort.is_some() {
            return (false, w);
        }
        let lead_ok = ok == lead_is_max;
        let (lower, upper) = if !(G::SOFT_BOUNDS && self.sw.fail_soft) {
            if lead_ok {
                (lead_target as u32, rem as u32)
            } else {
                (0, lead_target as u32 - 1)
            }
        } else {
            // The proven bound, for the side on lead.
            let lead = if lead_is_max {
                self.bound
            } else {
                rem - self.bound
            };
            if lead_ok {
                (lead.clamp(lead_target, rem) as u32, rem as u32)
            } else {
                (0, lead.clamp(0, lead_target - 1) as u32)
            }
        };
        let mask = if self.sw.partition {
            g.pattern_mask(w)
        } else {
            <G::Pattern as super::game::Pattern>::FULL
        };
        let mut units = heap.map_or([0, 0], |h| h.units);
        if heap.is_some() && self.sw.heap_kots {
            // The side on lead takes everything or nothing: the entry holds
            // at any heap (`tt::HEAP_FLAG`).
            if lower == rem as u32 {
                units[0] |= super::tt::HEAP_FLAG;
            } else if upper == 0 {
                units[1] |= super::tt::HEAP_FLAG;
            }
        }
        if trees {
            self.tt.store_tree(&key, mask, lower, upper, hint);
        } else {
            self.tt
                .store_heap(&key, units, mask, lower, upper, hint, work);
        }
        (ok, w)
    }

    /// The answer at a trick start when the cheap bounds of the side on
    /// lead decide `lead_target`, with the cards that prove it.
    #[inline]
    fn lead_cut(
        &mut self,
        g: &mut G,
        lead_target: i32,
        rem: i32,
        lead_is_max: bool,
    ) -> Option<(bool, G::Winners)> {
        let b = g.lead_bounds_for(&self.sw, lead_target as u32);
        // The bounds are the side on lead's, each proven by its cards.
        if b.lower as i32 >= lead_target {
            let l = b.lower as i32;
            self.set_bound(if lead_is_max { l } else { rem - l });
            return Some((lead_is_max, b.lower_by));
        }
        if (b.upper as i32) < lead_target {
            let u = b.upper as i32;
            self.set_bound(if lead_is_max { u } else { rem - u });
            return Some((!lead_is_max, b.upper_by));
        }
        None
    }

    /// Plays `m`, searches the position after it and takes it back: the
    /// answer, its bound (with what the trick credited) and the cards it
    /// relied on (the trick's deciding card included).
    /// With `MARK`, the line and the depth follow the move (`Switches::abdada`).
    #[inline]
    fn child<const MARK: bool>(
        &mut self,
        g: &mut G,
        m: G::Move,
        target: i32,
    ) -> (bool, G::Winners) {
        let won = g.play(m);
        let (credit, decided) = match won {
            Some(w) => (
                w.credit(g.side_of(w.seat as usize), self.max_side) as i32,
                w.decided,
            ),
            None => (0, G::Winners::default()),
        };
        let line = self.line;
        if MARK {
            self.line = line_after(line, m.into());
            self.depth += 1;
        }
        let (ok, w) = self.node(g, target - credit);
        if MARK {
            self.line = line;
            self.depth -= 1;
        }
        if G::SOFT_BOUNDS {
            self.bound += credit;
        }
        g.undo(m);
        (ok, w | decided)
    }

    /// Searches the moves of the current node ([`Search::expand_with`]),
    /// marking them for the other threads (`Switches::abdada`) down to
    /// the depth the marks are made to.
    #[inline(always)]
    fn expand(
        &mut self,
        g: &mut G,
        target: i32,
        maximising: bool,
        first: Option<G::Move>,
    ) -> (bool, G::Winners) {
        if self.depth < self.mark_until {
            self.expand_with::<true>(g, target, maximising, first)
        } else {
            self.expand_with::<false>(g, target, maximising, first)
        }
    }

    /// The moves of the current node searched until one answers for the
    /// side to move; with `EXCLUSIVE` (ABDADA), past the first move
    /// searched, the moves another thread is searching are left to the
    /// end (kept in `deferred`, searched from `late`, whoever holds them
    /// then).
    fn expand_with<const EXCLUSIVE: bool>(
        &mut self,
        g: &mut G,
        target: i32,
        maximising: bool,
        first: Option<G::Move>,
    ) -> (bool, G::Winners) {
        // The move that cut off in a similar state is tried before the
        // others are even generated (it usually cuts off again).
        let mut slot = usize::MAX;
        let mut tag = 0;
        let mut cache_len = 0;
        let mut killer = None;
        if self.sw.killers {
            if self.cutoffs.is_empty() {
                // Sized by the search's size: a small endgame (e.g. one
                // sample of a bot's decision) does not fill the cache first.
                let max = if self.sw.compact_cutoffs || self.sw.cutoff_growth {
                    COMPACT_CUTOFF_BITS
                } else {
                    CUTOFF_BITS
                };
                let bits = (g.remaining() + 6).clamp(CUTOFF_MIN_BITS, max);
                self.cutoffs = vec![(u32::MAX, G::Move::default()); 1 << bits];
            } else if self.sw.cutoff_growth
                && !self.sw.compact_cutoffs
                && self.nodes_before + self.nodes >= CUTOFF_GROW_NODES
                && self.cutoffs.len() < 1 << CUTOFF_BITS
            {
                self.grow_cutoffs();
            }
            cache_len = self.cutoffs.len();
            (slot, tag) = cutoff_slot(g.cutoff_key(), cache_len.trailing_zeros());
            let (k, m) = self.cutoffs[slot];
            if k == tag && g.has_move(m, &self.sw) {
                killer = Some(m);
            }
        }

        let mut acc = G::Winners::default();
        // The best bound of the moves that failed: the most the maximising
        // side can get (maximising), the least it is sure of (minimising).
        let mut best = if maximising { 0 } else { i32::MAX };
        // Slots `..n_tried` are filled before they are read.
        let mut tried: [MaybeUninit<(G::Move, G::Winners)>; TRIED] = [MaybeUninit::uninit(); TRIED];
        let mut n_tried = 0;
        let mut list = MoveList::new();
        let mut generated = false;
        let mut next = 0;
        let mut pending = killer;
        let exclusive = EXCLUSIVE;
        let base = if EXCLUSIVE { self.deferred.len() } else { 0 };
        let mut late = 0;
        let mut searched = 0u32;
        'moves: loop {
            let m = match pending.take() {
                Some(m) => m,
                None => {
                    if !generated {
                        generated = true;
                        g.moves(&mut list, &self.sw);
                        if let Some(f) = first {
                            list.bring_to_front(f);
                        }
                    }
                    let m = if let Some(&m) = list.as_slice().get(next) {
                        next += 1;
                        if Some(m) == killer {
                            continue;
                        }
                        m
                    } else if let Some(&m) = self.deferred.get(base + late).filter(|_| EXCLUSIVE) {
                        late += 1;
                        m
                    } else {
                        break;
                    };
                    if self.sw.rank_skip {
                        for slot in &tried[..n_tried] {
                            // SAFETY: the first `n_tried` slots are filled.
                            let (t, tw) = unsafe { slot.assume_init() };
                            if g.same_answer(t, tw, m) {
                                continue 'moves;
                            }
                        }
                    }
                    m
                }
            };
            let (ok, w) = if exclusive && searched > 0 && late == 0 {
                let key = line_after(self.line, m.into());
                let entry = self.busy.as_ref().map_or(Entry::Full, |b| b.0.enter(key));
                if entry == Entry::Held {
                    self.deferred.push(m);
                    continue;
                }
                let r = self.child::<EXCLUSIVE>(g, m, target);
                if let (Entry::Mine, Some(b)) = (entry, &self.busy) {
                    b.0.leave(key);
                }
                r
            } else {
                self.child::<EXCLUSIVE>(g, m, target)
            };
            if EXCLUSIVE {
                searched += 1;
            }
            if self.abort.is_some() {
                if exclusive {
                    self.deferred.truncate(base);
                }
                return (false, acc);
            }
            if ok == maximising {
                // (A killer that cut off again is already there; a forced
                // move is no hint for other states.)
                if slot != usize::MAX && generated && list.len() > 1 {
                    if self.cutoffs.len() != cache_len {
                        // The cache grew below this node: its slot moved.
                        (slot, tag) =
                            cutoff_slot(g.cutoff_key(), self.cutoffs.len().trailing_zeros());
                    }
                    self.cutoffs[slot] = (tag, m);
                }
                self.cut = Some(m);
                if exclusive {
                    self.deferred.truncate(base);
                }
                return (ok, w);
            }
            if G::SOFT_BOUNDS {
                best = if maximising {
                    best.max(self.bound)
                } else {
                    best.min(self.bound)
                };
            }
            if n_tried < TRIED {
                tried[n_tried] = MaybeUninit::new((m, w));
                n_tried += 1;
            }
            // The other moves of m's class were skipped: keep what that
            // equivalence relied on.
            let w = if self.sw.collapse && self.sw.partition {
                w | g.collapse_winners(m, w)
            } else {
                w
            };
            acc = acc | w;
        }
        self.cut = None;
        if exclusive {
            self.deferred.truncate(base);
        }
        self.set_bound(best);
        (!maximising, acc)
    }
}

#[cfg(test)]
mod cutoff_tests {
    use super::{cutoff_slot, grown_slot};

    #[test]
    fn a_grown_cutoff_cache_finds_its_entries_where_the_hash_puts_them() {
        let mut k = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..10_000 {
            k = k.rotate_left(7) ^ k.wrapping_mul(0x2545_F491_4F6C_DD1D);
            let (s16, t16) = cutoff_slot(k, 16);
            let (s18, t18) = cutoff_slot(k, 18);
            assert_eq!(t16, t18);
            assert_eq!(grown_slot(s16, t16, 16, 18), s18);
        }
    }
}

//! The whist core: a search written for four-hand whist alone (bridge card
//! play, four-player Hokm): every four-hand whist solve and table goes
//! through it.
//!
//! Its parts:
//! * [`tt`]: per suit-length shape and seat on lead, a tree of patterns
//!   (the owners of the top cards of some suits) with intervals on the
//!   tricks still to come, merged, absorbed and dissolved as they are
//!   stored, the pattern that last answered tried first;
//! * [`search`]: fail-soft zero-window alpha-beta maximising seats 0 and 2,
//!   returning with each answer the cards whose ranks it relied on, widened
//!   through equivalent cards into the patterns stored;
//! * [`tricks`]: sure tricks at trick starts (top cards with entries, top
//!   and slow trump tricks; the opponents' tricks against them);
//! * [`order`]: lead categories and following rules;
//! * the driver below: MTD(f) with the fail-soft values as the next probe.
//!
//! [`Core`] keeps the table and the cut-off cache between the searches of
//! one solver; the threads of one call each have a core of their own (its
//! cut-off cache) on one table ([`shared`]).

mod entry;
pub(crate) mod isa;
mod moves;
pub(crate) mod order;
mod root;
pub(crate) mod search;
pub mod shared;
pub(crate) mod tricks;
pub mod tt;

use std::cell::RefCell;
use std::sync::Arc;

use search::{Cutoffs, Search};
use shared::{SharedTt, Table};
pub use tt::TtStats;

use crate::error::{Error, Result};
use crate::solve::game::Switches;
use crate::solve::limits::Limits;

/// The whist core's table and cut-off cache, kept between the searches of
/// one solver.
pub struct Core {
    tt: CoreTable,
    cut: Cutoffs,
    /// The table's budget when the core leaves its memory to the next core
    /// of its thread when dropped ([`Core::spare`]).
    spare: Option<usize>,
}

/// The most memory a dropped core's table may have touched and still be
/// kept for the next core of its thread ([`Core::spare`]): a lone solve's
/// table stays far below it; a larger one gives its memory back.
pub const SPARE_BYTES: usize = 8 << 20;

/// A spare core's memory: its table's budget, the table, the cut-off cache.
type Spare = (usize, Box<tt::Tt>, Cutoffs);

thread_local! {
    /// The memory of the last core with [`Core::spare`] dropped on this
    /// thread, cleared.
    static SPARE: RefCell<Option<Spare>> = const { RefCell::new(None) };
}

/// A core's table: its own, or one shared with the other threads of a call.
enum CoreTable {
    Own(Box<tt::Tt>),
    Shared(Arc<SharedTt>),
}

/// A four-hand position for the core: the cards each seat holds, the trump
/// suit (`4` for none), the seat that led the current trick and its cards
/// so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The cards still held, seat 0 first (stride-16 layout).
    pub hands: [u64; 4],
    /// The trump suit, or [`crate::solve::NO_TRUMP`].
    pub trump: u8,
    /// The seat that led (or is to lead) the current trick.
    pub leader: usize,
    /// The cards played to the current trick, the leader's first.
    pub trick: Vec<u8>,
}

impl Position {
    /// Tricks still to play, the current one included.
    pub fn tricks(&self) -> u32 {
        self.hands[self.leader].count_ones() + u32::from(!self.trick.is_empty())
    }
}

/// What one valuation found: the bounds proven on the tricks of seats 0
/// and 2 (equal when exact), the nodes it took, and the limit that stopped
/// it, if one did.
#[derive(Debug)]
pub struct Valued {
    /// Lower bound.
    pub lo: u32,
    /// Upper bound.
    pub hi: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The limit that stopped the search.
    pub stopped: Option<Error>,
}

impl Core {
    /// A core whose table uses at most about `bytes` bytes.
    pub fn new(bytes: usize) -> Core {
        Core {
            tt: CoreTable::Own(Box::new(tt::Tt::with_bytes(bytes))),
            cut: Cutoffs::new(),
            spare: None,
        }
    }

    /// A core like [`Core::new`] on the memory the last such core dropped
    /// on this thread left (when its table had the same budget), cleared:
    /// it searches as a new one would. Dropped, it leaves its own memory
    /// to the next (unless its table touched more than [`SPARE_BYTES`]).
    pub fn spare(bytes: usize) -> Core {
        let kept = SPARE.try_with(|s| s.borrow_mut().take()).ok().flatten();
        let (tt, cut) = match kept {
            Some((b, tt, cut)) if b == bytes => (tt, cut),
            _ => (Box::new(tt::Tt::with_bytes(bytes)), Cutoffs::new()),
        };
        Core {
            tt: CoreTable::Own(tt),
            cut,
            spare: Some(bytes),
        }
    }

    /// A core on a new table of about `bytes` bytes that other threads'
    /// cores may join ([`Core::joining`]).
    pub fn new_shared(bytes: usize) -> Core {
        Core::joining(&Arc::new(SharedTt::with_bytes(bytes)))
    }

    /// A core of another thread on `table`, with a cut-off cache of its own.
    pub fn joining(table: &Arc<SharedTt>) -> Core {
        Core {
            tt: CoreTable::Shared(table.clone()),
            cut: Cutoffs::new(),
            spare: None,
        }
    }

    /// The table this core shares with other threads, if it does.
    pub fn shared(&self) -> Option<&Arc<SharedTt>> {
        match &self.tt {
            CoreTable::Shared(t) => Some(t),
            CoreTable::Own(_) => None,
        }
    }

    /// Allocates the table now (an error naming the size when the machine
    /// cannot give it).
    pub fn reserve(&mut self) -> Result<()> {
        match &mut self.tt {
            CoreTable::Own(t) => t.reserve(),
            CoreTable::Shared(t) => t.reserve(),
        }
    }

    /// Forgets everything learned (a shared table for every thread: none
    /// may be searching).
    pub fn clear(&mut self) {
        match &mut self.tt {
            CoreTable::Own(t) => t.clear(),
            CoreTable::Shared(t) => t.clear(),
        }
        self.cut.clear();
    }

    /// Table statistics since the core was made (a shared table's, over
    /// every thread).
    pub fn stats(&self) -> TtStats {
        match &self.tt {
            CoreTable::Own(t) => t.stats,
            CoreTable::Shared(t) => t.stats(),
        }
    }

    /// The tricks seats 0 and 2 take from `pos`, known to lie in `window`,
    /// by MTD(f) from `guess` under `limits`.
    pub fn value(
        &mut self,
        pos: &Position,
        window: (u32, u32),
        guess: u32,
        switches: Switches,
        limits: &Limits,
    ) -> Valued {
        #[cfg(target_arch = "x86_64")]
        if switches.wide_isa {
            if let Some(v3) = isa::V3::detect() {
                return self.value_on(v3, pos, window, guess, switches, limits);
            }
        }
        self.value_on(isa::Portable, pos, window, guess, switches, limits)
    }

    /// [`Core::value`] on the instruction set `isa`.
    fn value_on<I: isa::Isa>(
        &mut self,
        isa: I,
        pos: &Position,
        window: (u32, u32),
        guess: u32,
        switches: Switches,
        limits: &Limits,
    ) -> Valued
    where
        for<'a> Search<'a, I>: search::Descend,
    {
        use search::Descend;
        let total = pos.tricks();
        let mut hi = window.1.min(total);
        let mut lo = window.0.min(hi);
        let table = match &mut self.tt {
            CoreTable::Own(t) => Table::Own(t),
            CoreTable::Shared(t) => Table::Shared(t),
        };
        let mut s = Search::new(isa, pos, switches, table, &mut self.cut, limits);
        let d0 = pos.trick.len();
        let mut g = guess.clamp(lo, hi);
        let mut memo = switches.root_memo.then(root::RootMemo::new);
        while lo < hi {
            let beta = if g <= lo { lo + 1 } else { g.min(hi) };
            let (v, _) = match &mut memo {
                Some(m) => s.root(d0, beta as i32, m),
                None => s.descend(d0, beta as i32),
            };
            if s.abort.is_some() {
                break;
            }
            let v = v.max(0) as u32;
            if v < beta {
                hi = v.clamp(lo, beta - 1);
                g = hi;
            } else {
                lo = v.clamp(beta, hi);
                g = lo;
            }
        }
        Valued {
            lo,
            hi,
            nodes: s.nodes,
            stopped: s.abort.take(),
        }
    }

    /// The number of patterns (nodes of the trees, roots included) and of
    /// shapes in the table.
    pub fn sizes(&self) -> (usize, usize) {
        match &self.tt {
            CoreTable::Own(t) => t.sizes(),
            CoreTable::Shared(t) => t.sizes(),
        }
    }
}

impl Drop for Core {
    /// A core made by [`Core::spare`] leaves its memory, cleared, to the
    /// next such core of this thread.
    fn drop(&mut self) {
        let (Some(bytes), CoreTable::Own(t)) = (self.spare, &mut self.tt) else {
            return;
        };
        if t.touched_bytes() > SPARE_BYTES {
            return;
        }
        let mut tt = std::mem::replace(t, Box::new(tt::Tt::with_bytes(0)));
        tt.retire();
        let mut cut = std::mem::replace(&mut self.cut, Cutoffs::new());
        cut.retire();
        // A thread that is ending keeps nothing.
        let _ = SPARE.try_with(|s| *s.borrow_mut() = Some((bytes, tt, cut)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The budget of the table of the spare left on this thread, if any.
    fn spare_budget() -> Option<usize> {
        SPARE.with(|s| s.borrow().as_ref().map(|x| x.0))
    }

    #[test]
    fn a_dropped_core_leaves_its_memory_to_the_next_of_its_budget() {
        // The top six cards of each suit dealt at random, six a hand.
        let mut cards: Vec<u8> = (0..4u8)
            .flat_map(|s| (7..13).map(move |r| 16 * s + r))
            .collect();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for i in (1..cards.len()).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            cards.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let mut hands = [0u64; 4];
        for (i, &c) in cards.iter().enumerate() {
            hands[i % 4] |= 1u64 << c;
        }
        let pos = Position {
            hands,
            trump: 1,
            leader: 0,
            trick: vec![],
        };
        let limits = Limits::new(None, None);
        let value = |c: &mut Core| c.value(&pos, (0, 6), 3, Switches::default(), &limits);
        let mut c = Core::spare(1 << 20);
        let first = value(&mut c);
        assert_eq!(first.lo, first.hi);
        assert!(c.sizes().0 > 0);
        drop(c);
        assert_eq!(spare_budget(), Some(1 << 20));
        // Taken by the next core of the same budget: cleared, with
        // statistics of its own, and searching as a new core does.
        let mut c = Core::spare(1 << 20);
        assert_eq!(spare_budget(), None);
        assert_eq!((c.sizes(), c.stats()), ((0, 0), TtStats::default()));
        let again = value(&mut c);
        assert_eq!(
            (again.lo, again.hi, again.nodes),
            (first.lo, first.hi, first.nodes)
        );
        drop(c);
        // A core of another budget makes its own memory; a core made by
        // `Core::new` leaves nothing.
        let c = Core::spare(1 << 21);
        assert_eq!(spare_budget(), None);
        drop(c);
        assert_eq!(spare_budget(), Some(1 << 21));
        let mut c = Core::new(1 << 21);
        value(&mut c);
        drop(c);
        assert_eq!(spare_budget(), Some(1 << 21));
    }
}

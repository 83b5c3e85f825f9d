//! The seam between trick games and the search.
//!
//! A game's trick-play state implements [`TrickGame`]; the search, the
//! transposition table and MTD(f) are written once against it. Tricks, card
//! points, collected heaps and multi-card leads are all different
//! implementations of the same trait.

use std::mem::MaybeUninit;
use std::ops::{BitAnd, BitOr};

/// Capacity of a [`MoveList`]: enough for the largest hand of every game here.
pub const MAX_MOVES: usize = 64;

/// One of the two sides of the zero-sum search (`0` or `1`).
pub type Side = u8;

/// A fixed-capacity, stack-allocated list of moves with ordering weights.
///
/// The slots past the length are left uninitialised: a list is made at
/// every search node, and most nodes use a handful of its slots.
#[derive(Clone)]
pub struct MoveList<M: Copy + Default> {
    moves: [MaybeUninit<M>; MAX_MOVES],
    weights: [MaybeUninit<i16>; MAX_MOVES],
    /// Invariant: slots `..len` of both arrays are initialised.
    len: usize,
}

impl<M: Copy + Default + PartialEq> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            moves: [MaybeUninit::uninit(); MAX_MOVES],
            weights: [MaybeUninit::uninit(); MAX_MOVES],
            len: 0,
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move with its ordering weight (higher is tried first after
    /// [`MoveList::sort`]). Moves beyond the capacity are dropped (never
    /// happens for the games here; the capacity is asserted in tests).
    #[inline]
    pub fn push(&mut self, m: M, weight: i16) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(m);
            self.weights[self.len] = MaybeUninit::new(weight);
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves in their current order.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        // SAFETY: slots `..len` are initialised (the type's invariant), and
        // `MaybeUninit<M>` has the layout of `M`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr() as *const M, self.len) }
    }

    #[inline]
    fn at(&self, i: usize) -> (M, i16) {
        debug_assert!(i < self.len);
        // SAFETY: `i < len`, so both slots are initialised.
        unsafe { (self.moves[i].assume_init(), self.weights[i].assume_init()) }
    }

    #[inline]
    fn set(&mut self, i: usize, (m, w): (M, i16)) {
        self.moves[i] = MaybeUninit::new(m);
        self.weights[i] = MaybeUninit::new(w);
    }

    /// Sorts by descending weight (stable insertion sort: lists are short).
    #[inline]
    pub fn sort(&mut self) {
        for i in 1..self.len {
            let (m, w) = self.at(i);
            let mut j = i;
            while j > 0 && self.at(j - 1).1 < w {
                let prev = self.at(j - 1);
                self.set(j, prev);
                j -= 1;
            }
            self.set(j, (m, w));
        }
    }

    /// Moves `m` to the front if present; returns whether it was found.
    #[inline]
    pub fn bring_to_front(&mut self, m: M) -> bool {
        if let Some(i) = self.as_slice().iter().position(|&x| x == m) {
            let first = self.at(i);
            for j in (0..i).rev() {
                let x = self.at(j);
                self.set(j + 1, x);
            }
            self.set(0, first);
            true
        } else {
            false
        }
    }
}

impl<M: Copy + Default + PartialEq> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// What a completed trick was worth and to whom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrickWon<W> {
    /// The seat that won the trick.
    pub seat: u8,
    /// Its value to the winner's side (1 for plain tricks; card points in
    /// point games).
    pub value: u32,
    /// Its value to the other side (0 except where a trick also credits its
    /// loser, as Twenty-eight's `kq_negative` does; the two values together
    /// keep the sides' total constant).
    pub rest: u32,
    /// The cards whose rank decided the trick (for partition search): empty
    /// when the winner won without beating a card of its own suit.
    pub decided: W,
}

impl<W> TrickWon<W> {
    /// What the trick gives `side` when `winner_side` is the winner's side.
    #[inline]
    pub fn credit(&self, winner_side: Side, side: Side) -> u32 {
        if winner_side == side {
            self.value
        } else {
            self.rest
        }
    }
}

/// Cheap bounds, at a trick start, on the value the side on lead still wins.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LeadBounds<W> {
    /// The side on lead wins at least this much.
    pub lower: u32,
    /// The cards whose ranks the lower bound relies on.
    pub lower_by: W,
    /// The side on lead wins at most this much.
    pub upper: u32,
    /// The cards whose ranks the upper bound relies on.
    pub upper_by: W,
}

/// What a heap holds at a trick start, for table entries shared across heap
/// sizes (`Switches::heap_keys`): up to two counts (e.g. tricks and tens)
/// and the value each unit is worth. Whoever collects the heap next takes
/// it whole, and nothing else depends on its contents, so on every line of
/// play a side's total moves by 0 or by the whole extra weight: a position
/// with `d` more weight has a value between the same position's value and
/// that plus `d` (and one with less, between that minus the missing weight
/// and the value).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HeapUnits {
    /// The counts (units in the heap).
    pub units: [u8; 2],
    /// The value of one unit of each count.
    pub weights: [u8; 2],
}

impl HeapUnits {
    /// The weight this heap holds beyond `other`'s, and the weight it lacks
    /// against it: `(more, less)`. Without branches (saturating
    /// subtractions): a table probe calls it for every entry of a chain,
    /// and which heap is the larger is a coin toss the processor mispredicts.
    #[inline]
    pub fn against(&self, other: [u8; 2]) -> (u32, u32) {
        let (mut more, mut less) = (0u32, 0u32);
        for ((&a, &b), &w) in self.units.iter().zip(&other).zip(&self.weights) {
            let (a, b, w) = (a as u32, b as u32, w as u32);
            more += a.saturating_sub(b) * w;
            less += b.saturating_sub(a) * w;
        }
        (more, less)
    }
}

/// Position key of a trick start for the transposition table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtKey<P> {
    /// Exact part: suit lengths per hand.
    pub shape: u64,
    /// Exact part: leader, trump, side layout, game kind.
    pub ctx: u32,
    /// Relative ranks: which hand owns each remaining card, suit by suit, in
    /// rank order. An entry matches when its masked owners agree.
    pub owners: P,
}

/// A relative-rank pattern (owners of remaining cards) usable in the table.
pub trait Pattern: Copy + Default + Eq + BitAnd<Output = Self> + BitOr<Output = Self> {
    /// The all-ones pattern (every remaining card matters).
    const FULL: Self;

    /// The pattern's first 128 bits as two 64-bit planes (bits 0..64 and
    /// 64..128): the two bits of the owners' seat numbers in the keys of
    /// games with [`TrickGame::PATTERN_TREES`].
    fn planes(self) -> [u64; 2];

    /// The pattern whose first 128 bits are the planes `p` (the rest
    /// clear).
    fn from_planes(p: [u64; 2]) -> Self;
}

impl Pattern for u128 {
    const FULL: u128 = u128::MAX;

    #[inline]
    fn planes(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }

    #[inline]
    fn from_planes(p: [u64; 2]) -> u128 {
        p[0] as u128 | (p[1] as u128) << 64
    }
}

/// A pattern of `N` 128-bit words, for games whose table key must hold
/// more than one card set to be exact (e.g. each hand of a 96- or 120-card
/// pack).
///
/// ```
/// use hukm_core::solve::game::{Pattern, Wide, Wide3};
/// let a: Wide3 = Wide([0b1100, 1, 0]);
/// assert_eq!(a & Wide3::FULL, a);
/// assert_eq!(a | Wide([0b0011, 0, 4]), Wide([0b1111, 1, 4]));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Wide<const N: usize>(pub [u128; N]);

/// Three words: one card set per seat of a three-seat game.
pub type Wide3 = Wide<3>;
/// Four words: one card set per seat of a four-seat game.
pub type Wide4 = Wide<4>;

impl<const N: usize> Default for Wide<N> {
    #[inline]
    fn default() -> Self {
        Wide([0; N])
    }
}

impl<const N: usize> BitAnd for Wide<N> {
    type Output = Wide<N>;
    #[inline]
    fn bitand(self, o: Wide<N>) -> Wide<N> {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl<const N: usize> BitOr for Wide<N> {
    type Output = Wide<N>;
    #[inline]
    fn bitor(self, o: Wide<N>) -> Wide<N> {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl<const N: usize> Pattern for Wide<N> {
    const FULL: Wide<N> = Wide([u128::MAX; N]);

    #[inline]
    fn planes(self) -> [u64; 2] {
        self.0[0].planes()
    }

    #[inline]
    fn from_planes(p: [u64; 2]) -> Wide<N> {
        let mut w = Wide::default();
        w.0[0] = u128::from_planes(p);
        w
    }
}

/// A 64-bit mixing function (SplitMix64's finaliser), for hashing card sets
/// into table shapes and cut-off keys.
///
/// ```
/// use hukm_core::solve::game::mix64;
/// assert_ne!(mix64(1), mix64(2));
/// ```
#[inline]
pub fn mix64(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Which optimisations the search and the game use (all on by default); the
/// differential tests switch each one off and compare.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Switches {
    /// Transposition table at trick starts.
    pub tt: bool,
    /// Keep only the ranks that mattered in table entries (else exact ranks).
    pub partition: bool,
    /// Quick tricks for the side on lead (lower bound) at trick starts.
    pub quick_tricks: bool,
    /// Sure tricks for the other side (upper bound) at trick starts.
    pub sure_tricks: bool,
    /// Collapse equivalent cards into one move.
    pub collapse: bool,
    /// Heuristic move ordering.
    pub ordering: bool,
    /// Try the move that cut off last time in a similar state first.
    pub killers: bool,
    /// Skip moves known to give the same answer as a tried one (a lower
    /// card whose rank cannot matter).
    pub rank_skip: bool,
    /// MTD(f) from a heuristic guess (else a plain upward scan of targets).
    pub mtdf: bool,
    /// Keep the lead that cut off in each table entry and try it first when
    /// a later probe matches the entry's pattern but not its bounds.
    pub tt_move: bool,
    /// Keep the cut-off cache across the searches of one solver (e.g. the
    /// leaders and strains of a table) instead of starting each one empty.
    pub shared_killers: bool,
    /// In the middle of a trick: stop when the side that needs just the
    /// current trick surely wins it.
    pub trick_bounds: bool,
    /// Every-card solves: search each card only within the bounds that the
    /// position's value implies (none better for the mover's side, none
    /// worse for the other).
    pub card_bounds: bool,
    /// Payoff dominance: among cards that are interchangeable for taking
    /// tricks (next to each other among the cards in play) but differ in
    /// value, once the side that takes the trick is the same whichever is
    /// played, only the one worth most to the mover's side is searched (the
    /// most valuable when that side takes the trick, the least when it
    /// loses it). Needs `collapse`.
    pub dominance: bool,
    /// The cut-off cache in 8-byte entries (a 32-bit tag and the move) and
    /// at most 2^16 slots (512 KiB with one-byte moves), instead of 16-byte
    /// entries and 2^18 slots: a cache that stays in the processor's L2.
    pub compact_cutoffs: bool,
    /// A table probe that finds a deciding entry moves it to the front of
    /// its shape's chain, so the next probe of that shape meets it first.
    pub tt_promote: bool,
    /// Move ordering: a lead stands for its whole run of equivalent cards,
    /// so the run at the top of a holding takes the top card's place in the
    /// lead order (without it, only a lone top card does: a holding such as
    /// A-K-Q-x is ordered as if it had no top lead).
    pub run_tops: bool,
    /// Move ordering: a lead of a suit in which partner or an opponent is
    /// void ranks with the plain leads instead of below them.
    pub void_leads_plain: bool,
    /// Move ordering when following suit: play low first also when partner
    /// wins and the next hand beats my top card exactly when it beats
    /// partner's, and (second hand) when partner holds a winner but the
    /// next hand tops us both and beats partner's top exactly when it beats
    /// mine.
    pub follow_rules: bool,
    /// Move ordering of the Court Piece family's search (heaps, Dehla's
    /// tens, kots): whist's weights (lead categories, following and
    /// ruffing rules) instead of ranks alone, with Dehla's tens thrown on
    /// partner's tricks first and on opponents' last.
    pub rang_order: bool,
    /// Bounds at trick starts of the Court Piece heap games: the last
    /// trick played out (its winner's side takes all that is left), and the
    /// tricks the leader surely wins in a row (top trumps, then, with every
    /// other hand's trumps drawn, top cards of the other suits) with what
    /// they collect.
    pub heap_bounds: bool,
    /// Table keys of the Court Piece heap games without the heap's size and
    /// tens: entries keep them, and a probe with another heap widens the
    /// stored bounds by the weight that differs (see [`HeapUnits`]).
    pub heap_keys: bool,
    /// Fail-soft probes: a zero-window search returns the bound it proved
    /// (at a cut, the cutting child's; where every move fails, the best of
    /// the children's), not only the side of the target it lies on. The
    /// table stores those bounds and the driver moves its window by them,
    /// so a probe far from the value can bring the next one close in one
    /// step (point scales, where MTD(f) would otherwise step one unit at a
    /// time).
    pub fail_soft: bool,
    /// Twenty-eight's family: the last two tricks valued exactly, once per
    /// position (kept in a table of the game's own), instead of a yes/no
    /// search at each probe's target; the exact value is both bounds.
    pub two_tricks: bool,
    /// The cut-off cache starts at no more than 2^16 slots (512 KiB, one
    /// processor's L2 share) and grows to 2^18 once a search passes a
    /// million nodes: small searches (most Twenty-eight deals, one whist
    /// leader) keep it close, large ones keep more of their cut-offs.
    pub cutoff_growth: bool,
    /// Table entries of the Court Piece heap games (`heap_keys`) whose side
    /// on lead takes everything that is left, or nothing, hold at any heap:
    /// that side makes (or the other side makes) every collection, the next
    /// one included, whatever the heap holds (see [`crate::solve::tt::HEAP_FLAG`]).
    pub heap_kots: bool,
    /// Dehla Pakad's table patterns keep a ten that lies below every rank
    /// of its suit that decided something by its owner alone, not by its
    /// rank among the cards out: a position matches when the same seat
    /// holds that ten and it lies below as many cards of its suit as
    /// decided (a thermometer code of the cards above each ten).
    pub tens_owners: bool,
    /// Dehla Pakad's value on one thread is probed first at all that is
    /// left ("the side takes everything"), then by bisection as without
    /// it: a side that takes everything is proven by one probe instead of
    /// a climb whose last steps are the dearest, and the probe that fails
    /// is most often cheap. (Double Sar's takes more nodes with it.)
    pub dehla_top_first: bool,
    /// With [`Switches::dehla_top_first`], the first probe on several
    /// threads too, the root's moves spread over them
    /// ([`crate::solve::Solver::reaches_over`]), before the value's split:
    /// without it a side that takes everything is found on several threads
    /// by a climb from half of what is left (and ABDADA's bisection,
    /// [`Switches::abdada`], searched 4 to 8 times one thread's nodes).
    pub top_split: bool,
    /// Dehla Pakad's value alone on several threads by ABDADA
    /// ([`crate::solve::Solver::value_abdada`], every thread on the root's
    /// probes of the bisection, on the shared table; moves marked only with
    /// [`Switches::abdada`]) instead of the root's moves in rounds of
    /// aspirations, where threads climbing to a high value each value a
    /// move exactly ([`TrickGame::abdada_value`]).
    pub abdada_dehla: bool,
    /// The whist core's search compiled for the x86-64-v3 level (BMI1,
    /// BMI2, LZCNT, AVX2), used when the processor has it (else the
    /// portable search).
    pub wide_isa: bool,
    /// Four-hand whist on the call's threads: the whist core's table
    /// shared by them ([`crate::solve::wcore::shared`]), each card's value
    /// of an every-card answer on the next free thread.
    pub core_threads: bool,
    /// Whist with two or three hands: at trick starts each side's trump
    /// tricks also counted by ranks (each trump of a hand takes a trick
    /// unless a higher trump of the other side falls on it, and each of
    /// those beats one at most), in the bounds of both sides.
    pub rank_trumps: bool,
    /// At a trick start, the cheap bounds ([`TrickGame::lead_bounds_for`])
    /// before the table probe where the game asks for it
    /// ([`TrickGame::bounds_first`]): a position they decide costs no probe.
    pub bounds_first: bool,
    /// A call on several threads first works on one thread alone, on a
    /// table of its own, for [`crate::solve::parallel::TRIAL_NODES`] nodes
    /// ([`crate::solve::Solver::trial`]): a small position is answered as
    /// fast as on one thread, a larger one then split.
    pub trial_first: bool,
    /// Each action's search of a split every-action call starts with an
    /// empty cut-off cache ([`crate::solve::parallel::each_action`]).
    pub fresh_cutoffs: bool,
    /// A review on several threads ([`crate::registry::review`]) solves
    /// every position on every thread: each thread takes the next position
    /// from the end, and once none is left the free threads help with the
    /// actions of the positions still being solved (one queue of every
    /// action of every position, later positions first), instead of the
    /// later positions one a thread and then the first with its actions
    /// split.
    pub one_queue: bool,
    /// Heap presets: at a trick start, what the side not on lead surely
    /// takes at the last trick caps the side on lead (a hand of that side
    /// holds the top trump and keeps it to the end, its partner perhaps a
    /// ten: the last trick's heap is theirs).
    pub heap_last: bool,
    /// Heap presets: at a trick start, a hand holding the top `k >= 2`
    /// trumps wins `k` tricks in a row once it plays the top one (it
    /// leads the next top trump after each), so its side surely collects
    /// at least two tricks a pair of them: the side on lead's lower bound,
    /// or the other side's, which caps the side on lead.
    pub heap_pairs: bool,
    /// Games whose table keys are pattern trees' ([`TrickGame::PATTERN_TREES`]:
    /// whist with three hands): the table keeps their trick starts by
    /// their masks ([`crate::solve::trees`]): per shape, context and seat on
    /// lead the distinct masks, each pattern once with an interval on what
    /// is still to come (merged as it is stored again) in a hash table of
    /// the owners under its mask, the pattern that last answered tried
    /// first; instead of chains of entries. On: three-hand Hokm's 20 deals
    /// of `compare_points.py`, every card's value, 192.2 M -> 85.4 M nodes.
    pub pattern_trees: bool,
    /// The value alone on several threads by ABDADA
    /// ([`crate::solve::Solver::value_abdada`]): every thread searches the
    /// same probes from the root, and at a node whose first move is
    /// searched a thread leaves the moves another thread is searching to
    /// the end ([`crate::solve::shared::Busy`]), instead of the root's
    /// moves split over the threads in rounds of aspirations.
    pub abdada: bool,
    /// The value alone of three-hand whist on several threads by ABDADA
    /// (as [`Switches::abdada`], for the games whose table keys are
    /// pattern trees, [`TrickGame::PATTERN_TREES`], probed by MTD(f)).
    pub abdada_trees: bool,
    /// Twenty-eight's presets with twin cards (40, 56): the top run of
    /// trumps as bounds at trick starts (each trump of a rank the other
    /// side holds no card of takes its own points for its side), as the
    /// four-hand presets' partition search has them.
    pub twin_runs: bool,
    /// Twenty-eight's presets with equal cards (40, 56): table keys by
    /// relative ranks (cards of equal rank interchangeable, a rank of the
    /// points of the one above it taking its place once it is gone), not
    /// by the cards themselves.
    pub twin_keys: bool,
    /// The whist core's root remembers what each of its cards proved in
    /// the probes of one valuation: the cards known to reach furthest are
    /// tried first, a card whose bound decides the probe is not searched
    /// ([`crate::solve::wcore`]).
    pub root_memo: bool,
    /// A table that fills up keeps its newest half (the shapes stored to
    /// last, with their blocks of the newer half of its arena) instead of
    /// being cleared ([`crate::solve::table::Table::keep_newest`]): a search
    /// larger than the table keeps what it found last.
    pub keep_newest: bool,
    /// A table that fills up keeps the entries of its costliest searches
    /// (the blocks whose entries took the most nodes to find, about half
    /// of it, each kept block counted as half as costly at each later
    /// fill) before [`Switches::keep_newest`]
    /// ([`crate::solve::table::Table::keep_costly`]): the trick starts high
    /// in the tree, which every probe of a value meets again, outlive the
    /// cheap ones near its leaves.
    pub keep_costly: bool,
    /// The Court Piece family's table keys say whether the last trick was
    /// won by an ace only where `ace_rule` reads it: without the rule a
    /// position's value does not depend on it, and the bit split the
    /// entries of one position in two.
    pub ace_keys: bool,
    /// Heap presets, the leader's run at a trick start
    /// (`Switches::heap_bounds`): the top cards of a side suit also count
    /// while other hands hold trumps, for as many rounds as every hand
    /// still holding trumps after the leader's top trumps follows the
    /// suit (none of them can ruff).
    pub heap_cash: bool,
    /// With [`Switches::heap_last`], the hand holding the top trump keeps it
    /// to the last trick when its other trumps outnumber the other side's
    /// longer trump holding and its partner's trumps together (the other
    /// side's trump leads each take a trump of both its hands), instead of
    /// all the other trumps.
    pub last_max: bool,
    /// Twenty-eight's bounds at trick starts (four hands, open trumps): the
    /// side holding the top run of trumps (every trump above the other
    /// side's highest, with or without points) wins a trick with each of
    /// them, and so at least as many tricks as its hand with most of them
    /// holds; each of those tricks takes a card of every opponent, worth
    /// no less than the cheapest cards of that opponent's hand. The run's
    /// points plus each opponent's cheapest cards, so many of them: a
    /// lower bound when that side is on lead, else the other side's cap.
    pub run_followers: bool,
    /// Twenty-eight's lower bound at trick starts for the side on lead
    /// (four hands, open trumps): the leader cashes the cards of each suit
    /// above every other hand's (a plain suit only for as many rounds as
    /// each opponent holding a trump must follow, and no more plain-suit
    /// rounds than partner holds plain cards, so that partner never has to
    /// take the lead with a trump), then the top trumps; the cashed cards'
    /// points, partner's trumps above the opponents', and each opponent's
    /// cheapest cards, one a trick cashed.
    pub lead_cashes: bool,
    /// Twenty-eight's move ordering with four hands: a lead towards a
    /// card of partner's that tops the suit (the card led is not the
    /// suit's top, partner holds its highest card still out) is tried
    /// before the leader's own top cards of an unruffable suit, most of
    /// them (instead of after them).
    pub partner_leads: bool,
    /// Twenty-eight's move ordering with four hands: a plain lead to
    /// partner's ruff (partner void in the suit with trumps, each opponent
    /// following it or holding no trump) is tried among the leader's own
    /// top cards (instead of with the low leads).
    pub ruff_leads: bool,
    /// Twenty-eight's move ordering with four hands: a card over partner's
    /// winning card that no opponent still to play can beat, when one of
    /// them could beat partner's, is tried first (instead of last).
    pub overtakes: bool,
    /// [`Switches::tt_promote`] for the heap presets' keys, which leave the
    /// heap out ([`Switches::heap_keys`]): the entries of every heap of a
    /// position share one chain, and the entry that decided one probe is
    /// moved to its front.
    pub heap_promote: bool,
    /// Twenty-eight's move ordering with four hands: second to a trick
    /// that partner, playing last, surely takes (a card of partner's beats
    /// the trick's best and the third hand cannot beat it), the cards that
    /// would not keep the trick are tried by their points, most first
    /// (instead of least first).
    pub second_smears: bool,
    /// The whist core's cut-off cache keys a state also by who holds the
    /// cards that decide it: a lead by the leader's and his partner's
    /// hands, a card of the suit led by each hand's cards of that suit, a
    /// discard or a ruff by the cards of the suit led still in play
    /// ([`crate::solve::wcore`]): the card that cut off is tried first only
    /// where the play around it is the same.
    pub cutoff_owners: bool,
    /// Games with [`TrickGame::SMALL_FIRST`] (the Twenty-eight family): a
    /// shape's first block of table entries holds two of them, its later
    /// blocks eight, and up to a quarter of the table's memory is shape
    /// slots ([`crate::solve::table::Table::small_first`]): a search that
    /// stores one or two entries for most sets of cards in play (56) keeps
    /// about four times as many before the table fills.
    pub small_first: bool,
    /// Every card's value of two and three hands from a trick start: the
    /// root's first probe at the game's estimate ([`crate::solve::Whist::estimate`],
    /// as for the value alone) instead of half the tricks left.
    pub cards_guess: bool,
    /// The Twenty-eight family's outcome against a target on several
    /// threads: every action's questions (made? not failed?) each on the
    /// next free thread ([`crate::solve::parallel::each_question`]), the
    /// root's outcome the best of its actions'; the value alone's questions
    /// with the root's moves split over the threads
    /// ([`crate::solve::Solver::reaches_split`]). Off: every question on
    /// the call's one thread.
    pub outcome_split: bool,
    /// With [`Switches::outcome_split`], a question of the value alone
    /// asked by every thread at once by ABDADA
    /// ([`crate::solve::Solver::value_abdada`]) instead of the root's
    /// moves split over the threads.
    pub outcome_abdada: bool,
    /// With [`Switches::outcome_split`], a question of the value alone
    /// searches its first move first, split the same way below it, down
    /// [`crate::solve::parallel::OUTCOME_PV_PLIES`] plies, and splits its
    /// other moves over the threads only if the first did not decide it.
    pub outcome_pv: bool,
    /// Independent questions of one call on several threads
    /// ([`crate::solve::parallel::each_question`]: 56's outcome after each
    /// action): a thread with no question left to take searches one still
    /// searched by a single thread alongside it, on the shared table; the
    /// first answer stands and drops the other search.
    pub help_tail: bool,
    /// Twenty-eight's six-hand presets (40, 56; with `twin_keys`):
    /// partition search. The answers keep the cards whose ranks they relied
    /// on; a card of the suit and points of one already tried, both below
    /// every card of that suit the tried card's answer relied on, is not
    /// searched (`rank_skip`); and in the last five tricks the key by
    /// relative ranks also holds each hand's suit lengths, so that an entry
    /// may leave out the owners of a suit's cards of the points of its
    /// lowest card in play below every card of the suit its answer relied
    /// on (such cards are interchangeable between the hands holding them).
    pub six_partition: bool,
    /// The whist core's patterns fix each suit down to its lowest card
    /// that decided, not further down through that card's holder's run of
    /// cards next to it; a node that tries every card and skips one as
    /// equal to a card tried (nothing of another hand between them) counts
    /// the lower of the two among its rank winners instead, so that a run
    /// is fixed only where a skip relied on it ([`crate::solve::wcore`]).
    pub lean_patterns: bool,
    /// Twenty-eight's six-hand presets (40, 56): the first probe of a
    /// points value at the mean of play-outs over a small search tree
    /// ([`crate::solve::estimate`], a fixed seed) instead of the count of
    /// points and trumps each side holds, which misses by up to 18 points
    /// there (a probe near the value costs millions of nodes).
    pub playout_guess: bool,
    /// The cashing count of the trick-start bounds (and the defence's,
    /// [`crate::solve::cashing`]) fixes the cards of a round won with the
    /// opponents out of the suit (which of the side's hands won it, so who
    /// leads next) only when the count goes on after that round and neither
    /// card is already fixed by a card the count relied on before.
    pub lean_cashing: bool,
    /// A four-hand whist solver's own core (its table and cut-off cache)
    /// takes, when made, the memory that the last such core dropped on the
    /// same thread left behind (cleared: the same search as on new memory),
    /// and leaves its own when dropped, unless its table grew past
    /// [`crate::solve::wcore::SPARE_BYTES`]: a lone solve no longer pays for
    /// the first touch of its table's pages (as DDS keeps its memory
    /// between calls).
    pub spare_core: bool,
    /// A four-hand table on several threads: the strains handed out the
    /// dearest first by a cheap estimate (the trumps split most evenly
    /// between the sides first, no trump counting as an even split; then
    /// the shortest longest trump holding first), so that the strain left
    /// running alone at the end is a cheap one. Off: no trump, then the
    /// suits in order.
    pub strain_order: bool,
    /// A table shared by a call's threads keeps the trick starts of the
    /// games searched through the pattern trees ([`pattern_trees`]) in
    /// pattern trees too, one per stripe under the stripe's lock, instead of
    /// in the stripes' chains: on several threads those games then search
    /// as one thread does. The value alone by ABDADA keeps to the chains.
    ///
    /// [`pattern_trees`]: Switches::pattern_trees
    pub shared_trees: bool,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            tt: true,
            partition: true,
            quick_tricks: true,
            sure_tricks: true,
            collapse: true,
            ordering: true,
            killers: true,
            rank_skip: true,
            mtdf: true,
            tt_move: true,
            shared_killers: true,
            trick_bounds: true,
            card_bounds: true,
            dominance: true,
            compact_cutoffs: false,
            tt_promote: false,
            run_tops: true,
            void_leads_plain: true,
            follow_rules: true,
            rang_order: true,
            heap_bounds: true,
            heap_keys: true,
            fail_soft: true,
            two_tricks: true,
            cutoff_growth: true,
            heap_kots: true,
            tens_owners: true,
            dehla_top_first: true,
            top_split: true,
            abdada_dehla: true,
            wide_isa: true,
            core_threads: false,
            rank_trumps: true,
            bounds_first: true,
            trial_first: true,
            fresh_cutoffs: true,
            one_queue: true,
            heap_last: true,
            heap_pairs: true,
            pattern_trees: true,
            abdada: false,
            abdada_trees: true,
            twin_runs: true,
            twin_keys: true,
            root_memo: true,
            keep_newest: true,
            cutoff_owners: true,
            small_first: true,
            cards_guess: true,
            outcome_split: true,
            outcome_abdada: true,
            outcome_pv: false,
            help_tail: true,
            six_partition: true,
            lean_patterns: true,
            playout_guess: true,
            lean_cashing: true,
            keep_costly: true,
            ace_keys: true,
            heap_cash: true,
            last_max: true,
            spare_core: true,
            strain_order: true,
            shared_trees: true,
            run_followers: true,
            lead_cashes: true,
            partner_leads: true,
            ruff_leads: true,
            overtakes: true,
            heap_promote: true,
            second_smears: true,
        }
    }
}

impl Switches {
    /// Every optimisation off: plain alpha-beta over zero-window searches.
    pub fn none() -> Switches {
        Switches {
            tt: false,
            partition: false,
            quick_tricks: false,
            sure_tricks: false,
            collapse: false,
            ordering: false,
            killers: false,
            rank_skip: false,
            mtdf: false,
            tt_move: false,
            shared_killers: false,
            trick_bounds: false,
            card_bounds: false,
            dominance: false,
            compact_cutoffs: false,
            tt_promote: false,
            run_tops: false,
            void_leads_plain: false,
            follow_rules: false,
            rang_order: false,
            heap_bounds: false,
            heap_keys: false,
            fail_soft: false,
            two_tricks: false,
            cutoff_growth: false,
            heap_kots: false,
            tens_owners: false,
            dehla_top_first: false,
            top_split: false,
            abdada_dehla: false,
            wide_isa: false,
            core_threads: false,
            rank_trumps: false,
            bounds_first: false,
            trial_first: false,
            fresh_cutoffs: false,
            one_queue: false,
            heap_last: false,
            heap_pairs: false,
            pattern_trees: false,
            abdada: false,
            abdada_trees: false,
            twin_runs: false,
            twin_keys: false,
            root_memo: false,
            keep_newest: false,
            cutoff_owners: false,
            small_first: false,
            cards_guess: false,
            outcome_split: false,
            outcome_abdada: false,
            outcome_pv: false,
            help_tail: false,
            six_partition: false,
            lean_patterns: false,
            playout_guess: false,
            lean_cashing: false,
            keep_costly: false,
            ace_keys: false,
            heap_cash: false,
            last_max: false,
            spare_core: false,
            strain_order: false,
            shared_trees: false,
            run_followers: false,
            lead_cashes: false,
            partner_leads: false,
            ruff_leads: false,
            overtakes: false,
            heap_promote: false,
            second_smears: false,
        }
    }

    /// The names of the switches, as [`Switches::set`] takes them.
    pub const NAMES: [&'static str; 71] = [
        "tt",
        "partition",
        "quick_tricks",
        "sure_tricks",
        "collapse",
        "ordering",
        "killers",
        "rank_skip",
        "mtdf",
        "tt_move",
        "shared_killers",
        "trick_bounds",
        "card_bounds",
        "dominance",
        "compact_cutoffs",
        "tt_promote",
        "run_tops",
        "void_leads_plain",
        "follow_rules",
        "rang_order",
        "heap_bounds",
        "heap_keys",
        "fail_soft",
        "two_tricks",
        "cutoff_growth",
        "heap_kots",
        "tens_owners",
        "dehla_top_first",
        "top_split",
        "abdada_dehla",
        "wide_isa",
        "core_threads",
        "rank_trumps",
        "bounds_first",
        "trial_first",
        "fresh_cutoffs",
        "one_queue",
        "heap_last",
        "heap_pairs",
        "pattern_trees",
        "abdada",
        "abdada_trees",
        "twin_runs",
        "twin_keys",
        "root_memo",
        "keep_newest",
        "cutoff_owners",
        "small_first",
        "cards_guess",
        "outcome_split",
        "outcome_abdada",
        "outcome_pv",
        "help_tail",
        "six_partition",
        "lean_patterns",
        "playout_guess",
        "lean_cashing",
        "keep_costly",
        "ace_keys",
        "heap_cash",
        "last_max",
        "spare_core",
        "strain_order",
        "shared_trees",
        "run_followers",
        "lead_cashes",
        "partner_leads",
        "ruff_leads",
        "overtakes",
        "heap_promote",
        "second_smears",
    ];

    /// The flag of the switch called `name` (one of [`Switches::NAMES`]).
    pub fn flag_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "tt" => &mut self.tt,
            "partition" => &mut self.partition,
            "quick_tricks" => &mut self.quick_tricks,
            "sure_tricks" => &mut self.sure_tricks,
            "collapse" => &mut self.collapse,
            "ordering" => &mut self.ordering,
            "killers" => &mut self.killers,
            "rank_skip" => &mut self.rank_skip,
            "mtdf" => &mut self.mtdf,
            "tt_move" => &mut self.tt_move,
            "shared_killers" => &mut self.shared_killers,
            "trick_bounds" => &mut self.trick_bounds,
            "card_bounds" => &mut self.card_bounds,
            "dominance" => &mut self.dominance,
            "compact_cutoffs" => &mut self.compact_cutoffs,
            "tt_promote" => &mut self.tt_promote,
            "run_tops" => &mut self.run_tops,
            "void_leads_plain" => &mut self.void_leads_plain,
            "follow_rules" => &mut self.follow_rules,
            "rang_order" => &mut self.rang_order,
            "heap_bounds" => &mut self.heap_bounds,
            "heap_keys" => &mut self.heap_keys,
            "fail_soft" => &mut self.fail_soft,
            "two_tricks" => &mut self.two_tricks,
            "cutoff_growth" => &mut self.cutoff_growth,
            "heap_kots" => &mut self.heap_kots,
            "tens_owners" => &mut self.tens_owners,
            "dehla_top_first" => &mut self.dehla_top_first,
            "top_split" => &mut self.top_split,
            "abdada_dehla" => &mut self.abdada_dehla,
            "wide_isa" => &mut self.wide_isa,
            "core_threads" => &mut self.core_threads,
            "rank_trumps" => &mut self.rank_trumps,
            "bounds_first" => &mut self.bounds_first,
            "trial_first" => &mut self.trial_first,
            "fresh_cutoffs" => &mut self.fresh_cutoffs,
            "one_queue" => &mut self.one_queue,
            "heap_last" => &mut self.heap_last,
            "heap_pairs" => &mut self.heap_pairs,
            "pattern_trees" => &mut self.pattern_trees,
            "abdada" => &mut self.abdada,
            "abdada_trees" => &mut self.abdada_trees,
            "twin_runs" => &mut self.twin_runs,
            "twin_keys" => &mut self.twin_keys,
            "root_memo" => &mut self.root_memo,
            "keep_newest" => &mut self.keep_newest,
            "cutoff_owners" => &mut self.cutoff_owners,
            "small_first" => &mut self.small_first,
            "cards_guess" => &mut self.cards_guess,
            "outcome_split" => &mut self.outcome_split,
            "outcome_abdada" => &mut self.outcome_abdada,
            "outcome_pv" => &mut self.outcome_pv,
            "help_tail" => &mut self.help_tail,
            "six_partition" => &mut self.six_partition,
            "lean_patterns" => &mut self.lean_patterns,
            "playout_guess" => &mut self.playout_guess,
            "lean_cashing" => &mut self.lean_cashing,
            "keep_costly" => &mut self.keep_costly,
            "ace_keys" => &mut self.ace_keys,
            "heap_cash" => &mut self.heap_cash,
            "last_max" => &mut self.last_max,
            "spare_core" => &mut self.spare_core,
            "strain_order" => &mut self.strain_order,
            "shared_trees" => &mut self.shared_trees,
            "run_followers" => &mut self.run_followers,
            "lead_cashes" => &mut self.lead_cashes,
            "partner_leads" => &mut self.partner_leads,
            "ruff_leads" => &mut self.ruff_leads,
            "overtakes" => &mut self.overtakes,
            "heap_promote" => &mut self.heap_promote,
            "second_smears" => &mut self.second_smears,
            _ => return None,
        })
    }

    /// These switches changed by a list such as `"-trick_bounds,+tt_promote"`
    /// (`+` or no sign turns a switch on, `-` off); an unknown name is an
    /// error naming it.
    ///
    /// ```
    /// use hukm_core::solve::Switches;
    /// let sw = Switches::default().with_spec("-killers,+tt_promote").unwrap();
    /// assert!(!sw.killers && sw.tt_promote);
    /// assert!(Switches::default().with_spec("nope").is_err());
    /// ```
    pub fn with_spec(mut self, spec: &str) -> Result<Switches, String> {
        for item in spec.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            let (on, name) = match item.strip_prefix('-') {
                Some(n) => (false, n),
                None => (true, item.strip_prefix('+').unwrap_or(item)),
            };
            match self.flag_mut(name) {
                Some(f) => *f = on,
                None => {
                    return Err(format!(
                        "unknown switch {:?}; the switches are {}",
                        name,
                        Switches::NAMES.join(", ")
                    ))
                }
            }
        }
        Ok(self)
    }

    /// The default switches with `name` off: the configuration of a
    /// switch's differential test. Panics on an unknown name.
    #[cfg(test)]
    pub(crate) fn default_without(name: &str) -> Switches {
        Switches::default()
            .with_spec(&format!("-{name}"))
            .expect("a switch name")
    }
}

/// A trick game the solver can search.
///
/// The search maximises the value won by one side against the other. All
/// methods are called on consistent states only (the public API validates
/// positions before building a game), and none may allocate.
pub trait TrickGame {
    /// One move (a card, or a multi-card lead); its number (`Into<u64>`)
    /// names it in the lines of [`crate::solve::shared::Busy`].
    type Move: Copy + Default + PartialEq + Into<u64>;
    /// A set of cards whose ranks decided something (partition search).
    type Winners: Copy + Default + BitOr<Output = Self::Winners>;
    /// The relative-rank pattern of the table key.
    type Pattern: Pattern;
    /// Whether the search tracks the bounds its answers prove, for
    /// `Switches::fail_soft` (otherwise the switch does nothing). A game
    /// whose probes nearly always land on the value (four-hand whist, where
    /// MTD(f) needs two) turns it off and saves the bookkeeping.
    const SOFT_BOUNDS: bool = true;
    /// Whether the table may keep this game's trick starts in pattern
    /// trees (`Switches::pattern_trees`, [`crate::solve::trees`]): true
    /// only for keys whose pattern is two planes of the owners' seat
    /// numbers over the cards in play ([`Pattern::planes`]), whose masks
    /// fix the same cards in both planes, whose context holds the seat on
    /// lead in its two low bits, without heaps, and whose values fit a
    /// byte.
    const PATTERN_TREES: bool = false;
    /// Whether this game's table starts each shape with a small block
    /// (`Switches::small_first`, [`crate::solve::table::Table::small_first`]):
    /// for games that store one or two entries for most shapes and fill
    /// the table by its shape slots (the Twenty-eight family's six hands).
    const SMALL_FIRST: bool = false;

    /// Whether `Switches::bounds_first` applies at this trick start: the
    /// cheap bounds are asked before the table (where they decide more
    /// probes than the table answers, and cost less than a probe).
    #[inline]
    fn bounds_first(&self) -> bool {
        false
    }

    /// Whether the value alone on several threads is searched by every
    /// thread on the root's probes (`Switches::abdada_dehla`,
    /// [`crate::solve::Solver::value_abdada`]) rather than the root's moves
    /// in rounds of aspirations (Dehla Pakad's value).
    fn abdada_value(&self) -> bool {
        false
    }

    /// The seat to move.
    fn to_move(&self) -> usize;
    /// The side a seat belongs to.
    fn side_of(&self, seat: usize) -> Side;
    /// True at the start of a trick (nobody has played to it yet).
    fn at_trick_start(&self) -> bool;
    /// Number of moves played since the root (index for killer moves).
    fn ply(&self) -> usize;
    /// Total value still to be won, the current trick included.
    fn remaining(&self) -> u32;
    /// The legal moves, equivalent ones collapsed when `sw.collapse`,
    /// ordered best-first when `sw.ordering`.
    fn moves(&self, out: &mut MoveList<Self::Move>, sw: &Switches);
    /// Plays a move; when it completes a trick, says who won what.
    fn play(&mut self, m: Self::Move) -> Option<TrickWon<Self::Winners>>;
    /// Takes back the last move (`m` is the move that was played).
    fn undo(&mut self, m: Self::Move);
    /// At a trick start: the key for the transposition table.
    fn tt_key(&self) -> TtKey<Self::Pattern>;
    /// At a trick start: the table key and, when the game keeps its heap
    /// out of the key (`Switches::heap_keys`), what the heap holds (entries
    /// then keep it and a probe widens their bounds by the difference; see
    /// [`HeapUnits`]). The default: [`TrickGame::tt_key`], no heap.
    fn tt_key_heap(&self, sw: &Switches) -> (TtKey<Self::Pattern>, Option<HeapUnits>) {
        let _ = sw;
        (self.tt_key(), None)
    }
    /// At a trick start: the part of the pattern that `winners` rely on.
    /// The default, every card, suits games whose key is exact (no
    /// partition search).
    fn pattern_mask(&self, winners: Self::Winners) -> Self::Pattern {
        let _ = winners;
        <Self::Pattern as Pattern>::FULL
    }
    /// At a trick start: the cards a stored mask covers (inverse of
    /// [`TrickGame::pattern_mask`], up to what matters).
    /// The default, no card, goes with the default [`TrickGame::pattern_mask`].
    fn mask_winners(&self, mask: Self::Pattern) -> Self::Winners {
        let _ = mask;
        Self::Winners::default()
    }
    /// At a trick start: cheap bounds for the side on lead.
    /// The default knows nothing: from none to everything still to win.
    fn lead_bounds(&self, sw: &Switches) -> LeadBounds<Self::Winners> {
        let _ = sw;
        LeadBounds {
            lower: 0,
            lower_by: Self::Winners::default(),
            upper: self.remaining(),
            upper_by: Self::Winners::default(),
        }
    }
    /// Like [`TrickGame::lead_bounds`], but may stop working (leaving the
    /// other bound loose) as soon as one bound decides whether the side on
    /// lead wins `target`.
    fn lead_bounds_for(&self, sw: &Switches, target: u32) -> LeadBounds<Self::Winners> {
        let _ = target;
        self.lead_bounds(sw)
    }
    /// After playing `tried` gave an answer that relied only on the ranks in
    /// `winners`, does playing `other` instead certainly give the same answer?
    /// (E.g. a lower card of the same suit when the tried card's rank did not
    /// matter.) Returning `false` is always safe.
    fn same_answer(&self, tried: Self::Move, winners: Self::Winners, other: Self::Move) -> bool {
        let _ = (tried, winners, other);
        false
    }
    /// After move `m` (standing for its class of equivalent moves) gave an
    /// answer relying on `winners`: the extra ranks that the equivalence
    /// itself relied on, for partition search (e.g. when a run of cards
    /// reaches from below the lowest relevant rank to above it).
    /// The default adds nothing (right when no partition search is done).
    fn collapse_winners(&self, m: Self::Move, winners: Self::Winners) -> Self::Winners {
        let _ = m;
        winners
    }
    /// A hash of what decides the best move here (for the cut-off cache:
    /// the move that cut off last time in a similar state is tried first).
    fn cutoff_key(&self) -> u64;
    /// At a trick start: a compact code of lead `m` relative to the cards
    /// still in play (so it carries over to positions with the same pattern),
    /// or `u8::MAX` when the game keeps no such hints.
    /// The default keeps no hints.
    fn move_hint(&self, m: Self::Move) -> u8 {
        let _ = m;
        u8::MAX
    }
    /// At a trick start: the legal move that a code from
    /// [`TrickGame::move_hint`] stands for here, if any. Only an ordering
    /// hint: any answer is safe.
    fn hint_move(&self, hint: u8) -> Option<Self::Move> {
        let _ = hint;
        None
    }
    /// Is `m` one of the moves [`TrickGame::moves`] lists here (with the
    /// same switches)? The default generates the list and looks.
    fn has_move(&self, m: Self::Move, sw: &Switches) -> bool {
        let mut list = MoveList::new();
        self.moves(&mut list, sw);
        list.as_slice().contains(&m)
    }
    /// In the middle of a trick: does `side` surely win at least `need` of
    /// the value still to be won (the current trick included), whatever
    /// anyone plays? If so, the cards whose ranks that relies on. Only a
    /// bound: `None` (the default) is always safe.
    fn sure_trick(&self, side: Side, need: u32) -> Option<Self::Winners> {
        let _ = (side, need);
        None
    }
    /// In the middle of a trick: [`TrickGame::sure_trick`] for `side` and
    /// `need`, or else for the other side and `other_need`: `(true, _)` when
    /// `side` surely wins `need`, `(false, _)` when the other side surely
    /// wins `other_need`. Games may answer both in one pass.
    fn sure_either(&self, side: Side, need: u32, other_need: u32) -> Option<(bool, Self::Winners)> {
        if let Some(w) = self.sure_trick(side, need) {
            return Some((true, w));
        }
        self.sure_trick(1 - side, other_need).map(|w| (false, w))
    }
}

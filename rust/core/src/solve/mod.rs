//! Exact double-dummy search for trick games.
//!
//! The search ([`search`]) is written once against the [`TrickGame`] trait
//! ([`game`]); whist trick play for 2, 3 and 4 players ([`whist`]) is its first
//! implementation. A [`Solver`] owns its transposition table ([`tt`]) and is
//! reused across the solves of one deal (e.g. the 20 of a [`dd_table`]); no
//! state is global, so each thread simply owns a solver.
//!
//! ```
//! use hukm_core::pack::Pack;
//! use hukm_core::solve::{Solver, SolverConfig, WhistPosition};
//! let p = Pack::french52();
//! let hands = p.parse_deal("AK... QJ... T9... 87...", 4).unwrap();
//! let mut s = Solver::new(SolverConfig::small());
//! let sol = s.solve(&WhistPosition::new(hands, None, 0), 0).unwrap();
//! assert_eq!(sol.value, 2);
//! ```

pub mod answer;
pub(crate) mod bits;
mod bounds;
mod cashing;
pub mod check;
pub mod driver;
pub mod estimate;
pub mod game;
pub mod grade;
pub mod limits;
pub(crate) mod ordering;
pub mod parallel;
pub mod pool;
pub mod reference;
pub mod request;
pub mod search;
pub mod shared;
pub mod table;
mod table_jobs;
pub mod team;
pub mod trees;
pub mod tt;
pub mod wcore;
pub mod whist;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use answer::Answer;
use answer::{Actions, Narrow};
pub use driver::Probe;
pub use table_jobs::strain_order;

use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
pub use game::{
    LeadBounds, MoveList, Pattern, Side, Switches, TrickGame, TrickWon, TtKey, Wide, Wide3, Wide4,
};
use tt::Tt;
pub use whist::{Whist, WhistPosition, NO_TRUMP};

/// Settings of a [`Solver`].
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// Upper limit on the transposition table's memory, in bytes. The
    /// default, 57 MiB, keeps one solving thread (table, 4 MiB cut-off cache
    /// and stacks) under 64 MiB.
    pub tt_bytes: usize,
    /// Stop with [`Error::SolverLimit`] after this many nodes in one call.
    pub max_nodes: Option<u64>,
    /// Stop with [`Error::SolverLimit`] after this long in one call.
    pub timeout: Option<Duration>,
    /// Stop with [`Error::Interrupted`] when this flag is set (checked every
    /// few thousand nodes).
    pub stop: Option<Arc<AtomicBool>>,
    /// Which optimisations are on.
    pub switches: Switches,
    /// Anytime mode: when a limit stops the call, [`Solver::value`] returns
    /// the bounds proven so far ([`Solution::hi`] above [`Solution::value`])
    /// instead of the limit's error, and later values of the same call
    /// return their window at once ([`Solver::halted`] gives the error).
    pub bounds: bool,
    /// Where a call reports the bounds it has proven on its root value
    /// while it runs (see [`Progress`]).
    pub progress: Option<Progress>,
    /// Threads one call may use ([`parallel`]): with more than one, the
    /// table (`tt_bytes` in all) is shared by them and the calls that split
    /// their work (every action's value, a value's root moves) spread it
    /// over them. One (the default) is the one-thread search.
    pub threads: usize,
}

/// The bounds a running call has proven on the value of its position, in
/// the answer's units, shared with whoever watches the call (a progress
/// line, a web page). They only narrow: each report is the intersection of
/// what was known and what the last probe proved.
///
/// ```
/// use hukm_core::solve::Progress;
/// let p = Progress::default();
/// p.report(2, 9, 100);
/// p.report(4, 11, 250);
/// assert_eq!(p.get(), Some((4, 9, 250)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<Mutex<Option<(i64, i64, u64)>>>);

impl Progress {
    /// Records that the value lies in `lo..=hi` after `nodes` nodes,
    /// intersected with what was reported before.
    pub fn report(&self, lo: i64, hi: i64, nodes: u64) {
        let mut g = self.0.lock().unwrap_or_else(|e| e.into_inner());
        *g = Some(match *g {
            Some((a, b, _)) => (lo.max(a), hi.min(b), nodes),
            None => (lo, hi, nodes),
        });
    }

    /// The latest bounds and node count, if any were reported.
    pub fn get(&self) -> Option<(i64, i64, u64)> {
        *self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            tt_bytes: 57 << 20,
            max_nodes: None,
            timeout: None,
            stop: None,
            switches: Switches::default(),
            bounds: false,
            progress: None,
            threads: 1,
        }
    }
}

impl SolverConfig {
    /// The same settings without anytime mode, for the objectives that
    /// answer only exactly: a limit then fails the call, so a value stopped
    /// early is never returned as if it were exact.
    pub fn exact_only(mut self) -> SolverConfig {
        self.bounds = false;
        self
    }

    /// The default settings with a 1 MiB table (for small endgames and tests).
    pub fn small() -> SolverConfig {
        SolverConfig {
            tt_bytes: 1 << 20,
            ..SolverConfig::default()
        }
    }

    /// The settings for a search whose hands hold at most `cards` cards:
    /// [`SolverConfig::small`] up to 6 (a bot's sampled endgames, where
    /// setting up a large table would cost more than the search), the
    /// default beyond.
    pub fn for_hands(cards: u32) -> SolverConfig {
        if cards <= 6 {
            SolverConfig::small()
        } else {
            SolverConfig::default()
        }
    }
}

/// The value of a position and the work it took.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Tricks the chosen player's side wins from here to the end (the current
    /// trick included). In anytime mode ([`SolverConfig::bounds`]) after a
    /// limit stopped the call, the lower bound proven.
    pub value: u32,
    /// The upper bound proven: `value` itself when the value is exact.
    pub hi: u32,
    /// Search nodes visited.
    pub nodes: u64,
}

impl Solution {
    /// True when the value is exact (not only bounded).
    pub fn exact(&self) -> bool {
        self.hi == self.value
    }

    /// For this solution of a position: the window of the value after one of
    /// its moves, in the units of the rest of the hand, `base` being what the
    /// move itself credits to the side counted. The mover's side gets no more
    /// than the position's value with any move (`mover_max`), the other side
    /// no less.
    pub fn window_after(&self, base: u32, mover_max: bool) -> (u32, u32) {
        if mover_max {
            (0, self.hi.saturating_sub(base))
        } else {
            (self.value.saturating_sub(base), u32::MAX)
        }
    }
}

/// The value after each legal card of the player to move: the answering
/// layer's [`Answer`] with every legal card, ascending, as its actions (the
/// chosen side's tricks from the current trick to the end after playing
/// it; equivalent cards share a value). In anytime mode
/// ([`SolverConfig::bounds`]) after a limit stopped the call, `value` and
/// the cards' values are lower bounds, `hi` and `actions_hi` the upper ones.
pub type CardValues = Answer<Card>;

/// A double-dummy table: `[strain][leader]` with strains spades, hearts,
/// diamonds, clubs, no trump and leaders seats 0..4; each cell is the tricks
/// won by the leader's side.
pub type DdTable = [[u8; 4]; 5];

/// An exact double-dummy solver owning its transposition table, whose
/// entries hold patterns of type `P` (a 128-bit card set by default; games
/// whose exact key needs more use e.g. [`game::Wide3`]) and whose moves are
/// of type `M` (one byte by default; the cut-off cache keeps them).
pub struct Solver<P: Pattern = u128, M: Copy + Default + PartialEq = u8> {
    config: SolverConfig,
    tt: Tt<P>,
    /// The cut-off cache kept between searches (`Switches::shared_killers`).
    cutoffs: Vec<(u32, M)>,
    /// Nodes visited in the current call ([`Solver::start_call`]).
    used: u64,
    /// When the current call must stop.
    deadline: Option<Instant>,
    /// An end for the searches of the next calls before their time limit
    /// ([`Solver::search_until`]).
    search_end: Option<Instant>,
    /// In anytime mode, the limit that stopped the current call.
    halted: Option<Error>,
    /// Maps the bounds of the call's root value to the answer's units for
    /// [`SolverConfig::progress`] (set by the game while it values the root).
    root_units: Option<RootUnits>,
    /// The whist core's table (four-hand whist), made on first use.
    core: Option<Box<wcore::Core>>,
    /// While the call's work is spread over threads: the node budget they
    /// draw from together (when the call has a node limit).
    team: Option<Arc<limits::Budget>>,
    /// The solvers of the other threads of a call, kept between calls with
    /// their cut-off caches (see [`parallel`]).
    helpers: Vec<Solver<P, M>>,
    /// While one of a root's moves is valued for a split value
    /// ([`Solver::value_split`]): the best the other moves have proven,
    /// which the search need not beat.
    bar: Option<parallel::Bar>,
    /// Set by another thread of the call when the current search became
    /// moot (see [`limits::Limits::cancel`]).
    cancel: Option<Arc<std::sync::atomic::AtomicBool>>,
    /// The call's node count at which its trial on one thread ends
    /// ([`Solver::trial`]), while one runs.
    trial: Option<u64>,
    /// The team whose tables this solver searches on ([`Solver::join`]).
    joined: Option<Arc<team::Team>>,
}

/// The table of a solver with these settings: its own (a solver on
/// several threads makes it one they share when a call first splits its
/// work, [`Solver::share_table`]).
fn table_for<P: Pattern>(config: &SolverConfig) -> Tt<P> {
    Tt::with_bytes(config.tt_bytes)
}

/// Maps the root's bounds `(lo, hi)` in search units to the answer's units.
pub type RootUnits = Box<dyn Fn(u32, u32) -> (i64, i64) + Send>;

pub(crate) fn sides<const N: usize>(player: usize) -> [Side; N] {
    let mut s = [0; N];
    for (seat, v) in s.iter_mut().enumerate() {
        let same = if N == 4 {
            seat % 2 == player % 2
        } else {
            seat == player
        };
        *v = u8::from(!same);
    }
    s
}

impl Solver {
    /// A solver with the given settings (the table is allocated on first use).
    pub fn new(config: SolverConfig) -> Solver {
        Solver::with_pattern(config)
    }
}

impl<P: Pattern, M: Copy + Default + PartialEq> Solver<P, M> {
    /// A solver whose table keys hold patterns of type `P` (and whose moves
    /// are of type `M`). Its first call starts now.
    pub fn with_pattern(config: SolverConfig) -> Solver<P, M> {
        let tt = table_for(&config);
        let mut s = Solver {
            config,
            tt,
            cutoffs: Vec::new(),
            used: 0,
            deadline: None,
            search_end: None,
            halted: None,
            root_units: None,
            core: None,
            team: None,
            helpers: Vec::new(),
            bar: None,
            cancel: None,
            trial: None,
            joined: None,
        };
        s.start_call();
        s
    }

    /// Searches from now on on `team`'s table of this solver's patterns and
    /// `flavour` (and on its whist core table), shared with the team's
    /// other solvers: what they proved answers this one's probes. The
    /// table a solver had of its own is dropped (as is its cut-off cache
    /// when it changes tables); joining the same team again keeps
    /// everything.
    pub fn join(&mut self, team: &Arc<team::Team>, flavour: &str)
    where
        P: Send + Sync + 'static,
    {
        let table = team.table::<P>(flavour, self.config.tt_bytes);
        if self
            .tt
            .handle()
            .map_or(true, |h| !Arc::ptr_eq(h.table(), &table))
        {
            self.tt = Tt::shared(&table);
            self.cutoffs = Vec::new();
            self.helpers = Vec::new();
        }
        if !self.joined.as_ref().is_some_and(|t| Arc::ptr_eq(t, team)) {
            self.joined = Some(team.clone());
            self.core = None;
            self.helpers = Vec::new();
        }
    }

    /// Takes new settings for the calls to come (a solver kept across calls,
    /// [`pool`]): the limits, stop flag and progress of the next call; the
    /// table is kept when its size and the switches are unchanged, else
    /// started anew.
    pub fn reconfigure(&mut self, config: SolverConfig) {
        if config.tt_bytes != self.config.tt_bytes
            || config.switches != self.config.switches
            || (config.threads > 1) != (self.config.threads > 1)
        {
            self.tt = table_for(&config);
            self.cutoffs = Vec::new();
            self.core = None;
            self.helpers = Vec::new();
        }
        self.config = config;
        self.start_call();
    }

    /// The settings.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// Table statistics: stores, cut-off hits, resets because full,
    /// probes and entries compared by the probes (over every thread of a
    /// shared table).
    pub fn tt_stats(&self) -> [u64; 5] {
        self.tt.stats()
    }

    /// Forgets everything the table learned.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.cutoffs = Vec::new();
        if let Some(c) = &mut self.core {
            c.clear();
        }
    }

    /// Searches any [`TrickGame`] from its current state as a call of its
    /// own: the exact value for `max_side`, MTD(f) from `guess`.
    pub fn search_game<G: TrickGame<Pattern = P, Move = M>>(
        &mut self,
        game: &mut G,
        max_side: Side,
        guess: u32,
    ) -> Result<Solution> {
        self.start_call();
        self.value(game, max_side, (0, u32::MAX), guess, Probe::Mtdf)
    }
}

impl Solver {
    /// Tricks `player`'s side wins from `pos` to the end of the hand (for 4
    /// players the partnerships {0,2} and {1,3}; for 2 or 3, `player` alone
    /// against the others as one coalition).
    pub fn solve(&mut self, pos: &WhistPosition, player: usize) -> Result<Solution> {
        check_player(pos, player)?;
        self.start_call();
        match pos.hands.len() {
            2 => self.solve_n::<2>(pos, player),
            3 => self.solve_n::<3>(pos, player),
            4 => self.core_solve(pos, player),
            n => Err(bad_hands(n)),
        }
    }

    fn solve_n<const N: usize>(&mut self, pos: &WhistPosition, player: usize) -> Result<Solution> {
        let mut g = Whist::<N>::new(pos, sides::<N>(player))?;
        let guess = if pos.trick.is_empty() {
            g.estimate(0)
        } else {
            g.remaining() / 2
        };
        self.value_root_split(&mut g, guess, Probe::Mtdf, Some(tricks_units()))
    }

    /// The value and each legal card's value for `player`'s side, as the
    /// answering layer's [`Answer`] (one call: the limits hold over all).
    pub fn solve_cards(&mut self, pos: &WhistPosition, player: usize) -> Result<CardValues> {
        check_player(pos, player)?;
        self.start_call();
        match pos.hands.len() {
            2 => self.answer_n::<2>(pos, player),
            3 => self.answer_n::<3>(pos, player),
            4 => self.core_answer(pos, player),
            n => Err(bad_hands(n)),
        }
    }

    fn answer_n<const N: usize>(
        &mut self,
        pos: &WhistPosition,
        player: usize,
    ) -> Result<Answer<Card>> {
        let mut g = Whist::<N>::new(pos, sides::<N>(player))?;
        let guess = if pos.trick.is_empty() && self.config.switches.cards_guess {
            g.estimate(0)
        } else {
            g.remaining() / 2
        };
        if self.threads() > 1 {
            return self.answer_split(&mut g, guess);
        }
        let root = self.value_root_split(&mut g, guess, Probe::Mtdf, Some(tricks_units()))?;
        let each = Actions::new(&g, root, Probe::Mtdf, Narrow::Switched, &self.config);
        self.each_card(&mut g, root, |s, g, rep| {
            each.after_move(s, g, rep, |_, guess| guess)
        })
    }

    /// [`Solver::solve_cards`] on the call's threads: the classes of
    /// equivalent cards valued at once ([`parallel::each_action`]), the
    /// root's value the best of them.
    fn answer_split<const N: usize>(
        &mut self,
        g: &mut Whist<N>,
        guess: u32,
    ) -> Result<Answer<Card>> {
        let reps = card_classes(g, self.config.switches.collapse);
        let play = |h: &mut Whist<N>, i: usize| answer::credit(h, reps[i]);
        let n = reps.len();
        let values = parallel::each_action(
            self,
            &*g,
            n,
            play,
            guess,
            |_, e| e,
            Probe::Mtdf,
            Narrow::Switched,
        )?;
        Ok(self.classes_answer(g, &reps, &values))
    }

    /// The answer whose cards are valued as the representatives `reps`
    /// of their classes ([`card_classes`]) were (`values`), the root's
    /// value the best of them.
    fn classes_answer<const N: usize>(
        &mut self,
        g: &Whist<N>,
        reps: &[u8],
        values: &[(u32, u32)],
    ) -> Answer<Card> {
        let collapse = self.config.switches.collapse;
        let mover_max = g.side_of(g.to_move()) == 0;
        let root = self.report_best(values, mover_max, Some(tricks_units()));
        let mut out = Answer::new(root);
        for c in CardSet(g.legal() as u128).iter() {
            let rep = if collapse { g.class_of(c.0) } else { c.0 };
            let i = reps.iter().position(|&r| r == rep).unwrap_or(0);
            out.push(c, values[i]);
        }
        out.finish(self)
    }

    /// The answer of a root valued `root`: each legal card of `g`'s mover
    /// with the bounds of its value, equivalent cards sharing one valuation
    /// by `after` (given the class's lowest card).
    fn each_card<const N: usize>(
        &mut self,
        g: &mut Whist<N>,
        root: Solution,
        mut after: impl FnMut(&mut Self, &mut Whist<N>, u8) -> Result<(u32, u32)>,
    ) -> Result<Answer<Card>> {
        let mut out = Answer::new(root);
        let mut done: Vec<(u8, (u32, u32))> = Vec::new();
        for c in CardSet(g.legal() as u128).iter() {
            let rep = if self.config.switches.collapse {
                g.class_of(c.0)
            } else {
                c.0
            };
            let v = match done.iter().find(|(r, _)| *r == rep) {
                Some(&(_, v)) => v,
                None => {
                    let v = after(self, g, rep)?;
                    done.push((rep, v));
                    v
                }
            };
            out.push(c, v);
        }
        Ok(out.finish(self))
    }
    /// The full double-dummy table of a four-hand deal (52 cards or an
    /// equal-hands endgame), reusing the table across leaders and strains.
    pub fn dd_table(&mut self, hands: &[CardSet; 4]) -> Result<DdTable> {
        Ok(self.dd_table_counted(hands)?.0)
    }

    /// Like [`Solver::dd_table`] but also returns the total node count.
    pub fn dd_table_counted(&mut self, hands: &[CardSet; 4]) -> Result<(DdTable, u64)> {
        self.start_call();
        let mut t = [[0u8; 4]; 5];
        let mut nodes = 0;
        for strain in 0..5u8 {
            nodes += self.core_strain(hands, strain, &mut t[strain as usize])?;
        }
        Ok((t, nodes))
    }
}

/// Four-hand whist through the whist core ([`wcore`]).
impl Solver {
    /// The whist core, made (and its table allocated) on first use.
    fn core(&mut self) -> Result<&mut wcore::Core> {
        if self.core.is_none() {
            let mut c = if let Some(team) = &self.joined {
                wcore::Core::joining(&team.core(self.config.tt_bytes))
            } else if self.threads() > 1 && self.config.switches.core_threads {
                wcore::Core::new_shared(self.config.tt_bytes)
            } else if self.config.switches.spare_core {
                wcore::Core::spare(self.config.tt_bytes)
            } else {
                wcore::Core::new(self.config.tt_bytes)
            };
            c.reserve()?;
            self.core = Some(Box::new(c));
        }
        Ok(self.core.as_mut().expect("made above"))
    }

    /// The whist core's table statistics (zero before its first use).
    pub fn core_stats(&self) -> wcore::TtStats {
        self.core.as_ref().map(|c| c.stats()).unwrap_or_default()
    }

    /// The value of `g` for its side 0, known to lie in `window`, first
    /// probed at `guess`, through the whist core under the call's limits
    /// (in anytime mode a limit leaves the bounds proven, as
    /// [`Solver::value`] does).
    fn core_value(&mut self, g: &Whist<4>, window: (u32, u32), guess: u32) -> Result<Solution> {
        let total = g.remaining();
        let (bottom, top) = match self.open_window(window, total) {
            Ok(w) => w,
            Err(done) => return Ok(done),
        };
        // The core counts the tricks of seats 0 and 2.
        let flip = g.side[0] != 0;
        let (w, first) = if flip {
            ((total - top, total - bottom), total - guess.min(total))
        } else {
            ((bottom, top), guess)
        };
        let pos = wcore::Position {
            hands: g.hands,
            trump: g.trump,
            leader: g.leader as usize,
            trick: g.trick().to_vec(),
        };
        let limits = self.call_limits();
        let sw = self.config.switches;
        let v = self.core()?.value(&pos, w, first, sw, &limits);
        self.used += v.nodes;
        let (value, hi) = if flip {
            (total - v.hi, total - v.lo)
        } else {
            (v.lo, v.hi)
        };
        let sol = Solution {
            value,
            hi,
            nodes: v.nodes,
        };
        match v.stopped {
            None => {
                self.report(value, hi);
                Ok(sol)
            }
            Some(e) if self.config.bounds => {
                self.halted = Some(e);
                Ok(sol)
            }
            Some(e) => Err(e),
        }
    }

    fn core_solve(&mut self, pos: &WhistPosition, player: usize) -> Result<Solution> {
        let g = Whist::<4>::new(pos, sides::<4>(player))?;
        let guess = if pos.trick.is_empty() {
            g.estimate(0)
        } else {
            g.remaining() / 2
        };
        self.report_root(Some(tricks_units()));
        let r = self.core_value(&g, (0, u32::MAX), guess);
        self.report_root(None);
        r
    }

    fn core_answer(&mut self, pos: &WhistPosition, player: usize) -> Result<Answer<Card>> {
        let mut g = Whist::<4>::new(pos, sides::<4>(player))?;
        let guess = g.remaining() / 2;
        if self.threads() > 1 && self.config.switches.core_threads {
            return self.core_answer_split(&g, guess);
        }
        self.report_root(Some(tricks_units()));
        let root = self.core_value(&g, (0, u32::MAX), guess);
        self.report_root(None);
        let root = root?;
        let narrow = self.config.switches.card_bounds || self.config.bounds || !root.exact();
        let mover_max = g.side_of(g.to_move()) == 0;
        self.each_card(&mut g, root, |s, g, rep| {
            let base = answer::credit(g, rep);
            let window = if narrow {
                root.window_after(base, mover_max)
            } else {
                (0, u32::MAX)
            };
            let r = s.core_value(g, window, root.value.saturating_sub(base));
            g.undo(rep);
            let r = r?;
            Ok((base + r.value, base + r.hi))
        })
    }

    /// [`Solver::solve_cards`] of four-hand whist on the call's threads:
    /// the classes of equivalent cards valued on the next free thread, each
    /// thread's core on the one table ([`wcore::shared`]), each card first
    /// probed at the last value found (most cards of a position are worth
    /// about the same); the root's value is the best of them.
    fn core_answer_split(&mut self, g: &Whist<4>, guess: u32) -> Result<Answer<Card>> {
        // The table is made before the other threads join it.
        self.core()?;
        let reps = card_classes(g, self.config.switches.collapse);
        let last = std::sync::atomic::AtomicU32::new(guess);
        let root = std::sync::Mutex::new(g.clone());
        let values = self.split(reps.len(), |s, i| {
            let mut h = root.lock().unwrap_or_else(|e| e.into_inner()).clone();
            let base = answer::credit(&mut h, reps[i]);
            let first = last
                .load(std::sync::atomic::Ordering::Relaxed)
                .saturating_sub(base);
            let r = s.core_value(&h, (0, u32::MAX), first)?;
            if r.exact() {
                last.store(base + r.value, std::sync::atomic::Ordering::Relaxed);
            }
            Ok((base + r.value, base + r.hi))
        })?;
        Ok(self.classes_answer(g, &reps, &values))
    }

    /// One strain of a table through the whist core: a fresh table for the
    /// strain, the four leaders sharing it (West, East, North, South, each
    /// first probed one above the previous value of North-South).
    fn core_strain(&mut self, hands: &[CardSet; 4], strain: u8, row: &mut [u8; 4]) -> Result<u64> {
        let trump = if strain < 4 { strain } else { NO_TRUMP };
        self.core()?.clear();
        let bits: [u64; 4] = std::array::from_fn(|i| hands[i].bits() as u64);
        let total = bits[0].count_ones();
        let mut guess = guess_tricks(&bits, trump);
        let mut nodes = 0;
        for leader in [3usize, 1, 0, 2] {
            let (ns, n) = self.core_leader(hands, strain, leader, guess)?;
            row[leader] = if leader % 2 == 0 { ns } else { total - ns } as u8;
            nodes += n;
            guess = (ns + 1).min(total);
        }
        Ok(nodes)
    }

    /// One cell of a table through the whist core (on the table it has):
    /// the tricks of North-South (seats 0 and 2) with `leader` on lead in
    /// `strain` (4 for no trump), first probed at `guess`, and the nodes.
    fn core_leader(
        &mut self,
        hands: &[CardSet; 4],
        strain: u8,
        leader: usize,
        guess: u32,
    ) -> Result<(u32, u64)> {
        let pos = WhistPosition::new(hands.to_vec(), (strain < 4).then_some(strain), leader);
        // Side 0 is seats 0 and 2 here: the core's own count.
        let g = Whist::<4>::new(&pos, [0, 1, 0, 1])?;
        let sol = self.core_value(&g, (0, u32::MAX), guess)?;
        Ok((sol.value, sol.nodes))
    }
}

/// A first guess of the tricks of seats 0 and 2 at a full table: all of
/// them unless the other side is clearly stronger (high-card points, and
/// with trumps their length), as bridge-solver guesses.
fn guess_tricks(hands: &[u64; 4], trump: u8) -> u32 {
    let points = |h: u64| -> u32 {
        (0..4u8)
            .map(|s| {
                let x = h >> (16 * s as u32);
                4 * (x >> 12 & 1) + 3 * (x >> 11 & 1) + 2 * (x >> 10 & 1) + (x >> 9 & 1)
            })
            .sum::<u64>() as u32
    };
    let n = hands[0].count_ones();
    let ns = points(hands[0]) + points(hands[2]);
    let ew = points(hands[1]) + points(hands[3]);
    if trump == NO_TRUMP {
        if ns * 2 < ew {
            return 0;
        }
        if ns < ew {
            return n / 2 + 1;
        }
        return n;
    }
    let t = |h: u64| (h & whist::suit_bits(trump)).count_ones();
    let (nt, st, et, wt) = (t(hands[0]), t(hands[2]), t(hands[1]), t(hands[3]));
    let (ours, theirs) = (nt.max(st), et.max(wt));
    if ns < ew && (ours < theirs || (ours == theirs && nt + st < et + wt)) {
        return 0;
    }
    n
}

/// One card of each class of equivalent legal cards of the mover of `g`
/// (every legal card when `collapse` is off), in the order of the cards.
fn card_classes<const N: usize>(g: &Whist<N>, collapse: bool) -> Vec<u8> {
    let mut reps: Vec<u8> = Vec::new();
    for c in CardSet(g.legal() as u128).iter() {
        let rep = if collapse { g.class_of(c.0) } else { c.0 };
        if !reps.contains(&rep) {
            reps.push(rep);
        }
    }
    reps
}

/// Whist's answer counts tricks, the search's own unit.
fn tricks_units() -> RootUnits {
    Box::new(|lo, hi| (i64::from(lo), i64::from(hi)))
}

fn bad_hands(n: usize) -> Error {
    Error::State(format!("whist positions need 2 to 4 hands, got {}", n))
}

fn check_player(pos: &WhistPosition, player: usize) -> Result<()> {
    if player >= pos.hands.len() {
        return Err(Error::State(format!(
            "bad player {} for {} hands",
            player,
            pos.hands.len()
        )));
    }
    Ok(())
}

/// The double-dummy table of a four-hand deal on `threads` threads (a
/// strain to the next free thread: [`table_jobs`]; `0` means one).
pub fn dd_table(hands: &[CardSet; 4], threads: usize, config: &SolverConfig) -> Result<DdTable> {
    let threads = threads.clamp(1, 5);
    if threads == 1 {
        return Solver::new(config.clone()).dd_table(hands);
    }
    table_jobs::dd_table_threads(hands, threads, config)
}

/// Solves many positions on `threads` threads (one solver each; `0` means
/// one): the value for `players[i]`'s side, or for the side of the player to
/// move when `players` is `None`.
pub fn solve_many(
    positions: &[WhistPosition],
    players: Option<&[usize]>,
    threads: usize,
    config: &SolverConfig,
) -> Result<Vec<u32>> {
    if let Some(p) = players {
        if p.len() != positions.len() {
            return Err(Error::State(format!(
                "{} players given for {} positions",
                p.len(),
                positions.len()
            )));
        }
    }
    let player = |i: usize| {
        players
            .map(|p| p[i])
            .unwrap_or_else(|| positions[i].to_move())
    };
    parallel_map(
        positions.len(),
        threads,
        || Solver::new(config.clone()),
        |s, i| Ok(s.solve(&positions[i], player(i))?.value),
    )
}

/// Runs `job(worker, i)` for every `i` in `0..n` on `threads` threads, each
/// with its own worker made by `init` (e.g. a solver with its table), and
/// returns the values in order. Indices are handed out one at a time, so a
/// thread that drew easy items takes more of them (deals differ in cost by
/// orders of magnitude). The first error wins; a panicking job is an error.
/// On more than one thread, what each thread did (its jobs, processor and
/// idle time; no nodes) is noted with the splits' ([`parallel::take_thread_work`]).
pub fn parallel_map<W, T, I, F>(n: usize, threads: usize, init: I, job: F) -> Result<Vec<T>>
where
    T: Clone + Default + Send,
    I: Fn() -> W + Sync,
    F: Fn(&mut W, usize) -> Result<T> + Sync,
{
    let threads = threads.clamp(1, n.max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let start = Instant::now();
    type Done<T> = (Vec<(usize, T)>, parallel::ThreadWork);
    let results: Vec<Result<Done<T>>> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (init, job, next) = (&init, &job, &next);
                sc.spawn(move || {
                    let cpu = parallel::thread_cpu_us();
                    let mut worker = init();
                    let mut v = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= n {
                            let work = parallel::ThreadWork {
                                jobs: v.len() as u64,
                                busy_us: start.elapsed().as_micros() as u64,
                                cpu_us: parallel::thread_cpu_us() - cpu,
                                ..parallel::ThreadWork::default()
                            };
                            return Ok((v, work));
                        }
                        v.push((i, job(&mut worker, i)?));
                    }
                })
            })
            .collect();
        join_all(handles)
    });
    let mut out = vec![T::default(); n];
    let mut work = Vec::with_capacity(threads);
    for r in results {
        let (done, w) = r?;
        work.push(w);
        for (i, v) in done {
            out[i] = v;
        }
    }
    if threads > 1 {
        let end = work.iter().map(|w| w.busy_us).max().unwrap_or(0);
        for w in work.iter_mut() {
            w.idle_us = end - w.busy_us;
        }
        parallel::note_work(&work);
    }
    Ok(out)
}

/// Waits for scoped threads, each result in order (a thread that panicked
/// gives an error saying so).
pub(crate) fn join_all<T>(
    handles: Vec<std::thread::ScopedJoinHandle<'_, Result<T>>>,
) -> Vec<Result<T>> {
    handles
        .into_iter()
        .map(|h| {
            h.join()
                .unwrap_or_else(|_| Err(Error::State("solver thread panicked".into())))
        })
        .collect()
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod trees_tests;

//! Estimates where exact search cannot reach: play-outs of a position to the
//! end of the hand, every hand visible, each seat playing the game's own
//! move ordering (the search's guess of its best move) with some chance of a
//! lower-ranked move, over a search tree that each start grows (UCT: the
//! moves that look best for the side to move are followed more, so the mean
//! moves towards the value of best play), and the mean of what side 0 takes,
//! with its spread and the number of play-outs.
//!
//! An estimate is never a bound: it is labelled as such on every surface
//! (the graded answer of [`crate::solve::grade`]). Without the tree, the
//! play-outs of the actions at one root share their random numbers (the
//! `k`-th play-out of every action uses the same stream), so the differences
//! between actions, which choose the best one, carry less noise than each
//! mean.
//!
//! ```
//! use hukm_core::pack::Pack;
//! use hukm_core::solve::estimate::{play_out, Policy};
//! use hukm_core::solve::{Whist, WhistPosition};
//! use hukm_core::rng::Rng;
//! let p = Pack::french52();
//! let hands = p.parse_deal("AK... QJ... T9... 87...", 4).unwrap();
//! let mut g = Whist::<4>::new(&WhistPosition::new(hands, None, 0), [0, 1, 0, 1]).unwrap();
//! // Whatever is played, seat 0's ace and king take both tricks.
//! let mut moves = Vec::new();
//! assert_eq!(play_out(&mut g, &mut Rng::new(1), &mut moves, &Policy::default()), 2);
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::game::{MoveList, Switches, TrickGame};
use crate::rng::Rng;

/// One estimated value, in the answer's units.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Estimate {
    /// The play-outs' mean (kept within the value's proven bounds).
    pub mean: f64,
    /// The play-outs' standard deviation.
    pub spread: f64,
    /// How many play-outs.
    pub samples: u32,
}

/// The estimates of a graded answer, in the answer's units.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Estimates {
    /// The position's value: the estimate of the action best for the side
    /// to move (or the position's own play-outs when no action is valued).
    pub value: Estimate,
    /// Each action valued, with its estimate, in the answer's order.
    pub actions: Vec<(String, Estimate)>,
    /// How the estimates were made (`"play-outs"`).
    pub method: String,
    /// Moves played by all the play-outs together.
    pub moves: u64,
}

/// How a play-out chooses its moves: the game's ordered move list (best
/// guess first), the first move with probability `1 - explore`, else the
/// next one with the same odds, and so on down the list (the last one
/// takes what is left). With `tree`, each start grows a search tree of its
/// own (UCT: the best-looking move for the side to move, by the mean of
/// what followed it plus an exploration term `uct` times
/// `sqrt(ln N / n)`, values scaled by what is still to win), playing out
/// from each new leaf: its mean moves from the value of the play-outs'
/// play towards that of best play as the tree grows.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Policy {
    /// The chance of passing over a move for the next in the ordered list.
    pub explore: f64,
    /// The switches the move lists are made with (ordering on).
    pub switches: Switches,
    /// Grow a search tree over the play-outs (UCT).
    pub tree: bool,
    /// The exploration constant of the tree.
    pub uct: f64,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            explore: 0.25,
            switches: Switches::default(),
            tree: true,
            uct: 0.2,
        }
    }
}

impl Policy {
    /// The index of the move to play in an ordered list of `len` moves.
    fn pick(&self, len: usize, rng: &mut Rng) -> usize {
        // `explore` as a 32-bit fraction, compared with 32 random bits a step.
        let pass = (self.explore.clamp(0.0, 1.0) * 4_294_967_296.0) as u64;
        let mut bits = 0u64;
        let mut left = 0;
        let mut i = 0;
        while i + 1 < len {
            if left == 0 {
                bits = rng.next_u64();
                left = 2;
            }
            let r = bits & 0xFFFF_FFFF;
            bits >>= 32;
            left -= 1;
            if r >= pass {
                break;
            }
            i += 1;
        }
        i
    }
}

/// Plays `g` out to the end of the hand under `policy` and returns what
/// side 0 took on the way; `g` is back where it was afterwards (`moves` is
/// scratch space for the moves to take back).
pub fn play_out<G: TrickGame>(
    g: &mut G,
    rng: &mut Rng,
    moves: &mut Vec<G::Move>,
    policy: &Policy,
) -> u32 {
    played_out(g, rng, moves, policy).0
}

/// [`play_out`] with the number of moves played.
fn played_out<G: TrickGame>(
    g: &mut G,
    rng: &mut Rng,
    moves: &mut Vec<G::Move>,
    policy: &Policy,
) -> (u32, u64) {
    moves.clear();
    let mut list = MoveList::new();
    let mut took = 0;
    while g.remaining() > 0 {
        g.moves(&mut list, &policy.switches);
        if list.is_empty() {
            break;
        }
        let m = list.as_slice()[policy.pick(list.len(), rng)];
        if let Some(w) = g.play(m) {
            took += w.credit(g.side_of(w.seat as usize), 0);
        }
        moves.push(m);
    }
    let plies = moves.len() as u64;
    while let Some(m) = moves.pop() {
        g.undo(m);
    }
    (took, plies)
}

/// The running mean and spread of samples (Welford's method).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Sample {
    /// Samples taken.
    pub n: u32,
    mean: f64,
    m2: f64,
}

impl Sample {
    /// Adds one sample.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / f64::from(self.n);
        self.m2 += d * (x - self.mean);
    }

    /// The mean (0 with no sample).
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The samples' standard deviation (0 with fewer than two).
    pub fn spread(&self) -> f64 {
        if self.n < 2 {
            0.0
        } else {
            (self.m2 / f64::from(self.n - 1)).sqrt()
        }
    }
}

/// When the play-outs of one call stop: at `until`, once every start has
/// `most` play-outs, or when `stop` is raised, whichever comes first (at
/// least one round is played).
#[derive(Clone, Debug)]
pub struct Budget {
    /// The instant to stop at (none: only `most` counts).
    pub until: Option<Instant>,
    /// Play-outs per start at most.
    pub most: u32,
    /// The call's stop flag (Ctrl-C).
    pub stop: Option<Arc<AtomicBool>>,
}

/// Estimates each start (a game and what side 0 took before it, in the
/// search's units) by play-outs in rounds, every start once a round with
/// the round's random stream, until `budget` says stop; each play-out's
/// result is put in the answer's units by `unit` before it is counted.
/// Returns one [`Sample`] per start and the moves played.
pub fn estimate<G: TrickGame>(
    starts: &mut [(G, u32)],
    unit: impl Fn(u32) -> f64,
    policy: &Policy,
    budget: Budget,
    seed: u64,
) -> (Vec<Sample>, u64) {
    let mut out = vec![Sample::default(); starts.len()];
    let mut moves = Vec::new();
    let mut played = 0u64;
    let mut trees: Vec<Tree<G::Move>> = starts.iter().map(|_| Tree::default()).collect();
    let mut rngs: Vec<Rng> = (0..starts.len())
        .map(|i| Rng::new(Rng::derive(seed, i as u64 + (1 << 32))))
        .collect();
    for round in 0..budget.most.max(1) {
        let stream = Rng::derive(seed, u64::from(round));
        for (i, ((g, base), s)) in starts.iter_mut().zip(out.iter_mut()).enumerate() {
            let (took, plies) = if policy.tree {
                trees[i].iterate(g, &mut rngs[i], &mut moves, policy)
            } else {
                let mut rng = Rng::new(stream);
                played_out(g, &mut rng, &mut moves, policy)
            };
            played += plies;
            s.add(unit(*base + took));
        }
        let stopped = budget
            .stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed));
        if stopped || budget.until.is_some_and(|t| Instant::now() >= t) {
            break;
        }
    }
    (out, played)
}

/// One node of a play-out tree: its moves (in the game's order), the
/// children made so far (the first moves' nodes), what the move into it
/// credited side 0, and the play-outs through it with the sum of what side
/// 0 took from it on.
struct Node<M> {
    moves: Vec<M>,
    children: Vec<u32>,
    edge: u32,
    n: u32,
    sum: f64,
    side0: bool,
    scale: f64,
    expanded: bool,
}

/// A play-out tree of one start ([`Policy::tree`]).
struct Tree<M> {
    nodes: Vec<Node<M>>,
}

impl<M> Default for Tree<M> {
    fn default() -> Self {
        Tree { nodes: Vec::new() }
    }
}

impl<M: Copy + Default + PartialEq> Tree<M> {
    fn node(edge: u32) -> Node<M> {
        Node {
            moves: Vec::new(),
            children: Vec::new(),
            edge,
            n: 0,
            sum: 0.0,
            side0: true,
            scale: 1.0,
            expanded: false,
        }
    }

    /// One iteration: down the tree by the best-looking moves, a new leaf,
    /// a play-out from it, and what side 0 took counted at every node on
    /// the way. Returns what side 0 took from the start and the moves
    /// played; `g` is back where it was.
    fn iterate<G: TrickGame<Move = M>>(
        &mut self,
        g: &mut G,
        rng: &mut Rng,
        moves: &mut Vec<M>,
        policy: &Policy,
    ) -> (u32, u64) {
        if self.nodes.is_empty() {
            self.nodes.push(Self::node(0));
        }
        let mut path: Vec<u32> = vec![0];
        let mut taken: Vec<M> = Vec::new();
        let mut list = MoveList::new();
        let mut rest = 0;
        let mut plies = 0;
        loop {
            let at = *path.last().expect("the root") as usize;
            if g.remaining() == 0 {
                break;
            }
            if !self.nodes[at].expanded {
                g.moves(&mut list, &policy.switches);
                let n = &mut self.nodes[at];
                n.moves = list.as_slice().to_vec();
                n.side0 = g.side_of(g.to_move()) == 0;
                n.scale = f64::from(g.remaining().max(1));
                n.expanded = true;
            }
            let node = &self.nodes[at];
            if node.moves.is_empty() {
                break;
            }
            let (m, child) = if node.children.len() < node.moves.len() {
                (node.moves[node.children.len()], None)
            } else {
                let k = self.select(at, policy.uct);
                (node.moves[k], Some(node.children[k]))
            };
            let won = g.play(m);
            let credit = won.map_or(0, |w| w.credit(g.side_of(w.seat as usize), 0));
            taken.push(m);
            plies += 1;
            match child {
                Some(c) => path.push(c),
                None => {
                    let c = self.nodes.len() as u32;
                    self.nodes.push(Self::node(credit));
                    self.nodes[at].children.push(c);
                    path.push(c);
                    let (took, p) = played_out(g, rng, moves, policy);
                    rest = took;
                    plies += p;
                    break;
                }
            }
        }
        while let Some(m) = taken.pop() {
            g.undo(m);
        }
        let mut v = f64::from(rest);
        let mut total = rest;
        for &i in path.iter().rev() {
            let n = &mut self.nodes[i as usize];
            n.n += 1;
            n.sum += v;
            v += f64::from(n.edge);
            if i != 0 {
                total += n.edge;
            }
        }
        (total, plies)
    }

    /// The child of node `at` to follow: the best for the side to move by
    /// the mean of what followed it (with its move's credit), scaled by what
    /// was still to win, plus `c * sqrt(ln N / n)`.
    fn select(&self, at: usize, c: f64) -> usize {
        let node = &self.nodes[at];
        let ln = f64::from(node.n.max(1)).ln();
        let mut best = (f64::MIN, 0);
        for (k, &ch) in node.children.iter().enumerate() {
            let x = &self.nodes[ch as usize];
            let q = (f64::from(x.edge) + x.sum / f64::from(x.n.max(1))) / node.scale;
            let q = if node.side0 { q } else { 1.0 - q };
            let u = q + c * (ln / f64::from(x.n.max(1))).sqrt();
            if u > best.0 {
                best = (u, k);
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::Pack;
    use crate::solve::TrickGame;
    use crate::solve::{Solver, SolverConfig, Whist, WhistPosition};

    fn game(deal: &str, trump: Option<u8>) -> Whist<4> {
        let p = Pack::french52();
        let hands = p.parse_deal(deal, 4).unwrap();
        Whist::<4>::new(&WhistPosition::new(hands, trump, 0), [0, 1, 0, 1]).unwrap()
    }

    #[test]
    fn samples_have_mean_and_spread() {
        let mut s = Sample::default();
        for x in [1.0, 2.0, 3.0, 4.0] {
            s.add(x);
        }
        assert_eq!((s.n, s.mean()), (4, 2.5));
        assert!((s.spread() - 1.290_994).abs() < 1e-5);
        assert_eq!(Sample::default().spread(), 0.0);
    }

    #[test]
    fn the_policy_mostly_takes_the_first_move() {
        let p = Policy::default();
        let mut rng = Rng::new(3);
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            counts[p.pick(4, &mut rng)] += 1;
        }
        assert!(counts[0] > 2800 && counts[0] < 3200, "{:?}", counts);
        assert!(counts[1] > counts[2] && counts[2] > 0, "{:?}", counts);
        let greedy = Policy {
            explore: 0.0,
            ..Policy::default()
        };
        assert_eq!(greedy.pick(5, &mut rng), 0);
        assert_eq!(p.pick(1, &mut rng), 0);
    }

    #[test]
    fn play_outs_leave_the_game_as_it_was_and_stay_within_the_value_range() {
        let mut g = game("AKQ.2.. JT9.3.. 876.4.. 543.5..", Some(1));
        let before = (g.tt_key(), g.to_move(), g.remaining());
        let mut moves = Vec::new();
        let mut rng = Rng::new(9);
        for _ in 0..50 {
            let took = play_out(&mut g, &mut rng, &mut moves, &Policy::default());
            assert!(took <= 4);
        }
        assert_eq!((g.tt_key(), g.to_move(), g.remaining()), before);
    }

    #[test]
    fn estimates_are_reproducible_and_respect_the_budget() {
        let mut starts = vec![(game("AKQ.2.. JT9.3.. 876.4.. 543.5..", None), 1)];
        let budget = Budget {
            until: None,
            most: 30,
            stop: None,
        };
        let (a, _) = estimate(
            &mut starts,
            f64::from,
            &Policy::default(),
            budget.clone(),
            5,
        );
        let (b, _) = estimate(&mut starts, f64::from, &Policy::default(), budget, 5);
        assert_eq!(a, b);
        assert_eq!(a[0].n, 30);
        // What was taken before the start counts: 1 plus 0..=4 tricks.
        assert!(a[0].mean() >= 1.0 && a[0].mean() <= 5.0);
        // A spent budget still plays one round.
        let spent = Budget {
            until: Some(Instant::now()),
            most: 1000,
            stop: None,
        };
        let (c, _) = estimate(&mut starts, f64::from, &Policy::default(), spent, 5);
        assert_eq!(c[0].n, 1);
    }

    #[test]
    fn the_tree_moves_the_estimate_towards_the_exact_value() {
        use crate::solve::reference::{brute_force, random_endgame};
        let (mut flat, mut tree) = (0.0, 0.0);
        for k in 0..12 {
            let pos = random_endgame(300 + k, 3, 5, 4, Some((k % 4) as u8), 0);
            let exact = f64::from(brute_force(&pos, 0));
            let g = Whist::<3>::new(&pos, [0, 1, 1]).unwrap();
            for (with_tree, err) in [(false, &mut flat), (true, &mut tree)] {
                let policy = Policy {
                    tree: with_tree,
                    ..Policy::default()
                };
                let budget = Budget {
                    until: None,
                    most: 3000,
                    stop: None,
                };
                let mut starts = vec![(g.clone(), 0)];
                let (s, moves) = estimate(&mut starts, f64::from, &policy, budget, 9);
                assert!(moves > 0 && s[0].n == 3000);
                *err += (s[0].mean() - exact).abs();
            }
        }
        assert!(
            tree < flat && tree / 12.0 < 0.4,
            "tree {} flat {}",
            tree,
            flat
        );
    }

    #[test]
    fn a_greedy_play_out_of_a_simple_ending_finds_the_exact_value() {
        // Seat 0 cashes three spades; no play by the others changes it.
        let mut g = game("AKQ... JT9... 876... 543...", None);
        let exact = Solver::new(SolverConfig::small())
            .solve(
                &WhistPosition::new(
                    Pack::french52()
                        .parse_deal("AKQ... JT9... 876... 543...", 4)
                        .unwrap(),
                    None,
                    0,
                ),
                0,
            )
            .unwrap()
            .value;
        let greedy = Policy {
            explore: 0.0,
            ..Policy::default()
        };
        let took = play_out(&mut g, &mut Rng::new(1), &mut Vec::new(), &greedy);
        assert_eq!((took, exact), (3, 3));
    }
}

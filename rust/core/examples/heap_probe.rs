//! Where a heap preset's solve spends its nodes: one deal of a file of
//! `DEAL;TRUMP` lines (see `heap_bench --deals`), valued as
//! `dd_solve` values it (bisection from half of what is left), with the
//! nodes of each probe and, per probe, the nodes at each trick and the
//! table hits and lead-bound cuts at trick starts.
//!
//! `cargo run --release --example heap_probe -- PRESET FILE LINE [T1,T2,...]`
//!
//! With targets, each is probed alone from an empty table instead.
//!
//! `HUKM_SWITCHES` changes the solver's switches. Node counts repeat.

mod common;

use std::cell::RefCell;
use std::sync::Arc;

use hukm_core::games::hokm::dd::{Objective, RangGame};
use hukm_core::games::hokm::{HokmConfig, HokmState};
use hukm_core::solve::game::HeapUnits;
use hukm_core::solve::{
    LeadBounds, MoveList, Probe, Side, Solver, SolverConfig, Switches, TrickGame, TrickWon, TtKey,
};

#[derive(Default, Clone)]
struct Counts {
    /// Nodes (plays) by trick number (ply / 4).
    by_trick: [u64; 14],
    /// Trick starts by trick number.
    starts: [u64; 14],
    /// Lead-bound calls by trick.
    bounds: [u64; 14],
    /// Trick starts searched move by move (neither the table nor the
    /// bounds answered), by trick number.
    expanded: [u64; 14],
    /// Those trick starts by what the side on lead still needs against all
    /// that is left (`remaining - target`: 0 everything, 1, 2, 3 or more).
    slack: [u64; 4],
    /// The probe's target for the side on lead at the root.
    target: u32,
}

impl Counts {
    /// One line for each trick where the probe played a card.
    fn print(&self) {
        for t in (0..13).filter(|&t| self.by_trick[t] > 0) {
            println!(
                "   trick {:2} nodes {:10} starts {:9} bounds {:9} expanded {:9}",
                t + 1,
                self.by_trick[t],
                self.starts[t],
                self.bounds[t],
                self.expanded[t]
            );
        }
        println!(
            "   expanded by slack (side on lead needs all, all but 1, 2, 3+): {:?}",
            self.slack
        );
    }
}

struct Counted {
    g: RangGame,
    probes: RefCell<Vec<Counts>>,
    /// The side on lead's target at the last trick start's bounds.
    lead_target: std::cell::Cell<u32>,
    /// The ply of the last trick start whose bounds were asked (every
    /// trick start's are, first, with `bounds_first`), until its first lead.
    pending: std::cell::Cell<Option<usize>>,
}

impl TrickGame for Counted {
    type Move = u8;
    type Winners = u64;
    type Pattern = u128;
    fn to_move(&self) -> usize {
        self.g.to_move()
    }
    fn bounds_first(&self) -> bool {
        self.g.bounds_first()
    }
    fn side_of(&self, seat: usize) -> Side {
        self.g.side_of(seat)
    }
    fn at_trick_start(&self) -> bool {
        self.g.at_trick_start()
    }
    fn ply(&self) -> usize {
        self.g.ply()
    }
    fn remaining(&self) -> u32 {
        self.g.remaining()
    }
    fn moves(&self, out: &mut MoveList<u8>, sw: &Switches) {
        self.g.moves(out, sw)
    }
    fn play(&mut self, m: u8) -> Option<TrickWon<u64>> {
        let t = (self.g.ply() / 4).min(13);
        if self.g.at_trick_start() && self.pending.get() == Some(self.g.ply()) {
            // The first lead of a trick start the table and the bounds
            // left to the search.
            self.pending.set(None);
            if let Some(c) = self.probes.borrow_mut().last_mut() {
                c.expanded[t] += 1;
                let slack = self.g.remaining().saturating_sub(self.lead_target.get());
                c.slack[(slack as usize).min(3)] += 1;
            }
        }
        if let Some(c) = self.probes.borrow_mut().last_mut() {
            c.by_trick[t] += 1;
        }
        self.g.play(m)
    }
    fn undo(&mut self, m: u8) {
        self.g.undo(m)
    }
    fn tt_key(&self) -> TtKey<u128> {
        self.g.tt_key()
    }
    fn tt_key_heap(&self, sw: &Switches) -> (TtKey<u128>, Option<HeapUnits>) {
        let t = (self.g.ply() / 4).min(13);
        let mut p = self.probes.borrow_mut();
        if self.g.ply() == 0 {
            p.push(Counts::default());
        }
        if let Some(c) = p.last_mut() {
            c.starts[t] += 1;
        }
        self.g.tt_key_heap(sw)
    }
    fn pattern_mask(&self, w: u64) -> u128 {
        self.g.pattern_mask(w)
    }
    fn mask_winners(&self, m: u128) -> u64 {
        self.g.mask_winners(m)
    }
    fn lead_bounds(&self, sw: &Switches) -> LeadBounds<u64> {
        self.g.lead_bounds(sw)
    }
    fn lead_bounds_for(&self, sw: &Switches, target: u32) -> LeadBounds<u64> {
        let t = (self.g.ply() / 4).min(13);
        if let Some(c) = self.probes.borrow_mut().last_mut() {
            c.bounds[t] += 1;
            if self.g.ply() == 0 {
                c.target = target;
            }
        }
        self.lead_target.set(target);
        self.pending.set(Some(self.g.ply()));
        self.g.lead_bounds_for(sw, target)
    }
    fn same_answer(&self, a: u8, w: u64, b: u8) -> bool {
        self.g.same_answer(a, w, b)
    }
    fn collapse_winners(&self, m: u8, w: u64) -> u64 {
        self.g.collapse_winners(m, w)
    }
    fn cutoff_key(&self) -> u64 {
        self.g.cutoff_key()
    }
    fn move_hint(&self, m: u8) -> u8 {
        self.g.move_hint(m)
    }
    fn hint_move(&self, h: u8) -> Option<u8> {
        self.g.hint_move(h)
    }
    fn has_move(&self, m: u8, sw: &Switches) -> bool {
        self.g.has_move(m, sw)
    }
    fn sure_trick(&self, side: Side, need: u32) -> Option<u64> {
        self.g.sure_trick(side, need)
    }
    fn sure_either(&self, side: Side, need: u32, other: u32) -> Option<(bool, u64)> {
        self.g.sure_either(side, need, other)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset = args.first().map_or("dehla_pakad", |s| s.as_str());
    let file = args.get(1).expect("FILE");
    let line: usize = args.get(2).and_then(|x| x.parse().ok()).unwrap_or(0);
    let spec = std::env::var("HUKM_SWITCHES").unwrap_or_default();
    let switches = Switches::default()
        .with_spec(&spec)
        .unwrap_or_else(|e| panic!("HUKM_SWITCHES: {}", e));
    let cfg = Arc::new(HokmConfig::new(preset, &[]).expect("preset"));
    let lines = common::deal_lines(file);
    let l = &lines[line];
    let (deal, trump) = l.split_once(';').expect("DEAL;TRUMP");
    let hands = cfg.pack.parse_deal(deal, 4).expect("deal");
    let trump = cfg.pack.parse_suit(trump.trim()).expect("trump");
    let s = HokmState::from_deal(cfg.clone(), &hands, Some(trump), 0, None, None).expect("pos");
    let g = RangGame::new(&s, 0, Objective::Value).expect("game");
    let mut c = Counted {
        g,
        probes: RefCell::new(Vec::new()),
        lead_target: std::cell::Cell::new(0),
        pending: std::cell::Cell::new(None),
    };
    let new_solver = || {
        Solver::new(SolverConfig {
            switches,
            ..SolverConfig::default()
        })
    };
    if let Some(ts) = args.get(3) {
        // Single probes, each from an empty table.
        for t in ts.split(',').filter_map(|x| x.parse::<u32>().ok()) {
            let mut solver = new_solver();
            solver.start_call();
            let ok = solver.reaches(&mut c, 0, t).expect("probe");
            println!(
                "target {:3} -> {:5} nodes {} tt {:?}",
                t,
                ok,
                solver.call_nodes(),
                solver.tt_stats()
            );
            if std::env::var("DEPTHS").is_ok() {
                if let Some(p) = c.probes.borrow().last() {
                    p.print();
                }
            }
            c.probes.borrow_mut().clear();
        }
        return;
    }
    let mut solver = new_solver();
    let rem = c.remaining();
    // GUESS=g probes g first; PROBE=mtdf steps by MTD(f) instead of bisecting.
    let guess: Option<u32> = std::env::var("GUESS").ok().and_then(|g| g.parse().ok());
    let probe = if std::env::var("PROBE").is_ok_and(|p| p == "mtdf") {
        Probe::Mtdf
    } else {
        Probe::Bisect
    };
    let sol = solver
        .value_root(&mut c, guess.unwrap_or(rem / 2), probe, None)
        .expect("solve");
    println!(
        "value {} nodes {} tt {:?}",
        sol.value,
        sol.nodes,
        solver.tt_stats()
    );
    for (i, p) in c.probes.borrow().iter().enumerate() {
        let n: u64 = p.by_trick.iter().sum();
        println!("probe {} target {} nodes {}", i, p.target, n);
        p.print();
    }
}

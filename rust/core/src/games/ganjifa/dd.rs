//! Double-dummy value of individual Ganjifa (`docs/rules/ganjifa.md` A.14): the
//! tricks the focal seat P can guarantee by the end of the hand, every other
//! seat playing against him as one coalition.
//!
//! Every decision of P (his leads, contributions, the suit he names as a
//! right-hand neighbour) is maximised; every other seat's decision minimised.
//! A blind surrender is a chance node: its worst card for P by default, the
//! average over the leader's cards with `dd_chance=expectation`.
//!
//! **Search.** [`GanjifaDd`] implements the solver's [`TrickGame`] seam, so
//! the default (adversarial) objective runs on the shared MTD(f) zero-window
//! search and transposition table ([`Solver`]). Moves are `u16` codes (kind
//! in the high byte, a card or suit in the low byte):
//!
//! * a lead's whole act is one move, except a Wilkins face-down lead, which
//!   is two (the card, then the suit named for it), so no node has more than
//!   `h + 1` moves for a hand of `h` cards, `2h + 1` under Wilkins with the
//!   deni optional (a deni and a single lead of every card, and one compound
//!   lead); the solver therefore takes hands of at most [`max_hand`] cards
//!   (exact search stops being practical far below that, but a graded
//!   answer searches what its time allows);
//! * a seat owing k ≥ 2 free cards to one lead gives them one move each in
//!   decreasing card order (A.3.5: the order inside a group changes nothing),
//!   so each k-subset is searched once;
//! * a completed lead is worth the tricks it credits (its width).
//!
//! The table key is exact: the pattern holds every seat's hand in full
//! ([`Wide4`]), with each suit's remaining cards reduced to relative ranks
//! once the opening is over (a pack's bit order is its strength order, so
//! reversed suits need no special care; only the opening's lead King is a
//! particular card). The context holds the leader, the lead step, the
//! opening and Wilkins flags and the focal seat.
//!
//! `dd_chance=expectation` asks for an average over chance outcomes, which
//! is not a question a zero-window (win at least `t`?) search can answer;
//! that mode runs a full-window expectimax over the same [`GanjifaDd`] moves
//! with an exact table of its own ([`expectimax`]).

use std::collections::HashMap;

use super::config::{GanjifaConfig, LeadRules};
use super::play::{Act, Kind, Play, Step, MAX_SEATS};
use super::rules::{above, relative_ranks};
use crate::card::{Card, CardSet};
use crate::error::{check_seat, Error, Result};
use crate::solve::answer::{Actions, Answer, Narrow};
use crate::solve::grade::{graded, Graded, How};
use crate::solve::parallel::each_action;
use crate::solve::game::{
    mix64, MoveList, Side, Switches, TrickGame, TrickWon, TtKey, Wide, Wide4,
};
use crate::solve::search::Limits;
use crate::solve::{Probe, Solver, SolverConfig};

/// The largest hand the solver accepts under `cfg`'s rules: every node's
/// moves must fit the move list ([`crate::solve::game::MAX_MOVES`]).
pub fn max_hand(cfg: &GanjifaConfig) -> u32 {
    let list = crate::solve::game::MAX_MOVES as u32 - 1;
    if cfg.lead_rules == LeadRules::Wilkins && !cfg.deni_mandatory {
        (list - 1) / 2
    } else {
        list - 1
    }
}

const GIVE: u16 = 0x000;
const LEAD: u16 = 0x100;
const OPEN: u16 = 0x200;
const MULTI: u16 = 0x300;
const DENI: u16 = 0x400;
const FD_CARD: u16 = 0x500;
const FD_SUIT: u16 = 0x600;
const BLIND: u16 = 0x700;
const NAME: u16 = 0x800;
const REVEAL: u16 = 0x900;
const DOUBLE: u16 = 0xA00;
const PASS: u16 = 0xB00;

/// The seat index standing for chance (the blind surrender's card).
const CHANCE: usize = MAX_SEATS;

/// The answer for one state: P's tricks at the end of the hand (won so far
/// included), the same after each legal act of the seat to move, and the
/// search nodes of the whole call.
pub type GanjifaAnswer = Answer<Act, f64>;

/// Everything that changes during the search (restored by copy on undo).
#[derive(Copy, Clone, Debug)]
struct Core {
    play: Play,
    /// A face-down lead whose card is chosen and whose suit is not yet named.
    facedown: Option<Card>,
}

/// A Ganjifa hand in play, seen by the solver for one focal seat.
#[derive(Clone, Debug)]
pub struct GanjifaDd<'a> {
    cfg: &'a GanjifaConfig,
    core: Core,
    stack: Vec<Core>,
    /// The side of each seat, and of chance (index [`MAX_SEATS`]).
    sides: [Side; MAX_SEATS + 1],
    focal: u8,
    /// Cards already in the lead in progress at the root (given in any order).
    root_played: CardSet,
    /// Built beyond [`max_hand`] (for play-outs): a move list may be full.
    lossy: bool,
}

/// Why the search cannot take `p`, if it cannot (a hand beyond
/// [`max_hand`]).
pub fn beyond(cfg: &GanjifaConfig, p: &Play) -> Option<String> {
    let biggest = p.hands().iter().map(|h| h.len()).max().unwrap_or(0);
    (biggest > max_hand(cfg)).then(|| {
        format!(
            "a hand of {} cards is too large for exact search (at most {})",
            biggest,
            max_hand(cfg)
        )
    })
}

fn card_of(m: u16) -> Card {
    Card((m & 0xFF) as u8)
}

impl<'a> GanjifaDd<'a> {
    /// The solver's view of `p` for focal seat `focal` (side 0).
    pub fn new(cfg: &'a GanjifaConfig, p: &Play, focal: usize) -> Result<GanjifaDd<'a>> {
        if let Some(e) = beyond(cfg, p) {
            return Err(Error::State(e));
        }
        GanjifaDd::unchecked(cfg, p, focal)
    }

    /// The solver's view of `p` for focal seat `focal` whatever the size of
    /// its hands: beyond [`max_hand`] a node may list fewer moves than are
    /// legal (for play-outs only, never for a search).
    pub fn unchecked(cfg: &'a GanjifaConfig, p: &Play, focal: usize) -> Result<GanjifaDd<'a>> {
        let n = p.n as usize;
        check_seat("player", focal, n)?;
        let mut sides = [1; MAX_SEATS + 1];
        sides[focal] = 0;
        Ok(GanjifaDd {
            cfg,
            core: Core {
                play: *p,
                facedown: None,
            },
            stack: Vec::with_capacity(256),
            sides,
            focal: focal as u8,
            root_played: p.trick.played.iter().fold(CardSet::EMPTY, |a, &x| a | x),
            lossy: beyond(cfg, p).is_some(),
        })
    }

    /// The hand in its current state.
    pub fn play_state(&self) -> &Play {
        &self.core.play
    }

    /// True at a blind surrender (a chance node).
    pub fn is_chance(&self) -> bool {
        self.core.facedown.is_none() && self.core.play.step == Step::Blind
    }

    /// The legal acts the search considers at a decision of the engine: a
    /// free multi-card contribution in decreasing card order only, and one
    /// act of each class of interchangeable cards when `collapse`.
    fn search_acts(&self, collapse: bool) -> Vec<Act> {
        let p = &self.core.play;
        let cfg = self.cfg;
        let mut acts = p.legal(cfg);
        if p.step == Step::Give {
            let t = &p.trick;
            let (seat, owed) = t.queue[t.qi as usize];
            let seat = seat as usize;
            let free = !(t.kind == Kind::Deni && seat == t.holder as usize);
            if seat != t.leader as usize && free {
                let bound = (t.played[seat] - self.root_played)
                    .lowest()
                    .map_or(u8::MAX, |c| c.0);
                let options = p.give_options(cfg);
                acts.retain(|a| match a {
                    Act::Give(c) => {
                        c.0 < bound
                            && (options & CardSet((1u128 << c.0) - 1)).len() + 1 >= owed as u32
                    }
                    _ => true,
                });
            }
        }
        if collapse && p.step != Step::Blind {
            self.collapse(&mut acts);
        }
        acts
    }

    /// Drops a single-card act when the same act with the next-higher live
    /// card of its suit is also on offer and that card is in the same hand:
    /// two such cards are interchangeable for every rule (hukms, denis,
    /// following, the trick winner), so the two children are the same
    /// position up to renaming them.
    fn collapse(&self, acts: &mut Vec<Act>) {
        let p = &self.core.play;
        let seat = match p.current() {
            Some(s) => s,
            None => return,
        };
        let pack = &self.cfg.pack;
        let trick = if p.step == Step::Give || p.step == Step::Double {
            p.trick.played.iter().fold(CardSet::EMPTY, |a, &x| a | x)
        } else {
            CardSet::EMPTY
        };
        let live = p.hands.iter().fold(trick, |a, &x| a | x);
        let hand = p.hands[seat];
        let next_up = |c: Card| -> Option<Card> {
            (live & pack.suit_mask(pack.suit_of(c)) & above(c)).lowest()
        };
        let all = acts.clone();
        acts.retain(|&a| {
            let (c, twin): (Card, fn(Card, Act) -> Act) = match a {
                Act::Give(c) => (c, |u, _| Act::Give(u)),
                Act::Deni(c) => (c, |u, _| Act::Deni(u)),
                Act::Facedown(c, _) => (c, |u, a| match a {
                    Act::Facedown(_, x) => Act::Facedown(u, x),
                    other => other,
                }),
                Act::Lead(cs) if cs.len() == 1 => {
                    (cs.lowest().expect("one card"), |u, _| Act::Lead(u.set()))
                }
                _ => return true,
            };
            match next_up(c) {
                Some(u) if hand.contains(u) => !all.contains(&twin(u, a)),
                _ => true,
            }
        });
    }

    /// The move code of an engine act (`multi`: its index among the
    /// multi-card leads of the list it comes from).
    fn encode(&self, a: Act, multi: &mut u16) -> u16 {
        let p = &self.core.play;
        match a {
            Act::Give(c) => GIVE | c.0 as u16,
            Act::Lead(cs) if cs.len() == 1 => LEAD | cs.lowest().expect("a card").0 as u16,
            Act::Lead(cs) if !p.opening_done => {
                let x = (cs - self.cfg.lead_king.set())
                    .lowest()
                    .expect("a low card");
                OPEN | x.0 as u16
            }
            Act::Lead(_) => {
                *multi += 1;
                MULTI | (*multi - 1)
            }
            Act::Deni(c) => DENI | c.0 as u16,
            Act::Facedown(c, _) => FD_CARD | c.0 as u16,
            Act::Blind => BLIND,
            Act::Name(x) => NAME | x as u16,
            Act::Reveal(c) => REVEAL | c.0 as u16,
            Act::Double => DOUBLE,
            Act::Pass => PASS,
        }
    }

    /// The engine act of a move code (not a face-down card pick).
    fn decode(&self, m: u16) -> Act {
        let p = &self.core.play;
        let low = (m & 0xFF) as u8;
        match m & 0xFF00 {
            GIVE => Act::Give(Card(low)),
            LEAD => Act::Lead(Card(low).set()),
            OPEN => Act::Lead(self.cfg.lead_king.set() | Card(low).set()),
            MULTI => p
                .lead_options(self.cfg)
                .into_iter()
                .filter(|a| matches!(a, Act::Lead(cs) if cs.len() > 1))
                .nth(low as usize)
                .expect("a multi-card lead of the list"),
            DENI => Act::Deni(Card(low)),
            FD_SUIT => Act::Facedown(self.core.facedown.expect("a card picked"), low),
            BLIND => Act::Blind,
            NAME => Act::Name(low),
            REVEAL => Act::Reveal(Card(low)),
            DOUBLE => Act::Double,
            _ => Act::Pass,
        }
    }

    /// Ordering weight of an engine act (higher first).
    fn weight(&self, a: Act) -> i16 {
        let p = &self.core.play;
        let pack = &self.cfg.pack;
        let rank = |c: Card| pack.strength(c) as i16;
        match a {
            Act::Lead(cs) if cs.len() > 1 => 200 + cs.len() as i16,
            Act::Lead(cs) => rank(cs.lowest().expect("a card")),
            Act::Deni(c) => 50 - rank(c),
            Act::Give(c) => {
                let t = &p.trick;
                let me = p.current().unwrap_or(0);
                let deciding =
                    matches!(t.kind, Kind::Single | Kind::Facedown) && pack.suit_of(c) == t.suit;
                match t.best {
                    Some((seat, b)) if deciding => {
                        let friend = self.sides[seat as usize] == self.sides[me];
                        if !friend && c.0 > b.0 {
                            100 - rank(c)
                        } else {
                            -rank(c)
                        }
                    }
                    _ => -rank(c),
                }
            }
            _ => 0,
        }
    }

    /// Plays an engine act; when it completes a lead, who won what.
    fn apply_act(&mut self, a: Act) -> Option<TrickWon<u128>> {
        let before = self.core.play.tricks;
        self.core.play.apply_unchecked(self.cfg, a);
        self.core.facedown = None;
        let after = &self.core.play.tricks;
        (0..MAX_SEATS).find_map(|s| {
            (after[s] > before[s]).then(|| TrickWon {
                seat: s as u8,
                value: (after[s] - before[s]) as u32,
                rest: 0,
                decided: 0,
            })
        })
    }

    /// Plays a root act of the engine (a face-down lead in one go) and
    /// returns the tricks it made the focal seat win at once.
    pub fn play_root_act(&mut self, a: Act) -> u32 {
        self.stack.push(self.core);
        let won = self.apply_act(a);
        let p = &self.core.play;
        self.root_played = if matches!(p.step, Step::Give | Step::Double) {
            p.trick.played.iter().fold(CardSet::EMPTY, |a, &x| a | x)
        } else {
            CardSet::EMPTY
        };
        match won {
            Some(w) if self.sides[w.seat as usize] == 0 => w.value,
            _ => 0,
        }
    }

    /// The hands for the table key: after the opening, relative ranks.
    fn canonical(&self) -> [CardSet; MAX_SEATS] {
        let p = &self.core.play;
        if p.opening_done {
            relative_ranks(&self.cfg.pack, &p.hands)
        } else {
            p.hands
        }
    }
}

impl TrickGame for GanjifaDd<'_> {
    type Move = u16;
    type Winners = u128;
    type Pattern = Wide4;

    fn to_move(&self) -> usize {
        if self.is_chance() {
            CHANCE
        } else {
            self.core.play.current().unwrap_or(0)
        }
    }

    fn side_of(&self, seat: usize) -> Side {
        self.sides[seat]
    }

    fn at_trick_start(&self) -> bool {
        self.core.facedown.is_none()
            && matches!(
                self.core.play.step,
                Step::Lead | Step::Name | Step::Blind | Step::NamedLead(_)
            )
    }

    fn ply(&self) -> usize {
        self.stack.len()
    }

    fn remaining(&self) -> u32 {
        let p = &self.core.play;
        let mut cards: u32 = p.hands.iter().map(|h| h.len()).sum();
        if matches!(p.step, Step::Give | Step::Double) {
            cards += p.trick.played.iter().map(|x| x.len()).sum::<u32>();
        }
        cards / p.n as u32
    }

    fn moves(&self, out: &mut MoveList<u16>, sw: &Switches) {
        out.clear();
        if let Some(c) = self.core.facedown {
            let p = &self.core.play;
            let pack = &self.cfg.pack;
            let l = p.leader as usize;
            let outside = p.hands.iter().fold(CardSet::EMPTY, |a, &x| a | x) - p.hands[l];
            for x in 0..pack.num_suits() as u8 {
                if !(outside & pack.suit_mask(x)).is_empty() {
                    // Naming the card's own suit keeps the lead face-up in effect.
                    let w = i16::from(pack.suit_of(c) == x);
                    out.push(FD_SUIT | x as u16, w);
                }
            }
        } else {
            let mut multi = 0;
            let mut last_fd = None;
            for a in self.search_acts(sw.collapse) {
                if let Act::Facedown(c, _) = a {
                    if last_fd == Some(c) {
                        continue;
                    }
                    last_fd = Some(c);
                }
                let w = if sw.ordering { self.weight(a) } else { 0 };
                debug_assert!(
                    self.lossy || out.len() < crate::solve::game::MAX_MOVES,
                    "move list full"
                );
                out.push(self.encode(a, &mut multi), w);
            }
        }
        if sw.ordering {
            out.sort();
        }
    }

    fn play(&mut self, m: u16) -> Option<TrickWon<u128>> {
        self.stack.push(self.core);
        if m & 0xFF00 == FD_CARD {
            self.core.facedown = Some(card_of(m));
            return None;
        }
        let a = self.decode(m);
        self.apply_act(a)
    }

    fn undo(&mut self, _m: u16) {
        self.core = self.stack.pop().expect("undo after play");
    }

    fn tt_key(&self) -> TtKey<Wide4> {
        let p = &self.core.play;
        let hands = self.canonical();
        let step = match p.step {
            Step::Lead => 0,
            Step::Name => 1,
            Step::Blind => 2,
            Step::NamedLead(x) => 3 + x as u32,
            _ => 15,
        };
        let mut flags = u32::from(p.opening_done) | u32::from(p.phase2) << 1;
        for (i, &b) in p.held_lost.iter().enumerate() {
            flags |= u32::from(b) << (2 + i);
        }
        let mut h = 0u64;
        for x in &hands {
            h = mix64(h ^ x.0 as u64 ^ mix64((x.0 >> 64) as u64));
        }
        TtKey {
            shape: h,
            ctx: p.leader as u32 | step << 2 | flags << 8 | (self.focal as u32) << 16,
            owners: Wide(hands.map(CardSet::bits)),
        }
    }

    fn cutoff_key(&self) -> u64 {
        let p = &self.core.play;
        let seat = self.to_move();
        let h = if seat < MAX_SEATS { p.hands[seat].0 } else { 0 };
        let best = p
            .trick
            .best
            .map_or(0, |(s, c)| (s as u64) << 8 | c.0 as u64);
        let step = match p.step {
            Step::Give => 1,
            Step::Double => 2,
            _ => 3,
        } | u64::from(self.core.facedown.is_some()) << 2;
        mix64(h as u64 ^ mix64((h >> 64) as u64 ^ best << 3 ^ step))
    }
}

/// The `dd_chance=expectation` search: a full-window expectimax over the
/// moves of [`GanjifaDd`] (chance nodes average their outcomes), with an
/// exact table of values at lead boundaries. Returns the focal seat's
/// tricks from here to the end.
pub fn expectimax(g: &mut GanjifaDd<'_>, nodes: &mut u64, limits: &Limits) -> Result<f64> {
    let mut memo = HashMap::new();
    expect_value(g, nodes, limits, &mut memo)
}

type Memo = HashMap<(u64, u32, [u128; MAX_SEATS]), f64>;

fn expect_value(
    g: &mut GanjifaDd<'_>,
    nodes: &mut u64,
    limits: &Limits,
    memo: &mut Memo,
) -> Result<f64> {
    if g.remaining() == 0 {
        return Ok(0.0);
    }
    *nodes += 1;
    limits.check_at(*nodes)?;
    let key = g.at_trick_start().then(|| {
        let k = g.tt_key();
        (k.shape, k.ctx, k.owners.0)
    });
    if let Some(k) = &key {
        if let Some(&v) = memo.get(k) {
            return Ok(v);
        }
    }
    let sw = Switches {
        ordering: false,
        ..Switches::default()
    };
    let mut list = MoveList::new();
    g.moves(&mut list, &sw);
    let chance = g.is_chance();
    let maximise = g.side_of(g.to_move()) == 0;
    let mut sum = 0.0;
    let mut best = if maximise {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    };
    for &m in list.as_slice() {
        let won = g.play(m);
        let gain = match won {
            Some(w) if g.side_of(w.seat as usize) == 0 => w.value as f64,
            _ => 0.0,
        };
        let v = expect_value(g, nodes, limits, memo);
        g.undo(m);
        let v = gain + v?;
        sum += v;
        best = if maximise { best.max(v) } else { best.min(v) };
    }
    let v = if chance {
        sum / list.len() as f64
    } else {
        best
    };
    if let Some(k) = key {
        memo.insert(k, v);
    }
    Ok(v)
}

/// The `dd_chance=expectation` value of `g` from here (not counting tricks
/// won), its nodes counted against the call.
fn expected(solver: &mut Solver<Wide4, u16>, g: &mut GanjifaDd<'_>) -> Result<f64> {
    let mut nodes = 0;
    let r = expectimax(g, &mut nodes, &solver.call_limits());
    solver.add_nodes(nodes);
    r
}

/// P's double-dummy value at `p`, with the value after each legal act,
/// under `settings` (table size, limits, stop flag, switches); the limits
/// hold for the whole call.
pub fn solve_play(
    cfg: &GanjifaConfig,
    p: &Play,
    focal: usize,
    with_actions: bool,
    settings: &SolverConfig,
) -> Result<GanjifaAnswer> {
    let base = p.tricks[focal] as f64;
    let mut g = GanjifaDd::new(cfg, p, focal)?;
    let mut solver: Solver<Wide4, u16> = Solver::with_pattern(settings.clone());
    let acts = if with_actions && p.step != Step::Blind {
        p.legal(cfg)
    } else {
        Vec::new()
    };
    // Each act on a fresh copy of the position, with what it won at once.
    let after = |a: Act| -> Result<(GanjifaDd<'_>, u32)> {
        let mut h = GanjifaDd::new(cfg, p, focal)?;
        let won = h.play_root_act(a);
        Ok((h, won))
    };
    if cfg.dd_expectation {
        let mut out = Answer::exact(base + expected(&mut solver, &mut g)?);
        for a in acts {
            let (mut h, won) = after(a)?;
            out.push_exact(a, base + won as f64 + expected(&mut solver, &mut h)?);
        }
        return Ok(out.finish(&solver));
    }
    // A seat's fair share first: the value is often near it. Bisection over
    // zero-window probes: one lead can be worth many tricks (a run of
    // hukms), so the value is often far from any cheap guess, and stepping
    // one trick at a time would cost a probe per trick.
    let share = g.remaining().div_ceil(p.n as u32);
    if solver.threads() > 1 && acts.len() > 1 {
        // Every act at once on the call's threads; the root's value is the
        // best of them.
        let play = |h: &mut GanjifaDd<'_>, i: usize| h.play_root_act(acts[i]);
        let values = each_action(&mut solver, &g, acts.len(), play, share, |_, e| e, Probe::Bisect, Narrow::Always)?;
        let root = solver.report_best(&values, g.side_of(g.to_move()) == 0, None);
        let mut out = Answer::new(root);
        for (&a, v) in acts.iter().zip(values) {
            out.push(a, v);
        }
        return Ok(out.finish(&solver).map_values(|v| base + v as f64));
    }
    let root = solver.value_root_split(&mut g, share, Probe::Bisect, None)?;
    // No act is better than the best for its mover's side.
    let each = Actions::new(&g, root, Probe::Bisect, Narrow::Always, settings);
    let mut out = Answer::new(root);
    for a in acts {
        let (mut h, won) = after(a)?;
        out.push(a, each.after(&mut solver, &mut h, won, each.guess(won))?);
    }
    Ok(out.finish(&solver).map_values(|v| base + v as f64))
}

/// P's graded answer at `p` ([`crate::solve::grade`]): the bounds in tricks
/// from here on (add the tricks won before), the estimates in tricks at the
/// end of the hand (those won before included); the search within
/// the time of `settings` (anytime mode is set here), static bounds beyond
/// the search's reach ([`max_hand`]), play-outs where the bounds are not
/// exact when `estimate`. The adversarial objective only (the expectation
/// of `dd_chance=expectation` is not a value the search bounds).
pub fn graded_play(
    cfg: &GanjifaConfig,
    p: &Play,
    focal: usize,
    with_actions: bool,
    settings: &SolverConfig,
    estimate: bool,
) -> Result<Graded<Act>> {
    let g = GanjifaDd::unchecked(cfg, p, focal)?;
    let settings = SolverConfig {
        bounds: true,
        ..settings.clone()
    };
    let mut solver: Solver<Wide4, u16> = Solver::with_pattern(settings);
    let acts = if with_actions && p.step != Step::Blind {
        p.legal(cfg)
    } else {
        Vec::new()
    };
    let after = |a: &Act| -> Result<(GanjifaDd<'_>, u32)> {
        let mut h = GanjifaDd::unchecked(cfg, p, focal)?;
        let won = h.play_root_act(*a);
        Ok((h, won))
    };
    let base = p.tricks[focal] as u32;
    let mut how = How::new(g.remaining().div_ceil(p.n as u32), move |v| {
        f64::from(base + v)
    });
    how.probe = Probe::Bisect;
    how.beyond = beyond(cfg, p);
    how.estimate = estimate;
    graded(&mut solver, &g, acts, after, &how, None)
}

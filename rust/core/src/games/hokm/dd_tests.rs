//! The Court Piece objectives against a plain minimax over the engine's own
//! legal actions and trick rules (no shared code with the search game).

use super::dd::{Objective, RangGame, DEHLA_TEN};
use super::state::{HokmAction, HokmState, Phase};
use super::Hokm;
use crate::card::CardSet;
use crate::rng::Rng;
use crate::solve::{SolverConfig, Switches};

fn game(preset: &str, opts: &[(&str, &str)]) -> Hokm {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Hokm::new(preset, &o).unwrap()
}

/// What the objective counts for `side` in state `s` (cumulative).
fn score(s: &HokmState, side: usize) -> u32 {
    let c = s.config();
    if c.heap {
        let h = s.heap();
        let tens = if s.dd_ten_weight(Objective::Value) > 0 {
            h.tens_collected[side] as u32 * DEHLA_TEN
        } else {
            0
        };
        h.collected[side] as u32 + tens
    } else {
        s.tricks_won()[side] as u32
    }
}

fn card_moves(s: &HokmState) -> Vec<HokmAction> {
    s.legal()
        .into_iter()
        .filter(|a| matches!(a, HokmAction::Card(_) | HokmAction::Call))
        .collect()
}

/// Plain minimax of the value objective: what `side` adds from here.
fn reference(s: &HokmState, side: usize) -> u32 {
    if s.phase() != Phase::Play {
        return score(s, side);
    }
    let me = s.current().unwrap() % 2 == side;
    let mut best: Option<u32> = None;
    for a in card_moves(s) {
        let mut t = s.clone();
        t.apply_action(a).unwrap();
        let v = reference(&t, side);
        best = Some(match best {
            None => v,
            Some(b) if me => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.unwrap()
}

/// Plain minimax of the kot objectives: 1 when `side` reaches the goal.
fn reference_kot(s: &HokmState, side: usize) -> u32 {
    let c = s.config();
    let other = 1 - side;
    let dehla = s.dd_ten_weight(Objective::Value) > 0;
    let lost = if c.heap {
        if dehla {
            s.heap().tens_collected[other] > 0
        } else {
            s.heap().collected[other] > 0
        }
    } else {
        s.tricks_won()[other] > 0
    };
    if lost {
        return 0;
    }
    let won = if c.heap {
        if dehla {
            s.heap().tens_collected[side] == 4
        } else {
            s.heap().collected[side] == 13
        }
    } else {
        s.tricks_won()[side] >= 7
    };
    if won || s.phase() != Phase::Play {
        return u32::from(won);
    }
    let me = s.current().unwrap() % 2 == side;
    let vals = card_moves(s).into_iter().map(|a| {
        let mut t = s.clone();
        t.apply_action(a).unwrap();
        reference_kot(&t, side)
    });
    if me {
        vals.max().unwrap()
    } else {
        vals.min().unwrap()
    }
}

/// A random trick-play state of a one-hand game with at most `cards` cards
/// per hand (every earlier decision random).
fn random_position(g: &Hokm, seed: u64, cards: usize) -> Option<HokmState> {
    let mut s = g.new_game(seed);
    s.single_hand = true;
    s.set_recording(false);
    let mut r = Rng::new(seed ^ 0x5EED);
    let mid = r.below(4) as usize;
    let mut steps = 0;
    loop {
        steps += 1;
        if steps > 400 || s.phase() == Phase::Over {
            return None;
        }
        let enough = s.phase() == Phase::Play
            && s.undealt.iter().all(|u| u.is_empty())
            && s.hands()[..4].iter().all(|h| h.len() as usize <= cards)
            && s.trick().len() == mid.min(3);
        if enough {
            return Some(s);
        }
        let legal = s.legal();
        let a = legal[r.below(legal.len() as u64) as usize];
        s.apply_action(a).unwrap();
    }
}

/// A random position from `from_deal`: `cards` random cards per hand, a
/// random leader, split of the tricks played into collected and heap, `prev`
/// and the tens (heap presets). The trump is random, or unfixed in
/// `first_void_13`.
fn random_deal_position(g: &Hokm, seed: u64, cards: usize) -> Option<HokmState> {
    let c = g.config();
    let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9) ^ 77);
    let mut pack: Vec<_> = c.pack.cards().to_vec();
    for i in (1..pack.len()).rev() {
        let j = r.below(i as u64 + 1) as usize;
        pack.swap(i, j);
    }
    let hands: Vec<CardSet> = (0..4)
        .map(|p| pack[p * cards..(p + 1) * cards].iter().copied().collect())
        .collect();
    let trump = match c.first_void {
        Some(13) if r.below(3) > 0 => None,
        _ => Some(r.below(4) as u8),
    };
    let leader = r.below(4) as usize;
    let played = 13 - cards as u8;
    let heap = if c.heap {
        r.below(played as u64 + 1) as u8
    } else {
        0
    };
    let a = r.below((played - heap) as u64 + 1) as u8;
    let won = [a, played - heap - a];
    let mut s =
        HokmState::from_deal(g.cfg.clone(), &hands, trump, leader, None, Some(&won)).ok()?;
    if c.heap {
        let out = hands
            .iter()
            .flat_map(|h| h.iter())
            .filter(|&x| c.pack.face(x) == b'T')
            .count() as u8;
        let mut rest = 4 - out;
        let ht = (r.below(rest as u64 + 1) as u8).min(heap * 4);
        rest -= ht;
        let t0 = r.below(rest as u64 + 1) as u8;
        let prev = if heap > 0 && r.below(2) == 0 {
            Some(r.below(4) as usize)
        } else {
            None
        };
        let ace = prev.is_some() && r.below(3) == 0;
        s.set_heap(heap, prev, ace, [t0, rest - t0], ht).ok()?;
    }
    Some(s)
}

/// A coverage floor, scaled like the number of positions.
fn scaled(k: u64) -> u64 {
    if cfg!(debug_assertions) {
        k / 8
    } else {
        k
    }
}

/// Positions checked, and how many had a hidden trump, no trump yet, and a
/// cut call among the moves.
type Coverage = [u32; 4];

fn check_preset(preset: &str, opts: &[(&str, &str)], n: u64, cards: usize) -> Coverage {
    let g = game(preset, opts);
    // Unoptimised builds check an eighth of the positions.
    let n = if cfg!(debug_assertions) { n / 8 } else { n };
    let mut cov = [0u32; 4];
    for seed in 0..n {
        let from_play = seed % 2 == 0;
        // Mostly three cards a hand, every third position four.
        let k = if seed % 3 == 2 { cards } else { cards.min(3) };
        let s = if from_play {
            random_position(&g, seed, k)
        } else {
            random_deal_position(&g, seed, k)
        };
        let Some(s) = s else {
            continue;
        };
        check_position(&s, seed, &mut cov);
    }
    assert!(
        cov[0] as u64 >= n / 2,
        "{}: only {} positions",
        preset,
        cov[0]
    );
    cov
}

fn check_position(s: &HokmState, seed: u64, cov: &mut Coverage) {
    let preset = s.config().preset.name();
    let cfg = SolverConfig::small();
    let plain = SolverConfig {
        switches: Switches::none(),
        ..SolverConfig::small()
    };
    {
        let player = (seed % if s.config().dummy { 3 } else { 4 }) as usize;
        let side = s.dd_seat(player).unwrap() % 2;
        let before = score(s, side);
        let want = reference(s, side) - before;
        let a = s.dd_solve(player, Objective::Value, &cfg, true).unwrap();
        assert_eq!(a.value, want, "{} seed {} value", preset, seed);
        let b = s.dd_solve(player, Objective::Value, &plain, false).unwrap();
        assert_eq!(
            b.value, want,
            "{} seed {} without optimisations",
            preset, seed
        );
        // Every legal card (and the cut call) with its value.
        let legal = card_moves(s);
        assert_eq!(a.actions.len(), legal.len(), "{} seed {}", preset, seed);
        for (act, v) in &a.actions {
            let mut t = s.clone();
            t.apply_action(*act).unwrap();
            assert_eq!(
                *v,
                reference(&t, side) - before,
                "{} seed {} after {:?}",
                preset,
                seed,
                act
            );
        }
        // The kot objective.
        let obj = s.dd_kot_objective(player).unwrap();
        let k = s.dd_solve(player, obj, &cfg, false).unwrap();
        assert_eq!(
            k.value,
            reference_kot(s, side),
            "{} seed {} kot",
            preset,
            seed
        );
        cov[0] += 1;
        cov[1] += u32::from(s.hidden.trump_hidden);
        cov[2] += u32::from(s.trump().is_none());
        cov[3] += u32::from(legal.contains(&HokmAction::Call));
    }
}

/// The kot query of the plain-trick presets (the first seven tricks) on
/// random endgames, against plain minimax.
fn check_kot_only(preset: &str, n: u64, cards: usize) {
    let g = game(preset, &[]);
    let cfg = SolverConfig::small();
    let mut checked = 0;
    // Some seeds give no position of this size (the heap presets may
    // settle early); draw more seeds until `scaled(n)` positions are met.
    for seed in 0..8 * scaled(n) {
        if checked as u64 >= scaled(n) {
            break;
        }
        let s = if seed % 2 == 0 {
            random_position(&g, seed, cards)
        } else {
            random_deal_position(&g, seed, cards)
        };
        let Some(s) = s else {
            continue;
        };
        let player = (seed % 4) as usize;
        let obj = s.dd_kot_objective(player).unwrap();
        let k = s.dd_solve(player, obj, &cfg, true).unwrap();
        assert_eq!(
            k.value,
            reference_kot(&s, player % 2),
            "{} seed {}",
            preset,
            seed
        );
        for (act, v) in &k.actions {
            let mut t = s.clone();
            t.apply_action(*act).unwrap();
            assert_eq!(
                *v,
                reference_kot(&t, player % 2),
                "{} seed {} after {:?}",
                preset,
                seed,
                act
            );
        }
        checked += 1;
    }
    assert!(
        checked as u64 >= scaled(n) / 2,
        "{}: only {} positions",
        preset,
        checked
    );
}

#[test]
fn plain_presets_kot_against_reference() {
    check_kot_only("hokm4", 160, 4);
    check_kot_only("court_piece", 80, 4);
    check_preset("single_sar", &[], 80, 4);
}

#[test]
fn double_sar_against_reference() {
    check_preset("double_sar", &[], 80, 4);
    check_preset("double_sar", &[("double_sar_chain", "continue")], 40, 4);
    check_preset(
        "double_sar",
        &[("ace_rule", "on"), ("first_collect_min", "2")],
        60,
        4,
    );
    check_preset("double_sar", &[("no_collect_11_12", "on")], 30, 3);
}

#[test]
fn dummy_rang_against_reference() {
    check_preset("dummy_rang", &[], 40, 4);
}

#[test]
fn be_ranga_against_reference() {
    // first_void_13: positions before and after trumps are fixed.
    let cov = check_preset("be_ranga", &[], 120, 4);
    assert!(cov[2] as u64 >= scaled(20), "unfixed trump in {:?}", cov);
}

#[test]
fn dehla_pakad_against_reference() {
    check_preset("dehla_pakad", &[], 80, 4);
    check_preset(
        "dehla_pakad",
        &[("trump_mode", "first_void_5"), ("first_collect_min", "2")],
        40,
        4,
    );
}

#[test]
fn dab_rang_against_reference() {
    // Hidden trump and the cut call as a move, gate in the state.
    let cov = check_preset("dab_rang", &[], 160, 4);
    assert!(
        cov[1] as u64 >= scaled(10) && cov[3] as u64 >= scaled(5),
        "hidden / call in {:?}",
        cov
    );
}

#[test]
fn satat_and_trup_kasiet_against_reference() {
    check_preset("satat", &[("stop_rule", "play_all")], 80, 4);
    let cov = check_preset("trup_kasiet", &[("stop_rule", "play_all")], 80, 4);
    assert!(cov[1] as u64 >= scaled(5), "hidden indicator in {:?}", cov);
}

#[test]
fn first_void_5_before_the_deal_is_refused() {
    let g = game("dehla_pakad", &[("trump_mode", "first_void_5")]);
    let mut s = g.new_game(3);
    while s.phase() != Phase::Play {
        let a = s.legal()[0];
        s.apply_action(a).unwrap();
    }
    let e = s
        .dd_solve(0, Objective::Value, &SolverConfig::small(), false)
        .unwrap_err();
    assert!(e.to_string().contains("chance"), "{}", e);
}

#[test]
fn heap_state_in_the_solver() {
    // Three tricks left; collected 4 and 5, a heap of one trick won by
    // seat 2, whose win still counts (prev = 2).
    let g = game("double_sar", &[]);
    let mut s = g
        .from_deal(
            "234... A56... K78... Q9T...",
            Some("H"),
            2,
            Some(1),
            Some(&[4, 5]),
        )
        .unwrap();
    s.set_heap(1, Some(2), false, [1, 2], 0).unwrap();
    let cfg = SolverConfig::small();
    for player in 0..4 {
        let a = s.dd_solve(player, Objective::Value, &cfg, true).unwrap();
        assert_eq!(s.dd_seat(player).unwrap(), player);
        assert_eq!(a.value + score(&s, player % 2), reference(&s, player % 2));
    }
    // Seat 2 leads the king: seat 1's ace wins trick 11 and then seat 1 wins
    // 12 with the 6 (prev 1): he collects 3 tricks... or not, as the search says;
    // the two sides always share the heap plus the tricks left.
    let a = s.dd_solve(0, Objective::Value, &cfg, false).unwrap();
    let b = s.dd_solve(1, Objective::Value, &cfg, false).unwrap();
    assert_eq!(a.value + b.value, 4);
}

/// With switch `name` on and off, the value and every card's value agree
/// on positions of seven (debug builds) or nine cards a hand of every
/// objective family (heaps, Dehla's tens, hidden trump with the cut call,
/// first-void trumps, Satat's two of hearts), three positions a preset.
/// The default solver configuration with the switch `name` off.
fn switched_off(name: &str) -> SolverConfig {
    SolverConfig {
        switches: Switches::default_without(name),
        ..SolverConfig::default()
    }
}

fn switch_gives_the_same_values(name: &str) {
    let on = SolverConfig::default();
    let off = switched_off(name);
    assert_ne!(on.switches, off.switches, "{} is off by default", name);
    configs_give_the_same_values(name, &[on, off]);
}

/// The value and every card's value of three positions of each heap preset
/// with each of `configs`, equal.
fn configs_give_the_same_values(name: &str, configs: &[SolverConfig]) {
    let cases: [(&str, &[(&str, &str)]); 5] = [
        ("double_sar", &[]),
        ("dehla_pakad", &[]),
        ("dab_rang", &[]),
        ("be_ranga", &[]),
        ("satat", &[("stop_rule", "play_all")]),
    ];
    let cards = if cfg!(debug_assertions) { 7 } else { 9 };
    for (preset, opts) in cases {
        let g = game(preset, opts);
        let mut checked = 0;
        for seed in 0..40u64 {
            if checked == 3 {
                break;
            }
            let Some(s) = random_deal_position(&g, seed, cards) else {
                continue;
            };
            let player = (seed % 4) as usize;
            let a = s.dd_solve(player, Objective::Value, &configs[0], true).unwrap();
            for config in &configs[1..] {
                let b = s.dd_solve(player, Objective::Value, config, true).unwrap();
                assert_eq!(a.value, b.value, "{} {} seed {}", name, preset, seed);
                assert_eq!(a.actions, b.actions, "{} {} seed {}", name, preset, seed);
            }
            checked += 1;
        }
        assert_eq!(checked, 3, "{}: positions", preset);
    }
}

/// `Switches::keep_costly` (a full table keeping the blocks of its
/// costliest searches): the heap presets' values and every card's value on
/// a table of 16 KiB that fills many times over, with the switch on and
/// off, equal those on a table that never fills.
#[test]
fn a_full_table_keeping_its_costliest_blocks_gives_the_same_values() {
    let tiny = |switches: Switches| SolverConfig {
        switches,
        tt_bytes: 1 << 14,
        ..SolverConfig::default()
    };
    assert!(Switches::default().keep_costly);
    let configs = [
        SolverConfig::default(),
        tiny(Switches::default()),
        tiny(Switches::default_without("keep_costly")),
    ];
    configs_give_the_same_values("keep_costly", &configs);
}

/// `Switches::rang_order` (whist's move ordering in the Court Piece
/// family's search) changes the work, never the answer.
#[test]
fn whist_ordering_gives_the_same_values() {
    switch_gives_the_same_values("rang_order");
}

/// `Switches::heap_bounds` (the last trick played out, the leader's sure
/// run with what it collects) changes the work, never the answer.
#[test]
fn heap_bounds_give_the_same_values() {
    switch_gives_the_same_values("heap_bounds");
}

/// The heap presets whose last-trick bounds are checked against plain
/// minimax.
const LAST_TRICK_CASES: [(&str, &[(&str, &str)]); 4] = [
    ("dehla_pakad", &[]),
    ("dehla_pakad", &[("no_collect_11_12", "on")]),
    ("double_sar", &[]),
    ("be_ranga", &[]),
];

/// `Switches::heap_last` (at a trick start, what the side not on lead
/// surely takes at the last trick caps the side on lead; what the side on
/// lead surely takes there is its lower bound): on small trick-start
/// positions of the heap presets, wherever the bound applies, that side
/// takes at least as much (plain minimax); and the switch changes the work,
/// never the answer.
#[test]
fn heap_last_is_a_true_bound() {
    switch_gives_the_same_values("heap_last");
    let (fired, tens) = sure_takes_hold(&LAST_TRICK_CASES[..3], DEHLA_TEN + 1, |rg| {
        [false, true]
            .into_iter()
            .filter_map(|ours| rg.last_trick_sure(ours, false).map(|(sure, _)| (ours, sure)))
            .collect()
    });
    assert!(fired >= 40 && tens >= 3, "{} positions, {} with a ten", fired, tens);
    full_heap_deals_agree("heap_last");
}

/// `Switches::last_max` (the top trump kept to the last trick when its
/// holder's other trumps outnumber the other side's longer trump holding
/// and the partner's together): on small trick-start positions of the heap
/// presets where it finds a last trick that the count of every other trump
/// does not, the side takes at least what it says (plain minimax); and the
/// switch changes the work, never the answer.
#[test]
fn last_max_is_a_true_bound() {
    switch_gives_the_same_values("last_max");
    let (fired, _) = sure_takes_hold(&LAST_TRICK_CASES, DEHLA_TEN + 1, |rg| {
        [false, true]
            .into_iter()
            .filter(|&ours| rg.last_trick_sure(ours, false).is_none())
            .filter_map(|ours| rg.last_trick_sure(ours, true).map(|(sure, _)| (ours, sure)))
            .collect()
    });
    let floor = if cfg!(debug_assertions) { 5 } else { 40 };
    assert!(fired >= floor, "{} positions", fired);
    full_heap_deals_agree("last_max");
}

/// On small trick-start positions (three or four cards a hand) of each
/// preset of `cases`, every `(ours, sure)` that `bound` gives (the side on
/// lead or the other surely takes `sure` more) against plain minimax.
/// Returns how many bounds were checked and how many of them were at least
/// `big`.
fn sure_takes_hold(
    cases: &[(&str, &[(&str, &str)])],
    big: u32,
    bound: impl Fn(&RangGame) -> Vec<(bool, u32)>,
) -> (u32, u32) {
    let cards = if cfg!(debug_assertions) { 3 } else { 4 };
    let n = if cfg!(debug_assertions) { 150 } else { 300 };
    let (mut fired, mut bigs) = (0, 0);
    for &(preset, opts) in cases {
        let g = game(preset, opts);
        for seed in 0..n {
            let Some(s) = random_deal_position(&g, seed, cards) else {
                continue;
            };
            let leader = s.current().unwrap();
            let rg = RangGame::new(&s, leader, Objective::Value).unwrap();
            for (ours, sure) in bound(&rg) {
                let side = (leader + usize::from(!ours)) % 2;
                let takes = reference(&s, side) - score(&s, side);
                assert!(
                    takes >= sure,
                    "{} {:?} seed {} (side on lead: {}): the side takes {}, the bound says at least {}",
                    preset,
                    opts,
                    seed,
                    ours,
                    takes,
                    sure
                );
                fired += 1;
                if sure >= big {
                    bigs += 1;
                }
            }
        }
    }
    (fired, bigs)
}

/// The heap presets whose trick-start bounds are checked against plain
/// minimax.
const HEAP_BOUND_CASES: [(&str, &[(&str, &str)]); 4] = [
    ("double_sar", &[]),
    ("double_sar", &[("double_sar_chain", "continue")]),
    ("dehla_pakad", &[]),
    ("be_ranga", &[]),
];

/// `Switches::heap_pairs` (a hand holding the top `k >= 2` trumps makes
/// its side collect at least `2 * (k / 2)`): on small trick-start
/// positions of the heap presets, wherever the bound applies, that side
/// takes at least as much (plain minimax); and the switch changes the work,
/// never the answer (the presets' positions, two full deals on and off).
#[test]
fn heap_pairs_is_a_true_bound() {
    switch_gives_the_same_values("heap_pairs");
    let cases = HEAP_BOUND_CASES;
    // Debug builds draw 3-card hands, where the bound is at most 2; release
    // builds 4-card ones, where some bounds reach 4.
    let big = if cfg!(debug_assertions) { 2 } else { 4 };
    let (fired, bigs) = sure_takes_hold(&cases, big, |rg| {
        rg.top_trump_pairs()
            .map(|(ours, sure, _)| (ours, sure))
            .into_iter()
            .collect()
    });
    assert!(
        fired >= 40 && bigs >= 3,
        "{} positions, {} of at least {}",
        fired,
        bigs,
        big
    );
    full_heap_deals_agree("heap_pairs");
}

/// Full deals of `benches/compare_points.py` (deals 4 and 7) solved with
/// switch `name` on and off, Dehla Pakad and Double Sar (optimised builds
/// only).
fn full_heap_deals_agree(name: &str) {
    if cfg!(debug_assertions) {
        return;
    }
    let off = switched_off(name);
    let on = SolverConfig::default();
    let deals = [
        (
            "9763.KT72.KQJ.83 4.9853.9753.QT65 AKQT5.QJ4.T42.42 J82.A6.A86.AKJ97",
            "C",
            [16, 2],
        ),
        (
            "T8.JT42.AT98.T97 AK97654.A763.4.5 .Q95.KQJ63.AQJ32 QJ32.K8.752.K864",
            "C",
            [69, 13],
        ),
    ];
    for (i, preset) in ["dehla_pakad", "double_sar"].into_iter().enumerate() {
        let g = game(preset, &[]);
        let pack = &g.config().pack;
        for (deal, trump, want) in deals {
            let hands = pack.parse_deal(deal, 4).unwrap();
            let trump = Some(pack.parse_suit(trump).unwrap());
            let s = HokmState::from_deal(g.cfg.clone(), &hands, trump, 0, None, None).unwrap();
            for cfg in [&on, &off] {
                let v = s.dd_solve(0, Objective::Value, cfg, false).unwrap().value;
                assert_eq!(v, want[i], "{} {} {}", name, preset, deal);
            }
        }
    }
}

/// `Switches::bounds_first` in the heap presets (the cheap bounds before
/// the table at every trick start) changes the work, never the answer.
#[test]
fn heap_bounds_first_gives_the_same_values() {
    switch_gives_the_same_values("bounds_first");
    full_heap_deals_agree("bounds_first");
}

/// `Switches::card_bounds` (each card searched only within the window the
/// position's value leaves it) changes the work, never the answer.
#[test]
fn card_bounds_give_the_same_values() {
    switch_gives_the_same_values("card_bounds");
}

/// `Switches::heap_keys` (table entries shared across heap sizes, their
/// bounds widened by the weight that differs) changes the work, never the
/// answer.
#[test]
fn heap_keys_give_the_same_values() {
    switch_gives_the_same_values("heap_keys");
}

/// `Switches::ace_keys` (whether the last trick was won by an ace left out
/// of the table keys unless `ace_rule` reads it): every value and every
/// card's value against plain minimax on small positions of Double Sar,
/// Double Sar with `ace_rule` and Dehla Pakad, some after a trick won by an
/// ace; and the switch changes the work, never the answer (the presets'
/// positions, two full deals on and off).
#[test]
fn ace_keys_give_the_same_values() {
    switch_gives_the_same_values("ace_keys");
    let cfg = SolverConfig::default();
    assert!(cfg.switches.ace_keys);
    let cases: [(&str, &[(&str, &str)]); 3] = [
        ("double_sar", &[]),
        ("double_sar", &[("ace_rule", "on")]),
        ("dehla_pakad", &[]),
    ];
    minimax_agrees(&cases, &cfg);
    full_heap_deals_agree("ace_keys");
}

/// The value and every card's value of small random positions of each case
/// with `cfg`, against plain minimax (3-card hands in debug builds, 4-card
/// ones in release builds).
fn minimax_agrees(cases: &[(&str, &[(&str, &str)])], cfg: &SolverConfig) {
    let cards = if cfg!(debug_assertions) { 3 } else { 4 };
    let n = if cfg!(debug_assertions) { 12 } else { 40 };
    for &(preset, opts) in cases {
        let g = game(preset, opts);
        let mut checked = 0;
        for seed in 0..4 * n {
            if checked == n {
                break;
            }
            let Some(s) = random_deal_position(&g, 500 + seed, cards) else {
                continue;
            };
            let player = (seed % 4) as usize;
            let side = player % 2;
            let before = score(&s, side);
            let a = s.dd_solve(player, Objective::Value, cfg, true).unwrap();
            assert_eq!(a.value, reference(&s, side) - before, "{} {:?} seed {}", preset, opts, seed);
            for (act, v) in &a.actions {
                let mut t = s.clone();
                t.apply_action(*act).unwrap();
                let want = reference(&t, side) - before;
                assert_eq!(*v, want, "{} {:?} seed {} after {:?}", preset, opts, seed, act);
            }
            checked += 1;
        }
        assert_eq!(checked, n, "{} {:?}: positions", preset, opts);
    }
}

/// `Switches::heap_promote` (the entry that decides a probe of the heap
/// presets' keys moved to the front of its chain) changes the work, never
/// the answer: every value and every card's value against plain minimax on
/// small positions of the heap presets, the presets' positions and two
/// full deals on and off.
#[test]
fn heap_promote_gives_the_same_values() {
    switch_gives_the_same_values("heap_promote");
    let cfg = SolverConfig::default();
    assert!(cfg.switches.heap_promote);
    minimax_agrees(&HEAP_BOUND_CASES, &cfg);
    full_heap_deals_agree("heap_promote");
}

/// `Switches::heap_cash` (the leader's run at a trick start also counts
/// the side suits' top cards while other hands hold trumps, as long as
/// each of them follows): on small trick-start positions of the heap
/// presets, the side on lead takes at least the run's lower bound (plain
/// minimax), and the switch changes the work, never the answer (the
/// presets' positions, two full deals on and off).
#[test]
fn heap_cash_is_a_true_bound() {
    switch_gives_the_same_values("heap_cash");
    let cases = HEAP_BOUND_CASES;
    // Only where the side suits add to the bound without the switch.
    let big = 2;
    let (fired, bigs) = sure_takes_hold(&cases, big, |rg| {
        let plain = rg.heap_bounds(u32::MAX, false).map_or(0, |b| b.0);
        rg.heap_bounds(u32::MAX, true)
            .filter(|b| b.0 > plain)
            .map(|b| (true, b.0))
            .into_iter()
            .collect()
    });
    // Debug builds draw 3-card hands (a few such positions), release
    // builds 4-card ones (some forty).
    let floor = if cfg!(debug_assertions) { 2 } else { 20 };
    assert!(fired >= floor && bigs >= floor, "{} positions, {} of at least {}", fired, bigs, big);
    full_heap_deals_agree("heap_cash");
}

/// `Switches::heap_kots` (entries whose side on lead takes everything or
/// nothing hold at any heap) changes the work, never the answer.
#[test]
fn heap_kots_give_the_same_values() {
    switch_gives_the_same_values("heap_kots");
}

/// `Switches::tens_owners` (a Dehla ten below every deciding rank of its
/// suit kept in table patterns by its owner alone) changes the work, never
/// the answer: on the presets' positions, on random Dehla Pakad positions
/// with every card's value, on a position where a pattern's loose ten once
/// matched a ten at a deciding rank, and on a full deal where one once
/// matched a ten already gone.
#[test]
fn tens_owners_give_the_same_values() {
    switch_gives_the_same_values("tens_owners");
    let g = game("dehla_pakad", &[]);
    let on = SolverConfig::default();
    assert!(on.switches.tens_owners);
    let off = switched_off("tens_owners");
    let same = |s: &HokmState, what: &str| {
        let a = s.dd_solve(0, Objective::Value, &on, true).unwrap();
        let b = s.dd_solve(0, Objective::Value, &off, true).unwrap();
        assert_eq!(a.value, b.value, "{}", what);
        assert_eq!(a.actions, b.actions, "{}", what);
        a.value
    };
    let (n, cards) = if cfg!(debug_assertions) {
        (12, 6)
    } else {
        (40, 8)
    };
    let mut checked = 0;
    for seed in 0..2 * n {
        if let Some(s) = random_deal_position(&g, 1000 + seed, cards) {
            same(&s, &format!("seed {}", 1000 + seed));
            checked += 1;
        }
    }
    assert!(checked >= n, "only {} positions", checked);
    let pack = &g.config().pack;
    let spades = Some(pack.parse_suit("S").unwrap());
    // Three tricks gone (one in the heap, the hearts' ten to the second
    // side): leading the two of diamonds is worth 3 to the first side,
    // not 2.
    let hands = pack
        .parse_deal("K64.Q6.T.K542 92.AJ82.KQ53. T.5.8762.J863 83.93.J9.AQT7", 4)
        .unwrap();
    let mut s = HokmState::from_deal(g.cfg.clone(), &hands, spades, 0, None, Some(&[1, 1])).unwrap();
    s.set_heap(1, None, false, [0, 1], 0).unwrap();
    assert_eq!(same(&s, "ten at a deciding rank"), 18);
    if !cfg!(debug_assertions) {
        // `benches/compare_points.py`'s Dehla Pakad deal 10: three tens.
        let hands = pack
            .parse_deal("J762.K9873.J7.T4 KT3.6.Q954.AK965 AQ.JT542.T83.Q32 9854.AQ.AK62.J87", 4)
            .unwrap();
        let hearts = Some(pack.parse_suit("H").unwrap());
        let s = HokmState::from_deal(g.cfg.clone(), &hands, hearts, 0, None, None).unwrap();
        assert_eq!(s.dd_solve(0, Objective::Value, &on, false).unwrap().value, 50);
    }
}

/// `Switches::dehla_top_first` (Dehla Pakad's value probed first at all
/// that is left) changes the work, never the answer: on the presets'
/// positions, and on full deals of `benches/compare_points.py` where the
/// side takes everything (deal 13) and where it does not (deal 4).
#[test]
fn dehla_top_first_gives_the_same_values() {
    switch_gives_the_same_values("dehla_top_first");
    let g = game("dehla_pakad", &[]);
    let pack = &g.config().pack;
    let on = SolverConfig::default();
    assert!(on.switches.dehla_top_first);
    let off = switched_off("dehla_top_first");
    let mut deals = vec![(
        "Q7.AKT52.AJ732.T 942.987.KT8.KJ82 AT865.Q64.Q65.A4 KJ3.J3.94.Q97653",
        "D",
        69,
    )];
    if !cfg!(debug_assertions) {
        deals.push((
            "9763.KT72.KQJ.83 4.9853.9753.QT65 AKQT5.QJ4.T42.42 J82.A6.A86.AKJ97",
            "C",
            16,
        ));
    }
    for (deal, trump, want) in deals {
        let hands = pack.parse_deal(deal, 4).unwrap();
        let trump = Some(pack.parse_suit(trump).unwrap());
        let s = HokmState::from_deal(g.cfg.clone(), &hands, trump, 0, None, None).unwrap();
        for cfg in [&on, &off] {
            assert_eq!(s.dd_solve(0, Objective::Value, cfg, false).unwrap().value, want, "{}", deal);
        }
    }
}

/// `Switches::top_split` (Dehla Pakad's first probe at all that is left
/// asked by every thread) gives the one-thread value on 2 and 4 threads,
/// with and without the trial on one thread: on positions of seven (debug
/// builds) or nine cards a hand and on the full deal where the side takes
/// everything.
#[test]
fn top_split_gives_the_one_thread_values() {
    let g = game("dehla_pakad", &[]);
    let pack = &g.config().pack;
    let one = SolverConfig::default();
    assert!(one.switches.top_split);
    let cards = if cfg!(debug_assertions) { 7 } else { 9 };
    let mut states: Vec<(HokmState, usize)> = (0..6u64)
        .filter_map(|seed| random_deal_position(&g, seed, cards).map(|s| (s, (seed % 4) as usize)))
        .collect();
    let hands = pack
        .parse_deal("Q7.AKT52.AJ732.T 942.987.KT8.KJ82 AT865.Q64.Q65.A4 KJ3.J3.94.Q97653", 4)
        .unwrap();
    let trump = Some(pack.parse_suit("D").unwrap());
    states.push((HokmState::from_deal(g.cfg.clone(), &hands, trump, 0, None, None).unwrap(), 0));
    for (s, player) in &states {
        let want = s.dd_solve(*player, Objective::Value, &one, false).unwrap().value;
        for (threads, spec) in [
            (2, ""),
            (4, ""),
            (2, "-trial_first"),
            (4, "-trial_first"),
            (2, "-trial_first,-outcome_abdada"),
            (2, "-trial_first,abdada"),
            (2, "-trial_first,-abdada_dehla"),
            (4, "-trial_first,-abdada_dehla"),
            (2, "-trial_first,-top_split"),
        ] {
            let cfg = SolverConfig {
                threads,
                switches: Switches::default().with_spec(spec).unwrap(),
                ..SolverConfig::default()
            };
            let got = s.dd_solve(*player, Objective::Value, &cfg, false).unwrap().value;
            assert_eq!(got, want, "{} threads {:?}", threads, spec);
        }
    }
}

/// `Switches::fail_soft` (probes return the bound they proved; the table
/// stores it and the driver moves by it) changes the work, never the answer.
#[test]
fn fail_soft_gives_the_same_values() {
    switch_gives_the_same_values("fail_soft");
}

/// The premise of `Switches::heap_keys`: one more trick in the heap moves
/// the value by 0 or 1, one more ten (Dehla Pakad) by 0 up to a ten's
/// weight, everything else equal (exact searches without the switch).
#[test]
fn a_bigger_heap_moves_the_value_by_at_most_its_weight() {
    let plain = SolverConfig {
        switches: Switches::default_without("heap_keys"),
        ..SolverConfig::small()
    };
    let (mut checked, mut moved) = (0, 0);
    for preset in ["double_sar", "dehla_pakad"] {
        let g = game(preset, &[]);
        let c = g.config();
        for seed in 0..scaled(24) {
            let mut r = Rng::new(seed * 7 + 3);
            let mut pack: Vec<_> = c.pack.cards().to_vec();
            for i in (1..pack.len()).rev() {
                let j = r.below(i as u64 + 1) as usize;
                pack.swap(i, j);
            }
            let cards = 4;
            let hands: Vec<CardSet> = (0..4)
                .map(|p| pack[p * cards..(p + 1) * cards].iter().copied().collect())
                .collect();
            let trump = Some(r.below(4) as u8);
            let leader = r.below(4) as usize;
            let out = hands
                .iter()
                .flat_map(|h| h.iter())
                .filter(|&x| c.pack.face(x) == b'T')
                .count() as u8;
            let prev = if r.below(2) == 0 { Some(leader) } else { None };
            let value = |heap: u8, heap_tens: u8| -> Option<u32> {
                let won = [9 - heap, 0];
                let mut s =
                    HokmState::from_deal(g.cfg.clone(), &hands, trump, leader, None, Some(&won))
                        .ok()?;
                let rest = 4 - out - heap_tens;
                s.set_heap(
                    heap,
                    if heap > 0 { prev } else { None },
                    false,
                    [rest, 0],
                    heap_tens,
                )
                .ok()?;
                Some(
                    s.dd_solve(0, Objective::Value, &plain, false)
                        .unwrap()
                        .value,
                )
            };
            for heap in 1..8u8 {
                let (Some(a), Some(b)) = (value(heap, 0), value(heap + 1, 0)) else {
                    continue;
                };
                assert!(
                    a <= b && b <= a + 1,
                    "{} seed {} heap {}: {} {}",
                    preset,
                    seed,
                    heap,
                    a,
                    b
                );
                checked += 1;
                moved += u32::from(b > a);
                if preset == "dehla_pakad" && out < 4 {
                    if let Some(t) = value(heap, 1) {
                        assert!(
                            a <= t && t <= a + DEHLA_TEN,
                            "{} seed {} tens: {} {}",
                            preset,
                            seed,
                            a,
                            t
                        );
                    }
                }
            }
        }
    }
    assert!(checked as u64 >= scaled(100), "only {} pairs", checked);
    assert!(moved as u64 >= scaled(10), "only {} pairs moved", moved);
}

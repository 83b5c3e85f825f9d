//! Double-dummy tests: plain minimax, switches off, tables against single solves.
use super::*;
use crate::games::twenty_eight::{TrumpStart, TwentyEight};
use crate::rng::Rng;
use crate::solve::SolverConfig;

/// Plain minimax over the engine's own states (no table, no collapse).
fn brute(s: &TwentyEightState, side: u8) -> i32 {
    use crate::game::GameState;
    if s.is_terminal() {
        return s.points[side as usize];
    }
    let mover_side = s.side(s.current().expect("live"));
    let vals = s.legal_actions().into_iter().map(|a| {
        let mut t = s.clone();
        t.apply(&a).unwrap();
        brute(&t, side)
    });
    if s.phase == Phase::Pair || mover_side == side {
        vals.max().unwrap()
    } else {
        vals.min().unwrap()
    }
}

/// Plain minimax after each legal action of `s`, for `side`.
fn brute_after(s: &TwentyEightState, side: u8) -> Vec<i32> {
    crate::game::GameState::legal_actions(s)
        .into_iter()
        .map(|a| {
            let mut t = s.clone();
            crate::game::GameState::apply(&mut t, &a).unwrap();
            brute(&t, side)
        })
        .collect()
}

fn random_position(g: &TwentyEight, rng: &mut Rng, k: usize, open: bool) -> TwentyEightState {
    let s = g.new_game(rng.next_u64());
    let full = s.full_deal();
    let hands: Vec<CardSet> = full
        .iter()
        .map(|h| h.iter().take(k).collect::<CardSet>())
        .collect();
    let deal = g.config().pack.format_deal(&hands);
    let n = g.config().players as u64;
    let bidder = rng.below(n) as usize;
    let leader = rng.below(n) as usize;
    let ind = g.config().pack.format_card(
        hands[bidder]
            .iter()
            .nth(rng.below(k as u64) as usize)
            .unwrap(),
    );
    let start = if open {
        TrumpStart::Open(&ind[1..])
    } else {
        TrumpStart::Concealed(&ind)
    };
    g.from_deal(&deal, bidder, leader, start, None).unwrap()
}

#[test]
fn points_match_plain_minimax_with_and_without_optimisations() {
    let mut rng = Rng::new(5);
    for (preset, opts) in [
        ("28", vec![]),
        ("29", vec![]),
        (
            "28",
            vec![("unrevealed_trump".to_string(), "forced_last".to_string())],
        ),
        // Six hands: the table key holds every card's owner in base 6.
        ("40", vec![]),
        ("56", vec![]),
        // Kings and queens at -1: values may be negative.
        ("28", vec![("kq_negative".to_string(), "on".to_string())]),
        ("29", vec![("kq_negative".to_string(), "on".to_string())]),
        ("56", vec![("kq_negative".to_string(), "on".to_string())]),
        (
            "28",
            vec![
                ("kq_negative".to_string(), "on".to_string()),
                ("unrevealed_trump".to_string(), "forced_last".to_string()),
            ],
        ),
    ] {
        let g = TwentyEight::new(preset, &opts).unwrap();
        for i in 0..12 {
            // Concealed positions count points only with forced_last.
            let forced = opts.iter().any(|(k, _)| k == "unrevealed_trump");
            let open = !forced || i % 2 == 0;
            let s = random_position(&g, &mut rng, 3, open);
            let p = s.current().unwrap();
            let want = brute(&s, s.side(p));
            let after = brute_after(&s, s.side(p));
            let def = Switches::default();
            for sw in [
                def,
                Switches::none(),
                Switches {
                    partition: false,
                    ..def
                },
                Switches {
                    rank_skip: false,
                    ..def
                },
                Switches {
                    quick_tricks: false,
                    sure_tricks: false,
                    ..def
                },
                Switches {
                    collapse: false,
                    ..def
                },
                Switches {
                    trick_bounds: false,
                    ..def
                },
                Switches {
                    dominance: false,
                    ..def
                },
                Switches {
                    card_bounds: false,
                    ..def
                },
                Switches {
                    fail_soft: false,
                    ..def
                },
                Switches {
                    two_tricks: false,
                    ..def
                },
            ] {
                let cfg = SolverConfig {
                    switches: sw,
                    ..SolverConfig::small()
                };
                let got = solve_points(&s, p, cfg, true).unwrap();
                assert_eq!(got.value, want, "{}", crate::game::GameState::render(&s));
                let vals: Vec<i32> = got.actions.iter().map(|a| a.1).collect();
                assert_eq!(vals, after, "{}", crate::game::GameState::render(&s));
            }
        }
    }
}

#[test]
fn partitions_skips_and_bounds_keep_larger_values() {
    // Deeper than plain minimax reaches: compare with the exact-key search.
    let mut rng = Rng::new(11);
    for preset in ["28", "29"] {
        let g = TwentyEight::new(preset, &[]).unwrap();
        for _ in 0..10 {
            let s = random_position(&g, &mut rng, 6, true);
            let p = s.current().unwrap();
            let plain = Switches {
                partition: false,
                rank_skip: false,
                quick_tricks: false,
                sure_tricks: false,
                trick_bounds: false,
                ..Switches::default()
            };
            let run = |sw: Switches| {
                let cfg = SolverConfig {
                    switches: sw,
                    ..SolverConfig::small()
                };
                solve_points(&s, p, cfg, true).unwrap()
            };
            let (a, b) = (run(Switches::default()), run(plain));
            assert_eq!((a.value, a.actions), (b.value, b.actions));
        }
    }
}

#[test]
fn table_cells_match_single_solves() {
    let g = TwentyEight::new("28", &[]).unwrap();
    let cfg = g.config_arc();
    for seed in 0..3 {
        let full = g.new_game(seed).full_deal();
        let hands: Vec<CardSet> = full.iter().map(|h| h.iter().take(5).collect()).collect();
        let (table, _) = dd_table(&cfg, &hands, 2, SolverConfig::small(), 1).unwrap();
        // The same table whatever the number of threads.
        for threads in [2, 3, 4] {
            let (other, _) = dd_table(&cfg, &hands, 2, SolverConfig::small(), threads).unwrap();
            assert_eq!(other, table, "{} threads", threads);
        }
        for (t, row) in table.iter().enumerate() {
            let code = cfg.pack.suits[t].code.clone();
            for (bidder, &cell) in row.iter().enumerate() {
                let s = TwentyEightState::from_deal(
                    cfg.clone(),
                    &hands,
                    bidder,
                    2,
                    TrumpStart::Open(&code),
                    None,
                )
                .unwrap();
                let want = solve_points(&s, bidder, SolverConfig::small(), false).unwrap();
                assert_eq!(cell, want.value);
            }
        }
    }
}

#[test]
fn limits_stop_the_search() {
    let g = TwentyEight::new("28", &[]).unwrap();
    let s = g.new_game(3);
    let deal = g.config().pack.format_deal(&s.full_deal());
    let st = g
        .from_deal(&deal, 0, 1, TrumpStart::Open("S"), None)
        .unwrap();
    let cfg = SolverConfig {
        max_nodes: Some(100),
        ..SolverConfig::small()
    };
    assert!(matches!(
        solve_points(&st, 0, cfg, false),
        Err(Error::SolverLimit(_))
    ));
}

/// `count` positions of `k` cards a hand from `seed`: trick starts, and every
/// other one a few random cards into its first trick.
fn sample_positions(
    g: &TwentyEight,
    seed: u64,
    k: usize,
    count: usize,
    open: bool,
) -> Vec<TwentyEightState> {
    use crate::game::GameState;
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            let mut s = random_position(g, &mut rng, k, open);
            if i % 2 == 1 {
                let plays = 1 + rng.below(g.config().players as u64 - 1);
                for _ in 0..plays {
                    let acts = s.legal_actions();
                    let a = &acts[rng.below(acts.len() as u64) as usize];
                    s.apply(a).unwrap();
                }
            }
            s
        })
        .collect()
}

/// The answers a user can ask of `s` with `sw`: the points of the side to
/// move and after each action where points are the answer, else the
/// outcome against a few targets, each with the outcome after each action.
fn answers(s: &TwentyEightState, sw: Switches) -> Vec<(i32, Vec<(String, i32)>)> {
    let cfg = SolverConfig {
        switches: sw,
        ..SolverConfig::small()
    };
    let p = s.current().unwrap();
    match solve_points(s, p, cfg.clone(), true) {
        Ok(a) => vec![(a.value, a.actions)],
        Err(_) => [4, 9, 14]
            .iter()
            .map(|&t| {
                let a = solve_outcome(s, t, cfg.clone(), true).unwrap();
                (a.value, a.actions)
            })
            .collect(),
    }
}

/// Presets and options the differential tests run on: 28, 29, negative
/// kings and queens, forced-last concealed trumps, and the six-hand 40 and
/// 56 (with `k6` cards a hand).
fn differential_games() -> Vec<(TwentyEight, bool)> {
    let on = |k: &str, v: &str| (k.to_string(), v.to_string());
    [
        ("28", vec![], true),
        ("28", vec![], false),
        ("29", vec![], true),
        ("28", vec![on("kq_negative", "on")], true),
        ("28", vec![on("unrevealed_trump", "forced_last")], false),
        ("40", vec![], true),
        ("56", vec![], true),
    ]
    .into_iter()
    .map(|(p, o, open)| (TwentyEight::new(p, &o).unwrap(), open))
    .collect()
}

/// Every answer with the optimisations of `off` switched off equals the
/// answer with every optimisation on, on positions of `k` cards a hand
/// (fewer in debug builds).
fn same_answers_without(off: Switches, k: usize, count: usize) {
    let (k, count) = if cfg!(debug_assertions) {
        (k - 1, count.div_ceil(4))
    } else {
        (k, count)
    };
    for (i, (g, open)) in differential_games().into_iter().enumerate() {
        let six = g.config().players == 6;
        let k = if six { k - 1 } else { k };
        for s in sample_positions(&g, 100 + i as u64, k, count, open) {
            assert_eq!(
                answers(&s, Switches::default()),
                answers(&s, off),
                "{}",
                crate::game::GameState::render(&s)
            );
        }
    }
}

#[test]
fn dominance_changes_no_answer() {
    same_answers_without(
        Switches::default_without("dominance"),
        6,
        40,
    );
}

/// The four-hand presets' last two tricks valued by the bounds before the
/// table (`Switches::bounds_first`): every answer as with the switch off
/// (points or outcomes and each action's, on 3-card positions against
/// plain minimax, on 6-card positions against the switch off), and in
/// release builds the value and every card's value of full deals.
#[test]
fn four_hand_bounds_first_changes_no_answer() {
    four_hand_switch_changes_no_answer("bounds_first", 49);
}

/// With the switch `name` off and on: 3-card 28 and 29 positions (from
/// `seed`) against plain minimax, every preset's 6-card positions and, in
/// release builds, full deals against the switch off.
fn four_hand_switch_changes_no_answer(name: &str, seed: u64) {
    let off = Switches::default_without(name);
    let mut rng = Rng::new(seed);
    for preset in ["28", "29"] {
        let g = TwentyEight::new(preset, &[]).unwrap();
        against_minimax(&g, &mut rng, 12, &[Switches::default(), off]);
    }
    same_answers_without(off, 6, 24);
    full_deals_without(off);
}

/// On `count` random open-trump positions of 3 cards a hand of `g`, the
/// points and each action's with each of `switches` equal plain minimax.
fn against_minimax(g: &TwentyEight, rng: &mut Rng, count: usize, switches: &[Switches]) {
    for _ in 0..count {
        let s = random_position(g, rng, 3, true);
        let p = s.current().unwrap();
        let want = (brute(&s, s.side(p)), brute_after(&s, s.side(p)));
        for &sw in switches {
            let cfg = SolverConfig {
                switches: sw,
                ..SolverConfig::small()
            };
            let got = solve_points(&s, p, cfg, true).unwrap();
            let vals: Vec<i32> = got.actions.iter().map(|a| a.1).collect();
            assert_eq!((got.value, vals), want, "{}", crate::game::GameState::render(&s));
        }
    }
}

/// The value and every card's value for the leader of full 28 deals (seeds
/// 0-2 of `t28_bench`: seat 0 bids its longest suit, open, seat 1 leads)
/// with every switch on and with those of `off`, in release builds.
fn full_deals_without(off: Switches) {
    if cfg!(debug_assertions) {
        return;
    }
    let g = TwentyEight::new("28", &[]).unwrap();
    for seed in 0..3 {
        let s = bench_deal(&g, seed);
        let run = |sw: Switches| {
            let config = SolverConfig {
                switches: sw,
                ..SolverConfig::default()
            };
            let v = solve_points(&s, 0, config.clone(), false).unwrap().value;
            (v, solve_points(&s, 1, config, true).unwrap().actions)
        };
        assert_eq!(run(Switches::default()), run(off), "seed {}", seed);
    }
}

/// The run of a card and its lower edge by walking the mover's cards of
/// its suit outwards from it, comparing rank classes (the reference for
/// `PointsGame::run_of`).
fn run_walk(g: &PointsGame, card: Card, cards: CardSet, other: CardSet) -> (CardSet, Option<Card>) {
    let cfg = &g.cfg;
    let suit = cfg.pack.suit_mask(cfg.pack.suit_of(card));
    let rank = |c: Card| cfg.rank[c.0 as usize];
    // A card of `other` ranking between `hi` and `lo`, ties included.
    let separated = |hi: Card, lo: Card| {
        (other & suit)
            .iter()
            .any(|x| rank(x) >= rank(lo) && rank(x) <= rank(hi))
    };
    let mine = cards & suit;
    let mut run = card.set();
    let mut cur = card;
    for x in mine.iter().filter(|x| x.0 > card.0) {
        if separated(x, cur) {
            break;
        }
        run.insert(x);
        cur = x;
    }
    let mut cur = card;
    for x in mine.iter().rev().filter(|x| x.0 < card.0) {
        if separated(cur, x) {
            break;
        }
        run.insert(x);
        cur = x;
    }
    let lowest = run.lowest().expect("the run holds card");
    let below = CardSet((other & suit).0 & ((1u128 << lowest.0) - 1)).highest();
    (run, below)
}

#[test]
fn runs_by_masks_match_runs_by_walking() {
    // One pack: within a suit, bit order is strength order.
    for preset in ["28", "29"] {
        let g = TwentyEight::new(preset, &[]).unwrap();
        let cfg = g.config();
        for suit in 0..cfg.pack.num_suits() {
            let cards: Vec<Card> = cfg.pack.suit_mask(suit as u8).iter().collect();
            for w in cards.windows(2) {
                assert!(cfg.rank[w[0].0 as usize] < cfg.rank[w[1].0 as usize]);
            }
        }
    }
    let mut rng = Rng::new(9);
    for preset in ["28", "56"] {
        let g = TwentyEight::new(preset, &[]).unwrap();
        for _ in 0..200 {
            let k = 1 + rng.below(8) as usize;
            let s = random_position(&g, &mut rng, k, true);
            let pg = PointsGame::new(&s, 0, Objective::Points).unwrap();
            let live = pg.live();
            for p in 0..pg.n {
                let hand = pg.core.hands[p];
                // Part of the hand (as legal cards may be) against the rest.
                let part =
                    CardSet(hand.0 & rng.next_u64() as u128 | hand.0 & !(rng.next_u64() as u128));
                for card in part.iter() {
                    assert_eq!(
                        pg.run_of(card, part, live - hand),
                        run_walk(&pg, card, part, live - hand),
                        "{} {:?}",
                        preset,
                        card
                    );
                }
            }
        }
    }
}

/// The last two tricks: the bounds of `Switches::two_tricks` (a zero-window
/// search over the laid-out cards, kept by position) decide every question
/// as the plain yes/no search over the engine's rules does, and the exact
/// value (both bounds equal) agrees with it at every threshold; in four and
/// six hands, kings and queens at -1 too.
#[test]
fn two_trick_bounds_agree_with_the_yes_no_search() {
    let mut rng = Rng::new(23);
    for (preset, opts) in [
        ("28", vec![]),
        ("29", vec![]),
        ("40", vec![]),
        ("56", vec![]),
        ("28", vec![("kq_negative".to_string(), "on".to_string())]),
    ] {
        let g = TwentyEight::new(preset, &opts).unwrap();
        let mut checked = 0;
        for _ in 0..60 {
            let s = random_position(&g, &mut rng, 2, true);
            let p = s.current().unwrap();
            let game = PointsGame::new(&s, p, Objective::Points).unwrap();
            let c = &game.core;
            let rem = game.remaining();
            let all = c.hands[..game.n].iter().fold(CardSet::EMPTY, |a, &h| a | h);
            if c.tlen != 0 || c.hands[..game.n].iter().any(|h| h.len() != 2) || !c.revealed {
                continue;
            }
            assert_eq!(all.len() as usize, 2 * game.n);
            let (lo, hi, _) = game.two_tricks_bounds(None);
            assert_eq!(lo, hi, "{} exact value", preset);
            for need in 0..=rem + 1 {
                let mut hands = [CardSet::EMPTY; 6];
                hands[..game.n].copy_from_slice(&c.hands[..game.n]);
                let mut trick = [Card(0); 6];
                let mut by = CardSet::EMPTY;
                let yes =
                    game.two_tricks_reach(&game.view(), &mut hands, &mut trick, 0, need, &mut by);
                assert_eq!(lo >= need, yes, "{} need {}", preset, need);
                // A fresh table answering this threshold alone.
                game.two_tricks.borrow_mut().clear();
                if need >= 1 {
                    let (l, h, _) = game.two_tricks_bounds(Some(need));
                    assert!(
                        l <= lo && lo <= h,
                        "{} need {}: {}..{} against {}",
                        preset,
                        need,
                        l,
                        h,
                        lo
                    );
                    assert!(l >= need || h < need, "{} need {} undecided", preset, need);
                }
            }
            checked += 1;
        }
        assert!(checked >= 20, "{}: {} positions", preset, checked);
    }
}

/// The deal of `t28_bench` for `seed`: seat 0 bids its longest suit (the
/// first of the longest), trumps open, seat 1 leads.
fn bench_deal(g: &TwentyEight, seed: u64) -> TwentyEightState {
    let cfg = g.config_arc();
    let full = g.new_game(seed).full_deal();
    let deal = cfg.pack.format_deal(&full);
    let best = (0..cfg.pack.num_suits())
        .max_by_key(|&i| ((full[0] & cfg.pack.suit_mask(i as u8)).len(), std::cmp::Reverse(i)))
        .unwrap();
    let code = cfg.pack.suits[best].code.clone();
    g.from_deal(&deal, 0, 1, TrumpStart::Open(&code), None).unwrap()
}

/// `Switches::twin_keys` (table keys by relative ranks) and
/// `Switches::twin_runs` (the top run of trumps as bounds) of the presets
/// with equal cards change no answer: the points, or the outcomes, and each
/// action's, on positions of 40 and 56 (open trumps, kings and queens at
/// -1, the trump concealed) with each switch off; then, in release builds,
/// the value and every card's value of two full deals of 56.
#[test]
fn twin_keys_and_runs_change_no_answer() {
    let on = |k: &str, v: &str| (k.to_string(), v.to_string());
    let games = [
        ("40", vec![], true),
        ("40", vec![], false),
        ("56", vec![], true),
        ("56", vec![], false),
        ("56", vec![on("kq_negative", "on")], true),
    ];
    let (k, count) = if cfg!(debug_assertions) { (5, 3) } else { (6, 30) };
    for name in ["twin_keys", "twin_runs"] {
        let mut off = Switches::default();
        *off.flag_mut(name).unwrap() = false;
        for (i, (preset, opts, open)) in games.iter().enumerate() {
            let g = TwentyEight::new(preset, opts).unwrap();
            for s in sample_positions(&g, 300 + i as u64, k, count, *open) {
                assert_eq!(
                    answers(&s, Switches::default()),
                    answers(&s, off),
                    "{} {}",
                    name,
                    crate::game::GameState::render(&s)
                );
            }
        }
    }
    if cfg!(debug_assertions) {
        return;
    }
    // Seeds 2 and 6 of `t28_bench --preset=56` (seat 0 bids its longest
    // suit, open, seat 1 leads): 39 and 22 points.
    let g = TwentyEight::new("56", &[]).unwrap();
    let both = Switches::default().with_spec("-twin_keys,-twin_runs").unwrap();
    for (seed, want) in [(2, 39), (6, 22)] {
        let s = bench_deal(&g, seed);
        let mut answers = Vec::new();
        for sw in [Switches::default(), both] {
            let config = SolverConfig {
                switches: sw,
                ..SolverConfig::default()
            };
            let a = solve_points(&s, 0, config.clone(), false).unwrap();
            assert_eq!(a.value, want, "seed {}", seed);
            // Every card's value for the leader, seat 1.
            answers.push(solve_points(&s, 1, config, true).unwrap().actions);
        }
        assert_eq!(answers[0], answers[1], "seed {}", seed);
    }
}

/// `Switches::keep_newest` and `Switches::small_first` on 56's full deals
/// (seeds 2 and 6 of `t28_bench --preset=56`) with a table that fills many
/// times over: the same values with and without each (release builds).
#[test]
fn a_full_table_keeping_its_newest_half_changes_no_56_value() {
    if cfg!(debug_assertions) {
        return;
    }
    let g = TwentyEight::new("56", &[]).unwrap();
    for (seed, want) in [(2, 39), (6, 22)] {
        let s = bench_deal(&g, seed);
        for (keep, small) in [(true, false), (false, false), (true, true), (false, true)] {
            let config = SolverConfig {
                switches: Switches {
                    keep_newest: keep,
                    small_first: small,
                    keep_costly: false,
                    ..Switches::default()
                },
                tt_bytes: 1 << 20,
                ..SolverConfig::default()
            };
            let a = solve_points(&s, 0, config, false).unwrap();
            assert_eq!(
                a.value, want,
                "seed {} keep_newest {} small_first {}",
                seed, keep, small
            );
        }
    }
}

/// `Switches::keep_costly` (a full table keeping the blocks of its
/// costliest searches) changes no answer: on a table of 4 KiB that fills
/// many times over, 3-card 40 and 56 positions against plain minimax (with
/// `keep_newest` behind it and without), 4- and 5-card positions against
/// the switch off on a table that never fills; in release builds, 56's
/// full deals (seeds 2 and 6 of `t28_bench --preset=56`) on a table of
/// 1 MiB, on and off.
#[test]
fn a_full_table_keeping_its_costliest_blocks_changes_no_answer() {
    let on = Switches::default();
    assert!(on.keep_costly);
    let count = if cfg!(debug_assertions) { 3 } else { 8 };
    let alone = Switches {
        keep_newest: false,
        ..on
    };
    for sw in [on, alone] {
        six_hands_against_minimax(sw, 4957, count, &[1 << 12]);
    }
    let off = Switches::default_without("keep_costly");
    let tiny = |switches: Switches| SolverConfig {
        switches,
        tt_bytes: 1 << 12,
        ..SolverConfig::small()
    };
    let (k, count) = if cfg!(debug_assertions) { (4, 2) } else { (5, 6) };
    for (i, preset) in ["40", "56"].into_iter().enumerate() {
        let g = TwentyEight::new(preset, &[]).unwrap();
        for s in sample_positions(&g, 4950 + i as u64, k, count, true) {
            let p = s.current().unwrap();
            let want = solve_points(&s, p, SolverConfig::small(), true).unwrap();
            for sw in [on, off] {
                let got = solve_points(&s, p, tiny(sw), true).unwrap();
                let render = crate::game::GameState::render(&s);
                assert_eq!(got.value, want.value, "{}", render);
                assert_eq!(got.actions, want.actions, "{}", render);
            }
        }
    }
    if cfg!(debug_assertions) {
        return;
    }
    let g = TwentyEight::new("56", &[]).unwrap();
    for (seed, want) in [(2, 39), (6, 22)] {
        let s = bench_deal(&g, seed);
        for sw in [on, off] {
            let config = SolverConfig {
                switches: sw,
                tt_bytes: 1 << 20,
                ..SolverConfig::default()
            };
            let a = solve_points(&s, 0, config, false).unwrap();
            assert_eq!(a.value, want, "seed {} keep_costly {}", seed, sw.keep_costly);
        }
    }
}

/// `Switches::small_first` (a shape's first block of two entries, more
/// shape slots) on a table of 4 KiB that fills many times over, kept by
/// halves or cleared: every value and every action's value of 3-card 40
/// and 56 positions equal plain minimax's, and of 5-card positions those
/// with the switch off on a table that never fills.
#[test]
fn small_first_blocks_change_no_answer() {
    let tiny = |small: bool, keep: bool| SolverConfig {
        switches: Switches {
            small_first: small,
            keep_newest: keep,
            ..Switches::default()
        },
        tt_bytes: 1 << 12,
        ..SolverConfig::small()
    };
    let mut rng = Rng::new(49);
    for preset in ["40", "56"] {
        let g = TwentyEight::new(preset, &[]).unwrap();
        for _ in 0..6 {
            let s = random_position(&g, &mut rng, 3, true);
            let p = s.current().unwrap();
            let want = brute(&s, s.side(p));
            let after = brute_after(&s, s.side(p));
            for keep in [true, false] {
                let got = solve_points(&s, p, tiny(true, keep), true).unwrap();
                assert_eq!(got.value, want, "{}", crate::game::GameState::render(&s));
                let vals: Vec<i32> = got.actions.iter().map(|a| a.1).collect();
                assert_eq!(vals, after, "{}", crate::game::GameState::render(&s));
            }
        }
    }
    let (k, count) = if cfg!(debug_assertions) { (4, 2) } else { (5, 8) };
    for (i, (preset, open)) in [("40", true), ("56", true), ("56", false)]
        .into_iter()
        .enumerate()
    {
        let g = TwentyEight::new(preset, &[]).unwrap();
        for s in sample_positions(&g, 400 + i as u64, k, count, open) {
            let off = Switches::default_without("small_first");
            let want = answers(&s, off);
            let p = s.current().unwrap();
            for keep in [true, false] {
                let got = match solve_points(&s, p, tiny(true, keep), true) {
                    Ok(a) => vec![(a.value, a.actions)],
                    Err(_) => [4, 9, 14]
                        .iter()
                        .map(|&t| {
                            let a = solve_outcome(&s, t, tiny(true, keep), true).unwrap();
                            (a.value, a.actions)
                        })
                        .collect(),
                };
                assert_eq!(got, want, "{}", crate::game::GameState::render(&s));
            }
        }
    }
}

/// `Switches::six_partition` (partition keys in the last five tricks of
/// the six-hand presets) changes no answer: every value and every action's
/// value of 3-card 40 and 56 positions equal plain minimax's (also on a
/// 4 KiB table that fills many times over); the answers of 4- and 5-card
/// positions of 40, 56, 56 with the trump concealed and 56 with kings and
/// queens at -1 equal those with the switch off; in release builds, two
/// full 56 deals' values with the switch off.
#[test]
fn six_partition_changes_no_answer() {
    let on = Switches::default();
    assert!(on.six_partition);
    let off = Switches::default_without("six_partition");
    let count = if cfg!(debug_assertions) { 3 } else { 12 };
    six_hands_against_minimax(on, 56, count, &[SolverConfig::small().tt_bytes, 1 << 12]);
    let kq = vec![("kq_negative".to_string(), "on".to_string())];
    let (ks, count): (&[usize], usize) = if cfg!(debug_assertions) {
        (&[4], 2)
    } else {
        (&[4, 5], 16)
    };
    for (i, (preset, opts, open)) in [
        ("40", vec![], true),
        ("56", vec![], true),
        ("56", vec![], false),
        ("56", kq, true),
    ]
    .into_iter()
    .enumerate()
    {
        let g = TwentyEight::new(preset, &opts).unwrap();
        for &k in ks {
            for s in sample_positions(&g, 500 + 10 * i as u64 + k as u64, k, count, open) {
                assert_eq!(
                    answers(&s, on),
                    answers(&s, off),
                    "{}",
                    crate::game::GameState::render(&s)
                );
            }
        }
    }
    if cfg!(debug_assertions) {
        return;
    }
    fifty_six_bench_values(&[on, off]);
}

/// 3-card positions of 40 and 56 (`count` of each, drawn from `seed`):
/// the value and every action's with `sw`, on each table size of
/// `tables`, equal plain minimax's.
fn six_hands_against_minimax(sw: Switches, seed: u64, count: usize, tables: &[usize]) {
    let mut rng = Rng::new(seed);
    for preset in ["40", "56"] {
        let g = TwentyEight::new(preset, &[]).unwrap();
        for _ in 0..count {
            let s = random_position(&g, &mut rng, 3, true);
            let p = s.current().unwrap();
            let want = brute(&s, s.side(p));
            let after = brute_after(&s, s.side(p));
            for &bytes in tables {
                let config = SolverConfig {
                    switches: sw,
                    tt_bytes: bytes,
                    ..SolverConfig::small()
                };
                let got = solve_points(&s, p, config, true).unwrap();
                let render = crate::game::GameState::render(&s);
                assert_eq!(got.value, want, "{}", render);
                let vals: Vec<i32> = got.actions.iter().map(|a| a.1).collect();
                assert_eq!(vals, after, "{}", render);
            }
        }
    }
}

/// Seeds 2 and 6 of `t28_bench --preset=56` (39 and 22): the value with
/// each of `switches`.
fn fifty_six_bench_values(switches: &[Switches]) {
    let g = TwentyEight::new("56", &[]).unwrap();
    for (seed, want) in [(2, 39), (6, 22)] {
        let s = bench_deal(&g, seed);
        for &sw in switches {
            let config = SolverConfig {
                switches: sw,
                ..SolverConfig::default()
            };
            let a = solve_points(&s, 0, config, false).unwrap();
            assert_eq!(a.value, want, "seed {} {:?}", seed, sw);
        }
    }
}

/// A partition key's mask keeps every owner but those of a suit's cards of
/// the points of its lowest card in play below the lowest card the answer
/// relied on, and the cards it keeps are those the answer relied on and
/// every card above them or of other points.
#[test]
fn six_partition_masks_keep_what_the_answers_relied_on() {
    let g = TwentyEight::new("56", &[]).unwrap();
    let cfg = g.config_arc();
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for _ in 0..40 {
        let s = random_position(&g, &mut rng, 4, true);
        let game = PointsGame::new(&s, s.current().unwrap(), Objective::Points).unwrap();
        let (key, _) = game.tt_key_heap(&Switches::default());
        if !game.six_partition_here() {
            continue;
        }
        assert!(key.ctx & (1 << 30) != 0);
        let live = game.live();
        let low: Vec<Card> = live
            .iter()
            .filter(|&c| {
                let suit = live & cfg.pack.suit_mask(cfg.pack.suit_of(c));
                let bottom = suit
                    .iter()
                    .min_by_key(|x| cfg.rank[x.0 as usize])
                    .unwrap();
                cfg.pts(c) == cfg.pts(bottom)
            })
            .collect();
        // Nothing relied on: only the cards of the points of each suit's
        // lowest card are left.
        let kept = game.six_partition_winners(game.six_partition_mask(CardSet::EMPTY));
        assert_eq!(kept, live - low.iter().copied().collect::<CardSet>());
        // Relying on one card keeps it and every card of its suit ranking at
        // least as high.
        for c in live.iter() {
            let kept = game.six_partition_winners(game.six_partition_mask(c.set()));
            assert!(kept.contains(c));
            for x in live.iter() {
                let same_suit = cfg.pack.suit_of(x) == cfg.pack.suit_of(c);
                if same_suit && cfg.rank[x.0 as usize] >= cfg.rank[c.0 as usize] {
                    assert!(kept.contains(x));
                }
                let below = cfg.rank[x.0 as usize] < cfg.rank[c.0 as usize];
                // Left out exactly when of the bottom points and, in the
                // card's suit, below it.
                let out = low.contains(&x) && (!same_suit || below);
                assert_eq!(kept.contains(x), !out);
            }
        }
        // Every mask keeps the suit lengths.
        let lengths = 6 * 6;
        assert_eq!(game.six_partition_mask(CardSet::EMPTY) & ((1 << lengths) - 1), (1 << lengths) - 1);
        checked += 1;
    }
    assert!(checked >= 20, "{} positions", checked);
}

/// `Switches::playout_guess` (the six-hand presets' first probe at the mean
/// of play-outs) changes no answer:
/// 3-card positions of 40 and 56 against plain minimax, 4- and 5-card ones
/// (and one card into a trick) against the switch off, and two full 56
/// deals' value on and off; the guess is the same each time it is asked.
#[test]
fn playout_guess_changes_no_answer() {
    let on = Switches::default();
    assert!(on.playout_guess);
    let off = Switches::default_without("playout_guess");
    let count = if cfg!(debug_assertions) { 2 } else { 8 };
    six_hands_against_minimax(on, 4056, count, &[SolverConfig::small().tt_bytes]);
    for preset in ["40", "56"] {
        let g = TwentyEight::new(preset, &[]).unwrap();
        let ks: &[usize] = if cfg!(debug_assertions) { &[4] } else { &[4, 5] };
        for &k in ks {
            for s in sample_positions(&g, 4000 + k as u64, k, count, true) {
                let render = crate::game::GameState::render(&s);
                assert_eq!(answers(&s, on), answers(&s, off), "{}", render);
                let game = PointsGame::new(&s, s.current().unwrap(), Objective::Points).unwrap();
                let guess = game.first_guess(&on);
                assert_eq!(guess, game.first_guess(&on), "{}", render);
                assert!(guess <= game.remaining(), "{}", render);
            }
        }
    }
    if !cfg!(debug_assertions) {
        fifty_six_bench_values(&[on, off]);
    }
}

/// `Switches::run_followers` (the top run of trumps with the opponents'
/// cheapest cards as bounds at trick starts) and `Switches::lead_cashes`
/// (the leader's cashing line as a lower bound): the bounds hold the exact
/// value of the side on lead on random trick starts of 28 and 29 (found
/// with both switches off), each switch raises some bound, the answers
/// equal plain minimax on 3-card positions, every answer equals each
/// switch off's on 6-card positions, and in release builds the value and
/// every card's value of full deals.
#[test]
fn run_followers_and_lead_cashes_change_no_answer() {
    let offs = [
        Switches::default_without("run_followers"),
        Switches::default_without("lead_cashes"),
    ];
    let none = offs[0].with_spec("-lead_cashes").unwrap();
    let on = Switches::default();
    let mut rng = Rng::new(4949);
    let k = if cfg!(debug_assertions) { 4 } else { 6 };
    let mut raised = [0; 2];
    for preset in ["28", "29"] {
        let g = TwentyEight::new(preset, &[]).unwrap();
        for _ in 0..60 {
            let s = random_position(&g, &mut rng, k, true);
            let p = s.current().unwrap();
            let game = PointsGame::new(&s, p, Objective::Points).unwrap();
            let b = game.lead_bounds(&on);
            for (r, off) in raised.iter_mut().zip(&offs) {
                let b_off = game.lead_bounds(off);
                assert!(b.lower >= b_off.lower && b.upper <= b_off.upper);
                *r += usize::from(b.lower > b_off.lower || b.upper < b_off.upper);
            }
            let cfg = SolverConfig {
                switches: none,
                ..SolverConfig::small()
            };
            let v = solve_points(&s, p, cfg, false).unwrap().value;
            let render = crate::game::GameState::render(&s);
            assert!(
                b.lower as i32 <= v && v <= b.upper as i32,
                "{:?} {} {}",
                (b.lower, b.upper),
                v,
                render
            );
        }
        against_minimax(&g, &mut rng, 12, &[on, none]);
    }
    // Neither bound is idle on these positions.
    assert!(raised.iter().all(|&r| r > 0), "{:?}", raised);
    for off in offs {
        same_answers_without(off, 6, 24);
        full_deals_without(off);
    }
}

/// `Switches::partner_leads` (a lead towards partner's top card tried
/// among the leader's own top cards) changes no answer: 3-card 28 and 29
/// positions against plain minimax, every preset's 6-card positions (40
/// and 56 do not use it) and, in release builds, full deals against the
/// switch off.
#[test]
fn partner_leads_change_no_answer() {
    four_hand_switch_changes_no_answer("partner_leads", 4950);
}

/// `Switches::ruff_leads` (a lead to partner's ruff tried among the
/// leader's top cards) changes no answer: 3-card 28 and 29 positions
/// against plain minimax, every preset's 6-card positions and, in release
/// builds, full deals against the switch off.
#[test]
fn ruff_leads_change_no_answer() {
    four_hand_switch_changes_no_answer("ruff_leads", 4951);
}

/// `Switches::overtakes` (a card over partner's that secures the trick
/// tried first) changes no answer: as `ruff_leads_change_no_answer`.
#[test]
fn overtakes_change_no_answer() {
    four_hand_switch_changes_no_answer("overtakes", 4952);
}

/// `Switches::second_smears` (second to a trick partner surely takes, the
/// cards with most points first) changes no answer: as
/// `ruff_leads_change_no_answer`.
#[test]
fn second_smears_change_no_answer() {
    four_hand_switch_changes_no_answer("second_smears", 4953);
}

//! The worked examples of `docs/rules/naqsh.md` §12 and the state machine's rules.

use super::*;
use crate::card::CardSet;
use crate::game::GameState;
use crate::solve::SolverConfig;

fn game(opts: &[(&str, &str)]) -> Naqsh {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|&(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Naqsh::new(&o).unwrap()
}

/// A position from first-two-card lists per seat, the banker and the stock.
fn position(g: &Naqsh, firsts: &[&str], banker: usize, stock: &str) -> NaqshState {
    let p = &g.config().pack;
    let hands: Vec<CardSet> = firsts
        .iter()
        .map(|h| p.parse_cards(&h.replace(' ', "+")).unwrap())
        .collect();
    g.from_deal(&p.format_deal(&hands), banker, Some(stock), None, 0)
        .unwrap()
}

fn play(s: &mut NaqshState, actions: &[&str]) {
    for a in actions {
        s.apply(a).unwrap_or_else(|e| panic!("{}: {}", a, e));
    }
}

const EXAMPLE1: [&str; 6] = [
    "VTJ 6GH", "5SR 4CH", "TSM 9BA", "3SF 2GH", "8BA 7TJ", "KGH 3SR",
];

fn example1(opts: &[(&str, &str)]) -> NaqshState {
    let g = game(opts);
    let mut s = position(&g, &EXAMPLE1, 5, "7QM+KCH+1TJ+5GH+9GH");
    // Seat 0's natural is closed: seat 1 is the first to decide.
    assert_eq!(s.current(), Some(1));
    play(&mut s, &["draw", "stand"]);
    // Seat 2 busts at once (19) and pays; seat 3 draws to 17 and is closed.
    assert_eq!(s.scores()[2], -1);
    assert_eq!(s.current(), Some(3));
    play(&mut s, &["draw"]);
    assert_eq!(s.current(), Some(4));
    play(&mut s, &["stand"]);
    assert_eq!(s.current(), Some(5));
    play(&mut s, &["draw", "stand"]);
    assert!(s.is_terminal());
    s
}

#[test]
fn example_1_one_full_hand() {
    let s = example1(&[]);
    let r = s.last_result().unwrap();
    let classes: Vec<String> = r.classes.iter().map(|c| c.name()).collect();
    assert_eq!(
        classes,
        ["natural", "total 16", "bust", "total 17", "total 15", "total 16"]
    );
    assert_eq!(r.net, vec![1, -1, -1, 1, -1, 1]);
    assert_eq!(s.returns(), vec![1.0, -1.0, -1.0, 1.0, -1.0, 1.0]);
}

#[test]
fn the_hand_shown_is_the_one_played() {
    let hand_of = |s: &NaqshState| -> i64 {
        let crate::game::Value::Map(obs) = s.observation(0).unwrap() else {
            panic!("an observation is a map")
        };
        match obs.iter().find(|(k, _)| k == "hand_number") {
            Some((_, crate::game::Value::Int(n))) => *n,
            other => panic!("hand_number: {:?}", other),
        }
    };
    // A single hand from a deal is hand 1 from its start to its settlement.
    let s = example1(&[]);
    assert_eq!(hand_of(&s), 1);
    assert!(s.render().contains("hand 1 of 1"));
    // A match of three hands ends on its third.
    let g = game(&[("players", "3"), ("hands", "3")]);
    let mut s = g.new_game(1, None).unwrap();
    let mut seen = vec![hand_of(&s)];
    while !s.is_terminal() {
        let a = s.legal_actions()[0].clone();
        s.apply(&a).unwrap();
        seen.push(hand_of(&s));
    }
    seen.dedup();
    assert_eq!(seen, [1, 2, 3]);
}

#[test]
fn example_1_variants() {
    assert_eq!(example1(&[("ties", "push")]).scores()[5], 0);
    assert_eq!(example1(&[("ties", "push")]).scores()[1], 0);
    let s = example1(&[("bonus_payouts", "true")]);
    assert_eq!(s.scores()[5], 0);
    assert_eq!(s.scores()[0], 2);
}

fn class_of(g: &Naqsh, cards: &str) -> Class {
    let p = &g.config().pack;
    let mut t = Tally::default();
    for c in cards.split_whitespace() {
        t.add(hand::card_value(p, p.parse_card(c).unwrap()));
    }
    hand::classify(&t, g.config())
}

#[test]
fn example_2_the_21_variant() {
    let plain = game(&[]);
    let s21 = game(&[("special21", "true")]);
    let t21 = game(&[("special21", "true"), ("special21_mode", "target_21")]);
    assert_eq!(class_of(&plain, "KSR 9GH"), Class::Bust);
    assert_eq!(class_of(&s21, "KSR 9GH"), Class::Special21);
    assert_eq!(class_of(&s21, "VTJ TCH"), Class::Special21);
    assert_eq!(class_of(&t21, "VTJ TCH"), Class::Special21);
    assert_eq!(class_of(&s21, "TGH 5SM 6BA"), Class::Bust);
    assert_eq!(class_of(&t21, "TGH 5SM 6BA"), Class::Bust);
    // Under target_21 the natural is an ordinary 17 and totals go up to 20.
    assert_eq!(class_of(&t21, "VTJ 6GH"), Class::Total(17));
    assert_eq!(class_of(&t21, "TGH 5SM 5BA"), Class::Total(20));
    assert!(hand::is_closed(Class::Total(20), t21.config()));
    assert!(!hand::is_closed(Class::Total(17), t21.config()));
}

#[test]
fn example_3_combinations() {
    let g = game(&[("combos", "true"), ("players", "3")]);
    assert_eq!(class_of(&g, "6GH 6TJ"), Class::Pair(6));
    assert_eq!(class_of(&g, "6GH 6TJ 6SR"), Class::Triple(6));
    assert_eq!(class_of(&g, "KSM KQM"), Class::Pair(12));
    // Seat 0 (A) draws to a triple, seat 1 (B) stands on kings, the banker has a natural.
    let mut s = position(&g, &["6GH 6TJ", "KSM KQM", "VSF 6BA"], 2, "6SR+2GH");
    play(&mut s, &["draw"]); // triple: closed
    assert_eq!(s.current(), Some(1));
    play(&mut s, &["stand"]);
    assert!(s.is_terminal(), "the banker's natural is closed");
    assert_eq!(s.scores(), &[1, -1, 0]);
}

#[test]
fn example_4_the_banker_busts() {
    let g = game(&[("players", "3")]);
    // Seat 0 busts first (K+6 = 18), seat 1 stands on 9, the banker busts.
    let mut s = position(&g, &["KGH 6TJ", "5SM 4BA", "8TJ 5GH"], 2, "VSR+2GH");
    assert_eq!(s.current(), Some(1));
    play(&mut s, &["stand", "draw"]);
    assert!(s.is_terminal());
    assert_eq!(s.last_result().unwrap().classes[2], Class::Bust);
    assert_eq!(s.scores(), &[-1, 1, 0]);
}

#[test]
fn example_5_pool_mode() {
    let g = game(&[("players", "4"), ("mode", "pool")]);
    let mut s = position(&g, &["VTJ 6GH", "TSM 6BA", "KGH 9SR", "VSR 6CH"], 3, "2GH");
    // Seat 1 (16) stands; the others are closed.
    assert_eq!(s.current(), Some(1));
    play(&mut s, &["stand"]);
    assert!(s.is_terminal());
    assert_eq!(s.scores(), &[1, -1, -1, 1]);
    assert_eq!(s.pool(), 0);
    // Everyone busts: the pool carries over.
    let g = game(&[("players", "4"), ("mode", "pool"), ("hands", "2")]);
    let p = &g.config().pack;
    let busts = ["KGH 9SR", "KTJ 9SM", "KSM 8BA", "VSR 9CH"];
    let hands: Vec<CardSet> = busts
        .iter()
        .map(|h| p.parse_cards(&h.replace(' ', "+")).unwrap())
        .collect();
    let s = g
        .from_deal(&p.format_deal(&hands), 0, None, None, 1)
        .unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.pool(), 4);
    assert_eq!(s.scores(), &[-1, -1, -1, -1]);
}

#[test]
fn stake_phase_and_match() {
    let g = game(&[
        ("players", "3"),
        ("stake_mode", "after_first_card"),
        ("hands", "3"),
    ]);
    let mut s = g.new_game(11, Some(0)).unwrap();
    assert_eq!(s.phase(), Phase::Stake);
    assert_eq!(s.current(), Some(1));
    assert_eq!(s.cards(1).len(), 1);
    assert_eq!(
        s.legal_actions(),
        ["stake:1", "stake:2", "stake:3", "stake:4"]
    );
    assert!(s.apply("stake:5").is_err());
    assert!(s.apply("draw").is_err());
    play(&mut s, &["stake:3", "stake:1"]);
    assert_eq!(s.cards(1).len(), 2);
    assert_eq!(s.stakes()[1], 3);
    let mut hands_seen = 0;
    let mut steps = 0;
    while !s.is_terminal() && steps < 200 {
        let before = s.hand_number();
        let a = if s.phase() == Phase::Stake {
            "stake:2"
        } else {
            "stand"
        };
        s.apply(a).unwrap();
        if s.hand_number() != before {
            hands_seen += 1;
            // The bank passes to the right.
            assert_eq!(s.last_result().unwrap().banker, (before) % 3);
        }
        steps += 1;
    }
    assert!(s.is_terminal());
    assert_eq!(hands_seen, 3);
    // Bank mode: every payment has a payer.
    assert_eq!(s.scores().iter().sum::<i64>(), 0);
}

#[test]
fn bad_input_is_refused() {
    let g = game(&[]);
    assert!(g.from_deal("6.V...... .......", 0, None, None, 0).is_err());
    let p = &g.config().pack;
    let hands: Vec<CardSet> = EXAMPLE1
        .iter()
        .map(|h| p.parse_cards(&h.replace(' ', "+")).unwrap())
        .collect();
    let deal = p.format_deal(&hands);
    assert!(g.from_deal(&deal, 6, None, None, 0).is_err());
    assert!(g.from_deal(&deal, 5, Some("VTJ"), None, 0).is_err());
    assert!(g.from_deal(&deal, 5, Some("7QM+7QM"), None, 0).is_err());
    assert!(g.from_deal(&deal, 5, Some("7QX"), None, 0).is_err());
    assert!(g.from_deal(&deal, 5, None, Some(&[1, 1, 1]), 0).is_err());
    assert!(g
        .from_deal(&deal, 5, None, Some(&[1, 1, 9, 1, 1, 0]), 0)
        .is_err());
    assert!(Naqsh::new(&[("players".into(), "1".into())]).is_err());
    assert!(Naqsh::new(&[("max_cards".into(), "1".into())]).is_err());
    assert!(Naqsh::new(&[("colour".into(), "1".into())]).is_err());
}

#[test]
fn banker_rule_stand_at_n_decides_for_the_banker() {
    let g = game(&[("players", "2"), ("banker_rule", "stand_at_n")]);
    // Banker 8+5 = 13 < 14 must draw (2 → 15) and then stand.
    let mut s = position(&g, &["TGH 6TJ", "8TJ 5GH"], 1, "2GH+3GH");
    play(&mut s, &["stand"]);
    assert!(s.is_terminal());
    assert_eq!(s.last_result().unwrap().cards[1].len(), 3);
    assert_eq!(s.scores(), &[1, -1]);
}

#[test]
fn max_cards_and_empty_stock_end_turns() {
    let g = game(&[("players", "2"), ("max_cards", "3")]);
    let mut s = position(&g, &["1GH 1TJ", "TGH 6TJ"], 1, "1SM+1SF+2GH");
    play(&mut s, &["draw"]);
    assert_eq!(s.current(), Some(1), "three cards: the punter's turn ends");
    let g = game(&[("players", "2")]);
    let s = position(&g, &["1GH 1TJ", "TGH 6TJ"], 1, "");
    assert!(s.is_terminal(), "an empty stock forces everyone to stand");
}

#[test]
fn observation_hides_first_two_cards() {
    let g = game(&[]);
    let mut s = position(&g, &EXAMPLE1, 5, "7QM+KCH+1TJ+5GH+9GH");
    let hidden_by_seat = |s: &NaqshState, viewer: usize| -> Vec<usize> {
        let crate::game::Value::Map(obs) = s.observation(viewer).unwrap() else {
            panic!("an observation is a map")
        };
        let (_, crate::game::Value::List(seats)) = obs.iter().find(|(k, _)| k == "cards").unwrap()
        else {
            panic!("cards is a list")
        };
        seats
            .iter()
            .map(|v| match v {
                crate::game::Value::List(c) => {
                    c.iter().filter(|x| **x == crate::game::Value::Null).count()
                }
                _ => 99,
            })
            .collect()
    };
    assert_eq!(hidden_by_seat(&s, 1), [2, 0, 2, 2, 2, 2]);
    play(&mut s, &["draw"]);
    // The drawn card is public; seat 1's first two stay private.
    assert_eq!(hidden_by_seat(&s, 0), [0, 2, 2, 2, 2, 2]);
    play(&mut s, &["stand"]);
    // Seat 2 busted on his turn: shown at once.
    assert_eq!(hidden_by_seat(&s, 0), [0, 2, 0, 2, 2, 2]);
    play(&mut s, &["draw", "stand"]);
    // The banker's turn: his two cards are shown.
    assert_eq!(hidden_by_seat(&s, 0), [0, 2, 0, 2, 2, 0]);
}

#[test]
fn double_dummy_example_1() {
    let g = game(&[]);
    let s = position(&g, &EXAMPLE1, 5, "7QM+KCH+1TJ+5GH+9GH");
    // Seat 1 (9) knows the stock: a 7 makes 16; then he may stand or draw the K (bust).
    let a = s.dd_solve(1, &SolverConfig::small()).unwrap();
    assert_eq!(a.actions.len(), 2);
    assert_eq!(a.value, a.actions.iter().map(|x| x.1).max().unwrap());
    // The banker's value is the coalition's answer: the smallest for seat 1
    // is not his own value, but a banker's worst case is bounded by the stakes.
    let b = s.dd_solve(5, &SolverConfig::small()).unwrap();
    assert_eq!(b.value, b.actions.iter().map(|x| x.1).min().unwrap());
    assert!(b.value.abs() <= 5);
    assert!(s.dd_solve(6, &SolverConfig::small()).is_err());
    assert!(matches!(
        s.dd_solve(
            5,
            &SolverConfig {
                max_nodes: Some(3),
                ..SolverConfig::small()
            }
        ),
        Err(crate::error::Error::SolverLimit(_))
    ));
}

#[test]
fn double_dummy_table_changes_no_answer() {
    // Random positions of random matches: the values with and without the
    // search's table agree, for every seat and every action.
    let mut checked = 0;
    for (players, seed) in (2..=5).flat_map(|n| (0..12u64).map(move |s| (n, s))) {
        let g = game(&[("players", &players.to_string())]);
        let mut s = g.new_game(seed, None).unwrap();
        let mut r = crate::rng::Rng::new(seed + 100);
        for _ in 0..r.below(4) {
            let legal = s.legal_actions();
            if legal.is_empty() {
                break;
            }
            let a = legal[r.below(legal.len() as u64) as usize].clone();
            s.apply(&a).unwrap();
        }
        if s.current().is_none() {
            continue;
        }
        let off = SolverConfig {
            switches: crate::solve::Switches::none(),
            ..SolverConfig::small()
        };
        for p in 0..players {
            let a = s.dd_solve(p, &SolverConfig::small()).unwrap();
            let b = s.dd_solve(p, &off).unwrap();
            assert_eq!(
                (a.value, &a.actions),
                (b.value, &b.actions),
                "seed {} seat {}",
                seed,
                p
            );
            checked += 1;
        }
    }
    assert!(checked > 50, "{} checks", checked);
}

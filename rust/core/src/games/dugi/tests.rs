//! The worked examples of `docs/rules/ganjifa.md` B.12, and the match flow.

use super::*;
use crate::game::GameState;

fn game() -> Dugi {
    Dugi::new(&[]).unwrap()
}

#[test]
fn example6_cashing_hukms_and_naming() {
    // seat 0 GH:KV SF:3; seat 1 GH:5 TJ:T9; seat 2 TJ:4 SF:2 CH:1; seat 3 GH:2 SF:1 CH:T
    let mut s = game()
        .from_deal("KV...3.... 5.T9...... .4..2..1.. 2...1..T..", Some(0), 0)
        .unwrap();
    assert_eq!(s.legal_actions(), vec!["KGH", "VGH", "3SF"]);
    for a in ["KGH", "5GH"] {
        s.apply(a).unwrap();
    }
    assert_eq!(s.current_player(), Some(0), "seat 0 names for void seat 2");
    s.apply("name:TJ").unwrap();
    assert_eq!(s.legal_actions(), vec!["4TJ"]);
    for a in ["4TJ", "2GH", "VGH", "name:TJ"] {
        s.apply(a).unwrap();
    }
    assert_eq!(s.legal_actions(), vec!["TTJ"]);
    for a in [
        "TTJ", "name:CH", "1CH", "name:CH", "TCH", "3SF", "name:TJ", "9TJ", "2SF", "1SF",
    ] {
        s.apply(a).unwrap();
    }
    assert!(s.is_terminal());
    assert!(s.results()[0].challengers_won);
    assert_eq!(s.returns(), vec![1.0, -1.0, 1.0, -1.0]);
}

#[test]
fn example7_asking_and_a_loss() {
    // seat 0 TJ:4 BA:T; seat 1 TJ:8 BA:9; seat 2 GH:3 TJ:K; seat 3 GH:5 TJ:2
    let mut s = game()
        .from_deal(".4.....T. .8.....9. 3.K...... 5.2......", Some(0), 0)
        .unwrap();
    assert!(s.legal_actions().contains(&"ask".to_string()));
    s.apply("ask").unwrap();
    assert_eq!(s.current_player(), Some(2));
    s.apply("name:TJ").unwrap();
    assert_eq!(s.legal_actions(), vec!["4TJ"]);
    for a in ["4TJ", "8TJ", "KTJ", "2TJ"] {
        s.apply(a).unwrap();
    }
    assert_eq!(s.play().leader, 2);
    for a in ["ask", "name:BA"] {
        s.apply(a).unwrap();
    }
    assert_eq!(s.legal_actions(), vec!["3GH"]);
    for a in ["3GH", "5GH", "name:BA", "TBA", "name:BA", "9BA"] {
        s.apply(a).unwrap();
    }
    assert!(s.is_terminal());
    assert!(!s.results()[0].challengers_won);
    assert_eq!(s.returns(), vec![-1.0, 1.0, -1.0, 1.0]);
}

#[test]
fn dd_examples() {
    let s = game()
        .from_deal("KV...3.... 5.T9...... .4..2..1.. 2...1..T..", Some(0), 0)
        .unwrap();
    let (won, first) = s.dd_solve(0, true, true, &SolverConfig::small()).unwrap();
    assert_eq!(won.value, 1);
    assert_eq!(first, None, "a sweep leaves the defenders no trick");
    let s = game()
        .from_deal(".4.....T. .8.....9. 3.K...... 5.2......", Some(0), 0)
        .unwrap();
    // Seat 0 leads 4TJ; seat 2's KTJ wins, then seat 2 holds 3GH against 5GH: lost.
    let (a, first) = s.dd_solve(0, true, true, &SolverConfig::small()).unwrap();
    assert_eq!(a.value, 0);
    assert!(a.actions.iter().all(|(_, x)| *x == 0));
    // The challengers can take the first trick (KTJ), not the second.
    assert_eq!(first, Some(2));
    assert_eq!(
        s.dd_solve(1, false, true, &SolverConfig::small())
            .unwrap()
            .0
            .value,
        1
    );
}

#[test]
fn king_pass_and_random_matches() {
    for (i, opts) in [
        vec![],
        vec![("pack", "dashavatara"), ("lead_suit_by", "cut")],
        vec![("king_pass", "off"), ("period", "night")],
    ]
    .iter()
    .enumerate()
    {
        let o: Vec<(String, String)> = opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let g = Dugi::new(&o).unwrap();
        let mut s = g.new_game(i as u64, None).unwrap();
        let mut r = crate::rng::Rng::new(i as u64);
        let mut n = 0;
        while !s.is_terminal() {
            let legal = s.legal_actions();
            assert!(!legal.is_empty());
            s.apply(&legal[r.below(legal.len() as u64) as usize])
                .unwrap();
            n += 1;
            assert!(n < 10_000);
        }
        assert_eq!(s.results().len(), 4);
        assert_eq!(s.returns().iter().sum::<f64>(), 0.0);
    }
    // The King pass itself.
    let mut s = game().new_game(3, Some(0)).unwrap();
    assert_eq!(s.legal_actions(), vec!["offer", "pass"]);
    let c1 = s.current_player().unwrap();
    s.apply("offer").unwrap();
    assert_eq!(s.current_player(), Some((c1 + 2) % 4));
    let legal = s.legal_actions();
    let accept = legal.iter().find(|a| a.starts_with("accept:")).cloned();
    if let Some(a) = accept {
        s.apply(&a).unwrap();
        assert_eq!(s.play().leader as usize, (c1 + 2) % 4);
        let obs = s.observation(c1).unwrap();
        assert!(format!("{:?}", obs).contains("made"));
    }
}

/// The card given for the King is seen by the two partners alone (B.4).
#[test]
fn the_king_pass_is_seen_by_the_partners_alone() {
    let mut found = 0;
    for seed in 0..40 {
        let mut s = game().new_game(seed, Some(0)).unwrap();
        let c1 = s.current_player().unwrap();
        assert_eq!(s.seen_action("offer", (c1 + 1) % 4), "offer");
        s.apply("offer").unwrap();
        let c2 = (c1 + 2) % 4;
        for a in s.legal_actions() {
            for v in 0..4 {
                let want = if a == "pass" || v == c1 || v == c2 { a.as_str() } else { "accept:?" };
                assert_eq!(s.seen_action(&a, v), want);
            }
            found += a.starts_with("accept:") as usize;
        }
    }
    assert!(found > 0);
}

/// The challengers' sweep by plain AND/OR search (no table, no ordering).
fn sweeps(cfg: &DugiConfig, p: &DugiPlay, goal: u16) -> bool {
    if p.step == DStep::Done {
        return !p.defenders_won;
    }
    if p.tricks >= goal {
        return true;
    }
    let team = p.is_challenger(p.current().unwrap());
    let any = p.legal(cfg).into_iter().any(|a| {
        let mut q = *p;
        q.apply_unchecked(cfg, a);
        sweeps(cfg, &q, goal) == team
    });
    if any {
        team
    } else {
        !team
    }
}

#[test]
fn dd_agrees_with_plain_search_under_every_switch() {
    use crate::solve::{SolverConfig, Switches};
    let g = game();
    let cfg = g.config().clone();
    let mut r = crate::rng::Rng::new(5);
    let mut swept = 0;
    for round in 0..24 {
        let k = if round % 4 == 1 { 3 } else { 2 };
        let mut pool: Vec<crate::card::Card> = cfg.pack.cards().to_vec();
        r.shuffle(&mut pool);
        // Three suits only, so that following, voids and naming all occur.
        let s0 = r.below(6) as u8;
        let suits: Vec<u8> = (s0..s0 + 3).collect();
        pool.retain(|&c| suits.contains(&cfg.pack.suit_of(c)));
        let hands: [crate::card::CardSet; 4] =
            std::array::from_fn(|i| pool[i * k..(i + 1) * k].iter().copied().collect());
        let mut p = DugiPlay::new(&cfg, &hands, cfg.lead_suit, Some(round % 4));
        if round % 3 == 0 {
            // From inside the first trick.
            let a = p.legal(&cfg)[0];
            p.apply_unchecked(&cfg, a);
        }
        let want = sweeps(&cfg, &p, u16::MAX);
        let want_first = (!want).then(|| {
            (1..)
                .find(|&k| !sweeps(&cfg, &p, p.tricks + k))
                .map(|k| p.tricks + k)
                .unwrap()
        });
        swept += usize::from(want);
        // (Without a table, three-card positions take too long for a test.)
        let variants = if k == 2 {
            vec![Switches::default(), Switches::none()]
        } else {
            vec![Switches::default()]
        };
        for sw in variants {
            let settings = SolverConfig {
                switches: sw,
                ..SolverConfig::small()
            };
            let (a, first) = dd::solve_dugi(&cfg, &p, true, true, &settings).unwrap();
            assert_eq!(a.value, want, "round {}", round);
            assert_eq!(first, want_first, "round {}", round);
            for (act, v) in a.actions {
                let mut q = p;
                q.apply_unchecked(&cfg, act);
                assert_eq!(v, sweeps(&cfg, &q, u16::MAX), "round {} {:?}", round, act);
            }
        }
    }
    assert!(swept > 0 && swept < 24, "both answers occur ({})", swept);
}

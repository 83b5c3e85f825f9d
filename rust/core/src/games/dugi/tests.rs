//! The worked examples of `rules/ganjifa.md` B.12, and the match flow.

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
    let won = s.dd_solve(0, true, true, Default::default()).unwrap();
    assert_eq!(won.0, 1);
    assert_eq!(won.3, None, "a sweep leaves the defenders no trick");
    let s = game()
        .from_deal(".4.....T. .8.....9. 3.K...... 5.2......", Some(0), 0)
        .unwrap();
    // Seat 0 leads 4TJ; seat 2's KTJ wins, then seat 2 holds 3GH against 5GH: lost.
    let (v, acts, _, first) = s.dd_solve(0, true, true, Default::default()).unwrap();
    assert_eq!(v, 0);
    assert!(acts.iter().all(|(_, x)| *x == 0));
    // The challengers can take the first trick (KTJ), not the second.
    assert_eq!(first, Some(2));
    assert_eq!(s.dd_solve(1, false, true, Default::default()).unwrap().0, 1);
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

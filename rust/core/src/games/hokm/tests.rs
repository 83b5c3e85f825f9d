//! Rules tests of the Hokm state machine: the worked examples of
//! `docs/rules/hokm.md` §8.2 and §15 that concern `hokm4`, `hokm3` and `hokm2`.

use super::state::{HokmAction, HokmState, Phase, ResultKind};
use super::Hokm;
use crate::card::CardSet;
use crate::game::GameState;

pub(super) fn game(preset: &str, opts: &[(&str, &str)]) -> Hokm {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Hokm::new(preset, &o).unwrap()
}

pub(super) fn play_all(s: &mut HokmState, cards: &[&str]) {
    for c in cards {
        s.apply(c).unwrap_or_else(|e| panic!("{}: {}", c, e));
    }
}

#[test]
fn example_3_clinch() {
    // After 14 tricks P0 = 7, P1 = 4, P2 = 3; P2 wins trick 15 -> 7-4-4, R = 2: P0 clinches.
    let g = game("hokm3", &[]);
    let mut s = g
        .from_deal("432... 765... AKQ...", None, 2, Some(0), Some(&[7, 4, 3]))
        .unwrap();
    assert!(!s.is_terminal(), "7-4-3 with R = 3 is not over");
    play_all(&mut s, &["AS", "4S", "7S"]);
    assert!(s.is_terminal());
    let r = &s.results()[0];
    assert_eq!(
        (r.winner, r.kind, r.points.clone()),
        (Some(0), ResultKind::Ordinary, vec![1, 0, 0])
    );
}

#[test]
fn example_3_tie_for_most_gives_the_third_player_the_hand() {
    let g = game("hokm3", &[]);
    let mut s = g
        .from_deal("432... AKQ... 765...", None, 1, Some(0), Some(&[7, 4, 3]))
        .unwrap();
    play_all(&mut s, &["AS", "7S", "4S"]);
    assert!(!s.is_terminal(), "7-5-3 with R = 2 is not a clinch");
    play_all(&mut s, &["KS", "6S", "3S"]);
    assert!(!s.is_terminal(), "7-6-3 with R = 1 is not a clinch");
    play_all(&mut s, &["QS", "5S", "2S"]);
    let r = &s.results()[0];
    assert_eq!(r.tricks, vec![7, 7, 3]);
    assert_eq!(r.winner, Some(2));
    assert_eq!(s.returns(), vec![0.0, 0.0, 1.0]);
}

#[test]
fn section_8_2_clinch_thresholds() {
    let g = game("hokm3", &[]);
    // 8-3-1 after 12 (R = 5) is not over; 8-2-2 after 12 is over.
    let hands = "AKQJT9... 876543... ..AKQJT9.";
    let mut s = g
        .from_deal(hands, Some("S"), 0, None, Some(&[7, 3, 1]))
        .unwrap();
    play_all(&mut s, &["AS", "8S", "AD"]);
    assert_eq!(s.tricks_won(), &[8, 3, 1]);
    assert!(!s.is_terminal());
    let mut s = g
        .from_deal(hands, Some("S"), 0, None, Some(&[7, 2, 2]))
        .unwrap();
    play_all(&mut s, &["AS", "8S", "AD"]);
    assert!(s.is_terminal());
    assert_eq!(s.results()[0].winner, Some(0));
    // A decided position is refused: 8-2-2 after 12 tricks.
    let e = g.from_deal(
        "AKQJT... 87654... ..AKQJT.",
        Some("S"),
        0,
        None,
        Some(&[8, 2, 2]),
    );
    assert!(e.unwrap_err().to_string().contains("already decided"));
}

#[test]
fn three_player_kot_is_seven_nil_nil() {
    let g = game("hokm3", &[]);
    // 11 cards each, P1 (not the Hakem) has 6 tricks, the others none.
    let hands = "AKQJT98765.4.. 32.AKQJT9876.. .532.KQJT9876.";
    let mut s = g
        .from_deal(hands, Some("H"), 1, Some(0), Some(&[0, 6, 0]))
        .unwrap();
    play_all(&mut s, &["AH", "5H", "4H"]);
    let r = &s.results()[0];
    assert_eq!((r.winner, r.kind), (Some(1), ResultKind::Kot));
    assert_eq!(
        r.points,
        vec![0, 3, 0],
        "a kot by a player who is not the Hakem scores 3"
    );
}

#[test]
fn hokm4_first_to_7_and_kot() {
    let g = game("hokm4", &[]);
    let hands = "AKQJ... .AKQ..2 .JT9..3 .876..4";
    // Side B (seats 1, 3) needs one trick; side A has none: B's 7th trick is a kot.
    let mut s = g
        .from_deal(hands, Some("S"), 1, Some(0), Some(&[0, 6]))
        .unwrap();
    play_all(&mut s, &["AH", "JH", "8H", "AS"]);
    // Seat 0 ruffed: side A wins the trick, no kot possible any more.
    assert_eq!(s.tricks_won(), &[1, 6]);
    assert!(!s.is_terminal());
    let mut s = g.from_deal(hands, None, 1, Some(0), Some(&[0, 6])).unwrap();
    play_all(&mut s, &["AH", "JH", "8H", "AS"]);
    let r = &s.results()[0];
    assert_eq!((r.winner, r.kind), (Some(1), ResultKind::Kot));
    assert_eq!(r.points, vec![0, 3], "Hakem koti");
}

/// A match state poked into the situation of §15 Example 6: score A = 4,
/// B = 5, Hakem seat 1, dealer seat 0, trumps spades, side A holding every
/// winner (seat 0 has all the spades).
fn example_6_state() -> HokmState {
    let g = game("hokm4", &[]);
    let mut s = g.new_game(1);
    let p = &s.cfg.pack;
    s.hands = [
        p.parse_hand("AKQJT98765432...").unwrap(),
        p.parse_hand(".AKQJT98765432..").unwrap(),
        p.parse_hand("..AKQJT98765432.").unwrap(),
        p.parse_hand("...AKQJT98765432").unwrap(),
    ];
    s.scores = [4, 5, 0, 0];
    s.hakem = 1;
    s.dealer = 0;
    s.trump = Some(0);
    s.phase = Phase::Play;
    s.leader = 1;
    s.current = 1;
    s
}

#[test]
fn example_6_hakem_koti_wins_the_match() {
    let mut s = example_6_state();
    play_all(&mut s, &["AH", "AD", "AC", "2S"]);
    for _ in 0..6 {
        let lead = s.legal_actions()[0].clone();
        s.apply(&lead).unwrap();
        for _ in 0..3 {
            let a = s.legal_actions()[0].clone();
            s.apply(&a).unwrap();
        }
    }
    let r = s.results().last().unwrap().clone();
    assert_eq!(
        (r.winner, r.kind, r.points),
        (Some(0), ResultKind::Kot, vec![3, 0])
    );
    assert_eq!(s.scores(), &[7, 5]);
    assert!(s.is_terminal(), "side A reached 7 points");
    assert_eq!(s.returns(), vec![7.0, 5.0, 7.0, 5.0]);
}

#[test]
fn example_6_rotation() {
    // Side A wins an ordinary hand against Hakem 1: old Hakem deals, seat 2 is Hakem.
    let mut s = example_6_state();
    s.scores = [0, 0, 0, 0];
    s.tricks_won = [6, 1, 0, 0];
    s.hands = s.hands.map(|h| {
        let keep: CardSet = h.iter().rev().take(6).collect();
        keep
    });
    play_all(&mut s, &["AH", "AD", "AC", "AS"]);
    let r = s.results()[0].clone();
    assert_eq!(
        (r.winner, r.kind, r.points.clone()),
        (Some(0), ResultKind::Ordinary, vec![1, 0])
    );
    assert_eq!(s.roles(), (2, 1), "Hakem seat 2, dealer seat 1");
    // Variation: the Hakem's side wins 7-3: it scores 1, same Hakem and dealer.
    let mut s = example_6_state();
    s.hands = [s.hands[1], s.hands[0], s.hands[3], s.hands[2]];
    s.tricks_won = [3, 6, 0, 0];
    s.hands = s.hands.map(|h| h.iter().rev().take(4).collect());
    play_all(&mut s, &["AS", "AC", "AD", "AH"]);
    assert_eq!(s.scores(), &[4, 6]);
    assert_eq!(s.roles(), (1, 0));
}

#[test]
fn example_7_netherlands_and_kot_counting() {
    // Side B wins tricks 1-7, seat 3 won the 7th and continues; side A wins trick 10.
    for (scoring, rotation, expect) in [
        ("netherlands", "hokm", vec![0i32, 2]),
        ("kots", "court_piece", vec![0, 0]),
    ] {
        let g = game(
            "hokm4",
            &[
                ("stop_rule", "kot_choice"),
                ("scoring", scoring),
                ("rotation", rotation),
            ],
        );
        // Seven cards each; seat 3 holds the top spades, seat 2 the top diamonds.
        let hands = ".234567.2. .89TJQK.3. .A.AKQJT9. AKQJ32..4.";
        let mut s = g.from_deal(hands, None, 3, Some(1), Some(&[0, 6])).unwrap();
        // Trick 7: seat 3 leads AS, everyone else discards.
        play_all(&mut s, &["AS", "2H", "8H", "AH"]);
        assert_eq!(s.phase(), Phase::KotChoice);
        assert_eq!(s.current(), Some(3));
        s.apply("continue").unwrap();
        play_all(&mut s, &["KS", "3H", "9H", "9D"]);
        play_all(&mut s, &["QS", "4H", "TH", "TD"]);
        // Trick 10: seat 3 leads 4D, all must follow, seat 2's ace wins it for side A.
        play_all(&mut s, &["4D", "2D", "3D", "AD"]);
        assert!(s.is_terminal(), "the continuing side lost a trick");
        let r = &s.results()[0];
        assert_eq!((r.winner, r.kind), (Some(1), ResultKind::FailedBavney));
        assert_eq!(r.points, expect, "{}", scoring);
        if scoring == "kots" {
            assert_eq!(s.streaks[..2], [0, 1], "an ordinary win adds to the streak");
        }
    }
}

#[test]
fn kot_choice_stop_scores_a_kot() {
    let g = game(
        "hokm4",
        &[("stop_rule", "kot_choice"), ("scoring", "netherlands")],
    );
    let hands = ".234567.2. .89TJQK.3. .A.AKQJT9. AKQJ32..4.";
    let mut s = g.from_deal(hands, None, 3, Some(1), Some(&[0, 6])).unwrap();
    play_all(&mut s, &["AS", "2H", "8H", "AH", "stop"]);
    let r = &s.results()[0];
    assert_eq!(
        (r.winner, r.kind, r.points.clone()),
        (Some(1), ResultKind::Kot, vec![0, 5])
    );
}

#[test]
fn information_rule_before_the_trump_call() {
    let g = game("hokm4", &[]);
    let s = g.new_game(5);
    assert_eq!(s.phase(), Phase::TrumpCall);
    let (hakem, _) = s.roles();
    assert_eq!(s.visible_hand(hakem).len(), 5);
    for p in (0..4).filter(|&p| p != hakem) {
        assert!(s.visible_hand(p).is_empty());
    }
    let mut s = s;
    s.apply("trump:H").unwrap();
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.visible_hand((hakem + 1) % 4).len(), 13);
    assert_eq!(s.current(), Some(hakem), "the Hakem leads");
}

#[test]
fn first_hakem_is_the_first_ace_drawn() {
    for seed in 0..20 {
        let s = game("hokm4", &[]).new_game(seed);
        let (seat, card) = *s.ace_draw.last().unwrap();
        assert_eq!(s.cfg.pack.face(card), b'A');
        assert!(s.ace_draw[..s.ace_draw.len() - 1]
            .iter()
            .all(|&(_, c)| s.cfg.pack.face(c) != b'A'));
        assert!(s
            .ace_draw
            .iter()
            .enumerate()
            .all(|(i, &(st, _))| st == i % 4));
        assert_eq!(s.roles(), (seat, (seat + 3) % 4));
    }
}

#[test]
fn two_player_discard_and_drawing() {
    let g = game("hokm2", &[]);
    let mut s = g.new_game(3);
    let (hakem, dealer) = s.roles();
    s.apply("trump:C").unwrap();
    assert_eq!(s.phase(), Phase::Discard);
    assert_eq!(s.legal().len(), 10, "3 of 5 cards: 10 choices");
    let a = s.legal_actions()[4].clone();
    s.apply(&a).unwrap();
    assert_eq!(s.current(), Some(dealer));
    assert!(s
        .legal()
        .iter()
        .all(|a| matches!(a, HokmAction::Discard(c) if c.len() == 2)));
    let a = s.legal_actions()[0].clone();
    s.apply(&a).unwrap();
    let mut turns = [0, 0];
    while s.phase() == Phase::Draw {
        let p = s.current().unwrap();
        turns[p] += 1;
        s.apply(if turns[p] % 2 == 0 { "keep" } else { "reject" })
            .unwrap();
    }
    assert_eq!((turns[hakem], turns[dealer]), (11, 10));
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.hands()[0].len(), 13);
    assert_eq!(s.hands()[1].len(), 13);
    assert_eq!(
        s.two.own_discards[0].len() + s.two.own_discards[1].len(),
        26
    );
    let all = s.hands()[0] | s.hands()[1] | s.two.own_discards[0] | s.two.own_discards[1];
    assert_eq!(all, s.cfg.pack.deck, "cards are conserved");
    assert_eq!(s.current(), Some(hakem));
}

#[test]
fn illegal_actions_change_nothing() {
    let g = game("hokm4", &[]);
    let mut s = g
        .from_deal(
            "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
            Some("S"),
            0,
            None,
            None,
        )
        .unwrap();
    s.apply("4H").unwrap();
    let before = (s.render(), s.history(), s.legal_actions());
    for bad in [
        "AS",
        "AD",
        "trump:S",
        "xx",
        "",
        "discard:AH",
        "keep",
        "AH+KH",
    ] {
        assert!(s.apply(bad).is_err(), "{}", bad);
        assert_eq!((s.render(), s.history(), s.legal_actions()), before);
    }
}

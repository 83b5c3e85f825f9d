//! Tests of the hidden-card sampler of Twenty-eight.

use super::*;
use crate::game::GameState;
use crate::games::twenty_eight::TwentyEight;

const PRESETS: &[(&str, &[(&str, &str)])] = &[
    ("28", &[]),
    ("29", &[]),
    ("28_wb", &[]),
    ("40", &[]),
    ("56", &[]),
    ("28", &[("seventh_card", "on"), ("doubling", "on")]),
    ("29", &[("indicator", "spare"), ("nt_reverse", "on")]),
    (
        "28",
        &[
            ("single_hand", "on"),
            ("single_hand_show", "on"),
            ("half_court", "on"),
        ],
    ),
    (
        "28",
        &[
            ("unrevealed_trump", "forced_last"),
            ("bidder_plays_revealed", "on"),
        ],
    ),
    (
        "29",
        &[("annul_no_points", "on"), ("pair_timing", "relaxed")],
    ),
    ("40", &[("forty_teams", "3x2"), ("pass_is_final", "on")]),
];

fn game(preset: &str, opts: &[(&str, &str)]) -> TwentyEight {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|&(k, v)| (k.to_string(), v.to_string()))
        .collect();
    TwentyEight::new(preset, &o).unwrap()
}

/// Checks every property of one sample of `s` for `p`.
fn check(s: &TwentyEightState, p: usize, seed: u64) {
    let d = s
        .determinize(p, seed)
        .unwrap_or_else(|e| panic!("{e}\n{}", s.render()));
    assert_eq!(
        d.observation(p).unwrap(),
        s.observation(p).unwrap(),
        "{}",
        s.render()
    );
    let n = s.cfg.players;
    let union = |t: &TwentyEightState| {
        let mut u = t.played;
        for h in &t.hands {
            u |= *h;
        }
        if let Some(i) = t.indicator() {
            u.insert(i);
        }
        if matches!(
            t.phase,
            Phase::Bid | Phase::Trump | Phase::Double | Phase::Redouble
        ) {
            // The undealt second half.
            let h = t.cfg.players * t.cfg.half();
            u |= t.deck[h..].iter().copied().collect::<CardSet>();
        }
        u
    };
    assert_eq!(union(&d), union(s));
    for q in 0..n {
        assert_eq!(d.hands[q].len(), s.hands[q].len());
    }
    assert_eq!(d.hands[p], s.hands[p]);
    let seen = s.seen();
    // The revealed indicator is known to be in the bidder's hand.
    let shown = if s.revealed { s.indicator } else { None };
    for q in 0..n {
        let h = d.hands[q] - shown.map_or(CardSet::EMPTY, Card::set);
        assert!(
            (h & seen.excl[q]).is_empty(),
            "void of seat {q} broken\n{}",
            s.render()
        );
    }
    if !s.deck.is_empty() {
        let mut a = d.deck.clone();
        let mut b2 = s.deck.clone();
        a.sort_by_key(|c| c.0);
        b2.sort_by_key(|c| c.0);
        assert_eq!(a, b2, "the deck is a permutation of the pack");
        if !matches!(
            s.phase,
            Phase::Bid | Phase::Trump | Phase::Double | Phase::Redouble
        ) {
            let full = d.full_deal();
            let mut real = d.hands.clone();
            for (q, r) in real.iter_mut().enumerate() {
                for &(_, c) in &seen.plays[q] {
                    r.insert(c);
                }
            }
            if let Some(i) = d.indicator() {
                real[d.bidder].insert(i);
            }
            assert_eq!(full, real, "full_deal matches the hands");
        }
    }
    let again = s.determinize(p, seed).unwrap();
    assert_eq!(again.hands, d.hands);
    assert_eq!(again.indicator, d.indicator);
    // The clone plays on to the end of the match's hand with random actions.
    let mut c = d.clone();
    let mut r = Rng::new(seed ^ 77);
    let hand = c.hand_no;
    while !c.is_terminal() && c.hand_no == hand {
        let a = c.legal_actions();
        assert!(!a.is_empty());
        let x = &a[r.below(a.len() as u64) as usize];
        c.apply(x).unwrap();
    }
}

#[test]
fn samples_agree_with_what_the_player_saw() {
    for (k, &(preset, opts)) in PRESETS.iter().enumerate() {
        let g = game(preset, opts);
        for seed in 0..12u64 {
            let mut s = g.new_game(seed * 31 + k as u64);
            let mut r = Rng::new(seed);
            let mut steps = 0;
            while !s.is_terminal() && steps < 400 {
                if steps % 3 == 0 {
                    let n = s.cfg.players;
                    check(&s, steps % n, seed + steps as u64);
                    check(&s, s.current().unwrap_or(0), seed ^ steps as u64);
                }
                let a = s.legal_actions();
                let x = &a[r.below(a.len() as u64) as usize];
                s.apply(x).unwrap();
                steps += 1;
            }
        }
    }
}

#[test]
fn the_concealed_trump_is_resampled_for_others_only() {
    let g = game("28", &[]);
    let mut s = g.new_game(5);
    let mut r = Rng::new(3);
    while s.phase != Phase::Play {
        let a = s.legal_actions();
        s.apply(&a[r.below(a.len() as u64) as usize]).unwrap();
    }
    let b = s.bidder;
    let mut suits = std::collections::HashSet::new();
    for seed in 0..80 {
        let d = s.determinize((b + 1) % 4, seed).unwrap();
        suits.insert(d.trump);
        assert_eq!(d.trump, d.indicator.map(|c| d.cfg.pack.suit_of(c)));
        let own = s.determinize(b, seed).unwrap();
        assert_eq!(own.indicator, s.indicator);
        assert_eq!(own.history, s.history);
    }
    assert!(suits.len() >= 3, "{suits:?}");
}

#[test]
fn a_void_bidder_may_still_hold_the_indicator_of_that_suit() {
    // Example 5: the bidder (seat 2) has no heart in hand; the indicator is 8H.
    let g = game("28", &[]);
    let mut s = g
        .from_deal(
            "A..7.9 T.J.A. J.8..K Q.9.J.",
            2,
            1,
            crate::games::twenty_eight::TrumpStart::Concealed("8H"),
            Some(19),
        )
        .unwrap();
    for a in ["JH", "KC", "9H", "AS"] {
        s.apply(a).unwrap();
    }
    let pack = &s.cfg.pack;
    let hearts = pack.suit_mask(1);
    let mut heart_indicator = false;
    for seed in 0..200 {
        let d = s.determinize(0, seed).unwrap();
        assert!((d.hands[2] & hearts).is_empty());
        heart_indicator |= d.indicator.is_some_and(|c| hearts.contains(c));
    }
    assert!(heart_indicator);
}

#[test]
fn a_side_not_offered_the_pair_does_not_hold_it() {
    // Trumps open (hearts); side 0 wins trick 1 and nobody is asked for
    // the pair, so neither seat 0 nor seat 2 holds both KH and QH.
    let g = game("28", &[]);
    let mut s = g
        .from_deal(
            "A.K..7 T..87. K.Q..8 Q.7.9.",
            0,
            0,
            crate::games::twenty_eight::TrumpStart::Open("H"),
            None,
        )
        .unwrap();
    for a in ["AS", "TS", "KS", "QS"] {
        s.apply(a).unwrap();
    }
    assert_eq!(s.phase, Phase::Play);
    let pack = &s.cfg.pack;
    let pair = pack.parse_card("KH").unwrap().set() | pack.parse_card("QH").unwrap().set();
    let mut seat3_both = 0;
    for seed in 0..300 {
        let d = s.determinize(1, seed).unwrap();
        assert!(!d.hands[0].contains_all(pair) && !d.hands[2].contains_all(pair));
        seat3_both += d.hands[3].contains_all(pair) as u32;
    }
    assert!(seat3_both > 0, "seat 3 (not a candidate) may hold the pair");
}

#[test]
fn a_bidder_leading_a_suit_in_phase_1_holds_only_it_if_it_is_trumps() {
    // The bidder (seat 0, indicator 8H) leads AS while keeping KD: for the
    // others spades can be trumps only with a bidder holding nothing else.
    let g = game("28", &[]);
    let mut s = g
        .from_deal(
            "A7.8.K. J.9.A7. 9.7.Q.8 T.K.9.7",
            0,
            0,
            crate::games::twenty_eight::TrumpStart::Concealed("8H"),
            None,
        )
        .unwrap();
    for a in ["AS", "JS", "9S", "TS"] {
        s.apply(a).unwrap();
    }
    let spades = s.cfg.pack.suit_mask(0);
    let mut other = 0;
    for seed in 0..300 {
        let d = s.determinize(1, seed).unwrap();
        if d.trump == Some(0) {
            assert!(spades.contains_all(d.hands[0]));
        } else {
            other += 1;
        }
        let mut c = d.clone();
        c.apply(&c.legal_actions()[0]).unwrap();
    }
    assert!(other > 0);
}

#[test]
fn errors_never_panic() {
    let s = game("28", &[]).new_game(1);
    assert!(s.determinize(4, 0).is_err());
}

//! The worked examples of `docs/rules/thunee.md` §15 and §16 and the state
//! machine's rules.

use std::sync::Arc;

use super::config::ThuneeConfig;
use super::state::{Phase, ResultKind, ThuneeState};
use super::Thunee;
use crate::card::Card;
use crate::game::GameState;
use crate::options::testing::pairs as opts;
use crate::params::{Param, Params};
use crate::rng::Rng;
use crate::solve::request::{Goal, SolveRequest};
use crate::surface::Game;

const MAIN_PACK: &str = "AS TH QS KC AC JH 9D AD JD KD TC 9H KH QD QH TS AH QC 9S TD JS KS JC 9C";
const MAIN_DEAL: &str = "T.KQ.Q.J9 AQ.AT..KQ 9.J.9AT.A JK.9.JK.T";

/// A match of `preset` whose first hand is dealt by seat `dealer` from the
/// pack order `pack`.
fn dealt(preset: &str, options: &[(&str, &str)], dealer: usize, pack: &str) -> ThuneeState {
    let cfg = Arc::new(ThuneeConfig::new(preset, &opts(options)).unwrap());
    let deck: Vec<Card> = pack
        .split_whitespace()
        .map(|c| cfg.pack.parse_card(c).unwrap())
        .collect();
    let mut s = ThuneeState::blank(cfg, Rng::new(1), dealer);
    s.deal_deck(deck);
    s
}

fn play(s: &mut ThuneeState, actions: &str) {
    for a in actions.split_whitespace() {
        s.apply(a)
            .unwrap_or_else(|e| panic!("{}: {}\n{}", a, e, s.render()));
    }
}

fn position(
    preset: &str,
    options: &[(&str, &str)],
    deal: &str,
    kw: &[(&str, Param)],
) -> ThuneeState {
    let g = Thunee::new(preset, &opts(options)).unwrap();
    let p = Params::from(kw.iter().map(|(k, v)| (*k, v.clone())).collect::<Vec<_>>());
    Game::from_deal(&g, deal, &p).unwrap()
}

fn solve(s: &ThuneeState, player: usize, goal: Goal) -> (i64, Vec<(String, i64)>) {
    let req = SolveRequest {
        player: Some(player),
        goal,
        ..SolveRequest::new()
    };
    let a = s.solve(&req).unwrap();
    (a.value, a.actions)
}

#[test]
fn the_main_deal() {
    let s = dealt("thunee4", &[], 0, MAIN_PACK);
    let pack = &s.cfg.pack;
    assert_eq!(pack.format_hand(s.hands[1]), "AQ.T..K");
    assert_eq!(pack.format_hand(s.hands[2]), ".J.9A.A");
    assert_eq!(pack.format_hand(s.hands[3]), ".9.JK.T");
    assert_eq!(pack.format_hand(s.hands[0]), "T.KQ.Q.");
    assert_eq!(pack.format_deal(&s.full_deal()), MAIN_DEAL);
    let pts: Vec<u32> = s.full_deal().iter().map(|&h| pack.points(h)).collect();
    assert_eq!(pts, vec![67, 39, 102, 96]);
}

#[test]
fn example_1_bidding_and_trumps() {
    let mut s = dealt("thunee4", &[("weak_redeal", "on")], 0, MAIN_PACK);
    assert_eq!(s.to_act, 2);
    let mut want: Vec<String> = (1..=10).map(|k| format!("bid:{}", 10 * k)).collect();
    want.push("pass".into());
    assert_eq!(s.legal_actions(), want);
    play(&mut s, "bid:10");
    assert_eq!(s.to_act, 3);
    assert_eq!(s.legal_actions().first().unwrap(), "bid:20");
    assert_eq!(s.legal_actions().len(), 10);
    play(&mut s, "pass");
    assert_eq!(s.legal_actions(), vec!["pass"]);
    play(&mut s, "pass bid:20 pass");
    assert_eq!(s.legal_actions(), vec!["pass"]);
    play(&mut s, "pass");
    assert_eq!(s.phase, Phase::Bid);
    play(&mut s, "pass");
    assert_eq!(
        (s.phase, s.trumper, s.bid, s.target()),
        (Phase::Trump, 1, 20, 85)
    );
    // Two spades among his first four: no trump:last; 26 points: no redeal.
    assert_eq!(
        s.legal_actions(),
        vec![
            "indicator:AS",
            "indicator:QS",
            "indicator:TH",
            "indicator:KC"
        ]
    );
    // The trumper sees his indicator as it is, the others a card face down.
    let seen: Vec<String> = (0..4).map(|p| s.seen_action("indicator:QS", p)).collect();
    assert_eq!(seen, ["indicator:?", "indicator:QS", "indicator:?", "indicator:?"]);
    assert_eq!(s.seen_action("trump:last", 0), "trump:last");
    play(&mut s, "indicator:QS");
    assert_eq!(s.trump, Some(0));
    assert_eq!(s.phase, Phase::Call);
    assert_eq!(s.to_act, 1);
    // The trumper sees the face-down card; the others do not know trumps.
    let o1 = s.observation(1).unwrap();
    let o2 = s.observation(2).unwrap();
    assert!(format!("{:?}", o1).contains("\"QS\""));
    assert!(!format!("{:?}", o2).contains("\"QS\""));
}

#[test]
fn bidding_rules() {
    // 104 only over 100, and it ends the bidding at once.
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    play(&mut s, "bid:100");
    assert_eq!(s.legal_actions().first().unwrap(), "bid:104");
    play(&mut s, "bid:104");
    assert_eq!((s.phase, s.trumper, s.bid), (Phase::Trump, 3, 104));
    // Four passes: the default trumper, no bid.
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    play(&mut s, "pass pass pass");
    assert_eq!(s.phase, Phase::Bid);
    assert!(s.legal_actions().iter().all(|a| !a.starts_with("bid")));
    play(&mut s, "pass");
    assert_eq!((s.phase, s.trumper, s.bid), (Phase::Trump, 1, 0));
    // top_bid=any offers 104 at once; none never.
    let s = dealt("thunee4", &[("top_bid", "any")], 0, MAIN_PACK);
    assert!(s.legal_actions().contains(&"bid:104".to_string()));
    let mut s = dealt("thunee4", &[("top_bid", "none")], 0, MAIN_PACK);
    play(&mut s, "bid:100");
    assert_eq!(s.legal_actions(), vec!["pass"]);
    // bid_over_partner: after a bid, anyone but the high bidder.
    let mut s = dealt("thunee4", &[("bid_over_partner", "on")], 0, MAIN_PACK);
    play(&mut s, "bid:10 pass");
    assert!(s.legal_actions().contains(&"bid:20".to_string()));
}

/// Example 4's play after the main deal with nobody bidding and spades.
const EX4: &str = "pass pass pass pass indicator:QS pass pass pass pass \
                   AC TC JC QC jodhi:H KH TH JH 9H";

#[test]
fn example_2_legal_moves() {
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    play(&mut s, EX4);
    let pack = &s.cfg.pack;
    let h: Vec<String> = s.hands.iter().map(|&x| pack.format_hand(x)).collect();
    assert_eq!(h.join(" "), "T.Q.Q.9 AQ.A..K 9..9AT. JK..JK.");
    assert_eq!(s.to_act, 2);
    play(&mut s, "9D");
    assert_eq!(s.legal_actions(), vec!["JD", "KD"]);
    play(&mut s, "JD");
    assert_eq!(s.legal_actions(), vec!["QD"]);
    play(&mut s, "QD");
    assert_eq!(s.legal_actions(), vec!["AS", "QS", "AH", "KC"]);
}

#[test]
fn example_4_a_scored_hand_with_jodhi() {
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    play(
        &mut s,
        "pass pass pass pass indicator:QS pass pass pass pass AC TC JC QC",
    );
    // Team A won trick 1; seat 0 holds KH QH, seat 2 nothing: only seat 0 is asked.
    assert_eq!((s.phase, s.to_act), (Phase::Jodhi, 0));
    assert_eq!(s.legal_actions(), vec!["jodhi:H", "pass"]);
    play(&mut s, "jodhi:H");
    assert_eq!(s.jodhis[0].value, 20);
    assert_eq!(s.phase, Phase::Play);
    play(&mut s, "KH TH JH 9H 9D JD QD AH JS TS AS 9S KD 9C QS AD");
    // Before trick 6: the Double / Khanuck window from seat 1.
    assert_eq!((s.phase, s.to_act), (Phase::Double, 1));
    assert_eq!(s.legal_actions(), vec!["double", "pass"]);
    play(&mut s, "pass");
    assert_eq!(s.legal_actions(), vec!["double", "khanuck", "pass"]);
    play(&mut s, "pass pass pass KC TD KS QH");
    let r = s.results.last().unwrap();
    assert_eq!(r.points, [116, 188]);
    assert_eq!(r.totals, [106, 198]);
    assert_eq!(r.target, 85);
    assert_eq!((r.kind, r.balls), (ResultKind::Counted, [1, 0]));
    assert_eq!(s.balls, [1, 0]);
    // Team A scored, level or ahead: the deal passes to seat 1.
    assert_eq!(s.dealer, 1);
    // With the bidding of Example 1: two balls.
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    play(
        &mut s,
        "bid:10 pass pass bid:20 pass pass pass indicator:QS pass pass pass pass \
         AC TC JC QC jodhi:H KH TH JH 9H 9D JD QD AH JS TS AS 9S KD 9C QS AD \
         pass pass pass pass KC TD KS QH",
    );
    let r = s.results.last().unwrap();
    assert_eq!((r.target, r.balls), (65, [2, 0]));
}

#[test]
fn example_5_double() {
    let start = "pass pass pass pass indicator:QS pass pass pass pass \
                 TD JD QD KC JS TS AS 9S KS 9C QS AC TC JC QC JH KH AH 9D 9H";
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    play(&mut s, start);
    assert_eq!(s.points, [72, 45 + 71 + 36 + 54]);
    assert_eq!((s.phase, s.to_act), (Phase::Double, 3));
    play(&mut s, "pass pass pass double KD QH TH AD");
    let r = s.results.last().unwrap();
    assert_eq!(
        (r.kind, r.balls, r.points[0]),
        (ResultKind::DoubleWon, [2, 0], 98)
    );
    // Seat 0 calls instead: he does not win trick 6.
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    play(&mut s, start);
    play(&mut s, "pass double KD QH TH AD");
    assert_eq!(
        s.results.last().map(|r| (r.kind, r.balls)),
        Some((ResultKind::DoubleLost, [0, 4]))
    );
    let mut s = dealt("thunee4", &[("last_trick_claim", "team")], 0, MAIN_PACK);
    play(&mut s, start);
    play(&mut s, "pass double KD QH TH AD");
    assert_eq!(s.results.last().unwrap().balls, [2, 0]);
    // Without a call A scores 1.
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    play(&mut s, start);
    play(&mut s, "pass pass pass pass KD QH TH AD");
    assert_eq!(s.results.last().unwrap().balls, [1, 0]);
}

const EX6: &str = "T.TK.9A.Q J9KQ.Q.J. .A.TKQ.TK A.J9..J9A";

#[test]
fn example_6_khanuck() {
    let kw = [
        ("trumper", Param::Int(1)),
        ("trump", Param::Text("S".into())),
    ];
    let mut s = position("thunee4", &[], EX6, &kw);
    assert_eq!(s.to_act, 2);
    play(&mut s, "KC JC QC JD");
    assert_eq!((s.phase, s.to_act), (Phase::Jodhi, 1));
    assert_eq!(s.legal_actions(), vec!["jodhi:S", "pass"]);
    play(&mut s, "jodhi:S");
    assert_eq!(s.jodhis[0].value, 50);
    play(&mut s, "AC TS QH TC AD 9S QD 9C KS KD AS 9D JH TH QS AH");
    assert_eq!((s.phase, s.to_act), (Phase::Double, 1));
    let before = s.clone();
    play(&mut s, "khanuck JS TD 9H KH");
    let r = s.results.last().unwrap();
    assert_eq!(r.points[0], 33);
    assert_eq!((r.kind, r.balls), (ResultKind::KhanuckWon, [0, 3]));
    assert_eq!(s.returns(), vec![0.0, 3.0, 0.0, 3.0]);
    let mut s = before.clone();
    play(&mut s, "pass pass pass pass JS TD 9H KH");
    let r = s.results.last().unwrap();
    assert_eq!((r.totals[0], r.target, r.balls), (23, 155, [0, 1]));
}

#[test]
fn example_7_dealer_rotation() {
    // Balls A 3, B 5; seat 0 (A) deals; A wins the hand.
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    let win_a = |s: &mut ThuneeState| {
        s.trumper = 1;
        s.points = [200, 104];
        s.trick_winners = vec![0; 6];
        s.tricks_played = 6;
        s.finish(ResultKind::Counted);
    };
    s.balls = [3, 5];
    win_a(&mut s);
    assert_eq!((s.balls, s.dealer), ([4, 5], 0));
    win_a(&mut s);
    assert_eq!((s.balls, s.dealer), ([5, 5], 1));
    assert_eq!(s.t0(), 2);
    // Had B won the first hand (3-6), seat 0 would deal again.
    let mut s = dealt("thunee4", &[], 0, MAIN_PACK);
    s.balls = [3, 5];
    s.trumper = 0;
    s.points = [104, 200];
    s.trick_winners = vec![1; 6];
    s.tricks_played = 6;
    s.finish(ResultKind::Counted);
    assert_eq!((s.balls, s.dealer), ([3, 6], 0));
    // every_hand: always the next dealer.
    let mut s = dealt(
        "thunee4",
        &[("dealer_rotation", "every_hand")],
        0,
        MAIN_PACK,
    );
    s.balls = [3, 5];
    s.trumper = 0;
    s.points = [200, 104];
    s.trick_winners = vec![0; 6];
    s.tricks_played = 6;
    s.finish(ResultKind::Held);
    assert_eq!(s.dealer, 1);
}

const EX8: &str = ".9AT.9AT. K.KQ.KQ.J J9AT.J.J. Q...9ATKQ";

/// A pack order dealing `deal` (six-card hands, dealer 0): each hand's first
/// four cards in the first batch.
fn pack_of(deal: &str) -> String {
    let cfg = ThuneeConfig::new("thunee4", &[]).unwrap();
    let hands = cfg.pack.parse_deal(deal, 4).unwrap();
    let cards: Vec<Vec<String>> = hands.iter().map(|&h| cfg.pack.card_list(h)).collect();
    let order = [1, 2, 3, 0];
    let mut out = Vec::new();
    for &s in &order {
        out.extend(cards[s][..4].iter().cloned());
    }
    for &s in &order {
        out.extend(cards[s][4..].iter().cloned());
    }
    out.join(" ")
}

#[test]
fn example_8_thunee_success() {
    let mut s = dealt("thunee4", &[], 0, &pack_of(EX8));
    play(&mut s, "pass pass pass pass");
    let t = s.legal_actions()[0].clone();
    play(&mut s, &t);
    assert_eq!(s.phase, Phase::Call);
    play(&mut s, "pass");
    assert_eq!(s.legal_actions(), vec!["thunee", "royals", "pass"]);
    play(&mut s, "thunee");
    assert_eq!((s.phase, s.to_act, s.trump), (Phase::Play, 2, None));
    play(&mut s, "JS");
    assert_eq!(s.trump, Some(0));
    assert_eq!(s.legal_actions(), vec!["QS"]);
    play(&mut s, "QS");
    let x = s.legal_actions()[0].clone();
    play(&mut s, &x);
    assert_eq!(s.legal_actions(), vec!["KS"]);
    play(&mut s, "KS");
    // Seat 2 wins everything whatever is played.
    let mut r = Rng::new(3);
    while s.results.is_empty() {
        let l = s.legal_actions();
        let a = l[r.below(l.len() as u64) as usize].clone();
        play(&mut s, &a);
    }
    let res = &s.results[0];
    assert_eq!((res.kind, res.balls), (ResultKind::SweepWon, [4, 0]));
    // The sweep's double-dummy value (§16): +4; leading JH or JD: -8.
    let pos = position("thunee4", &[], EX8, &[("thunee", Param::Int(2))]);
    let (v, acts) = solve(&pos, 2, Goal::Value);
    assert_eq!(v, 4);
    let of = |a: &str| acts.iter().find(|(x, _)| x == a).unwrap().1;
    assert_eq!((of("JS"), of("JH"), of("JD")), (4, -8, -8));
    // For the opponents the same in their balls.
    assert_eq!(solve(&pos, 1, Goal::Value).0, -4);
}

#[test]
fn example_9_failure_and_partner_catch() {
    let deal = ".J..9ATKQ K.9T.J9.J J9AT.A.K. Q.KQ.ATQ.";
    let pos = position("thunee4", &[], deal, &[("thunee", Param::Int(2))]);
    let (v, acts) = solve(&pos, 2, Goal::Value);
    assert_eq!(v, -4);
    assert_eq!(acts.iter().find(|(a, _)| a == "AH").unwrap().1, -8);
    let mut s = pos.clone();
    play(&mut s, "JS QS QC KS 9S QD KC 9D AS TD 9C JC TS QH TC TH");
    let h: Vec<String> = s.hands_compact();
    assert_eq!(h.join(" "), ".J..A .9.J. .A.K. .K.A.");
    let mut a = s.clone();
    play(&mut a, "KD AD AC JD");
    assert_eq!(
        a.results.last().map(|r| (r.kind, r.balls)),
        Some((ResultKind::SweepLost, [0, 4]))
    );
    let mut b = s.clone();
    play(&mut b, "AH KH JH 9H");
    assert_eq!(
        b.results.last().map(|r| (r.kind, r.balls)),
        Some((ResultKind::PartnerCatch, [0, 8]))
    );
}

#[test]
fn example_10_royals() {
    let pos = position("thunee4", &[], EX8, &[("royals", Param::Int(2))]);
    let (v, acts) = solve(&pos, 2, Goal::Value);
    assert_eq!(v, -4);
    assert!(acts.iter().all(|(_, x)| *x == -4), "{:?}", acts);
}

#[test]
fn example_11_redeals() {
    // (a) After the deal no opponent of the trumper holds a spade.
    let deal = ".KQ.Q.J9T J9AT.AT.. .J.9AT.AK KQ.9.JK.Q";
    let mut s = dealt("thunee4", &[], 0, &pack_of(deal));
    play(
        &mut s,
        "pass pass pass pass indicator:JS pass pass pass pass",
    );
    assert_eq!(s.results[0].kind, ResultKind::NoTrump);
    assert_eq!((s.balls, s.dealer, s.hand_no), ([0, 0], 0, 2));
    // (b) A Thunee caller leads a suit no opponent holds.
    let deal = "9A..9ATK. TK.9A..AT J.J.JQ.J9 Q.TKQ..KQ";
    let mut s = dealt("thunee4", &[], 0, &pack_of(deal));
    play(&mut s, "pass pass pass pass indicator:TS pass thunee");
    let mut x = s.clone();
    play(&mut x, "JD");
    assert_eq!(x.results[0].kind, ResultKind::NoTrump);
    assert_eq!((x.balls, x.dealer, x.phase), ([0, 0], 0, Phase::Bid));
    play(&mut s, "JS");
    assert!(s.results.is_empty());
    let pos = position("thunee4", &[], deal, &[("thunee", Param::Int(2))]);
    let (_, acts) = solve(&pos, 2, Goal::Value);
    assert_eq!(acts.iter().find(|(a, _)| a == "JD").unwrap().1, 0);
    // (c) A weak first batch: QS KS QD QC (9 points) may redeal.
    let pack = "QS KS QD QC 9S JS 9H AD AS TS AH JD KH QH TH KD JH 9D TD TC JC AC 9C KC";
    let mut s = dealt("thunee4", &[("weak_redeal", "on")], 0, pack);
    play(&mut s, "pass pass pass pass");
    assert_eq!(s.legal_actions().last().unwrap(), "redeal");
    play(&mut s, "redeal");
    assert_eq!(s.results[0].kind, ResultKind::Redeal);
    assert_eq!((s.dealer, s.phase, s.balls), (0, Phase::Bid, [0, 0]));
    let mut s2 = dealt("thunee4", &[], 0, pack);
    play(&mut s2, "pass pass pass pass");
    assert!(!s2.legal_actions().contains(&"redeal".to_string()));
}

#[test]
fn last_card_trump() {
    // Seat 1's first four of four suits: trump:last; his sixth card fixes trumps.
    let pack = "AS TH QD KC AC JH 9D AD JD KD TC 9H KH QS QH TS AH QC 9S TD JS KS JC 9C";
    let mut s = dealt("thunee4", &[], 0, pack);
    play(&mut s, "pass pass pass pass");
    assert!(s.legal_actions().contains(&"trump:last".to_string()));
    play(&mut s, "trump:last");
    // Seat 1's second batch is AH QC: QC lies face down, clubs are trumps.
    assert_eq!(s.trump, Some(3));
    assert_eq!(
        s.indicator.map(|c| s.cfg.pack.format_card(c)),
        Some("QC".into())
    );
    assert_eq!(s.hands[1].len(), 5);
    // Nobody sees it, the trumper included.
    for p in 0..4 {
        let o = format!("{:?}", s.observation(p).unwrap());
        assert!(!o.contains("\"QC\""), "{}", p);
    }
    play(&mut s, "pass pass pass pass");
    let lead = s.legal_actions()[0].clone();
    play(&mut s, &lead);
    // Turned up after the first lead: in his hand, trumps known to all.
    assert!(s.hands[1].len() == 6 && s.indicator.is_none());
    let o = format!("{:?}", s.observation(3).unwrap());
    assert!(o.contains("(\"trump\", Str(\"C\"))"), "{}", o);
}

#[test]
fn section_16_expected_values() {
    let kw = [
        ("trumper", Param::Int(1)),
        ("trump", Param::Text("S".into())),
    ];
    for (opt, want) in [("transfer", 106), ("bonus", 116), ("off", 116)] {
        let s = position("thunee4", &[("last_trick", opt)], MAIN_DEAL, &kw);
        assert_eq!(solve(&s, 0, Goal::Value).0, want, "{}", opt);
    }
    let s = position("thunee4", &[("dd_jodhi", "auto")], MAIN_DEAL, &kw);
    assert_eq!(solve(&s, 0, Goal::Value).0, 126);
    let s = position("thunee4", &[("dd_mode", "target")], MAIN_DEAL, &kw);
    assert_eq!(solve(&s, 0, Goal::Value).0, 1);
    assert_eq!(solve(&s, 1, Goal::Value).0, 0);
    let s = position("thunee4", &[], MAIN_DEAL, &kw);
    assert_eq!(solve(&s, 0, Goal::Target(106)).0, 1);
    assert_eq!(solve(&s, 0, Goal::Target(107)).0, 0);
    // Points of the two teams add up to 304 (transfer).
    assert_eq!(solve(&s, 1, Goal::Value).0, 304 - 106);
}

#[test]
fn black_jack_first_dealer_and_presets_play_out() {
    for preset in [
        "thunee4",
        "thunee4_plain",
        "thunee4_app",
        "thunee2",
        "thunee6",
    ] {
        for seed in 0..20 {
            let g = Thunee::new(
                preset,
                &opts(&[("first_dealer", "black_jack"), ("blind_calls", "on")]),
            )
            .unwrap();
            let mut s = g.new_game(seed);
            let mut r = Rng::new(seed);
            let mut steps = 0;
            while !s.is_terminal() {
                let l = s.legal_actions();
                assert!(!l.is_empty());
                let a = l[r.below(l.len() as u64) as usize].clone();
                s.apply(&a).unwrap();
                steps += 1;
                assert!(steps < 20_000, "{} does not end", preset);
            }
            let w = s.winner.unwrap();
            assert!(s.balls[w] >= s.match_target);
            let total: i32 = s.results.iter().map(|r| r.balls[0] + r.balls[1]).sum();
            assert_eq!(total, s.balls[0] + s.balls[1]);
        }
    }
}

#[test]
fn two_player_rounds_and_six_player_deal() {
    let g = Thunee::new("thunee2", &[]).unwrap();
    let mut s = g.new_game(4);
    assert_eq!(
        s.hands.iter().map(|h| h.len()).collect::<Vec<_>>(),
        vec![4, 4]
    );
    assert_eq!(s.round2.iter().map(|h| h.len()).sum::<u32>(), 12);
    let mut r = Rng::new(9);
    while s.phase == Phase::Bid || s.phase == Phase::Trump || s.phase == Phase::Call {
        let l = s.legal_actions();
        let a = if l.contains(&"pass".to_string()) && s.phase == Phase::Call {
            "pass".to_string()
        } else {
            l[r.below(l.len() as u64) as usize].clone()
        };
        s.apply(&a).unwrap();
    }
    if s.special.is_none() && s.hand_no == 1 {
        assert_eq!(
            s.hands.iter().map(|h| h.len()).sum::<u32>() + 1,
            12 - s.indicator.map_or(1, |_| 0)
        );
        while s.tricks_played < 6 && s.results.is_empty() {
            let l = s.legal_actions();
            let a = l[r.below(l.len() as u64) as usize].clone();
            s.apply(&a).unwrap();
        }
        if s.results.is_empty() {
            assert!(s.round2.is_empty());
            assert_eq!(s.hands.iter().map(|h| h.len()).sum::<u32>(), 12);
        }
    }
    let g = Thunee::new("thunee6", &[]).unwrap();
    let s = g.new_game(2);
    assert!(s.hands.iter().all(|h| h.len() == 2));
}

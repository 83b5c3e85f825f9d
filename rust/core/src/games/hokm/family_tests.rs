//! Rules tests of the Court Piece / Rang family presets: whole matches,
//! rotation, heap collection, Dehla Pakad, Satat and Trup kasiet, the
//! first-void and hidden-call trumps, thaap and Dummy Rang
//! (`docs/rules/hokm.md` §5.4–§5.6, §7.6, §9, §10, §13, §15).

use super::state::{HokmAction, HokmState, Phase, ResultKind};
use super::tests::{game, play_all};
use crate::card::CardSet;
use crate::game::GameState;

#[test]
fn court_piece_and_single_sar_play_whole_matches() {
    use crate::rng::Rng;
    for preset in ["court_piece", "single_sar"] {
        let g = game(preset, &[]);
        for seed in 0..5 {
            let mut s = g.new_game(seed);
            let mut r = Rng::new(seed);
            let mut steps = 0;
            while !s.is_terminal() {
                let legal = s.legal();
                let a = legal[r.below(legal.len() as u64) as usize];
                s.apply_action(a).unwrap();
                steps += 1;
                assert!(steps < 200_000, "{} does not end", preset);
            }
            assert!(s.scores().iter().any(|&k| k >= 5), "first side to 5 kots");
            for res in s.results() {
                if preset == "single_sar" {
                    assert_eq!(
                        res.tricks.iter().map(|&t| t as u32).sum::<u32>(),
                        13,
                        "all 13 played"
                    );
                }
                if res.kind == ResultKind::Bavney {
                    assert_eq!(res.points.iter().sum::<i32>(), 52);
                }
            }
            let total: Vec<i32> = (0..2)
                .map(|i| s.results().iter().map(|r| r.points[i]).sum())
                .collect();
            assert_eq!(total, s.scores(), "hand results add up to the match score");
        }
    }
}

#[test]
fn court_piece_rotation() {
    // §10 court_piece: trump-caller's side lost -> dealer := next(dealer).
    let g = game("court_piece", &[]);
    let mut s = g.new_game(2);
    let (hakem, dealer) = s.roles();
    assert_eq!(hakem, (dealer + 1) % 4);
    s.apply("trump:S").unwrap();
    let mut r = crate::rng::Rng::new(1);
    while s.results().is_empty() {
        let legal = s.legal();
        let a = legal[r.below(legal.len() as u64) as usize];
        s.apply_action(a).unwrap();
    }
    let res = s.results()[0].clone();
    let caller_won = res.winner == Some(hakem % 2);
    let expect_dealer = if !caller_won {
        (dealer + 1) % 4
    } else if matches!(res.kind, ResultKind::Kot | ResultKind::Bavney) {
        (dealer + 2) % 4
    } else {
        dealer
    };
    assert_eq!(s.roles(), ((expect_dealer + 1) % 4, expect_dealer));
}

#[test]
fn partnership_by_draw_seats_the_second_ace_opposite_the_hakem() {
    let g = game("hokm4", &[("partnership_by_draw", "on")]);
    let mut moved = 0;
    for seed in 0..40 {
        let s = g.new_game(seed);
        let (hakem, _) = s.roles();
        let aces: Vec<usize> = s
            .ace_draw
            .iter()
            .filter(|&&(_, c)| s.cfg.pack.face(c) == b'A')
            .map(|&(seat, _)| seat)
            .collect();
        assert_eq!(aces.len(), 2);
        assert_eq!(aces[0], hakem);
        assert_ne!(aces[1], hakem, "the Hakem is skipped");
        // The player who drew the second ace now sits opposite the Hakem.
        assert_eq!(s.seating[(hakem + 2) % 4], aces[1]);
        if aces[1] != (hakem + 2) % 4 {
            moved += 1;
        }
        let mut sorted = s.seating;
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 1, 2, 3]);
    }
    assert!(moved > 0);
    assert_eq!(game("hokm4", &[]).new_game(1).seating, [0, 1, 2, 3]);
}

#[test]
fn heap_presets_play_whole_matches() {
    use crate::rng::Rng;
    for preset in ["double_sar", "dehla_pakad"] {
        let g = game(preset, &[]);
        for seed in 0..4 {
            let mut s = g.new_game(seed);
            let mut r = Rng::new(seed + 100);
            let mut steps = 0;
            while !s.is_terminal() {
                let legal = s.legal();
                s.apply_action(legal[r.below(legal.len() as u64) as usize])
                    .unwrap();
                steps += 1;
                assert!(steps < 400_000, "{} does not end", preset);
            }
            for res in s.results() {
                assert_eq!(
                    res.tricks.iter().map(|&t| t as u32).sum::<u32>(),
                    13,
                    "every trick is collected"
                );
                assert_eq!(res.tens.iter().map(|&t| t as u32).sum::<u32>(), 4);
                let w = res.winner.unwrap();
                if preset == "dehla_pakad" {
                    assert!(res.tens[w] >= 3 || (res.tens[w] == 2 && res.tricks[w] >= 7));
                } else {
                    assert!(res.tricks[w] >= 7);
                }
            }
            let total: Vec<i32> = (0..2)
                .map(|i| s.results().iter().map(|r| r.points[i]).sum())
                .collect();
            assert_eq!(total, s.scores());
            assert!(s.scores().iter().any(|&k| k >= 5));
        }
    }
}

#[test]
fn heap_positions_collect_on_a_second_win() {
    let g = game("double_sar", &[]);
    // Three cards each: ten tricks played, side A collected 4, side B 3, three
    // in the heap; seat 1 won the last trick.
    let hands = "AKQ... JT9... 876... 543...";
    let mut s = g
        .from_deal(hands, Some("H"), 1, Some(1), Some(&[4, 3]))
        .unwrap();
    s.set_heap(3, Some(1), false, [1, 1], 1).unwrap();
    // Seat 1 leads JS, seat 0 (to play last) takes it with the ace: no pair.
    play_all(&mut s, &["JS", "8S", "5S", "AS"]);
    assert_eq!((s.heap.tricks, s.heap.collected), (4, [4, 3]));
    // Seat 0 wins again: he collects the heap (trick 12 >= 3).
    play_all(&mut s, &["KS", "TS", "7S", "4S"]);
    assert_eq!((s.heap.tricks, s.heap.collected), (0, [9, 3]));
    play_all(&mut s, &["QS", "9S", "6S", "3S"]);
    let r = &s.results()[0];
    assert_eq!(r.tricks, vec![10, 3]);
    assert_eq!((r.winner, r.kind), (Some(0), ResultKind::Ordinary));
    // Inconsistent heaps are refused.
    let mut s = g
        .from_deal(hands, Some("H"), 1, None, Some(&[4, 3]))
        .unwrap();
    assert!(s.set_heap(2, None, false, [1, 1], 0).is_err());
    assert!(s.set_heap(3, None, false, [3, 1], 1).is_err());
}

#[test]
fn dehla_four_tens_cancel_an_opposing_kot() {
    let g = game("dehla_pakad", &[]);
    // One card each, all four tens in the heap; dealer seat 3 (Hakem 0), side B
    // (seats 1, 3) is the dealer's side.
    let mut s = g
        .from_deal("2... A... 3... 4...", None, 0, Some(0), Some(&[6, 6]))
        .unwrap();
    s.set_heap(0, None, false, [0, 4], 0).unwrap();
    s.scores = [2, 0, 0, 0];
    s.single_hand = true;
    play_all(&mut s, &["2S", "AS", "3S", "4S"]);
    let r = &s.results()[0];
    assert_eq!((r.winner, r.kind), (Some(1), ResultKind::FourTens));
    assert_eq!(
        r.points,
        vec![-1, 0],
        "one of the opponents' kots is removed"
    );
}

fn random_step(s: &mut HokmState, r: &mut crate::rng::Rng) -> HokmAction {
    let legal = s.legal();
    let a = legal[r.below(legal.len() as u64) as usize];
    s.apply_action(a).unwrap();
    a
}

#[test]
fn satat_and_trup_kasiet_play_whole_matches() {
    for preset in ["satat", "trup_kasiet"] {
        for signals in ["off", "on"] {
            let g = game(preset, &[("satat_signals", signals)]);
            for seed in 0..3 {
                let mut s = g.new_game(seed);
                let mut r = crate::rng::Rng::new(seed + 7);
                let mut steps = 0;
                while !s.is_terminal() {
                    if s.phase() == Phase::Play {
                        // Every card is somewhere: in a hand, played, or the indicator.
                        let mut all = s.played;
                        for h in s.hands() {
                            assert!((all & *h).is_empty());
                            all |= *h;
                        }
                        for &c in s.trick() {
                            all.insert(c);
                        }
                        if s.hidden.trump_hidden {
                            all.insert(s.hidden.indicator.unwrap());
                        }
                        assert_eq!(all, s.cfg.pack.deck, "{} seed {}", preset, seed);
                    }
                    random_step(&mut s, &mut r);
                    steps += 1;
                    assert!(steps < 300_000);
                }
                assert!(s.scores().iter().any(|&k| k >= 5));
            }
        }
    }
}

#[test]
fn satat_passing_after_a_kot() {
    let g = game("satat", &[]);
    let mut found = 0;
    for seed in 0..60 {
        let mut s = g.new_game(seed);
        let mut r = crate::rng::Rng::new(seed);
        while !s.is_terminal() && s.phase() != Phase::Give {
            random_step(&mut s, &mut r);
        }
        if s.phase() != Phase::Give {
            continue;
        }
        found += 1;
        let k = s.satat.pass_k as u32;
        let trump = s.trump.unwrap();
        let before: Vec<CardSet> = s.hands().to_vec();
        let mut given = [CardSet::EMPTY; 4];
        for _ in 0..4 {
            let p = s.current().unwrap();
            let loser = p % 2 == s.satat.pass_losers;
            let plain_trumps = s.hands[p]
                & (s.cfg.pack.suit_mask(trump) - super::satat::two_hearts(&s.cfg.pack).set());
            for a in s.legal() {
                let HokmAction::Give(cs) = a else {
                    panic!("{:?}", a)
                };
                assert_eq!(cs.len(), k);
                if loser && plain_trumps.len() >= k {
                    let trumps = super::satat::effective_suit(&s.cfg.pack, trump, Some(trump));
                    assert!(trumps.contains_all(cs), "a loser gives trumps");
                }
            }
            let a = random_step(&mut s, &mut r);
            let HokmAction::Give(cs) = a else {
                unreachable!()
            };
            given[p] = cs;
            if p != (s.hakem + 3) % 4 {
                assert_eq!(
                    s.hands()[p],
                    before[p],
                    "cards change hands only at the end"
                );
            }
        }
        assert_eq!(s.phase(), Phase::Play);
        for p in 0..4 {
            let from = if p % 2 == s.satat.pass_losers {
                (p + 3) % 4
            } else {
                (p + 1) % 4
            };
            assert_eq!(s.hands()[p], (before[p] - given[p]) | given[from]);
            assert_eq!(s.hands()[p].len(), 13);
        }
    }
    assert!(found > 0, "some kot happened in 60 matches");
}

#[test]
fn trup_kasiet_hides_the_trump_until_a_void_player_trumps() {
    let g = game("trup_kasiet", &[]);
    let mut revealed = 0;
    for seed in 0..20 {
        let mut s = g.new_game(seed);
        let mut r = crate::rng::Rng::new(seed);
        let hakem = s.roles().0;
        let a = s.legal()[0];
        assert!(matches!(a, HokmAction::Indicator(_)));
        s.apply_action(a).unwrap();
        while s.phase() == Phase::Give || s.phase() == Phase::RedealAll13 {
            random_step(&mut s, &mut r);
        }
        if s.phase() != Phase::Play {
            continue;
        }
        assert_eq!(
            s.hands()[hakem].len(),
            12,
            "the indicator is out of the Hakem's hand"
        );
        let obs = s.observe((hakem + 1) % 4).unwrap();
        let crate::game::Value::Map(m) = obs else {
            unreachable!()
        };
        assert!(m
            .iter()
            .any(|(k, v)| k == "trump" && *v == crate::game::Value::Null));
        while s.hidden.trump_hidden && s.results().is_empty() {
            random_step(&mut s, &mut r);
        }
        if s.results().is_empty() {
            revealed += 1;
            // The indicator went back to the Hakem's hand (or was just played).
            let i = s.hidden.indicator.unwrap();
            assert!(s.hands()[hakem].contains(i) || s.played.contains(i) || s.trick().contains(&i));
        }
    }
    assert!(revealed > 0);
}

#[test]
fn example_5_dehla_first_void_5() {
    // §15 Example 5: five cards each; seat 1 leads 9C, seat 2 plays 3C, seat 3
    // has no club and plays 4H: hearts are trumps at trick 1 and 4H wins.
    let g = game(
        "dehla_pakad",
        &[("trump_mode", "first_void_5"), ("first_collect_min", "2")],
    );
    let mut s = g.new_game(1);
    let p = s.cfg.pack.clone();
    s.hands = [
        p.parse_hand("AK.2.2.K").unwrap(),
        p.parse_hand("Q.AK.3.9").unwrap(),
        p.parse_hand("J.Q.AK.3").unwrap(),
        p.parse_hand("T9.4.QJ.").unwrap(),
    ];
    let used = s.hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    // Give everyone eight cards still to come, from the cards not in the hands.
    let mut pool: Vec<crate::card::Card> = (p.deck - used).iter().collect();
    for i in 0..4 {
        s.undealt[i] = pool.drain(..8).collect();
    }
    s.dealer = 0;
    s.hakem = 1;
    s.leader = 1;
    s.current = 1;
    s.trump = None;
    s.trump_fixed_at = None;
    assert_eq!(s.phase(), Phase::Play);
    play_all(&mut s, &["9C", "3C", "4H", "KC"]);
    assert_eq!(s.trump(), Some(1), "hearts are trumps");
    assert_eq!(s.leader(), 3, "4H wins the trick");
    assert_eq!(s.heap.collected, [0, 0], "no collection after trick 1");
    assert_eq!(s.hands()[0].len(), 12, "everyone now holds 12 cards");
    assert!(s.hands().iter().all(|h| h.len() == 12));
    assert_eq!(s.trump_fixed_at, Some(1));
}

#[test]
fn be_ranga_fixes_trumps_on_the_first_void_and_plays_matches() {
    let g = game("be_ranga", &[]);
    let mut r = crate::rng::Rng::new(3);
    for seed in 0..3 {
        let mut s = g.new_game(seed);
        assert_eq!(s.phase(), Phase::Play, "nobody calls trumps");
        assert_eq!(s.trump(), None);
        while !s.is_terminal() {
            let before = s.trump();
            let hand_no = s.hand_no;
            random_step(&mut s, &mut r);
            if before.is_none() && s.trump().is_some() && s.hand_no == hand_no {
                assert!(s.trump_fixed_at.is_some());
            }
        }
        for res in s.results() {
            assert_eq!(res.tricks.iter().map(|&t| t as u32).sum::<u32>(), 13);
        }
    }
    // No trump at all while everybody follows suit.
    let mut s = g
        .from_deal("AK... QJ... T9... 87...", None, 0, None, None)
        .unwrap();
    play_all(&mut s, &["AS", "QS", "TS", "8S"]);
    assert_eq!(s.trump(), None);
}

#[test]
fn dab_rang_void_discard_before_the_cut_neither_fixes_trumps_nor_collects() {
    // §5.5, §6.5, §7.6, §13.4: seat 1 (an opponent of the boss, seat 3) has
    // no spade and discards TD without calling; trumps stay the indicator's
    // hearts, hidden, and nothing is collected before the cut.
    let g = game("dab_rang", &[]);
    let mut s = g.new_game(0);
    play_all(
        &mut s,
        &[
            "bid:7",
            "pass",
            "pass",
            "pass",
            "indicator:3H",
            "KS",
            "AS",
            "JS",
            "QS",
            "TS",
            "2S",
            "8S",
            "5S",
            "9S",
            "TD",
            "7S",
            "TH",
        ],
    );
    assert!(s.hidden.trump_hidden);
    assert_eq!(s.trump(), Some(1), "hearts, the indicator's suit");
    assert_eq!(s.trump_fixed_at, None);
    assert_eq!((s.heap.collected, s.heap.tricks), ([0, 0], 3));
    play_all(&mut s, &["6S", "KH", "3S", "5H", "4S", "8H"]);
    assert_eq!(s.current(), Some(2));
    s.apply("call").unwrap();
    let p = &s.cfg.pack;
    let want: CardSet = ["JH", "9H"]
        .iter()
        .map(|c| p.parse_card(c).unwrap())
        .collect();
    assert_eq!(s.legal_cards(), want, "the caller must trump in hearts");
}

#[test]
fn dab_rang_auction_cut_call_and_matches() {
    let g = game("dab_rang", &[]);
    let mut s = g.new_game(4);
    assert_eq!(s.phase(), Phase::Auction);
    let first = s.current().unwrap();
    assert_eq!(first, (s.dealer + 1) % 4);
    assert!(
        s.legal().iter().all(|a| matches!(a, HokmAction::Bid(_))),
        "the first speaker must bid"
    );
    assert!(s.apply("pass").is_err());
    s.apply("bid:8").unwrap();
    assert!(
        s.apply("bid:8").is_err(),
        "a bid must exceed the current one"
    );
    s.apply("bid:9").unwrap();
    s.apply("pass").unwrap();
    s.apply("pass").unwrap();
    assert_eq!(
        s.phase(),
        Phase::Auction,
        "only two passes after the last bid"
    );
    s.apply("pass").unwrap();
    let boss = (first + 1) % 4;
    assert_eq!((s.phase(), s.current()), (Phase::TrumpCall, Some(boss)));
    assert!(s
        .legal()
        .iter()
        .all(|a| matches!(a, HokmAction::Indicator(c) if s.first_batch[boss].contains(*c))));
    let a = s.legal()[0];
    s.apply_action(a).unwrap();
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.current(), Some(first), "next(dealer) leads");
    assert_eq!(s.hands()[boss].len(), 12);
    // Play at random: a cut is called at some point or the indicator comes last.
    let mut r = crate::rng::Rng::new(9);
    let mut called = false;
    while s.results().is_empty() {
        let legal = s.legal();
        if legal.contains(&HokmAction::Call) {
            assert_ne!(
                s.cfg.side(s.current().unwrap()),
                s.cfg.side(boss),
                "only the boss's opponents call"
            );
            s.apply("call").unwrap();
            called = true;
            assert!(!s.hidden.trump_hidden);
            let p = s.current().unwrap();
            let trumps = s.hands()[p] & s.cfg.pack.suit_mask(s.trump().unwrap());
            if !trumps.is_empty() {
                assert_eq!(s.legal_cards(), trumps, "the caller must trump");
            }
            continue;
        }
        random_step(&mut s, &mut r);
    }
    let res = &s.results()[0];
    assert_eq!(res.tricks.iter().map(|&t| t as u32).sum::<u32>(), 13);
    let boss_side = boss % 2;
    assert_eq!(res.winner == Some(boss_side), res.tricks[boss_side] >= 9);
    assert!(called || s.played.contains(s.hidden.indicator.unwrap()));
    // Whole matches end at 7 game points.
    for seed in 0..3 {
        let mut s = g.new_game(seed);
        while !s.is_terminal() {
            random_step(&mut s, &mut r);
        }
        assert!(s.scores().iter().any(|&p| p >= 7));
    }
}

#[test]
fn thaap_is_offered_to_the_next_leaders_partner() {
    let g = game("hokm4", &[("thaap", "on"), ("stop_rule", "play_all")]);
    let mut s = g
        .from_deal("A2.3.. .AT.2. .K.3.2 3...AK", Some("C"), 0, None, None)
        .unwrap();
    play_all(&mut s, &["AS", "AH", "KH", "3S"]);
    assert_eq!(s.phase(), Phase::Play, "the leading side won: no tap");
    // Seat 3 ruffs: side B, which did not lead, wins; seat 1 may tap.
    play_all(&mut s, &["2S", "2D", "3D", "AC"]);
    assert_eq!(s.leader(), 3);
    assert_eq!((s.phase(), s.current()), (Phase::Thaap, Some(1)));
    s.apply("thaap").unwrap();
    assert_eq!((s.phase(), s.current()), (Phase::Play, Some(3)));
    assert_eq!(s.taps, vec![2]);
}

#[test]
fn dummy_rang_tables_scores_and_matches() {
    use super::scoring::dummy_table;
    assert_eq!(dummy_table(0), [0, 1, 0, 2]);
    assert_eq!(dummy_table(1), [1, 2, 1, 0]);
    assert_eq!(dummy_table(5), [2, 0, 2, 1]);
    let g = game("dummy_rang", &[]);
    let mut r = crate::rng::Rng::new(5);
    for seed in 0..2 {
        let mut s = g.new_game(seed);
        assert_eq!(s.num_players(), 3);
        assert_eq!(s.roles(), (0, 3), "X calls trumps, Z deals");
        while !s.is_terminal() {
            if s.phase() == Phase::Play && s.current() == Some(2) {
                assert_eq!(
                    s.current_player(),
                    Some(s.table[0]),
                    "the dummy's partner plays its cards"
                );
            }
            random_step(&mut s, &mut r);
        }
        let totals: Vec<i32> = (0..3)
            .map(|i| s.results().iter().map(|x| x.points[i]).sum())
            .collect();
        assert_eq!(totals, s.scores[..3].to_vec());
        for (h, res) in s.results().iter().enumerate() {
            assert_eq!(
                res.points.iter().sum::<i32>(),
                13 + res.tricks[1] as i32,
                "hand {}",
                h
            );
        }
        let top = *totals.iter().max().unwrap();
        assert!(top >= 104 && totals.iter().filter(|&&t| t == top).count() == 1);
        assert_eq!(s.returns().len(), 3);
    }
}

/// The face-down indicator (§5.4, §5.5), the two-player discards (§4.4) and
/// Satat's passed cards (§9.10) are seen whole by their player alone; the
/// others see the action's shape with `?` for each card. Every other action
/// is seen as it is.
#[test]
fn private_actions_are_seen_by_their_player_alone() {
    for (preset, verb) in [
        ("trup_kasiet", "indicator"),
        ("dab_rang", "indicator"),
        ("hokm2", "discard"),
        ("satat", "give"),
    ] {
        let g = game(preset, &[]);
        let mut found = 0;
        for seed in 0..60 {
            let mut s = g.new_game(seed);
            let mut r = crate::rng::Rng::new(seed);
            while !s.is_terminal() && found < 3 {
                let actor = GameState::current_player(&s).unwrap();
                let legal = s.legal();
                let a = legal[r.below(legal.len() as u64) as usize];
                let text = s.format_action(&a);
                let private = matches!(
                    a,
                    HokmAction::Indicator(_) | HokmAction::Discard(_) | HokmAction::Give(_)
                );
                for viewer in 0..s.cfg.players {
                    let seen = s.seen_action(&text, viewer);
                    if viewer == actor || !private {
                        assert_eq!(seen, text);
                        continue;
                    }
                    let n = text.split('+').count();
                    let want = format!("{}:{}", verb, vec!["?"; n].join("+"));
                    assert_eq!(seen, want, "{} seed {}", preset, seed);
                }
                found += private as usize;
                s.apply_action(a).unwrap();
            }
        }
        assert!(found >= 3, "{}: {} private actions", preset, found);
    }
}

//! The worked examples of `docs/rules/ganjifa.md` A.13, and the match flow.

use super::*;
use crate::card::{Card, CardSet};
use crate::game::GameState;
use crate::solve::SolverConfig;

/// The configuration with `opts` (shared with the sampling tests).
pub(super) fn cfg(opts: &[(&str, &str)]) -> GanjifaConfig {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    GanjifaConfig::new(&o).unwrap()
}

fn c(cfg: &GanjifaConfig, s: &str) -> Card {
    cfg.pack.parse_card(s).unwrap()
}

fn cs(cfg: &GanjifaConfig, s: &str) -> CardSet {
    cfg.pack.parse_cards(s).unwrap()
}

fn names(cfg: &GanjifaConfig, acts: &[Act]) -> Vec<String> {
    acts.iter().map(|&a| act_name(&cfg.pack, a)).collect()
}

/// Gives `k` cards for the seat to give, lowest ids first among `pool`.
fn give_from(cfg: &GanjifaConfig, p: &mut Play, pool: CardSet) {
    let seat = p.current().unwrap();
    let card = (p.give_options(cfg) & pool)
        .lowest()
        .unwrap_or_else(|| panic!("seat {} has nothing to give from the pool", seat));
    p.apply(cfg, Act::Give(card)).unwrap();
}

#[test]
fn example1_opening() {
    let g = Ganjifa::new(&[]).unwrap();
    // Seat 1 holds KSR: he makes the opening.
    let mut st = g
        .from_deal("95.1.2...T.. .3.4..K..5.T 1.4.3..2..T.", None, false, 0)
        .unwrap();
    assert_eq!(st.current_player(), Some(1));
    assert_eq!(st.step_name(), "opening");
    let legal = st.legal_actions();
    assert!(legal.contains(&"KSR+TQM".to_string()), "{:?}", legal);
    assert_eq!(legal.len(), 4);
    st.apply("KSR+TQM").unwrap();
    st.apply("1GH+TBA").unwrap();
    assert!(st.apply("1TJ+TCH+5GH").is_err(), "more cards than owed");
    st.apply("1TJ").unwrap();
    st.apply("TCH").unwrap();
    let p = st.play();
    assert_eq!(p.tricks[1], 2);
    assert_eq!(p.won[1].len(), 6);
    assert_eq!(p.leader, 1);
    assert_eq!(st.history(), vec!["KSR+TQM", "1GH+TBA", "1TJ", "TCH"]);
}

/// Example 2's position: the three suits of the table, the other five suits
/// filled so that seat 0 holds only their lowest cards.
fn example2() -> (GanjifaConfig, Play, CardSet) {
    let cfg = cfg(&[]);
    let p = &cfg.pack;
    let mut hands = vec![
        cs(&cfg, "KGH+VGH+TGH+6GH+VTJ+2TJ+1CH+4CH+9CH"),
        cs(&cfg, "9GH+5GH+2GH+KTJ+8TJ+VCH+2CH+6CH"),
        cs(&cfg, "8GH+7GH+4GH+3GH+1GH+TTJ+9TJ+7TJ+3CH+5CH+TCH"),
    ];
    let mut filler = CardSet::EMPTY;
    for code in ["SM", "SF", "SR", "BA", "QM"] {
        let s = p.suit_index(code).unwrap();
        let cards: Vec<Card> = p.suit_mask(s).iter().collect(); // weakest first
        for &x in &cards[..3] {
            hands[0].insert(x);
        }
        hands[1].insert(cards[11]);
        hands[1].insert(cards[10]);
        for &x in &cards[3..10] {
            filler.insert(x);
        }
    }
    let mut rest = filler.iter();
    while hands[1].len() < 24 {
        hands[1].insert(rest.next().unwrap());
    }
    while hands[2].len() < 24 {
        hands[2].insert(rest.next().unwrap());
    }
    assert!(hands.iter().all(|h| h.len() == 24));
    let play = Play::new(&cfg, &hands, Some(0));
    (cfg, play, filler)
}

#[test]
fn example2_normal_phase_priority() {
    let (cfg, mut p, filler) = example2();
    let pack = &cfg.pack;
    let others = |cfg: &GanjifaConfig| {
        let mut m = CardSet::EMPTY;
        for code in ["SM", "SF", "SR", "BA", "QM"] {
            m |= cfg.pack.suit_mask(cfg.pack.suit_index(code).unwrap());
        }
        m
    };
    let other_suits = others(&cfg);
    let low0 = other_suits - filler; // seat 0's low cards (and the tops of seat 1, never given)
                                     // 1. Step 1.
    assert_eq!(names(&cfg, &p.legal(&cfg)), vec!["KGH+VGH"]);
    p.apply(&cfg, Act::Lead(cs(&cfg, "KGH+VGH"))).unwrap();
    for _ in 0..4 {
        give_from(&cfg, &mut p, filler);
    }
    assert_eq!(p.tricks[0], 2);
    assert_eq!(p.leader, 0);
    // 2. Step 2: denis in TJ and CH.
    let mut legal = names(&cfg, &p.legal(&cfg));
    legal.sort();
    assert_eq!(legal, vec!["deni:2TJ", "deni:4CH", "deni:9CH"]);
    p.apply(&cfg, Act::Deni(c(&cfg, "9CH"))).unwrap();
    assert_eq!((p.step, p.current()), (Step::Double, Some(1)));
    p.apply(&cfg, Act::Double).unwrap();
    assert_eq!(p.current(), Some(0));
    give_from(&cfg, &mut p, low0);
    assert_eq!(p.current(), Some(1));
    assert_eq!(names(&cfg, &p.legal(&cfg)), vec!["VCH"]);
    p.apply(&cfg, Act::Give(c(&cfg, "VCH"))).unwrap();
    assert_eq!(names(&cfg, &p.legal(&cfg)), vec!["2CH"]);
    p.apply(&cfg, Act::Give(c(&cfg, "2CH"))).unwrap();
    give_from(&cfg, &mut p, filler);
    give_from(&cfg, &mut p, filler);
    assert_eq!((p.tricks[1], p.leader), (2, 0));
    let ch = pack.suit_index("CH").unwrap();
    let h = rules::hukms_in(pack, p.hands(), 0, ch);
    assert_eq!(pack.format_cards(h), "1CH");
    // 3. Step 2 again: only TJ.
    assert_eq!(names(&cfg, &p.legal(&cfg)), vec!["deni:2TJ"]);
    p.apply(&cfg, Act::Deni(c(&cfg, "2TJ"))).unwrap();
    assert_eq!(p.step, Step::Give, "no doubling: third(TJ) is with seat 2");
    assert_eq!(names(&cfg, &p.legal(&cfg)), vec!["KTJ"]);
    p.apply(&cfg, Act::Give(c(&cfg, "KTJ"))).unwrap();
    give_from(&cfg, &mut p, filler);
    assert_eq!((p.tricks[1], p.leader), (3, 0));
    // 4. Utari.
    assert_eq!(names(&cfg, &p.legal(&cfg)), vec!["TGH+VTJ+1CH"]);
    p.apply(&cfg, Act::Lead(cs(&cfg, "TGH+VTJ+1CH"))).unwrap();
    for _ in 0..6 {
        give_from(&cfg, &mut p, filler);
    }
    assert_eq!(p.tricks[0], 5);
    assert_eq!(p.hand_size(), 16);
    // 5. Blind surrender.
    assert_eq!(p.step, Step::Blind);
    assert_eq!(p.current(), Some(1));
    p.apply(&cfg, Act::Reveal(c(&cfg, "4CH"))).unwrap();
    give_from(&cfg, &mut p, filler);
    p.apply(&cfg, Act::Give(c(&cfg, "3CH"))).unwrap();
    assert_eq!(p.leader, 2);
    assert_eq!(p.tricks[..3], [5, 3, 1]);
}

#[test]
fn example3_end_phase() {
    let g = Ganjifa::new(&[]).unwrap();
    let mut s = g
        .from_deal("..74.....8 .3.9.....5 .6.2....1.", Some(1), false, 0)
        .unwrap();
    assert_eq!(s.legal_actions(), vec!["9SM+5QM"]);
    for a in ["9SM+5QM", "2SM", "1BA", "4SM+8QM"] {
        s.apply(a).unwrap();
    }
    assert_eq!(s.play().tricks[1], 2);
    assert_eq!((s.step_name(), s.current_player()), ("name", Some(2)));
    assert_eq!(s.legal_actions().len(), 8);
    let mut alt = s.clone();
    s.apply("name:TJ").unwrap();
    assert_eq!(s.legal_actions(), vec!["3TJ"]);
    for a in ["3TJ", "6TJ", "7SM"] {
        s.apply(a).unwrap();
    }
    assert!(s.is_terminal());
    let r = &s.results()[0];
    assert_eq!(r.tricks, vec![0, 2, 1]);
    assert_eq!(r.beaten_by, Some(2));
    assert_eq!(r.akheri, Some(c(g.config(), "3TJ")));
    // Naming a suit seat 1 lacks: the blind surrender also leads 3TJ.
    alt.apply("name:GH").unwrap();
    assert_eq!(alt.step_name(), "give");
    assert_eq!(alt.play().trick.led, cs(g.config(), "3TJ"));
}

#[test]
fn example4_wilkins_phase2() {
    let g = Ganjifa::new(&[("lead_rules".into(), "wilkins".into())]).unwrap();
    let mut s = g
        .from_deal(".9......3 .5.....4. .T......6", Some(1), true, 0)
        .unwrap();
    let mut legal = s.legal_actions();
    legal.sort();
    assert_eq!(legal, vec!["4BA", "facedown:5TJ:QM", "facedown:5TJ:TJ"]);
    // The others see only the named suit (A.3.5).
    let seen: Vec<String> = (0..3).map(|v| s.seen_action("facedown:5TJ:QM", v)).collect();
    assert_eq!(seen, ["facedown:?:QM", "facedown:5TJ:QM", "facedown:?:QM"]);
    s.apply("facedown:5TJ:QM").unwrap();
    assert_eq!(s.legal_actions(), vec!["6QM"]);
    let obs = s.observation(2).unwrap();
    assert!(format!("{:?}", obs).contains("\"?\""));
    s.apply("6QM").unwrap();
    assert_eq!(s.legal_actions(), vec!["3QM"]);
    s.apply("3QM").unwrap();
    assert_eq!(s.play().leader, 0);
    let mut legal = s.legal_actions();
    legal.sort();
    assert_eq!(legal, vec!["facedown:9TJ:BA", "facedown:9TJ:TJ"]);
    let mut ba = s.clone();
    ba.apply("facedown:9TJ:BA").unwrap();
    assert_eq!(ba.legal_actions(), vec!["4BA"]);
    ba.apply("4BA").unwrap();
    ba.apply("TTJ").unwrap();
    assert_eq!(ba.results()[0].last_winner, 1);
    s.apply("facedown:9TJ:TJ").unwrap();
    assert_eq!(s.legal_actions(), vec!["4BA"]);
    s.apply("4BA").unwrap();
    assert_eq!(s.legal_actions(), vec!["TTJ"]);
    s.apply("TTJ").unwrap();
    assert_eq!(s.results()[0].last_winner, 2);
    assert_eq!(s.results()[0].tricks, vec![1, 0, 1]);
}

#[test]
fn example5_settlement() {
    let t = [14, 10, 8];
    assert_eq!(
        settle(Settlement::LoserPaysWinner, 1, &t, None),
        vec![6, 0, -6]
    );
    assert_eq!(
        settle(Settlement::AllPayWinner, 1, &t, None),
        vec![10, -4, -6]
    );
    assert_eq!(settle(Settlement::Pairwise, 1, &t, None), vec![10, -2, -8]);
    assert_eq!(
        settle(Settlement::LoserPaysWinner, 1, &[12, 12, 8], None),
        vec![4, 4, -8]
    );
    assert_eq!(
        settle(Settlement::LoserPaysWinner, 3, &[9, 9, 9], None),
        vec![0, 0, 0]
    );
    // The akheri exemption: the exempt loser pays nothing.
    assert_eq!(
        settle(Settlement::LoserPaysWinner, 1, &t, Some(2)),
        vec![0, 0, 0]
    );
}

fn play_out(s: &mut GanjifaState, seed: u64) {
    let mut r = crate::rng::Rng::new(seed);
    let mut steps = 0;
    while !s.is_terminal() {
        let legal = s.legal_actions();
        assert!(
            !legal.is_empty(),
            "no legal action at step {}",
            s.step_name()
        );
        let a = &legal[r.below(legal.len() as u64) as usize];
        s.apply(a).unwrap();
        steps += 1;
        assert!(steps < 100_000);
        let n = s.config().players;
        let sizes: Vec<u32> = s.hands()[..n].iter().map(|h| h.len()).collect();
        if s.phase() == Phase::Play
            && matches!(s.play().step, Step::Lead | Step::Name | Step::Blind)
        {
            assert!(
                sizes.iter().all(|&x| x == sizes[0]),
                "unequal hands {:?}",
                sizes
            );
        }
    }
    let total: f64 = s.returns().iter().sum();
    assert!(total.abs() < 1e-9);
}

#[test]
fn random_matches_every_pack_and_option() {
    let sets: Vec<Vec<(&str, &str)>> = vec![
        vec![],
        vec![("players", "4")],
        vec![("pack", "dashavatara")],
        vec![
            ("pack", "dashavatara"),
            ("players", "4"),
            ("period", "night"),
        ],
        vec![("pack", "french52"), ("reverse_red", "on")],
        vec![("pack", "french52"), ("ace", "high")],
        vec![
            ("lead_rules", "wilkins"),
            ("handicap", "exchange"),
            ("serkhel", "on"),
        ],
        vec![
            ("lead_rules", "wilkins"),
            ("end_phase", "on"),
            ("deni_mandatory", "off"),
        ],
        vec![
            ("step1_grouping", "one_suit"),
            ("deni_doubling", "off"),
            ("blind_pick", "neighbour_index"),
        ],
        vec![
            ("handicap", "won_cards"),
            ("settlement", "pairwise"),
            ("end_phase_count", "total"),
        ],
        vec![
            ("match_end", "akheri"),
            ("akheri_exemption", "on"),
            ("follow_rule", "must_beat_if_able"),
        ],
        vec![
            ("settlement", "all_pay_winner"),
            ("face_up_batches", "on"),
            ("reversed_set", "iran"),
        ],
    ];
    for (i, opts) in sets.iter().enumerate() {
        let o: Vec<(String, String)> = opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let g = Ganjifa::new(&o).unwrap();
        let mut s = g.new_game(i as u64, None).unwrap();
        assert!(matches!(s.step_name(), "opening" | "exchange"));
        play_out(&mut s, 100 + i as u64);
        assert!(!s.results().is_empty());
        for r in s.results() {
            assert_eq!(
                r.tricks.iter().sum::<u32>() as usize,
                g.config().hand_size()
            );
        }
    }
}

/// The cards the previous winner returns in an exchange are seen by the
/// two players of the exchange alone (A.10).
#[test]
fn exchanged_cards_are_seen_by_the_two_players_alone() {
    let o: Vec<(String, String)> = vec![
        ("lead_rules".into(), "wilkins".into()),
        ("handicap".into(), "exchange".into()),
    ];
    let g = Ganjifa::new(&o).unwrap();
    let mut found = 0;
    for seed in 0..20 {
        let mut s = g.new_game(seed, None).unwrap();
        let mut r = crate::rng::Rng::new(seed);
        while !s.is_terminal() && s.results().len() < 3 {
            let legal = s.legal_actions();
            let a = legal[r.below(legal.len() as u64) as usize].clone();
            if s.phase() == Phase::Exchange {
                let (w, j) = (s.current().unwrap(), s.exch_to_seat);
                for v in 0..3 {
                    let want = if v == w || v == j { a.as_str() } else { "give:?" };
                    assert_eq!(s.seen_action(&a, v), want);
                }
                found += 1;
            } else {
                for v in 0..3 {
                    let seen = s.seen_action(&a, v);
                    assert!(seen == a || a.starts_with("facedown:"), "{} as {}", a, seen);
                }
            }
            s.apply(&a).unwrap();
        }
    }
    assert!(found > 0);
}

#[test]
fn bad_input_changes_nothing() {
    let g = Ganjifa::new(&[]).unwrap();
    let mut s = g.new_game(7, None).unwrap();
    let before = s.legal_actions();
    for bad in [
        "",
        "XX",
        "deni:KGH",
        "pick:3",
        "name:ZZ",
        "KSR",
        "facedown:1GH",
        "give:KGH",
        "challenge:9",
    ] {
        assert!(s.apply(bad).is_err(), "{}", bad);
    }
    assert_eq!(s.legal_actions(), before);
    assert!(s.history().is_empty());
}

/// Plain minimax over every legal act (no table, no pruning, no collapsing).
fn minimax(cfg: &GanjifaConfig, p: &Play, focal: usize) -> f64 {
    if p.step == Step::Done {
        return p.tricks[focal] as f64;
    }
    let vals: Vec<f64> = p
        .legal(cfg)
        .into_iter()
        .map(|a| {
            let mut q = *p;
            q.apply_unchecked(cfg, a);
            minimax(cfg, &q, focal)
        })
        .collect();
    if p.step == Step::Blind {
        if cfg.dd_expectation {
            vals.iter().sum::<f64>() / vals.len() as f64
        } else {
            vals.iter().cloned().fold(f64::INFINITY, f64::min)
        }
    } else if p.current() == Some(focal) {
        vals.iter().cloned().fold(f64::NEG_INFINITY, f64::max)
    } else {
        vals.iter().cloned().fold(f64::INFINITY, f64::min)
    }
}

#[test]
fn dd_matches_plain_minimax_on_small_endgames() {
    let mut r = crate::rng::Rng::new(99);
    let option_sets: Vec<Vec<(&str, &str)>> = vec![
        vec![],
        vec![("end_phase_threshold", "0")],
        vec![("end_phase_threshold", "0"), ("deni_mandatory", "off")],
        vec![("lead_rules", "wilkins")],
        vec![
            ("follow_rule", "must_beat_if_able"),
            ("end_phase_threshold", "1"),
        ],
        vec![("dd_chance", "expectation")],
        vec![("dd_chance", "expectation"), ("end_phase_threshold", "0")],
    ];
    let mut checked = 0;
    for round in 0..120 {
        let opts = &option_sets[round % option_sets.len()];
        let n = if round % 3 == 0 { 4 } else { 3 };
        let mut o: Vec<(&str, &str)> = opts.clone();
        let ns = n.to_string();
        o.push(("players", &ns));
        let cfg = cfg(&o);
        let k = if n == 4 { 2 } else { 2 + (round % 2) };
        // Cards from three suits, so that runs, denis and voids are common.
        let s0 = r.below(6) as u8;
        let mut pool: Vec<Card> = (s0..s0 + 3)
            .flat_map(|s| cfg.pack.suit_mask(s).iter())
            .collect();
        r.shuffle(&mut pool);
        let hands: Vec<CardSet> = (0..n)
            .map(|i| pool[i * k..(i + 1) * k].iter().copied().collect())
            .collect();
        let mut p = Play::new(&cfg, &hands, Some(r.below(n as u64) as usize));
        if cfg.lead_rules == LeadRules::Wilkins && round % 2 == 0 {
            p.held_lost = [true; 4];
            p.reenter(&cfg);
        }
        // Also from inside a lead (a multi-card group half given).
        let mut inside = p;
        for _ in 0..2 {
            if let Some(&a) = inside.legal(&cfg).last() {
                if inside.step != Step::Done {
                    inside.apply_unchecked(&cfg, a);
                }
            }
        }
        for focal in 0..n {
            if inside.step != Step::Done {
                let got =
                    dd::solve_play(&cfg, &inside, focal, true, &SolverConfig::small()).unwrap();
                assert!((got.value - minimax(&cfg, &inside, focal)).abs() < 1e-9);
                for (a, v) in got.actions {
                    let mut q = inside;
                    q.apply_unchecked(&cfg, a);
                    assert!(
                        (v - minimax(&cfg, &q, focal)).abs() < 1e-9,
                        "inside, {:?}",
                        a
                    );
                }
            }
            let want = minimax(&cfg, &p, focal);
            let got = dd::solve_play(&cfg, &p, focal, true, &SolverConfig::small()).unwrap();
            assert!(
                (got.value - want).abs() < 1e-9,
                "{:?} focal {} got {} want {}",
                hands,
                focal,
                got.value,
                want
            );
            for (a, v) in got.actions {
                let mut q = p;
                q.apply_unchecked(&cfg, a);
                assert!((v - minimax(&cfg, &q, focal)).abs() < 1e-9);
            }
            checked += 1;
        }
    }
    assert!(checked > 300);
}

/// Random positions of `k` cards a hand from a shuffled pack (every suit).
fn random_play(cfg: &GanjifaConfig, r: &mut crate::rng::Rng, n: usize, k: usize) -> Play {
    let mut pool: Vec<Card> = cfg.pack.cards().to_vec();
    r.shuffle(&mut pool);
    let hands: Vec<CardSet> = (0..n)
        .map(|i| pool[i * k..(i + 1) * k].iter().copied().collect())
        .collect();
    Play::new(cfg, &hands, Some(r.below(n as u64) as usize))
}

#[test]
fn dd_switches_give_the_same_answers() {
    use crate::solve::{SolverConfig, Switches};
    let mut r = crate::rng::Rng::new(7);
    let option_sets: Vec<Vec<(&str, &str)>> = vec![
        vec![],
        vec![("end_phase_threshold", "0")],
        vec![("lead_rules", "wilkins")],
        vec![("pack", "dashavatara"), ("end_phase_threshold", "2")],
    ];
    let mut variants = vec![Switches::none(), Switches::default()];
    for off in 0..4 {
        let mut sw = Switches::default();
        match off {
            0 => sw.tt = false,
            1 => sw.collapse = false,
            2 => sw.ordering = false,
            _ => sw.killers = false,
        }
        variants.push(sw);
    }
    for round in 0..24 {
        let mut o = option_sets[round % option_sets.len()].clone();
        let n = if round % 2 == 0 { 3 } else { 4 };
        let ns = n.to_string();
        o.push(("players", &ns));
        let cfg = cfg(&o);
        let mut p = random_play(&cfg, &mut r, n, 4);
        if cfg.lead_rules == LeadRules::Wilkins && round % 3 == 0 {
            p.held_lost = [true; 4];
            p.reenter(&cfg);
        }
        let focal = round % n;
        let answers: Vec<(f64, Vec<(Act, f64)>)> = variants
            .iter()
            .map(|&sw| {
                let settings = SolverConfig {
                    switches: sw,
                    ..SolverConfig::small()
                };
                let a = dd::solve_play(&cfg, &p, focal, true, &settings).unwrap();
                (a.value, a.actions)
            })
            .collect();
        for a in &answers[1..] {
            assert_eq!(a, &answers[0], "round {}", round);
        }
    }
}

#[test]
fn dd_refuses_hands_beyond_its_move_list() {
    // Wilkins with an optional deni lists up to 2h + 1 moves a node.
    let cfg = cfg(&[("lead_rules", "wilkins"), ("deni_mandatory", "false")]);
    assert_eq!(dd::max_hand(&cfg), 31);
    let mut r = crate::rng::Rng::new(3);
    let p = random_play(&cfg, &mut r, 3, 32);
    let e = dd::solve_play(&cfg, &p, 0, false, &SolverConfig::small()).unwrap_err();
    assert!(e.to_string().contains("too large"), "{}", e);
    assert!(dd::beyond(&cfg, &p).is_some());
    // A graded answer plays out beyond it, with the bounds of one trick's
    // minimax.
    let g = dd::graded_play(&cfg, &p, 0, false, &SolverConfig::small(), true).unwrap();
    assert!(g.answer.value < g.answer.hi && g.answer.hi <= 32);
    assert!(g.answer.halted.unwrap().contains("too large"));
    assert_eq!(g.estimates.unwrap().0[0].n, crate::solve::grade::UNTIMED_PLAYOUTS);
    let p = random_play(&cfg, &mut r, 3, 31);
    assert!(dd::GanjifaDd::new(&cfg, &p, 0).is_ok());
    // McLeod's rules list at most h + 1: a whole Moghul hand fits.
    assert!(dd::max_hand(&GanjifaConfig::new(&[]).unwrap()) >= 40);
}

#[test]
fn dd_move_lists_fit_at_the_largest_hands() {
    use crate::solve::{MoveList, Switches, TrickGame};
    let mut r = crate::rng::Rng::new(11);
    let mut most = 0;
    for round in 0..40 {
        let rules = if round % 2 == 0 { "wilkins" } else { "mcleod" };
        let pack = if round % 4 < 2 {
            "moghul"
        } else {
            "dashavatara"
        };
        let n = 3 + round % 2;
        let ns = n.to_string();
        let cfg = cfg(&[("lead_rules", rules), ("pack", pack), ("players", &ns)]);
        let size = (dd::max_hand(&cfg) as usize).min(cfg.pack.cards().len() / n);
        let mut p = random_play(&cfg, &mut r, n, size);
        if round % 3 == 0 {
            p.held_lost = [true; 4];
            p.reenter(&cfg);
        }
        // Walk a random line of play, checking every node's move list with
        // and without collapsing (a full list would mean moves were lost).
        while p.step != Step::Done {
            let mut g = dd::GanjifaDd::new(&cfg, &p, 0).unwrap();
            for sw in [Switches::default(), Switches::none()] {
                let mut list = MoveList::new();
                g.moves(&mut list, &sw);
                assert!(list.len() < crate::solve::game::MAX_MOVES);
                most = most.max(list.len());
                if let Some(&m) = list.as_slice().first() {
                    // A face-down card pick: its suit list too.
                    g.play(m);
                    g.moves(&mut list, &sw);
                    assert!(list.len() < crate::solve::game::MAX_MOVES);
                    g.undo(m);
                }
            }
            let legal = p.legal(&cfg);
            let a = legal[r.below(legal.len() as u64) as usize];
            p.apply_unchecked(&cfg, a);
        }
    }
    // (The bound is 2h + 1 moves for a hand of h cards: a deni and a single
    // lead of every card, and one compound lead.)
    assert!(most >= 19, "the walk reached large lists ({})", most);
}

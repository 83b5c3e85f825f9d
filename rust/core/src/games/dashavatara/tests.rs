//! The worked examples of `docs/rules/dashavatara.md` §12, and the engine's own checks.

use super::dd;
use super::rules::{self, legal_follow};
use super::*;
use crate::card::CardSet;
use crate::game::GameState;
use crate::solve::SolverConfig;

/// The game with `opts` (shared with the sampling tests).
pub(super) fn game(opts: &[(&str, &str)]) -> Dashavatara {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Dashavatara::new(&o).unwrap()
}

fn hand(g: &Dashavatara, text: &str) -> CardSet {
    g.config().pack.parse_hand(text).unwrap()
}

fn cards(g: &Dashavatara, text: &str) -> CardSet {
    g.config().pack.parse_cards(text).unwrap()
}

#[test]
fn example1_deal_and_opening() {
    let g = game(&[("period", "night")]);
    // Dealing: the first packet goes to the dealer's right, D+1.
    for seed in 0..20 {
        let s = g.new_game(seed);
        let mut rng = crate::rng::Rng::new(seed);
        let dealer = rng.below(3) as usize;
        let order = crate::deal::shuffled(g.config().pack.cards(), &mut rng);
        assert_eq!(s.dealer, dealer);
        let first: CardSet = order[..4].iter().copied().collect();
        assert!(s.hands()[(dealer + 1) % 3].contains_all(first));
        let last: CardSet = order[116..].iter().copied().collect();
        assert!(s.hands()[dealer].contains_all(last));
        assert_eq!(s.hands().map(|h| h.len()), [40, 40, 40]);
        // The holder of KKR opens with it alone.
        let holder = (0..3)
            .find(|&i| s.hands()[i].contains(rules::raja(g.config().trump)))
            .unwrap();
        assert_eq!(s.current(), Some(holder));
        assert_eq!(s.legal_actions(), vec!["KKR".to_string()]);
    }
    let p = &g.config().pack;
    let deal = [
        hand(&g, "KR:V3 MA:2"),
        hand(&g, "MA:3 BU:5 KA:V"),
        hand(&g, "KR:K MA:1 NA:4"),
    ];
    let mut s = g.from_deal(&p.format_deal(&deal), None, None).unwrap();
    assert_eq!(s.current(), Some(2));
    assert_eq!(s.legal_actions(), vec!["KKR"]);
    assert!(s.apply("KKR+VKR").is_err());
    s.apply("KKR").unwrap();
    assert_eq!(s.legal_actions(), vec!["VKR", "3KR"]);
    s.apply("3KR").unwrap();
    assert_eq!(s.legal_actions(), vec!["5BU"]);
    s.apply("5BU").unwrap();
    assert_eq!(s.captured_counts(), [0, 0, 3]);
    assert_eq!(s.current(), Some(2));
    assert!(!s.is_opening());
}

#[test]
fn example2_void_scan() {
    let g = game(&[]);
    let r_inc = g.config().rules();
    let r_skip = game(&[("void_scan", "skip_trump")]).config().rules();
    let p = &g.config().pack;
    let table = [
        ("VM", "MA:1 PA:3 KR:T", "3PA", "3PA"),
        ("VM", "MA:1 PA:3 RA:2 KR:T", "3PA+2RA", "3PA+2RA"),
        ("PA", "MA:2 RA:5 KR:9", "5RA", "5RA+9KR"),
        ("KA", "KU:4 NA:K PA:7", "4KU", "4KU"),
        ("NA", "VM:T RA:1 KA:2", "1RA+TVM", "1RA+TVM"),
    ];
    for (led, h, inc, skip) in table {
        let led = p.suit_index(led).unwrap();
        let h = hand(&g, h);
        assert_eq!(legal_follow(h, led, &r_inc), cards(&g, inc), "{}", inc);
        assert_eq!(legal_follow(h, led, &r_skip), cards(&g, skip), "{}", skip);
    }
    // A trump led to a player void in trumps: he scans from the suit after it.
    let h = hand(&g, "MA:1 KR:2");
    assert_eq!(legal_follow(h, 6, &r_inc), cards(&g, "2KR"));
    // Only trumps under skip_trump: the scan finds nothing and returns the trumps.
    let h = hand(&g, "RA:12");
    assert_eq!(legal_follow(h, 0, &r_skip), cards(&g, "1RA+2RA"));
}

#[test]
fn example3_reversed_order_and_trump() {
    let g = game(&[]);
    let p = &g.config().pack;
    let deal = [
        hand(&g, "NA:5 MA:1 KU:1"),
        hand(&g, "NA:2 MA:2 KU:2"),
        hand(&g, "VM:T RA:1 KA:2"),
    ];
    let mut s = g.from_deal(&p.format_deal(&deal), Some(0), None).unwrap();
    s.apply("5NA").unwrap();
    s.apply("2NA").unwrap();
    assert_eq!(s.legal_actions(), vec!["TVM", "1RA"]);
    s.apply("1RA").unwrap();
    assert_eq!(s.captured_counts(), [0, 0, 3]);
    assert_eq!(s.leader(), 2);
    // Without the trump, 2NA beats 5NA (first-five suits run 1 high).
    let best = rules::winning_card(cards(&g, "5NA+2NA+TVM"), 3, g.config().trump);
    assert_eq!(p.format_card(best), "2NA");
}

#[test]
fn example4_ducals() {
    let g = game(&[("period", "night")]);
    let p = &g.config().pack;
    let deal = [
        hand(&g, "MA:123 KU:123"),
        hand(&g, "PA:KV6542"),
        hand(&g, "VA:123 NA:123"),
    ];
    let d = p.format_deal(&deal);
    let mut s = g.from_deal(&d, Some(1), Some([18, 21, 15])).unwrap();
    let legal = s.legal_actions();
    assert_eq!(
        legal,
        vec![
            "KPA",
            "VPA",
            "6PA",
            "5PA",
            "4PA",
            "2PA",
            "KPA+VPA+6PA+5PA+4PA"
        ]
    );
    // Any order and R/M aliases on input.
    let mut t = s.clone();
    t.apply("4PA+5PA+6PA+MPA+RPA").unwrap();
    assert_eq!(t.history(), vec!["KPA+VPA+6PA+5PA+4PA"]);
    s.apply("KPA+VPA+6PA+5PA+4PA").unwrap();
    assert_eq!(s.phase(), Phase::Discard);
    assert_eq!(s.current(), Some(2));
    for c in ["1VA", "2VA", "3VA", "1NA", "2NA"] {
        assert_eq!(s.current(), Some(2));
        s.apply(c).unwrap();
    }
    assert_eq!(s.current(), Some(0));
    assert!(s.apply("3NA").is_err());
    s.apply("1MA+2MA").unwrap();
    assert!(s.apply("3MA+1KU+2KU+3KU").is_err());
    s.apply("3MA+1KU+2KU").unwrap();
    assert_eq!(s.captured_counts(), [18, 36, 15]);
    assert_eq!(s.current(), Some(1));
    assert_eq!(s.legal_actions(), vec!["2PA"]);
    // top_run: the run of a last-five suit must reach the ten.
    let top = game(&[("period", "night"), ("ducal_run", "top_run")]);
    let s2 = top.from_deal(&d, Some(1), None).unwrap();
    assert!(s2.legal_ducals().is_empty());
    // The candidates of the table.
    let h = hand(&g, "NA:KV89T VA:KV356 MA:K123 BU:V987 KU:KV12");
    let r = g.config().rules();
    let found: Vec<String> = rules::ducals(h, &r)
        .iter()
        .map(|d| p.format_cards(d.cards()))
        .collect();
    assert_eq!(found, vec!["KNA+VNA+8NA+9NA+TNA"]);
    assert!(rules::ducals(h, &top.config().rules()).is_empty());
    assert!(actions::ducal_of(cards(&g, "KVA+VVA+3VA+5VA+6VA")).is_none());
    assert!(actions::ducal_of(cards(&g, "KMA+1MA+2MA+3MA")).is_none());
    assert!(actions::ducal_of(cards(&g, "KKU+VKU+1KU+2KU")).is_none());
}

#[test]
fn ducal_options() {
    let g = game(&[]);
    let h = hand(&g, "PA:KVT9876");
    let runs = |g: &Dashavatara| -> Vec<(u8, u8)> {
        rules::ducals(h, &g.config().rules())
            .iter()
            .map(|d| (d.a, d.b))
            .collect()
    };
    assert_eq!(runs(&g).len(), 6); // the sub-runs of length 3 to 5 of 6..10
    assert_eq!(runs(&game(&[("ducal_length", "maximal")])), vec![(6, 10)]);
    assert_eq!(
        runs(&game(&[("ducal_run", "top_run")])),
        vec![(6, 10), (7, 10), (8, 10)]
    );
    assert!(runs(&game(&[("ducal", "false")])).is_empty());
}

#[test]
fn example5_two_card_ending() {
    let g = game(&[]);
    let deal = ".3....T.... .1.......4. ......6...9";
    let mut s = g.from_deal(deal, Some(0), None).unwrap();
    s.apply("TPA").unwrap();
    assert_eq!(s.legal_actions(), vec!["4BU"]);
    s.apply("4BU").unwrap();
    assert_eq!(s.legal_actions(), vec!["6RA"]);
    s.apply("6RA").unwrap();
    assert_eq!(s.current(), Some(2));
    s.apply("9KA").unwrap();
    assert_eq!(s.legal_actions(), vec!["3KU"]);
    s.apply("3KU").unwrap();
    assert_eq!(s.legal_actions(), vec!["1KU"]);
    s.apply("1KU").unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.returns(), vec![0.0, 0.0, 6.0]);
    // Under skip_trump seat 2 may discard 9KA and let TPA win.
    let g2 = game(&[("void_scan", "skip_trump")]);
    let mut s = g2.from_deal(deal, Some(0), None).unwrap();
    s.apply("TPA").unwrap();
    s.apply("4BU").unwrap();
    assert_eq!(s.legal_actions(), vec!["6RA", "9KA"]);
    s.apply("9KA").unwrap();
    assert_eq!(s.captured_counts(), [3, 0, 0]);
    // Double dummy: seat 2 takes all six cards; seat 0 none.
    let s = g.from_deal(deal, Some(0), None).unwrap();
    let cfg = SolverConfig::small();
    assert_eq!(dd::solve(&s, 2, false, &cfg).unwrap().value, 6);
    assert_eq!(dd::solve(&s, 0, false, &cfg).unwrap().value, 0);
    let s = g2.from_deal(deal, Some(0), None).unwrap();
    // Under skip_trump the coalition against seat 2 cannot stop it trumping
    // the first trick, but seat 2 alone decides: it still takes 6.
    assert_eq!(dd::solve(&s, 2, false, &cfg).unwrap().value, 6);
}

#[test]
fn example6_scoring_and_ties() {
    let g = game(&[]);
    let deal = ".1........ .2........ .3........";
    // Seat 0 leads 1KU, the strongest Kurma: 42+3 = 45, tying seat 1.
    let mut s = g.from_deal(deal, Some(0), Some([42, 45, 30])).unwrap();
    s.apply("1KU").unwrap();
    s.apply("2KU").unwrap();
    s.apply("3KU").unwrap();
    assert!(s.is_terminal());
    assert_eq!(s.results()[0].captured, [45, 45, 30]);
    assert_eq!(s.results()[0].winners, vec![0, 1]);
    let mut s = g.from_deal(deal, Some(0), Some([51, 39, 27])).unwrap();
    for c in ["1KU", "2KU", "3KU"] {
        s.apply(c).unwrap();
    }
    assert_eq!(s.results()[0].captured, [54, 39, 27]);
    assert_eq!(s.results()[0].winners, vec![0]);
}

#[test]
fn random_games_conserve_cards() {
    for (i, opts) in [
        vec![],
        vec![("period", "night"), ("deals", "2")],
        vec![
            ("avatar_list", "balarama_krishna"),
            ("void_scan", "skip_trump"),
        ],
        vec![("ducal_run", "top_run"), ("ducal_length", "maximal")],
    ]
    .iter()
    .enumerate()
    {
        let g = game(opts);
        for seed in 0..5u64 {
            let mut s = g.new_game(seed);
            let mut rng = crate::rng::Rng::new(seed * 31 + i as u64);
            let mut steps = 0;
            while !s.is_terminal() {
                let legal = s.legal_actions();
                assert!(!legal.is_empty());
                let a = &legal[rng.below(legal.len() as u64) as usize];
                s.apply(a).unwrap();
                steps += 1;
                let on_table: u32 = s.ducal().map_or(s.trick().len() as u32, |d| {
                    d.ducal.width() + d.given.iter().map(|x| x.len()).sum::<u32>()
                });
                if !s.is_terminal() && s.results().is_empty() {
                    let total: u32 = s.hands().iter().map(|h| h.len()).sum::<u32>()
                        + s.captured_counts().iter().sum::<u32>()
                        + on_table;
                    assert_eq!(total, 120);
                }
            }
            assert!(steps <= 120 * g.config().deals as usize);
            let r: f64 = s.returns().iter().sum();
            assert_eq!(r, 120.0 * g.config().deals as f64);
            // §11.7: no trump ducal ever.
            assert!(s.history().iter().all(|h| !h.contains('+')
                || !h.contains(if g.config().night { "KR" } else { "RA" })
                || !h.starts_with('K')));
        }
    }
}

#[test]
fn from_deal_checks() {
    let g = game(&[]);
    assert!(g
        .from_deal(".1........ .2........ .3........", Some(3), None)
        .is_err());
    assert!(g
        .from_deal(".1........ .2........ .3........", None, None)
        .is_err());
    assert!(g
        .from_deal("......K... .2........ .3........", Some(0), None)
        .is_err());
    let s = g
        .from_deal("......K... .2........ .3........", None, None)
        .unwrap();
    assert_eq!(s.current(), Some(0));
    assert!(g
        .from_deal(
            ".1........ .2........ .3........",
            Some(0),
            Some([60, 60, 0])
        )
        .is_err());
}

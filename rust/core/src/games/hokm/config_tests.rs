//! Tests of the Hokm presets and options.

use super::super::presets::ALL;
use super::*;

fn o(k: &str, v: &str) -> Vec<(String, String)> {
    vec![(k.into(), v.into())]
}

#[test]
fn presets_and_defaults() {
    let c = HokmConfig::new("hokm4", &[]).unwrap();
    assert_eq!(
        (c.players, c.stop_rule, c.target_points),
        (4, StopRule::FirstTo7, 7)
    );
    let c = HokmConfig::new("hokm3", &[]).unwrap();
    assert_eq!(c.pack.num_cards(), 51);
    assert!(c
        .pack
        .parse_card("2C")
        .unwrap_err()
        .to_string()
        .contains("not in this game's pack"));
    let c = HokmConfig::new("hokm3", &o("removed_two", "2D")).unwrap();
    assert!(c.pack.deck.contains(c.pack.parse_card("2C").unwrap()));
    assert_eq!(
        HokmConfig::new("hokm4", &o("deal_batches", "5-3-3-2"))
            .unwrap()
            .batches,
        vec![5, 3, 3, 2]
    );
}

#[test]
fn bad_options_are_refused() {
    assert!(HokmConfig::new("hokm5", &[]).is_err());
    assert!(HokmConfig::new("hokm4", &o("deal_batches", "4-4-5")).is_err());
    assert!(HokmConfig::new("hokm3", &o("stop_rule", "play_all")).is_err());
    assert!(HokmConfig::new("hokm4", &o("scoring", "netherlands")).is_err());
    assert!(HokmConfig::new("hokm2", &o("scoring", "kots")).is_err());
    let e = HokmConfig::new("hokm4", &o("collection", "double_sar"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("collection=double_sar"), "{}", e);
    assert!(HokmConfig::new("hokm4", &o("dab_min_bid", "8")).is_err());
    let e = HokmConfig::new("hokm4", &o("trump_mode", "sometimes"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("trump_mode"), "{}", e);
}

/// The configuration without its `options` (the list of what was given).
fn rules_of(mut c: HokmConfig) -> String {
    c.options.clear();
    format!("{:?}", c)
}

#[test]
fn presets_parse_and_set_applicable_options() {
    for p in ALL {
        assert_eq!(Preset::parse(p.name()).unwrap(), p);
        assert_eq!(preset_defaults(p.name()), p.defaults());
        for (k, v) in p.defaults() {
            assert!(applies(p, k), "{} sets {}", p.name(), k);
            options::check(p.name(), SPECS, &[], &o(k, v)).unwrap();
        }
    }
    assert!(preset_defaults("hokm5").is_empty());
}

/// The engine's defaults are the specs': giving an option its default
/// changes nothing, in every preset it applies to and does not set.
#[test]
fn given_defaults_change_nothing() {
    // Options refused unless another option has a value of its own.
    const NEEDS_OTHER: &[&str] = &["random_trump_pool", "dab_min_bid"];
    for p in ALL {
        let base = rules_of(HokmConfig::new(p.name(), &[]).unwrap());
        let set = p.defaults();
        for s in specs() {
            let Some(d) = s.default else { continue };
            if !applies(p, s.name) || set.iter().any(|&(k, _)| k == s.name) {
                continue;
            }
            match HokmConfig::new(p.name(), &o(s.name, d)) {
                Ok(c) => assert_eq!(rules_of(c), base, "{} {}={}", p.name(), s.name, d),
                Err(e) => assert!(
                    NEEDS_OTHER.contains(&s.name) && e.to_string().contains("requires"),
                    "{} {}={}: {}",
                    p.name(),
                    s.name,
                    d,
                    e
                ),
            }
        }
    }
}

/// `applies` says exactly which options `new` refuses for a preset's seats.
#[test]
fn applies_matches_what_new_refuses() {
    for p in ALL {
        for s in specs() {
            let v = match (s.name, s.default) {
                ("players", _) => PLAYERS
                    .iter()
                    .find(|&&(_, n)| n == p.players())
                    .unwrap()
                    .0
                    .to_string(),
                (_, Some(d)) => d.to_string(),
                (_, None) => "5".to_string(),
            };
            let refused = HokmConfig::new(p.name(), &o(s.name, &v))
                .err()
                .map(|e| e.to_string())
                .is_some_and(|e| {
                    [
                        "four-player",
                        "two-player",
                        "hokm3 only",
                        "does not apply to hokm3",
                    ]
                    .iter()
                    .any(|w| e.contains(w))
                });
            assert_eq!(
                applies(p, s.name),
                !refused,
                "{} {}={}",
                p.name(),
                s.name,
                v
            );
        }
    }
}

#[test]
fn hokm3_and_removed_two() {
    let c = HokmConfig::new("hokm3", &o("removed_two", "2s")).unwrap();
    assert!(!c
        .pack
        .deck
        .contains(Pack::french52().parse_card("2S").unwrap()));
    let e = HokmConfig::new("hokm4", &o("removed_two", "2S"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("applies to hokm3 only"), "{}", e);
}

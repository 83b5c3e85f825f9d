//! The options in effect ([`AnyGame::effective_options`]): every option of
//! a preset with a value, the given ones first, then the values a game
//! derives, then the preset's defaults; and every game's option table
//! accepts its own defaults.

use super::{AnyGame, ALL};
use crate::options::{check, Spec};

fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
    p.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn value(g: &AnyGame, key: &str) -> Option<String> {
    g.effective_options()
        .into_iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
}

#[test]
fn every_option_of_every_preset_has_a_value_but_the_rules() {
    for e in ALL {
        let g = AnyGame::new(e.name, &[]).unwrap();
        let effective = g.effective_options();
        let names: Vec<&str> = effective.iter().map(|(k, _)| k.as_str()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "{}", e.name);
        for i in AnyGame::option_info(e.name).unwrap() {
            let found = names.contains(&i.name);
            // Hokm's points_bavney, unset, is a kot's value: no single number.
            assert_eq!(found, i.name != "points_bavney", "{} {}", e.name, i.name);
            if let Some(d) = i.default {
                assert_eq!(value(&g, i.name), Some(d), "{} {}", e.name, i.name);
            }
        }
    }
}

#[test]
fn given_and_derived_values_win_over_defaults() {
    let g = AnyGame::new("hokm4", &pairs(&[("stop_rule", "play_all")])).unwrap();
    assert_eq!(value(&g, "stop_rule").as_deref(), Some("play_all"));
    assert_eq!(value(&g, "players").as_deref(), Some("4"));
    assert_eq!(value(&g, "target_points").as_deref(), Some("7"));
    let g = AnyGame::new(
        "hokm4",
        &pairs(&[
            ("scoring", "netherlands"),
            ("stop_rule", "kot_choice"),
            ("points_bavney", "9"),
        ]),
    )
    .unwrap();
    assert_eq!(value(&g, "target_points").as_deref(), Some("21"));
    assert_eq!(value(&g, "points_bavney").as_deref(), Some("9"));
    let g = AnyGame::new("29", &[]).unwrap();
    assert_eq!(value(&g, "last_trick_bonus").as_deref(), Some("on"));
    assert_eq!(value(&g, "max_bid").as_deref(), Some("29"));
    let g = AnyGame::new("28", &[]).unwrap();
    assert_eq!(value(&g, "last_trick_bonus").as_deref(), Some("off"));
    assert_eq!(value(&g, "min_bid").as_deref(), Some("14"));
    let g = AnyGame::new("naqsh", &pairs(&[("players", "3")])).unwrap();
    assert_eq!(value(&g, "hands").as_deref(), Some("3"));
}

/// Every game's options, as its configuration module describes them (the
/// games of the catalog).
fn games() -> Vec<(&'static str, &'static [Spec])> {
    macro_rules! specs {
        ($($module:ident :: $game:ident),*) => {
            vec![$((
                stringify!($module),
                <crate::games::$module::$game as crate::surface::Game>::specs(),
            )),*]
        };
    }
    crate::games::each_game!(specs)
}

#[test]
fn every_default_is_accepted_by_its_spec() {
    for (game, specs) in games() {
        for s in specs {
            if let Some(d) = s.default {
                let pairs = vec![(s.name.to_string(), d.to_string())];
                if let Err(e) = check(game, specs, &[], &pairs) {
                    panic!("{} {}={}: {}", game, s.name, d, e);
                }
            }
        }
        let mut names: Vec<&str> = specs.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), specs.len(), "{}: an option twice", game);
    }
}

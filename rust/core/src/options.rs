//! Rules options as data: `key=value` pairs named exactly as in the rules
//! files, checked against a table of what each key accepts.

use crate::error::{Error, Result};

/// What one option accepts.
#[derive(Clone, Copy, Debug)]
pub enum Accepts {
    /// One of these words (the first is listed first in the rules file).
    Words(&'static [&'static str]),
    /// An on/off switch; accepts `on`/`off`, `true`/`false` (and Python booleans).
    Switch,
    /// A whole number in `lo..=hi`.
    Number(i64, i64),
    /// Free text checked by the game itself (e.g. a card or a batch pattern).
    Text(&'static str),
}

/// The description of one option.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The option's key.
    pub name: &'static str,
    /// What it accepts.
    pub accepts: Accepts,
}

/// Normalises the value of a switch: `on`/`true`/`1` → `on`, `off`/`false`/`0` → `off`.
fn switch_word(v: &str) -> Option<&'static str> {
    match v.to_ascii_lowercase().as_str() {
        "on" | "true" | "1" | "yes" => Some("on"),
        "off" | "false" | "0" | "no" => Some("off"),
        _ => None,
    }
}

/// Checks `pairs` against `specs` and returns them normalised (switches as
/// `on`/`off`). `unsupported` lists keys of the rules file that this engine
/// does not offer yet; they are refused with a message that says so.
pub fn check(
    game: &str,
    specs: &[Spec],
    unsupported: &[&str],
    pairs: &[(String, String)],
) -> Result<Vec<(String, String)>> {
    let mut out = Vec::with_capacity(pairs.len());
    for (k, v) in pairs {
        let Some(spec) = specs.iter().find(|s| s.name == k) else {
            if unsupported.contains(&k.as_str()) {
                return Err(Error::Option(format!(
                    "option {:?} of the rules file is not offered by {} yet",
                    k, game
                )));
            }
            let mut names: Vec<&str> = specs.iter().map(|s| s.name).collect();
            names.sort_unstable();
            return Err(Error::Option(format!(
                "unknown option {:?} for {}; valid options: {}",
                k,
                game,
                names.join(", ")
            )));
        };
        let value = match spec.accepts {
            Accepts::Words(words) => {
                let lv = v.to_ascii_lowercase();
                if !words.contains(&lv.as_str()) {
                    return Err(Error::Option(format!(
                        "bad value {:?} for option {}; valid values: {}",
                        v,
                        k,
                        words.join(", ")
                    )));
                }
                lv
            }
            Accepts::Switch => switch_word(v)
                .ok_or_else(|| {
                    Error::Option(format!(
                        "bad value {:?} for option {}; valid values: on, off (or true, false)",
                        v, k
                    ))
                })?
                .to_string(),
            Accepts::Number(lo, hi) => match v.trim().parse::<i64>() {
                Ok(n) if (lo..=hi).contains(&n) => n.to_string(),
                _ => {
                    return Err(Error::Option(format!(
                        "bad value {:?} for option {}; valid values: whole numbers {} to {}",
                        v, k, lo, hi
                    )))
                }
            },
            Accepts::Text(_) => v.trim().to_string(),
        };
        out.push((k.clone(), value));
    }
    Ok(out)
}

/// Looks up a normalised option value.
pub fn get<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[Spec] = &[
        Spec {
            name: "stop_rule",
            accepts: Accepts::Words(&["first_to_7", "kot_choice", "play_all"]),
        },
        Spec {
            name: "random_trump",
            accepts: Accepts::Switch,
        },
        Spec {
            name: "target_points",
            accepts: Accepts::Number(1, 1000),
        },
    ];

    fn p(k: &str, v: &str) -> Vec<(String, String)> {
        vec![(k.to_string(), v.to_string())]
    }

    #[test]
    fn good_values_normalise() {
        assert_eq!(
            check("g", SPECS, &[], &p("random_trump", "true")).unwrap()[0].1,
            "on"
        );
        assert_eq!(
            check("g", SPECS, &[], &p("stop_rule", "Play_All")).unwrap()[0].1,
            "play_all"
        );
    }

    #[test]
    fn bad_values_list_the_valid_ones() {
        let e = check("g", SPECS, &[], &p("stop_rule", "x"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("first_to_7, kot_choice, play_all"), "{}", e);
        let e = check("g", SPECS, &[], &p("nope", "x"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("valid options: random_trump, stop_rule, target_points"),
            "{}",
            e
        );
        let e = check("g", SPECS, &["collection"], &p("collection", "x"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("not offered"), "{}", e);
        assert!(check("g", SPECS, &[], &p("target_points", "0")).is_err());
    }
}

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
    /// The option's default value as written in the rules file's "Named
    /// options" table (the first value listed), or `None` when the default
    /// depends on other options or on the preset (e.g. Hokm's
    /// `target_points`, 21 with `scoring=netherlands`). Where the engine's
    /// default differs from the table, this is the engine's (the game's
    /// configuration module says so).
    pub default: Option<&'static str>,
}

/// Normalises the value of a switch: `on`/`true`/`1` → `on`, `off`/`false`/`0` → `off`.
fn switch_word(v: &str) -> Option<&'static str> {
    match v.to_ascii_lowercase().as_str() {
        "on" | "true" | "1" | "yes" => Some("on"),
        "off" | "false" | "0" | "no" => Some("off"),
        _ => None,
    }
}

/// The longest option value read, in bytes.
pub const MAX_VALUE_TEXT: usize = 256;

/// Checks one value `v` of the option `spec` and returns it normalised
/// (switches as `on`/`off`, words in lower case, numbers without padding).
pub fn normalise(spec: &Spec, v: &str) -> Result<String> {
    let k = spec.name;
    if v.len() > MAX_VALUE_TEXT {
        return Err(Error::Option(format!(
            "bad value {} for option {}: at most {} characters are read",
            crate::notation::quoted(v),
            k,
            MAX_VALUE_TEXT
        )));
    }
    Ok(match spec.accepts {
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
    })
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
        let value = normalise(spec, v)?;
        out.push((k.clone(), value));
    }
    Ok(out)
}

/// The words of a table of (word, value) pairs, in the table's order: the
/// [`Accepts::Words`] of an option whose words are parsed by [`word`], so
/// that each word is written once.
pub const fn words<T: Copy, const N: usize>(table: &[(&'static str, T); N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = table[i].0;
        i += 1;
    }
    out
}

/// The value of option `key`: the last one in `pairs` (normalised values,
/// as [`check`] returns them), else its spec's default, normalised. An
/// error when `key` has no spec, or has no default and is not in `pairs`.
pub fn value(pairs: &[(String, String)], specs: &[Spec], key: &str) -> Result<String> {
    if let Some(v) = get(pairs, key) {
        return Ok(v.to_string());
    }
    let spec = specs
        .iter()
        .find(|s| s.name == key)
        .ok_or_else(|| Error::Option(format!("unknown option {:?}", key)))?;
    let default = spec.default.ok_or_else(|| {
        Error::Option(format!("option {} has no fixed default; give a value", key))
    })?;
    normalise(spec, default)
}

/// The typed value of word option `key` ([`value`]) by `table`: a word
/// missing from the table is an error, never a default.
pub fn word<T: Copy>(
    pairs: &[(String, String)],
    specs: &[Spec],
    key: &str,
    table: &[(&str, T)],
) -> Result<T> {
    let v = value(pairs, specs, key)?;
    table
        .iter()
        .find(|(w, _)| *w == v)
        .map(|&(_, t)| t)
        .ok_or_else(|| {
            let valid: Vec<&str> = table.iter().map(|&(w, _)| w).collect();
            Error::Option(format!(
                "bad value {:?} for option {}; valid values: {}",
                v,
                key,
                valid.join(", ")
            ))
        })
}

/// The value of switch option `key` ([`value`]): `on` is true, `off` false.
pub fn switch(pairs: &[(String, String)], specs: &[Spec], key: &str) -> Result<bool> {
    match value(pairs, specs, key)?.as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(Error::Option(format!(
            "bad value {:?} for option {}; valid values: on, off (or true, false)",
            other, key
        ))),
    }
}

/// The value of number option `key` ([`value`]) as a `T`.
pub fn number<T: std::str::FromStr>(
    pairs: &[(String, String)],
    specs: &[Spec],
    key: &str,
) -> Result<T> {
    let v = value(pairs, specs, key)?;
    v.parse().map_err(|_| {
        Error::Option(format!(
            "bad value {:?} for option {}; a whole number is needed",
            v, key
        ))
    })
}

/// A preset's option values followed by the user's (checked by [`check`]):
/// the pairs [`value`] reads, the user's winning where both set a key.
///
/// ```
/// use hukm_core::options::with_preset;
/// let all = with_preset(&[("players", "6")], &[("players".into(), "4".into())]);
/// assert_eq!(hukm_core::options::get(&all, "players"), Some("4"));
/// ```
pub fn with_preset(preset: &[(&str, &str)], user: &[(String, String)]) -> Vec<(String, String)> {
    preset
        .iter()
        .map(|&(k, v)| (k.to_string(), v.to_string()))
        .chain(user.iter().cloned())
        .collect()
}

/// A switch's value as the options write it (`on`/`off`).
pub fn on_off(v: bool) -> String {
    if v { "on" } else { "off" }.to_string()
}

/// Looks up a normalised option value.
pub fn get<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Helpers of the games' configuration tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::Spec;

    /// Owned `(key, value)` pairs.
    pub fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// The engine's defaults are the specs': giving an option its default
    /// changes nothing, in every preset of `presets` that does not set it.
    /// `rules(preset, options)` is the configuration's rule values as text
    /// (its list of given options left out).
    pub fn given_defaults_change_nothing(
        presets: &[&str],
        specs: &[Spec],
        preset_defaults: impl Fn(&str) -> Vec<(&'static str, &'static str)>,
        rules: impl Fn(&str, &[(String, String)]) -> String,
    ) {
        for &p in presets {
            let base = rules(p, &[]);
            let set = preset_defaults(p);
            for s in specs {
                let Some(d) = s.default else { continue };
                if set.iter().any(|&(k, _)| k == s.name) {
                    continue;
                }
                assert_eq!(
                    rules(p, &pairs(&[(s.name, d)])),
                    base,
                    "{} {}={}",
                    p,
                    s.name,
                    d
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[Spec] = &[
        Spec {
            name: "stop_rule",
            accepts: Accepts::Words(&["first_to_7", "kot_choice", "play_all"]),
            default: Some("first_to_7"),
        },
        Spec {
            name: "random_trump",
            accepts: Accepts::Switch,
            default: Some("false"),
        },
        Spec {
            name: "target_points",
            accepts: Accepts::Number(1, 1000),
            default: None,
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

    #[test]
    fn values_fall_back_to_the_default_and_words_map_exactly() {
        const RULES: [(&str, u8); 3] = [("first_to_7", 7), ("kot_choice", 1), ("play_all", 13)];
        assert_eq!(words(&RULES), ["first_to_7", "kot_choice", "play_all"]);
        let given = check("g", SPECS, &[], &p("stop_rule", "play_all")).unwrap();
        assert_eq!(word(&given, SPECS, "stop_rule", &RULES).unwrap(), 13);
        assert_eq!(word(&[], SPECS, "stop_rule", &RULES).unwrap(), 7);
        // The default is normalised like a given value.
        assert!(!switch(&[], SPECS, "random_trump").unwrap());
        // No fixed default: an error, not a guess.
        assert!(number::<u32>(&[], SPECS, "target_points").is_err());
        assert_eq!(
            number::<u32>(&p("target_points", "9"), SPECS, "target_points").unwrap(),
            9
        );
        // A word missing from the table is an error, never a default.
        let e = word(&given, SPECS, "stop_rule", &RULES[..2])
            .unwrap_err()
            .to_string();
        assert!(e.contains("bad value"), "{}", e);
    }
}

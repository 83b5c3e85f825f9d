//! The fuzz targets: each reads a structured input from raw bytes (with
//! `arbitrary`) and checks properties that must hold for every input. A
//! property that fails panics; the driver catches the panic and keeps the
//! input.

use arbitrary::{Result as AResult, Unstructured};
use hukm_core::game::GameState;
use hukm_core::params::{Param, Params};
use hukm_core::registry::{AnyGame, AnyState, ALL};
use hukm_core::solve::request::SolveRequest;
use hukm_core::Pack;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Inputs that got past the parsers and built a game or a position (the
/// driver prints it, to show how deep the inputs reach).
pub static MADE: AtomicU64 = AtomicU64::new(0);

/// A fuzz target: a name and the function run on each input.
pub struct Target {
    /// The name given on the command line.
    pub name: &'static str,
    /// What it checks.
    pub about: &'static str,
    /// Runs one input (panics when a property fails).
    pub run: fn(&[u8]),
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target {
        name: "notation",
        about: "cards, hands and deals of every pack: no panic, and what parses formats back to itself",
        run: notation,
    },
    Target {
        name: "options",
        about: "every preset with arbitrary option keys and values: no panic; a game made plays",
        run: options,
    },
    Target {
        name: "positions",
        about: "from_deal of every game with arbitrary deals and keywords: no panic; a position made plays and solves under a node limit",
        run: positions,
    },
    Target {
        name: "actions",
        about: "random action sequences (legal and mangled) on every preset: a refused action changes nothing, replay and clone agree",
        run: actions,
    },
    Target {
        name: "search",
        about: "random play and undo on the solver's search games of every preset, from random points of seeded hands: every undo restores the game",
        run: search,
    },
];

/// The default game of every preset, made once.
fn games() -> &'static [AnyGame] {
    static GAMES: OnceLock<Vec<AnyGame>> = OnceLock::new();
    GAMES.get_or_init(|| {
        ALL.iter()
            .map(|e| AnyGame::new(e.name, &[]).expect("every preset builds"))
            .collect()
    })
}

/// A seeded deal of every preset, made once (material to mutate).
fn deals() -> &'static [String] {
    static DEALS: OnceLock<Vec<String>> = OnceLock::new();
    DEALS.get_or_init(|| {
        games()
            .iter()
            .map(|g| g.deal(7, &Params::new()).unwrap_or_default())
            .collect()
    })
}

/// Each preset's `from_deal` keywords with their kinds (its description),
/// and every keyword any preset takes, made once.
type Keywords = (Vec<Vec<(&'static str, &'static str)>>, Vec<&'static str>);

fn keywords() -> &'static Keywords {
    static KEYWORDS: OnceLock<Keywords> = OnceLock::new();
    KEYWORDS.get_or_init(|| {
        let own: Vec<Vec<(&str, &str)>> = games()
            .iter()
            .map(|g| {
                let d = g.describe();
                d.from_deal.iter().map(|k| (k.name, k.kind)).collect()
            })
            .collect();
        let mut all: Vec<&str> = own.iter().flatten().map(|k| k.0).collect();
        all.sort_unstable();
        all.dedup();
        (own, all)
    })
}

/// Text from the input: either arbitrary, or a known text mutated.
fn text(u: &mut Unstructured<'_>, seeds: &[&str]) -> AResult<String> {
    if seeds.is_empty() || u.ratio(1, 3)? {
        return u.arbitrary::<String>();
    }
    let base = *u.choose(seeds)?;
    let mut chars: Vec<char> = base.chars().collect();
    for _ in 0..u.int_in_range(0..=4)? {
        let op = u.int_in_range(0..=3)?;
        let at = if chars.is_empty() {
            0
        } else {
            u.int_in_range(0..=chars.len() - 1)?
        };
        match op {
            0 if !chars.is_empty() => {
                chars.remove(at);
            }
            1 => chars.insert(at.min(chars.len()), u.arbitrary::<char>()?),
            2 if !chars.is_empty() => {
                chars[at] = *u.choose(&[' ', '.', ':', '+', '-', '1', '0', 'X'])?
            }
            _ => {
                let from = u.int_in_range(0..=chars.len())?;
                let tail: Vec<char> = chars[from..].to_vec();
                chars.extend(tail);
            }
        }
    }
    Ok(chars.into_iter().collect())
}

fn notation(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let _ = (|| -> AResult<()> {
        let g = u.choose(games())?;
        let pack: &Pack = g.pack();
        let deal = &deals()[games()
            .iter()
            .position(|x| x.preset() == g.preset())
            .unwrap_or(0)];
        let hands: Vec<&str> = deal.split_whitespace().collect();
        let cards: Vec<String> = pack.cards().iter().map(|c| pack.format_card(*c)).collect();
        let card_refs: Vec<&str> = cards.iter().map(String::as_str).collect();
        let t = text(&mut u, &card_refs)?;
        if let Ok(c) = pack.parse_card(&t) {
            assert_eq!(
                pack.parse_card(&pack.format_card(c)).ok(),
                Some(c),
                "card {:?}",
                t
            );
        }
        let t = text(&mut u, &hands)?;
        if let Ok(h) = pack.parse_hand(&t) {
            MADE.fetch_add(1, Ordering::Relaxed);
            let back = pack.format_hand(h);
            assert_eq!(
                pack.parse_hand(&back).ok(),
                Some(h),
                "hand {:?} -> {:?}",
                t,
                back
            );
            let labelled = pack.format_hand_labelled(h);
            assert_eq!(
                pack.parse_hand(&labelled).ok(),
                Some(h),
                "labelled {:?}",
                labelled
            );
        }
        let t = text(&mut u, &[deal.as_str()])?;
        let players = u.int_in_range(0..=8)?;
        if let Ok(d) = pack.parse_deal(&t, players) {
            assert_eq!(d.len(), players);
        }
        Ok(())
    })();
}

fn options(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let _ = (|| -> AResult<()> {
        let e = u.choose(ALL)?;
        let info = AnyGame::option_info(e.name).expect("known preset");
        let mut given: Vec<(String, String)> = Vec::new();
        for _ in 0..u.int_in_range(0..=4)? {
            let key = if !info.is_empty() && u.ratio(4, 5)? {
                u.choose(&info)?.name.to_string()
            } else {
                u.arbitrary::<String>()?
            };
            let words = [
                "on",
                "off",
                "true",
                "false",
                "0",
                "1",
                "2",
                "13",
                "-1",
                "99999999999999999999",
                "",
            ];
            let value = if u.ratio(1, 2)? {
                u.choose(&words)?.to_string()
            } else {
                u.arbitrary::<String>()?
            };
            given.push((key, value));
        }
        if let Ok(g) = AnyGame::new(e.name, &given) {
            MADE.fetch_add(1, Ordering::Relaxed);
            let seed = u.arbitrary::<u64>()?;
            if let Ok(mut s) = g.new_game(seed, &Params::new()) {
                walk(&mut u, &mut s, 40)?;
            }
        }
        Ok(())
    })();
}

/// Plays up to `steps` random legal actions, checking the state's reads on the way.
fn walk(u: &mut Unstructured<'_>, s: &mut AnyState, steps: usize) -> AResult<()> {
    for _ in 0..steps {
        if s.is_terminal() {
            break;
        }
        let legal = s.legal_actions();
        assert!(
            !legal.is_empty(),
            "no legal action in a live state: {:?}",
            s
        );
        if u.ratio(1, 4)? {
            let _ = s.observation(u.choose_index(s.num_players())?);
        }
        let a = u.choose(&legal)?;
        s.apply(a)
            .unwrap_or_else(|e| panic!("legal action {} refused: {}", a, e));
    }
    Ok(())
}

fn param(u: &mut Unstructured<'_>) -> AResult<Param> {
    Ok(match u.int_in_range(0..=5)? {
        0 => Param::Null,
        1 => Param::Bool(u.arbitrary()?),
        2 => Param::Int(u.int_in_range(-2..=14)?),
        3 => Param::Int(u.arbitrary()?),
        4 => Param::Text(text(
            u,
            &["S", "H", "D", "C", "N", "KC", "AS", "2GH+KGH", "GH"],
        )?),
        _ => {
            let n = u.int_in_range(0..=7)?;
            let mut v = Vec::with_capacity(n);
            for _ in 0..n {
                v.push(u.int_in_range(-1..=14)?);
            }
            Param::Ints(v)
        }
    })
}

fn positions(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let _ = (|| -> AResult<()> {
        let i = u.choose_index(games().len())?;
        let g = &games()[i];
        let deal = &deals()[i];
        let t = if u.ratio(1, 2)? {
            deal.clone()
        } else {
            text(&mut u, &[deal.as_str()])?
        };
        let pack = g.pack();
        let suits: Vec<String> = (0..pack.num_suits() as u8)
            .map(|x| pack.format_card(pack.card_at(x, 0)))
            .map(|c| c.chars().skip(1).collect())
            .collect();
        let cards: Vec<String> = pack.cards().iter().map(|c| pack.format_card(*c)).collect();
        let (own, keys) = keywords();
        let own = &own[i];
        let mut params = Params::new();
        for _ in 0..u.int_in_range(0..=4)? {
            let (k, kind) = if !own.is_empty() && u.ratio(9, 10)? {
                let (k, kind) = *u.choose(own)?;
                (k.to_string(), kind)
            } else if u.ratio(5, 6)? {
                ((*u.choose(keys)?).to_string(), "")
            } else {
                (u.arbitrary::<String>()?, "")
            };
            let sensible = match kind {
                "suit" | "strain" if u.ratio(3, 4)? => Some(Param::Text(u.choose(&suits)?.clone())),
                "card" | "cards" if u.ratio(3, 4)? => Some(Param::Text(u.choose(&cards)?.clone())),
                "seat" if u.ratio(3, 4)? => {
                    Some(Param::Int(u.int_in_range(0..=g.num_players() as i64 - 1)?))
                }
                _ => None,
            };
            let v = match sensible {
                Some(v) => v,
                None => param(&mut u)?,
            };
            params.set(&k, v);
        }
        if let Ok(mut s) = g.from_deal(&t, &params) {
            MADE.fetch_add(1, Ordering::Relaxed);
            if !s.is_terminal() {
                let mut req = SolveRequest::new()
                    .with_limits(Some(4_000), None, Some(1))
                    .expect("valid limits");
                req.details = u.arbitrary()?;
                let _ = s.solve(&req);
                let _ = s.determinize(s.current_player().unwrap_or(0), u.arbitrary()?);
            }
            walk(&mut u, &mut s, 12)?;
        }
        Ok(())
    })();
}

fn actions(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let _ = (|| -> AResult<()> {
        let g = u.choose(games())?;
        let seed = u.int_in_range(0..=1_000_000)?;
        let mut s = g.new_game(seed, &Params::new()).expect("a seeded game");
        MADE.fetch_add(1, Ordering::Relaxed);
        for _ in 0..u.int_in_range(0..=120)? {
            if s.is_terminal() {
                break;
            }
            let legal = s.legal_actions();
            if u.ratio(1, 4)? {
                // A mangled or foreign action: refused with nothing changed, or legal.
                let refs: Vec<&str> = legal.iter().map(String::as_str).collect();
                let bad = text(&mut u, &refs)?;
                // The whole rendering now and then (it is slow), the
                // history and the legal actions always.
                let full = u.ratio(1, 8)?;
                let before = full.then(|| format!("{:?}", s));
                let history = s.actions();
                if s.apply(&bad).is_err() {
                    assert_eq!(
                        history,
                        s.actions(),
                        "refusing {:?} changed the history",
                        bad
                    );
                    assert_eq!(
                        legal,
                        s.legal_actions(),
                        "refusing {:?} changed the legal actions",
                        bad
                    );
                    if let Some(before) = before {
                        assert_eq!(
                            before,
                            format!("{:?}", s),
                            "refusing {:?} changed the state",
                            bad
                        );
                    }
                }
            } else {
                let a = u.choose(&legal)?;
                s.apply(a)
                    .unwrap_or_else(|e| panic!("legal {} refused: {}", a, e));
            }
        }
        let copy = s.clone();
        assert_eq!(format!("{:?}", copy), format!("{:?}", s));
        let again = AnyState::replay(s.game(), s.origin(), &s.actions()).expect("a state replays");
        assert_eq!(format!("{:?}", again), format!("{:?}", s), "replay differs");
        for p in 0..s.num_players() {
            assert_eq!(again.observation(p).ok(), s.observation(p).ok());
        }
        if let Some(p) = s.current_player() {
            if let Ok(d) = s.determinize(p, u.arbitrary()?) {
                assert_eq!(
                    d.observation(p).ok(),
                    s.observation(p).ok(),
                    "determinize changed what the player sees"
                );
            }
        }
        Ok(())
    })();
}

fn search(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let _ = (|| -> AResult<()> {
        let g = u.choose(games())?;
        let seed = u.int_in_range(0..=1_000_000)?;
        let mut s = g.new_game(seed, &Params::new()).expect("a seeded game");
        // Into the hand: through the auction, then some tricks.
        for _ in 0..u.int_in_range(0..=160)? {
            if s.is_terminal() {
                break;
            }
            let legal = s.legal_actions();
            let a = u.choose(&legal)?;
            s.apply(a)
                .unwrap_or_else(|e| panic!("legal action {} refused: {}", a, e));
        }
        if s.is_terminal() {
            return Ok(());
        }
        let depth = u.int_in_range(0..=200)?;
        let mut pick = |n: usize| u.choose_index(n).unwrap_or(0);
        match s.check_search(depth, &mut pick) {
            Ok(played) => {
                if played > 0 {
                    MADE.fetch_add(1, Ordering::Relaxed);
                }
            }
            Err(e) => panic!("{} after {:?}: {}", g.preset(), s.actions(), e),
        }
        Ok(())
    })();
}

#[cfg(test)]
mod tests {
    use super::TARGETS;

    /// Every target on a few hundred pseudo-random inputs: none panics.
    #[test]
    fn every_target_runs_clean() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for t in TARGETS {
            for _ in 0..300 {
                let len = (x % 200) as usize;
                let input: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        x as u8
                    })
                    .collect();
                (t.run)(&input);
            }
        }
    }
}

//! Perft for Twenty-eight: the number of action sequences (cards, `call`,
//! `pair` / `pass`) from fixed positions must equal the counts in
//! `tests/data/perft_twenty_eight.txt`, produced by an independent
//! brute-force reference in the Python tests (which read the same file).

use hukm_core::game::GameState;
use hukm_core::games::twenty_eight::{TrumpStart, TwentyEight, TwentyEightState};

/// The data lines of `tests/data/<name>`, split at `;`.
fn data_lines(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/../../tests/data/{}", env!("CARGO_MANIFEST_DIR"), name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path, e));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').map(str::to_string).collect())
        .collect()
}

fn perft(s: &TwentyEightState, depth: Option<u32>) -> u64 {
    if depth == Some(0) || s.is_terminal() {
        return 1;
    }
    s.legal_actions()
        .iter()
        .map(|a| {
            let mut t = s.clone();
            t.apply(a).expect("legal");
            perft(&t, depth.map(|d| d - 1))
        })
        .sum()
}

#[test]
fn perft_counts_match_the_reference() {
    let mut checked = 0;
    for f in data_lines("perft_twenty_eight.txt") {
        let line = f.join(";");
        assert_eq!(f.len(), 7, "bad line {}", line);
        let mut spec = f[0].split(',');
        let preset = spec.next().unwrap();
        let opts: Vec<(String, String)> = spec
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap();
                (k.to_string(), v.to_string())
            })
            .collect();
        let game = TwentyEight::new(preset, &opts).unwrap();
        let (kind, what) = f[4].split_once(':').unwrap();
        let start = if kind == "open" {
            TrumpStart::Open(what)
        } else {
            TrumpStart::Concealed(what)
        };
        let bidder: usize = f[2].parse().unwrap();
        let leader: usize = f[3].parse().unwrap();
        let state = game.from_deal(&f[1], bidder, leader, start, None).unwrap();
        let depth = (f[5] != "end").then(|| f[5].parse().unwrap());
        let expected: u64 = f[6].parse().unwrap();
        if cfg!(debug_assertions) && expected > 20_000 {
            continue;
        }
        assert_eq!(perft(&state, depth), expected, "{}", line);
        checked += 1;
    }
    assert!(checked >= 20, "only {} positions checked", checked);
}

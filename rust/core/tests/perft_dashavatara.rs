//! Perft for Dashavatara: the number of legal action sequences (single cards,
//! ducal leads, one card per discard) from fixed positions must equal the
//! counts in `tests/data/perft_dashavatara.txt`, produced by the independent
//! reference `tests/reference/dasha_ref.py` (also read by the Python tests).

use hukm_core::games::dashavatara::{DashaState, Dashavatara};

fn perft(s: &DashaState, depth: Option<u32>) -> u64 {
    if depth == Some(0) || s.current().is_none() {
        return 1;
    }
    s.legal()
        .into_iter()
        .map(|a| {
            let mut t = s.clone();
            t.apply_action(a).expect("legal");
            perft(&t, depth.map(|d| d - 1))
        })
        .sum()
}

#[test]
fn perft_counts_match_the_reference() {
    let path = format!(
        "{}/../../tests/data/perft_dashavatara.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path, e));
    let mut checked = 0;
    let mut with_ducal = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split(';').collect();
        assert_eq!(f.len(), 5, "bad line {}", line);
        let opts: Vec<(String, String)> = if f[0] == "-" {
            Vec::new()
        } else {
            f[0].split(',')
                .map(|kv| {
                    let (k, v) = kv.split_once('=').unwrap();
                    (k.to_string(), v.to_string())
                })
                .collect()
        };
        let game = Dashavatara::new(&opts).unwrap();
        let leader = (f[2] != "-").then(|| f[2].parse().unwrap());
        let state = game.from_deal(f[1], leader, None).unwrap();
        if !state.legal_ducals().is_empty() {
            with_ducal += 1;
        }
        let depth = (f[3] != "end").then(|| f[3].parse().unwrap());
        let expected: u64 = f[4].parse().unwrap();
        assert_eq!(perft(&state, depth), expected, "{}", line);
        checked += 1;
    }
    assert!(checked >= 50, "only {} positions checked", checked);
    assert!(
        with_ducal >= 10,
        "only {} positions with a ducal to lead",
        with_ducal
    );
}

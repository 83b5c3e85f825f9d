//! Helpers shared by the integration tests.

use hukm_core::games::hokm::HokmState;

/// The number of legal action sequences of `depth` plies from `s` (to the end
/// of the hand with `None`); a sequence that ends the hand sooner counts once.
pub fn perft(s: &HokmState, depth: Option<u32>) -> u64 {
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

/// The data lines of a file under `tests/data/` of the repository, split at `;`.
pub fn data_lines(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/../../tests/data/{}", env!("CARGO_MANIFEST_DIR"), name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path, e));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').map(str::to_string).collect())
        .collect()
}

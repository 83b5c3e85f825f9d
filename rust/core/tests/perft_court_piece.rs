//! Perft of Court Piece family positions (Satat's 2H, first-void trumps, heap
//! presets) against `tests/data/perft_court_piece.txt`, which the independent
//! reference of the Python tests produced.

mod common;

use common::{data_lines, perft};
use hukm_core::games::hokm::Hokm;

#[test]
fn court_piece_perft_matches_the_reference() {
    let mut checked = 0;
    for fields in data_lines("perft_court_piece.txt") {
        let f: Vec<&str> = fields.iter().map(String::as_str).collect();
        let line = fields.join(";");
        let opts: Vec<(String, String)> = if f[0] == "satat" {
            vec![("stop_rule".into(), "play_all".into())]
        } else {
            Vec::new()
        };
        let expected: u64 = f[5].parse().unwrap();
        if cfg!(debug_assertions) && expected > 200_000 {
            continue;
        }
        let game = Hokm::new(f[0], &opts).unwrap();
        let trump = (f[2] != "-").then_some(f[2]);
        let s = game
            .from_deal(f[1], trump, f[3].parse().unwrap(), None, None)
            .unwrap_or_else(|e| panic!("{}: {}", line, e));
        let depth = (f[4] != "end").then(|| f[4].parse().unwrap());
        assert_eq!(perft(&s, depth), expected, "{}", line);
        checked += 1;
    }
    assert!(checked >= 20);
}

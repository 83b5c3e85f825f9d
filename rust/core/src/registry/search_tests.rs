//! Every preset's search games, built through the registry, checked by
//! [`crate::solve::check::check_play_undo`] (play and undo restore them
//! exactly).

use super::{AnyGame, ALL};
use crate::game::GameState;
use crate::params::Params;

/// Every preset, from several points of several seeded hands: the search
/// games play and take back every card of a random line cleanly, and
/// every trick preset has at least one search game once the play starts.
#[test]
fn every_preset_plays_and_undoes_cleanly() {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n.max(1) as u64) as usize
    };
    for e in ALL {
        let g = AnyGame::new(e.name, &[]).unwrap();
        let mut checked = 0;
        for seed in 0..6 {
            let mut s = g.new_game(seed, &Params::new()).unwrap();
            for _ in 0..(seed as usize * 9) {
                if s.is_terminal() {
                    break;
                }
                let legal = s.legal_actions();
                s.apply(&legal[next(legal.len())]).unwrap();
            }
            // Through the auction into the play when it is short.
            for _ in 0..40 {
                if s.is_terminal() || s.check_search(1, &mut next).unwrap() > 0 {
                    break;
                }
                let legal = s.legal_actions();
                s.apply(&legal[next(legal.len())]).unwrap();
            }
            if s.is_terminal() {
                continue;
            }
            let played = s
                .check_search(200, &mut next)
                .unwrap_or_else(|m| panic!("{} seed {}: {}", e.name, seed, m));
            checked += played;
        }
        if g.family() != "naqsh" {
            assert!(checked > 0, "{}: no search game was checked", e.name);
        }
    }
}

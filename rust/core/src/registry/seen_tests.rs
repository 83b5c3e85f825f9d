//! [`AnyState::seen_history`] of every preset: the history as each seat saw
//! it, the same length as the history, each action whole for its actor and
//! otherwise the same action or its shape with `?` for hidden cards.

use super::{AnyGame, AnyState, ALL};
use crate::game::{GameState, UNSEEN};
use crate::params::Params;

/// `seen` is `action` or its shape with some parts written [`UNSEEN`].
fn same_shape(action: &str, seen: &str) -> bool {
    let parts = |t: &str| -> Vec<String> {
        t.split(':')
            .flat_map(|p| p.split('+'))
            .map(str::to_string)
            .collect()
    };
    let (a, b) = (parts(action), parts(seen));
    a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| x == y || y == UNSEEN)
}

#[test]
fn every_preset_is_seen_action_by_action() {
    let mut r = crate::rng::Rng::new(52);
    let mut hidden = 0;
    for e in ALL {
        let g = AnyGame::new(e.name, &[]).unwrap();
        for seed in 0..4 {
            let mut s = g.new_game(seed, &Params::new()).unwrap();
            let mut actors = Vec::new();
            for _ in 0..150 {
                if s.is_terminal() {
                    break;
                }
                actors.push(s.current_player().unwrap());
                let legal = s.legal_actions();
                s.apply(&legal[r.below(legal.len() as u64) as usize])
                    .unwrap();
            }
            let history = s.history();
            for v in 0..s.num_players() {
                let seen = s.seen_history(v).unwrap();
                assert_eq!(seen.len(), history.len(), "{} seed {}", e.name, seed);
                for ((a, b), &actor) in history.iter().zip(&seen).zip(&actors) {
                    assert!(same_shape(a, b), "{}: {} seen as {}", e.name, a, b);
                    if actor == v {
                        assert_eq!(a, b, "{}: seat {} sees his own action", e.name, v);
                    }
                    hidden += (a != b) as usize;
                }
            }
            // A sample keeps its player's view of the history before it.
            if let Some(p) = s.current_player() {
                let d = s.determinize(p, 5).unwrap();
                assert_eq!(d.seen_history(p).unwrap(), s.seen_history(p).unwrap());
                let again = AnyState::replay(&g, d.origin(), &d.actions()).unwrap();
                assert_eq!(again.seen_history(p).unwrap(), d.seen_history(p).unwrap());
            }
        }
    }
    assert!(hidden > 0, "some action of some preset was hidden");
    let s = AnyGame::new("hokm4", &[]).unwrap();
    let s = s.new_game(0, &Params::new()).unwrap();
    assert!(s.seen_history(4).is_err());
}

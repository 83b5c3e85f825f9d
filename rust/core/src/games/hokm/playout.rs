//! Fast random play-outs of whole hands.

use std::sync::Arc;

use super::config::HokmConfig;
use super::state::{HokmState, Phase};
use crate::rng::Rng;

/// The outcome of a batch of random hands, one row per hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    /// Number of sides (columns of `tricks`).
    pub sides: usize,
    /// Columns of `points`: the sides, or the three real players of Dummy Rang.
    pub point_cols: usize,
    /// Tricks won per side, row-major `(hands, sides)`.
    pub tricks: Vec<u8>,
    /// Points (or kots) scored per side, row-major `(hands, point_cols)`.
    pub points: Vec<i32>,
    /// Winning side per hand, -1 for none.
    pub winner: Vec<i8>,
}

/// Plays hand `index` of the batch seeded by `seed` with uniformly random legal
/// actions, and returns the finished state. The hand is dealt by
/// [`HokmState::new_hand`] (a uniformly random dealer) from the stream
/// `Rng::derive(seed, 2 * index)`; the actions are drawn from the stream
/// `Rng::derive(seed, 2 * index + 1)`.
pub fn random_hand(cfg: &Arc<HokmConfig>, seed: u64, index: u64) -> HokmState {
    let hand_seed = Rng::derive(seed, 2 * index);
    let mut choice = Rng::new(Rng::derive(seed, 2 * index + 1));
    let mut s = HokmState::new_hand(cfg.clone(), hand_seed);
    s.set_recording(false);
    while s.results().is_empty() {
        if s.phase() == Phase::Play {
            let legal = s.legal_cards();
            let k = choice.below(legal.len() as u64) as u32;
            let c = legal.nth_lowest(k).expect("k < len");
            s.play_card(c);
        } else {
            let legal = s.legal();
            let k = choice.below(legal.len() as u64) as usize;
            s.apply_unchecked(legal[k]);
        }
    }
    s
}

/// Plays `n` random hands on `threads` threads (hand `i` depends only on `seed`
/// and `i`, so the result does not depend on the thread count).
pub fn random_playouts(cfg: &Arc<HokmConfig>, n: usize, seed: u64, threads: usize) -> Playouts {
    let sides = cfg.num_sides();
    let pc = if cfg.dummy { 3 } else { sides };
    let mut out = Playouts {
        sides,
        point_cols: pc,
        tricks: vec![0; n * sides],
        points: vec![0; n * pc],
        winner: vec![-1; n],
    };
    let threads = threads.clamp(1, n.max(1));
    let chunk = n.div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let t = out.tricks.chunks_mut(chunk * sides);
        let p = out.points.chunks_mut(chunk * pc);
        let w = out.winner.chunks_mut(chunk);
        for (ci, ((t, p), w)) in t.zip(p).zip(w).enumerate() {
            scope.spawn(move || {
                let fast = super::fast::eligible(cfg);
                for j in 0..w.len() {
                    let i = (ci * chunk + j) as u64;
                    if fast {
                        let mut choice = Rng::new(Rng::derive(seed, 2 * i + 1));
                        let h = super::fast::fast_hand(cfg, Rng::derive(seed, 2 * i), &mut choice);
                        t[j * sides..(j + 1) * sides].copy_from_slice(&h.tricks);
                        p[j * pc..(j + 1) * pc].copy_from_slice(&h.points);
                        w[j] = h.winner;
                        continue;
                    }
                    let s = random_hand(cfg, seed, i);
                    let r = &s.results()[0];
                    t[j * sides..(j + 1) * sides].copy_from_slice(&r.tricks);
                    p[j * pc..(j + 1) * pc].copy_from_slice(&r.points);
                    w[j] = r.winner.map_or(-1, |x| x as i8);
                }
            });
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_kernel_plays_exactly_like_the_engine() {
        let configs: &[(&str, &[(&str, &str)])] = &[
            ("hokm4", &[]),
            ("hokm4", &[("stop_rule", "play_all")]),
            (
                "hokm4",
                &[("first_hakem", "random"), ("deal_batches", "5-3-3-2")],
            ),
            (
                "hokm4",
                &[
                    ("stop_rule", "play_all"),
                    ("points_bavney", "9"),
                    ("points_kot", "4"),
                ],
            ),
        ];
        for (preset, opts) in configs {
            let o: Vec<(String, String)> = opts
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let cfg = Arc::new(HokmConfig::new(preset, &o).unwrap());
            assert!(super::super::fast::eligible(&cfg));
            for i in 0..3000u64 {
                let s = random_hand(&cfg, 77, i);
                let r = &s.results()[0];
                let mut choice = Rng::new(Rng::derive(77, 2 * i + 1));
                let h = super::super::fast::fast_hand(&cfg, Rng::derive(77, 2 * i), &mut choice);
                assert_eq!(h.tricks.to_vec(), r.tricks, "{:?} hand {}", opts, i);
                assert_eq!(h.points.to_vec(), r.points, "{:?} hand {}", opts, i);
                assert_eq!(Some(h.winner as usize), r.winner);
            }
        }
        let cfg = HokmConfig::new("satat", &[]).unwrap();
        assert!(!super::super::fast::eligible(&cfg));
    }

    #[test]
    fn playouts_do_not_depend_on_threads() {
        for preset in [
            "hokm4",
            "hokm3",
            "hokm2",
            "double_sar",
            "dummy_rang",
            "satat",
            "dab_rang",
        ] {
            let cfg = Arc::new(HokmConfig::new(preset, &[]).unwrap());
            let a = random_playouts(&cfg, 50, 9, 1);
            let b = random_playouts(&cfg, 50, 9, 2);
            assert_eq!(a, b);
            assert!(a.winner.iter().all(|&w| w >= 0));
        }
    }
}

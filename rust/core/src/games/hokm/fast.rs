//! A tight play-out kernel for the common four-player configurations: the
//! same rules and the same random draws as the general state machine (a
//! differential test checks them hand by hand), with the hands held as `u64`
//! masks and no allocation.

use super::config::{HokmConfig, RedealNoCourt, Scoring, StopRule};
use crate::rng::Rng;

/// One finished random hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FastHand {
    /// Tricks won per side.
    pub tricks: [u8; 2],
    /// Points scored per side.
    pub points: [i32; 2],
    /// The winning side.
    pub winner: i8,
}

/// True when [`fast_hand`] plays this configuration: four players, the Hakem
/// names one of four suits, plain tricks, Hokm scoring, `first_to_7` or
/// `play_all`.
pub fn eligible(cfg: &HokmConfig) -> bool {
    cfg.players == 4
        && !cfg.random_trump
        && cfg.redeal_no_court == RedealNoCourt::Off
        && !cfg.partner_no_trump_redeal
        && !cfg.partnership_by_draw
        && cfg.scoring == Scoring::Hokm
        && matches!(cfg.stop_rule, StopRule::FirstTo7 | StopRule::PlayAll)
        && !cfg.heap
        && !cfg.satat
        && !cfg.hidden_card
        && !cfg.hidden_call
        && cfg.first_void.is_none()
        && !cfg.thaap
        && !cfg.dummy
}

const SUIT: [u64; 4] = [0x1FFF, 0x1FFF << 16, 0x1FFF << 32, 0x1FFF << 48];

#[inline]
fn nth_bit(mut x: u64, mut k: u32) -> u32 {
    while k > 0 {
        x &= x - 1;
        k -= 1;
    }
    x.trailing_zeros()
}

/// Plays hand `hand_seed` with choices from `choice` exactly as the general
/// engine's `random_hand` does (see `playout.rs`).
pub fn fast_hand(cfg: &HokmConfig, hand_seed: u64, choice: &mut Rng) -> FastHand {
    let mut rng = Rng::new(hand_seed);
    let cards = cfg.pack.cards();
    let n = cards.len();
    let mut deck = [0u8; 52];
    // A uniformly random dealer; the Hakem is next(dealer) (`new_hand`).
    let hakem = (rng.below(4) as usize + 1) & 3;
    // The deal (`shuffled` from the pack's order, then the batch mapping).
    for (d, c) in deck.iter_mut().zip(cards) {
        *d = c.0;
    }
    for i in (1..n).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    let mut hands = [0u64; 4];
    let mut top = 0;
    for &b in &cfg.batches {
        for k in 0..4 {
            let seat = (hakem + k) & 3;
            for &c in &deck[top..top + b] {
                hands[seat] |= 1u64 << c;
            }
            top += b;
        }
    }
    let trump = choice.below(4) as usize;
    let trump_mask = SUIT[trump];
    let mut leader = hakem;
    let mut won = [0u8; 2];
    let mut kot_side: Option<usize> = None;
    let mut winner = 0usize;
    let first_to_7 = cfg.stop_rule == StopRule::FirstTo7;
    for _trick in 0..13 {
        let mut trick = [0u32; 4];
        let mut led_mask = 0;
        for (i, slot) in trick.iter_mut().enumerate() {
            let seat = (leader + i) & 3;
            let hand = hands[seat];
            let follow = hand & led_mask;
            let legal = if i == 0 || follow == 0 { hand } else { follow };
            let k = choice.below(legal.count_ones() as u64) as u32;
            let c = nth_bit(legal, k);
            hands[seat] &= !(1u64 << c);
            if i == 0 {
                led_mask = SUIT[(c / 16) as usize];
            }
            *slot = c;
        }
        // Highest trump, else highest card of the suit led.
        let played =
            (1u64 << trick[0]) | (1u64 << trick[1]) | (1u64 << trick[2]) | (1u64 << trick[3]);
        let trumps = played & trump_mask;
        let top = 63
            - if trumps != 0 {
                trumps
            } else {
                played & led_mask
            }
            .leading_zeros();
        let best = trick
            .iter()
            .position(|&c| c == top)
            .expect("a card of the trick");
        let w = (leader + best) & 3;
        let side = w & 1;
        won[side] += 1;
        if won[side] == 7 && won[1 - side] == 0 {
            kot_side = Some(side);
        }
        leader = w;
        if first_to_7 && won[side] == 7 {
            winner = side;
            break;
        }
        winner = if won[0] > won[1] { 0 } else { 1 };
    }
    let hakem_side = hakem & 1;
    let kot_value = if winner == hakem_side {
        cfg.points_kot
    } else {
        cfg.points_hakem_koti
    } as i32;
    let mut points = [0i32; 2];
    points[winner] = if kot_side == Some(winner) {
        if won[winner] == 13 {
            cfg.points_bavney.map_or(kot_value, |p| p as i32)
        } else {
            kot_value
        }
    } else {
        cfg.points_win as i32
    };
    FastHand {
        tricks: won,
        points,
        winner: winner as i8,
    }
}

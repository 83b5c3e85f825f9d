//! A plain minimax reference for whist positions: no table, no bounds, no
//! collapsing, no ordering, written independently of [`super::whist`]. Only
//! for checking the solver on small endgames (its time grows exponentially).

use super::whist::WhistPosition;

struct Ref {
    hands: Vec<u64>,
    trump: Option<u8>,
    side: Vec<u8>,
}

impl Ref {
    /// Value for side 0 from a state with `trick` (leader first) in progress.
    fn value(&mut self, leader: usize, trick: &mut Vec<u8>) -> u32 {
        let n = self.hands.len();
        if trick.len() == n {
            let mut best = 0;
            for i in 1..n {
                let (c, b) = (trick[i], trick[best]);
                let better = if c / 16 == b / 16 {
                    c > b
                } else {
                    Some(c / 16) == self.trump
                };
                if better {
                    best = i;
                }
            }
            let winner = (leader + best) % n;
            let saved: Vec<u8> = std::mem::take(trick);
            let rest = if self.hands[winner] == 0 {
                0
            } else {
                self.value(winner, trick)
            };
            *trick = saved;
            return rest + u32::from(self.side[winner] == 0);
        }
        let seat = (leader + trick.len()) % n;
        let hand = self.hands[seat];
        let mut legal = hand;
        if let Some(&first) = trick.first() {
            let suit = 0x1FFFu64 << (16 * (first / 16) as u32);
            if hand & suit != 0 {
                legal = hand & suit;
            }
        }
        let maximise = self.side[seat] == 0;
        let mut best: Option<u32> = None;
        for c in 0..64u8 {
            if legal >> c & 1 == 0 {
                continue;
            }
            self.hands[seat] &= !(1u64 << c);
            trick.push(c);
            let v = self.value(leader, trick);
            trick.pop();
            self.hands[seat] |= 1u64 << c;
            best = Some(match best {
                None => v,
                Some(b) if maximise => b.max(v),
                Some(b) => b.min(v),
            });
        }
        best.unwrap_or(0)
    }
}

fn reference(position: &WhistPosition, player: usize) -> Ref {
    let n = position.hands.len();
    let side: Vec<u8> = (0..n)
        .map(|s| {
            let same = if n == 4 {
                s % 2 == player % 2
            } else {
                s == player
            };
            u8::from(!same)
        })
        .collect();
    Ref {
        hands: position.hands.iter().map(|h| h.bits() as u64).collect(),
        trump: position.trump,
        side,
    }
}

/// Exact tricks for `player`'s side from the given position (the current
/// trick included), by full minimax. `position` must be valid; for 4 players
/// the sides are the partnerships, otherwise `player` against the rest.
pub fn brute_force(position: &WhistPosition, player: usize) -> u32 {
    let mut r = reference(position, player);
    let mut trick: Vec<u8> = position.trick.iter().map(|c| c.0).collect();
    r.value(position.leader, &mut trick)
}

/// Value for `player`'s side after each legal card of the player to move,
/// by full minimax, in ascending card order.
pub fn brute_force_cards(position: &WhistPosition, player: usize) -> Vec<(u8, u32)> {
    let seat = position.to_move();
    let hand = position.hands[seat].bits() as u64;
    let mut legal = hand;
    if let Some(first) = position.trick.first() {
        let suit = 0x1FFFu64 << (16 * (first.0 / 16) as u32);
        if hand & suit != 0 {
            legal &= suit;
        }
    }
    let mut out = Vec::new();
    for c in 0..64u8 {
        if legal >> c & 1 == 0 {
            continue;
        }
        let mut r = reference(position, player);
        r.hands[seat] &= !(1u64 << c);
        let mut trick: Vec<u8> = position.trick.iter().map(|c| c.0).collect();
        trick.push(c);
        out.push((c, r.value(position.leader, &mut trick)));
    }
    out
}

/// A seeded random whist endgame for tests and benchmarks: `players` hands
/// of `cards` cards (fewer if the suits cannot supply them) drawn from
/// `suits` suits (1..=4), trump `trump`, a random
/// leader, and `in_trick` random legal cards already played to the trick
/// (`in_trick < players`).
pub fn random_endgame(
    seed: u64,
    players: usize,
    cards: usize,
    suits: u8,
    trump: Option<u8>,
    in_trick: usize,
) -> WhistPosition {
    use crate::card::{Card, CardSet};
    let mut rng = crate::rng::Rng::new(seed);
    let mut pool: Vec<u8> = (0..suits.clamp(1, 4))
        .flat_map(|s| (0..13u8).map(move |r| 16 * s + r))
        .collect();
    rng.shuffle(&mut pool);
    let cards = cards.min(pool.len() / players.max(1));
    let mut hands = vec![CardSet::EMPTY; players];
    for (i, &c) in pool.iter().take(players * cards).enumerate() {
        hands[i % players].insert(Card(c));
    }
    let leader = rng.below(players.max(1) as u64) as usize;
    let mut pos = WhistPosition::new(hands, trump, leader);
    for _ in 0..in_trick.min(players.saturating_sub(1)) {
        let seat = pos.to_move();
        let hand = pos.hands[seat].bits() as u64;
        let mut legal = hand;
        if let Some(first) = pos.trick.first() {
            let suit = 0x1FFFu64 << (16 * (first.0 / 16) as u32);
            if hand & suit != 0 {
                legal &= suit;
            }
        }
        let options: Vec<u8> = (0..64u8).filter(|c| legal >> c & 1 == 1).collect();
        let c = options[rng.below(options.len() as u64) as usize];
        pos.hands[seat].remove(Card(c));
        pos.trick.push(Card(c));
    }
    pos
}

//! Seeded dealing with the batch mapping of `docs/rules/hokm.md` §4.1.
//!
//! The shuffled pack is a sequence `D[0..n]`, `D[0]` on top. A deal is a list
//! of rounds with batch sizes; in each round, starting at the first receiver
//! (`next(dealer)`) and going in play order, each seat takes the next `b` cards
//! from the top. Every game deals through [`shuffled`] and [`deal_batches`], so
//! a seed gives the same cards on every platform.

use crate::card::{Card, CardSet};
use crate::rng::Rng;

/// The cards (given lowest bit first) shuffled by `rng`: `D[0]` is the top card.
pub fn shuffled(cards: &[Card], rng: &mut Rng) -> Vec<Card> {
    let mut v = cards.to_vec();
    rng.shuffle(&mut v);
    v
}

/// Deals `cards` in rounds of `batches` to `players` seats starting at `first`.
/// Returns each seat's hand and the number of cards used.
pub fn deal_batches(
    cards: &[Card],
    players: usize,
    first: usize,
    batches: &[usize],
) -> (Vec<CardSet>, usize) {
    let mut hands = vec![CardSet::EMPTY; players];
    let mut top = 0;
    for &b in batches {
        for k in 0..players {
            let seat = (first + k) % players;
            for &c in &cards[top..top + b] {
                hands[seat].insert(c);
            }
            top += b;
        }
    }
    (hands, top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::Pack;

    #[test]
    fn batches_go_in_play_order_from_first() {
        let cards: Vec<Card> = (0..12).map(Card).collect();
        let (h, used) = deal_batches(&cards, 3, 1, &[2, 2]);
        assert_eq!(used, 12);
        // seat 1 takes D[0..2] and D[6..8]
        assert_eq!(h[1], [0, 1, 6, 7].iter().map(|&i| Card(i)).collect());
        assert_eq!(h[0], [4, 5, 10, 11].iter().map(|&i| Card(i)).collect());
    }

    #[test]
    fn shuffle_keeps_the_pack() {
        let p = Pack::french52();
        let mut r = Rng::new(3);
        let s = shuffled(p.cards(), &mut r);
        assert_eq!(s.len(), 52);
        assert_eq!(s.iter().copied().collect::<CardSet>(), p.deck);
    }
}

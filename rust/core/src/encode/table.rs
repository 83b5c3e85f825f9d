//! The sections every trick game's tensors share: the observer's hand, the
//! cards each seat has played, the trick in progress, who leads and who
//! acts, the hand sizes; and the information state's trick history.

use super::{relative, CardSlots, Layout};
use crate::card::CardSet;

/// Offsets of the shared sections of a table of `n` seats.
#[derive(Clone, Debug)]
pub struct Table {
    /// Seats.
    pub n: usize,
    hand: usize,
    played: usize,
    trick: usize,
    leader: usize,
    to_act: usize,
    sizes: usize,
    scale: f32,
}

/// What the shared sections show, in absolute seats (the writer turns
/// them to the observer's view).
pub struct TableView<'a> {
    /// The observer's seat.
    pub seat: usize,
    /// The cards of his hand he may see.
    pub hand: CardSet,
    /// Each seat's cards played face up in the finished tricks of this hand.
    pub played: &'a [CardSet],
    /// Each seat's cards (face up) in the trick in progress.
    pub trick: &'a [CardSet],
    /// The seat that leads (or is to lead) the trick in progress.
    pub leader: Option<usize>,
    /// The seat to act.
    pub to_act: Option<usize>,
    /// Each seat's number of cards in hand.
    pub sizes: &'a [u32],
}

impl Table {
    /// Adds the shared sections for `n` seats, a pack of `cards` slots and
    /// hands of at most `max_hand` cards.
    pub fn add(l: &mut Layout, n: usize, cards: usize, max_hand: usize) -> Table {
        Table {
            n,
            hand: l.add("hand", &[cards], "the observer's cards (by card slot)"),
            played: l.add(
                "played",
                &[n, cards],
                "cards each seat (0 = the observer, then in play order) played face up in the finished tricks of this hand",
            ),
            trick: l.add(
                "trick",
                &[n, cards],
                "cards each seat played face up to the trick in progress",
            ),
            leader: l.add("leader", &[n], "the seat leading the trick in progress (or to lead next)"),
            to_act: l.add("to_act", &[n], "the seat to act (none when the game is over)"),
            sizes: l.add(
                "hand_sizes",
                &[n],
                "cards in each seat's hand, divided by the most a hand holds",
            ),
            scale: 1.0 / max_hand.max(1) as f32,
        }
    }

    /// Writes the shared sections.
    pub fn write(&self, out: &mut [f32], slots: &CardSlots, v: &TableView<'_>) {
        let n = self.n;
        let c = slots.len();
        slots.write(out, self.hand, v.hand);
        for s in 0..n.min(v.played.len()) {
            let r = relative(s, v.seat, n);
            slots.write(out, self.played + r * c, v.played[s]);
        }
        for s in 0..n.min(v.trick.len()) {
            let r = relative(s, v.seat, n);
            slots.write(out, self.trick + r * c, v.trick[s]);
        }
        if let Some(l) = v.leader {
            out[self.leader + relative(l, v.seat, n)] = 1.0;
        }
        if let Some(a) = v.to_act {
            out[self.to_act + relative(a, v.seat, n)] = 1.0;
        }
        for s in 0..n.min(v.sizes.len()) {
            out[self.sizes + relative(s, v.seat, n)] = v.sizes[s] as f32 * self.scale;
        }
    }
}

/// The information state's trick history: for each trick of the hand in
/// order (the one in progress included), the cards each seat played to it.
#[derive(Clone, Debug)]
pub struct History {
    at: usize,
    n: usize,
    tricks: usize,
    cards: usize,
}

impl History {
    /// Adds the section for hands of at most `tricks` tricks.
    pub fn add(l: &mut Layout, n: usize, cards: usize, tricks: usize) -> History {
        History {
            at: l.add(
                "trick_history",
                &[tricks, n, cards],
                "every trick of this hand in order (the one in progress included): the cards each seat played to it face up",
            ),
            n,
            tricks,
            cards,
        }
    }

    /// Writes trick `k`: `cards[s]` played by absolute seat `s`, seen from
    /// `seat`.
    pub fn write(
        &self,
        out: &mut [f32],
        slots: &CardSlots,
        seat: usize,
        k: usize,
        cards: &[CardSet],
    ) {
        if k >= self.tricks {
            return;
        }
        let base = self.at + k * self.n * self.cards;
        for (s, &set) in cards.iter().enumerate().take(self.n) {
            let r = relative(s, seat, self.n);
            slots.write(out, base + r * self.cards, set);
        }
    }
}

/// Writes a one-hot value: `out[at + i] = 1`.
#[inline]
pub fn one_hot(out: &mut [f32], at: usize, i: usize) {
    out[at + i] = 1.0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::Pack;

    #[test]
    fn the_table_is_seen_from_the_observer() {
        let p = Pack::french52();
        let slots = CardSlots::new(&p);
        let mut l = Layout::new();
        let t = Table::add(&mut l, 4, 52, 13);
        let mut out = vec![0.0; l.len()];
        let as_ = p.parse_card("AS").unwrap().set();
        let ks = p.parse_card("KS").unwrap().set();
        let e = CardSet::EMPTY;
        t.write(
            &mut out,
            &slots,
            &TableView {
                seat: 2,
                hand: ks,
                played: &[e, e, e, as_],
                trick: &[as_, e, e, e],
                leader: Some(0),
                to_act: Some(1),
                sizes: &[13, 13, 12, 13],
            },
        );
        let at = |name: &str| l.section(name).unwrap().offset;
        assert_eq!(out[at("hand") + 1], 1.0);
        assert_eq!(out[at("played") + 52], 1.0, "seat 3 is one after seat 2");
        assert_eq!(out[at("trick") + 2 * 52], 1.0, "seat 0 is two after seat 2");
        assert_eq!(out[at("leader") + 2], 1.0);
        assert_eq!(out[at("to_act") + 3], 1.0);
        assert!((out[at("hand_sizes")] - 12.0 / 13.0).abs() < 1e-6);
        assert_eq!(out.iter().filter(|&&x| x != 0.0).count(), 9);
    }
}

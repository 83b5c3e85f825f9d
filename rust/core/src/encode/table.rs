//! The sections every trick game's tensors share: the observer's hand, the
//! cards each seat has played, the trick in progress, who leads and who
//! acts, the hand sizes; and the information state's trick history.

use super::{relative, CardSlots, Layout};
use crate::card::{Card, CardSet};

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
        slots.write_fresh(out, self.hand, v.hand);
        for s in 0..n.min(v.played.len()) {
            let r = relative(s, v.seat, n);
            slots.write_fresh(out, self.played + r * c, v.played[s]);
        }
        for s in 0..n.min(v.trick.len()) {
            let r = relative(s, v.seat, n);
            slots.write_fresh(out, self.trick + r * c, v.trick[s]);
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

/// Each seat's cards played face up in the finished tricks of the hand and
/// in the trick in progress, for a table of `n` seats: `plays` every card
/// played in the hand with its seat, in order (the trick in progress
/// included), `trick` the trick in progress.
pub fn seat_cards(
    n: usize,
    plays: impl IntoIterator<Item = (usize, Card)>,
    trick: &[(usize, Card)],
) -> (Vec<CardSet>, Vec<CardSet>) {
    let mut played = vec![CardSet::EMPTY; n];
    let mut in_trick = vec![CardSet::EMPTY; n];
    for (seat, c) in plays {
        played[seat].insert(c);
    }
    for &(seat, c) in trick {
        played[seat].remove(c);
        in_trick[seat].insert(c);
    }
    (played, in_trick)
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

impl History {
    /// Writes every trick of `plays` (the cards played in the hand with
    /// their seats, in order, `size` cards a trick), seen from `seat`: each
    /// card once.
    pub fn write_plays(
        &self,
        out: &mut [f32],
        slots: &CardSlots,
        seat: usize,
        plays: impl IntoIterator<Item = (usize, Card)>,
        size: usize,
    ) {
        for (i, (s, c)) in plays.into_iter().enumerate() {
            let k = i / size;
            if k < self.tricks {
                let r = relative(s, seat, self.n);
                slots.write(out, self.at + (k * self.n + r) * self.cards, c.set());
            }
        }
    }
}

/// The information state's auction history: for each call of the auction
/// in order, the seat that made it and the call (one-hot among `calls`).
#[derive(Clone, Debug)]
pub struct Auction {
    at: usize,
    n: usize,
    rows: usize,
    calls: usize,
}

impl Auction {
    /// Adds the section for auctions of at most `rows` calls, each one of
    /// `calls` (`about` names them).
    pub fn add(
        l: &mut Layout,
        n: usize,
        rows: usize,
        calls: usize,
        about: &'static str,
    ) -> Auction {
        Auction {
            at: l.add("auction_history", &[rows, n, calls], about),
            n,
            rows,
            calls,
        }
    }

    /// Number of different calls.
    pub fn calls(&self) -> usize {
        self.calls
    }

    /// Writes the auction `calls` (each the seat and the call's place among
    /// the calls), seen from `seat`.
    pub fn write(
        &self,
        out: &mut [f32],
        seat: usize,
        calls: impl IntoIterator<Item = (usize, usize)>,
    ) {
        for (k, (s, call)) in calls.into_iter().enumerate().take(self.rows) {
            out[self.at + (k * self.n + relative(s, seat, self.n)) * self.calls + call] = 1.0;
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
    fn plays_are_split_into_tricks_and_seats() {
        let p = Pack::twenty_eight();
        let card = |t: &str| p.parse_card(t).unwrap();
        let plays = [(1, card("JS")), (2, card("9S")), (3, card("AH"))];
        let (played, in_trick) = seat_cards(4, plays, &plays[2..]);
        assert_eq!(played[1], card("JS").set());
        assert!(played[3].is_empty());
        assert_eq!(in_trick[3], card("AH").set());
        let slots = CardSlots::new(&p);
        let mut l = Layout::new();
        let h = History::add(&mut l, 4, slots.len(), 8);
        let a = Auction::add(&mut l, 4, 3, 5, "calls");
        let mut out = vec![0.0; l.len()];
        h.write_plays(&mut out, &slots, 1, plays, 2);
        a.write(&mut out, 1, [(0, 4), (1, 2)]);
        let at = |name: &str| l.section(name).unwrap().offset;
        let (th, c) = (at("trick_history"), slots.len());
        assert_eq!(
            out[th + slots.of(card("JS"))],
            1.0,
            "seat 1 is the observer"
        );
        assert_eq!(out[th + c + slots.of(card("9S"))], 1.0);
        assert_eq!(
            out[th + 4 * c + 2 * c + slots.of(card("AH"))],
            1.0,
            "trick 2"
        );
        assert_eq!(
            out[at("auction_history") + 3 * 5 + 4],
            1.0,
            "seat 0 is 3 after seat 1"
        );
        assert_eq!(
            out[at("auction_history") + 4 * 5 + 2],
            1.0,
            "the second call, the observer's"
        );
        assert_eq!(out.iter().filter(|&&x| x != 0.0).count(), 5);
    }

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

//! Card slots: each distinct card of a pack at a fixed place of a tensor
//! section and of the card segment of the action ids.

use crate::card::{Card, CardSet};
use crate::pack::Pack;

/// The distinct cards of a pack in hand order (suits in the pack's order,
/// strongest first); the copies of a card of a double pack share a slot.
#[derive(Clone, Debug)]
pub struct CardSlots {
    slot: [u8; 128],
    cards: Vec<Card>,
    copies: u8,
}

/// Marks a bit that is no card of the pack.
const NONE: u8 = u8::MAX;

impl CardSlots {
    /// The slots of `pack`'s deck.
    ///
    /// ```
    /// use hukm_core::encode::CardSlots;
    /// use hukm_core::pack::Pack;
    /// let p = Pack::french52();
    /// let s = CardSlots::new(&p);
    /// assert_eq!(s.len(), 52);
    /// assert_eq!(s.of(p.parse_card("AS").unwrap()), 0);
    /// assert_eq!(s.of(p.parse_card("2C").unwrap()), 51);
    /// let d = CardSlots::new(&Pack::fifty_six());
    /// assert_eq!((d.len(), d.copies()), (24, 2));
    /// ```
    pub fn new(pack: &Pack) -> CardSlots {
        let mut slot = [NONE; 128];
        let mut cards = Vec::new();
        let mut copies = 1u8;
        for s in 0..pack.num_suits() as u8 {
            let mut last: Option<(u8, usize)> = None;
            let mut count = 0u8;
            for c in (pack.deck & pack.suit_mask(s)).iter().rev() {
                let face = pack.face(c);
                match last {
                    Some((f, i)) if f == face => {
                        slot[c.0 as usize] = i as u8;
                        count += 1;
                    }
                    _ => {
                        let i = cards.len();
                        cards.push(c);
                        slot[c.0 as usize] = i as u8;
                        last = Some((face, i));
                        count = 1;
                    }
                }
                copies = copies.max(count);
            }
        }
        CardSlots {
            slot,
            cards,
            copies,
        }
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True for an empty pack.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The most copies of one card (2 in a double pack).
    pub fn copies(&self) -> u8 {
        self.copies
    }

    /// The slot of a card of the pack.
    #[inline]
    pub fn of(&self, card: Card) -> usize {
        let s = self.slot[card.0 as usize & 127];
        debug_assert!(s != NONE, "card {} is not in the pack", card.0);
        s as usize
    }

    /// The slot of a card, `None` for a bit that is no card of the pack.
    #[inline]
    pub fn get(&self, card: Card) -> Option<usize> {
        let s = self.slot[card.0 as usize & 127];
        (s != NONE).then_some(s as usize)
    }

    /// The card at a slot (the first copy in a double pack).
    #[inline]
    pub fn card(&self, slot: usize) -> Card {
        self.cards[slot]
    }

    /// Adds 1 at `at + slot` for every card of `cards` (2 for both copies
    /// of a double-pack card).
    #[inline]
    pub fn write(&self, out: &mut [f32], at: usize, cards: CardSet) {
        for c in cards.iter() {
            out[at + self.of(c)] += 1.0;
        }
    }

    /// [`CardSlots::write`] into a section still all zero: with one copy of
    /// each card the values are stored without reading them first (a read
    /// just after the row was zeroed waits for the zeroing to land).
    #[inline]
    pub fn write_fresh(&self, out: &mut [f32], at: usize, cards: CardSet) {
        if self.copies == 1 {
            for c in cards.iter() {
                out[at + self.of(c)] = 1.0;
            }
        } else {
            self.write(out, at, cards);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_has_a_slot_and_slots_follow_hand_order() {
        for pack in [
            Pack::french52(),
            Pack::twenty_eight(),
            Pack::forty(),
            Pack::fifty_six(),
            Pack::moghul(crate::pack::ReversedSet::India),
            Pack::dashavatara(crate::pack::AvatarList::Sawantwadi),
        ] {
            let s = CardSlots::new(&pack);
            let order = pack.in_hand_order(pack.deck);
            let mut seen = vec![0u8; s.len()];
            let mut last = 0;
            for c in order {
                let i = s.of(c);
                assert!(i >= last, "{}: slots follow hand order", pack.name);
                last = i;
                seen[i] += 1;
                assert_eq!(pack.format_card(s.card(i)), pack.format_card(c));
            }
            assert!(seen.iter().all(|&k| k >= 1 && k <= s.copies()));
        }
    }

    #[test]
    fn a_removed_card_has_no_slot() {
        let p = Pack::french52();
        let two = p.parse_card("2C").unwrap();
        let s = CardSlots::new(&p.clone().without(two.set()));
        assert_eq!(s.len(), 51);
        assert_eq!(s.get(two), None);
    }
}

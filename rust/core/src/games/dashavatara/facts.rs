//! What a player can tell about the trick in progress (the bots' view of
//! the rules): the card winning so far (the highest trump, else the highest
//! card of the suit led) and for each card of his hand its strength (the
//! suit's own order, reversed suits included), whether it is a trump,
//! whether it would win now and whether it is the highest card of its suit
//! still out. Every card not in a hand has been played in the open.

use super::state::DashaState;
use crate::card::CardSet;
use crate::error::{check_seat, Result};
use crate::facts::{plain, would_win};
use crate::game::TrickFacts;

impl DashaState {
    /// The trick in progress as `seat` can tell it (see the module notes).
    pub fn facts(&self, seat: usize) -> Result<TrickFacts> {
        check_seat("seat", seat, 3)?;
        let pack = &self.cfg.pack;
        let held = self.hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let seen = (pack.deck - held) | self.hands[seat];
        let trump = Some(self.rules.trump);
        let trick: Vec<_> = self
            .trick
            .iter()
            .enumerate()
            .map(|(i, &c)| ((self.leader + i) % 3, c))
            .collect();
        Ok(plain(pack, self.hands[seat], seen, &trick, trump, |c| {
            would_win(pack, &trick, trump, c)
        }))
    }
}

//! What a player can tell about the trick in progress (the bots' view of
//! the rules): the card winning so far (the highest of the suit led, Dugi
//! has no trumps) and for each card of his hand its strength, whether it
//! would win now and whether it is the highest card of its suit still out.
//! Every card not in a hand has been played in the open.

use super::play::DStep;
use super::state::DugiState;
use crate::card::CardSet;
use crate::error::{check_seat, Result};
use crate::facts::{plain, would_win};
use crate::game::TrickFacts;

impl DugiState {
    /// The trick in progress as `seat` can tell it (see the module notes).
    pub fn facts(&self, seat: usize) -> Result<TrickFacts> {
        check_seat("seat", seat, 4)?;
        let pack = &self.cfg.pack;
        let p = &self.play;
        let held = p.hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let seen = (pack.deck - held) | p.hands[seat];
        let live = matches!(p.step, DStep::Follow(_) | DStep::NameFor(_));
        let trick: Vec<_> = if live {
            (0..4)
                .map(|k| (p.leader as usize + k) % 4)
                .filter_map(|s| p.trick[s].map(|c| (s, c)))
                .collect()
        } else {
            Vec::new()
        };
        Ok(plain(pack, p.hands[seat], seen, &trick, None, |c| {
            would_win(pack, &trick, None, c)
        }))
    }
}

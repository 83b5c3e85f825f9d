//! What a player can tell about the lead in progress (the bots' view of the
//! rules): the card winning a single or face-down lead so far, and for each
//! card of his hand its strength (the suit's own order, reversed suits
//! included), whether it would win now and whether it is the highest card
//! of its suit still out. Every card not in a hand has been played in the
//! open; a face-down lead card is seen only by its leader.

use super::play::{Kind, Step};
use super::state::{GanjifaState, Phase};
use crate::card::CardSet;
use crate::error::{check_seat, Result};
use crate::facts::{plain, stronger};
use crate::game::TrickFacts;

impl GanjifaState {
    /// The lead in progress as `seat` can tell it (see the module notes).
    pub fn facts(&self, seat: usize) -> Result<TrickFacts> {
        let n = self.cfg.players;
        check_seat("seat", seat, n)?;
        let pack = &self.cfg.pack;
        let p = &self.play;
        let hand = p.hands[seat];
        let held = p.hands[..n].iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let t = &p.trick;
        let live = self.phase == Phase::Play && matches!(p.step, Step::Give | Step::Double);
        let hidden = if live && t.kind == Kind::Facedown && seat != t.leader as usize {
            t.led
        } else {
            CardSet::EMPTY
        };
        let seen = ((pack.deck - held) - hidden) | hand;
        let mut trick = Vec::new();
        if live {
            for k in 0..n {
                let s = (t.leader as usize + k) % n;
                for c in pack.in_hand_order(t.played[s] - hidden) {
                    trick.push((s, c));
                }
            }
        }
        // Only a single or face-down lead is a contest of the deciding suit.
        let contest = live && matches!(t.kind, Kind::Single | Kind::Facedown);
        let best = trick
            .iter()
            .copied()
            .filter(|&(_, c)| pack.suit_of(c) == t.suit)
            .max_by_key(|&(_, c)| c.0);
        let mut f = plain(pack, hand, seen, &[], None, |c| {
            contest && pack.suit_of(c) == t.suit && best.map_or(true, |(_, b)| c.0 > b.0)
        });
        if live {
            f.led = Some(pack.suits[t.suit as usize].code.clone());
            f.winner = match t.kind {
                Kind::Single | Kind::Facedown => best.map(|(s, c)| (s, pack.format_card(c))),
                Kind::Compound => pack
                    .in_hand_order(t.led)
                    .first()
                    .map(|&c| (t.leader as usize, pack.format_card(c))),
                Kind::Deni => None,
            };
            f.winner_sure = match t.kind {
                Kind::Compound | Kind::Deni => true,
                _ => best.is_some_and(|(_, c)| (stronger(pack, c) - seen).is_empty()),
            };
        }
        Ok(f)
    }
}

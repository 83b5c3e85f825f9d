//! Naqsh (`docs/rules/naqsh.md`): the Ganjifa banking game of 17 — not a trick game.
//!
//! One banker (the dealer) against every punter; two cards each; draw or
//! stand, aiming at a two-card 17 (a *naqsh*, the natural) or the highest
//! total not above 17; the bank passes to the right after each hand.
//!
//! Decisions taken where the rules file leaves room (beyond its own §11):
//!
//! * **Seeding.** A match draws the first banker and then shuffles each hand
//!   from one generator seeded by the match seed.
//! * **Stake phase.** With `stake_mode=after_first_card` (bank mode only) the
//!   first pass is dealt, the punters choose `stake:1`..`stake:<stake_max>` in
//!   play order, then the second pass is dealt. In pool mode the option has no
//!   effect: everyone antes `stake`.
//! * **`banker_rule=stand_at_n`** applies to the dealer in pool mode too (it is
//!   a constraint, not a privilege); under it the banker has no decision.
//! * **Busted punters** pay their stake without a multiplier (§8.1 says "his
//!   stake").
//! * **Pool mode.** Net results count the ante; a pool left over when the
//!   match ends stays unpaid, so the returns of a pool match need not sum to
//!   zero.
//! * **Positions** (`from_position`) start at the first punter's turn with
//!   each seat's first two cards and the stock from the top; punters' stakes
//!   default to the `stake` unit. The stock may be shorter than the rest of
//!   the pack (a player still to act when it runs out must stand).
//! * **Double-dummy value** ([`NaqshState::dd_solve`]) is the seat's net
//!   result of the current hand, payments already made in it included.
//! * **Observations** show a seat's first two cards only to their owner until
//!   they are revealed (a bust, the banker's turn, the settlement); drawn
//!   cards and placed stakes are public.

pub mod config;
pub mod dd;
pub mod hand;
pub mod sample;
pub mod state;
mod surface;
pub mod tensor;
#[cfg(test)]
mod tests;
pub mod view;

use std::sync::Arc;

pub use config::{Mode, NaqshConfig, Special21Mode};
pub use dd::NaqshAnswer;
pub use hand::{Class, Tally};
pub use state::{HandResult, NaqshAction, NaqshState, Phase};
pub use view::parse_action;

use crate::card::Card;
use crate::error::{check_seat, Error, Result};

/// A Naqsh game: the options, from which states are made.
#[derive(Clone, Debug)]
pub struct Naqsh {
    cfg: Arc<NaqshConfig>,
}

impl Naqsh {
    /// The game with `options` applied (`docs/rules/naqsh.md` §10).
    ///
    /// ```
    /// use hukm_core::games::naqsh::Naqsh;
    /// let g = Naqsh::new(&[("pack".into(), "euro48".into())]).unwrap();
    /// assert_eq!(g.config().pack.num_cards(), 48);
    /// assert!(Naqsh::new(&[("mode".into(), "casino".into())]).is_err());
    /// ```
    pub fn new(options: &[(String, String)]) -> Result<Naqsh> {
        Ok(Naqsh {
            cfg: Arc::new(NaqshConfig::new(options)?),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &NaqshConfig {
        &self.cfg
    }

    /// A whole match seeded by `seed`; the first banker at random unless given.
    pub fn new_game(&self, seed: u64, banker: Option<usize>) -> Result<NaqshState> {
        NaqshState::new_match(self.cfg.clone(), seed, banker)
    }

    /// One hand from a position: `deal` holds each seat's first two cards in
    /// compact form, seat 0 first; `stock` the stock from the top joined by
    /// `+` (when `None`, the rest of the pack shuffled by `seed`).
    pub fn from_deal(
        &self,
        deal: &str,
        banker: usize,
        stock: Option<&str>,
        stakes: Option<&[i64]>,
        seed: u64,
    ) -> Result<NaqshState> {
        let p = &self.cfg.pack;
        let hands = p.parse_deal(deal, self.cfg.players)?;
        if let Some((seat, h)) = hands.iter().enumerate().find(|(_, h)| h.len() != 2) {
            return Err(Error::Notation(format!(
                "bad deal: seat {} holds {} card(s); give each seat its first two cards",
                seat,
                h.len()
            )));
        }
        let used = hands.iter().fold(crate::CardSet::EMPTY, |a, &h| a | h);
        let stock: Vec<Card> = match stock {
            Some(text) => {
                let mut taken = used;
                let mut v = Vec::new();
                for (i, t) in text.split('+').map(str::trim).enumerate() {
                    if t.is_empty() && text.trim().is_empty() {
                        break;
                    }
                    let c = p.parse_card_avoiding(t, taken).map_err(|e| {
                        Error::Notation(format!("bad stock, card {}: {}", i + 1, e))
                    })?;
                    if taken.contains(c) {
                        return Err(Error::Notation(format!(
                            "bad stock: {} is already dealt or appears twice",
                            p.format_card(c)
                        )));
                    }
                    taken.insert(c);
                    v.push(c);
                }
                v
            }
            None => {
                let mut v: Vec<Card> = (p.deck - used).iter().collect();
                crate::rng::Rng::new(seed).shuffle(&mut v);
                v
            }
        };
        // Each seat's two cards in notation order (pack suit order, strongest first).
        let hands: Vec<Vec<Card>> = hands
            .iter()
            .map(|h| {
                let mut v: Vec<Card> = h.iter().collect();
                v.sort_by_key(|&c| (p.suit_of(c), std::cmp::Reverse(c.0)));
                v
            })
            .collect();
        NaqshState::from_position(self.cfg.clone(), &hands, banker, stock, stakes)
    }

    /// A seeded deal for analysis: each seat's first two cards (compact
    /// form, with the banker's seat given) and the stock joined by `+`, as a
    /// match with this seed would deal its first hand with `banker`.
    pub fn deal(&self, seed: u64, banker: usize) -> Result<(String, String)> {
        let n = self.cfg.players;
        check_seat("banker", banker, n)?;
        let p = &self.cfg.pack;
        // The same shuffle as the first hand of `new_game(seed, Some(banker))`.
        let mut order = p.cards().to_vec();
        crate::rng::Rng::new(seed).shuffle(&mut order);
        let mut hands = vec![crate::CardSet::EMPTY; n];
        for (i, &c) in order[..2 * n].iter().enumerate() {
            hands[(banker + 1 + i % n) % n].insert(c);
        }
        let stock: Vec<String> = order[2 * n..].iter().map(|&c| p.format_card(c)).collect();
        Ok((p.format_deal(&hands), stock.join("+")))
    }
}

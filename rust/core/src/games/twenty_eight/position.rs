//! Positions for analysis: one hand of trick play from a given deal, with
//! the trump open from trick 1 or concealed under a given indicator.

use std::sync::Arc;

use super::config::TwentyEightConfig;
use super::state::{Phase, TwentyEightState};
use crate::card::CardSet;
use crate::error::{Error, Result};
use crate::rng::Rng;

/// How the trump stands at the start of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TrumpStart<'a> {
    /// Trumps open from trick 1 (`trump="H"`, the standard analysis).
    Open(&'a str),
    /// This card of the bidder's hand laid aside as the concealed indicator.
    Concealed(&'a str),
}

impl TwentyEightState {
    /// One hand of trick play from `hands` (every hand the same size, 1 to a
    /// full hand). The dealer is taken to be the seat before `leader`; the
    /// contract defaults to the lowest bid. No trick counts as won before the
    /// position (a pair needs a trick won from here on), and the card points
    /// count from here.
    pub fn from_deal(
        cfg: Arc<TwentyEightConfig>,
        hands: &[CardSet],
        bidder: usize,
        leader: usize,
        trump: TrumpStart<'_>,
        contract: Option<i32>,
    ) -> Result<TwentyEightState> {
        let n = cfg.players;
        if hands.len() != n {
            return Err(Error::Notation(format!(
                "bad deal: {} hands given, this game needs {}",
                hands.len(),
                n
            )));
        }
        for (name, v) in [("bidder", bidder), ("leader", leader)] {
            if v >= n {
                return Err(Error::State(format!(
                    "bad {}: seat {} out of range 0..{}",
                    name,
                    v,
                    n - 1
                )));
            }
        }
        let k = hands[0].len() as usize;
        if k == 0 || k > cfg.hand_size {
            return Err(Error::Notation(format!(
                "bad deal: hands of {} cards; a position has 1 to {} cards a hand",
                k, cfg.hand_size
            )));
        }
        let contract = contract.unwrap_or(cfg.min_bid);
        if contract < cfg.min_bid || contract > cfg.max_bid {
            return Err(Error::State(format!(
                "bad contract {}: bids run {} to {}",
                contract, cfg.min_bid, cfg.max_bid
            )));
        }
        let dealer = (leader + n - 1) % n;
        let mut s = TwentyEightState::blank(cfg.clone(), Rng::new(0), dealer);
        s.position_mode = true;
        s.hands = hands.to_vec();
        s.played = cfg.pack.deck - hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        s.hand_no = 1;
        s.bidder = bidder;
        s.contract = contract;
        s.tricks_played = cfg.hand_size - k;
        let pack = &cfg.pack;
        match trump {
            TrumpStart::Open(t) => {
                let suit = pack
                    .parse_suit(t)
                    .map_err(|e| Error::Notation(format!("bad trump {:?}: {}", t, e)))?;
                s.trump = Some(suit);
                s.revealed = true;
                s.reveal_trick = Some(0);
            }
            TrumpStart::Concealed(text) => {
                let c = pack
                    .parse_card(text)
                    .map_err(|e| Error::Notation(format!("bad indicator {:?}: {}", text, e)))?;
                let copies = pack.cards_with_face(pack.suit_of(c), pack.face(c)) & hands[bidder];
                let Some(c) = copies.highest() else {
                    return Err(Error::State(format!(
                        "bad indicator {}: not in the hand of the bidder (seat {})",
                        pack.format_card(c),
                        bidder
                    )));
                };
                if k == 1 && !cfg.forced_last {
                    return Err(Error::State(
                        "bad indicator: with one card a hand and the trump still concealed the hand is void (§8); use trump= or unrevealed_trump=forced_last".into(),
                    ));
                }
                s.hands[bidder].remove(c);
                s.indicator = Some(c);
                s.trump = Some(pack.suit_of(c));
            }
        }
        s.phase = Phase::Play;
        s.leader = leader;
        s.to_act = leader;
        Ok(s)
    }
}

impl TwentyEightState {
    /// The hand's full deal (as [`TwentyEightState::full_deal`]) as a
    /// position with `bidder` declaring open trumps `trump` and the first
    /// lead at the dealer's right: the start of the standard double-dummy
    /// analysis (§16.1) of this deal. Meant for sampled copies
    /// ([`TwentyEightState::determinize`]) during the auction.
    ///
    /// ```
    /// use hukm_core::games::twenty_eight::TwentyEight;
    /// let s = TwentyEight::new("28", &[]).unwrap().new_game(2);
    /// let p = s.open_position(1, 0).unwrap();
    /// assert_eq!(p.hands().iter().map(|h| h.len()).sum::<u32>(), 32);
    /// ```
    pub fn open_position(
        &self,
        bidder: usize,
        trump: crate::card::Suit,
    ) -> Result<TwentyEightState> {
        let pack = &self.cfg.pack;
        let Some(code) = pack.suits.get(trump as usize).map(|s| s.code.clone()) else {
            return Err(Error::State(format!("bad trump suit index {}", trump)));
        };
        let leader = (self.dealer + 1) % self.cfg.players;
        TwentyEightState::from_deal(
            self.cfg.clone(),
            &self.full_deal(),
            bidder,
            leader,
            TrumpStart::Open(&code),
            None,
        )
    }
}

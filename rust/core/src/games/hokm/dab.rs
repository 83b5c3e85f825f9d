//! Dab Rang (`trump_mode=hidden_call`, `docs/rules/hokm.md` §5.5, §6.5, §7.3): the
//! auction for sars on the first five cards, and the cut call that turns the
//! boss's hidden trump indicator face up.
//!
//! Decisions (§14.30): bids from `dab_min_bid` to 13, the first speaker must
//! bid, `next(dealer)` leads the first trick whoever won the auction, only the
//! boss's opponents may call a cut.

use super::state::{HokmAction, HokmState, Phase};

impl HokmState {
    /// The legal bids now.
    pub(crate) fn auction_actions(&self) -> Vec<HokmAction> {
        let low = self.dab.bid.map_or(self.cfg.dab_min_bid, |(_, b)| b + 1);
        let mut v = Vec::new();
        if !self.dab.auction.is_empty() {
            v.push(HokmAction::Pass);
        }
        v.extend((low..=13).map(HokmAction::Bid));
        v
    }

    /// Records a bid or a pass; the auction ends after three passes in a row
    /// following a bid, or at once after a bid of 13. The highest bidder (the
    /// boss) then lays his indicator.
    pub(crate) fn auction_step(&mut self, bid: Option<u8>) {
        let p = self.current;
        self.dab.auction.push((p, bid));
        if let Some(b) = bid {
            self.dab.bid = Some((p, b));
        }
        let passes = self
            .dab
            .auction
            .iter()
            .rev()
            .take_while(|(_, b)| b.is_none())
            .count();
        if bid == Some(13) || passes == 3 {
            let (boss, _) = self.dab.bid.expect("the first speaker bids");
            self.hakem = boss;
            self.first5 = self.first_batch[boss];
            self.phase = Phase::TrumpCall;
            self.current = boss;
        } else {
            self.current = self.next(p);
        }
    }

    /// Dab Rang: an opponent of the boss, void in the suit led, may call cut
    /// before playing while the trump is hidden.
    pub(crate) fn may_call_cut(&self) -> bool {
        if !(self.cfg.hidden_call && self.hidden.trump_hidden && self.trick_len > 0) {
            return false;
        }
        let p = self.current;
        let pack = &self.cfg.pack;
        self.cfg.side(p) != self.cfg.side(self.hakem)
            && (self.hands[p] & pack.suit_mask(pack.suit_of(self.trick[0]))).is_empty()
    }
}

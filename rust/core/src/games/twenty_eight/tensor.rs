//! Twenty-eight's tensors and action ids (see [`crate::encode`]), for 28,
//! 29, 28_wb, 40 and 56 (a double pack's two copies of a card share a slot).
//!
//! Observation, in order: the shared table sections (`hand`, `played`,
//! `trick`, `leader`, `to_act`, `hand_sizes`; the concealed indicator is
//! not in its owner's hand), then `phase` (one-hot: bid, trump, double,
//! redouble, single, show, half_court, play, pair, over), `partner`,
//! `dealer`, `passed` (seats that passed in the auction), `high_bid` (the
//! seat holding it, then its value / the pack's points), `bidder` and
//! `contract` once the contract is made, `trump` (S, H, D, C, none: when
//! the observer knows it), `indicator` (the face-down card, for the bidder
//! or once turned up), `flags` (indicator face down, seventh card,
//! revealed, C said, half court, a trump led by a defender while concealed
//! (only when the observer knows the trump)), `doubled` (none, doubled,
//! redoubled), `soloist`, `caller`, `pair_asked` and `pair_by` (the pair
//! round of this hand), `points` (card points of each side, the observer's
//! first, / the pack's points), `target` (/ the pack's points), `scores`
//! (game points / 10), `trick_number` (/ tricks in a hand). The
//! information state adds `trick_history` and `auction_history`.
//!
//! Action ids: `card` (by card slot), `bid` (the lowest bid to the
//! highest), `word` (`pass`, `seventh`, `double`, `redouble`, `c`,
//! `single`, `show`, `half_court`, `call`, `pair`, `trump:none`),
//! `indicator` (by card slot) and `trump` (S, H, D, C: a spare indicator).

use std::sync::Arc;

use super::config::TwentyEightConfig;
use super::state::{Action, Ev, Phase, TwentyEightState};
use super::TwentyEight;
use crate::card::Card;
use crate::encode::{
    one_hot, relative, word_id, ActionSpace, Auction, CardSlots, History, Layout, Layouts, Table,
};
use crate::error::{Error, Result};
use crate::rng::Rng;

const PHASES: [Phase; 10] = [
    Phase::Bid,
    Phase::Trump,
    Phase::Double,
    Phase::Redouble,
    Phase::Single,
    Phase::Show,
    Phase::HalfCourt,
    Phase::Play,
    Phase::Pair,
    Phase::Over,
];

const WORDS: [Action; 11] = [
    Action::Pass,
    Action::Seventh,
    Action::Double,
    Action::Redouble,
    Action::C,
    Action::Single,
    Action::Show,
    Action::HalfCourt,
    Action::Call,
    Action::Pair,
    Action::Trump(None),
];

#[derive(Clone, Debug)]
struct At {
    table: Table,
    phase: usize,
    partner: usize,
    dealer: usize,
    passed: usize,
    high_bid: usize,
    bidder: usize,
    contract: usize,
    trump: usize,
    indicator: usize,
    flags: usize,
    doubled: usize,
    soloist: usize,
    caller: usize,
    pair_asked: usize,
    pair_by: usize,
    points: usize,
    target: usize,
    scores: usize,
    trick_number: usize,
}

/// Twenty-eight's encoding of one configuration.
pub struct TwentyEightEncoding {
    cfg: Arc<TwentyEightConfig>,
    slots: CardSlots,
    blank: TwentyEightState,
    layouts: Layouts,
    at: At,
    history: History,
    auction: Auction,
    actions: ActionSpace,
    ids: [usize; 5],
}

impl TwentyEightEncoding {
    /// The encoding of `game`'s configuration.
    pub fn new(game: &TwentyEight) -> TwentyEightEncoding {
        let cfg = game.cfg.clone();
        let slots = CardSlots::new(&cfg.pack);
        let c = slots.len();
        let n = cfg.players;
        let sides = cfg.sides;
        let mut l = Layout::new();
        let at = At {
            table: Table::add(&mut l, n, c, cfg.hand_size),
            phase: l.add("phase", &[PHASES.len()], "the phase (one-hot): bid, trump, double, redouble, single, show, half_court, play, pair, over"),
            partner: l.add("partner", &[n], "the seats of the observer's side"),
            dealer: l.add("dealer", &[n], "the dealer"),
            passed: l.add("passed", &[n], "seats that passed in the auction"),
            high_bid: l.add("high_bid", &[n + 1], "the seat holding the highest bid, then its value / the pack's points"),
            bidder: l.add("bidder", &[n], "the bidder, once the contract is made"),
            contract: l.add("contract", &[1], "the contract / the pack's points"),
            trump: l.add("trump", &[5], "the trump (S, H, D, C, none) when the observer knows it"),
            indicator: l.add("indicator", &[c], "the trump indicator, for the bidder or once turned up"),
            flags: l.add("flags", &[6], "indicator face down, seventh card, revealed, C said, half court, a defender led a trump while concealed (known only with the trump)"),
            doubled: l.add("doubled", &[3], "not doubled, doubled, redoubled"),
            soloist: l.add("soloist", &[n], "the single-hand player"),
            caller: l.add("caller", &[n], "the seat that called for the trump"),
            pair_asked: l.add("pair_asked", &[n], "seats asked whether they show the pair in this hand"),
            pair_by: l.add("pair_by", &[n], "the seat that showed the pair"),
            points: l.add("points", &[sides], "card points won by each side in this hand (the observer's first) / the pack's points"),
            target: l.add("target", &[1], "the bidding side's target / the pack's points"),
            scores: l.add("scores", &[sides], "game points of each side (the observer's first) / 10"),
            trick_number: l.add("trick_number", &[1], "tricks played / tricks in a hand"),
        };
        let obs = l.clone();
        let history = History::add(&mut l, n, c, cfg.hand_size);
        let calls = (cfg.max_bid - cfg.min_bid + 2) as usize;
        let auction = Auction::add(
            &mut l,
            n,
            calls * n,
            calls,
            "the auction in order: the seat and its call (bids from the lowest, then pass)",
        );
        let mut a = ActionSpace::new();
        let ids = [
            a.add("card", c, "play the card of this slot"),
            a.add("bid", calls - 1, "bid, from the lowest bid to the highest"),
            a.add(
                "word",
                WORDS.len(),
                "pass, seventh, double, redouble, c, single, show, half_court, call, pair, trump:none",
            ),
            a.add("indicator", c, "lay the card of this slot face down as the trump indicator"),
            a.add("trump", 4, "name the trump with a spare indicator: S, H, D, C"),
        ];
        TwentyEightEncoding {
            blank: TwentyEightState::blank(cfg.clone(), Rng::new(0), 0),
            cfg,
            slots,
            layouts: Layouts { obs, info: l },
            at,
            history,
            auction,
            actions: a,
            ids,
        }
    }

    fn write(&self, s: &TwentyEightState, me: usize, out: &mut [f32]) {
        let cfg = &*self.cfg;
        let n = cfg.players;
        let at = &self.at;
        let total = cfg.total as f32;
        let in_play = matches!(s.phase, Phase::Play | Phase::Pair);
        self.write_table(s, me, in_play.then_some(s.leader), out);
        let rel = |x: usize| relative(x, me, n);
        let sides = cfg.sides;
        let my = s.side(me) as usize;
        let rside = |x: usize| (x + sides - my) % sides;
        one_hot(
            out,
            at.phase,
            PHASES.iter().position(|&p| p == s.phase).unwrap_or(0),
        );
        for q in 0..n {
            out[at.partner + rel(q)] = f32::from(u8::from(s.side(q) as usize == my));
            out[at.passed + rel(q)] = f32::from(u8::from(s.passed[q]));
        }
        one_hot(out, at.dealer, rel(s.dealer));
        if let Some((h, v)) = s.high {
            one_hot(out, at.high_bid, rel(h));
            out[at.high_bid + n] = v as f32 / total;
        }
        let contract = s.in_contract() || s.phase == Phase::Trump;
        if contract {
            one_hot(out, at.bidder, rel(s.bidder));
            out[at.contract] = s.contract as f32 / total;
            out[at.target] = s.target() as f32 / total;
        }
        let knows = s.knows_trump(me);
        if s.in_contract() && s.soloist.is_none() && knows {
            one_hot(out, at.trump, s.trump.map_or(4, |t| t as usize));
        }
        if let Some(c) = s.indicator {
            if s.in_contract() && (s.revealed || (me == s.bidder && !s.seventh)) {
                one_hot(out, at.indicator, self.slots.of(c));
            }
        }
        let flags = [
            s.in_contract() && !s.revealed && (s.indicator.is_some() || s.spare || s.seventh),
            s.seventh,
            s.revealed,
            s.c,
            s.half_court,
            knows && s.led_trump_by_other,
        ];
        for (i, f) in flags.into_iter().enumerate() {
            out[at.flags + i] = f32::from(u8::from(f));
        }
        one_hot(out, at.doubled, (s.doubled as usize).min(2));
        if let Some(p) = s.soloist {
            one_hot(out, at.soloist, rel(p));
        }
        if let Some(p) = s.caller {
            one_hot(out, at.caller, rel(p));
        }
        for e in &s.log {
            if let Ev::Asked { seat } = *e {
                one_hot(out, at.pair_asked, rel(seat));
            }
        }
        if let Some(p) = s.pair_by {
            one_hot(out, at.pair_by, rel(p));
        }
        for side in 0..sides {
            out[at.points + rside(side)] = s.points[side] as f32 / total;
            out[at.scores + rside(side)] = s.scores[side] as f32 / 10.0;
        }
        out[at.trick_number] = s.tricks_played as f32 / cfg.hand_size as f32;
    }

    fn write_history(&self, s: &TwentyEightState, me: usize, out: &mut [f32]) {
        let size = (0..self.cfg.players).filter(|&q| s.plays(q)).count().max(1);
        self.history
            .write_plays(out, &self.slots, me, s.hand_plays(), size);
        let calls = self.auction.calls();
        let call = |call: &str| match call
            .strip_prefix("bid:")
            .and_then(|v| v.parse::<i32>().ok())
        {
            Some(v) => (v - self.cfg.min_bid).clamp(0, calls as i32 - 2) as usize,
            None => calls - 1,
        };
        self.auction
            .write(out, me, s.auction.iter().map(|(seat, c)| (*seat, call(c))));
    }

    fn id_of(&self, a: Action) -> Result<usize> {
        let [card, bid, word, indicator, trump] = self.ids;
        Ok(match a {
            Action::Card(c) => card + self.slots.of(c),
            Action::Indicator(c) => indicator + self.slots.of(c),
            Action::Trump(Some(t)) => trump + t as usize,
            Action::Bid(v) if (self.cfg.min_bid..=self.cfg.max_bid).contains(&v) => {
                bid + (v - self.cfg.min_bid) as usize
            }
            Action::Bid(v) => {
                return Err(Error::IllegalAction(format!(
                    "bid {} outside {}..{}",
                    v, self.cfg.min_bid, self.cfg.max_bid
                )))
            }
            w => word + word_id(&WORDS, w)?,
        })
    }

    fn action_of(&self, id: usize) -> Result<Action> {
        let (seg, i) = self.actions.locate(id)?;
        Ok(match seg.name {
            "card" => Action::Card(self.slots.card(i)),
            "bid" => Action::Bid(self.cfg.min_bid + i as i32),
            "word" => WORDS[i],
            "indicator" => Action::Indicator(self.slots.card(i)),
            _ => Action::Trump(Some(i as u8)),
        })
    }
}

impl TwentyEightState {
    /// Every card played in this hand with its seat, in order.
    pub(crate) fn hand_plays(&self) -> impl Iterator<Item = (usize, Card)> + '_ {
        self.log.iter().filter_map(|e| match *e {
            Ev::Card { seat, card, .. } => Some((seat, card)),
            _ => None,
        })
    }
}

crate::games::jack_nine::impl_encoding!(TwentyEightEncoding, TwentyEightState);

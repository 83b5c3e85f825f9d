//! The state machine of a hand and a match of Twenty-eight and its relatives:
//! the deal in two halves, the auction, the concealed indicator, doubling,
//! the completion of the deal, single hand, half court, the two phases of
//! trick play, the pair, scoring and the match (`rules/twenty_eight.md`).

use std::sync::Arc;

use super::config::{Game, TwentyEightConfig};
use super::rules::{self, PlayView};
use crate::card::{Card, CardSet, Suit};
use crate::deal::shuffled;
use crate::error::{Error, Result};
use crate::rng::Rng;

/// Where a hand stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The auction on the first half (§5.1).
    Bid,
    /// The bidder chooses trumps (§5.2, §5.3).
    Trump,
    /// The opponents may double (§5.4).
    Double,
    /// The bidding side may redouble or say C (§5.4).
    Redouble,
    /// Players may declare single hand (§5.6).
    Single,
    /// The one-suit soloist may lay his hand down (§5.6).
    Show,
    /// The bidder may play half court (§9.5).
    HalfCourt,
    /// Trick play (§6).
    Play,
    /// Between tricks: eligible holders may show the pair (§6.6).
    Pair,
    /// The match (or the position's hand) is over.
    Over,
}

impl Phase {
    /// The phase's name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Bid => "bid",
            Phase::Trump => "trump",
            Phase::Double => "double",
            Phase::Redouble => "redouble",
            Phase::Single => "single",
            Phase::Show => "show",
            Phase::HalfCourt => "half_court",
            Phase::Play => "play",
            Phase::Pair => "pair",
            Phase::Over => "over",
        }
    }
}

/// One decision, typed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `bid:n`.
    Bid(i32),
    /// `pass` (decline what is offered now).
    Pass,
    /// `indicator:8H`: the bidder lays this card face down.
    Indicator(Card),
    /// `trump:H` (spare indicator) or `trump:none` (`nt_reverse`).
    Trump(Option<Suit>),
    /// `seventh`.
    Seventh,
    /// `double`.
    Double,
    /// `redouble`.
    Redouble,
    /// `c`.
    C,
    /// `single`.
    Single,
    /// `show`.
    Show,
    /// `half_court`.
    HalfCourt,
    /// `call`: the indicator is turned up.
    Call,
    /// `pair`.
    Pair,
    /// A card.
    Card(Card),
}

/// How a hand ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// The bidding side took at least its target.
    Made,
    /// It did not.
    Failed,
    /// No reveal by the end of the second-last trick: annulled (§8).
    Void,
    /// The soloist won every trick.
    SingleWon,
    /// The soloist lost a trick.
    SingleLost,
    /// The one-suit soloist laid his hand down.
    ShowWon,
    /// The bidding side won every half-court trick.
    HalfCourtWon,
    /// It lost one.
    HalfCourtLost,
}

impl ResultKind {
    /// The kind's name.
    pub fn name(self) -> &'static str {
        match self {
            ResultKind::Made => "made",
            ResultKind::Failed => "failed",
            ResultKind::Void => "void",
            ResultKind::SingleWon => "single_won",
            ResultKind::SingleLost => "single_lost",
            ResultKind::ShowWon => "show_won",
            ResultKind::HalfCourtWon => "half_court_won",
            ResultKind::HalfCourtLost => "half_court_lost",
        }
    }
}

/// The result of one hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// How it ended.
    pub kind: ResultKind,
    /// The bidder (or soloist).
    pub declarer: usize,
    /// The contract.
    pub contract: i32,
    /// The target after the pair (§9.2).
    pub target: i32,
    /// Card points taken by each side (29: the last trick included).
    pub points: Vec<i32>,
    /// Game points gained by each side.
    pub gains: Vec<i32>,
}

/// One public event of the current hand's play, kept for the hidden-card
/// sampler ([`TwentyEightState::determinize`]): what every player saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ev {
    /// `seat` played `card`; `revealed`: the trump was open at that moment;
    /// `caller`: `seat` had called for the trump in this trick.
    Card {
        seat: usize,
        card: Card,
        revealed: bool,
        caller: bool,
    },
    /// `seat` called for the trump.
    Call { seat: usize },
    /// A pair round opened after a trick: the seats meeting every public
    /// condition of §6.6 (all but holding K and Q), in the order they would be asked.
    PairRound { candidates: Vec<usize> },
    /// `seat` was asked whether he shows the pair (so he held both cards).
    Asked { seat: usize },
    /// `seat` showed the pair.
    Shown { seat: usize },
    /// A single hand was declared; `offered`: the one-suit show was offered.
    ShowOffer { offered: bool },
}

/// The complete state of a match (or of one hand from a position).
#[derive(Clone, Debug)]
pub struct TwentyEightState {
    pub(crate) cfg: Arc<TwentyEightConfig>,
    pub(crate) rng: Rng,
    pub(crate) position_mode: bool,
    pub(crate) scores: Vec<i32>,
    pub(crate) dealer: usize,
    pub(crate) hand_no: u32,
    pub(crate) winner: Option<u8>,
    pub(crate) deck: Vec<Card>,
    pub(crate) hands: Vec<CardSet>,
    pub(crate) phase: Phase,
    pub(crate) to_act: usize,
    pub(crate) queue: Vec<usize>,
    // auction
    pub(crate) high: Option<(usize, i32)>,
    pub(crate) passed: Vec<bool>,
    pub(crate) bids_made: Vec<u8>,
    pub(crate) last_was_pass: bool,
    pub(crate) auction: Vec<(usize, String)>,
    // contract
    pub(crate) bidder: usize,
    pub(crate) contract: i32,
    pub(crate) trump: Option<Suit>,
    pub(crate) indicator: Option<Card>,
    pub(crate) spare: bool,
    pub(crate) seventh: bool,
    pub(crate) no_trump: bool,
    pub(crate) doubled: u8,
    pub(crate) c: bool,
    // play
    pub(crate) revealed: bool,
    pub(crate) reveal_trick: Option<usize>,
    pub(crate) led_trump_by_other: bool,
    pub(crate) caller: Option<usize>,
    pub(crate) trick: Vec<(usize, Card)>,
    pub(crate) last_trick: Vec<(usize, Card)>,
    pub(crate) leader: usize,
    pub(crate) tricks_played: usize,
    pub(crate) points: Vec<i32>,
    pub(crate) played: CardSet,
    pub(crate) won_since_reveal: Vec<bool>,
    pub(crate) won_any: Vec<bool>,
    pub(crate) pair_by: Option<usize>,
    pub(crate) soloist: Option<usize>,
    pub(crate) half_court: bool,
    pub(crate) last_result: Option<HandResult>,
    pub(crate) results: Vec<HandResult>,
    pub(crate) history: Vec<String>,
    /// The public events of the current hand's play (for sampling).
    pub(crate) log: Vec<Ev>,
}

impl TwentyEightState {
    /// A new match; the first dealer is drawn at random (§2).
    pub fn new_match(cfg: Arc<TwentyEightConfig>, seed: u64) -> TwentyEightState {
        let mut rng = Rng::new(seed);
        let dealer = rng.below(cfg.players as u64) as usize;
        let mut s = TwentyEightState::blank(cfg, rng, dealer);
        s.start_hand();
        s
    }

    pub(crate) fn blank(cfg: Arc<TwentyEightConfig>, rng: Rng, dealer: usize) -> TwentyEightState {
        let n = cfg.players;
        let sides = cfg.sides;
        TwentyEightState {
            rng,
            position_mode: false,
            scores: vec![0; sides],
            dealer,
            hand_no: 0,
            winner: None,
            deck: Vec::new(),
            hands: vec![CardSet::EMPTY; n],
            phase: Phase::Bid,
            to_act: 0,
            queue: Vec::new(),
            high: None,
            passed: vec![false; n],
            bids_made: vec![0; n],
            last_was_pass: false,
            auction: Vec::new(),
            bidder: 0,
            contract: 0,
            trump: None,
            indicator: None,
            spare: false,
            seventh: false,
            no_trump: false,
            doubled: 0,
            c: false,
            revealed: false,
            reveal_trick: None,
            led_trump_by_other: false,
            caller: None,
            trick: Vec::new(),
            last_trick: Vec::new(),
            leader: 0,
            tricks_played: 0,
            points: vec![0; sides],
            played: CardSet::EMPTY,
            won_since_reveal: vec![false; sides],
            won_any: vec![false; sides],
            pair_by: None,
            soloist: None,
            half_court: false,
            last_result: None,
            results: Vec::new(),
            history: Vec::new(),
            log: Vec::new(),
            cfg,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &TwentyEightConfig {
        &self.cfg
    }

    /// The hand is an all-tricks contract (single hand or half court): its
    /// declarer's side must win every trick of it.
    pub fn all_tricks_contract(&self) -> bool {
        self.soloist.is_some() || self.half_court
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Every seat's cards in hand now (the concealed indicator excluded).
    pub fn hands(&self) -> &[CardSet] {
        &self.hands
    }

    /// The full deal of the current hand (both halves, the indicator in its
    /// owner's hand), as dealt.
    pub fn full_deal(&self) -> Vec<CardSet> {
        if self.deck.is_empty() {
            let mut h = self.hands.clone();
            if let Some(i) = self.indicator() {
                h[self.bidder].insert(i);
            }
            return h;
        }
        let n = self.cfg.players;
        let half = self.cfg.half();
        let first = self.next(self.dealer);
        let mut h = vec![CardSet::EMPTY; n];
        for k in 0..n {
            let seat = (first + k) % n;
            for start in [k * half, n * half + k * half] {
                for &c in &self.deck[start..start + half] {
                    h[seat].insert(c);
                }
            }
        }
        h
    }

    /// The seat to act, if any.
    pub fn current(&self) -> Option<usize> {
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    /// The bidder (meaningful once the auction is over).
    pub fn bidder(&self) -> usize {
        self.bidder
    }

    /// The trump suit (`None`: no trumps or not chosen yet).
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The face-down indicator card, while it is not in a hand.
    pub fn indicator(&self) -> Option<Card> {
        self.indicator.filter(|_| !self.revealed)
    }

    /// True once the trump is revealed.
    pub fn revealed(&self) -> bool {
        self.revealed
    }

    /// Card points taken by each side so far in this hand.
    pub fn points(&self) -> &[i32] {
        &self.points
    }

    /// The scores of the sides.
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }

    /// The results of the hands finished so far.
    pub fn results(&self) -> &[HandResult] {
        &self.results
    }

    /// The side of a seat.
    #[inline]
    pub fn side(&self, seat: usize) -> u8 {
        self.cfg.side[seat]
    }

    #[inline]
    fn next(&self, s: usize) -> usize {
        (s + 1) % self.cfg.players
    }

    // ---- the deal ----------------------------------------------------

    fn start_hand(&mut self) {
        let n = self.cfg.players;
        let half = self.cfg.half();
        let sides = self.cfg.sides;
        loop {
            self.deck = shuffled(self.cfg.pack.cards(), &mut self.rng);
            self.hands = vec![CardSet::EMPTY; n];
            let first = self.next(self.dealer);
            for k in 0..n {
                let seat = (first + k) % n;
                for &c in &self.deck[k * half..(k + 1) * half] {
                    self.hands[seat].insert(c);
                }
            }
            if !self.cfg.annul_no_points {
                break;
            }
            // 29, annul_no_points: either of the first two bidders without a point card.
            let a = first;
            let b = self.next(first);
            let pointless = |h: CardSet| h.iter().all(|c| self.cfg.pts(c) <= 0);
            if !pointless(self.hands[a]) && !pointless(self.hands[b]) {
                break;
            }
        }
        self.hand_no += 1;
        self.phase = Phase::Bid;
        self.to_act = self.next(self.dealer);
        self.queue.clear();
        self.high = None;
        self.passed = vec![false; n];
        self.bids_made = vec![0; n];
        self.last_was_pass = false;
        self.auction.clear();
        self.trump = None;
        self.indicator = None;
        self.spare = false;
        self.seventh = false;
        self.no_trump = false;
        self.doubled = 0;
        self.c = false;
        self.revealed = false;
        self.reveal_trick = None;
        self.led_trump_by_other = false;
        self.caller = None;
        self.trick.clear();
        self.last_trick.clear();
        self.tricks_played = 0;
        self.points = vec![0; sides];
        self.played = CardSet::EMPTY;
        self.won_since_reveal = vec![false; sides];
        self.won_any = vec![false; sides];
        self.pair_by = None;
        self.soloist = None;
        self.half_court = false;
        self.log.clear();
    }

    /// 40: the first speaker may not bid when his first cards are all of one suit.
    fn barred(&self, seat: usize) -> bool {
        if self.cfg.game != Game::G40 || seat != self.next(self.dealer) {
            return false;
        }
        let h = self.hands[seat];
        (0..4).any(|s| h & self.cfg.pack.suit_mask(s) == h)
    }

    /// The bids `to_act` may make now (`lo..=hi`, empty when lo > hi).
    pub(crate) fn bid_range(&self) -> (i32, i32) {
        let p = self.to_act;
        if self.barred(p) {
            return (1, 0);
        }
        let mut lo = self.high.map_or(self.cfg.min_bid, |(_, v)| v + 1);
        lo = lo.max(self.cfg.min_bid);
        if self.cfg.game == Game::G40 && self.bids_made[p] > 0 {
            lo = lo.max(30);
        }
        if let (Some(min), Some((hs, _))) = (self.cfg.partner_overbid_min, self.high) {
            if hs != p && self.side(hs) == self.side(p) && self.last_was_pass {
                lo = lo.max(min);
            }
        }
        (lo, self.cfg.max_bid)
    }

    /// May `to_act` pass in the auction?
    pub(crate) fn may_pass_bid(&self) -> bool {
        let (lo, hi) = self.bid_range();
        self.high.is_some() || self.barred(self.to_act) || lo > hi
    }

    fn next_bidder(&self, from: usize) -> usize {
        let mut s = self.next(from);
        while self.cfg.pass_is_final && self.passed[s] && Some(s) != self.high.map(|h| h.0) {
            s = self.next(s);
        }
        s
    }

    fn end_auction(&mut self) {
        let (b, v) = self.high.expect("an auction always has a bidder");
        self.bidder = b;
        self.contract = v;
        self.phase = Phase::Trump;
        self.to_act = b;
    }

    fn after_trump_choice(&mut self) {
        let auto = self
            .cfg
            .auto_double_from
            .is_some_and(|n| self.contract >= n);
        if auto {
            self.doubled = 1;
            self.start_redouble();
        } else if self.cfg.doubling {
            let n = self.cfg.players;
            let bs = self.side(self.bidder);
            self.queue = (1..n)
                .map(|k| (self.bidder + k) % n)
                .filter(|&s| self.side(s) != bs)
                .collect();
            self.phase = Phase::Double;
            self.pop_queue_or(Self::complete_deal);
        } else {
            self.complete_deal();
        }
    }

    fn redouble_allowed(&self) -> bool {
        !(self.cfg.bid21_two_points && self.contract >= 21)
    }

    /// C is on offer: a called double, the bidding side's score at 0 (§5.4).
    pub(crate) fn c_allowed(&self) -> bool {
        self.cfg.c_bid
            && self.cfg.auto_double_from.is_none()
            && self.scores[self.side(self.bidder) as usize] == 0
    }

    fn start_redouble(&mut self) {
        if !self.redouble_allowed() {
            self.complete_deal();
            return;
        }
        let n = self.cfg.players;
        let bs = self.side(self.bidder);
        self.queue = (0..n)
            .map(|k| (self.bidder + k) % n)
            .filter(|&s| self.side(s) == bs)
            .collect();
        self.phase = Phase::Redouble;
        self.pop_queue_or(Self::complete_deal);
    }

    /// Gives the turn to the next seat of the queue, or runs `done`.
    fn pop_queue_or(&mut self, done: fn(&mut Self)) {
        if self.queue.is_empty() {
            done(self);
        } else {
            self.to_act = self.queue.remove(0);
        }
    }

    fn complete_deal(&mut self) {
        let n = self.cfg.players;
        let half = self.cfg.half();
        let first = self.next(self.dealer);
        for k in 0..n {
            let seat = (first + k) % n;
            let start = n * half + k * half;
            for &c in &self.deck[start..start + half] {
                self.hands[seat].insert(c);
            }
            if self.seventh && seat == self.bidder {
                // The third card of his second batch, unseen by anyone (§5.3).
                let c = self.deck[start + 2];
                self.hands[seat].remove(c);
                self.indicator = Some(c);
                self.trump = Some(self.cfg.pack.suit_of(c));
            }
        }
        if self.cfg.single_hand {
            self.queue = (0..n).map(|k| (first + k) % n).collect();
            self.phase = Phase::Single;
            self.pop_queue_or(Self::after_single);
        } else {
            self.after_single();
        }
    }

    fn after_single(&mut self) {
        if self.cfg.half_court {
            self.phase = Phase::HalfCourt;
            self.to_act = self.bidder;
        } else {
            self.start_play();
        }
    }

    pub(crate) fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.leader = self.soloist.unwrap_or_else(|| self.next(self.dealer));
        self.to_act = self.leader;
    }

    fn indicator_into_hand(&mut self) {
        if let Some(i) = self.indicator {
            self.hands[self.bidder].insert(i);
        }
    }

    fn declare_single(&mut self, seat: usize) {
        // Contract, trump, doubles and indicator are cancelled (§5.6).
        if !self.revealed {
            self.indicator_into_hand();
        }
        self.indicator = None;
        self.seventh = false;
        self.spare = false;
        self.trump = None;
        self.no_trump = true;
        self.doubled = 0;
        self.c = false;
        self.soloist = Some(seat);
        self.queue.clear();
        let h = self.hands[seat];
        let one_suit = (0..4).any(|s| h & self.cfg.pack.suit_mask(s) == h);
        let offered = self.cfg.single_hand_show && one_suit;
        self.log.push(Ev::ShowOffer { offered });
        if offered {
            self.phase = Phase::Show;
            self.to_act = seat;
        } else {
            self.start_play();
        }
    }

    // ---- play --------------------------------------------------------

    /// Does `seat` take part in the tricks (single hand: the soloist's partners sit out)?
    pub(crate) fn plays(&self, seat: usize) -> bool {
        match self.soloist {
            Some(s) => seat == s || self.side(seat) != self.side(s),
            None => true,
        }
    }

    fn next_player(&self, s: usize) -> usize {
        let mut t = self.next(s);
        while !self.plays(t) {
            t = self.next(t);
        }
        t
    }

    fn trick_size(&self) -> usize {
        (0..self.cfg.players).filter(|&s| self.plays(s)).count()
    }

    /// Number of tricks of this hand (half court: the first half only).
    pub(crate) fn tricks_in_hand(&self) -> usize {
        if self.half_court {
            self.cfg.hand_size / 2
        } else {
            self.cfg.hand_size
        }
    }

    /// The view of the legal-move algorithm.
    pub(crate) fn play_view(&self) -> PlayView {
        PlayView {
            trump: self.trump,
            revealed: self.revealed,
            bidder: self.bidder,
            led_trump_by_other: self.led_trump_by_other,
            seventh_card: self.seventh,
            caller: self.caller,
        }
    }

    /// The legal cards of the player to act in trick play, and whether he may call.
    pub fn legal_play(&self) -> (CardSet, bool) {
        let p = self.to_act;
        let hand = self.hands[p];
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        if self.soloist.is_some() {
            let follow = cards.first().map_or(CardSet::EMPTY, |&f| {
                hand & self.cfg.pack.suit_mask(self.cfg.pack.suit_of(f))
            });
            return (if follow.is_empty() { hand } else { follow }, false);
        }
        if !self.revealed && hand.is_empty() {
            // forced_last: the bidder's only card is the indicator.
            return (CardSet::EMPTY, true);
        }
        if self.revealed && self.caller == Some(p) && p == self.bidder {
            if let (true, Some(i)) = (self.cfg.bidder_plays_revealed, self.indicator) {
                if self.reveal_trick == Some(self.tricks_played) && hand.contains(i) {
                    return (i.set(), false);
                }
            }
        }
        let (l, call) = rules::legal(
            &self.cfg.pack,
            &self.cfg.rank,
            &self.play_view(),
            p,
            hand,
            &cards,
        );
        // Calling needs something to reveal.
        (l, call && (self.indicator.is_some() || self.spare))
    }

    pub(crate) fn do_call(&mut self) {
        self.log.push(Ev::Call { seat: self.to_act });
        self.revealed = true;
        self.reveal_trick = Some(self.tricks_played);
        self.caller = Some(self.to_act);
        self.indicator_into_hand();
    }

    pub(crate) fn play_card(&mut self, c: Card) {
        let p = self.to_act;
        self.log.push(Ev::Card {
            seat: p,
            card: c,
            revealed: self.revealed,
            caller: self.caller == Some(p),
        });
        self.hands[p].remove(c);
        self.played.insert(c);
        if self.trick.is_empty()
            && !self.revealed
            && p != self.bidder
            && self.trump == Some(self.cfg.pack.suit_of(c))
        {
            self.led_trump_by_other = true;
        }
        self.trick.push((p, c));
        if self.trick.len() < self.trick_size() {
            self.to_act = self.next_player(p);
            return;
        }
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        let under = self.revealed && self.soloist.is_none();
        let reversed = under && self.no_trump;
        let w = rules::trick_winner(
            &self.cfg.pack,
            &self.cfg.rank,
            &cards,
            if self.soloist.is_some() {
                None
            } else {
                self.trump
            },
            under,
            reversed,
        );
        let winner = self.trick[w].0;
        let ws = self.side(winner) as usize;
        let mut pts: i32 = cards.iter().map(|&c| self.cfg.pts(c)).sum();
        if self.cfg.last_trick_bonus && self.tricks_played + 1 == self.cfg.hand_size {
            pts += 1;
        }
        self.points[ws] += pts;
        self.won_any[ws] = true;
        if self.revealed {
            self.won_since_reveal[ws] = true;
        }
        self.tricks_played += 1;
        self.caller = None;
        self.last_trick = std::mem::take(&mut self.trick);
        self.leader = winner;
        self.to_act = winner;
        let bs = self.side(self.bidder);
        if let Some(solo) = self.soloist {
            if winner != solo {
                return self.finish(ResultKind::SingleLost);
            }
            if self.tricks_played == self.cfg.hand_size {
                return self.finish(ResultKind::SingleWon);
            }
            return;
        }
        if self.half_court {
            if self.side(winner) != bs {
                return self.finish(ResultKind::HalfCourtLost);
            }
            if self.tricks_played == self.tricks_in_hand() {
                return self.finish(ResultKind::HalfCourtWon);
            }
            return;
        }
        if self.tricks_played == self.cfg.hand_size {
            return self.finish_contract();
        }
        if !self.revealed && self.tricks_played + 1 == self.cfg.hand_size {
            if !self.cfg.forced_last {
                return self.finish(ResultKind::Void);
            }
            if self.spare {
                // The spare indicator is turned up before the last lead (§8).
                self.revealed = true;
                self.reveal_trick = Some(self.tricks_played);
            }
        }
        self.offer_pair(winner);
    }

    /// May `seat` show the pair now (§6.6)?
    pub(crate) fn pair_eligible(&self, seat: usize) -> bool {
        let Some(t) = self.trump else { return false };
        let pack = &self.cfg.pack;
        let h = self.hands[seat];
        self.pair_public(seat)
            && !(h & pack.cards_with_face(t, b'K')).is_empty()
            && !(h & pack.cards_with_face(t, b'Q')).is_empty()
    }

    /// The conditions of §6.6 every player can check: all but holding the
    /// king and queen of trumps.
    pub(crate) fn pair_public(&self, seat: usize) -> bool {
        if self.trump.is_none()
            || !self.revealed
            || self.pair_by.is_some()
            || self.soloist.is_some()
            || self.half_court
            || self.no_trump
        {
            return false;
        }
        let s = self.side(seat) as usize;
        let bidding = self.side(seat) == self.side(self.bidder);
        if bidding && self.cfg.west_bengal && self.contract < 19 {
            return false;
        }
        if self.cfg.pair_relaxed {
            if bidding {
                self.won_any[s]
            } else {
                true
            }
        } else {
            self.won_since_reveal[s]
        }
    }

    fn offer_pair(&mut self, winner: usize) {
        let n = self.cfg.players;
        let candidates: Vec<usize> = (0..n)
            .map(|k| (winner + k) % n)
            .filter(|&s| self.pair_public(s))
            .collect();
        if !candidates.is_empty() {
            self.log.push(Ev::PairRound { candidates });
        }
        self.queue = (0..n)
            .map(|k| (winner + k) % n)
            .filter(|&s| self.pair_eligible(s))
            .collect();
        if self.queue.is_empty() {
            self.phase = Phase::Play;
            self.to_act = winner;
        } else {
            self.phase = Phase::Pair;
            self.to_act = self.queue.remove(0);
            self.log.push(Ev::Asked { seat: self.to_act });
        }
    }

    fn pair_done(&mut self) {
        self.queue.clear();
        self.phase = Phase::Play;
        self.to_act = self.leader;
    }

    // ---- scoring -----------------------------------------------------

    /// The target after the pair (§9.2).
    pub fn target(&self) -> i32 {
        let mut t = self.contract;
        if let Some(p) = self.pair_by {
            if self.side(p) == self.side(self.bidder) {
                t -= if self.cfg.west_bengal && self.contract == 19 {
                    3
                } else {
                    4
                };
            } else {
                t += 4;
            }
        }
        if self.cfg.pair_clamp {
            t = t.clamp(self.cfg.min_bid, self.cfg.max_bid);
        }
        t
    }

    fn multiplier(&self) -> i32 {
        match self.doubled {
            0 => 1,
            1 => 2,
            _ => 4,
        }
    }

    fn finish_contract(&mut self) {
        let bs = self.side(self.bidder) as usize;
        let made = self.points[bs] >= self.target();
        self.finish(if made {
            ResultKind::Made
        } else {
            ResultKind::Failed
        });
    }

    #[cfg(test)]
    pub(crate) fn finish_contract_for_tests(&mut self) {
        self.finish_contract();
    }

    fn finish(&mut self, kind: ResultKind) {
        let sides = self.cfg.sides;
        let declarer = self.soloist.unwrap_or(self.bidder);
        let ds = self.side(declarer) as usize;
        let mut gains = vec![0i32; sides];
        let forty = self.cfg.game == Game::G40;
        let target = self.target();
        match kind {
            ResultKind::Void => {}
            ResultKind::SingleWon | ResultKind::ShowWon => {
                gains[ds] = if forty { 4 } else { 3 };
            }
            ResultKind::SingleLost => {
                if forty {
                    for (s, g) in gains.iter_mut().enumerate() {
                        if s != ds {
                            *g = 5;
                        }
                    }
                } else {
                    gains[ds] = -3;
                }
            }
            ResultKind::HalfCourtWon => {
                for (s, g) in gains.iter_mut().enumerate() {
                    if s != ds {
                        *g = -2;
                    }
                }
            }
            ResultKind::HalfCourtLost => gains[ds] = -2,
            ResultKind::Made | ResultKind::Failed => {
                let made = kind == ResultKind::Made;
                let value = if self.c {
                    6
                } else if forty {
                    let (w, l) = match self.contract {
                        ..=29 => (1, 2),
                        30..=33 => (2, 3),
                        _ => (3, 4),
                    };
                    (if made { w } else { l }) * self.multiplier()
                } else {
                    let base = if self.cfg.bid21_two_points && self.contract >= 21 {
                        2
                    } else {
                        1
                    };
                    base * self.multiplier()
                };
                let half = !made && self.cfg.half_bid_double && 2 * self.points[ds] < target;
                let value = if half { 2 * value } else { value };
                if made {
                    gains[ds] = value;
                } else if forty {
                    for (s, g) in gains.iter_mut().enumerate() {
                        if s != ds {
                            *g = value;
                        }
                    }
                } else {
                    gains[ds] = -value;
                }
            }
        }
        for (s, g) in gains.iter().enumerate() {
            self.scores[s] += g;
        }
        let r = HandResult {
            kind,
            declarer,
            contract: self.contract,
            target,
            points: self.points.clone(),
            gains,
        };
        self.results.push(r.clone());
        self.last_result = Some(r);
        self.queue.clear();
        if self.position_mode {
            self.phase = Phase::Over;
            return;
        }
        let t = self.cfg.target_score;
        if let Some(w) = (0..sides).find(|&s| self.scores[s] >= t) {
            self.winner = Some(w as u8);
        } else if self.scores.iter().any(|&x| x <= -t) {
            // The best other score wins (two sides: simply the other side).
            let w = (0..sides)
                .max_by_key(|&s| (self.scores[s], std::cmp::Reverse(s)))
                .expect("sides");
            self.winner = Some(w as u8);
        }
        if self.winner.is_some() {
            self.phase = Phase::Over;
        } else {
            self.dealer = self.next(self.dealer);
            self.start_hand();
        }
    }

    // ---- applying actions ---------------------------------------------

    /// Applies a typed action that [`TwentyEightState::is_legal`] accepted.
    pub(crate) fn apply_action(&mut self, a: Action) {
        let p = self.to_act;
        match (self.phase, a) {
            (Phase::Bid, Action::Bid(v)) => {
                self.auction.push((p, format!("bid:{}", v)));
                self.high = Some((p, v));
                self.bids_made[p] += 1;
                self.last_was_pass = false;
                if v >= self.cfg.max_bid {
                    self.end_auction();
                } else {
                    self.to_act = self.next_bidder(p);
                }
            }
            (Phase::Bid, Action::Pass) => {
                self.auction.push((p, "pass".into()));
                self.passed[p] = true;
                self.last_was_pass = true;
                let nx = self.next_bidder(p);
                if self.high.is_some_and(|(h, _)| h == nx) {
                    self.end_auction();
                } else {
                    self.to_act = nx;
                }
            }
            (Phase::Trump, Action::Indicator(c)) => {
                self.hands[p].remove(c);
                self.indicator = Some(c);
                self.trump = Some(self.cfg.pack.suit_of(c));
                self.after_trump_choice();
            }
            (Phase::Trump, Action::Trump(t)) => {
                self.spare = true;
                self.trump = t;
                self.no_trump = t.is_none();
                self.after_trump_choice();
            }
            (Phase::Trump, Action::Seventh) => {
                self.seventh = true;
                self.after_trump_choice();
            }
            (Phase::Double, Action::Double) => {
                self.doubled = 1;
                self.start_redouble();
            }
            (Phase::Double, Action::Pass) => self.pop_queue_or(Self::complete_deal),
            (Phase::Redouble, Action::Redouble) => {
                self.doubled = 2;
                self.complete_deal();
            }
            (Phase::Redouble, Action::C) => {
                self.c = true;
                self.complete_deal();
            }
            (Phase::Redouble, Action::Pass) => self.pop_queue_or(Self::complete_deal),
            (Phase::Single, Action::Single) => self.declare_single(p),
            (Phase::Single, Action::Pass) => self.pop_queue_or(Self::after_single),
            (Phase::Show, Action::Show) => self.finish(ResultKind::ShowWon),
            (Phase::Show, Action::Pass) => self.start_play(),
            (Phase::HalfCourt, Action::HalfCourt) => {
                self.half_court = true;
                if !self.revealed {
                    self.revealed = true;
                    self.reveal_trick = Some(0);
                    self.indicator_into_hand();
                }
                self.start_play();
            }
            (Phase::HalfCourt, Action::Pass) => self.start_play(),
            (Phase::Play, Action::Call) => self.do_call(),
            (Phase::Play, Action::Card(c)) => self.play_card(c),
            (Phase::Pair, Action::Pair) => {
                self.log.push(Ev::Shown { seat: p });
                self.pair_by = Some(p);
                self.pair_done();
            }
            (Phase::Pair, Action::Pass) => {
                if self.queue.is_empty() {
                    self.pair_done();
                } else {
                    self.to_act = self.queue.remove(0);
                    self.log.push(Ev::Asked { seat: self.to_act });
                }
            }
            _ => unreachable!("checked by is_legal"),
        }
    }

    /// The typed legal actions of the seat to act.
    pub fn legal(&self) -> Vec<Action> {
        let p = self.to_act;
        let mut v = Vec::new();
        match self.phase {
            Phase::Over => {}
            Phase::Bid => {
                let (lo, hi) = self.bid_range();
                v.extend((lo..=hi).map(Action::Bid));
                if self.may_pass_bid() {
                    v.push(Action::Pass);
                }
            }
            Phase::Trump => {
                if self.cfg.spare_indicator {
                    v.extend((0..4).map(|s| Action::Trump(Some(s))));
                } else {
                    v.extend(self.distinct_cards(self.hands[p]).map(Action::Indicator));
                }
                if self.cfg.nt_reverse {
                    v.push(Action::Trump(None));
                }
                if self.cfg.seventh_card {
                    v.push(Action::Seventh);
                }
            }
            Phase::Double => v.extend([Action::Double, Action::Pass]),
            Phase::Redouble => {
                v.push(Action::Redouble);
                if self.c_allowed() {
                    v.push(Action::C);
                }
                v.push(Action::Pass);
            }
            Phase::Single => v.extend([Action::Single, Action::Pass]),
            Phase::Show => v.extend([Action::Show, Action::Pass]),
            Phase::HalfCourt => v.extend([Action::HalfCourt, Action::Pass]),
            Phase::Pair => v.extend([Action::Pair, Action::Pass]),
            Phase::Play => {
                let (cards, call) = self.legal_play();
                v.extend(self.distinct_cards(cards).map(Action::Card));
                if call {
                    v.push(Action::Call);
                }
            }
        }
        v
    }

    /// The cards of a set in display order (suits in pack order, strongest
    /// first), one copy of each face in double packs.
    pub(crate) fn distinct_cards(&self, set: CardSet) -> impl Iterator<Item = Card> + '_ {
        let pack = &self.cfg.pack;
        (0..pack.num_suits() as u8).flat_map(move |s| {
            let mut last: Option<u8> = None;
            (set & pack.suit_mask(s))
                .iter()
                .rev()
                .filter(move |&c| {
                    let f = pack.face(c);
                    let keep = last != Some(f);
                    last = Some(f);
                    keep
                })
                .collect::<Vec<_>>()
        })
    }

    /// Checks a typed action against the legal ones (cards of equal face are
    /// the same action in double packs).
    pub(crate) fn is_legal(&self, a: Action) -> Result<Action> {
        if self.phase == Phase::Over {
            return Err(Error::IllegalAction("the game is over".into()));
        }
        let legal = self.legal();
        let norm = match a {
            Action::Card(c) | Action::Indicator(c) => {
                let pack = &self.cfg.pack;
                let f = pack.face(c);
                let s = pack.suit_of(c);
                let found = legal.iter().copied().find(|x| match *x {
                    Action::Card(d) | Action::Indicator(d) => {
                        pack.face(d) == f
                            && pack.suit_of(d) == s
                            && std::mem::discriminant(x) == std::mem::discriminant(&a)
                    }
                    _ => false,
                });
                found.ok_or(())
            }
            other => legal.contains(&other).then_some(other).ok_or(()),
        };
        norm.map_err(|_| {
            Error::IllegalAction(format!(
                "{} is not legal now (phase {}, seat {} to act)",
                self.action_string(a),
                self.phase.name(),
                self.to_act
            ))
        })
    }
}

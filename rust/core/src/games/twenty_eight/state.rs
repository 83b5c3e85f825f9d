//! The state of a hand and a match of Twenty-eight and its relatives
//! (`docs/rules/twenty_eight.md`): its types, accessors, the legal actions and
//! their dispatch. The steps of a hand live in the sibling modules: the
//! deal in two halves, the auction, trumps, doubling, single hand and half
//! court in `auction.rs`; trick play, the call and the pair in `play.rs`;
//! the target, scoring and the match in `scoring.rs`.

use std::sync::Arc;

use super::config::TwentyEightConfig;
use crate::card::{Card, CardSet, Suit};
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

    /// The seat after `s` in play order.
    #[inline]
    pub(super) fn next(&self, s: usize) -> usize {
        (s + 1) % self.cfg.players
    }

    // ---- the legal actions and their dispatch --------------------------

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

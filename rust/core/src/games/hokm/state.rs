//! The Hokm state machine: a whole match (`new_match`) or one hand of trick
//! play from a position (`from_deal`). This module holds the types, the
//! accessors, the legal actions and their dispatch; the steps live in the
//! sibling modules (`hand.rs`: match and hand start; `play.rs`: trick play;
//! `scoring.rs`: the end of a hand, rotation and the match; `dab.rs`,
//! `satat.rs`, `heap.rs`: the variants).
//!
//! Chance events (the ace draw, the deal, redeals, the random trump card) draw
//! from one seeded generator in the order they happen, so a seed and a list of
//! actions reproduce a match exactly.
//!
//! Decisions where the rules file leaves room:
//! * A position given by `from_deal` with short hands starts with the trick
//!   counts given (`tricks_won`, default zeros); the preset's stop rule is applied
//!   with those counts and `R` = tricks still to play. If the cards run out before
//!   the stop rule decides, the side with the most tricks wins the hand; equal
//!   counts (possible only in such short positions) give no winner and no points.
//! * In `hokm2` the dealer sees his own five cards while the Hakem chooses trumps.

use std::sync::Arc;

use super::config::HokmConfig;
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::rng::Rng;

/// Where a hand stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The Hakem names trumps (or goes blind, or demands a `first5` redeal).
    TrumpCall,
    /// The Hakem, holding no court card after the full deal, may redeal (`all13`).
    RedealAll13,
    /// The Hakem's partner, holding no trump, may propose a redeal.
    PartnerRedeal,
    /// The Hakem answers his partner's redeal proposal.
    PartnerAnswer,
    /// Two players: the Hakem, then the dealer, put cards away.
    Discard,
    /// Two players: keep or reject the drawn card.
    Draw,
    /// Trick play.
    Play,
    /// The 7th-trick winner after seven straight tricks: stop or continue.
    KotChoice,
    /// Satat: cards passed after a kot or bavney (§9.10).
    Give,
    /// Dab Rang: the auction for sars on the first five cards (§5.5).
    Auction,
    /// North-Indian table tap between tricks (`thaap=on`, §13.9).
    Thaap,
    /// The match (or the position's hand) is over.
    Over,
}

impl Phase {
    /// The phase's name as shown to users.
    pub fn name(self) -> &'static str {
        match self {
            Phase::TrumpCall => "trump",
            Phase::RedealAll13 | Phase::PartnerRedeal | Phase::PartnerAnswer => "redeal",
            Phase::Discard => "discard",
            Phase::Draw => "draw",
            Phase::Play => "play",
            Phase::KotChoice => "kot_choice",
            Phase::Give => "give",
            Phase::Auction => "auction",
            Phase::Thaap => "thaap",
            Phase::Over => "over",
        }
    }
}

/// A typed Hokm action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HokmAction {
    /// Play a card.
    Card(Card),
    /// Name trumps.
    Trump(Suit),
    /// Go blind: trumps from a random card (`random_trump=on`).
    Blind,
    /// Demand, announce or propose a redeal.
    Redeal,
    /// Decline what is offered.
    Pass,
    /// Accept the partner's redeal proposal.
    Accept,
    /// Put these cards away (two players).
    Discard(CardSet),
    /// Keep the drawn card (two players).
    Keep,
    /// Reject the drawn card (two players).
    Reject,
    /// Lay this card face down as the secret trump indicator.
    Indicator(Card),
    /// Pass these cards (Satat).
    Give(CardSet),
    /// Bid for this many sars (Dab Rang).
    Bid(u8),
    /// Call cut: the boss's trump indicator is turned up (Dab Rang).
    Call,
    /// Tap the table: asks the partner to lead back the suit just played.
    Thaap,
    /// Play a card with truthful public signals: its last of its suit, and/or
    /// holding the highest unplayed card of a suit (Satat).
    Signal(Card, bool, Option<Suit>),
    /// End the hand after a kot.
    Stop,
    /// Play on for a bavney.
    Continue,
}

/// How a hand was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// An ordinary win.
    Ordinary,
    /// The first seven tricks.
    Kot,
    /// Every trick.
    Bavney,
    /// A bavney attempt that lost a trick (scores as an ordinary win).
    FailedBavney,
    /// All four tens (Dehla Pakad).
    FourTens,
    /// No winner (only in short positions).
    Tie,
}

impl ResultKind {
    /// The kind's name as shown to users.
    pub fn name(self) -> &'static str {
        match self {
            ResultKind::Ordinary => "win",
            ResultKind::Kot => "kot",
            ResultKind::Bavney => "bavney",
            ResultKind::FailedBavney => "failed_bavney",
            ResultKind::FourTens => "four_tens",
            ResultKind::Tie => "tie",
        }
    }
}

/// The result of one hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// The winning side, if any.
    pub winner: Option<usize>,
    /// How it was won.
    pub kind: ResultKind,
    /// Tricks won by each side.
    pub tricks: Vec<u8>,
    /// Points (or kots) each side scored in this hand (Dehla Pakad can take
    /// a kot away: negative).
    pub points: Vec<i32>,
    /// Tens collected by each side (heap presets).
    pub tens: Vec<u8>,
    /// The hand's Hakem.
    pub hakem: usize,
    /// The hand's dealer.
    pub dealer: usize,
}

/// A completed trick: leader, cards in play order, winner.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrickRecord {
    /// Seat that led.
    pub leader: usize,
    /// Cards in play order from the leader.
    pub cards: [Card; 4],
    /// Seat that won.
    pub winner: usize,
}

/// Satat's card passing after a kot or bavney (§9.10) and its truthful
/// signals (§13.6).
#[derive(Clone, Debug, Default)]
pub(crate) struct SatatPart {
    /// Cards each player of the losing side passes in this hand (1 after a
    /// kot, 2 after a bavney; 0: no passing). Set when a hand is scored.
    pub(crate) pass_k: u8,
    /// The side that lost that kot or bavney.
    pub(crate) pass_losers: usize,
    /// The cards each seat chose to give, until all four have chosen.
    pub(crate) gives: [Option<CardSet>; 4],
    /// The cards each seat passed in this hand, once exchanged (what the
    /// giver knows the receiver holds; see `sample.rs`).
    pub(crate) passed: [CardSet; 4],
    /// The signals of this hand: seat, card and the signal's text.
    pub(crate) signals: Vec<(usize, Card, String)>,
}

/// A trump known only to the Hakem (or the boss) until it is revealed: the
/// hidden card of Trup kasiet (§5.4, §6.4) and Dab Rang's hidden call
/// (§5.5, §6.5).
#[derive(Clone, Debug, Default)]
pub(crate) struct HiddenTrump {
    /// The face-down trump indicator, while it is not in a hand.
    pub(crate) indicator: Option<Card>,
    /// The trump suit is not public yet.
    pub(crate) trump_hidden: bool,
    /// The trump is revealed at the end of the current trick (§6.4).
    pub(crate) reveal_pending: bool,
}

/// Dab Rang's auction for sars and its cut call (§5.5, §6.5).
#[derive(Clone, Debug, Default)]
pub(crate) struct DabCall {
    /// The auction so far: seat and bid (`None`: a pass).
    pub(crate) auction: Vec<(usize, Option<u8>)>,
    /// The highest bid: the boss and his sars.
    pub(crate) bid: Option<(usize, u8)>,
    /// The seat that called the cut in this hand.
    pub(crate) cut_caller: Option<usize>,
    /// The caller of the cut must trump if he can in this trick.
    pub(crate) must_trump: bool,
}

/// Two-player Hokm's keep-or-discard drawing (§4.4).
#[derive(Clone, Debug, Default)]
pub(crate) struct TwoPlayer {
    /// The face-down stock, drawn two cards a turn from the top.
    pub(crate) stock: Vec<Card>,
    /// Drawing turns taken so far.
    pub(crate) draw_turn: usize,
    /// The cards each player put away (what he knows of the discard pile).
    pub(crate) own_discards: [CardSet; 2],
    /// Each player has made his opening discard.
    pub(crate) discarded: [bool; 2],
}

/// A Hokm game state.
#[derive(Clone, Debug)]
pub struct HokmState {
    /// The rules.
    pub(crate) cfg: Arc<HokmConfig>,
    /// A position or a single dealt hand: the state ends with the hand.
    pub(crate) single_hand: bool,
    /// Chance: the ace draw, deals, redeals and blind trumps, in order.
    pub(crate) rng: Rng,
    /// Points (or kots) of each side; Dummy Rang: of the three real players.
    pub(crate) scores: [i32; 4],
    /// Consecutive hands won by each side (streak rules, §9.5, §9.7).
    pub(crate) streaks: [u32; 4],
    /// The dealer of the current hand.
    pub(crate) dealer: usize,
    /// The Hakem (trump-caller) of the current hand.
    pub(crate) hakem: usize,
    /// Hands finished so far.
    pub(crate) hand_no: u32,
    /// The results of the finished hands.
    pub(crate) results: Vec<HandResult>,
    /// The cards turned in the ace draw (§2.1): seat and card.
    pub(crate) ace_draw: Vec<(usize, Card)>,
    /// The seating after the ace draw (`partnership_by_draw`, §2.1).
    pub(crate) seating: [usize; 4],
    /// The heap and the collections (heap presets, §7.6).
    pub(crate) heap: super::heap::Heap,
    /// Tricks completed in this hand.
    pub(crate) tricks_played: u8,
    /// The trick from which trumps count: `Some(0)` when they are named
    /// before play; `None` until the first void play fixes them (§5.6) or
    /// Dab Rang's cut is called (§6.5).
    pub(crate) trump_fixed_at: Option<u8>,
    /// `first_void_5`: each seat's cards still to be dealt once trumps are
    /// fixed (§5.6).
    pub(crate) undealt: [CardSet; 4],
    /// Each seat's first batch of five (four players).
    pub(crate) first_batch: [CardSet; 4],
    /// Satat's passing and signals.
    pub(crate) satat: SatatPart,
    /// The hidden trump of Trup kasiet and Dab Rang.
    pub(crate) hidden: HiddenTrump,
    /// Dab Rang's auction and cut.
    pub(crate) dab: DabCall,
    /// Two-player drawing.
    pub(crate) two: TwoPlayer,
    /// `thaap`: the tricks played at each table tap (§13.9).
    pub(crate) taps: Vec<u8>,
    /// Dummy Rang: the real player at each seat of this hand's table (§13.3).
    pub(crate) table: [usize; 4],
    /// Where the hand stands.
    pub(crate) phase: Phase,
    /// The seat to act.
    pub(crate) current: usize,
    /// Every seat's cards in hand.
    pub(crate) hands: [CardSet; 4],
    /// The Hakem's first five cards (what he names trumps from).
    pub(crate) first5: CardSet,
    /// The cards a blind trump is drawn from (§5.2).
    pub(crate) trump_pool: CardSet,
    /// The trump suit once chosen (known to the engine even while hidden).
    pub(crate) trump: Option<Suit>,
    /// The card turned for a blind trump (§5.2).
    pub(crate) trump_card: Option<Card>,
    /// Consecutive `first5` redeals (§5.3).
    pub(crate) redeals_first5: u32,
    /// The seat that leads (or led) the current trick.
    pub(crate) leader: usize,
    /// The cards of the current trick in play order (`trick_len` of them).
    pub(crate) trick: [Card; 4],
    /// Cards played to the current trick.
    pub(crate) trick_len: usize,
    /// Tricks won by each side in this hand.
    pub(crate) tricks_won: [u8; 4],
    /// The side that won the first seven tricks (a kot), if any.
    pub(crate) kot_side: Option<usize>,
    /// The kot's side plays on for a bavney (`stop_rule=kot_choice`).
    pub(crate) continuing: bool,
    /// Cards played in this hand.
    pub(crate) played: CardSet,
    /// The cards each seat played to the completed tricks of this hand (of
    /// a position: since the position).
    pub(crate) played_by: [CardSet; 4],
    /// The completed tricks of this hand.
    pub(crate) tricks: Vec<TrickRecord>,
    /// The actions applied (written in the rules' notation only when the
    /// history is read: a step of play allocates nothing).
    pub(crate) history: Vec<HokmAction>,
    /// History is recorded (off for fast play-outs).
    pub(crate) record: bool,
}

impl HokmState {
    pub(crate) fn blank(cfg: Arc<HokmConfig>, rng: Rng, single_hand: bool) -> HokmState {
        // Room for one hand's tricks and actions from the start: a hand
        // played step by step then never grows them.
        let tricks = Vec::with_capacity(cfg.tricks_per_hand());
        let history = Vec::with_capacity(cfg.tricks_per_hand() * cfg.players + 8);
        HokmState {
            cfg,
            single_hand,
            rng,
            scores: [0; 4],
            streaks: [0; 4],
            dealer: 0,
            hakem: 1,
            hand_no: 0,
            results: Vec::new(),
            ace_draw: Vec::new(),
            seating: [0, 1, 2, 3],
            heap: super::heap::Heap::default(),
            tricks_played: 0,
            trump_fixed_at: Some(0),
            undealt: [CardSet::EMPTY; 4],
            first_batch: [CardSet::EMPTY; 4],
            satat: SatatPart::default(),
            hidden: HiddenTrump::default(),
            dab: DabCall::default(),
            two: TwoPlayer::default(),
            taps: Vec::new(),
            table: [0, 1, 2, 3],
            phase: Phase::Over,
            current: 0,
            hands: [CardSet::EMPTY; 4],
            first5: CardSet::EMPTY,
            trump_pool: CardSet::EMPTY,
            trump: None,
            trump_card: None,
            redeals_first5: 0,
            leader: 0,
            trick: [crate::card::Card(0); 4],
            trick_len: 0,
            tricks_won: [0; 4],
            kot_side: None,
            continuing: false,
            played: CardSet::EMPTY,
            played_by: [CardSet::EMPTY; 4],
            tricks,
            history,
            record: true,
        }
    }

    /// The heap and the collections (heap presets).
    pub fn heap(&self) -> &super::heap::Heap {
        &self.heap
    }

    /// The configuration.
    pub fn config(&self) -> &HokmConfig {
        &self.cfg
    }

    /// Turns history recording on or off (off for fast play-outs).
    pub fn set_recording(&mut self, on: bool) {
        self.record = on;
    }

    /// Number of seats.
    pub(crate) fn n(&self) -> usize {
        self.cfg.players
    }

    /// The seat after `s` in play order.
    pub(crate) fn next(&self, s: usize) -> usize {
        // No division in the hot path: seats wrap by comparison.
        let t = s + 1;
        if t == self.n() {
            0
        } else {
            t
        }
    }

    // ----- queries -------------------------------------------------------

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act, `None` when over.
    pub fn current(&self) -> Option<usize> {
        (self.phase != Phase::Over).then_some(self.current)
    }

    /// Every seat's cards now (a god's-eye view).
    pub fn hands(&self) -> &[CardSet] {
        &self.hands[..self.n()]
    }

    /// The trump suit once chosen.
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// Tricks won by each side in this hand.
    pub fn tricks_won(&self) -> &[u8] {
        &self.tricks_won[..self.cfg.num_sides()]
    }

    /// Points (or kots) of each side in the match.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.cfg.num_sides()]
    }

    /// Results of the hands finished so far.
    pub fn results(&self) -> &[HandResult] {
        &self.results
    }

    /// The cards of the trick in progress, in play order.
    pub fn trick(&self) -> &[Card] {
        &self.trick[..self.trick_len]
    }

    /// The seat that led the trick in progress.
    pub fn leader(&self) -> usize {
        self.leader
    }

    /// The current Hakem and dealer.
    pub fn roles(&self) -> (usize, usize) {
        (self.hakem, self.dealer)
    }

    /// True for a position made by `from_deal` (one hand).
    pub fn is_single_hand(&self) -> bool {
        self.single_hand
    }

    /// The legal actions, typed, in the documented order: cards by suit
    /// (S, H, D, C) strongest first, then decisions.
    pub fn legal(&self) -> Vec<HokmAction> {
        let p = &self.cfg.pack;
        match self.phase {
            Phase::Play => {
                let legal = self.legal_cards();
                let mut v = Vec::with_capacity(legal.len() as usize);
                for s in 0..4u8 {
                    for c in (legal & p.suit_mask(s)).iter().rev() {
                        v.push(HokmAction::Card(c));
                        if self.cfg.satat_signals {
                            v.extend(self.signals_for(c));
                        }
                    }
                }
                if self.may_call_cut() {
                    v.push(HokmAction::Call);
                }
                v
            }
            Phase::Auction => self.auction_actions(),
            Phase::Thaap => vec![HokmAction::Thaap, HokmAction::Pass],
            Phase::Give => {
                let loser = self.current % 2 == self.satat.pass_losers;
                super::satat::legal_gives(
                    p,
                    self.hands[self.current],
                    self.satat.pass_k as u32,
                    self.trump.expect("trumps are known"),
                    loser,
                )
                .into_iter()
                .map(HokmAction::Give)
                .collect()
            }
            Phase::TrumpCall => {
                let mut v: Vec<HokmAction> = if self.cfg.hidden_card || self.cfg.hidden_call {
                    let mut cards = Vec::new();
                    for s in 0..4u8 {
                        cards.extend(
                            (self.first5 & p.suit_mask(s))
                                .iter()
                                .rev()
                                .map(HokmAction::Indicator),
                        );
                    }
                    cards
                } else {
                    (0..4u8).map(HokmAction::Trump).collect()
                };
                if self.cfg.random_trump {
                    v.push(HokmAction::Blind);
                }
                if self.cfg.redeal_no_court == super::config::RedealNoCourt::First5
                    && !self.cfg.has_court(self.first5)
                    && self.redeals_first5 < self.cfg.redeal_limit
                {
                    v.push(HokmAction::Redeal);
                }
                v
            }
            Phase::RedealAll13 | Phase::PartnerRedeal => vec![HokmAction::Redeal, HokmAction::Pass],
            Phase::PartnerAnswer => vec![HokmAction::Accept, HokmAction::Pass],
            Phase::Discard => {
                let k = if self.current == self.hakem { 3 } else { 2 };
                super::rules::subsets(self.hands[self.current], k, p)
                    .into_iter()
                    .map(HokmAction::Discard)
                    .collect()
            }
            Phase::Draw => vec![HokmAction::Keep, HokmAction::Reject],
            Phase::KotChoice => vec![HokmAction::Stop, HokmAction::Continue],
            Phase::Over => Vec::new(),
        }
    }

    /// True when `a` is legal now.
    pub fn is_legal(&self, a: &HokmAction) -> bool {
        match (self.phase, a) {
            (Phase::Play, HokmAction::Card(c)) => self.legal_cards().contains(*c),
            (Phase::Play, HokmAction::Signal(c, _, _)) => {
                self.cfg.satat_signals
                    && self.legal_cards().contains(*c)
                    && self.signals_for(*c).contains(a)
            }
            (Phase::Discard, HokmAction::Discard(cs)) => {
                let k = if self.current == self.hakem { 3 } else { 2 };
                cs.len() == k && self.hands[self.current].contains_all(*cs)
            }
            _ => self.legal().contains(a),
        }
    }

    // ----- applying ------------------------------------------------------

    /// Applies a typed action; an illegal one is refused and changes nothing.
    pub fn apply_action(&mut self, a: HokmAction) -> Result<()> {
        if !self.is_legal(&a) {
            return Err(Error::IllegalAction(self.illegal_message(&a)));
        }
        if self.record {
            self.history.push(a);
        }
        self.apply_unchecked(a);
        Ok(())
    }

    /// Applies a legal typed action (callers check legality first).
    pub fn apply_unchecked(&mut self, a: HokmAction) {
        let n = self.n();
        match a {
            HokmAction::Card(c) => self.play_card(c),
            HokmAction::Signal(c, last, master) => {
                let mut text = String::new();
                if last {
                    text.push_str("last_of_suit");
                }
                if let Some(m) = master {
                    if last {
                        text.push('/');
                    }
                    text.push_str(&format!(
                        "holds_master:{}",
                        self.cfg.pack.suits[m as usize].code
                    ));
                }
                self.satat.signals.push((self.current, c, text));
                self.play_card(c);
            }
            HokmAction::Indicator(c) => {
                self.hidden.indicator = Some(c);
                self.hands[self.hakem].remove(c);
                self.trump = Some(self.cfg.pack.suit_of(c));
                self.hidden.trump_hidden = true;
                self.after_trump();
            }
            HokmAction::Give(cs) => self.give(cs),
            HokmAction::Bid(b) => self.auction_step(Some(b)),
            HokmAction::Call => {
                self.dab.cut_caller = Some(self.current);
                self.reveal();
                self.trump_fixed_at = Some(self.tricks_played + 1);
                self.dab.must_trump = true;
            }
            HokmAction::Trump(s) => {
                self.trump = Some(s);
                self.after_trump();
            }
            HokmAction::Blind => {
                let k = self.rng.below(self.trump_pool.len() as u64) as usize;
                let card = self.trump_pool.iter().nth(k).expect("pool card");
                self.trump_card = Some(card);
                self.trump = Some(self.cfg.pack.suit_of(card));
                self.after_trump();
            }
            HokmAction::Redeal => match self.phase {
                Phase::PartnerRedeal => {
                    self.phase = Phase::PartnerAnswer;
                    self.current = self.hakem;
                }
                _ => {
                    if self.phase == Phase::TrumpCall {
                        self.redeals_first5 += 1;
                    }
                    self.start_hand();
                }
            },
            HokmAction::Accept => self.start_hand(),
            HokmAction::Thaap => {
                self.taps.push(self.tricks_played);
                self.phase = Phase::Play;
                self.current = self.leader;
            }
            HokmAction::Pass => match self.phase {
                Phase::Auction => self.auction_step(None),
                Phase::Thaap => {
                    self.phase = Phase::Play;
                    self.current = self.leader;
                }
                Phase::RedealAll13 => self.partner_check(),
                _ => self.start_play(),
            },
            HokmAction::Discard(cs) => {
                let p = self.current;
                self.hands[p] -= cs;
                self.two.own_discards[p] |= cs;
                self.two.discarded[p] = true;
                if p == self.hakem {
                    self.current = self.dealer;
                } else {
                    self.phase = Phase::Draw;
                    self.current = self.hakem;
                }
            }
            HokmAction::Keep | HokmAction::Reject => {
                let p = self.current;
                let (x, y) = (
                    self.two.stock[2 * self.two.draw_turn],
                    self.two.stock[2 * self.two.draw_turn + 1],
                );
                let (keep, away) = if a == HokmAction::Keep {
                    (x, y)
                } else {
                    (y, x)
                };
                self.hands[p].insert(keep);
                self.two.own_discards[p].insert(away);
                self.two.draw_turn += 1;
                if 2 * self.two.draw_turn >= self.two.stock.len() {
                    self.start_play();
                } else {
                    self.current = (p + 1) % n;
                }
            }
            HokmAction::Stop => {
                let side = self.cfg.side(self.current);
                self.finish_hand(Some(side), ResultKind::Kot);
            }
            HokmAction::Continue => {
                self.continuing = true;
                self.phase = Phase::Play;
                self.current = self.leader;
            }
        }
    }
}

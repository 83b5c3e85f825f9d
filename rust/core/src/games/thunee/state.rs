//! The state of a hand and a match of Thunee (`docs/rules/thunee.md`): its types,
//! accessors, the legal actions and their dispatch. The steps of a hand
//! live in the sibling modules: the deal in batches, the bidding, the
//! choice of trumps and the Thunee / Royals window in `hand.rs`; trick
//! play, the Jodhi and last-trick windows in `play.rs`; the result, balls
//! and the match in `scoring.rs`.

use std::sync::Arc;

use super::config::{DoubleRule, LastCard, ThuneeConfig, TopBid};
use super::rules;
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::rng::Rng;

/// Where a hand stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The bidding on the first batch (§5.2).
    Bid,
    /// The trumper chooses trumps (§5.3–§5.5).
    Trump,
    /// The Thunee / Royals window after the deal (§6.1).
    Call,
    /// Trick play (§7).
    Play,
    /// A Jodhi window between tricks (§9.1).
    Jodhi,
    /// The last-trick window: Double or Khanuck (§9.2).
    Double,
    /// The match (or the position's hand) is over.
    Over,
}

impl Phase {
    /// The phase's name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Bid => "bid",
            Phase::Trump => "trump",
            Phase::Call => "call",
            Phase::Play => "play",
            Phase::Jodhi => "jodhi",
            Phase::Double => "double",
            Phase::Over => "over",
        }
    }
}

/// One decision, typed (§0.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `bid:n`.
    Bid(i32),
    /// `pass`.
    Pass,
    /// `indicator:QS`: the trumper lays this card face down.
    Indicator(Card),
    /// `trump:last`: his last card, unseen, fixes trumps.
    TrumpLast,
    /// `redeal`: the weak-hand redeal.
    Redeal,
    /// `thunee`.
    Thunee,
    /// `royals`.
    Royals,
    /// `blind_thunee`.
    BlindThunee,
    /// `blind_royals`.
    BlindRoyals,
    /// `jodhi:H`.
    Jodhi(Suit),
    /// `double`.
    Double,
    /// `khanuck`.
    Khanuck,
    /// A card.
    Card(Card),
}

/// A Thunee or Royals contract (§6).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Special {
    /// The caller `c`.
    pub caller: usize,
    /// Royals (the reversed order) rather than Thunee.
    pub royals: bool,
    /// Called blind on a bidding turn (§6.4).
    pub blind: bool,
}

impl Special {
    /// The contract's name (`thunee`, `royals`, `blind_thunee`, `blind_royals`).
    pub fn name(&self) -> &'static str {
        match (self.blind, self.royals) {
            (false, false) => "thunee",
            (false, true) => "royals",
            (true, false) => "blind_thunee",
            (true, true) => "blind_royals",
        }
    }

    /// The balls the contract is worth (§6.3, §6.4): `blind_balls`,
    /// `royals_balls` or `thunee_balls`.
    pub fn balls(&self, cfg: &ThuneeConfig) -> i32 {
        if self.blind {
            cfg.blind_balls
        } else if self.royals {
            cfg.royals_balls
        } else {
            cfg.thunee_balls
        }
    }
}

/// A last-trick claim (§9.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Double (§9.3).
    Double,
    /// Khanuck (§9.4).
    Khanuck,
}

impl Claim {
    /// The claim's name.
    pub fn name(self) -> &'static str {
        match self {
            Claim::Double => "double",
            Claim::Khanuck => "khanuck",
        }
    }
}

/// One declared Jodhi (§9.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Jodhi {
    /// The declarer.
    pub seat: usize,
    /// The suit.
    pub suit: Suit,
    /// Its value (20, 30, 40 or 50).
    pub value: i32,
    /// The jack was counted.
    pub jack: bool,
}

/// How a hand ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// The counting team reached its target (§10.3).
    Counted,
    /// The trumping team held the counting team below its target.
    Held,
    /// The caller won every trick of his Thunee or Royals.
    SweepWon,
    /// An opponent won a trick of it.
    SweepLost,
    /// The caller's partner won a trick of it.
    PartnerCatch,
    /// A Double made.
    DoubleWon,
    /// A Double failed.
    DoubleLost,
    /// A Khanuck made.
    KhanuckWon,
    /// A Khanuck failed.
    KhanuckLost,
    /// No opponent of the trumping side held a trump (§5.7).
    NoTrump,
    /// The trumper's weak-hand redeal (§5.5).
    Redeal,
}

impl ResultKind {
    /// The kind's name.
    pub fn name(self) -> &'static str {
        match self {
            ResultKind::Counted => "counted",
            ResultKind::Held => "held",
            ResultKind::SweepWon => "sweep_won",
            ResultKind::SweepLost => "sweep_lost",
            ResultKind::PartnerCatch => "partner_catch",
            ResultKind::DoubleWon => "double_won",
            ResultKind::DoubleLost => "double_lost",
            ResultKind::KhanuckWon => "khanuck_won",
            ResultKind::KhanuckLost => "khanuck_lost",
            ResultKind::NoTrump => "no_trump",
            ResultKind::Redeal => "redeal",
        }
    }

    /// The deal was annulled: no balls, the same dealer deals again.
    pub fn annulled(self) -> bool {
        matches!(self, ResultKind::NoTrump | ResultKind::Redeal)
    }
}

/// The result of one hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// How it ended.
    pub kind: ResultKind,
    /// The trumper `t`.
    pub trumper: usize,
    /// The winning bid `v` (0 when nobody bid).
    pub bid: i32,
    /// The Thunee / Royals contract, if any.
    pub special: Option<Special>,
    /// The Double or Khanuck called, with its caller.
    pub claim: Option<(usize, Claim)>,
    /// The counting team's target `τ` (§10.2).
    pub target: i32,
    /// Card points taken by each team.
    pub points: [i32; 2],
    /// Each team's total after the last trick (§10.1).
    pub totals: [i32; 2],
    /// Jodhi declared by each team.
    pub jodhi: [i32; 2],
    /// Balls gained by each team.
    pub balls: [i32; 2],
}

/// One public event of the current hand, kept for the hidden-card sampler
/// ([`ThuneeState::determinize`]): what every player saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ev {
    /// `seat` played `card`; `led` the suit led (`None`: he led); `blind`:
    /// his face-down cards were out of his hand.
    Play {
        seat: usize,
        card: Card,
        led: Option<Suit>,
        blind: bool,
    },
    /// The second round of the two-player game was dealt.
    Round,
    /// A Jodhi window's test of `seat`: he held a king and queen of a suit
    /// outside `declared` (`eligible`) or not, after `plays` cards of the hand.
    Check {
        seat: usize,
        declared: u8,
        eligible: bool,
        plays: usize,
    },
    /// `seat` declared a Jodhi (its cards are shown).
    Declared { seat: usize, jodhi: Jodhi },
}

/// The complete state of a match (or of one hand from a position).
#[derive(Clone, Debug)]
pub struct ThuneeState {
    pub(crate) cfg: Arc<ThuneeConfig>,
    pub(crate) rng: Rng,
    pub(crate) position_mode: bool,
    pub(crate) balls: [i32; 2],
    pub(crate) match_target: i32,
    pub(crate) dealer: usize,
    pub(crate) hand_no: u32,
    pub(crate) winner: Option<usize>,
    /// The shuffled pack of the hand (empty for a position).
    pub(crate) deck: Vec<Card>,
    pub(crate) hands: Vec<CardSet>,
    /// The second round of the two-player game, per seat, until dealt.
    pub(crate) round2: Vec<CardSet>,
    pub(crate) phase: Phase,
    pub(crate) to_act: usize,
    pub(crate) queue: Vec<usize>,
    // bidding
    pub(crate) high: Option<(usize, i32)>,
    pub(crate) passes: usize,
    pub(crate) auction: Vec<(usize, String)>,
    // trumps
    pub(crate) trumper: usize,
    pub(crate) bid: i32,
    pub(crate) trump: Option<Suit>,
    /// The face-down indicator (or last card) while not in a hand.
    pub(crate) indicator: Option<Card>,
    pub(crate) last_card: bool,
    pub(crate) revealed: bool,
    // contract
    pub(crate) special: Option<Special>,
    /// A blind caller's face-down cards, until they join his hand.
    pub(crate) blind: CardSet,
    // play
    pub(crate) trick: Vec<(usize, Card)>,
    pub(crate) last_trick: Vec<(usize, Card)>,
    pub(crate) leader: usize,
    pub(crate) tricks_played: usize,
    /// The winner of each trick of the hand (from the position on).
    pub(crate) trick_winners: Vec<usize>,
    pub(crate) points: [i32; 2],
    pub(crate) played: CardSet,
    pub(crate) jodhis: Vec<Jodhi>,
    pub(crate) declared: u8,
    pub(crate) claim: Option<(usize, Claim)>,
    pub(crate) last_result: Option<HandResult>,
    pub(crate) results: Vec<HandResult>,
    pub(crate) history: Vec<String>,
    pub(crate) log: Vec<Ev>,
}

impl ThuneeState {
    /// A new match; the first dealer is drawn at random or by the first
    /// black jack (§2).
    pub fn new_match(cfg: Arc<ThuneeConfig>, seed: u64) -> ThuneeState {
        let mut rng = Rng::new(seed);
        let dealer = if cfg.black_jack {
            let deck = crate::deal::shuffled(cfg.pack.cards(), &mut rng);
            let pack = &cfg.pack;
            let at = deck
                .iter()
                .position(|&c| pack.face(c) == b'J' && matches!(pack.suit_of(c), 0 | 3))
                .expect("the pack holds the black jacks");
            at % cfg.players
        } else {
            rng.below(cfg.players as u64) as usize
        };
        let mut s = ThuneeState::blank(cfg, rng, dealer);
        s.start_hand();
        s
    }

    pub(crate) fn blank(cfg: Arc<ThuneeConfig>, rng: Rng, dealer: usize) -> ThuneeState {
        let n = cfg.players;
        ThuneeState {
            rng,
            position_mode: false,
            balls: [0; 2],
            match_target: cfg.target_balls,
            dealer,
            hand_no: 0,
            winner: None,
            deck: Vec::new(),
            hands: vec![CardSet::EMPTY; n],
            round2: Vec::new(),
            phase: Phase::Bid,
            to_act: 0,
            queue: Vec::new(),
            high: None,
            passes: 0,
            auction: Vec::new(),
            trumper: (dealer + 1) % n,
            bid: 0,
            trump: None,
            indicator: None,
            last_card: false,
            revealed: false,
            special: None,
            blind: CardSet::EMPTY,
            trick: Vec::new(),
            last_trick: Vec::new(),
            leader: 0,
            tricks_played: 0,
            trick_winners: Vec::new(),
            points: [0; 2],
            played: CardSet::EMPTY,
            jodhis: Vec::new(),
            declared: 0,
            claim: None,
            last_result: None,
            results: Vec::new(),
            history: Vec::new(),
            log: Vec::new(),
            cfg,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &ThuneeConfig {
        &self.cfg
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act, if any.
    pub fn current(&self) -> Option<usize> {
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    /// Every seat's playable cards now (the face-down indicator and a blind
    /// caller's face-down cards left out).
    pub fn hands(&self) -> &[CardSet] {
        &self.hands
    }

    /// Every seat's cards, the face-down ones included (a god's-eye view).
    pub fn all_cards(&self) -> Vec<CardSet> {
        let mut h = self.hands.clone();
        if let Some(i) = self.indicator {
            h[self.trumper].insert(i);
        }
        if let Some(sp) = self.special {
            h[sp.caller] |= self.blind;
        }
        h
    }

    /// The dealer.
    pub fn dealer(&self) -> usize {
        self.dealer
    }

    /// The trumper `t` (the default trumper until the bidding ends).
    pub fn trumper(&self) -> usize {
        self.trumper
    }

    /// The winning bid `v`.
    pub fn bid(&self) -> i32 {
        self.bid
    }

    /// The trump suit, once fixed (known to the engine even while face down).
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The Thunee / Royals contract, if any.
    pub fn special(&self) -> Option<Special> {
        self.special
    }

    /// Balls of each team.
    pub fn balls(&self) -> [i32; 2] {
        self.balls
    }

    /// Card points each team took so far in this hand.
    pub fn points(&self) -> [i32; 2] {
        self.points
    }

    /// The Jodhi declared so far in this hand.
    pub fn jodhis(&self) -> &[Jodhi] {
        &self.jodhis
    }

    /// The results of the hands finished so far.
    pub fn results(&self) -> &[HandResult] {
        &self.results
    }

    /// The team of a seat.
    #[inline]
    pub fn team(&self, seat: usize) -> usize {
        seat % 2
    }

    /// The counting team: the opponents of the trumper.
    pub fn counting_team(&self) -> usize {
        1 - self.team(self.trumper)
    }

    /// Jodhi declared by `team` in this hand.
    pub fn jodhi_of(&self, team: usize) -> i32 {
        self.jodhis
            .iter()
            .filter(|j| self.team(j.seat) == team)
            .map(|j| j.value)
            .sum()
    }

    /// The counting team's target (§10.2): `base − v + J_trump − J_count`.
    pub fn target(&self) -> i32 {
        let c = self.counting_team();
        self.cfg.base_target - self.bid + self.jodhi_of(1 - c) - self.jodhi_of(c)
    }

    /// The Royals order is in force.
    pub fn royals(&self) -> bool {
        self.special.is_some_and(|s| s.royals)
    }

    /// The seat after `s` in play order.
    #[inline]
    pub(crate) fn next(&self, s: usize) -> usize {
        (s + 1) % self.cfg.players
    }

    /// The default trumper `t0 = next(d)`.
    pub(crate) fn t0(&self) -> usize {
        self.next(self.dealer)
    }

    // ---- the legal actions and their dispatch --------------------------

    /// May the player to act bid now (§5.2)?
    pub(crate) fn may_bid(&self) -> bool {
        let p = self.to_act;
        match self.high {
            None => self.team(p) != self.team(self.t0()),
            Some((h, _)) if self.cfg.bid_over_partner => p != h,
            Some((h, _)) => self.team(p) != self.team(h),
        }
    }

    /// The bids the player to act may make, ascending.
    pub(crate) fn bids(&self) -> Vec<i32> {
        if !self.may_bid() {
            return Vec::new();
        }
        let cur = self.high.map_or(0, |(_, v)| v);
        let mut v: Vec<i32> = (1..=10).map(|k| 10 * k).filter(|&b| b > cur).collect();
        let top = match self.cfg.top_bid {
            TopBid::After100 => cur == 100,
            TopBid::Any => true,
            TopBid::None => false,
        };
        if top && cur < 104 {
            v.push(104);
        }
        v
    }

    /// May the trumper say `trump:last` (§5.4)?
    pub(crate) fn last_card_allowed(&self) -> bool {
        match self.cfg.last_card {
            LastCard::Off => false,
            LastCard::Any => true,
            LastCard::FourSuits => {
                let h = self.hands[self.trumper];
                let p = &self.cfg.pack;
                let suits = (0..4).filter(|&s| !(h & p.suit_mask(s)).is_empty()).count();
                suits == h.len() as usize
            }
        }
    }

    /// The suits the player to act may declare a Jodhi in now (§9.1).
    pub(crate) fn jodhi_suits(&self, seat: usize) -> Vec<Suit> {
        (0..4u8)
            .filter(|&s| self.declared >> s & 1 == 0)
            .filter(|&s| rules::jodhi(&self.cfg.pack, self.hands[seat], s, self.trump).0 > 0)
            .collect()
    }

    /// May `seat` call Double now (§9.3)?
    pub(crate) fn may_double(&self, seat: usize) -> bool {
        if !self.cfg.double {
            return false;
        }
        if self.cfg.double_rule == DoubleRule::AllTricks {
            let team = self.team(seat);
            return self.trick_winners.iter().all(|&w| self.team(w) == team);
        }
        true
    }

    /// May `seat` call Khanuck now (§9.4: his team has declared a Jodhi)?
    pub(crate) fn may_khanuck(&self, seat: usize) -> bool {
        self.cfg.khanuck
            && self
                .jodhis
                .iter()
                .any(|j| self.team(j.seat) == self.team(seat))
    }

    /// The cards the player to act may play.
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let cards: Vec<Card> = self.trick.iter().map(|&(_, c)| c).collect();
        rules::legal(
            &self.cfg.pack,
            self.hands[self.to_act],
            &cards,
            self.trump,
            self.royals(),
            self.cfg.undercut_forbidden,
        )
    }

    /// The typed legal actions of the seat to act, in the documented order:
    /// bids ascending, the blind calls, `pass`; indicators in hand order,
    /// `trump:last`, `redeal`; `thunee`, `royals`, `pass`; Jodhi suits in
    /// pack order, `pass`; `double`, `khanuck`, `pass`; cards suit by suit
    /// (S H D C), strongest first.
    pub fn legal(&self) -> Vec<Action> {
        let p = self.to_act;
        let cfg = &self.cfg;
        let mut v = Vec::new();
        match self.phase {
            Phase::Over => {}
            Phase::Bid => {
                v.extend(self.bids().into_iter().map(Action::Bid));
                if cfg.blind_calls {
                    v.push(Action::BlindThunee);
                    if cfg.royals {
                        v.push(Action::BlindRoyals);
                    }
                }
                v.push(Action::Pass);
            }
            Phase::Trump => {
                v.extend(
                    cfg.pack
                        .in_hand_order(self.hands[p])
                        .into_iter()
                        .map(Action::Indicator),
                );
                if self.last_card_allowed() {
                    v.push(Action::TrumpLast);
                }
                if cfg.weak_redeal && cfg.pack.points(self.hands[p]) <= 10 {
                    v.push(Action::Redeal);
                }
            }
            Phase::Call => {
                let mut own = self.hands[p];
                if let Some(i) = self.indicator.filter(|_| p == self.trumper) {
                    own.insert(i);
                }
                if !rules::whole_suit(&cfg.pack, own) {
                    v.push(Action::Thunee);
                    if cfg.royals {
                        v.push(Action::Royals);
                    }
                }
                v.push(Action::Pass);
            }
            Phase::Jodhi => {
                v.extend(self.jodhi_suits(p).into_iter().map(Action::Jodhi));
                v.push(Action::Pass);
            }
            Phase::Double => {
                if self.may_double(p) {
                    v.push(Action::Double);
                }
                if self.may_khanuck(p) {
                    v.push(Action::Khanuck);
                }
                v.push(Action::Pass);
            }
            Phase::Play => v.extend(
                cfg.pack
                    .in_hand_order(self.legal_cards())
                    .into_iter()
                    .map(Action::Card),
            ),
        }
        v
    }

    /// Applies a typed action that [`ThuneeState::is_legal`] accepted.
    pub(crate) fn apply_action(&mut self, a: Action) {
        let p = self.to_act;
        match (self.phase, a) {
            (Phase::Bid, Action::Bid(v)) => self.make_bid(p, v),
            (Phase::Bid, Action::Pass) => self.pass_bid(p),
            (Phase::Bid, Action::BlindThunee) => self.call_blind(p, false),
            (Phase::Bid, Action::BlindRoyals) => self.call_blind(p, true),
            (Phase::Trump, Action::Indicator(c)) => self.lay_indicator(c),
            (Phase::Trump, Action::TrumpLast) => self.trump_last(),
            (Phase::Trump, Action::Redeal) => self.weak_redeal(),
            (Phase::Call, Action::Thunee) => self.call_special(p, false),
            (Phase::Call, Action::Royals) => self.call_special(p, true),
            (Phase::Call, Action::Pass) => self.pass_call(),
            (Phase::Play, Action::Card(c)) => self.play_card(c),
            (Phase::Jodhi, Action::Jodhi(s)) => self.declare_jodhi(p, s),
            (Phase::Jodhi, Action::Pass) => self.next_jodhi(),
            (Phase::Double, Action::Double) => self.claim_last(p, Claim::Double),
            (Phase::Double, Action::Khanuck) => self.claim_last(p, Claim::Khanuck),
            (Phase::Double, Action::Pass) => self.next_claim(),
            _ => unreachable!("checked by is_legal"),
        }
    }

    /// Checks a typed action against the legal ones.
    pub(crate) fn is_legal(&self, a: Action) -> Result<Action> {
        if self.phase == Phase::Over {
            return Err(Error::IllegalAction("the game is over".into()));
        }
        if self.legal().contains(&a) {
            return Ok(a);
        }
        Err(Error::IllegalAction(format!(
            "{} is not legal now (phase {}, seat {} to act)",
            self.action_string(a),
            self.phase.name(),
            self.to_act
        )))
    }
}

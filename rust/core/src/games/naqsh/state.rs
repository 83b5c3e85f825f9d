//! The Naqsh state machine: stakes, turns of draw or stand, settlement, the
//! bank passing to the right, the match.

use std::cmp::Ordering;
use std::sync::Arc;

use super::config::{Mode, NaqshConfig};
use super::hand::{card_value, classify, compare, is_closed, Class, Tally};
use crate::card::{Card, CardSet};
use crate::error::{check_seat, Error, Result};
use crate::rng::Rng;

/// The most cards one hand can hold (more than any total up to 20 allows).
pub const MAX_HAND: usize = 24;
/// The most players (§2).
pub const MAX_PLAYERS: usize = 8;

/// Where a hand stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Punters choose their stakes after their first card (`stake_mode=after_first_card`).
    Stake,
    /// Turns of draw or stand, punters in order and then the banker.
    Play,
    /// The match (or the position's hand) is over.
    Over,
}

impl Phase {
    /// The phase's name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Stake => "stake",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }
}

/// A decision (§3.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NaqshAction {
    /// `stake:n`.
    Stake(i64),
    /// `draw`: the top stock card, face up.
    Draw,
    /// `stand`: end the turn.
    Stand,
}

impl NaqshAction {
    /// The action's string (`stake:3`, `draw`, `stand`).
    pub fn name(self) -> String {
        match self {
            NaqshAction::Stake(n) => format!("stake:{}", n),
            NaqshAction::Draw => "draw".into(),
            NaqshAction::Stand => "stand".into(),
        }
    }
}

/// One seat's cards in the order received.
#[derive(Copy, Clone, Debug)]
pub struct HandCards {
    cards: [Card; MAX_HAND],
    len: u8,
    /// What decides the hand's class.
    pub tally: Tally,
}

impl Default for HandCards {
    fn default() -> Self {
        HandCards {
            cards: [Card(0); MAX_HAND],
            len: 0,
            tally: Tally::default(),
        }
    }
}

impl HandCards {
    /// The cards, first received first.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    pub(crate) fn push(&mut self, c: Card, v: u8) {
        self.cards[self.len as usize] = c;
        self.len += 1;
        self.tally.add(v);
    }
}

/// The outcome of one finished hand, public once it is settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// The banker (dealer) of the hand.
    pub banker: usize,
    /// Every seat's cards in the order received.
    pub cards: Vec<Vec<Card>>,
    /// Every seat's class.
    pub classes: Vec<Class>,
    /// Every seat's net result of the hand (stakes, payments, pool share).
    pub net: Vec<i64>,
    /// What stays in the pool (pool mode).
    pub pool: i64,
}

/// A Naqsh state: a whole match, or one hand from a position.
#[derive(Clone, Debug)]
pub struct NaqshState {
    pub(crate) cfg: Arc<NaqshConfig>,
    pub(crate) rng: Rng,
    /// A position: the hand is the whole game.
    pub(crate) single_hand: bool,
    pub(crate) hand_no: usize,
    pub(crate) banker: usize,
    /// The shuffled pack of this hand, top first.
    pub(crate) order: Arc<Vec<Card>>,
    /// Index of the next card to deal or draw.
    pub(crate) next: usize,
    pub(crate) hands: [HandCards; MAX_PLAYERS],
    pub(crate) stakes: [i64; MAX_PLAYERS],
    pub(crate) staked: [bool; MAX_PLAYERS],
    /// First two cards shown (bust, or the banker's turn has begun).
    pub(crate) revealed: [bool; MAX_PLAYERS],
    pub(crate) phase: Phase,
    /// Index in the order of play: 0 = B+1, ..., N-1 = the banker.
    pub(crate) turn: usize,
    pub(crate) scores: [i64; MAX_PLAYERS],
    pub(crate) pool: i64,
    /// Scores when this hand began (its net result is measured from them).
    pub(crate) hand_start: [i64; MAX_PLAYERS],
    pub(crate) history: Vec<String>,
    pub(crate) last: Option<Arc<HandResult>>,
    /// Seats that took a draw/stand decision in this hand, and those that stood.
    pub(crate) acted: [bool; MAX_PLAYERS],
    pub(crate) stood: [bool; MAX_PLAYERS],
}

impl NaqshState {
    /// A whole match: the first banker drawn at random (or `banker`), every
    /// hand shuffled by a generator seeded with `seed`.
    pub fn new_match(
        cfg: Arc<NaqshConfig>,
        seed: u64,
        banker: Option<usize>,
    ) -> Result<NaqshState> {
        let mut rng = Rng::new(seed);
        let n = cfg.players;
        let b = match banker {
            Some(b) if b >= n => {
                return Err(Error::State(format!(
                    "banker {} out of range 0..{}",
                    b,
                    n - 1
                )))
            }
            Some(b) => b,
            None => rng.below(n as u64) as usize,
        };
        let mut s = NaqshState::empty(cfg, rng, b);
        s.start_hand(None);
        Ok(s)
    }

    /// One hand from a position (§3.3): each seat's first two cards, the
    /// banker, the stock from the top, and the punters' stakes (default: the
    /// `stake` unit). Play starts with the first punter's turn.
    pub fn from_position(
        cfg: Arc<NaqshConfig>,
        hands: &[Vec<Card>],
        banker: usize,
        stock: Vec<Card>,
        stakes: Option<&[i64]>,
    ) -> Result<NaqshState> {
        let n = cfg.players;
        if hands.len() != n {
            return Err(Error::Notation(format!(
                "bad deal: {} hand(s) given, this game has {} players",
                hands.len(),
                n
            )));
        }
        check_seat("banker", banker, n)?;
        let mut used = CardSet::EMPTY;
        for (seat, h) in hands.iter().enumerate() {
            if h.len() != 2 {
                return Err(Error::Notation(format!(
                    "bad deal: seat {} holds {} card(s); a hand starts with its first two cards",
                    seat,
                    h.len()
                )));
            }
            used |= h.iter().copied().collect::<CardSet>();
        }
        let mut seen = used;
        for &c in &stock {
            if seen.contains(c) {
                return Err(Error::Notation(format!(
                    "bad stock: {} is already dealt or appears twice",
                    cfg.pack.format_card(c)
                )));
            }
            seen.insert(c);
        }
        let mut st = [cfg.stake; MAX_PLAYERS];
        if let Some(v) = stakes {
            if v.len() != n {
                return Err(Error::State(format!(
                    "stakes: {} given, one per seat ({}) is needed",
                    v.len(),
                    n
                )));
            }
            let hi = cfg.stake_max.max(cfg.stake);
            for (seat, &x) in v.iter().enumerate() {
                if seat != banker && !(1..=hi).contains(&x) {
                    return Err(Error::State(format!(
                        "stake {} of seat {} out of range 1..{}",
                        x, seat, hi
                    )));
                }
                st[seat] = x;
            }
        }
        let mut s = NaqshState::empty(cfg.clone(), Rng::new(0), banker);
        s.single_hand = true;
        s.order = Arc::new(stock);
        for (seat, h) in hands.iter().enumerate() {
            for &c in h {
                s.hands[seat].push(c, card_value(&cfg.pack, c));
            }
        }
        s.stakes = st;
        s.staked = [true; MAX_PLAYERS];
        s.ante();
        s.begin_play();
        Ok(s)
    }

    fn empty(cfg: Arc<NaqshConfig>, rng: Rng, banker: usize) -> NaqshState {
        NaqshState {
            cfg,
            rng,
            single_hand: false,
            hand_no: 0,
            banker,
            order: Arc::new(Vec::new()),
            next: 0,
            hands: [HandCards::default(); MAX_PLAYERS],
            stakes: [0; MAX_PLAYERS],
            staked: [false; MAX_PLAYERS],
            revealed: [false; MAX_PLAYERS],
            phase: Phase::Play,
            turn: 0,
            scores: [0; MAX_PLAYERS],
            pool: 0,
            hand_start: [0; MAX_PLAYERS],
            history: Vec::new(),
            last: None,
            acted: [false; MAX_PLAYERS],
            stood: [false; MAX_PLAYERS],
        }
    }

    /// The configuration.
    pub fn config(&self) -> &NaqshConfig {
        &self.cfg
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The banker (dealer) of the current hand.
    pub fn banker(&self) -> usize {
        self.banker
    }

    /// Number of the current hand (0 first).
    pub fn hand_number(&self) -> usize {
        self.hand_no
    }

    /// A seat's cards in the order received.
    pub fn cards(&self, seat: usize) -> &[Card] {
        self.hands[seat].cards()
    }

    /// A seat's class now.
    pub fn class(&self, seat: usize) -> Class {
        classify(&self.hands[seat].tally, &self.cfg)
    }

    /// The stock, top first.
    pub fn stock(&self) -> &[Card] {
        &self.order[self.next.min(self.order.len())..]
    }

    /// Each punter's stake (the banker's entry is unused).
    pub fn stakes(&self) -> &[i64] {
        &self.stakes[..self.cfg.players]
    }

    /// The result of the last finished hand, if any.
    pub fn last_result(&self) -> Option<&HandResult> {
        self.last.as_deref()
    }

    /// Each seat's net winnings so far.
    pub fn scores(&self) -> &[i64] {
        &self.scores[..self.cfg.players]
    }

    /// What is in the pool (pool mode).
    pub fn pool(&self) -> i64 {
        self.pool
    }

    /// The seat at `turn` in the order of play.
    #[inline]
    pub(crate) fn seat_at(&self, turn: usize) -> usize {
        (self.banker + 1 + turn) % self.cfg.players
    }

    /// The seat to act, if any.
    pub fn current(&self) -> Option<usize> {
        match self.phase {
            Phase::Over => None,
            _ => Some(self.seat_at(self.turn)),
        }
    }

    /// The legal actions of the seat to act, in order: `stake:1` upwards; `draw`, `stand`.
    pub fn legal(&self) -> Vec<NaqshAction> {
        match self.phase {
            Phase::Stake => (1..=self.cfg.stake_max).map(NaqshAction::Stake).collect(),
            Phase::Play => vec![NaqshAction::Draw, NaqshAction::Stand],
            Phase::Over => Vec::new(),
        }
    }

    /// Applies a decision; an illegal one changes nothing.
    pub fn act(&mut self, a: NaqshAction) -> Result<()> {
        match (self.phase, a) {
            (Phase::Stake, NaqshAction::Stake(x)) if (1..=self.cfg.stake_max).contains(&x) => {
                let seat = self.seat_at(self.turn);
                self.stakes[seat] = x;
                self.staked[seat] = true;
                self.turn += 1;
                if self.turn == self.cfg.players - 1 {
                    self.deal_pass();
                    self.begin_play();
                }
            }
            (Phase::Play, NaqshAction::Draw) => {
                let seat = self.seat_at(self.turn);
                self.acted[seat] = true;
                self.draw_to(seat);
                self.advance();
            }
            (Phase::Play, NaqshAction::Stand) => {
                let seat = self.seat_at(self.turn);
                self.acted[seat] = true;
                self.stood[seat] = true;
                self.turn += 1;
                self.advance();
            }
            _ => {
                let legal: Vec<String> = self.legal().iter().map(|a| a.name()).collect();
                return Err(Error::IllegalAction(format!(
                    "{} is not legal now (phase {}); legal: {}",
                    a.name(),
                    self.phase.name(),
                    if legal.is_empty() {
                        "none, the game is over".to_string()
                    } else {
                        legal.join(", ")
                    }
                )));
            }
        }
        self.history.push(a.name());
        Ok(())
    }

    /// Shuffles and deals a new hand (or uses `order` as the shuffled pack).
    fn start_hand(&mut self, order: Option<Vec<Card>>) {
        let order = order.unwrap_or_else(|| {
            let mut v = self.cfg.pack.cards().to_vec();
            self.rng.shuffle(&mut v);
            v
        });
        self.order = Arc::new(order);
        self.next = 0;
        self.hands = [HandCards::default(); MAX_PLAYERS];
        self.revealed = [false; MAX_PLAYERS];
        self.acted = [false; MAX_PLAYERS];
        self.stood = [false; MAX_PLAYERS];
        self.staked = [false; MAX_PLAYERS];
        self.stakes = [self.cfg.stake; MAX_PLAYERS];
        self.ante();
        self.deal_pass();
        if self.cfg.chooses_stakes() {
            self.phase = Phase::Stake;
            self.turn = 0;
        } else {
            self.staked = [true; MAX_PLAYERS];
            self.deal_pass();
            self.begin_play();
        }
    }

    /// Marks the start of a hand's accounts; in pool mode everyone antes.
    fn ante(&mut self) {
        self.hand_start = self.scores;
        if self.cfg.mode == Mode::Pool {
            for s in 0..self.cfg.players {
                self.scores[s] -= self.cfg.stake;
                self.pool += self.cfg.stake;
            }
        }
    }

    /// One card to each seat, B+1 first and the banker last.
    fn deal_pass(&mut self) {
        for t in 0..self.cfg.players {
            let seat = self.seat_at(t);
            self.draw_to(seat);
        }
    }

    fn draw_to(&mut self, seat: usize) {
        if let Some(&c) = self.order.get(self.next) {
            self.next += 1;
            self.hands[seat].push(c, card_value(&self.cfg.pack, c));
        }
    }

    fn begin_play(&mut self) {
        self.phase = Phase::Play;
        self.turn = 0;
        self.advance();
    }

    /// Runs every step that needs no decision (§5.2): busts, closed hands,
    /// the card limit, an empty stock, the banker's fixed rule; stops at the
    /// next free decision or settles the hand.
    fn advance(&mut self) {
        let n = self.cfg.players;
        while self.turn < n {
            let seat = self.seat_at(self.turn);
            if seat == self.banker {
                self.revealed[seat] = true;
            }
            let h = &self.hands[seat];
            let class = classify(&h.tally, &self.cfg);
            if class == Class::Bust {
                self.revealed[seat] = true;
                if self.cfg.mode == Mode::Bank && seat != self.banker {
                    self.scores[seat] -= self.stakes[seat];
                    self.scores[self.banker] += self.stakes[seat];
                }
                self.turn += 1;
                continue;
            }
            let full = self.cfg.max_cards > 0 && h.cards().len() >= self.cfg.max_cards;
            if is_closed(class, &self.cfg) || full || self.next >= self.order.len() {
                self.turn += 1;
                continue;
            }
            if seat == self.banker && self.cfg.banker_stands_at_n {
                match class {
                    Class::Total(t) if t < self.cfg.banker_n => self.draw_to(seat),
                    _ => self.turn += 1,
                }
                continue;
            }
            return;
        }
        self.settle();
    }

    /// Settles the hand (§8) and moves on to the next one or ends the game.
    fn settle(&mut self) {
        let n = self.cfg.players;
        let cfg = self.cfg.clone();
        let b = self.banker;
        match cfg.mode {
            Mode::Bank => {
                let bt = self.hands[b].tally;
                let bc = classify(&bt, &cfg);
                for p in (0..n).filter(|&p| p != b) {
                    let pt = self.hands[p].tally;
                    let pc = classify(&pt, &cfg);
                    if pc == Class::Bust {
                        continue; // paid during his turn
                    }
                    let s = self.stakes[p];
                    let pay = if bc == Class::Bust {
                        s * pc.mult(&cfg)
                    } else {
                        match compare(&pt, &bt, &cfg) {
                            Ordering::Greater => s * pc.mult(&cfg),
                            Ordering::Less => -s * bc.mult(&cfg),
                            Ordering::Equal if cfg.ties_to_banker => -s * bc.mult(&cfg),
                            Ordering::Equal => 0,
                        }
                    };
                    self.scores[p] += pay;
                    self.scores[b] -= pay;
                }
            }
            Mode::Pool => {
                let alive: Vec<usize> = (0..n)
                    .filter(|&p| classify(&self.hands[p].tally, &cfg) != Class::Bust)
                    .collect();
                if let Some(&first) = alive.first() {
                    let mut best = first;
                    for &p in &alive {
                        if compare(&self.hands[p].tally, &self.hands[best].tally, &cfg)
                            == Ordering::Greater
                        {
                            best = p;
                        }
                    }
                    let bt = self.hands[best].tally;
                    let winners: Vec<usize> = alive
                        .into_iter()
                        .filter(|&p| compare(&self.hands[p].tally, &bt, &cfg) == Ordering::Equal)
                        .collect();
                    let share = self.pool / winners.len() as i64;
                    for &w in &winners {
                        self.scores[w] += share;
                    }
                    self.pool -= share * winners.len() as i64;
                }
            }
        }
        self.last = Some(Arc::new(HandResult {
            banker: b,
            cards: (0..n).map(|s| self.hands[s].cards().to_vec()).collect(),
            classes: (0..n)
                .map(|s| classify(&self.hands[s].tally, &cfg))
                .collect(),
            net: (0..n)
                .map(|s| self.scores[s] - self.hand_start[s])
                .collect(),
            pool: self.pool,
        }));
        self.revealed = [true; MAX_PLAYERS];
        self.hand_no += 1;
        if self.single_hand || self.hand_no >= cfg.hands {
            self.phase = Phase::Over;
            self.turn = 0;
        } else {
            self.banker = (b + 1) % n;
            self.start_hand(None);
        }
    }

    /// The seat's net result of the current hand so far (for the solver, at
    /// the end of a hand).
    pub(crate) fn hand_net(&self, seat: usize) -> i64 {
        self.scores[seat] - self.hand_start[seat]
    }
}

//! The Ganjifa match: dealing, the handicaps between hands, the play of each
//! hand ([`Play`]), settlement, the akheri ending and Ser-k'hel.

use std::sync::Arc;

use super::config::{GanjifaConfig, Handicap, Settlement};
use super::play::{Act, Play, Step, MAX_SEATS};
use crate::card::{Card, CardSet};
use crate::deal::shuffled;
use crate::error::{check_seat, Error, Result};
use crate::rng::Rng;
use crate::solve::answer::{Answer, TableSize};
use crate::solve::request::{Extra, SolveAnswer, SolveRequest};
use crate::solve::SolverConfig;

/// Where the match stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `handicap=exchange`: the previous winner returns cards.
    Exchange,
    /// A hand is being played.
    Play,
    /// Ser-k'hel: the first challenger names his opponent.
    Serkhel,
    /// The match (or the position's hand) is over.
    Over,
}

impl Phase {
    /// The phase's name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Exchange => "exchange",
            Phase::Play => "play",
            Phase::Serkhel => "serkhel",
            Phase::Over => "over",
        }
    }
}

/// The outcome of one finished hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// The dealer of the hand.
    pub dealer: usize,
    /// Tricks of each seat.
    pub tricks: Vec<u32>,
    /// Net payment of each seat (settlement and card purchases).
    pub net: Vec<i64>,
    /// The card led to the last trick (the akheri), when one was led alone.
    pub akheri: Option<Card>,
    /// The seat that beat the akheri.
    pub beaten_by: Option<usize>,
    /// The seat that won the last trick.
    pub last_winner: usize,
}

/// Each seat's payment for trick counts `t` (A.9.1); `exempt` pays nothing
/// (Wilkins' akheri exemption).
///
/// ```
/// use hukm_core::games::ganjifa::{settle, Settlement};
/// assert_eq!(settle(Settlement::LoserPaysWinner, 1, &[14, 10, 8], None), vec![6, 0, -6]);
/// assert_eq!(settle(Settlement::Pairwise, 1, &[14, 10, 8], None), vec![10, -2, -8]);
/// ```
pub fn settle(scheme: Settlement, stake: i64, t: &[u32], exempt: Option<usize>) -> Vec<i64> {
    let n = t.len();
    let tmax = *t.iter().max().unwrap_or(&0);
    let tmin = *t.iter().min().unwrap_or(&0);
    let mut net = vec![0i64; n];
    let mut pay = |from: usize, to: usize, amount: i64| {
        if Some(from) != exempt && amount > 0 {
            net[from] -= amount;
            net[to] += amount;
        }
    };
    if tmax == tmin {
        return net;
    }
    for i in 0..n {
        for j in 0..n {
            let d = t[j] as i64 - t[i] as i64;
            let owes = match scheme {
                Settlement::LoserPaysWinner => t[i] == tmin && t[j] == tmax,
                Settlement::AllPayWinner => t[j] == tmax && t[i] != tmax,
                Settlement::Pairwise => d > 0,
            };
            if owes {
                let amount = match scheme {
                    Settlement::LoserPaysWinner => (tmax - tmin) as i64,
                    _ => d,
                };
                pay(i, j, stake * amount);
            }
        }
    }
    net
}

/// A Ganjifa state: a whole match, or one hand from a position.
#[derive(Clone, Debug)]
pub struct GanjifaState {
    pub(crate) cfg: Arc<GanjifaConfig>,
    pub(crate) rng: Rng,
    pub(crate) single_hand: bool,
    pub(crate) hand_no: usize,
    pub(crate) dealer: usize,
    pub(crate) phase: Phase,
    pub(crate) play: Play,
    pub(crate) scores: Vec<i64>,
    pub(crate) results: Vec<HandResult>,
    /// Each seat's cards everyone knows (face-up batches, won-card hands).
    pub(crate) public: [CardSet; MAX_SEATS],
    /// For each viewer, other seats' cards he alone knows (exchanges).
    pub(crate) known: [CardSet; MAX_SEATS],
    pub(crate) history: Vec<String>,
    /// Chance events and payments outside the trick play, for display.
    pub(crate) events: Vec<String>,
    /// Exchanges still due: (seat j, cards d).
    exchanges: Vec<(usize, usize)>,
    /// The previous winner w and the cards he still owes to the current j.
    exch_w: usize,
    pub(crate) exch_owed: usize,
    /// The seat the previous winner is returning cards to.
    pub(crate) exch_to_seat: usize,
    /// Ser-k'hel piles, top at the end.
    pub(crate) piles: Vec<Vec<Card>>,
    pub(crate) challenger: usize,
    /// What every player has learnt about the hands from the play of this
    /// hand (see [`super::sample`]).
    pub(crate) inferred: super::inferred::Inferred,
}

impl GanjifaState {
    fn empty(cfg: Arc<GanjifaConfig>, rng: Rng, dealer: usize, play: Play) -> GanjifaState {
        let n = cfg.players;
        GanjifaState {
            cfg,
            rng,
            single_hand: false,
            hand_no: 0,
            dealer,
            phase: Phase::Play,
            play,
            scores: vec![0; n],
            results: Vec::new(),
            public: [CardSet::EMPTY; MAX_SEATS],
            known: [CardSet::EMPTY; MAX_SEATS],
            history: Vec::new(),
            events: Vec::new(),
            exchanges: Vec::new(),
            exch_w: 0,
            exch_owed: 0,
            exch_to_seat: 0,
            piles: Vec::new(),
            challenger: 0,
            inferred: Default::default(),
        }
    }

    /// A whole match seeded by `seed`; the first dealer at random unless given.
    pub fn new_match(
        cfg: Arc<GanjifaConfig>,
        seed: u64,
        dealer: Option<usize>,
    ) -> Result<GanjifaState> {
        let n = cfg.players;
        let mut rng = Rng::new(seed);
        let d = match dealer {
            Some(d) if d >= n => {
                return Err(Error::State(format!(
                    "dealer {} out of range 0..{}",
                    d,
                    n - 1
                )))
            }
            Some(d) => d,
            None => rng.below(n as u64) as usize,
        };
        let play = Play::new(&cfg, &vec![CardSet::EMPTY; n], Some(0));
        let mut s = GanjifaState::empty(cfg, rng, d, play);
        s.start_hand();
        Ok(s)
    }

    /// One hand from a position (`from_deal`): `leader` `None` means the
    /// opening is due; `phase2` marks every seat as having held and lost the
    /// lead (Wilkins).
    pub fn from_position(
        cfg: Arc<GanjifaConfig>,
        hands: &[CardSet],
        leader: Option<usize>,
        phase2: bool,
        seed: u64,
    ) -> Result<GanjifaState> {
        let n = cfg.players;
        if hands.len() != n || hands[0].is_empty() {
            return Err(Error::Notation(
                "bad deal: give every seat at least one card".into(),
            ));
        }
        if let Some(l) = leader {
            check_seat("leader", l, n)?;
        } else {
            let king = cfg.pack.format_card(cfg.lead_king);
            if !hands.iter().any(|h| h.contains(cfg.lead_king)) {
                return Err(Error::State(format!(
                    "the opening needs the lead King {} in a hand; give leader= for a position after the opening",
                    king
                )));
            }
            if hands[0].len() < 2 {
                return Err(Error::State(format!(
                    "the opening leads {} with another card: hands need at least 2 cards",
                    king
                )));
            }
        }
        let mut play = Play::new(&cfg, hands, leader);
        if phase2 {
            play.held_lost = [true; MAX_SEATS];
            play.reenter(&cfg);
        }
        let dealer = (play.leader as usize + n - 1) % n;
        let mut s = GanjifaState::empty(cfg, Rng::new(seed), dealer, play);
        s.single_hand = true;
        s.after_act();
        Ok(s)
    }

    /// The configuration.
    pub fn config(&self) -> &GanjifaConfig {
        &self.cfg
    }

    /// The match phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The play of the current hand.
    pub fn play(&self) -> &Play {
        &self.play
    }

    /// The dealer of the current hand.
    pub fn dealer(&self) -> usize {
        self.dealer
    }

    /// Hands finished so far.
    pub fn hand_number(&self) -> usize {
        self.hand_no
    }

    /// Net payments so far.
    pub fn scores(&self) -> &[i64] {
        &self.scores
    }

    /// Results of the finished hands.
    pub fn results(&self) -> &[HandResult] {
        &self.results
    }

    /// Every seat's unplayed cards.
    pub fn hands(&self) -> &[CardSet] {
        self.play.hands()
    }

    /// The seat to act.
    pub fn current(&self) -> Option<usize> {
        match self.phase {
            Phase::Play => self.play.current(),
            Phase::Exchange => Some(self.exch_w),
            Phase::Serkhel => Some(self.challenger),
            Phase::Over => None,
        }
    }

    /// Deals (or rebuilds) the next hand and starts it.
    fn start_hand(&mut self) {
        let cfg = self.cfg.clone();
        let n = cfg.players;
        self.public = [CardSet::EMPTY; MAX_SEATS];
        self.known = [CardSet::EMPTY; MAX_SEATS];
        self.inferred = Default::default();
        let prev = self.results.last().cloned();
        let hands = if cfg.handicap == Handicap::WonCards && prev.is_some() {
            self.buy_cards()
        } else {
            self.deal_hands()
        };
        self.play = Play::new(&cfg, &hands, None);
        self.phase = Phase::Play;
        if let (Handicap::Exchange, Some(r)) = (cfg.handicap, prev) {
            let tmax = *r.tricks.iter().max().expect("seats");
            let tops: Vec<usize> = (0..n).filter(|&i| r.tricks[i] == tmax).collect();
            if tops.len() == 1 {
                let w = tops[0];
                self.exch_w = w;
                self.exchanges = (1..n)
                    .map(|k| (w + k) % n)
                    .map(|j| (j, ((tmax - r.tricks[j]) as usize).min(cfg.hand_size())))
                    .filter(|&(_, d)| d > 0)
                    .rev()
                    .collect();
                self.next_exchange();
            }
        }
        self.after_act();
    }

    /// A fresh shuffle dealt in batches from the dealer's right (A.4).
    fn deal_hands(&mut self) -> Vec<CardSet> {
        let cfg = self.cfg.clone();
        let n = cfg.players;
        let order = shuffled(cfg.pack.cards(), &mut self.rng);
        let batches = cfg.batches();
        let mut hands = vec![CardSet::EMPTY; n];
        let mut top = 0;
        let rounds = batches.len();
        for (r, &b) in batches.iter().enumerate() {
            for k in 0..n {
                let seat = (self.dealer + 1 + k) % n;
                for &c in &order[top..top + b] {
                    hands[seat].insert(c);
                    if cfg.face_up_batches && (r == 0 || r == rounds - 1) {
                        self.public[seat].insert(c);
                    }
                }
                top += b;
            }
        }
        hands
    }

    /// `handicap=won_cards`: won cards become hands; short seats buy at random.
    fn buy_cards(&mut self) -> Vec<CardSet> {
        let cfg = self.cfg.clone();
        let n = cfg.players;
        let target = cfg.hand_size();
        let mut hands: Vec<CardSet> = self.play.won[..n].to_vec();
        self.public[..n].copy_from_slice(&hands[..n]);
        let order: Vec<usize> = (1..=n).map(|k| (self.dealer + k) % n).collect();
        for &buyer in &order {
            while (hands[buyer].len() as usize) < target {
                let seller = *order
                    .iter()
                    .max_by_key(|&&s| {
                        (
                            hands[s].len(),
                            std::cmp::Reverse(order.iter().position(|&x| x == s)),
                        )
                    })
                    .expect("seats");
                let pile: Vec<Card> = hands[seller].iter().collect();
                let c = pile[self.rng.below(pile.len() as u64) as usize];
                hands[seller].remove(c);
                hands[buyer].insert(c);
                self.public[buyer].remove(c);
                self.public[seller].remove(c);
                self.known[seller].insert(c);
                let price = cfg.buy_price * cfg.stake;
                self.scores[buyer] -= price;
                self.scores[seller] += price;
                self.events
                    .push(format!("seat {} buys a card from seat {}", buyer, seller));
            }
        }
        hands
    }

    /// Starts the next exchange of `handicap=exchange`, or ends the phase.
    fn next_exchange(&mut self) {
        let w = self.exch_w;
        let Some((j, d)) = self.exchanges.pop() else {
            // The lead King may have changed hands: the opener is found afresh.
            let hands = self.play.hands().to_vec();
            self.play = Play::new(&self.cfg, &hands, None);
            self.phase = Phase::Play;
            return;
        };
        let mut given = CardSet::EMPTY;
        for _ in 0..d {
            let pile: Vec<Card> = self.play.hands[j].iter().collect();
            let c = pile[self.rng.below(pile.len() as u64) as usize];
            self.play.hands[j].remove(c);
            given.insert(c);
        }
        self.play.hands[w] |= given;
        self.known[j] |= given;
        for v in 0..MAX_SEATS {
            if v != j && v != w {
                self.known[v] -= given;
            }
            self.public[v] -= given;
        }
        self.events.push(format!(
            "seat {} gives {} random card(s) to seat {}",
            j, d, w
        ));
        self.exch_to_seat = j;
        self.exch_owed = d;
        self.phase = Phase::Exchange;
    }

    /// `give:c` of an exchange: the previous winner returns one card.
    pub(crate) fn exchange_give(&mut self, c: Card) -> Result<()> {
        let w = self.exch_w;
        if !self.play.hands[w].contains(c) {
            return Err(Error::IllegalAction(format!(
                "give:{} is not legal: seat {} does not hold it",
                self.cfg.pack.format_card(c),
                w
            )));
        }
        let j = self.exch_to_seat;
        self.play.hands[w].remove(c);
        self.play.hands[j].insert(c);
        self.known[w].insert(c);
        for v in 0..MAX_SEATS {
            if v != j && v != w {
                self.known[v].remove(c);
            }
        }
        self.exch_owed -= 1;
        if self.exch_owed == 0 {
            self.next_exchange();
            self.after_act();
        }
        Ok(())
    }

    /// `challenge:s` of Ser-k'hel: the first duel and every duel after it.
    pub(crate) fn challenge(&mut self, defender: usize) -> Result<()> {
        let n = self.cfg.players;
        if defender >= n || defender == self.challenger {
            return Err(Error::IllegalAction(format!(
                "challenge:{} is not legal: name another seat 0..{}",
                defender,
                n - 1
            )));
        }
        let (mut c, mut d) = (self.challenger, defender);
        let pack = &self.cfg.pack;
        loop {
            if self.piles[c].is_empty() || self.piles[d].is_empty() {
                break;
            }
            let cc = self.piles[c].pop().expect("non-empty");
            let dc = self.piles[d].pop().expect("non-empty");
            let defender_wins = pack.suit_of(cc) == pack.suit_of(dc) && dc.0 > cc.0;
            let (win, lose) = if defender_wins { (d, c) } else { (c, d) };
            self.scores[win] += self.cfg.serkhel_stake;
            self.scores[lose] -= self.cfg.serkhel_stake;
            self.events.push(format!(
                "duel: seat {} turns {}, seat {} turns {}; seat {} wins",
                c,
                pack.format_card(cc),
                d,
                pack.format_card(dc),
                win
            ));
            c = win;
            d = (win + 1) % n;
        }
        self.phase = Phase::Over;
        Ok(())
    }

    /// Applies a play act, then whatever follows by itself.
    pub(crate) fn play_act(&mut self, act: Act) -> Result<()> {
        let before = self.play;
        self.play.apply(&self.cfg, act)?;
        self.inferred.after_act(&self.cfg, &before, act, &self.play);
        self.after_act();
        Ok(())
    }

    /// `pick:i` under `blind_pick=neighbour_index`: a fresh shuffle of the
    /// leader's hand, the card at index `i`.
    pub(crate) fn pick(&mut self, i: usize) -> Result<()> {
        let l = self.play.leader as usize;
        let row: Vec<Card> = self.play.hands[l].iter().collect();
        if i >= row.len() {
            return Err(Error::IllegalAction(format!(
                "pick:{} is not legal: the row has {} card(s), positions 0..{}",
                i,
                row.len(),
                row.len().saturating_sub(1)
            )));
        }
        let row = shuffled(&row, &mut self.rng);
        self.play_act(Act::Reveal(row[i]))
    }

    /// Resolves chance (random blind picks) and finished hands.
    fn after_act(&mut self) {
        if self.phase != Phase::Play {
            return;
        }
        loop {
            self.inferred.at_step(&self.cfg, &self.play);
            match self.play.step {
                Step::Blind if !self.cfg.pick_by_neighbour => {
                    let l = self.play.leader as usize;
                    let row: Vec<Card> = self.play.hands[l].iter().collect();
                    let c = row[self.rng.below(row.len() as u64) as usize];
                    self.events.push(format!(
                        "blind surrender: seat {} leads {}",
                        l,
                        self.cfg.pack.format_card(c)
                    ));
                    self.play.apply_unchecked(&self.cfg, Act::Reveal(c));
                }
                Step::Done => {
                    self.finish_hand();
                    return;
                }
                _ => return,
            }
        }
    }

    /// Settles the hand and moves the match on (A.8 to A.10).
    fn finish_hand(&mut self) {
        let cfg = self.cfg.clone();
        let n = cfg.players;
        let tricks: Vec<u32> = self.play.tricks[..n].iter().map(|&t| t as u32).collect();
        let beaten_by = self.play.akheri_beaten_by();
        let last = self.play.last.expect("a finished hand had a lead");
        let exempt = if cfg.akheri_exemption {
            beaten_by
        } else {
            None
        };
        let net = settle(cfg.settlement, cfg.stake, &tricks, exempt);
        for (score, x) in self.scores.iter_mut().zip(&net) {
            *score += x;
        }
        let akheri = if last.led.len() == 1 {
            last.led.lowest()
        } else {
            None
        };
        let prev = self.results.last().cloned();
        self.results.push(HandResult {
            dealer: self.dealer,
            tricks: tricks.clone(),
            net,
            akheri,
            beaten_by,
            last_winner: last.winner as usize,
        });
        self.hand_no += 1;
        if self.single_hand {
            self.phase = Phase::Over;
            return;
        }
        let over = if cfg.match_akheri {
            let by_loser = match (prev, beaten_by) {
                (Some(p), Some(b)) => p.tricks[b] != *p.tricks.iter().max().expect("seats"),
                _ => false,
            };
            by_loser || self.hand_no >= cfg.max_rounds
        } else {
            self.hand_no >= cfg.rounds
        };
        if !over {
            self.dealer = (self.dealer + 1) % n;
            self.start_hand();
            return;
        }
        if cfg.serkhel {
            let mut piles = Vec::with_capacity(n);
            for i in 0..n {
                let won: Vec<Card> = self.play.won[i].iter().collect();
                piles.push(shuffled(&won, &mut self.rng));
            }
            self.piles = piles;
            self.challenger = last.winner as usize;
            self.phase = Phase::Serkhel;
        } else {
            self.phase = Phase::Over;
        }
    }

    /// P's double-dummy answer (A.14): his tricks at the end of the current
    /// hand, with the value after each legal action (as strings), under
    /// `settings` (table size, limits for the whole call, switches).
    pub fn dd_solve(
        &self,
        player: usize,
        with_actions: bool,
        settings: &SolverConfig,
    ) -> Result<Answer<String, f64>> {
        let n = self.cfg.players;
        check_seat("player", player, n)?;
        self.check_play()?;
        let a = super::dd::solve_play(&self.cfg, &self.play, player, with_actions, settings)?;
        let pack = &self.cfg.pack;
        let mut a = a.map_actions(|act| super::play::act_name(pack, act));
        if self.play.step == Step::Blind && with_actions {
            // `pick:i` under blind_pick=neighbour_index: every index has the chance value.
            let k = self.play.hands[self.play.leader as usize].len() as usize;
            for i in 0..k {
                a.push_exact(format!("pick:{}", i), a.value);
            }
        }
        Ok(a)
    }

    /// A graded answer ([`crate::solve::grade`]) for `player`, whose
    /// largest hand holds `cards` cards.
    fn solve_graded(&self, req: &SolveRequest, player: usize, cards: u32) -> Result<SolveAnswer> {
        self.check_play()?;
        let config = req.config_sized(TableSize::SmallUpTo(6), cards, true);
        let g = super::dd::graded_play(
            &self.cfg,
            &self.play,
            player,
            req.actions,
            &config,
            req.estimate,
        )?;
        let pack = &self.cfg.pack;
        let base = self.play.tricks[player] as i64;
        let legal = crate::game::GameState::legal_actions(self);
        let name = |a: &Act| super::play::act_name(pack, *a);
        let mut out = g.to_request(player, &legal, name, |v| base + i64::from(v));
        if self.play.step == Step::Blind && req.actions {
            let k = self.play.hands[self.play.leader as usize].len() as usize;
            crate::solve::grade::same_as_value(&mut out, (0..k).map(|i| format!("pick:{}", i)));
        }
        Ok(out)
    }

    /// An error unless the state is in trick play.
    fn check_play(&self) -> Result<()> {
        if self.phase != Phase::Play {
            return Err(Error::State(format!(
                "the double-dummy value is for trick play; this state is in phase {}",
                self.phase.name()
            )));
        }
        Ok(())
    }

    /// Whether a position or match is finished.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
}

impl GanjifaState {
    /// Answers a double-dummy request (A.14): the tricks `player` (default:
    /// the player to act) can guarantee by the end of the hand against the
    /// others as one coalition, tricks won included; with
    /// `dd_chance=expectation` a fractional expectation is given as
    /// [`Extra::Expected`] (the value is then its floor).
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        req.value_only("ganjifa")?;
        let player = req.player_or(self.current().unwrap_or(0), self.cfg.players)?;
        let cards = self.hands().iter().map(|h| h.len()).max().unwrap_or(0);
        if req.bounded() && !self.cfg.dd_expectation {
            return self.solve_graded(req, player, cards);
        }
        let a = self.dd_solve(
            player,
            req.actions,
            &req.config_sized(TableSize::SmallUpTo(6), cards, false),
        )?;
        let exact = a.value.fract() == 0.0 && a.actions.iter().all(|(_, v)| v.fract() == 0.0);
        let mut out = a.to_request_named(player, |v| v.floor() as i64);
        if !exact {
            out.extra = Extra::Expected {
                value: a.value,
                actions: a.actions,
            };
        }
        Ok(out)
    }
}

//! The Dashavatara state machine: deal, the opening, single-card and ducal
//! tricks, discards, the end of a deal and the next one.

use std::sync::Arc;

use super::config::DashaConfig;
use super::rules::{self, Ducal, Rules};
use crate::card::{Card, CardSet};
use crate::deal::{deal_batches, shuffled};
use crate::error::{Error, Result};
use crate::rng::Rng;

/// The phase of a state.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A lead or a follow to a single-card lead.
    Play,
    /// An opponent giving his cards to a ducal, one per action.
    Discard,
    /// The game (or the position's deal) is over.
    Over,
}

impl Phase {
    /// The phase's name (`play`, `discard`, `over`).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Play => "play",
            Phase::Discard => "discard",
            Phase::Over => "over",
        }
    }
}

/// A typed action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DashaAction {
    /// A single card: a lead, a follow or one discard.
    Card(Card),
    /// A ducal lead.
    Ducal(Ducal),
    /// Several discards at once (input shorthand for that many single discards).
    Discards(CardSet),
}

/// The result of one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealResult {
    /// Cards captured by each seat (they add up to 120 in a whole deal).
    pub captured: [u32; 3],
    /// The seats with the highest count (several share the win, §8).
    pub winners: Vec<usize>,
}

/// The ducal being answered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DucalTrick {
    /// The ducal led.
    pub ducal: Ducal,
    /// Cards given so far by each seat.
    pub given: [CardSet; 3],
}

/// One state of a Dashavatara game (a whole game, or one deal from a position).
#[derive(Clone, Debug)]
pub struct DashaState {
    pub(crate) cfg: Arc<DashaConfig>,
    pub(crate) rules: Rules,
    pub(crate) phase: Phase,
    pub(crate) hands: [CardSet; 3],
    /// Cards captured in this deal, by seat.
    pub(crate) captured: [CardSet; 3],
    /// Cards captured before the position (from `from_deal`), by seat.
    pub(crate) base: [u32; 3],
    pub(crate) leader: usize,
    pub(crate) current: usize,
    /// Single-card trick: the cards played so far, in play order.
    pub(crate) trick: Vec<Card>,
    pub(crate) ducal: Option<DucalTrick>,
    /// True while trick 1 of a deal (the trump Raja alone) is on.
    pub(crate) opening: bool,
    pub(crate) trick_no: u32,
    /// The last completed trick: leader, cards by seat, winner.
    pub(crate) last_trick: Option<(usize, [CardSet; 3], usize)>,
    pub(crate) dealer: usize,
    pub(crate) deal_no: u32,
    /// Totals of the completed deals.
    pub(crate) scores: [u32; 3],
    pub(crate) results: Vec<DealResult>,
    pub(crate) rng: Rng,
    pub(crate) single: bool,
    pub(crate) history: Vec<String>,
    /// Cards each seat is known, from its play in this deal, not to hold
    /// (void-follow scans, maximal ducals; see [`super::sample`]).
    pub(crate) excluded: [CardSet; 3],
}

impl DashaState {
    /// A whole game: the first dealer drawn at random, then `deals` deals.
    pub fn new_match(cfg: Arc<DashaConfig>, seed: u64) -> DashaState {
        let mut rng = Rng::new(seed);
        let dealer = rng.below(3) as usize;
        let mut s = DashaState::empty(cfg, rng, dealer, false);
        s.start_deal();
        s
    }

    fn empty(cfg: Arc<DashaConfig>, rng: Rng, dealer: usize, single: bool) -> DashaState {
        let rules = cfg.rules();
        DashaState {
            cfg,
            rules,
            phase: Phase::Play,
            hands: [CardSet::EMPTY; 3],
            captured: [CardSet::EMPTY; 3],
            base: [0; 3],
            leader: 0,
            current: 0,
            trick: Vec::with_capacity(3),
            ducal: None,
            opening: false,
            trick_no: 1,
            last_trick: None,
            dealer,
            deal_no: 0,
            scores: [0; 3],
            results: Vec::new(),
            rng,
            single,
            history: Vec::new(),
            excluded: [CardSet::EMPTY; 3],
        }
    }

    /// Shuffles and deals 10 rounds of 4-card packets from the dealer's
    /// right (§4); the holder of the trump Raja opens (§5.1).
    fn start_deal(&mut self) {
        let cards = shuffled(self.cfg.pack.cards(), &mut self.rng);
        let (hands, _) = deal_batches(&cards, 3, (self.dealer + 1) % 3, &[4; 10]);
        self.hands = [hands[0], hands[1], hands[2]];
        self.captured = [CardSet::EMPTY; 3];
        self.base = [0; 3];
        self.excluded = [CardSet::EMPTY; 3];
        self.trick.clear();
        self.ducal = None;
        self.last_trick = None;
        self.trick_no = 1;
        self.opening = true;
        self.leader = self.holder(rules::raja(self.rules.trump)).unwrap_or(0);
        self.current = self.leader;
        self.phase = Phase::Play;
    }

    fn holder(&self, c: Card) -> Option<usize> {
        self.hands.iter().position(|h| h.contains(c))
    }

    /// One deal from a position at a trick boundary (§5).
    ///
    /// With `leader = None` the trump Raja must be in a hand and the deal
    /// starts with the opening (§5.1). With a leader, the position is after
    /// the opening, so no hand may hold the trump Raja. `captured` gives the
    /// cards each seat captured before the position (default none).
    pub fn from_deal(
        cfg: Arc<DashaConfig>,
        hands: &[CardSet],
        leader: Option<usize>,
        captured: Option<[u32; 3]>,
    ) -> Result<DashaState> {
        if hands.len() != 3 {
            return Err(Error::Notation(format!(
                "bad deal: {} hands given, Dashavatara has 3 players",
                hands.len()
            )));
        }
        let h = hands[0].len();
        if h == 0 {
            return Err(Error::Notation("bad deal: the hands are empty".into()));
        }
        let mut s = DashaState::empty(cfg, Rng::new(0), 2, true);
        s.hands = [hands[0], hands[1], hands[2]];
        let tk = rules::raja(s.rules.trump);
        let trump_code = s.cfg.pack.suits[s.rules.trump as usize].code.clone();
        match leader {
            None => {
                let Some(holder) = s.holder(tk) else {
                    return Err(Error::State(format!(
                        "no hand holds the trump Raja K{}, so the opening cannot be played: give the leader of the next trick",
                        trump_code
                    )));
                };
                s.opening = true;
                s.leader = holder;
            }
            Some(l) => {
                if l >= 3 {
                    return Err(Error::State(format!("bad leader {}: seats are 0..2", l)));
                }
                if let Some(holder) = s.holder(tk) {
                    return Err(Error::State(format!(
                        "seat {} holds the trump Raja K{}, which is led alone at trick 1 (§5.1): omit the leader to start with the opening",
                        holder, trump_code
                    )));
                }
                s.leader = l;
                s.trick_no = 2;
            }
        }
        if let Some(c) = captured {
            let total: u32 = c.iter().sum::<u32>() + 3 * h;
            if total > 120 {
                return Err(Error::State(format!(
                    "captured {:?} and three hands of {} make {} cards; the pack has 120",
                    c, h, total
                )));
            }
            s.base = c;
        }
        s.current = s.leader;
        Ok(s)
    }

    /// The configuration.
    pub fn config(&self) -> &DashaConfig {
        &self.cfg
    }

    /// The core rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act, or `None` when over.
    pub fn current(&self) -> Option<usize> {
        (self.phase != Phase::Over).then_some(self.current)
    }

    /// Every seat's hand.
    pub fn hands(&self) -> &[CardSet; 3] {
        &self.hands
    }

    /// Cards captured in this deal, by seat (without those given by `captured`).
    pub fn captured_cards(&self) -> &[CardSet; 3] {
        &self.captured
    }

    /// Cards captured in this deal by each seat, counting those captured
    /// before a position.
    pub fn captured_counts(&self) -> [u32; 3] {
        std::array::from_fn(|i| self.base[i] + self.captured[i].len())
    }

    /// The leader of the current trick.
    pub fn leader(&self) -> usize {
        self.leader
    }

    /// True while the opening trick is on.
    pub fn is_opening(&self) -> bool {
        self.opening
    }

    /// True at the start of a trick (nobody has played to it yet).
    pub fn at_trick_start(&self) -> bool {
        self.phase == Phase::Play && self.trick.is_empty()
    }

    /// The cards of the current single-card trick, in play order.
    pub fn trick(&self) -> &[Card] {
        &self.trick
    }

    /// The ducal being answered, if any.
    pub fn ducal(&self) -> Option<&DucalTrick> {
        self.ducal.as_ref()
    }

    /// Cards still owed by the seat to act to the ducal.
    pub fn owed(&self) -> u32 {
        match &self.ducal {
            Some(d) => d.ducal.width() - d.given[self.current].len(),
            None => 0,
        }
    }

    /// True for a state made by `from_deal` (one deal, no match around it).
    pub fn is_single_hand(&self) -> bool {
        self.single
    }

    /// Results of the completed deals.
    pub fn results(&self) -> &[DealResult] {
        &self.results
    }

    /// The single cards the seat to act may play now (leads, follows, discards).
    pub fn legal_cards(&self) -> CardSet {
        let h = self.hands[self.current];
        match self.phase {
            Phase::Over => CardSet::EMPTY,
            Phase::Discard => h,
            Phase::Play if self.trick.is_empty() => {
                if self.opening {
                    rules::raja(self.rules.trump).set() & h
                } else {
                    h
                }
            }
            Phase::Play => rules::legal_follow(h, rules::suit_of(self.trick[0]), &self.rules),
        }
    }

    /// The ducals the seat to act may lead now.
    pub fn legal_ducals(&self) -> Vec<Ducal> {
        if self.phase != Phase::Play || !self.trick.is_empty() || self.opening {
            return Vec::new();
        }
        rules::ducals(self.hands[self.current], &self.rules)
    }

    /// Every legal action: single cards (suits in avatar order, strongest
    /// first), then ducals (suit by suit, by lowest numeral, shorter first).
    pub fn legal(&self) -> Vec<DashaAction> {
        let p = &self.cfg.pack;
        let legal = self.legal_cards();
        let mut v = Vec::with_capacity(legal.len() as usize);
        for s in 0..rules::SUITS {
            for c in (legal & p.suit_mask(s)).iter().rev() {
                v.push(DashaAction::Card(c));
            }
        }
        v.extend(self.legal_ducals().into_iter().map(DashaAction::Ducal));
        v
    }

    /// True when `a` is legal now.
    pub fn is_legal(&self, a: &DashaAction) -> bool {
        match *a {
            DashaAction::Card(c) => self.legal_cards().contains(c),
            DashaAction::Ducal(d) => self.legal_ducals().contains(&d),
            DashaAction::Discards(cs) => {
                self.phase == Phase::Discard
                    && !cs.is_empty()
                    && self.hands[self.current].contains_all(cs)
                    && cs.len() <= self.owed()
            }
        }
    }

    /// Applies a typed action; an illegal one is refused and changes nothing.
    pub fn apply_action(&mut self, a: DashaAction) -> Result<()> {
        if !self.is_legal(&a) {
            return Err(Error::IllegalAction(self.illegal_message(&a)));
        }
        self.history.push(self.format_action(&a));
        match a {
            DashaAction::Card(c) => self.play_card(c),
            DashaAction::Ducal(d) => self.lead_ducal(d),
            DashaAction::Discards(cs) => {
                for c in cs.iter() {
                    self.play_card(c);
                }
            }
        }
        Ok(())
    }

    fn lead_ducal(&mut self, d: Ducal) {
        let cards = d.cards();
        debug_assert!(self.hands[self.current].contains_all(cards));
        self.excluded[self.current] |= super::rules::ducal_inference(d, &self.rules);
        self.hands[self.current] -= cards;
        self.ducal = Some(DucalTrick {
            ducal: d,
            given: [CardSet::EMPTY; 3],
        });
        // §5.4: the size never exceeds a hand, since hands are equal.
        debug_assert!(d.width() <= self.hands[(self.current + 1) % 3].len());
        self.current = (self.current + 1) % 3;
        self.phase = Phase::Discard;
    }

    fn play_card(&mut self, c: Card) {
        let seat = self.current;
        self.hands[seat].remove(c);
        if let Some(d) = &mut self.ducal {
            d.given[seat].insert(c);
            if d.given[seat].len() < d.ducal.width() {
                return;
            }
            if seat == (self.leader + 2) % 3 {
                let d = *d;
                self.end_ducal(d);
            } else {
                self.current = (seat + 1) % 3;
            }
            return;
        }
        if let Some(&lead) = self.trick.first() {
            self.excluded[seat] |= super::rules::follow_inference(lead, c, &self.rules);
        }
        self.trick.push(c);
        if self.trick.len() < 3 {
            self.current = (seat + 1) % 3;
            return;
        }
        let cards: CardSet = self.trick.iter().copied().collect();
        let led = rules::suit_of(self.trick[0]);
        let best = rules::winning_card(cards, led, self.rules.trump);
        let k = self
            .trick
            .iter()
            .position(|&x| x == best)
            .expect("in trick");
        let winner = (self.leader + k) % 3;
        let mut by_seat = [CardSet::EMPTY; 3];
        for (i, &x) in self.trick.iter().enumerate() {
            by_seat[(self.leader + i) % 3].insert(x);
        }
        self.captured[winner] |= cards;
        self.last_trick = Some((self.leader, by_seat, winner));
        self.trick.clear();
        self.opening = false;
        self.leader = winner;
        self.next_trick();
    }

    fn end_ducal(&mut self, d: DucalTrick) {
        let mut by_seat = d.given;
        by_seat[self.leader] = d.ducal.cards();
        let all = by_seat[0] | by_seat[1] | by_seat[2];
        self.captured[self.leader] |= all;
        self.last_trick = Some((self.leader, by_seat, self.leader));
        self.ducal = None;
        self.next_trick();
    }

    fn next_trick(&mut self) {
        self.trick_no += 1;
        self.current = self.leader;
        self.phase = Phase::Play;
        if self.hands[0].is_empty() {
            self.end_deal();
        }
    }

    fn end_deal(&mut self) {
        let counts = self.captured_counts();
        let best = *counts.iter().max().expect("three seats");
        let winners = (0..3).filter(|&i| counts[i] == best).collect();
        for (s, c) in self.scores.iter_mut().zip(counts) {
            *s += c;
        }
        self.results.push(DealResult {
            captured: counts,
            winners,
        });
        self.deal_no += 1;
        if self.single || self.deal_no >= self.cfg.deals {
            self.phase = Phase::Over;
        } else {
            self.dealer = (self.dealer + 1) % 3;
            self.start_deal();
        }
    }

    /// Points so far: totals of the completed deals plus this deal's captures.
    pub fn points(&self) -> [u32; 3] {
        if self.phase == Phase::Over {
            return self.scores;
        }
        let c = self.captured_counts();
        std::array::from_fn(|i| self.scores[i] + c[i])
    }
}

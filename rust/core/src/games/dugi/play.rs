//! The play of one Dugi hand (`docs/rules/ganjifa.md` B.4 to B.7) as a small
//! `Copy` state: the King pass, cashing hukms, asking the partner, following
//! suit, the leader naming the suit a void follower must give.

use super::config::DugiConfig;
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::games::ganjifa_cards::{above, hukms, unplayed};

/// A typed Dugi decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DAct {
    /// `offer`: C1 offers the lead King to his partner.
    Offer,
    /// `pass`: decline the offer (C1 or C2).
    Pass,
    /// `accept:c`: C2 takes the King and gives the lead-suit card c.
    Accept(Card),
    /// `ask`: the leader asks his partner for a suit.
    Ask,
    /// `name:X`: the partner's answer, or the suit named for a void follower.
    Name(Suit),
    /// A card led or played.
    Card(Card),
}

/// Whose move it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DStep {
    /// C1 decides whether to offer the King.
    Offer,
    /// C2 accepts (with a card) or passes.
    Accept,
    /// The leader leads (or asks).
    Lead,
    /// The leader's partner names a suit.
    Answer,
    /// The leader names a suit for the void follower.
    NameFor(u8),
    /// The follower plays.
    Follow(u8),
    /// The hand is over.
    Done,
}

/// One Dugi hand in play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DugiPlay {
    /// Unplayed cards of each seat.
    pub hands: [CardSet; 4],
    /// The lead suit of the hand.
    pub lead_suit: Suit,
    /// The challengers' parity (seats 0 and 2, or 1 and 3).
    pub challengers: u8,
    /// C1: the seat dealt the lead King.
    pub c1: u8,
    /// The seat on lead.
    pub leader: u8,
    /// Whose move.
    pub step: DStep,
    /// The partner's answer for this lead (after `ask`).
    pub asked: Option<Suit>,
    /// The led suit of the trick in progress.
    pub led_suit: Suit,
    /// The cards of the trick in progress by seat.
    pub trick: [Option<Card>; 4],
    /// Strongest card of the led suit so far, with its seat.
    pub best: (u8, Card),
    /// The suit named for the current void follower.
    pub named: Option<Suit>,
    /// Tricks the challengers have won.
    pub tricks: u16,
    /// A defender won a trick: the hand is over, the defenders win.
    pub defenders_won: bool,
    /// The King pass: 0 not decided / not offered, 1 declined, 2 made.
    pub pass_result: u8,
    /// The last finished trick (cards by seat) and its winner.
    pub last: Option<([Option<Card>; 4], u8)>,
}

fn illegal<T>(msg: String) -> Result<T> {
    Err(Error::IllegalAction(msg))
}

impl DugiPlay {
    /// A hand from `hands`. With `leader` `None` the lead King's holder and his
    /// partner challenge (after the King pass when `king_pass`); with a leader
    /// his side challenges and he leads.
    pub fn new(
        cfg: &DugiConfig,
        hands: &[CardSet; 4],
        lead_suit: Suit,
        leader: Option<usize>,
    ) -> DugiPlay {
        let king = cfg.pack.suit_mask(lead_suit).highest().expect("a suit");
        let c1 = leader
            .or_else(|| hands.iter().position(|h| h.contains(king)))
            .unwrap_or(0) as u8;
        DugiPlay {
            hands: *hands,
            lead_suit,
            challengers: c1 % 2,
            c1,
            leader: c1,
            step: if leader.is_none() && cfg.king_pass {
                DStep::Offer
            } else {
                DStep::Lead
            },
            asked: None,
            led_suit: 0,
            trick: [None; 4],
            best: (0, Card(0)),
            named: None,
            tricks: 0,
            defenders_won: false,
            pass_result: 0,
            last: None,
        }
    }

    /// The lead King.
    pub fn king(&self, cfg: &DugiConfig) -> Card {
        cfg.pack
            .suit_mask(self.lead_suit)
            .highest()
            .expect("a suit")
    }

    /// The seat to move.
    pub fn current(&self) -> Option<usize> {
        let l = self.leader as usize;
        match self.step {
            DStep::Offer => Some(self.c1 as usize),
            DStep::Accept => Some((self.c1 as usize + 2) % 4),
            DStep::Lead | DStep::NameFor(_) => Some(l),
            DStep::Answer => Some((l + 2) % 4),
            DStep::Follow(f) => Some(f as usize),
            DStep::Done => None,
        }
    }

    /// True when `seat` is a challenger.
    pub fn is_challenger(&self, seat: usize) -> bool {
        seat as u8 % 2 == self.challengers
    }

    /// The cards the follower may play now.
    pub fn follow_options(&self, cfg: &DugiConfig, f: usize) -> CardSet {
        let hand = self.hands[f];
        let led = hand & cfg.pack.suit_mask(self.led_suit);
        if !led.is_empty() {
            return led;
        }
        match self.named {
            Some(y) => match (hand & cfg.pack.suit_mask(y)).highest() {
                Some(top) => top.set(),
                None => hand,
            },
            None => hand,
        }
    }

    /// Every legal act now.
    pub fn legal(&self, cfg: &DugiConfig) -> Vec<DAct> {
        let l = self.leader as usize;
        let pack = &cfg.pack;
        match self.step {
            DStep::Offer => vec![DAct::Offer, DAct::Pass],
            DStep::Accept => {
                let c2 = (self.c1 as usize + 2) % 4;
                let mut out: Vec<DAct> = (self.hands[c2] & pack.suit_mask(self.lead_suit))
                    .iter()
                    .map(DAct::Accept)
                    .collect();
                out.push(DAct::Pass);
                out
            }
            DStep::Lead => {
                let h = hukms(pack, &self.hands, l);
                if !h.is_empty() {
                    return h.iter().map(DAct::Card).collect();
                }
                if let Some(x) = self.asked {
                    let xs = self.hands[l] & pack.suit_mask(x);
                    let from = if xs.is_empty() { self.hands[l] } else { xs };
                    return from.iter().map(DAct::Card).collect();
                }
                let mut out: Vec<DAct> = self.hands[l].iter().map(DAct::Card).collect();
                out.push(DAct::Ask);
                out
            }
            DStep::Answer => (0..pack.num_suits() as Suit).map(DAct::Name).collect(),
            DStep::NameFor(_) => (0..pack.num_suits() as Suit)
                .filter(|&y| y != self.led_suit)
                .map(DAct::Name)
                .collect(),
            DStep::Follow(f) => self
                .follow_options(cfg, f as usize)
                .iter()
                .map(DAct::Card)
                .collect(),
            DStep::Done => vec![],
        }
    }

    /// Applies an act; an illegal one changes nothing.
    pub fn apply(&mut self, cfg: &DugiConfig, act: DAct) -> Result<()> {
        if !self.legal(cfg).contains(&act) {
            return illegal(format!("{:?} is not legal now", act));
        }
        self.apply_unchecked(cfg, act);
        Ok(())
    }

    /// Applies a legal act (no check).
    pub fn apply_unchecked(&mut self, cfg: &DugiConfig, act: DAct) {
        let l = self.leader as usize;
        match (self.step, act) {
            (DStep::Offer, DAct::Offer) => self.step = DStep::Accept,
            (DStep::Offer, DAct::Pass) | (DStep::Accept, DAct::Pass) => {
                self.pass_result = 1;
                self.step = DStep::Lead;
            }
            (DStep::Accept, DAct::Accept(c)) => {
                let king = self.king(cfg);
                let (c1, c2) = (self.c1 as usize, (self.c1 as usize + 2) % 4);
                self.hands[c1].remove(king);
                self.hands[c2].insert(king);
                self.hands[c2].remove(c);
                self.hands[c1].insert(c);
                self.leader = c2 as u8;
                self.pass_result = 2;
                self.step = DStep::Lead;
            }
            (DStep::Lead, DAct::Ask) => self.step = DStep::Answer,
            (DStep::Answer, DAct::Name(x)) => {
                self.asked = Some(x);
                self.step = DStep::Lead;
            }
            (DStep::Lead, DAct::Card(c)) => {
                self.hands[l].remove(c);
                self.trick = [None; 4];
                self.trick[l] = Some(c);
                self.led_suit = cfg.pack.suit_of(c);
                self.best = (l as u8, c);
                self.asked = None;
                self.next_follower(cfg, (l + 1) % 4);
            }
            (DStep::NameFor(f), DAct::Name(y)) => {
                self.named = Some(y);
                self.step = DStep::Follow(f);
            }
            (DStep::Follow(f), DAct::Card(c)) => {
                let f = f as usize;
                self.hands[f].remove(c);
                self.trick[f] = Some(c);
                if cfg.pack.suit_of(c) == self.led_suit && c.0 > self.best.1 .0 {
                    self.best = (f as u8, c);
                }
                self.named = None;
                let next = (f + 1) % 4;
                if next == l {
                    self.resolve();
                } else {
                    self.next_follower(cfg, next);
                }
            }
            _ => unreachable!("checked by legal()"),
        }
    }

    fn next_follower(&mut self, cfg: &DugiConfig, f: usize) {
        self.named = None;
        self.step = if (self.hands[f] & cfg.pack.suit_mask(self.led_suit)).is_empty() {
            DStep::NameFor(f as u8)
        } else {
            DStep::Follow(f as u8)
        };
    }

    fn resolve(&mut self) {
        let w = self.best.0;
        self.last = Some((self.trick, w));
        if !self.is_challenger(w as usize) {
            self.defenders_won = true;
            self.step = DStep::Done;
            return;
        }
        self.tricks += 1;
        self.leader = w;
        self.step = if self.hands[w as usize].is_empty() {
            DStep::Done
        } else {
            DStep::Lead
        };
    }

    /// The challengers won every trick (once the hand is over).
    pub fn challengers_won(&self) -> bool {
        self.step == DStep::Done && !self.defenders_won
    }
}

// What an action shows of the hands (used by the state and by sampling; see
// `sample.rs` for the whole account).

/// The highest unplayed card of every suit.
fn tops(cfg: &DugiConfig, p: &DugiPlay) -> CardSet {
    let un = unplayed(&p.hands);
    (0..cfg.pack.num_suits() as Suit)
        .filter_map(|s| (un & cfg.pack.suit_mask(s)).highest())
        .collect()
}

/// Adds to `absent` what `act`, played from `before`, shows (see the module comment).
pub fn infer(cfg: &DugiConfig, before: &DugiPlay, act: DAct, absent: &mut [CardSet; 4]) {
    let pack = &cfg.pack;
    let l = before.leader as usize;
    match (before.step, act) {
        (DStep::Lead, DAct::Ask) => absent[l] |= tops(cfg, before),
        (DStep::Lead, DAct::Card(c)) => {
            if let Some(x) = before.asked {
                if pack.suit_of(c) != x {
                    absent[l] |= pack.suit_mask(x);
                }
            }
        }
        (DStep::Follow(f), DAct::Card(c)) => {
            let f = f as usize;
            let s = pack.suit_of(c);
            if s != before.led_suit {
                absent[f] |= pack.suit_mask(before.led_suit);
                if let Some(y) = before.named {
                    absent[f] |= if s == y {
                        pack.suit_mask(y) & above(c)
                    } else {
                        pack.suit_mask(y)
                    };
                }
            }
        }
        _ => {}
    }
}

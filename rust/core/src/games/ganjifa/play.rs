//! The play of one hand (`docs/rules/ganjifa.md` A.6 to A.8) as a small `Copy`
//! state: the lead procedure, contributions, trick winners. Chance (the blind
//! surrender) is left pending as [`Step::Blind`]; whoever drives the state
//! supplies the card ([`Act::Reveal`]): the match state from its generator,
//! the solver by branching.

use super::config::{GanjifaConfig, LeadRules};
use super::rules::{above, deni_suits, hukms, nth_top, step1_groups, unplayed};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::pack::Pack;

/// The most seats.
pub const MAX_SEATS: usize = 4;

/// A typed decision (or chance outcome) of the play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// A face-up lead: one card (SINGLE) or several (COMPOUND, the opening).
    Lead(CardSet),
    /// `deni:x`.
    Deni(Card),
    /// `facedown:c:X` (Wilkins phase 2).
    Facedown(Card, Suit),
    /// `blind`: choose the blind surrender when a deni may be skipped.
    Blind,
    /// `name:X` (end phase, the leader's right-hand neighbour).
    Name(Suit),
    /// The card a blind surrender turns up (chance).
    Reveal(Card),
    /// `double` (the called holder of a deni).
    Double,
    /// `pass` (the called holder declines to double).
    Pass,
    /// One contributed card.
    Give(Card),
}

/// The kind of the lead in progress (A.5).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One card face up.
    Single,
    /// Several cards face up; the leader takes everything.
    Compound,
    /// A deni; the called holder takes everything, the maker leads again.
    Deni,
    /// A face-down card with a named suit to follow.
    Facedown,
}

/// Whose move it is in the hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The leader chooses his lead (the opening, too).
    Lead,
    /// The leader's right-hand neighbour names a suit (E2).
    Name,
    /// The leader must lead a card of the named suit (E2).
    NamedLead(Suit),
    /// A blind surrender is due: a chance event.
    Blind,
    /// The called holder decides whether to double the deni.
    Double,
    /// A seat owes cards to the lead in progress.
    Give,
    /// Every hand is empty.
    Done,
}

/// The lead in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Trick {
    /// Kind of lead.
    pub kind: Kind,
    /// The leader.
    pub leader: u8,
    /// Cards each seat contributes.
    pub width: u8,
    /// The led card(s) (the hidden card of a FACEDOWN lead).
    pub led: CardSet,
    /// The suit that decides a SINGLE or FACEDOWN, or the deni suit.
    pub suit: Suit,
    /// The called holder of a deni.
    pub holder: u8,
    /// The deni was doubled.
    pub doubled: bool,
    /// The called holder's forced cards.
    pub forced: CardSet,
    /// Each seat's cards in the lead so far.
    pub played: [CardSet; MAX_SEATS],
    /// Strongest card of the deciding suit so far, with its seat.
    pub best: Option<(u8, Card)>,
    /// Seats still to give, in order, with their counts.
    pub queue: [(u8, u8); MAX_SEATS],
    /// Entries in `queue`.
    pub qlen: u8,
    /// Index of the current queue entry.
    pub qi: u8,
    /// This is the opening.
    pub opening: bool,
}

/// A finished lead, kept for display and the akheri.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// Kind of lead.
    pub kind: Kind,
    /// Its leader.
    pub leader: u8,
    /// The led card(s).
    pub led: CardSet,
    /// Every seat's cards.
    pub played: [CardSet; MAX_SEATS],
    /// Who took the cards.
    pub winner: u8,
    /// Tricks credited.
    pub tricks: u8,
}

/// One hand in play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// Number of seats.
    pub n: u8,
    /// Unplayed cards of each seat.
    pub hands: [CardSet; MAX_SEATS],
    /// Cards each seat has won.
    pub won: [CardSet; MAX_SEATS],
    /// Tricks each seat has won.
    pub tricks: [u16; MAX_SEATS],
    /// The seat on lead.
    pub leader: u8,
    /// The opening has been made.
    pub opening_done: bool,
    /// Wilkins: each seat has led and lost the lead.
    pub held_lost: [bool; MAX_SEATS],
    /// Wilkins: phase 2 has begun.
    pub phase2: bool,
    /// Whose move.
    pub step: Step,
    /// The lead in progress (meaningful while `step` is `Double` or `Give`).
    pub trick: Trick,
    /// The last finished lead.
    pub last: Option<Done>,
}

fn illegal<T>(msg: String) -> Result<T> {
    Err(Error::IllegalAction(msg))
}

impl Play {
    /// A hand from `hands`; `leader` `None` means the opening is due (the
    /// holder of the lead King leads it).
    pub fn new(cfg: &GanjifaConfig, hands: &[CardSet], leader: Option<usize>) -> Play {
        let n = hands.len();
        let mut h = [CardSet::EMPTY; MAX_SEATS];
        h[..n].copy_from_slice(hands);
        let opener = leader
            .or_else(|| hands.iter().position(|x| x.contains(cfg.lead_king)))
            .unwrap_or(0);
        let mut p = Play {
            n: n as u8,
            hands: h,
            won: [CardSet::EMPTY; MAX_SEATS],
            tricks: [0; MAX_SEATS],
            leader: opener as u8,
            opening_done: leader.is_some(),
            held_lost: [false; MAX_SEATS],
            phase2: false,
            step: Step::Lead,
            trick: Trick {
                kind: Kind::Single,
                leader: 0,
                width: 0,
                led: CardSet::EMPTY,
                suit: 0,
                holder: 0,
                doubled: false,
                forced: CardSet::EMPTY,
                played: [CardSet::EMPTY; MAX_SEATS],
                best: None,
                queue: [(0, 0); MAX_SEATS],
                qlen: 0,
                qi: 0,
                opening: false,
            },
            last: None,
        };
        p.enter_lead(cfg);
        p
    }

    /// The hands as a slice of the seats in play.
    #[inline]
    pub fn hands(&self) -> &[CardSet] {
        &self.hands[..self.n as usize]
    }

    /// Cards in one hand (all hands hold the same number between leads).
    pub fn hand_size(&self) -> usize {
        self.hands[self.leader as usize].len() as usize
    }

    /// The seat to move (`None` when the hand is over). At a blind surrender
    /// this is the right-hand neighbour who picks (or would pick) the card.
    pub fn current(&self) -> Option<usize> {
        let n = self.n as usize;
        let l = self.leader as usize;
        match self.step {
            Step::Lead | Step::NamedLead(_) => Some(l),
            Step::Name | Step::Blind => Some((l + 1) % n),
            Step::Double => Some(self.trick.holder as usize),
            Step::Give => Some(self.trick.queue[self.trick.qi as usize].0 as usize),
            Step::Done => None,
        }
    }

    /// The end phase is active for the next lead (A.6.4).
    pub fn in_end_phase(&self, cfg: &GanjifaConfig) -> bool {
        let count = if cfg.end_phase_total {
            unplayed(self.hands()).len() as usize
        } else {
            self.hand_size()
        };
        cfg.end_phase && count <= cfg.end_phase_threshold
    }

    /// Recomputes the lead step after the flags were changed from outside.
    pub fn reenter(&mut self, cfg: &GanjifaConfig) {
        if self.step == Step::Lead || self.step == Step::Blind || self.step == Step::Name {
            self.enter_lead(cfg);
        }
    }

    /// Sets up the next lead: the hand's end, phase 2, the end phase's naming,
    /// a blind surrender with no alternative.
    fn enter_lead(&mut self, cfg: &GanjifaConfig) {
        if self.hands[self.leader as usize].is_empty() {
            self.step = Step::Done;
            return;
        }
        self.step = Step::Lead;
        if !self.opening_done {
            return;
        }
        let n = self.n as usize;
        if cfg.lead_rules == LeadRules::Wilkins
            && !self.phase2
            && self.held_lost[..n].iter().all(|&b| b)
        {
            self.phase2 = true;
        }
        if self.in_end_phase(cfg) {
            if hukms(&cfg.pack, self.hands(), self.leader as usize).is_empty() {
                self.step = Step::Name;
            }
            return;
        }
        if self.lead_options(cfg) == [Act::Blind] {
            self.step = Step::Blind;
        }
    }

    /// The leader's legal leads at [`Step::Lead`] (A.6.2 to A.6.6). `Blind`
    /// stands for the blind surrender.
    pub fn lead_options(&self, cfg: &GanjifaConfig) -> Vec<Act> {
        let pack = &cfg.pack;
        let hands = self.hands();
        let p = self.leader as usize;
        let mine = hands[p];
        if !self.opening_done {
            let k = cfg.lead_king;
            return (mine - k.set())
                .iter()
                .map(|x| Act::Lead(k.set() | x.set()))
                .collect();
        }
        let h = hukms(pack, hands, p);
        if self.in_end_phase(cfg) {
            return if h.is_empty() {
                vec![]
            } else {
                vec![Act::Lead(h)]
            };
        }
        let denis = || -> Vec<Act> {
            deni_suits(pack, hands, p)
                .into_iter()
                .flat_map(|(_, _, xs)| xs.iter().map(Act::Deni))
                .collect()
        };
        if self.phase2 {
            // W2-1: one hukm at a time from a suit holding two or more.
            let groups = step1_groups(pack, hands, p);
            if !groups.is_empty() {
                return groups
                    .iter()
                    .flat_map(|g| g.iter().map(|c| Act::Lead(c.set())))
                    .collect();
            }
            let mut out = denis();
            if !out.is_empty() && cfg.deni_mandatory {
                return out;
            }
            out.extend(h.iter().map(|c| Act::Lead(c.set())));
            let outside = unplayed(hands) - mine;
            for c in (mine - h).iter() {
                for x in 0..pack.num_suits() as Suit {
                    if !(outside & pack.suit_mask(x)).is_empty() {
                        out.push(Act::Facedown(c, x));
                    }
                }
            }
            return out;
        }
        let groups = step1_groups(pack, hands, p);
        if !groups.is_empty() {
            if cfg.step1_one_suit {
                return groups.into_iter().map(Act::Lead).collect();
            }
            return vec![Act::Lead(
                groups.into_iter().fold(CardSet::EMPTY, |a, g| a | g),
            )];
        }
        let mut out = denis();
        if !out.is_empty() && cfg.deni_mandatory {
            return out;
        }
        match cfg.lead_rules {
            LeadRules::McLeod => out.push(if h.is_empty() {
                Act::Blind
            } else {
                Act::Lead(h)
            }),
            LeadRules::Wilkins => {
                if !h.is_empty() {
                    out.push(Act::Lead(h));
                }
                out.extend((mine - h).iter().map(|c| Act::Lead(c.set())));
            }
        }
        out
    }

    /// The cards the seat to give may give now.
    pub fn give_options(&self, cfg: &GanjifaConfig) -> CardSet {
        let t = &self.trick;
        let seat = t.queue[t.qi as usize].0 as usize;
        let hand = self.hands[seat];
        match t.kind {
            Kind::Deni if seat == t.holder as usize => {
                let left = t.forced - t.played[seat];
                left.highest().map_or(CardSet::EMPTY, Card::set)
            }
            Kind::Facedown => {
                let follow = hand & cfg.pack.suit_mask(t.suit);
                if follow.is_empty() {
                    hand
                } else {
                    follow
                }
            }
            Kind::Single if cfg.must_beat => {
                let best = t.best.map(|(_, c)| c).expect("a single has a led card");
                let beat = hand & cfg.pack.suit_mask(t.suit) & above(best);
                if beat.is_empty() {
                    hand
                } else {
                    beat
                }
            }
            _ => hand,
        }
    }

    /// Every legal act now (chance outcomes at [`Step::Blind`]).
    pub fn legal(&self, cfg: &GanjifaConfig) -> Vec<Act> {
        let l = self.leader as usize;
        match self.step {
            Step::Lead => self.lead_options(cfg),
            Step::Name => (0..cfg.pack.num_suits() as Suit).map(Act::Name).collect(),
            Step::NamedLead(x) => (self.hands[l] & cfg.pack.suit_mask(x))
                .iter()
                .map(|c| Act::Lead(c.set()))
                .collect(),
            Step::Blind => self.hands[l].iter().map(Act::Reveal).collect(),
            Step::Double => vec![Act::Double, Act::Pass],
            Step::Give => self.give_options(cfg).iter().map(Act::Give).collect(),
            Step::Done => vec![],
        }
    }

    /// Applies an act; an illegal one changes nothing.
    pub fn apply(&mut self, cfg: &GanjifaConfig, act: Act) -> Result<()> {
        let ok = match (self.step, act) {
            (Step::Give, Act::Give(c)) => self.give_options(cfg).contains(c),
            (Step::Blind, Act::Reveal(c)) => self.hands[self.leader as usize].contains(c),
            _ => self.legal(cfg).contains(&act),
        };
        if !ok {
            return illegal(format!("{:?} is not legal now", act));
        }
        self.apply_unchecked(cfg, act);
        Ok(())
    }

    /// Applies a legal act (no check).
    pub fn apply_unchecked(&mut self, cfg: &GanjifaConfig, act: Act) {
        let l = self.leader as usize;
        match act {
            Act::Lead(cards) => {
                let opening = !self.opening_done;
                self.opening_done = true;
                if cards.len() == 1 {
                    let c = cards.lowest().expect("one card");
                    self.start(cfg, Kind::Single, cards, cfg.pack.suit_of(c), 1, opening);
                } else {
                    let w = cards.len() as u8;
                    self.start(cfg, Kind::Compound, cards, 0, w, opening);
                }
            }
            Act::Reveal(c) => self.start(cfg, Kind::Single, c.set(), cfg.pack.suit_of(c), 1, false),
            Act::Facedown(c, x) => self.start(cfg, Kind::Facedown, c.set(), x, 1, false),
            Act::Name(x) => {
                self.step = if (self.hands[l] & cfg.pack.suit_mask(x)).is_empty() {
                    Step::Blind
                } else {
                    Step::NamedLead(x)
                };
            }
            Act::Blind => self.step = Step::Blind,
            Act::Deni(x) => {
                let pack = &cfg.pack;
                let s = pack.suit_of(x);
                let top = nth_top(pack, self.hands(), s, 0).expect("deni suit");
                let h = super::rules::holder(self.hands(), top).expect("held") as u8;
                let third = nth_top(pack, self.hands(), s, 2);
                self.start(cfg, Kind::Deni, x.set(), s, 1, false);
                self.trick.holder = h;
                self.trick.forced = top.set();
                if let Some(t3) = third.filter(|&t| self.hands[h as usize].contains(t)) {
                    if cfg.deni_doubling {
                        self.trick.forced |= t3.set();
                        self.step = Step::Double;
                    }
                }
            }
            Act::Double => {
                let t = &mut self.trick;
                t.doubled = true;
                t.width = 2;
                let n = self.n;
                t.queue[0] = (t.leader, 1);
                for k in 1..n {
                    t.queue[k as usize] = ((t.leader + k) % n, 2);
                }
                t.qlen = n;
                t.qi = 0;
                self.step = Step::Give;
            }
            Act::Pass => {
                let t = &mut self.trick;
                t.forced = t.forced.highest().expect("top").set();
                self.step = Step::Give;
            }
            Act::Give(c) => self.give(cfg, c),
        }
    }

    /// Puts the led cards on the table and queues the followers.
    fn start(
        &mut self,
        cfg: &GanjifaConfig,
        kind: Kind,
        led: CardSet,
        suit: Suit,
        width: u8,
        opening: bool,
    ) {
        let l = self.leader;
        let n = self.n;
        self.hands[l as usize] -= led;
        let mut played = [CardSet::EMPTY; MAX_SEATS];
        played[l as usize] = led;
        let best = match kind {
            Kind::Single => Some((l, led.lowest().expect("a card"))),
            Kind::Facedown if cfg.pack.suit_of(led.lowest().expect("a card")) == suit => {
                Some((l, led.lowest().expect("a card")))
            }
            _ => None,
        };
        let mut queue = [(0u8, 0u8); MAX_SEATS];
        for k in 1..n {
            queue[k as usize - 1] = ((l + k) % n, width);
        }
        self.trick = Trick {
            kind,
            leader: l,
            width,
            led,
            suit,
            holder: 0,
            doubled: false,
            forced: CardSet::EMPTY,
            played,
            best,
            queue,
            qlen: n - 1,
            qi: 0,
            opening,
        };
        self.step = Step::Give;
    }

    fn give(&mut self, cfg: &GanjifaConfig, c: Card) {
        let t = &mut self.trick;
        let (seat, owed) = t.queue[t.qi as usize];
        self.hands[seat as usize].remove(c);
        t.played[seat as usize].insert(c);
        if matches!(t.kind, Kind::Single | Kind::Facedown)
            && cfg.pack.suit_of(c) == t.suit
            && t.best.map_or(true, |(_, b)| c.0 > b.0)
        {
            t.best = Some((seat, c));
        }
        if owed > 1 {
            t.queue[t.qi as usize].1 = owed - 1;
            return;
        }
        t.qi += 1;
        if t.qi < t.qlen {
            return;
        }
        self.resolve(cfg);
    }

    /// Gives the cards to the winner and sets the next leader (A.7).
    fn resolve(&mut self, cfg: &GanjifaConfig) {
        let t = self.trick;
        let (winner, next) = match t.kind {
            Kind::Single | Kind::Facedown => {
                let w = t.best.expect("the deciding suit was played").0;
                (w, w)
            }
            Kind::Compound => (t.leader, t.leader),
            Kind::Deni => (t.holder, t.leader),
        };
        let all = t.played[..self.n as usize]
            .iter()
            .fold(CardSet::EMPTY, |a, &x| a | x);
        self.won[winner as usize] |= all;
        self.tricks[winner as usize] += t.width as u16;
        if next != t.leader {
            self.held_lost[t.leader as usize] = true;
        }
        self.last = Some(Done {
            kind: t.kind,
            leader: t.leader,
            led: t.led,
            played: t.played,
            winner,
            tricks: t.width,
        });
        self.leader = next;
        self.enter_lead(cfg);
    }

    /// The seat that beat the akheri, once the hand is over (A.9.3).
    pub fn akheri_beaten_by(&self) -> Option<usize> {
        match (self.step, self.last) {
            (Step::Done, Some(d)) if d.winner != d.leader => Some(d.winner as usize),
            _ => None,
        }
    }
}

/// The string of a play act (A.3.5); chance outcomes have none.
pub fn act_name(pack: &Pack, act: Act) -> String {
    match act {
        Act::Lead(c) => pack.format_cards(c),
        Act::Deni(c) => format!("deni:{}", pack.format_card(c)),
        Act::Facedown(c, x) => format!(
            "facedown:{}:{}",
            pack.format_card(c),
            pack.suits[x as usize].code
        ),
        Act::Blind => "blind".into(),
        Act::Name(x) => format!("name:{}", pack.suits[x as usize].code),
        Act::Reveal(c) => format!("reveal:{}", pack.format_card(c)),
        Act::Double => "double".into(),
        Act::Pass => "pass".into(),
        Act::Give(c) => pack.format_card(c),
    }
}

//! Dashavatara's tensors and action ids (see [`crate::encode`]).
//!
//! Observation, in order: `hand` (the observer's cards by card slot),
//! `captured` (the cards each seat captured in this deal, face up),
//! `trick` (each seat's card in the single-card trick in progress),
//! `ducal` (the ducal led, by card slot) and `given` (each seat's cards
//! given to it so far), `leader`, `to_act`, `dealer`, `hand_sizes`
//! (/ 40), `phase` (play, discard, over), `trump` (the trump suit, by suit
//! in avatar order), `flags` (night, the opening trick is on), `owed`
//! (cards still owed to the ducal / 10), `points` (each seat's points so
//! far / 120), `trick_number` (/ 40) and `deal` (deals played / deals per
//! game). Seats are relative to the observer. The information state adds
//! `last_trick` (its leader, each seat's cards, its winner).
//!
//! Action ids: `card` (play or give the card of this slot) and `ducal`
//! (suit × the run of numerals `a..=b`, `b - a >= 2`, in the order
//! (1,3), (1,4) ... (1,10), (2,4) ...).

use std::sync::Arc;

use super::config::DashaConfig;
use super::rules::{Ducal, SUITS};
use super::state::{DashaAction, DashaState, Phase};
use super::Dashavatara;
use crate::encode::{one_hot, relative, ActionSpace, CardSlots, Encoding, Kind, Layout, Layouts};
use crate::error::{Error, Result};

const PHASES: [Phase; 3] = [Phase::Play, Phase::Discard, Phase::Over];
const N: usize = 3;

#[derive(Clone, Debug)]
struct At {
    hand: usize,
    captured: usize,
    trick: usize,
    ducal: usize,
    given: usize,
    leader: usize,
    to_act: usize,
    dealer: usize,
    sizes: usize,
    phase: usize,
    trump: usize,
    flags: usize,
    owed: usize,
    points: usize,
    trick_number: usize,
    deal: usize,
    last: usize,
}

/// Dashavatara's encoding of one configuration.
pub struct DashaEncoding {
    cfg: Arc<DashaConfig>,
    slots: CardSlots,
    layouts: Layouts,
    at: At,
    actions: ActionSpace,
    runs: Vec<(u8, u8)>,
    card: usize,
    ducal: usize,
}

impl DashaEncoding {
    /// The encoding of `game`'s configuration.
    pub fn new(game: &Dashavatara) -> DashaEncoding {
        let cfg = Arc::new(game.config().clone());
        let slots = CardSlots::new(&cfg.pack);
        let c = slots.len();
        let mut l = Layout::new();
        let mut at = At {
            hand: l.add("hand", &[c], "the observer's cards (by card slot)"),
            captured: l.add(
                "captured",
                &[N, c],
                "cards each seat (0 = the observer, then in play order) captured in this deal",
            ),
            trick: l.add(
                "trick",
                &[N, c],
                "each seat's card in the single-card trick in progress",
            ),
            ducal: l.add("ducal", &[c], "the cards of the ducal being answered"),
            given: l.add(
                "given",
                &[N, c],
                "each seat's cards given to the ducal so far",
            ),
            leader: l.add(
                "leader",
                &[N],
                "the seat leading the trick in progress (or to lead next)",
            ),
            to_act: l.add("to_act", &[N], "the seat to act"),
            dealer: l.add("dealer", &[N], "the dealer"),
            sizes: l.add("hand_sizes", &[N], "cards in each seat's hand / 40"),
            phase: l.add(
                "phase",
                &[PHASES.len()],
                "the phase (one-hot): play, discard, over",
            ),
            trump: l.add(
                "trump",
                &[SUITS as usize],
                "the trump suit (suits in avatar order)",
            ),
            flags: l.add(
                "flags",
                &[2],
                "night; the opening trick (the trump Raja alone) is on",
            ),
            owed: l.add(
                "owed",
                &[1],
                "cards the seat to act still owes the ducal / 10",
            ),
            points: l.add(
                "points",
                &[N],
                "each seat's points so far (finished deals and this deal's captures) / 120",
            ),
            trick_number: l.add("trick_number", &[1], "the trick of the deal / 40"),
            deal: l.add("deal", &[1], "deals finished / deals per game"),
            last: 0,
        };
        let obs = l.clone();
        at.last = l.add(
            "last_trick",
            &[2 * N + c * N],
            "the last finished trick: its leader, its winner, then each seat's cards",
        );
        let runs: Vec<(u8, u8)> = (1..=8u8)
            .flat_map(|a| (a + 2..=10).map(move |b| (a, b)))
            .collect();
        let mut a = ActionSpace::new();
        let card = a.add("card", c, "play (or give to a ducal) the card of this slot");
        let ducal = a.add(
            "ducal",
            SUITS as usize * runs.len(),
            "lead a ducal: suit × run a..=b of numerals ((1,3), (1,4) ... (8,10))",
        );
        DashaEncoding {
            cfg,
            slots,
            layouts: Layouts { obs, info: l },
            at,
            actions: a,
            runs,
            card,
            ducal,
        }
    }

    fn write(&self, s: &DashaState, me: usize, kind: Kind, out: &mut [f32]) {
        let c = self.slots.len();
        let at = &self.at;
        let rel = |x: usize| relative(x, me, N);
        self.slots.write(out, at.hand, s.hands[me]);
        for q in 0..N {
            let r = rel(q);
            self.slots.write(out, at.captured + r * c, s.captured[q]);
            out[at.sizes + r] = s.hands[q].len() as f32 / 40.0;
        }
        for (i, &card) in s.trick.iter().enumerate() {
            let r = rel((s.leader + i) % N);
            one_hot(out, at.trick + r * c, self.slots.of(card));
        }
        if let Some(d) = s.ducal {
            self.slots.write(out, at.ducal, d.ducal.cards());
            for (q, &g) in d.given.iter().enumerate() {
                self.slots.write(out, at.given + rel(q) * c, g);
            }
        }
        let over = s.phase == Phase::Over;
        if !over {
            one_hot(out, at.leader, rel(s.leader));
            one_hot(out, at.to_act, rel(s.current));
            out[at.owed] = s.owed() as f32 / 10.0;
        }
        one_hot(out, at.dealer, rel(s.dealer));
        one_hot(
            out,
            at.phase,
            PHASES.iter().position(|&p| p == s.phase).unwrap_or(0),
        );
        one_hot(out, at.trump, s.rules.trump as usize);
        out[at.flags] = f32::from(u8::from(self.cfg.night));
        out[at.flags + 1] = f32::from(u8::from(s.opening));
        for (q, &p) in s.points().iter().enumerate() {
            out[at.points + rel(q)] = p as f32 / 120.0;
        }
        out[at.trick_number] = s.trick_no as f32 / 40.0;
        out[at.deal] = s.deal_no as f32 / self.cfg.deals.max(1) as f32;
        if kind == Kind::InformationState {
            if let Some((leader, by_seat, winner)) = s.last_trick {
                one_hot(out, at.last, rel(leader));
                one_hot(out, at.last + N, rel(winner));
                for (q, &cards) in by_seat.iter().enumerate() {
                    self.slots.write(out, at.last + 2 * N + rel(q) * c, cards);
                }
            }
        }
    }

    fn id_of(&self, a: DashaAction) -> Result<usize> {
        Ok(match a {
            DashaAction::Card(card) => self.card + self.slots.of(card),
            DashaAction::Ducal(d) => {
                let k = self
                    .runs
                    .iter()
                    .position(|&r| r == (d.a, d.b))
                    .ok_or_else(|| {
                        Error::IllegalAction(format!("no ducal run {}..{}", d.a, d.b))
                    })?;
                self.ducal + d.suit as usize * self.runs.len() + k
            }
            DashaAction::Discards(cs) if cs.len() == 1 => {
                self.card + self.slots.of(cs.lowest().expect("one card"))
            }
            DashaAction::Discards(_) => {
                return Err(Error::IllegalAction(
                    "discards to a ducal have one id per card: give them one at a time".into(),
                ))
            }
        })
    }

    fn action_of(&self, id: usize) -> Result<DashaAction> {
        let (seg, i) = self.actions.locate(id)?;
        Ok(if seg.name == "card" {
            DashaAction::Card(self.slots.card(i))
        } else {
            let (a, b) = self.runs[i % self.runs.len()];
            DashaAction::Ducal(Ducal {
                suit: (i / self.runs.len()) as crate::card::Suit,
                a,
                b,
            })
        })
    }
}

impl Encoding<DashaState> for DashaEncoding {
    fn layout(&self, kind: Kind) -> &Layout {
        self.layouts.get(kind)
    }

    fn encode(&self, s: &DashaState, player: usize, kind: Kind, out: &mut [f32]) {
        self.write(s, player, kind, out);
    }

    fn actions(&self) -> &ActionSpace {
        &self.actions
    }

    fn action_id(&self, s: Option<&DashaState>, action: &str) -> Result<usize> {
        match s {
            Some(s) => self.id_of(s.parse_action(action)?),
            None if !action.contains('+') => Ok(self.card
                + self.slots.of(self.cfg.pack.parse_card(action).map_err(|e| {
                    Error::IllegalAction(format!("bad action {:?}: {}", action, e))
                })?)),
            None => match super::actions::ducal_of(
                self.cfg
                    .pack
                    .parse_cards(action)
                    .map_err(|e| Error::IllegalAction(format!("bad action {:?}: {}", action, e)))?,
            ) {
                Some(d) => self.id_of(DashaAction::Ducal(d)),
                None => Err(Error::IllegalAction(format!(
                    "bad action {:?}: not a ducal",
                    action
                ))),
            },
        }
    }

    fn id_action(&self, _s: Option<&DashaState>, id: usize) -> Result<String> {
        Ok(match self.action_of(id)? {
            DashaAction::Card(c) => self.cfg.pack.format_card(c),
            DashaAction::Ducal(d) => self.cfg.pack.format_cards(d.cards()),
            DashaAction::Discards(cs) => self.cfg.pack.format_cards(cs),
        })
    }

    fn legal_ids(&self, s: &DashaState, out: &mut Vec<usize>) -> Result<()> {
        for a in s.legal() {
            out.push(self.id_of(a)?);
        }
        Ok(())
    }

    fn apply_id(&self, s: &mut DashaState, id: usize) -> Result<()> {
        let a = self.action_of(id)?;
        s.apply_action(a)
    }

    fn hand_number(&self, s: &DashaState) -> usize {
        s.deal_no as usize
    }
}

//! Ganjifa's tensors and action ids (see [`crate::encode`]), for three
//! players and Partnership Ganjifa.
//!
//! Observation, in order: `hand` (the observer's cards by card slot),
//! `seen` (cards of each other seat the observer sees: face-up batches,
//! won-card hands, the cards passed to him in an exchange), `won` (the
//! cards each seat has won in this hand), `trick` (each seat's cards in the
//! lead in progress; a face-down lead's card only for its leader),
//! `last_trick` (each seat's cards in the last finished lead, then its
//! leader and its winner), `leader`, `to_act`, `dealer`, `hand_sizes` and
//! `tricks` (/ the cards of a hand), `step` (opening, lead, name,
//! named_lead, blind, double, give, exchange, serkhel, over), `lead_kind`
//! (single, compound, deni, face-down) with `lead_suit_now` (the suit that
//! decides it), `called` (a deni's called holder), `flags` (doubled, the
//! opening lead, the end phase, Wilkins' phase 2), `named` (the suit named
//! in the end phase), `lead_suit` (the match's lead suit), `exchange` (the
//! seat receiving, then cards still owed / 10), `challenger`, `scores`
//! (/ 10) and `hand_number` (/ 10). Seats are relative to the observer. The
//! information state is the observation (the order of earlier leads is not
//! kept).
//!
//! Action ids: `card` (lead, or give to a lead, the card of this slot),
//! `opening` (the lead King with the card of this slot), `deni` (by slot),
//! `facedown` (slot × the named suit), `name` (by suit), `pick` (the blind
//! surrender's card by place), `give` (an exchange: the card of this slot),
//! `challenge` (by seat), `word` (`double`, `pass`, `blind`), and
//! `lead_set`: the other leads of several cards (hukms of a suit, all
//! hukms), numbered by their order among the legal actions (a state is
//! needed).

use std::sync::Arc;

use super::config::GanjifaConfig;
use super::play::{Kind as LeadKind, Step};
use super::state::{GanjifaState, Phase};
use super::view::{parse_action, Parsed};
use super::Ganjifa;
use crate::encode::{one_hot, relative, ActionSpace, CardSlots, Encoding, Kind, Layout, Layouts};
use crate::error::{Error, Result};
use crate::game::GameState;

const WORDS: [&str; 3] = ["double", "pass", "blind"];

#[derive(Clone, Debug)]
struct At {
    hand: usize,
    seen: usize,
    won: usize,
    trick: usize,
    last: usize,
    leader: usize,
    to_act: usize,
    dealer: usize,
    sizes: usize,
    tricks: usize,
    step: usize,
    lead_kind: usize,
    lead_suit_now: usize,
    called: usize,
    flags: usize,
    named: usize,
    lead_suit: usize,
    exchange: usize,
    challenger: usize,
    scores: usize,
    hand_number: usize,
}

#[derive(Clone, Debug)]
struct Ids {
    card: usize,
    opening: usize,
    deni: usize,
    facedown: usize,
    name: usize,
    pick: usize,
    give: usize,
    challenge: usize,
    word: usize,
    lead_set: usize,
}

/// Ganjifa's encoding of one configuration.
pub struct GanjifaEncoding {
    cfg: Arc<GanjifaConfig>,
    slots: CardSlots,
    layouts: Layouts,
    at: At,
    actions: ActionSpace,
    ids: Ids,
    suits: usize,
    per_hand: f32,
}

impl GanjifaEncoding {
    /// The encoding of `game`'s configuration.
    pub fn new(game: &Ganjifa) -> GanjifaEncoding {
        let cfg = Arc::new(game.config().clone());
        let slots = CardSlots::new(&cfg.pack);
        let c = slots.len();
        let n = cfg.players;
        let k = cfg.pack.num_suits();
        let mut l = Layout::new();
        let at = At {
            hand: l.add("hand", &[c], "the observer's cards (by card slot)"),
            seen: l.add("seen", &[n, c], "cards of each seat (0 = the observer, then in play order) the observer sees in its hand"),
            won: l.add("won", &[n, c], "the cards each seat has won in this hand"),
            trick: l.add("trick", &[n, c], "each seat's cards in the lead in progress (a face-down lead's card only for its leader)"),
            last: l.add("last_trick", &[n * c + 2 * n], "each seat's cards in the last finished lead, then its leader, then its winner"),
            leader: l.add("leader", &[n], "the seat on lead"),
            to_act: l.add("to_act", &[n], "the seat to act"),
            dealer: l.add("dealer", &[n], "the dealer"),
            sizes: l.add("hand_sizes", &[n], "cards in each seat's hand / the cards of a hand"),
            tricks: l.add("tricks", &[n], "tricks each seat has won in this hand / the cards of a hand"),
            step: l.add("step", &[10], "the step (one-hot): opening, lead, name, named_lead, blind, double, give, exchange, serkhel, over"),
            lead_kind: l.add("lead_kind", &[4], "the kind of the lead in progress: single, compound, deni, face-down"),
            lead_suit_now: l.add("lead_suit_now", &[k], "the suit that decides the lead in progress (a deni's suit)"),
            called: l.add("called", &[n], "the called holder of a deni"),
            flags: l.add("flags", &[4], "the deni is doubled; the lead in progress is the opening; the end phase; Wilkins' phase 2"),
            named: l.add("named", &[k], "the suit named in the end phase"),
            lead_suit: l.add("lead_suit", &[k], "the match's lead suit"),
            exchange: l.add("exchange", &[n + 1], "an exchange: the seat receiving, then cards still owed / 10"),
            challenger: l.add("challenger", &[n], "Ser-k'hel: the challenger naming his opponent"),
            scores: l.add("scores", &[n], "each seat's score / 10"),
            hand_number: l.add("hand_number", &[1], "hands finished / 10"),
        };
        let obs = l.clone();
        let mut a = ActionSpace::new();
        let ids = Ids {
            card: a.add("card", c, "lead, or give to a lead, the card of this slot"),
            opening: a.add(
                "opening",
                c,
                "the opening: the lead King with the card of this slot",
            ),
            deni: a.add("deni", c, "deni with the card of this slot"),
            facedown: a.add(
                "facedown",
                c * k,
                "a face-down lead: card slot × the suit named",
            ),
            name: a.add("name", k, "name the suit"),
            pick: a.add("pick", c, "the blind surrender: the card at this place"),
            give: a.add("give", c, "an exchange: return the card of this slot"),
            challenge: a.add("challenge", n, "Ser-k'hel: challenge this seat"),
            word: a.add("word", WORDS.len(), "double, pass, blind"),
            lead_set: a.add_by_state(
                "lead_set",
                k,
                "a lead of several cards other than the opening, by its place among the legal ones",
            ),
        };
        let per_hand = 1.0 / (cfg.pack.deck.len() as usize).div_ceil(n).max(1) as f32;
        GanjifaEncoding {
            suits: k,
            per_hand,
            cfg,
            slots,
            layouts: Layouts::same(obs),
            at,
            actions: a,
            ids,
        }
    }

    fn write(&self, s: &GanjifaState, me: usize, out: &mut [f32]) {
        let cfg = &*self.cfg;
        let n = cfg.players;
        let c = self.slots.len();
        let at = &self.at;
        let p = &s.play;
        let rel = |x: usize| relative(x, me, n);
        self.slots.write(out, at.hand, p.hands[me]);
        for q in 0..n {
            let r = rel(q);
            if q != me {
                self.slots.write(
                    out,
                    at.seen + r * c,
                    p.hands[q] & (s.public[q] | s.known[me]),
                );
            }
            self.slots.write(out, at.won + r * c, p.won[q]);
            out[at.sizes + r] = p.hands[q].len() as f32 * self.per_hand;
            out[at.tricks + r] = p.tricks[q] as f32 * self.per_hand;
            out[at.scores + r] = s.scores[q] as f32 / 10.0;
        }
        let playing = s.phase == Phase::Play;
        if playing && matches!(p.step, Step::Give | Step::Double) {
            let t = &p.trick;
            let hidden = t.kind == LeadKind::Facedown && me != t.leader as usize;
            for q in 0..n {
                if !(hidden && q == t.leader as usize) {
                    self.slots.write(out, at.trick + rel(q) * c, t.played[q]);
                }
            }
            let kind = match t.kind {
                LeadKind::Single => 0,
                LeadKind::Compound => 1,
                LeadKind::Deni => 2,
                LeadKind::Facedown => 3,
            };
            one_hot(out, at.lead_kind, kind);
            if t.kind != LeadKind::Compound {
                one_hot(out, at.lead_suit_now, t.suit as usize);
            }
            if t.kind == LeadKind::Deni {
                one_hot(out, at.called, rel(t.holder as usize));
            }
            out[at.flags] = f32::from(u8::from(t.doubled));
            out[at.flags + 1] = f32::from(u8::from(t.opening));
        }
        if let Some(d) = p.last {
            for q in 0..n {
                self.slots.write(out, at.last + rel(q) * c, d.played[q]);
            }
            one_hot(out, at.last + n * c, rel(d.leader as usize));
            one_hot(out, at.last + n * c + n, rel(d.winner as usize));
        }
        if playing {
            one_hot(out, at.leader, rel(p.leader as usize));
            out[at.flags + 2] = f32::from(u8::from(p.opening_done && p.in_end_phase(cfg)));
            out[at.flags + 3] = f32::from(u8::from(p.phase2));
        }
        if let Some(q) = s.current() {
            one_hot(out, at.to_act, rel(q));
        }
        one_hot(out, at.dealer, rel(s.dealer));
        let step = match s.phase {
            Phase::Play => match p.step {
                Step::Lead if !p.opening_done => 0,
                Step::Lead => 1,
                Step::Name => 2,
                Step::NamedLead(x) => {
                    one_hot(out, at.named, x as usize);
                    3
                }
                Step::Blind => 4,
                Step::Double => 5,
                Step::Give => 6,
                Step::Done => 9,
            },
            Phase::Exchange => {
                one_hot(out, at.exchange, rel(s.exch_to_seat));
                out[at.exchange + n] = s.exch_owed as f32 / 10.0;
                7
            }
            Phase::Serkhel => {
                one_hot(out, at.challenger, rel(s.challenger));
                8
            }
            Phase::Over => 9,
        };
        one_hot(out, at.step, step);
        one_hot(out, at.lead_suit, cfg.lead_suit as usize);
        out[at.hand_number] = s.hand_no as f32 / 10.0;
    }

    /// The legal leads of several cards other than the opening, in order.
    fn lead_sets(s: &GanjifaState) -> Vec<String> {
        s.legal_actions()
            .into_iter()
            .filter(|a| a.contains('+'))
            .collect()
    }

    fn opening_due(s: Option<&GanjifaState>) -> bool {
        match s {
            None => true,
            Some(s) => s.phase == Phase::Play && s.play.step == Step::Lead && !s.play.opening_done,
        }
    }

    fn id_of(&self, s: Option<&GanjifaState>, text: &str) -> Result<usize> {
        let ids = &self.ids;
        let slot = |c| self.slots.of(c);
        Ok(match parse_action(&self.cfg.pack, text)? {
            Parsed::Cards(cs) if cs.len() == 1 => ids.card + slot(cs.lowest().expect("one card")),
            Parsed::Cards(cs)
                if cs.len() == 2 && cs.contains(self.cfg.lead_king) && Self::opening_due(s) =>
            {
                ids.opening + slot((cs - self.cfg.lead_king.set()).lowest().expect("two cards"))
            }
            Parsed::Cards(cs) => {
                let s = s.ok_or_else(|| {
                    Error::State(format!(
                        "the id of the lead {:?} is its place among the legal leads: ask a state",
                        text
                    ))
                })?;
                let want = self.cfg.pack.format_cards(cs);
                let i = Self::lead_sets(s)
                    .iter()
                    .position(|a| *a == want)
                    .filter(|&i| i < self.suits)
                    .ok_or_else(|| {
                        Error::IllegalAction(format!("{:?} is not a legal lead now", text))
                    })?;
                ids.lead_set + i
            }
            Parsed::Deni(x) => ids.deni + slot(x),
            Parsed::Facedown(x, suit) => ids.facedown + slot(x) * self.suits + suit as usize,
            Parsed::Name(x) => ids.name + x as usize,
            Parsed::Pick(i) if i < self.slots.len() => ids.pick + i,
            Parsed::Give(x) => ids.give + slot(x),
            Parsed::Challenge(q) if q < self.cfg.players => ids.challenge + q,
            Parsed::Double => ids.word,
            Parsed::Pass => ids.word + 1,
            Parsed::Blind => ids.word + 2,
            Parsed::Pick(_) | Parsed::Challenge(_) => {
                return Err(Error::IllegalAction(format!("{:?} is out of range", text)))
            }
        })
    }

    fn action_of(&self, s: Option<&GanjifaState>, id: usize) -> Result<String> {
        let (seg, i) = self.actions.locate(id)?;
        let pack = &self.cfg.pack;
        let card = |i: usize| pack.format_card(self.slots.card(i));
        Ok(match seg.name {
            "card" => card(i),
            "opening" => pack.format_cards(self.cfg.lead_king.set() | self.slots.card(i).set()),
            "deni" => format!("deni:{}", card(i)),
            "facedown" => format!(
                "facedown:{}:{}",
                card(i / self.suits),
                pack.suits[i % self.suits].code
            ),
            "name" => format!("name:{}", pack.suits[i].code),
            "pick" => format!("pick:{}", i),
            "give" => format!("give:{}", card(i)),
            "challenge" => format!("challenge:{}", i),
            "word" => WORDS[i].to_string(),
            _ => {
                let s = s.ok_or_else(|| {
                    Error::State(
                        "lead_set ids are numbered by the legal leads of a state: ask a state"
                            .into(),
                    )
                })?;
                Self::lead_sets(s).into_iter().nth(i).ok_or_else(|| {
                    Error::IllegalAction(format!("no lead of several cards at place {}", i))
                })?
            }
        })
    }
}

impl Encoding<GanjifaState> for GanjifaEncoding {
    fn layout(&self, kind: Kind) -> &Layout {
        self.layouts.get(kind)
    }

    fn encode(&self, s: &GanjifaState, player: usize, _kind: Kind, out: &mut [f32]) {
        self.write(s, player, out);
    }

    fn actions(&self) -> &ActionSpace {
        &self.actions
    }

    fn action_id(&self, s: Option<&GanjifaState>, action: &str) -> Result<usize> {
        self.id_of(s, action)
    }

    fn id_action(&self, s: Option<&GanjifaState>, id: usize) -> Result<String> {
        self.action_of(s, id)
    }

    fn legal_ids(&self, s: &GanjifaState, out: &mut Vec<usize>) -> Result<()> {
        for a in s.legal_actions() {
            out.push(self.id_of(Some(s), &a)?);
        }
        Ok(())
    }

    fn hand_number(&self, s: &GanjifaState) -> usize {
        s.hand_no
    }
}

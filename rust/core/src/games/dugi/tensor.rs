//! Dugi's tensors and action ids (see [`crate::encode`]).
//!
//! Observation, in order: `hand` (the observer's cards by card slot),
//! `known` (cards the observer knows are in each other seat's hand: the
//! King pass), `played` (every card played face up in this hand), `trick`
//! (each seat's card in the trick in progress), `last_trick` (each seat's
//! card in the last finished trick, then its winner), `leader`, `to_act`,
//! `dealer`, `challengers` (the challenging side's seats), `hand_sizes`
//! (/ 24), `step` (offer, accept, lead, answer, name, follow, over),
//! `lead_suit` (the suit of the lead King), `led_suit` (of the trick in
//! progress), `asked` (the partner's answer after an ask), `named` (the
//! suit named for a void follower), `king_pass` (not decided, declined,
//! made), `tricks` (the challengers' tricks / 24), `scores` (/ 10) and
//! `hand_number` (hands played / hands per match). Seats are relative to
//! the observer. The information state is the observation (every card of
//! the hand is face up once played; the order of earlier tricks is not
//! kept).
//!
//! Action ids: `card` (by card slot), `accept` (take the King and give the
//! card of this slot), `name` (by suit), then `offer`, `pass`, `ask`.

use std::sync::Arc;

use super::config::DugiConfig;
use super::play::{DAct, DStep};
use super::state::{dugi_act_name, parse_dugi_action, DugiState};
use super::Dugi;
use crate::card::{CardSet, Suit};
use crate::encode::{one_hot, relative, ActionSpace, CardSlots, Encoding, Kind, Layout, Layouts};
use crate::error::Result;

const N: usize = 4;
const WORDS: [DAct; 3] = [DAct::Offer, DAct::Pass, DAct::Ask];

#[derive(Clone, Debug)]
struct At {
    hand: usize,
    known: usize,
    played: usize,
    trick: usize,
    last: usize,
    leader: usize,
    to_act: usize,
    dealer: usize,
    challengers: usize,
    sizes: usize,
    step: usize,
    lead_suit: usize,
    led_suit: usize,
    asked: usize,
    named: usize,
    king_pass: usize,
    tricks: usize,
    scores: usize,
    hand_number: usize,
}

/// Dugi's encoding of one configuration.
pub struct DugiEncoding {
    cfg: Arc<DugiConfig>,
    slots: CardSlots,
    layouts: Layouts,
    at: At,
    actions: ActionSpace,
    ids: [usize; 4],
}

impl DugiEncoding {
    /// The encoding of `game`'s configuration.
    pub fn new(game: &Dugi) -> DugiEncoding {
        let cfg = Arc::new(game.config().clone());
        let slots = CardSlots::new(&cfg.pack);
        let c = slots.len();
        let k = cfg.pack.num_suits();
        let mut l = Layout::new();
        let at = At {
            hand: l.add("hand", &[c], "the observer's cards (by card slot)"),
            known: l.add("known", &[N, c], "cards the observer knows are in each other seat's hand (0 = the observer, then in play order)"),
            played: l.add("played", &[c], "every card played face up in this hand"),
            trick: l.add("trick", &[N, c], "each seat's card in the trick in progress"),
            last: l.add("last_trick", &[N * c + N], "each seat's card in the last finished trick, then its winner"),
            leader: l.add("leader", &[N], "the seat on lead"),
            to_act: l.add("to_act", &[N], "the seat to act"),
            dealer: l.add("dealer", &[N], "the dealer"),
            challengers: l.add("challengers", &[N], "the challenging side's seats"),
            sizes: l.add("hand_sizes", &[N], "cards in each seat's hand / 24"),
            step: l.add("step", &[7], "whose move (one-hot): offer, accept, lead, answer, name for a void follower, follow, over"),
            lead_suit: l.add("lead_suit", &[k], "the suit of the lead King"),
            led_suit: l.add("led_suit", &[k], "the suit led to the trick in progress"),
            asked: l.add("asked", &[k], "the partner's answer after an ask"),
            named: l.add("named", &[k], "the suit named for the void follower"),
            king_pass: l.add("king_pass", &[3], "the King pass: not decided or not offered, declined, made"),
            tricks: l.add("tricks", &[1], "tricks the challengers have won / 24"),
            scores: l.add("scores", &[N], "each seat's score / 10"),
            hand_number: l.add("hand_number", &[1], "hands finished / hands per match"),
        };
        let obs = l.clone();
        let mut a = ActionSpace::new();
        let ids = [
            a.add("card", c, "lead or play the card of this slot"),
            a.add(
                "accept",
                c,
                "accept the King and give the card of this slot",
            ),
            a.add(
                "name",
                k,
                "name the suit (the partner's answer, or the suit a void follower must give)",
            ),
            a.add("word", WORDS.len(), "offer, pass, ask"),
        ];
        DugiEncoding {
            cfg,
            slots,
            layouts: Layouts::same(obs),
            at,
            actions: a,
            ids,
        }
    }

    fn write(&self, s: &DugiState, me: usize, out: &mut [f32]) {
        let c = self.slots.len();
        let at = &self.at;
        let p = s.play();
        let rel = |x: usize| relative(x, me, N);
        self.slots.write(out, at.hand, p.hands[me]);
        let mut held = CardSet::EMPTY;
        for q in 0..N {
            held |= p.hands[q];
            let r = rel(q);
            if q != me {
                self.slots
                    .write(out, at.known + r * c, p.hands[q] & s.known[me]);
            }
            out[at.sizes + r] = p.hands[q].len() as f32 / 24.0;
            if let Some(card) = p.trick[q] {
                one_hot(out, at.trick + r * c, self.slots.of(card));
            }
            if p.is_challenger(q) {
                out[at.challengers + r] = 1.0;
            }
            out[at.scores + r] = s.scores[q] as f32 / 10.0;
        }
        self.slots.write(out, at.played, self.cfg.pack.deck - held);
        if let Some((cards, w)) = p.last {
            for (q, card) in cards.iter().enumerate() {
                if let Some(card) = card {
                    one_hot(out, at.last + rel(q) * c, self.slots.of(*card));
                }
            }
            one_hot(out, at.last + N * c, rel(w as usize));
        }
        one_hot(out, at.leader, rel(p.leader as usize));
        if let Some(q) = s.current() {
            one_hot(out, at.to_act, rel(q));
        }
        one_hot(out, at.dealer, rel(s.dealer));
        let step = if s.over {
            6
        } else {
            match p.step {
                DStep::Offer => 0,
                DStep::Accept => 1,
                DStep::Lead => 2,
                DStep::Answer => 3,
                DStep::NameFor(_) => 4,
                DStep::Follow(_) => 5,
                DStep::Done => 6,
            }
        };
        one_hot(out, at.step, step);
        one_hot(out, at.lead_suit, p.lead_suit as usize);
        if p.trick.iter().any(Option::is_some) {
            one_hot(out, at.led_suit, p.led_suit as usize);
        }
        if let Some(x) = p.asked {
            one_hot(out, at.asked, x as usize);
        }
        if let Some(x) = p.named {
            one_hot(out, at.named, x as usize);
        }
        one_hot(out, at.king_pass, (p.pass_result as usize).min(2));
        out[at.tricks] = p.tricks as f32 / 24.0;
        out[at.hand_number] = s.hand_no as f32 / self.cfg.hands.max(1) as f32;
    }

    fn id_of(&self, a: DAct) -> usize {
        let [card, accept, name, word] = self.ids;
        match a {
            DAct::Card(x) => card + self.slots.of(x),
            DAct::Accept(x) => accept + self.slots.of(x),
            DAct::Name(x) => name + x as usize,
            w => word + WORDS.iter().position(|&y| y == w).unwrap_or(0),
        }
    }

    fn action_of(&self, id: usize) -> Result<DAct> {
        let (seg, i) = self.actions.locate(id)?;
        Ok(match seg.name {
            "card" => DAct::Card(self.slots.card(i)),
            "accept" => DAct::Accept(self.slots.card(i)),
            "name" => DAct::Name(i as Suit),
            _ => WORDS[i],
        })
    }
}

impl Encoding<DugiState> for DugiEncoding {
    fn layout(&self, kind: Kind) -> &Layout {
        self.layouts.get(kind)
    }

    fn encode(&self, s: &DugiState, player: usize, _kind: Kind, out: &mut [f32]) {
        self.write(s, player, out);
    }

    fn actions(&self) -> &ActionSpace {
        &self.actions
    }

    fn action_id(&self, _s: Option<&DugiState>, action: &str) -> Result<usize> {
        Ok(self.id_of(parse_dugi_action(&self.cfg, action)?))
    }

    fn id_action(&self, _s: Option<&DugiState>, id: usize) -> Result<String> {
        Ok(dugi_act_name(&self.cfg, self.action_of(id)?))
    }

    fn legal_ids(&self, s: &DugiState, out: &mut Vec<usize>) -> Result<()> {
        if s.current().is_some() {
            for a in s.play().legal(&self.cfg) {
                out.push(self.id_of(a));
            }
        }
        Ok(())
    }

    fn hand_number(&self, s: &DugiState) -> usize {
        s.hand_no
    }
}

//! Naqsh's tensors and action ids (see [`crate::encode`]).
//!
//! Observation, in order: `hand` (the observer's cards by card slot),
//! `order` (his cards in the order received: one-hot card slot per place),
//! `face_up` (each seat's cards the observer sees: the first two of a
//! punter are face down until he busts or the banker's turn begins),
//! `face_down` (each seat's face-down cards / 2), `phase` (stake, play,
//! over), `banker`, `to_act`, `acted` and `stood` (this hand), `busted`,
//! `stakes` (each punter's stake / the largest stake), `scores` (/ 10),
//! `stock` (cards left / the pack), `pool` (/ 10) and `hand_number`
//! (/ hands per match). The information state adds `face_up_order`: the
//! card slot + 1 (divided by the slots) of each seat's face-up cards in the
//! order they were dealt.
//!
//! Action ids: `stake` (1 to the largest stake), then `draw` and `stand`.

use std::sync::Arc;

use super::config::NaqshConfig;
use super::state::{NaqshAction, NaqshState, Phase, MAX_HAND};
use super::Naqsh;
use crate::encode::{one_hot, relative, ActionSpace, CardSlots, Encoding, Kind, Layout, Layouts};
use crate::error::{Error, Result};

const PHASES: [Phase; 3] = [Phase::Stake, Phase::Play, Phase::Over];

#[derive(Clone, Debug)]
struct At {
    hand: usize,
    order: usize,
    face_up: usize,
    face_down: usize,
    phase: usize,
    banker: usize,
    to_act: usize,
    acted: usize,
    stood: usize,
    busted: usize,
    stakes: usize,
    scores: usize,
    stock: usize,
    pool: usize,
    hand_number: usize,
    seen_order: usize,
}

/// Naqsh's encoding of one configuration.
pub struct NaqshEncoding {
    cfg: Arc<NaqshConfig>,
    slots: CardSlots,
    layouts: Layouts,
    at: At,
    actions: ActionSpace,
    stake: usize,
    word: usize,
}

impl NaqshEncoding {
    /// The encoding of `game`'s configuration.
    pub fn new(game: &Naqsh) -> NaqshEncoding {
        let cfg = Arc::new(game.config().clone());
        let slots = CardSlots::new(&cfg.pack);
        let c = slots.len();
        let n = cfg.players;
        let mut l = Layout::new();
        let mut at = At {
            hand: l.add("hand", &[c], "the observer's cards (by card slot)"),
            order: l.add(
                "order",
                &[MAX_HAND, c],
                "the observer's cards in the order received (one-hot card slot per place)",
            ),
            face_up: l.add(
                "face_up",
                &[n, c],
                "each seat's cards the observer sees (0 = the observer, then in seat order)",
            ),
            face_down: l.add("face_down", &[n], "each seat's face-down cards / 2"),
            phase: l.add(
                "phase",
                &[PHASES.len()],
                "the phase (one-hot): stake, play, over",
            ),
            banker: l.add("banker", &[n], "the banker"),
            to_act: l.add("to_act", &[n], "the seat to act"),
            acted: l.add(
                "acted",
                &[n],
                "seats that took a draw or stand decision in this hand",
            ),
            stood: l.add("stood", &[n], "seats that stood in this hand"),
            busted: l.add("busted", &[n], "seats shown bust in this hand"),
            stakes: l.add(
                "stakes",
                &[n],
                "each punter's stake once chosen / the largest stake",
            ),
            scores: l.add("scores", &[n], "each seat's score / 10"),
            stock: l.add("stock", &[1], "cards left in the stock / the pack"),
            pool: l.add("pool", &[1], "the pool / 10"),
            hand_number: l.add(
                "hand_number",
                &[1],
                "the hand of the match / hands per match",
            ),
            seen_order: 0,
        };
        let obs = l.clone();
        at.seen_order = l.add(
            "face_up_order",
            &[n, MAX_HAND],
            "each seat's face-up cards in the order dealt: card slot + 1, divided by the slots (0: none or face down)",
        );
        let mut a = ActionSpace::new();
        let stake = a.add(
            "stake",
            cfg.stake_max.max(1) as usize,
            "stake:k for k from 1 to the largest stake",
        );
        let word = a.add("word", 2, "draw, stand");
        NaqshEncoding {
            cfg,
            slots,
            layouts: Layouts { obs, info: l },
            at,
            actions: a,
            stake,
            word,
        }
    }

    /// Whether `viewer` sees card `i` of `seat`.
    fn sees(s: &NaqshState, viewer: usize, seat: usize, i: usize) -> bool {
        viewer == seat || s.revealed[seat] || i >= 2
    }

    fn write(&self, s: &NaqshState, me: usize, kind: Kind, out: &mut [f32]) {
        let n = self.cfg.players;
        let c = self.slots.len();
        let at = &self.at;
        let rel = |x: usize| relative(x, me, n);
        for (i, &card) in s.cards(me).iter().enumerate() {
            out[at.hand + self.slots.of(card)] += 1.0;
            if i < MAX_HAND {
                one_hot(out, at.order + i * c, self.slots.of(card));
            }
        }
        for q in 0..n {
            let r = rel(q);
            let mut down = 0;
            for (i, &card) in s.cards(q).iter().enumerate() {
                if Self::sees(s, me, q, i) {
                    out[at.face_up + r * c + self.slots.of(card)] += 1.0;
                    if kind == Kind::InformationState && i < MAX_HAND {
                        out[at.seen_order + r * MAX_HAND + i] =
                            (self.slots.of(card) + 1) as f32 / c as f32;
                    }
                } else {
                    down += 1;
                }
            }
            out[at.face_down + r] = down as f32 / 2.0;
            out[at.acted + r] = f32::from(u8::from(s.acted[q]));
            out[at.stood + r] = f32::from(u8::from(s.stood[q]));
            out[at.busted + r] =
                f32::from(u8::from(s.revealed[q] && s.class(q) == super::Class::Bust));
            if q != s.banker() && s.staked[q] {
                out[at.stakes + r] = s.stakes()[q] as f32 / self.cfg.stake_max.max(1) as f32;
            }
            out[at.scores + r] = s.scores()[q] as f32 / 10.0;
        }
        one_hot(
            out,
            at.phase,
            PHASES.iter().position(|&p| p == s.phase()).unwrap_or(0),
        );
        one_hot(out, at.banker, rel(s.banker()));
        if let Some(p) = s.current() {
            one_hot(out, at.to_act, rel(p));
        }
        out[at.stock] = s.stock().len() as f32 / self.cfg.pack.deck.len().max(1) as f32;
        out[at.pool] = s.pool() as f32 / 10.0;
        out[at.hand_number] =
            (s.hand_number() + 1).min(self.cfg.hands) as f32 / self.cfg.hands.max(1) as f32;
    }

    fn id_of(&self, a: NaqshAction) -> Result<usize> {
        Ok(match a {
            NaqshAction::Stake(k) if k >= 1 && k <= self.cfg.stake_max => {
                self.stake + k as usize - 1
            }
            NaqshAction::Stake(k) => {
                return Err(Error::IllegalAction(format!(
                    "stake {} outside 1..{}",
                    k, self.cfg.stake_max
                )))
            }
            NaqshAction::Draw => self.word,
            NaqshAction::Stand => self.word + 1,
        })
    }

    fn action_of(&self, id: usize) -> Result<NaqshAction> {
        let (seg, i) = self.actions.locate(id)?;
        Ok(match (seg.name, i) {
            ("stake", k) => NaqshAction::Stake(k as i64 + 1),
            (_, 0) => NaqshAction::Draw,
            _ => NaqshAction::Stand,
        })
    }
}

impl Encoding<NaqshState> for NaqshEncoding {
    fn layout(&self, kind: Kind) -> &Layout {
        self.layouts.get(kind)
    }

    fn encode(&self, s: &NaqshState, player: usize, kind: Kind, out: &mut [f32]) {
        self.write(s, player, kind, out);
    }

    fn actions(&self) -> &ActionSpace {
        &self.actions
    }

    fn action_id(&self, _s: Option<&NaqshState>, action: &str) -> Result<usize> {
        self.id_of(super::view::parse_action(action)?)
    }

    fn id_action(&self, _s: Option<&NaqshState>, id: usize) -> Result<String> {
        Ok(self.action_of(id)?.name())
    }

    fn legal_ids(&self, s: &NaqshState, out: &mut Vec<usize>) -> Result<()> {
        for a in s.legal() {
            out.push(self.id_of(a)?);
        }
        Ok(())
    }

    fn apply_id(&self, s: &mut NaqshState, id: usize) -> Result<()> {
        let a = self.action_of(id)?;
        s.act(a)
    }

    fn hand_number(&self, s: &NaqshState) -> usize {
        s.hand_number()
    }
}

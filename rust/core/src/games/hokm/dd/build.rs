//! Building a [`RangGame`] from a Hokm state: the rule switches of the
//! preset, the hands, the trick in progress and the heap, the indicator and
//! the gate, for the side asked about.

use super::{Dyn, Objective, RangGame, Rules, NEVER, NONE, NO_CARD};
use crate::error::{Error, Result};
use crate::games::hokm::config::Scoring;
use crate::games::hokm::state::{HokmState, Phase};

impl RangGame {
    /// The game of a state in trick play, counted for `player`'s side.
    pub fn new(s: &HokmState, player: usize, objective: Objective) -> Result<RangGame> {
        let cfg = s.config();
        if cfg.players != 4 {
            return Err(Error::State(format!(
                "the Court Piece objectives are for four seats, not {}",
                cfg.preset.name()
            )));
        }
        if s.phase != Phase::Play {
            return Err(Error::State(format!(
                "double-dummy analysis needs a state in trick play; this one is in phase {}",
                s.phase.name()
            )));
        }
        if player >= 4 {
            return Err(Error::State(format!("bad player {} (seats 0..3)", player)));
        }
        if s.undealt.iter().any(|u| !u.is_empty()) {
            return Err(Error::State(
                "trump_mode=first_void_5: the rest of the deal is a chance event; double-dummy analysis starts once every card is dealt (after the trick that fixes trumps)".into(),
            ));
        }
        let pack = &cfg.pack;
        let mask = |face: u8| -> u64 {
            pack.cards()
                .iter()
                .filter(|&&c| pack.face(c) == face)
                .fold(0u64, |a, c| a | 1u64 << c.0)
        };
        let two = if cfg.satat {
            1u64 << crate::games::hokm::satat::two_hearts(pack).0
        } else {
            0
        };
        let dehla = cfg.scoring == Scoring::Dehla;
        let tens = mask(b'T');
        let aces = mask(b'A');
        let mut special = two;
        if dehla {
            special |= tens;
        }
        if cfg.ace_rule {
            special |= aces;
        }
        let r = Rules {
            heap: cfg.heap,
            dehla,
            satat: cfg.satat,
            first_void: cfg.first_void.unwrap_or(0),
            hidden_call: cfg.hidden_call,
            hidden_card: cfg.hidden_card,
            first_collect_min: cfg.first_collect_min,
            chain_continue: cfg.chain_continue,
            ace_rule: cfg.ace_rule,
            no_collect_11_12: cfg.no_collect_11_12,
            two,
            tens,
            aces,
            special,
            objective,
            kind: match objective {
                Objective::Value => 0,
                Objective::CollectAll => 1,
                Objective::WinNext(_) => 2,
            },
        };
        let hidden = s.hidden.trump_hidden;
        let gate_from = if cfg.hidden_call {
            s.trump_fixed_at.unwrap_or(NEVER)
        } else {
            match (r.first_void, s.trump_fixed_at) {
                (0, _) => 0,
                (_, None) => NEVER,
                (5, Some(k)) => k,
                (_, Some(k)) => k + 1,
            }
        };
        let mut hands = [0u64; 4];
        for (h, c) in hands.iter_mut().zip(s.hands.iter()) {
            *h = c.bits() as u64;
        }
        let mut trick = [0u8; 4];
        for (t, c) in trick.iter_mut().zip(s.trick[..s.trick_len].iter()) {
            *t = c.0;
        }
        let heap = s.heap;
        let side = std::array::from_fn(|seat| u8::from(seat % 2 != player % 2));
        let mut d = Dyn {
            hands,
            rem: hands.iter().fold(0, |a, h| a | h),
            tbits: trick[..s.trick_len].iter().fold(0, |a, &c| a | 1u64 << c),
            trick,
            played: s.trick_len as u8,
            win: 0,
            leader: s.leader as u8,
            trump: s.trump.unwrap_or(NONE),
            gate_from,
            trick_no: s.tricks_played + 1,
            hidden,
            reveal_pending: s.hidden.reveal_pending,
            must_trump: s.dab.must_trump,
            heap_tricks: heap.tricks,
            heap_tens: heap.tens,
            prev: heap.prev.unwrap_or(NONE),
            last_ace: heap.last_ace,
            done: false,
            need: 0,
        };
        if !r.heap {
            // Tricks left: the leader's cards (his indicator aside included),
            // plus the current trick when he has played to it.
            let aside = u8::from(hidden && s.leader == s.hakem && s.hidden.indicator.is_some());
            let left = s.hands[s.leader].len() as u8 + aside + u8::from(s.trick_len > 0);
            d.trick_no = 14 - left;
        }
        let mine = player % 2;
        match objective {
            Objective::Value => {}
            Objective::CollectAll => {
                if !r.heap {
                    return Err(Error::State(
                        "collecting all tricks is a heap-preset question".into(),
                    ));
                }
                // Already out of reach when the other side holds what counts.
                let lost = if dehla {
                    heap.tens_collected[1 - mine] > 0
                } else {
                    heap.collected[1 - mine] > 0
                };
                d.done = lost;
            }
            Objective::WinNext(k) => {
                d.need = k;
                d.done = k == 0;
            }
        }
        let mut g = RangGame {
            r,
            d,
            side,
            boss: s.hakem as u8,
            indicator: s.hidden.indicator.map_or(NO_CARD, |c| c.0),
            stack: Vec::with_capacity(64),
            tens_owners: std::cell::Cell::new(false),
        };
        if g.d.played > 0 {
            g.d.win = g.winner_of(g.d.played as usize) as u8;
        }
        Ok(g)
    }
}

//! The Dugi match and its outside view: dealing, the lead suit, the hands in
//! turn, stakes; action strings, observations, the readable table.

use std::sync::Arc;

use super::config::DugiConfig;
use super::play::{DAct, DStep, DugiPlay};
use crate::card::{CardSet, Suit};
use crate::deal::{deal_batches, shuffled};
use crate::error::{check_seat, Error, Result};
use crate::game::{map, GameState, Value};
use crate::rng::Rng;

/// The result of one hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DugiResult {
    /// The dealer.
    pub dealer: usize,
    /// The challengers' parity (0: seats 0 and 2).
    pub challengers: u8,
    /// The challengers took every trick.
    pub challengers_won: bool,
    /// Tricks the challengers took.
    pub tricks: u32,
    /// Net stake of each seat.
    pub net: Vec<i64>,
}

/// A Dugi state: a whole match, or one hand from a position.
#[derive(Clone, Debug)]
pub struct DugiState {
    pub(crate) cfg: Arc<DugiConfig>,
    pub(crate) rng: Rng,
    pub(crate) single_hand: bool,
    pub(crate) hand_no: usize,
    pub(crate) dealer: usize,
    pub(crate) over: bool,
    pub(crate) play: DugiPlay,
    pub(crate) scores: Vec<i64>,
    pub(crate) results: Vec<DugiResult>,
    /// Cards of other seats a seat knows (the King pass).
    pub(crate) known: [CardSet; 4],
    pub(crate) history: Vec<String>,
    /// Cards each seat is known, from the play of this hand, not to hold
    /// (see [`super::sample`]).
    pub(crate) absent: [CardSet; 4],
}

/// Reads a Dugi action string: a card, `offer`, `pass`, `accept:c`, `ask`, `name:X`.
pub fn parse_dugi_action(cfg: &DugiConfig, text: &str) -> Result<DAct> {
    let t = text.trim();
    let bad = |e: Error| Error::IllegalAction(format!("bad action {:?}: {}", text, e));
    match t.to_ascii_lowercase().as_str() {
        "offer" => return Ok(DAct::Offer),
        "pass" => return Ok(DAct::Pass),
        "ask" => return Ok(DAct::Ask),
        _ => {}
    }
    if let Some((head, rest)) = t.split_once(':') {
        return match head.to_ascii_lowercase().as_str() {
            "accept" => Ok(DAct::Accept(cfg.pack.parse_card(rest).map_err(bad)?)),
            "name" => Ok(DAct::Name(cfg.pack.parse_suit(rest).map_err(bad)?)),
            _ => Err(Error::IllegalAction(format!(
                "bad action {:?}: Dugi's actions are cards, offer, pass, accept:<card>, ask and name:<suit>",
                text
            ))),
        };
    }
    Ok(DAct::Card(cfg.pack.parse_card(t).map_err(bad)?))
}

/// The string of a Dugi act.
pub fn dugi_act_name(cfg: &DugiConfig, a: DAct) -> String {
    match a {
        DAct::Offer => "offer".into(),
        DAct::Pass => "pass".into(),
        DAct::Accept(c) => format!("accept:{}", cfg.pack.format_card(c)),
        DAct::Ask => "ask".into(),
        DAct::Name(x) => format!("name:{}", cfg.pack.suits[x as usize].code),
        DAct::Card(c) => cfg.pack.format_card(c),
    }
}

impl DugiState {
    /// A whole match seeded by `seed`; the first dealer at random unless given.
    pub fn new_match(cfg: Arc<DugiConfig>, seed: u64, dealer: Option<usize>) -> Result<DugiState> {
        let mut rng = Rng::new(seed);
        let d = match dealer {
            Some(d) if d >= 4 => {
                return Err(Error::State(format!("dealer {} out of range 0..3", d)))
            }
            Some(d) => d,
            None => rng.below(4) as usize,
        };
        let play = DugiPlay::new(&cfg, &[CardSet::EMPTY; 4], cfg.lead_suit, Some(0));
        let mut s = DugiState::fresh(cfg, rng, d, play, false);
        s.start_hand();
        Ok(s)
    }

    /// One hand from a position.
    pub fn from_position(
        cfg: Arc<DugiConfig>,
        hands: &[CardSet],
        leader: Option<usize>,
        seed: u64,
    ) -> Result<DugiState> {
        if hands.len() != 4 || hands[0].is_empty() {
            return Err(Error::Notation(
                "bad deal: give every seat at least one card".into(),
            ));
        }
        let mut rng = Rng::new(seed);
        let lead_suit = if cfg.cut {
            rng.below(cfg.pack.num_suits() as u64) as Suit
        } else {
            cfg.lead_suit
        };
        match leader {
            Some(l) if l >= 4 => {
                return Err(Error::State(format!("leader {} out of range 0..3", l)))
            }
            Some(_) => {}
            None => {
                let king = cfg.pack.suit_mask(lead_suit).highest().expect("a suit");
                if !hands.iter().any(|h| h.contains(king)) {
                    return Err(Error::State(format!(
                        "no hand holds the lead King {}; give leader= (a challenger) for a later position",
                        cfg.pack.format_card(king)
                    )));
                }
            }
        }
        let h = [hands[0], hands[1], hands[2], hands[3]];
        let play = DugiPlay::new(&cfg, &h, lead_suit, leader);
        let dealer = (play.leader as usize + 3) % 4;
        Ok(DugiState::fresh(cfg, rng, dealer, play, true))
    }

    /// A state before its first action: `play` dealt by `dealer`, no
    /// scores, results, history or inferences yet; a single hand from a
    /// position or the first hand of a match.
    fn fresh(
        cfg: Arc<DugiConfig>,
        rng: Rng,
        dealer: usize,
        play: DugiPlay,
        single_hand: bool,
    ) -> DugiState {
        DugiState {
            cfg,
            rng,
            single_hand,
            hand_no: 0,
            dealer,
            over: false,
            play,
            scores: vec![0; 4],
            results: Vec::new(),
            known: [CardSet::EMPTY; 4],
            history: Vec::new(),
            absent: [CardSet::EMPTY; 4],
        }
    }

    fn start_hand(&mut self) {
        let cfg = self.cfg.clone();
        let lead_suit = if cfg.cut {
            // The cut card is drawn from the shuffled pack, shown and returned.
            let order = shuffled(cfg.pack.cards(), &mut self.rng);
            cfg.pack.suit_of(order[0])
        } else {
            cfg.lead_suit
        };
        let order = shuffled(cfg.pack.cards(), &mut self.rng);
        let (hands, _) = deal_batches(&order, 4, (self.dealer + 1) % 4, &cfg.batches());
        let h = [hands[0], hands[1], hands[2], hands[3]];
        self.known = [CardSet::EMPTY; 4];
        self.absent = [CardSet::EMPTY; 4];
        self.play = DugiPlay::new(&cfg, &h, lead_suit, None);
    }

    /// The configuration.
    pub fn config(&self) -> &DugiConfig {
        &self.cfg
    }

    /// The play of the current hand.
    pub fn play(&self) -> &DugiPlay {
        &self.play
    }

    /// Results of the finished hands.
    pub fn results(&self) -> &[DugiResult] {
        &self.results
    }

    /// The seat to act.
    pub fn current(&self) -> Option<usize> {
        if self.over {
            None
        } else {
            self.play.current()
        }
    }

    /// The phase's name.
    pub fn phase_name(&self) -> &'static str {
        if self.over {
            return "over";
        }
        match self.play.step {
            DStep::Offer | DStep::Accept => "king_pass",
            _ => "play",
        }
    }

    fn act(&mut self, a: DAct) -> Result<()> {
        if self.over {
            return Err(Error::IllegalAction("the game is over".into()));
        }
        let before = self.play;
        self.play.apply(&self.cfg, a)?;
        super::play::infer(&self.cfg, &before, a, &mut self.absent);
        if let DAct::Accept(c) = a {
            let c1 = before.c1 as usize;
            let c2 = (c1 + 2) % 4;
            self.known[c1].insert(before.king(&self.cfg));
            self.known[c2].insert(c);
        }
        if self.play.step == DStep::Done {
            self.finish_hand();
        }
        Ok(())
    }

    fn finish_hand(&mut self) {
        let p = self.play;
        let won = p.challengers_won();
        let mut net = vec![0i64; 4];
        for (i, x) in net.iter_mut().enumerate() {
            let winner = p.is_challenger(i) == won;
            *x = if winner {
                self.cfg.hand_stake
            } else {
                -self.cfg.hand_stake
            };
        }
        for (s, x) in self.scores.iter_mut().zip(&net) {
            *s += x;
        }
        self.results.push(DugiResult {
            dealer: self.dealer,
            challengers: p.challengers,
            challengers_won: won,
            tricks: p.tricks as u32,
            net,
        });
        self.hand_no += 1;
        if self.single_hand || self.hand_no >= self.cfg.hands {
            self.over = true;
        } else {
            self.dealer = (self.dealer + 1) % 4;
            self.start_hand();
        }
    }
}

impl GameState for DugiState {
    fn num_players(&self) -> usize {
        4
    }

    fn current_player(&self) -> Option<usize> {
        self.current()
    }

    fn legal_actions(&self) -> Vec<String> {
        if self.over {
            return vec![];
        }
        let pack = &self.cfg.pack;
        let mut acts = self.play.legal(&self.cfg);
        acts.sort_by_key(|a| match a {
            DAct::Card(c) | DAct::Accept(c) => (0, pack.suit_of(*c), std::cmp::Reverse(c.0)),
            DAct::Name(x) => (1, *x, std::cmp::Reverse(0)),
            _ => (2, 0, std::cmp::Reverse(0)),
        });
        acts.into_iter()
            .map(|a| dugi_act_name(&self.cfg, a))
            .collect()
    }

    fn apply(&mut self, action: &str) -> Result<()> {
        let a = parse_dugi_action(&self.cfg, action)?;
        self.act(a).map_err(|e| match e {
            Error::IllegalAction(_) => Error::IllegalAction(format!(
                "{:?} is not legal now (see legal_actions())",
                action
            )),
            other => other,
        })?;
        self.history.push(dugi_act_name(&self.cfg, a));
        Ok(())
    }

    /// The card given for the King in the King pass is seen by the two
    /// partners alone (B.4).
    fn seen_action(&self, action: &str, viewer: usize) -> String {
        match (parse_dugi_action(&self.cfg, action), self.current()) {
            (Ok(DAct::Accept(_)), Some(actor)) if viewer != actor && viewer != (actor + 2) % 4 => {
                format!("accept:{}", crate::game::UNSEEN)
            }
            _ => action.to_string(),
        }
    }

    fn is_terminal(&self) -> bool {
        self.over
    }

    fn returns(&self) -> Vec<f64> {
        self.scores.iter().map(|&x| x as f64).collect()
    }

    fn observation(&self, player: usize) -> Result<Value> {
        check_seat("player", player, 4)?;
        let pack = &self.cfg.pack;
        let p = &self.play;
        let cards: Vec<Value> = (0..4)
            .map(|s| {
                let v = if s == player {
                    p.hands[s]
                } else {
                    p.hands[s] & self.known[player]
                };
                Value::Str(pack.format_hand(v))
            })
            .collect();
        let card_list = |t: &[Option<crate::card::Card>; 4]| {
            Value::List(
                t.iter()
                    .map(|c| c.map(|c| pack.format_card(c)).into())
                    .collect(),
            )
        };
        let in_trick = matches!(p.step, DStep::Follow(_) | DStep::NameFor(_));
        let trick: Vec<(usize, String)> = if in_trick {
            (0..4)
                .map(|k| (p.leader as usize + k) % 4)
                .filter_map(|s| p.trick[s].map(|c| (s, pack.format_card(c))))
                .collect()
        } else {
            Vec::new()
        };
        let mut head = crate::game::core_keys(
            player,
            self.phase_name(),
            self.current(),
            self.hand_no + 1,
            pack.card_list(p.hands[player]),
            trick,
            Value::List(self.scores.iter().map(|&x| x.into()).collect()),
        );
        let rest = map(vec![
            ("dealer", self.dealer.into()),
            (
                "lead_suit",
                pack.suits[p.lead_suit as usize].code.clone().into(),
            ),
            (
                "challengers",
                Value::List(vec![
                    (p.challengers as usize).into(),
                    (p.challengers as usize + 2).into(),
                ]),
            ),
            (
                "king_pass",
                match p.pass_result {
                    1 => "declined".into(),
                    2 => "made".into(),
                    _ => Value::Null,
                },
            ),
            ("leader", (p.leader as usize).into()),
            ("cards", Value::List(cards)),
            (
                "hand_sizes",
                Value::List((0..4).map(|s| (p.hands[s].len() as usize).into()).collect()),
            ),
            ("challenger_tricks", (p.tricks as usize).into()),
            (
                "asked",
                p.asked.map(|x| pack.suits[x as usize].code.clone()).into(),
            ),
            (
                "named",
                p.named.map(|x| pack.suits[x as usize].code.clone()).into(),
            ),
            (
                "trick_by_seat",
                if in_trick {
                    card_list(&p.trick)
                } else {
                    Value::Null
                },
            ),
            (
                "last_trick",
                p.last.map_or(Value::Null, |(t, w)| {
                    map(vec![
                        ("cards", card_list(&t)),
                        ("winner", (w as usize).into()),
                    ])
                }),
            ),
        ]);
        if let Value::Map(rest) = rest {
            head.extend(rest);
        }
        Ok(Value::Map(head))
    }

    fn render(&self) -> String {
        let pack = &self.cfg.pack;
        let p = &self.play;
        let mut out = format!(
            "Dugi ({}), hand {}, dealer seat {}, lead suit {}, challengers seats {} and {}, {} trick(s) taken\n",
            pack.name,
            self.hand_no + 1,
            self.dealer,
            pack.suits[p.lead_suit as usize].code,
            p.challengers,
            p.challengers + 2,
            p.tricks
        );
        for s in 0..4 {
            let mark = if Some(s) == self.current() { ">" } else { " " };
            let t = p.trick[s].filter(|_| matches!(p.step, DStep::Follow(_) | DStep::NameFor(_)));
            out += &format!(
                "{} seat {}: {:<40} {}\n",
                mark,
                s,
                pack.format_hand_labelled(p.hands[s]),
                t.map(|c| pack.format_card(c)).unwrap_or_default()
            );
        }
        let scores: Vec<String> = self.scores.iter().map(|x| format!("{:+}", x)).collect();
        out += &format!("scores: {}", scores.join(" "));
        out
    }

    crate::game::state_methods!(box_clone, history);
    fn phase_name(&self) -> &'static str {
        DugiState::phase_name(self)
    }
    crate::game::state_methods!(trick_facts);
    fn hands_compact(&self) -> Vec<String> {
        let p = &self.config().pack;
        self.play()
            .hands
            .iter()
            .map(|&h| p.format_hand(h))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh state has no scores, results, history or inferences, and
    /// keeps what it is given.
    #[test]
    fn a_fresh_state_starts_empty() {
        let g = super::super::Dugi::new(&[]).unwrap();
        let cfg = g.cfg.clone();
        let play = DugiPlay::new(&cfg, &[CardSet::EMPTY; 4], cfg.lead_suit, Some(0));
        let s = DugiState::fresh(cfg, Rng::new(1), 2, play, true);
        assert!(s.single_hand && !s.over);
        assert_eq!((s.hand_no, s.dealer), (0, 2));
        assert_eq!(s.scores, vec![0; 4]);
        assert!(s.results.is_empty() && s.history.is_empty());
        assert_eq!(s.known, [CardSet::EMPTY; 4]);
        assert_eq!(s.absent, [CardSet::EMPTY; 4]);
        let m = DugiState::new_match(g.cfg.clone(), 3, Some(1)).unwrap();
        assert!(!m.single_hand);
        assert_eq!(m.dealer, 1);
    }
}

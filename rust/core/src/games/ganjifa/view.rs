//! Ganjifa from outside: action strings (A.3.5), observations, the readable
//! table and the shared [`GameState`] interface.

pub use super::play::act_name;
use super::play::{Act, Kind, Step};
use super::state::{GanjifaState, HandResult, Phase};
use crate::card::{CardSet, Suit};
use crate::error::{check_seat, Error, Result};
use crate::game::{map, GameState, Value};
use crate::pack::Pack;

/// An action as written (A.3.5), before it is matched against the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    /// One card or several joined by `+`.
    Cards(CardSet),
    /// `deni:x`.
    Deni(crate::card::Card),
    /// `facedown:c:X`.
    Facedown(crate::card::Card, Suit),
    /// `name:X`.
    Name(Suit),
    /// `pick:i`.
    Pick(usize),
    /// `give:c`.
    Give(crate::card::Card),
    /// `challenge:s`.
    Challenge(usize),
    /// `double`.
    Double,
    /// `pass`.
    Pass,
    /// `blind`.
    Blind,
}

fn bad<T>(text: &str, why: &str) -> Result<T> {
    Err(Error::IllegalAction(format!(
        "bad action {:?}: {}",
        text, why
    )))
}

/// Reads an action string in `pack`'s notation (any case, spaces trimmed).
///
/// ```
/// use hukm_core::games::ganjifa::{parse_action, Parsed};
/// use hukm_core::pack::{Pack, ReversedSet};
/// let p = Pack::moghul(ReversedSet::India);
/// assert_eq!(parse_action(&p, "name:sr").unwrap(), Parsed::Name(4));
/// assert!(matches!(parse_action(&p, "KGH+VGH").unwrap(), Parsed::Cards(c) if c.len() == 2));
/// assert!(parse_action(&p, "deni:").is_err());
/// ```
pub fn parse_action(pack: &Pack, text: &str) -> Result<Parsed> {
    let t = text.trim();
    let low = t.to_ascii_lowercase();
    let num = |s: &str| -> Result<usize> {
        s.trim()
            .parse::<usize>()
            .or_else(|_| bad(text, "expected a whole number after the colon"))
    };
    let card = |s: &str| {
        pack.parse_card(s)
            .map_err(|e| Error::IllegalAction(format!("bad action {:?}: {}", text, e)))
    };
    let suit = |s: &str| {
        pack.parse_suit(s)
            .map_err(|e| Error::IllegalAction(format!("bad action {:?}: {}", text, e)))
    };
    match low.as_str() {
        "double" => return Ok(Parsed::Double),
        "pass" => return Ok(Parsed::Pass),
        "blind" => return Ok(Parsed::Blind),
        _ => {}
    }
    if let Some((head, rest)) = t.split_once(':') {
        return match head.to_ascii_lowercase().as_str() {
            "deni" => Ok(Parsed::Deni(card(rest)?)),
            "name" => Ok(Parsed::Name(suit(rest)?)),
            "pick" => Ok(Parsed::Pick(num(rest)?)),
            "give" => Ok(Parsed::Give(card(rest)?)),
            "challenge" => Ok(Parsed::Challenge(num(rest)?)),
            "facedown" => match rest.split_once(':') {
                Some((c, x)) => Ok(Parsed::Facedown(card(c)?, suit(x)?)),
                None => bad(text, "a face-down lead is facedown:<card>:<suit>, e.g. facedown:5TJ:QM"),
            },
            _ => bad(
                text,
                "Ganjifa's actions are cards (joined by +), deni:, double, pass, blind, pick:, name:, facedown:, give: and challenge:",
            ),
        };
    }
    pack.parse_cards(t)
        .map(Parsed::Cards)
        .map_err(|e| Error::IllegalAction(format!("bad action {:?}: {}", text, e)))
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Single => "single",
        Kind::Compound => "compound",
        Kind::Deni => "deni",
        Kind::Facedown => "facedown",
    }
}

impl GanjifaState {
    /// The step's name: `opening`, `lead`, `name`, `named_lead`, `blind`,
    /// `double`, `give`, or the match phase (`exchange`, `serkhel`, `over`).
    pub fn step_name(&self) -> &'static str {
        match self.phase {
            Phase::Play => match self.play.step {
                Step::Lead if !self.play.opening_done => "opening",
                Step::Lead => "lead",
                Step::Name => "name",
                Step::NamedLead(_) => "named_lead",
                Step::Blind => "blind",
                Step::Double => "double",
                Step::Give => "give",
                Step::Done => "over",
            },
            p => p.name(),
        }
    }

    /// Matches a parsed action against the state and applies it.
    fn apply_parsed(&mut self, text: &str, a: Parsed) -> Result<()> {
        let cfg = self.cfg.clone();
        let pack = &cfg.pack;
        let step_name = self.step_name();
        let not_now = |what: &str| -> Result<()> {
            Err(Error::IllegalAction(format!(
                "{:?} is not legal now: {} (step {})",
                text, what, step_name
            )))
        };
        match (self.phase, a) {
            (Phase::Exchange, Parsed::Give(c)) => self.exchange_give(c),
            (Phase::Exchange, Parsed::Cards(cs)) if cs.len() > 1 => {
                let mut copy = self.clone();
                for c in cs.iter().rev() {
                    copy.exchange_give(c)?;
                }
                *self = copy;
                Ok(())
            }
            (Phase::Serkhel, Parsed::Challenge(s)) => self.challenge(s),
            (Phase::Play, a) => {
                let step = self.play.step;
                let act = match (step, a) {
                    (Step::Blind, Parsed::Pick(i)) if self.cfg.pick_by_neighbour => {
                        return self.pick(i)
                    }
                    (Step::Give, Parsed::Cards(cs)) if cs.len() == 1 => {
                        Act::Give(cs.lowest().expect("a card"))
                    }
                    (Step::Give, Parsed::Cards(cs)) => {
                        // Shorthand for a group of single-card actions.
                        let mut copy = self.clone();
                        let mut order: Vec<_> = Vec::new();
                        for s in 0..pack.num_suits() as Suit {
                            order.extend((cs & pack.suit_mask(s)).iter().rev());
                        }
                        let seat = self.play.current();
                        for c in order {
                            if copy.play.step != Step::Give || copy.play.current() != seat {
                                return not_now("more cards than this seat owes");
                            }
                            copy.play_act(Act::Give(c))?;
                        }
                        *self = copy;
                        self.history.push(pack.format_cards(cs));
                        return Ok(());
                    }
                    (Step::Lead | Step::NamedLead(_), Parsed::Cards(cs)) => Act::Lead(cs),
                    (_, Parsed::Deni(c)) => Act::Deni(c),
                    (_, Parsed::Facedown(c, x)) => Act::Facedown(c, x),
                    (_, Parsed::Name(x)) => Act::Name(x),
                    (_, Parsed::Double) => Act::Double,
                    (_, Parsed::Pass) => Act::Pass,
                    (_, Parsed::Blind) => Act::Blind,
                    _ => return not_now("this kind of action is not expected here"),
                };
                let legal = match step {
                    Step::Give => {
                        matches!(act, Act::Give(c) if self.play.give_options(&self.cfg).contains(c))
                    }
                    Step::Blind => false,
                    _ => self.play.legal(&self.cfg).contains(&act),
                };
                if !legal {
                    return not_now("the rules do not allow it here; see legal_actions()");
                }
                self.play_act(act)
            }
            _ => not_now("this kind of action is not expected here"),
        }
    }

    fn result_value(&self, r: &HandResult) -> Value {
        map(vec![
            ("dealer", r.dealer.into()),
            (
                "tricks",
                Value::List(r.tricks.iter().map(|&t| t.into()).collect()),
            ),
            (
                "net",
                Value::List(r.net.iter().map(|&x| x.into()).collect()),
            ),
            (
                "akheri",
                r.akheri.map(|c| self.cfg.pack.format_card(c)).into(),
            ),
            ("akheri_beaten_by", r.beaten_by.into()),
        ])
    }

    fn trick_value(&self, viewer: usize) -> Value {
        let p = &self.play;
        if self.phase != Phase::Play || !matches!(p.step, Step::Give | Step::Double) {
            return Value::Null;
        }
        let t = &p.trick;
        let pack = &self.cfg.pack;
        let n = self.cfg.players;
        let hidden = t.kind == Kind::Facedown && viewer != t.leader as usize;
        let played: Vec<Value> = (0..n)
            .map(|s| {
                if hidden && s == t.leader as usize {
                    Value::Str("?".into())
                } else {
                    Value::Str(pack.format_cards(t.played[s]))
                }
            })
            .collect();
        map(vec![
            ("kind", kind_name(t.kind).into()),
            ("leader", (t.leader as usize).into()),
            ("width", (t.width as usize).into()),
            ("opening", t.opening.into()),
            (
                "suit",
                if t.kind == Kind::Compound {
                    Value::Null
                } else {
                    pack.suits[t.suit as usize].code.clone().into()
                },
            ),
            (
                "called",
                if t.kind == Kind::Deni {
                    (t.holder as usize).into()
                } else {
                    Value::Null
                },
            ),
            ("doubled", t.doubled.into()),
            ("played", Value::List(played)),
        ])
    }
}

impl GameState for GanjifaState {
    fn num_players(&self) -> usize {
        self.cfg.players
    }

    fn current_player(&self) -> Option<usize> {
        self.current()
    }

    fn legal_actions(&self) -> Vec<String> {
        let pack = &self.cfg.pack;
        match self.phase {
            Phase::Over => vec![],
            Phase::Exchange => {
                let w = self.current().expect("exchange");
                let mut out = Vec::new();
                for s in 0..pack.num_suits() as Suit {
                    for c in (self.play.hands[w] & pack.suit_mask(s)).iter().rev() {
                        out.push(format!("give:{}", pack.format_card(c)));
                    }
                }
                out
            }
            Phase::Serkhel => (0..self.cfg.players)
                .filter(|&s| s != self.challenger)
                .map(|s| format!("challenge:{}", s))
                .collect(),
            Phase::Play => {
                if self.play.step == Step::Blind {
                    let k = self.play.hands[self.play.leader as usize].len() as usize;
                    return (0..k).map(|i| format!("pick:{}", i)).collect();
                }
                let mut acts = self.play.legal(&self.cfg);
                if self.play.step == Step::Give {
                    acts.sort_by_key(|a| match a {
                        Act::Give(c) => (pack.suit_of(*c), std::cmp::Reverse(c.0)),
                        _ => (0, std::cmp::Reverse(0)),
                    });
                }
                acts.into_iter().map(|a| act_name(pack, a)).collect()
            }
        }
    }

    fn apply(&mut self, action: &str) -> Result<()> {
        let a = parse_action(&self.cfg.pack, action)?;
        let before = self.history.len();
        self.apply_parsed(action, a.clone())?;
        if self.history.len() == before {
            let text = match a {
                Parsed::Cards(cs) => self.cfg.pack.format_cards(cs),
                Parsed::Deni(c) => format!("deni:{}", self.cfg.pack.format_card(c)),
                Parsed::Facedown(c, x) => format!(
                    "facedown:{}:{}",
                    self.cfg.pack.format_card(c),
                    self.cfg.pack.suits[x as usize].code
                ),
                Parsed::Name(x) => format!("name:{}", self.cfg.pack.suits[x as usize].code),
                Parsed::Pick(i) => format!("pick:{}", i),
                Parsed::Give(c) => format!("give:{}", self.cfg.pack.format_card(c)),
                Parsed::Challenge(s) => format!("challenge:{}", s),
                Parsed::Double => "double".into(),
                Parsed::Pass => "pass".into(),
                Parsed::Blind => "blind".into(),
            };
            self.history.push(text);
        }
        Ok(())
    }

    /// A Wilkins face-down lead shows only its named suit to the others
    /// (A.3.5: `facedown:?:X`); the cards returned in an exchange are seen
    /// by the two players of the exchange alone (A.10).
    fn seen_action(&self, action: &str, viewer: usize) -> String {
        use crate::game::UNSEEN;
        if self.current() == Some(viewer) {
            return action.to_string();
        }
        match parse_action(&self.cfg.pack, action) {
            Ok(Parsed::Facedown(_, x)) => format!(
                "facedown:{}:{}",
                UNSEEN,
                self.cfg.pack.suits[x as usize].code
            ),
            Ok(Parsed::Give(_)) if viewer != self.exch_to_seat => format!("give:{}", UNSEEN),
            _ => action.to_string(),
        }
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    fn returns(&self) -> Vec<f64> {
        self.scores.iter().map(|&x| x as f64).collect()
    }

    fn observation(&self, player: usize) -> Result<Value> {
        let n = self.cfg.players;
        check_seat("player", player, n)?;
        let pack = &self.cfg.pack;
        let p = &self.play;
        let seen: Vec<Value> = (0..n)
            .map(|s| {
                let h = p.hands[s];
                let v = if s == player {
                    h
                } else {
                    h & (self.public[s] | self.known[player])
                };
                Value::Str(pack.format_hand(v))
            })
            .collect();
        let named = match p.step {
            Step::NamedLead(x) => pack.suits[x as usize].code.clone().into(),
            _ => Value::Null,
        };
        let last = p.last.map_or(Value::Null, |d| {
            map(vec![
                ("kind", kind_name(d.kind).into()),
                ("leader", (d.leader as usize).into()),
                ("winner", (d.winner as usize).into()),
                ("tricks", (d.tricks as usize).into()),
                (
                    "played",
                    Value::List(
                        (0..n)
                            .map(|s| Value::Str(pack.format_cards(d.played[s])))
                            .collect(),
                    ),
                ),
            ])
        });
        let mut trick = Vec::new();
        if self.phase == Phase::Play && matches!(p.step, Step::Give | Step::Double) {
            let t = &p.trick;
            let hidden = t.kind == Kind::Facedown && player != t.leader as usize;
            for k in 0..n {
                let s = (t.leader as usize + k) % n;
                if !(hidden && k == 0) {
                    trick.extend(pack.card_list(t.played[s]).into_iter().map(|c| (s, c)));
                }
            }
        }
        let mut head = crate::game::core_keys(
            player,
            self.phase.name(),
            self.current(),
            self.hand_no + 1,
            pack.card_list(p.hands[player]),
            trick,
            Value::List(self.scores.iter().map(|&x| x.into()).collect()),
        );
        let rest = map(vec![
            ("step", self.step_name().into()),
            ("dealer", self.dealer.into()),
            ("leader", (p.leader as usize).into()),
            (
                "lead_suit",
                pack.suits[self.cfg.lead_suit as usize].code.clone().into(),
            ),
            (
                "end_phase",
                (self.phase == Phase::Play && p.opening_done && p.in_end_phase(&self.cfg)).into(),
            ),
            ("phase2", p.phase2.into()),
            ("cards", Value::List(seen)),
            (
                "hand_sizes",
                Value::List((0..n).map(|s| (p.hands[s].len() as usize).into()).collect()),
            ),
            (
                "tricks",
                Value::List((0..n).map(|s| (p.tricks[s] as usize).into()).collect()),
            ),
            (
                "won",
                Value::List(
                    (0..n)
                        .map(|s| Value::Str(pack.format_hand(p.won[s])))
                        .collect(),
                ),
            ),
            ("trick_detail", self.trick_value(player)),
            ("named_suit", named),
            ("last_trick", last),
            (
                "last_hand",
                self.results
                    .last()
                    .map_or(Value::Null, |r| self.result_value(r)),
            ),
        ]);
        if let Value::Map(rest) = rest {
            head.extend(rest);
        }
        Ok(Value::Map(head))
    }

    fn render(&self) -> String {
        let n = self.cfg.players;
        let pack = &self.cfg.pack;
        let p = &self.play;
        let mut out = format!(
            "Ganjifa ({}, {} players), hand {}, dealer seat {}, lead suit {}, step {}\n",
            pack.name,
            n,
            self.hand_no + 1,
            self.dealer,
            pack.suits[self.cfg.lead_suit as usize].code,
            self.step_name()
        );
        for s in 0..n {
            let mark = if Some(s) == self.current() { ">" } else { " " };
            out += &format!(
                "{} seat {}: {:<40} tricks {}\n",
                mark,
                s,
                pack.format_hand_labelled(p.hands[s]),
                p.tricks[s]
            );
        }
        if self.phase == Phase::Play && matches!(p.step, Step::Give | Step::Double) {
            let t = &p.trick;
            let cards: Vec<String> = (0..n)
                .filter(|&s| !t.played[s].is_empty())
                .map(|s| format!("seat {} {}", s, pack.format_cards(t.played[s])))
                .collect();
            out += &format!(
                "{} lead by seat {}: {}\n",
                kind_name(t.kind),
                t.leader,
                cards.join(", ")
            );
        }
        let scores: Vec<String> = self.scores.iter().map(|x| format!("{:+}", x)).collect();
        out += &format!("scores: {}", scores.join(" "));
        out
    }

    crate::game::state_methods!(box_clone, history, phase_name, trick_facts, hands_compact);
}

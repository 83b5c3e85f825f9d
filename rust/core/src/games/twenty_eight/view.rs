//! Action strings, observations, the readable table and the shared
//! [`GameState`] interface of Twenty-eight.

use super::state::{Action, Phase, TwentyEightState};
use crate::card::CardSet;
use crate::error::{Error, Result};
use crate::game::{map, GameState, Value};

impl TwentyEightState {
    /// The canonical string of an action (§0.1).
    pub fn action_string(&self, a: Action) -> String {
        let pack = &self.cfg.pack;
        match a {
            Action::Bid(v) => format!("bid:{}", v),
            Action::Pass => "pass".into(),
            Action::Indicator(c) => format!("indicator:{}", pack.format_card(c)),
            Action::Trump(Some(s)) => format!("trump:{}", pack.suits[s as usize].code),
            Action::Trump(None) => "trump:none".into(),
            Action::Seventh => "seventh".into(),
            Action::Double => "double".into(),
            Action::Redouble => "redouble".into(),
            Action::C => "c".into(),
            Action::Single => "single".into(),
            Action::Show => "show".into(),
            Action::HalfCourt => "half_court".into(),
            Action::Call => "call".into(),
            Action::Pair => "pair".into(),
            Action::Card(c) => pack.format_card(c),
        }
    }

    /// Parses an action string (case-insensitive, surrounding spaces ignored).
    pub fn parse_action(&self, text: &str) -> Result<Action> {
        let pack = &self.cfg.pack;
        let t = text.trim();
        let bad = || {
            Error::IllegalAction(format!(
                "unknown action {:?}; actions are a card (JH), bid:n, pass, indicator:<card>, \
                 trump:<suit>, trump:none, seventh, double, redouble, c, single, show, \
                 half_court, call, pair",
                text
            ))
        };
        if t.is_empty() || t.contains('\0') {
            return Err(bad());
        }
        let low = t.to_ascii_lowercase();
        Ok(match low.as_str() {
            "pass" => Action::Pass,
            "seventh" => Action::Seventh,
            "double" => Action::Double,
            "redouble" => Action::Redouble,
            "c" => Action::C,
            "single" => Action::Single,
            "show" => Action::Show,
            "half_court" => Action::HalfCourt,
            "call" => Action::Call,
            "pair" => Action::Pair,
            "trump:none" => Action::Trump(None),
            _ => {
                if let Some(n) = low.strip_prefix("bid:") {
                    let v: i32 = n
                        .parse()
                        .ok()
                        .filter(|_| n.bytes().all(|b| b.is_ascii_digit()))
                        .ok_or_else(bad)?;
                    Action::Bid(v)
                } else if let Some(c) = t.get(10..).filter(|_| low.starts_with("indicator:")) {
                    Action::Indicator(pack.parse_card(c).map_err(|_| bad())?)
                } else if let Some(s) = t.get(6..).filter(|_| low.starts_with("trump:")) {
                    Action::Trump(Some(pack.suit_index(s).ok_or_else(bad)?))
                } else if t.len() == 2 {
                    Action::Card(pack.parse_card(t).map_err(|_| bad())?)
                } else {
                    return Err(bad());
                }
            }
        })
    }

    fn cards_value(&self, cards: CardSet) -> Value {
        let pack = &self.cfg.pack;
        let mut v = Vec::new();
        for s in 0..pack.num_suits() as u8 {
            for c in (cards & pack.suit_mask(s)).iter().rev() {
                v.push(Value::Str(pack.format_card(c)));
            }
        }
        Value::List(v)
    }

    fn trick_value(&self, trick: &[(usize, crate::card::Card)]) -> Value {
        Value::List(
            trick
                .iter()
                .map(|&(s, c)| Value::List(vec![s.into(), self.cfg.pack.format_card(c).into()]))
                .collect(),
        )
    }

    /// True when `player` knows the trump suit.
    pub(super) fn knows_trump(&self, player: usize) -> bool {
        self.revealed || (player == self.bidder && !self.seventh && self.phase_after_trump())
    }

    fn phase_after_trump(&self) -> bool {
        !matches!(self.phase, Phase::Bid | Phase::Trump)
    }

    pub(super) fn in_contract(&self) -> bool {
        self.phase_after_trump() && self.soloist.is_none()
    }

    fn build_observation(&self, player: usize) -> Value {
        let pack = &self.cfg.pack;
        let knows = self.knows_trump(player);
        let trump: Value = if self.soloist.is_some() || !self.in_contract() {
            Value::Null
        } else if knows {
            match self.trump {
                Some(t) => pack.suits[t as usize].code.as_str().into(),
                None => "none".into(),
            }
        } else {
            Value::Null
        };
        let indicator: Value = match self.indicator {
            Some(c)
                if self.in_contract()
                    && (self.revealed || (player == self.bidder && !self.seventh)) =>
            {
                pack.format_card(c).into()
            }
            _ => Value::Null,
        };
        let hand_sizes: Vec<Value> = self.hands.iter().map(|h| h.len().into()).collect();
        let auction: Vec<Value> = self
            .auction
            .iter()
            .map(|(s, a)| Value::List(vec![(*s).into(), a.as_str().into()]))
            .collect();
        let last = self.last_result.as_ref().map_or(Value::Null, |r| {
            map(vec![
                ("kind", r.kind.name().into()),
                ("declarer", r.declarer.into()),
                ("contract", (r.contract as i64).into()),
                ("target", (r.target as i64).into()),
                (
                    "points",
                    Value::List(r.points.iter().map(|&p| (p as i64).into()).collect()),
                ),
                (
                    "gains",
                    Value::List(r.gains.iter().map(|&p| (p as i64).into()).collect()),
                ),
            ])
        });
        let contract = self.in_contract() || self.phase == Phase::Trump;
        let mut head = crate::game::core_keys(
            player,
            self.phase.name(),
            self.current(),
            self.hand_no as usize,
            pack.card_list(self.hands[player]),
            self.trick
                .iter()
                .map(|&(s, c)| (s, pack.format_card(c)))
                .collect(),
            Value::List(self.scores.iter().map(|&p| (p as i64).into()).collect()),
        );
        let rest = map(vec![
            ("dealer", self.dealer.into()),
            ("hand_sizes", Value::List(hand_sizes)),
            ("auction", Value::List(auction)),
            (
                "high_bid",
                self.high.map_or(Value::Null, |(_, v)| (v as i64).into()),
            ),
            (
                "bidder",
                if contract {
                    self.bidder.into()
                } else {
                    Value::Null
                },
            ),
            (
                "contract",
                if contract {
                    (self.contract as i64).into()
                } else {
                    Value::Null
                },
            ),
            ("trump", trump),
            ("indicator", indicator),
            (
                "indicator_down",
                (self.in_contract()
                    && !self.revealed
                    && (self.indicator.is_some() || self.spare || self.seventh))
                    .into(),
            ),
            ("seventh_card", self.seventh.into()),
            ("revealed", self.revealed.into()),
            ("doubled", (self.doubled as i64).into()),
            ("c", self.c.into()),
            ("soloist", self.soloist.into()),
            ("half_court", self.half_court.into()),
            ("leader", self.leader.into()),
            ("caller", self.caller.into()),
            // Whether a trump was led is known only to those who know the trump.
            (
                "led_trump_by_other",
                if knows {
                    self.led_trump_by_other.into()
                } else {
                    Value::Null
                },
            ),
            ("last_trick", self.trick_value(&self.last_trick)),
            ("tricks_played", self.tricks_played.into()),
            (
                "played",
                self.cards_value(self.played - self.trick.iter().map(|&(_, c)| c).collect()),
            ),
            (
                "points",
                Value::List(self.points.iter().map(|&p| (p as i64).into()).collect()),
            ),
            ("pair_by", self.pair_by.into()),
            (
                "target",
                if contract {
                    (self.target() as i64).into()
                } else {
                    Value::Null
                },
            ),
            // `hand_no`: the former name of `hand_number`, kept for one release.
            ("hand_no", self.hand_no.into()),
            ("last_result", last),
            ("winner", self.winner.map(|w| w as usize).into()),
        ]);
        if let Value::Map(rest) = rest {
            head.extend(rest);
        }
        Value::Map(head)
    }

    fn render_table(&self) -> String {
        let pack = &self.cfg.pack;
        let mut out = format!(
            "TwentyEight {} | hand {} | phase {} | dealer {} | scores {:?}\n",
            self.cfg.preset.name(),
            self.hand_no,
            self.phase.name(),
            self.dealer,
            self.scores
        );
        if self.in_contract() || self.phase == Phase::Trump {
            let t = match (
                self.trump,
                self.revealed || self.spare || self.indicator.is_some() || self.seventh,
            ) {
                (Some(t), true) => pack.suits[t as usize].code.clone(),
                (None, true) => "none".into(),
                _ => "-".into(),
            };
            out += &format!(
                "bidder {} contract {} target {} trump {} ({}){}{}\n",
                self.bidder,
                self.contract,
                self.target(),
                t,
                if self.revealed {
                    "revealed"
                } else {
                    "concealed"
                },
                ["", " doubled", " redoubled"][self.doubled.min(2) as usize],
                if self.c { " C" } else { "" },
            );
        }
        if let Some(s) = self.soloist {
            out += &format!("single hand by seat {}\n", s);
        }
        for (s, h) in self.hands.iter().enumerate() {
            let mark = if self.current() == Some(s) { "*" } else { " " };
            out += &format!("{}{}: {}", mark, s, pack.format_hand_labelled(*h));
            if s == self.bidder && self.indicator().is_some() && self.in_contract() {
                out += &format!(
                    "  [indicator {} face down]",
                    pack.format_card(self.indicator.expect("some"))
                );
            }
            out.push('\n');
        }
        let t: Vec<String> = self
            .trick
            .iter()
            .map(|&(s, c)| format!("{}:{}", s, pack.format_card(c)))
            .collect();
        out += &format!(
            "trick {} [{}] points {:?}",
            self.tricks_played + 1,
            t.join(" "),
            self.points
        );
        if let Some(r) = &self.last_result {
            out += &format!(
                "\nlast hand: {} (declarer {}, target {}, points {:?}, gains {:?})",
                r.kind.name(),
                r.declarer,
                r.target,
                r.points,
                r.gains
            );
        }
        out
    }
}

impl GameState for TwentyEightState {
    fn num_players(&self) -> usize {
        self.cfg.players
    }

    fn current_player(&self) -> Option<usize> {
        self.current()
    }

    fn legal_actions(&self) -> Vec<String> {
        self.legal()
            .into_iter()
            .map(|a| self.action_string(a))
            .collect()
    }

    fn apply(&mut self, action: &str) -> Result<()> {
        if self.phase == Phase::Over {
            return Err(Error::IllegalAction(format!(
                "{:?}: the game is over",
                action
            )));
        }
        let a = self.parse_action(action)?;
        let a = self.is_legal(a)?;
        let s = self.action_string(a);
        self.apply_action(a);
        self.history.push(s);
        Ok(())
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    fn returns(&self) -> Vec<f64> {
        (0..self.cfg.players)
            .map(|s| {
                let side = self.side(s) as usize;
                if self.position_mode {
                    self.points[side] as f64
                } else {
                    self.scores[side] as f64
                }
            })
            .collect()
    }

    fn observation(&self, player: usize) -> Result<Value> {
        if player >= self.cfg.players {
            return Err(Error::State(format!(
                "player {} out of range 0..{}",
                player,
                self.cfg.players - 1
            )));
        }
        Ok(self.build_observation(player))
    }

    fn render(&self) -> String {
        self.render_table()
    }

    fn box_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }

    fn history(&self) -> Vec<String> {
        self.history.clone()
    }
    fn phase_name(&self) -> &'static str {
        self.phase().name()
    }
    fn trick_facts(&self, seat: usize) -> Result<crate::game::TrickFacts> {
        self.facts(seat)
    }
    fn hands_compact(&self) -> Vec<String> {
        let p = &self.config().pack;
        self.hands().iter().map(|&h| p.format_hand(h)).collect()
    }
}

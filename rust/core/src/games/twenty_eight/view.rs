//! Action strings, observations, the readable table and the shared
//! [`GameState`] interface of Twenty-eight.

use super::state::{Action, Phase, TwentyEightState};
use crate::error::{Error, Result};
use crate::game::{map, Value};
use crate::games::jack_nine::{self, ints};

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

    /// An action as the players other than its actor see it, when they
    /// do not see it as it is: the indicator laid face down, and the suit
    /// of a spare indicator (or no trumps), are the bidder's alone (§5.2).
    pub(crate) fn seen_by_others(&self, a: Action) -> Option<String> {
        match a {
            Action::Indicator(_) => Some(format!("indicator:{}", crate::game::UNSEEN)),
            Action::Trump(_) => Some(format!("trump:{}", crate::game::UNSEEN)),
            _ => None,
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
        let last = self.last_result.as_ref().map_or(Value::Null, |r| {
            map(vec![
                ("kind", r.kind.name().into()),
                ("declarer", r.declarer.into()),
                ("contract", (r.contract as i64).into()),
                ("target", (r.target as i64).into()),
                ("points", ints(&r.points)),
                ("gains", ints(&r.gains)),
            ])
        });
        let contract = self.in_contract() || self.phase == Phase::Trump;
        let mut head = self.head_keys(player, ints(&self.scores));
        head.extend(
            [
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
                ("last_trick", jack_nine::trick_value(pack, &self.last_trick)),
                ("tricks_played", self.tricks_played.into()),
                (
                    "played",
                    jack_nine::played_value(pack, self.played, &self.trick),
                ),
                ("points", ints(&self.points)),
                ("pair_by", self.pair_by.into()),
                (
                    "target",
                    if contract {
                        (self.target() as i64).into()
                    } else {
                        Value::Null
                    },
                ),
                ("last_result", last),
                ("winner", self.winner.map(|w| w as usize).into()),
            ]
            .map(|(k, v)| (k.to_string(), v)),
        );
        Value::Map(head)
    }

    /// The card points of each seat's side in a position, else its side's
    /// game points.
    fn seat_returns(&self) -> Vec<f64> {
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
        out += &jack_nine::render_seats(pack, &self.hands, self.current(), |s| {
            match self.indicator() {
                Some(i) if s == self.bidder && self.in_contract() => {
                    format!("  [indicator {} face down]", pack.format_card(i))
                }
                _ => String::new(),
            }
        });
        out += &jack_nine::render_trick(pack, &self.trick, self.tricks_played + 1, &self.points);
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

jack_nine::impl_game_state!(TwentyEightState, Phase);

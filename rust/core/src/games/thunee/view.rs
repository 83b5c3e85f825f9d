//! Action strings, observations, the readable table and the shared
//! [`GameState`] interface of Thunee.

use super::state::{Action, HandResult, Phase, ThuneeState};
use crate::error::{Error, Result};
use crate::game::{map, Value};
use crate::games::jack_nine::{self, ints};

impl ThuneeState {
    /// The canonical string of an action (§0.1).
    pub fn action_string(&self, a: Action) -> String {
        let pack = &self.cfg.pack;
        match a {
            Action::Bid(v) => format!("bid:{}", v),
            Action::Pass => "pass".into(),
            Action::Indicator(c) => format!("indicator:{}", pack.format_card(c)),
            Action::TrumpLast => "trump:last".into(),
            Action::Redeal => "redeal".into(),
            Action::Thunee => "thunee".into(),
            Action::Royals => "royals".into(),
            Action::BlindThunee => "blind_thunee".into(),
            Action::BlindRoyals => "blind_royals".into(),
            Action::Jodhi(s) => format!("jodhi:{}", pack.suits[s as usize].code),
            Action::Double => "double".into(),
            Action::Khanuck => "khanuck".into(),
            Action::Card(c) => pack.format_card(c),
        }
    }

    /// An action as the players other than its actor see it, when they
    /// do not see it as it is: the indicator laid face down is the
    /// trumper's alone (§5.3).
    pub(crate) fn seen_by_others(&self, a: Action) -> Option<String> {
        match a {
            Action::Indicator(_) => Some(format!("indicator:{}", crate::game::UNSEEN)),
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
                 trump:last, redeal, thunee, royals, blind_thunee, blind_royals, jodhi:<suit>, \
                 double, khanuck",
                text
            ))
        };
        if t.is_empty() || !t.is_ascii() {
            return Err(bad());
        }
        let low = t.to_ascii_lowercase();
        Ok(match low.as_str() {
            "pass" => Action::Pass,
            "trump:last" => Action::TrumpLast,
            "redeal" => Action::Redeal,
            "thunee" => Action::Thunee,
            "royals" => Action::Royals,
            "blind_thunee" => Action::BlindThunee,
            "blind_royals" => Action::BlindRoyals,
            "double" => Action::Double,
            "khanuck" => Action::Khanuck,
            _ => {
                if let Some(n) = low.strip_prefix("bid:") {
                    let v: i32 = n
                        .parse()
                        .ok()
                        .filter(|_| !n.is_empty() && n.len() <= 4)
                        .filter(|_| n.bytes().all(|b| b.is_ascii_digit()))
                        .ok_or_else(bad)?;
                    Action::Bid(v)
                } else if let Some(c) = low.strip_prefix("indicator:") {
                    Action::Indicator(pack.parse_card(c).map_err(|_| bad())?)
                } else if let Some(s) = low.strip_prefix("jodhi:") {
                    Action::Jodhi(pack.suit_index(s).ok_or_else(bad)?)
                } else if t.len() == 2 {
                    Action::Card(pack.parse_card(t).map_err(|_| bad())?)
                } else {
                    return Err(bad());
                }
            }
        })
    }

    /// Does `player` know the trump suit now?
    pub(crate) fn knows_trump(&self, player: usize) -> bool {
        if self.trump.is_none() {
            return false;
        }
        self.revealed
            || self.special.is_some()
            || (player == self.trumper && !self.last_card && self.indicator.is_some())
    }

    /// The bidding is over and the trumper known (a normal hand's roles).
    fn roles_known(&self) -> bool {
        self.phase != Phase::Bid
    }

    fn result_value(&self, r: &HandResult) -> Value {
        let pair = |x: [i32; 2]| ints(&x);
        map(vec![
            ("kind", r.kind.name().into()),
            ("trumper", r.trumper.into()),
            ("bid", Value::Int(r.bid as i64)),
            ("special", r.special.map(|s| s.name()).into()),
            (
                "caller",
                r.special.map(|s| s.caller).or(r.claim.map(|c| c.0)).into(),
            ),
            ("claim", r.claim.map(|c| c.1.name()).into()),
            ("target", Value::Int(r.target as i64)),
            ("points", pair(r.points)),
            ("totals", pair(r.totals)),
            ("jodhi", pair(r.jodhi)),
            ("balls", pair(r.balls)),
        ])
    }

    /// What `player` may see (the keys are documented in `hukm.observations`).
    fn build_observation(&self, player: usize) -> Value {
        let pack = &self.cfg.pack;
        let knows = self.knows_trump(player);
        let roles = self.roles_known();
        let normal = roles && self.special.is_none();
        let jodhi: Vec<Value> = self
            .jodhis
            .iter()
            .map(|j| {
                map(vec![
                    ("seat", j.seat.into()),
                    ("suit", pack.suits[j.suit as usize].code.as_str().into()),
                    ("value", Value::Int(j.value as i64)),
                    ("jack", j.jack.into()),
                ])
            })
            .collect();
        let indicator: Value = match self.indicator {
            Some(c) if player == self.trumper && !self.last_card => pack.format_card(c).into(),
            _ => Value::Null,
        };
        let sp = self.special;
        let balls = ints(&self.balls);
        let mut head = self.head_keys(player, balls.clone());
        head.extend(
            [
                (
                    "trumper",
                    if roles {
                        self.trumper.into()
                    } else {
                        Value::Null
                    },
                ),
                (
                    "bid",
                    if roles {
                        Value::Int(self.bid as i64)
                    } else {
                        Value::Null
                    },
                ),
                (
                    "counting_team",
                    if normal {
                        self.counting_team().into()
                    } else {
                        Value::Null
                    },
                ),
                (
                    "trump",
                    if knows {
                        self.trump
                            .map(|t| pack.suits[t as usize].code.clone())
                            .into()
                    } else {
                        Value::Null
                    },
                ),
                ("indicator", indicator),
                (
                    "indicator_down",
                    (self.indicator.is_some() && self.special.is_none()).into(),
                ),
                ("last_card", self.last_card.into()),
                (
                    "revealed",
                    (self.revealed || (sp.is_some() && self.trump.is_some())).into(),
                ),
                ("special", sp.map(|s| s.name()).into()),
                ("caller", sp.map(|s| s.caller).into()),
                ("blind_down", self.blind.len().into()),
                ("leader", self.leader.into()),
                ("last_trick", jack_nine::trick_value(pack, &self.last_trick)),
                ("tricks_played", self.tricks_played.into()),
                ("trick_winners", Value::from(self.trick_winners.clone())),
                (
                    "played",
                    jack_nine::played_value(pack, self.played, &self.trick),
                ),
                ("points", ints(&self.points)),
                ("jodhi", Value::List(jodhi)),
                (
                    "target",
                    if normal {
                        Value::Int(self.target() as i64)
                    } else {
                        Value::Null
                    },
                ),
                ("claim", self.claim.map(|c| c.1.name()).into()),
                ("claimer", self.claim.map(|c| c.0).into()),
                ("balls", balls),
                ("match_target", Value::Int(self.match_target as i64)),
                (
                    "last_result",
                    self.last_result
                        .as_ref()
                        .map_or(Value::Null, |r| self.result_value(r)),
                ),
                ("winner", self.winner.into()),
            ]
            .map(|(k, v)| (k.to_string(), v)),
        );
        Value::Map(head)
    }

    /// Balls of each seat's team (a position: those of its hand).
    fn seat_returns(&self) -> Vec<f64> {
        (0..self.cfg.players)
            .map(|s| f64::from(self.balls[self.team(s)]))
            .collect()
    }

    fn render_table(&self) -> String {
        let pack = &self.cfg.pack;
        let mut out = format!(
            "Thunee {} | hand {} | phase {} | dealer {} | balls {:?} (to {})\n",
            self.cfg.preset.name(),
            self.hand_no,
            self.phase.name(),
            self.dealer,
            self.balls,
            self.match_target
        );
        if let Some(sp) = self.special {
            out += &format!(
                "{} by seat {}{}\n",
                sp.name(),
                sp.caller,
                self.trump
                    .map(|t| format!(", trumps {}", pack.suits[t as usize].code))
                    .unwrap_or_default()
            );
        } else if self.phase != Phase::Bid {
            let t = match (self.trump, self.revealed) {
                (Some(t), true) => pack.suits[t as usize].code.clone(),
                (Some(t), false) if !self.last_card => {
                    format!("{} (face down)", pack.suits[t as usize].code)
                }
                (Some(_), false) => "last card (face down)".into(),
                _ => "-".into(),
            };
            out += &format!(
                "trumper {} bid {} trump {} | counting team {} target {}",
                self.trumper,
                self.bid,
                t,
                self.counting_team(),
                self.target()
            );
            if let Some((s, c)) = self.claim {
                out += &format!(" | {} by seat {}", c.name(), s);
            }
            out.push('\n');
        }
        out += &jack_nine::render_seats(pack, &self.hands, self.current(), |s| {
            let mut extra = String::new();
            if s == self.trumper && self.special.is_none() {
                if let Some(i) = self.indicator {
                    extra += &format!("  [{} face down]", pack.format_card(i));
                }
            }
            if self.special.is_some_and(|sp| sp.caller == s) && !self.blind.is_empty() {
                extra += &format!("  [blind {}]", pack.format_cards(self.blind));
            }
            extra
        });
        if !self.jodhis.is_empty() {
            let j: Vec<String> = self
                .jodhis
                .iter()
                .map(|j| format!("{}:{}{}", j.seat, pack.suits[j.suit as usize].code, j.value))
                .collect();
            out += &format!("jodhi {}\n", j.join(" "));
        }
        out += &jack_nine::render_trick(pack, &self.trick, self.tricks_played + 1, &self.points);
        if let Some(r) = &self.last_result {
            out += &format!(
                "\nlast hand: {} (target {}, totals {:?}, balls {:?})",
                r.kind.name(),
                r.target,
                r.totals,
                r.balls
            );
        }
        out
    }
}

jack_nine::impl_game_state!(ThuneeState, Phase);

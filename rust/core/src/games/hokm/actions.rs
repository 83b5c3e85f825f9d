//! Reading and writing Hokm actions, and the message of a refused one.

use super::state::{HokmAction, HokmState, Phase};
use crate::error::{Error, Result};

impl HokmState {
    pub(crate) fn illegal_message(&self, a: &HokmAction) -> String {
        let text = self.format_action(a);
        if self.phase == Phase::Over {
            return format!("illegal action {:?}: the game is over", text);
        }
        let why = match (self.phase, a) {
            (Phase::Play, HokmAction::Card(c)) if !self.hands[self.current].contains(*c) => {
                format!("seat {} does not hold {}", self.current, text)
            }
            (Phase::Play, HokmAction::Card(_)) => format!(
                "seat {} must follow suit {}",
                self.current,
                self.cfg.pack.suits[self.cfg.pack.suit_of(self.trick[0]) as usize].code
            ),
            _ => crate::error::not_a_decision(self.phase.name(), self.current),
        };
        let legal = self.legal();
        let legal = legal.iter().map(|x| self.format_action(x));
        crate::error::illegal_action_message(&text, &why, legal)
    }

    /// Writes a typed action in the rules' notation.
    pub fn format_action(&self, a: &HokmAction) -> String {
        let p = &self.cfg.pack;
        match a {
            HokmAction::Card(c) => p.format_card(*c),
            HokmAction::Trump(s) => format!("trump:{}", p.suits[*s as usize].code),
            HokmAction::Blind => "trump:blind".into(),
            HokmAction::Redeal => "redeal".into(),
            HokmAction::Pass => "pass".into(),
            HokmAction::Accept => "accept".into(),
            HokmAction::Discard(cs) => format!("discard:{}", p.format_cards(*cs)),
            HokmAction::Keep => "keep".into(),
            HokmAction::Reject => "reject".into(),
            HokmAction::Indicator(c) => format!("indicator:{}", p.format_card(*c)),
            HokmAction::Give(cs) => format!("give:{}", p.format_cards(*cs)),
            HokmAction::Bid(b) => format!("bid:{}", b),
            HokmAction::Call => "call".into(),
            HokmAction::Thaap => "thaap".into(),
            HokmAction::Signal(c, last, master) => {
                let mut t = p.format_card(*c);
                if *last {
                    t.push_str("/last_of_suit");
                }
                if let Some(m) = master {
                    t.push_str("/holds_master:");
                    t.push_str(&p.suits[*m as usize].code);
                }
                t
            }
            HokmAction::Stop => "stop".into(),
            HokmAction::Continue => "continue".into(),
        }
    }

    /// Reads an action string (legality is checked when it is applied).
    pub fn parse_action(&self, text: &str) -> Result<HokmAction> {
        let t = text.trim();
        let p = &self.cfg.pack;
        if t.len() <= 3 {
            if let Ok(c) = p.parse_card(t) {
                return Ok(HokmAction::Card(c));
            }
        }
        let lower = t.to_ascii_lowercase();
        Ok(match lower.as_str() {
            "redeal" => HokmAction::Redeal,
            "pass" => HokmAction::Pass,
            "accept" => HokmAction::Accept,
            "keep" => HokmAction::Keep,
            "reject" => HokmAction::Reject,
            "stop" => HokmAction::Stop,
            "continue" => HokmAction::Continue,
            "call" => HokmAction::Call,
            "thaap" => HokmAction::Thaap,
            "trump:blind" => HokmAction::Blind,
            _ => {
                if let Some(rest) = lower.strip_prefix("trump:") {
                    HokmAction::Trump(p.parse_suit(rest).map_err(|e| {
                        Error::IllegalAction(format!("bad action {:?}: {}", text, e))
                    })?)
                } else if let Some(n) = lower.strip_prefix("bid:") {
                    HokmAction::Bid(n.trim().parse().map_err(|_| {
                        Error::IllegalAction(format!(
                            "bad action {:?}: a bid is bid:<number>",
                            text
                        ))
                    })?)
                } else if lower.starts_with("indicator:") {
                    HokmAction::Indicator(p.parse_card(&t[10..]).map_err(|e| {
                        Error::IllegalAction(format!("bad action {:?}: {}", text, e))
                    })?)
                } else if lower.starts_with("give:") {
                    HokmAction::Give(p.parse_cards(&t[5..]).map_err(|e| {
                        Error::IllegalAction(format!("bad action {:?}: {}", text, e))
                    })?)
                } else if t.contains('/') {
                    parse_signal(p, t).map_err(|e| {
                        Error::IllegalAction(format!("bad action {:?}: {}", text, e))
                    })?
                } else if lower.starts_with("discard:") {
                    HokmAction::Discard(p.parse_cards(&t[8..]).map_err(|e| {
                        Error::IllegalAction(format!("bad action {:?}: {}", text, e))
                    })?)
                } else {
                    HokmAction::Card(p.parse_card(t).map_err(|e| {
                        Error::IllegalAction(format!(
                            "bad action {:?}: not a card or a decision of this game ({})",
                            text, e
                        ))
                    })?)
                }
            }
        })
    }
}

/// Reads a card with Satat signals: `7D/last_of_suit`, `4C/holds_master:S`,
/// `7D/last_of_suit/holds_master:S`.
fn parse_signal(p: &crate::pack::Pack, t: &str) -> Result<HokmAction> {
    let mut parts = t.split('/');
    let card = p.parse_card(parts.next().unwrap_or(""))?;
    let (mut last, mut master) = (false, None);
    for part in parts {
        let lp = part.to_ascii_lowercase();
        if lp == "last_of_suit" && !last && master.is_none() {
            last = true;
        } else if let Some(code) = lp.strip_prefix("holds_master:") {
            if master.is_some() {
                return Err(Error::IllegalAction("two holds_master signals".into()));
            }
            master = Some(p.parse_suit(code)?);
        } else {
            return Err(Error::IllegalAction(format!(
                "unknown signal {:?} (signals: last_of_suit, holds_master:<suit>)",
                part
            )));
        }
    }
    Ok(HokmAction::Signal(card, last, master))
}

//! Reading and writing Dashavatara actions (§3.5), and the message of a
//! refused one.

use super::rules::{self, Ducal};
use super::state::{DashaAction, DashaState, Phase};
use crate::card::CardSet;
use crate::error::{Error, Result};

impl DashaState {
    /// Writes a typed action: a card (`5NA`), a ducal
    /// (`KPA+VPA+6PA+5PA+4PA`, in the hand's order) or a group of discards.
    pub fn format_action(&self, a: &DashaAction) -> String {
        let p = &self.cfg.pack;
        match *a {
            DashaAction::Card(c) => p.format_card(c),
            DashaAction::Ducal(d) => p.format_cards(d.cards()),
            DashaAction::Discards(cs) => p.format_cards(cs),
        }
    }

    /// Reads an action string. A `+` group is a ducal when leading and a
    /// group of discards when answering a ducal; R and M are read as K and V.
    pub fn parse_action(&self, text: &str) -> Result<DashaAction> {
        let bad = |e: Error| Error::IllegalAction(format!("bad action {:?}: {}", text, e));
        let p = &self.cfg.pack;
        if !text.contains('+') {
            return p.parse_card(text).map(DashaAction::Card).map_err(bad);
        }
        let cs = p.parse_cards(text).map_err(bad)?;
        if self.phase == Phase::Discard {
            return Ok(DashaAction::Discards(cs));
        }
        match ducal_of(cs) {
            Some(d) => Ok(DashaAction::Ducal(d)),
            None => Err(Error::IllegalAction(format!(
                "bad action {:?}: a ducal is the Raja, the Mantri and at least three consecutive numerals of one suit (§5.2)",
                text
            ))),
        }
    }

    /// Applies an action string; an illegal one changes nothing.
    pub fn apply_str(&mut self, text: &str) -> Result<()> {
        let a = self.parse_action(text)?;
        self.apply_action(a)
    }

    pub(crate) fn illegal_message(&self, a: &DashaAction) -> String {
        let text = self.format_action(a);
        if self.phase == Phase::Over {
            return format!("illegal action {:?}: the game is over", text);
        }
        let seat = self.current;
        let h = self.hands[seat];
        let why = match (*a, self.phase) {
            (DashaAction::Card(c), _) if !h.contains(c) => {
                format!("seat {} does not hold {}", seat, text)
            }
            (DashaAction::Card(_), Phase::Play) if self.opening && self.trick.is_empty() => {
                "the opening trick starts with the trump Raja alone (§5.1)".to_string()
            }
            (DashaAction::Card(_), Phase::Play) => {
                let led = rules::suit_of(self.trick[0]);
                format!(
                    "seat {} must follow {} or, void, play by the avatar-order scan (§5.3)",
                    seat, self.cfg.pack.suits[led as usize].code
                )
            }
            (DashaAction::Ducal(_), Phase::Play) if self.opening => {
                "a ducal may not open the deal (§5.1)".to_string()
            }
            (DashaAction::Ducal(_), Phase::Play) if !self.trick.is_empty() => {
                "only the leader may lead a ducal".to_string()
            }
            (DashaAction::Ducal(d), Phase::Play) if !h.contains_all(d.cards()) => {
                format!("seat {} does not hold {}", seat, text)
            }
            (DashaAction::Ducal(_), Phase::Play) => {
                "this ducal is not allowed by the options in force (ducal, ducal_run, ducal_length)"
                    .to_string()
            }
            (DashaAction::Discards(cs), Phase::Discard) if !h.contains_all(cs) => format!(
                "seat {} does not hold {}",
                seat,
                self.cfg.pack.format_cards(cs - h)
            ),
            (DashaAction::Discards(_), Phase::Discard) => {
                format!("seat {} owes only {} more card(s)", seat, self.owed())
            }
            _ => crate::error::not_a_decision(self.phase.name(), seat),
        };
        let legal = self.legal();
        let legal = legal.iter().map(|x| self.format_action(x));
        crate::error::illegal_action_message(&text, &why, legal)
    }
}

/// The ducal made of exactly `cs`, if it is one: both courts and a run of at
/// least three consecutive numerals of one suit.
pub fn ducal_of(cs: CardSet) -> Option<Ducal> {
    let first = cs.lowest()?;
    let s = rules::suit_of(first);
    if !rules::suit_mask(s).contains_all(cs) || cs.len() < 5 {
        return None;
    }
    if !cs.contains(rules::raja(s)) || !cs.contains(rules::mantri(s)) {
        return None;
    }
    let faces: Vec<u8> = cs.iter().filter_map(rules::face_value).collect();
    let a = *faces.iter().min()?;
    let b = *faces.iter().max()?;
    let d = Ducal { suit: s, a, b };
    (b - a >= 2 && d.cards() == cs).then_some(d)
}

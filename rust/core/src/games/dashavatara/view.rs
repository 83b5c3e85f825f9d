//! What players see of a Dashavatara state: observations, the readable
//! table, and the [`GameState`] interface.

use super::state::{DashaState, Phase};
use crate::card::CardSet;
use crate::error::{check_seat, Result};
use crate::game::{map, GameState, Value};

impl DashaState {
    fn cards_value(&self, cs: CardSet) -> Value {
        let p = &self.cfg.pack;
        let mut v = Vec::new();
        for s in 0..p.num_suits() as u8 {
            for c in (cs & p.suit_mask(s)).iter().rev() {
                v.push(Value::from(p.format_card(c)));
            }
        }
        Value::List(v)
    }

    fn ints(v: &[u32]) -> Value {
        Value::List(v.iter().map(|&x| Value::Int(x as i64)).collect())
    }

    /// What `player` may see: his own hand, every hand's size, the cards on
    /// the table and every capture pile (played face up, so public).
    pub fn observe(&self, player: usize) -> Result<Value> {
        check_seat("player", player, 3)?;
        let p = &self.cfg.pack;
        let over = self.phase == Phase::Over;
        let legal: Vec<Value> = if !over && self.current == player {
            self.legal()
                .iter()
                .map(|a| Value::from(self.format_action(a)))
                .collect()
        } else {
            Vec::new()
        };
        let trick: Vec<(usize, String)> = self
            .trick
            .iter()
            .enumerate()
            .map(|(i, &c)| ((self.leader + i) % 3, p.format_card(c)))
            .collect();
        let ducal = self.ducal.map(|d| {
            map(vec![
                ("cards", Value::from(p.format_cards(d.ducal.cards()))),
                ("width", Value::from(d.ducal.width())),
                (
                    "given",
                    Value::List(d.given.iter().map(|&g| self.cards_value(g)).collect()),
                ),
            ])
        });
        let last = self.last_trick.map(|(l, by_seat, w)| {
            map(vec![
                ("leader", Value::from(l)),
                (
                    "cards",
                    Value::List(by_seat.iter().map(|&g| self.cards_value(g)).collect()),
                ),
                ("winner", Value::from(w)),
            ])
        });
        let results: Vec<Value> = self
            .results
            .iter()
            .map(|r| {
                map(vec![
                    ("captured", Self::ints(&r.captured)),
                    ("winners", Value::from(r.winners.clone())),
                ])
            })
            .collect();
        let mut head = crate::game::core_keys(
            player,
            self.phase.name(),
            (!over).then_some(self.current),
            self.deal_no as usize + usize::from(!over),
            p.card_list(self.hands[player]),
            trick,
            Self::ints(&self.points()),
        );
        let rest = map(vec![
            (
                "period",
                Value::from(if self.cfg.night { "night" } else { "day" }),
            ),
            (
                "trump",
                Value::from(p.suits[self.rules.trump as usize].code.clone()),
            ),
            (
                "suit_names",
                Value::List(
                    p.suits
                        .iter()
                        .map(|x| Value::from(x.name.clone()))
                        .collect(),
                ),
            ),
            ("dealer", Value::from(self.dealer)),
            (
                "deal",
                Value::from(self.deal_no as usize + usize::from(!over)),
            ),
            ("trick_no", Value::from(self.trick_no)),
            ("opening", Value::from(self.opening)),
            ("leader", Value::from(self.leader)),
            ("hand_sizes", Self::ints(&self.hands.map(|h| h.len()))),
            ("ducal", Value::from(ducal)),
            ("owed", Value::from(self.owed())),
            ("last_trick", Value::from(last)),
            (
                "captured_cards",
                Value::List(self.captured.iter().map(|&c| self.cards_value(c)).collect()),
            ),
            ("captured", Self::ints(&self.captured_counts())),
            ("results", Value::List(results)),
            ("legal_actions", Value::List(legal)),
        ]);
        if let Value::Map(rest) = rest {
            head.extend(rest);
        }
        Ok(Value::Map(head))
    }

    /// A readable picture of the table.
    pub fn render_table(&self) -> String {
        let p = &self.cfg.pack;
        let mut out = format!(
            "dashavatara {} | deal {} | dealer {} | trump {} ({}) | trick {}\n",
            if self.single { "position" } else { "game" },
            self.deal_no + u32::from(self.phase != Phase::Over),
            self.dealer,
            p.suits[self.rules.trump as usize].name,
            if self.cfg.night { "night" } else { "day" },
            self.trick_no
        );
        let counts = self.captured_counts();
        for (seat, count) in counts.iter().enumerate() {
            let mark = if self.current() == Some(seat) {
                '>'
            } else {
                ' '
            };
            out.push_str(&format!(
                "{} seat {} ({:>3} captured): {}\n",
                mark,
                seat,
                count,
                p.format_hand_labelled(self.hands[seat])
            ));
        }
        if let Some(d) = &self.ducal {
            out.push_str(&format!(
                "ducal by seat {}: {}",
                self.leader,
                p.format_cards(d.ducal.cards())
            ));
            for (seat, g) in d.given.iter().enumerate() {
                if !g.is_empty() {
                    out.push_str(&format!(" | seat {} gave {}", seat, p.format_cards(*g)));
                }
            }
            out.push('\n');
        } else if !self.trick.is_empty() {
            let cards: Vec<String> = self.trick.iter().map(|&c| p.format_card(c)).collect();
            out.push_str(&format!(
                "trick led by seat {}: {}\n",
                self.leader,
                cards.join(" ")
            ));
        }
        if self.phase == Phase::Over {
            let s = self.points();
            out.push_str(&format!("over: {} {} {}\n", s[0], s[1], s[2]));
        }
        out
    }
}

impl GameState for DashaState {
    fn num_players(&self) -> usize {
        3
    }

    fn current_player(&self) -> Option<usize> {
        self.current()
    }

    fn legal_actions(&self) -> Vec<String> {
        self.legal().iter().map(|a| self.format_action(a)).collect()
    }

    fn apply(&mut self, action: &str) -> Result<()> {
        self.apply_str(action)
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    fn returns(&self) -> Vec<f64> {
        self.points().iter().map(|&x| x as f64).collect()
    }

    crate::game::state_methods!(
        observation,
        render,
        box_clone,
        history,
        phase_name,
        trick_facts,
        hands_compact,
    );
}

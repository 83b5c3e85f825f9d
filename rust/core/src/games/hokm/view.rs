//! What players see of a Hokm state: observations, the readable table, and
//! the [`GameState`] interface.
//!
//! Dummy Rang has three players at a four-seat table: its observations and
//! returns are by player; the dummy's hand is shown to everyone once the deal
//! is complete (after the trump call), and its partner acts for it.

use super::state::{HokmAction, HokmState, Phase};
use crate::card::CardSet;
use crate::error::{Error, Result};
use crate::game::{map, GameState, Value};

impl HokmState {
    /// The cards of his own hand that `player` may see now (§4.2: before the
    /// trump call only the Hakem sees his first five).
    pub fn visible_hand(&self, player: usize) -> CardSet {
        if self.cfg.hidden_call && matches!(self.phase, Phase::Auction | Phase::TrumpCall) {
            // Dab Rang: everyone bids on his own first five (§4.2).
            return self.first_batch[player];
        }
        if self.phase == Phase::TrumpCall && self.config().players != 2 {
            if player == self.hakem {
                self.first5
            } else {
                CardSet::EMPTY
            }
        } else {
            self.hands[player]
        }
    }

    fn side_list(&self, v: &[i32]) -> Value {
        Value::List(v.iter().map(|&x| Value::Int(x as i64)).collect())
    }

    /// The legal actions of the seat to act, as the strings of an
    /// observation's `legal_actions`.
    fn legal_values(&self) -> Vec<Value> {
        self.legal()
            .iter()
            .map(|a| Value::from(self.format_action(a)))
            .collect()
    }

    /// What `player` may see, as plain data. In Dummy Rang `player` is one of
    /// the three real players: he sees his own seat's hand and, once the deal
    /// is complete, the dummy's exposed hand; the dummy's partner acts for it.
    pub fn observe(&self, player: usize) -> Result<Value> {
        let cfg = self.config();
        if player >= cfg.num_players() {
            return Err(Error::State(format!(
                "player {} out of range 0..{}",
                player,
                cfg.num_players() - 1
            )));
        }
        if !cfg.dummy {
            return self.observe_seat(player);
        }
        let seat = self
            .table
            .iter()
            .position(|&x| x == player)
            .expect("every player sits");
        let Value::Map(mut v) = self.observe_seat(seat)? else {
            unreachable!("observations are maps")
        };
        let dealt = !matches!(self.phase, Phase::TrumpCall);
        let acts = self.current().is_some_and(|s| self.table[s] == player);
        let legal = if acts {
            self.legal_values()
        } else {
            Vec::new()
        };
        for (k, val) in v.iter_mut() {
            match k.as_str() {
                "player" => *val = Value::from(player),
                "current_player" => {
                    *val = self
                        .current()
                        .map_or(Value::Int(-1), |s| Value::from(self.table[s]))
                }
                "legal_actions" => *val = Value::List(legal.clone()),
                "scores" => {
                    *val = Value::List(
                        self.scores[..3]
                            .iter()
                            .map(|&x| Value::Int(x as i64))
                            .collect(),
                    )
                }
                _ => {}
            }
        }
        v.push(("seat".into(), Value::from(seat)));
        v.push((
            "table".into(),
            Value::List(self.table.iter().map(|&x| Value::from(x)).collect()),
        ));
        v.push((
            "dummy_hand".into(),
            if dealt {
                Value::from(cfg.pack.format_hand(self.hands[2]))
            } else {
                Value::Null
            },
        ));
        Ok(Value::Map(v))
    }

    fn observe_seat(&self, player: usize) -> Result<Value> {
        let cfg = self.config();
        let p = &cfg.pack;
        let trump_public = self.trump.is_some()
            && self.phase != Phase::TrumpCall
            && (!self.hidden.trump_hidden || player == self.hakem);
        let n = cfg.players;
        let trick: Vec<(usize, String)> = self
            .trick()
            .iter()
            .enumerate()
            .map(|(i, &c)| ((self.leader + i) % n, p.format_card(c)))
            .collect();
        let mut head = crate::game::core_keys(
            player,
            self.phase.name(),
            self.current(),
            self.hand_no as usize + 1,
            p.card_list(self.visible_hand(player)),
            trick,
            self.side_list(self.scores()),
        );
        let mut v = vec![
            ("dealer", Value::from(self.dealer)),
            ("hakem", Value::from(self.hakem)),
            (
                "seating",
                Value::List(
                    self.seating[..cfg.players]
                        .iter()
                        .map(|&x| Value::from(x))
                        .collect(),
                ),
            ),
            (
                "trump",
                if trump_public {
                    Value::from(p.suits[self.trump.expect("public") as usize].code.as_str())
                } else {
                    Value::Null
                },
            ),
            (
                "trump_card",
                self.trump_card.map(|c| p.format_card(c)).into(),
            ),
            (
                "hand_sizes",
                Value::List(self.hands().iter().map(|h| Value::from(h.len())).collect()),
            ),
            ("leader", Value::from(self.leader)),
            (
                "tricks_won",
                Value::List(
                    self.tricks_won()
                        .iter()
                        .map(|&x| Value::Int(x as i64))
                        .collect(),
                ),
            ),
            ("played", Value::from(p.format_cards(self.played))),
            (
                "tricks",
                Value::List(
                    self.tricks
                        .iter()
                        .map(|t| {
                            map(vec![
                                ("leader", Value::from(t.leader)),
                                (
                                    "cards",
                                    Value::List(
                                        t.cards[..cfg.players]
                                            .iter()
                                            .map(|&c| Value::from(p.format_card(c)))
                                            .collect(),
                                    ),
                                ),
                                ("winner", Value::from(t.winner)),
                            ])
                        })
                        .collect(),
                ),
            ),
        ];
        if cfg.thaap {
            v.push((
                "taps",
                Value::List(self.taps.iter().map(|&t| Value::from(t as usize)).collect()),
            ));
        }
        if cfg.hidden_call {
            v.push((
                "auction",
                Value::List(
                    self.dab
                        .auction
                        .iter()
                        .map(|&(seat, b)| {
                            map(vec![
                                ("seat", Value::from(seat)),
                                ("bid", b.map(|x| x as usize).into()),
                            ])
                        })
                        .collect(),
                ),
            ));
            v.push(("bid", self.dab.bid.map(|(_, b)| b as usize).into()));
            v.push(("boss", self.dab.bid.map(|(p, _)| p).into()));
        }
        if cfg.hidden_card || cfg.hidden_call {
            v.push(("trump_hidden", Value::from(self.hidden.trump_hidden)));
            let ind = self
                .hidden
                .indicator
                .filter(|_| player == self.hakem || !self.hidden.trump_hidden);
            v.push(("indicator", ind.map(|c| p.format_card(c)).into()));
        }
        if cfg.satat_signals {
            v.push((
                "signals",
                Value::List(
                    self.satat
                        .signals
                        .iter()
                        .map(|(seat, c, t)| {
                            map(vec![
                                ("seat", Value::from(*seat)),
                                ("card", Value::from(p.format_card(*c))),
                                ("signal", Value::from(t.as_str())),
                            ])
                        })
                        .collect(),
                ),
            ));
        }
        if self.phase == Phase::Give {
            v.push(("pass_cards", Value::from(self.satat.pass_k as usize)));
            v.push(("gave", Value::from(self.satat.gives[player].is_some())));
        }
        if cfg.heap {
            let h = &self.heap;
            let l = |a: [u8; 2]| Value::List(a.iter().map(|&x| Value::Int(x as i64)).collect());
            v.push(("heap", Value::from(h.tricks as usize)));
            v.push(("heap_prev", h.prev.map(|p| p as usize).into()));
            v.push(("collected", l(h.collected)));
            v.push(("tens", l(h.tens_collected)));
            v.push(("trick_number", Value::from(self.tricks_played as usize + 1)));
        }
        if cfg.players == 2 {
            v.push((
                "discarded",
                Value::from(p.format_cards(self.two.own_discards[player])),
            ));
            v.push((
                "stock",
                Value::from(self.two.stock.len().saturating_sub(2 * self.two.draw_turn)),
            ));
            let drawn = (self.phase == Phase::Draw && self.current == player)
                .then(|| p.format_card(self.two.stock[2 * self.two.draw_turn]));
            v.push(("drawn", drawn.into()));
        }
        if self.phase == Phase::KotChoice
            && cfg.partners_view
            && self.cfg.side(player) == self.cfg.side(self.current)
        {
            let partner = (player + 2) % 4;
            v.push((
                "partner_hand",
                Value::from(p.format_hand(self.hands[partner])),
            ));
        }
        if let Some(r) = self.results.last() {
            v.push((
                "last_result",
                map(vec![
                    ("winner", r.winner.into()),
                    ("kind", Value::from(r.kind.name())),
                    (
                        "tricks",
                        Value::List(r.tricks.iter().map(|&x| Value::Int(x as i64)).collect()),
                    ),
                    ("points", self.side_list(&r.points)),
                    (
                        "tens",
                        Value::List(r.tens.iter().map(|&x| Value::Int(x as i64)).collect()),
                    ),
                ]),
            ));
        }
        let legal = if self.current() == Some(player) {
            self.legal_values()
        } else {
            Vec::new()
        };
        v.push(("legal_actions", Value::List(legal)));
        head.extend(v.into_iter().map(|(k, x)| (k.to_string(), x)));
        Ok(Value::Map(head))
    }

    /// The readable table: every hand (a god's-eye view), the trick and the score.
    pub fn render_table(&self) -> String {
        let cfg = self.config();
        let p = &cfg.pack;
        let mut out = String::new();
        let kind = if self.is_single_hand() {
            "position"
        } else {
            "match"
        };
        out.push_str(&format!(
            "{} {} | hand {} | dealer {} | Hakem {} | trump {}\n",
            cfg.preset.name(),
            kind,
            self.hand_no + 1,
            self.dealer,
            self.hakem,
            match (self.trump, self.phase) {
                (Some(t), ph) if ph != Phase::TrumpCall && self.hidden.trump_hidden =>
                    format!("{} (hidden)", p.suits[t as usize].name),
                (Some(t), ph) if ph != Phase::TrumpCall => p.suits[t as usize].name.clone(),
                _ => "not chosen".to_string(),
            }
        ));
        for seat in 0..cfg.players {
            let mark = if self.current() == Some(seat) {
                '>'
            } else {
                ' '
            };
            let side = if cfg.dummy {
                if seat == 2 {
                    format!(" (dummy, played by player {})", self.table[0])
                } else {
                    format!(" (player {}, side {})", self.table[seat], cfg.side(seat))
                }
            } else if cfg.players == 4 {
                format!(" (side {})", cfg.side(seat))
            } else {
                String::new()
            };
            out.push_str(&format!(
                "{} seat {}{}: {}\n",
                mark,
                seat,
                side,
                p.format_hand_labelled(self.hands[seat])
            ));
        }
        let trick: Vec<String> = self
            .trick()
            .iter()
            .enumerate()
            .map(|(i, &c)| format!("{}:{}", (self.leader + i) % cfg.players, p.format_card(c)))
            .collect();
        if cfg.heap {
            out.push_str(&format!(
                "heap: {} trick(s) | collected {:?} | tens {:?}\n",
                self.heap.tricks, self.heap.collected, self.heap.tens_collected
            ));
        }
        out.push_str(&format!(
            "trick: {} | tricks won {:?} | score {:?} | phase {}",
            if trick.is_empty() {
                "-".to_string()
            } else {
                trick.join(" ")
            },
            self.tricks_won(),
            self.scores(),
            self.phase.name()
        ));
        if let Some(r) = self.results.last() {
            out.push_str(&format!(
                "\nlast hand: {} by side {} ({:?} tricks, points {:?})",
                r.kind.name(),
                r.winner.map_or("-".to_string(), |w| w.to_string()),
                r.tricks,
                r.points
            ));
        }
        out
    }
}

impl GameState for HokmState {
    fn num_players(&self) -> usize {
        self.config().num_players()
    }

    fn current_player(&self) -> Option<usize> {
        self.current().map(|seat| self.table[seat])
    }

    fn legal_actions(&self) -> Vec<String> {
        self.legal().iter().map(|a| self.format_action(a)).collect()
    }

    fn apply(&mut self, action: &str) -> Result<()> {
        let a: HokmAction = self.parse_action(action)?;
        self.apply_action(a)
    }

    fn is_terminal(&self) -> bool {
        self.phase() == Phase::Over
    }

    fn returns(&self) -> Vec<f64> {
        let cfg = self.config();
        if cfg.dummy {
            let per_player: Vec<i32> = if self.is_single_hand() {
                self.results.last().map_or(vec![0; 3], |r| r.points.clone())
            } else {
                self.scores[..3].to_vec()
            };
            return per_player.iter().map(|&x| x as f64).collect();
        }
        let per_side: Vec<i32> = if self.is_single_hand() {
            self.results
                .last()
                .map_or(vec![0; cfg.num_sides()], |r| r.points.clone())
        } else {
            self.scores().to_vec()
        };
        (0..cfg.players)
            .map(|s| per_side[cfg.side(s)] as f64)
            .collect()
    }

    crate::game::state_methods!(observation, render, box_clone);

    fn history(&self) -> Vec<String> {
        self.history.iter().map(|a| self.format_action(a)).collect()
    }

    /// The indicator laid face down (§5.4, §5.5), the two-player discards
    /// (§4.4) and Satat's passed cards (§9.10) are seen by their player
    /// alone.
    fn seen_action(&self, action: &str, viewer: usize) -> String {
        use crate::game::{unseen_cards, UNSEEN};
        if GameState::current_player(self) == Some(viewer) {
            return action.to_string();
        }
        match self.parse_action(action) {
            Ok(HokmAction::Indicator(_)) => format!("indicator:{}", UNSEEN),
            Ok(HokmAction::Discard(cs)) => format!("discard:{}", unseen_cards(cs.len() as usize)),
            Ok(HokmAction::Give(cs)) => format!("give:{}", unseen_cards(cs.len() as usize)),
            _ => action.to_string(),
        }
    }
    crate::game::state_methods!(phase_name, trick_facts, hands_compact);
}

#[cfg(test)]
mod tests {
    use super::super::tests::game;
    use crate::game::{GameState, Value};

    /// [`super::HokmState::legal_values`] are the legal actions' strings.
    #[test]
    fn legal_values_are_the_legal_actions() {
        let s = game("hokm4", &[]).new_game(3);
        let want: Vec<Value> = s.legal_actions().into_iter().map(Value::from).collect();
        assert!(!want.is_empty());
        assert_eq!(s.legal_values(), want);
    }
}

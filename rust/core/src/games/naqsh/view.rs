//! Naqsh from outside: action strings, observations, the readable table and
//! the shared [`GameState`] interface.

use super::state::{HandResult, NaqshAction, NaqshState, Phase};
use crate::card::Card;
use crate::error::{check_seat, Error, Result};
use crate::game::{map, GameState, Value};

/// Reads an action string: `stake:3`, `draw`, `stand` (any case, spaces trimmed).
///
/// ```
/// use hukm_core::games::naqsh::{parse_action, NaqshAction};
/// assert_eq!(parse_action(" Draw ").unwrap(), NaqshAction::Draw);
/// assert_eq!(parse_action("stake:3").unwrap(), NaqshAction::Stake(3));
/// assert!(parse_action("hit").is_err());
/// ```
pub fn parse_action(text: &str) -> Result<NaqshAction> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "draw" => Ok(NaqshAction::Draw),
        "stand" => Ok(NaqshAction::Stand),
        _ => match t.strip_prefix("stake:") {
            Some(n) => n
                .trim()
                .parse::<i64>()
                .map(NaqshAction::Stake)
                .map_err(|_| {
                    Error::IllegalAction(format!(
                        "bad action {:?}: a stake is stake: and a whole number, e.g. stake:2",
                        text
                    ))
                }),
            None => Err(Error::IllegalAction(format!(
                "bad action {:?}: Naqsh's actions are draw, stand and stake:n",
                text
            ))),
        },
    }
}

impl NaqshState {
    /// The hand shown (1 first): the hand being played, or once the game is over the
    /// last hand played (a single hand from a deal stays hand 1).
    pub(crate) fn shown_hand(&self) -> usize {
        let n = if self.phase == Phase::Over {
            self.hand_no.max(1)
        } else {
            self.hand_no + 1
        };
        n.min(self.cfg.hands)
    }

    fn card_names(&self, cards: &[Card]) -> Vec<Value> {
        cards
            .iter()
            .map(|&c| Value::Str(self.cfg.pack.format_card(c)))
            .collect()
    }

    /// The cards of `seat` as `viewer` sees them (`None` for a face-down card).
    fn seen_cards(&self, seat: usize, viewer: Option<usize>) -> Value {
        let open = viewer.map_or(true, |v| v == seat) || self.revealed[seat];
        Value::List(
            self.cards(seat)
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    if open || i >= 2 {
                        Value::Str(self.cfg.pack.format_card(c))
                    } else {
                        Value::Null
                    }
                })
                .collect(),
        )
    }

    fn result_value(&self, r: &HandResult) -> Value {
        map(vec![
            ("banker", r.banker.into()),
            (
                "cards",
                Value::List(
                    r.cards
                        .iter()
                        .map(|h| Value::List(self.card_names(h)))
                        .collect(),
                ),
            ),
            (
                "classes",
                Value::List(r.classes.iter().map(|c| Value::Str(c.name())).collect()),
            ),
            (
                "net",
                Value::List(r.net.iter().map(|&x| x.into()).collect()),
            ),
            ("pool", r.pool.into()),
        ])
    }

    /// Cards in the order received with the total: `VTJ 6GH (17)`.
    pub fn describe_hand(&self, seat: usize) -> String {
        let cards: Vec<String> = self
            .cards(seat)
            .iter()
            .map(|&c| self.cfg.pack.format_card(c))
            .collect();
        format!("{} ({})", cards.join(" "), self.hands[seat].tally.total)
    }
}

impl GameState for NaqshState {
    fn num_players(&self) -> usize {
        self.cfg.players
    }

    fn current_player(&self) -> Option<usize> {
        self.current()
    }

    fn legal_actions(&self) -> Vec<String> {
        self.legal().into_iter().map(|a| a.name()).collect()
    }

    fn apply(&mut self, action: &str) -> Result<()> {
        let a = parse_action(action)?;
        self.act(a)
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    fn returns(&self) -> Vec<f64> {
        self.scores().iter().map(|&x| x as f64).collect()
    }

    fn observation(&self, player: usize) -> Result<Value> {
        let n = self.cfg.players;
        check_seat("player", player, n)?;
        let stakes: Vec<Value> = (0..n)
            .map(|s| {
                if s == self.banker || !self.staked[s] {
                    Value::Null
                } else {
                    self.stakes[s].into()
                }
            })
            .collect();
        let pack = &self.cfg.pack;
        // A punter's own cards in the order received (the first three count).
        let mut head = crate::game::core_keys(
            player,
            self.phase.name(),
            self.current(),
            self.shown_hand(),
            self.cards(player)
                .iter()
                .map(|&c| pack.format_card(c))
                .collect(),
            Vec::new(),
            Value::List(self.scores().iter().map(|&x| x.into()).collect()),
        );
        let rest = map(vec![
            ("banker", self.banker.into()),
            ("hands_per_match", self.cfg.hands.into()),
            (
                "cards",
                Value::List((0..n).map(|s| self.seen_cards(s, Some(player))).collect()),
            ),
            (
                "busted",
                Value::List(
                    (0..n)
                        .map(|s| (self.revealed[s] && self.class(s) == super::Class::Bust).into())
                        .collect(),
                ),
            ),
            ("stakes", Value::List(stakes)),
            ("stock", self.stock().len().into()),
            ("pool", self.pool.into()),
            (
                "last_hand",
                self.last
                    .as_ref()
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
        let mut out = format!(
            "Naqsh ({}), hand {} of {}, banker seat {}, {} card(s) in the stock{}\n",
            self.cfg.pack.name,
            self.shown_hand(),
            if self.single_hand { 1 } else { self.cfg.hands },
            self.banker,
            self.stock().len(),
            if self.cfg.mode == super::Mode::Pool {
                format!(", pool {}", self.pool)
            } else {
                String::new()
            }
        );
        if self.phase != Phase::Over {
            for s in 0..n {
                let mark = if Some(s) == self.current() { ">" } else { " " };
                let role = if s == self.banker {
                    "banker".to_string()
                } else if self.staked[s] {
                    format!("stake {}", self.stakes[s])
                } else {
                    "no stake yet".to_string()
                };
                out += &format!(
                    "{} seat {}: {:<28} {:<12} {}\n",
                    mark,
                    s,
                    self.describe_hand(s),
                    self.class(s).name(),
                    role
                );
            }
        } else if let Some(r) = &self.last {
            out += "last hand:\n";
            for s in 0..n {
                let cards: Vec<String> = r.cards[s]
                    .iter()
                    .map(|&c| self.cfg.pack.format_card(c))
                    .collect();
                out += &format!(
                    "  seat {}: {:<28} {:<12} {:+}\n",
                    s,
                    cards.join(" "),
                    r.classes[s].name(),
                    r.net[s]
                );
            }
        }
        let scores: Vec<String> = self.scores().iter().map(|x| format!("{:+}", x)).collect();
        out += &format!("scores: {}", scores.join(" "));
        out
    }

    crate::game::state_methods!(box_clone, history, phase_name);
    fn hands_compact(&self) -> Vec<String> {
        let p = &self.config().pack;
        (0..self.config().players)
            .map(|seat| p.format_hand(self.cards(seat).iter().copied().collect()))
            .collect()
    }
}

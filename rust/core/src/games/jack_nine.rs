//! What Twenty-eight's family and Thunee, the two jack-nine games, share
//! beyond their rules: states of one shape (typed actions read from and
//! written as their canonical strings, the history of those strings, an
//! auction of `bid:n` and `pass`, tricks of one card a seat), so one
//! [`crate::game::GameState`] surface, the same first keys of an
//! observation and the same lines of the readable table.

use crate::card::{Card, CardSet};
use crate::game::Value;
use crate::pack::Pack;

/// Implements [`crate::game::GameState`] for the jack-nine state `$state`,
/// whose phases are `$phase` (with `name()` and `Over`), and gives it
/// `head_keys(player, scores)`: the first keys of `player`'s observation
/// (the core keys with `scores`, then [`auction_keys`]). The state has the
/// fields `cfg` (with `players` and `pack`), `phase`, `hand_no`, `hands`,
/// `trick`, `dealer`, `auction`, `high` and `history`, and the methods
/// `current`, `legal`, `parse_action`, `is_legal`, `action_string`,
/// `apply_action`, `build_observation`, `render_table`, `facts`,
/// `seat_returns` (its [`crate::game::GameState::returns`]) and
/// `seen_by_others` (an action as the players other than its actor see it,
/// `None` when they see it as it is).
macro_rules! impl_game_state {
    ($state:ty, $phase:ident) => {
        impl $state {
            /// The first keys of `player`'s observation: the core keys
            /// (`scores` the match scores), then `dealer`, `hand_sizes`,
            /// `auction` and `high_bid`.
            fn head_keys(
                &self,
                player: usize,
                scores: $crate::game::Value,
            ) -> Vec<(String, $crate::game::Value)> {
                let pack = &self.cfg.pack;
                let mut head = $crate::game::core_keys(
                    player,
                    self.phase.name(),
                    self.current(),
                    self.hand_no as usize,
                    pack.card_list(self.hands[player]),
                    $crate::games::jack_nine::trick_cards(pack, &self.trick),
                    scores,
                );
                let keys = $crate::games::jack_nine::auction_keys(
                    self.dealer,
                    &self.hands,
                    &self.auction,
                    self.high.map(|(_, v)| v),
                );
                head.extend(keys.into_iter().map(|(k, v)| (k.to_string(), v)));
                head
            }
        }

        impl $crate::game::GameState for $state {
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

            fn apply(&mut self, action: &str) -> $crate::error::Result<()> {
                if self.phase == $phase::Over {
                    return Err($crate::error::Error::IllegalAction(format!(
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
                self.phase == $phase::Over
            }

            fn returns(&self) -> Vec<f64> {
                self.seat_returns()
            }

            fn observation(&self, player: usize) -> $crate::error::Result<$crate::game::Value> {
                $crate::error::check_seat("player", player, self.cfg.players)?;
                Ok(self.build_observation(player))
            }

            fn render(&self) -> String {
                self.render_table()
            }

            fn box_clone(&self) -> Box<dyn $crate::game::GameState> {
                Box::new(self.clone())
            }

            fn history(&self) -> Vec<String> {
                self.history.clone()
            }

            fn phase_name(&self) -> &'static str {
                self.phase.name()
            }

            fn seen_action(&self, action: &str, viewer: usize) -> String {
                match self.parse_action(action) {
                    Ok(a) if self.current() != Some(viewer) => {
                        self.seen_by_others(a).unwrap_or_else(|| action.to_string())
                    }
                    _ => action.to_string(),
                }
            }

            fn trick_facts(&self, seat: usize) -> $crate::error::Result<$crate::game::TrickFacts> {
                self.facts(seat)
            }

            fn hands_compact(&self) -> Vec<String> {
                let p = &self.cfg.pack;
                self.hands.iter().map(|&h| p.format_hand(h)).collect()
            }
        }
    };
}

pub(crate) use impl_game_state;

/// Implements [`crate::encode::Encoding`] of the jack-nine state `$state`
/// for the encoding `$encoding`, which has the fields `layouts`, `actions`,
/// `slots`, `at.table` and `blank` (a state that reads and writes the
/// actions without a state of play) and the methods `write` (the
/// observation), `write_history` (what the information state adds),
/// `id_of` and `action_of` (a typed action's id and back); and gives the
/// encoding `write_table` (the shared table sections, from the state's
/// `hand_plays`, `trick`, `hands` and `current`).
macro_rules! impl_encoding {
    ($encoding:ty, $state:ty) => {
        impl $encoding {
            /// Writes the shared table sections (`self.at.table`) of `s` as
            /// `me` sees it, `leader` leading the trick in progress.
            fn write_table(&self, s: &$state, me: usize, leader: Option<usize>, out: &mut [f32]) {
                let (played, in_trick) =
                    $crate::encode::seat_cards(s.cfg.players, s.hand_plays(), &s.trick);
                let sizes: Vec<u32> = s.hands.iter().map(|h| h.len()).collect();
                self.at.table.write(
                    out,
                    &self.slots,
                    &$crate::encode::TableView {
                        seat: me,
                        hand: s.hands[me],
                        played: &played,
                        trick: &in_trick,
                        leader,
                        to_act: s.current(),
                        sizes: &sizes,
                    },
                );
            }
        }

        impl $crate::encode::Encoding<$state> for $encoding {
            fn layout(&self, kind: $crate::encode::Kind) -> &$crate::encode::Layout {
                self.layouts.get(kind)
            }

            fn encode(
                &self,
                s: &$state,
                player: usize,
                kind: $crate::encode::Kind,
                out: &mut [f32],
            ) {
                self.write(s, player, out);
                if kind == $crate::encode::Kind::InformationState {
                    self.write_history(s, player, out);
                }
            }

            fn actions(&self) -> &$crate::encode::ActionSpace {
                &self.actions
            }

            fn action_id(&self, s: Option<&$state>, action: &str) -> $crate::error::Result<usize> {
                self.id_of(s.unwrap_or(&self.blank).parse_action(action)?)
            }

            fn id_action(&self, s: Option<&$state>, id: usize) -> $crate::error::Result<String> {
                Ok(s.unwrap_or(&self.blank).action_string(self.action_of(id)?))
            }

            fn legal_ids(&self, s: &$state, out: &mut Vec<usize>) -> $crate::error::Result<()> {
                for a in s.legal() {
                    out.push(self.id_of(a)?);
                }
                Ok(())
            }

            fn hand_number(&self, s: &$state) -> usize {
                s.hand_no as usize
            }
        }
    };
}

pub(crate) use impl_encoding;

/// The observation keys that follow the core keys in both games:
/// `dealer`, `hand_sizes` (each seat's number of cards), `auction` (`[seat,
/// call]` pairs in order) and `high_bid` (the highest bid so far).
pub(crate) fn auction_keys(
    dealer: usize,
    hands: &[CardSet],
    auction: &[(usize, String)],
    high_bid: Option<i32>,
) -> Vec<(&'static str, Value)> {
    vec![
        ("dealer", dealer.into()),
        (
            "hand_sizes",
            Value::List(hands.iter().map(|h| h.len().into()).collect()),
        ),
        (
            "auction",
            Value::List(
                auction
                    .iter()
                    .map(|(s, a)| Value::List(vec![(*s).into(), a.as_str().into()]))
                    .collect(),
            ),
        ),
        (
            "high_bid",
            high_bid.map(|v| Value::Int(i64::from(v))).into(),
        ),
    ]
}

/// A trick as `(seat, card)` pairs of card strings, in play order.
pub(crate) fn trick_cards(pack: &Pack, trick: &[(usize, Card)]) -> Vec<(usize, String)> {
    trick
        .iter()
        .map(|&(s, c)| (s, pack.format_card(c)))
        .collect()
}

/// A trick as a list of `[seat, card]` pairs, in play order.
pub(crate) fn trick_value(pack: &Pack, trick: &[(usize, Card)]) -> Value {
    Value::List(
        trick_cards(pack, trick)
            .into_iter()
            .map(|(s, c)| Value::List(vec![s.into(), c.into()]))
            .collect(),
    )
}

/// The cards played in the hand's finished tricks (`played` less the trick
/// in progress), in hand order.
pub(crate) fn played_value(pack: &Pack, played: CardSet, trick: &[(usize, Card)]) -> Value {
    Value::from(pack.card_list(played - trick.iter().map(|&(_, c)| c).collect()))
}

/// Whole numbers as a list value.
pub(crate) fn ints(values: &[i32]) -> Value {
    Value::List(values.iter().map(|&v| Value::Int(i64::from(v))).collect())
}

/// The readable table's line of each seat (`*` marks the seat to act), its
/// hand followed by `extra(seat)`.
pub(crate) fn render_seats(
    pack: &Pack,
    hands: &[CardSet],
    current: Option<usize>,
    extra: impl Fn(usize) -> String,
) -> String {
    let mut out = String::new();
    for (s, h) in hands.iter().enumerate() {
        let mark = if current == Some(s) { "*" } else { " " };
        out += &format!(
            "{}{}: {}{}\n",
            mark,
            s,
            pack.format_hand_labelled(*h),
            extra(s)
        );
    }
    out
}

/// The readable table's line of the trick in progress (trick `number`,
/// counted from 1) and the card points of each side.
pub(crate) fn render_trick(
    pack: &Pack,
    trick: &[(usize, Card)],
    number: usize,
    points: &[i32],
) -> String {
    let t: Vec<String> = trick_cards(pack, trick)
        .into_iter()
        .map(|(s, c)| format!("{}:{}", s, c))
        .collect();
    format!("trick {} [{}] points {:?}", number, t.join(" "), points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tricks_and_played_cards_are_read_in_order() {
        let p = Pack::twenty_eight();
        let js = p.parse_card("JS").unwrap();
        let nh = p.parse_card("9H").unwrap();
        let trick = [(2, js), (3, nh)];
        assert_eq!(
            trick_value(&p, &trick),
            Value::List(vec![
                Value::List(vec![2usize.into(), "JS".into()]),
                Value::List(vec![3usize.into(), "9H".into()]),
            ])
        );
        let played = js.set() | nh.set() | p.parse_card("AS").unwrap().set();
        assert_eq!(played_value(&p, played, &trick), Value::from(vec!["AS"]));
        assert_eq!(
            render_trick(&p, &trick, 4, &[10, 3]),
            "trick 4 [2:JS 3:9H] points [10, 3]"
        );
    }
}

//! Thunee's place in the registry: the shared [`Game`] surface over
//! [`Thunee`] (its `from_deal` keywords read and checked here, in the
//! engine).

use super::{Contract, Thunee, ThuneeState};
use crate::error::{Error, Result};
use crate::game::Value;
use crate::options::Spec;
use crate::params::Params;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::surface::{Basics, Game};
use crate::describe::field;

impl Game for Thunee {
    /// Partnerships of alternate seats (each for himself with two players);
    /// card points, the target question or balls, as `dd_mode` says.
    fn describe(&self) -> crate::describe::Description {
        use super::config::DdMode;
        use crate::describe::{alternate, kw, Description, Sides};
        let c = self.config();
        let (unit, about) = match c.dd_mode {
            DdMode::Points => (
                "card points",
                "card points the team takes from here (a Thunee or Royals: balls)",
            ),
            DdMode::Target => ("win", "1 when the team wins the target question"),
            DdMode::Sweep | DdMode::Balls => ("balls", "the team's balls minus the other team's"),
        };
        let sides = if c.players == 2 {
            Sides::Each
        } else {
            alternate(c.players)
        };
        let mut d = Description::new(sides, unit, about)
            .labelled("(card points; balls in a Thunee or Royals)");
        d.target = true;
        d.outcomes = vec!["failed", "void", "made"];
        d.from_deal = vec![
            kw("trumper", "seat", false, "the trumper; absent: seat 1"),
            kw(
                "trump",
                "suit",
                false,
                "the trump suit (required in a normal hand)",
            ),
            kw("bid", "int", false, "the winning bid; absent: 0"),
            kw(
                "leader",
                "seat",
                false,
                "the seat on lead; absent: the trumper's right-hand neighbour",
            ),
            kw("thunee", "seat", false, "the caller of a Thunee"),
            kw("royals", "seat", false, "the caller of Royals"),
            kw(
                "stock",
                "cards",
                false,
                "the second round's hands (two players)",
            ),
        ];
        d.observation = OBSERVATION;
        d
    }

    type State = ThuneeState;

    fn build(preset: &str, options: &[(String, String)]) -> Result<Thunee> {
        Thunee::new(preset, options)
    }

    fn basics(&self) -> Basics<'_> {
        let c = self.config();
        Basics::new(c.preset.name(), &c.options, &c.pack, c.players)
    }

    fn specs() -> &'static [Spec] {
        super::config::specs()
    }

    fn preset_defaults(preset: &str) -> Vec<(&'static str, &'static str)> {
        super::config::preset_defaults(preset)
    }

    fn new_game(&self, seed: u64, params: &Params) -> Result<ThuneeState> {
        params.reader("new_game").finish()?;
        Ok(Thunee::new_game(self, seed))
    }

    /// Keywords (`docs/rules/thunee.md`): a normal hand takes `trump` (a suit,
    /// required), `trumper` (default seat 1, the default trumper when seat
    /// 0 deals) and `bid` (default 0); a Thunee or Royals takes `thunee` or
    /// `royals`, the caller's seat (with `trump` once its first trick is
    /// played). `leader` defaults to the trumper's right-hand neighbour (the
    /// caller in a Thunee); `stock` (thunee2) gives the second round's two
    /// hands.
    fn from_deal(&self, deal: &str, params: &Params) -> Result<ThuneeState> {
        let c = self.config();
        let n = c.players;
        let mut r = params.reader("from_deal");
        let trumper = r.seat("trumper", n)?;
        let trump = r.text("trump")?;
        let bid = r.int("bid", 0, 104)?;
        let leader = r.seat("leader", n)?;
        let thunee = r.seat("thunee", n)?;
        let royals = r.seat("royals", n)?;
        let stock = r.text("stock")?;
        r.finish()?;
        let suit = trump
            .map(|t| {
                c.pack
                    .parse_suit(&t)
                    .map_err(|e| Error::Notation(format!("bad trump {:?}: {}", t, e)))
            })
            .transpose()?;
        let contract = match (thunee, royals) {
            (Some(_), Some(_)) => {
                return Err(Error::State(
                    "give one of thunee and royals (the caller's seat)".into(),
                ))
            }
            (Some(caller), None) | (None, Some(caller)) => {
                if trumper.is_some() || bid.is_some() {
                    return Err(Error::State(
                        "a Thunee or Royals cancels the bid and the trumper: give neither".into(),
                    ));
                }
                Contract::Sweep {
                    caller,
                    royals: royals.is_some(),
                    trump: suit,
                }
            }
            (None, None) => Contract::Normal {
                trumper: trumper.unwrap_or(1 % n),
                trump: suit.ok_or_else(|| {
                    Error::State(
                        "from_deal: give trump (a suit), or thunee / royals (the caller's seat)"
                            .into(),
                    )
                })?,
                bid: bid.unwrap_or(0) as i32,
            },
        };
        Thunee::from_deal(self, deal, contract, leader, stock.as_deref())
    }

    /// The six cards (four with six players; the first round's with two)
    /// each seat receives in the first deal.
    fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        let s = Game::new_game(self, seed, params)?;
        Ok(self.config().pack.format_deal(&s.full_deal()))
    }

    /// The normal hand's search (card points for each team, with and
    /// without automatic Jodhi; the balls) or the Thunee / Royals sweep.
    fn check_search(
        state: &ThuneeState,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        use super::dd::{Count, NormalGame, SweepGame};
        use crate::solve::check::check_play_undo;
        let mut played = 0;
        for (count, team, jodhi) in [
            (Count::Need, 0, false),
            (Count::Need, 1, true),
            (Count::Balls, 0, true),
        ] {
            if let Ok(mut g) = NormalGame::new(state, count, team, 0, jodhi) {
                played += check_play_undo(&mut g, depth, pick)?;
            }
        }
        if let Ok(mut g) = SweepGame::new(state) {
            played += check_play_undo(&mut g, depth, pick)?;
        }
        Ok(played)
    }

    fn solve(state: &ThuneeState, req: &SolveRequest) -> Result<SolveAnswer> {
        state.solve(req)
    }

    fn encoding(&self) -> Option<std::sync::Arc<dyn crate::encode::Encoding<ThuneeState>>> {
        Some(std::sync::Arc::new(super::tensor::ThuneeEncoding::new(
            self,
        )))
    }

    /// `total_points` (304), `card_points` (each card of the pack),
    /// `base_target`, `target_balls`, `min_bid` and `max_bid`.
    fn facts(&self) -> Vec<(&'static str, Value)> {
        let c = self.config();
        vec![
            (
                "total_points",
                Value::Int(i64::from(c.pack.points(c.pack.deck))),
            ),
            (
                "card_points",
                Value::List(
                    c.pack
                        .cards()
                        .iter()
                        .map(|&x| Value::Int(i64::from(c.pack.points_of(x))))
                        .collect(),
                ),
            ),
            ("base_target", Value::Int(i64::from(c.base_target))),
            ("target_balls", Value::Int(i64::from(c.target_balls))),
            ("min_bid", Value::Int(10)),
            ("max_bid", Value::Int(i64::from(c.top()))),
        ]
    }
}

/// The keys of the game's observations after
/// [`crate::describe::CORE_OBSERVATION`]'s ([`Game::describe`]).
const OBSERVATION: &[crate::describe::Field] = &[
    field("dealer", "int", "The dealer of this hand."),
    field("hand_sizes", "[int]", "How many cards each seat holds."),
    field("auction", "[[any]]", "The bidding so far as `[seat, call]` pairs."),
    field("high_bid", "int?", "The highest bid so far."),
    field("trumper", "int?", "The seat that chooses the trump."),
    field("bid", "int?", "The winning bid."),
    field("counting_team", "int?", "The team that counts card points towards the target (a normal hand)."),
    field("trump", "str?", "The trump suit when this player knows it."),
    field("indicator", "card?", "The face-down trump card, shown to the trumper only."),
    field("indicator_down", "bool", "Whether a trump card lies face down."),
    field("last_card", "bool", "Whether the trump is the trumper's last card."),
    field("revealed", "bool", "Whether the trump has been revealed."),
    field("special", "str?", "The Thunee or Royals contract called, if any."),
    field("caller", "int?", "The seat that called the Thunee or Royals."),
    field("blind_down", "int", "A blind caller's cards still face down."),
    field("leader", "int", "The seat that led the trick in progress."),
    field("last_trick", "[[any]]", "The last finished trick as `[seat, card]` pairs."),
    field("tricks_played", "int", "Tricks finished in this hand."),
    field("trick_winners", "[int]", "The winner of each finished trick."),
    field("played", "[card]", "Cards played in this hand."),
    field("points", "[int]", "Card points each team has taken in this hand."),
    field("jodhi", "[map]", "Jodhi declared: `seat`, `suit`, `jack`, `value`."),
    field("target", "int?", "The counting team's target."),
    field("claim", "str?", "The Double or Khanuck called, if any."),
    field("claimer", "int?", "The seat that called it."),
    field("balls", "[int]", "Each team's balls in the match."),
    field("match_target", "int", "The balls that win the match."),
    field("last_result", "map?", "The last hand's result: `kind`, `trumper`, `bid`, `special`, `caller`, `claim`, `target`, `points`, `totals`, `jodhi`, `balls`."),
    field("winner", "int?", "The team that won the match."),
];

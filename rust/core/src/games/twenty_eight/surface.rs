//! Twenty-eight's place in the registry: the shared [`Game`] surface over
//! [`TwentyEight`] (its `from_deal` and `dd_table` keywords read and checked
//! here, in the engine).

use super::{dd, TrumpStart, TwentyEight, TwentyEightState};
use crate::error::{Error, Result};
use crate::game::Value;
use crate::options::Spec;
use crate::params::Params;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::surface::{Basics, Game, Table, TableRequest};
use crate::describe::field;

impl Game for TwentyEight {
    /// Partnerships of alternate seats; card points of the bidder's side (or
    /// the outcome against a `target`); a table of open-trump values per
    /// trump and bidder.
    fn describe(&self) -> crate::describe::Description {
        use crate::describe::{alternate, kw, Description, TableShape};
        let c = self.config();
        let about = "card points the side takes from here (a single hand or half court: 1 when the side wins it)";
        let mut d = Description::new(alternate(c.players), "card points", about);
        d.target = true;
        d.bounds = true;
        d.counted = Some("bidder");
        d.table = Some(TableShape {
            rows: c.pack.suits.iter().map(|s| s.code.clone()).collect(),
            columns: "bidder",
            layouts: Vec::new(),
            unit: "card points",
        });
        d.from_deal = vec![
            kw("bidder", "seat", true, "the bidder").when_absent("0"),
            kw("leader", "seat", true, "the seat on lead").when_absent("1"),
            kw(
                "trump",
                "suit",
                false,
                "the trump suit, open from trick 1 (or give indicator)",
            ),
            kw(
                "indicator",
                "card",
                false,
                "the bidder's card laid aside as the concealed trump (or give trump)",
            ),
            kw("contract", "int", false, "the bid; absent: the lowest bid"),
        ];
        d.exactly_one = vec![vec!["trump", "indicator"]];
        d.outcomes = vec!["failed", "void", "made"];
        d.observation = OBSERVATION;
        d
    }

    type State = TwentyEightState;

    fn build(preset: &str, options: &[(String, String)]) -> Result<TwentyEight> {
        TwentyEight::new(preset, options)
    }

    fn basics(&self) -> Basics<'_> {
        let c = self.config();
        Basics::new(c.preset.name(), &c.options, &c.pack, c.num_players())
    }

    fn specs() -> &'static [Spec] {
        super::config::specs()
    }

    fn preset_defaults(preset: &str) -> Vec<(&'static str, &'static str)> {
        super::config::preset_defaults(preset)
    }

    fn derived_options(&self) -> Vec<(&'static str, String)> {
        let c = self.config();
        vec![
            (
                "last_trick_bonus",
                crate::options::on_off(c.last_trick_bonus),
            ),
            ("min_bid", c.min_bid.to_string()),
            ("max_bid", c.max_bid.to_string()),
            ("target_score", c.target_score.to_string()),
        ]
    }

    fn new_game(&self, seed: u64, params: &Params) -> Result<TwentyEightState> {
        params.reader("new_game").finish()?;
        Ok(TwentyEight::new_game(self, seed))
    }

    /// Keywords (`docs/rules/twenty_eight.md`): `bidder` and `leader` (seats,
    /// required), exactly one of `trump` (a suit: open from trick 1) and
    /// `indicator` (a card of the bidder's hand laid aside), and `contract`
    /// (default the lowest bid).
    fn from_deal(&self, deal: &str, params: &Params) -> Result<TwentyEightState> {
        let c = self.config();
        let n = c.players;
        let mut r = params.reader("from_deal");
        let bidder = r.seat("bidder", n)?;
        let leader = r.seat("leader", n)?;
        let trump = r.text("trump")?;
        let indicator = r.text("indicator")?;
        let contract = r.int("contract", c.min_bid as i64, c.max_bid as i64)?;
        r.finish()?;
        let (Some(bidder), Some(leader)) = (bidder, leader) else {
            return Err(Error::State(
                "from_deal: bidder and leader are required".into(),
            ));
        };
        let start = match (&trump, &indicator) {
            (Some(t), None) => TrumpStart::Open(t),
            (None, Some(i)) => TrumpStart::Concealed(i),
            _ => {
                return Err(Error::State(
                    "give exactly one of trump (open from trick 1) and indicator (concealed)"
                        .into(),
                ))
            }
        };
        TwentyEight::from_deal(
            self,
            deal,
            bidder,
            leader,
            start,
            contract.map(|x| x as i32),
        )
    }

    /// Both halves of the first deal.
    fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        let s = Game::new_game(self, seed, params)?;
        Ok(self.config().pack.format_deal(&s.full_deal()))
    }

    /// The card-point search under each objective (points, made, not
    /// failed) for the seat to move and the bidder, and the sweep search.
    fn check_search(
        state: &TwentyEightState,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        use crate::solve::check::check_play_undo;
        use dd::Objective;
        let mut played = 0;
        let seats = [state.current().unwrap_or(0), state.bidder];
        for objective in [Objective::Points, Objective::Made, Objective::NotFailed] {
            for &seat in &seats {
                if let Ok(mut g) = dd::PointsGame::new(state, seat, objective) {
                    played += check_play_undo(&mut g, depth, pick)?;
                }
            }
        }
        if let Ok(mut g) = dd::SweepGame::new(state) {
            played += check_play_undo(&mut g, depth, pick)?;
        }
        Ok(played)
    }

    fn solve(state: &TwentyEightState, req: &SolveRequest) -> Result<SolveAnswer> {
        state.solve(req)
    }

    fn encoding(&self) -> Option<std::sync::Arc<dyn crate::encode::Encoding<TwentyEightState>>> {
        Some(std::sync::Arc::new(
            super::tensor::TwentyEightEncoding::new(self),
        ))
    }

    /// `total_points` (card points in a hand, the last-trick point
    /// included), `min_bid`, `max_bid` and `card_points` (the points of each
    /// card of the pack).
    fn facts(&self) -> Vec<(&'static str, Value)> {
        let c = self.config();
        vec![
            ("total_points", Value::Int(i64::from(c.total))),
            ("min_bid", Value::Int(i64::from(c.min_bid))),
            ("max_bid", Value::Int(i64::from(c.max_bid))),
            (
                "card_points",
                Value::List(
                    c.pack
                        .cards()
                        .iter()
                        .map(|x| Value::Int(i64::from(c.points[x.0 as usize])))
                        .collect(),
                ),
            ),
        ]
    }

    /// Open-trump values of a full deal (§16.1), keyword `leader`
    /// (required): rows the trump suits in pack order, columns the bidder's
    /// seat; each cell the card points the bidder's side guarantees with
    /// `leader` on lead (the highest makeable contract).
    fn dd_table(&self, req: &TableRequest<'_>) -> Result<Table> {
        let c = self.config_arc();
        let mut r = req.params.reader("dd_table");
        let leader = r.seat("leader", c.players)?;
        r.finish()?;
        let leader = leader.ok_or_else(|| Error::State("dd_table: leader is required".into()))?;
        let hands = c.pack.parse_deal(req.deal, c.players)?;
        let (rows, nodes) = dd::dd_table(&c, &hands, leader, req.config.clone(), req.threads)?;
        Ok(Table {
            rows,
            row_labels: c.pack.suits.iter().map(|s| s.code.clone()).collect(),
            col_labels: (0..c.players).map(|s| s.to_string()).collect(),
            nodes,
        })
    }
}

/// The keys of the game's observations after
/// [`crate::describe::CORE_OBSERVATION`]'s ([`Game::describe`]).
const OBSERVATION: &[crate::describe::Field] = &[
    field("dealer", "int", "The dealer of this hand."),
    field("hand_sizes", "[int]", "How many cards each seat holds."),
    field("auction", "[[any]]", "The auction so far as `[seat, call]` pairs."),
    field("high_bid", "int?", "The highest bid so far."),
    field("bidder", "int?", "The bidder, once the contract is made."),
    field("contract", "int?", "The contract, once made."),
    field("trump", "str?", "The trump suit when this player knows it."),
    field("indicator", "card?", "The face-down trump card, when this player may see it."),
    field("indicator_down", "bool", "Whether a trump card lies face down (not yet revealed)."),
    field("seventh_card", "bool", "Whether the trump is the bidder's seventh card."),
    field("revealed", "bool", "Whether the trump has been revealed."),
    field("doubled", "int", "How many times the contract is doubled."),
    field("c", "bool", "Whether the bidding side answered a double with C (`c_bid`: the hand worth 6 game points)."),
    field("soloist", "int?", "The seat playing alone, if any."),
    field("half_court", "bool", "Whether the bidder plays half court."),
    field("leader", "int", "The seat that led the trick in progress."),
    field("caller", "int?", "The seat that called for the trump in the trick in progress."),
    field("led_trump_by_other", "bool?", "Whether a player other than the bidder has led a trump (null when this player does not know the trump)."),
    field("last_trick", "[[any]]", "The last finished trick as `[seat, card]` pairs."),
    field("tricks_played", "int", "Tricks finished in this hand."),
    field("played", "[card]", "Cards played in this hand."),
    field("points", "[int]", "Card points each side has taken in this hand."),
    field("pair_by", "int?", "The seat that showed a pair (the trump King and Queen)."),
    field("target", "int?", "The bidder's side's target after a pair, once the contract is made."),
    field("last_result", "map?", "The last hand's result: `kind`, `declarer`, `contract`, `target`, `points`, `gains`."),
    field("winner", "int?", "The side that won the match."),
];

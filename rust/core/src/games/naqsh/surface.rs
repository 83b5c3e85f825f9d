//! Naqsh's place in the registry: the shared [`Game`] surface over
//! [`Naqsh`].

use super::{Naqsh, NaqshState};
use crate::error::{Error, Result};
use crate::game::Value;
use crate::options::Spec;
use crate::params::Params;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::surface::{Basics, Game};
use crate::describe::field;

impl Game for Naqsh {
    /// The banker against each player; the net result of the hand.
    fn describe(&self) -> crate::describe::Description {
        use crate::describe::{kw, Description, Sides};
        let about = "the net result of the hand the player guarantees (it can be negative)";
        let mut d = Description::new(Sides::OneAgainstEach("banker"), "net result", about)
            .labelled("(net result of the hand)");
        d.bounds = true;
        d.new_game = vec![kw(
            "banker",
            "seat",
            false,
            "the first banker; absent: at random",
        )];
        d.from_deal = vec![
            kw("banker", "seat", true, "the banker"),
            kw(
                "stock",
                "cards",
                false,
                "the stock from the top; absent: shuffled by seed",
            ),
            kw("stakes", "ints", false, "each seat's stake").unasked(),
            kw("seed", "seed", false, "the stock's order when not given").unasked(),
        ];
        d.observation = OBSERVATION;
        d
    }

    type State = NaqshState;

    fn build(_preset: &str, options: &[(String, String)]) -> Result<Naqsh> {
        Naqsh::new(options)
    }

    fn basics(&self) -> Basics<'_> {
        let c = self.config();
        Basics::new("naqsh", &c.options, &c.pack, c.players)
    }

    fn specs() -> &'static [Spec] {
        super::config::specs()
    }

    fn derived_options(&self) -> Vec<(&'static str, String)> {
        vec![("hands", self.config().hands.to_string())]
    }

    fn encoding(&self) -> Option<std::sync::Arc<dyn crate::encode::Encoding<NaqshState>>> {
        Some(std::sync::Arc::new(super::tensor::NaqshEncoding::new(self)))
    }

    /// Keyword: `banker` (a seat; at random when absent).
    fn new_game(&self, seed: u64, params: &Params) -> Result<NaqshState> {
        let mut r = params.reader("new_game");
        let banker = r.seat("banker", self.config().players)?;
        r.finish()?;
        Naqsh::new_game(self, seed, banker)
    }

    /// Keywords (`docs/rules/naqsh.md` §3.3): `banker` (required), `stock` (the
    /// stock from the top, cards joined by `+`; absent: the rest of the pack
    /// shuffled by `seed`), `stakes` (one per seat) and `seed`.
    fn from_deal(&self, deal: &str, params: &Params) -> Result<NaqshState> {
        let n = self.config().players;
        let mut r = params.reader("from_deal");
        let banker = r.seat("banker", n)?;
        let stock = r.text("stock")?;
        let stakes = r.ints("stakes", Some(n), 0, 1 << 40)?;
        let seed = r.seed("seed")?.unwrap_or(0);
        r.finish()?;
        let banker = banker.ok_or_else(|| Error::State("from_deal: banker is required".into()))?;
        Naqsh::from_deal(
            self,
            deal,
            banker,
            stock.as_deref(),
            stakes.as_deref(),
            seed,
        )
    }

    /// Each seat's first two cards of the first hand with `banker`
    /// (default seat 0); [`Naqsh::deal`] also gives the stock.
    fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        let mut r = params.reader("deal");
        let banker = r.seat("banker", self.config().players)?.unwrap_or(0);
        r.finish()?;
        Ok(Naqsh::deal(self, seed, banker)?.0)
    }

    /// `stock`: the stock (cards joined by `+`, top first) of the hand
    /// [`Game::deal`] deals with the keywords `seed` and `banker` (both 0 when
    /// absent).
    fn extra(&self, name: &str, params: &Params) -> Result<Value> {
        if name != "stock" {
            return Err(Error::State(format!(
                "{} has no extra {name:?}; it has: stock",
                self.basics().preset
            )));
        }
        let mut r = params.reader("stock");
        let seed = r.seed("seed")?.unwrap_or(0);
        let banker = r.seat("banker", self.config().players)?.unwrap_or(0);
        r.finish()?;
        Ok(Value::Str(Naqsh::deal(self, seed, banker)?.1))
    }

    /// Naqsh's search copies its small state at each step instead of
    /// playing and taking back moves in place, so there is nothing to check:
    /// always 0 moves.
    fn check_search(
        state: &NaqshState,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        let _ = (state, depth, pick);
        Ok(0)
    }

    fn solve(state: &NaqshState, req: &SolveRequest) -> Result<SolveAnswer> {
        state.solve(req)
    }
}

/// The keys of the game's observations after
/// [`crate::describe::CORE_OBSERVATION`]'s ([`Game::describe`]).
const OBSERVATION: &[crate::describe::Field] = &[
    field("banker", "int", "The banker (dealer) of this hand."),
    field("hands_per_match", "int", "How many hands the match has."),
    field("cards", "[[card?]]", "Each seat's cards this player may see (null for a hidden one), in the order received."),
    field("busted", "[bool]", "Whether each seat has gone over."),
    field("stakes", "[int?]", "Each seat's stake (null: not staked yet)."),
    field("stock", "int", "Cards left in the stock."),
    field("pool", "int", "What lies in the pool."),
    field("last_hand", "map?", "The last hand's result: `banker`, `cards`, `classes`, `net`, `pool`."),
];

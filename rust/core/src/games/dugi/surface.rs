//! Dugi's place in the registry: the shared [`Game`] surface over [`Dugi`].

use super::{Dugi, DugiState};
use crate::error::Result;
use crate::options::Spec;
use crate::params::Params;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::surface::{Basics, Game};
use crate::describe::field;

impl Game for Dugi {
    /// Partnerships of alternate seats; 1 when the side wins the hand.
    fn describe(&self) -> crate::describe::Description {
        use crate::describe::{alternate, kw, Description, RANDOM_DEALER};
        let about = "1 when the side wins the hand with best play, else 0";
        let mut d = Description::new(alternate(4), "win", about).labelled("(1: wins the hand)");
        d.quick_hand = Some(16);
        d.bounds = true;
        d.new_game = vec![RANDOM_DEALER];
        d.from_deal = vec![
            kw(
                "leader",
                "seat",
                false,
                "the challenger; absent: the lead King's holder",
            ),
            kw("seed", "seed", false, "chance during the hand").unasked(),
        ];
        d.observation = OBSERVATION;
        d
    }

    type State = DugiState;

    fn build(_preset: &str, options: &[(String, String)]) -> Result<Dugi> {
        Dugi::new(options)
    }

    fn basics(&self) -> Basics<'_> {
        let c = self.config();
        Basics::new("dugi", &c.options, &c.pack, 4)
    }

    fn specs() -> &'static [Spec] {
        super::config::specs()
    }

    fn encoding(&self) -> Option<std::sync::Arc<dyn crate::encode::Encoding<DugiState>>> {
        Some(std::sync::Arc::new(super::tensor::DugiEncoding::new(self)))
    }

    /// Keyword: `dealer` (a seat; at random when absent).
    fn new_game(&self, seed: u64, params: &Params) -> Result<DugiState> {
        let mut r = params.reader("new_game");
        let dealer = r.seat("dealer", 4)?;
        r.finish()?;
        Dugi::new_game(self, seed, dealer)
    }

    /// Keywords (`docs/rules/ganjifa.md` Part B): `leader` (absent: the lead
    /// King's holder challenges) and `seed`.
    fn from_deal(&self, deal: &str, params: &Params) -> Result<DugiState> {
        let mut r = params.reader("from_deal");
        let leader = r.seat("leader", 4)?;
        let seed = r.seed("seed")?.unwrap_or(0);
        r.finish()?;
        Dugi::from_deal(self, deal, leader, seed)
    }

    fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        let mut r = params.reader("deal");
        let dealer = r.seat("dealer", 4)?;
        r.finish()?;
        Dugi::deal(self, seed, dealer)
    }

    /// The challengers' sweep search (while the hand is on).
    fn check_search(
        state: &DugiState,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        if state.over {
            return Ok(0);
        }
        let mut g = super::dd::DugiDd::new(&state.cfg, &state.play);
        crate::solve::check::check_play_undo(&mut g, depth, pick)
    }

    fn solve(state: &DugiState, req: &SolveRequest) -> Result<SolveAnswer> {
        state.solve(req)
    }
}

/// The keys of the game's observations after
/// [`crate::describe::CORE_OBSERVATION`]'s ([`Game::describe`]).
const OBSERVATION: &[crate::describe::Field] = &[
    field("dealer", "int", "The dealer of this hand."),
    field("lead_suit", "str", "The suit whose King leads."),
    field("challengers", "[int]", "The challenging side's two seats."),
    field("king_pass", "str?", "The King pass: `made` or `declined` (null before it)."),
    field("leader", "int", "The seat that led the trick in progress."),
    field("cards", "[str]", "Each seat's cards this player may see, compact."),
    field("hand_sizes", "[int]", "How many cards each seat holds."),
    field("challenger_tricks", "int", "Tricks the challengers have won."),
    field("asked", "str?", "The suit asked for in the King pass."),
    field("named", "str?", "The suit named."),
    field("trick_by_seat", "[card?]?", "The trick in progress by seat (null: no card yet); null between tricks."),
    field("last_trick", "map?", "The last finished trick: `cards` (by seat) and `winner`."),
];

//! Dashavatara's place in the registry: the shared [`Game`] surface over
//! [`Dashavatara`].

use super::{DashaState, Dashavatara};
use crate::error::Result;
use crate::game::GameState;
use crate::options::Spec;
use crate::params::Params;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::surface::{Basics, Game};
use crate::describe::field;

impl Game for Dashavatara {
    /// Each player for himself; cards the player captures against the
    /// other two.
    fn describe(&self) -> crate::describe::Description {
        use crate::describe::{kw, Description, Sides};
        let about = "cards the player captures against the other two";
        let mut d = Description::new(Sides::Each, "cards", about);
        d.bounds = true;
        d.quick_hand = Some(16);
        d.from_deal = vec![
            kw(
                "leader",
                "seat",
                false,
                "the seat on lead; absent: the trump Raja's holder",
            ),
            kw("captured", "ints", false, "cards each seat captured before").unasked(),
        ];
        d.observation = OBSERVATION;
        d
    }

    type State = DashaState;

    fn build(_preset: &str, options: &[(String, String)]) -> Result<Dashavatara> {
        Dashavatara::new(options)
    }

    fn basics(&self) -> Basics<'_> {
        let c = self.config();
        Basics::new("dashavatara", &c.options, &c.pack, 3)
    }

    fn specs() -> &'static [Spec] {
        super::config::specs()
    }

    fn encoding(&self) -> Option<std::sync::Arc<dyn crate::encode::Encoding<DashaState>>> {
        Some(std::sync::Arc::new(super::tensor::DashaEncoding::new(self)))
    }

    fn new_game(&self, seed: u64, params: &Params) -> Result<DashaState> {
        params.reader("new_game").finish()?;
        Ok(Dashavatara::new_game(self, seed))
    }

    /// Keywords (`docs/rules/dashavatara.md`): `leader` (absent: the trump
    /// Raja's holder opens) and `captured` (cards each seat captured before).
    fn from_deal(&self, deal: &str, params: &Params) -> Result<DashaState> {
        let mut r = params.reader("from_deal");
        let leader = r.seat("leader", 3)?;
        let captured = r.ints("captured", Some(3), 0, 120)?;
        r.finish()?;
        let captured = captured.map(|c| [c[0] as u32, c[1] as u32, c[2] as u32]);
        Dashavatara::from_deal(self, deal, leader, captured)
    }

    fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        Ok(Game::new_game(self, seed, params)?
            .hands_compact()
            .join(" "))
    }

    /// `trump`: the trump suit's code (Rama by day, Krishna by night).
    fn facts(&self) -> Vec<(&'static str, crate::game::Value)> {
        let c = self.config();
        vec![("trump", c.pack.suits[c.trump as usize].code.clone().into())]
    }

    /// The trick-play search for the seat to move.
    fn check_search(
        state: &DashaState,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        let player = state.current().unwrap_or(0);
        match super::dd::DashaDd::new(state, player) {
            Ok(mut g) => crate::solve::check::check_play_undo(&mut g, depth, pick),
            Err(_) => Ok(0),
        }
    }

    fn solve(state: &DashaState, req: &SolveRequest) -> Result<SolveAnswer> {
        state.solve(req)
    }
}

/// The keys of the game's observations after
/// [`crate::describe::CORE_OBSERVATION`]'s ([`Game::describe`]).
const OBSERVATION: &[crate::describe::Field] = &[
    field("period", "str", "`day` or `night` (which ranks run high)."),
    field("trump", "str", "The trump suit."),
    field("suit_names", "[str]", "The suits' names in pack order."),
    field("dealer", "int", "The dealer of this deal."),
    field("deal", "int", "The deal being played, counted from 1."),
    field("trick_no", "int", "The trick being played in this deal."),
    field("opening", "bool", "Whether the opening trick (the trump Raja alone) is on."),
    field("leader", "int", "The seat that led the trick in progress."),
    field("hand_sizes", "[int]", "How many cards each seat holds."),
    field("ducal", "map?", "A ducal lead in progress: `cards` and `width`."),
    field("owed", "int", "Cards still owed to the ducal lead in progress."),
    field("last_trick", "map?", "The last finished trick: `leader`, `cards` (by seat), `winner`."),
    field("captured_cards", "[[card]]", "The cards each seat has captured in this deal, where this player may see them."),
    field("captured", "[int]", "How many cards each seat has captured in this deal."),
    field("results", "[map]", "The finished deals: `captured` and `winners`."),
    field("legal_actions", "[str]", "The legal actions when this player is to act, else empty."),
];

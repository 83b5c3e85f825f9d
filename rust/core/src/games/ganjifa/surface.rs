//! Individual Ganjifa's place in the registry: the shared [`Game`] surface
//! over [`Ganjifa`].

use super::{Ganjifa, GanjifaState};
use crate::error::Result;
use crate::options::Spec;
use crate::params::Params;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::surface::{Basics, Game};
use crate::describe::field;

impl Game for Ganjifa {
    /// Each player for himself; tricks the player guarantees against the
    /// others as one coalition.
    fn describe(&self) -> crate::describe::Description {
        use crate::describe::{kw, Description, Sides, RANDOM_DEALER};
        let about = "tricks the player guarantees by the end of the hand, tricks won included";
        let mut d = Description::new(Sides::Each, "tricks", about);
        d.quick_hand = Some(16);
        d.bounds = !self.config().dd_expectation;
        d.new_game = vec![RANDOM_DEALER];
        d.from_deal = vec![
            kw(
                "leader",
                "seat",
                false,
                "the seat on lead; absent: the opening is due",
            ),
            kw("phase2", "bool", false, "the hand is in its second phase").unasked(),
            kw("seed", "seed", false, "chance of blind surrenders").unasked(),
        ];
        d.observation = OBSERVATION;
        d
    }

    type State = GanjifaState;

    fn build(_preset: &str, options: &[(String, String)]) -> Result<Ganjifa> {
        Ganjifa::new(options)
    }

    fn basics(&self) -> Basics<'_> {
        let c = self.config();
        Basics::new("ganjifa", &c.options, &c.pack, c.players)
    }

    fn specs() -> &'static [Spec] {
        super::config::specs()
    }

    fn derived_options(&self) -> Vec<(&'static str, String)> {
        vec![("end_phase", crate::options::on_off(self.config().end_phase))]
    }

    fn encoding(&self) -> Option<std::sync::Arc<dyn crate::encode::Encoding<GanjifaState>>> {
        Some(std::sync::Arc::new(super::tensor::GanjifaEncoding::new(
            self,
        )))
    }

    /// Keyword: `dealer` (a seat; at random when absent).
    fn new_game(&self, seed: u64, params: &Params) -> Result<GanjifaState> {
        let mut r = params.reader("new_game");
        let dealer = r.seat("dealer", self.config().players)?;
        r.finish()?;
        Ganjifa::new_game(self, seed, dealer)
    }

    /// Keywords (`docs/rules/ganjifa.md` A.3): `leader` (absent: the opening is
    /// due), `phase2` (Wilkins' second phase) and `seed` (blind surrenders).
    fn from_deal(&self, deal: &str, params: &Params) -> Result<GanjifaState> {
        let mut r = params.reader("from_deal");
        let leader = r.seat("leader", self.config().players)?;
        let phase2 = r.flag("phase2")?.unwrap_or(false);
        let seed = r.seed("seed")?.unwrap_or(0);
        r.finish()?;
        Ganjifa::from_deal(self, deal, leader, phase2, seed)
    }

    fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        let mut r = params.reader("deal");
        let dealer = r.seat("dealer", self.config().players)?;
        r.finish()?;
        Ok(Ganjifa::deal(self, seed, dealer)?.0)
    }

    /// The trick-play search for the seat to move (in the play phase).
    fn check_search(
        state: &GanjifaState,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        if state.phase != super::state::Phase::Play {
            return Ok(0);
        }
        let focal = state.current().unwrap_or(0);
        match super::dd::GanjifaDd::new(&state.cfg, &state.play, focal) {
            Ok(mut g) => crate::solve::check::check_play_undo(&mut g, depth, pick),
            Err(_) => Ok(0),
        }
    }

    fn solve(state: &GanjifaState, req: &SolveRequest) -> Result<SolveAnswer> {
        state.solve(req)
    }
}

/// The keys of the game's observations after
/// [`crate::describe::CORE_OBSERVATION`]'s ([`Game::describe`]).
const OBSERVATION: &[crate::describe::Field] = &[
    field("step", "str", "The step of the phase (an exchange, a surrender, the play ...)."),
    field("dealer", "int", "The dealer of this hand."),
    field("leader", "int", "The seat that led the trick in progress."),
    field("lead_suit", "str", "The suit that leads the hand."),
    field("end_phase", "bool", "Whether the play is in its end phase."),
    field("phase2", "bool", "Whether the play is in its second phase."),
    field("cards", "[str]", "Each seat's cards this player may see, compact."),
    field("hand_sizes", "[int]", "How many cards each seat holds."),
    field("tricks", "[int]", "Tricks each seat has won."),
    field("won", "[str]", "The cards each seat has won, compact."),
    field("trick_detail", "map?", "The lead in progress: `kind`, `leader`, `width`, `opening`, `suit`, `called`, `doubled`, `played`."),
    field("named_suit", "str?", "The suit named for the lead in progress."),
    field("last_trick", "map?", "The last finished trick: `kind`, `leader`, `winner`, `tricks`, `played`."),
    field("last_hand", "map?", "The last hand's result: `dealer`, `tricks`, `net`, `akheri`, `akheri_beaten_by`."),
];

//! The trait objects behind [`super::AnyGame`] and [`super::AnyState`]:
//! implemented once, generically, for every [`Game`] and its states, so the
//! registry needs no per-game code.

use std::any::Any;
use std::sync::Arc;

use crate::encode::{ActionSpace, Encoding, Kind, Layout};
use crate::error::{Error, Result};
use crate::game::{GameState, Value};
use crate::pack::Pack;
use crate::params::Params;
use crate::sample::Determinize;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::surface::{Game, Table, TableRequest};

/// A game behind the registry's surface (implemented once, for every
/// [`Game`]).
pub(super) trait DynGame: Send + Sync {
    fn preset(&self) -> &'static str;
    fn options(&self) -> Vec<(String, String)>;
    fn derived_options(&self) -> Vec<(&'static str, String)>;
    fn pack(&self) -> &Pack;
    fn num_players(&self) -> usize;
    fn facts(&self) -> Vec<(&'static str, Value)>;
    fn extra(&self, name: &str, params: &Params) -> Result<Value>;
    fn describe(&self) -> crate::describe::Description;
    fn new_game(&self, seed: u64, params: &Params) -> Result<Box<dyn DynState>>;
    #[allow(clippy::wrong_self_convention)]
    fn from_deal(&self, deal: &str, params: &Params) -> Result<Box<dyn DynState>>;
    fn deal(&self, seed: u64, params: &Params) -> Result<String>;
    fn dd_table(&self, req: &TableRequest<'_>) -> Result<Table>;
    fn as_any(&self) -> &dyn std::any::Any;
    fn encoding(&self) -> Option<&dyn DynEncoding>;
}

/// A state behind the registry's surface (implemented once, for the
/// states of every [`Game`]).
pub(super) trait DynState: GameState + std::fmt::Debug {
    fn clone_box(&self) -> Box<dyn DynState>;
    fn determinize(&self, player: usize, seed: u64) -> Result<Box<dyn DynState>>;
    fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer>;
    fn check_search(
        &self,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String>;
    fn as_any(&self) -> &dyn std::any::Any;
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

/// A game of the registry, with its encoding once asked for.
pub(super) struct Held<G: Game>(pub(super) G, std::sync::OnceLock<Option<Erased<G>>>);

impl<G: Game> Held<G> {
    pub(super) fn new(g: G) -> Held<G> {
        Held(g, std::sync::OnceLock::new())
    }
}

/// The state of game `G`.
pub(super) struct StateOf<G: Game>(G::State);

impl<G: Game> std::fmt::Debug for StateOf<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.render())
    }
}

pub(super) fn boxed<G: Game>(s: G::State) -> Box<dyn DynState> {
    Box::new(StateOf::<G>(s))
}

impl<G: Game> DynGame for Held<G> {
    fn preset(&self) -> &'static str {
        self.0.preset()
    }
    fn options(&self) -> Vec<(String, String)> {
        self.0.options()
    }
    fn derived_options(&self) -> Vec<(&'static str, String)> {
        self.0.derived_options()
    }
    fn pack(&self) -> &Pack {
        self.0.pack()
    }
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn facts(&self) -> Vec<(&'static str, Value)> {
        self.0.facts()
    }
    fn extra(&self, name: &str, params: &Params) -> Result<Value> {
        self.0.extra(name, params)
    }
    fn describe(&self) -> crate::describe::Description {
        self.0.describe()
    }
    fn new_game(&self, seed: u64, params: &Params) -> Result<Box<dyn DynState>> {
        Ok(boxed::<G>(self.0.new_game(seed, params)?))
    }
    fn from_deal(&self, deal: &str, params: &Params) -> Result<Box<dyn DynState>> {
        Ok(boxed::<G>(self.0.from_deal(deal, params)?))
    }
    fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        self.0.deal(seed, params)
    }
    fn dd_table(&self, req: &TableRequest<'_>) -> Result<Table> {
        self.0.dd_table(req)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        &self.0
    }
    fn encoding(&self) -> Option<&dyn DynEncoding> {
        self.1
            .get_or_init(|| self.0.encoding().map(Erased))
            .as_ref()
            .map(|e| e as &dyn DynEncoding)
    }
}

impl<G: Game> DynState for StateOf<G> {
    fn clone_box(&self) -> Box<dyn DynState> {
        boxed::<G>(self.0.clone())
    }
    fn determinize(&self, player: usize, seed: u64) -> Result<Box<dyn DynState>> {
        Ok(boxed::<G>(self.0.determinize(player, seed)?))
    }
    fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        G::solve(&self.0, req)
    }
    fn check_search(
        &self,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        G::check_search(&self.0, depth, pick)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        &self.0
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        &mut self.0
    }
}

/// The state trait delegated to the held state.
impl<G: Game> GameState for StateOf<G> {
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn current_player(&self) -> Option<usize> {
        self.0.current_player()
    }
    fn legal_actions(&self) -> Vec<String> {
        self.0.legal_actions()
    }
    fn apply(&mut self, action: &str) -> Result<()> {
        self.0.apply(action)
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn returns(&self) -> Vec<f64> {
        self.0.returns()
    }
    fn observation(&self, player: usize) -> Result<Value> {
        self.0.observation(player)
    }
    fn render(&self) -> String {
        self.0.render()
    }
    fn box_clone(&self) -> Box<dyn GameState> {
        self.0.box_clone()
    }
    fn history(&self) -> Vec<String> {
        self.0.history()
    }
    fn phase_name(&self) -> &'static str {
        self.0.phase_name()
    }
    fn hands_compact(&self) -> Vec<String> {
        self.0.hands_compact()
    }
    fn seen_action(&self, action: &str, viewer: usize) -> String {
        self.0.seen_action(action, viewer)
    }
    fn trick_facts(&self, seat: usize) -> Result<crate::game::TrickFacts> {
        self.0.trick_facts(seat)
    }
}

/// A game's encoding with its state type erased.
pub(super) trait DynEncoding: Send + Sync {
    fn layout(&self, kind: Kind) -> &Layout;
    fn encode(&self, s: &dyn Any, player: usize, kind: Kind, out: &mut [f32]) -> Result<()>;
    fn actions(&self) -> &ActionSpace;
    fn action_id(&self, s: Option<&dyn Any>, action: &str) -> Result<usize>;
    fn id_action(&self, s: Option<&dyn Any>, id: usize) -> Result<String>;
    fn legal_ids(&self, s: &dyn Any, out: &mut Vec<usize>) -> Result<()>;
    fn apply_id(&self, s: &mut dyn Any, id: usize) -> Result<()>;
    fn hand_number(&self, s: &dyn Any) -> Result<usize>;
}

/// The encoding of game `G`.
pub(super) struct Erased<G: Game>(pub(super) Arc<dyn Encoding<G::State>>);

fn foreign() -> Error {
    Error::State("the state belongs to another game".into())
}

fn state<G: Game>(s: &dyn Any) -> Result<&G::State> {
    s.downcast_ref::<G::State>().ok_or_else(foreign)
}

impl<G: Game> DynEncoding for Erased<G> {
    fn layout(&self, kind: Kind) -> &Layout {
        self.0.layout(kind)
    }
    fn encode(&self, s: &dyn Any, player: usize, kind: Kind, out: &mut [f32]) -> Result<()> {
        self.0.encode(state::<G>(s)?, player, kind, out);
        Ok(())
    }
    fn actions(&self) -> &ActionSpace {
        self.0.actions()
    }
    fn action_id(&self, s: Option<&dyn Any>, action: &str) -> Result<usize> {
        let s = s.map(state::<G>).transpose()?;
        self.0.action_id(s, action)
    }
    fn id_action(&self, s: Option<&dyn Any>, id: usize) -> Result<String> {
        let s = s.map(state::<G>).transpose()?;
        self.0.id_action(s, id)
    }
    fn legal_ids(&self, s: &dyn Any, out: &mut Vec<usize>) -> Result<()> {
        self.0.legal_ids(state::<G>(s)?, out)
    }
    fn apply_id(&self, s: &mut dyn Any, id: usize) -> Result<()> {
        let s = s.downcast_mut::<G::State>().ok_or_else(foreign)?;
        self.0.apply_id(s, id)
    }
    fn hand_number(&self, s: &dyn Any) -> Result<usize> {
        Ok(self.0.hand_number(state::<G>(s)?))
    }
}

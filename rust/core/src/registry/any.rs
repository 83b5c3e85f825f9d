//! The type-erased game and state: [`AnyGame`] (a game of any family, built
//! from a catalog name) and [`AnyState`] (a state of any game, with the
//! [`Origin`] that replays it), over the trait objects of `dynamic`.

use std::sync::Arc;

use super::dynamic::{DynGame, DynState};
use super::{entry, Entry};
use crate::error::{check_seat, Error, Result};
use crate::game::{GameState, Value};
use crate::pack::Pack;
use crate::params::Params;
use crate::solve::request::{SolveAnswer, SolveRequest};
use crate::surface::{Game, OptionInfo, Table, TableRequest};

/// The longest action text read, in bytes (the longest action of any game,
/// a Ganjifa compound lead of a whole suit, is under 60).
pub const MAX_ACTION_TEXT: usize = 96;

/// A game of any family, built from a registry name (cheap to clone).
#[derive(Clone)]
pub struct AnyGame(pub(super) Arc<dyn DynGame>);

impl std::fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyGame({:?}, {:?})", self.preset(), self.options())
    }
}

impl AnyGame {
    /// The game of registry name `name` with `options` applied.
    pub fn new(name: &str, options: &[(String, String)]) -> Result<AnyGame> {
        let e = entry(name)?;
        Ok(AnyGame((e.build)(e.name, options)?))
    }

    /// What each option of registry name `name` accepts, with its default.
    pub fn option_info(name: &str) -> Result<Vec<OptionInfo>> {
        let e = entry(name)?;
        Ok((e.info)(e.name))
    }

    /// The registry entry of the game's preset.
    pub fn entry(&self) -> &'static Entry {
        entry(self.preset()).expect("a game's preset is in the registry")
    }

    /// The preset's name.
    pub fn preset(&self) -> &'static str {
        self.0.preset()
    }

    /// The game module's name.
    pub fn family(&self) -> &'static str {
        self.entry().family
    }

    /// The game of module type `G`, if it is one.
    pub fn downcast<G: Game>(&self) -> Option<&G> {
        self.0.as_any().downcast_ref::<G>()
    }

    /// The options as given, normalised, with those they imply, sorted by
    /// name (so the same options in any order make the same game).
    pub fn options(&self) -> Vec<(String, String)> {
        let mut o = self.0.options();
        o.sort();
        o
    }

    /// Every option of the preset with the value in effect, sorted by name:
    /// the given options and those they imply, then the values of the
    /// options that depend on others as the game resolved them, then the
    /// preset's defaults. An option with no single value (see
    /// [`Game::derived_options`]) is left out.
    pub fn effective_options(&self) -> Vec<(String, String)> {
        let given = self.0.options();
        let derived = self.0.derived_options();
        let info = AnyGame::option_info(self.preset()).expect("a game's preset is in the registry");
        let mut o: Vec<(String, String)> = info
            .into_iter()
            .filter_map(|i| {
                let value = given
                    .iter()
                    .find(|(k, _)| k == i.name)
                    .map(|(_, v)| v.clone())
                    .or_else(|| {
                        derived
                            .iter()
                            .find(|(k, _)| *k == i.name)
                            .map(|(_, v)| v.clone())
                    })
                    .or(i.default)?;
                Some((i.name.to_string(), value))
            })
            .collect();
        o.sort();
        o
    }

    /// The pack in play.
    pub fn pack(&self) -> &Pack {
        self.0.pack()
    }

    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.0.num_players()
    }

    /// Facts of the configured game (see [`Game::facts`]).
    pub fn facts(&self) -> Vec<(&'static str, Value)> {
        self.0.facts()
    }

    /// A game's extra by name (see [`Game::extra`]: Naqsh's `stock`).
    pub fn extra(&self, name: &str, params: &Params) -> Result<Value> {
        self.0.extra(name, params)
    }

    /// What the game is for its surfaces ([`crate::describe`]).
    pub fn describe(&self) -> crate::describe::Description {
        self.0.describe()
    }

    /// A whole match seeded by `seed`.
    pub fn new_game(&self, seed: u64, params: &Params) -> Result<AnyState> {
        let inner = self.0.new_game(seed, params)?;
        Ok(self.wrap(
            Origin::Match {
                seed,
                params: params.clone(),
            },
            inner,
        ))
    }

    /// One hand from a position given by `deal` and the game's keywords.
    /// The origin keeps the deal in its plain form (hands in seat order, no
    /// first-seat prefix, compact notation), so the same position written
    /// two ways makes equal states.
    pub fn from_deal(&self, deal: &str, params: &Params) -> Result<AnyState> {
        let inner = self.0.from_deal(deal, params)?;
        let pack = self.pack();
        let body = deal.trim_start();
        let count = body
            .get(2..)
            .filter(|_| body.get(1..2) == Some(":"))
            .unwrap_or(body)
            .split_whitespace()
            .count();
        let plain = pack
            .parse_deal(deal, count)
            .map(|h| pack.format_deal(&h))
            .unwrap_or_else(|_| deal.to_string());
        Ok(self.wrap(
            Origin::Deal {
                deal: plain,
                params: params.clone(),
            },
            inner,
        ))
    }

    pub(super) fn wrap(&self, origin: Origin, inner: Box<dyn DynState>) -> AnyState {
        AnyState {
            game: self.clone(),
            inner,
            origin: Arc::new(origin),
            base: 0,
        }
    }

    /// The cards of the first deal of `new_game(seed, params)`, seat 0
    /// first.
    pub fn deal(&self, seed: u64, params: &Params) -> Result<String> {
        self.0.deal(seed, params)
    }

    /// The double-dummy table of a deal, where the game has one.
    pub fn dd_table(&self, req: &TableRequest<'_>) -> Result<Table> {
        self.0.dd_table(req)
    }
}

/// How a state was made: replaying its origin and then its actions gives
/// the same state (hand records and pickling rely on it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// `new_game(seed, params)`.
    Match {
        /// The match's seed.
        seed: u64,
        /// The starting keywords.
        params: Params,
    },
    /// `from_deal(deal, params)`.
    Deal {
        /// The deal as given.
        deal: String,
        /// The `from_deal` keywords.
        params: Params,
    },
    /// `determinize(player, seed)` of the state made by `from` and then
    /// `actions`.
    Sample {
        /// The sampled state's origin.
        from: Arc<Origin>,
        /// The sampled state's actions since its origin.
        actions: Vec<String>,
        /// The player whose view was kept.
        player: usize,
        /// The sample's seed.
        seed: u64,
    },
    /// Twenty-eight: `open_position(bidder, trump)` of the state made by
    /// `from` and then `actions`.
    Open {
        /// The origin of the state whose deal was taken.
        from: Arc<Origin>,
        /// That state's actions since its origin.
        actions: Vec<String>,
        /// The bidder.
        bidder: usize,
        /// The trump suit's code.
        trump: String,
    },
}

/// A state of any game, with its game and how it was made.
pub struct AnyState {
    pub(super) game: AnyGame,
    pub(super) inner: Box<dyn DynState>,
    pub(super) origin: Arc<Origin>,
    /// Actions of the history that the origin itself accounts for (a
    /// sampled state keeps the history of the state it was sampled from).
    pub(super) base: usize,
}

impl Clone for AnyState {
    fn clone(&self) -> AnyState {
        AnyState {
            game: self.game.clone(),
            inner: self.inner.clone_box(),
            origin: self.origin.clone(),
            base: self.base,
        }
    }
}

impl std::fmt::Debug for AnyState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyState({:?}, {:?})", self.game, self.inner)
    }
}

impl AnyState {
    /// The game this state belongs to.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// How the state was made.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The state of module type `G`'s states, if it is one.
    pub fn downcast<G: Game>(&self) -> Option<&G::State> {
        self.inner.as_any().downcast_ref::<G::State>()
    }

    /// The actions applied since the origin (the whole history for a match
    /// or a position; those after the sample for a sampled state).
    pub fn actions(&self) -> Vec<String> {
        let h = self.history();
        h[self.base.min(h.len())..].to_vec()
    }

    /// A state derived from this one (same game), made by `origin`.
    pub(super) fn derived(&self, inner: Box<dyn DynState>, origin: Origin) -> AnyState {
        let base = inner.history().len();
        AnyState {
            game: self.game.clone(),
            inner,
            origin: Arc::new(origin),
            base,
        }
    }

    /// Rebuilds a state from its game, origin and actions since.
    pub fn replay(game: &AnyGame, origin: &Origin, actions: &[String]) -> Result<AnyState> {
        let mut s = match origin {
            Origin::Match { seed, params } => game.new_game(*seed, params)?,
            Origin::Deal { deal, params } => game.from_deal(deal, params)?,
            Origin::Sample {
                from,
                actions,
                player,
                seed,
            } => AnyState::replay(game, from, actions)?.determinize(*player, *seed)?,
            Origin::Open {
                from,
                actions,
                bidder,
                trump,
            } => AnyState::replay(game, from, actions)?.open_position(*bidder, trump)?,
        };
        for (i, a) in actions.iter().enumerate() {
            s.apply(a).map_err(|e| match e {
                Error::IllegalAction(m) => {
                    Error::IllegalAction(format!("action {} of the record: {}", i, m))
                }
                other => other,
            })?;
        }
        Ok(s)
    }

    /// The phase's name.
    pub fn phase_name(&self) -> &'static str {
        self.inner.phase_name()
    }

    /// Every seat's cards now, compact (a god's-eye view).
    pub fn hands(&self) -> Vec<String> {
        self.inner.hands_compact()
    }

    /// An error unless `player` is one of the game's players.
    pub(super) fn player_in_range(&self, player: usize) -> Result<()> {
        let n = self.num_players();
        check_seat("player", player, n)?;
        Ok(())
    }

    /// The history as `viewer` saw it, action by action
    /// ([`GameState::seen_action`]): the actions of [`GameState::history`]
    /// with the cards `viewer` was not shown written `?`. Replays the
    /// state from its origin, so it takes time in proportion to the
    /// history.
    pub fn seen_history(&self, viewer: usize) -> Result<Vec<String>> {
        self.player_in_range(viewer)?;
        // A sampled state keeps the history of the state it was sampled
        // from: that state tells how it was seen.
        let mut seen = match (&*self.origin, self.base) {
            (_, 0) => Vec::new(),
            (Origin::Sample { from, actions, .. } | Origin::Open { from, actions, .. }, _) => {
                AnyState::replay(&self.game, from, actions)?.seen_history(viewer)?
            }
            _ => Vec::new(),
        };
        if seen.len() != self.base {
            return Err(Error::State(format!(
                "the history before this state's origin has {} actions, its origin {}",
                self.base,
                seen.len()
            )));
        }
        let mut s = AnyState::replay(&self.game, &self.origin, &[])?;
        for a in self.actions() {
            seen.push(s.seen_action(&a, viewer));
            s.apply(&a)?;
        }
        Ok(seen)
    }

    /// A copy in which every card `player` cannot see is dealt again at
    /// random, consistently with what `player` has seen, seeded by `seed`.
    pub fn determinize(&self, player: usize, seed: u64) -> Result<AnyState> {
        self.player_in_range(player)?;
        let inner = self.inner.determinize(player, seed)?;
        Ok(self.derived(
            inner,
            Origin::Sample {
                from: self.origin.clone(),
                actions: self.actions(),
                player,
                seed,
            },
        ))
    }

    /// See [`Game::check_search`]: play and undo on every search game of
    /// this state, checked (for tests and fuzzing).
    pub fn check_search(
        &self,
        depth: usize,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> std::result::Result<usize, String> {
        self.inner.check_search(depth, pick)
    }

    /// The double-dummy answer to `req`, its actions in the order of
    /// [`GameState::legal_actions`].
    pub fn solve(&self, req: &SolveRequest) -> Result<SolveAnswer> {
        use crate::solve::request::{in_legal_order, Extra};
        let mut a = self.inner.solve(req)?;
        let legal = self.legal_actions();
        a.actions = in_legal_order(&legal, std::mem::take(&mut a.actions));
        match &mut a.extra {
            Extra::Tricks { actions, .. } => {
                *actions = in_legal_order(&legal, std::mem::take(actions))
            }
            Extra::Expected { actions, .. } => {
                *actions = in_legal_order(&legal, std::mem::take(actions))
            }
            Extra::None | Extra::FirstTrick(_) | Extra::Contract(_) => {}
        }
        Ok(a)
    }
}

impl GameState for AnyState {
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    fn current_player(&self) -> Option<usize> {
        self.inner.current_player()
    }
    fn legal_actions(&self) -> Vec<String> {
        self.inner.legal_actions()
    }
    fn apply(&mut self, action: &str) -> Result<()> {
        if action.len() > MAX_ACTION_TEXT {
            return Err(crate::error::Error::IllegalAction(format!(
                "bad action {}: actions are at most {} characters",
                crate::notation::quoted(action),
                MAX_ACTION_TEXT
            )));
        }
        self.inner.apply(action)
    }
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }
    fn observation(&self, player: usize) -> Result<Value> {
        self.inner.observation(player)
    }
    fn render(&self) -> String {
        self.inner.render()
    }
    fn box_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }
    fn phase_name(&self) -> &'static str {
        self.inner.phase_name()
    }
    fn hands_compact(&self) -> Vec<String> {
        self.inner.hands_compact()
    }
    fn seen_action(&self, action: &str, viewer: usize) -> String {
        self.inner.seen_action(action, viewer)
    }
    fn trick_facts(&self, seat: usize) -> Result<crate::game::TrickFacts> {
        self.inner.trick_facts(seat)
    }
}

impl PartialEq for AnyState {
    /// Two states are equal when they belong to the same preset with the
    /// same options, were made the same way and have the same history:
    /// every game is deterministic given these, so they are the same
    /// position with the same future.
    fn eq(&self, other: &AnyState) -> bool {
        self.game.preset() == other.game.preset()
            && self.game.options() == other.game.options()
            && self.origin == other.origin
            && self.history() == other.history()
    }
}

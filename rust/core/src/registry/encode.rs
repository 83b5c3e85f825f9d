//! Tensors and action ids of any game through the registry: the methods of
//! [`AnyGame`] and [`AnyState`] that read the game's encoding (behind the
//! trait object `DynEncoding` of `dynamic.rs`).

use super::dynamic::DynEncoding;
use super::{AnyGame, AnyState};
use crate::encode::{ActionSpace, Kind, Layout};
use crate::error::{Error, Result};

impl AnyGame {
    pub(super) fn encoder(&self) -> Result<&dyn DynEncoding> {
        self.0.encoding().ok_or_else(|| {
            Error::State(format!(
                "{} has no observation tensors or action ids yet",
                self.preset()
            ))
        })
    }

    /// The layout of the tensors of `kind`.
    pub fn layout(&self, kind: Kind) -> Result<&Layout> {
        Ok(self.encoder()?.layout(kind))
    }

    /// The action ids and their segments.
    pub fn action_space(&self) -> Result<&ActionSpace> {
        Ok(self.encoder()?.actions())
    }

    /// Number of action ids.
    pub fn num_distinct_actions(&self) -> Result<usize> {
        Ok(self.encoder()?.actions().len())
    }

    /// The id of an action whose id does not depend on the state.
    pub fn action_id(&self, action: &str) -> Result<usize> {
        self.encoder()?.action_id(None, action)
    }

    /// The action string of an id that does not depend on the state.
    pub fn id_action(&self, id: usize) -> Result<String> {
        self.encoder()?.id_action(None, id)
    }
}

impl AnyState {
    /// The tensor of `kind` of this state as `player` sees it.
    pub fn tensor(&self, player: usize, kind: Kind) -> Result<Vec<f32>> {
        let mut v = vec![0.0; self.game.layout(kind)?.len()];
        self.tensor_into(player, kind, &mut v)?;
        Ok(v)
    }

    /// Writes the tensor of `kind` as `player` sees it into `out` (of the
    /// layout's length).
    pub fn tensor_into(&self, player: usize, kind: Kind, out: &mut [f32]) -> Result<()> {
        self.player_in_range(player)?;
        let e = self.game.encoder()?;
        let n = e.layout(kind).len();
        if out.len() != n {
            return Err(Error::State(format!(
                "a tensor of {} values needs room for {}",
                n,
                out.len()
            )));
        }
        out.fill(0.0);
        e.encode(self.inner.as_any(), player, kind, out)
    }

    /// [`AnyState::tensor_into`] for an `out` already all zeros (the
    /// self-play batches zero each row where they write it).
    pub(crate) fn tensor_into_zeroed(
        &self,
        player: usize,
        kind: Kind,
        out: &mut [f32],
    ) -> Result<()> {
        self.player_in_range(player)?;
        let e = self.game.encoder()?;
        if out.len() != e.layout(kind).len() {
            return self.tensor_into(player, kind, out);
        }
        debug_assert!(out.iter().all(|&x| x == 0.0));
        e.encode(self.inner.as_any(), player, kind, out)
    }

    /// The ids of the legal actions, in increasing order.
    pub fn legal_ids(&self) -> Result<Vec<usize>> {
        let mut v = Vec::new();
        self.legal_ids_into(&mut v)?;
        Ok(v)
    }

    /// Replaces `out` by the ids of the legal actions, in increasing order.
    pub fn legal_ids_into(&self, out: &mut Vec<usize>) -> Result<()> {
        out.clear();
        self.game.encoder()?.legal_ids(self.inner.as_any(), out)?;
        out.sort_unstable();
        Ok(())
    }

    /// The id of an action (in this state: ids numbered by the hand are
    /// read from the acting player's hand).
    pub fn action_id(&self, action: &str) -> Result<usize> {
        self.game
            .encoder()?
            .action_id(Some(self.inner.as_any()), action)
    }

    /// The action string of an id in this state.
    pub fn id_action(&self, id: usize) -> Result<String> {
        self.game
            .encoder()?
            .id_action(Some(self.inner.as_any()), id)
    }

    /// Applies the action of `id`; an illegal id changes nothing.
    pub fn apply_id(&mut self, id: usize) -> Result<()> {
        // The game is borrowed, not cloned: a clone would write its shared
        // reference count, which threads stepping games of one `AnyGame`
        // would then fight over.
        self.game.encoder()?.apply_id(self.inner.as_any_mut(), id)
    }

    /// The number of the hand in play (it changes when the next hand of a
    /// match is dealt).
    pub fn hand_number(&self) -> Result<usize> {
        self.game.encoder()?.hand_number(self.inner.as_any())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{AnyGame, ALL};
    use crate::encode::Kind;
    use crate::game::GameState;
    use crate::params::Params;
    use crate::rng::Rng;

    /// Every preset: the legal ids are distinct, one per legal action, and
    /// each id reads back as its action; tensors have the layout's length.
    #[test]
    fn every_preset_numbers_its_legal_actions() {
        for e in ALL {
            let g = AnyGame::new(e.name, &[]).unwrap();
            let obs = g.layout(Kind::Observation).unwrap().len();
            let mut s = g.new_game(3, &Params::new()).unwrap();
            let mut rng = Rng::new(5);
            for _ in 0..60 {
                let Some(p) = s.current_player() else { break };
                let legal = s.legal_actions();
                let ids = s.legal_ids().unwrap();
                assert_eq!(ids.len(), legal.len(), "{}", e.name);
                assert!(ids.windows(2).all(|w| w[0] < w[1]), "{}", e.name);
                let mut back: Vec<String> = ids.iter().map(|&i| s.id_action(i).unwrap()).collect();
                let mut want = legal.clone();
                back.sort();
                want.sort();
                assert_eq!(back, want, "{}", e.name);
                assert_eq!(s.tensor(p, Kind::Observation).unwrap().len(), obs);
                let pick = ids[rng.below(ids.len() as u64) as usize];
                s.apply_id(pick).unwrap();
            }
        }
    }
}

//! Checks of a [`TrickGame`]'s play and undo, for tests and fuzzing.
//!
//! The search plays and takes back millions of moves on one game value, so a
//! field that `undo` forgets to restore (a score, a suit length, a key part)
//! silently changes every answer after it. [`check_play_undo`] walks a game
//! down a line chosen by the caller and, on the way back, asserts that every
//! `undo` leaves the game exactly as it was: the seat to move, the ply, the
//! value still to win, the trick-start flag, the move lists (with every
//! optimisation and with none), the cut-off key, the table key and the cheap
//! bounds at trick starts, and the sure-trick answers in the middle of
//! tricks.
//!
//! ```
//! use hukm_core::pack::Pack;
//! use hukm_core::solve::check::check_play_undo;
//! use hukm_core::solve::{Whist, WhistPosition};
//! let p = Pack::french52();
//! let hands = p.parse_deal("AKQ... JT9... 876... 543...", 4).unwrap();
//! let mut g = Whist::<4>::new(&WhistPosition::new(hands, None, 0), [0, 1, 0, 1]).unwrap();
//! let mut x = 7usize;
//! let played = check_play_undo(&mut g, 12, &mut |n| { x = x * 31 + 17; x % n }).unwrap();
//! assert_eq!(played, 12);
//! ```

use super::game::{MoveList, Switches, TrickGame, TtKey};

/// What a game shows between moves (compared before a play and after its
/// undo).
#[derive(Debug, PartialEq)]
struct Snapshot<P> {
    to_move: usize,
    ply: usize,
    remaining: u32,
    at_trick_start: bool,
    moves_all: usize,
    moves_none: usize,
    cutoff_key: u64,
    tt_key: Option<TtKey<P>>,
    bounds: Option<(u32, u32)>,
    sure: Vec<Option<bool>>,
}

fn snapshot<G: TrickGame>(
    g: &G,
    all: &MoveList<G::Move>,
    none: &MoveList<G::Move>,
) -> Snapshot<G::Pattern> {
    let start = g.at_trick_start();
    let sw = Switches::default();
    let rem = g.remaining();
    let sure = if start {
        Vec::new()
    } else {
        (0..2)
            .flat_map(|side| [1, rem.div_ceil(2), rem].map(move |need| (side, need)))
            .map(|(side, need)| g.sure_trick(side, need).map(|_| true))
            .collect()
    };
    Snapshot {
        to_move: g.to_move(),
        ply: g.ply(),
        remaining: rem,
        at_trick_start: start,
        moves_all: all.len(),
        moves_none: none.len(),
        cutoff_key: g.cutoff_key(),
        tt_key: start.then(|| g.tt_key()),
        bounds: start.then(|| {
            let b = g.lead_bounds(&sw);
            (b.lower, b.upper)
        }),
        sure,
    }
}

/// Plays up to `depth` moves on `g`, each chosen by `pick(number of legal
/// moves)` among the moves listed with every optimisation off, then takes
/// them all back, checking on the way back that every undo restores what
/// the game shows (see the module documentation). Also checks that the
/// moves listed with the switches on are legal and that a move keeps the
/// ply count in step. Returns the
/// number of moves played, or a description of the first difference.
pub fn check_play_undo<G: TrickGame>(
    g: &mut G,
    depth: usize,
    pick: &mut dyn FnMut(usize) -> usize,
) -> Result<usize, String>
where
    G::Pattern: std::fmt::Debug,
{
    let mut all = MoveList::new();
    let mut none = MoveList::new();
    g.moves(&mut all, &Switches::default());
    g.moves(&mut none, &Switches::none());
    let before = snapshot(g, &all, &none);
    if none.is_empty() || depth == 0 {
        return Ok(0);
    }
    if all.is_empty() {
        return Err("moves listed with every switch off but none with every switch on".into());
    }
    for &m in all.as_slice() {
        if !none.as_slice().contains(&m) {
            return Err("a move listed with the switches on is not a legal move".into());
        }
    }
    let m = none.as_slice()[pick(none.len()) % none.len()];
    g.play(m);
    if g.ply() != before.ply + 1 {
        return Err(format!(
            "ply {} after a move from ply {}",
            g.ply(),
            before.ply
        ));
    }
    let below = check_play_undo(g, depth - 1, pick)?;
    g.undo(m);
    let mut all2 = MoveList::new();
    let mut none2 = MoveList::new();
    g.moves(&mut all2, &Switches::default());
    g.moves(&mut none2, &Switches::none());
    let after = snapshot(g, &all2, &none2);
    if after != before {
        return Err(format!(
            "undo at ply {} did not restore the game:\nbefore {:?}\nafter  {:?}",
            before.ply, before, after
        ));
    }
    if none2.as_slice() != none.as_slice() {
        return Err(format!(
            "undo at ply {} changed the legal moves",
            before.ply
        ));
    }
    Ok(below + 1)
}

#[cfg(test)]
mod tests {
    use super::check_play_undo;
    use crate::pack::Pack;
    use crate::solve::{Whist, WhistPosition};

    #[test]
    fn whole_deals_play_and_undo_cleanly() {
        let p = Pack::french52();
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut pick = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        for seed in 0..20u64 {
            let mut cards: Vec<_> = p.cards().to_vec();
            crate::rng::Rng::new(seed).shuffle(&mut cards);
            let hands: Vec<_> = cards
                .chunks(13)
                .map(|c| c.iter().copied().collect())
                .collect();
            let trump = (seed % 5 < 4).then_some((seed % 5) as u8);
            let pos = WhistPosition::new(hands, trump, (seed % 4) as usize);
            let mut g = Whist::<4>::new(&pos, [0, 1, 0, 1]).unwrap();
            assert_eq!(check_play_undo(&mut g, 52, &mut pick), Ok(52));
        }
    }
}

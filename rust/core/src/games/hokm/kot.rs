//! The kot query of `rules/hokm.md` §16: can a side win the first seven
//! tricks in a row? A separate exact AND/OR search over the next tricks only
//! (the side must win every one of them; the other side needs a single trick),
//! with equivalent cards collapsed and a node limit.

use super::rules::{legal_plays, trick_winner};
use crate::card::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::pack::Pack;

/// A kot search: whist trick play for four, partnerships {0,2} and {1,3}.
pub struct KotSearch<'a> {
    pack: &'a Pack,
    trump: Option<Suit>,
    side: usize,
    /// Nodes visited so far.
    pub nodes: u64,
    max_nodes: u64,
    /// Answers already known at trick starts: (hands, leader, tricks needed).
    memo: std::collections::HashMap<([u128; 4], u8, u8), bool>,
}

impl<'a> KotSearch<'a> {
    /// A search for `side` (0 = seats 0 and 2, 1 = seats 1 and 3).
    pub fn new(
        pack: &'a Pack,
        trump: Option<Suit>,
        side: usize,
        max_nodes: Option<u64>,
    ) -> KotSearch<'a> {
        KotSearch {
            pack,
            trump,
            side,
            nodes: 0,
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            memo: std::collections::HashMap::new(),
        }
    }

    /// The cards worth trying for `seat`: of each run of cards adjacent among
    /// the cards still out (same holder, nothing between), only one.
    fn candidates(&self, legal: CardSet, out: CardSet) -> Vec<Card> {
        let mut v: Vec<Card> = Vec::new();
        let mut prev: Option<Card> = None;
        for c in legal.iter().rev() {
            if let Some(p) = prev {
                let between = CardSet((p.set().0 - 1) & !((c.set().0 << 1) - 1)) & out;
                if self.pack.suit_of(p) == self.pack.suit_of(c) && between.is_empty() {
                    prev = Some(c);
                    continue;
                }
            }
            v.push(c);
            prev = Some(c);
        }
        v
    }

    /// True when `side` can win each of the next `k` tricks whatever the
    /// others do, from a position where `trick` has been played by the seats
    /// from `leader` on.
    pub fn wins_all(
        &mut self,
        hands: &mut [CardSet; 4],
        leader: usize,
        trick: &mut Vec<Card>,
        k: u32,
    ) -> Result<bool> {
        if k == 0 {
            return Ok(true);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Error::SolverLimit(format!(
                "kot search passed {} nodes",
                self.max_nodes
            )));
        }
        let seat = (leader + trick.len()) % 4;
        if hands[seat].is_empty() {
            return Ok(false);
        }
        let key = (
            [hands[0].0, hands[1].0, hands[2].0, hands[3].0],
            leader as u8,
            k as u8,
        );
        if trick.is_empty() {
            if let Some(&r) = self.memo.get(&key) {
                return Ok(r);
            }
        }
        let r = self.search(hands, leader, trick, k, seat)?;
        if trick.is_empty() {
            if self.memo.len() > 1 << 18 {
                self.memo.clear();
            }
            self.memo.insert(key, r);
        }
        Ok(r)
    }

    fn search(
        &mut self,
        hands: &mut [CardSet; 4],
        leader: usize,
        trick: &mut Vec<Card>,
        k: u32,
        seat: usize,
    ) -> Result<bool> {
        let led = trick.first().copied();
        let legal = legal_plays(self.pack, hands[seat], led);
        // Cards still in play, those of the trick in progress included (a card
        // played to this trick can separate two of ours).
        let mut out: CardSet = trick.iter().copied().collect();
        for h in hands.iter() {
            out |= *h;
        }
        let ours = seat % 2 == self.side;
        for c in self.candidates(legal, out) {
            hands[seat].remove(c);
            trick.push(c);
            let r = if trick.len() == 4 {
                let w = (leader + trick_winner(self.pack, trick, self.trump)) % 4;
                let done = std::mem::take(trick);
                let r = if w % 2 == self.side {
                    self.wins_all(hands, w, trick, k - 1)
                } else {
                    Ok(false)
                };
                *trick = done;
                r
            } else {
                self.wins_all(hands, leader, trick, k)
            };
            trick.pop();
            hands[seat].insert(c);
            let r = r?;
            if r == ours {
                return Ok(r);
            }
        }
        Ok(!ours)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(
        pack: &Pack,
        hands: &mut [CardSet; 4],
        trump: Option<Suit>,
        side: usize,
        leader: usize,
        trick: &mut Vec<Card>,
        k: u32,
    ) -> bool {
        if k == 0 {
            return true;
        }
        let seat = (leader + trick.len()) % 4;
        if hands[seat].is_empty() {
            return false;
        }
        let legal = legal_plays(pack, hands[seat], trick.first().copied());
        let mut results = Vec::new();
        for c in legal.iter() {
            hands[seat].remove(c);
            trick.push(c);
            let r = if trick.len() == 4 {
                let w = (leader + trick_winner(pack, trick, trump)) % 4;
                let done = std::mem::take(trick);
                let r = w % 2 == side && brute(pack, hands, trump, side, w, trick, k - 1);
                *trick = done;
                r
            } else {
                brute(pack, hands, trump, side, leader, trick, k)
            };
            trick.pop();
            hands[seat].insert(c);
            results.push(r);
        }
        if seat % 2 == side {
            results.iter().any(|&x| x)
        } else {
            results.iter().all(|&x| x)
        }
    }

    #[test]
    fn agrees_with_brute_force_on_random_endgames() {
        let p = Pack::french52();
        let mut rng = crate::rng::Rng::new(11);
        let mut yes = 0;
        for _ in 0..300 {
            let cards = crate::deal::shuffled(p.cards(), &mut rng);
            let mut hands = [CardSet::EMPTY; 4];
            for (i, h) in hands.iter_mut().enumerate() {
                *h = cards[i * 4..i * 4 + 4].iter().copied().collect();
            }
            let trump = match rng.below(5) {
                4 => None,
                t => Some(t as u8),
            };
            let leader = rng.below(4) as usize;
            for side in 0..2 {
                for k in 1..=4 {
                    let mut h = hands;
                    let want = brute(&p, &mut h, trump, side, leader, &mut Vec::new(), k);
                    let mut s = KotSearch::new(&p, trump, side, None);
                    let got = s.wins_all(&mut h, leader, &mut Vec::new(), k).unwrap();
                    assert_eq!(got, want);
                    assert_eq!(h, hands);
                    yes += got as u32;
                }
            }
        }
        assert!(yes > 20);
    }
}

/// The answer to a kot query: whether the side can still take the first
/// seven tricks, and the same after each legal card of the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KotAnswer {
    /// The side can win every trick up to its seventh.
    pub value: bool,
    /// Each legal card of the player to move, with the answer after it.
    pub cards: Vec<(Card, bool)>,
    /// Search nodes visited.
    pub nodes: u64,
}

impl super::state::HokmState {
    /// The kot query (§16) for `player`'s side in trick play: can it win the
    /// first seven tricks of the hand? False at once when the other side has
    /// a trick. Four-player plain-trick presets only.
    pub fn kot_query(&self, player: usize, max_nodes: Option<u64>) -> Result<KotAnswer> {
        let cfg = self.config();
        if cfg.players != 4
            || cfg.heap
            || cfg.satat
            || cfg.hidden_call
            || self.trump_fixed_at.is_none()
        {
            return Err(Error::State(format!(
                "the kot query is for four-player presets with plain tricks and a fixed trump, not {}",
                cfg.preset.name()
            )));
        }
        if self.phase() != super::state::Phase::Play || player >= 4 {
            return Err(Error::State(
                "the kot query needs a state in trick play and a seat 0..3".into(),
            ));
        }
        let side = player % 2;
        let won = self.tricks_won();
        let k = 7u32.saturating_sub(won[side] as u32);
        let mut hands = [CardSet::EMPTY; 4];
        hands.copy_from_slice(self.hands());
        let mut trick: Vec<Card> = self.trick().to_vec();
        let leader = self.leader();
        let mut s = KotSearch::new(&cfg.pack, self.trump(), side, max_nodes);
        if won[1 - side] > 0 || k == 0 {
            // Already lost (the others have a trick), or already made.
            let value = won[1 - side] == 0;
            let cards = self.legal_cards().iter().map(|c| (c, value)).collect();
            return Ok(KotAnswer {
                value,
                cards,
                nodes: 0,
            });
        }
        let value = s.wins_all(&mut hands, leader, &mut trick, k)?;
        let seat = (leader + trick.len()) % 4;
        let mut cards = Vec::new();
        for c in self.legal_cards().iter() {
            hands[seat].remove(c);
            trick.push(c);
            let r = if trick.len() == 4 {
                let w = (leader + trick_winner(&cfg.pack, &trick, self.trump())) % 4;
                let done = std::mem::take(&mut trick);
                let r = if w % 2 == side {
                    s.wins_all(&mut hands, w, &mut trick, k - 1)
                } else {
                    Ok(false)
                };
                trick = done;
                r
            } else {
                s.wins_all(&mut hands, leader, &mut trick, k)
            };
            trick.pop();
            hands[seat].insert(c);
            cards.push((c, r?));
        }
        Ok(KotAnswer {
            value,
            cards,
            nodes: s.nodes,
        })
    }
}

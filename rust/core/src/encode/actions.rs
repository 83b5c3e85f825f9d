//! Action ids: a game's decisions numbered `0..len` in named segments.

use crate::error::{Error, Result};

/// One block of ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The segment's name (`card`, `trump`, `bid` ...).
    pub name: &'static str,
    /// Its first id.
    pub offset: usize,
    /// Number of ids.
    pub size: usize,
    /// What each id means.
    pub about: &'static str,
    /// Its ids are numbered by the acting player's hand or by the moment:
    /// their action strings need a state.
    pub needs_state: bool,
}

/// A game's action ids.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionSpace {
    segments: Vec<Segment>,
    len: usize,
}

impl ActionSpace {
    /// No ids yet.
    pub fn new() -> ActionSpace {
        ActionSpace::default()
    }

    fn push(&mut self, name: &'static str, size: usize, about: &'static str, s: bool) -> usize {
        let offset = self.len;
        self.segments.push(Segment {
            name,
            offset,
            size,
            about,
            needs_state: s,
        });
        self.len += size;
        offset
    }

    /// Appends a segment of `size` ids whose meaning is fixed; returns its
    /// first id.
    pub fn add(&mut self, name: &'static str, size: usize, about: &'static str) -> usize {
        self.push(name, size, about, false)
    }

    /// Appends a segment whose ids are read with the state (the places of
    /// cards in the acting player's hand, or the lead the rules prescribe).
    pub fn add_by_state(&mut self, name: &'static str, size: usize, about: &'static str) -> usize {
        self.push(name, size, about, true)
    }

    /// Number of ids.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there is no id.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The segments in order.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The segment of `id` and the id's index inside it.
    pub fn locate(&self, id: usize) -> Result<(&Segment, usize)> {
        self.segments
            .iter()
            .find(|s| id >= s.offset && id < s.offset + s.size)
            .map(|s| (s, id - s.offset))
            .ok_or_else(|| {
                Error::IllegalAction(format!(
                    "action id {} out of range 0..{}",
                    id,
                    self.len.saturating_sub(1)
                ))
            })
    }

    /// The segment called `name`.
    pub fn segment(&self, name: &str) -> Option<&Segment> {
        self.segments.iter().find(|s| s.name == name)
    }
}

/// Binomial coefficient `C(n, k)` (0 when `k > n`).
pub fn subset_count(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1usize, |acc, i| acc * (n - i) / (i + 1))
}

/// The rank of a `k`-subset of places `0..n`, given in increasing order,
/// in the combinatorial number system: `0..C(n, k)`.
///
/// ```
/// use hukm_core::encode::{rank_subset, unrank_subset};
/// assert_eq!(rank_subset(&[0, 1, 2]), 0);
/// assert_eq!(rank_subset(&[2, 3, 4]), 9);
/// assert_eq!(unrank_subset(9, 3), vec![2, 3, 4]);
/// ```
pub fn rank_subset(places: &[usize]) -> usize {
    places
        .iter()
        .enumerate()
        .map(|(i, &p)| subset_count(p, i + 1))
        .sum()
}

/// The `k` places of rank `rank` (inverse of [`rank_subset`]).
pub fn unrank_subset(mut rank: usize, k: usize) -> Vec<usize> {
    let mut out = vec![0; k];
    for i in (0..k).rev() {
        let mut p = i;
        while subset_count(p + 1, i + 1) <= rank {
            p += 1;
        }
        rank -= subset_count(p, i + 1);
        out[i] = p;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_rank_and_unrank_both_ways() {
        for n in 0..9 {
            for k in 0..=n {
                let mut seen = vec![false; subset_count(n, k)];
                for mask in 0u32..(1 << n) {
                    if mask.count_ones() as usize != k {
                        continue;
                    }
                    let places: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
                    let r = rank_subset(&places);
                    assert!(!seen[r]);
                    seen[r] = true;
                    assert_eq!(unrank_subset(r, k), places);
                }
                assert!(seen.iter().all(|&b| b));
            }
        }
    }

    #[test]
    fn ids_are_found_in_their_segment() {
        let mut a = ActionSpace::new();
        assert_eq!(a.add("card", 52, "cards"), 0);
        assert_eq!(a.add_by_state("discard", 20, "places"), 52);
        let (s, i) = a.locate(60).unwrap();
        assert_eq!((s.name, i, s.needs_state), ("discard", 8, true));
        assert!(a.locate(72).is_err());
        assert_eq!(a.len(), 72);
    }
}

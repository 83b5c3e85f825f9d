//! Heap collection (`collection=double_sar`, `docs/rules/hokm.md` §7.6): completed
//! tricks lie in a common heap and belong to nobody until one player wins two
//! tricks in a row; the winner of the last trick takes whatever remains.

use super::config::HokmConfig;

/// The heap and what each side has collected.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Heap {
    /// Tricks lying in the heap.
    pub tricks: u8,
    /// Tens among the heap's cards (Dehla Pakad).
    pub tens: u8,
    /// The player whose win of the previous trick still counts towards a pair.
    pub prev: Option<u8>,
    /// The previous trick was won by an ace (for `ace_rule`).
    pub last_ace: bool,
    /// Tricks collected by each side.
    pub collected: [u8; 2],
    /// Tens collected by each side.
    pub tens_collected: [u8; 2],
}

/// One completed trick, as the heap sees it.
#[derive(Copy, Clone, Debug)]
pub struct TrickDone {
    /// 1-based number of the trick in the hand.
    pub number: u8,
    /// True for the hand's last trick.
    pub last: bool,
    /// The seat that won it.
    pub winner: usize,
    /// The winning card is an ace.
    pub ace: bool,
    /// Tens among its cards.
    pub tens: u8,
    /// Whether the trump gate allows a collection after this trick.
    pub gate: bool,
}

impl Heap {
    fn credit(&mut self, side: usize) {
        self.collected[side] += self.tricks;
        self.tens_collected[side] += self.tens;
        self.tricks = 0;
        self.tens = 0;
    }

    /// Puts a completed trick on the heap and collects it when the rules say so.
    /// Returns true when a collection happened.
    pub fn after_trick(&mut self, cfg: &HokmConfig, t: TrickDone) -> bool {
        let side = cfg.side(t.winner);
        self.tricks += 1;
        self.tens += t.tens;
        let p = t.winner as u8;
        if t.last {
            self.credit(side);
            self.prev = None;
            self.last_ace = t.ace;
            return true;
        }
        let pair = self.prev == Some(p);
        let aces_pair = cfg.ace_rule && pair && t.ace && self.last_ace;
        let allowed = t.number >= cfg.first_collect_min
            && t.gate
            && !(cfg.no_collect_11_12 && t.number == 12);
        self.last_ace = t.ace;
        if pair && allowed && !aces_pair {
            self.credit(side);
            self.prev = if cfg.chain_continue { Some(p) } else { None };
            true
        } else {
            // The second trick of an ace pair counts as not won.
            self.prev = if aces_pair { None } else { Some(p) };
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(opts: &[(&str, &str)]) -> HokmConfig {
        let o: Vec<(String, String)> = opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        HokmConfig::new("double_sar", &o).unwrap()
    }

    fn run(cfg: &HokmConfig, winners: &[usize]) -> Vec<(u8, [u8; 2])> {
        let mut h = Heap::default();
        winners
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                h.after_trick(
                    cfg,
                    TrickDone {
                        number: i as u8 + 1,
                        last: i + 1 == 13,
                        winner: w,
                        ace: false,
                        tens: 0,
                        gate: true,
                    },
                );
                (h.tricks, h.collected)
            })
            .collect()
    }

    #[test]
    fn example_4_double_sar_heap() {
        // docs/rules/hokm.md §15 Example 4 (first_collect_min=3, chain reset).
        let c = cfg(&[]);
        let winners = [1, 1, 1, 1, 3, 3, 0, 2, 0, 0, 2, 1, 2];
        let got = run(&c, &winners);
        let heap: Vec<u8> = got.iter().map(|g| g.0).collect();
        assert_eq!(heap, vec![1, 2, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 0]);
        let after: Vec<[u8; 2]> = got.iter().map(|g| g.1).collect();
        assert_eq!(after[2], [0, 3], "B collects 1-3");
        assert_eq!(after[5], [0, 6], "B collects 4-6");
        assert_eq!(after[9], [4, 6], "A collects 7-10");
        assert_eq!(after[12], [7, 6], "A collects 11-13");
    }

    #[test]
    fn chain_continue_and_first_collect_min() {
        let c = cfg(&[("double_sar_chain", "continue")]);
        let got = run(&c, &[1, 1, 1, 1, 0, 2, 0, 2, 0, 2, 0, 2, 0]);
        assert_eq!(
            got[3].1,
            [0, 4],
            "with continue the collecting trick starts a new pair"
        );
        let c = cfg(&[("first_collect_min", "5")]);
        let got = run(&c, &[1, 1, 1, 1, 1, 0, 2, 0, 2, 0, 2, 0, 2]);
        assert_eq!(got[3].1, [0, 0]);
        assert_eq!(got[4].1, [0, 5], "tricks 4 and 5 collect 1-5");
    }

    #[test]
    fn ace_rule_and_no_collect_11_12() {
        let c = cfg(&[("ace_rule", "on")]);
        let mut h = Heap::default();
        let t = |n: u8, w: usize, ace: bool| TrickDone {
            number: n,
            last: false,
            winner: w,
            ace,
            tens: 0,
            gate: true,
        };
        h.after_trick(&c, t(1, 1, false));
        h.after_trick(&c, t(2, 1, false));
        h.after_trick(&c, t(3, 1, true));
        assert_eq!(
            h.collected,
            [0, 3],
            "an ace after a plain win still collects"
        );
        h.after_trick(&c, t(4, 2, true));
        assert!(
            !h.after_trick(&c, t(5, 2, true)),
            "two aces in a row do not collect"
        );
        assert_eq!(h.prev, None);
        let c = cfg(&[("no_collect_11_12", "on")]);
        let mut h = Heap {
            prev: Some(3),
            ..Heap::default()
        };
        assert!(!h.after_trick(&c, t(12, 3, false)));
    }
}

//! Every card's value at a four-hand trick start, the cards shared among
//! tables (threads): one table for all, two tables taking the cards in turn,
//! or a table a card; nodes and thread CPU time, to weigh the split.
//!
//! `cargo run --release --example cards_split -- FILE` (lines: PBN trump leader)
mod common;
use common::cpu_ms;
use hukm_core::solve::search::Limits;
use hukm_core::solve::wcore::{Core, Position};
use hukm_core::solve::NO_TRUMP;

#[allow(clippy::needless_range_loop)]
fn main() {
    let f = std::env::args().nth(1).unwrap();
    let limits = Limits::default();
    let mut cores = [Core::new(57 << 20), Core::new(57 << 20)];
    let mut tot = [(0u64, 0f64, 0f64); 3];
    for (hands, t, leader) in common::whist_positions(&f) {
        let bits: [u64; 4] = std::array::from_fn(|i| hands[i].bits() as u64);
        let trump = if t < 4 { t } else { NO_TRUMP };
        // One card of each run of touching cards in a suit of the leader.
        let h = bits[leader];
        let mut cards = Vec::new();
        let mut x = h;
        while x != 0 {
            let c = 63 - x.leading_zeros();
            cards.push(c as u8);
            x &= !(1u64 << c);
            // skip the run below
            let mut b = c;
            while b % 16 > 0 && h >> (b - 1) & 1 == 1 {
                b -= 1;
                x &= !(1u64 << b);
            }
        }
        let mut answers = Vec::new();
        for mode in 0..3 {
            let mut vals = vec![0u32; cards.len()];
            let mut per = [0f64; 2];
            for c in cores.iter_mut() {
                c.clear();
            }
            let mut guess = [7u32; 2];
            for (i, &c) in cards.iter().enumerate() {
                let k = if mode == 1 { i % 2 } else { 0 };
                if mode == 2 {
                    cores[0].clear();
                }
                let mut hs = bits;
                hs[leader] &= !(1u64 << c);
                let pos = Position {
                    hands: hs,
                    trump,
                    leader,
                    trick: vec![c],
                };
                let t0 = cpu_ms();
                let v = cores[k].value(&pos, (0, 13), guess[k], Default::default(), &limits);
                per[k] += cpu_ms() - t0;
                tot[mode].0 += v.nodes;
                vals[i] = v.lo;
                guess[k] = v.lo;
            }
            tot[mode].1 += per[0] + per[1];
            tot[mode].2 += per[0].max(per[1]);
            answers.push(vals);
        }
        assert_eq!(answers[0], answers[1]);
        assert_eq!(answers[0], answers[2]);
    }
    for (k, name) in ["one table", "two tables", "table each"].iter().enumerate() {
        println!("{name:10}: nodes {:10} cpu {:8.1} ms  busiest of two {:8.1} ms  ({:.3}x one table's cpu)", tot[k].0, tot[k].1, tot[k].2, tot[k].1 / tot[0].1);
    }
}

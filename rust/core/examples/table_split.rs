//! A four-hand table's strains split finer for threads: each strain's four
//! leaders sharing one table, two tables of two leaders, or a table each
//! (nodes and thread CPU time), to weigh finer jobs against lost reuse.
//!
//! `cargo run --release --example table_split -- N SEED`
mod common;
use common::cpu_ms;
use hukm_core::pack::Pack;
use hukm_core::rng::Rng;
use hukm_core::solve::search::Limits;
use hukm_core::solve::wcore::{Core, Position};
use hukm_core::solve::{strain_order, NO_TRUMP};

fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|x| x.parse().ok())
        .collect();
    let (n, seed) = (a[0] as usize, a[1]);
    let p = Pack::french52();
    let mut rng = Rng::new(seed);
    let limits = Limits::default();
    let mut core = Core::new(57 << 20);
    let groups: [&[&[usize]]; 3] = [
        &[&[3, 1, 0, 2]],
        &[&[3, 1], &[0, 2]],
        &[&[3], &[1], &[0], &[2]],
    ];
    let mut tot = [(0u64, 0f64); 3];
    let mut jobs: [Vec<f64>; 3] = Default::default();
    let mut orders = Vec::new();
    for _ in 0..n {
        let hands = common::random_deal(&mut rng, &p);
        orders.push(strain_order(&std::array::from_fn(|i| hands[i])));
        let bits: [u64; 4] = std::array::from_fn(|i| hands[i].bits() as u64);
        for strain in 0..5u8 {
            let trump = if strain < 4 { strain } else { NO_TRUMP };
            let mut answer = None;
            for (k, g) in groups.iter().enumerate() {
                let mut vals = [0u32; 4];
                for leaders in g.iter() {
                    core.clear();
                    let t0 = cpu_ms();
                    let mut guess = 13;
                    for &leader in leaders.iter() {
                        let pos = Position {
                            hands: bits,
                            trump,
                            leader,
                            trick: Vec::new(),
                        };
                        let v = core.value(&pos, (0, 13), guess, Default::default(), &limits);
                        tot[k].0 += v.nodes;
                        vals[leader] = v.lo;
                        guess = (v.lo + 1).min(13);
                    }
                    let dt = cpu_ms() - t0;
                    tot[k].1 += dt;
                    jobs[k].push(dt);
                }
                if let Some(a) = answer {
                    assert_eq!(a, vals);
                }
                answer = Some(vals);
            }
        }
    }
    let (mut st, mut dy, mut lpt, mut sum, mut nf) = (0f64, 0f64, 0f64, 0f64, 0f64);
    let mut est = 0f64;
    for (d, order) in jobs[0].chunks(5).zip(&orders) {
        sum += d.iter().sum::<f64>();
        st += (d[0] + d[2] + d[4]).max(d[1] + d[3]);
        let greedy = |order: &[usize]| {
            let mut t = [0f64; 2];
            for &i in order {
                let k = if t[0] <= t[1] { 0 } else { 1 };
                t[k] += d[i];
            }
            t[0].max(t[1])
        };
        dy += greedy(&[0, 1, 2, 3, 4]);
        nf += greedy(&[4, 0, 1, 2, 3]);
        est += greedy(&order.map(usize::from));
        let mut o = [0usize, 1, 2, 3, 4];
        o.sort_by(|&a, &b| d[b].partial_cmp(&d[a]).unwrap());
        lpt += greedy(&o);
    }
    // The last strain handed out split in its two tables of two leaders
    // (the pairs' times), the others whole, no trump first.
    let mut tail = 0f64;
    for (d, p) in jobs[0].chunks(5).zip(jobs[1].chunks(10)) {
        let mut t = [0f64; 2];
        let mut order: Vec<f64> = [4usize, 0, 1, 2].iter().map(|&i| d[i]).collect();
        order.push(p[6]);
        order.push(p[7]);
        for x in order {
            let k = if t[0] <= t[1] { 0 } else { 1 };
            t[k] += x;
        }
        tail += t[0].max(t[1]);
    }
    println!("2 threads: the last strain as two pairs {:.3}x", sum / tail);
    println!(
        "2 threads: static {:.3}x, dynamic {:.3}x, no trump first {:.3}x, by the estimate {:.3}x, longest first {:.3}x",
        sum / st,
        sum / dy,
        sum / nf,
        sum / est,
        sum / lpt
    );
    for (k, name) in ["strain", "pairs", "leader"].iter().enumerate() {
        println!(
            "{name:7}: nodes {:10} cpu {:9.1} ms  ({:.3}x strain)",
            tot[k].0,
            tot[k].1,
            tot[k].1 / tot[0].1
        );
    }
}

//! Lone four-hand solves from a full deal through the whist core: nodes for
//! every first guess, against the value, to study MTD(f)'s first probe.
//!
//! `cargo run --release --example lone_guess -- N SEED`

mod common;
use hukm_core::pack::Pack;
use hukm_core::rng::Rng;
use hukm_core::solve::search::Limits;
use hukm_core::solve::wcore::{Core, Position};
use hukm_core::solve::{Solver, SolverConfig, WhistPosition, NO_TRUMP};

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let p = Pack::french52();
    let file = if argv.len() == 1 {
        common::whist_positions(&argv[0])
    } else {
        Vec::new()
    };
    let args: Vec<u64> = argv.iter().filter_map(|a| a.parse().ok()).collect();
    let (n, seed) = if file.is_empty() {
        (args[0] as usize, args[1])
    } else {
        (file.len(), 0)
    };
    let only: Option<usize> = std::env::var("ONLY").ok().and_then(|x| x.parse().ok());
    let mut rng = Rng::new(seed);
    let mut core = Core::new(57 << 20);
    let limits = Limits::default();
    let mut tot = [0u64; 15];
    for i in 0..n {
        let (hands, t, leader) = if file.is_empty() {
            let hands = common::random_deal(&mut rng, &p);
            let t = rng.below(5) as u8;
            (hands, t, rng.below(4) as usize)
        } else {
            file[i].clone()
        };
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let pos = Position {
            hands: std::array::from_fn(|i| hands[i].bits() as u64),
            trump: if t < 4 { t } else { NO_TRUMP },
            leader,
            trick: Vec::new(),
        };
        let mut row = Vec::new();
        let mut value = 0;
        for g in 0..=13u32 {
            if std::env::var_os("FAST").is_some() {
                break;
            }
            core.clear();
            let v = core.value(&pos, (0, 13), g, Default::default(), &limits);
            value = v.lo;
            row.push(v.nodes);
            tot[g as usize] += v.nodes;
        }
        let wp = WhistPosition::new(hands.clone(), (t < 4).then_some(t), leader);
        let mut s = Solver::new(SolverConfig {
            switches: hukm_core::solve::Switches::default()
                .with_spec(&std::env::var("SW").unwrap_or_default())
                .expect("switches"),
            ..SolverConfig::default()
        });
        let sol = s.solve(&wp, 0).unwrap();
        tot[14] += sol.nodes;
        let best = row.iter().copied().min().unwrap_or(0);
        let est = hukm_core::solve::Whist::<4>::new(&wp, [0, 1, 0, 1])
            .unwrap()
            .estimate(0);
        println!(
            "deal {i:3} t {t} lead {leader} est {est} ns {value:2} solve {:7} best {:7} at-v {:7} at-v+1 {:7} | {:?}",
            sol.nodes,
            best,
            row.get(value as usize).copied().unwrap_or(0),
            row.get((value as usize + 1).min(13)).copied().unwrap_or(0),
            row
        );
    }
    println!("totals per guess {:?}", &tot[..14]);
    println!("solve total {}", tot[14]);
}

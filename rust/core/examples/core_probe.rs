//! One strain of a deal through the whist core, leader by leader (West,
//! East, North, South, as bridge-solver orders them), with the table's
//! statistics: for comparing the core with other solvers probe by probe.
//!
//! `cargo run --release --example core_probe -- FILE LINE STRAIN`
//! (STRAIN one of S H D C N; LINE counts deals from 1).

use hukm_core::pack::Pack;
use hukm_core::solve::search::Limits;
use hukm_core::solve::wcore::{Core, Position};
use hukm_core::solve::NO_TRUMP;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("cannot read the deal file");
    let line: usize = args[1].parse().expect("LINE");
    let deal = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .nth(line - 1)
        .expect("no such line");
    let parts: Vec<&str> = deal.split_whitespace().collect();
    let hands = Pack::french52()
        .parse_deal(&parts[..4].join(" "), 4)
        .expect("bad deal");
    let trump = match args[2].as_str() {
        "S" => 0,
        "H" => 1,
        "D" => 2,
        "C" => 3,
        _ => NO_TRUMP,
    };
    let mib: usize = std::env::var("HUKM_TT_MIB")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(57);
    let mut core = Core::new(mib << 20);
    let limits = Limits::default();
    let mut guess = std::env::var("GUESS")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(13);
    let leaders: Vec<usize> = match std::env::var("LEADER").ok().and_then(|x| x.parse().ok()) {
        Some(l) => vec![l],
        None => vec![3, 1, 0, 2],
    };
    for leader in leaders {
        let pos = Position {
            hands: std::array::from_fn(|i| hands[i].bits() as u64),
            trump,
            leader,
            trick: Vec::new(),
        };
        let t0 = std::time::Instant::now();
        let v = core.value(&pos, (0, 13), guess, Default::default(), &limits);
        println!(
            "leader {} ns {} nodes {} {:.1} ms",
            leader,
            v.lo,
            v.nodes,
            t0.elapsed().as_secs_f64() * 1e3
        );
        guess = (v.lo + 1).min(13);
    }
    println!("{:?} sizes {:?}", core.stats(), core.sizes());
}

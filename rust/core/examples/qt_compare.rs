//! Trick starts where DDS's quick tricks decide a target, probed by the whist
//! core from an empty table: does the core decide them at once too (one
//! node)? Input: lines `QT` + 16 hex suit masks (N, E, S, W; spades first),
//! the seat to lead, trump (4: none), North-South's tricks so far, their
//! target, the tricks left, whether the side on lead is North-South, the
//! quick tricks DDS counted.
//!
//! `cargo run --release --example qt_compare -- FILE`
use hukm_core::solve::search::Limits;
use hukm_core::solve::wcore::{Core, Position};

fn main() {
    let f = std::env::args().nth(1).unwrap();
    let limits = Limits::default();
    let sw = hukm_core::solve::Switches::default()
        .with_spec(&std::env::var("SW").unwrap_or_default())
        .expect("switches");
    let mut core = Core::new(8 << 20);
    let (mut same, mut missed, mut skipped) = (0, 0, 0);
    let mut by_kind = std::collections::BTreeMap::new();
    for line in std::fs::read_to_string(f).unwrap().lines() {
        let w: Vec<&str> = line.split_whitespace().skip(1).collect();
        let m: Vec<u64> = w[..16]
            .iter()
            .map(|x| u64::from_str_radix(x, 16).unwrap())
            .collect();
        let n: Vec<i64> = w[16..].iter().map(|x| x.parse().unwrap()).collect();
        let (seat, trump, won, target, left, lead_max, q) =
            (n[0] as usize, n[1] as u8, n[2], n[3], n[4], n[5], n[6]);
        let hands: [u64; 4] = std::array::from_fn(|h| {
            (0..4)
                .map(|s| m[4 * h + s] << (16 * s))
                .fold(0, |a, b| a | b)
        });
        let beta = target - won;
        if beta <= 0 || beta > left {
            skipped += 1;
            continue;
        }
        let pos = Position {
            hands,
            trump,
            leader: seat,
            trick: Vec::new(),
        };
        core.clear();
        let b = beta as u32;
        let v = core.value(&pos, (b - 1, b), b, sw, &limits);
        let kind = format!(
            "lead_max {lead_max} dds {}",
            if (lead_max == 1) == (q != 0) {
                "reached"
            } else {
                "fails"
            }
        );
        let e = by_kind.entry(kind).or_insert((0, 0));
        if v.nodes <= 1 {
            same += 1;
            e.0 += 1;
        } else {
            missed += 1;
            e.1 += 1;
            if missed <= 12 {
                let names = "23456789TJQKA";
                let hand = |x: u64| -> String {
                    (0..4)
                        .map(|s| {
                            (0..13)
                                .rev()
                                .filter(|r| x >> (16 * s + r) & 1 == 1)
                                .map(|r| names.as_bytes()[r] as char)
                                .collect::<String>()
                        })
                        .collect::<Vec<_>>()
                        .join(".")
                };
                println!(
                    "missed: N:{} {} {} {} lead {seat} trump {trump} NS won {won} need {beta} of {left} (lead NS: {lead_max}, dds quick {q}) core nodes {} value<{b}:{}",
                    hand(hands[0]), hand(hands[1]), hand(hands[2]), hand(hands[3]), v.nodes, v.lo < b
                );
            }
        }
    }
    println!(
        "DDS's quick-trick cuts: core at once {same}, core searched {missed}, skipped {skipped}"
    );
    for (k, (a, b)) in by_kind {
        println!("  {k}: at once {a}, searched {b}");
    }
}

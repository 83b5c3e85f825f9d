//! Perft for individual Ganjifa: the number of action sequences (blind
//! surrenders counted as a branch over the leader's cards) from fixed
//! positions must equal the counts in `tests/data/perft_ganjifa.txt`, which
//! the independent Python reference `tests/reference/ganjifa_ref.py` produced.

use std::path::Path;

use hukm_core::games::ganjifa::{GanjifaConfig, Play, Step};

fn count(cfg: &GanjifaConfig, p: &Play, depth: u32) -> u64 {
    if depth == 0 || p.step == Step::Done {
        return 1;
    }
    p.legal(cfg)
        .into_iter()
        .map(|a| {
            let mut q = *p;
            q.apply(cfg, a).unwrap();
            count(cfg, &q, depth - 1)
        })
        .sum()
}

#[test]
fn perft_counts_match_the_reference() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/perft_ganjifa.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('|').collect();
        assert_eq!(f.len(), 6, "bad line {}", line);
        let hands_n = f[0].split_whitespace().count();
        let mut opts: Vec<(String, String)> = f[2]
            .split(',')
            .filter(|kv| !kv.is_empty())
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap();
                (k.to_string(), v.to_string())
            })
            .collect();
        opts.push(("players".into(), hands_n.to_string()));
        let cfg = GanjifaConfig::new(&opts).unwrap();
        let hands = cfg.pack.parse_deal(f[0], hands_n).unwrap();
        let mut p = Play::new(&cfg, &hands, Some(f[1].parse().unwrap()));
        if f[3] == "1" {
            p.held_lost = [true; 4];
            p.reenter(&cfg);
        }
        let depth: u32 = f[4].parse().unwrap();
        let expected: u64 = f[5].parse().unwrap();
        assert_eq!(count(&cfg, &p, depth), expected, "{}", line);
        checked += 1;
    }
    assert!(checked >= 20);
}

//! Times random play-outs: `cargo run --release --example playouts -- hokm4 200000 stop_rule=play_all`.
use std::sync::Arc;
use std::time::Instant;

use hukm_core::games::hokm::playout::random_playouts;
use hukm_core::games::hokm::HokmConfig;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = args.get(1).map_or("hokm4", |s| s.as_str());
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let opts: Vec<(String, String)> = args[3..]
        .iter()
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let cfg = Arc::new(HokmConfig::new(preset, &opts).expect("preset"));
    let t = Instant::now();
    let r = random_playouts(&cfg, n, 1, 1);
    let dt = t.elapsed().as_secs_f64();
    println!(
        "{} {} hands in {:.3}s: {:.0} hands/s (checksum {})",
        preset,
        n,
        dt,
        n as f64 / dt,
        r.tricks.iter().map(|&x| x as u64).sum::<u64>()
    );
}

//! `hukm-fuzz`: a release-mode fuzzing driver on the stable toolchain.
//!
//! Each target (see [`targets::TARGETS`]) turns raw bytes into a structured
//! input with `arbitrary` and checks properties that must hold for every
//! input. The driver feeds it random inputs and mutations of earlier ones
//! (bit flips, byte changes, splices), catches panics, saves each crashing
//! input under `--crashes` (default `fuzz-crashes/`) and prints, per target,
//! the inputs run, the crashes and the rate. Exit code 1 when anything
//! crashed.
//!
//! ```text
//! cargo run --profile fuzz -p hukm-fuzz -- all --seconds 10   # every target, 10 s each
//! hukm-fuzz notation --inputs 10000000 --seed 3
//! hukm-fuzz --replay fuzz-crashes/actions-1.bin actions
//! ```

mod targets;

use std::io::Write;
use std::panic;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use targets::{Target, TARGETS};

/// A small, fast, seeded generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

struct Settings {
    inputs: Option<u64>,
    seconds: Option<f64>,
    seed: u64,
    max_len: usize,
    crashes: PathBuf,
    replay: Option<PathBuf>,
}

fn usage() -> ! {
    eprintln!("usage: hukm-fuzz [--inputs N] [--seconds S] [--seed X] [--max-len L] [--crashes DIR] [--replay FILE] TARGET... | all");
    eprintln!("targets:");
    for t in TARGETS {
        eprintln!("  {:<10} {}", t.name, t.about);
    }
    std::process::exit(2)
}

fn parse() -> (Settings, Vec<&'static Target>) {
    let mut s = Settings {
        inputs: None,
        seconds: None,
        seed: 1,
        max_len: 512,
        crashes: PathBuf::from("fuzz-crashes"),
        replay: None,
    };
    let mut names = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |what: &str| {
            args.next().unwrap_or_else(|| {
                eprintln!("hukm-fuzz: {} needs a value", what);
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--inputs" => s.inputs = value("--inputs").parse().ok().or_else(|| usage()),
            "--seconds" => s.seconds = value("--seconds").parse().ok().or_else(|| usage()),
            "--seed" => s.seed = value("--seed").parse().unwrap_or_else(|_| usage()),
            "--max-len" => s.max_len = value("--max-len").parse().unwrap_or_else(|_| usage()),
            "--crashes" => s.crashes = PathBuf::from(value("--crashes")),
            "--replay" => s.replay = Some(PathBuf::from(value("--replay"))),
            "-h" | "--help" => usage(),
            name => names.push(name.to_string()),
        }
    }
    if names.is_empty() {
        usage();
    }
    let mut chosen = Vec::new();
    for n in names {
        if n == "all" {
            chosen.extend(TARGETS.iter());
        } else if let Some(t) = TARGETS.iter().find(|t| t.name == n) {
            chosen.push(t);
        } else {
            eprintln!("hukm-fuzz: unknown target {:?}", n);
            usage();
        }
    }
    if s.inputs.is_none() && s.seconds.is_none() {
        s.inputs = Some(100_000);
    }
    (s, chosen)
}

/// A new input: fresh random bytes, or a mutation of a kept one.
fn next_input(rng: &mut Rng, pool: &[Vec<u8>], max_len: usize) -> Vec<u8> {
    if pool.is_empty() || rng.below(4) == 0 {
        let len = rng.below(max_len + 1);
        return (0..len).map(|_| rng.next() as u8).collect();
    }
    let mut v = pool[rng.below(pool.len())].clone();
    for _ in 0..1 + rng.below(4) {
        match rng.below(4) {
            0 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
            1 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] = rng.next() as u8;
            }
            2 => {
                let other = &pool[rng.below(pool.len())];
                let cut = rng.below(v.len() + 1);
                let from = rng.below(other.len() + 1);
                v.truncate(cut);
                v.extend_from_slice(&other[from..]);
            }
            _ => v.push(rng.next() as u8),
        }
    }
    v.truncate(max_len);
    v
}

fn main() {
    let (settings, chosen) = parse();
    let message: Arc<Mutex<String>> = Arc::new(Mutex::new(String::new()));
    {
        let message = message.clone();
        panic::set_hook(Box::new(move |info| {
            *message.lock().unwrap_or_else(|e| e.into_inner()) = info.to_string();
        }));
    }
    if let Some(path) = &settings.replay {
        let data = std::fs::read(path).unwrap_or_else(|e| {
            eprintln!("hukm-fuzz: cannot read {}: {}", path.display(), e);
            std::process::exit(2)
        });
        for t in &chosen {
            match panic::catch_unwind(|| (t.run)(&data)) {
                Ok(()) => println!("{}: no crash", t.name),
                Err(_) => println!(
                    "{}: crash: {}",
                    t.name,
                    message.lock().unwrap_or_else(|e| e.into_inner())
                ),
            }
        }
        return;
    }
    let mut failed = false;
    println!(
        "{:<10} {:>12} {:>12} {:>8} {:>12}",
        "target", "inputs", "made", "crashes", "inputs/s"
    );
    for t in chosen {
        let mut rng = Rng(settings.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut pool: Vec<Vec<u8>> = Vec::new();
        targets::MADE.store(0, std::sync::atomic::Ordering::Relaxed);
        let start = Instant::now();
        let limit = settings.seconds.map(Duration::from_secs_f64);
        let (mut runs, mut crashes) = (0u64, 0u64);
        loop {
            if settings.inputs.is_some_and(|n| runs >= n)
                || limit.is_some_and(|l| start.elapsed() >= l)
            {
                break;
            }
            let input = next_input(&mut rng, &pool, settings.max_len);
            runs += 1;
            if panic::catch_unwind(|| (t.run)(&input)).is_err() {
                crashes += 1;
                failed = true;
                let _ = std::fs::create_dir_all(&settings.crashes);
                let path = settings.crashes.join(format!("{}-{}.bin", t.name, crashes));
                let _ = std::fs::write(&path, &input);
                let msg = message.lock().unwrap_or_else(|e| e.into_inner()).clone();
                eprintln!(
                    "{}: crash #{} saved to {}: {}",
                    t.name,
                    crashes,
                    path.display(),
                    msg
                );
            }
            if pool.len() < 256 {
                pool.push(input);
            } else {
                let i = rng.below(pool.len());
                pool[i] = input;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let made = targets::MADE.load(std::sync::atomic::Ordering::Relaxed);
        println!(
            "{:<10} {:>12} {:>12} {:>8} {:>12.0}",
            t.name,
            runs,
            made,
            crashes,
            runs as f64 / secs.max(1e-9)
        );
        let _ = std::io::stdout().flush();
    }
    if failed {
        std::process::exit(1);
    }
}

//! Helpers shared by the examples.

/// The non-empty lines of a file of deals (one a line), or a panic naming
/// the file.
pub fn deal_lines(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {}", path, e))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// A random deal of the 52-card pack in four hands of 13, drawn from `rng`.
#[allow(dead_code)]
pub fn random_deal(
    rng: &mut hukm_core::rng::Rng,
    p: &hukm_core::pack::Pack,
) -> Vec<hukm_core::card::CardSet> {
    let mut cards: Vec<hukm_core::card::Card> = p.deck.iter().collect();
    rng.shuffle(&mut cards);
    cards
        .chunks(13)
        .map(|c| c.iter().copied().collect())
        .collect()
}

/// The calling thread's processor time in milliseconds.
#[allow(dead_code)]
pub fn cpu_ms() -> f64 {
    hukm_core::solve::parallel::thread_cpu_us() as f64 / 1e3
}

/// Positions of four-hand whist, a line each: a deal in PBN, the trump
/// (0-3 for a suit, 4 for none) and the leader (0-3).
#[allow(dead_code)]
pub fn whist_positions(path: &str) -> Vec<(Vec<hukm_core::card::CardSet>, u8, usize)> {
    let p = hukm_core::pack::Pack::french52();
    deal_lines(path)
        .iter()
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let hands = p
                .parse_deal(&w[..4].join(" "), 4)
                .unwrap_or_else(|e| panic!("{}: {}", l, e));
            (
                hands,
                w[4].parse().expect("trump"),
                w[5].parse().expect("leader"),
            )
        })
        .collect()
}

/// Prints what each thread of the process's splits did since the last call
/// (`hukm_core::solve::parallel::take_thread_work`), a line a thread.
#[allow(dead_code)]
pub fn print_thread_work() {
    for (k, w) in hukm_core::solve::parallel::take_thread_work()
        .iter()
        .enumerate()
    {
        println!(
            "    thread {} jobs {} nodes {} waits {} busy {:.1} ms cpu {:.1} ms idle {:.1} ms",
            k,
            w.jobs,
            w.nodes,
            w.waits,
            w.busy_us as f64 / 1e3,
            w.cpu_us as f64 / 1e3,
            w.idle_us as f64 / 1e3
        );
    }
}

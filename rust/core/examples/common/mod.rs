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

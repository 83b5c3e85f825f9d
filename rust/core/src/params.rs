//! Keyword arguments of the calls that make states (`new_game`,
//! `from_deal`, `deal`) as plain data, so that every game reads and checks
//! its own keywords in the engine, and a state's origin can be recorded and
//! replayed (hand records, pickling).
//!
//! ```
//! use hukm_core::params::{Param, Params};
//! let p = Params::from(vec![("leader", Param::Int(2)), ("trump", Param::Text("S".into()))]);
//! let mut r = p.reader("from_deal");
//! assert_eq!(r.seat("leader", 4).unwrap(), Some(2));
//! assert_eq!(r.text("trump").unwrap(), Some("S".to_string()));
//! assert!(r.finish().is_ok());
//! ```

use crate::error::{Error, Result};

/// One keyword's value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Param {
    /// Not given (`None`).
    Null,
    /// A yes/no value.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A string.
    Text(String),
    /// A list of whole numbers.
    Ints(Vec<i64>),
}

impl Param {
    fn kind(&self) -> &'static str {
        match self {
            Param::Null => "None",
            Param::Bool(_) => "a boolean",
            Param::Int(_) => "a whole number",
            Param::Text(_) => "a string",
            Param::Ints(_) => "a list of whole numbers",
        }
    }
}

/// Keyword arguments in the order given (a `None` value counts as absent).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Params(pub Vec<(String, Param)>);

impl<K: Into<String>> From<Vec<(K, Param)>> for Params {
    fn from(v: Vec<(K, Param)>) -> Params {
        Params(v.into_iter().map(|(k, p)| (k.into(), p)).collect())
    }
}

impl Params {
    /// No keywords.
    pub fn new() -> Params {
        Params::default()
    }

    /// Adds a keyword (replacing an earlier one of the same name).
    pub fn set(&mut self, key: &str, value: Param) {
        self.0.retain(|(k, _)| k != key);
        self.0.push((key.to_string(), value));
    }

    /// The keywords whose value is not `Null`.
    pub fn given(&self) -> impl Iterator<Item = &(String, Param)> {
        self.0.iter().filter(|(_, v)| *v != Param::Null)
    }

    /// A reader for the call named `call` (used in error messages).
    pub fn reader<'a>(&'a self, call: &'a str) -> ParamReader<'a> {
        ParamReader {
            params: self,
            call,
            read: Vec::new(),
        }
    }
}

/// Reads keywords one by one, checking their types and ranges; `finish`
/// refuses any keyword that was not read.
pub struct ParamReader<'a> {
    params: &'a Params,
    call: &'a str,
    read: Vec<&'static str>,
}

impl<'a> ParamReader<'a> {
    fn get(&mut self, key: &'static str) -> Option<&'a Param> {
        self.read.push(key);
        self.params
            .0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .filter(|v| **v != Param::Null)
    }

    fn bad(&self, key: &str, want: &str, got: &Param) -> Error {
        Error::State(format!(
            "{}: {} must be {}, got {}",
            self.call,
            key,
            want,
            got.kind()
        ))
    }

    /// A whole number in `lo..=hi`.
    pub fn int(&mut self, key: &'static str, lo: i64, hi: i64) -> Result<Option<i64>> {
        match self.get(key) {
            None => Ok(None),
            Some(Param::Int(v)) if (lo..=hi).contains(v) => Ok(Some(*v)),
            Some(Param::Int(v)) => Err(Error::State(format!(
                "{}: {} {} out of range {}..{}",
                self.call, key, v, lo, hi
            ))),
            Some(p) => Err(self.bad(key, "a whole number", p)),
        }
    }

    /// A seat number `0..players`.
    pub fn seat(&mut self, key: &'static str, players: usize) -> Result<Option<usize>> {
        Ok(self.int(key, 0, players as i64 - 1)?.map(|v| v as usize))
    }

    /// A seed (a whole number `0..2^64`; negative numbers are refused).
    pub fn seed(&mut self, key: &'static str) -> Result<Option<u64>> {
        match self.get(key) {
            None => Ok(None),
            Some(Param::Int(v)) if *v >= 0 => Ok(Some(*v as u64)),
            Some(Param::Int(v)) => Err(Error::State(format!(
                "{}: {} must be a whole number >= 0, got {}",
                self.call, key, v
            ))),
            Some(p) => Err(self.bad(key, "a whole number", p)),
        }
    }

    /// A string.
    pub fn text(&mut self, key: &'static str) -> Result<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(Param::Text(t)) => Ok(Some(t.clone())),
            Some(p) => Err(self.bad(key, "a string", p)),
        }
    }

    /// A yes/no value.
    pub fn flag(&mut self, key: &'static str) -> Result<Option<bool>> {
        match self.get(key) {
            None => Ok(None),
            Some(Param::Bool(b)) => Ok(Some(*b)),
            Some(p) => Err(self.bad(key, "True or False", p)),
        }
    }

    /// A list of `len` whole numbers (any length when `len` is `None`),
    /// each in `lo..=hi`.
    pub fn ints(
        &mut self,
        key: &'static str,
        len: Option<usize>,
        lo: i64,
        hi: i64,
    ) -> Result<Option<Vec<i64>>> {
        let v = match self.get(key) {
            None => return Ok(None),
            Some(Param::Ints(v)) => v.clone(),
            Some(p) => return Err(self.bad(key, "a list of whole numbers", p)),
        };
        if let Some(n) = len {
            if v.len() != n {
                return Err(Error::State(format!(
                    "{}: {} needs {} numbers, got {}",
                    self.call,
                    key,
                    n,
                    v.len()
                )));
            }
        }
        if let Some((i, x)) = v.iter().enumerate().find(|(_, x)| !(lo..=hi).contains(*x)) {
            return Err(Error::State(format!(
                "{}: {}[{}] {} out of range {}..{}",
                self.call, key, i, x, lo, hi
            )));
        }
        Ok(Some(v))
    }

    /// Refuses every given keyword that was not read.
    pub fn finish(self) -> Result<()> {
        if let Some((k, _)) = self
            .params
            .given()
            .find(|(k, _)| !self.read.contains(&k.as_str()))
        {
            let mut valid = self.read.clone();
            valid.sort_unstable();
            valid.dedup();
            return Err(Error::State(format!(
                "{}: unknown keyword {:?}; keywords: {}",
                self.call,
                k,
                if valid.is_empty() {
                    "none".to_string()
                } else {
                    valid.join(", ")
                }
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_ranges_and_unknown_keywords() {
        let p = Params::from(vec![
            ("leader", Param::Int(5)),
            ("x", Param::Bool(true)),
            ("trump", Param::Null),
        ]);
        let mut r = p.reader("from_deal");
        let e = r.seat("leader", 4).unwrap_err().to_string();
        assert!(e.contains("leader 5 out of range 0..3"), "{}", e);
        assert_eq!(r.text("trump").unwrap(), None);
        let e = r.finish().unwrap_err().to_string();
        assert!(
            e.contains("unknown keyword \"x\"") && e.contains("leader, trump"),
            "{}",
            e
        );
        let p = Params::from(vec![("tens", Param::Ints(vec![1, 9]))]);
        let mut r = p.reader("from_deal");
        let e = r.ints("tens", Some(2), 0, 4).unwrap_err().to_string();
        assert!(e.contains("tens[1] 9 out of range 0..4"), "{}", e);
        let p = Params::from(vec![("seed", Param::Int(-1))]);
        assert!(p.reader("x").seed("seed").is_err());
    }
}

//! Arguments read from Python objects with the library's errors: a wrong
//! type or an out-of-range value is a `StateError` (or a `NotationError` for
//! text of cards) naming the argument, never Python's `TypeError` or
//! `OverflowError` from automatic conversion.

use hukm_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};

/// The name of `v`'s type, for messages.
fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".to_string())
}

/// `v` as a string; otherwise `kind("<what> must be a string, got <type>")`.
pub fn text(v: &Bound<'_, PyAny>, what: &str, kind: fn(String) -> Error) -> Result<String, Error> {
    match v.cast::<PyString>() {
        Ok(s) => s
            .to_cow()
            .map(|t| t.into_owned())
            .map_err(|_| kind(format!("{} is not valid text", what))),
        Err(_) => Err(kind(format!(
            "{} must be a string, got {}",
            what,
            type_name(v)
        ))),
    }
}

/// `v` as a whole number in `lo..=hi` (booleans refused); otherwise a
/// `StateError` naming `what`.
pub fn whole(v: &Bound<'_, PyAny>, what: &str, lo: i128, hi: i128) -> Result<i128, Error> {
    if v.is_instance_of::<PyBool>() || !v.is_instance_of::<PyInt>() {
        return Err(Error::State(format!(
            "{} must be a whole number, got {}",
            what,
            type_name(v)
        )));
    }
    match v.extract::<i128>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        Ok(n) => Err(Error::State(format!(
            "{} {} out of range {}..{}",
            what, n, lo, hi
        ))),
        Err(_) => Err(Error::State(format!(
            "{} out of range {}..{}",
            what, lo, hi
        ))),
    }
}

/// `v` as a list or tuple of strings (a string itself is refused); the
/// error names the item.
pub fn texts(
    v: &Bound<'_, PyAny>,
    what: &str,
    kind: fn(String) -> Error,
) -> Result<Vec<String>, Error> {
    let items: Vec<Bound<'_, PyAny>> = if let Ok(l) = v.cast::<PyList>() {
        l.iter().collect()
    } else if let Ok(t) = v.cast::<PyTuple>() {
        t.iter().collect()
    } else {
        return Err(kind(format!(
            "{} must be a list of strings, got {}",
            what,
            type_name(v)
        )));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, x)| text(x, &format!("{}[{}]", what, i), kind))
        .collect()
}

/// `v` as a switch (`True` or `False` only).
pub fn switch(v: &Bound<'_, PyAny>, what: &str) -> Result<bool, Error> {
    match v.cast::<PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => Err(Error::State(format!(
            "{} must be True or False, got {}",
            what,
            type_name(v)
        ))),
    }
}

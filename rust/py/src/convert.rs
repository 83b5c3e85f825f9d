//! Error mapping and value conversion between hukm-core and Python.

use hukm_core::game::Value;
use hukm_core::pack::{AvatarList, Pack, ReversedSet};
use hukm_core::Error;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// Maps an engine error onto the exception classes of `hukm._errors`.
pub fn to_py(py: Python<'_>, e: Error) -> PyErr {
    let class = match &e {
        Error::Notation(_) => "NotationError",
        Error::Option(_) => "OptionError",
        Error::IllegalAction(_) => "IllegalActionError",
        Error::State(_) => "StateError",
        Error::SolverLimit(_) => "SolverLimitError",
        Error::Interrupted => "",
    };
    if class.is_empty() {
        return pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted");
    }
    match py.import("hukm._errors").and_then(|m| m.getattr(class)) {
        Ok(cls) => PyErr::from_type(cls.cast_into().expect("an exception class"), e.to_string()),
        Err(_) => PyRuntimeError::new_err(e.to_string()),
    }
}

/// Shorthand: run an engine call and map its error.
pub trait IntoPy<T> {
    /// Maps the error of an engine result.
    fn py(self, py: Python<'_>) -> PyResult<T>;
}

impl<T> IntoPy<T> for hukm_core::Result<T> {
    fn py(self, py: Python<'_>) -> PyResult<T> {
        self.map_err(|e| to_py(py, e))
    }
}

/// Converts an observation value into Python objects.
pub fn value_to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Str(s) => s.into_pyobject(py)?.into_any(),
        Value::List(l) => {
            let items: PyResult<Vec<_>> = l.iter().map(|x| value_to_py(py, x)).collect();
            PyList::new(py, items?)?.into_any()
        }
        Value::Map(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, value_to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// A pack by name: `french52`, `french32`, `moghul`, `moghul_iran`,
/// `dashavatara`, `dashavatara_bk`, `ganjifa_french52`.
pub fn pack_by_name(py: Python<'_>, name: &str) -> PyResult<Pack> {
    Ok(match name {
        "french52" => Pack::french52(),
        "french32" => Pack::twenty_eight(),
        "moghul" => Pack::moghul(ReversedSet::India),
        "moghul_iran" => Pack::moghul(ReversedSet::Iran),
        "dashavatara" => Pack::dashavatara(AvatarList::Sawantwadi),
        "dashavatara_bk" => Pack::dashavatara(AvatarList::BalaramaKrishna),
        "ganjifa_french52" => Pack::ganjifa_french(false, false),
        "moghul96" => Pack::ganjifa_plain(false),
        "dashavatara120" => Pack::ganjifa_plain(true),
        "euro48" => Pack::euro48(),
        _ => {
            return Err(to_py(
                py,
                Error::Option(format!(
                    "unknown pack {:?}; valid packs: french52, french32, moghul, moghul_iran, dashavatara, dashavatara_bk, ganjifa_french52, moghul96, dashavatara120, euro48",
                    name
                )),
            ))
        }
    })
}

/// Reads a hand (compact or labelled) and returns it in compact form, or its cards.
#[pyfunction]
#[pyo3(signature = (text, pack = "french52"))]
pub fn parse_hand(py: Python<'_>, text: &str, pack: &str) -> PyResult<Vec<String>> {
    let p = pack_by_name(py, pack)?;
    let h = p.parse_hand(text).py(py)?;
    Ok(cards_in_order(&p, h))
}

fn cards_in_order(p: &Pack, h: hukm_core::CardSet) -> Vec<String> {
    let mut out = Vec::new();
    for s in 0..p.num_suits() as u8 {
        out.extend((h & p.suit_mask(s)).iter().rev().map(|c| p.format_card(c)));
    }
    out
}

/// Writes a list of cards as a hand: compact, or labelled with `labelled=True`.
#[pyfunction]
#[pyo3(signature = (cards, pack = "french52", labelled = false))]
pub fn format_hand(
    py: Python<'_>,
    cards: Vec<String>,
    pack: &str,
    labelled: bool,
) -> PyResult<String> {
    let p = pack_by_name(py, pack)?;
    let mut h = hukm_core::CardSet::EMPTY;
    for c in &cards {
        let card = p.parse_card_avoiding(c, h).py(py)?;
        if h.contains(card) {
            return Err(to_py(
                py,
                Error::Notation(format!("card {} given twice", c)),
            ));
        }
        h.insert(card);
    }
    Ok(if labelled {
        p.format_hand_labelled(h)
    } else {
        p.format_hand(h)
    })
}

/// Reads a deal and returns each seat's cards.
#[pyfunction]
#[pyo3(signature = (text, players, pack = "french52"))]
pub fn parse_deal(
    py: Python<'_>,
    text: &str,
    players: i64,
    pack: &str,
) -> PyResult<Vec<Vec<String>>> {
    let p = pack_by_name(py, pack)?;
    if !(1..=16).contains(&players) {
        return Err(to_py(
            py,
            Error::Notation(format!("bad number of players {}", players)),
        ));
    }
    let players = players as usize;
    let hands = p.parse_deal(text, players).py(py)?;
    Ok(hands.into_iter().map(|h| cards_in_order(&p, h)).collect())
}

/// Every card of a pack in hand order.
#[pyfunction]
#[pyo3(signature = (pack = "french52"))]
pub fn pack_cards(py: Python<'_>, pack: &str) -> PyResult<Vec<String>> {
    let p = pack_by_name(py, pack)?;
    Ok(cards_in_order(&p, p.deck))
}

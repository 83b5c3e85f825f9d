//! Value conversion between hukm-core and Python: observations, keyword
//! arguments, packs and the notation helpers.

use hukm_core::game::Value;
use hukm_core::pack::Pack;
use hukm_core::params::{Param, Params};
use hukm_core::registry::pack_by_name;
use hukm_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};

use crate::args;
use crate::error::PyResult;

/// Converts an observation value into Python objects.
pub fn value_to_py<'py>(py: Python<'py>, v: &Value) -> pyo3::PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Str(s) => s.into_pyobject(py)?.into_any(),
        Value::List(l) => {
            let items: pyo3::PyResult<Vec<_>> = l.iter().map(|x| value_to_py(py, x)).collect();
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

/// Reads a hand (compact or labelled) of `pack` (default `french52`) and returns its cards.
#[pyfunction]
#[pyo3(signature = (text, pack = None))]
pub fn parse_hand(
    text: &Bound<'_, PyAny>,
    pack: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<String>> {
    let p = pack_arg(pack)?;
    let h = p.parse_hand(&args::text(text, "text", Error::Notation)?)?;
    Ok(cards_in_order(&p, h))
}

fn cards_in_order(p: &Pack, h: hukm_core::CardSet) -> Vec<String> {
    let mut out = Vec::new();
    for s in 0..p.num_suits() as u8 {
        out.extend((h & p.suit_mask(s)).iter().rev().map(|c| p.format_card(c)));
    }
    out
}

/// Writes a list of cards of `pack` (default `french52`) as a hand: compact, or
/// labelled with `labelled=True`.
#[pyfunction]
#[pyo3(signature = (cards, pack = None, labelled = None))]
pub fn format_hand(
    cards: &Bound<'_, PyAny>,
    pack: Option<&Bound<'_, PyAny>>,
    labelled: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let p = pack_arg(pack)?;
    let cards = args::texts(cards, "cards", Error::Notation)?;
    let labelled = match labelled {
        Some(v) => args::switch(v, "labelled")?,
        None => false,
    };
    let mut h = hukm_core::CardSet::EMPTY;
    for c in &cards {
        let card = p.parse_card_avoiding(c, h)?;
        if h.contains(card) {
            return Err(Error::Notation(format!("card {} given twice", c)).into());
        }
        h.insert(card);
    }
    Ok(if labelled {
        p.format_hand_labelled(h)
    } else {
        p.format_hand(h)
    })
}

/// Reads a deal of `players` hands of `pack` (default `french52`) and returns
/// each seat's cards.
#[pyfunction]
#[pyo3(signature = (text, players, pack = None))]
pub fn parse_deal(
    text: &Bound<'_, PyAny>,
    players: &Bound<'_, PyAny>,
    pack: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Vec<String>>> {
    let p = pack_arg(pack)?;
    let players = args::whole(players, "players", 1, 16)? as usize;
    let hands = p.parse_deal(&args::text(text, "text", Error::Notation)?, players)?;
    Ok(hands.into_iter().map(|h| cards_in_order(&p, h)).collect())
}

/// The pack named by an optional argument (default `french52`).
fn pack_arg(pack: Option<&Bound<'_, PyAny>>) -> PyResult<Pack> {
    match pack {
        None => Ok(Pack::french52()),
        Some(v) => Ok(pack_by_name(&args::text(v, "pack", Error::Option)?)?),
    }
}

/// Every card of `pack` (default `french52`) in hand order.
#[pyfunction]
#[pyo3(signature = (pack = None))]
pub fn pack_cards(pack: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let p = pack_arg(pack)?;
    Ok(cards_in_order(&p, p.deck))
}

/// Keyword arguments from a dict of `None`, booleans, whole numbers,
/// strings and lists of whole numbers (anything else is an error naming the
/// keyword).
pub fn params_from_py(d: Option<&Bound<'_, PyDict>>, call: &str) -> PyResult<Params> {
    let mut out = Params::new();
    let Some(d) = d else {
        return Ok(out);
    };
    for (k, v) in d.iter() {
        let key: String = k.extract()?;
        let bad = || {
            Error::State(format!(
                "{}: bad value for {}: give a whole number, a string, True/False, a list of whole numbers or None",
                call, key
            ))
        };
        let p = if v.is_none() {
            Param::Null
        } else if v.is_instance_of::<PyBool>() {
            Param::Bool(v.extract()?)
        } else if v.is_instance_of::<PyInt>() {
            Param::Int(
                v.extract()
                    .map_err(|_| Error::State(format!("{}: {} is out of range", call, key)))?,
            )
        } else if v.is_instance_of::<PyString>() {
            Param::Text(v.extract()?)
        } else if let Ok(items) = v.try_iter() {
            let mut xs = Vec::new();
            for x in items {
                let x = x?;
                if x.is_instance_of::<PyBool>() || !x.is_instance_of::<PyInt>() {
                    return Err(bad().into());
                }
                xs.push(x.extract::<i64>().map_err(|_| {
                    Error::State(format!("{}: a number of {} is out of range", call, key))
                })?);
            }
            Param::Ints(xs)
        } else {
            return Err(bad().into());
        };
        out.set(&key, p);
    }
    Ok(out)
}

/// Keyword arguments as a dict (for records and pickling).
pub fn params_to_py<'py>(py: Python<'py>, p: &Params) -> pyo3::PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in &p.0 {
        match v {
            Param::Null => d.set_item(k, py.None())?,
            Param::Bool(b) => d.set_item(k, *b)?,
            Param::Int(i) => d.set_item(k, *i)?,
            Param::Text(t) => d.set_item(k, t)?,
            Param::Ints(v) => d.set_item(k, v.clone())?,
        }
    }
    Ok(d)
}

/// A pack as the pictures need it: its name, the suits as (code, name), and
/// every card in hand order as (card, suit index, rank label, strength in its
/// suit, 0 the weakest).
pub type Layout = (
    String,
    Vec<(String, String)>,
    Vec<(String, usize, String, u32)>,
);

/// The layout of `pack` (see [`Layout`]).
pub fn layout_of(pack: &Pack) -> Layout {
    let suits = pack
        .suits
        .iter()
        .map(|s| (s.code.clone(), s.name.clone()))
        .collect();
    let cards = pack
        .in_hand_order(pack.deck)
        .into_iter()
        .map(|c| {
            (
                pack.format_card(c),
                pack.suit_of(c) as usize,
                (pack.face(c) as char).to_string(),
                hukm_core::facts::strength(pack, c),
            )
        })
        .collect();
    (pack.name.clone(), suits, cards)
}

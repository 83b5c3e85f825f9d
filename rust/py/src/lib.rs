//! Python bindings of hukm-core (module `hukm._core`): conversions, error
//! mapping and GIL release only; every rule lives in `hukm-core`.

mod convert;
mod dasha;
mod dugi;
mod ganjifa;
mod hokm;
mod naqsh;
mod run;
mod solve;
mod state;
mod twenty_eight;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<hokm::PyHokm>()?;
    m.add_class::<naqsh::PyNaqsh>()?;
    m.add_class::<dasha::PyDashavatara>()?;
    m.add_class::<ganjifa::PyGanjifa>()?;
    m.add_class::<dugi::PyDugi>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<twenty_eight::PyTwentyEight>()?;
    m.add_function(wrap_pyfunction!(convert::parse_hand, m)?)?;
    m.add_function(wrap_pyfunction!(convert::format_hand, m)?)?;
    m.add_function(wrap_pyfunction!(convert::parse_deal, m)?)?;
    m.add_function(wrap_pyfunction!(convert::pack_cards, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(solve::sample_values, m)?)?;
    m.add_function(wrap_pyfunction!(naqsh::solve_naqsh, m)?)?;
    m.add_function(wrap_pyfunction!(twenty_eight::solve_twenty_eight, m)?)?;
    m.add_function(wrap_pyfunction!(
        twenty_eight::twenty_eight_open_position,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(ganjifa::solve_ganjifa, m)?)?;
    m.add_function(wrap_pyfunction!(dugi::solve_dugi, m)?)?;
    Ok(())
}

//! Python bindings of hukm-core (module `hukm._core`): conversions, error
//! mapping and GIL release only; every rule lives in `hukm-core`, and every
//! game is reached through its registry.

mod args;
mod convert;
mod describe;
mod error;
mod game;
mod run;
mod solve;
mod state;
mod tensor;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<tensor::PyVecEnv>()?;
    m.add_class::<solve::PySolverPool>()?;
    m.add_class::<solve::PyAnswer>()?;
    m.add_class::<describe::PyDescription>()?;
    m.add_class::<describe::PyKeyword>()?;
    m.add_class::<describe::PyObjective>()?;
    m.add_class::<describe::PyTableShape>()?;
    m.add_class::<describe::PyObservationField>()?;
    m.add_function(wrap_pyfunction!(describe::core_observation, m)?)?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add_function(wrap_pyfunction!(game::aliases, m)?)?;
    m.add_function(wrap_pyfunction!(game::option_info, m)?)?;
    m.add_function(wrap_pyfunction!(state::_restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(convert::parse_hand, m)?)?;
    m.add_function(wrap_pyfunction!(convert::format_hand, m)?)?;
    m.add_function(wrap_pyfunction!(convert::parse_deal, m)?)?;
    m.add_function(wrap_pyfunction!(convert::pack_cards, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(solve::sample_values, m)?)?;
    m.add_function(wrap_pyfunction!(solve::review_positions, m)?)?;
    m.add_function(wrap_pyfunction!(solve::py_default_threads, m)?)?;
    m.add_function(wrap_pyfunction!(solve::thread_work, m)?)?;
    Ok(())
}

//! Python bindings of hukm-core (module `hukm._core`).
use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

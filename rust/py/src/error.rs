//! The one conversion of engine errors into Python exceptions.
//!
//! Binding functions return [`PyResult`]`<T>` over [`Failure`], so `?` on an
//! engine result maps its error kind onto the exception classes of
//! `hukm._errors` (all `ValueError`s but the solver limits), and Ctrl-C
//! onto `KeyboardInterrupt`.

use hukm_core::Error;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// An engine error or a Python error on its way to Python.
pub enum Failure {
    /// An engine error, mapped by kind.
    Core(Error),
    /// A Python error raised while converting arguments.
    Py(PyErr),
}

/// The result type of the binding's functions.
pub type PyResult<T> = Result<T, Failure>;

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Core(e)
    }
}

impl From<PyErr> for Failure {
    fn from(e: PyErr) -> Failure {
        Failure::Py(e)
    }
}

static ERRORS: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        let e = match f {
            Failure::Py(e) => return e,
            Failure::Core(e) => e,
        };
        let class = match &e {
            Error::Notation(_) => "NotationError",
            Error::Option(_) => "OptionError",
            Error::IllegalAction(_) => "IllegalActionError",
            Error::State(_) => "StateError",
            Error::SolverLimit(_) => "SolverLimitError",
            Error::Interrupted => return PyKeyboardInterrupt::new_err("interrupted"),
        };
        Python::attach(|py| {
            let module =
                ERRORS.get_or_try_init(py, || py.import("hukm._errors").map(|m| m.unbind()));
            match module.and_then(|m| m.bind(py).getattr(class)) {
                Ok(cls) => match cls.cast_into() {
                    Ok(t) => PyErr::from_type(t, e.to_string()),
                    Err(_) => PyRuntimeError::new_err(e.to_string()),
                },
                Err(_) => PyRuntimeError::new_err(e.to_string()),
            }
        })
    }
}

//! Running long engine calls with the GIL released, interruptible by Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyo3::prelude::*;

/// Runs `f` on a worker thread with the GIL released. The calling thread
/// waits, checking for Python signals every 50 ms; on Ctrl-C it raises the
/// stop flag given to `f`, waits for the worker to return, and re-raises
/// `KeyboardInterrupt`. A panic in `f` becomes a `RuntimeError`.
pub fn run_detached<R, F>(py: Python<'_>, f: F) -> PyResult<R>
where
    R: Send,
    F: FnOnce(Arc<AtomicBool>) -> R + Send,
{
    run_ticking(py, f, |_| Ok(()))
}

/// Like [`run_detached`], calling `tick` with the GIL held every 50 ms
/// while `f` runs (e.g. to hand a search's progress to a Python callback);
/// an error from `tick` stops `f` like Ctrl-C and is raised.
pub fn run_ticking<R, F, T>(py: Python<'_>, f: F, mut tick: T) -> PyResult<R>
where
    R: Send,
    F: FnOnce(Arc<AtomicBool>) -> R + Send,
    T: FnMut(Python<'_>) -> PyResult<()>,
{
    let stop = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let rx = std::sync::Mutex::new(rx);
        let flag = stop.clone();
        scope.spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(flag)));
            let _ = tx.send(r);
        });
        loop {
            let got = py.detach(|| {
                rx.lock()
                    .expect("one waiter")
                    .recv_timeout(Duration::from_millis(50))
            });
            match got {
                Ok(Ok(r)) => return Ok(r),
                Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "internal error in the engine (please report it with the input)",
                    ))
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals().and_then(|_| tick(py)) {
                        stop.store(true, Ordering::Relaxed);
                        let _ = py.detach(|| rx.lock().expect("one waiter").recv());
                        return Err(e);
                    }
                }
            }
        }
    })
}

/// Runs `f` on the calling thread with the GIL released, for a call whose
/// searches all run on the thread that starts them: no worker thread to
/// start and wake (on an idle machine 25-80 µs a call, as much as a small
/// solve). Every 50 ms of the call, at a check of its limits
/// ([`hukm_core::solve::limits::polling`]), it takes the GIL to check for
/// Python signals; on Ctrl-C the search stops and `KeyboardInterrupt` is
/// raised. A panic in `f` becomes a `RuntimeError`.
pub fn run_here<R, F>(py: Python<'_>, f: F) -> PyResult<R>
where
    R: Send,
    F: FnOnce(Arc<AtomicBool>) -> R + Send,
{
    let stop = Arc::new(AtomicBool::new(false));
    let raised: Arc<Mutex<Option<PyErr>>> = Arc::new(Mutex::new(None));
    let (flag, slot) = (stop.clone(), raised.clone());
    let mut last = Instant::now();
    let poll = move || {
        if flag.load(Ordering::Relaxed) {
            return true;
        }
        if last.elapsed() < Duration::from_millis(50) {
            return false;
        }
        last = Instant::now();
        Python::attach(|py| match py.check_signals() {
            Ok(()) => false,
            Err(e) => {
                *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                flag.store(true, Ordering::Relaxed);
                true
            }
        })
    };
    let r = py.detach(|| {
        hukm_core::solve::limits::polling(poll, || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(stop)))
        })
    });
    if let Some(e) = raised.lock().unwrap_or_else(|e| e.into_inner()).take() {
        return Err(e);
    }
    r.map_err(|_| {
        pyo3::exceptions::PyRuntimeError::new_err(
            "internal error in the engine (please report it with the input)",
        )
    })
}

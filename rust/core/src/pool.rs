//! A fork-join pool for short, frequent calls: [`Pool::run`] runs part 0 of
//! a job on the calling thread and parts `1..` on workers kept alive between
//! calls, and returns when every part is done.
//!
//! It serves [`crate::registry::VecEnv`], whose calls take about a tenth of
//! a millisecond and come back to back from a Python loop. There a pool
//! whose workers sleep as soon as they are idle loses more on waking them
//! than it gains (a general-purpose pool measured 0.9 times one thread's
//! speed on two cores, with one or two context switches per call). So the
//! workers here spin on the call counter for [`SPIN`] after each part, then
//! sleep on a condition variable until the next call wakes them; the
//! caller spins while it waits for the last part, yielding after a while.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long an idle worker watches for the next call before it sleeps.
pub const SPIN: Duration = Duration::from_micros(200);

/// The job of one call: a pointer to the caller's closure, valid until
/// every worker has finished its part of the call.
type JobPtr = *const (dyn Fn(usize) + Sync);

struct Shared {
    /// Calls made so far; a worker runs one part per new value.
    epoch: AtomicU64,
    /// Workers still running their part of the current call.
    pending: AtomicUsize,
    /// A part of the current call panicked.
    panicked: AtomicBool,
    /// The pool is being dropped.
    stop: AtomicBool,
    /// Workers asleep (or about to sleep) on `wake`.
    sleepers: AtomicUsize,
    /// The current call's job (written before `epoch` moves on).
    job: Mutex<Option<SendPtr>>,
    lock: Mutex<()>,
    wake: Condvar,
}

#[derive(Copy, Clone)]
struct SendPtr(JobPtr);

// SAFETY: the pointer is only dereferenced by workers during the call that
// set it, while the caller keeps the closure (which is `Sync`) alive.
unsafe impl Send for SendPtr {}

/// Workers kept between calls; see the module documentation.
pub struct Pool {
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
    /// The process that started the workers: a child made by `fork` has
    /// none of them, and runs every part itself.
    pid: u32,
}

impl Pool {
    /// A pool for jobs of up to `parts` parts: `parts - 1` workers (none for
    /// one part). Fails when the system cannot start a thread.
    pub fn new(parts: usize) -> std::io::Result<Pool> {
        let shared = Arc::new(Shared {
            epoch: AtomicU64::new(0),
            pending: AtomicUsize::new(0),
            panicked: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            sleepers: AtomicUsize::new(0),
            job: Mutex::new(None),
            lock: Mutex::new(()),
            wake: Condvar::new(),
        });
        let mut pool = Pool {
            shared,
            workers: Vec::new(),
            pid: std::process::id(),
        };
        for i in 1..parts.max(1) {
            let shared = pool.shared.clone();
            let h = std::thread::Builder::new()
                .name(format!("hukm-pool-{}", i))
                .spawn(move || work(&shared, i))?;
            pool.workers.push(h);
        }
        Ok(pool)
    }

    /// Number of parts a call runs (the workers and the caller).
    pub fn parts(&self) -> usize {
        self.workers.len() + 1
    }

    /// Runs `f(0)` here and `f(1)`, ..., `f(parts - 1)` on the workers, at
    /// the same time; returns when all are done. False when a part
    /// panicked (the pool stays usable).
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use hukm_core::pool::Pool;
    /// let pool = Pool::new(3).unwrap();
    /// let sum = AtomicUsize::new(0);
    /// assert!(pool.run(&|k| { sum.fetch_add(k + 1, Ordering::Relaxed); }));
    /// assert_eq!(sum.into_inner(), 1 + 2 + 3);
    /// ```
    pub fn run(&self, f: &(dyn Fn(usize) + Sync)) -> bool {
        let sh = &*self.shared;
        if self.workers.is_empty() || std::process::id() != self.pid {
            // No workers here (one part, or a forked child): every part in turn.
            return (0..self.parts()).all(|k| catch_unwind(AssertUnwindSafe(|| f(k))).is_ok());
        }
        // SAFETY: erasing the lifetime is sound because this function does
        // not return before `pending` is back to 0, that is before every
        // worker has finished with the pointer (see below).
        let ptr: JobPtr = unsafe { std::mem::transmute::<&(dyn Fn(usize) + Sync), JobPtr>(f) };
        *sh.job.lock().unwrap_or_else(|e| e.into_inner()) = Some(SendPtr(ptr));
        sh.panicked.store(false, Ordering::Relaxed);
        sh.pending.store(self.workers.len(), Ordering::SeqCst);
        sh.epoch.fetch_add(1, Ordering::SeqCst);
        if sh.sleepers.load(Ordering::SeqCst) > 0 {
            let _g = sh.lock.lock().unwrap_or_else(|e| e.into_inner());
            sh.wake.notify_all();
        }
        let mine = catch_unwind(AssertUnwindSafe(|| f(0))).is_ok();
        let start = Instant::now();
        let mut spins = 0u32;
        while sh.pending.load(Ordering::Acquire) != 0 {
            spins = spins.wrapping_add(1);
            if spins % 64 == 0 && start.elapsed() > SPIN {
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
        *sh.job.lock().unwrap_or_else(|e| e.into_inner()) = None;
        mine && !sh.panicked.load(Ordering::Relaxed)
    }
}

/// A worker's loop: part `part` of every call until the pool is dropped.
fn work(sh: &Shared, part: usize) {
    let mut seen = 0u64;
    loop {
        let start = Instant::now();
        let mut spins = 0u32;
        loop {
            if sh.stop.load(Ordering::Acquire) {
                return;
            }
            if sh.epoch.load(Ordering::SeqCst) != seen {
                break;
            }
            spins = spins.wrapping_add(1);
            if spins % 64 == 0 && start.elapsed() > SPIN {
                let mut g = sh.lock.lock().unwrap_or_else(|e| e.into_inner());
                sh.sleepers.fetch_add(1, Ordering::SeqCst);
                while sh.epoch.load(Ordering::SeqCst) == seen && !sh.stop.load(Ordering::SeqCst) {
                    g = sh.wake.wait(g).unwrap_or_else(|e| e.into_inner());
                }
                sh.sleepers.fetch_sub(1, Ordering::SeqCst);
            } else {
                std::hint::spin_loop();
            }
        }
        seen = sh.epoch.load(Ordering::SeqCst);
        let job = *sh.job.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(SendPtr(ptr)) = job {
            // SAFETY: the caller of `run` keeps the closure alive until
            // `pending` reaches 0, which happens only after this part.
            let f = unsafe { &*ptr };
            if catch_unwind(AssertUnwindSafe(|| f(part))).is_err() {
                sh.panicked.store(true, Ordering::Relaxed);
            }
        }
        sh.pending.fetch_sub(1, Ordering::Release);
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        if std::process::id() != self.pid {
            // A forked child: the workers belong to the parent.
            std::mem::forget(std::mem::take(&mut self.workers));
            return;
        }
        self.shared.stop.store(true, Ordering::SeqCst);
        {
            let _g = self.shared.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.shared.wake.notify_all();
        }
        for h in self.workers.drain(..) {
            let _ = h.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_runs_once_per_call() {
        let pool = Pool::new(4).unwrap();
        assert_eq!(pool.parts(), 4);
        let counts: Vec<AtomicUsize> = (0..4).map(|_| AtomicUsize::new(0)).collect();
        for _ in 0..2000 {
            assert!(pool.run(&|k| {
                counts[k].fetch_add(1, Ordering::Relaxed);
            }));
        }
        assert!(counts.iter().all(|c| c.load(Ordering::Relaxed) == 2000));
    }

    #[test]
    fn parts_write_disjoint_borrowed_data() {
        let pool = Pool::new(3).unwrap();
        let mut data = vec![0u64; 300];
        for round in 1..=50u64 {
            let chunks: Vec<Mutex<&mut [u64]>> = data.chunks_mut(100).map(Mutex::new).collect();
            assert!(pool.run(&|k| {
                for x in chunks[k].lock().unwrap().iter_mut() {
                    *x += round;
                }
            }));
        }
        assert!(data.iter().all(|&x| x == 50 * 51 / 2));
    }

    #[test]
    fn sleeping_workers_wake_for_the_next_call() {
        let pool = Pool::new(2).unwrap();
        let n = AtomicUsize::new(0);
        for _ in 0..3 {
            std::thread::sleep(SPIN * 5);
            assert!(pool.run(&|_| {
                n.fetch_add(1, Ordering::Relaxed);
            }));
        }
        assert_eq!(n.into_inner(), 6);
    }

    #[test]
    fn a_panicking_part_is_reported_and_the_pool_goes_on() {
        let pool = Pool::new(2).unwrap();
        let failed = pool.run(&|k| {
            if k == 1 {
                panic!("part 1");
            }
        });
        let failed_here = pool.run(&|k| {
            if k == 0 {
                panic!("part 0");
            }
        });
        assert!(!failed && !failed_here);
        let n = AtomicUsize::new(0);
        assert!(pool.run(&|_| {
            n.fetch_add(1, Ordering::Relaxed);
        }));
        assert_eq!(n.into_inner(), 2);
    }

    #[test]
    fn one_part_runs_here() {
        let pool = Pool::new(1).unwrap();
        let here = std::thread::current().id();
        assert!(pool.run(&|k| assert_eq!((k, std::thread::current().id()), (0, here))));
    }
}

//! A bound on the searches that run at once in this process, shared fairly.
//!
//! A game on one person's terminal has one worker thread and no gate: nothing waits. A process that runs
//! many apps at once — `hextoe serve`, one app per connection — installs a gate with a few permits, and
//! every search (a move, a hint, a review's position) waits for one before it starts and gives it back when
//! it ends. Permits are handed out first come, first served, and each app waits for at most one search at a
//! time, so every AI game gets its turn: one client cannot take the machine.
//!
//! The gate is process-wide (installed once, read everywhere) so that the worker and the review's analysis
//! need no new parameter to reach it: a local game never installs one and runs exactly as before.

use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

/// The process's gate, if one was installed.
static GATE: OnceLock<Gate> = OnceLock::new();

/// Permits for searches, handed out in the order they were asked for.
#[derive(Debug)]
pub struct Gate {
    state: Mutex<Queue>,
    turn: Condvar,
}

/// The queue of tickets: the next one to give out, and the first one not yet let through.
#[derive(Debug)]
struct Queue {
    next: u64,
    admitted_below: u64,
}

/// A search's permit; dropping it lets the next one in.
#[derive(Debug)]
#[must_use = "the permit is given back when it is dropped"]
pub struct Permit {
    gate: &'static Gate,
}

impl Gate {
    /// A gate that lets `permits` searches run at once (at least one).
    fn new(permits: usize) -> Gate {
        let permits = permits.max(1) as u64;
        Gate { state: Mutex::new(Queue { next: 0, admitted_below: permits }), turn: Condvar::new() }
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        // The queue holds two counters, whole after any panic: a poisoned lock is still good.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits for this caller's turn: first come, first served.
    fn admit(&'static self) -> Permit {
        let mut q = self.lock();
        let ticket = q.next;
        q.next += 1;
        while ticket >= q.admitted_below {
            q = self.turn.wait(q).unwrap_or_else(|p| p.into_inner());
        }
        Permit { gate: self }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.gate.lock().admitted_below += 1;
        self.gate.turn.notify_all();
    }
}

/// Installs the process's gate with `permits` searches at once. False if one was installed already (the
/// first one stays).
pub fn install(permits: usize) -> bool {
    GATE.set(Gate::new(permits)).is_ok()
}

/// Waits for a permit when a gate is installed; `None` at once when none is (a local game).
pub fn admit() -> Option<Permit> {
    GATE.get().map(Gate::admit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_gate_lets_through_no_more_than_its_permits_and_everyone_in_turn() {
        // A gate of its own, leaked so that its permits may outlive the test's frames as the real one does.
        let gate: &'static Gate = Box::leak(Box::new(Gate::new(2)));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let done = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (running, most, done) = (running.clone(), most.clone(), done.clone());
                std::thread::spawn(move || {
                    let _permit = gate.admit();
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::yield_now();
                    running.fetch_sub(1, Ordering::SeqCst);
                    done.fetch_add(1, Ordering::SeqCst);
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap_or_else(|_| panic!("a searcher panicked"));
        }
        assert_eq!(done.load(Ordering::SeqCst), 8, "every search got its turn");
        assert!(most.load(Ordering::SeqCst) <= 2, "at most two at once, saw {}", most.load(Ordering::SeqCst));
        let q = gate.lock();
        assert_eq!((q.next, q.admitted_below), (8, 10), "every permit came back");
    }
}

//! Running the tourney's games side by side, each on a thread of its own.
//!
//! The games do not run on rayon's pool, although rayon would spread them in one line: a search that
//! waits on rayon inside a move (the solver's helpers) lets the waiting worker steal queued jobs
//! meanwhile, and on the global pool those jobs are other games. A move then
//! lasts as long as the stolen game, and its player forfeits on time. Plain threads that take the next
//! game from a shared counter cannot nest one game inside another.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Runs `f` on every item, `threads` at a time (at least one), and returns the results in the items'
/// order, whatever order they finish in.
pub(crate) fn run_each<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    thread::scope(|s| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    // A poisoned lock means another game's thread panicked; the scope re-raises that panic.
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(r);
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner()).into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn every_item_runs_once_and_the_results_keep_the_items_order() {
        let items: Vec<u64> = (0..37).collect();
        // Later items finish first, so the order of the results cannot come from the finishing order.
        let out = run_each(&items, 4, |&i| {
            thread::sleep(Duration::from_micros(50 * (37 - i)));
            i * i
        });
        assert_eq!(out, items.iter().map(|i| i * i).collect::<Vec<_>>());
        assert!(run_each(&[] as &[u8], 3, |_| 0).is_empty());
        assert_eq!(run_each(&[5], 0, |&x| x + 1), [6]);
    }

    #[test]
    fn games_run_outside_rayon_so_waiting_on_rayon_inside_a_move_cannot_start_another_game() {
        // A game that waits on a pool of its own, as a search waits on the network's: were the games
        // rayon jobs, the waiting worker could take up a queued game meanwhile, and the two would nest.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap_or_else(|e| panic!("{e}"));
        let running = AtomicUsize::new(0);
        let out = run_each(&(0..8).collect::<Vec<u32>>(), 2, |&g| {
            assert!(rayon::current_thread_index().is_none(), "game {g} runs on a rayon worker");
            let mine = running.fetch_add(1, Ordering::SeqCst);
            pool.install(|| thread::sleep(Duration::from_millis(2)));
            running.fetch_sub(1, Ordering::SeqCst);
            mine
        });
        // Two threads: at most one other game is ever running beside a game.
        assert!(out.iter().all(|&m| m < 2), "{out:?}");
    }
}

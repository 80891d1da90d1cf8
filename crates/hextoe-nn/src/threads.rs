//! One thread for candle: its CPU kernels take their thread count from `RAYON_NUM_THREADS` when they
//! start, which a safe program cannot set for itself once running, so the command runs itself again with
//! it set. Training on one thread is what makes a run reproducible and fair to a shared machine.

use crate::error::{NnError, Result};

/// The variable candle's kernels read.
const VAR: &str = "RAYON_NUM_THREADS";

/// The most threads asked of the kernels: more than any machine this runs on has cores, and few enough
/// that a mistyped count does not start a hundred thousand threads.
pub const MOST: usize = 256;

/// Makes sure this process computes on `threads` threads: `Ok(None)` if it already does, else runs the
/// same command again with `RAYON_NUM_THREADS` set and returns its exit code, which the caller exits with.
pub fn ensure(threads: usize) -> Result<Option<i32>> {
    if !(1..=MOST).contains(&threads) {
        return Err(NnError::Invalid(format!("threads {threads} is out of range: expected 1 to {MOST}")));
    }
    let want = threads.to_string();
    if std::env::var(VAR).is_ok_and(|v| v == want) {
        return Ok(None);
    }
    let exe = std::env::current_exe()
        .map_err(|e| NnError::Invalid(format!("cannot find this program to run it on {threads} thread(s): {e}")))?;
    let status = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(VAR, want)
        .status()
        .map_err(|e| NnError::Invalid(format!("cannot run this program again on {threads} thread(s): {e}")))?;
    Ok(Some(status.code().unwrap_or(1)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_thread_count_out_of_range_is_refused_before_anything_runs() {
        for n in [0, super::MOST + 1, usize::MAX] {
            let e = super::ensure(n).map(|_| ()).map_err(|e| e.to_string());
            assert_eq!(e, Err(format!("threads {n} is out of range: expected 1 to {}", super::MOST)));
        }
    }
}

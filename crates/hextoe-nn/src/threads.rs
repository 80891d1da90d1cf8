//! One thread for candle: its CPU kernels take their thread count from `RAYON_NUM_THREADS` when they
//! start, which a safe program cannot set for itself once running, so the command runs itself again with
//! it set. Training on one thread is what makes a run reproducible and fair to a shared machine.

use crate::error::{NnError, Result};

/// The variable candle's kernels read.
const VAR: &str = "RAYON_NUM_THREADS";

/// Makes sure this process computes on `threads` threads: `Ok(None)` if it already does, else runs the
/// same command again with [`VAR`] set and returns its exit code, which the caller exits with.
pub fn ensure(threads: usize) -> Result<Option<i32>> {
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

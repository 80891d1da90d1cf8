//! The process the commands compute in. candle's CPU kernels take their thread count from
//! `RAYON_NUM_THREADS` when they start, which a safe program cannot set for itself once running, so the
//! command runs itself again with it set. Training keeps them on one thread and splits its batches over
//! threads of its own ([`crate::gradient`]), so that a run is reproducible for its thread count; the
//! held-out evaluation splits the kernels.
//!
//! The same run again also sets glibc's allocator's top pad (`MALLOC_TOP_PAD_`), its trim threshold and
//! its mmap threshold (each unless the person running the command set it): a batch's tensors are allocated
//! and freed at every step, and without them the allocator hands the freed memory back to the kernel and
//! takes it back, page fault by page fault, at the next step. The pad alone keeps the main heap; the
//! heaps of other threads (training on several, [`crate::gradient`]) are trimmed by the threshold, and
//! any pad switches off glibc's adaptive mmap threshold, so large tensors would each be mapped afresh
//! unless it is raised to glibc's most, 32 MiB. Without them the system time was as large as the
//! arithmetic's user time (docs/nn.md, "Speed"); other allocators ignore the variables.

use crate::error::{NnError, Result};

/// The variable candle's kernels read.
const VAR: &str = "RAYON_NUM_THREADS";

/// glibc's allocator's settings and their values: a top pad and a trim threshold of 256 MiB, above a
/// training step's tensors, so that the heap a step freed is there for the next one, and the mmap
/// threshold at its most (32 MiB), so that a step's tensors come from the heap. Memory the run never
/// touches costs nothing.
const ALLOCATOR: [(&str, &str); 3] =
    [("MALLOC_TOP_PAD_", "268435456"), ("MALLOC_TRIM_THRESHOLD_", "268435456"), ("MALLOC_MMAP_THRESHOLD_", "33554432")];

/// The most threads a command is asked for: more than any machine this runs on has cores, and few enough
/// that a mistyped count does not start a hundred thousand threads.
pub const MOST: usize = 256;

/// Makes sure this process computes on `threads` threads with the allocator's settings: `Ok(None)` if it
/// already does, else runs the same command again with the variables set and returns its exit code, which
/// the caller exits with.
pub fn ensure(threads: usize) -> Result<Option<i32>> {
    if !(1..=MOST).contains(&threads) {
        return Err(NnError::Invalid(format!("threads {threads} is out of range: expected 1 to {MOST}")));
    }
    let vars = missing(threads, |name| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned()));
    if vars.is_empty() {
        return Ok(None);
    }
    let exe = std::env::current_exe()
        .map_err(|e| NnError::Invalid(format!("cannot find this program to run it on {threads} thread(s): {e}")))?;
    let status = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .envs(vars)
        .status()
        .map_err(|e| NnError::Invalid(format!("cannot run this program again on {threads} thread(s): {e}")))?;
    Ok(Some(status.code().unwrap_or(1)))
}

/// The variables a run on `threads` threads must set before it computes, read through `get`: the thread
/// count unless it is already that, and each allocator setting unless it is set at all (a value chosen by
/// the person running the command stays).
fn missing(threads: usize, get: impl Fn(&str) -> Option<String>) -> Vec<(&'static str, String)> {
    let want = threads.to_string();
    let mut vars = Vec::new();
    if get(VAR).as_deref() != Some(want.as_str()) {
        vars.push((VAR, want));
    }
    for (name, value) in ALLOCATOR {
        if get(name).is_none() {
            vars.push((name, value.to_string()));
        }
    }
    vars
}

#[cfg(test)]
mod tests {
    use super::{ALLOCATOR, VAR, missing};

    #[test]
    fn a_thread_count_out_of_range_is_refused_before_anything_runs() {
        for n in [0, super::MOST + 1, usize::MAX] {
            let e = super::ensure(n).map(|_| ()).map_err(|e| e.to_string());
            assert_eq!(e, Err(format!("threads {n} is out of range: expected 1 to {}", super::MOST)));
        }
    }

    #[test]
    fn the_run_again_sets_what_is_missing_and_keeps_what_was_chosen() {
        let allocator: Vec<(&str, String)> = ALLOCATOR.iter().map(|&(n, v)| (n, v.to_string())).collect();
        let all = |threads: &str| [vec![(VAR, threads.to_string())], allocator.clone()].concat();
        assert_eq!(missing(2, |_| None), all("2"));
        let set = |threads: &'static str, chosen: Option<&'static str>| {
            move |name: &str| if name == VAR { Some(threads.to_string()) } else { chosen.map(str::to_string) }
        };
        assert_eq!(missing(2, set("2", Some("0"))), vec![], "settings of the user's choosing stay");
        assert_eq!(missing(2, set("1", Some("0"))), vec![(VAR, "2".to_string())]);
        assert_eq!(missing(1, set("1", None)), allocator);
        // Only the one setting the user left out is added.
        let trim_left_out = |name: &str| match name {
            VAR => Some("1".to_string()),
            "MALLOC_TRIM_THRESHOLD_" => None,
            _ => Some("7".to_string()),
        };
        assert_eq!(missing(1, trim_left_out), vec![("MALLOC_TRIM_THRESHOLD_", "268435456".to_string())]);
    }
}

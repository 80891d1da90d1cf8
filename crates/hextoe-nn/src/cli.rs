//! What the crate's commands (`hextoe-nn-train`, `hextoe-nn-eval`) share: the `--threads` option, checked
//! when it is parsed, and the start of a command (its kernels on a given number of threads, an error
//! printed as one line under the command's name, an exit code), written once so that the two cannot
//! drift apart.

use crate::error::Result;
use crate::threads;
use std::process::ExitCode;

/// The options every command of this crate takes.
#[derive(clap::Args, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Common {
    /// Threads to compute on, 1 to 256. Training cuts each batch into that many parts, one a thread (a
    /// count gives the same weights on every run); evaluation splits its tensor kernels over them.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=threads::MOST as i64))]
    pub threads: u16,
}

/// Runs a command's body `run` with its parsed `args`, its tensor kernels on `kernel_threads` threads: when
/// this process does not compute on that many yet, it runs itself again with them and exits with that
/// run's code. An error is printed on standard error as `name: message`, and the exit code says failure.
pub fn main<A>(name: &str, kernel_threads: u16, args: A, run: impl FnOnce(A) -> Result<()>) -> ExitCode {
    let outcome = threads::ensure(usize::from(kernel_threads)).and_then(|again| match again {
        Some(code) => Ok(u8::try_from(code).unwrap_or(1)),
        None => run(args).map(|()| 0),
    });
    match outcome {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Args {
        #[command(flatten)]
        common: Common,
    }

    fn threads(argv: &[&str]) -> std::result::Result<u16, String> {
        Args::try_parse_from(std::iter::once("t").chain(argv.iter().copied()))
            .map(|a| a.common.threads)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn threads_default_to_one_and_zero_or_too_many_are_refused() {
        assert_eq!(threads(&[]), Ok(1));
        assert_eq!(threads(&["--threads", "2"]), Ok(2));
        assert_eq!(threads(&["--threads", "256"]), Ok(256));
        for bad in ["0", "257", "x", "70000"] {
            let e = threads(&["--threads", bad]).unwrap_err();
            assert!(e.contains("--threads"), "{bad}: {e}");
            assert!(e.contains(&format!("'{bad}'")), "{bad}: {e}");
        }
        let e = threads(&["--threads", "0"]).unwrap_err();
        assert!(e.contains("1..=256"), "{e}");
    }

    #[test]
    fn an_out_of_range_count_fails_before_the_body_runs() {
        let mut ran = false;
        let code = main("t", 0, (), |()| {
            ran = true;
            Ok(())
        });
        assert_eq!(code, ExitCode::FAILURE);
        assert!(!ran);
    }
}

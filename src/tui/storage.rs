//! The data directory: where saved games and the session score live, written atomically.
//!
//! The directory is `$XDG_DATA_HOME/hextoe` (`~/.local/share/hextoe`) or the platform's equivalent, from the
//! `directories` crate. Every write goes to a temporary file in the same directory that is then renamed
//! over the target, so a crash never leaves half a file. A file that cannot be read back is renamed aside
//! (`score.json.corrupt-<time>`) and reported, never silently overwritten.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// A data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Storage {
    dir: PathBuf,
}

impl Storage {
    /// The user's data directory, if the platform has one.
    pub fn user() -> Option<Storage> {
        directories::ProjectDirs::from("", "", "hextoe").map(|d| Storage { dir: d.data_dir().to_path_buf() })
    }

    /// A storage rooted at `dir` (tests use a temporary directory).
    pub fn at(dir: impl Into<PathBuf>) -> Storage {
        Storage { dir: dir.into() }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The full path of a file in the directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes `name` atomically: a temporary file beside it, flushed to disk, then renamed over it.
    pub fn write(&self, name: &str, contents: &str) -> std::io::Result<PathBuf> {
        write_atomic(&self.path(name), contents)
    }

    /// Reads `name`; `Ok(None)` when it does not exist yet.
    pub fn read(&self, name: &str) -> std::io::Result<Option<String>> {
        match std::fs::read_to_string(self.path(name)) {
            Ok(s) => Ok(Some(s)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Moves a file that could not be read aside, to `<name>.corrupt-<unix seconds>`, and returns the new
    /// path, so that the next write does not destroy what the user may want to recover.
    pub fn quarantine(&self, name: &str) -> std::io::Result<PathBuf> {
        let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let mut target = self.path(&format!("{name}.corrupt-{secs}"));
        let mut i = 1;
        while target.exists() {
            target = self.path(&format!("{name}.corrupt-{secs}-{i}"));
            i += 1;
        }
        std::fs::rename(self.path(name), &target)?;
        Ok(target)
    }
}

/// Writes a file atomically (temporary file in the same directory, sync, rename), creating the directory.
pub fn write_atomic(path: &Path, contents: &str) -> std::io::Result<PathBuf> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map(|()| path.to_path_buf())
}

/// The current UTC time as `YYYYMMDD-HHMMSS`, for file names that sort by date.
pub fn timestamp() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    format_timestamp(secs)
}

/// Formats Unix seconds as `YYYYMMDD-HHMMSS` (UTC), with the civil-from-days algorithm.
pub fn format_timestamp(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}{m:02}{d:02}-{:02}{:02}{:02}", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_civil_dates() {
        assert_eq!(format_timestamp(0), "19700101-000000");
        assert_eq!(format_timestamp(951_782_400), "20000229-000000");
        assert_eq!(format_timestamp(1_700_000_000), "20231114-221320");
    }

    #[test]
    fn writes_replace_whole_files_and_quarantine_keeps_the_old_one() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let s = Storage::at(dir.path().join("nested"));
        assert_eq!(s.read("a.txt").ok(), Some(None));
        assert!(s.write("a.txt", "one").is_ok());
        assert!(s.write("a.txt", "two").is_ok());
        assert_eq!(s.read("a.txt").ok().flatten().as_deref(), Some("two"));
        let aside = s.quarantine("a.txt").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read_to_string(&aside).ok().as_deref(), Some("two"));
        assert_eq!(s.read("a.txt").ok(), Some(None));
        let leftovers: Vec<_> = std::fs::read_dir(s.dir())
            .map(|d| d.filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().contains(".tmp-")).count())
            .into_iter()
            .collect();
        assert_eq!(leftovers, [0]);
    }
}

//! The data directory: where saved games and the session score live, written so that nothing is lost.
//!
//! The directory is `$XDG_DATA_HOME/hextoe` (`~/.local/share/hextoe`) or the platform's equivalent, from the
//! `directories` crate.
//! - Every write goes to a temporary file in the same directory, which is synced, renamed over the target,
//!   and then the directory itself is synced, so a crash never leaves half a file or a lost rename.
//! - [`Storage::create_new`] never replaces anything: a name that is taken gets a `-2`, `-3`… suffix.
//! - [`Storage::lock`] takes an exclusive lock beside a file, so that two running copies take turns to
//!   read, change and write it.
//! - Reads are bounded ([`crate::input::MAX_FILE_BYTES`]). A file that cannot be read back is renamed aside
//!   (`score.json.corrupt-<time>`) and reported, never silently overwritten.

use crate::input::{MAX_FILE_BYTES, ReadError, read_text};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// How many suffixes [`Storage::create_new`] tries before giving up.
const MAX_SUFFIX: u32 = 10_000;

/// A data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Storage {
    dir: PathBuf,
}

/// An exclusive lock on a file of the data directory, held until it is dropped.
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

impl Storage {
    /// The user's data directory, if the platform has one.
    pub(crate) fn user() -> Option<Storage> {
        directories::ProjectDirs::from("", "", "hextoe").map(|d| Storage { dir: d.data_dir().to_path_buf() })
    }

    /// A storage rooted at `dir` (tests use a temporary directory).
    pub fn at(dir: impl Into<PathBuf>) -> Storage {
        Storage { dir: dir.into() }
    }

    /// The directory itself.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The full path of a file in the directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Checks that files can be written here: makes the directory, writes a small file and removes it.
    /// A directory without permission, or a file where the directory should be, fails here at once
    /// rather than at the first save.
    pub(crate) fn probe(&self) -> std::io::Result<()> {
        if self.dir.exists() && !self.dir.is_dir() {
            return Err(std::io::Error::other("it is a file, not a folder"));
        }
        std::fs::create_dir_all(&self.dir)?;
        let probe = temp_path(&self.path("probe"));
        let written = std::fs::write(&probe, b"hextoe");
        let _ = std::fs::remove_file(&probe);
        written
    }

    /// Writes `name` atomically: a temporary file beside it, synced, renamed over it, the directory synced.
    pub(crate) fn write(&self, name: &str, contents: &str) -> std::io::Result<PathBuf> {
        write_atomic(&self.path(name), contents)
    }

    /// Writes a new file `<stem><ext>`, or `<stem>-2<ext>`, `<stem>-3<ext>`… if that name is taken: an
    /// existing file is never replaced. The content appears whole or not at all (it is written to a
    /// temporary file and linked into place). Returns the path written.
    pub(crate) fn create_new(&self, stem: &str, ext: &str, contents: &str) -> std::io::Result<PathBuf> {
        let first = self.path(&format!("{stem}{ext}"));
        let dir = parent_of(&first).to_path_buf();
        std::fs::create_dir_all(&dir)?;
        let tmp = temp_path(&first);
        let written = (|| {
            let mut f = File::create(&tmp)?;
            put(&mut f, contents)?;
            f.sync_all()
        })();
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
        let mut result = Err(std::io::Error::other(format!("every name up to {stem}-{MAX_SUFFIX}{ext} is taken")));
        for i in 1..=MAX_SUFFIX {
            let target = if i == 1 { first.clone() } else { self.path(&format!("{stem}-{i}{ext}")) };
            match link_new(&tmp, &target, contents) {
                Ok(()) => {
                    result = Ok(target);
                    break;
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        let _ = std::fs::remove_file(&tmp);
        let path = result?;
        sync_dir(&dir)?;
        Ok(path)
    }

    /// Reads `name`, at most [`MAX_FILE_BYTES`]; `Ok(None)` when it does not exist yet. Bytes that are not
    /// UTF-8 and a file over the bound are errors that say so.
    pub(crate) fn read(&self, name: &str) -> Result<Option<String>, ReadError> {
        match read_text(&self.path(name), MAX_FILE_BYTES) {
            Ok(s) => Ok(Some(s)),
            Err(e) if e.is_not_found() => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Takes an exclusive lock for `name` (on `<name>.lock` beside it), waiting for another copy of hextoe
    /// that holds it. The lock is released when the returned value is dropped, or when the process ends.
    pub fn lock(&self, name: &str) -> std::io::Result<Lock> {
        std::fs::create_dir_all(&self.dir)?;
        let file =
            OpenOptions::new().create(true).truncate(false).write(true).open(self.path(&format!("{name}.lock")))?;
        file.lock()?;
        Ok(Lock { _file: file })
    }

    /// Takes the lock for `name` like [`Storage::lock`], but without waiting: `Ok(None)` when another copy
    /// of hextoe holds it.
    pub(crate) fn try_lock(&self, name: &str) -> std::io::Result<Option<Lock>> {
        std::fs::create_dir_all(&self.dir)?;
        let file =
            OpenOptions::new().create(true).truncate(false).write(true).open(self.path(&format!("{name}.lock")))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(Lock { _file: file })),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    }

    /// Moves a file that could not be read aside, to `<name>.corrupt-<unix seconds>`, and returns the new
    /// path, so that the next write does not destroy what the user may want to recover.
    pub(crate) fn quarantine(&self, name: &str) -> std::io::Result<PathBuf> {
        let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let mut target = self.path(&format!("{name}.corrupt-{secs}"));
        let mut i = 1;
        while target.exists() {
            target = self.path(&format!("{name}.corrupt-{secs}-{i}"));
            i += 1;
        }
        std::fs::rename(self.path(name), &target)?;
        sync_dir(&self.dir)?;
        Ok(target)
    }
}

/// The directory a path is in (`.` for a bare name).
fn parent_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// A temporary name beside `path`, unique within this process and across processes.
fn temp_path(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "file".into());
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    parent_of(path).join(format!(".{name}.tmp-{}-{n}", std::process::id()))
}

/// Writes `contents` into a new temporary file. Tests make it fail half way on their thread, as a full disk
/// does (`fault::disk_full`).
fn put(f: &mut File, contents: &str) -> std::io::Result<()> {
    #[cfg(test)]
    if let Some(e) = fault::now() {
        f.write_all(&contents.as_bytes()[..contents.len() / 2])?;
        return Err(e);
    }
    f.write_all(contents.as_bytes())
}

/// A full disk on demand, for tests: every write of the data directory on the test's thread fails half way
/// with the error a full disk gives, while the guard lives.
#[cfg(test)]
pub(crate) mod fault {
    use std::cell::Cell;

    thread_local! {
        static FULL: Cell<bool> = const { Cell::new(false) };
    }

    /// The disk is full on this thread until the guard is dropped.
    pub(crate) struct DiskFull(());

    /// Fills the disk, for this thread.
    pub(crate) fn disk_full() -> DiskFull {
        FULL.with(|f| f.set(true));
        DiskFull(())
    }

    impl Drop for DiskFull {
        fn drop(&mut self) {
            FULL.with(|f| f.set(false));
        }
    }

    /// The error a write meets now, if the disk is full: ENOSPC where there is one, so that the message is
    /// the system's own.
    pub(super) fn now() -> Option<std::io::Error> {
        FULL.with(|f| f.get()).then(|| {
            #[cfg(unix)]
            let e = std::io::Error::from_raw_os_error(28);
            #[cfg(not(unix))]
            let e = std::io::Error::from(std::io::ErrorKind::StorageFull);
            e
        })
    }
}

/// Puts the synced temporary file `tmp` at `target` only if `target` does not exist: a hard link where the
/// file system has them, else a file opened with create-new and written.
fn link_new(tmp: &Path, target: &Path, contents: &str) -> std::io::Result<()> {
    match std::fs::hard_link(tmp, target) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
            let mut f = OpenOptions::new().write(true).create_new(true).open(target)?;
            f.write_all(contents.as_bytes())?;
            f.sync_all()
        }
        r => r,
    }
}

/// Syncs a directory, so that a rename or a new name in it survives a crash. Platforms that cannot open a
/// directory as a file (Windows) make their renames durable on their own.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// Writes a file atomically (temporary file in the same directory, sync, rename, directory sync), creating
/// the directory.
pub(crate) fn write_atomic(path: &Path, contents: &str) -> std::io::Result<PathBuf> {
    let dir = parent_of(path);
    std::fs::create_dir_all(dir)?;
    let tmp = temp_path(path);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        put(&mut f, contents)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result?;
    sync_dir(dir)?;
    Ok(path.to_path_buf())
}

/// The current UTC time as `YYYYMMDD-HHMMSS`, for file names that sort by date.
pub(crate) fn timestamp() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    format_timestamp(secs)
}

/// Today's date (UTC) as `YYYY-MM-DD`, as SGF's `DT` writes it.
pub(crate) fn today() -> String {
    let t = timestamp();
    format!("{}-{}-{}", &t[0..4], &t[4..6], &t[6..8])
}

/// Formats Unix seconds as `YYYYMMDD-HHMMSS` (UTC), with the civil-from-days algorithm.
pub(crate) fn format_timestamp(secs: u64) -> String {
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
        let nested = dir.path().join("nested");
        let s = Storage::at(&nested);
        assert_eq!(s.read("a.txt").ok(), Some(None));
        assert!(s.write("a.txt", "one").is_ok());
        assert!(s.write("a.txt", "two").is_ok());
        assert_eq!(s.read("a.txt").ok().flatten().as_deref(), Some("two"));
        let aside = s.quarantine("a.txt").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read_to_string(&aside).ok().as_deref(), Some("two"));
        assert_eq!(s.read("a.txt").ok(), Some(None));
        let leftovers: Vec<_> = std::fs::read_dir(&nested)
            .map(|d| d.filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().contains(".tmp-")).count())
            .into_iter()
            .collect();
        assert_eq!(leftovers, [0]);
    }

    #[test]
    fn a_full_disk_keeps_the_previous_file_whole_and_leaves_no_half_file() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let s = Storage::at(dir.path());
        assert!(s.write("a.txt", "the game before").is_ok());
        let full = fault::disk_full();
        let failed = s.write("a.txt", "the game after, longer").err();
        assert_eq!(failed.map(|e| e.kind()), Some(std::io::ErrorKind::StorageFull));
        assert_eq!(s.read("a.txt").ok().flatten().as_deref(), Some("the game before"), "the previous file was hurt");
        let failed = s.create_new("saves/game", ".txt", "a new game").err();
        assert_eq!(failed.map(|e| e.kind()), Some(std::io::ErrorKind::StorageFull));
        let names = |d: &Path| -> Vec<String> {
            let files = std::fs::read_dir(d).map(|d| d.filter_map(|e| e.ok()).collect::<Vec<_>>()).unwrap_or_default();
            let mut names: Vec<String> = files.iter().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
            names.sort();
            names
        };
        assert_eq!(names(dir.path()), ["a.txt", "saves"], "a half-written file was left behind");
        assert_eq!(names(&s.path("saves")), Vec::<String>::new(), "a half-written save was left behind");
        drop(full);
        assert!(s.write("a.txt", "the game after").is_ok(), "writes work again once there is room");
        assert_eq!(s.read("a.txt").ok().flatten().as_deref(), Some("the game after"));
    }

    #[test]
    fn new_files_never_replace_old_ones() {
        // Finding 7: two saves in the same second wrote the same name, and the second replaced the first.
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let s = Storage::at(dir.path());
        let names: Vec<PathBuf> = (0..3)
            .map(|i| s.create_new("saves/game", ".txt", &format!("game {i}")).unwrap_or_else(|e| panic!("{e}")))
            .collect();
        assert_eq!(names, [s.path("saves/game.txt"), s.path("saves/game-2.txt"), s.path("saves/game-3.txt")]);
        for (i, p) in names.iter().enumerate() {
            assert_eq!(std::fs::read_to_string(p).ok(), Some(format!("game {i}")));
        }
        let leftovers = std::fs::read_dir(s.path("saves")).map(|d| d.count()).unwrap_or(0);
        assert_eq!(leftovers, 3, "a temporary file was left behind");
    }

    #[test]
    fn reads_are_bounded_and_refuse_bad_bytes() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let s = Storage::at(dir.path());
        assert!(std::fs::write(s.path("big"), vec![b'a'; MAX_FILE_BYTES as usize + 1]).is_ok());
        assert!(matches!(s.read("big"), Err(ReadError::TooLarge { .. })));
        assert!(std::fs::write(s.path("bin"), b"\xff\xfe").is_ok());
        assert!(matches!(s.read("bin"), Err(ReadError::NotUtf8(_))));
    }

    #[test]
    fn a_lock_is_exclusive_until_dropped() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let s = Storage::at(dir.path());
        let held = s.lock("score.json").unwrap_or_else(|e| panic!("{e}"));
        let other = File::options().write(true).open(s.path("score.json.lock")).unwrap_or_else(|e| panic!("{e}"));
        assert!(other.try_lock().is_err(), "a second lock was granted while the first was held");
        drop(held);
        assert!(other.try_lock().is_ok());
    }
}

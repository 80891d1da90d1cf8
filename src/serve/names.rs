//! The names players chose, remembered per key, so that a player names themselves once and is known by it
//! on every later visit; a guest's name lasts as long as its connection.
//!
//! A key's name is its own on the server: another key asking for it (in any case) is refused, so no one
//! can pass for a player others know. A guest's name is shown marked as a guest's (see
//! [`crate::serve::identity::Person::short`]). The names are kept in the data directory (`serve/names`,
//! one key a line: its fingerprint, a tab, the name), bounded in number, and written at most every
//! [`WRITE_EVERY`] whatever clients do, so that renaming in a loop costs the disk nothing. A player renames
//! at most at the rate [`RENAMES`] (a new name is logged and shown in every room of theirs, so a loop of
//! renames would flood the log and the rooms).

use crate::serve::display_name::DisplayName;
use crate::serve::identity::{Identity, Person};
use crate::serve::limits::{Bucket, Rate};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Where the names live in the data directory.
pub const FILE: &str = "serve/names";

/// The shortest time between two writes of the file.
pub const WRITE_EVERY: Duration = Duration::from_secs(2);

/// How often one player may change their name: a few at once, then one every so often.
pub const RENAMES: Rate = Rate { burst: 5, every: Duration::from_secs(10) };

/// Above this many players' rename rates remembered, those back to full are forgotten.
const PRUNE_RENAMES_ABOVE: usize = 1024;

/// The file's first line.
const HEADER: &str = "# hextoe serve: the names players chose, one key a line (its fingerprint, a tab, the name)";

/// The most bytes a line of the file can take: a fingerprint, a tab, a name of 20 characters of 4 bytes.
const LINE_BYTES: u64 = 160;

/// What the names hold now.
#[derive(Debug, Default)]
struct Inner {
    /// A key's fingerprint to its name.
    by_key: HashMap<String, DisplayName>,
    /// Each form of a name ([`DisplayName::folds`]) to the fingerprint of the key it belongs to.
    owner: HashMap<String, String>,
    /// Guests' names, for as long as they are connected.
    guests: HashMap<u64, DisplayName>,
    /// True when the file is behind.
    dirty: bool,
    /// When the file was last written.
    written_at: Option<Instant>,
    /// Each player's rate of renames, while it is not back to full.
    renames: HashMap<Identity, Bucket>,
}

impl Inner {
    fn insert(&mut self, fingerprint: &str, name: DisplayName) {
        self.remove(fingerprint);
        for f in name.folds() {
            self.owner.insert(f, fingerprint.to_string());
        }
        self.by_key.insert(fingerprint.to_string(), name);
    }

    /// True when a name like `name` belongs to a key other than `fingerprint`.
    fn taken(&self, name: &DisplayName, fingerprint: &str) -> bool {
        name.folds().iter().any(|f| self.owner.get(f).is_some_and(|o| o != fingerprint))
    }

    fn remove(&mut self, fingerprint: &str) {
        if let Some(old) = self.by_key.remove(fingerprint) {
            for f in old.folds() {
                self.owner.remove(&f);
            }
        }
    }
}

/// The names of the server's players.
#[derive(Debug)]
pub struct Names {
    inner: Mutex<Inner>,
    file: Option<PathBuf>,
    max: usize,
}

impl Names {
    /// Names kept in memory only (tests), at most `max` keys'.
    pub fn in_memory(max: usize) -> Names {
        Names { inner: Mutex::new(Inner::default()), file: None, max }
    }

    /// The names kept in `file`, at most `max` keys', and a sentence for each line that could not be read
    /// (a missing file is no names yet).
    pub fn load(file: &Path, max: usize) -> (Names, Vec<String>) {
        let mut names = Names::in_memory(max);
        names.file = Some(file.to_path_buf());
        let text = match crate::input::read_text(file, LINE_BYTES * max as u64 + 1024) {
            Ok(t) => t,
            Err(e) if e.is_not_found() => return (names, Vec::new()),
            Err(e) => return (names, vec![format!("the names in {} cannot be read: {e}", file.display())]),
        };
        let mut problems = Vec::new();
        let inner = names.inner.get_mut().unwrap_or_else(|p| p.into_inner());
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
            let read = line.split_once('\t').and_then(|(key, name)| {
                let key = Identity::parse(key).filter(Identity::has_key)?;
                Some((key.to_string(), DisplayName::parse(name).ok()?))
            });
            let why = match read {
                None => Some("not a key's fingerprint, a tab and a name"),
                Some((_, name)) if inner.taken(&name, "") => Some("a name another key has"),
                Some(_) if inner.by_key.len() >= max => Some("more names than the server keeps"),
                Some((key, name)) => {
                    inner.insert(&key, name);
                    None
                }
            };
            if let Some(why) = why {
                problems.push(format!("{} line {}: {why}; left out", file.display(), i + 1));
            }
        }
        (names, problems)
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Three maps and two flags, whole after any panic: a poisoned lock is still good.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The name `who` chose, if any.
    pub fn get(&self, who: &Identity) -> Option<DisplayName> {
        let inner = self.lock();
        match who {
            Identity::Key(f) => inner.by_key.get(f).cloned(),
            Identity::Guest(n) => inner.guests.get(n).cloned(),
        }
    }

    /// `who` as others see them, with their name.
    pub fn person(&self, who: &Identity) -> Person {
        Person { identity: who.clone(), name: self.get(who) }
    }

    /// Gives `who` the name `name` at `now` (none: back to the key's short form), or says why not: another
    /// key has it, the server remembers as many names as it keeps, or `who` renamed too often just now.
    /// Returns false when `who` had that name already (nothing changed, nothing to tell anyone).
    pub fn set(&self, who: &Identity, name: Option<DisplayName>, now: Instant) -> Result<bool, String> {
        let mut inner = self.lock();
        let had = match who {
            Identity::Key(f) => inner.by_key.get(f),
            Identity::Guest(n) => inner.guests.get(n),
        };
        if had.map(DisplayName::as_str) == name.as_ref().map(DisplayName::as_str) {
            return Ok(false);
        }
        if let (Identity::Key(f), Some(name)) = (who, &name) {
            if inner.taken(name, f) {
                return Err(format!("the name {name} is another player's: choose another"));
            }
            if !inner.by_key.contains_key(f) && inner.by_key.len() >= self.max {
                return Err(format!(
                    "the server remembers {} names already, as many as it keeps: you play as your key",
                    self.max
                ));
            }
        }
        if inner.renames.len() > PRUNE_RENAMES_ABOVE {
            inner.renames.retain(|_, b| !b.is_full(now));
        }
        let rate = inner.renames.entry(who.clone()).or_insert_with(|| Bucket::new(RENAMES, now));
        if !rate.take(1, now) {
            return Err(format!(
                "you changed your name {} times just now: wait {} seconds and try again",
                RENAMES.burst,
                RENAMES.every.as_secs()
            ));
        }
        match (who, name) {
            (Identity::Guest(n), Some(name)) => {
                inner.guests.insert(*n, name);
            }
            (Identity::Guest(n), None) => {
                inner.guests.remove(n);
            }
            (Identity::Key(f), None) => {
                inner.remove(f);
                inner.dirty = true;
            }
            (Identity::Key(f), Some(name)) => {
                inner.insert(f, name);
                inner.dirty = true;
            }
        }
        Ok(true)
    }

    /// Forgets a guest's name once its connection is gone (a key's stays).
    pub fn forget_guest(&self, who: &Identity) {
        if let Identity::Guest(n) = who {
            self.lock().guests.remove(n);
        }
    }

    /// Writes the file if the names changed since it was last written, at most every [`WRITE_EVERY`]
    /// (`force`: now, as the server stops). Returns what happened, if anything was written.
    pub fn flush(&self, now: Instant, force: bool) -> Option<Result<PathBuf, String>> {
        let file = self.file.as_ref()?;
        let text = {
            let mut inner = self.lock();
            let due = force || inner.written_at.is_none_or(|t| now.saturating_duration_since(t) >= WRITE_EVERY);
            if !inner.dirty || !due {
                return None;
            }
            inner.dirty = false;
            inner.written_at = Some(now);
            let mut lines: Vec<String> = inner.by_key.iter().map(|(k, n)| format!("{k}\t{n}\n")).collect();
            lines.sort();
            format!("{HEADER}\n{}", lines.concat())
        };
        let written = file
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| crate::tui::persist::storage::write_atomic(file, &text));
        if written.is_err() {
            self.lock().dirty = true;
        }
        Some(written.map_err(|e| format!("cannot write the names to {}: {e}", file.display())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u8) -> Identity {
        Identity::Key(format!("SHA256:{}", char::from(b'A' + n).to_string().repeat(43)))
    }

    fn name(s: &str) -> Option<DisplayName> {
        DisplayName::parse(s).ok()
    }

    #[test]
    fn a_keys_name_is_its_own_and_comes_back_after_a_restart() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let file = dir.path().join(FILE);
        let (names, problems) = Names::load(&file, 2);
        assert!(problems.is_empty());
        let t = Instant::now();
        assert_eq!(names.set(&key(0), name("Ada"), t), Ok(true));
        for alike in ["ADA", "\u{410}d\u{430}"] {
            let taken = names.set(&key(1), name(alike), t).err().unwrap_or_default();
            assert!(taken.contains("another player's") || name(alike).is_none(), "{alike}: {taken}");
        }
        let taken = names.set(&key(1), name("ADA"), t).err().unwrap_or_default();
        assert!(taken.contains("another player's"), "{taken}");
        assert_eq!(names.set(&key(0), name("Ada L"), t), Ok(true), "a key renames itself");
        assert_eq!(names.set(&key(1), name("Ada"), t), Ok(true), "the old name is free again");
        let full = names.set(&key(2), name("Cy"), t).err().unwrap_or_default();
        assert!(full.contains("remembers 2 names"), "{full}");
        let guest = Identity::Guest(5);
        assert_eq!(names.set(&guest, name("Ada"), t), Ok(true), "a guest shows as one, so any name will do");
        assert_eq!(names.person(&guest).short(), "Ada (guest)");
        assert!(names.flush(t, false).is_some_and(|r| r.is_ok()));
        assert_eq!(names.set(&key(1), None, t), Ok(true));
        assert!(names.flush(t + Duration::from_millis(100), false).is_none(), "not twice within {WRITE_EVERY:?}");
        assert!(names.flush(t + WRITE_EVERY, false).is_some());
        assert!(names.flush(t + 2 * WRITE_EVERY, false).is_none(), "nothing changed");
        let (again, problems) = Names::load(&file, 2);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(again.get(&key(0)), name("Ada L"));
        assert_eq!((again.get(&key(1)), again.get(&guest)), (None, None), "guests are not kept");
    }

    #[test]
    fn a_broken_or_hostile_file_keeps_what_it_can_and_says_what_it_left_out() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let file = dir.path().join("names");
        let text = format!(
            "{HEADER}\n{}\tAda\nnonsense\n{}\tada\n{}\tBo\u{202E}b\nguest 3\tCy\n{}\tDee\n{}\tEve\n",
            key(0),
            key(1),
            key(2),
            key(3),
            key(4)
        );
        std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
        let (names, problems) = Names::load(&file, 2);
        assert_eq!((names.get(&key(0)), names.get(&key(3))), (name("Ada"), name("Dee")));
        assert_eq!((names.get(&key(1)), names.get(&key(2)), names.get(&key(4))), (None, None, None));
        let said = problems.join("\n");
        for why in ["line 3: not a key", "line 4: a name another key has", "line 5: not a key", "line 6: not a key"] {
            assert!(said.contains(why), "{why} in {said}");
        }
        assert!(said.contains("line 8: more names than the server keeps"), "{said}");
        std::fs::write(&file, vec![b'x'; 100_000]).unwrap_or_else(|e| panic!("{e}"));
        let (_, problems) = Names::load(&file, 2);
        assert!(problems.len() == 1 && problems[0].contains("cannot be read"), "too big: {problems:?}");
    }

    #[test]
    fn renaming_in_a_loop_is_refused_past_a_few_and_the_same_name_again_is_no_change() {
        let names = Names::in_memory(10);
        let t = Instant::now();
        assert_eq!(names.set(&key(0), name("Ada"), t), Ok(true));
        assert_eq!(names.set(&key(0), name("ada"), t), Ok(true), "another spelling is a change");
        for _ in 0..100 {
            assert_eq!(names.set(&key(0), name("ada"), t), Ok(false), "the same name again changes nothing");
        }
        for i in 2..RENAMES.burst {
            assert_eq!(names.set(&key(0), name(&format!("Ada {i}")), t), Ok(true));
        }
        let e = names.set(&key(0), name("Bo"), t).err().unwrap_or_default();
        assert!(e.contains("wait 10 seconds"), "{e}");
        assert_eq!(names.get(&key(0)), name(&format!("Ada {}", RENAMES.burst - 1)), "the refused name is not kept");
        assert_eq!(names.set(&key(1), name("Bo"), t), Ok(true), "another player's rate is their own");
        assert_eq!(names.set(&key(0), name("Cy"), t + RENAMES.every), Ok(true), "one more once the time has passed");
    }
}

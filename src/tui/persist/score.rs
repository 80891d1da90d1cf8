//! The session score: wins, draws and losses against the AI per game and level, kept across runs in
//! `score.json` in the data directory.
//!
//! The file is JSON: `{"version": 1, "tallies": {"hex/medium": {"wins": 2, "draws": 0, "losses": 1}}}`.
//!
//! Nothing is lost: a result is added under a lock to the file as it is on disk at that moment (so two
//! running copies add up instead of the last writer winning), written atomically, and counters stop at
//! their maximum instead of wrapping. A file that cannot be read for any reason — bad JSON, bad bytes, too
//! large — is kept as `score.json.corrupt-<time>` and reported.

use super::storage::Storage;
use crate::input::ReadError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The file's name in the data directory.
pub(crate) const SCORE_FILE: &str = "score.json";

/// One game-and-level's tally, from the person's side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Games the person won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the AI won.
    pub losses: u32,
}

/// All tallies, keyed by `game/level` (e.g. `tictactoe/impossible`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// The format version, 1.
    pub version: u32,
    /// Tallies by `game/level`.
    pub tallies: BTreeMap<String, Tally>,
}

/// How a finished game counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The person won.
    Win,
    /// Nobody won.
    Draw,
    /// The AI won.
    Loss,
}

impl Score {
    /// An empty score.
    pub(crate) fn new() -> Score {
        Score { version: 1, tallies: BTreeMap::new() }
    }

    /// Reads the score from the data directory. A missing file is an empty score. A file that cannot be
    /// parsed is moved aside and the returned message says where; the score then starts from zero.
    pub fn load(storage: &Storage) -> (Score, Option<String>) {
        match Score::read(storage) {
            Read::Missing => (Score::new(), None),
            Read::Parsed(s) => (s, None),
            Read::SetAside(message) => (Score::new(), Some(message)),
            Read::Unreadable(message) => (Score::new(), Some(format!("{message}; the score starts from zero"))),
        }
    }

    /// What is on disk now.
    fn read(storage: &Storage) -> Read {
        let text = match storage.read(SCORE_FILE) {
            Ok(None) => return Read::Missing,
            Ok(Some(text)) => text,
            Err(ReadError::NotUtf8(_)) => return Read::SetAside(keep_aside(storage, "bytes that are not UTF-8")),
            Err(ReadError::TooLarge { limit }) => {
                return Read::SetAside(keep_aside(storage, &format!("over {limit} bytes")));
            }
            Err(e) => return Read::Unreadable(format!("cannot read {}: {e}", storage.path(SCORE_FILE).display())),
        };
        match serde_json::from_str::<Score>(&text) {
            Ok(s) if s.version == 1 => Read::Parsed(s),
            Ok(s) => Read::SetAside(keep_aside(storage, &format!("unknown version {}", s.version))),
            Err(e) => Read::SetAside(keep_aside(storage, &e.to_string())),
        }
    }

    /// Adds one game to the score file and to `self`, without losing anything another running copy wrote:
    /// under the file's lock it re-reads the file, adds the game, writes it atomically, and takes the
    /// merged tallies as its own. Returns a notice when the file on disk had to be set aside (the result
    /// is then added to this copy's tallies, which are written in its place); the error is a sentence for
    /// the status line.
    pub(crate) fn record_and_save(
        &mut self,
        storage: &Storage,
        key: &str,
        outcome: Outcome,
    ) -> Result<Option<String>, String> {
        let file = storage.path(SCORE_FILE);
        let _lock =
            storage.lock(SCORE_FILE).map_err(|e| format!("cannot lock the score file {}: {e}", file.display()))?;
        let (mut merged, notice) = match Score::read(storage) {
            Read::Missing => (Score::new(), None),
            Read::Parsed(s) => (s, None),
            Read::SetAside(message) => (self.clone(), Some(message)),
            Read::Unreadable(message) => {
                // Writing now could destroy a file that is only unreadable for the moment: count the game
                // here and leave the file alone.
                self.record(key, outcome);
                return Err(format!("{message}; this game is counted here but not saved"));
            }
        };
        merged.record(key, outcome);
        merged.save(storage)?;
        *self = merged;
        Ok(notice)
    }

    /// Writes the score atomically; the error is a sentence for the status line.
    pub(crate) fn save(&self, storage: &Storage) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        storage
            .write(SCORE_FILE, &text)
            .map(|_| ())
            .map_err(|e| format!("cannot save the score to {}: {e}", storage.path(SCORE_FILE).display()))
    }

    /// Adds one game.
    pub fn record(&mut self, key: &str, outcome: Outcome) {
        let t = self.tallies.entry(key.to_string()).or_default();
        let n = match outcome {
            Outcome::Win => &mut t.wins,
            Outcome::Draw => &mut t.draws,
            Outcome::Loss => &mut t.losses,
        };
        *n = n.saturating_add(1);
    }

    /// The tally of one game and level (zero if never played).
    pub fn tally(&self, key: &str) -> Tally {
        self.tallies.get(key).copied().unwrap_or_default()
    }
}

/// The score file as found on disk.
enum Read {
    /// There is none yet.
    Missing,
    /// It was read.
    Parsed(Score),
    /// It could not be parsed and was set aside; the message says where.
    SetAside(String),
    /// The system would not let it be read (permissions, I/O); it was left alone.
    Unreadable(String),
}

fn keep_aside(storage: &Storage, why: &str) -> String {
    let file = storage.path(SCORE_FILE);
    match storage.quarantine(SCORE_FILE) {
        Ok(aside) => format!("Score file unreadable ({why}): kept as {}; the score starts from zero.", aside.display()),
        Err(e) => format!("Score file {} unreadable ({why}) and could not be moved aside: {e}", file.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_survives_a_round_trip_and_corruption_is_kept_aside() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let storage = Storage::at(dir.path());
        let (mut s, msg) = Score::load(&storage);
        assert_eq!((s.tallies.len(), msg), (0, None));
        s.record("hex/medium", Outcome::Win);
        s.record("hex/medium", Outcome::Loss);
        assert_eq!(s.save(&storage), Ok(()));
        let (back, msg) = Score::load(&storage);
        assert_eq!(msg, None);
        assert_eq!(back.tally("hex/medium"), Tally { wins: 1, draws: 0, losses: 1 });

        assert!(std::fs::write(storage.path(SCORE_FILE), "{ not json").is_ok());
        let (fresh, msg) = Score::load(&storage);
        assert_eq!(fresh, Score::new());
        let msg = msg.unwrap_or_default();
        assert!(msg.contains("unreadable") && msg.contains(".corrupt-"), "{msg}");
        let kept: Vec<String> = std::fs::read_dir(dir.path())
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        assert!(kept.iter().any(|n| n.starts_with("score.json.corrupt-")), "{kept:?}");
        assert!(!storage.path(SCORE_FILE).exists());
    }

    fn names_in(dir: &std::path::Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn bad_bytes_are_set_aside_not_overwritten() {
        // Finding 6a: a score.json with an invalid UTF-8 byte was overwritten at the next result.
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let storage = Storage::at(dir.path());
        let bad = b"{\"version\":1,\"tallies\":{\"hex/medium\":{\"wins\":7,\"draws\":0,\"losses\":0}}}\xff";
        assert!(std::fs::write(storage.path(SCORE_FILE), bad).is_ok());
        let (mut s, msg) = Score::load(&storage);
        assert!(msg.as_deref().is_some_and(|m| m.contains("not UTF-8") && m.contains(".corrupt-")), "{msg:?}");
        assert!(msg.as_deref().is_some_and(|m| m.chars().count() < 200 - dir.path().as_os_str().len()), "{msg:?}");
        let kept: Vec<String> = names_in(dir.path()).into_iter().filter(|n| n.contains(".corrupt-")).collect();
        assert_eq!(kept.len(), 1, "{kept:?}");
        assert_eq!(std::fs::read(dir.path().join(&kept[0])).ok().as_deref(), Some(&bad[..]));
        // The same at the moment a result is recorded.
        assert!(std::fs::write(storage.path(SCORE_FILE), b"\xfe").is_ok());
        let notice = s.record_and_save(&storage, "hex/easy", Outcome::Win);
        assert!(notice.as_ref().is_ok_and(|n| n.as_deref().is_some_and(|n| n.contains(".corrupt-"))), "{notice:?}");
        assert_eq!(names_in(dir.path()).iter().filter(|n| n.contains(".corrupt-")).count(), 2);
        assert_eq!(Score::load(&storage).0.tally("hex/easy").wins, 1);
    }

    #[test]
    fn two_copies_add_up_instead_of_the_last_writer_winning() {
        // Finding 6c: each running copy wrote its own tally over the other's.
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let storage = Storage::at(dir.path());
        let (mut a, _) = Score::load(&storage);
        let (mut b, _) = Score::load(&storage);
        for _ in 0..3 {
            assert!(a.record_and_save(&storage, "hex/medium", Outcome::Win).is_ok());
            assert!(b.record_and_save(&storage, "hex/medium", Outcome::Loss).is_ok());
        }
        let on_disk = Score::load(&storage).0.tally("hex/medium");
        assert_eq!(on_disk, Tally { wins: 3, draws: 0, losses: 3 });
        assert_eq!(b.tally("hex/medium"), on_disk, "the copy shows the merged score");
        // Many threads at once, each like a separate copy: every result arrives.
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let storage = storage.clone();
                std::thread::spawn(move || {
                    let mut mine = Score::new();
                    for _ in 0..5 {
                        assert!(mine.record_and_save(&storage, "ttt/easy", Outcome::Draw).is_ok());
                    }
                })
            })
            .collect();
        for t in threads {
            assert!(t.join().is_ok());
        }
        assert_eq!(Score::load(&storage).0.tally("ttt/easy").draws, 40);
    }

    #[test]
    fn counters_saturate() {
        // Finding 6d: the counters wrapped from 4294967295 to 0.
        let mut s = Score::new();
        s.tallies.insert("hex/easy".into(), Tally { wins: u32::MAX, draws: u32::MAX - 1, losses: 0 });
        s.record("hex/easy", Outcome::Win);
        s.record("hex/easy", Outcome::Draw);
        s.record("hex/easy", Outcome::Draw);
        assert_eq!(s.tally("hex/easy"), Tally { wins: u32::MAX, draws: u32::MAX, losses: 0 });
    }
}

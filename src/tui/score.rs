//! The session score: wins, draws and losses against the AI per game and level, kept across runs in
//! `score.json` in the data directory.
//!
//! The file is JSON: `{"version": 1, "tallies": {"hex/medium": {"wins": 2, "draws": 0, "losses": 1}}}`.

use super::storage::Storage;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The file's name in the data directory.
pub const SCORE_FILE: &str = "score.json";

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
    pub fn new() -> Score {
        Score { version: 1, tallies: BTreeMap::new() }
    }

    /// Reads the score from the data directory. A missing file is an empty score. A file that cannot be
    /// parsed is moved aside and the returned message says where; the score then starts from zero.
    pub fn load(storage: &Storage) -> (Score, Option<String>) {
        match storage.read(SCORE_FILE) {
            Ok(None) => (Score::new(), None),
            Ok(Some(text)) => match serde_json::from_str::<Score>(&text) {
                Ok(s) if s.version == 1 => (s, None),
                Ok(s) => (Score::new(), Some(keep_aside(storage, &format!("unknown version {}", s.version)))),
                Err(e) => (Score::new(), Some(keep_aside(storage, &e.to_string()))),
            },
            Err(e) => (
                Score::new(),
                Some(format!("cannot read {}: {e}; the score starts from zero", storage.path(SCORE_FILE).display())),
            ),
        }
    }

    /// Writes the score atomically; the error is a sentence for the status line.
    pub fn save(&self, storage: &Storage) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        storage
            .write(SCORE_FILE, &text)
            .map(|_| ())
            .map_err(|e| format!("cannot save the score to {}: {e}", storage.path(SCORE_FILE).display()))
    }

    /// Adds one game.
    pub fn record(&mut self, key: &str, outcome: Outcome) {
        let t = self.tallies.entry(key.to_string()).or_default();
        match outcome {
            Outcome::Win => t.wins += 1,
            Outcome::Draw => t.draws += 1,
            Outcome::Loss => t.losses += 1,
        }
    }

    /// The tally of one game and level (zero if never played).
    pub fn tally(&self, key: &str) -> Tally {
        self.tallies.get(key).copied().unwrap_or_default()
    }
}

fn keep_aside(storage: &Storage, why: &str) -> String {
    let file = storage.path(SCORE_FILE);
    match storage.quarantine(SCORE_FILE) {
        Ok(aside) => format!(
            "the score file {} was unreadable ({why}); kept it as {} and started from zero",
            file.display(),
            aside.display()
        ),
        Err(e) => format!("the score file {} was unreadable ({why}) and could not be moved aside: {e}", file.display()),
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
}

//! `tourney --record FILE`: every game, as it ends, appended to FILE as one line of JSON — who had which
//! seat, the result, the forfeit if any, and the moves — so that a match can be studied move by move
//! (which first stones win under the swap rule, where a player lost) without replaying it.
//!
//! Lines are written in the order games end, each whole and flushed at once, so a tourney stopped part way
//! leaves every finished game in the file. A write that fails (a full disk) stops the recording, not the
//! tourney: the report is still printed, and the error is reported after it.

use super::play::GameRecord;
use super::report::Fixture;
use crate::game::{Outcome, Seat};
use serde::Serialize;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// One recorded game, as written.
#[derive(Debug, Serialize)]
pub struct GameLine<'a> {
    /// The tourney's seed, which with `pairing` and `game` reproduces the game's seeds.
    pub seed: u64,
    /// The pairing's index in the report (one per pair of players and colour assignment).
    pub pairing: usize,
    /// The game's number within its pair of players, from 0.
    pub game: usize,
    /// The player who moved first (Black, or x).
    pub first: &'a str,
    /// The player who moved second (White, or o).
    pub second: &'a str,
    /// `first`, `second` or `draw`.
    pub result: &'static str,
    /// Why the loser forfeited, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<&'a str>,
    /// The moves, space-separated, as the game's notation writes them (`swap` for the swap).
    pub moves: String,
}

impl<'a> GameLine<'a> {
    /// The line of the game played as `f`, whose result is `r`, between players named in `names`.
    pub fn new(seed: u64, f: &Fixture, r: &'a GameRecord, names: &'a [String]) -> GameLine<'a> {
        let result = match r.outcome {
            Outcome::Win(Seat::First) => "first",
            Outcome::Win(Seat::Second) => "second",
            Outcome::Draw => "draw",
        };
        GameLine {
            seed,
            pairing: f.pairing,
            game: f.game,
            first: &names[f.first],
            second: &names[f.second],
            result,
            forfeit: r.forfeit.as_ref().map(|(_, why)| why.as_str()),
            moves: r.moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
        }
    }
}

/// The file the games go to, shared by the games' threads.
pub struct Recorder {
    path: PathBuf,
    /// The file, until a write fails; then the error.
    file: Mutex<Result<File, io::Error>>,
}

impl Recorder {
    /// Opens `path` for appending, creating it if need be, before any game is played, so that a path that
    /// cannot be written is refused at once.
    pub fn open(path: &Path) -> anyhow::Result<Recorder> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| anyhow::anyhow!("cannot write the games to '{}': {e}", path.display()))?;
        Ok(Recorder { path: path.to_path_buf(), file: Mutex::new(Ok(file)) })
    }

    /// Appends `line` and a newline in one write. After a failed write the rest are skipped.
    pub fn write(&self, line: &GameLine) {
        let Ok(mut guard) = self.file.lock() else { return };
        let Ok(file) = guard.as_mut() else { return };
        let mut text = match serde_json::to_string(line) {
            Ok(t) => t,
            Err(e) => {
                *guard = Err(io::Error::other(e));
                return;
            }
        };
        text.push('\n');
        if let Err(e) = file.write_all(text.as_bytes()) {
            *guard = Err(e);
        }
    }

    /// The error that stopped the recording, if one did, naming the file.
    pub fn finish(self) -> anyhow::Result<()> {
        match self.file.into_inner() {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => {
                anyhow::bail!("the games after a failed write were not recorded in '{}': {e}", self.path.display())
            }
            Err(_) => {
                anyhow::bail!("the game record '{}' may be incomplete: a game's thread failed", self.path.display())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Move;
    use crate::game::hex::HexMove;

    fn record(outcome: Outcome, forfeit: Option<&str>, moves: &[&str]) -> GameRecord {
        GameRecord {
            outcome,
            forfeit: forfeit.map(|w| (Seat::Second, w.to_string())),
            stats: Default::default(),
            moves: moves.iter().map(|m| Move::Hex(HexMove::parse(m, 11).unwrap_or_else(|e| panic!("{e}")))).collect(),
        }
    }

    #[test]
    fn each_game_is_one_line_with_its_seats_result_and_moves() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("games.jsonl");
        std::fs::write(&path, "kept\n").unwrap_or_else(|e| panic!("{e}"));
        let names = vec!["impossible".to_string(), "engine:mo\"hex".to_string()];
        let rec = Recorder::open(&path).unwrap_or_else(|e| panic!("{e}"));
        let won = record(Outcome::Win(Seat::First), None, &["a9", "swap", "f6"]);
        let lost = record(Outcome::Win(Seat::First), Some("took 9 ms for b2"), &["c3"]);
        rec.write(&GameLine::new(5, &Fixture { pairing: 0, first: 0, second: 1, game: 0 }, &won, &names));
        rec.write(&GameLine::new(5, &Fixture { pairing: 1, first: 1, second: 0, game: 1 }, &lost, &names));
        rec.finish().unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert_eq!(lines[0], "kept", "appends");
        let a: serde_json::Value = serde_json::from_str(lines[1]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a["first"], "impossible");
        assert_eq!(a["second"], "engine:mo\"hex");
        assert_eq!(a["result"], "first");
        assert_eq!(a["moves"], "a9 swap f6");
        assert!(a.get("forfeit").is_none(), "{a}");
        let b: serde_json::Value = serde_json::from_str(lines[2]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((b["pairing"].as_u64(), b["game"].as_u64(), b["seed"].as_u64()), (Some(1), Some(1), Some(5)));
        assert_eq!(b["first"], "engine:mo\"hex");
        assert_eq!(b["forfeit"], "took 9 ms for b2");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_failed_write_stops_the_recording_and_is_reported_at_the_end() {
        let rec = Recorder::open(Path::new("/dev/full")).unwrap_or_else(|e| panic!("{e}"));
        let names = vec!["a".to_string(), "b".to_string()];
        let game = record(Outcome::Win(Seat::Second), None, &["b2"]);
        let f = Fixture { pairing: 0, first: 0, second: 1, game: 0 };
        rec.write(&GameLine::new(1, &f, &game, &names));
        rec.write(&GameLine::new(1, &f, &game, &names));
        let err = rec.finish().err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("were not recorded in '/dev/full'"), "{err}");
    }

    #[test]
    fn a_path_that_cannot_be_written_is_refused_with_its_name() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("no-such-folder").join("games.jsonl");
        let err = Recorder::open(&path).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("cannot write the games to") && err.contains("no-such-folder"), "{err}");
    }
}

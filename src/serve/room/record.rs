//! A room's game on disk: every finished game goes to the server's history, and a game whose player did not
//! come back in time is adjourned to a file that both players can resume from the lobby.
//!
//! Hex games are SGF as the local game writes them, with the players' key fingerprints (or `guest N`) as
//! `PB` (the first seat) and `PW`, the result in `RE` (`B+`, `W+T` on time, `B+R` by resignation), the clock
//! as `TM` (main seconds) and `OT` (`Fischer N`), and for an adjourned game each side's time left (`BL`,
//! `WL`), the room (`GN`) and `HX[hints]` when hints were allowed. Tic-tac-toe games are the local move list
//! with the same facts in its comment lines.

use super::name::RoomName;
use super::settings::{HostSeat, RoomSettings};
use crate::game::clock::TimeControl;
use crate::game::hex::{self, Color};
use crate::game::{GameKind, Position, Seat};
use crate::serve::identity::Identity;
use crate::tui::persist::save::{read_ttt, ttt_text};
use crate::tui::persist::storage::{Storage, timestamp};
use std::path::PathBuf;
use std::time::Duration;

/// The folder of finished games in the data directory.
pub const HISTORY: &str = "history";

/// The folder of adjourned games in the data directory.
pub const ADJOURNED: &str = "serve/adjourned";

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// On the board: a win, or a tic-tac-toe draw.
    Board(crate::game::Outcome),
    /// This seat's flag fell.
    Time(Seat),
    /// This seat resigned.
    Resigned(Seat),
}

impl Ending {
    /// The seat that won, if one did.
    pub fn winner(self) -> Option<Seat> {
        match self {
            Ending::Board(crate::game::Outcome::Win(s)) => Some(s),
            Ending::Board(crate::game::Outcome::Draw) => None,
            Ending::Time(s) | Ending::Resigned(s) => Some(s.other()),
        }
    }

    /// How it ended, in words, after the winner's name: "wins", "wins on time", "wins by resignation".
    pub fn how(self) -> &'static str {
        match self {
            Ending::Board(_) => "wins",
            Ending::Time(_) => "wins on time",
            Ending::Resigned(_) => "wins by resignation",
        }
    }
}

/// Everything a game's file holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The room it was played in.
    pub room: RoomName,
    /// The players, by seat.
    pub players: [Identity; 2],
    /// The game's settings.
    pub settings: RoomSettings,
    /// The moves.
    pub position: Position,
    /// The clock's control and each seat's time left, if the game had a clock.
    pub clock: Option<(TimeControl, [Duration; 2])>,
    /// How it ended; `None` for an adjourned game.
    pub ending: Option<Ending>,
}

/// An adjourned game found on disk.
#[derive(Clone, Debug, PartialEq)]
pub struct Adjourned {
    /// Its file.
    pub path: PathBuf,
    /// What it holds.
    pub record: Record,
}

/// Reads one identity as a file writes it.
fn identity(text: &str) -> Option<Identity> {
    let t = text.trim();
    if t.starts_with("SHA256:") {
        return Some(Identity::Key(t.to_string()));
    }
    t.strip_prefix("guest ").and_then(|n| n.trim().parse().ok()).map(Identity::Guest)
}

impl Record {
    /// The file's text, and its extension.
    pub fn text(&self) -> (&'static str, String) {
        let [a, b] = [self.players[0].to_string(), self.players[1].to_string()];
        match &self.position {
            Position::Hex(g) => {
                let mut root: Vec<(&str, String)> = vec![("PB", a), ("PW", b), ("GN", format!("room {}", self.room))];
                if g.swap_rule() {
                    root.push(("RU", "swap".into()));
                }
                if let Some((control, left)) = self.clock {
                    root.push(("TM", secs(control.main)));
                    root.push(("OT", format!("Fischer {}", secs(control.increment))));
                    if self.ending.is_none() {
                        let of = |c: Color| secs(left[self.position.seat_of_color(c).index()]);
                        root.push(("BL", of(Color::Black)));
                        root.push(("WL", of(Color::White)));
                    }
                }
                if self.settings.hints {
                    root.push(("HX", "hints".into()));
                }
                if let Some(e) = self.ending {
                    let colour = |s: Seat| if self.position.color_of_seat(s) == Color::Black { "B" } else { "W" };
                    let suffix = match e {
                        Ending::Time(_) => "T",
                        Ending::Resigned(_) => "R",
                        Ending::Board(_) => "",
                    };
                    if let Some(w) = e.winner() {
                        root.push(("RE", format!("{}+{suffix}", colour(w))));
                    }
                }
                let root: Vec<(&str, &str)> = root.iter().map(|(k, v)| (*k, v.as_str())).collect();
                ("sgf", hex::sgf::write_with(g, &root))
            }
            Position::Ttt { moves, .. } => {
                let mut head = format!("# x: {a}\n# o: {b}\n# room: {}\n", self.room);
                if let Some((control, left)) = self.clock {
                    head.push_str(&format!("# clock: {control}\n"));
                    if self.ending.is_none() {
                        head.push_str(&format!("# left: {} {}\n", secs(left[0]), secs(left[1])));
                    }
                }
                if self.settings.hints {
                    head.push_str("# hints: yes\n");
                }
                match self.ending {
                    Some(e) => match e.winner() {
                        Some(w) => head.push_str(&format!("# result: {} {}\n", ["x", "o"][w.index()], e.how())),
                        None => head.push_str("# result: draw\n"),
                    },
                    None => head.push_str("# adjourned\n"),
                }
                let body = ttt_text(moves);
                let (first, rest) = body.split_once('\n').unwrap_or((&body, ""));
                ("txt", format!("{first}\n{head}{rest}"))
            }
        }
    }

    /// Reads an adjourned game's text back, or says why it cannot be resumed.
    pub fn read(text: &str) -> Result<Record, String> {
        if text.trim_start().starts_with('(') {
            let props = hex::sgf::root_properties(text).map_err(|e| e.to_string())?;
            let get = |k: &str| props.iter().find(|(p, _)| p == k).map(|(_, v)| v.as_str());
            let swap = get("RU").is_some_and(|v| v.eq_ignore_ascii_case("swap"));
            let game = hex::sgf::read(text, swap).map_err(|e| e.to_string())?;
            let position = Position::Hex(Box::new(game));
            let clock = match (get("TM").and_then(parse_secs), get("OT")) {
                (Some(main), Some(ot)) => {
                    let increment = ot.trim().strip_prefix("Fischer").and_then(parse_secs).unwrap_or_default();
                    let left_of = |k: &str| get(k).and_then(parse_secs).unwrap_or(main);
                    let by_colour = [left_of("BL"), left_of("WL")];
                    let left = Seat::BOTH.map(|s| by_colour[usize::from(position.color_of_seat(s) == Color::White)]);
                    Some((TimeControl { main, increment }, left))
                }
                _ => None,
            };
            let room = get("GN").and_then(|g| g.strip_prefix("room ")).unwrap_or("");
            let hints = get("HX").is_some();
            Record::assemble(room, [get("PB"), get("PW")], position, clock, hints)
        } else {
            let position = read_ttt(text)?;
            let comment = |k: &str| {
                text.lines()
                    .find_map(|l| l.trim().strip_prefix('#')?.trim().strip_prefix(k)?.strip_prefix(':').map(str::trim))
            };
            let clock = comment("clock").and_then(|c| c.parse::<TimeControl>().ok()).map(|control| {
                let mut left = [control.main; 2];
                let told: Vec<Duration> =
                    comment("left").unwrap_or("").split_whitespace().filter_map(parse_secs).collect();
                if let [x, o] = told.as_slice() {
                    left = [*x, *o];
                }
                (control, left)
            });
            let hints = comment("hints").is_some_and(|h| h == "yes");
            Record::assemble(comment("room").unwrap_or(""), [comment("x"), comment("o")], position, clock, hints)
        }
    }

    fn assemble(
        room: &str,
        players: [Option<&str>; 2],
        position: Position,
        clock: Option<(TimeControl, [Duration; 2])>,
        hints: bool,
    ) -> Result<Record, String> {
        let room = RoomName::parse(room).map_err(|e| format!("the file names no room: {e}"))?;
        let [Some(a), Some(b)] = players.map(|p| p.and_then(identity)) else {
            return Err("the file does not name both players' keys".into());
        };
        if position.result().is_some() {
            return Err("the game in the file is over".into());
        }
        let (game, size) = (position.kind(), position.size());
        let swap = matches!(&position, Position::Hex(g) if g.swap_rule());
        let control = clock.map(|(c, _)| c);
        let settings = RoomSettings { game, size, swap, clock: control, hints, host: HostSeat::First };
        Ok(Record { room, players: [a, b], settings, position, clock, ending: None })
    }
}

fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 { format!("{}", s as u64) } else { format!("{s:.1}") }
}

fn parse_secs(text: &str) -> Option<Duration> {
    let x: f64 = text.trim().parse().ok()?;
    (x.is_finite() && (0.0..=1e7).contains(&x)).then(|| Duration::from_secs_f64(x))
}

/// Where a server's games go: its data directory.
#[derive(Clone, Debug)]
pub struct Records {
    storage: Storage,
}

/// The most adjourned files read at start: far more than a server has, never a flood.
const MAX_ADJOURNED: usize = 10_000;

impl Records {
    /// The games of the data directory `storage`.
    pub fn new(storage: Storage) -> Records {
        Records { storage }
    }

    fn write(&self, folder: &str, r: &Record) -> Result<PathBuf, String> {
        let (ext, text) = r.text();
        let kind = match r.position.kind() {
            GameKind::Hex => format!("hex-{0}x{0}", r.position.size()),
            GameKind::Tictactoe => "tictactoe".into(),
        };
        let stem = format!("{folder}/{kind}-{}-{}", timestamp(), r.room);
        self.storage.create_new(&stem, &format!(".{ext}"), &text).map_err(|e| format!("cannot write {stem}.{ext}: {e}"))
    }

    /// Stores a finished game in the history.
    pub fn finished(&self, r: &Record) -> Result<PathBuf, String> {
        self.write(HISTORY, r)
    }

    /// Stores an adjourned game, to be resumed.
    pub fn adjourn(&self, r: &Record) -> Result<PathBuf, String> {
        self.write(ADJOURNED, r)
    }

    /// Removes an adjourned game's file once it has been played on and stored again.
    pub fn forget(&self, path: &std::path::Path) {
        let _ = std::fs::remove_file(path);
    }

    /// Every adjourned game that can be resumed, and a sentence for each file that cannot be read.
    pub fn adjourned(&self) -> (Vec<Adjourned>, Vec<String>) {
        let dir = self.storage.path(ADJOURNED);
        let Ok(entries) = std::fs::read_dir(&dir) else { return (Vec::new(), Vec::new()) };
        let (mut found, mut problems) = (Vec::new(), Vec::new());
        for entry in entries.flatten().take(MAX_ADJOURNED) {
            let path = entry.path();
            if !matches!(path.extension().and_then(|e| e.to_str()), Some("sgf" | "txt")) {
                continue;
            }
            let read = crate::input::read_text(&path, crate::input::MAX_FILE_BYTES).map_err(|e| e.to_string());
            match read.and_then(|t| Record::read(&t)) {
                Ok(record) => found.push(Adjourned { path, record }),
                Err(e) => problems.push(format!("{}: {e}", path.display())),
            }
        }
        found.sort_by(|a, b| a.path.cmp(&b.path));
        (found, problems)
    }
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;

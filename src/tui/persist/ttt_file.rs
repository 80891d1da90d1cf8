//! A tic-tac-toe game's file: one move per line, the mover's letter first; `#` starts a comment, and the
//! comments at the top say who played, when, on what clock and how it ended (see [`super::save_info`]):
//!
//! ```text
//! # hextoe tic-tac-toe: one move per line, x first
//! # x: Ada
//! # o: hextoe impossible
//! # style: minimax
//! # date: 2026-12-03
//! # clock: 5+3
//! # time left: x 291.5 o 300
//! # result: o wins on time
//! x b2  # 291.5 s left
//! ```
//!
//! On a clock each move's line ends with the mover's time left after it, and `time left` gives both sides'
//! when the file was written.

use super::save_info::{Entrant, SaveInfo, Saved, player_text, written};
use crate::ai::ttt::Style;
use crate::game::{GameKind, Move, Outcome, Position, Seat, TimeControl, ttt};
use crate::tui::model::clock::GameClock;
use crate::tui::model::ending::Ending;
use crate::tui::model::game::Match;
use std::time::{Duration, Instant};

/// The first line of every tic-tac-toe file.
const HEADER: &str = "# hextoe tic-tac-toe: one move per line, x first";
/// What follows a move's time left on its line.
const LEFT: &str = "s left";
/// The letters of the two seats.
const LETTERS: [&str; 2] = ["x", "o"];

/// The text of tic-tac-toe game `g` at `now` (none for a Hex game).
pub(crate) fn write(g: &Match, now: Instant) -> Option<String> {
    let Position::Ttt { moves, .. } = &g.position else { return None };
    let info = SaveInfo::of(g);
    let mut s = format!("{HEADER}\n");
    for seat in Seat::BOTH {
        let entrant = info.players[seat.index()].unwrap_or(Entrant::Human);
        let name = player_text(entrant, info.names[seat.index()].as_deref());
        s.push_str(&format!("# {}: {}\n", LETTERS[seat.index()], one_line(&name)));
    }
    // The AI's style means nothing in a game between two people, so it is written only where an AI plays.
    if info.players.iter().any(|p| matches!(p, Some(Entrant::Ai(_)))) {
        s.push_str(&format!("# style: {}\n", g.settings.style.name()));
    }
    if let Some(date) = &info.date {
        s.push_str(&format!("# date: {date}\n"));
    }
    if let Some(c) = &g.clock {
        let [x, o] = c.both_left(now);
        s.push_str(&format!("# clock: {}\n# time left: x {} o {}\n", c.control(), written(x), written(o)));
    }
    if let Some(r) = g.result() {
        match r.outcome {
            Outcome::Win(w) => s.push_str(&format!("# result: {} wins{}\n", LETTERS[w.index()], r.by.words())),
            Outcome::Draw => s.push_str("# result: draw\n"),
        }
    }
    for (k, c) in moves.iter().enumerate() {
        let mover = Seat::of_ply(k);
        let left = g.clock.as_ref().and_then(|clock| clock.after(k + 1)).map(|t| t[mover.index()]);
        match left {
            Some(t) => s.push_str(&format!("{} {c}  # {} {LEFT}\n", LETTERS[mover.index()], written(t))),
            None => s.push_str(&format!("{} {c}\n", LETTERS[mover.index()])),
        }
    }
    Some(s)
}

/// A name on one comment line: line breaks would start a move line.
fn one_line(name: &str) -> String {
    name.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// The tic-tac-toe move-list text of bare moves, without players or times.
pub fn ttt_text(moves: &[ttt::Cell]) -> String {
    let mut s = format!("{HEADER}\n");
    for (i, c) in moves.iter().enumerate() {
        s.push_str(&format!("{} {c}\n", LETTERS[i % 2]));
    }
    s
}

/// Reads a tic-tac-toe move list: lines `x b2` (or just `b2`), `#` comments and blank lines ignored.
pub fn read_ttt(text: &str) -> Result<Position, String> {
    read_moves(text).map(|(p, _)| p)
}

/// The position, and each move's time left where its line gives one.
fn read_moves(text: &str) -> Result<(Position, Vec<Option<Duration>>), String> {
    let mut pos = Position::new(GameKind::Tictactoe, 3, false).map_err(|e| e.to_string())?;
    let mut times = Vec::new();
    for (lineno, line) in text.lines().enumerate() {
        let (line, comment) = line.split_once('#').unwrap_or((line, ""));
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let at = |why: String| format!("line {}: {why}", lineno + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let cell = match words.as_slice() {
            [cell] => cell,
            [who, cell] => {
                let expected = LETTERS[pos.ply() % 2];
                if !who.eq_ignore_ascii_case(expected) {
                    return Err(at(format!("'{who}' moves, but it is {expected}'s turn: x and o alternate, x first")));
                }
                cell
            }
            _ => return Err(at(format!("'{line}' is not a move: expected a player and a cell, like 'x b2'"))),
        };
        let c: ttt::Cell = cell.parse().map_err(|e: ttt::cell::ParseCellError| at(e.to_string()))?;
        pos.play(Move::Ttt(c)).map_err(|e| at(e.to_string()))?;
        times.push(comment.trim().strip_suffix(LEFT).and_then(secs));
    }
    Ok((pos, times))
}

/// A number of seconds a clock can hold.
fn secs(text: &str) -> Option<Duration> {
    let v: f64 = text.trim().parse().ok()?;
    (v.is_finite() && v >= 0.0 && v <= 2.0 * hextoe_core::game::clock::MAX_MAIN.as_secs_f64())
        .then(|| Duration::from_secs_f64(v))
}

/// Reads a tic-tac-toe game's file with what its comments record.
pub(crate) fn read(text: &str) -> Result<Saved, String> {
    let (position, times) = read_moves(text)?;
    let own = text.trim_start().starts_with(HEADER);
    let mut info = SaveInfo::default();
    let (mut control, mut left, mut result) = (None, None, None);
    for line in text.lines() {
        let Some((key, value)) = line.trim().strip_prefix('#').and_then(|c| c.split_once(':')) else { continue };
        let value = value.trim();
        match key.trim() {
            "x" => info.read_player(Seat::First, value, own),
            "o" => info.read_player(Seat::Second, value, own),
            "style" => info.style = [Style::Minimax, Style::Rules].into_iter().find(|s| s.name() == value),
            "date" => info.date = Some(crate::input::clip(value, 10)),
            "clock" => control = value.parse::<TimeControl>().ok(),
            "time left" => left = time_left(value),
            "result" => result = Some(value.to_string()),
            _ => {}
        }
    }
    if let Some(control) = control {
        let start = [control.main; 2];
        let mut now = start;
        let after = times
            .iter()
            .enumerate()
            .map(|(k, t)| {
                if let Some(t) = t {
                    now[k % 2] = *t;
                }
                now
            })
            .collect();
        info.clock = Some(GameClock::resumed(control, start, after, left));
    }
    if position.result().is_none() {
        info.ending = result.and_then(|r| ending(&r));
    }
    Ok(Saved { position, info, source: None })
}

/// `x 291.5 o 300`: each side's time left.
fn time_left(value: &str) -> Option<[Duration; 2]> {
    match value.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["x", x, "o", o] => Some([secs(x)?, secs(o)?]),
        _ => None,
    }
}

/// The ending a `result` line records for a game the board has not decided: `o wins on time`.
fn ending(result: &str) -> Option<Ending> {
    let (who, how) = result.split_once(" wins")?;
    let winner = LETTERS.iter().position(|l| *l == who.trim()).map(|i| Seat::BOTH[i])?;
    match how.trim() {
        "by resignation" => Some(Ending::Resigned(winner.other())),
        "on time" => Some(Ending::Flagged(winner.other())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::model::settings::{Names, Opponent, Settings};

    #[test]
    fn lists_round_trip_and_bad_lines_say_why() {
        let cells: Vec<ttt::Cell> =
            ["b2", "a1", "c3"].iter().map(|s| s.parse().unwrap_or_else(|e| panic!("{e}"))).collect();
        let text = ttt_text(&cells);
        let pos = read_ttt(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.ply(), 3);
        assert_eq!(read_ttt("b2\na1\n").map(|p| p.ply()), Ok(2));
        for (text, want) in [
            ("x b2\nx a1\n", "line 2"),
            ("x b9\n", "not a tic-tac-toe cell"),
            ("x b2\no b2\n", "taken"),
            ("x b2 c3 d4\n", "not a move"),
        ] {
            let e = read_ttt(text).err().unwrap_or_default();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }

    #[test]
    fn a_game_on_a_clock_comes_back_with_its_times_names_and_ending() {
        let t0 = Instant::now();
        let settings = Settings {
            game: GameKind::Tictactoe,
            opponent: Opponent::TwoHumans,
            clock: "1+2".parse().ok(),
            names: Names { you: Some("Ada".into()), friend: Some("Bo\nx c3".into()) },
            ..Settings::default()
        };
        let position = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
        let mut g = Match::new(1, settings, position);
        g.keep_time(true, t0);
        let b2 = Move::Ttt("b2".parse().unwrap_or_else(|e| panic!("{e}")));
        g.play(b2, t0 + Duration::from_millis(8_500)).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.check_time(t0 + Duration::from_secs(70)), "o's flag falls");
        let text = write(&g, t0 + Duration::from_secs(70)).unwrap_or_default();
        for part in [
            "# x: Ada\n",
            "# o: Bo x c3\n",
            "# clock: 1+2\n",
            "# time left: x 53.5 o 0\n",
            "# result: x wins on time\n",
            "x b2  # 53.5 s left\n",
        ] {
            assert!(text.contains(part), "{part:?} in {text}");
        }
        assert!(!text.contains("# style"), "two people play no style: {text}");
        let saved = read(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(saved.info.players, [Some(Entrant::Human), Some(Entrant::Human)]);
        assert_eq!(saved.info.names, [Some("Ada".into()), Some("Bo x c3".into())]);
        assert_eq!(saved.info.ending, Some(Ending::Flagged(Seat::Second)));
        let clock = saved.info.clock.unwrap_or_else(|| panic!("no clock"));
        assert_eq!(clock.both_left(t0), [Duration::from_millis(53_500), Duration::ZERO]);
        assert_eq!(clock.after(1), Some([Duration::from_millis(53_500), Duration::from_secs(60)]));
    }

    #[test]
    fn the_ais_style_is_written_where_an_ai_plays() {
        let settings = Settings { game: GameKind::Tictactoe, opponent: Opponent::HumanVsAi, ..Settings::default() };
        let position = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
        let text = write(&Match::new(1, settings.clone(), position), Instant::now()).unwrap_or_default();
        assert!(text.contains(&format!("# style: {}\n", settings.style.name())), "{text}");
    }

    #[test]
    fn older_files_with_nanoseconds_still_read_and_are_written_to_the_millisecond() {
        let old = "# clock: 1+0\n# time left: x 58.540203048 o 60\nx b2  # 58.540203048 s left\n";
        let saved = read(old).unwrap_or_else(|e| panic!("{e}"));
        let clock = saved.info.clock.unwrap_or_else(|| panic!("no clock in {old}"));
        assert_eq!(clock.after(1), Some([Duration::new(58, 540_203_048), Duration::from_secs(60)]));
        let settings = Settings { game: GameKind::Tictactoe, ..Settings::default() };
        let mut g = Match::new(1, settings, saved.position);
        g.clock = Some(clock);
        let text = write(&g, Instant::now()).unwrap_or_default();
        assert!(text.contains("# time left: x 58.54 o 60\n") && text.contains("x b2  # 58.54 s left\n"), "{text}");
    }
}

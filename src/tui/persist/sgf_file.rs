//! A Hex game's file: HexGui's SGF ([`crate::game::hex::sgf`]) with what hextoe records around the moves,
//! in standard SGF properties that other programs show too:
//!
//! ```text
//! (;FF[4]GM[11]AP[hextoe:0.1.0]SZ[11]PB[Ada]PW[hextoe impossible]RU[swap]DT[2026-12-03]TM[300]OT[3 fischer]
//!   RE[W+T];B[f6]BL[291.4];W[swap-pieces]WL[297.2];W[e7]WL[290]…)
//! ```
//!
//! - `PB` and `PW` name the players of Black and White as the game ended: after a swap, the second player
//!   holds Black (see [`super::save_info`] for how a player is written).
//! - `RE` is the winner's colour and `+`, then `R` for a resignation or `T` for time (`B+`, `W+R`, `B+T`).
//! - `DT` is the date, `TM` the main time in seconds and `OT` the increment (`3 fischer`); each move's node
//!   holds the mover's time left after it (`BL` or `WL`, seconds), and `TL` (hextoe's own, which other
//!   programs skip) Black's and White's time left when the file was written, so that a resumed game has its
//!   clock as it stood.

use super::save_info::{Entrant, SaveInfo, Saved, player_text, written};
use crate::game::hex::{self, Color};
use crate::game::{Outcome, Position, Seat, TimeControl};
use crate::tui::model::clock::GameClock;
use crate::tui::model::ending::{DecidedBy, Ending};
use crate::tui::model::game::Match;
use std::time::{Duration, Instant};

/// The SGF rules property (`RU[swap]`) of a Hex game played with the swap rule.
const SWAP_RULE: &str = "swap";

/// The `OT` text after the increment's seconds.
const FISCHER: &str = "fischer";

/// hextoe's root property for Black's and White's time left when the file was written.
const TIME_LEFT: &str = "TL";

/// The SGF text of Hex game `g` at `now` (none for a tic-tac-toe game).
pub(crate) fn write(g: &Match, now: Instant) -> Option<String> {
    let Position::Hex(h) = &g.position else { return None };
    let info = SaveInfo::of(g);
    let player = |seat: Seat| {
        let entrant = info.players[seat.index()].unwrap_or(Entrant::Human);
        player_text(entrant, info.names[seat.index()].as_deref())
    };
    let black = g.position.seat_of_color(Color::Black);
    let (pb, pw) = (player(black), player(black.other()));
    let mut root: Vec<(&str, String)> = vec![("PB", pb), ("PW", pw)];
    if h.swap_rule() {
        // The swap rule, also while no one has swapped yet (a game that swaps shows it anyway).
        root.push(("RU", SWAP_RULE.into()));
    }
    if let Some(date) = &info.date {
        root.push(("DT", date.clone()));
    }
    if let Some(c) = &g.clock {
        let control = c.control();
        root.push(("TM", written(control.main)));
        root.push(("OT", format!("{} {FISCHER}", written(control.increment))));
        let left = c.both_left(now);
        let (b, w) = (left[black.index()], left[black.other().index()]);
        root.push((TIME_LEFT, format!("{} {}", written(b), written(w))));
    }
    if let Some(r) = g.result()
        && let Outcome::Win(winner) = r.outcome
    {
        let letter = if g.position.color_of_seat(winner) == Color::Black { 'B' } else { 'W' };
        root.push(("RE", format!("{letter}+{}", r.by.sgf_suffix())));
    }
    let root: Vec<(&str, &str)> = root.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Some(hex::sgf::write_annotated(h, &root, |k, color| {
        let mover = Seat::of_ply(k);
        let left = g.clock.as_ref().and_then(|c| c.after(k + 1)).map(|t| t[mover.index()]);
        let prop = if color == Color::Black { "BL" } else { "WL" };
        left.map(|t| vec![(prop, written(t))]).unwrap_or_default()
    }))
}

/// Reads a Hex game's SGF with what it records around the moves.
pub(crate) fn read(text: &str) -> Result<Saved, String> {
    let nodes = hex::sgf::node_properties(text).map_err(|e| e.to_string())?;
    let root = nodes.first().cloned().unwrap_or_default();
    let prop = |p: &str| root.iter().find(|(k, _)| k == p).map(|(_, v)| v.trim().to_string());
    let swap = prop("RU").is_some_and(|v| v.eq_ignore_ascii_case(SWAP_RULE));
    let game = hex::sgf::read(text, swap).map_err(|e| e.to_string())?;
    let position = Position::Hex(Box::new(game));
    let own = prop("AP").is_some_and(|a| a.to_ascii_lowercase().starts_with("hextoe"));
    let mut info = SaveInfo { date: prop("DT").map(|d| crate::input::clip(&d, 32)), ..SaveInfo::default() };
    let black = position.seat_of_color(Color::Black);
    if let Some(pb) = prop("PB") {
        info.read_player(black, &pb, own);
    }
    if let Some(pw) = prop("PW") {
        info.read_player(black.other(), &pw, own);
    }
    let left = prop(TIME_LEFT).and_then(|t| {
        let (b, w) = t.split_once(' ')?;
        let (b, w) = (secs(b)?, secs(w)?);
        Some(if black == Seat::First { [b, w] } else { [w, b] })
    });
    info.clock = read_clock(&nodes, prop("TM").as_deref(), prop("OT").as_deref(), position.ply(), left);
    if position.result().is_none() {
        info.ending = prop("RE").and_then(|re| ending(&position, &re));
    }
    Ok(Saved { position, info, source: None })
}

/// The ending an `RE` records for a game the board has not decided: `W+R` is Black's resignation.
fn ending(position: &Position, re: &str) -> Option<Ending> {
    let (who, how) = re.split_once('+')?;
    let winner = match who.trim().to_ascii_uppercase().as_str() {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return None,
    };
    let loser = position.seat_of_color(winner).other();
    match DecidedBy::from_sgf_suffix(how) {
        DecidedBy::Resignation => Some(Ending::Resigned(loser)),
        DecidedBy::Time => Some(Ending::Flagged(loser)),
        DecidedBy::Board => None,
    }
}

/// A number of seconds as SGF writes times, if it is one a clock can hold.
fn secs(text: &str) -> Option<Duration> {
    let v: f64 = text.trim().parse().ok()?;
    (v.is_finite() && (0.0..=hextoe_core::game::clock::MAX_MAIN.as_secs_f64() * 2.0).contains(&v))
        .then(|| Duration::from_secs_f64(v))
}

/// The clock from `TM` (main time), `OT` (`3 fischer`: the increment) and each move's `BL`/`WL`: the mover's
/// time after it. A move without a time keeps the one before. No `TM`, or one hextoe cannot play, is no
/// clock.
fn read_clock(
    nodes: &[Vec<(String, String)>],
    tm: Option<&str>,
    ot: Option<&str>,
    plies: usize,
    left: Option<[Duration; 2]>,
) -> Option<GameClock> {
    let main = secs(tm?)?;
    let increment = ot
        .and_then(|o| o.to_ascii_lowercase().strip_suffix(FISCHER).map(str::to_string))
        .and_then(|n| secs(&n))
        .unwrap_or(Duration::ZERO);
    let text = format!("{}s+{}s", written(main), written(increment));
    let control: TimeControl = text.parse().ok()?;
    let start = [control.main; 2];
    let mut after: Vec<[Duration; 2]> = Vec::new();
    let mut now = start;
    for node in nodes {
        if !node.iter().any(|(k, v)| (k == "B" || k == "W") && !v.eq_ignore_ascii_case("resign")) {
            continue;
        }
        let mover = Seat::of_ply(after.len());
        if let Some(t) = node.iter().find(|(k, _)| k == "BL" || k == "WL").and_then(|(_, v)| secs(v)) {
            now[mover.index()] = t;
        }
        after.push(now);
    }
    after.truncate(plies);
    Some(GameClock::resumed(control, start, after, left))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::model::settings::{Names, Opponent, Settings};

    #[test]
    fn a_game_on_a_clock_comes_back_with_its_times_players_and_ending() {
        let t0 = Instant::now();
        let settings = Settings {
            game: crate::game::GameKind::Hex,
            size: 5,
            opponent: Opponent::AiVsHuman,
            level: crate::ai::Level::Impossible,
            swap: true,
            clock: "5+3".parse().ok(),
            names: Names { you: Some("Ada ] L".into()), friend: None },
            ..Settings::default()
        };
        let position = Position::new(crate::game::GameKind::Hex, 5, true).unwrap_or_else(|e| panic!("{e}"));
        let mut g = Match::new(1, settings, position);
        g.keep_time(true, t0);
        for (k, m) in ["c3", "swap", "b2"].iter().enumerate() {
            let mv = crate::game::Move::Hex(hex::HexMove::parse(m, 5).unwrap_or_else(|e| panic!("{e}")));
            g.play(mv, t0 + Duration::from_millis(10_500 * (k as u64 + 1))).unwrap_or_else(|e| panic!("{e}"));
        }
        assert!(g.resign(Seat::First, t0 + Duration::from_secs(40)).is_ok());
        let text = write(&g, t0 + Duration::from_secs(99)).unwrap_or_default();
        // After the swap the person (second player) holds Black: PB names them.
        for part in ["PB[Ada \\] L]", "PW[hextoe impossible]", "RU[swap]", "TM[300]", "OT[3 fischer]", "RE[B+R]"] {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert!(text.contains(";B[c3]BL[292.5];W[swap-pieces]WL[292.5]"), "{text}");
        assert!(text.contains("TL[284 285]"), "Black (the person) 292.5 less 8.5 s when White resigned: {text}");
        let saved = read(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(saved.info.players, [Some(Entrant::Ai(crate::ai::Level::Impossible)), Some(Entrant::Human)]);
        assert_eq!(saved.info.names[1].as_deref(), Some("Ada ] L"));
        assert_eq!(saved.info.ending, Some(Ending::Resigned(Seat::First)));
        assert_eq!(saved.info.clock, g.clock, "every move's times come back");
    }

    #[test]
    fn other_programs_files_and_bad_times_are_read_without_a_clock() {
        let saved =
            read("(;FF[4]GM[11]SZ[5]PB[MoHex]PW[Jack]TM[x]RE[W+Resign];B[a1])").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((saved.info.players, saved.info.clock), ([None, None], None));
        assert_eq!(saved.info.names, [Some("MoHex".into()), Some("Jack".into())]);
        assert_eq!(saved.info.ending, Some(Ending::Resigned(Seat::First)), "W+Resign: Black resigned");
        let timed = read("(;FF[4]GM[11]SZ[5]TM[60];B[a1]BL[-5];W[b2]WL[50])").unwrap_or_else(|e| panic!("{e}"));
        let c = timed.info.clock.unwrap_or_else(|| panic!("TM gives a clock"));
        assert_eq!(c.after(2), Some([Duration::from_secs(60), Duration::from_secs(50)]), "a bad time is left out");
    }
}

use super::*;
use crate::game::Move;

fn key(n: u8) -> Identity {
    Identity::Key(format!("SHA256:{}", char::from(b'A' + n).to_string().repeat(43)))
}

fn record(game: GameKind, moves: &[&str], clock: bool, ending: Option<Ending>) -> Record {
    let mut position = Position::new(game, 5, true).unwrap_or_else(|e| panic!("{e}"));
    for m in moves {
        let m = match game {
            GameKind::Hex => Move::Hex(hex::HexMove::parse(m, 5).unwrap_or_else(|e| panic!("{e}"))),
            GameKind::Tictactoe => Move::Ttt(m.parse().unwrap_or_else(|e| panic!("{e:?}"))),
        };
        position.play(m).unwrap_or_else(|e| panic!("{e}"));
    }
    let control = TimeControl { main: Duration::from_secs(300), increment: Duration::from_secs(3) };
    let settings = RoomSettings {
        game,
        size: position.size(),
        swap: game == GameKind::Hex,
        clock: clock.then_some(control),
        hints: true,
        host: HostSeat::First,
    };
    Record {
        room: RoomName::parse("abc").unwrap_or_else(|e| panic!("{e}")),
        players: [key(0), Identity::Guest(7)],
        settings,
        position,
        clock: clock.then_some((control, [Duration::from_secs(250), Duration::from_secs_f64(99.5)])),
        ending,
    }
}

#[test]
fn an_adjourned_hex_game_reads_back_as_it_was_swap_clock_and_players_included() {
    let r = record(GameKind::Hex, &["c3", "swap", "b2"], true, None);
    let (ext, text) = r.text();
    assert_eq!(ext, "sgf");
    assert!(text.contains(&format!("PB[{}]", key(0))) && text.contains("PW[guest 7]"), "{text}");
    assert_eq!(Record::read(&text), Ok(r));
}

#[test]
fn an_adjourned_tictactoe_game_reads_back_too() {
    let r = record(GameKind::Tictactoe, &["b2", "a1"], true, None);
    let (ext, text) = r.text();
    assert_eq!(ext, "txt");
    assert_eq!(Record::read(&text), Ok(r));
}

#[test]
fn a_finished_game_records_how_it_ended_and_cannot_be_resumed() {
    let r = record(GameKind::Hex, &["c3", "b2"], true, Some(Ending::Time(Seat::Second)));
    let (_, text) = r.text();
    assert!(text.contains("RE[B+T]") && text.contains("TM[300]") && text.contains("OT[Fischer 3]"), "{text}");
    assert!(!text.contains("BL["), "no time left in a finished game: {text}");
    let r = record(GameKind::Hex, &["c3", "swap"], false, Some(Ending::Resigned(Seat::First)));
    assert!(r.text().1.contains("RE[B+R]"), "after the swap the second seat is Black: {}", r.text().1);
    let r = record(GameKind::Tictactoe, &["a1", "b1", "a2", "b2", "a3"], false, None);
    assert_eq!(Record::read(&r.text().1).err().as_deref(), Some("the game in the file is over"));
    let e = Record::read("(;FF[4]GM[11]SZ[5]PB[someone]PW[guest 2]GN[room x])").err().unwrap_or_default();
    assert!(e.contains("both players"), "{e}");
}

#[test]
fn records_are_written_to_the_history_and_the_adjourned_folder_and_listed() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let records = Records::new(Storage::at(dir.path()));
    let done = records.finished(&record(GameKind::Hex, &["c3"], false, Some(Ending::Resigned(Seat::Second))));
    let done = done.unwrap_or_else(|e| panic!("{e}"));
    assert!(done.starts_with(dir.path().join(HISTORY)), "{}", done.display());
    let r = record(GameKind::Hex, &["c3"], true, None);
    let path = records.adjourn(&r).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join(ADJOURNED).join("broken.sgf"), "(;").unwrap_or_else(|e| panic!("{e}"));
    let (found, problems) = records.adjourned();
    assert_eq!(found, vec![Adjourned { path: path.clone(), record: r }]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    records.forget(&path);
    assert!(records.adjourned().0.is_empty());
}

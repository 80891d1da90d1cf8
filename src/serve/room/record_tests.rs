use super::*;
use crate::game::TimeControl;
use crate::game::hex::HexMove;
use crate::game::{GameKind, Move};
use std::time::Duration;

fn key(n: u8) -> Identity {
    Identity::Key(format!("SHA256:{}", char::from(b'A' + n).to_string().repeat(43)))
}

fn record(game: GameKind, moves: &[&str], clock: bool) -> Record {
    let t0 = Instant::now();
    let mut position = Position::new(game, 5, true).unwrap_or_else(|e| panic!("{e}"));
    let control = TimeControl { main: Duration::from_secs(300), increment: Duration::from_secs(3) };
    let mut c = GameClock::new(control);
    for (k, m) in moves.iter().enumerate() {
        let m = match game {
            GameKind::Hex => Move::Hex(HexMove::parse(m, 5).unwrap_or_else(|e| panic!("{e}"))),
            GameKind::Tictactoe => Move::Ttt(m.parse().unwrap_or_else(|e| panic!("{e:?}"))),
        };
        let mover = position.to_move_seat();
        position.play(m).unwrap_or_else(|e| panic!("{e}"));
        c.moved(mover, k, t0 + Duration::from_secs(10 * (k as u64 + 1)));
    }
    c.pause(t0 + Duration::from_secs(10 * (moves.len() as u64 + 1)));
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
        clock: clock.then_some(c),
        ending: None,
    }
}

fn records() -> (tempfile::TempDir, Records) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let r = Records::new(Storage::at(dir.path()));
    (dir, r)
}

#[test]
fn an_adjourned_game_reads_back_as_it_was_swap_clock_players_room_and_hints_included() {
    let (_dir, records) = records();
    for r in [record(GameKind::Hex, &["c3", "swap", "b2"], true), record(GameKind::Tictactoe, &["b2", "a1"], true)] {
        let path = records.adjourn(&r, Instant::now()).unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(text.contains(&key(0).to_string()) && text.contains("guest 7"), "{text}");
        let (found, problems) = records.adjourned();
        assert!(problems.is_empty(), "{problems:?}");
        let back = found.into_iter().find(|a| a.path == path).map(|a| a.record);
        let t = Instant::now();
        let left = |r: &Record| r.clock.as_ref().map(|c| c.both_left(t));
        let back = back.unwrap_or_else(|| panic!("not listed"));
        assert_eq!(
            (&back.room, &back.players, &back.settings, &back.position),
            (&r.room, &r.players, &r.settings, &r.position)
        );
        assert_eq!(left(&back), left(&r), "the clock comes back as it stood");
        records.forget(&path);
    }
    assert!(records.adjourned().0.is_empty());
}

#[test]
fn a_finished_game_goes_to_the_history_with_both_keys_and_cannot_be_resumed() {
    let (dir, records) = records();
    let mut r = record(GameKind::Hex, &["c3", "b2"], true);
    r.ending = Some(Ending::Flagged(Seat::Second));
    let path = records.finished(&r, Instant::now()).unwrap_or_else(|e| panic!("{e}"));
    assert!(path.starts_with(dir.path().join("history")), "{}", path.display());
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        text.contains(&format!("PB[{}]", key(0))) && text.contains("PW[guest 7]") && text.contains("RE[B+T]"),
        "{text}"
    );
    let saved = save::load_game(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Record::resumable("abc", false, saved).err().as_deref(), Some("the game in the file is over"));
    std::fs::create_dir_all(dir.path().join(ADJOURNED)).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.path().join(ADJOURNED).join("x+abc.sgf"), "(;FF[4]GM[11]SZ[5]PB[someone]PW[guest 2])")
        .unwrap_or_else(|e| panic!("{e}"));
    let (found, problems) = records.adjourned();
    assert!(found.is_empty() && problems.len() == 1 && problems[0].contains("both players"), "{problems:?}");
}

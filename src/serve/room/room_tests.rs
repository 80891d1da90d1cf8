use super::*;
use crate::config::Config;
use crate::game::Move;
use crate::game::hex::{Cell, HexMove};
use crate::tui::model::ending::Ending;
use crate::tui::persist::storage::Storage;
use settings::HostSeat;
use std::sync::Mutex;

fn key(n: u8) -> Identity {
    Identity::Key(format!("SHA256:{}", char::from(b'A' + n).to_string().repeat(43)))
}

fn person(n: u8) -> Person {
    Person::unnamed(key(n))
}

/// A notifier that keeps what it was told.
fn inbox() -> (Notifier, Arc<Mutex<Vec<Notice>>>) {
    let got = Arc::new(Mutex::new(Vec::new()));
    let to = got.clone();
    (Arc::new(move |n| to.lock().unwrap_or_else(|p| p.into_inner()).push(n)), got)
}

fn options(records: Option<Records>) -> RoomOptions {
    RoomOptions {
        max_watchers: 2,
        grace: Duration::from_secs(300),
        idle: Duration::from_secs(1800),
        records,
        coin: true,
    }
}

fn room(size: usize, records: Option<Records>) -> Room {
    let mut settings = RoomSettings::new(&Config::default());
    settings.size = size;
    settings.host = HostSeat::First;
    Room::new(RoomName::parse("abc").unwrap_or_else(|e| panic!("{e}")), settings, options(records))
}

/// A 5×5 room whose games go to a temporary data directory, and where they go.
fn stored_room() -> (tempfile::TempDir, Records, Room) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let records = Records::new(Storage::at(dir.path()));
    let r = room(5, Some(records.clone()));
    (dir, records, r)
}

fn cell(name: &str, size: usize) -> Move {
    Move::Hex(HexMove::Place(Cell::parse(name, size).unwrap_or_else(|e| panic!("{e}"))))
}

fn join(r: &mut Room, who: u8, member: MemberId, t: Instant) -> Role {
    r.join(&person(who), member, inbox().0, t).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_second_arrival_starts_the_game_and_later_ones_watch_and_cannot_move() {
    let t = Instant::now();
    let mut r = room(3, None);
    assert_eq!(join(&mut r, 0, 1, t), Role::Player(Seat::First));
    assert_eq!(r.view(1).phase, Phase::Waiting);
    assert_eq!(join(&mut r, 1, 2, t), Role::Player(Seat::Second));
    assert_eq!(r.view(1).phase, Phase::Playing, "the game starts at once");
    assert_eq!(join(&mut r, 2, 3, t), Role::Watcher);
    assert_eq!(r.play(3, cell("a1", 3), t).err().as_deref(), Some("you are watching: only the players move"));
    assert_eq!(r.play(2, cell("a1", 3), t).err().as_deref(), Some("it is not your turn"));
    assert_eq!(join(&mut r, 3, 4, t), Role::Watcher);
    assert!(r.join(&person(4), 5, inbox().0, t).is_err_and(|e| e.contains("2 watchers")), "the watchers are bounded");
}

#[test]
fn a_game_the_server_could_not_store_says_so_to_its_players() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    // A file where the history's folder should be: nothing can be written there.
    std::fs::write(dir.path().join("history"), "not a folder").unwrap_or_else(|e| panic!("{e}"));
    let t = Instant::now();
    let mut r = room(3, Some(Records::new(Storage::at(dir.path()))));
    join(&mut r, 0, 1, t);
    join(&mut r, 1, 2, t);
    assert_eq!(r.view(1).unstored, None);
    r.resign(1, t).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.view(2).unstored.is_some_and(|e| e.contains("history")), "{:?}", r.view(2).unstored);
}

#[test]
fn two_keys_play_to_the_end_and_the_game_goes_to_the_history() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let t = Instant::now();
    let mut r = room(3, Some(Records::new(Storage::at(dir.path()))));
    let ada = Person { identity: key(0), name: DisplayName::parse("Ada").ok() };
    r.join(&ada, 1, inbox().0, t).unwrap_or_else(|e| panic!("{e}"));
    join(&mut r, 1, 2, t);
    assert_eq!(r.view(2).seats[0].as_ref().map(|s| s.person.short()), Some("Ada".into()));
    r.rename(&key(0), DisplayName::parse("Ada L").ok());
    assert_eq!(r.view(2).seats[0].as_ref().map(|s| s.person.short()), Some("Ada L".into()), "a new name shows");
    for (member, m) in [(1, "a1"), (2, "b1"), (1, "a2"), (2, "b2"), (1, "a3")] {
        r.play(member, cell(m, 3), t).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(r.view(1).ending(), Some(GameResult::on_board(crate::game::Outcome::Win(Seat::First))));
    assert!(r.play(2, cell("c3", 3), t).is_err(), "no move after the end");
    let files: Vec<_> = std::fs::read_dir(dir.path().join(crate::tui::persist::history::FOLDER))
        .map(|d| d.flatten().collect())
        .unwrap_or_default();
    assert_eq!(files.len(), 1);
    let text = std::fs::read_to_string(files[0].path()).unwrap_or_default();
    let (pb, pw) = (format!("PB[Ada L ({})]", key(0)), format!("PW[{}]", key(1)));
    assert!(text.contains(&pb) && text.contains(&pw), "the name and the key, or the key alone: {text}");
    assert!(text.contains("RE[B+]"), "{text}");
}

#[test]
fn a_dropped_player_keeps_the_seat_and_only_the_same_key_wins_it_back() {
    let t = Instant::now();
    let mut r = room(5, None);
    join(&mut r, 0, 1, t);
    join(&mut r, 1, 2, t);
    r.play(1, cell("c3", 5), t).unwrap_or_else(|e| panic!("{e}"));
    r.leave(2, t);
    assert_eq!(r.view(1).seats[1].as_ref().and_then(|s| s.kept_until), Some(t + Duration::from_secs(300)));
    assert_eq!(join(&mut r, 9, 3, t), Role::Watcher, "another key cannot take the seat");
    assert!(r.play(3, cell("b2", 5), t).is_err());
    assert!(!r.tick(t + Duration::from_secs(299)));
    assert_eq!(join(&mut r, 1, 4, t + Duration::from_secs(60)), Role::Player(Seat::Second));
    assert_eq!(r.view(4).position.map(|p| p.ply()), Some(1), "the game is as it was");
    r.play(4, cell("b2", 5), t).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_same_key_connecting_again_takes_over_from_its_old_connection() {
    let t = Instant::now();
    let mut r = room(5, None);
    let (old, told) = inbox();
    r.join(&person(0), 1, old, t).unwrap_or_else(|e| panic!("{e}"));
    join(&mut r, 1, 2, t);
    assert_eq!(join(&mut r, 0, 3, t), Role::Player(Seat::First));
    assert!(told.lock().map(|v| v.iter().any(|n| matches!(n, Notice::Closed(_)))).unwrap_or(false));
    assert!(r.play(1, cell("c3", 5), t).is_err(), "the old connection plays no more");
    r.play(3, cell("c3", 5), t).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_seat_away_past_the_grace_period_adjourns_the_game_and_both_can_resume_it() {
    let (_dir, records, mut r) = stored_room();
    let t = Instant::now();
    r.settings.clock = RoomSettings::clock_of(Some((10, 5)));
    join(&mut r, 0, 1, t);
    join(&mut r, 1, 2, t);
    r.play(1, cell("c3", 5), t + Duration::from_secs(10)).unwrap_or_else(|e| panic!("{e}"));
    r.leave(1, t + Duration::from_secs(20));
    assert!(r.tick(t + Duration::from_secs(320)));
    assert!(matches!(r.view(2).phase, Phase::Adjourned(ref s) if s.contains("resume it from the lobby")));
    let (found, _) = records.adjourned();
    assert_eq!(found.len(), 1);
    let left = found[0].record.clock.as_ref().map(|c| c.both_left(t));
    assert_eq!(left, Some([Duration::from_secs(595), Duration::from_secs(290)]), "White's clock ran all along");
    let mut again = Room::resumed(found[0].clone(), options(Some(records.clone())));
    assert_eq!(join(&mut again, 1, 5, t), Role::Player(Seat::Second));
    assert_eq!(join(&mut again, 7, 6, t), Role::Watcher, "a stranger cannot take the other seat");
    assert_eq!(again.view(5).phase, Phase::Waiting);
    assert_eq!(join(&mut again, 0, 7, t), Role::Player(Seat::First));
    assert_eq!(again.view(5).phase, Phase::Playing);
}

#[test]
fn a_flag_falls_on_the_clock_a_resignation_ends_the_game_and_a_rematch_exchanges_the_seats() {
    let t = Instant::now();
    let mut r = room(5, None);
    r.settings.clock = RoomSettings::clock_of(Some((1, 0)));
    join(&mut r, 0, 1, t);
    join(&mut r, 1, 2, t);
    assert!(!r.tick(t + Duration::from_secs(59)));
    assert!(r.tick(t + Duration::from_secs(60)));
    assert_eq!(r.view(1).ending(), Some(Ending::Flagged(Seat::First).into()));
    assert_eq!(r.rematch(1, t), Ok(false));
    assert_eq!(r.view(2).seats[0].as_ref().map(|s| s.rematch), Some(true));
    r.leave(1, t);
    assert_eq!(r.view(2).seats[0].as_ref().map(|s| s.rematch), Some(false), "who left asks no more");
    assert_eq!(r.rematch(2, t), Ok(false), "nor does a game start without them");
    join(&mut r, 0, 1, t);
    assert_eq!(r.rematch(1, t), Ok(true), "back, they ask again");
    // Game after game, as fast as keys go: a few, then one every so often.
    let (mut started, mut at) = (1, t);
    for _ in 0..50 {
        r.resign(1, at).unwrap_or_else(|e| panic!("{e}"));
        let _ = r.rematch(1, at);
        match r.rematch(2, at) {
            Ok(true) => started += 1,
            Ok(false) => panic!("both asked"),
            Err(e) => {
                assert!(e.contains("ask again"), "{e}");
                at += moves::GAMES.every;
                assert_eq!(r.rematch(2, at), Ok(true), "once the time has passed");
                started += 1;
            }
        }
    }
    assert_eq!(started, 51);
    assert!(at >= t + moves::GAMES.every * (50 - moves::GAMES.burst), "{:?}", at - t);
    assert_eq!(r.view(2).role, Role::Player(Seat::First), "the second player now moves first");
    assert_eq!(r.view(1).phase, Phase::Playing);
    r.resign(1, t).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.view(1).ending(), Some(Ending::Resigned(Seat::Second).into()));
    assert!(r.resign(1, t).is_err());
}

#[test]
fn only_the_host_changes_the_game_and_only_while_waiting() {
    let t = Instant::now();
    let mut r = room(5, None);
    join(&mut r, 0, 1, t);
    r.configure(1, |s| s.size = 7).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.view(1).settings.size, 7);
    join(&mut r, 1, 2, t);
    assert!(r.configure(1, |s| s.size = 9).is_err());
    assert_eq!(r.view(2).position.map(|p| p.size()), Some(7));
}

#[test]
fn a_fresh_room_empties_when_its_host_leaves_and_a_running_game_waits_for_its_players() {
    let t = Instant::now();
    let mut r = room(5, None);
    join(&mut r, 0, 1, t);
    r.leave(1, t);
    assert!(r.is_empty());
    join(&mut r, 0, 1, t);
    join(&mut r, 1, 2, t);
    r.leave(1, t);
    r.leave(2, t);
    assert!(!r.is_empty(), "the game waits for its players for the grace period");
}

#[test]
fn a_server_that_stops_adjourns_the_games_in_progress() {
    let (_dir, records, mut r) = stored_room();
    let t = Instant::now();
    join(&mut r, 0, 1, t);
    assert!(!r.stop(t), "nothing to adjourn before the game");
    join(&mut r, 1, 2, t);
    r.play(1, cell("c3", 5), t).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.stop(t));
    assert!(matches!(r.view(1).phase, Phase::Adjourned(_)));
    assert_eq!(records.adjourned().0.len(), 1);
}

#[test]
fn a_game_without_a_clock_that_no_player_touches_is_adjourned_and_its_room_closed() {
    let (_dir, records, mut r) = stored_room();
    let t = Instant::now();
    let (tell, told) = inbox();
    r.join(&person(0), 1, tell, t).unwrap_or_else(|e| panic!("{e}"));
    join(&mut r, 1, 2, t);
    join(&mut r, 2, 3, t);
    assert_eq!(r.view(1).settings.clock, None, "the default room has no clock");
    let idle = Duration::from_secs(1800);
    assert_eq!(r.view(1).idle_until, Some(t + idle));
    assert_eq!(r.view(1).idle_left(t + idle - idle::WARNING - Duration::from_secs(1)), None, "no countdown yet");
    assert_eq!(r.view(3).idle_left(t + idle - Duration::from_secs(60)), Some(Duration::from_secs(60)));
    // A watcher's key does not count; a player's does, and a move is a key.
    r.touch(3, t + Duration::from_secs(600));
    assert_eq!(r.view(1).idle_until, Some(t + idle));
    r.touch(2, t + Duration::from_secs(600));
    assert_eq!(r.view(1).idle_until, Some(t + Duration::from_secs(600) + idle));
    assert!(!r.tick(t + idle), "the player's key put it off");
    let late = t + Duration::from_secs(600) + idle;
    assert!(r.tick(late));
    match r.view(1).phase {
        Phase::Adjourned(why) => assert!(why.starts_with("Nobody pressed a key for 30 minutes."), "{why}"),
        p => panic!("{p:?}"),
    }
    assert!(r.is_empty(), "the room is closed around everyone: it can go");
    let dismissed = told.lock().map(|v| v.iter().any(|n| matches!(n, Notice::Dismissed(_)))).unwrap_or(false);
    assert!(dismissed, "its members are told");
    assert_eq!(records.adjourned_cached().len(), 1, "both players can resume it");
}

#[test]
fn a_game_with_a_clock_or_a_player_away_is_never_idle() {
    let t = Instant::now();
    let mut r = room(5, None);
    join(&mut r, 0, 1, t);
    r.configure(1, |s| s.step_clock(1)).unwrap_or_else(|e| panic!("{e}"));
    join(&mut r, 1, 2, t);
    assert_eq!(r.view(1).idle_until, None, "the clock bounds the game");
    let mut r = room(5, None);
    join(&mut r, 0, 1, t);
    join(&mut r, 1, 2, t);
    r.leave(2, t);
    assert_eq!(r.view(1).idle_until, None, "the grace period does");
    join(&mut r, 1, 3, t + Duration::from_secs(100));
    assert_eq!(r.view(1).idle_until, Some(t + Duration::from_secs(1900)), "counted from the return");
}

//! The game history (defect 7): every game that ends is kept in `history/` with its result, players, level,
//! clock and date; a game left for another goes there too, unfinished, while the autosave holds only the
//! game being played; "Load game" lists the history and the saves newest first and shows one game or both;
//! and a data directory that cannot be used turns saving off once, with the reason, and loses nothing else.

use crate::tui_common::{fast_config, first_free_hex, key, settings, settle, typed};
use crate::tui_snapshots::render;
use hextoe::config::Config;
use hextoe::game::GameKind;
use hextoe::tui::app::{App, AppOptions, Screen};
use hextoe::tui::model::settings::{Opponent, Settings};
use hextoe::tui::persist::storage::Storage;
use hextoe::tui::time::TimeSource;
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn app_in(dir: &Path, s: &Settings) -> (App, TimeSource) {
    let time = TimeSource::manual(Instant::now());
    let options = AppOptions { color: false, seed: 3, storage: Some(Storage::at(dir)), time: time.clone() };
    (App::new(fast_config(), s.clone(), options), time)
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default();
    v.sort();
    v
}

fn hex_on_clock(name: &str) -> Settings {
    let mut s = settings(GameKind::Hex, 3, Opponent::HumanVsAi);
    s.clock = "5+3".parse().ok();
    s.names.you = Some(name.to_string());
    s
}

/// Plays the first free cell until the game ends.
fn play_out(a: &mut App) {
    while a.session.game.as_ref().is_some_and(|g| !g.is_over()) {
        let c = first_free_hex(a);
        typed(a, &format!(":{c}\n"));
        settle(a);
    }
}

#[test]
fn every_finished_game_is_kept_with_its_result_players_level_clock_and_date() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = hex_on_clock("Ada");
    let (mut a, time) = app_in(dir.path(), &s);
    a.start(s.clone(), None).unwrap_or_else(|e| panic!("{e}"));
    time.advance(Duration::from_secs(7));
    play_out(&mut a);
    let kept = files(&dir.path().join("history"));
    assert_eq!(kept.len(), 1, "the finished game is kept");
    let text = std::fs::read_to_string(&kept[0]).unwrap_or_default();
    for part in ["PB[Ada]", "PW[hextoe medium]", "TM[300]", "OT[3 fischer]", "DT[", "RE[", "BL[296]"] {
        assert!(text.contains(part), "{part} in {text}");
    }
    assert!(!dir.path().join("autosave.sgf").exists(), "a finished game leaves no autosave");
    // A second game, resigned: kept too, with R for the resignation.
    key(&mut a, KeyCode::Char('n'));
    let c = first_free_hex(&a);
    typed(&mut a, &format!(":{c}\n"));
    settle(&mut a);
    typed(&mut a, "Gy");
    let kept = files(&dir.path().join("history"));
    assert_eq!(kept.len(), 2);
    // A game resigned before its first move is a finished game too.
    key(&mut a, KeyCode::Char('n'));
    typed(&mut a, "Gy");
    assert_eq!(files(&dir.path().join("history")).len(), 3, "the resignation at the start is kept");
    assert!(kept.iter().any(|p| std::fs::read_to_string(p).unwrap_or_default().contains("RE[W+R]")), "{kept:?}");
    // Load game lists both, newest first: the resigned game on top, with who played and how it ended.
    key(&mut a, KeyCode::Esc);
    a.open_saves();
    let list = a.saves.as_ref().unwrap_or_else(|| panic!("no list"));
    let top = list.entries[0].info.as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (top.players(), top.result(), top.position().ply()),
        ("Ada vs AI · medium".into(), "Black resigned".into(), 0)
    );
    // The picture with the files' dates fixed in the order they were played.
    for p in files(&dir.path().join("history")) {
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        let secs = match (text.contains("RE[W+R]"), text.contains(";B[")) {
            (true, false) => 1_800_001_200,
            (true, true) => 1_800_000_600,
            _ => 1_800_000_000,
        };
        let f = std::fs::File::options().write(true).open(&p).unwrap_or_else(|e| panic!("{e}"));
        f.set_modified(std::time::UNIX_EPOCH + Duration::from_secs(secs)).unwrap_or_else(|e| panic!("{e}"));
    }
    a.open_saves();
    insta::assert_snapshot!("history_in_load_game", render(&a, 100, 20).backend());
    // The game resigned before a move opens in review like any finished game.
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Review);
    for (w, h) in [(100, 40), (60, 30), (20, 10)] {
        let _ = render(&a, w, h);
    }
    assert!(render(&a, 100, 40).backend().to_string().contains("AI · medium won by resignation"));
}

#[test]
fn a_game_left_for_another_goes_to_the_history_and_one_autosave_holds_the_new_one() {
    // Defect 7: three unfinished autosaves piled up among the saves when other games were started.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let s = settings(GameKind::Hex, 5, Opponent::TwoHumans);
    let (mut a, _time) = app_in(dir.path(), &s);
    for round in 1..=3 {
        a.start(s.clone(), None).unwrap_or_else(|e| panic!("{e}"));
        typed(&mut a, ":c3\n:b2\n");
        assert!(a.session.game.as_ref().is_some_and(|g| g.position.ply() == 2));
        let autosaves = files(dir.path()).into_iter().filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            name.starts_with("autosave") && (name.ends_with(".sgf") || name.ends_with(".txt"))
        });
        assert_eq!(autosaves.count(), 1, "one autosave: the game being played");
        key(&mut a, KeyCode::Char('n'));
        key(&mut a, KeyCode::Char('y'));
        assert_eq!(files(&dir.path().join("history")).len(), round, "the game left is kept, unfinished");
    }
    assert!(!dir.path().join("saves").exists(), "nothing piles up among the saves");
    assert!(!dir.path().join("autosave.sgf").exists(), "the new game has no move yet");
    // A kept game can be played on from the list, and its record is then brought up to date in place.
    a.open_saves();
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Game);
    typed(&mut a, ":a1\n");
    key(&mut a, KeyCode::Char('n'));
    key(&mut a, KeyCode::Char('y'));
    let kept = files(&dir.path().join("history"));
    assert_eq!(kept.len(), 3, "played on and left again, it is the same record: {kept:?}");
    assert!(kept.iter().any(|p| std::fs::read_to_string(p).unwrap_or_default().contains("B[a1]")));
}

#[test]
fn load_game_shows_one_game_or_both() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let history = dir.path().join("history");
    std::fs::create_dir_all(&history).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(history.join("a.sgf"), "(;FF[4]GM[11]SZ[3]RE[B+];B[b2];W[a1];B[b1];W[a2];B[b3])")
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(history.join("b.txt"), "x a1\no b1\nx a2\no b2\nx a3\n").unwrap_or_else(|e| panic!("{e}"));
    let (mut a, _time) = app_in(dir.path(), &settings(GameKind::Hex, 3, Opponent::HumanVsAi));
    a.open_saves();
    let shown = |a: &App| a.saves.as_ref().map(|l| l.shown().len()).unwrap_or(0);
    assert_eq!(shown(&a), 2);
    key(&mut a, KeyCode::Tab);
    assert_eq!((shown(&a), a.saves.as_ref().and_then(|l| l.filter)), (1, Some(GameKind::Hex)));
    key(&mut a, KeyCode::Tab);
    assert_eq!((shown(&a), a.saves.as_ref().and_then(|l| l.filter)), (1, Some(GameKind::Tictactoe)));
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Review, "the finished tic-tac-toe game opens in review");
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.saves.as_ref().and_then(|l| l.filter), Some(GameKind::Tictactoe), "the list keeps its filter");
    key(&mut a, KeyCode::Tab);
    assert_eq!(shown(&a), 2);
}

#[test]
fn a_data_directory_that_cannot_be_used_turns_saving_off_once_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    // A file where the data directory should be.
    let blocked = dir.path().join("hextoe");
    std::fs::write(&blocked, "not a directory").unwrap_or_else(|e| panic!("{e}"));
    let s = settings(GameKind::Hex, 3, Opponent::HumanVsAi);
    let (mut a, _t) = app_in(&blocked, &s);
    let notice = a.status.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default();
    assert!(
        notice.contains("Saving is off: cannot write to") && notice.contains("is a file, not a folder"),
        "{notice}"
    );
    key(&mut a, KeyCode::Char('x')); // reads the notice
    a.start(s.clone(), None).unwrap_or_else(|e| panic!("{e}"));
    play_out(&mut a);
    assert_eq!(a.status.notice, None, "told once");
    let tally = a.session.score.tally(&s.score_key());
    assert_eq!(tally.wins + tally.losses, 1, "the game counts in this run's score");
    // Saving fails while the game runs: the first failure says so, the rest are silent.
    let dir2 = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let data = dir2.path().join("data");
    let (mut b, _t) = app_in(&data, &s);
    b.start(s.clone(), None).unwrap_or_else(|e| panic!("{e}"));
    std::fs::remove_dir_all(&data).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&data, "in the way").unwrap_or_else(|e| panic!("{e}"));
    let c = first_free_hex(&b);
    typed(&mut b, &format!(":{c}\n"));
    settle(&mut b);
    let notice = b.status.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default();
    assert!(notice.contains("Saving is off:") && notice.contains("S tries again"), "{notice}");
    assert!(b.session.saving_off().is_some());
    key(&mut b, KeyCode::Char('x'));
    play_out(&mut b);
    assert_eq!(b.status.notice, None, "no second notice");
    assert!(b.session.game.as_ref().is_some_and(|g| g.is_over()), "the game was played to its end");
}

#[test]
fn names_and_the_clock_come_from_the_config() {
    let mut config: Config = fast_config();
    config.name = hextoe::config::OptionalName("Ada".parse().ok());
    config.clock = "3+2".parse().unwrap_or_default();
    let s = Settings::new(&hextoe::cli::PlayArgs::default(), &config);
    let mut a =
        App::new(config, s.clone(), AppOptions { color: false, seed: 1, storage: None, time: TimeSource::system() });
    a.start(s, None).unwrap_or_else(|e| panic!("{e}"));
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!(g.seat_name(hextoe::game::Seat::First), "Ada");
    assert_eq!(g.clock.as_ref().map(|c| c.control().to_string()).as_deref(), Some("3+2"));
}

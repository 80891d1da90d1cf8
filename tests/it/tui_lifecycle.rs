//! A game's lifecycle driven by key events: asking before a game in progress is discarded, the autosave and
//! "Resume last game", resuming with the menu's changes, and saves that remember their players.

use crate::tui_common::*;
use hextoe::ai::Level;
use hextoe::game::GameKind;
use hextoe::tui::app::{App, Screen};
use hextoe::tui::model::settings::Opponent;
use hextoe::tui::persist::save;
use hextoe::tui::persist::storage::Storage;
use hextoe::tui::screens::menu::MenuRow;
use ratatui::crossterm::event::KeyCode;

/// An app keeping its files in `dir`, with a tic-tac-toe game between two people under way.
fn two_humans_at_tictactoe(dir: &std::path::Path) -> App {
    let mut a = app_with(Some(Storage::at(dir)));
    a.start(settings(GameKind::Tictactoe, 3, Opponent::TwoHumans), None).unwrap_or_else(|e| panic!("{e}"));
    a
}

/// The app started again on `dir` after an earlier one with a game in progress was dropped. The earlier
/// app's autosave slot is locked with `flock`, and a test running beside this one in the same process may
/// be starting a program at that moment: its child holds a copy of the lock's file descriptor until it
/// executes the program, so for a moment the slot still looks taken and the new app starts in the next
/// one. A person's next run cannot meet this (the earlier process has exited); the test waits it out.
fn reopen(dir: &std::path::Path) -> App {
    reopen_until(dir, |b| b.menu.selected == MenuRow::ResumeLast)
}

/// [`reopen`], until the new app is in the state `ready` says: the one it starts in once no stray child
/// holds the earlier apps' slots. An app that starts in a slot still held by such a child touches no file.
fn reopen_until(dir: &std::path::Path, ready: impl Fn(&App) -> bool) -> App {
    // Generous: on a loaded machine (the whole suite on two cores) a starting child can hold the copy for
    // more than the two seconds this once allowed, and a ready app ends the wait at once.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut b = app_with(Some(Storage::at(dir)));
    while !ready(&b) && std::time::Instant::now() < deadline {
        drop(b);
        std::thread::sleep(std::time::Duration::from_millis(10));
        b = app_with(Some(Storage::at(dir)));
    }
    b
}

#[test]
fn n_tab_and_a_new_game_from_the_menu_ask_before_discarding_a_game() {
    let mut a = started(settings(GameKind::Tictactoe, 3, Opponent::TwoHumans));
    let id = a.session.game.as_ref().map(|g| g.id);
    // No move yet: nothing to lose, no question.
    typed(&mut a, "n");
    assert!(a.confirm.is_none());
    let id2 = a.session.game.as_ref().map(|g| g.id);
    assert_ne!(id2, id);
    typed(&mut a, "5");
    for k in [KeyCode::Char('n'), KeyCode::Tab] {
        key(&mut a, k);
        assert!(a.confirm.is_some(), "{k:?} asks first");
        key(&mut a, KeyCode::Char('n'));
        assert!(a.confirm.is_none());
        assert_eq!((a.session.game.as_ref().map(|g| g.id), ply(&a)), (id2, 1), "{k:?}: any key but y keeps the game");
    }
    // The menu's Start new game asks too; y discards and starts.
    typed(&mut a, "q");
    a.menu.selected = MenuRow::Start;
    key(&mut a, KeyCode::Enter);
    assert!(a.confirm.is_some() && a.screen == Screen::Menu);
    key(&mut a, KeyCode::Esc);
    assert_eq!((a.screen, a.session.game.as_ref().map(|g| g.id)), (Screen::Menu, id2), "Esc says no");
    key(&mut a, KeyCode::Enter);
    typed(&mut a, "y");
    assert_eq!((a.screen, ply(&a)), (Screen::Game, 0));
    assert_ne!(a.session.game.as_ref().map(|g| g.id), id2);
    // A finished game goes without asking.
    for d in ["1", "4", "2", "5", "3"] {
        typed(&mut a, d);
    }
    assert!(result(&a).is_some());
    typed(&mut a, "n");
    assert!(a.confirm.is_none() && ply(&a) == 0);
}

#[test]
fn every_move_is_autosaved_and_the_next_start_offers_to_resume_it() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut s = settings(GameKind::Hex, 5, Opponent::HumanVsAi);
    s.level = Level::Impossible;
    let mut a = app_with(Some(Storage::at(dir.path())));
    a.start(s, None).unwrap_or_else(|e| panic!("{e}"));
    assert!(!dir.path().join("autosave.sgf").exists(), "no moves, nothing to keep");
    typed(&mut a, ":c3\n");
    settle(&mut a);
    assert_eq!(ply(&a), 2);
    let text = std::fs::read_to_string(dir.path().join("autosave.sgf")).unwrap_or_default();
    assert!(text.contains("PB[human]PW[hextoe impossible]") && text.contains(";B[c3];W["), "{text}");
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    files.sort();
    assert_eq!(files, ["autosave.lock", "autosave.sgf"], "no temporary file left behind");
    // Quit (or crash) mid-game: the next start offers the game, selected, with its players and level.
    a.quit();
    drop(a);
    let mut b = reopen(dir.path());
    assert_eq!((b.resume_row(), b.menu.selected), (Some(MenuRow::ResumeLast), MenuRow::ResumeLast));
    key(&mut b, KeyCode::Enter);
    let g = b.session.game.as_ref().unwrap_or_else(|| panic!("not resumed"));
    assert_eq!((g.position.ply(), g.settings.level, g.settings.opponent), (2, Level::Impossible, Opponent::HumanVsAi));
    assert_eq!(g.position.size(), 5);
    // Undo is saved as well; finishing the game removes the autosave.
    typed(&mut b, "u");
    assert_eq!(ply(&b), 0);
    assert!(!dir.path().join("autosave.sgf").exists(), "back to no moves");
    while result(&b).is_none() {
        let c = first_free_hex(&b);
        typed(&mut b, &format!(":{c}\n"));
        settle(&mut b);
    }
    assert!(!dir.path().join("autosave.sgf").exists(), "a finished game leaves no autosave");
    assert_eq!(app_with(Some(Storage::at(dir.path()))).resume_row(), None);
}

#[test]
fn a_panic_in_the_loop_saves_the_game_in_progress_and_then_goes_on() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut a = two_humans_at_tictactoe(dir.path());
    typed(&mut a, "5");
    // The move's autosave is gone: only the save at the panic can bring the game back.
    let autosave = dir.path().join("autosave.txt");
    std::fs::remove_file(&autosave).unwrap_or_else(|e| panic!("{e}"));
    let run: std::thread::Result<()> = std::panic::catch_unwind(|| panic!("a bug in the loop"));
    let went_on = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| hextoe::tui::finish(&mut a, run)));
    let said = went_on.err().and_then(|p| p.downcast_ref::<&str>().map(|s| s.to_string()));
    assert_eq!(said.as_deref(), Some("a bug in the loop"), "the panic does not go on as it was");
    let text = std::fs::read_to_string(&autosave).unwrap_or_default();
    assert!(text.contains("x b2"), "the game was not saved at the panic: {text:?}");
}

#[test]
fn an_unfinished_game_of_the_last_run_is_kept_when_another_starts() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut a = two_humans_at_tictactoe(dir.path());
    typed(&mut a, "59");
    drop(a);
    let text = std::fs::read_to_string(dir.path().join("autosave.txt")).unwrap_or_default();
    assert!(text.contains("# x: human\n# o: human") && text.contains("x b2\no c3"), "{text}");
    let mut b = reopen(dir.path());
    b.menu.selected = MenuRow::Start;
    key(&mut b, KeyCode::Enter);
    assert!(b.status.message.as_ref().is_some_and(|m| m.text.contains("kept in")), "{:?}", b.status.message);
    // Kept in the history, not among the saves: unfinished copies do not pile up there.
    let kept: Vec<_> = std::fs::read_dir(dir.path().join("history"))
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    assert_eq!(kept.len(), 1);
    assert!(!dir.path().join("saves").exists());
    assert_eq!(save::load_game(&kept[0]).map(|s| s.position.ply()).ok(), Some(2));
}

#[test]
fn a_corrupt_autosave_is_kept_aside_and_reported() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    assert!(std::fs::write(dir.path().join("autosave.sgf"), "(;FF[4]GM[11]SZ[5];B[z9])").is_ok());
    let a = app_with(Some(Storage::at(dir.path())));
    assert_eq!(a.resume_row(), None);
    // A notice, which stays up until a key is pressed.
    assert!(
        a.status.notice.as_ref().is_some_and(|m| m.error && m.text.contains("kept it as")),
        "{:?}",
        a.status.notice
    );
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    assert!(names.iter().any(|n| n.starts_with("autosave.sgf.corrupt-")), "{names:?}");
}

#[test]
fn resume_applies_the_menus_players_and_level_and_says_what_waits_for_a_new_game() {
    let mut a = started(settings(GameKind::Hex, 5, Opponent::HumanVsAi));
    typed(&mut a, ":c3\n");
    settle(&mut a);
    typed(&mut a, "q");
    a.menu.settings.level = Level::Impossible;
    a.menu.settings.size = 7;
    a.menu.selected = MenuRow::Resume;
    key(&mut a, KeyCode::Enter);
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!((g.settings.level, g.position.size(), g.position.ply()), (Level::Impossible, 5, 2));
    let text = a.status.message.as_ref().map(|m| m.text.clone()).unwrap_or_default();
    assert!(text.contains("level impossible") && text.contains("apply to a new game"), "{text}");
    // The game goes on with the new level's players.
    let free = first_free_hex(&a);
    typed(&mut a, &format!(":{free}\n"));
    settle(&mut a);
    assert_eq!(ply(&a), 4);
}

#[test]
fn saves_record_the_players_and_a_loaded_game_comes_back_against_the_same_level() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut a = app_with(Some(Storage::at(dir.path())));
    let mut s = settings(GameKind::Hex, 5, Opponent::AiVsHuman);
    s.level = Level::Impossible;
    a.start(s, None).unwrap_or_else(|e| panic!("{e}"));
    settle(&mut a);
    typed(&mut a, "S");
    let saves: Vec<_> = std::fs::read_dir(dir.path().join("saves"))
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    let saved = save::load_game(&saves[0]).unwrap_or_else(|e| panic!("{e}"));
    let mut back = settings(GameKind::Hex, 5, Opponent::HumanVsAi);
    assert_eq!(saved.info.apply(&mut back), None);
    assert_eq!((back.opponent, back.level), (Opponent::AiVsHuman, Level::Impossible));
}

#[test]
fn save_and_score_live_in_the_data_directory() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut a = app_with(Some(Storage::at(dir.path())));
    a.start(settings(GameKind::Hex, 5, Opponent::HumanVsAi), None).unwrap_or_else(|e| panic!("{e}"));
    typed(&mut a, ":c3\n");
    settle(&mut a);
    typed(&mut a, "S");
    let text = a.status.message.as_ref().map(|m| m.text.clone()).unwrap_or_default();
    assert!(text.starts_with("Saved to "), "{text}");
    let saves: Vec<_> = std::fs::read_dir(dir.path().join("saves"))
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    assert_eq!(saves.len(), 1);
    let loaded = save::load_game(&saves[0]).map(|s| s.position).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Some(&loaded), a.session.game.as_ref().map(|g| &g.position));

    while result(&a).is_none() {
        let c = first_free_hex(&a);
        typed(&mut a, &format!(":{c}\n"));
        settle(&mut a);
    }
    let before = a.session.score.tally("hex/medium");
    let again = app_with(Some(Storage::at(dir.path())));
    assert_eq!(again.session.score.tally("hex/medium"), before);
    assert_eq!(before.wins + before.losses, 1);
}

#[test]
fn the_menu_shows_the_last_games_settings_and_its_changes_apply_on_resuming() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut s = settings(GameKind::Hex, 7, Opponent::AiVsHuman);
    s.level = Level::Impossible;
    s.swap = true;
    let mut a = app_with(Some(Storage::at(dir.path())));
    a.start(s, None).unwrap_or_else(|e| panic!("{e}"));
    settle(&mut a);
    assert_eq!(ply(&a), 1);
    drop(a);
    let mut b = reopen(dir.path());
    let m = &b.menu.settings;
    assert_eq!(
        (m.game, m.size, m.swap, m.opponent, m.level),
        (GameKind::Hex, 7, true, Opponent::AiVsHuman, Level::Impossible)
    );
    // Changes in the menu: the players apply to the resumed game, the board size waits for a new one.
    b.menu.settings.opponent = Opponent::TwoHumans;
    b.menu.settings.size = 9;
    key(&mut b, KeyCode::Enter);
    let g = b.session.game.as_ref().unwrap_or_else(|| panic!("not resumed"));
    assert_eq!((g.settings.opponent, g.position.size(), g.position.ply()), (Opponent::TwoHumans, 7, 1));
    let text = b.status.message.as_ref().map(|m| m.text.clone()).unwrap_or_default();
    assert!(text.contains("apply to a new game"), "{text}");
}

#[test]
fn the_score_warning_stays_on_screen_until_a_key_is_pressed() {
    // Finding 6b: under `hextoe play` the warning was replaced at once by the first status message.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    assert!(std::fs::write(dir.path().join("score.json"), b"{ not json \xff").is_ok());
    let mut a = app_with(Some(Storage::at(dir.path())));
    a.start(settings(GameKind::Hex, 5, Opponent::HumanVsAi), None).unwrap_or_else(|e| panic!("{e}"));
    settle(&mut a);
    let shown =
        |a: &App| a.status.notice.as_ref().or(a.status.message.as_ref()).map(|m| m.text.clone()).unwrap_or_default();
    assert!(shown(&a).contains("unreadable") && shown(&a).contains("press any key"), "{}", shown(&a));
    let backend = ratatui::backend::TestBackend::new(100, 30);
    let mut term = ratatui::Terminal::new(backend).unwrap_or_else(|e| match e {});
    let screen = |term: &mut ratatui::Terminal<ratatui::backend::TestBackend>, a: &App| {
        let _ = term.draw(|f| hextoe::tui::app::view::draw(f, a));
        let buf = term.backend().buffer().clone();
        buf.content().iter().map(|c| c.symbol()).collect::<String>()
    };
    assert!(screen(&mut term, &a).contains("Score file unreadable"), "the warning is not on screen");
    // The key that dismisses it does nothing else.
    typed(&mut a, "x:c3\n");
    settle(&mut a);
    assert_eq!(a.status.notice, None);
    assert!(!screen(&mut term, &a).contains("Score file"));
    assert!(ply(&a) >= 1, "the keys after the first one are played");
}

#[test]
fn two_windows_keep_their_own_games() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut first = app_with(Some(Storage::at(dir.path())));
    first.start(settings(GameKind::Hex, 5, Opponent::TwoHumans), None).unwrap_or_else(|e| panic!("{e}"));
    typed(&mut first, ":c3\n");
    // A second copy while the first runs: it does not offer (or take) the first one's game.
    let mut second = app_with(Some(Storage::at(dir.path())));
    assert_eq!(second.resume_row(), None);
    second.start(settings(GameKind::Tictactoe, 3, Opponent::TwoHumans), None).unwrap_or_else(|e| panic!("{e}"));
    typed(&mut second, "5");
    assert!(dir.path().join("autosave.sgf").exists() && dir.path().join("autosave-2.txt").exists());
    // Both quit mid-game. The next copy offers one game and keeps the other in the history.
    drop(first);
    drop(second);
    let said = |a: &App| a.status.notice.as_ref().map(|m| m.text.clone()).unwrap_or_default();
    let third = reopen_until(dir.path(), |a| a.resume_row().is_some() && said(a).contains("another window"));
    assert_eq!(third.resume_row(), Some(MenuRow::ResumeLast));
    let said = said(&third);
    assert!(said.contains("another window") && said.contains("tictactoe-"), "{said}");
    let kept = std::fs::read_dir(dir.path().join("history")).map(|d| d.count()).unwrap_or(0);
    assert_eq!(kept, 1);
}

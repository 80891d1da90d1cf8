//! Game review, the saves list and the Hex primer, driven by key events as a person would: reviewing a
//! finished game, stepping and jumping between mistakes, playing on from a reviewed position (with the
//! confirmation that protects a game in progress), the Hex analysis filling in from its thread, loading and
//! deleting saves, and turning the primer's pages.

use hextoe::ai::Level;
use hextoe::config::{Config, Playouts};
use hextoe::game::GameKind;
use hextoe::game::Seat;
use hextoe::tui::app::{App, AppOptions, Screen};
use hextoe::tui::model::settings::{Opponent, Settings};
use hextoe::tui::persist::storage::Storage;
use hextoe::tui::screens::menu::MenuRow;
use hextoe::tui::screens::review::ReturnTo;
use ratatui::crossterm::event::KeyCode;
use std::time::{Duration, Instant};

use crate::tui_common::{key, typed};
use crate::tui_snapshots::{hex, ttt};

/// The shared settings at the impossible level, whose analysis the Hex review runs.
fn settings(game: GameKind, size: usize, opponent: Opponent) -> Settings {
    Settings { level: Level::Impossible, ..crate::tui_common::settings(game, size, opponent) }
}

/// The impossible level on a budget of simulations and no clock: its moves and the review's analysis are
/// the same on every machine, however busy.
fn on_playouts(c: &mut Config, n: u64) {
    c.hex.impossible.move_time = None;
    c.hex.impossible.playouts = Some(Playouts(n));
}

fn app_with(storage: Option<Storage>) -> App {
    let mut c = Config::default();
    on_playouts(&mut c, 300);
    App::new(
        c,
        settings(GameKind::Hex, 5, Opponent::TwoHumans),
        AppOptions { color: false, seed: 3, storage, time: Default::default() },
    )
}

/// x a1, o a2 (a mistake: only the centre holds), and x wins along the top row.
const TTT_LOST: [&str; 7] = ["a1", "a2", "b2", "c3", "b1", "b3", "c1"];

#[test]
fn reviewing_a_finished_tictactoe_game_steps_and_finds_the_mistake() {
    let mut a = app_with(None);
    // A loaded game that o lost, with two people at the keyboard.
    a.start(settings(GameKind::Tictactoe, 3, Opponent::TwoHumans), Some(ttt(&TTT_LOST)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(a.session.game.as_ref().is_some_and(|g| g.is_over()));
    typed(&mut a, "R");
    assert_eq!(a.screen, Screen::Review);
    let r = a.review.as_ref().unwrap_or_else(|| panic!("no review"));
    assert_eq!((r.ply, r.moves.len()), (7, 7), "the review opens at the end");
    assert!(r.values.iter().all(Option::is_some), "tic-tac-toe values are exact and immediate");
    let mistakes = r.mistakes();
    assert_eq!(mistakes.iter().map(|m| m.index).collect::<Vec<_>>(), [1], "{mistakes:?}");
    // ↑ jumps back to the position after the mistake; Home and End go to the ends; ← → step.
    key(&mut a, KeyCode::Up);
    assert_eq!(a.review.as_ref().map(|r| r.ply), Some(2));
    key(&mut a, KeyCode::Up);
    assert!(a.status.message.as_ref().is_some_and(|m| m.text.contains("No mistake before")));
    key(&mut a, KeyCode::Home);
    key(&mut a, KeyCode::Left);
    assert_eq!(a.review.as_ref().map(|r| r.ply), Some(0));
    key(&mut a, KeyCode::Right);
    key(&mut a, KeyCode::End);
    assert_eq!(a.review.as_ref().map(|r| r.ply), Some(7));
    // Esc goes back to the game it came from.
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.screen, Screen::Game);
    assert!(a.review.is_none());
}

#[test]
fn play_from_here_starts_a_game_at_that_move_and_asks_before_replacing_one_in_progress() {
    let mut a = app_with(None);
    // A game in progress (not over).
    a.start(settings(GameKind::Tictactoe, 3, Opponent::TwoHumans), Some(ttt(&["b2", "a1"])))
        .unwrap_or_else(|e| panic!("{e}"));
    let in_progress = a.session.game.as_ref().map(|g| g.id);
    typed(&mut a, "R");
    assert_eq!(a.screen, Screen::Review);
    key(&mut a, KeyCode::Left);
    typed(&mut a, "p");
    assert!(a.confirm.is_some(), "asks first, with the question box of every discard");
    typed(&mut a, "n");
    assert_eq!((a.screen, a.session.game.as_ref().map(|g| g.id)), (Screen::Review, in_progress), "kept");
    typed(&mut a, "py");
    assert_eq!(a.screen, Screen::Game);
    assert!(a.review.is_none(), "the review gives way to the game, and its analysis stops");
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!(g.position.ply(), 1, "played on from move 1");
    assert_ne!(Some(g.id), in_progress);
    // At the end of a finished game there is nothing to play on from; earlier, play starts at once (the
    // finished game is not in progress, so there is nothing to ask).
    a.start(settings(GameKind::Tictactoe, 3, Opponent::TwoHumans), Some(ttt(&TTT_LOST)))
        .unwrap_or_else(|e| panic!("{e}"));
    typed(&mut a, "R");
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Review);
    assert!(a.status.message.as_ref().is_some_and(|m| m.error && m.text.contains("over")));
    key(&mut a, KeyCode::Left);
    typed(&mut a, "p");
    assert_eq!((a.screen, a.session.game.as_ref().map(|g| g.position.ply())), (Screen::Game, Some(6)));
    assert!(a.status.message.as_ref().is_some_and(|m| m.text.contains("Playing on from move 6")));
}

#[test]
fn the_hex_review_fills_in_from_its_thread_and_stops_when_left() {
    let mut a = app_with(None);
    // A won 4×4 game: Black runs down column b.
    a.start(settings(GameKind::Hex, 4, Opponent::TwoHumans), Some(hex("b1 a1 b2 a2 b3 a3 b4", 4)))
        .unwrap_or_else(|e| panic!("{e}"));
    // A budget of simulations that proves every position of 4×4.
    on_playouts(&mut a.config, 20_000);
    a.review_game(ReturnTo::Game);
    assert_eq!(a.screen, Screen::Review);
    assert!(a.review.as_ref().is_some_and(|r| r.analysing()), "Hex is analysed in the background");
    let says = |a: &App| a.status.message.as_ref().map(|m| m.text.clone()).unwrap_or_default();
    assert!(says(&a).contains("the graph fills in"), "{}", says(&a));
    let now = Instant::now();
    assert!(a.next_deadline(now).is_some(), "the loop wakes up to take the values in");
    let t0 = Instant::now();
    while a.review.as_ref().is_some_and(|r| r.analysing()) && t0.elapsed() < Duration::from_secs(60) {
        a.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(20));
    }
    let r = a.review.as_ref().unwrap_or_else(|| panic!("no review"));
    assert_eq!(r.progress(), (8, 8), "every position has a value");
    // 4×4 is solved at once: every value is exact, and Black (who won) never stood worse than White.
    assert!(r.values.iter().flatten().all(|v| v.exact));
    assert_eq!(r.chance_for(Seat::First, 7), Some(1.0));
    assert!(a.next_deadline(Instant::now()).is_none(), "no more wake-ups once the analysis is done");
    assert!(!says(&a).contains("the graph fills in"), "old news once it has: {}", says(&a));
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.screen, Screen::Game);
}

#[test]
fn no_review_without_a_move() {
    let mut a = app_with(None);
    a.start(settings(GameKind::Hex, 5, Opponent::TwoHumans), None).unwrap_or_else(|e| panic!("{e}"));
    typed(&mut a, "R");
    assert_eq!(a.screen, Screen::Game);
    assert!(a.status.message.as_ref().is_some_and(|m| m.error && m.text.contains("no move")));
}

fn select(a: &mut App, row: MenuRow) {
    for _ in 0..20 {
        if a.menu.selected == row {
            return;
        }
        key(a, KeyCode::Down);
    }
    panic!("no {row:?} in the menu");
}

#[test]
fn saves_load_from_the_menu_newest_first_and_delete_after_asking() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let saves = dir.path().join("saves");
    std::fs::create_dir_all(&saves).unwrap_or_else(|e| panic!("{e}"));
    let write = |name: &str, text: &str, secs: u64| {
        let p = saves.join(name);
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{e}"));
        let f = std::fs::File::options().write(true).open(&p).unwrap_or_else(|e| panic!("{e}"));
        f.set_modified(std::time::UNIX_EPOCH + Duration::from_secs(secs)).unwrap_or_else(|e| panic!("{e}"));
    };
    write("hex-5x5-20250101-120000.sgf", "(;FF[4]GM[11]SZ[5]PB[human]PW[hextoe easy];B[c3];W[b2])", 1_735_732_800);
    write("tictactoe-20250102-120000.txt", "x a1\no a2\nx b2\no c3\nx b1\no c2\nx c1\n", 1_735_819_200);
    let mut a = app_with(Some(Storage::at(dir.path())));
    select(&mut a, MenuRow::Load);
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Saves);
    let names: Vec<String> =
        a.saves.as_ref().map(|l| l.entries.iter().map(|e| e.name.clone()).collect()).unwrap_or_default();
    assert_eq!(names, ["tictactoe-20250102-120000.txt", "hex-5x5-20250101-120000.sgf"], "newest first");
    let players = a.saves.as_ref().and_then(|l| l.entries[1].info.as_ref().ok().map(|i| i.players()));
    assert_eq!(players.as_deref(), Some("You vs AI · easy"));
    // The finished tic-tac-toe game opens in review; Esc comes back to the list.
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Review);
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.screen, Screen::Saves);
    // The unfinished Hex game is played on.
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Game);
    let g = a.session.game.as_ref().unwrap_or_else(|| panic!("no game"));
    assert_eq!((g.kind(), g.position.size(), g.position.ply()), (GameKind::Hex, 5, 2));
    assert_eq!((g.settings.opponent, g.settings.level), (Opponent::HumanVsAi, Level::Easy), "players restored");
    // Back in the list, loading over the game in progress asks first.
    key(&mut a, KeyCode::Esc);
    select(&mut a, MenuRow::Load);
    key(&mut a, KeyCode::Enter);
    key(&mut a, KeyCode::End);
    key(&mut a, KeyCode::Enter);
    assert!(a.confirm.is_some(), "asks first");
    typed(&mut a, "x");
    assert_eq!(a.screen, Screen::Saves);
    // d asks; anything but y keeps the file, y deletes it.
    typed(&mut a, "d");
    assert!(a.status.message.as_ref().is_some_and(|m| m.text.contains("Delete hex-5x5")));
    key(&mut a, KeyCode::Esc);
    assert!(saves.join("hex-5x5-20250101-120000.sgf").exists(), "kept");
    typed(&mut a, "dy");
    assert!(!saves.join("hex-5x5-20250101-120000.sgf").exists(), "deleted");
    assert_eq!(a.saves.as_ref().map(|l| l.entries.len()), Some(1));
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.screen, Screen::Menu);
}

#[test]
fn back_from_the_saves_list_or_the_primer_leaves_the_menus_choices_as_they_were() {
    // A tic-tac-toe game to resume, then Hex 5×5 chosen in the menu: looking at the saves list or
    // the primer must not put the tic-tac-toe game's settings back.
    let mut a = app_with(None);
    a.menu.settings = settings(GameKind::Tictactoe, 3, Opponent::TwoHumans);
    select(&mut a, MenuRow::Start);
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Game);
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.screen, Screen::Menu);
    a.menu.settings = settings(GameKind::Hex, 5, Opponent::HumanVsAi);
    for row in [MenuRow::Load, MenuRow::Primer] {
        select(&mut a, row);
        key(&mut a, KeyCode::Enter);
        assert_ne!(a.screen, Screen::Menu, "{row:?} opened its screen");
        key(&mut a, KeyCode::Esc);
        assert_eq!(a.screen, Screen::Menu);
        assert_eq!(a.menu.settings.game, GameKind::Hex, "after {row:?}: the menu's game is kept");
        assert_eq!(a.menu.settings.size, 5, "after {row:?}: the menu's board size is kept");
        assert_eq!(a.menu.selected, row, "the cursor stays on the row that opened it");
    }
}

#[test]
fn the_primer_turns_its_pages_and_can_be_skipped() {
    let mut a = app_with(None);
    select(&mut a, MenuRow::Primer);
    key(&mut a, KeyCode::Enter);
    assert_eq!((a.screen, a.primer.page), (Screen::Primer, 0));
    key(&mut a, KeyCode::Right);
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.primer.page, 2);
    key(&mut a, KeyCode::Left);
    assert_eq!(a.primer.page, 1);
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.screen, Screen::Menu, "skipped");
    select(&mut a, MenuRow::Primer);
    key(&mut a, KeyCode::Enter);
    for _ in 0..4 {
        key(&mut a, KeyCode::Right);
    }
    assert_eq!(a.screen, Screen::Menu, "the last page leads back to the menu");
}

#[test]
fn leaving_a_hex_review_stops_its_analysis() {
    let mut a = app_with(None);
    a.start(settings(GameKind::Hex, 9, Opponent::TwoHumans), Some(hex("e5 d6 c7 f4 g3 b8", 9)))
        .unwrap_or_else(|e| panic!("{e}"));
    typed(&mut a, "R");
    assert!(a.review.as_ref().is_some_and(|r| r.analysing()));
    assert!(a.next_deadline(Instant::now()).is_some());
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.screen, Screen::Game);
    assert!(a.review.is_none(), "the review and its thread's stop flag are gone");
    assert!(a.next_deadline(Instant::now()).is_none(), "nothing left to wake up for: no idle CPU");
}

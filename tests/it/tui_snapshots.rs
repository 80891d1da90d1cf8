//! Whole-screen snapshots of the terminal game, drawn into ratatui's TestBackend at fixed sizes: the menu,
//! tic-tac-toe in progress and won, Hex 11×11 and 19×19, the help overlay and the too-small screen.
//! Positions are loaded, not played by the AI, so the pictures do not depend on the AI's choices.

use hextoe::ai::Level;
use hextoe::ai::ttt::Style;
use hextoe::config::Config;
use hextoe::game::GameKind;
use hextoe::game::hex::parse_position as hex_position;
use hextoe::game::{Move, Position};
use hextoe::tui::app::view;
use hextoe::tui::app::{App, AppOptions};
use hextoe::tui::model::settings::{Opponent, Settings};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub(crate) fn settings(game: GameKind, size: usize, opponent: Opponent) -> Settings {
    Settings { game, size, opponent, level: Level::Medium, style: Style::Minimax, swap: false, ..Settings::default() }
}

pub(crate) fn app(color: bool) -> App {
    App::new(
        Config::default(),
        settings(GameKind::Hex, 11, Opponent::HumanVsAi),
        AppOptions { color, seed: 1, storage: None, time: Default::default() },
    )
}

pub(crate) fn ttt(moves: &[&str]) -> Position {
    let mut p = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
    for m in moves {
        p.play(Move::Ttt(m.parse().unwrap_or_else(|e| panic!("{e}")))).unwrap_or_else(|e| panic!("{e}"));
    }
    p
}

pub(crate) fn hex(moves: &str, n: usize) -> Position {
    Position::Hex(Box::new(hex_position(moves, n, false).unwrap_or_else(|e| panic!("{e}"))))
}

pub(crate) fn render(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| match e {});
    t.draw(|f| view::draw(f, app)).unwrap_or_else(|e| match e {});
    t
}

pub(crate) fn game(position: Position, opponent: Opponent) -> App {
    let mut a = app(false);
    let s = settings(position.kind(), position.size(), opponent);
    a.start(s, Some(position)).unwrap_or_else(|e| panic!("{e}"));
    assert!(a.take_jobs().is_empty(), "snapshots show positions where a person is to move");
    a
}

#[test]
fn menu() {
    insta::assert_snapshot!(render(&app(false), 80, 24).backend());
}

/// The app with its status line empty, as it is once the opening message has been read.
fn quiet(mut a: App) -> App {
    a.status.message = None;
    a
}

#[test]
fn tictactoe_in_progress() {
    let a = quiet(game(ttt(&["b2", "a1", "c3", "c1"]), Opponent::HumanVsAi));
    insta::assert_snapshot!(render(&a, 80, 24).backend());
}

#[test]
fn tictactoe_won() {
    let mut a = game(ttt(&["a1", "b1", "a2", "b2"]), Opponent::HumanVsAi);
    a.handle_key(KeyEvent::new(KeyCode::Char('7'), KeyModifiers::NONE));
    assert_eq!(a.session.game.as_ref().and_then(|g| g.result_line()).as_deref(), Some("You win"));
    insta::assert_snapshot!(render(&a, 80, 24).backend());
}

#[test]
fn hex_11_in_progress() {
    let a = quiet(game(hex("f6 e7 e6 d8 g4 f5", 11), Opponent::HumanVsAi));
    insta::assert_snapshot!(render(&a, 100, 45).backend());
}

#[test]
fn hex_19_won_with_chain() {
    let moves: Vec<String> = (1..=19).flat_map(|r| [format!("j{r}"), format!("a{r}")]).take(37).collect();
    let a = game(hex(&moves.join(" "), 19), Opponent::HumanVsAi);
    assert_eq!(a.session.game.as_ref().and_then(|g| g.result_line()).as_deref(), Some("You win"));
    insta::assert_snapshot!(render(&a, 100, 45).backend());
}

#[test]
fn help_overlay() {
    let mut a = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    a.help.open = true;
    insta::assert_snapshot!(render(&a, 100, 45).backend());
}

#[test]
fn too_small() {
    let a = game(hex("", 19), Opponent::HumanVsAi);
    let t = render(&a, 80, 24);
    let text = t.backend().to_string();
    assert!(text.contains("terminal too small: need 91×25"), "{text}");
    insta::assert_snapshot!(t.backend());
    // Large enough again: the game is back.
    assert!(render(&a, 91, 25).backend().to_string().contains("Hex 19×19"));
}

pub(crate) fn key(a: &mut App, c: char) {
    let code = match c {
        '\n' => KeyCode::Enter,
        '\t' => KeyCode::Tab,
        c => KeyCode::Char(c),
    };
    a.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

pub(crate) fn keys(a: &mut App, text: &str) {
    text.chars().for_each(|c| key(a, c));
}

/// The screen's text, one string per line.
pub(crate) fn lines(t: &Terminal<TestBackend>) -> Vec<String> {
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>())
        .collect()
}

#[test]
fn discarding_a_game_in_progress_asks_first() {
    let mut a = game(ttt(&["b2"]), Opponent::TwoHumans);
    key(&mut a, 'n');
    let t = render(&a, 80, 24);
    let text = t.backend().to_string();
    assert!(text.contains("Start another game?") && text.contains("(1 move) is not finished"), "{text}");
    assert!(text.contains("Leave it unfinished") && !text.contains("lose it"), "it reads as no forfeit: {text}");
    insta::assert_snapshot!(t.backend());
}

#[test]
fn the_help_scrolls_when_the_terminal_is_short() {
    let mut a = game(hex("c3 b4", 5), Opponent::HumanVsAi);
    key(&mut a, '?');
    let top = lines(&render(&a, 60, 20));
    assert!(top.iter().any(|l| l.contains("↑↓ scroll (1–")), "{top:#?}");
    insta::assert_snapshot!(render(&a, 60, 20).backend());
    // Down scrolls one line; End shows the last line of the legend; any other key closes.
    a.handle_key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE));
    let down = lines(&render(&a, 60, 20));
    assert_eq!(down[2], top[3], "scrolled by one line");
    a.handle_key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE));
    let end = render(&a, 60, 20).backend().to_string();
    assert!(end.contains("proven loss"), "{end}");
    key(&mut a, 'x');
    assert!(!a.help.open);
}

#[test]
fn a_long_status_message_wraps_at_100_columns_instead_of_being_cut() {
    let mut a = game(hex("f6 e7 e6 d8", 11), Opponent::HumanVsAi);
    let long = "You swapped: you are now Black ● (top–bottom); the AI is White ○ (left–right) and moves next. \
                Then a few more words, so that the sentence needs both of the status lines.";
    a.status.message = Some(hextoe::tui::status::Message::info(long));
    let t = render(&a, 100, 45);
    let all = lines(&t);
    let status = format!("{} {}", all[42].trim(), all[43].trim());
    assert_eq!(status, long.split_whitespace().collect::<Vec<_>>().join(" "), "every word, none cut");
    insta::assert_snapshot!(t.backend());
}

#[test]
fn watching_two_ais_shows_no_cursor_and_no_placing_keys() {
    let a = game(hex("d4 c5", 7), Opponent::AiVsAi);
    let t = render(&a, 100, 45);
    let text = t.backend().to_string();
    let all = lines(&t);
    let board: String = all[..42].iter().map(|l| l.split('│').next().unwrap_or("")).collect();
    assert!(!board.contains('[') && !board.contains(']'), "no cursor while watching");
    let footer = all.last().cloned().unwrap_or_default();
    assert!(!footer.contains("place") && !footer.contains("hint") && footer.contains("q menu"), "{footer}");
    assert!(text.contains("AI 1 to move"), "{text}");
    insta::assert_snapshot!(t.backend());
}

#[test]
fn the_menu_score_table_lines_up_and_names_the_games() {
    use hextoe::tui::persist::score::Outcome;
    let mut a = app(false);
    a.session.score.record("tictactoe/impossible", Outcome::Draw);
    a.session.score.record("tictactoe/impossible", Outcome::Loss);
    a.session.score.record("hex/medium", Outcome::Win);
    let t = render(&a, 80, 30);
    let all = lines(&t);
    let header = all.iter().find(|l| l.contains("Score")).cloned().unwrap_or_default();
    let ttt_row = all.iter().find(|l| l.contains("Tic-tac-toe")).cloned().unwrap_or_default();
    let hex_row = all.iter().find(|l| l.contains("Hex ") && l.contains("medium")).cloned().unwrap_or_default();
    assert!(ttt_row.contains("Tic-tac-toe  impossible"), "{ttt_row}");
    // Each number ends in the column where its heading ends.
    for (heading, ttt_value, hex_value) in [("you", '0', '1'), ("draws", '1', '0'), ("AI", '1', '0')] {
        let end = header.find(heading).map(|i| header[..i + heading.len()].chars().count() - 1);
        let at = |row: &str, i: usize| row.chars().nth(i);
        assert_eq!(end.and_then(|i| at(&ttt_row, i)), Some(ttt_value), "{heading}: {header} / {ttt_row}");
        assert_eq!(end.and_then(|i| at(&hex_row, i)), Some(hex_value), "{heading}: {header} / {hex_row}");
    }
    insta::assert_snapshot!(t.backend());
}

#[test]
fn the_status_line_shows_the_typed_cell_and_why_it_is_not_one() {
    let mut a = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    keys(&mut a, ":a12");
    let typing = lines(&render(&a, 100, 45));
    assert!(typing[43].contains("Cell: a12_") && typing[43].contains("a12 is off the 11×11 board"), "{}", typing[43]);
    key(&mut a, '\n');
    let t = render(&a, 100, 45);
    let status = lines(&t)[42..44].join(" ");
    assert!(
        status.contains("Cell: a12_") && status.contains("a12 is off the 11×11 board: columns run a–k"),
        "{status}"
    );
    insta::assert_snapshot!(t.backend());
}

#[test]
fn the_menu_offers_the_last_game_of_an_earlier_run() {
    use hextoe::tui::persist::save::Saved;
    use hextoe::tui::screens::menu::MenuRow;
    let mut a = app(false);
    a.session.last_game = Some(Saved::bare(hex("j10 k9", 19)));
    a.menu.selected = MenuRow::ResumeLast;
    let t = render(&a, 80, 24);
    assert!(t.backend().to_string().contains("▶ Resume last game  Hex 19×19 · 2 moves"), "{}", t.backend());
    insta::assert_snapshot!(t.backend());
}

#[test]
fn the_key_line_names_a_cell_of_the_board_as_its_example() {
    // The example after the goto key is a cell a person can type on this board: f6 is not on a 5×5 board.
    for (n, want, not) in [(5, ":c3 cell", ":f6"), (11, ":f6 cell", ":c3"), (1, ":a1 cell", ":f6")] {
        let a = game(hex("", n), Opponent::HumanVsAi);
        let footer = lines(&render(&a, 120, 45)).last().cloned().unwrap_or_default();
        assert!(footer.contains(want) && !footer.contains(not), "{n}×{n}: {footer}");
    }
    // The status line's examples follow the board too: a stray letter, and a name without its row.
    let mut a = game(hex("", 5), Opponent::HumanVsAi);
    key(&mut a, 'z');
    let stray = lines(&render(&a, 120, 45))[42..44].join(" ");
    assert!(stray.contains("press : first (:c3, then enter)"), "{stray}");
    keys(&mut a, ":c\n");
    let half = lines(&render(&a, 120, 45))[42..44].join(" ");
    assert!(half.contains("for example c3, then enter"), "{half}");
}

#[test]
fn tictactoe_fits_a_40_by_12_terminal() {
    // The compact screen: one-line cells beside a narrow panel, the whole game still there.
    let a = quiet(game(ttt(&["b2", "a1", "c3", "c1"]), Opponent::HumanVsAi));
    let t = render(&a, 40, 12);
    let text = t.backend().to_string();
    assert!(!text.contains("too small"), "{text}");
    insta::assert_snapshot!(t.backend());
}

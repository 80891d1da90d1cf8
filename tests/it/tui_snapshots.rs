//! Whole-screen snapshots of the terminal game, drawn into ratatui's TestBackend at fixed sizes: the menu,
//! tic-tac-toe in progress and won, Hex 11×11 and 19×19, the help overlay and the too-small screen.
//! Positions are loaded, not played by the AI, so the pictures do not depend on the AI's choices.

use hextoe::ai::Level;
use hextoe::ai::ttt::Style;
use hextoe::config::Config;
use hextoe::game::GameKind;
use hextoe::game::hex::parse_position as hex_position;
use hextoe::tui::app::{App, AppOptions};
use hextoe::tui::position::{Move, Position};
use hextoe::tui::settings::{Opponent, Settings};
use hextoe::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};

fn settings(game: GameKind, size: usize, opponent: Opponent) -> Settings {
    Settings { game, size, opponent, level: Level::Medium, style: Style::Minimax, swap: false, engine: None }
}

fn app(color: bool) -> App {
    App::new(
        Config::default(),
        settings(GameKind::Hex, 11, Opponent::HumanVsAi),
        AppOptions { color, seed: 1, storage: None },
    )
}

fn ttt(moves: &[&str]) -> Position {
    let mut p = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
    for m in moves {
        p.play(Move::Ttt(m.parse().unwrap_or_else(|e| panic!("{e}")))).unwrap_or_else(|e| panic!("{e}"));
    }
    p
}

fn hex(moves: &str, n: usize) -> Position {
    Position::Hex(Box::new(hex_position(moves, n, false).unwrap_or_else(|e| panic!("{e}"))))
}

fn render(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| match e {});
    t.draw(|f| view::draw(f, app)).unwrap_or_else(|e| match e {});
    t
}

fn game(position: Position, opponent: Opponent) -> App {
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

#[test]
fn tictactoe_in_progress() {
    let mut a = game(ttt(&["b2", "a1", "c3", "c1"]), Opponent::HumanVsAi);
    a.message = None;
    insta::assert_snapshot!(render(&a, 80, 24).backend());
}

#[test]
fn tictactoe_won() {
    let mut a = game(ttt(&["a1", "b1", "a2", "b2"]), Opponent::HumanVsAi);
    a.handle_key(KeyEvent::new(KeyCode::Char('7'), KeyModifiers::NONE));
    assert_eq!(a.game.as_ref().and_then(|g| g.result_line()).as_deref(), Some("You win"));
    insta::assert_snapshot!(render(&a, 80, 24).backend());
}

#[test]
fn hex_11_in_progress() {
    let mut a = game(hex("f6 e7 e6 d8 g4 f5", 11), Opponent::HumanVsAi);
    a.message = None;
    insta::assert_snapshot!(render(&a, 100, 45).backend());
}

#[test]
fn hex_19_won_with_chain() {
    let moves: Vec<String> = (1..=19).flat_map(|r| [format!("j{r}"), format!("a{r}")]).take(37).collect();
    let a = game(hex(&moves.join(" "), 19), Opponent::HumanVsAi);
    assert_eq!(a.game.as_ref().and_then(|g| g.result_line()).as_deref(), Some("You win"));
    insta::assert_snapshot!(render(&a, 100, 45).backend());
}

#[test]
fn help_overlay() {
    let mut a = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    a.help = true;
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

#[test]
fn no_color_draws_without_colours_and_keeps_shapes() {
    let a = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    let plain = render(&a, 100, 45);
    let buf = plain.backend().buffer();
    assert!(buf.content().iter().all(|c| c.fg == Color::Reset && c.bg == Color::Reset), "NO_COLOR: no colour at all");
    let text = plain.backend().to_string();
    assert!(text.contains('●') && text.contains('○') && text.contains('╲') && text.contains('─'));
    let mut colored = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    colored.theme = hextoe::tui::theme::Theme::new(Config::default().ui.theme, true);
    let buf = render(&colored, 100, 45).backend().buffer().clone();
    assert!(buf.content().iter().any(|c| c.fg == Color::LightRed), "Black's colour");
    assert!(buf.content().iter().any(|c| c.fg == Color::LightBlue), "White's colour");
    // The last move is marked by modifiers, which survive NO_COLOR.
    assert!(
        plain
            .backend()
            .buffer()
            .content()
            .iter()
            .any(|c| c.symbol() == "○" && c.modifier.contains(Modifier::UNDERLINED))
    );
}

#[test]
fn every_screen_draws_at_every_size_without_panicking() {
    let mut screens: Vec<App> = vec![app(false)];
    for (pos, opp) in [
        (ttt(&["b2", "a1"]), Opponent::HumanVsAi),
        (hex("f6 e7", 11), Opponent::HumanVsAi),
        (hex("a1", 1), Opponent::TwoHumans),
        (hex("", 19), Opponent::HumanVsAi),
    ] {
        screens.push(game(pos, opp));
    }
    let mut helped = game(hex("", 2), Opponent::TwoHumans);
    helped.help = true;
    screens.push(helped);
    // A sparse grid plus the sizes either side of each screen's minimum.
    let mut sizes: Vec<(u16, u16)> =
        (1..=130).step_by(16).flat_map(|w| (1..=50).step_by(7).map(move |h| (w, h))).collect();
    for (w, h) in [(46, 18), (54, 16), (67, 17), (91, 25), (100, 45), (73, 27)] {
        sizes.extend([(w - 1, h), (w, h - 1), (w, h), (w + 1, h + 1)]);
    }
    for a in &screens {
        for &(w, h) in &sizes {
            let text = render(a, w, h).backend().to_string();
            match needed_size(&text) {
                // The "too small" screen only where the window really is smaller than it says, and with
                // the window's real size.
                Some((nw, nh)) => {
                    assert!(w < nw || h < nh, "{w}×{h} was called too small for {nw}×{nh}");
                    assert!(w < 100 || h < 45, "every screen fits in 100×45, but {w}×{h} needs {nw}×{nh}");
                    let roomy = w >= 40 && h >= 4;
                    assert!(!roomy || text.contains(&format!("now {w}×{h}")), "the size now is wrong at {w}×{h}");
                }
                // Otherwise something is drawn: never a blank screen.
                None if w >= 40 && h >= 4 => {
                    assert!(text.chars().any(|c| !c.is_whitespace() && c != '"'), "blank screen at {w}×{h}");
                }
                None => {}
            }
        }
    }
}

/// The size a "terminal too small: need W×H" screen asks for, if the screen is that one.
fn needed_size(text: &str) -> Option<(u16, u16)> {
    let rest = &text[text.find("too small: need ")? + "too small: need ".len()..];
    let (w, rest) = rest.split_once('×')?;
    let h: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((w.parse().ok()?, h.parse().ok()?))
}

#[test]
fn a_hex_hint_writes_win_rates_on_the_board() {
    use hextoe::ai::hex::{HexChoice, MoveEval, Proof};
    use hextoe::game::hex::{Cell, HexMove};
    use hextoe::tui::geometry::{BoardGeometry, game_layout};
    use hextoe::tui::hint::Hint;
    use ratatui::layout::Rect;
    let mut a = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    let cell = |s: &str| Cell::parse(s, 11).unwrap_or_else(|e| panic!("{e}"));
    let open = Proof::Unknown;
    let ev = |s: &str, score: f64, proven: Proof| MoveEval {
        mv: HexMove::Place(cell(s)),
        score,
        visits: Some(100),
        proven,
        win_in: None,
    };
    let choice = HexChoice {
        mv: HexMove::Place(cell("d8")),
        explanation: "win rate 72%".into(),
        evals: vec![ev("d8", 0.72, open), ev("g5", 0.45, open), ev("a1", 0.05, open), ev("k11", 0.0, Proof::Loss)],
    };
    if let Some(g) = a.game.as_mut() {
        g.hint = Some(Hint::from_hex(2, &choice));
    }
    let t = render(&a, 100, 45);
    let Ok(layout) = game_layout(Rect::new(0, 0, 100, 45), GameKind::Hex, 11) else { panic!("layout") };
    let BoardGeometry::Hex(geo) = layout.geometry else { panic!("not hex") };
    let buf = t.backend().buffer();
    // The digits spread over the rates present (5% to 72%): the best shown is 9, the worst 0; a proven loss
    // is ✗, which no one takes for a stone.
    for (name, want) in [("d8", "9"), ("g5", "5"), ("a1", "0"), ("k11", "✗"), ("b2", "·")] {
        let c = cell(name);
        let (x, y) = geo.cell_pos(c.col(), c.row());
        assert_eq!(buf[(x, y)].symbol(), want, "{name}");
    }
    let (x, y) = geo.cell_pos(cell("d8").col(), cell("d8").row());
    assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED), "the suggestion stands out without colour");
    let text = t.backend().to_string();
    assert!(text.contains("Hint: d8") && text.contains("★d8 72%  g5 45%  a1 5%"), "{text}");
    assert!(text.contains("board 0-9: 5% to 72%"), "{text}");
}

fn key(a: &mut App, c: char) {
    let code = match c {
        '\n' => KeyCode::Enter,
        '\t' => KeyCode::Tab,
        c => KeyCode::Char(c),
    };
    a.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn keys(a: &mut App, text: &str) {
    text.chars().for_each(|c| key(a, c));
}

/// The screen's text, one string per line.
fn lines(t: &Terminal<TestBackend>) -> Vec<String> {
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
    assert!(text.contains("Discard this game?") && text.contains("(1 move) is not finished"), "{text}");
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
    assert!(!a.help);
}

#[test]
fn the_key_line_keeps_q_menu_on_small_terminals() {
    let footer = lines(&render(&app(false), 60, 20)).pop().unwrap_or_default();
    assert!(footer.contains("q quit") && footer.contains("? help"), "the menu at 60×20: {footer}");
    for (w, h) in [(80, 24), (60, 20)] {
        for position in [hex("c3", 5), ttt(&["b2", "a1"])] {
            let a = game(position, Opponent::TwoHumans);
            let t = render(&a, w, h);
            let footer = lines(&t).pop().unwrap_or_default();
            assert!(footer.contains("q menu") && footer.contains("? help"), "{w}×{h}: {footer}");
            assert!(footer.find("q menu") < footer.find("n new").or(Some(usize::MAX)), "{w}×{h}: {footer}");
        }
    }
}

#[test]
fn a_long_status_message_wraps_at_100_columns_instead_of_being_cut() {
    let mut a = game(hex("f6 e7 e6 d8", 11), Opponent::HumanVsAi);
    let long = "You swapped: you are now Black ● (top–bottom); the AI is White ○ (left–right) and moves next. \
                Then a few more words, so that the sentence needs both of the status lines.";
    a.message = Some(hextoe::tui::text::Message::info(long));
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
    use hextoe::tui::score::Outcome;
    let mut a = app(false);
    a.score.record("tictactoe/impossible", Outcome::Draw);
    a.score.record("tictactoe/impossible", Outcome::Loss);
    a.score.record("hex/medium", Outcome::Win);
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
fn the_ais_explanation_is_shown_whole() {
    let mut a = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    let why = "White blocks Black's bridge between f6 and the bottom edge, and keeps its own stones e7 and d8 \
               one bridge apart, so that both of its edges stay within reach.";
    if let Some(g) = a.game.as_mut() {
        g.explanation = Some((1, why.to_string()));
    }
    let t = render(&a, 100, 45);
    let panel: Vec<String> =
        lines(&t).iter().filter_map(|l| l.split_once('│').map(|(_, p)| p.trim().to_string())).collect();
    let joined = panel.join(" ");
    assert!(joined.contains(&why.split_whitespace().collect::<Vec<_>>().join(" ")), "{joined}");
}

#[test]
fn only_a_shortest_winning_path_is_highlighted() {
    use hextoe::tui::geometry::{BoardGeometry, game_layout};
    use ratatui::layout::Rect;
    // Black's group: the column c1–c5 plus a branch b1 a2 a3 and a spur d3 e3; White elsewhere.
    let a = game(hex("b1 e1 a2 e2 a3 d5 d3 e5 e3 b5 c1 a5 c2 a4 c3 b4 c4 d1 c5", 5), Opponent::TwoHumans);
    assert_eq!(a.game.as_ref().and_then(|g| g.result_line()).as_deref(), Some("Black wins (Player 1)"));
    let mut colored = a;
    colored.theme = hextoe::tui::theme::Theme::new(Config::default().ui.theme, true);
    let t = render(&colored, 100, 45);
    let Ok(layout) = game_layout(Rect::new(0, 0, 100, 45), GameKind::Hex, 5) else { panic!("layout") };
    let BoardGeometry::Hex(geo) = layout.geometry else { panic!("not hex") };
    let buf = t.backend().buffer();
    let lit = |name: &str| {
        let c = hextoe::game::hex::Cell::parse(name, 5).unwrap_or_else(|e| panic!("{e}"));
        let (x, y) = geo.cell_pos(c.col(), c.row());
        buf[(x, y)].fg == Color::LightGreen
    };
    for name in ["c1", "c2", "c3", "c4", "c5"] {
        assert!(lit(name), "{name} is on the path");
    }
    for name in ["b1", "a2", "a3", "d3", "e3"] {
        assert!(!lit(name), "{name} joins nothing");
    }
}

#[test]
fn the_menu_offers_the_last_game_of_an_earlier_run() {
    use hextoe::tui::menu::MenuRow;
    use hextoe::tui::save::Saved;
    use hextoe::tui::save_info::SaveInfo;
    let mut a = app(false);
    a.last_game = Some(Saved { position: hex("j10 k9", 19), info: SaveInfo::default() });
    a.menu.selected = MenuRow::ResumeLast;
    let t = render(&a, 80, 24);
    assert!(t.backend().to_string().contains("▶ Resume last game  Hex 19×19 · 2 moves"), "{}", t.backend());
    insta::assert_snapshot!(t.backend());
}

#[test]
fn a_short_panel_drops_the_explanation_whole_rather_than_cut_it() {
    use hextoe::ai::ttt::{Choice, Value};
    use hextoe::tui::hint::Hint;
    let mut a = game(ttt(&["b2", "b1", "a1", "c3"]), Opponent::HumanVsAi);
    let why = "blocks x on a1–c3, but x still wins in 2 plies whatever o does next; picked one of 4 at random \
               after looking at every reply, and that is all there is to say about it";
    let cell = |s: &str| s.parse().unwrap_or_else(|e| panic!("{e}"));
    let choice = Choice {
        cell: cell("a2"),
        explanation: "forks: two threats at once; wins in 3 plies whatever o does".into(),
        evals: vec![(cell("a2"), Value::Win { plies: 3 }), (cell("a3"), Value::Win { plies: 3 })],
    };
    if let Some(g) = a.game.as_mut() {
        g.explanation = Some((1, why.to_string()));
        g.hint = Some(Hint::from_ttt(4, &choice));
    }
    // The side panel's text, from its border to the right edge, line after line.
    let flat = |t: &Terminal<TestBackend>| -> String {
        let area = t.backend().buffer().area;
        let Ok(layout) = hextoe::tui::geometry::game_layout(area, GameKind::Tictactoe, 3) else { panic!("layout") };
        let x = layout.panel.x as usize + 1;
        lines(t).iter().map(|l| l.chars().skip(x).collect::<String>().trim().to_string()).collect::<Vec<_>>().join(" ")
    };
    let whole = why.split_whitespace().collect::<Vec<_>>().join(" ");
    let tall = flat(&render(&a, 80, 40));
    assert!(tall.contains(&whole) && tall.contains("Hint: a2"), "{tall}");
    let short = flat(&render(&a, 80, 24));
    assert!(short.contains("Hint: a2") && short.contains("Score · Tic-tac-toe medium"), "{short}");
    assert!(!short.contains("blocks x"), "not a cut explanation: {short}");
}

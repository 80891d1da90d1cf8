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
    use hextoe::ai::hex::{HexChoice, MoveEval};
    use hextoe::game::hex::{Cell, HexMove};
    use hextoe::tui::geometry::{BoardGeometry, game_layout};
    use hextoe::tui::hint::Hint;
    use ratatui::layout::Rect;
    let mut a = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    let cell = |s: &str| Cell::parse(s, 11).unwrap_or_else(|e| panic!("{e}"));
    let ev = |s: &str, score: f64, proven: Option<bool>| MoveEval {
        mv: HexMove::Place(cell(s)),
        score,
        visits: Some(100),
        proven,
        win_in: None,
    };
    let choice = HexChoice {
        mv: HexMove::Place(cell("d8")),
        explanation: "win rate 72%".into(),
        evals: vec![ev("d8", 0.72, None), ev("g5", 0.45, None), ev("a1", 0.05, None), ev("k11", 0.0, Some(false))],
    };
    if let Some(g) = a.game.as_mut() {
        g.hint = Some(Hint::from_hex(2, &choice));
    }
    let t = render(&a, 100, 45);
    let Ok(layout) = game_layout(Rect::new(0, 0, 100, 45), GameKind::Hex, 11) else { panic!("layout") };
    let BoardGeometry::Hex(geo) = layout.geometry else { panic!("not hex") };
    let buf = t.backend().buffer();
    for (name, want) in [("d8", "7"), ("g5", "4"), ("a1", "0"), ("k11", "L"), ("b2", "·")] {
        let c = cell(name);
        let (x, y) = geo.cell_pos(c.col(), c.row());
        assert_eq!(buf[(x, y)].symbol(), want, "{name}");
    }
    let (x, y) = geo.cell_pos(cell("d8").col(), cell("d8").row());
    assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED), "the suggestion stands out without colour");
    let text = t.backend().to_string();
    assert!(text.contains("Hint: d8") && text.contains("d8 72%  g5 45%"), "{text}");
}

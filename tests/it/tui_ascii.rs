//! ASCII mode (`[ui] ascii = true`, `--ascii`): snapshots of the menu, both boards, a hint, the review graph
//! and the help, each drawn in ASCII only; and every non-ASCII character in the game's source has its stand-in.

use crate::tui_snapshots::{app, game, hex, render, ttt};
use crate::tui_snapshots_review::hex_review;
use hextoe::ai::hex::{HexChoice, MoveEval, Proof};
use hextoe::game::hex::{Cell, HexMove};
use hextoe::tui::app::{App, Screen};
use hextoe::tui::ascii::GLYPHS;
use hextoe::tui::model::hint::Hint;
use hextoe::tui::model::settings::Opponent;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::Path;

fn ascii(mut a: App) -> App {
    a.config.ui.ascii = true;
    a.status.message = None;
    a
}

/// Draws `a` and checks that nothing but ASCII reached the screen.
fn drawn(a: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let t = render(a, w, h);
    let text = t.backend().to_string();
    let odd: String = text.chars().filter(|c| !c.is_ascii()).collect();
    assert!(odd.is_empty(), "not ASCII: {odd:?}\n{text}");
    t
}

#[test]
fn the_menu_in_ascii() {
    insta::assert_snapshot!(drawn(&ascii(app(false)), 80, 24).backend());
}

#[test]
fn tictactoe_in_ascii() {
    let a = ascii(game(ttt(&["b2", "a1", "c3", "c1"]), Opponent::HumanVsAi));
    insta::assert_snapshot!(drawn(&a, 80, 24).backend());
}

#[test]
fn hex_with_a_hint_in_ascii() {
    let mut a = ascii(game(hex("f6 e7 e6 d8", 11), Opponent::HumanVsAi));
    let cell = |s: &str| HexMove::Place(Cell::parse(s, 11).unwrap_or_else(|e| panic!("{e}")));
    let ev = |s: &str, score, proven| MoveEval { mv: cell(s), score, visits: Some(400), proven, win_in: None };
    let choice = HexChoice {
        mv: cell("d7"),
        explanation: "The AI thinks this gives you 60% to win.".into(),
        evals: vec![ev("d7", 0.6, Proof::Unknown), ev("g5", 0.5, Proof::Unknown), ev("k11", 0.0, Proof::Loss)],
    };
    if let Some(g) = a.session.game.as_mut() {
        g.hint = Some(Hint::from_hex(4, &choice));
    }
    let t = drawn(&a, 100, 45);
    let text = t.backend().to_string();
    assert!(text.contains(" B Black") && text.contains(" W White") && text.contains("*d7 60%"), "{text}");
    insta::assert_snapshot!(t.backend());
}

#[test]
fn the_review_graph_in_ascii() {
    let mut a = ascii(app(false));
    a.review = Some(hex_review());
    a.screen = Screen::Review;
    insta::assert_snapshot!(drawn(&a, 100, 40).backend());
}

#[test]
fn the_help_in_ascii() {
    let mut a = ascii(game(hex("f6 e7", 11), Opponent::HumanVsAi));
    a.help.open = true;
    drawn(&a, 100, 45);
}

/// Every non-ASCII character on a line of code (not a comment) under `dir`, with where it is.
fn glyphs_in(dir: &Path, out: &mut Vec<(char, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { panic!("cannot read {}", dir.display()) };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            glyphs_in(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") && !path.to_string_lossy().ends_with("tests.rs") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            // Tests quote hostile input (é, €, fullwidth digits) that is never drawn by the game itself.
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            for (n, line) in code.lines().enumerate() {
                if line.trim_start().starts_with("//") {
                    continue;
                }
                for c in line.chars().filter(|c| !c.is_ascii()) {
                    out.push((c, format!("{}:{}", path.display(), n + 1)));
                }
            }
        }
    }
}

#[test]
fn every_character_the_game_draws_has_an_ascii_stand_in() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    glyphs_in(&root.join("src/tui"), &mut found);
    glyphs_in(&root.join("crates/hextoe-core/src/ai"), &mut found);
    let braille = |c: char| ('\u{2800}'..='\u{28ff}').contains(&c);
    let missing: Vec<String> = found
        .iter()
        .filter(|(c, _)| !braille(*c) && !GLYPHS.iter().any(|(g, _)| g == c))
        .map(|(c, at)| format!("{c} at {at}"))
        .collect();
    assert!(missing.is_empty(), "no ASCII stand-in in GLYPHS: {missing:?}");
    assert!(found.len() > 20, "the scan found the game's glyphs: {}", found.len());
}

//! The lower levels of the Hex ladder never play absurd moves: the easy and medium levels, as configured by
//! default (both `HexConfig::default()` and the shipped config.toml), take an immediate win and block the
//! opponent's only winning cell, with either colour and on several board sizes.

use hextoe::ai::hex::{HexPlayer, PlayerKind};
use hextoe::ai::{Level, Stop};
use hextoe::config::{Config, HexConfig};
use hextoe::game::hex::{Cell, Color, Game, HexMove, parse_position};
use std::path::Path;

/// A position, the side to move and the cells that are correct there.
struct Case {
    what: &'static str,
    moves: String,
    to_move: Color,
    right: &'static [&'static str],
}

/// Hand-made positions on an n×n board: a chain one stone short of the far edge, the opponent's stones
/// out of the way.
fn cases(n: usize) -> Vec<Case> {
    let col = |c: usize| char::from(b'a' + u8::try_from(c).unwrap());
    let last = n; // last row number
    let last_col = col(n - 1);
    let mut out = Vec::new();

    // Black column e, rows 1..n-1; White on column a (no threat). Black wins at e{n} or d{n}.
    let mut m = Vec::new();
    for r in 1..n {
        m.push(format!("e{r}"));
        m.push(format!("a{r}"));
    }
    out.push(Case {
        what: "black wins in one",
        moves: m.join(" "),
        to_move: Color::Black,
        right: leak([format!("e{last}"), format!("d{last}")]),
    });

    // White row 5, columns a..(n-1); Black on row 1. White wins at {last_col}5 or {last_col}4.
    let mut m = Vec::new();
    for c in 0..n - 1 {
        m.push(format!("{}1", col(c)));
        m.push(format!("{}5", col(c)));
    }
    m.push(format!("{last_col}1"));
    out.push(Case {
        what: "white wins in one",
        moves: m.join(" "),
        to_move: Color::White,
        right: leak([format!("{last_col}5"), format!("{last_col}4")]),
    });

    // White row 5 as above, but Black holds {last_col}4: Black must block at {last_col}5.
    let mut m = vec![format!("{last_col}4")];
    for c in 0..n - 1 {
        m.push(format!("{}5", col(c)));
        if c < n - 2 {
            m.push(format!("{}1", col(c)));
        }
    }
    out.push(Case {
        what: "black blocks the only winning cell",
        moves: m.join(" "),
        to_move: Color::Black,
        right: leak([format!("{last_col}5")]),
    });

    // Black column e as above, but White holds d{n}: White must block at e{n}.
    let mut m = vec!["e1".to_string(), format!("d{last}")];
    for r in 2..n {
        m.push(format!("e{r}"));
        if r < n - 1 {
            m.push(format!("a{r}"));
        }
    }
    out.push(Case {
        what: "white blocks the only winning cell",
        moves: m.join(" "),
        to_move: Color::White,
        right: leak([format!("e{last}")]),
    });
    out
}

/// Test data lives for the whole test run.
fn leak<const N: usize>(cells: [String; N]) -> &'static [&'static str] {
    Vec::leak(cells.into_iter().map(|s| &*String::leak(s)).collect())
}

fn position(case: &Case, n: usize) -> Game {
    let g = parse_position(&case.moves, n, false).unwrap_or_else(|e| panic!("{}: {e}", case.what));
    assert_eq!(g.to_move(), case.to_move, "{}: wrong side to move in the test position", case.what);
    assert!(g.winner().is_none(), "{}: the test position is already won", case.what);
    g
}

/// Every case where the level's player chose a wrong cell, described.
fn misses(config: &HexConfig, level: Level) -> Vec<String> {
    let mut out = Vec::new();
    for n in [7, 9, 11] {
        for case in cases(n) {
            let g = position(&case, n);
            for seed in 0..3 {
                let mut p = HexPlayer::new(config.spec(level, None), seed).unwrap_or_else(|e| panic!("{e}"));
                let c = p.choose(&g, &Stop::new()).unwrap_or_else(|e| panic!("{e}"));
                let mv = c.mv.to_string();
                if !case.right.contains(&mv.as_str()) {
                    out.push(format!(
                        "{level:?} on {n}×{n}, {}, seed {seed}: played {mv}, expected one of {:?} ({})",
                        case.what, case.right, c.explanation
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn the_test_positions_mean_what_they_say() {
    // Playing a "right" cell of a win case wins; in a block case the opponent wins there if it is left open.
    for n in [7, 9, 11] {
        for case in cases(n) {
            let g = position(&case, n);
            for cell in case.right {
                let mut after = g.clone();
                let mv = HexMove::parse(cell, n).unwrap_or_else(|e| panic!("{}: {cell}: {e}", case.what));
                after.play(mv).unwrap_or_else(|e| panic!("{}: {cell}: {e}", case.what));
                if case.what.contains("wins in one") {
                    assert_eq!(after.winner(), Some(case.to_move), "{} {cell} on {n}×{n}", case.what);
                } else {
                    // Blocking there stops the win; letting the opponent have the cell loses.
                    assert!(after.winner().is_none());
                    let mut left_open = g.board().clone();
                    left_open.play(Cell::parse(cell, n).unwrap(), case.to_move.opponent());
                    assert_eq!(left_open.winner(), Some(case.to_move.opponent()), "{} {cell} on {n}×{n}", case.what);
                }
            }
        }
    }
}

#[test]
fn easy_takes_wins_and_blocks_losses() {
    assert_eq!(misses(&HexConfig::default(), Level::Easy), Vec::<String>::new(), "HexConfig::default()");
    let shipped = Config::from_toml(include_str!("../../config.toml"), Path::new("config.toml")).unwrap();
    assert_eq!(misses(&shipped.hex, Level::Easy), Vec::<String>::new(), "config.toml");
}

#[test]
fn medium_takes_wins_and_blocks_losses() {
    // Medium's depth without its move time: the same search on any machine.
    let untimed = super::budgets::untimed(HexConfig::default(), 2_000);
    assert_eq!(misses(&untimed, Level::Medium), Vec::<String>::new());
}

#[test]
fn a_player_blind_to_tactics_is_caught() {
    // The check is not vacuous: random play misses most of these cells.
    let mut blind = HexConfig::default();
    blind.easy.player = PlayerKind::Random;
    let missed = misses(&blind, Level::Easy).len();
    assert!(missed > 20, "random play missed only {missed} of 36 cases");
}

//! Drawn screens checked by their text rather than by snapshot: without colours, at every size, the hint's
//! win rates, the key line on small terminals, the AI's explanation and the highlighted winning path.

use crate::tui_snapshots::{app, game, hex, lines, render, ttt};
use hextoe::config::Config;
use hextoe::game::{GameKind, Seat};
use hextoe::tui::app::App;
use hextoe::tui::model::settings::Opponent;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};

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
    helped.help.open = true;
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
    use hextoe::tui::model::hint::Hint;
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
    if let Some(g) = a.session.game.as_mut() {
        g.hint = Some(Hint::from_hex(2, &choice));
    }
    let t = render(&a, 100, 45);
    let Ok(layout) = game_layout(Rect::new(0, 0, 100, 45), GameKind::Hex, 11) else { panic!("layout") };
    let BoardGeometry::Hex(geo) = layout.geometry else { panic!("not hex") };
    let buf = t.backend().buffer();
    // 9 is the suggestion; each digit below it is twice the noise of 100 simulations at 72% (9 points):
    // g5, 27 points down, is 6, a1 is 2. A proven loss is ✗, which no one takes for a stone.
    for (name, want) in [("d8", "9"), ("g5", "6"), ("a1", "2"), ("k11", "✗"), ("b2", "·")] {
        let c = cell(name);
        let (x, y) = geo.cell_pos(c.col(), c.row());
        assert_eq!(buf[(x, y)].symbol(), want, "{name}");
    }
    let (x, y) = geo.cell_pos(cell("d8").col(), cell("d8").row());
    assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED), "the suggestion stands out without colour");
    let text = t.backend().to_string();
    assert!(text.contains("Hint: d8") && text.contains("★d8 72%  g5 45%  a1 5%"), "{text}");
    assert!(text.contains("9 = best, −9% per digit"), "{text}");
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
fn the_ais_explanation_is_shown_whole() {
    let mut a = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    let why = "White blocks Black's bridge between f6 and the bottom edge, and keeps its own stones e7 and d8 \
               one bridge apart, so that both of its edges stay within reach.";
    if let Some(g) = a.session.game.as_mut() {
        g.explanation = Some((Seat::Second, why.to_string()));
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
    assert_eq!(a.session.game.as_ref().and_then(|g| g.result_line()).as_deref(), Some("Black wins (Player 1)"));
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
fn a_short_panel_drops_the_explanation_whole_rather_than_cut_it() {
    use hextoe::ai::ttt::{Choice, Value};
    use hextoe::tui::model::hint::Hint;
    let mut a = game(ttt(&["b2", "b1", "a1", "c3"]), Opponent::HumanVsAi);
    let why = "blocks x on a1–c3, but x still wins in 2 moves whatever o does next; picked one of 4 at random \
               after looking at every reply, and that is all there is to say about it";
    let cell = |s: &str| s.parse().unwrap_or_else(|e| panic!("{e}"));
    let choice = Choice {
        cell: cell("a2"),
        explanation: "forks: two threats at once; wins in 3 moves whatever o does".into(),
        evals: vec![(cell("a2"), Value::Win { plies: 3 }), (cell("a3"), Value::Win { plies: 3 })],
    };
    if let Some(g) = a.session.game.as_mut() {
        g.explanation = Some((Seat::Second, why.to_string()));
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
    assert!(short.contains("Hint: a2") && short.contains("Score · medium"), "{short}");
    assert!(!short.contains("blocks x"), "not a cut explanation: {short}");
}

#[test]
fn the_menu_shows_every_entry_down_to_quit_at_its_smallest_size() {
    // With a game to resume and review, a Hex menu has thirteen entries: at 46×18 the tagline gives way.
    let mut a = game(hex("f6 e7", 11), Opponent::HumanVsAi);
    a.handle_key(ratatui::crossterm::event::KeyEvent::new(
        ratatui::crossterm::event::KeyCode::Esc,
        ratatui::crossterm::event::KeyModifiers::NONE,
    ));
    for (w, h) in [(46, 18), (80, 24)] {
        let text = render(&a, w, h).backend().to_string();
        for entry in ["Board size", "Clock", "Resume game", "Review game", "Quit"] {
            assert!(text.contains(entry), "{entry} at {w}×{h}: {text}");
        }
    }
}

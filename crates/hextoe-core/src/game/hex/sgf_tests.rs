//! Tests of [`super`]: the SGF reader and writer.

use super::*;
use crate::game::hex::parse_position;

fn game(moves: &str, size: usize, swap: bool) -> Game {
    parse_position(moves, size, swap).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn writes_hexgui_format() {
    let g = game("f6 swap-pieces e7", 11, true);
    assert_eq!(
        write(&g),
        format!("(;FF[4]GM[11]AP[hextoe:{}]SZ[11];B[f6];W[swap-pieces];W[e7])\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn root_properties_round_trip_escaped() {
    let g = game("f6 e7", 11, false);
    let text = write_with(&g, &[("PB", "human"), ("PW", "odd ] name \\")]);
    assert!(text.contains("PB[human]PW[odd \\] name \\\\];B[f6]"), "{text}");
    let props = root_properties(&text).unwrap_or_default();
    assert!(props.contains(&("PW".to_string(), "odd ] name \\".to_string())), "{props:?}");
    assert_eq!(read(&text, false), Ok(g));
}

#[test]
fn reads_hexgui_files_with_extras() {
    let text = "(;AP[HexGui:0.9.GIT]FF[4]GM[11]SZ[11]PB[me]C[a \\] comment]\n;B[f6]BL[10];W[swap-pieces];W[e7]\n(;B[d4](;W[c3])(;W[a2]))(;B[a1]))";
    let g = read(text, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g, game("f6 swap-pieces e7 d4 c3", 11, true));
}

#[test]
fn setup_round_trips() {
    let start = parse_position("b../.w./...", 3, false).unwrap_or_else(|e| panic!("{e}"));
    let mut g = start.clone();
    assert!(g.play(HexMove::parse("c1", 3).unwrap_or(HexMove::Swap)).is_ok());
    let text = write(&g);
    assert!(text.contains("AB[a1]AW[b2]PL[B]"), "{text}");
    assert_eq!(read(&text, false), Ok(g));
}

#[test]
fn sizes() {
    assert!(read("(;GM[11]SZ[7:7];B[g7])", false).is_ok_and(|g| g.size() == 7));
    assert!(read("(;GM[11];B[k11])", false).is_ok_and(|g| g.size() == 11));
    for bad in ["SZ[7:9]", "SZ[0]", "SZ[20]", "SZ[x]"] {
        assert!(matches!(read(&format!("(;GM[11]{bad})"), false), Err(SgfError::Size(_))), "{bad}");
    }
}

#[test]
fn bad_files_say_why() {
    let err = |t: &str| read(t, false).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err("(;GM[1]SZ[19];B[pd])").contains("GM[11]"));
    assert!(err("(;GM[11]SZ[5];B[a1];B[b2])").contains("move 2 (B[b2]) is illegal: it is white's turn"));
    assert!(err("(;GM[11]SZ[5];B[a1];W[a1])").contains("already taken"));
    assert!(err("(;GM[11]SZ[5];B[f1])").contains("off the 5×5 board"));
    assert!(read("(;GM[11]SZ[5];B[a1];W[swap-pieces])", false).is_ok_and(|g| g.swapped() && g.swap_rule()));
    assert!(err("(;GM[11]SZ[5];B[a1];W[pass])").contains("W[pass]: 'pass' is not a cell"));
    assert!(err("(;GM[11]SZ[5];B[a1];W[b2];B[swap-pieces])").contains("second move"));
    assert!(err("(;GM[11]SZ[5];B[a1]").contains("truncated"));
    assert!(err("(;GM[11]SZ[5];B[a1").contains("']' is missing"));
    assert!(err("").contains("truncated"));
    assert!(err("hello").contains("does not look like SGF"));
    assert!(err("(;GM[11]SZ[5];B[a1]AB[c3])").contains("after moves"));
    assert!(err("(;GM[11]SZ[3]AB[a1][b1])").contains("impossible"));
    assert!(err("(;GM[11]SZ[3]AB[a1]PL[B])").contains("PL[B]"));
    assert!(err("(;GM[11]SZ[3]B)").contains("no value"));
    assert!(err("(;GM[11]SZ[5]\n;B[a1]x)").contains("line 2: property x has no value"));
    assert!(err("(;GM[11]SZ[5];B[a1]+)").contains("unexpected '+'"));
}

#[test]
fn huge_values_are_quoted_by_their_start() {
    // A property value of 100,000 characters is named by its start in the message, not echoed whole.
    let long = "z".repeat(100_000);
    for text in [
        format!("(;GM[{long}])"),
        format!("(;GM[11]SZ[{long}])"),
        format!("(;GM[11]SZ[5];B[{long}])"),
        format!("(;GM[11]SZ[5]AB[{long}])"),
        format!("(;GM[11]SZ[5]AB[a1]PL[{long}])"),
    ] {
        let msg = read(&text, false).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            msg.contains("zzzz…") && msg.len() < 500,
            "{} bytes: {}",
            msg.len(),
            msg.chars().take(80).collect::<String>()
        );
    }
}

#[test]
fn resign_ends_the_main_line() {
    let g = read("(;GM[11]SZ[5];B[c3];W[resign])", false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.history().len(), 1);
}

#[test]
fn moves_carry_their_own_properties_and_read_back() {
    let g = game("c3 b2", 5, false);
    let text = write_annotated(&g, &[("TM", "300")], |k, color| match (k, color) {
        (0, Color::Black) => vec![("BL", "290.5".to_string())],
        (1, Color::White) => vec![("WL", "299".to_string()), ("C", "a]b".to_string())],
        _ => Vec::new(),
    });
    assert!(text.contains(";B[c3]BL[290.5];W[b2]WL[299]C[a\\]b])"), "{text}");
    assert_eq!(read(&text, false).map(|r| r.history().len()), Ok(2));
    let nodes = node_properties(&text).unwrap_or_default();
    assert_eq!(nodes.len(), 3);
    assert!(nodes[0].contains(&("TM".into(), "300".into())));
    assert_eq!(nodes[1], vec![("B".to_string(), "c3".to_string()), ("BL".to_string(), "290.5".to_string())]);
    assert!(nodes[2].contains(&("C".into(), "a]b".into())));
}

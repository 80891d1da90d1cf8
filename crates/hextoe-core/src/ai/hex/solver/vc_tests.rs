//! Tests of H-search: a virtual win read from the edges, and a semi-connection that needs a move.

use super::*;
use crate::game::hex::{Board, Cell};

fn pos(n: usize, black: &[&str], white: &[&str], to_move: Color) -> (Geometry<u64>, Pos<u64>) {
    let g = Geometry::<u64>::new(n).unwrap_or_else(|| panic!());
    let mut b = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
    for (names, c) in [(black, Color::Black), (white, Color::White)] {
        for s in names {
            b.play(Cell::parse(s, n).unwrap_or_else(|e| panic!("{e}")), c);
        }
    }
    let p = Pos::from_board(&g, &b, to_move);
    (g, p)
}

#[test]
fn a_centre_stone_on_3x3_is_a_virtual_win() {
    // b2 on 3×3 reaches both edges by two bridges: a VC, whoever moves.
    let (g, p) = pos(3, &["b2"], &[], Color::White);
    let mut h = HSearch::default();
    assert!(matches!(h.run(&g, &p, Color::Black, false), EdgeLink::Vc(_)));
    // White has nothing.
    assert_eq!(h.run(&g, &p, Color::White, false), EdgeLink::None);
}

#[test]
fn second_row_stone_needs_a_move_on_a_long_board() {
    // On the empty 2×2 board Black wins by b1 or a2: an SC between the edges.
    let (g, p) = pos(2, &[], &[], Color::Black);
    let mut h = HSearch::default();
    match h.run(&g, &p, Color::Black, false) {
        EdgeLink::Sc(keys) => {
            let mut k: Vec<String> = keys.iter().map(|(k, _)| g.cell(*k).to_string()).collect();
            k.sort();
            k.dedup();
            assert!(k.contains(&"b1".to_string()) && k.contains(&"a2".to_string()), "{k:?}");
        }
        other => panic!("{other:?}"),
    }
    // A joined chain is recognised.
    let (g, p) = pos(2, &["a1", "a2"], &["b1"], Color::White);
    assert_eq!(h.run(&g, &p, Color::Black, false), EdgeLink::Joined);
}

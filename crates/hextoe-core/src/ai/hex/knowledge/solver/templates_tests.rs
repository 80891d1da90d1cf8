//! The edge templates: the shipped file parses, each template is proven again by the solver, and each is
//! placed on the board for both colours and both edges.

use super::*;
use crate::ai::Stop;
use crate::ai::hex::knowledge::solver::{Limits, Solver};
use crate::ai::hex::proof::Proof;
use crate::game::hex::{Board, Cell};

#[test]
fn the_shipped_file_parses_with_templates_of_heights_three_to_five() {
    let all = parse(SHIPPED).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(shipped(), &all[..]);
    for h in 3..=5 {
        assert!(all.iter().any(|t| t.height == h), "no template of height {h}");
    }
}

#[test]
fn a_broken_file_is_refused_with_its_line() {
    for (text, want) in [
        ("# c\n9 0,1", "line 2: expected a height"),
        ("3 0,1 x", "line 1: expected column,row"),
        ("3 0,a", "line 1: an offset is not"),
        ("3 0,3", "line 1: an offset lies"),
        ("3 0,0", "line 1: an offset lies"),
        ("3 99999999999,1", "line 1: an offset is not"),
    ] {
        let e = parse(text).err().unwrap_or_default();
        assert!(e.contains(want), "{text:?}: {e}");
    }
}

/// Whether Black's anchor at `height` (joined to the top edge by a column of stones) joins the bottom
/// edge with White to move, when White holds every cell but those of `cells`.
fn connects(height: usize, cells: &[(i32, i32)]) -> bool {
    let n = 15;
    let (middle, anchor_row) = (7i32, (n - height) as i32);
    let mut board = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
    for r in 0..n as i32 {
        for c in 0..n as i32 {
            let colour = if c == middle && r <= anchor_row {
                Color::Black
            } else if cells.contains(&(c - middle, r - anchor_row)) {
                continue;
            } else {
                Color::White
            };
            board.play(Cell::new(c as usize, r as usize).unwrap_or_else(|| panic!()), colour);
        }
    }
    let stop = Stop::new();
    Solver::new(16).solve(&board, Color::White, &Limits::unlimited(&stop), &|_| {}).proof == Proof::Loss
}

#[test]
fn every_shipped_template_joins_its_anchor_to_the_edge_and_needs_its_cells() {
    for t in shipped() {
        assert!(connects(t.height, &t.cells), "{t:?} does not connect");
        // Without its last cell (by offset order) it does not: the templates are minimal.
        let less = &t.cells[..t.cells.len() - 1];
        assert!(!connects(t.height, less), "{t:?} connects without its last cell");
    }
}

#[test]
fn templates_are_placed_below_their_anchor_for_both_colours_and_both_edges() {
    let n = 8;
    let geo = Geometry::<u64>::new(n).unwrap_or_else(|| panic!());
    let black = placements(&geo, Color::Black);
    let white = placements(&geo, Color::White);
    assert_eq!(black.len(), white.len());
    assert!(!black.is_empty());
    for p in &black {
        let (c, r) = (p.anchor % n, p.anchor / n);
        assert!(!p.carrier.has(p.anchor));
        for k in p.carrier.ones() {
            let kr = k / n;
            // The carrier lies between the anchor's row and its edge.
            if p.edge == 1 { assert!(kr >= r, "{c},{r} {k}") } else { assert!(kr <= r, "{c},{r} {k}") }
        }
        // White's placement is Black's mirrored across the a1 diagonal.
        let mirror = |k: usize| (k % n) * n + k / n;
        let carrier = p.carrier.ones().fold(0u64, |b, k| b | 1 << mirror(k));
        let twin = Placed { anchor: mirror(p.anchor), edge: p.edge, carrier };
        assert!(white.contains(&twin), "{p:?}");
    }
    // The ziggurat (height 3, four columns wide) and its mirror image each fit at n − 3 anchors of the
    // third row from the bottom.
    let zig = black.iter().filter(|p| p.edge == 1 && p.anchor / n == n - 3).count();
    assert!(zig >= 2 * (n - 3), "{zig}");
}

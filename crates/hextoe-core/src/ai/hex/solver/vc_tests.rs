//! Tests of H-search: a virtual win read from the edges, and a semi-connection that needs a move.

use super::*;
use crate::game::hex::{Board, Cell};

fn pos(n: usize, black: &[&str], white: &[&str], to_move: Color) -> (Geometry<u64>, Pos<u64>) {
    pos_on(n, black, white, to_move)
}

/// The position on `B`-wide bitboards.
fn pos_on<B: Bits>(n: usize, black: &[&str], white: &[&str], to_move: Color) -> (Geometry<B>, Pos<B>) {
    let g = Geometry::<B>::new(n).unwrap_or_else(|| panic!());
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

#[test]
fn a_capped_search_finds_no_more_than_the_full_one_and_sometimes_less() {
    // Random 7×7 positions (a fixed linear congruential sequence), each searched for Black with a cap
    // of 100 AND combinations and with the full budget. The cap may only lose connections, never invent
    // them; and over these positions it must lose some, or the cap would not be saving any work.
    let n = 7;
    let g = Geometry::<u64>::new(n).unwrap_or_else(|| panic!());
    let mut state = 12345u64;
    let mut next = |m: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % m
    };
    let (mut capped_less, mut searched) = (0, 0);
    let (mut capped, mut full) = (HSearch::default(), HSearch::default());
    for _ in 0..60 {
        let mut b = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
        let stones = 4 + next(10);
        for k in 0..stones {
            let cell = Cell::new(next(n), next(n)).unwrap_or_else(|| panic!("on the board"));
            if b.at(cell).is_none() {
                b.play(cell, if k % 2 == 0 { Color::Black } else { Color::White });
            }
        }
        let p = Pos::from_board(&g, &b, Color::Black);
        let small = capped.run_within(&g, &p, Color::Black, false, 100);
        let big = full.run(&g, &p, Color::Black, false);
        assert!(small.strength() <= big.strength(), "{}: capped {small:?}, full {big:?}", b.to_text());
        searched += 1;
        capped_less += usize::from(small.strength() < big.strength());
    }
    assert_eq!(searched, 60);
    assert!(capped_less > 0, "a cap of 100 combinations never found less than the full search");
}

/// [`pos`] on a board wider than 64 cells.
fn wide_pos(n: usize, black: &[&str], white: &[&str], to_move: Color) -> (Geometry<u128>, Pos<u128>) {
    pos_on(n, black, white, to_move)
}

/// Two empty cells that are the only common empty neighbours of `a` and `b` on `g`'s board, if they are.
fn bridge_cells(g: &Geometry<u128>, a: usize, b: usize) -> Option<(usize, usize)> {
    let common: Vec<usize> = (g.neighbours(u128::bit(a)) & g.neighbours(u128::bit(b))).ones().collect();
    match common[..] {
        [x, y] if !g.neighbours(u128::bit(a)).has(b) => Some((x, y)),
        _ => None,
    }
}

#[test]
fn an_intrusion_into_a_bridge_is_answered_at_its_other_cell() {
    // Every bridge between two black stones in the middle of 9×9: a stone on either of its cells breaks
    // the full connection, and the other cell restores it; a stone elsewhere breaks nothing between them.
    let mut h = HSearch::default();
    let mut bridges = 0;
    for a in [30, 31, 39, 40, 41, 49] {
        for b in 0..81 {
            let (g, _) = wide_pos(9, &[], &[], Color::White);
            let Some((x, y)) = bridge_cells(&g, a, b) else { continue };
            let (ca, cb) = (g.cell(a).to_string(), g.cell(b).to_string());
            let (g, p) = wide_pos(9, &[&ca, &cb], &[], Color::White);
            h.run(&g, &p, Color::Black, false);
            let m = h.maintenance();
            assert!(m.answers(x).has(y) && m.answers(y).has(x), "{ca}–{cb}");
            assert!(m.probes().has(x) && m.probes().has(y), "{ca}–{cb}");
            bridges += 1;
        }
    }
    assert!(bridges >= 30, "only {bridges} bridges");
    // A lone stone with nothing to join but the edges has only edge templates to maintain, and a stone far
    // from it breaks nothing.
    let (g, p) = wide_pos(9, &["e5"], &[], Color::White);
    h.run(&g, &p, Color::Black, false);
    assert!(h.maintenance().answers(g.index(Cell::parse("a9", 9).unwrap_or_else(|e| panic!("{e}")))).is_zero());
}

#[test]
fn an_intrusion_into_an_edge_template_is_answered() {
    // A black stone on the second row from each of Black's edges is joined to it by a template (a bridge to
    // the edge): a white stone on one of the two cells between them is answered on the other.
    let (g, _) = wide_pos(9, &[], &[], Color::White);
    let mut h = HSearch::default();
    for which in 0..2 {
        let edge = g.edge(Color::Black, which);
        let second = g.neighbours(edge).minus(edge);
        let mut found = 0;
        for k in second.ones() {
            let under: Vec<usize> = (g.neighbours(u128::bit(k)) & edge).ones().collect();
            let [x, y] = under[..] else { continue };
            let name = g.cell(k).to_string();
            let (g, p) = wide_pos(9, &[&name], &[], Color::White);
            h.run(&g, &p, Color::Black, false);
            let m = h.maintenance();
            assert!(m.answers(x).has(y) && m.answers(y).has(x), "{name} to edge {which}");
            found += 1;
        }
        assert!(found >= 6, "edge {which}: {found}");
    }
}

#[test]
fn a_search_cut_short_leaves_nothing_to_maintain() {
    // Stones already joining the edges stop H-search before its tables: the last run's connections must
    // not be read as this one's.
    let (g, p) = wide_pos(9, &["d4", "e5"], &[], Color::White);
    let mut h = HSearch::default();
    h.run(&g, &p, Color::Black, false);
    assert!(!h.maintenance().probes().is_zero());
    let column: Vec<String> = (1..=3).map(|r| format!("a{r}")).collect();
    let names: Vec<&str> = column.iter().map(String::as_str).collect();
    let (g, p) = wide_pos(3, &names, &[], Color::White);
    assert_eq!(h.run(&g, &p, Color::Black, false), EdgeLink::Joined);
    assert!(h.maintenance().probes().is_zero());
}

//! Tests of the connection builder: every connection it reports between the edges is a proof, and it
//! proves the small cases and the hard ones.

use super::*;
use crate::ai::Stop;
use crate::ai::hex::knowledge::playout::FastRng;
use crate::ai::hex::knowledge::solver::inferior::fill_in;
use crate::ai::hex::knowledge::solver::position::Rings;
use crate::ai::hex::knowledge::solver::{Limits, Solver};
use crate::ai::hex::proof::Proof;
use crate::game::hex::{Board, Cell};

/// Random 7×7 positions of 6 to 19 stones in which neither colour has won, with a random side to move
/// and their dead cells and captured pairs filled in.
fn random_positions(count: usize, seed: u64) -> Vec<(Geometry<u64>, Pos<u64>)> {
    let n = 7;
    let g = Geometry::<u64>::new(n).unwrap_or_else(|| panic!("7×7 fits"));
    let rings = Rings::new(n);
    let mut rng = FastRng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut p = Pos { stones: [0u64; 2], to_move: Color::Black };
        for _ in 0..6 + rng.below(14) {
            let k = rng.below(49);
            if p.empty(&g).has(k) {
                p = p.play(k);
            }
        }
        if rng.below(2) == 1 {
            p.to_move = p.to_move.opponent();
        }
        fill_in(&g, &rings, &mut p);
        if !p.empty(&g).is_zero() && ![Color::Black, Color::White].iter().any(|&c| g.connects(p.of(c), c)) {
            out.push((g.clone(), p));
        }
    }
    out
}

/// The winner of `pos` with perfect play, by the solver.
fn winner(solver: &Solver, g: &Geometry<u64>, pos: &Pos<u64>) -> Color {
    let mut b = Board::new(g.size()).unwrap_or_else(|e| panic!("{e}"));
    for c in [Color::Black, Color::White] {
        for k in pos.of(c).ones() {
            b.play(g.cell(k), c);
        }
    }
    let solved = solver.solve(&b, pos.to_move, &Limits::unlimited(&Stop::new()), &|_| {});
    match solved.proof {
        Proof::Win => pos.to_move,
        Proof::Loss => pos.to_move.opponent(),
        Proof::Unknown => panic!("unsolved: {}", b.to_text()),
    }
}

#[test]
fn every_edge_connection_found_is_a_win() {
    // A full connection wins for its colour with the opponent to move; every key of a semi connection
    // wins when the colour plays it. The solver checks each, and there must be enough of each to matter.
    let solver = Solver::new(64);
    let mut v = Vcs::default();
    let (mut fulls, mut keys) = (0, 0);
    for (g, p) in random_positions(60, 21) {
        for color in [Color::Black, Color::White] {
            match v.run_within(&g, &p, color, false, usize::MAX) {
                EdgeLink::Vc(c) => {
                    assert!(c.subset_of(p.empty(&g)));
                    let q = Pos { to_move: color.opponent(), ..p };
                    assert_eq!(winner(&solver, &g, &q), color, "{color:?} full connection in {q:?}");
                    fulls += 1;
                }
                EdgeLink::Sc(list) => {
                    for (k, c) in list {
                        assert!(c.has(k) && c.subset_of(p.empty(&g)));
                        let q = Pos { to_move: color, ..p }.play(k);
                        assert_eq!(winner(&solver, &g, &q), color, "{color:?} key {} in {p:?}", g.cell(k));
                        keys += 1;
                    }
                }
                EdgeLink::None | EdgeLink::Joined => {}
            }
        }
    }
    assert!(fulls > 10 && keys > 30, "{fulls} full connections and {keys} keys checked");
}

#[test]
fn a_capped_build_finds_no_more_than_the_full_one() {
    let (mut capped, mut full) = (Vcs::default(), Vcs::default());
    let mut less = 0;
    for (g, p) in random_positions(100, 23) {
        let small = capped.run_within(&g, &p, Color::Black, false, 50).strength();
        let big = full.run_within(&g, &p, Color::Black, false, usize::MAX).strength();
        assert!(small <= big);
        less += usize::from(small < big);
    }
    assert!(less > 0, "a cap of 50 never cost a connection");
}

#[test]
fn the_tables_are_cleared_between_boards_of_different_sizes() {
    // A search on 7×7, then 3×3 with a centre stone (a full connection), then 7×7 again: each answer is
    // the one a fresh builder gives.
    let mut reused = Vcs::<u64>::default();
    for (n, moves) in [(7, "d4 c5 e3"), (3, "b2"), (7, "d4 c5 e3")] {
        let g = Geometry::<u64>::new(n).unwrap_or_else(|| panic!("fits"));
        let mut b = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
        let mut c = Color::Black;
        for m in moves.split(' ') {
            b.play(Cell::parse(m, n).unwrap_or_else(|e| panic!("{e}")), c);
            c = c.opponent();
        }
        let p = Pos::from_board(&g, &b, c);
        for color in [Color::Black, Color::White] {
            let fresh = Vcs::default().run_within(&g, &p, color, false, usize::MAX);
            assert_eq!(reused.run_within(&g, &p, color, false, usize::MAX), fresh, "{n}×{n} {moves} {color:?}");
        }
    }
}

/// The position after `moves` (Black first) on 11×11, with its dead cells and captured pairs filled in.
fn filled_11(moves: &str) -> (Geometry<u128>, Pos<u128>) {
    let g = Geometry::<u128>::new(11).unwrap_or_else(|| panic!("11×11 fits"));
    let mut b = Board::new(11).unwrap_or_else(|e| panic!("{e}"));
    let mut c = Color::Black;
    for m in moves.split(' ') {
        b.play(Cell::parse(m, 11).unwrap_or_else(|e| panic!("{e}")), c);
        c = c.opponent();
    }
    let mut p = Pos::from_board(&g, &b, c);
    fill_in(&g, &Rings::new(11), &mut p);
    (g, p)
}

#[test]
fn it_proves_an_edge_link_through_open_ground() {
    // 11×11 from a game against MoHex 2.0, after Black's j4 and White's i4: White's wall b5–c6–d6 … g5–i4
    // is joined to both edges through the open top left and the ground right of i4. MoHex's search saw
    // the win at once. H-search, which keeps only two-cell links between empty cells, finds White no
    // more than semi connections (the old solver then needed some 8,000 positions to prove the win); the
    // builder proves White's full connection by itself.
    let (g, p) = filled_11("e7 e8 d8 c10 b10 c9 b9 c8 d9 d10 e9 e10 b8 c6 c7 d6 d7 f6 a7 b5 e6 f4 i3 g5 j4 i4");
    let strong = Vcs::default().run(&g, &p, Color::White, false);
    assert!(matches!(strong, EdgeLink::Vc(_)), "{strong:?}");
}

/// The position with `black` and `white` stones on an n×n board.
fn small(n: usize, black: &[&str], white: &[&str], to_move: Color) -> (Geometry<u64>, Pos<u64>) {
    let g = Geometry::<u64>::new(n).unwrap_or_else(|| panic!("{n}×{n} fits"));
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
fn a_centre_stone_on_3x3_is_a_full_connection_and_a_joined_chain_is_seen() {
    // b2 on 3×3 reaches both edges by two bridges: a full connection, whoever moves; White has nothing.
    let (g, p) = small(3, &["b2"], &[], Color::White);
    let mut v = Vcs::default();
    assert!(matches!(v.run(&g, &p, Color::Black, false), EdgeLink::Vc(_)));
    assert_eq!(v.run(&g, &p, Color::White, false), EdgeLink::None);
    let (g, p) = small(2, &["a1", "a2"], &["b1"], Color::White);
    assert_eq!(v.run(&g, &p, Color::Black, false), EdgeLink::Joined);
}

#[test]
fn the_empty_2x2_board_is_a_semi_connection_keyed_at_the_winning_moves() {
    // Black wins the empty 2×2 board by b1 or a2, and by nothing else.
    let (g, p) = small(2, &[], &[], Color::Black);
    match Vcs::default().run(&g, &p, Color::Black, false) {
        EdgeLink::Sc(keys) => {
            let mut k: Vec<String> = keys.iter().map(|(k, _)| g.cell(*k).to_string()).collect();
            k.sort();
            k.dedup();
            assert_eq!(k, ["a2", "b1"]);
        }
        other => panic!("{other:?}"),
    }
}

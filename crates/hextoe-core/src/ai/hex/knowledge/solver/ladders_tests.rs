use super::*;
use std::collections::HashMap;

/// An exhaustive search of one shape: X holds its ends, the shape's own cells and the cells it plays; the
/// opponent moves first and may play any other free cell of the zone. X has joined when its ends are
/// in one chain, or when both touch the edge (row 0). Cells are numbered: the free ones first (as bits
/// of the players' sets), then the two ends, then X's own cells.
struct Prover {
    free: usize,
    adj: Vec<u64>,
    on_edge: u64,
    fixed: u64,
    memo: HashMap<(u32, u32, bool), Option<u32>>,
}

impl Prover {
    fn new(shape: &Shape) -> Prover {
        let mut cells = shape.zone.iter().filter(|r| !shape.ends.contains(r)).copied().collect::<Vec<_>>();
        let free = cells.len();
        assert!(free <= 32, "{free} free cells");
        cells.extend_from_slice(&shape.ends);
        cells.extend_from_slice(&shape.own);
        let bits =
            |f: &dyn Fn(Rel) -> bool| cells.iter().enumerate().filter(|(_, r)| f(**r)).fold(0, |m, (i, _)| m | 1 << i);
        let adj = cells.iter().map(|&a| bits(&|b| adjacent(a, b))).collect();
        let fixed = ((1u64 << cells.len()) - 1) & !((1u64 << free) - 1);
        Prover { free, adj, on_edge: bits(&|r| r.1 == 0), fixed, memo: HashMap::new() }
    }

    /// The chain of X's stones `stones` that holds cell `from`.
    fn chain(&self, from: usize, stones: u64) -> u64 {
        let mut seen = 1u64 << from;
        let mut todo = seen;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let fresh = self.adj[i] & stones & !seen;
            seen |= fresh;
            todo |= fresh;
        }
        seen
    }

    /// Whether X's stones (its fixed ones and the free cells in `mine`) join the ends.
    fn joined(&self, mine: u32) -> bool {
        let stones = self.fixed | u64::from(mine);
        let (a, b) = (self.chain(self.free, stones), self.chain(self.free + 1, stones));
        a & b != 0 || (a & self.on_edge != 0 && b & self.on_edge != 0)
    }

    /// Whether X joins the ends from here, with the opponent to move if `theirs_next`: the cells its
    /// proof plays or needs (an opponent's move outside them changes nothing), or `None` if it cannot.
    fn holds(&mut self, mine: u32, theirs: u32, theirs_next: bool) -> Option<u32> {
        if self.joined(mine) {
            return Some(0);
        }
        let all = if self.free == 32 { u32::MAX } else { (1 << self.free) - 1 };
        let open = all & !mine & !theirs;
        if !self.joined(mine | open) {
            return None;
        }
        if let Some(&known) = self.memo.get(&(mine, theirs, theirs_next)) {
            return known;
        }
        let cells: Vec<usize> = (0..self.free).filter(|&i| open >> i & 1 == 1).collect();
        // X's one-move wins; and the opponent's one-move cuts, which X must answer inside.
        let wins: Vec<u32> = cells.iter().map(|&i| 1 << i).filter(|&m| self.joined(mine | m)).collect();
        let result = if theirs_next {
            match wins[..] {
                [] => self.defend(mine, theirs, &cells),
                [w] => self.holds(mine, theirs | w, false).map(|p| p | w),
                [w, v, ..] => Some(w | v),
            }
        } else if let Some(&w) = wins.first() {
            Some(w)
        } else {
            let cuts: Vec<usize> = cells.iter().copied().filter(|&i| !self.joined(mine | (open & !(1 << i)))).collect();
            let tries = if cuts.is_empty() { cells } else { cuts };
            tries.iter().find_map(|&i| self.holds(mine | 1 << i, theirs, true).map(|p| p | 1 << i))
        };
        self.memo.insert((mine, theirs, theirs_next), result);
        result
    }

    /// The opponent to move and no single X move wins: every opponent move must be answered, but one
    /// outside the cells the answers so far use is answered by the same play.
    fn defend(&mut self, mine: u32, theirs: u32, cells: &[usize]) -> Option<u32> {
        let mut proof = 0u32;
        let mut tried = 0u32;
        let mut next = cells.first().copied();
        while let Some(i) = next {
            tried |= 1 << i;
            proof |= self.holds(mine, theirs | 1 << i, false)?;
            next = cells.iter().copied().find(|&j| proof >> j & 1 == 1 && tried >> j & 1 == 0);
        }
        Some(proof)
    }
}

fn proved(shape: &Shape) -> bool {
    Prover::new(shape).holds(0, 0, true).is_some()
}

/// The shapes of each start piece, shortest first.
fn of_start(start: usize) -> Vec<Shape> {
    shapes(12).into_iter().filter(|s| s.ends[0] == STARTS[start].end).collect()
}

#[test]
fn the_small_start_pieces_hold_at_the_first_ladder_lengths() {
    for (start, lengths) in [(0, 3), (1, 3), (2, 3), (3, 1)] {
        let shapes = of_start(start);
        assert!(shapes.len() >= lengths, "start piece {start} has {} shapes", shapes.len());
        for shape in &shapes[..lengths] {
            assert!(proved(shape), "start piece {start} fails: {shape:?}");
        }
    }
}

#[test]
#[ignore = "exhaustive search of zones of 18 to 24 cells: minutes"]
fn the_large_start_pieces_hold_at_the_first_ladder_lengths() {
    for (start, lengths) in [(3, 2), (4, 1), (5, 1)] {
        for shape in &of_start(start)[..lengths] {
            assert!(proved(shape), "start piece {start} fails: {shape:?}");
        }
    }
}

#[test]
fn the_prover_refutes_a_ladder_with_a_hole() {
    let shape = shapes(8).into_iter().find(|s| s.ends[0] == (0, 1) && s.ends[1] == (4, 1)).expect("a plain ladder");
    assert!(proved(&shape));
    for hole in [(2, 0), (2, 1)] {
        let mut broken = shape.clone();
        broken.zone.retain(|&r| r != hole);
        // A single cell missing leaves the other row's cell of that column as the only way on.
        assert!(!proved(&broken), "holds without {hole:?}");
    }
}

#[test]
fn ladders_lie_on_the_board_and_mirror_between_the_colours() {
    type B = u128;
    let n = 9;
    let black = ladders::<B>(n, Color::Black);
    let white = ladders::<B>(n, Color::White);
    assert_eq!(black.len(), white.len());
    let sizes: Vec<usize> = shapes(n as i32).iter().map(|s| s.zone.len()).collect();
    let transpose = |k: usize| (k % n) * n + k / n;
    for l in &black {
        assert!(l.ends.iter().all(|&k| k < n * n && l.zone.has(k)));
        assert!(!l.own.meets(l.zone));
        assert!(sizes.contains(&(l.zone.count() as usize)), "a cell fell off the board");
        let t = |s: B| s.ones().fold(0 as B, |a, k| a | B::bit(transpose(k)));
        assert!(white.iter().any(|w| w.ends == l.ends.map(transpose) && w.zone == t(l.zone) && w.own == t(l.own)));
    }
    // Each ladder ends on the second row or further from one of Black's edges.
    assert!(black.iter().all(|l| l.ends.iter().all(|&k| (1..n - 1).contains(&(k / n)))));
}

/// Positions of one 8×8 proof (`benches/positions/8x8-open.txt`, side to move first) that the builder
/// settles with the ladders and not without them: the first three are lost for the side to move, the last
/// won by its own connection.
const SETTLED: [(&str, Color, bool); 4] = [
    ("...bb.../..wb..../..wwb.../.bb...../wbbwb.../ww....../wb....../bb......", Color::White, false),
    ("...bb.../..wb..../.bwwbb../.b.wwb../..bw.w../....wb../.b....../bb......", Color::White, false),
    ("wbb...../wb....../w..wbb../ww.wwb../wwbww.../w..bwb../wb....../bb......", Color::White, false),
    ("wbb...../wbw...../w.bwb.../wwwww.../wbbwb.../w......./wb....../bb......", Color::Black, true),
];

#[test]
fn ladders_settle_what_the_solver_proves_without_them() {
    use crate::ai::Stop;
    use crate::ai::hex::knowledge::bitboard::Geometry;
    use crate::ai::hex::knowledge::solver::inferior::fill_in;
    use crate::ai::hex::knowledge::solver::position::{Pos, Rings};
    use crate::ai::hex::knowledge::solver::vc::EdgeLink;
    use crate::ai::hex::knowledge::solver::vcs::Vcs;
    use crate::ai::hex::knowledge::solver::{Limits, Solver, Techniques};
    use crate::ai::hex::proof::Proof;
    use crate::game::hex::{Board, diagram_stones};
    let n = 8;
    let g = Geometry::<u64>::new(n).unwrap_or_else(|| panic!("8×8 fits"));
    let without = Techniques { ladders: false, ..Techniques::default() };
    for (diagram, to_move, won) in SETTLED {
        let mut board = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
        let stones = diagram_stones(diagram, n).unwrap_or_else(|e| panic!("{e}"));
        for (c, cells) in [Color::Black, Color::White].into_iter().zip(stones) {
            cells.into_iter().for_each(|cell| board.play(cell, c));
        }
        let solved =
            Solver::with_techniques(64, without).solve(&board, to_move, &Limits::unlimited(&Stop::new()), &|_| {});
        assert_eq!(solved.proof, if won { Proof::Win } else { Proof::Loss }, "{diagram}");
        let mut p = Pos::from_board(&g, &board, to_move);
        fill_in(&g, &Rings::new(n), &mut p);
        // The connection of the side that wins: the mover's own (a semi one is enough), or the opponent's.
        let side = if won { to_move } else { to_move.opponent() };
        let settles = |ladders: bool| match Vcs::with_ladders(ladders).run(&g, &p, side, false) {
            EdgeLink::Joined | EdgeLink::Vc(_) => true,
            EdgeLink::Sc(_) => won,
            EdgeLink::None => false,
        };
        assert!(settles(true) && !settles(false), "{diagram}: {} {}", settles(true), settles(false));
    }
}

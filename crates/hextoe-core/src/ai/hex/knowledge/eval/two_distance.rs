//! Queenbee's two-distance evaluation (van Rijswijck, 2000).
//!
//! The two-distance of an empty cell to an edge assumes the opponent always takes the cell's best
//! neighbour: a cell next to the edge has distance 1; any other cell is one more than the *second* smallest
//! distance among its neighbours. The player's own stones cost nothing (a group's empty neighbours are all
//! neighbours of each other through it) and the opponent's stones are walls.
//!
//! A player's potential is the smallest sum of the two distances to its two edges over the empty cells, and
//! its mobility the number of cells that reach that sum. The score for the mover is
//! `(P_opp − P_own) + (A_own − A_opp) / 400`: potential first, mobility only to break ties (A < 400).

use crate::game::hex::{Board, Cell, CellSet, Color, MAX_SIZE};

const CELLS: usize = MAX_SIZE * MAX_SIZE;
/// "No two-distance path": larger than any real distance.
pub(crate) const INF: u16 = u16::MAX;

/// The two-distance of every cell of the board to one of `color`'s edges (`first`: top or left), indexed
/// by [`Cell::index`]; [`INF`] where there is no such path and on stones.
pub(crate) fn distances(board: &Board, color: Color, first: bool) -> Vec<u16> {
    let n = board.size();
    let own = board.stones(color);
    let empty = board.empty_cells();
    // Own groups, each with the empty cells around it.
    let mut group_of = vec![usize::MAX; CELLS];
    let mut group_nbrs: Vec<CellSet> = Vec::new();
    let mut group_on_edge: Vec<bool> = Vec::new();
    let edge_line: CellSet = board.cells().filter(|&c| on_edge(c, color, first, n)).collect();
    for s in own.iter() {
        if group_of[s.index()] != usize::MAX {
            continue;
        }
        let g = CellSet::flood(&[s].into_iter().collect(), own, n);
        for c in g.iter() {
            group_of[c.index()] = group_nbrs.len();
        }
        group_nbrs.push(g.neighbours(n).and(&empty));
        group_on_edge.push(g.intersects(&edge_line));
    }
    let mut dist = vec![INF; CELLS];
    let mut count = vec![0u8; CELLS];
    let mut frontier: Vec<Cell> = Vec::new();
    let mut start = edge_line.and(&empty);
    for (g, nbrs) in group_nbrs.iter().enumerate() {
        if group_on_edge[g] {
            start = start.or(nbrs);
        }
    }
    for c in start.iter() {
        dist[c.index()] = 1;
        frontier.push(c);
    }
    let mut level = 1u16;
    let mut next = Vec::new();
    let mut groups_seen: Vec<usize> = Vec::with_capacity(6);
    while !frontier.is_empty() {
        for &x in &frontier {
            // The effective neighbours of x: its empty neighbours, and the empty neighbours of every own
            // group it touches, each once.
            groups_seen.clear();
            let mut eff = CellSet::EMPTY;
            for y in x.neighbours(n) {
                if empty.contains(y) {
                    eff.insert(y);
                } else if own.contains(y) {
                    let g = group_of[y.index()];
                    if !groups_seen.contains(&g) {
                        groups_seen.push(g);
                        eff = eff.or(&group_nbrs[g]);
                    }
                }
            }
            eff.remove(x);
            for y in eff.iter() {
                let i = y.index();
                if dist[i] == INF {
                    count[i] += 1;
                    if count[i] == 2 {
                        dist[i] = level + 1;
                        next.push(y);
                    }
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
        level += 1;
    }
    dist
}

fn on_edge(c: Cell, color: Color, first: bool, n: usize) -> bool {
    let line = if first { 0 } else { n - 1 };
    match color {
        Color::Black => c.row() == line,
        Color::White => c.col() == line,
    }
}

/// A player's potential and mobility, and the per-cell sums they come from.
struct Potential {
    /// Smallest `d_first + d_second` over the empty cells; `None` if no cell has both.
    pub potential: Option<u16>,
    /// How many cells reach it.
    pub mobility: usize,
    /// `d_first + d_second` per cell index (saturating at [`INF`]).
    pub sums: Vec<u16>,
}

/// The potential of `color` on `board`.
fn potential(board: &Board, color: Color) -> Potential {
    let a = distances(board, color, true);
    let b = distances(board, color, false);
    let sums: Vec<u16> = a.iter().zip(&b).map(|(&x, &y)| if x == INF || y == INF { INF } else { x + y }).collect();
    let empty = board.empty_cells();
    let potential = empty.iter().map(|c| sums[c.index()]).filter(|&s| s != INF).min();
    let mobility = potential.map_or(0, |p| empty.iter().filter(|c| sums[c.index()] == p).count());
    Potential { potential, mobility, sums }
}

/// The number a missing potential counts as: more than any real one on an n×n board.
fn value(p: &Potential, n: usize) -> f64 {
    p.potential.map_or(4.0 * n as f64 + 4.0, f64::from)
}

/// Potential first, mobility to break ties.
fn combine(own: &Potential, opp: &Potential, n: usize) -> f64 {
    (value(opp, n) - value(own, n)) + (own.mobility as f64 - opp.mobility as f64) / 400.0
}

/// The two-distance score for `color` and move priorities (cells on either side's cheapest paths first).
pub fn analyse(board: &Board, color: Color) -> (f64, Vec<(Cell, f64)>) {
    let own = potential(board, color);
    let opp = potential(board, color.opponent());
    let score = combine(&own, &opp, board.size());
    let pri = board
        .empty_cells()
        .iter()
        .map(|c| {
            let best = own.sums[c.index()].min(opp.sums[c.index()]);
            (c, if best == INF { -1000.0 } else { -f64::from(best) })
        })
        .collect();
    (score, pri)
}

/// The two-distance score of `board` for `color`.
pub fn score(board: &Board, color: Color) -> f64 {
    combine(&potential(board, color), &potential(board, color.opponent()), board.size())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    fn board(text: &str, n: usize) -> Board {
        parse_position(text, n, false).unwrap_or_else(|e| panic!("{e}")).board().clone()
    }

    fn at(d: &[u16], s: &str, n: usize) -> u16 {
        d[Cell::parse(s, n).map(Cell::index).unwrap_or(0)]
    }

    #[test]
    fn empty_board_distances() {
        let b = board("", 3);
        let top = distances(&b, Color::Black, true);
        // Row 1 touches the top edge.
        assert_eq!([at(&top, "a1", 3), at(&top, "b1", 3), at(&top, "c1", 3)], [1, 1, 1]);
        // b2 has neighbours b1 and c1 in row 1: second best is 1.
        assert_eq!(at(&top, "b2", 3), 2);
        // c2's row-1 neighbour is only c1 (its other upper neighbour would be d1, off the board); b2 also
        // has distance 2, so the second best is 2.
        assert_eq!(at(&top, "c2", 3), 3);
        // a2 touches a1 and b1.
        assert_eq!(at(&top, "a2", 3), 2);
        let p = potential(&b, Color::Black);
        // b2: 2 from the top and 2 from the bottom.
        assert_eq!(p.potential, Some(4));
    }

    #[test]
    fn own_stones_are_free_and_opponent_stones_walls() {
        // A black column b1..b4 on 5×5 (White's stones down column a): a5 touches the bottom edge and,
        // through b4, the group that touches the top.
        let b = board("wb.../wb.../wb.../wb.../.....", 5);
        let top = distances(&b, Color::Black, true);
        assert_eq!(at(&top, "a5", 5), 1);
        assert_eq!(at(&distances(&b, Color::Black, false), "a5", 5), 1);
        assert_eq!(potential(&b, Color::Black).potential, Some(2));
        // A white wall on row 3 with one gap, c3. Black's paths all pass c3: 3 from the top (c2 and d2
        // are 2) plus 2 from the bottom (b4 and c4 touch the bottom stones' group), and the cells above
        // the wall have only c3 below them, so no other cell has both distances.
        let wall = board("b..../...../ww.ww/...../b.b.b", 5);
        let p = potential(&wall, Color::Black);
        assert_eq!(at(&distances(&wall, Color::Black, true), "c3", 5), 3);
        assert_eq!(at(&distances(&wall, Color::Black, false), "c3", 5), 2);
        assert_eq!((p.potential, p.mobility), (Some(5), 1));
        // White joins b3 to d3 through c3: distance 1 to each edge.
        assert_eq!(potential(&wall, Color::White).potential, Some(2));
        assert!(score(&wall, Color::White) > 2.9);
        assert!((score(&wall, Color::White) + score(&wall, Color::Black)).abs() < 1e-12);
    }
}

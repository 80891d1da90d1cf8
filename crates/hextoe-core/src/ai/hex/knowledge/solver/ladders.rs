//! Second-row ladder connections, which the connection builder's AND and OR rules cannot make.
//!
//! Two cells on the second row from one of X's edges, with the first two rows empty between them, are
//! joined by a ladder: whatever the opponent plays in the strip, X answers so that each of them either
//! joins the other or reaches the edge, and two cells that both reach X's own edge are as good as joined
//! for X's aim. The AND and OR rules do not find it, because the two cells' edge connections share the
//! first row. A *start piece* brings the ladder to a cell further from the edge (a template-like area
//! around it), as Benzene's pattern file does for MoHex 2.0 (its `row2start1` to `row2start6` with
//! `row2end2b`); the shapes are redrawn here and every one is proved again by the tests, on the strip and
//! with the start piece, by exhaustive search.
//!
//! A connection here may hold through X's edge rather than directly. The builder only ever reports what
//! joins X's two edges, and for that aim a link through X's own edge is as good as a direct one: every
//! proof built on it still ends in X's edges joined.

use crate::ai::hex::knowledge::bitboard::Bits;
use crate::game::hex::Color;

/// A cell relative to a ladder's edge: its column, and its row counted from the edge (0 touches it).
/// Neighbours of (c, d): (c±1, d), (c, d±1), (c+1, d+1), (c−1, d−1).
pub(crate) type Rel = (i32, i32);

/// A start piece: the cell the ladder reaches, the cells that must not hold the opponent's stones, and
/// the cells that must hold X's own. The ladder leaves it eastwards along rows 0 and 1.
struct Start {
    end: Rel,
    empty: &'static [Rel],
    own: &'static [Rel],
}

/// The six start pieces (rows written from the edge up).
const STARTS: [Start; 6] = [
    Start { end: (0, 1), empty: &[(0, 0)], own: &[] },
    Start { end: (1, 1), empty: &[(0, 0)], own: &[] },
    Start { end: (2, 2), empty: &[(0, 0), (1, 0), (2, 0), (1, 1), (2, 1)], own: &[] },
    Start {
        end: (3, 3),
        empty: &[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (2, 2),
            (3, 2),
            (4, 2),
            (4, 3),
        ],
        own: &[],
    },
    Start {
        end: (5, 3),
        empty: &[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (2, 2),
            (3, 2),
            (4, 2),
            (5, 2),
            (4, 3),
        ],
        own: &[],
    },
    Start {
        end: (5, 4),
        empty: &[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (2, 2),
            (3, 2),
            (4, 2),
            (3, 3),
            (4, 3),
            (5, 3),
            (4, 4),
        ],
        own: &[(5, 2)],
    },
];

/// A ladder connection in a ladder's own coordinates: its two ends, the cells that must hold X's stones
/// and every cell that must not hold the opponent's (the ends included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub ends: [Rel; 2],
    pub own: Vec<Rel>,
    pub zone: Vec<Rel>,
}

/// Every ladder shape no wider than `width` columns, eastward: each start piece, then the first two
/// rows empty up to the far end, a second-row cell whose first-row cell below it is empty too.
pub(crate) fn shapes(width: i32) -> Vec<Shape> {
    let mut out = Vec::new();
    for s in &STARTS {
        let mut piece: Vec<Rel> = s.empty.to_vec();
        piece.push(s.end);
        piece.extend_from_slice(s.own);
        // The far end's first column: the first whose two strip cells the piece leaves free.
        let Some(first) = (0..width).find(|&c| !piece.contains(&(c, 0)) && !piece.contains(&(c, 1))) else {
            continue;
        };
        for far in first..width {
            let end = (far, 1);
            if adjacent(s.end, end) {
                continue;
            }
            let mut zone = piece.clone();
            zone.retain(|r| !s.own.contains(r));
            for c in first..far {
                zone.extend([(c, 0), (c, 1)]);
            }
            zone.extend([end, (far, 0)]);
            let width_used = zone.iter().chain(s.own).map(|r| r.0).max().unwrap_or(0) + 1;
            if width_used > width {
                break;
            }
            out.push(Shape { ends: [s.end, end], own: s.own.to_vec(), zone });
        }
    }
    out
}

/// Whether two relative cells are next to each other.
pub(crate) fn adjacent(a: Rel, b: Rel) -> bool {
    matches!((b.0 - a.0, b.1 - a.1), (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, 1) | (-1, -1))
}

/// The same shape running westwards: the mirror image that keeps each cell's row.
fn reflected(s: &Shape) -> Shape {
    let f = |&(c, d): &Rel| (d - c, d);
    Shape {
        ends: [f(&s.ends[0]), f(&s.ends[1])],
        own: s.own.iter().map(f).collect(),
        zone: s.zone.iter().map(f).collect(),
    }
}

/// A ladder connection placed on a board: its two end cells (compact indices), the cells that must
/// hold X's stones, and the cells that must not hold the opponent's (the ends included).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Ladder<B> {
    pub ends: [usize; 2],
    pub own: B,
    pub zone: B,
}

/// Every ladder connection of `color` on an n×n board: each shape both ways along both of its edges, at
/// every place where it fits.
pub(crate) fn ladders<B: Bits>(n: usize, color: Color) -> Vec<Ladder<B>> {
    let side = n as i32;
    let mut out = Vec::new();
    for east in shapes(side) {
        for shape in [reflected(&east), east] {
            let lo = shape.zone.iter().chain(&shape.own).map(|r| r.0).min().unwrap_or(0);
            let hi = shape.zone.iter().chain(&shape.own).map(|r| r.0).max().unwrap_or(0);
            let rows = shape.zone.iter().chain(&shape.own).map(|r| r.1).max().unwrap_or(0);
            if rows >= side {
                continue;
            }
            for shift in -lo..side - hi {
                for far_edge in [false, true] {
                    let place = |&(c, d): &Rel| {
                        let (col, row) = (c + shift, side - 1 - d);
                        let (col, row) = if far_edge { (side - 1 - col, side - 1 - row) } else { (col, row) };
                        let (col, row) = if color == Color::White { (row, col) } else { (col, row) };
                        row as usize * n + col as usize
                    };
                    let set = |cells: &[Rel]| cells.iter().fold(B::ZERO, |s, r| s | B::bit(place(r)));
                    out.push(Ladder {
                        ends: [place(&shape.ends[0]), place(&shape.ends[1])],
                        own: set(&shape.own),
                        zone: set(&shape.zone),
                    });
                }
            }
        }
    }
    out
}

/// [`ladders`] listed under each of their two end cells (compact indices), so that a builder reads only
/// those that end on a stone of its colour.
pub(crate) fn by_end<B: Bits>(n: usize, color: Color) -> Vec<Vec<Ladder<B>>> {
    let mut table = vec![Vec::new(); n * n];
    for l in ladders::<B>(n, color) {
        for k in l.ends {
            table[k].push(l);
        }
    }
    table
}

#[cfg(test)]
#[path = "ladders_tests.rs"]
mod tests;

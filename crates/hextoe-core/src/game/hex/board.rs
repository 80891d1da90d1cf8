//! The Hex board: stones as bitsets, connections as an incremental union–find.

use super::{Cell, CellSet, Color, MAX_SIZE};
use std::fmt;

const CELLS: usize = MAX_SIZE * MAX_SIZE;
/// Virtual union–find nodes for the four edges.
const TOP: usize = CELLS;
const BOTTOM: usize = CELLS + 1;
const LEFT: usize = CELLS + 2;
const RIGHT: usize = CELLS + 3;

/// Why a board size was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("board size {0} is out of range: expected 1 to {max}", max = MAX_SIZE)]
pub struct SizeError(pub usize);

/// An n×n Hex board. Every stone is joined to its same-coloured neighbours (and to its own edges) in a
/// union–find as it is played, so "who has won" is two `find`s, not a flood fill.
///
/// There is no unplay: union–find cannot split. Undo replays the history (see [`super::Game`]); search
/// code clones boards, which are small (under a kilobyte).
///
/// Two boards are equal when they have the same size and the same stones: the union–find's internal shape
/// depends on the order the stones were played and is not part of the position.
#[derive(Clone)]
pub struct Board {
    size: u8,
    stones: [CellSet; 2],
    parent: [u16; CELLS + 4],
    winner: Option<Color>,
    hash: u64,
}

impl Board {
    /// An empty n×n board, 1 ≤ n ≤ 19.
    pub fn new(size: usize) -> Result<Board, SizeError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        Ok(Board {
            size: size as u8,
            stones: [CellSet::EMPTY; 2],
            parent: std::array::from_fn(|i| i as u16),
            winner: None,
            hash: 0,
        })
    }

    /// The side n.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The stones of one colour.
    pub fn stones(&self, c: Color) -> &CellSet {
        &self.stones[c.index()]
    }

    /// Every cell of the board, in index order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let n = self.size();
        (0..n).flat_map(move |r| (0..n).filter_map(move |c| Cell::new(c, r)))
    }

    /// The empty cells as a set.
    pub fn empty_cells(&self) -> CellSet {
        CellSet::board(self.size()).minus(&self.stones[0].or(&self.stones[1]))
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stones[0].len() + self.stones[1].len()
    }

    /// What stands on `c`.
    pub fn at(&self, c: Cell) -> Option<Color> {
        if self.stones[0].contains(c) {
            Some(Color::Black)
        } else if self.stones[1].contains(c) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// True if `c` is on this board and empty.
    pub fn is_empty_cell(&self, c: Cell) -> bool {
        c.on_board(self.size()) && self.at(c).is_none()
    }

    /// The colour to move by the counts: Black when the counts are equal. (A swap adds no stone and is
    /// White's move, after which White moves again, so the counts stay right.)
    pub fn to_move(&self) -> Color {
        if self.stones[0].len() > self.stones[1].len() { Color::White } else { Color::Black }
    }

    /// The Zobrist hash of the stones (see [`super::zobrist`]): equal positions hash equal, whatever the
    /// order their stones were played in.
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The winner, once one colour's edges are joined.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// True if the cell touches one of `color`'s two edges; returns which (0 = first, 1 = second).
    fn edges_of(&self, c: Cell, color: Color) -> [Option<usize>; 2] {
        let last = self.size() - 1;
        match color {
            Color::Black => [(c.row() == 0).then_some(TOP), (c.row() == last).then_some(BOTTOM)],
            Color::White => [(c.col() == 0).then_some(LEFT), (c.col() == last).then_some(RIGHT)],
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let gp = self.parent[self.parent[x] as usize];
            self.parent[x] = gp;
            x = gp as usize;
        }
        x
    }

    fn find_ro(&self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            x = self.parent[x] as usize;
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            // Edge nodes stay roots so that the win test reads them directly.
            if ra >= CELLS {
                self.parent[rb] = ra as u16;
            } else {
                self.parent[ra] = rb as u16;
            }
        }
    }

    /// Puts a `color` stone on `c` and updates the connections. The caller guarantees that `c` is an empty
    /// cell of this board (debug-checked); [`super::Game::play`] is the checked entry point for input.
    pub fn play(&mut self, c: Cell, color: Color) {
        debug_assert!(self.is_empty_cell(c), "{c} is not an empty cell");
        self.stones[color.index()].insert(c);
        self.hash ^= super::zobrist::key(c, color);
        let i = c.index();
        for n in c.neighbours(self.size()) {
            if self.stones[color.index()].contains(n) {
                self.union(i, n.index());
            }
        }
        for e in self.edges_of(c, color).into_iter().flatten() {
            self.union(i, e);
        }
        if self.winner.is_none() {
            let (a, b) = Board::edge_nodes(color);
            if self.find(a) == self.find(b) {
                self.winner = Some(color);
            }
        }
    }

    /// The two edge nodes of a colour: top and bottom for Black, left and right for White.
    fn edge_nodes(color: Color) -> (usize, usize) {
        match color {
            Color::Black => (TOP, BOTTOM),
            Color::White => (LEFT, RIGHT),
        }
    }

    /// True if a `color` stone on the empty cell `c` would join `color`'s two edges now. Read-only and
    /// cheap (a few `find`s), so search code can look for wins and for the opponent's threats without
    /// copying the board.
    pub fn wins_with(&self, c: Cell, color: Color) -> bool {
        if !self.is_empty_cell(c) || self.winner.is_some() {
            return false;
        }
        let (a, b) = Board::edge_nodes(color);
        let (ra, rb) = (self.find_ro(a), self.find_ro(b));
        let (mut hit_a, mut hit_b) = (false, false);
        for e in self.edges_of(c, color).into_iter().flatten() {
            hit_a |= e == a;
            hit_b |= e == b;
        }
        let own = &self.stones[color.index()];
        for n in c.neighbours(self.size()) {
            if own.contains(n) {
                let r = self.find_ro(n.index());
                hit_a |= r == ra;
                hit_b |= r == rb;
            }
        }
        hit_a && hit_b
    }

    /// The cells along one of `color`'s edges: row 1 / row n for Black, column a / the last for White.
    pub fn edge_line(&self, color: Color, first: bool) -> CellSet {
        let n = self.size();
        let line = if first { 0 } else { n - 1 };
        match color {
            Color::Black => CellSet::row(line, n),
            Color::White => CellSet::column(line, n),
        }
    }

    /// The `color` stones whose group touches its first (`true`) or second edge.
    #[cfg(test)]
    fn edge_group(&self, color: Color, first: bool) -> CellSet {
        let (a, b) = Board::edge_nodes(color);
        let root = self.find_ro(if first { a } else { b });
        self.stones[color.index()].iter().filter(|s| self.find_ro(s.index()) == root).collect()
    }

    /// Every empty cell where a `color` stone would win at once (the cells [`Board::wins_with`] accepts):
    /// the empty cells that touch both edges' groups, or the edges themselves. Word-parallel, so search
    /// code can ask at every node.
    pub fn winning_cells(&self, color: Color) -> CellSet {
        if self.winner.is_some() {
            return CellSet::EMPTY;
        }
        let n = self.size();
        let (a, b) = Board::edge_nodes(color);
        let (ra, rb) = (self.find_ro(a), self.find_ro(b));
        let (mut sa, mut sb) = (CellSet::EMPTY, CellSet::EMPTY);
        for s in self.stones[color.index()].iter() {
            let r = self.find_ro(s.index());
            if r == ra {
                sa.insert(s);
            } else if r == rb {
                sb.insert(s);
            }
        }
        let near_a = sa.neighbours(n).or(&self.edge_line(color, true));
        let near_b = sb.neighbours(n).or(&self.edge_line(color, false));
        near_a.and(&near_b).and(&self.empty_cells())
    }

    /// True if stones `a` and `b` are in one group (same colour, connected).
    pub fn connected(&self, a: Cell, b: Cell) -> bool {
        self.at(a).is_some() && self.at(a) == self.at(b) && self.find_ro(a.index()) == self.find_ro(b.index())
    }

    /// The stones of the winner's group that joins its two edges, for display; empty while undecided.
    pub fn winning_chain(&self) -> CellSet {
        let Some(w) = self.winner else { return CellSet::EMPTY };
        let root = self.find_ro(if w == Color::Black { TOP } else { LEFT });
        self.stones[w.index()].iter().filter(|c| self.find_ro(c.index()) == root).collect()
    }

    /// One shortest path of the winner's stones from its first edge to its second, for display: the stones
    /// that actually join the edges, without the branches of the winning group that lead nowhere. Empty
    /// while undecided.
    pub fn winning_path(&self) -> CellSet {
        let Some(w) = self.winner else { return CellSet::EMPTY };
        let chain = self.winning_chain();
        let n = self.size();
        let goal = self.edge_line(w, false);
        // Breadth-first from every chain stone on the first edge; `from` leads each stone back to the edge.
        let mut from: Vec<Option<Cell>> = vec![None; CELLS];
        let mut seen = self.edge_line(w, true).and(&chain);
        let mut queue: std::collections::VecDeque<Cell> = seen.iter().collect();
        while let Some(c) = queue.pop_front() {
            if goal.contains(c) {
                let mut path = CellSet::EMPTY;
                let mut at = Some(c);
                while let Some(p) = at {
                    path.insert(p);
                    at = from[p.index()];
                }
                return path;
            }
            for nb in c.neighbours(n) {
                if chain.contains(nb) && !seen.contains(nb) {
                    seen.insert(nb);
                    from[nb.index()] = Some(c);
                    queue.push_back(nb);
                }
            }
        }
        chain
    }

    /// The group of stones connected to `c` (empty if `c` is empty).
    pub fn group(&self, c: Cell) -> CellSet {
        let Some(col) = self.at(c) else { return CellSet::EMPTY };
        let root = self.find_ro(c.index());
        self.stones[col.index()].iter().filter(|s| self.find_ro(s.index()) == root).collect()
    }

    /// The position text: rows top to bottom separated by '/', cells 'b', 'w' or '.'.
    pub fn to_text(&self) -> String {
        let n = self.size();
        let mut s = String::with_capacity(n * (n + 1));
        for r in 0..n {
            if r > 0 {
                s.push('/');
            }
            for c in 0..n {
                let ch = Cell::new(c, r).and_then(|cell| self.at(cell)).map_or('.', Color::letter);
                s.push(ch);
            }
        }
        s
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.stones == other.stones
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.size.hash(state);
        self.stones.hash(state);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_text())
    }
}

impl fmt::Display for Board {
    /// The rhombus as text, each row shifted half a cell more, with letters and numbers: the `showboard`
    /// picture.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        write!(f, "   ")?;
        for c in 0..n {
            write!(f, " {}", (b'a' + c as u8) as char)?;
        }
        writeln!(f)?;
        for r in 0..n {
            write!(f, "{}{:>2} ", " ".repeat(r), r + 1)?;
            for c in 0..n {
                let ch = Cell::new(c, r).and_then(|cell| self.at(cell)).map_or('.', Color::letter);
                write!(f, " {ch}")?;
            }
            writeln!(f, "  {}", r + 1)?;
        }
        write!(f, "{}   ", " ".repeat(n))?;
        for c in 0..n {
            write!(f, " {}", (b'a' + c as u8) as char)?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;

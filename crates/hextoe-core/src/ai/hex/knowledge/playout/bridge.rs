//! The playout board of the tree search: stones in a padded array for local patterns, plus bitboards for
//! the win test, and "save the bridge" playouts.
//!
//! A bridge is two stones of one colour with two empty cells between them that both touch both stones;
//! when the opponent takes one, the owner answers in the other and stays connected. Playouts that answer
//! every bridge intrusion this way (and every intrusion into a template-II edge bridge) are far closer to
//! real play than uniform ones, at the cost of one look at six cells per move.

use super::{FastRng, LocalPolicy};
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry, dead_pattern};
use crate::game::hex::{Board, Color, MAX_SIZE};

/// An empty cell in the padded array.
pub(super) const EMPTY: u8 = 0;

/// The padded array's code of a `c` stone (also what [`PlayBoard::owners`] reports for it).
pub(crate) fn code(c: Color) -> u8 {
    c.index() as u8 + 1
}

/// No bridge to save in this pattern.
const NO_SAVE: u8 = u8::MAX;

/// For each colour (0 Black, 1 White) and each ring of six neighbours (2 bits each: empty, black, white, in
/// ring order), the ring position to play to save a bridge of that colour, or [`NO_SAVE`]: a ring position
/// that is empty while both of its ring neighbours hold the colour.
static SAVE: [[u8; 4096]; 2] = save_table();

const fn save_table() -> [[u8; 4096]; 2] {
    let mut t = [[NO_SAVE; 4096]; 2];
    let mut me = 1;
    while me <= 2 {
        let mut p = 0;
        while p < 4096 {
            let mut i = 0;
            while i < 6 {
                let (a, b, c) = ((p >> (2 * i)) & 3, (p >> (2 * ((i + 1) % 6))) & 3, (p >> (2 * ((i + 2) % 6))) & 3);
                if b == 0 && a == me && c == me {
                    t[me - 1][p] = ((i + 1) % 6) as u8;
                    break;
                }
                i += 1;
            }
            p += 1;
        }
        me += 1;
    }
    t
}

/// A position to run playouts from. `reset_from` copies a prepared root position without allocating, so a
/// search keeps one root board and one scratch board.
#[derive(Clone, Debug)]
pub struct PlayBoard<B> {
    pub(super) geo: Geometry<B>,
    /// Cell contents with a one-cell border: rows above and below belong to Black, the columns beside
    /// to White, so edge bridges look like ordinary ones.
    pub(super) cells: Vec<u8>,
    /// The ring pattern of every cell inside the border (see [`PlayBoard::pattern`]), kept up to date as
    /// stones go down, so that the playouts' shape lookups read one entry instead of six cells.
    pub(super) rings: Vec<u16>,
    /// Padded index of each compact index.
    pub(super) pad: Vec<u16>,
    /// Compact index of each padded index (`u16::MAX` on the border).
    pub(super) compact: Vec<u16>,
    /// The six neighbour offsets in ring order, then the six bridge partners' (partner `i` lies through
    /// neighbours `i` and `i + 1`), so that the local replies walk all twelve with one offset each.
    pub(super) ring: [isize; 12],
    pub(super) stones: [B; 2],
    /// Padded indices of the cells that were empty when the list was made; stale entries are skipped.
    pub(super) list: Vec<u16>,
    pub(super) empty: usize,
    pub(super) to_move: Color,
    /// Padded index of the last stone played, if any.
    pub(super) last: Option<usize>,
}

impl<B: Bits> PlayBoard<B> {
    /// The playout board of a position with `to_move` to move; `None` if `B` cannot hold the board.
    pub fn new(board: &Board, to_move: Color) -> Option<PlayBoard<B>> {
        let geo = Geometry::<B>::new(board.size())?;
        let n = board.size();
        let s = n + 2;
        let mut cells = vec![EMPTY; s * s];
        let mut compact = vec![u16::MAX; s * s];
        let mut pad = vec![0u16; n * n];
        for r in 0..s {
            for c in 0..s {
                let i = r * s + c;
                if r == 0 || r == s - 1 {
                    cells[i] = code(Color::Black);
                } else if c == 0 || c == s - 1 {
                    cells[i] = code(Color::White);
                } else {
                    let k = (r - 1) * n + (c - 1);
                    compact[i] = k as u16;
                    pad[k] = i as u16;
                }
            }
        }
        let si = s as isize;
        let neighbours = [1, 1 - si, -si, -1, si - 1, si];
        let ring: [isize; 12] =
            std::array::from_fn(|i| if i < 6 { neighbours[i] } else { neighbours[i - 6] + neighbours[(i - 5) % 6] });
        let stones = geo.stones(board);
        for (ci, set) in stones.iter().enumerate() {
            for k in set.ones() {
                cells[pad[k] as usize] = ci as u8 + 1;
            }
        }
        let mut rings = vec![0u16; s * s];
        for &p in &pad {
            let p = usize::from(p);
            rings[p] = (0..6).map(|i| u16::from(cells[p.wrapping_add_signed(ring[i])]) << (2 * i)).sum();
        }
        let empty_set = geo.board().minus(stones[0] | stones[1]);
        let list: Vec<u16> = empty_set.ones().map(|k| pad[k]).collect();
        Some(PlayBoard { geo, cells, rings, pad, compact, ring, stones, empty: list.len(), list, to_move, last: None })
    }

    /// Puts the stone of code `c` on the empty cell at padded index `p`, and records it in its
    /// neighbours' ring patterns (it is the opposite ring position of each).
    #[inline]
    pub(super) fn put(&mut self, p: usize, c: u8) {
        self.cells[p] = c;
        for i in 0..6 {
            let q = p.wrapping_add_signed(self.ring[i]);
            self.rings[q] |= u16::from(c) << (2 * ((i + 3) % 6));
        }
    }

    /// Makes this board a copy of `other` (same size), reusing its buffers.
    pub fn reset_from(&mut self, other: &PlayBoard<B>) {
        self.cells.copy_from_slice(&other.cells);
        self.rings.copy_from_slice(&other.rings);
        self.list.clear();
        self.list.extend_from_slice(&other.list);
        self.stones = other.stones;
        self.empty = other.empty;
        self.to_move = other.to_move;
        self.last = other.last;
    }

    /// The width of the padded array: the board's size plus its two border cells (the tests' reference
    /// replies walk the array by it).
    #[cfg(test)]
    pub(super) fn stride(&self) -> usize {
        self.geo.size() + 2
    }

    /// The geometry of the board.
    pub fn geometry(&self) -> &Geometry<B> {
        &self.geo
    }

    /// The colour to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The stones of one colour.
    pub fn stones(&self, c: Color) -> B {
        self.stones[c.index()]
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> B {
        self.geo.board().minus(self.stones[0] | self.stones[1])
    }

    /// What stands on compact cell `k`.
    #[inline]
    pub fn at(&self, k: usize) -> Option<Color> {
        match self.cells[self.pad[k] as usize] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Plays the side to move on empty compact cell `k`.
    #[inline]
    pub fn play(&mut self, k: usize) {
        let p = self.pad[k] as usize;
        debug_assert_eq!(self.cells[p], EMPTY);
        self.put(p, code(self.to_move));
        self.stones[self.to_move.index()] |= B::bit(k);
        self.empty -= 1;
        self.last = Some(p);
        self.to_move = self.to_move.opponent();
    }

    /// Writes into `out` what stands on each compact cell: 0 empty, else [`code`] of its stone.
    /// After a playout, the backup asks for every child of every node on the path whether its cell went to
    /// one side; a byte read is cheaper than a bit test of a wide bitboard.
    pub(crate) fn owners(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend(self.pad.iter().map(|&p| self.cells[usize::from(p)]));
    }

    /// Puts a `color` stone on empty compact cell `k` without passing the turn, for tests that set up a
    /// position stone by stone.
    #[cfg(test)]
    pub(crate) fn place(&mut self, k: usize, color: Color) {
        let p = self.pad[k] as usize;
        if self.cells[p] != EMPTY {
            return;
        }
        self.put(p, code(color));
        self.stones[color.index()] |= B::bit(k);
        // Its entry in the list goes stale, as after `play`.
        self.empty -= 1;
    }

    /// The compact index of the last stone played, if the board knows it.
    pub(crate) fn last_cell(&self) -> Option<usize> {
        self.last.map(|p| usize::from(self.compact[p])).filter(|&k| k < self.geo.cells())
    }

    /// Tells the board which stone was played last (compact index), so that the first playout move can
    /// answer it.
    pub fn set_last(&mut self, k: Option<usize>) {
        self.last = k.map(|k| self.pad[k] as usize);
    }

    /// The cell (padded index) that saves a bridge of `me` broken by the stone at padded index `last`.
    #[inline]
    pub(super) fn save_bridge(&self, last: usize, me: u8) -> Option<usize> {
        match SAVE[me as usize - 1][self.pattern(last)] {
            NO_SAVE => None,
            i => Some(last.wrapping_add_signed(self.ring[i as usize])),
        }
    }

    /// The ring pattern of the cell at padded index `p`: 2 bits per neighbour (0 empty, 1 black, 2 white)
    /// in ring order, the border counting as its owner's stones — the solver's convention.
    #[inline]
    pub(super) fn pattern(&self, p: usize) -> usize {
        usize::from(self.rings[p])
    }

    /// The empty cells that are dead, or in a pair captured by either colour, in one pass over the board
    /// (see [`crate::ai::hex::knowledge::solver::inferior`]): moves there are never better than moves elsewhere, so
    /// the tree search leaves them out.
    pub(crate) fn inferior_cells(&self) -> B {
        let mut out = B::ZERO;
        let mut patterns = [0u16; MAX_SIZE * MAX_SIZE];
        let empty = self.empty_cells();
        for k in empty.ones() {
            let pat = self.pattern(self.pad[k] as usize);
            patterns[k] = pat as u16;
            if dead_pattern(pat) {
                out |= B::bit(k);
            }
        }
        for k in empty.ones() {
            let p = self.pad[k] as usize;
            // Each pair once: the neighbours in the first three ring directions.
            for i in 0..3 {
                let q = p.wrapping_add_signed(self.ring[i]);
                if self.cells[q] != EMPTY {
                    continue;
                }
                let j = self.compact[q] as usize;
                let (pk, pj) = (patterns[k] as usize, patterns[j] as usize);
                for v in [1usize, 2] {
                    if dead_pattern(pk | v << (2 * i)) && dead_pattern(pj | v << (2 * (i + 3))) {
                        out |= B::bit(k) | B::bit(j);
                    }
                }
            }
        }
        out
    }

    /// Plays random moves to the end of the game — answering every bridge intrusion when `bridges` is set,
    /// and replying next to the last stone by learned shape with `local` — and returns the winner.
    /// Afterwards [`PlayBoard::at`] tells the colour of every cell, for AMAF.
    pub fn playout(&mut self, rng: &mut FastRng, bridges: bool, local: Option<&LocalPolicy>) -> Color {
        let mut color = self.to_move;
        let mut last = self.last;
        let mut len = self.list.len();
        let mut black = self.stones[0];
        while self.empty > 0 {
            let mut mv = None;
            if bridges && let Some(l) = last {
                mv = self.save_bridge(l, code(color));
                if mv.is_none()
                    && let Some(policy) = local
                {
                    mv = self.local_reply(l, color, policy, rng);
                }
            }
            let p = match mv {
                Some(p) => p,
                None => self.draw_empty(&mut len, rng),
            };
            self.put(p, code(color));
            if color == Color::Black {
                black |= B::bit(self.compact[p] as usize);
            }
            self.empty -= 1;
            last = Some(p);
            color = color.opponent();
        }
        self.list.truncate(len);
        self.end_playout(black, last)
    }

    /// A uniformly random empty cell (padded index), drawn from the first `len` entries of the list of the
    /// cells that were empty when it was made; each entry drawn is dropped, and a stale one (its cell taken
    /// since) is skipped. The playouts' move when nothing else chose one; the caller knows a cell is empty.
    #[inline]
    fn draw_empty(&mut self, len: &mut usize, rng: &mut FastRng) -> usize {
        loop {
            let k = rng.below(*len);
            let p = self.list[k] as usize;
            *len -= 1;
            self.list[k] = self.list[*len];
            if self.cells[p] == EMPTY {
                return p;
            }
        }
    }

    /// Ends a playout that filled the board: records the stones (`black`'s, and White's in every other
    /// cell) and the last stone, and returns the winner, read once from the full board.
    fn end_playout(&mut self, black: B, last: Option<usize>) -> Color {
        let white = self.geo.board().minus(black);
        self.stones = [black, white];
        self.last = last;
        if self.geo.connects(black, Color::Black) { Color::Black } else { Color::White }
    }
}

#[cfg(test)]
#[path = "bridge_tests.rs"]
mod tests;

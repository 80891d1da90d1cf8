//! Random-fill playouts: give the side to move half the empty cells (rounded up) at random, the opponent
//! the rest, and find the winner once.
//!
//! This is exactly a uniformly random game played to the end, because Hex has no draws and stones played
//! after the game is decided change nothing: whoever joins their edges on the full board won first.

use super::FastRng;
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::game::hex::{Board, Color};

/// A prepared random-fill playout of one position, to be run many times.
#[derive(Clone, Debug)]
pub struct FillPlayout<B> {
    geo: Geometry<B>,
    black: B,
    empty: B,
    cells: Vec<u16>,
    mover: Color,
}

impl<B: Bits> FillPlayout<B> {
    /// Prepares playouts of `board` with `mover` to move; `None` if `B` cannot hold the board.
    pub fn new(board: &Board, mover: Color) -> Option<FillPlayout<B>> {
        let geo = Geometry::<B>::new(board.size())?;
        let [black, white] = geo.stones(board);
        let empty = geo.board().minus(black | white);
        let cells = empty.ones().map(|i| i as u16).collect();
        Some(FillPlayout { geo, black, empty, cells, mover })
    }

    /// Plays one random game to the end and returns the winner.
    #[inline]
    pub fn run(&mut self, rng: &mut FastRng) -> Color {
        let e = self.cells.len();
        let mut chosen = B::ZERO;
        // A partial Fisher–Yates shuffle picks the mover's ⌈e/2⌉ cells.
        for i in 0..e.div_ceil(2) {
            let j = i + rng.below(e - i);
            self.cells.swap(i, j);
            chosen |= B::bit(self.cells[i] as usize);
        }
        let black = match self.mover {
            Color::Black => self.black | chosen,
            Color::White => self.black | self.empty.minus(chosen),
        };
        if self.geo.connects(black, Color::Black) { Color::Black } else { Color::White }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::Game;

    #[test]
    fn a_won_position_always_reports_its_winner() {
        let mut g = Game::new(3, false).unwrap_or_else(|e| panic!("{e}"));
        for m in ["b1", "a2", "b2", "c2"] {
            g.play(crate::game::hex::HexMove::parse(m, 3).unwrap_or_else(|e| panic!("{e}")))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        // Black to move; b1–b2 reaches the bottom through a3 or b3.
        let mut p = FillPlayout::<u64>::new(g.board(), Color::Black).unwrap_or_else(|| panic!());
        let mut rng = FastRng::new(3);
        let black_wins = (0..2000).filter(|_| p.run(&mut rng) == Color::Black).count();
        // White wins only if it gets both a3 and b3: it gets 2 of the 5 empty cells, so P = 1/10.
        assert!((1650..1950).contains(&black_wins), "{black_wins}");
    }

    #[test]
    fn empty_board_first_player_edge_on_small_boards() {
        // On 1×1 the mover always wins; on an empty board the mover wins more than half the random games.
        let b = Board::new(1).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = FastRng::new(9);
        let mut p = FillPlayout::<u64>::new(&b, Color::White).unwrap_or_else(|| panic!());
        assert!((0..100).all(|_| p.run(&mut rng) == Color::White));
        let b = Board::new(7).unwrap_or_else(|e| panic!("{e}"));
        let mut p = FillPlayout::<u64>::new(&b, Color::Black).unwrap_or_else(|| panic!());
        let wins = (0..20_000).filter(|_| p.run(&mut rng) == Color::Black).count();
        assert!((10_000..13_000).contains(&wins), "{wins}");
    }
}

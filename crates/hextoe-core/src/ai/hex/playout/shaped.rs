//! Playouts that reply to the last stone by the tree's learned twelve-cell shapes (MoHex 2.0's local
//! pattern playouts).
//!
//! After each stone, a move among its six neighbours and six bridge partners is drawn with probability
//! γ(its shape) · f(its place) against γ₀ for every other empty cell: the model the tree's prior is fitted
//! as (`patterns/train.rs`), so the playouts answer a stone the way strong players were seen to. Otherwise
//! the move is uniformly random. Bridge intrusions are answered first, as in every playout.
//!
//! The six-neighbour replies of [`LocalPolicy`](super::LocalPolicy) read one precomputed ring per cell;
//! these compute twelve shape keys a move, so a playout costs several times as much.

use super::FastRng;
use super::bridge::{EMPTY, PlayBoard, code, draw_reply};
use crate::ai::hex::bitboard::Bits;
use crate::ai::hex::patterns::{PatternTable, Shapes};
use crate::game::hex::Color;

impl<B: Bits> PlayBoard<B> {
    /// Plays to the end of the game by the shaped replies (see the module docs) and returns the winner.
    /// `shapes` must be those of this board's size.
    pub fn playout_shaped(&mut self, rng: &mut FastRng, shapes: &Shapes, table: &PatternTable) -> Color {
        let mut color = self.to_move;
        let mut last = self.last;
        let mut len = self.list.len();
        while self.empty > 0 {
            let mv = last.and_then(|l| {
                self.save_bridge(l, code(color)).or_else(|| self.shaped_reply(l, color, shapes, table, rng))
            });
            let p = match mv {
                Some(p) => p,
                None => self.draw_empty(&mut len, rng),
            };
            self.put(p, code(color));
            self.stones[color.index()] |= B::bit(self.compact[p] as usize);
            self.empty -= 1;
            last = Some(p);
            color = color.opponent();
        }
        self.list.truncate(len);
        let black = self.stones[0];
        self.end_playout(black, last)
    }

    /// A reply by `mover` to the stone at padded index `last` among its neighbours and bridge partners,
    /// drawn by shape and place against γ₀ for each other empty cell; `None` to play elsewhere.
    pub(super) fn shaped_reply(
        &self,
        last: usize,
        mover: Color,
        shapes: &Shapes,
        table: &PatternTable,
        rng: &mut FastRng,
    ) -> Option<usize> {
        let me = mover.index();
        let (mine, theirs) = (self.stones[me], self.stones[1 - me]);
        let mut weights = [0f32; 12];
        let mut cells = [0usize; 12];
        let (mut sum, mut local) = (0f32, 0usize);
        for (j, near) in shapes.around(usize::from(self.compact[last])) {
            let q = usize::from(self.pad[j]);
            if self.cells[q] == EMPTY {
                let w = table.gamma(shapes.key(j, mover, mine, theirs)) * table.near(near);
                weights[local] = w;
                cells[local] = q;
                sum += w;
                local += 1;
            }
        }
        let rest = table.gamma(0) * (self.empty - local) as f32;
        draw_reply(&weights[..local], sum, local, rest, rng).map(|k| cells[k])
    }
}

#[cfg(test)]
#[path = "shaped_tests.rs"]
mod tests;

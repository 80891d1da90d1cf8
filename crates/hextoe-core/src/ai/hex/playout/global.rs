//! Playouts drawn over the whole board by learned shape (MoHex 2.0's global pattern playouts).
//!
//! Every empty cell carries a weight for each side to move: the strength γ of its six-neighbour shape
//! ([`LocalPolicy::gamma`] of the whole-board fit, [`Fit::WholeBoard`](super::Fit), fitted as exactly this model: a cell is chosen with probability γ / Σγ of every
//! empty cell), or almost nothing if the shape makes the cell dead. A move changes only its own cell and
//! its six neighbours' shapes, so the weights are kept up to date incrementally, with a sum per row, and a
//! draw scans the row sums and then one row. Bridge intrusions are still answered first.

use super::bridge::{EMPTY, PlayBoard, code};
use super::{FastRng, LocalPolicy};
use crate::ai::hex::bitboard::{Bits, dead_pattern};
use crate::game::hex::{Color, MAX_SIZE};

/// The weight of a dead cell: never worth a move, but kept above zero so that a board of only dead cells
/// can still be filled.
const DEAD: f32 = 1e-6;

/// Cells of the largest padded board.
const PADDED: usize = (MAX_SIZE + 2) * (MAX_SIZE + 2);

/// The weights of one playout, for both sides to move; reused from playout to playout.
#[derive(Clone, Debug)]
pub struct GlobalWeights {
    /// The most a cell may weigh, as a multiple of γ₀ (the strength of a cell with no stone beside it), so
    /// that a few strong shapes do not decide every playout alike (MoHex caps its global weights too); the
    /// last stone's neighbours are drawn by their full strength in the local replies.
    cap: f32,
    /// `weight[side][p]`: the weight of padded cell `p` when `side` (0 Black, 1 White) moves; 0 if taken.
    weight: [Vec<f32>; 2],
    /// `rows[side][r]`: the sum of row `r`'s weights (padded row numbers).
    rows: [Vec<f32>; 2],
}

impl GlobalWeights {
    /// Buffers for boards up to the largest size, weights capped at `cap` × γ₀.
    pub fn new(cap: f32) -> GlobalWeights {
        GlobalWeights {
            cap,
            weight: [vec![0.0; PADDED], vec![0.0; PADDED]],
            rows: [vec![0.0; MAX_SIZE + 2], vec![0.0; MAX_SIZE + 2]],
        }
    }

    /// Sets the weights of padded cell `p` from its ring pattern, keeping the row sums.
    #[inline]
    fn set(&mut self, p: usize, row: usize, pattern: usize, policy: &LocalPolicy) {
        let dead = dead_pattern(pattern);
        for (side, mover) in [Color::Black, Color::White].into_iter().enumerate() {
            let w = if dead { DEAD } else { policy.gamma(mover, pattern).min(self.cap * policy.other(mover)) };
            let old = std::mem::replace(&mut self.weight[side][p], w);
            self.rows[side][row] += w - old;
        }
    }

    /// Clears padded cell `p`, now taken.
    #[inline]
    fn clear(&mut self, p: usize, row: usize) {
        for side in 0..2 {
            let old = std::mem::replace(&mut self.weight[side][p], 0.0);
            self.rows[side][row] -= old;
        }
    }
}

impl<B: Bits> PlayBoard<B> {
    /// Plays to the end of the game like [`PlayBoard::playout`], but a move that saves no bridge (and, with
    /// `replies`, does not reply next to the last stone by them) is drawn over every empty cell by its
    /// shape's strength in `policy`, which must be of the whole-board fit (see the module docs); returns the
    /// winner.
    pub fn playout_global(
        &mut self,
        rng: &mut FastRng,
        policy: &LocalPolicy,
        w: &mut GlobalWeights,
        replies: Option<&LocalPolicy>,
    ) -> Color {
        let s = self.stride();
        let n = s - 2;
        for side in 0..2 {
            w.rows[side][..s].fill(0.0);
        }
        for r in 1..=n {
            for p in r * s + 1..=r * s + n {
                if self.cells[p] == EMPTY {
                    w.set(p, r, self.pattern(p), policy);
                } else {
                    w.weight[0][p] = 0.0;
                    w.weight[1][p] = 0.0;
                }
            }
        }
        let mut color = self.to_move;
        let mut last = self.last;
        let mut black = self.stones[0];
        while self.empty > 0 {
            let mut mv = None;
            if let Some(l) = last {
                mv = self.save_bridge(l, code(color));
                if let Some(replies) = replies.filter(|_| mv.is_none()) {
                    let others = w.rows[color.index()][1..=n].iter().sum();
                    mv = self.local_reply(l, color, replies, Some(others), rng);
                }
            }
            let p = match mv {
                Some(p) => p,
                None => self.draw(w, color.index(), s, rng),
            };
            self.put(p, code(color));
            if color == Color::Black {
                black |= B::bit(self.compact[p] as usize);
            }
            self.empty -= 1;
            w.clear(p, p / s);
            for i in 0..6 {
                let q = p.wrapping_add_signed(self.ring[i]);
                if self.cells[q] == EMPTY {
                    w.set(q, q / s, self.pattern(q), policy);
                }
            }
            last = Some(p);
            color = color.opponent();
        }
        // Every listed cell is taken now.
        self.list.clear();
        self.end_playout(black, last)
    }

    /// Draws an empty cell (padded index) for `side` by weight. Rounding in the kept sums can leave the
    /// draw past the last weight; it then takes the last empty cell it saw.
    #[inline]
    fn draw(&self, w: &GlobalWeights, side: usize, s: usize, rng: &mut FastRng) -> usize {
        let n = s - 2;
        let rows = &w.rows[side][1..=n];
        let total: f32 = rows.iter().sum();
        let mut x = rng.unit() * total;
        let mut fallback = None;
        for (i, &sum) in rows.iter().enumerate() {
            if x >= sum || sum <= 0.0 {
                x -= sum;
                continue;
            }
            let r = i + 1;
            for p in r * s + 1..=r * s + n {
                let wp = w.weight[side][p];
                if wp > 0.0 {
                    if x < wp {
                        return p;
                    }
                    x -= wp;
                    fallback = Some(p);
                }
            }
            if fallback.is_some() {
                break;
            }
        }
        fallback.unwrap_or_else(|| self.any_empty())
    }

    /// Some empty cell (padded index); the caller knows there is one.
    fn any_empty(&self) -> usize {
        self.cells.iter().position(|&c| c == EMPTY).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::Game;

    fn board(n: usize) -> PlayBoard<u128> {
        let game = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
        PlayBoard::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("fits"))
    }

    #[test]
    fn a_global_playout_fills_the_board_and_names_the_connected_side() {
        let policy = LocalPolicy::shipped_whole_board();
        let mut w = GlobalWeights::new(f32::INFINITY);
        let root = board(9);
        let mut b = root.clone();
        let mut rng = FastRng::new(3);
        let mut wins = [0u32; 2];
        for _ in 0..400 {
            b.reset_from(&root);
            let winner = b.playout_global(&mut rng, policy, &mut w, Some(LocalPolicy::shipped()));
            assert_eq!(b.empty_cells(), 0u128, "the board is full");
            let black = b.stones(Color::Black);
            assert_eq!(b.geometry().connects(black, Color::Black), winner == Color::Black);
            wins[winner.index()] += 1;
        }
        // Both sides win some playouts from the empty board.
        assert!(wins[0] > 40 && wins[1] > 40, "{wins:?}");
    }

    #[test]
    fn the_draw_follows_the_weights() {
        // Only three cells carry weight, 1 : 2 : 7.
        let root = board(5);
        let s = root.stride();
        let mut w = GlobalWeights::new(f32::INFINITY);
        let cells = [s + 1, 2 * s + 3, 5 * s + 5];
        for (&p, g) in cells.iter().zip([1.0f32, 2.0, 7.0]) {
            w.weight[0][p] = g;
            w.rows[0][p / s] += g;
        }
        let mut rng = FastRng::new(9);
        let mut counts = [0u32; 3];
        for _ in 0..10_000 {
            let p = root.draw(&w, 0, s, &mut rng);
            let i = cells.iter().position(|&c| c == p).unwrap_or_else(|| panic!("drew {p}"));
            counts[i] += 1;
        }
        assert!((800..1_200).contains(&counts[0]), "{counts:?}");
        assert!((1_800..2_200).contains(&counts[1]), "{counts:?}");
        assert!((6_600..7_400).contains(&counts[2]), "{counts:?}");
    }
}

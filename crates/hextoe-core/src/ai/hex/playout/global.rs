//! Playouts drawn over the whole board by learned shape (MoHex 2.0's global pattern playouts).
//!
//! A playout move that saves no bridge and does not reply next to the last stone is, by default, a
//! uniformly random empty cell. Drawn over the whole board instead, each empty cell is chosen in proportion
//! to its weight: the strength γ of its six-neighbour shape in the whole-board fit
//! ([`Fit::WholeBoard`](super::Fit), fitted as exactly this model: a cell is chosen with probability
//! γ / Σγ of every empty cell), capped at a multiple of γ₀ (the strength of a cell with no stone beside it)
//! so that a few strong shapes do not decide every playout alike, and zero for a cell its shape makes
//! dead. MoHex 2.0 caps its global weights too.
//!
//! The draw is by rejection: a uniformly random empty cell is kept with probability its weight over the
//! largest weight, else another is drawn. That reads one table entry per try and keeps nothing up to date
//! as stones go down, so the playouts stay cheap; after [`TRIES`] tries the cell in hand is kept, which
//! bounds a draw's cost where only dead or weak cells are left (the end of a playout, where a cell's colour
//! rarely decides anything).
//!
//! The local replies keep their own odds: whether the playout answers the last stone is drawn against γ₀
//! of the replies' fit for each other empty cell, as that fit was made (see [`LocalPolicy`]), and only where
//! the playout plays elsewhere does the whole-board draw choose the cell.

use super::bridge::{EMPTY, PlayBoard};
use super::{FastRng, LocalPolicy};
use crate::ai::hex::bitboard::{Bits, dead_pattern};
use crate::game::hex::Color;

/// The most tries of a weighted draw before the cell in hand is kept, whatever its weight.
const TRIES: u32 = 16;

/// Each side's odds of keeping a drawn cell, by its six-neighbour ring: the cell's capped weight over the
/// largest capped weight. Built once per search and shared by its playouts.
#[derive(Clone, Debug)]
pub struct GlobalWeights {
    /// `odds[side][ring]`, side 0 Black, 1 White.
    odds: Box<[[f32; 4096]; 2]>,
}

impl GlobalWeights {
    /// The odds of the shipped whole-board fit, each weight capped at `cap` × γ₀ (`cap` at least 1: no cap
    /// below γ₀ itself would leave an empty shape's cell any weight to compare with).
    pub fn new(cap: f32) -> GlobalWeights {
        GlobalWeights::of(LocalPolicy::shipped_whole_board(), cap)
    }

    /// The odds of `policy`'s six-neighbour strengths (a whole-board fit), each capped at `cap` × its γ₀.
    pub fn of(policy: &LocalPolicy, cap: f32) -> GlobalWeights {
        let mut odds = Box::new([[0f32; 4096]; 2]);
        for (side, mover) in [Color::Black, Color::White].into_iter().enumerate() {
            let most = cap.max(1.0) * policy.other(mover);
            let weights = &mut odds[side];
            for (ring, w) in weights.iter_mut().enumerate() {
                *w = if dead_pattern(ring) { 0.0 } else { policy.gamma(mover, ring).min(most) };
            }
            let top = weights.iter().copied().fold(0f32, f32::max);
            for w in weights.iter_mut() {
                *w = if top > 0.0 { *w / top } else { 1.0 };
            }
        }
        GlobalWeights { odds }
    }

    /// The odds of keeping a drawn cell of ring `ring` when `mover` is to move.
    #[inline]
    pub(super) fn odds(&self, mover: Color, ring: usize) -> f32 {
        self.odds[mover.index()][ring & 4095]
    }
}

impl<B: Bits> PlayBoard<B> {
    /// Plays to the end of the game like [`PlayBoard::playout`] (bridges saved, the last stone answered by
    /// `replies`), but a move played elsewhere is drawn over every empty cell by `w` rather than uniformly;
    /// returns the winner.
    pub fn playout_global(&mut self, rng: &mut FastRng, w: &GlobalWeights, replies: Option<&LocalPolicy>) -> Color {
        self.playout_with(rng, true, replies, |b, len, mover, rng| b.draw_weighted(len, w, mover, rng))
    }

    /// An empty cell (padded index) for `mover`, drawn by `w` (see the module docs) from the first `len`
    /// entries of the list of the cells that were empty when it was made; the cell drawn and every stale
    /// entry met are dropped, a rejected cell stays. The caller knows a cell is empty.
    #[inline]
    pub(super) fn draw_weighted(
        &mut self,
        len: &mut usize,
        w: &GlobalWeights,
        mover: Color,
        rng: &mut FastRng,
    ) -> usize {
        let mut tries = 0;
        loop {
            let k = rng.below(*len);
            let p = usize::from(self.list[k]);
            let open = self.cells[p] == EMPTY;
            if open {
                tries += 1;
                if tries < TRIES && rng.unit() >= w.odds(mover, self.pattern(p)) {
                    continue;
                }
            }
            // Kept, or stale: either way its entry goes.
            *len -= 1;
            self.list[k] = self.list[*len];
            if open {
                return p;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::{Game, HexMove};

    fn board(n: usize, moves: &str) -> PlayBoard<u128> {
        let mut game = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
        for m in moves.split_whitespace() {
            game.play(HexMove::parse(m, n).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        }
        PlayBoard::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("fits"))
    }

    #[test]
    fn a_global_playout_fills_the_board_and_names_the_connected_side() {
        let w = GlobalWeights::new(4.0);
        let root = board(9, "");
        let mut b = root.clone();
        let mut rng = FastRng::new(3);
        let mut wins = [0u32; 2];
        for _ in 0..400 {
            b.reset_from(&root);
            let winner = b.playout_global(&mut rng, &w, Some(LocalPolicy::shipped()));
            assert_eq!(b.empty_cells(), 0u128, "the board is full");
            let black = b.stones(Color::Black);
            assert_eq!(b.geometry().connects(black, Color::Black), winner == Color::Black);
            wins[winner.index()] += 1;
        }
        // Both sides win some playouts from the empty board.
        assert!(wins[0] > 40 && wins[1] > 40, "{wins:?}");
    }

    #[test]
    fn the_odds_follow_the_capped_strengths_and_leave_dead_cells_out() {
        let policy = LocalPolicy::shipped_whole_board();
        for cap in [1.0f32, 4.0, 1e9] {
            let w = GlobalWeights::of(policy, cap);
            for mover in [Color::Black, Color::White] {
                let g0 = policy.other(mover);
                let weight = |ring| policy.gamma(mover, ring).min(cap * g0);
                // Two live rings of different strengths keep their ratio (a dead ring weighs nothing).
                let live: Vec<usize> = (0..4096).filter(|&r| !dead_pattern(r)).collect();
                let (a, b) = (live[0], live[live.len() / 2]);
                let (oa, ob) = (w.odds(mover, a), w.odds(mover, b));
                assert!((oa * weight(b) - ob * weight(a)).abs() < 1e-4 * (oa + ob), "cap {cap}: {a} {b}");
                assert!((0..4096).all(|r| (0.0..=1.0).contains(&w.odds(mover, r))));
                assert!((0..4096).any(|r| w.odds(mover, r) == 1.0), "the strongest is always kept");
                assert!(live.len() < 4096 && (0..4096).filter(|&r| dead_pattern(r)).all(|r| w.odds(mover, r) == 0.0));
            }
        }
    }

    #[test]
    fn the_draw_follows_the_odds_up_to_the_tries_bound() {
        // 3×3 after a1 b1 a3: the empty cells' odds differ widely, some are weak enough that the tries
        // bound shows. A try takes one of the m cells uniformly and keeps it with its odds, the last try
        // keeps it whatever they are, so cell i comes out with probability
        // Σ_{t<TRIES} (1 − ō)^(t−1) · oᵢ/m + (1 − ō)^(TRIES−1) / m, ō being the mean odds.
        let root = board(3, "a1 b1 a3");
        let w = GlobalWeights::new(4.0);
        let mover = root.to_move();
        let empty: Vec<usize> = root.empty_cells().ones().map(|k| usize::from(root.pad[k])).collect();
        let odds: Vec<f64> = empty.iter().map(|&p| f64::from(w.odds(mover, root.pattern(p)))).collect();
        let m = odds.len() as f64;
        let miss = 1.0 - odds.iter().sum::<f64>() / m;
        let kept: f64 = (0..TRIES - 1).map(|t| miss.powi(t as i32)).sum();
        let want: Vec<f64> = odds.iter().map(|o| kept * o / m + miss.powi(TRIES as i32 - 1) / m).collect();
        assert!((want.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        let mut rng = FastRng::new(9);
        let mut counts = vec![0u32; empty.len()];
        let mut b = root.clone();
        let draws = 40_000;
        for _ in 0..draws {
            b.reset_from(&root);
            let mut len = b.list.len();
            let p = b.draw_weighted(&mut len, &w, mover, &mut rng);
            let i = empty.iter().position(|&c| c == p).unwrap_or_else(|| panic!("drew {p}, not empty"));
            counts[i] += 1;
        }
        for (i, &c) in counts.iter().enumerate() {
            let want = want[i] * f64::from(draws);
            // Five standard deviations of a binomial count.
            let sd = (want * (1.0 - want / f64::from(draws))).sqrt();
            assert!((f64::from(c) - want).abs() < 5.0 * sd + 1.0, "cell {i}: {c} drawn, {want:.0} expected");
        }
    }
}

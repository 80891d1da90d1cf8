//! The playouts' local replies to the last stone, drawn by the learned strengths of a [`LocalPolicy`]
//! among the stone's empty neighbours and bridge partners, against γ₀ for every other empty cell.

use super::bridge::{EMPTY, PlayBoard};
use super::{FastRng, LocalPolicy};
use crate::ai::hex::knowledge::bitboard::Bits;
use crate::game::hex::Color;

impl<B: Bits> PlayBoard<B> {
    /// A reply among the empty neighbours of the stone at padded index `last` — and its bridge partners, if
    /// the policy answers there — drawn by their shapes' strengths, against the rest of the board, γ₀ for
    /// each other empty cell (see [`LocalPolicy`]); `None` to play elsewhere instead.
    #[inline]
    pub(super) fn local_reply(
        &self,
        last: usize,
        mover: Color,
        policy: &LocalPolicy,
        rng: &mut FastRng,
    ) -> Option<usize> {
        match policy.near_cells(mover) {
            (tables, 12) => self.reply_among::<12>(last, mover, policy, &tables, rng),
            (tables, _) => self.reply_among::<6>(last, mover, policy, &tables, rng),
        }
    }

    /// [`PlayBoard::local_reply`] among the first `N` of the last stone's twelve near cells (its six
    /// neighbours, then its six bridge partners), cell `i` by its strength in `tables[i]` (see
    /// [`LocalPolicy::near_cells`]), without a branch on whether each is empty — which cell is empty is a coin
    /// toss the processor cannot predict, and this look runs at almost every playout move. A taken cell
    /// weighs 0, so the draw is that of the reply's definition over the empty ones in order. A partner of a
    /// cell on the board's rim may lie beyond the one-cell border: off the array it reads as taken, and
    /// one row over it is a border cell, also taken.
    #[inline]
    fn reply_among<const N: usize>(
        &self,
        last: usize,
        mover: Color,
        policy: &LocalPolicy,
        tables: &[&[f32; 4096]; 12],
        rng: &mut FastRng,
    ) -> Option<usize> {
        let mut weights = [0f32; N];
        let (mut sum, mut local) = (0f32, 0usize);
        for (i, w) in weights.iter_mut().enumerate() {
            let q = last.wrapping_add_signed(self.ring[i]);
            let open = self.cells.get(q) == Some(&EMPTY);
            let ring = usize::from(self.rings.get(q).copied().unwrap_or(0)) & 4095;
            *w = tables[i][ring] * f32::from(u8::from(open));
            sum += *w;
            local += usize::from(open);
        }
        let rest = policy.other(mover) * (self.empty - local) as f32;
        draw_reply(&weights, sum, local, rest, rng).map(|i| last.wrapping_add_signed(self.ring[i]))
    }
}

/// Draws between `weights` (the local replies' weights, summing to `sum`; `local` of them are empty cells)
/// and the rest of the board, of weight `rest`, with one number from `rng`: the index of the reply drawn,
/// or `None` to play elsewhere.
#[inline]
fn draw_reply(weights: &[f32], sum: f32, local: usize, rest: f32, rng: &mut FastRng) -> Option<usize> {
    if local == 0 {
        return None;
    }
    let mut x = rng.unit() * (sum + rest);
    if x >= sum {
        return None;
    }
    for (i, &w) in weights.iter().enumerate() {
        if x < w {
            return Some(i);
        }
        x -= w;
    }
    None
}

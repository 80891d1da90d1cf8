//! The playouts' local replies: after each stone, a move next to it is chosen with a probability that
//! follows the learned strength of its six-neighbour shape (MoHex 2.0's pattern playouts, restricted to the
//! last stone's neighbours so that a playout move stays cheap).
//!
//! A move among the last stone's empty neighbours is drawn with probability Σγ(local) / (Σγ(local) + γ₀·m),
//! where γ₀ is the strength of a cell with no stone beside it and m counts the other empty cells; within
//! the neighbours, each in proportion to its γ. Otherwise the move is uniformly random, as before.

use crate::ai::hex::patterns::PatternTable;
use crate::ai::hex::patterns::shape::{Near, playout_key};
use crate::game::hex::Color;
use std::sync::OnceLock;

/// The strengths of every ring pattern for each side to move, looked up by the raw pattern of the
/// playout board (two bits a neighbour, in its ring order).
#[derive(Clone, Debug)]
pub struct LocalPolicy {
    gamma: [Box<[f32; 4096]>; 2],
    /// γ₀: the strength of a cell with six empty neighbours, standing for every cell not next to the
    /// last stone.
    other: [f32; 2],
    /// The factors of a neighbour of the last stone and of its bridge partner ([1, 0]: neighbours by their
    /// shape alone, bridge partners not among the replies).
    near: [f32; 2],
}

impl LocalPolicy {
    /// The policy of the shipped pattern table.
    pub fn shipped() -> &'static LocalPolicy {
        static POLICY: OnceLock<LocalPolicy> = OnceLock::new();
        POLICY.get_or_init(|| LocalPolicy::new(PatternTable::shipped()))
    }

    /// The policy of the shipped table with its fitted last-move factors: replies among the last stone's
    /// neighbours and bridge partners, each weighed by its place (see [`LocalPolicy::with_near`]).
    pub fn shipped_near() -> &'static LocalPolicy {
        static POLICY: OnceLock<LocalPolicy> = OnceLock::new();
        POLICY.get_or_init(|| LocalPolicy::shipped().clone().with_near(PatternTable::shipped()))
    }

    /// This policy with `table`'s playout factors for the last stone's neighbours and bridge partners
    /// ([`Near::playout_key`]; 1 for a factor the table does not list).
    pub fn with_near(self, table: &PatternTable) -> LocalPolicy {
        let f = |r: Near| table.listed(r.playout_key()).unwrap_or(1.0);
        LocalPolicy { near: [f(Near::Adjacent), f(Near::Bridge)], ..self }
    }

    /// The factors of a neighbour of the last stone and of its bridge partner.
    #[inline]
    pub fn near(&self) -> [f32; 2] {
        self.near
    }

    /// The policy of `table`'s playout shapes; shapes it does not list have γ = 1.
    pub fn new(table: &PatternTable) -> LocalPolicy {
        let side = |c: Color| Box::new(std::array::from_fn(|p| table.listed(playout_key(p, c)).unwrap_or(1.0)));
        let other = |c: Color| table.listed(playout_key(0, c)).unwrap_or(1.0);
        LocalPolicy {
            gamma: [side(Color::Black), side(Color::White)],
            other: [other(Color::Black), other(Color::White)],
            near: [1.0, 0.0],
        }
    }

    /// The strength of an empty cell whose ring pattern is `ring`, for `mover`.
    #[inline]
    pub fn gamma(&self, mover: Color, ring: usize) -> f32 {
        self.gamma[mover.index()][ring & 4095]
    }

    /// γ₀ for `mover`.
    #[inline]
    pub fn other(&self, mover: Color) -> f32 {
        self.other[mover.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::patterns::shape::PLAYOUT;

    #[test]
    fn the_policy_reads_the_tables_playout_shapes_in_the_movers_frame() {
        // Black to move, a black stone to the north (ring slot 2 in the playout order, value 1).
        let north_black = 1 << (2 * 2);
        let key = playout_key(north_black, Color::Black);
        let table = PatternTable::from_entries(vec![(key, 7.0), (playout_key(0, Color::Black), 0.5)]);
        let p = LocalPolicy::new(&table);
        assert_eq!(p.gamma(Color::Black, north_black), 7.0);
        assert_eq!(p.other(Color::Black), 0.5);
        // The same shape for White is a white stone to the west (its frame is transposed).
        let west_white = 2 << (2 * 3);
        assert_eq!(p.gamma(Color::White, west_white), 7.0);
        assert_eq!(p.gamma(Color::White, north_black), 1.0, "not listed");
        assert!(key & PLAYOUT != 0);
    }

    #[test]
    fn the_shipped_table_has_playout_shapes() {
        let p = LocalPolicy::shipped();
        assert!(p.gamma[0].iter().any(|&g| g != 1.0));
    }
}

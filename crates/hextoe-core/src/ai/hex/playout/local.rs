//! The playouts' local replies: after each stone, a move next to it is chosen with a probability that
//! follows the learned strength of its six-neighbour shape (MoHex 2.0's pattern playouts, restricted to the
//! last stone's neighbours so that a playout move stays cheap).
//!
//! A move among the last stone's empty neighbours is drawn with probability Σγ(local) / (Σγ(local) + γ₀·m),
//! where γ₀ stands for each of the m other empty cells; within the neighbours, each in proportion to its
//! γ. Otherwise the move is uniformly random, as before. The strengths come from one of two fits
//! ([`Fit`]): the replies' own model, the default, or the whole-board one that the whole-board playouts
//! draw by.

use crate::ai::hex::patterns::PatternTable;
use crate::ai::hex::patterns::shape::{Near, REPLY, playout_key};
use crate::game::hex::Color;
use std::sync::OnceLock;

/// Which of the table's two fits of the six-neighbour shapes a policy reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fit {
    /// The replies' own model ([`fit_replies`](crate::ai::hex::patterns::train::fit_replies)): how often
    /// strong players answer the last stone with each shape next to it rather than play elsewhere. It
    /// foretells the games better (the README's "How well the playouts foretell a game").
    Replies,
    /// The whole-board model ([`fit_playout`](crate::ai::hex::patterns::train::fit_playout)): how often
    /// each shape is played among every empty cell, as the whole-board playouts draw.
    WholeBoard,
}

/// The strengths of every ring pattern for each side to move, looked up by the raw pattern of the
/// playout board (two bits a neighbour, in its ring order).
#[derive(Clone, Debug)]
pub struct LocalPolicy {
    gamma: [Box<[f32; 4096]>; 2],
    /// γ₀, standing for every cell not next to the last stone: in the replies' fit its own strength, in
    /// the whole-board fit that of a cell with six empty neighbours.
    other: [f32; 2],
    /// The factors of a neighbour of the last stone and of its bridge partner ([1, 0]: neighbours by their
    /// shape alone, bridge partners not among the replies).
    near: [f32; 2],
}

impl LocalPolicy {
    /// The policy of the shipped pattern table's replies' fit: the playouts' default.
    pub fn shipped() -> &'static LocalPolicy {
        static POLICY: OnceLock<LocalPolicy> = OnceLock::new();
        POLICY.get_or_init(|| LocalPolicy::new(PatternTable::shipped(), Fit::Replies))
    }

    /// The policy of the shipped table's whole-board fit, which the whole-board playouts draw by.
    pub fn shipped_whole_board() -> &'static LocalPolicy {
        static POLICY: OnceLock<LocalPolicy> = OnceLock::new();
        POLICY.get_or_init(|| LocalPolicy::new(PatternTable::shipped(), Fit::WholeBoard))
    }

    /// The whole-board policy of the shipped table with its fitted last-move factors: replies among the
    /// last stone's neighbours and bridge partners, each weighed by its place (see
    /// [`LocalPolicy::with_near`]; the factors were fitted against the whole-board strengths).
    pub fn shipped_near() -> &'static LocalPolicy {
        static POLICY: OnceLock<LocalPolicy> = OnceLock::new();
        POLICY.get_or_init(|| LocalPolicy::shipped_whole_board().clone().with_near(PatternTable::shipped()))
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

    /// The policy of `table`'s fit `fit` of the six-neighbour shapes; shapes it does not list have γ = 1.
    pub fn new(table: &PatternTable, fit: Fit) -> LocalPolicy {
        let mark = if fit == Fit::Replies { REPLY } else { 0 };
        let key = |p: usize, c: Color| playout_key(p, c) | mark;
        let side = |c: Color| Box::new(std::array::from_fn(|p| table.listed(key(p, c)).unwrap_or(1.0)));
        let other = |c: Color| table.listed(key(0, c)).unwrap_or(1.0);
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
        let p = LocalPolicy::new(&table, Fit::WholeBoard);
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
        let p = LocalPolicy::shipped_whole_board();
        assert!(p.gamma[0].iter().any(|&g| g != 1.0));
    }

    #[test]
    fn the_default_policy_reads_the_replies_fit_and_the_whole_board_one_its_own() {
        // One table listing a shape in both fits, with different strengths and γ₀s: each policy reads its
        // own, and the replies' keys carry the REPLY mark.
        let north_black = 1 << (2 * 2);
        let key = playout_key(north_black, Color::Black);
        let table = PatternTable::from_entries(vec![
            (key, 7.0),
            (playout_key(0, Color::Black), 0.5),
            (key | REPLY, 30.0),
            (REPLY, 0.2),
        ]);
        let replies = LocalPolicy::new(&table, Fit::Replies);
        let whole = LocalPolicy::new(&table, Fit::WholeBoard);
        assert_eq!((replies.gamma(Color::Black, north_black), replies.other(Color::Black)), (30.0, 0.2));
        assert_eq!((whole.gamma(Color::Black, north_black), whole.other(Color::Black)), (7.0, 0.5));
        // The shipped table has both fits, and they differ.
        let (a, b) = (LocalPolicy::shipped(), LocalPolicy::shipped_whole_board());
        assert!(a.gamma[0].iter().any(|&g| g != 1.0), "the replies' fit is shipped");
        assert_ne!(a.other(Color::Black), b.other(Color::Black));
    }
}

//! The playouts' local replies: after each stone, a move next to it or on one of its bridge partners is
//! chosen with a probability that follows the learned strength of the cell's six-neighbour shape (MoHex
//! 2.0's pattern playouts, which answer among the same twelve cells, with shapes cut down to the six
//! neighbours so that a playout move reads one precomputed ring a cell).
//!
//! A move among the last stone's empty neighbours and bridge partners is drawn with probability
//! Σγ(local) / (Σγ(local) + γ₀·m), where γ₀ stands for each of the m other empty cells; among the local
//! cells, each in proportion to its γ. Otherwise the move is uniformly random, as before. A neighbour and a
//! bridge partner of one shape have strengths of their own: strong players answer a stone next to it far
//! more often than two cells away. The strengths are the replies' own model
//! ([`fit_replies`](crate::ai::hex::knowledge::patterns::train::fit_replies)): how often strong players answer the
//! last stone with each shape next to it or on its bridge partners rather than play elsewhere.

use crate::ai::hex::knowledge::patterns::PatternTable;
use crate::ai::hex::knowledge::patterns::shape::{PARTNER_REPLY, REPLY, playout_key};
use crate::game::hex::Color;
use std::sync::OnceLock;

/// One strength for every ring pattern, looked up by the raw pattern of the playout board (two bits a
/// neighbour, in its ring order).
type Strengths = Box<[f32; 4096]>;

/// The strengths a playout draws its local replies by, for each side to move.
#[derive(Clone, Debug)]
pub struct LocalPolicy {
    /// A neighbour of the last stone's strength, by side to move.
    gamma: [Strengths; 2],
    /// γ₀, the strength standing for every cell that is no local reply.
    other: [f32; 2],
    /// A bridge partner of the last stone's strength, by side to move; `None` where the policy answers
    /// next to the stone alone.
    partner: Option<[Strengths; 2]>,
}

impl LocalPolicy {
    /// The policy of the shipped pattern table.
    pub fn shipped() -> &'static LocalPolicy {
        static POLICY: OnceLock<LocalPolicy> = OnceLock::new();
        POLICY.get_or_init(|| LocalPolicy::new(PatternTable::shipped()))
    }

    /// This policy with its local replies `odds` times as likely against a move elsewhere: γ₀, which
    /// stands for each other empty cell, divided by `odds` (a positive number;
    /// [`Params::local_odds`](crate::ai::hex::players::mcts::Params::local_odds)).
    pub fn with_odds(self, odds: f32) -> LocalPolicy {
        LocalPolicy { other: self.other.map(|g| g / odds), ..self }
    }

    /// The policy of `table`'s reply strengths of the six-neighbour shapes; shapes it does not list have
    /// γ = 1. It answers on the bridge partners too if the table lists any partner shape.
    pub fn new(table: &PatternTable) -> LocalPolicy {
        let strengths = |mark: u32| {
            [Color::Black, Color::White]
                .map(|c| Box::new(std::array::from_fn(|p| table.listed(playout_key(p, c) | mark).unwrap_or(1.0))))
        };
        let other = |c: Color| table.listed(playout_key(0, c) | REPLY).unwrap_or(1.0);
        let partners = (0..4096).any(|p| table.listed(playout_key(p, Color::Black) | PARTNER_REPLY).is_some());
        LocalPolicy {
            gamma: strengths(REPLY),
            other: [other(Color::Black), other(Color::White)],
            partner: partners.then(|| strengths(PARTNER_REPLY)),
        }
    }

    /// This policy answering next to the last stone alone, for tests of the six-cell draw.
    #[cfg(test)]
    pub(crate) fn without_partners(self) -> LocalPolicy {
        LocalPolicy { partner: None, ..self }
    }

    /// The strengths of each of the last stone's twelve near cells for `mover` (its neighbours in the
    /// playout board's ring order, then its bridge partners), by ring pattern, and how many of them the
    /// policy answers in: 12, or 6 where it answers next to the stone alone.
    #[inline]
    pub fn near_cells(&self, mover: Color) -> ([&[f32; 4096]; 12], usize) {
        let m = mover.index();
        let n: &[f32; 4096] = &self.gamma[m];
        match &self.partner {
            Some(p) => (std::array::from_fn(|i| if i < 6 { n } else { &*p[m] }), 12),
            None => ([n; 12], 6),
        }
    }

    /// The strengths of the last stone's bridge partners for `mover`, by ring pattern; `None` if the policy
    /// answers next to the stone alone.
    #[inline]
    pub fn partners(&self, mover: Color) -> Option<&[f32; 4096]> {
        self.partner.as_ref().map(|p| &*p[mover.index()])
    }

    /// The strengths of the last stone's neighbours for `mover`, by ring pattern.
    #[inline]
    pub fn neighbours(&self, mover: Color) -> &[f32; 4096] {
        &self.gamma[mover.index()]
    }

    /// The strength of an empty cell whose ring pattern is `ring`, for `mover`.
    #[inline]
    pub fn gamma(&self, mover: Color, ring: usize) -> f32 {
        self.neighbours(mover)[ring & 4095]
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
    use crate::ai::hex::knowledge::patterns::shape::PLAYOUT;

    #[test]
    fn the_policy_reads_the_reply_strengths_in_the_movers_frame() {
        // Black to move, a black stone to the north (ring slot 2 in the playout order, value 1).
        let north_black = 1 << (2 * 2);
        let key = playout_key(north_black, Color::Black);
        assert!(key & PLAYOUT != 0);
        let table = PatternTable::from_entries(vec![(key | REPLY, 7.0), (REPLY, 0.5)]);
        let p = LocalPolicy::new(&table);
        assert_eq!(p.gamma(Color::Black, north_black), 7.0);
        assert_eq!(p.other(Color::Black), 0.5);
        // The same shape for White is a white stone to the west (its frame is transposed).
        let west_white = 2 << (2 * 3);
        assert_eq!(p.gamma(Color::White, west_white), 7.0);
        assert_eq!(p.gamma(Color::White, north_black), 1.0, "not listed");
        // Without partner shapes, the policy answers next to the stone alone.
        assert!(p.partners(Color::Black).is_none());
        assert_eq!(p.near_cells(Color::Black).1, 6);
    }

    #[test]
    fn partner_shapes_have_strengths_of_their_own_and_odds_scale_gamma_zero() {
        let north_black = 1 << (2 * 2);
        let key = playout_key(north_black, Color::Black);
        let table = PatternTable::from_entries(vec![(key | REPLY, 30.0), (REPLY, 0.2), (key | PARTNER_REPLY, 3.0)]);
        let p = LocalPolicy::new(&table);
        assert_eq!((p.gamma(Color::Black, north_black), p.other(Color::Black)), (30.0, 0.2));
        assert_eq!(p.partners(Color::Black).map(|g| g[north_black]), Some(3.0));
        let (tables, reach) = p.near_cells(Color::Black);
        assert_eq!((reach, tables[0][north_black], tables[6][north_black]), (12, 30.0, 3.0));
        let doubled = p.clone().with_odds(2.0);
        assert_eq!(doubled.other(Color::Black), 0.1, "twice the odds halve γ₀");
        assert_eq!(doubled.gamma(Color::Black, north_black), 30.0, "and leave the replies' strengths");
    }

    #[test]
    fn the_shipped_table_has_reply_and_partner_shapes() {
        let p = LocalPolicy::shipped();
        assert!(p.gamma[0].iter().any(|&g| g != 1.0), "the replies' strengths are shipped");
        assert!(p.partners(Color::White).is_some_and(|g| g.iter().any(|&g| g != 1.0)));
        assert!(p.other(Color::Black) < 1.0, "a cell elsewhere is a weaker answer than a shape nearby");
    }
}

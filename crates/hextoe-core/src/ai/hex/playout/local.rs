//! The playouts' local replies: after each stone, a move next to it or on one of its bridge partners is
//! chosen with a probability that follows the learned strength of the cell's six-neighbour shape (MoHex
//! 2.0's pattern playouts, which answer among the same twelve cells, with shapes cut down to the six
//! neighbours so that a playout move reads one precomputed ring a cell).
//!
//! A move among the last stone's empty neighbours and bridge partners is drawn with probability
//! Σγ(local) / (Σγ(local) + γ₀·m), where γ₀ stands for each of the m other empty cells; among the local
//! cells, each in proportion to its γ. Otherwise the move is uniformly random, as before. A neighbour and a
//! bridge partner of one shape have strengths of their own: strong players answer a stone next to it far
//! more often than two cells away. The strengths come from one of three fits ([`Fit`]): the replies' own
//! model, the default; the directed replies, whose strengths also know on which side of the stone a cell
//! lies; or the whole-board one that the whole-board playouts draw by, which answers next to the stone
//! alone unless [`LocalPolicy::with_near`] weighs its places.

use crate::ai::hex::patterns::PatternTable;
use crate::ai::hex::patterns::shape::{
    DIRECTED, Near, PARTNER_REPLY, REPLY, playout_directed_fallback, playout_directed_key, playout_key,
};
use crate::game::hex::Color;
use std::sync::OnceLock;

/// Which of the table's two fits of the six-neighbour shapes a policy reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fit {
    /// The replies' own model ([`fit_replies`](crate::ai::hex::patterns::train::fit_replies)): how often
    /// strong players answer the last stone with each shape next to it or on its bridge partners rather
    /// than play elsewhere. It foretells the games better (the README's "How well the playouts foretell a
    /// game").
    Replies,
    /// The whole-board model ([`fit_playout`](crate::ai::hex::patterns::train::fit_playout)): how often
    /// each shape is played among every empty cell, as the whole-board playouts draw.
    WholeBoard,
    /// The directed replies' model ([`fit_directed`](crate::ai::hex::patterns::train::fit_directed)): as
    /// [`Fit::Replies`], but each of the twelve near cells has strengths of its own, by which side of the
    /// last stone it lies on.
    Directed,
}

/// One strength for every ring pattern, looked up by the raw pattern of the playout board (two bits a
/// neighbour, in its ring order).
type Strengths = Box<[f32; 4096]>;

/// The strengths a playout draws its local replies by (and, for the whole-board fit, every move), for each
/// side to move.
#[derive(Clone, Debug)]
pub struct LocalPolicy {
    /// A neighbour of the last stone's strength (for the whole-board fit: any cell's; for the directed fit,
    /// a neighbour's by its shape alone, on whichever side it lies: its fallback), by side to move.
    gamma: [Strengths; 2],
    /// γ₀, standing for every cell that is no local reply: in the replies' fit its own strength, in the
    /// whole-board fit that of a cell with six empty neighbours.
    other: [f32; 2],
    /// A bridge partner of the last stone's strength (for the directed fit, by its shape alone), by side to
    /// move; `None` where the policy answers next to the stone alone.
    partner: Option<[Strengths; 2]>,
    /// For the directed fit, each near cell's strengths by its slot (the playout board's ring order: the
    /// six neighbours, then the six partners) and side to move, in place of `gamma` and `partner`.
    directed: Option<[Box<[[f32; 4096]; 12]>; 2]>,
}

impl LocalPolicy {
    /// The policy of the shipped pattern table's replies' fit: the playouts' default.
    pub fn shipped() -> &'static LocalPolicy {
        static POLICY: OnceLock<LocalPolicy> = OnceLock::new();
        POLICY.get_or_init(|| LocalPolicy::new(PatternTable::shipped(), Fit::Replies))
    }

    /// The policy of the shipped table's directed replies ([`Fit::Directed`]).
    pub fn shipped_directed() -> &'static LocalPolicy {
        static POLICY: OnceLock<LocalPolicy> = OnceLock::new();
        POLICY.get_or_init(|| LocalPolicy::new(PatternTable::shipped(), Fit::Directed))
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

    /// This policy's neighbour strengths weighed by `table`'s playout factor for a neighbour of the last
    /// stone, and as its bridge partners' strengths the same weighed by the factor for a bridge partner
    /// ([`Near::playout_key`]; 1 for a factor the table does not list). Meant for the whole-board fit,
    /// whose strengths know no place; any partner strengths of the policy are replaced.
    pub fn with_near(self, table: &PatternTable) -> LocalPolicy {
        let f = |r: Near| table.listed(r.playout_key()).unwrap_or(1.0);
        let scaled = |factor: f32| self.gamma.clone().map(|g| Box::new(g.map(|x| x * factor)));
        LocalPolicy { gamma: scaled(f(Near::Adjacent)), partner: Some(scaled(f(Near::Bridge))), directed: None, ..self }
    }

    /// This policy with its local replies `odds` times as likely against a move elsewhere: γ₀, which
    /// stands for each other empty cell, divided by `odds` (a positive number;
    /// [`Params::local_odds`](crate::ai::hex::mcts::Params::local_odds)). The whole-board draw, which weighs
    /// the other cells itself, is not changed by it.
    pub fn with_odds(self, odds: f32) -> LocalPolicy {
        LocalPolicy { other: self.other.map(|g| g / odds), ..self }
    }

    /// The policy of `table`'s fit `fit` of the six-neighbour shapes; shapes it does not list have γ = 1.
    /// The replies' fit answers on the bridge partners too if the table lists any partner shape.
    pub fn new(table: &PatternTable, fit: Fit) -> LocalPolicy {
        if fit == Fit::Directed {
            let slots = |c: Color| {
                let mut out = Box::new([[1.0f32; 4096]; 12]);
                for (slot, strengths) in out.iter_mut().enumerate() {
                    for (ring, g) in strengths.iter_mut().enumerate() {
                        *g = (table.listed(playout_directed_key(slot, ring, c)))
                            .or_else(|| table.listed(playout_directed_fallback(slot, ring, c)))
                            .unwrap_or(1.0);
                    }
                }
                out
            };
            // A neighbour's and a partner's strength by shape alone, whatever their side: the fallbacks.
            let fallback = |slot: usize| {
                [Color::Black, Color::White].map(|c| {
                    Box::new(std::array::from_fn(|ring| {
                        table.listed(playout_directed_fallback(slot, ring, c)).unwrap_or(1.0)
                    }))
                })
            };
            let other = table.listed(DIRECTED).unwrap_or(1.0);
            return LocalPolicy {
                gamma: fallback(0),
                other: [other; 2],
                partner: Some(fallback(6)),
                directed: Some([slots(Color::Black), slots(Color::White)]),
            };
        }
        let mark = if fit == Fit::Replies { REPLY } else { 0 };
        let strengths = |mark: u32| {
            [Color::Black, Color::White]
                .map(|c| Box::new(std::array::from_fn(|p| table.listed(playout_key(p, c) | mark).unwrap_or(1.0))))
        };
        let other = |c: Color| table.listed(playout_key(0, c) | mark).unwrap_or(1.0);
        let partners = fit == Fit::Replies
            && (0..4096).any(|p| table.listed(playout_key(p, Color::Black) | PARTNER_REPLY).is_some());
        LocalPolicy {
            gamma: strengths(mark),
            other: [other(Color::Black), other(Color::White)],
            partner: partners.then(|| strengths(PARTNER_REPLY)),
            directed: None,
        }
    }

    /// The strengths of each of the last stone's twelve near cells for `mover` (its neighbours in the
    /// playout board's ring order, then its bridge partners), by ring pattern, and how many of them the
    /// policy answers in: 12, or 6 where it answers next to the stone alone.
    #[inline]
    pub fn near_cells(&self, mover: Color) -> ([&[f32; 4096]; 12], usize) {
        let m = mover.index();
        if let Some(d) = &self.directed {
            return (std::array::from_fn(|i| &d[m][i]), 12);
        }
        let n: &[f32; 4096] = &self.gamma[m];
        match &self.partner {
            Some(p) => (std::array::from_fn(|i| if i < 6 { n } else { &*p[m] }), 12),
            None => ([n; 12], 6),
        }
    }

    /// Whether each near cell has strengths of its own by its slot ([`Fit::Directed`]), so that
    /// [`LocalPolicy::neighbours`] and [`LocalPolicy::partners`] give only their side-blind fallbacks.
    pub fn is_directed(&self) -> bool {
        self.directed.is_some()
    }

    /// The strengths of the last stone's bridge partners for `mover`, by ring pattern; `None` if the policy
    /// answers next to the stone alone.
    #[inline]
    pub fn partners(&self, mover: Color) -> Option<&[f32; 4096]> {
        self.partner.as_ref().map(|p| &*p[mover.index()])
    }

    /// The strengths of the last stone's neighbours for `mover` (for the whole-board fit: of any cell), by
    /// ring pattern.
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
        // One table listing a shape in both fits and as a bridge partner, with different strengths and γ₀s:
        // each policy reads its own, and the replies' keys carry the REPLY mark.
        let north_black = 1 << (2 * 2);
        let key = playout_key(north_black, Color::Black);
        let table = PatternTable::from_entries(vec![
            (key, 7.0),
            (playout_key(0, Color::Black), 0.5),
            (key | REPLY, 30.0),
            (REPLY, 0.2),
            (key | PARTNER_REPLY, 3.0),
        ]);
        let replies = LocalPolicy::new(&table, Fit::Replies);
        let whole = LocalPolicy::new(&table, Fit::WholeBoard);
        assert_eq!((replies.gamma(Color::Black, north_black), replies.other(Color::Black)), (30.0, 0.2));
        assert_eq!((whole.gamma(Color::Black, north_black), whole.other(Color::Black)), (7.0, 0.5));
        assert_eq!(replies.partners(Color::Black).map(|p| p[north_black]), Some(3.0));
        assert!(whole.partners(Color::Black).is_none(), "the whole-board fit answers next to the stone alone");
        // A replies' fit without partner shapes answers next to the stone alone.
        let six = PatternTable::from_entries(vec![(key | REPLY, 30.0), (REPLY, 0.2)]);
        assert!(LocalPolicy::new(&six, Fit::Replies).partners(Color::Black).is_none());
        // The shipped table has both fits, and they differ; its replies reach the bridge partners.
        let (a, b) = (LocalPolicy::shipped(), LocalPolicy::shipped_whole_board());
        assert!(a.gamma[0].iter().any(|&g| g != 1.0), "the replies' fit is shipped");
        assert_ne!(a.other(Color::Black), b.other(Color::Black));
        assert!(a.partners(Color::White).is_some_and(|p| p.iter().any(|&g| g != 1.0)));
        // Its directed replies give near cells of one ring different strengths by their slot.
        let d = LocalPolicy::shipped_directed();
        let (tables, reach) = d.near_cells(Color::Black);
        assert_eq!(reach, 12);
        assert!((0..4096).any(|r| tables[6][r] != tables[7][r]), "two partners' strengths differ");
        assert!((0..4096).any(|r| tables[0][r] != tables[1][r]), "two neighbours' strengths differ");
        assert_ne!(d.other(Color::Black), a.other(Color::Black), "γ₀ of its own fit");
        // Asked for a neighbour's or a partner's strength without a side, it gives the shape's fallback.
        for c in [Color::Black, Color::White] {
            let table = PatternTable::shipped();
            let want = |slot: usize, r: usize| table.listed(playout_directed_fallback(slot, r, c)).unwrap_or(1.0);
            assert!((0..4096).all(|r| d.gamma(c, r) == want(0, r)), "a neighbour by its shape alone");
            assert!(d.partners(c).is_some_and(|p| (0..4096).all(|r| p[r] == want(6, r))), "a partner likewise");
            assert!((0..4096).any(|r| d.gamma(c, r) != d.other(c)), "not γ₀ everywhere");
        }
    }

    #[test]
    fn the_last_move_factors_weigh_neighbours_and_make_partners_of_the_same_strengths() {
        let north_black = 1 << (2 * 2);
        let key = playout_key(north_black, Color::Black);
        let table = PatternTable::from_entries(vec![
            (key, 7.0),
            (Near::Adjacent.playout_key(), 3.0),
            (Near::Bridge.playout_key(), 0.5),
        ]);
        let p = LocalPolicy::new(&table, Fit::WholeBoard).with_near(&table);
        assert_eq!(p.gamma(Color::Black, north_black), 21.0);
        assert_eq!(p.partners(Color::Black).map(|g| g[north_black]), Some(3.5));
        assert_eq!(p.other(Color::Black), 1.0, "γ₀ keeps its strength");
    }
}

#[cfg(test)]
#[path = "directed_tests.rs"]
mod directed_tests;

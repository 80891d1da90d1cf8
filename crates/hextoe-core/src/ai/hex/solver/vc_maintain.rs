//! Virtual-connection maintenance, after MoHex 2.0's VCM (Huang et al., 2013): when a stone intrudes into
//! every full connection H-search found between two of a colour's groups (or a group and an edge), the
//! colour restores the connection by playing the key of a semi connection between the same two that the
//! stone left alone. Strong players answer such intrusions almost always; the playouts and the learned
//! shapes see the answer to a bridge's intrusion, but not to an edge template's or a longer chain's.
//!
//! Unlike the must-play region this proves nothing (the intrusion may be worth more elsewhere, or the
//! connection may matter to nobody): the tree search only uses it to point its prior at the answers.

use super::HSearch;
use crate::ai::hex::bitboard::Bits;

/// The connections of the colour of the last H-search run that a stone can break, each with the semi
/// connections that may restore it; read with [`Maintenance::answers`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Maintenance<B> {
    /// Per pair of groups (edges included) with full connections: the cells in all of their carriers,
    /// where a stone breaks every one, and the pair's semi connections as `(carrier, key cell)`.
    links: Vec<(B, Vec<(B, usize)>)>,
}

impl<B: Bits> Maintenance<B> {
    /// The cells that restore a connection a stone at `probe` breaks: the keys of the semi connections
    /// of each broken pair whose carriers do not hold `probe`. Empty when `probe` breaks nothing.
    pub(crate) fn answers(&self, probe: usize) -> B {
        let mut out = B::ZERO;
        for (breaks, semis) in &self.links {
            if breaks.has(probe) {
                for &(carrier, key) in semis {
                    if !carrier.has(probe) {
                        out |= B::bit(key);
                    }
                }
            }
        }
        out
    }

    /// Every cell where a stone breaks some connection.
    pub(crate) fn probes(&self) -> B {
        self.links.iter().fold(B::ZERO, |acc, (breaks, _)| acc | *breaks)
    }
}

impl<B: Bits> HSearch<B> {
    /// What the last completed [`HSearch::run`] found to maintain; nothing if it stopped before building
    /// its tables (stones already joining the edges, or too many points). The pair of the two edges is
    /// left out: a full connection there has decided the game.
    pub(crate) fn maintenance(&self) -> Maintenance<B> {
        let mut links = Vec::new();
        for a in 0..self.first_cell {
            for b in a + 1..self.first_cell {
                if (a, b) == (0, 1) {
                    continue;
                }
                let i = self.pair(a, b);
                let vcs = self.vc[i].as_slice();
                let Some((&first, rest)) = vcs.split_first() else { continue };
                let breaks = rest.iter().fold(first, |acc, &c| acc & c);
                if breaks.is_zero() {
                    continue;
                }
                let sc = &self.sc[i];
                let semis = sc
                    .as_slice()
                    .iter()
                    .zip(&sc.tags)
                    .filter_map(|(&carrier, &key)| {
                        self.cell_bit.get(usize::from(key)).and_then(|k| k.lowest()).map(|k| (carrier, k))
                    })
                    .collect();
                links.push((breaks, semis));
            }
        }
        Maintenance { links }
    }
}

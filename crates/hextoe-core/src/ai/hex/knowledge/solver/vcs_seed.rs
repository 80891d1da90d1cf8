//! Starting a build from an earlier position's full connections, as a head start.
//!
//! df-pn builds, at each position, the connections of the colour not to move; so the build two plies up
//! the line (the grandparent's) is of the same colour, and the position holds all of its stones plus a
//! few new ones of each colour. Every full connection of that build is still one once those whose carrier
//! holds a new opponent stone are dropped and the colour's own new stones are taken out of the carriers.
//! They go into the new build as new connections, before its adjacencies, and the AND and OR rules then
//! combine everything as in a fresh build: the grandparent's work is not trusted, only its results, so a
//! connection a fresh build would crowd out or never reach is kept.

use super::Vcs;
use crate::ai::hex::knowledge::bitboard::Bits;
use crate::ai::hex::knowledge::solver::position::Pos;
use crate::game::hex::Color;

/// The connections a finished build held, with the position it was for: what a later position of the
/// same line can start its own build from ([`Vcs::run_from`]).
#[derive(Clone, Debug)]
pub(crate) struct Snapshot<B> {
    /// The colour whose connections these are; `None` if there is nothing to start from.
    color: Option<Color>,
    /// The position's stones, `[black, white]`.
    stones: [B; 2],
    /// Each point's cells.
    points: Vec<B>,
    /// The full connections: their two points and carrier.
    fulls: Vec<(u16, u16, B)>,
}

impl<B: Bits> Default for Snapshot<B> {
    fn default() -> Self {
        Snapshot { color: None, stones: [B::ZERO; 2], points: Vec::new(), fulls: Vec::new() }
    }
}

impl<B: Bits> Snapshot<B> {
    /// Forgets what the snapshot holds, so that no build starts from it.
    pub fn clear(&mut self) {
        self.color = None;
    }

    /// Whether the build of `pos` (the connections of the colour not to move) can start from this one:
    /// the same colour, and every stone of the snapshot's position is in `pos` with the same colour.
    pub fn fits(&self, pos: &Pos<B>) -> bool {
        self.color == Some(pos.to_move.opponent()) && self.fits_stones(pos)
    }

    /// Whether every stone of the snapshot's position is in `pos` with the same colour.
    fn fits_stones(&self, pos: &Pos<B>) -> bool {
        self.stones[0].subset_of(pos.stones[0]) && self.stones[1].subset_of(pos.stones[1])
    }
}

/// A point of the earlier build that is gone from the new one (a cell the opponent has taken since).
const GONE: u16 = u16::MAX;

impl<B: Bits> Vcs<B> {
    /// Copies the last build's full connections into `out`: `pos` must be the position it was for.
    pub(crate) fn snapshot(&self, pos: &Pos<B>, color: Color, out: &mut Snapshot<B>) {
        out.color = Some(color);
        out.stones = pos.stones;
        out.points.clear();
        out.points.extend_from_slice(&self.sets);
        out.fulls.clear();
        for &i in &self.touched {
            let i = i as usize;
            let (x, y) = ((i / self.p) as u16, (i % self.p) as u16);
            out.fulls.extend(self.fulls[i].iter().map(|f| (x, y, f.carrier)));
        }
    }

    /// Adds to the freshly reset tables of a build of `color` in `pos` the full connections of `snap`
    /// that still hold, if it is of the same colour and `pos` holds all of its stones; the caller then adds
    /// the adjacencies and runs the rules.
    pub(super) fn seed_from(&mut self, snap: &Snapshot<B>, pos: &Pos<B>, color: Color, cells: usize) {
        if snap.color != Some(color) || !snap.fits_stones(pos) {
            return;
        }
        let (me, them) = (color.index(), color.opponent().index());
        let mine = pos.stones[me].minus(snap.stones[me]);
        let theirs = pos.stones[them].minus(snap.stones[them]);
        // Where each cell is now: the point of its group, edge or empty cell.
        let mut at = vec![GONE; cells];
        for (j, s) in self.sets.iter().enumerate() {
            for k in s.ones() {
                at[k] = j as u16;
            }
        }
        // Each old point's new point: the edges stay, a group or cell goes where its first cell is now.
        let map: Vec<u16> = snap
            .points
            .iter()
            .enumerate()
            .map(|(i, &set)| match i {
                0 | 1 => i as u16,
                _ if set.meets(theirs) => GONE,
                _ => set.lowest().map_or(GONE, |k| at[k]),
            })
            .collect();
        for &(x, y, c) in &snap.fulls {
            let (a, b) = (map[x as usize], map[y as usize]);
            if a == GONE || b == GONE || a == b || c.meets(theirs) {
                continue;
            }
            self.add_full(a as usize, b as usize, c.minus(mine));
        }
    }
}

//! Starting a build from an earlier position's connections, as MoHex builds from its parent's.
//!
//! df-pn builds, at each position, the connections of the colour not to move; so the build two plies up
//! the line (the grandparent's) is of the same colour, and the position holds all of its stones plus a
//! few new ones of each colour. Every connection of that build is still a connection once those whose
//! carrier holds a new opponent stone are dropped and the colour's own new stones are taken out of the
//! carriers (a semi connection whose key the colour now holds is a full one). A connection that came
//! through unchanged — same carrier, same ends — was already combined with every other unchanged one by
//! the finished build, so it goes into its pair's list as processed; only the changed ones and the new
//! adjacencies are queued for the AND and OR rules.

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
    /// Each point's cells, and whether it is an empty cell (not an edge or a group).
    points: Vec<(B, bool)>,
    /// The full connections: their two points and carrier.
    fulls: Vec<(u16, u16, B)>,
    /// The semi connections: their two points, carrier, key point, and whether an OR has seen them.
    semis: Vec<(u16, u16, B, u16, bool)>,
}

impl<B: Bits> Default for Snapshot<B> {
    fn default() -> Self {
        Snapshot { color: None, stones: [B::ZERO; 2], points: Vec::new(), fulls: Vec::new(), semis: Vec::new() }
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
        self.color == Some(pos.to_move.opponent())
            && self.stones[0].subset_of(pos.stones[0])
            && self.stones[1].subset_of(pos.stones[1])
    }
}

/// A point of the earlier build that is gone from the new one (a cell the opponent has taken since).
const GONE: u16 = u16::MAX;

impl<B: Bits> Vcs<B> {
    /// Copies the last build into `out` if it ran to its end (otherwise two of its connections may never
    /// have been combined, so nothing may start from it): `pos` must be the position it was for.
    pub(crate) fn snapshot(&self, pos: &Pos<B>, color: Color, out: &mut Snapshot<B>) {
        out.color = None;
        if !self.complete {
            return;
        }
        out.color = Some(color);
        out.stones = pos.stones;
        out.points.clear();
        out.points.extend(self.sets.iter().enumerate().map(|(i, &s)| (s, i >= self.first_cell)));
        out.fulls.clear();
        out.semis.clear();
        for &i in &self.touched {
            let i = i as usize;
            let (x, y) = ((i / self.p) as u16, (i % self.p) as u16);
            out.fulls.extend(self.fulls[i].iter().map(|f| (x, y, f.carrier)));
            out.semis.extend(self.semis[i].iter().map(|s| (x, y, s.carrier, s.key, s.done)));
        }
    }

    /// Fills the freshly reset tables of a build of `color` in `pos` with what `snap` still holds, if it
    /// is of the same colour and `pos` holds all of its stones; the caller then adds the adjacencies and
    /// runs the rules.
    pub(super) fn seed_from(&mut self, snap: &Snapshot<B>, pos: &Pos<B>, color: Color, cells: usize) {
        let (me, them) = (color.index(), color.opponent().index());
        if snap.color != Some(color)
            || !snap.stones[me].subset_of(pos.stones[me])
            || !snap.stones[them].subset_of(pos.stones[them])
        {
            return;
        }
        let mine = pos.stones[me].minus(snap.stones[me]);
        let theirs = pos.stones[them].minus(snap.stones[them]);
        // Where each cell is now: the point of its group, edge or empty cell.
        let mut at = vec![GONE; cells];
        for (j, s) in self.sets.iter().enumerate() {
            for k in s.ones() {
                at[k] = j as u16;
            }
        }
        // Each old point's new point, and whether it is the same point (same cells, same kind).
        let mut map = Vec::with_capacity(snap.points.len());
        for (i, &(set, was_cell)) in snap.points.iter().enumerate() {
            let j = if i < 2 {
                i as u16
            } else if set.meets(theirs) {
                GONE
            } else {
                set.lowest().map_or(GONE, |k| at[k])
            };
            let same =
                i < 2 || (j != GONE && self.sets[j as usize] == set && was_cell == (j as usize >= self.first_cell));
            map.push((j, same));
        }
        let mut changed = Vec::new();
        let mut lost = Vec::new();
        for &(x, y, c) in &snap.fulls {
            let ((a, sa), (b, sb)) = (map[x as usize], map[y as usize]);
            if a == GONE || b == GONE || a == b {
                continue;
            }
            if c.meets(theirs) {
                lost.push(self.pair(a as usize, b as usize));
                continue;
            }
            let carrier = c.minus(mine);
            if sa && sb && carrier == c {
                self.put_done_full(a as usize, b as usize, c);
            } else {
                changed.push((a, b, carrier, GONE));
            }
        }
        for &(x, y, c, key, done) in &snap.semis {
            let ((a, sa), (b, sb)) = (map[x as usize], map[y as usize]);
            if a == GONE || b == GONE || a == b {
                continue;
            }
            if c.meets(theirs) {
                lost.push(self.pair(a as usize, b as usize));
                continue;
            }
            let carrier = c.minus(mine);
            let (k, sk) = map[key as usize];
            if !sk {
                // The colour holds the key now (the opponent's stone there would have dropped the carrier).
                changed.push((a, b, carrier, GONE));
            } else if sa && sb && carrier == c {
                self.put_semi(a as usize, b as usize, c, k, done);
            } else {
                changed.push((a, b, carrier, k));
            }
        }
        lost.sort_unstable();
        lost.dedup();
        // A pair that lost a connection may now OR what the lost one covered (the OR builds only what
        // avoids the intersection of the pair's full connections): its semi connections are offered again.
        for &i in &lost {
            self.semis[i].iter_mut().for_each(|s| s.done = false);
            let meet = self.semis[i].iter().fold(self.all, |m, s| m & s.carrier);
            if !self.or_queued[i] && !self.semis[i].is_empty() && meet.is_zero() {
                self.or_queued[i] = true;
                self.or_queue.push_back(((i / self.p) as u16, (i % self.p) as u16));
            }
        }
        for (a, b, c, key) in changed {
            if key == GONE {
                self.add_full(a as usize, b as usize, c);
            } else {
                self.add_semi(a as usize, b as usize, c, key as usize);
            }
        }
    }

    /// Puts a full connection that the earlier build combined already into pair x–y's list, as processed.
    fn put_done_full(&mut self, x: usize, y: usize, c: B) {
        let i = self.pair(x, y);
        self.touch(i);
        if self.fulls[i].is_empty() {
            self.links[x * self.words + y / 64] |= 1 << (y % 64);
            self.links[y * self.words + x / 64] |= 1 << (x % 64);
        }
        self.fulls[i].push(super::Full { carrier: c, done: true });
        self.done_meet[i] &= c;
        if x.min(y) == 0 && x.max(y) == 1 {
            self.edge_vc = Some(c);
        }
    }

    /// Puts an unchanged semi connection into pair x–y's list as it was (no OR is queued: only a new one
    /// can empty the intersection of the list).
    fn put_semi(&mut self, x: usize, y: usize, c: B, key: u16, done: bool) {
        let i = self.pair(x, y);
        self.touch(i);
        self.semis[i].push(super::Semi { carrier: c, key, done });
    }
}

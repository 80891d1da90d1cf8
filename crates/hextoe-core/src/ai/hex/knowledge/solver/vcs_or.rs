//! The OR rule of the connection builder ([`super`]): semi connections of a pair whose carriers share
//! no cell, ORed into full ones.

use super::{Semi, Vcs};
use crate::ai::hex::knowledge::bitboard::Bits;

impl<B: Bits> Vcs<B> {
    /// The OR rule for pair x–y, whose semi connections share no cell: the full connections it can build
    /// from them that avoid a cell of the intersection of the pair's full ones.
    pub(super) fn or_semis(&mut self, x: usize, y: usize) {
        let i = self.pair(x, y);
        self.pairs[i].or_queued = false;
        let cands = if self.pairs[i].fulls.is_empty() { !B::ZERO } else { self.pairs[i].full_meet };
        let mut semis = std::mem::take(&mut self.scratch);
        semis.clear();
        semis.extend_from_slice(&self.pairs[i].semis);
        self.pairs[i].semis.iter_mut().for_each(|s| s.done = true);
        let found = self.or_rule(&mut semis, cands);
        self.scratch = semis;
        for u in found {
            self.add_full(x, y, u);
        }
    }

    /// The OR itself (Pawlewicz et al.'s `VCOr`): while a candidate cell remains, look for a set of
    /// semi connections avoiding it whose intersection is empty; if there is one, their greedy union is a
    /// new full connection and later ones must avoid a cell of it. Only sets with at least one
    /// connection no OR has seen are new.
    fn or_rule(&mut self, semis: &mut Vec<Semi<B>>, mut cands: B) -> Vec<B> {
        let mut out = Vec::new();
        while !cands.is_zero() {
            semis.retain(|s| !cands.subset_of(s.carrier));
            self.work += semis.len();
            let fresh = semis.iter().filter(|s| !s.done).fold(!B::ZERO, |m, s| m & s.carrier);
            cands = cands.minus(fresh);
            let seen = semis.iter().filter(|s| s.done).fold(!B::ZERO, |m, s| m & s.carrier);
            let Some(a) = cands.lowest() else { break };
            if (fresh & seen).meets(!B::ZERO) {
                break;
            }
            let avoid = semis.iter().filter(|s| !s.carrier.has(a)).fold(!B::ZERO, |m, s| m & s.carrier);
            if avoid.is_zero() {
                let (mut meet, mut union) = (!B::ZERO, B::ZERO);
                for s in semis.iter().filter(|s| !s.carrier.has(a)) {
                    if meet.subset_of(s.carrier) {
                        continue;
                    }
                    meet &= s.carrier;
                    union |= s.carrier;
                    if meet.is_zero() {
                        break;
                    }
                }
                out.push(union);
                cands &= union;
            } else {
                cands = cands.minus(B::bit(a));
            }
        }
        out
    }
}

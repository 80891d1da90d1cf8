//! Parallel df-pn for one position, after Pawlewicz & Hayward's *Scalable Parallel DFPN Search* (2013):
//! helper threads share the main search's table and prove, ahead of it, the siblings it will need next.
//!
//! A helper follows the line the main search is on (at each position the child df-pn would pick: the
//! smallest disproof number among the widened moves) down to the first position whose mover looks lost —
//! its smallest child disproof number exceeds the children's average proof number. There every open child
//! must be proven in the end, so the helper takes one that the main search is not on (the next it would
//! pick, or for the second helper the one after), and searches it for a while. Its results land in the
//! shared table, where the main search finds them when it gets there. Then the helper looks again, since
//! the main search may have moved on.

use super::children::{mark_lost, widening_window};
use super::dfpn::Dfpn;
use super::expand::Expansion;
use super::limits::Limits;
use super::position::Pos;
use super::techniques::Techniques;
use super::tt::Tt;
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Positions a helper spends on one target before it looks again at where the main search is.
const TARGET_NODES: u64 = 2048;

/// How deep a helper follows the main search's line to find a position to split.
const MAX_DEPTH: usize = 16;

/// Runs helper number `rank` (0 for the first) for the search of `root`, until `limits` stop it (the
/// caller raises their stop flag once the main search is done). Returns the positions it expanded.
pub(crate) fn help<B: Bits>(
    geo: &Geometry<B>,
    tt: &Mutex<Tt>,
    techniques: Techniques,
    root: &Pos<B>,
    limits: &Limits,
    rank: usize,
) -> u64 {
    let mut nodes = 0;
    let mut look = Dfpn::new(geo.clone(), tt, limits, &|_| {});
    look.set_techniques(techniques);
    loop {
        if limits.stop.is_stopped() || limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return nodes;
        }
        let Some(target) = target(&mut look, root, rank) else {
            // Nothing to split yet: the main search has not gone deep enough to tell.
            std::thread::sleep(Duration::from_millis(2));
            continue;
        };
        let budget = Limits { nodes: Some(TARGET_NODES), ..limits.clone() };
        let mut d = Dfpn::new(geo.clone(), tt, &budget, &|_| {});
        d.set_techniques(techniques);
        d.solve(&target);
        nodes += d.nodes;
    }
}

/// The position helper `rank` should search now, if the main search's line has a position worth
/// splitting.
fn target<B: Bits>(d: &mut Dfpn<'_, B>, root: &Pos<B>, rank: usize) -> Option<Pos<B>> {
    let mut pos = *root;
    let mut key = d.key(root);
    for _ in 0..MAX_DEPTH {
        let Expansion::Moves { pos: p, key: pk, moves, .. } = d.expand(&pos, key) else { return None };
        let keys: Vec<_> = moves.iter().map(|&k| d.child_key(pk, p.to_move, k)).collect();
        let mut kids: Vec<(u32, u32)> = keys.iter().map(|k| d.lookup(k.canonical())).collect();
        // Moves outside a lost move's proof set are lost too: the main search skips them, and so does this.
        let alive = d.alive(&keys, &kids);
        mark_lost(&mut kids, &moves, alive);
        if kids.iter().any(|&(_, dn)| dn == 0) {
            // The mover has a proven winning move: this position is settled.
            return None;
        }
        let window = widening_window(&kids);
        // The open children in move order, as df-pn widens them: (disproof number, proof number, index).
        let open: Vec<(u32, u32, usize)> =
            kids.iter().enumerate().filter(|(_, (pn, _))| *pn != 0).map(|(i, &(pn, dn))| (dn, pn, i)).collect();
        let main = open.iter().take(window).min_by_key(|&&(dn, _, i)| (dn, i))?.2;
        let pn_sum: u64 = open.iter().map(|&(_, pn, _)| u64::from(pn)).sum();
        let min_dn = u64::from(kids[main].1);
        if open.len() >= 2 && min_dn * open.len() as u64 > pn_sum {
            let mut rest: Vec<(u32, usize)> = open.iter().filter(|o| o.2 != main).map(|&(dn, _, i)| (dn, i)).collect();
            rest.sort_unstable();
            let (_, i) = rest[rank % rest.len()];
            return Some(p.play(moves[i]));
        }
        key = d.child_key(pk, p.to_move, moves[main]);
        pos = p.play(moves[main]);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::{Limits, Solver, solve_in};
    use crate::ai::Stop;
    use crate::ai::hex::Proof;
    use crate::ai::hex::knowledge::playout::FastRng;
    use crate::game::hex::{Board, Cell, Color};

    /// A random 6×6 position with `stones` stones and no winner yet, Black to move.
    fn position(rng: &mut FastRng, stones: usize) -> Board {
        loop {
            let mut b = Board::new(6).unwrap_or_else(|e| panic!("{e}"));
            let mut placed = 0;
            while placed < stones {
                let Some(c) = Cell::new(rng.below(6), rng.below(6)) else { continue };
                if b.at(c).is_none() {
                    b.play(c, if placed % 2 == 0 { Color::Black } else { Color::White });
                    placed += 1;
                }
            }
            if b.winner().is_none() {
                return b;
            }
        }
    }

    #[test]
    fn a_search_with_helpers_proves_what_one_alone_proves() {
        // With a helper sharing its table, the search proves the same result, and a win's move wins
        // (the position after it is lost for the opponent, by a fresh solver).
        let mut rng = FastRng::new(5);
        let limits = Limits::unlimited(&Stop::new());
        for _ in 0..12 {
            let board = position(&mut rng, 4);
            let alone = Solver::new(16).solve(&board, Color::Black, &limits, &|_| {});
            let solver = Solver::new(16);
            let helped = crate::dispatch_bits!(6, solve_in(&solver, &board, Color::Black, &limits, &|_| {}, &[], 1));
            assert_eq!(helped.proof, alone.proof, "{}", board.to_text());
            if helped.proof == Proof::Win && !helped.every_move_wins {
                let best = helped.best.unwrap_or_else(|| panic!("a win names its move"));
                let mut after = board.clone();
                after.play(best, Color::Black);
                let reply = Solver::new(16).solve(&after, Color::White, &limits, &|_| {});
                assert!(after.winner().is_some() || reply.proof == Proof::Loss, "{best} does not win");
            }
        }
    }
}
